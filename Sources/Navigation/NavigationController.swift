@_spi(Engine) import Views
@_spi(Engine) import Controls
@_spi(Engine) import Scrolling
import Geometry

/// What a screen shows in the navigation bar, as `UINavigationItem`: its title, the back
/// button's title on the screen pushed after it, and bar button items.
@MainActor
public final class NavigationItem {
    /// The title shown in the middle of the bar while this screen is on top.
    public var title: String? { didSet { changed() } }
    /// The title of the back button on the next screen (nil: this screen's title, or "Back").
    public var backButtonTitle: String? { didSet { changed() } }
    /// Whether the bar hides its back button while this screen is on top.
    public var hidesBackButton = false { didSet { changed() } }
    /// Items on the bar's leading side, after the back button.
    public var leftBarButtonItems: [BarButtonItem] = [] { didSet { changed() } }
    /// Items on the bar's trailing side.
    public var rightBarButtonItems: [BarButtonItem] = [] { didSet { changed() } }
    /// The first of ``leftBarButtonItems``; setting it replaces them all.
    public var leftBarButtonItem: BarButtonItem? {
        get { leftBarButtonItems.first }
        set { leftBarButtonItems = newValue.map { [$0] } ?? [] }
    }
    /// The first of ``rightBarButtonItems``; setting it replaces them all.
    public var rightBarButtonItem: BarButtonItem? {
        get { rightBarButtonItems.first }
        set { rightBarButtonItems = newValue.map { [$0] } ?? [] }
    }
    /// A view the bar shows below its title row while this item is on top (a search bar, as
    /// UIKit's `navigationItem.searchController` places it); its height is its frame's, or its
    /// intrinsic height (which wins when it has one). The screens below the bar start under it.
    public var accessoryView: View? { didSet { changed() } }
    /// Tells the bar the accessory view's height changed (its intrinsic size), so the bar and
    /// the screens below it are laid out again.
    public func accessoryViewSizeDidChange() { changed() }
    /// The items the navigation controller's toolbar shows while this screen is on top
    /// (`UIViewController.toolbarItems`).
    public var toolbarItems: [BarButtonItem] = [] { didSet { changed() } }
    /// Whether the bar shows this screen's title large (`UINavigationItem.LargeTitleDisplayMode`):
    /// `.automatic` and `.always` follow the bar's ``NavigationBar/prefersLargeTitles``.
    public enum LargeTitleDisplayMode: Sendable { case automatic, always, never }
    /// Whether this screen's title shows large (automatic: as the bar prefers).
    public var largeTitleDisplayMode: LargeTitleDisplayMode = .automatic { didSet { changed() } }
    /// The screen the item belongs to: a change shows in the bar of its navigation controller.
    public internal(set) weak var viewController: ViewController?

    /// An item titled `title`, with no buttons.
    public init(title: String? = nil) { self.title = title }

    private func changed() { viewController?.titleDidChange() }
}

/// A button in a navigation bar, as `UIBarButtonItem` with a primary action.
@MainActor
public final class BarButtonItem {
    /// A plain item, or a done item with a semibold title.
    public enum Style: Sendable { case plain, done }
    /// Changes show in the bar at once (its button is updated).
    public var title: String { didSet { updateButton() } }
    /// A done item's title is semibold.
    public var style: Style { didSet { updateButton() } }
    /// Whether the item's button can be pressed.
    public var isEnabled = true { didSet { button?.isEnabled = isEnabled } }
    /// Shown before the title (alone when the title is empty).
    public var image: Image? { didSet { updateButton() } }
    /// What the item is in a toolbar: a button, a flexible or fixed space, or a view of its own.
    public enum Kind { case button, flexibleSpace, fixedSpace, customView(View) }
    /// What the item is in a toolbar (a button by default).
    public var kind: Kind = .button { didSet { button?.superview?.setNeedsLayout() } }
    /// A fixed space's width, or a button's (0: its own).
    public var width = 0.0 { didSet { button?.superview?.setNeedsLayout() } }
    let handler: @MainActor (BarButtonItem) -> Void
    /// The bar's button for this item, while one shows it.
    public internal(set) weak var button: Button?

    /// A button titled `title` that runs `handler` when pressed.
    public init(title: String, style: Style = .plain, primaryAction handler: @escaping @MainActor (BarButtonItem) -> Void) {
        self.title = title; self.style = style; self.handler = handler
    }

    /// The button's configuration for this item.
    var configuration: Button.Configuration {
        var c = Button.Configuration.plain()
        c.title = title.isEmpty && image != nil ? nil : title
        c.image = image
        return c
    }
    /// A bar's button for this item (placed by frame, in the bar's tint), which it then shows.
    func makeButton(tint: Color) -> Button {
        let b = Button(configuration: configuration)
        if style == .done { b.titleLabel.font = .systemFont(ofSize: 17, weight: .semibold) }
        button = b
        b.translatesAutoresizingMaskIntoConstraints = true
        b.tintColor = tint
        b.isEnabled = isEnabled
        b.addAction(for: .primaryActionTriggered) { _ in self.handler(self) }
        return b
    }
    private func updateButton() {
        guard let b = button else { return }
        b.configuration = configuration
        b.titleLabel.font = .systemFont(ofSize: 17, weight: style == .done ? .semibold : .regular)
        b.invalidateIntrinsicContentSize()
        b.superview?.setNeedsLayout()
    }
}

extension ViewController {
    /// What the screen shows in a navigation bar (made on first use).
    public var navigationItem: NavigationItem {
        if let item = loadedNavigationItem as? NavigationItem { return item }
        let item = NavigationItem()
        item.viewController = self
        loadedNavigationItem = item
        return item
    }

    /// The navigation controller this screen is on, if any (its nearest one).
    public var navigationController: NavigationController? { nearestAncestor(NavigationController.self) }
}

/// A stack of screens with a navigation bar, as `UINavigationController` (CN4, CN5). A push
/// slides the new screen in from the right edge while the old one moves a third of the way left
/// under a dimming overlay; a pop reverses it. A pan that starts within 20 points of the left
/// edge drives a pop by hand (``interactivePopGestureRecognizer``): on release it completes when
/// past half the width or flung, and otherwise cancels, animating from where the finger left
/// it. Appearance calls come as UIKit makes them, a cancelled pop included.
@MainActor
open class NavigationController: ViewController, GestureRecognizerDelegate, TitleShowing {
    /// The transition's response: a critically damped spring of 0.35 s, close to the private
    /// curve UIKit's push and pop follow (it settles in about half a second).
    public static let transitionDuration = 0.35
    /// How far the screen below sits to the left, as a share of the width.
    public static let parallax = 0.3
    /// The dimming over the screen going under.
    public static let dimmingAlpha = 0.1
    /// The width of the edge strip an interactive pop starts in.
    public static let edgeWidth = 20.0
    /// With reduce motion on (AX4), a push, a pop and a presentation cross-fade for this long
    /// instead of sliding, as UIKit's do.
    public static let crossFadeDuration = 0.3
    /// The bar's title row height in points.
    public static let barHeight = 44.0

    /// The stack of screens, the root first and the top last.
    public private(set) var viewControllers: [ViewController] = []
    /// The screen on top of the stack.
    public var topViewController: ViewController? { viewControllers.last }
    /// The screen showing: the top one.
    public var visibleViewController: ViewController? { topViewController }
    /// The bar along the top.
    public let navigationBar = NavigationBar()
    /// Whether a push or pop is running (further pushes and pops are refused until it ends).
    public private(set) var isTransitioning = false
    /// The pan from the leading edge that pops the top screen, following the pointer.
    public let interactivePopGestureRecognizer = PanGestureRecognizer()

    private let dimming = View()
    private var interactive: (from: ViewController, to: ViewController)?

    /// An empty stack (UIKit allows one; ``setViewControllers(_:animated:)`` fills it).
    public override init() { super.init() }

    /// A stack with `rootViewController` at its root.
    public init(rootViewController: ViewController) {
        super.init()
        viewControllers = [rootViewController]
        addChild(rootViewController)
        rootViewController.didMove(toParent: self)
    }

    open override func loadView() {
        let container = NavigationContainerView()
        container.controller = self
        container.backgroundColor = Color(red: 0.97, green: 0.97, blue: 0.97)
        container.clipsToBounds = true
        setView(container)
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        dimming.backgroundColor = .black
        dimming.alpha = 0
        dimming.isUserInteractionEnabled = false
        navigationBar.controller = self
        view.addSubview(navigationBar)
        toolbar.isHidden = isToolbarHidden
        view.addSubview(toolbar)
        if let top = topViewController { view.insertSubview(top.view, belowSubview: navigationBar) }
        interactivePopGestureRecognizer.delegate = self
        interactivePopGestureRecognizer.addAction { [weak self] g in self?.handleEdgePan(g as! PanGestureRecognizer) }
        view.addGestureRecognizer(interactivePopGestureRecognizer)
        updateBars()
    }

    /// The bar's height: its title row, and the top screen's accessory view below it.
    var barFrameHeight: Double { Self.barHeight + navigationBar.accessoryHeight }

    /// The rectangle screens fill: below the bar, above the toolbar when it shows.
    public var contentFrame: Rect {
        let b = view.bounds, h = barFrameHeight
        let bottom = isToolbarHidden ? 0 : Toolbar.height
        return Rect(x: 0, y: h, width: b.width, height: max(0, b.height - h - bottom))
    }

    /// The toolbar at the bottom, showing the top screen's ``NavigationItem/toolbarItems``
    /// (`UINavigationController.toolbar`); hidden until asked for.
    public let toolbar = Toolbar()
    /// The top screen's scroll view while the bar's large title follows it.
    weak var trackedLargeTitleScrollView: ScrollView?
    /// Whether the toolbar is hidden (true by default).
    public var isToolbarHidden = true {
        didSet {
            guard isToolbarHidden != oldValue, isViewLoaded else { return }
            toolbar.isHidden = isToolbarHidden
            view.setNeedsLayout()
        }
    }
    /// Shows or hides the toolbar (`animated`: it slides; the screen's frame follows at once).
    public func setToolbarHidden(_ hidden: Bool, animated: Bool) { isToolbarHidden = hidden }

    // MARK: Stack operations (CN4)

    /// Pushes `controller` on top; refused (with a diagnostic) if it is already on a stack.
    public func pushViewController(_ controller: ViewController, animated: Bool) {
        guard !viewControllers.contains(where: { $0 === controller }) else {
            return reportMisuse("pushViewController: \(controller) is already on the stack; nothing was pushed")
        }
        guard controller.parent == nil, !(controller is NavigationController) else {
            return reportMisuse("pushViewController: \(controller) belongs to another container; nothing was pushed")
        }
        guard !isTransitioning else { return reportMisuse("pushViewController: a transition is running; nothing was pushed") }
        let from = topViewController
        addChild(controller)
        viewControllers.append(controller)
        transition(from: from, to: controller, push: true, animated: animated, removing: [])
    }

    /// Pops the top screen; refused (with a diagnostic) when only the root is left.
    @discardableResult
    public func popViewController(animated: Bool) -> ViewController? {
        guard viewControllers.count > 1 else {
            reportMisuse("popViewController: the root view controller cannot be popped; nothing changed")
            return nil
        }
        guard !isTransitioning else {
            reportMisuse("popViewController: a transition is running; nothing was popped")
            return nil
        }
        let popped = viewControllers.removeLast()
        popped.willMove(toParent: nil)
        transition(from: popped, to: viewControllers.last!, push: false, animated: animated, removing: [popped])
        return popped
    }

    /// Pops to the root; returns the screens popped.
    @discardableResult
    public func popToRootViewController(animated: Bool) -> [ViewController]? {
        guard let root = viewControllers.first else { return nil }
        return popToViewController(root, animated: animated)
    }

    /// Pops until `controller` is on top; returns the screens popped (nil if it is not on the stack).
    @discardableResult
    public func popToViewController(_ controller: ViewController, animated: Bool) -> [ViewController]? {
        guard let index = viewControllers.firstIndex(where: { $0 === controller }) else {
            reportMisuse("popToViewController: \(controller) is not on the stack; nothing changed")
            return nil
        }
        guard index < viewControllers.count - 1 else { return [] }
        guard !isTransitioning else {
            reportMisuse("popToViewController: a transition is running; nothing was popped")
            return nil
        }
        let popped = Array(viewControllers[(index + 1)...])
        viewControllers.removeSubrange((index + 1)...)
        for p in popped { p.willMove(toParent: nil) }
        transition(from: popped.last!, to: controller, push: false, animated: animated, removing: popped)
        return popped
    }

    /// Replaces the stack; animates as a push when the new top is new, as a pop when it was
    /// below, and not at all when it stays.
    public func setViewControllers(_ controllers: [ViewController], animated: Bool) {
        guard !controllers.isEmpty else { return reportMisuse("setViewControllers: a stack needs a root; nothing changed") }
        guard !isTransitioning else { return reportMisuse("setViewControllers: a transition is running; nothing changed") }
        for (i, c) in controllers.enumerated() where controllers[..<i].contains(where: { $0 === c }) {
            return reportMisuse("setViewControllers: \(c) appears twice; nothing changed")
        }
        let old = viewControllers, from = topViewController, to = controllers.last!
        let removed = old.filter { o in !controllers.contains { $0 === o } }
        for r in removed where r !== from { r.willMove(toParent: nil); r.removeFromParent() }
        if let f = from, removed.contains(where: { $0 === f }) { f.willMove(toParent: nil) }
        for c in controllers where c.parent !== self { addChild(c) }
        viewControllers = controllers
        guard from !== to else {
            updateBars()
            return
        }
        let push = !old.contains { $0 === to }
        let leaving = from.map { f in removed.contains { $0 === f } ? [f] : [] } ?? []
        transition(from: from, to: to, push: push, animated: animated, removing: leaving)
    }

    // MARK: Transitions

    /// A transition animated by someone else (a facade's animator, as a UIKit navigation
    /// controller delegate's): called for an animated push or pop after the appearance calls
    /// began, with the screen leaving, the one arriving and whether it is a push; it shows and
    /// moves their views as it likes and calls `done` (false: cancelled, the stack goes back).
    /// Returning false lets the engine animate.
    public var externalTransition: ((_ from: ViewController, _ to: ViewController, _ push: Bool,
                                     _ done: @escaping (Bool) -> Void) -> Bool)?
    /// Told when a screen is about to show and when it showed (`UINavigationControllerDelegate`).
    public var willShow: ((ViewController, Bool) -> Void)?
    /// Called after a screen showed, with whether it was animated.
    public var didShow: ((ViewController, Bool) -> Void)?

    private func transition(from: ViewController?, to: ViewController, push: Bool, animated: Bool, removing: [ViewController]) {
        willShow?(to, animated)
        guard isViewLoaded, view.window != nil else {
            // Not on screen: the stack changes and the views follow when shown.
            finish(from: from, to: to, push: push, removing: removing, appeared: false)
            return
        }
        isTransitioning = true
        if animated, let from, let external = externalTransition {
            to.isMovingToParent = push
            from.isMovingFromParent = !push
            from.beginAppearanceTransition(false, animated: true)
            to.beginAppearanceTransition(true, animated: true)
            updateBars()
            var ended = false
            let handled = external(from, to, push) { [weak self] completed in
                guard let self, !ended else { return }
                ended = true
                if completed {
                    self.finish(from: from, to: to, push: push, removing: removing, appeared: true)
                } else {
                    self.revert(from: from, to: to, push: push, removing: removing)
                }
            }
            if handled { return }
            ended = true
        }
        let frame = contentFrame, w = frame.width
        to.isMovingToParent = push
        from?.isMovingFromParent = !push
        // UIKit's order: the screen leaving hears first, then the one arriving.
        from?.beginAppearanceTransition(false, animated: animated)
        to.beginAppearanceTransition(true, animated: animated)
        let toView = to.view
        if toView.superview !== view { view.insertSubview(toView, belowSubview: navigationBar) }
        if animated, view.window?.prefersReducedMotion == true {
            return crossFade(from: from, to: to, push: push, frame: frame, removing: removing)
        }
        if push { view.insertSubview(dimming, belowSubview: toView) } else if let fv = from?.view { view.insertSubview(dimming, belowSubview: fv) }
        // Where each view starts and ends: the pushed screen from the right edge over the
        // old one, which moves a third of the way left; a pop the other way round.
        let under = push ? from?.view : toView, over = push ? toView : from?.view
        toView.frame = frame
        over?.frame = frame.offsetBy(dx: push ? w : 0, dy: 0)
        under?.frame = frame.offsetBy(dx: push ? 0 : -Self.parallax * w, dy: 0)
        dimming.frame = frame
        dimming.alpha = push ? 0 : Self.dimmingAlpha
        if let over { Self.setEdgeShadow(on: over, true) }
        updateBars()
        guard animated else {
            finish(from: from, to: to, push: push, removing: removing, appeared: true)
            return
        }
        View.animate(springDuration: Self.transitionDuration, bounce: 0, animations: {
            over?.frame = frame.offsetBy(dx: push ? 0 : w, dy: 0)
            under?.frame = frame.offsetBy(dx: push ? -Self.parallax * w : 0, dy: 0)
            self.dimming.alpha = push ? Self.dimmingAlpha : 0
        }, completion: { [weak self] _ in
            self?.finish(from: from, to: to, push: push, removing: removing, appeared: true)
        })
    }

    /// Reduce motion's push or pop (AX4): the new screen fades in over the old one, which fades
    /// out, both in place; no slide, parallax, dimming or edge shadow.
    private func crossFade(from: ViewController?, to: ViewController, push: Bool, frame: Rect, removing: [ViewController]) {
        let toView = to.view, fromView = from.flatMap { $0.isViewLoaded ? $0.view : nil }
        toView.frame = frame
        fromView?.frame = frame
        toView.alpha = 0
        updateBars()
        View.animate(withDuration: Self.crossFadeDuration, animations: {
            toView.alpha = 1
            fromView?.alpha = 0
        }, completion: { [weak self] _ in
            fromView?.alpha = 1
            self?.finish(from: from, to: to, push: push, removing: removing, appeared: true)
        })
    }

    /// The shadow along the left edge of the screen on top while it slides.
    static func setEdgeShadow(on view: View, _ on: Bool) {
        view.layer.shadowOpacity = on ? 0.15 : 0
        view.layer.shadowRadius = 6
        view.layer.shadowOffset = Size(width: -2, height: 0)
    }

    /// An external transition was cancelled: the stack, the views and the appearance go back.
    private func revert(from: ViewController, to: ViewController, push: Bool, removing: [ViewController]) {
        from.isMovingFromParent = false
        to.isMovingToParent = false
        from.beginAppearanceTransition(true, animated: true)
        to.beginAppearanceTransition(false, animated: true)
        if push {
            viewControllers.removeAll { $0 === to }
            to.willMove(toParent: nil)
        } else {
            viewControllers.append(contentsOf: removing)
        }
        if to.isViewLoaded { to.view.removeFromSuperview() }
        if from.view.superview !== view { view.insertSubview(from.view, belowSubview: navigationBar) }
        from.view.frame = contentFrame
        to.endAppearanceTransition()
        from.endAppearanceTransition()
        if push { to.removeFromParent() } else { for r in removing { r.didMove(toParent: self) } }
        isTransitioning = false
        updateBars()
    }

    private func finish(from: ViewController?, to: ViewController, push: Bool, removing: [ViewController], appeared: Bool) {
        // Only a loaded view is touched (asking for `view` would load one).
        let fromView = from.flatMap { $0 !== to && $0.isViewLoaded ? $0.view : nil }
        fromView?.removeFromSuperview()
        dimming.removeFromSuperview()
        if isViewLoaded {
            to.view.frame = contentFrame
            Self.setEdgeShadow(on: to.view, false)
            if let fromView { Self.setEdgeShadow(on: fromView, false) }
            if to.view.superview !== view, view.window != nil { view.insertSubview(to.view, belowSubview: navigationBar) }
        }
        if appeared {
            from?.endAppearanceTransition()
            to.endAppearanceTransition()
        }
        to.isMovingToParent = false
        from?.isMovingFromParent = false
        for r in removing { r.removeFromParent() }
        if push { to.didMove(toParent: self) }
        isTransitioning = false
        updateBars()
        // A new screen, as UIKit tells VoiceOver after a push or pop: read from its first
        // element, the bar's (free with no reader).
        if appeared, isViewLoaded, view.window?.hasAccessibilityObservers == true {
            view.layoutIfNeeded()                                  // the bar's new buttons where they go
            view.postAccessibilityNotification(.screenChanged(view.firstAccessibilityElement))
        }
        didShow?(to, appeared)
    }

    // MARK: Interactive pop (CN5)

    /// The interactive pop takes a press only near the leading edge, with a screen to pop and no transition running.
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive event: InputEvent) -> Bool {
        guard recognizer === interactivePopGestureRecognizer, let p = event.location else { return true }
        return viewControllers.count > 1 && !isTransitioning && view.convert(p, from: nil).x <= Self.edgeWidth
    }

    /// The interactive pop begins only on a rightward drag.
    public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        guard recognizer === interactivePopGestureRecognizer else { return true }
        // Rightward movement only.
        return interactivePopGestureRecognizer.translation(in: view).x > 0 && viewControllers.count > 1 && !isTransitioning
    }

    private func handleEdgePan(_ pan: PanGestureRecognizer) {
        let w = max(1, contentFrame.width)
        switch pan.state {
        case .began:
            guard viewControllers.count > 1, !isTransitioning else { return }
            let from = viewControllers[viewControllers.count - 1], to = viewControllers[viewControllers.count - 2]
            isTransitioning = true
            interactive = (from, to)
            from.isMovingFromParent = true
            from.willMove(toParent: nil)
            from.beginAppearanceTransition(false, animated: true)
            to.beginAppearanceTransition(true, animated: true)
            if to.view.superview !== view { view.insertSubview(to.view, belowSubview: from.view) }
            view.insertSubview(dimming, belowSubview: from.view)
            Self.setEdgeShadow(on: from.view, true)
            setInteractiveProgress(pan.translation(in: view).x / w)
        case .changed:
            setInteractiveProgress(pan.translation(in: view).x / w)
        case .ended, .cancelled, .failed:
            guard let (from, to) = interactive else { return }
            interactive = nil
            let f = min(max(pan.translation(in: view).x / w, 0), 1)
            let velocity = pan.state == .ended ? pan.velocity(in: view).x : 0
            // Past half way, or flung right; a fling left cancels.
            let completes = pan.state == .ended && (velocity > 500 || (f > 0.5 && velocity > -500))
            if !completes {
                // Cancelled: the top screen appears again, the one below goes back under.
                from.isMovingFromParent = false
                from.beginAppearanceTransition(true, animated: true)
                to.beginAppearanceTransition(false, animated: true)
            }
            let remaining = completes ? (1 - f) * w : f * w
            let springVelocity = remaining > 1 ? abs(velocity) / remaining : 0
            View.animate(springDuration: Self.transitionDuration, bounce: 0, initialSpringVelocity: springVelocity, animations: {
                self.setInteractiveProgress(completes ? 1 : 0)
            }, completion: { [weak self] _ in
                guard let self else { return }
                if completes {
                    self.viewControllers.removeLast()
                    self.finish(from: from, to: to, push: false, removing: [from], appeared: true)
                } else {
                    to.view.removeFromSuperview()
                    self.dimming.removeFromSuperview()
                    Self.setEdgeShadow(on: from.view, false)
                    to.endAppearanceTransition()
                    from.endAppearanceTransition()
                    self.navigationBar.setPopProgress(0)
                    from.didMove(toParent: self)              // it stays
                    self.isTransitioning = false
                }
            })
        default: break
        }
    }

    /// The pop `fraction` of the way through: the top screen moved right by that share of the
    /// width, the one below coming from a third to the left, the dimming fading.
    private func setInteractiveProgress(_ fraction: Double) {
        guard let (from, to) = interactive ?? pair() else { return }
        let f = min(max(fraction, 0), 1), frame = contentFrame, w = frame.width
        from.view.frame = frame.offsetBy(dx: f * w, dy: 0)
        to.view.frame = frame.offsetBy(dx: -Self.parallax * w * (1 - f), dy: 0)
        dimming.frame = frame
        dimming.alpha = Self.dimmingAlpha * (1 - f)
        navigationBar.setPopProgress(f)
    }

    private func pair() -> (ViewController, ViewController)? {
        guard viewControllers.count > 1 else { return nil }
        return (viewControllers[viewControllers.count - 1], viewControllers[viewControllers.count - 2])
    }

    // MARK: Bar

    package func navigationItemDidChange() {
        guard isViewLoaded, !isTransitioning else { return }
        updateBars()
        view.setNeedsLayout()
    }

    /// The bar shows the top screen's item, and the toolbar its toolbar items.
    private func updateBars() {
        navigationBar.update(for: viewControllers)
        let items = topViewController?.navigationItem.toolbarItems ?? []
        if !toolbar.hasItems(items) { toolbar.items = items }
        updateLargeTitle()
    }

    /// The back button was clicked.
    func backButtonClicked() { popViewController(animated: true) }
}

/// The navigation controller's view: the bar on top, the top screen below it.
@MainActor
final class NavigationContainerView: View {
    weak var controller: NavigationController?

    override func layoutSubviews() {
        super.layoutSubviews()
        guard let c = controller else { return }
        c.navigationBar.frame = Rect(x: 0, y: 0, width: bounds.width, height: c.barFrameHeight + c.navigationBar.largeTitleHeight)
        c.toolbar.frame = Rect(x: 0, y: bounds.height - Toolbar.height, width: bounds.width, height: Toolbar.height)
        if !c.isTransitioning, let top = c.topViewController, top.isViewLoaded, top.view.superview === self {
            top.view.frame = c.contentFrame
        }
    }
}
