import Geometry
import RenderModel
import Timeline
import UpdateLoop

// UIKit's containers and alerts over the engine's: a navigation controller with its bar and
// items, a tab bar controller, and alerts and action sheets. Pushes, pops, the edge-swipe
// pop, tab switches and presentations are the engine's, with its animations. This file holds
// the navigation controller, its bar, items and the toolbar; the tab bar controller is in
// `UITabBarController.swift`, alerts in `UIAlertController.swift`, menus in `UIMenu.swift`.

// MARK: - Bar button items

/// `UIBarButtonItem` over the engine's `BarButtonItem`: its action goes to a target (or the
/// responder chain) or to a primary action. A system item's title is its English word (there
/// are no SF Symbols here); spaces are items that draw and do nothing.
@preconcurrency @MainActor
open class UIBarButtonItem: NSObject {
    /// `UIBarButtonItem.Style`: plain or done (bold); bordered is drawn as plain.
    public enum Style: Int, Sendable { case plain, bordered, done }
    /// `UIBarButtonItem.SystemItem`: a standard item; each shows a title (no glyphs here), and the
    /// spaces become the engine item's flexible or fixed space.
    public enum SystemItem: Int, Sendable {
        /// The standard items: done, cancel, edit, add, spaces, and the rest.
        case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize, bookmarks,
             search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo, pageCurl, close
        /// The title a system item shows.
        var title: String {
            switch self {
            case .done: "Done"; case .cancel: "Cancel"; case .edit: "Edit"; case .save: "Save"; case .add: "+"
            case .flexibleSpace, .fixedSpace: ""; case .compose: "Compose"; case .reply: "Reply"; case .action: "Share"
            case .organize: "Organize"; case .bookmarks: "Bookmarks"; case .search: "Search"; case .refresh: "Refresh"
            case .stop: "Stop"; case .camera: "Camera"; case .trash: "Delete"; case .play: "Play"; case .pause: "Pause"
            case .rewind: "Rewind"; case .fastForward: "Fast Forward"; case .undo: "Undo"; case .redo: "Redo"
            case .pageCurl: "Page"; case .close: "Close"
            }
        }
    }

    package private(set) var engine: BarButtonItem!
    /// `UIBarButtonItem.target`: the object sent `action` (nil: the responder chain from the key
    /// window's root controller).
    open weak var target: AnyObject?
    /// `UIBarButtonItem.action`: the selector sent when the item is pressed.
    open var action: Selector?
    /// `UIBarButtonItem.primaryAction`: run when the item is pressed, before `action` is considered.
    open var primaryAction: UIAction?
    /// Partial: kept; there are no menus.
    open var menu: UIMenu?
    /// Set by the facade itself (an edit item toggles its controller's editing).
    var primaryHandler: (() -> Void)?
    /// A view shown in place of a button (in a toolbar; a navigation bar shows the title).
    open var customView: UIView? { didSet { engine?.kind = customView.map { .customView($0.view) } ?? .button } }
    /// A fixed space's width, or the item's (0: its own).
    open var width: CGFloat = 0 { didSet { engine?.width = width.double } }
    /// `UIBarButtonItem.tag`: an integer for your own use.
    open var tag = 0
    /// `UIBarButtonItem.tintColor`: stored only; the item takes the bar's tint.
    open var tintColor: UIColor?

    public override init() {
        super.init()
        makeEngine(title: "", style: .plain)
    }
    /// `UIBarButtonItem(title:style:target:action:)`: an engine `BarButtonItem` with a title.
    public init(title: String?, style: Style, target: Any?, action: Selector?) {
        super.init()
        self.target = target.map { $0 as AnyObject }; self.action = action
        makeEngine(title: title ?? "", style: style)
    }
    /// `UIBarButtonItem(image:style:target:action:)`: an engine `BarButtonItem` showing `image`.
    public init(image: UIImage?, style: Style, target: Any?, action: Selector?) {
        super.init()
        self.target = target.map { $0 as AnyObject }; self.action = action
        makeEngine(title: "", style: style)
        engine.image = image?.image
        self.image = image
    }
    /// `UIBarButtonItem(barButtonSystemItem:target:action:)`: a standard item, shown by its title.
    public init(barButtonSystemItem systemItem: SystemItem, target: Any?, action: Selector?) {
        super.init()
        self.target = target.map { $0 as AnyObject }; self.action = action
        makeEngine(title: systemItem.title, style: systemItem == .done ? .done : .plain)
        if systemItem == .flexibleSpace || systemItem == .fixedSpace { engine.isEnabled = false }
        if systemItem == .flexibleSpace { engine.kind = .flexibleSpace }
        if systemItem == .fixedSpace { engine.kind = .fixedSpace }
    }
    /// `UIBarButtonItem(title:image:primaryAction:menu:)`: an item running `primaryAction` (its title
    /// and image when none are given); the menu is kept only.
    public init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        super.init()
        self.primaryAction = primaryAction; self.menu = menu
        makeEngine(title: title ?? primaryAction?.title ?? "", style: .plain)
        engine.image = (image ?? primaryAction?.image)?.image
        self.image = image
    }
    /// `UIBarButtonItem(systemItem:primaryAction:menu:)`: a standard item running `primaryAction`.
    public init(systemItem: SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        super.init()
        self.primaryAction = primaryAction; self.menu = menu
        makeEngine(title: systemItem.title, style: systemItem == .done ? .done : .plain)
        if systemItem == .flexibleSpace { engine.kind = .flexibleSpace }
        if systemItem == .fixedSpace { engine.kind = .fixedSpace }
    }
    /// `UIBarButtonItem(customView:)`: an item showing `customView` (the engine's custom-view item).
    public init(customView: UIView) {
        super.init()
        makeEngine(title: "", style: .plain)
        self.customView = customView
        engine.kind = .customView(customView.view)          // observers do not run in an initialiser
    }
    /// `UIBarButtonItem.flexibleSpace()`: a space that takes the room left in the bar.
    public static func flexibleSpace() -> UIBarButtonItem { UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil) }
    /// `UIBarButtonItem.fixedSpace(_:)`: a space of `width` points.
    public static func fixedSpace(_ width: CGFloat) -> UIBarButtonItem {
        let item = UIBarButtonItem(barButtonSystemItem: .fixedSpace, target: nil, action: nil)
        item.width = width
        return item
    }
    /// A facade for an engine item made elsewhere.
    package init(engine: BarButtonItem) {
        super.init()
        self.engine = engine
    }

    private func makeEngine(title: String, style: Style) {
        engine = BarButtonItem(title: title, style: style == .done ? .done : .plain) { [weak self] _ in self?.trigger() }
    }
    /// The press: the facade's own handler, the primary action, or the action sent to the
    /// target (or, without one, along the responder chain from the key window's first
    /// responder) with this item as the sender.
    private func trigger() {
        if let primaryHandler { primaryHandler(); return }
        if let primaryAction { primaryAction.sender = self; primaryAction.handler(primaryAction); return }
        guard let action else { return }
        let receiver: AnyObject? = target ?? UIApplication.shared.keyWindow?.rootViewController.flatMap { findResponder(action, from: $0) }
        guard let receiver else { print("UIBarButtonItem: no responder implements \(action.name)"); return }
        if !action.perform(on: receiver, with: self, nil).performed {
            print("UIBarButtonItem: \(type(of: receiver)) does not implement \(action.name)")
        }
    }
    private func findResponder(_ action: Selector, from vc: UIViewController) -> AnyObject? {
        var c: UIViewController? = vc
        while let x = c {
            if x.canPerformAction(action, withSender: self) { return x }
            c = x.presentedViewController ?? (x as? UINavigationController)?.topViewController
        }
        return nil
    }

    /// `UIBarButtonItem.title`: the engine item's `title`.
    open var title: String? { get { engine.title } set { engine.title = newValue ?? "" } }
    /// `UIBarButtonItem.image`: sets the engine item's `image`.
    open var image: UIImage? { didSet { engine.image = image?.image } }
    /// `UIBarButtonItem.style`: the engine item's `style` (plain or done).
    open var style: Style {
        get { engine.style == .done ? .done : .plain }
        set { engine.style = newValue == .done ? .done : .plain }
    }
    /// `UIBarButtonItem.isEnabled`: the engine item's `isEnabled`.
    open var isEnabled: Bool { get { engine.isEnabled } set { engine.isEnabled = newValue } }
}

/// `UINavigationItem` over the engine's `NavigationItem`.
@preconcurrency @MainActor
open class UINavigationItem: NSObject {
    package let engine: NavigationItem
    private var left: [UIBarButtonItem] = []
    private var right: [UIBarButtonItem] = []
    package init(engine: NavigationItem) { self.engine = engine }
    /// `UINavigationItem(title:)`: an engine `NavigationItem` with `title`.
    public init(title: String) { engine = NavigationItem(title: title) }

    /// `UINavigationItem.title`: the engine item's `title`, shown in the bar.
    open var title: String? { get { engine.title } set { engine.title = newValue } }
    /// `UINavigationItem.backButtonTitle`: the engine item's `backButtonTitle` (for the next screen's
    /// back button).
    open var backButtonTitle: String? { get { engine.backButtonTitle } set { engine.backButtonTitle = newValue } }
    /// `UINavigationItem.hidesBackButton`: the engine item's `hidesBackButton`.
    open var hidesBackButton: Bool { get { engine.hidesBackButton } set { engine.hidesBackButton = newValue } }
    /// `UINavigationItem.setHidesBackButton(_:animated:)`: sets `hidesBackButton`; not animated.
    open func setHidesBackButton(_ hides: Bool, animated: Bool) { hidesBackButton = hides }
    /// `UINavigationItem.leftBarButtonItems`: the engine item's `leftBarButtonItems`.
    open var leftBarButtonItems: [UIBarButtonItem]? {
        get { left.isEmpty ? nil : left }
        set { left = newValue ?? []; engine.leftBarButtonItems = left.map(\.engine) }
    }
    /// `UINavigationItem.rightBarButtonItems`: the engine item's `rightBarButtonItems`.
    open var rightBarButtonItems: [UIBarButtonItem]? {
        get { right.isEmpty ? nil : right }
        set { right = newValue ?? []; engine.rightBarButtonItems = right.map(\.engine) }
    }
    /// `UINavigationItem.leftBarButtonItem`: the first left item; setting replaces them all.
    open var leftBarButtonItem: UIBarButtonItem? {
        get { left.first } set { leftBarButtonItems = newValue.map { [$0] } }
    }
    /// `UINavigationItem.rightBarButtonItem`: the first right item; setting replaces them all.
    open var rightBarButtonItem: UIBarButtonItem? {
        get { right.first } set { rightBarButtonItems = newValue.map { [$0] } }
    }
    /// `UINavigationItem.setLeftBarButton(_:animated:)`: sets `leftBarButtonItem`; not animated.
    open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }
    /// `UINavigationItem.setRightBarButton(_:animated:)`: sets `rightBarButtonItem`; not animated.
    open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { rightBarButtonItem = item }
    /// `UINavigationItem.setLeftBarButtonItems(_:animated:)`: sets `leftBarButtonItems`; not animated.
    open func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { leftBarButtonItems = items }
    /// `UINavigationItem.setRightBarButtonItems(_:animated:)`: sets `rightBarButtonItems`; not animated.
    open func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { rightBarButtonItems = items }
    /// Whether the bar shows this screen's title large (with the bar's prefersLargeTitles).
    open var largeTitleDisplayMode: LargeTitleDisplayMode {
        get {
            switch engine.largeTitleDisplayMode {
            case .automatic: .automatic
            case .always: .always
            case .never: .never
            }
        }
        set {
            switch newValue {
            case .automatic: engine.largeTitleDisplayMode = .automatic
            case .always: engine.largeTitleDisplayMode = .always
            case .never: engine.largeTitleDisplayMode = .never
            }
        }
    }
    /// Partial: kept; the bar shows the title, not a view in its place.
    open var titleView: UIView?
    /// `UINavigationItem.prompt`: stored only; no prompt line is shown.
    open var prompt: String?
    /// `UINavigationItem.backBarButtonItem`: its title becomes `backButtonTitle`; the item is not shown
    /// itself.
    open var backBarButtonItem: UIBarButtonItem? { didSet { if let t = backBarButtonItem?.title { backButtonTitle = t } } }
    /// `UINavigationItem.LargeTitleDisplayMode`: whether this screen's title shows large.
    public enum LargeTitleDisplayMode: Int, Sendable { case automatic, always, never }

    /// The search controller whose bar shows under the navigation bar's title row while this
    /// item is on top.
    open var searchController: UISearchController? {
        didSet {
            if oldValue !== searchController { oldValue?.hostItem = nil }
            searchController?.hostItem = self
            engine.accessoryView = searchController?.searchBar.view
        }
    }
    /// Partial: kept; the search bar stays shown while scrolling.
    open var hidesSearchBarWhenScrolling = true
    /// `UINavigationItem.preferredSearchBarPlacement`: stored only; the search bar shows under the title.
    open var preferredSearchBarPlacement: SearchBarPlacement = .automatic
    /// `UINavigationItem.SearchBarPlacement`: inline or stacked search bar; stored only here.
    public enum SearchBarPlacement: Int, Sendable { case automatic, inline, stacked }
    /// The screen the item belongs to.
    var owner: UIViewController? { engine.viewController?.facade as? UIViewController }
}

/// `UINavigationBar` over the engine's `NavigationBar`. Its appearance (standard, or the
/// properties of old) sets the bar's fill and its title's colour and font; what the class's
/// appearance proxy recorded is taken when the bar is made.
@preconcurrency @MainActor
open class UINavigationBar: UIView {
    package var bar: NavigationBar { view as! NavigationBar }
    /// A bar of its own (a navigation controller's facade takes the controller's bar).
    public override init(frame: CGRect) {
        super.init(coder: EngineViewCoder(NavigationBar(), frame: frame))!
    }
    /// `UINavigationBar(coder:)`: a new engine `NavigationBar`; the coder's keys are not decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: EngineViewCoder.carrying(coder) { NavigationBar() })
    }
    open override var tintColor: UIColor! {
        get { UIColor(bar.tintColor) }
        set { if let c = newValue { bar.tintColor = c.color; recordAppearance(.tint) } }
    }
    /// The bar's fill.
    open var barTintColor: UIColor? {
        didSet { recordAppearance(.barTint); applyAppearance() }
    }
    /// The title's colour and font from the attributes (the rest kept).
    open var titleTextAttributes: [NSAttributedString.Key: Any]? {
        didSet { recordAppearance(.titleAttributes); applyAppearance() }
    }
    /// `UINavigationBar.standardAppearance`: the bar's look, applied to the engine bar.
    open var standardAppearance = UINavigationBarAppearance() {
        didSet { recordAppearance(.standard); applyAppearance() }
    }
    /// Partial: kept; the bar always shows its standard appearance.
    open var compactAppearance: UINavigationBarAppearance? { didSet { recordAppearance(.compact) } }
    /// `UINavigationBar.scrollEdgeAppearance`: stored only; the standard appearance is drawn throughout.
    open var scrollEdgeAppearance: UINavigationBarAppearance? { didSet { recordAppearance(.scrollEdge) } }
    /// `UINavigationBar.compactScrollEdgeAppearance`: stored only.
    open var compactScrollEdgeAppearance: UINavigationBarAppearance? { didSet { recordAppearance(.compactScrollEdge) } }
    /// Titles shown large under the title row, collapsing as the screen's scroll view scrolls.
    open var prefersLargeTitles = false { didSet { recordAppearance(.largeTitles); bar.prefersLargeTitles = prefersLargeTitles } }
    /// `UINavigationBar.largeTitleTextAttributes`: stored only.
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any]?
    /// `UINavigationBar.isTranslucent`: stored only.
    open var isTranslucent = true
    /// `UINavigationBar.barStyle`: stored only.
    open var barStyle: UIBarStyle = .default
    /// `UINavigationBar.items`: always nil; a navigation controller's bar shows its stack's items.
    open var items: [UINavigationItem]? { nil }

    /// Draws the standard appearance, with the old properties over it.
    private func applyAppearance() {
        let a = standardAppearance
        bar.backgroundColor = barTintColor?.color ?? a.fill
        let attributes = a.titleTextAttributes.merging(titleTextAttributes ?? [:]) { _, new in new }
        bar.titleLabel.textColor = (attributes[.foregroundColor] as? UIColor)?.color ?? .black
        bar.titleLabel.font = (attributes[.font] as? UIFont)?.font ?? .systemFont(ofSize: 17, weight: .semibold)
    }
    /// Takes what the class's appearance proxy recorded and this bar has not set.
    func adoptAppearanceProxy() {
        guard let p = UIApplication.shared.existingAppearanceProxy(for: UINavigationBar.self), p !== self else { return }
        for key in p.recordedAppearance.subtracting(recordedAppearance) {
            switch key {
            case .tint: bar.tintColor = p.bar.tintColor
            case .barTint: barTintColor = p.barTintColor
            case .titleAttributes: titleTextAttributes = p.titleTextAttributes
            case .standard: standardAppearance = p.standardAppearance.copy() as! UINavigationBarAppearance
            case .compact: compactAppearance = p.compactAppearance?.copy() as? UINavigationBarAppearance
            case .scrollEdge: scrollEdgeAppearance = p.scrollEdgeAppearance?.copy() as? UINavigationBarAppearance
            case .compactScrollEdge: compactScrollEdgeAppearance = p.compactScrollEdgeAppearance?.copy() as? UINavigationBarAppearance
            case .largeTitles: prefersLargeTitles = p.prefersLargeTitles
            default: break
            }
        }
    }
}
/// `UIBarStyle`: default or black; stored only here.
public enum UIBarStyle: Int, Sendable { case `default`, black }

// MARK: - Navigation controller

/// `UINavigationController` over the engine's `NavigationController`: the stack, pushes and
/// pops (animated by the engine's spring, with the edge-swipe pop), and the bar showing the top
/// screen's item and a back button. It keeps the facade objects of its screens alive.
@preconcurrency @MainActor
open class UINavigationController: UIViewController {
    package var navigation: NavigationController { controller as! NavigationController }
    /// The facade objects of the stack (the engine holds only its own controllers).
    private var stack: [UIViewController] = []
    private var barFacade: UINavigationBar?
    /// The recognizer of the edge swipe that pops (the engine's
    /// `NavigationController.interactivePopGestureRecognizer`), named as UIKit's.
    open var interactivePopGestureRecognizer: UIGestureRecognizer? {
        if let popFacade { return popFacade }
        let made = UIPanGestureRecognizer.wrapping(navigation.interactivePopGestureRecognizer)
        popFacade = made
        return made
    }
    private var popFacade: UIPanGestureRecognizer?

    /// `UINavigationController(rootViewController:)`: an engine `NavigationController` with
    /// `rootViewController` at the bottom of its stack.
    public init(rootViewController: UIViewController) {
        super.init(coder: EngineViewCoder(controller: NavigationController(rootViewController: rootViewController.controller)))!
        stack = [rootViewController]
        setUp()
    }
    public override init(nibName: String?, bundle: Bundle?) {
        super.init(coder: EngineViewCoder(controller: NavigationController()))!
        setUp()
    }
    /// `UINavigationController(coder:)`: an empty engine `NavigationController`.
    public required init?(coder: NSCoder) {
        super.init(coder: EngineViewCoder.carrying(controller: coder) { NavigationController() })
        setUp()
    }
    private func setUp() {
        _ = navigationBar
        navigation.willShow = { [weak self] c, animated in
            guard let self else { return }
            self.delegate?.navigationController(self, willShow: self.facade(of: c), animated: animated)
        }
        navigation.didShow = { [weak self] c, animated in
            guard let self else { return }
            self.delegate?.navigationController(self, didShow: self.facade(of: c), animated: animated)
        }
        navigation.externalTransition = { [weak self] from, to, push, done in
            self?.runDelegateTransition(from: from, to: to, push: push, done: done) ?? false
        }
    }

    /// What a transition does.
    public enum Operation: Int, Sendable { case none, push, pop }
    /// Told when screens show, and asked for the animator of a push or pop.
    open weak var delegate: (any UINavigationControllerDelegate)?

    /// Runs a push or pop by the delegate's animator, when it gives one: the screen leaving sits
    /// in a container over the content area, the animator adds the arriving one and animates;
    /// its completeTransition ends it (the stack goes back when cancelled). An interaction
    /// controller, when the delegate gives one, drives it.
    private func runDelegateTransition(from: ViewController, to: ViewController, push: Bool, done: @escaping (Bool) -> Void) -> Bool {
        guard let delegate else { return false }
        let fromVC = facade(of: from), toVC = facade(of: to)
        guard let animator = delegate.navigationController(self, animationControllerFor: push ? .push : .pop, from: fromVC, to: toVC)
        else { return false }
        let frame = navigation.contentFrame
        let container = TransitionContainerView(frame: CGRect(frame))
        view.insertSubview(container, belowSubview: navigationBar)
        fromVC.view.frame = container.bounds
        container.addSubview(fromVC.view)
        toVC.view.frame = container.bounds
        let t = CustomTransition(container: container, from: fromVC, to: toVC, presented: toVC, presentation: nil, animated: true)
        t.duration = animator.transitionDuration(using: t)
        fromVC.runningTransition = t
        toVC.runningTransition = t
        let interaction = delegate.navigationController(self, interactionControllerFor: animator)
        t.onComplete = { [weak fromVC, weak toVC] completed in
            fromVC?.runningTransition = nil
            toVC?.runningTransition = nil
            container.removeFromSuperview()
            done(completed)
            animator.animationEnded(completed)
        }
        if let interaction {
            t.interaction = interaction
            t.pendingAnimator = animator
            toVC.view.frame = container.bounds
            interaction.startInteractiveTransition(t)
        } else {
            t.run(animator, orMove: toVC.view, to: container.bounds)
        }
        return true
    }
    /// `UINavigationController(navigationBarClass:toolbarClass:)`: an empty navigation controller; the
    /// classes are ignored.
    public convenience init(navigationBarClass: AnyClass?, toolbarClass: AnyClass?) { self.init(nibName: nil, bundle: nil) }

    /// The screens on the stack, bottom first (the engine's stack, so an edge-swipe pop shows).
    open var viewControllers: [UIViewController] {
        get { navigation.viewControllers.map(facade(of:)) }
        set { setViewControllers(newValue, animated: false) }
    }
    /// `UINavigationController.setViewControllers(_:animated:)`: the engine controller's stack.
    open func setViewControllers(_ controllers: [UIViewController], animated: Bool) {
        retain(controllers)
        navigation.setViewControllers(controllers.map(\.controller), animated: animated)
    }
    /// `UINavigationController.topViewController`: the engine stack's top controller.
    open var topViewController: UIViewController? { navigation.topViewController.map(facade(of:)) }
    /// `UINavigationController.visibleViewController`: the presented controller, else the top one.
    open var visibleViewController: UIViewController? { presentedViewController ?? topViewController }
    /// `UINavigationController.pushViewController(_:animated:)`: the engine controller's push.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        retain([viewController])
        navigation.pushViewController(viewController.controller, animated: animated)
    }
    /// `UINavigationController.popViewController(animated:)`: the engine controller's pop; the popped
    /// controller, or nil at the root.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        navigation.popViewController(animated: animated).map(facade(of:))
    }
    /// `UINavigationController.popToRootViewController(animated:)`: the engine controller's; the popped
    /// controllers.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        navigation.popToRootViewController(animated: animated)?.map(facade(of:))
    }
    /// `UINavigationController.popToViewController(_:animated:)`: the engine controller's; the popped
    /// controllers.
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        navigation.popToViewController(viewController.controller, animated: animated)?.map(facade(of:))
    }
    /// `UINavigationController.navigationBar`: a `UINavigationBar` over the engine controller's bar.
    open var navigationBar: UINavigationBar {
        if let b = barFacade { return b }
        let b = UINavigationBar(coder: EngineViewCoder(navigation.navigationBar, isNew: false))!
        barFacade = b
        b.adoptAppearanceProxy()
        return b
    }
    /// Hides or shows the bar (the screens then fill the view from its top).
    open var isNavigationBarHidden: Bool {
        get { navigation.navigationBar.isHidden }
        set { setNavigationBarHidden(newValue, animated: false) }
    }
    /// `UINavigationController.setNavigationBarHidden(_:animated:)`: hides the engine bar; not animated.
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) { navigation.navigationBar.isHidden = hidden }
    /// The toolbar at the bottom, showing the top screen's `toolbarItems` (hidden until shown).
    open var isToolbarHidden: Bool {
        get { navigation.isToolbarHidden }
        set { navigation.setToolbarHidden(newValue, animated: false) }
    }
    /// `UINavigationController.setToolbarHidden(_:animated:)`: the engine controller's
    /// `setToolbarHidden(_:animated:)`.
    open func setToolbarHidden(_ hidden: Bool, animated: Bool) { navigation.setToolbarHidden(hidden, animated: animated) }
    /// `UINavigationController.toolbar`: a `UIToolbar` over the engine controller's toolbar.
    open var toolbar: UIToolbar! {
        if let t = toolbarFacade { return t }
        let t = UIToolbar(coder: EngineViewCoder(navigation.toolbar, isNew: false))!
        toolbarFacade = t
        return t
    }
    private var toolbarFacade: UIToolbar?
    /// `UINavigationController.hidesBarsOnSwipe`: stored only.
    open var hidesBarsOnSwipe = false

    /// Keeps the facades of `controllers` (and of nothing that has left the stack).
    private func retain(_ controllers: [UIViewController]) {
        let onStack = navigation.viewControllers
        stack.removeAll { vc in !onStack.contains { $0 === vc.controller } }
        for c in controllers where !stack.contains(where: { $0 === c }) { stack.append(c) }
    }
    private func facade(of c: ViewController) -> UIViewController {
        stack.first { $0.controller === c } ?? UIViewController.wrap(c)
    }
}

/// What a navigation controller tells its delegate and asks it; every method is optional.
@preconcurrency @MainActor
public protocol UINavigationControllerDelegate: AnyObject {
    /// `UINavigationControllerDelegate.navigationController(_:willShow:animated:)`: a controller is
    /// about to show.
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    /// `UINavigationControllerDelegate.navigationController(_:didShow:animated:)`: a controller showed.
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
    /// The animator of a push or pop (nil: the standard slide).
    func navigationController(_ navigationController: UINavigationController,
                              animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    /// An interaction controller that drives the animator (nil: it runs by itself).
    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)?
}
extension UINavigationControllerDelegate {
    /// Does nothing by default.
    public func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {}
    /// Does nothing by default.
    public func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {}
    /// Nil by default: the standard slide.
    public func navigationController(_ navigationController: UINavigationController,
                                     animationControllerFor operation: UINavigationController.Operation,
                                     from fromVC: UIViewController, to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    /// Nil by default: the transition is not interactive.
    public func navigationController(_ navigationController: UINavigationController,
                                     interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)? { nil }
}

// MARK: - Toolbar

/// `UIToolbar` over the engine's `Toolbar`: its items as buttons from the leading edge,
/// flexible spaces sharing what is left, fixed spaces and custom views in place.
@preconcurrency @MainActor
open class UIToolbar: UIView {
    package var bar: Toolbar { view as! Toolbar }
    public override init(frame: CGRect) {
        super.init(coder: EngineViewCoder(Toolbar(), frame: frame))!
    }
    /// `UIToolbar(coder:)`: a new engine `Toolbar`; the coder's keys are not decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: EngineViewCoder.carrying(coder) { Toolbar() })
    }
    private var itemFacades: [UIBarButtonItem] = []
    /// `UIToolbar.items`: the engine toolbar's items; setting calls `setItems(_:animated:)`.
    open var items: [UIBarButtonItem]? {
        get { itemFacades.isEmpty ? nil : itemFacades }
        set { setItems(newValue, animated: false) }
    }
    /// `UIToolbar.setItems(_:animated:)`: the engine toolbar's `items`; not animated.
    open func setItems(_ items: [UIBarButtonItem]?, animated: Bool) {
        itemFacades = items ?? []
        bar.items = itemFacades.map(\.engine)
    }
    open override var tintColor: UIColor! {
        get { UIColor(bar.tintColor) }
        set { if let c = newValue { bar.tintColor = c.color } }
    }
    /// `UIToolbar.barTintColor`: the engine toolbar's background colour (nil leaves it).
    open var barTintColor: UIColor? { didSet { if let c = barTintColor { bar.backgroundColor = c.color } } }
    /// `UIToolbar.barStyle`: stored only.
    open var barStyle: UIBarStyle = .default
    /// `UIToolbar.isTranslucent`: stored only.
    open var isTranslucent = true
    /// The toolbar's height (44 points) at the width given.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: CGFloat(Toolbar.height)) }
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: CGFloat(Toolbar.height)) }
}
