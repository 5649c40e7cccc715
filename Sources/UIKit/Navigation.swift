import Geometry
import RenderModel
import Timeline
import UpdateLoop

// UIKit's containers and alerts over the engine's: a navigation controller with its bar and
// items, a tab bar controller, and alerts and action sheets. Pushes, pops, the edge-swipe
// pop, tab switches and presentations are the engine's, with its animations.

// MARK: - Bar button items

/// `UIBarButtonItem` over the engine's ``BarButtonItem``: its action goes to a target (or the
/// responder chain) or to a primary action. A system item's title is its English word (there
/// are no SF Symbols here); spaces are items that draw and do nothing.
@preconcurrency @MainActor
open class UIBarButtonItem: NSObject {
    public enum Style: Int, Sendable { case plain, bordered, done }
    public enum SystemItem: Int, Sendable {
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
    open weak var target: AnyObject?
    open var action: Selector?
    open var primaryAction: UIAction?
    /// Partial: kept; there are no menus.
    open var menu: UIMenu?
    /// Set by the facade itself (an edit item toggles its controller's editing).
    var primaryHandler: (() -> Void)?
    /// A view shown in place of a button (in a toolbar; a navigation bar shows the title).
    open var customView: UIView? { didSet { engine?.kind = customView.map { .customView($0.view) } ?? .button } }
    /// A fixed space's width, or the item's (0: its own).
    open var width: CGFloat = 0 { didSet { engine?.width = width.double } }
    open var tag = 0
    open var tintColor: UIColor?

    public override init() {
        super.init()
        makeEngine(title: "", style: .plain)
    }
    public init(title: String?, style: Style, target: Any?, action: Selector?) {
        super.init()
        self.target = target.map { $0 as AnyObject }; self.action = action
        makeEngine(title: title ?? "", style: style)
    }
    public init(image: UIImage?, style: Style, target: Any?, action: Selector?) {
        super.init()
        self.target = target.map { $0 as AnyObject }; self.action = action
        makeEngine(title: "", style: style)
        engine.image = image?.image
        self.image = image
    }
    public init(barButtonSystemItem systemItem: SystemItem, target: Any?, action: Selector?) {
        super.init()
        self.target = target.map { $0 as AnyObject }; self.action = action
        makeEngine(title: systemItem.title, style: systemItem == .done ? .done : .plain)
        if systemItem == .flexibleSpace || systemItem == .fixedSpace { engine.isEnabled = false }
        if systemItem == .flexibleSpace { engine.kind = .flexibleSpace }
        if systemItem == .fixedSpace { engine.kind = .fixedSpace }
    }
    public init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        super.init()
        self.primaryAction = primaryAction; self.menu = menu
        makeEngine(title: title ?? primaryAction?.title ?? "", style: .plain)
        engine.image = (image ?? primaryAction?.image)?.image
        self.image = image
    }
    public init(systemItem: SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        super.init()
        self.primaryAction = primaryAction; self.menu = menu
        makeEngine(title: systemItem.title, style: systemItem == .done ? .done : .plain)
        if systemItem == .flexibleSpace { engine.kind = .flexibleSpace }
        if systemItem == .fixedSpace { engine.kind = .fixedSpace }
    }
    public init(customView: UIView) {
        super.init()
        makeEngine(title: "", style: .plain)
        self.customView = customView
        engine.kind = .customView(customView.view)          // observers do not run in an initialiser
    }
    public static func flexibleSpace() -> UIBarButtonItem { UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil) }
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

    open var title: String? { get { engine.title } set { engine.title = newValue ?? "" } }
    open var image: UIImage? { didSet { engine.image = image?.image } }
    open var style: Style {
        get { engine.style == .done ? .done : .plain }
        set { engine.style = newValue == .done ? .done : .plain }
    }
    open var isEnabled: Bool { get { engine.isEnabled } set { engine.isEnabled = newValue } }
}

/// `UIMenu` and `UIMenuElement`: kept so code that builds menus compiles; there are no menus
/// to show them (a button or item with one does its primary action).
@preconcurrency @MainActor
open class UIMenuElement: NSObject {
    public let title: String
    public init(title: String) { self.title = title }
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let disabled = Attributes(rawValue: 1 << 0)
        public static let destructive = Attributes(rawValue: 1 << 1)
        public static let hidden = Attributes(rawValue: 1 << 2)
        public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
    }
    public enum State: Int, Sendable { case off, on, mixed }
}
/// A menu element whose items are provided later, when the menu is shown, as
/// `UIDeferredMenuElement`. Partial: menus are not shown on Linux; ``resolve(_:)`` asks the
/// provider (once, unless uncached) for tools and tests.
@preconcurrency @MainActor
public final class UIDeferredMenuElement: UIMenuElement {
    public typealias Provider = (@escaping @MainActor ([UIMenuElement]) -> Void) -> Void
    private let provider: Provider
    private let cached: Bool
    private var resolved: [UIMenuElement]?
    public init(_ elementProvider: @escaping Provider) {
        provider = elementProvider
        cached = true
        super.init(title: "")
    }
    private init(provider: @escaping Provider, cached: Bool) {
        self.provider = provider
        self.cached = cached
        super.init(title: "")
    }
    /// A deferred element asked again each time the menu is shown.
    public static func uncached(_ elementProvider: @escaping Provider) -> UIDeferredMenuElement {
        UIDeferredMenuElement(provider: elementProvider, cached: false)
    }
    /// The provided elements, asked for as a shown menu would ask (cached elements are kept).
    public func resolve(_ completion: @escaping @MainActor ([UIMenuElement]) -> Void) {
        if cached, let r = resolved { completion(r); return }
        provider { [weak self] elements in
            if let self, self.cached { self.resolved = elements }
            completion(elements)
        }
    }
}

@preconcurrency @MainActor
open class UIMenu: UIMenuElement {
    public let children: [UIMenuElement]
    public let image: UIImage?
    public let options: Options
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }
    public struct Options: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let displayInline = Options(rawValue: 1 << 0)
        public static let destructive = Options(rawValue: 1 << 1)
        public static let singleSelection = Options(rawValue: 1 << 5)
    }
    public init(title: String = "", subtitle: String? = nil, image: UIImage? = nil, identifier: Identifier? = nil,
                options: Options = [], children: [UIMenuElement] = []) {
        self.children = children; self.image = image; self.options = options
        super.init(title: title)
    }
}

/// `UINavigationItem` over the engine's ``NavigationItem``.
@preconcurrency @MainActor
open class UINavigationItem: NSObject {
    package let engine: NavigationItem
    private var left: [UIBarButtonItem] = []
    private var right: [UIBarButtonItem] = []
    package init(engine: NavigationItem) { self.engine = engine }
    public init(title: String) { engine = NavigationItem(title: title) }

    open var title: String? { get { engine.title } set { engine.title = newValue } }
    open var backButtonTitle: String? { get { engine.backButtonTitle } set { engine.backButtonTitle = newValue } }
    open var hidesBackButton: Bool { get { engine.hidesBackButton } set { engine.hidesBackButton = newValue } }
    open func setHidesBackButton(_ hides: Bool, animated: Bool) { hidesBackButton = hides }
    open var leftBarButtonItems: [UIBarButtonItem]? {
        get { left.isEmpty ? nil : left }
        set { left = newValue ?? []; engine.leftBarButtonItems = left.map(\.engine) }
    }
    open var rightBarButtonItems: [UIBarButtonItem]? {
        get { right.isEmpty ? nil : right }
        set { right = newValue ?? []; engine.rightBarButtonItems = right.map(\.engine) }
    }
    open var leftBarButtonItem: UIBarButtonItem? {
        get { left.first } set { leftBarButtonItems = newValue.map { [$0] } }
    }
    open var rightBarButtonItem: UIBarButtonItem? {
        get { right.first } set { rightBarButtonItems = newValue.map { [$0] } }
    }
    open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }
    open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { rightBarButtonItem = item }
    open func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { leftBarButtonItems = items }
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
    open var prompt: String?
    open var backBarButtonItem: UIBarButtonItem? { didSet { if let t = backBarButtonItem?.title { backButtonTitle = t } } }
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
    open var preferredSearchBarPlacement: SearchBarPlacement = .automatic
    public enum SearchBarPlacement: Int, Sendable { case automatic, inline, stacked }
    /// The screen the item belongs to.
    var owner: UIViewController? { engine.viewController?.facade as? UIViewController }
}

/// `UINavigationBar` over the engine's ``NavigationBar``. Its appearance (standard, or the
/// properties of old) sets the bar's fill and its title's colour and font; what the class's
/// appearance proxy recorded is taken when the bar is made.
@preconcurrency @MainActor
open class UINavigationBar: UIView {
    package var bar: NavigationBar { view as! NavigationBar }
    /// A bar of its own (a navigation controller's facade takes the controller's bar).
    public override init(frame: CGRect) {
        if UIView.pendingEngineView == nil { UIView.pendingEngineView = (NavigationBar(), true) }
        super.init(frame: frame)
    }
    public required init?(coder: NSCoder) {
        if UIView.pendingEngineView == nil { UIView.pendingEngineView = (NavigationBar(), true) }
        super.init(coder: coder)
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
    open var standardAppearance = UINavigationBarAppearance() {
        didSet { recordAppearance(.standard); applyAppearance() }
    }
    /// Partial: kept; the bar always shows its standard appearance.
    open var compactAppearance: UINavigationBarAppearance? { didSet { recordAppearance(.compact) } }
    open var scrollEdgeAppearance: UINavigationBarAppearance? { didSet { recordAppearance(.scrollEdge) } }
    open var compactScrollEdgeAppearance: UINavigationBarAppearance? { didSet { recordAppearance(.compactScrollEdge) } }
    /// Titles shown large under the title row, collapsing as the screen's scroll view scrolls.
    open var prefersLargeTitles = false { didSet { recordAppearance(.largeTitles); bar.prefersLargeTitles = prefersLargeTitles } }
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any]?
    open var isTranslucent = true
    open var barStyle: UIBarStyle = .default
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
public enum UIBarStyle: Int, Sendable { case `default`, black }

// MARK: - Navigation controller

/// `UINavigationController` over the engine's ``NavigationController``: the stack, pushes and
/// pops (animated by the engine's spring, with the edge-swipe pop), and the bar showing the top
/// screen's item and a back button. It keeps the facade objects of its screens alive.
@preconcurrency @MainActor
open class UINavigationController: UIViewController {
    package var navigation: NavigationController { controller as! NavigationController }
    /// The facade objects of the stack (the engine holds only its own controllers).
    private var stack: [UIViewController] = []
    private var barFacade: UINavigationBar?

    public init(rootViewController: UIViewController) {
        UIViewController.pendingEngineController = NavigationController(rootViewController: rootViewController.controller)
        super.init(nibName: nil, bundle: nil)
        stack = [rootViewController]
        setUp()
    }
    public override init(nibName: String?, bundle: Bundle?) {
        if UIViewController.pendingEngineController == nil { UIViewController.pendingEngineController = NavigationController() }
        super.init(nibName: nibName, bundle: bundle)
        setUp()
    }
    public required init?(coder: NSCoder) {
        if UIViewController.pendingEngineController == nil { UIViewController.pendingEngineController = NavigationController() }
        super.init(coder: coder)
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
    public convenience init(navigationBarClass: AnyClass?, toolbarClass: AnyClass?) { self.init(nibName: nil, bundle: nil) }

    /// The screens on the stack, bottom first (the engine's stack, so an edge-swipe pop shows).
    open var viewControllers: [UIViewController] {
        get { navigation.viewControllers.map(facade(of:)) }
        set { setViewControllers(newValue, animated: false) }
    }
    open func setViewControllers(_ controllers: [UIViewController], animated: Bool) {
        retain(controllers)
        navigation.setViewControllers(controllers.map(\.controller), animated: animated)
    }
    open var topViewController: UIViewController? { navigation.topViewController.map(facade(of:)) }
    open var visibleViewController: UIViewController? { presentedViewController ?? topViewController }
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        retain([viewController])
        navigation.pushViewController(viewController.controller, animated: animated)
    }
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        navigation.popViewController(animated: animated).map(facade(of:))
    }
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        navigation.popToRootViewController(animated: animated)?.map(facade(of:))
    }
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        navigation.popToViewController(viewController.controller, animated: animated)?.map(facade(of:))
    }
    open var navigationBar: UINavigationBar {
        if let b = barFacade { return b }
        UIView.pendingEngineView = (navigation.navigationBar, false)
        let b = UINavigationBar(frame: .zero)
        barFacade = b
        b.adoptAppearanceProxy()
        return b
    }
    /// Hides or shows the bar (the screens then fill the view from its top).
    open var isNavigationBarHidden: Bool {
        get { navigation.navigationBar.isHidden }
        set { setNavigationBarHidden(newValue, animated: false) }
    }
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) { navigation.navigationBar.isHidden = hidden }
    /// The toolbar at the bottom, showing the top screen's `toolbarItems` (hidden until shown).
    open var isToolbarHidden: Bool {
        get { navigation.isToolbarHidden }
        set { navigation.setToolbarHidden(newValue, animated: false) }
    }
    open func setToolbarHidden(_ hidden: Bool, animated: Bool) { navigation.setToolbarHidden(hidden, animated: animated) }
    open var toolbar: UIToolbar! {
        if let t = toolbarFacade { return t }
        UIView.pendingEngineView = (navigation.toolbar, false)
        let t = UIToolbar(frame: .zero)
        toolbarFacade = t
        return t
    }
    private var toolbarFacade: UIToolbar?
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
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
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
    public func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {}
    public func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {}
    public func navigationController(_ navigationController: UINavigationController,
                                     animationControllerFor operation: UINavigationController.Operation,
                                     from fromVC: UIViewController, to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func navigationController(_ navigationController: UINavigationController,
                                     interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)? { nil }
}

// MARK: - Tab bar controller

/// `UITabBarItem` over the engine's ``TabBarItem``.
@preconcurrency @MainActor
open class UITabBarItem: NSObject {
    package private(set) var engine: TabBarItem
    package init(engine: TabBarItem) { self.engine = engine }
    public init(title: String?, image: UIImage?, selectedImage: UIImage?) {
        engine = TabBarItem(title: title, image: image?.image)
        self.selectedImage = selectedImage
    }
    public init(title: String?, image: UIImage?, tag: Int) {
        engine = TabBarItem(title: title, image: image?.image)
        self.tag = tag
    }
    public init(tabBarSystemItem systemItem: SystemItem, tag: Int) {
        engine = TabBarItem(title: systemItem.title)
        self.tag = tag
    }
    public enum SystemItem: Int, Sendable {
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
        engine = item
    }
    open var title: String? { get { engine.title } set { engine.title = newValue } }
    open var image: UIImage? { get { engine.image.map(UIImage.init) } set { engine.image = newValue?.image } }
    open var badgeValue: String? { get { engine.badgeValue } set { engine.badgeValue = newValue } }
    /// Partial: kept; the selected tab shows its image in the tint colour.
    open var selectedImage: UIImage?
    open var badgeColor: UIColor?
    open var tag = 0
}

/// `UITabBarController` over the engine's ``TabBarController``. It keeps its tabs' facades and
/// is its tab bar's delegate: a user's selection calls ``tabBar(_:didSelect:)``, then the
/// delegate's didSelect.
@preconcurrency @MainActor
open class UITabBarController: UIViewController, UITabBarDelegate {
    package var tabs: TabBarController { controller as! TabBarController }
    private var tabFacades: [UIViewController] = []
    open weak var delegate: (any UITabBarControllerDelegate)?
    private var barFacade: UITabBar?

    public override init(nibName: String?, bundle: Bundle?) {
        if UIViewController.pendingEngineController == nil { UIViewController.pendingEngineController = TabBarController() }
        super.init(nibName: nibName, bundle: bundle)
        hookSelection()
    }
    public required init?(coder: NSCoder) {
        if UIViewController.pendingEngineController == nil { UIViewController.pendingEngineController = TabBarController() }
        super.init(coder: coder)
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
        UIView.pendingEngineView = (tabs.tabBar, false)
        let b = UITabBar(frame: .zero)
        b.controller = self
        barFacade = b
        b.adoptAppearanceProxy()
        return b
    }
    /// Called when the user selects a tab; override to react (calling super is not needed).
    open func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {}
    open var viewControllers: [UIViewController]? {
        get { tabFacades.isEmpty ? nil : tabFacades }
        set { setViewControllers(newValue, animated: false) }
    }
    open func setViewControllers(_ controllers: [UIViewController]?, animated: Bool) {
        tabFacades = controllers ?? []
        tabs.setViewControllers(tabFacades.map(\.controller), animated: animated)
    }
    open var selectedIndex: Int { get { tabs.selectedIndex } set { tabs.selectedIndex = newValue } }
    open var selectedViewController: UIViewController? {
        get { tabs.selectedViewController.flatMap { c in tabFacades.first { $0.controller === c } } }
        set { if let v = newValue, let i = tabFacades.firstIndex(where: { $0 === v }) { selectedIndex = i } }
    }
}

/// What a tab bar tells its delegate; every method is optional.
@preconcurrency @MainActor
public protocol UITabBarDelegate: AnyObject {
    func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem)
}
extension UITabBarDelegate {
    public func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {}
}

/// `UITabBar` over the engine's ``TabBar``: a button per tab, the selected one in the tint
/// colour. Its standard appearance sets the fill and the items' normal and selected colours;
/// what the class's appearance proxy recorded is taken when the bar is made.
@preconcurrency @MainActor
open class UITabBar: UIView {
    package var bar: TabBar { view as! TabBar }
    /// A bar of its own (a tab bar controller's facade takes the controller's bar).
    public override init(frame: CGRect) {
        if UIView.pendingEngineView == nil { UIView.pendingEngineView = (TabBar(), true) }
        super.init(frame: frame)
    }
    public required init?(coder: NSCoder) {
        if UIView.pendingEngineView == nil { UIView.pendingEngineView = (TabBar(), true) }
        super.init(coder: coder)
    }
    weak var controller: UITabBarController?
    public enum ItemPositioning: Int, Sendable { case automatic, fill, centered }

    /// The tab bar controller's items, or those set on a bar of your own (kept; a bar outside a
    /// tab bar controller shows nothing).
    open var items: [UITabBarItem]? {
        get { controller?.viewControllers?.map { $0.tabBarItem } ?? ownItems }
        set { ownItems = newValue }
    }
    private var ownItems: [UITabBarItem]?
    open func setItems(_ items: [UITabBarItem]?, animated: Bool) { self.items = items }
    open var selectedItem: UITabBarItem? {
        get { controller?.selectedViewController?.tabBarItem }
        set {
            guard let c = controller, let item = newValue,
                  let i = c.viewControllers?.firstIndex(where: { $0.tabBarItem === item }) else { return }
            c.selectedIndex = i
        }
    }
    open weak var delegate: (any UITabBarDelegate)?
    open override var tintColor: UIColor! {
        get { UIColor(bar.tintColor) }
        set { tint = newValue; recordAppearance(.tint); applyAppearance() }
    }
    private var tint: UIColor?
    open var unselectedItemTintColor: UIColor? { didSet { recordAppearance(.unselectedTint); applyAppearance() } }
    open var barTintColor: UIColor? { didSet { recordAppearance(.barTint); applyAppearance() } }
    open var standardAppearance = UITabBarAppearance() { didSet { recordAppearance(.standard); applyAppearance() } }
    /// Partial: kept; the bar always shows its standard appearance.
    open var scrollEdgeAppearance: UITabBarAppearance? { didSet { recordAppearance(.scrollEdge) } }
    open var isTranslucent = true
    open var barStyle: UIBarStyle = .default
    open var itemPositioning: ItemPositioning = .automatic
    open var itemSpacing: CGFloat = 0
    open var itemWidth: CGFloat = 0
    /// Partial: kept; no indicator image is drawn.
    open var selectionIndicatorImage: UIImage?
    open var backgroundImage: UIImage?
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
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
}
extension UITabBarControllerDelegate {
    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool { true }
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
}

// MARK: - Alerts

/// `UIAlertAction` over the engine's ``AlertAction``; its handler gets this object.
@preconcurrency @MainActor
open class UIAlertAction: NSObject {
    public enum Style: Int, Sendable { case `default`, cancel, destructive }
    package private(set) var engine: AlertAction!
    public let title: String?
    public let style: Style
    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title; self.style = style
        super.init()
        let engineStyle: AlertAction.Style = switch style { case .default: .default; case .cancel: .cancel; case .destructive: .destructive }
        engine = AlertAction(title: title ?? "", style: engineStyle) { [weak self] _ in if let self { handler?(self) } }
    }
    open var isEnabled: Bool { get { engine.isEnabled } set { engine.isEnabled = newValue } }
}

/// `UIAlertController` over the engine's ``AlertController``: an alert scales in, an action
/// sheet slides up; an action dismisses it, then runs its handler; Return chooses the
/// preferred action and Escape the cancel one.
@preconcurrency @MainActor
open class UIAlertController: UIViewController {
    public enum Style: Int, Sendable { case actionSheet, alert }
    package var alert: AlertController { controller as! AlertController }
    private var actionFacades: [UIAlertAction] = []
    private var fieldFacades: [UITextField] = []

    public convenience init(title: String?, message: String?, preferredStyle: Style) {
        UIViewController.pendingEngineController = AlertController(title: title, message: message,
                                                                   preferredStyle: preferredStyle == .alert ? .alert : .actionSheet)
        self.init(nibName: nil, bundle: nil)
        modalPresentationStyle = .custom
    }
    open var message: String? { alert.message }
    open var preferredStyle: Style { alert.preferredStyle == .alert ? .alert : .actionSheet }
    open var actions: [UIAlertAction] { actionFacades }
    open func addAction(_ action: UIAlertAction) {
        actionFacades.append(action)
        alert.addAction(action.engine)
    }
    /// One of ``actions`` (the engine refuses another with a diagnostic, and it is not kept).
    open var preferredAction: UIAlertAction? {
        didSet {
            alert.preferredAction = preferredAction?.engine
            if alert.preferredAction !== preferredAction?.engine { preferredAction = oldValue }
        }
    }
    open var textFields: [UITextField]? { fieldFacades.isEmpty ? nil : fieldFacades }
    open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
        alert.addTextField { [self] field in
            let f = UITextField(engineField: field)
            f.borderStyle = .roundedRect
            fieldFacades.append(f)
            configurationHandler?(f)
        }
    }
}

extension UIViewController {
    /// Nil: no controller is presented as a popover on this platform (a phone's behaviour).
    public var popoverPresentationController: UIPopoverPresentationController? { nil }
}

/// `UIPopoverPresentationController`: where a popover would point from. Nothing is presented
/// as a popover here (controllers present as on a phone), so one is never handed out.
@preconcurrency @MainActor
open class UIPopoverPresentationController: NSObject {
    open var barButtonItem: UIBarButtonItem?
    open var sourceView: UIView?
    open var sourceRect = CGRect.zero
    open var permittedArrowDirections: UIPopoverArrowDirection = .any
}
public struct UIPopoverArrowDirection: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let up = UIPopoverArrowDirection(rawValue: 1)
    public static let down = UIPopoverArrowDirection(rawValue: 2)
    public static let left = UIPopoverArrowDirection(rawValue: 4)
    public static let right = UIPopoverArrowDirection(rawValue: 8)
    public static let any = UIPopoverArrowDirection(rawValue: 15)
}

// MARK: - Toolbar

/// `UIToolbar` over the engine's ``Toolbar``: its items as buttons from the leading edge,
/// flexible spaces sharing what is left, fixed spaces and custom views in place.
@preconcurrency @MainActor
open class UIToolbar: UIView {
    package var bar: Toolbar { view as! Toolbar }
    public override init(frame: CGRect) {
        if UIView.pendingEngineView == nil { UIView.pendingEngineView = (Toolbar(), true) }
        super.init(frame: frame)
    }
    public required init?(coder: NSCoder) {
        if UIView.pendingEngineView == nil { UIView.pendingEngineView = (Toolbar(), true) }
        super.init(coder: coder)
    }
    private var itemFacades: [UIBarButtonItem] = []
    open var items: [UIBarButtonItem]? {
        get { itemFacades.isEmpty ? nil : itemFacades }
        set { setItems(newValue, animated: false) }
    }
    open func setItems(_ items: [UIBarButtonItem]?, animated: Bool) {
        itemFacades = items ?? []
        bar.items = itemFacades.map(\.engine)
    }
    open override var tintColor: UIColor! {
        get { UIColor(bar.tintColor) }
        set { if let c = newValue { bar.tintColor = c.color } }
    }
    open var barTintColor: UIColor? { didSet { if let c = barTintColor { bar.backgroundColor = c.color } } }
    open var barStyle: UIBarStyle = .default
    open var isTranslucent = true
    /// The toolbar's height (44 points) at the width given.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: CGFloat(Toolbar.height)) }
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: CGFloat(Toolbar.height)) }
}
