import Geometry
import RenderModel
import Timeline
import UpdateLoop

/// `UITabBarItem` over the engine's `TabBarItem`.
@preconcurrency @MainActor
open class UITabBarItem: NSObject {
    package private(set) var engine: TabBarItem
    package init(engine: TabBarItem) { self.engine = engine }
    /// The button that shows the item in its bar (the engine's `TabBar.button(for:)`), or nil.
    var shownView: UIView? { engine.bar?.button(for: engine).map(UIView.wrap) }
    /// `UITabBarItem(title:image:selectedImage:)`: an engine `TabBarItem`; the selected image is kept
    /// only.
    public init(title: String?, image: UIImage?, selectedImage: UIImage?) {
        engine = TabBarItem(title: title, image: image?.image)
        self.selectedImage = selectedImage
        super.init()
        adoptAppearance()
    }
    /// `UITabBarItem(title:image:tag:)`: an engine `TabBarItem` with `tag`.
    public init(title: String?, image: UIImage?, tag: Int) {
        engine = TabBarItem(title: title, image: image?.image)
        self.tag = tag
        super.init()
        adoptAppearance()
    }
    /// `UITabBarItem(tabBarSystemItem:tag:)`: an engine `TabBarItem` titled after the system item (no
    /// glyph).
    public init(tabBarSystemItem systemItem: SystemItem, tag: Int) {
        engine = TabBarItem(title: systemItem.title)
        self.tag = tag
        super.init()
        adoptAppearance()
    }
    /// `UITabBarItem.SystemItem`: a standard tab, shown by its English title.
    public enum SystemItem: Int, Sendable {
        /// The standard tabs: more, favorites, featured, and the rest.
        case more, favorites, featured, topRated, recents, contacts, history, bookmarks, search, downloads, mostRecent, mostViewed
        var title: String {
            switch self {
            case .more: "More"; case .favorites: "Favorites"; case .featured: "Featured"; case .topRated: "Top Rated"
            case .recents: "Recents"; case .contacts: "Contacts"; case .history: "History"; case .bookmarks: "Bookmarks"
            case .search: "Search"; case .downloads: "Downloads"; case .mostRecent: "Most Recent"; case .mostViewed: "Most Viewed"
            }
        }
    }
    /// Makes this item stand for `item` (a controller's own), its values copied over.
    func rebind(to item: TabBarItem) {
        item.title = engine.title; item.image = engine.image; item.badgeValue = engine.badgeValue
        item.isEnabled = engine.isEnabled
        engine = item
    }
    /// `UITabBarItem.title`: the engine item's `title`.
    open var title: String? { get { engine.title } set { engine.title = newValue } }
    /// `UITabBarItem.image`: the engine item's `image`.
    open var image: UIImage? { get { engine.image.map(UIImage.init) } set { engine.image = newValue?.image } }
    /// `UITabBarItem.badgeValue`: the engine item's `badgeValue` (nil: no badge).
    open var badgeValue: String? { get { engine.badgeValue } set { engine.badgeValue = newValue } }
    /// Whether the tab can be selected (the engine's `TabBarItem.isEnabled`).
    open var isEnabled: Bool { get { engine.isEnabled } set { engine.isEnabled = newValue } }
    /// Called on an item loaded from a nib: never here (nibs do not exist on Linux).
    open func awakeFromNib() {}
    /// Partial: kept; the selected tab shows its image in the tint colour.
    open var selectedImage: UIImage?
    /// `UITabBarItem.badgeColor`: stored only; badges keep the engine's colour.
    open var badgeColor: UIColor?
    /// `UITabBarItem.tag`: an integer for your own use.
    open var tag = 0
    /// Partial: kept; the engine's tab bar places each title under its image.
    open var titlePositionAdjustment = UIOffset.zero
    private var titleAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]
    /// Partial: kept and read back; the engine's tab bar draws titles in its own font and colours.
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        titleAttributes[state.rawValue] = attributes
    }
    /// `UITabBarItem.titleTextAttributes(for:)`: the attributes set for `state`.
    open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? { titleAttributes[state.rawValue] }

    /// The proxy of the items of this class: what is set on it, items made afterwards start with
    /// (their title attributes, title offset and badge colour), as UIKit's appearance proxy.
    /// Partial: the proxy is a `UITabBarItem` (not the subclass) and carries UITabBarItem's
    /// properties only.
    /// It is kept in the engine window's `Views/AppearanceRegistry` (under this class), not
    /// process-wide.
    public class func appearance() -> UITabBarItem {
        UIApplication.shared.appearance.proxy(for: self) { UITabBarItem(title: nil, image: nil, tag: 0) }
    }
    /// What this item takes from its class's appearance proxy when it is made.
    private func adoptAppearance() {
        guard let proxy = UIApplication.shared.appearance.existingProxy(for: type(of: self), as: UITabBarItem.self) else { return }
        titleAttributes = proxy.titleAttributes
        titlePositionAdjustment = proxy.titlePositionAdjustment
        badgeColor = proxy.badgeColor
    }
}

/// `UITabBarController` over the engine's `TabBarController`. It keeps its tabs' facades and
/// is its tab bar's delegate: a user's selection calls ``tabBar(_:didSelect:)``, then the
/// delegate's didSelect.
@preconcurrency @MainActor
open class UITabBarController: UIViewController, UITabBarDelegate {
    package var tabs: TabBarController { controller as! TabBarController }
    private var tabFacades: [UIViewController] = []
    /// `UITabBarController.delegate`: asked before a tab is selected and told after.
    open weak var delegate: (any UITabBarControllerDelegate)?
    private var barFacade: UITabBar?

    public override init(nibName: String?, bundle: Bundle?) {
        super.init(coder: EngineViewCoder(controller: TabBarController()))!
        hookSelection()
    }
    /// `UITabBarController(coder:)`: an empty engine `TabBarController`.
    public required init?(coder: NSCoder) {
        super.init(coder: EngineViewCoder.carrying(controller: coder) { TabBarController() })
        hookSelection()
    }
    private func hookSelection() {
        _ = tabBar
        tabs.shouldSelect = { [weak self] _, c in
            guard let self, let vc = self.facade(of: c) else { return true }
            return self.delegate?.tabBarController(self, shouldSelect: vc) ?? true
        }
        tabs.didSelect = { [weak self] _, c in
            guard let self, let vc = self.facade(of: c) else { return }
            self.tabBar(self.tabBar, didSelect: vc.tabBarItem)
            self.delegate?.tabBarController(self, didSelect: vc)
        }
    }
    private func facade(of c: ViewController) -> UIViewController? { tabFacades.first { $0.controller === c } }
    /// The bar of tabs (the engine's).
    open var tabBar: UITabBar {
        if let b = barFacade { return b }
        let b = UITabBar(coder: EngineViewCoder(tabs.tabBar, isNew: false))!
        b.controller = self
        barFacade = b
        b.adoptAppearanceProxy()
        return b
    }
    /// Called when the user selects a tab; override to react (calling super is not needed).
    open func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {}
    /// `UITabBarController.viewControllers`: the tabs' controllers, in order.
    open var viewControllers: [UIViewController]? {
        get { tabFacades.isEmpty ? nil : tabFacades }
        set { setViewControllers(newValue, animated: false) }
    }
    /// `UITabBarController.setViewControllers(_:animated:)`: the engine controller's tabs.
    open func setViewControllers(_ controllers: [UIViewController]?, animated: Bool) {
        tabFacades = controllers ?? []
        tabs.setViewControllers(tabFacades.map(\.controller), animated: animated)
    }
    /// `UITabBarController.selectedIndex`: the engine controller's `selectedIndex`.
    open var selectedIndex: Int { get { tabs.selectedIndex } set { tabs.selectedIndex = newValue } }
    /// `UITabBarController.selectedViewController`: the selected tab's controller; setting selects it.
    open var selectedViewController: UIViewController? {
        get { tabs.selectedViewController.flatMap { c in tabFacades.first { $0.controller === c } } }
        set { if let v = newValue, let i = tabFacades.firstIndex(where: { $0 === v }) { selectedIndex = i } }
    }
}

/// What a tab bar tells its delegate; every method is optional.
@preconcurrency @MainActor
public protocol UITabBarDelegate: AnyObject {
    /// `UITabBarDelegate.tabBar(_:didSelect:)`: the user selected `item`.
    func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem)
}
extension UITabBarDelegate {
    /// Does nothing by default.
    public func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {}
}

/// `UITabBar` over the engine's `TabBar`: a button per tab, the selected one in the tint
/// colour. Its standard appearance sets the fill and the items' normal and selected colours;
/// what the class's appearance proxy recorded is taken when the bar is made.
@preconcurrency @MainActor
open class UITabBar: UIView {
    package var bar: TabBar { view as! TabBar }
    /// A bar of its own (a tab bar controller's facade takes the controller's bar).
    public override init(frame: CGRect) {
        super.init(coder: EngineViewCoder(TabBar(), frame: frame))!
    }
    /// `UITabBar(coder:)`: a new engine `TabBar`.
    public required init?(coder: NSCoder) {
        super.init(coder: EngineViewCoder.carrying(coder) { TabBar() })
    }
    weak var controller: UITabBarController?
    /// `UITabBar.ItemPositioning`: how items share the bar's width; stored only here.
    public enum ItemPositioning: Int, Sendable { case automatic, fill, centered }

    /// The tab bar controller's items, or those set on a bar of your own (kept; a bar outside a
    /// tab bar controller shows nothing).
    open var items: [UITabBarItem]? {
        get { controller?.viewControllers?.map { $0.tabBarItem } ?? ownItems }
        set { ownItems = newValue }
    }
    private var ownItems: [UITabBarItem]?
    /// `UITabBar.setItems(_:animated:)`: sets `items`; not animated.
    open func setItems(_ items: [UITabBarItem]?, animated: Bool) { self.items = items }
    /// `UITabBar.selectedItem`: the tab bar controller's selected item.
    open var selectedItem: UITabBarItem? {
        get { controller?.selectedViewController?.tabBarItem }
        set {
            guard let c = controller, let item = newValue,
                  let i = c.viewControllers?.firstIndex(where: { $0.tabBarItem === item }) else { return }
            c.selectedIndex = i
        }
    }
    /// `UITabBar.delegate`: told when the user selects an item.
    open weak var delegate: (any UITabBarDelegate)?
    open override var tintColor: UIColor! {
        get { UIColor(bar.tintColor) }
        set { tint = newValue; recordAppearance(.tint); applyAppearance() }
    }
    private var tint: UIColor?
    /// `UITabBar.unselectedItemTintColor`: the colour of items not selected.
    open var unselectedItemTintColor: UIColor? { didSet { recordAppearance(.unselectedTint); applyAppearance() } }
    /// `UITabBar.barTintColor`: the bar's fill colour, over the standard appearance's.
    open var barTintColor: UIColor? { didSet { recordAppearance(.barTint); applyAppearance() } }
    /// `UITabBar.standardAppearance`: the bar's look, applied to the engine bar.
    open var standardAppearance = UITabBarAppearance() { didSet { recordAppearance(.standard); applyAppearance() } }
    /// Partial: kept; the bar always shows its standard appearance.
    open var scrollEdgeAppearance: UITabBarAppearance? { didSet { recordAppearance(.scrollEdge) } }
    /// `UITabBar.isTranslucent`: stored only.
    open var isTranslucent = true
    /// `UITabBar.barStyle`: stored only.
    open var barStyle: UIBarStyle = .default
    /// `UITabBar.itemPositioning`: stored only.
    open var itemPositioning: ItemPositioning = .automatic
    /// `UITabBar.itemSpacing`: stored only.
    open var itemSpacing: CGFloat = 0
    /// `UITabBar.itemWidth`: stored only.
    open var itemWidth: CGFloat = 0
    /// Partial: kept; no indicator image is drawn.
    open var selectionIndicatorImage: UIImage?
    /// `UITabBar.backgroundImage`: stored only; no image is drawn.
    open var backgroundImage: UIImage?
    /// `UITabBar.shadowImage`: stored only; no shadow line is drawn.
    open var shadowImage: UIImage?

    /// The fill and item colours: the old properties over the standard appearance.
    private func applyAppearance() {
        let a = standardAppearance, items = a.stackedLayoutAppearance
        bar.backgroundColor = barTintColor?.color ?? a.fill
        bar.tintColor = (tint ?? items.selected.tint)?.color ?? Color(red: 0.04, green: 0.52, blue: 1)
        bar.unselectedItemTintColor = (unselectedItemTintColor ?? items.normal.tint)?.color ?? Color(red: 0.56, green: 0.56, blue: 0.58)
    }
    /// Takes what the class's appearance proxy recorded and this bar has not set.
    func adoptAppearanceProxy() {
        guard let p = UIApplication.shared.existingAppearanceProxy(for: UITabBar.self), p !== self else { return }
        for key in p.recordedAppearance.subtracting(recordedAppearance) {
            switch key {
            case .tint: tintColor = p.tint
            case .unselectedTint: unselectedItemTintColor = p.unselectedItemTintColor
            case .barTint: barTintColor = p.barTintColor
            case .standard: standardAppearance = p.standardAppearance.copy() as! UITabBarAppearance
            case .scrollEdge: scrollEdgeAppearance = p.scrollEdgeAppearance?.copy() as? UITabBarAppearance
            default: break
            }
        }
    }
}

/// What a tab bar controller tells its delegate.
@preconcurrency @MainActor
public protocol UITabBarControllerDelegate: AnyObject {
    /// `UITabBarControllerDelegate.tabBarController(_:shouldSelect:)`: whether the user may select a tab.
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
    /// `UITabBarControllerDelegate.tabBarController(_:didSelect:)`: the user selected a tab.
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
}
extension UITabBarControllerDelegate {
    /// True by default.
    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool { true }
    /// Does nothing by default.
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
}
