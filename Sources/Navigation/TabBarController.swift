@_spi(Engine) import Views
@_spi(Engine) import Controls
import Geometry

/// What a screen shows in a tab bar, as `UITabBarItem`.
@MainActor
public final class TabBarItem {
    /// The tab's title under its image.
    public var title: String?
    /// The tab's image (a template one is tinted).
    public var image: Image?
    /// Text in a badge on the tab; nil: no badge.
    public var badgeValue: String?
    /// Whether the tab can be selected: its button is disabled otherwise.
    public var isEnabled = true { didSet { bar?.button(for: self)?.isEnabled = isEnabled } }
    /// The tab bar that shows the item, while one does (its button: ``TabBar/button(for:)``).
    public internal(set) weak var bar: TabBar?
    /// An item with `title` and `image`.
    public init(title: String? = nil, image: Image? = nil) { self.title = title; self.image = image }
}

extension ViewController {
    /// The tab bar controller this screen is a tab of, if any.
    public var tabBarController: TabBarController? { nearestAncestor(TabBarController.self) }
}

/// Tabs of screens with a bar along the bottom, as `UITabBarController` (CN6): one screen shown
/// at a time; clicking a tab (or setting ``selectedIndex``) swaps the screens with the appearance
/// calls UIKit makes (the leaving screen's first), and tells the delegate.
@MainActor
open class TabBarController: ViewController {
    /// The tab bar's height in points.
    public static let barHeight = 49.0
    /// The tabs' screens, in tab order.
    public private(set) var viewControllers: [ViewController] = []
    /// The bar of tabs along the bottom.
    public let tabBar = TabBar()
    /// Called after the user selects a tab (also the one already selected, as UIKit does).
    public var didSelect: ((TabBarController, ViewController) -> Void)?
    /// Asked before a tab the user clicked is selected (`UITabBarControllerDelegate`'s
    /// shouldSelect); false leaves the selection as it is.
    public var shouldSelect: ((TabBarController, ViewController) -> Bool)?

    /// The selected tab's index; setting it swaps the screens without telling the delegate.
    public var selectedIndex: Int {
        get { selected }
        set { select(newValue, byUser: false) }
    }
    /// The selected tab's screen; nil when there are no tabs.
    public var selectedViewController: ViewController? { viewControllers.indices.contains(selected) ? viewControllers[selected] : nil }
    private var selected = 0

    public override init() { super.init() }

    /// Replaces the tabs; the first is selected when the old selection is gone.
    public func setViewControllers(_ controllers: [ViewController], animated: Bool) {
        let old = selectedViewController
        let visible = isViewLoaded && view.window != nil
        for c in viewControllers where !controllers.contains(where: { $0 === c }) {
            if c === old, visible { c.beginAppearanceTransition(false, animated: false) }
            c.willMove(toParent: nil)
            if c.isViewLoaded { c.view.removeFromSuperview() }
            c.removeFromParent()
            if c === old, visible { c.endAppearanceTransition() }
        }
        for c in controllers where c.parent !== self { addChild(c); c.didMove(toParent: self) }
        viewControllers = controllers
        selected = controllers.firstIndex { $0 === old } ?? 0
        if isViewLoaded { showSelected(previous: old) }
    }

    open override func loadView() {
        let container = TabBarContainerView()
        container.controller = self
        container.backgroundColor = Color(red: 0.97, green: 0.97, blue: 0.97)
        setView(container)
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        tabBar.controller = self
        view.addSubview(tabBar)
        showSelected(previous: nil)
    }

    func select(_ index: Int, byUser: Bool) {
        guard viewControllers.indices.contains(index) else {
            reportMisuse("selectedIndex: \(index) is not a tab (there are \(viewControllers.count)); nothing changed")
            return
        }
        if byUser, let should = shouldSelect, !should(self, viewControllers[index]) { return }
        guard index != selected else {
            if byUser, let c = selectedViewController { didSelect?(self, c) }
            return
        }
        let old = selectedViewController
        selected = index
        if isViewLoaded { showSelected(previous: old) }
        if byUser, let c = selectedViewController { didSelect?(self, c) }
    }

    private func showSelected(previous: ViewController?) {
        let visible = view.window != nil
        let new = selectedViewController
        if previous !== new {
            if visible { previous?.beginAppearanceTransition(false, animated: false); new?.beginAppearanceTransition(true, animated: false) }
            if let p = previous, p.isViewLoaded, p.view.superview === view { p.view.removeFromSuperview() }
            if let n = new { view.insertSubview(n.view, belowSubview: tabBar) }
            if visible { previous?.endAppearanceTransition(); new?.endAppearanceTransition() }
        } else if let n = new, n.view.superview !== view {
            view.insertSubview(n.view, belowSubview: tabBar)
        }
        tabBar.update(items: viewControllers.map { $0.tabBarItem }, titles: viewControllers.map { $0.title }, selected: selected)
        view.setNeedsLayout()
    }

    var contentFrame: Rect {
        let b = view.bounds
        return Rect(x: 0, y: 0, width: b.width, height: max(0, b.height - Self.barHeight))
    }
}

extension ViewController {
    /// The screen's item in a tab bar (made on first use).
    public var tabBarItem: TabBarItem {
        if let item = loadedTabBarItem as? TabBarItem { return item }
        let item = TabBarItem(title: title)
        loadedTabBarItem = item
        return item
    }
}

@MainActor
final class TabBarContainerView: View {
    weak var controller: TabBarController?
    override func layoutSubviews() {
        super.layoutSubviews()
        guard let c = controller else { return }
        c.tabBar.frame = Rect(x: 0, y: bounds.height - TabBarController.barHeight, width: bounds.width, height: TabBarController.barHeight)
        if let s = c.selectedViewController, s.isViewLoaded, s.view.superview === self { s.view.frame = c.contentFrame }
    }
}

/// The bar of tabs along the bottom of a tab bar controller, as `UITabBar`: a button a tab, the
/// selected one in the tint colour.
@MainActor
public final class TabBar: View {
    weak var controller: TabBarController?
    /// A button per tab, in tab order.
    public private(set) var buttons: [Button] = []
    public override func tintColorDidChange() { super.tintColorDidChange(); recolor() }
    /// The colour of the tabs not selected.
    public var unselectedItemTintColor = Color(red: 0.56, green: 0.56, blue: 0.58) { didSet { recolor() } }
    /// The selected tab (its button takes `tintColor`).
    public private(set) var selectedIndex = 0

    /// An empty bar; a tab bar controller fills it from its screens' items.
    public required init() {
        super.init(frame: .zero)
        backgroundColor = Color(red: 0.98, green: 0.98, blue: 0.98)
    }

    /// A bar placed by `frame` (MR6: every view has `init(frame:)`).
    public convenience override init(frame: Rect) {
        self.init()
        self.frame = frame
    }

    /// A container with the tab bar trait, its tabs buttons (AX1).
    public override var accessibilityDefaults: AccessibilityDefaults { AccessibilityDefaults(traits: .tabBar) }

    /// The items the bar shows, in tab order.
    public private(set) var items: [TabBarItem] = []
    /// The button that shows `item`, or nil when the bar does not show it.
    public func button(for item: TabBarItem) -> Button? {
        items.firstIndex { $0 === item }.flatMap { $0 < buttons.count ? buttons[$0] : nil }
    }

    func update(items: [TabBarItem], titles: [String?], selected: Int) {
        for old in self.items where old.bar === self { old.bar = nil }
        self.items = items
        for item in items { item.bar = self }
        if buttons.count != items.count {
            for b in buttons { b.removeFromSuperview() }
            buttons = items.indices.map { i in
                let b = Button(configuration: .plain())
                b.translatesAutoresizingMaskIntoConstraints = true
                b.addAction(for: .primaryActionTriggered) { [weak self] _ in self?.controller?.select(i, byUser: true) }
                addSubview(b)
                return b
            }
        }
        for (i, b) in buttons.enumerated() {
            var c = Button.Configuration.plain()
            let badge = items[i].badgeValue.map { " (\($0))" } ?? ""
            c.title = (items[i].title ?? titles[i] ?? "Tab \(i + 1)") + badge
            if let image = items[i].image {
                // UIKit's tab items: the image above a small title, tinted as the title is.
                c.image = image.renderingMode == .alwaysOriginal ? image : image.withRenderingMode(.alwaysTemplate)
                c.imagePlacement = .top
                c.imagePadding = 2
                c.contentInsets = EdgeInsets(top: 4, left: 4, bottom: 4, right: 4)
            }
            b.configuration = c
            b.isEnabled = items[i].isEnabled
            b.accessibilitySetPosition = AccessibilitySetPosition(position: i + 1, count: buttons.count)
        }
        selectedIndex = selected
        recolor()
        setNeedsLayout()
    }

    private func recolor() {
        for (i, b) in buttons.enumerated() {
            b.tintColor = i == selectedIndex ? tintColor : unselectedItemTintColor
            b.accessibilityTraits = i == selectedIndex ? [.button, .selected] : .button   // AX1
        }
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        guard !buttons.isEmpty else { return }
        let w = bounds.width / Double(buttons.count)
        for (i, b) in buttons.enumerated() { b.frame = Rect(x: Double(i) * w, y: 0, width: w, height: bounds.height) }
    }
}
