import Geometry
import RenderModel
import TextEngine
import Timeline
import TimelineSDL
import UpdateLoop
import FrameTiming
import SceneReading
import Motion
import TimelineInspector

/// The engine controller a `UIViewController` stands for: its life cycle calls come back to
/// the facade object.
final class FacadeViewController: ViewController {
    weak var owner: UIViewController?
    override func loadView() {
        guard let owner else { super.loadView(); return }
        owner.loadView()
        setView(owner.view.view)
    }
    override func viewDidLoad() { super.viewDidLoad(); owner?.viewDidLoad() }
    override func traitCollectionDidChange(_ previous: TraitCollection?) {
        super.traitCollectionDidChange(previous)
        owner?.traitCollectionDidChange(UITraitCollection.current.with(style: previous?.userInterfaceStyle ?? .light))
    }
    override func didReceiveMemoryWarning() { super.didReceiveMemoryWarning(); owner?.didReceiveMemoryWarning() }
    override var canBecomeFirstResponder: Bool { owner?.canBecomeFirstResponder ?? false }
    override func keyEvent(_ event: InputEvent) -> Bool {
        if let owner, owner.performKeyCommand(for: event) { return true }
        return super.keyEvent(event)
    }
    override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); owner?.viewWillAppear(animated) }
    override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); owner?.viewDidAppear(animated) }
    override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated); owner?.viewWillDisappear(animated) }
    override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); owner?.viewDidDisappear(animated) }
    override func viewWillLayoutSubviews() { super.viewWillLayoutSubviews(); owner?.viewWillLayoutSubviews() }
    override func viewDidLayoutSubviews() { super.viewDidLayoutSubviews(); owner?.viewDidLayoutSubviews() }
    override func updateViewConstraints() { owner?.updateViewConstraints(); super.updateViewConstraints() }
    override func viewWillTransition(to size: Size) {
        guard let owner else { return super.viewWillTransition(to: size) }
        let coordinator = WindowResizeCoordinator()
        owner.viewWillTransition(to: CGSize(size), with: coordinator)
        super.viewWillTransition(to: size)
        coordinator.finish()
    }
}

/// Passes an engine container's life cycle to the facade's overrides.
@MainActor
final class ContainerLifecycleBridge: ViewControllerLifecycleObserver {
    unowned let owner: UIViewController
    init(_ owner: UIViewController) { self.owner = owner }
    func controllerViewDidLoad() { owner.viewDidLoad() }
    func controllerViewWillAppear(_ animated: Bool) { owner.viewWillAppear(animated) }
    func controllerViewDidAppear(_ animated: Bool) { owner.viewDidAppear(animated) }
    func controllerViewWillDisappear(_ animated: Bool) { owner.viewWillDisappear(animated) }
    func controllerViewDidDisappear(_ animated: Bool) { owner.viewDidDisappear(animated) }
    func controllerViewWillLayoutSubviews() { owner.viewWillLayoutSubviews() }
    func controllerViewDidLayoutSubviews() { owner.viewDidLayoutSubviews() }
    func controllerDidReceiveMemoryWarning() { owner.didReceiveMemoryWarning() }
}

/// The coordinator of a window resize: nothing animates, so what runs alongside runs at once
/// and the completions after the new size is set.
@MainActor
final class WindowResizeCoordinator: UIViewControllerTransitionCoordinator {
    private var completions: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    var isAnimated: Bool { false }
    var transitionDuration: TimeInterval { 0 }
    var isCancelled: Bool { false }
    var isInteractive: Bool { false }
    @discardableResult
    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animation?(self)
        if let completion { completions.append(completion) }
        return true
    }
    func finish() { for c in completions { c(self) }; completions.removeAll() }
}

/// What a transition tells code running alongside it, as `UIViewControllerTransitionCoordinatorContext`.
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
    /// `UIViewControllerTransitionCoordinatorContext.isAnimated`: whether the transition animates.
    var isAnimated: Bool { get }
    /// `UIViewControllerTransitionCoordinatorContext.transitionDuration`: its length, in seconds.
    var transitionDuration: TimeInterval { get }
    /// `UIViewControllerTransitionCoordinatorContext.isCancelled`: whether it was cancelled.
    var isCancelled: Bool { get }
    /// `UIViewControllerTransitionCoordinatorContext.isInteractive`: whether a gesture drives it.
    var isInteractive: Bool { get }
    /// The controller on one side (a resize has none: nil).
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// The view on one side (a resize has none: nil).
    func view(forKey key: UITransitionContextViewKey) -> UIView?
}
/// Runs code alongside a size change or transition, as `UIViewControllerTransitionCoordinator`.
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// `UIViewControllerTransitionCoordinator.animate(alongsideTransition:completion:)`: runs
    /// `animation` with the transition and `completion` after it; returns whether they were taken.
    @discardableResult
    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
}

/// `UIViewController`: the engine's `ViewController` life cycle with UIKit's signatures. A
/// plain controller (or a subclass of yours) stands for a `FacadeViewController`; UIKit's
/// containers and alerts stand for the engine's own (`NavigationController`,
/// `TabBarController`, `AlertController`), so pushes, tabs and presentations are the
/// engine's, with its animations.
@preconcurrency @MainActor
open class UIViewController: UIResponder {
    package let controller: ViewController
    private var loadedView: UIView?
    /// The nib name and bundle the controller was made with, kept (nibs are not loaded on Linux).
    public private(set) var nibName: String?
    /// `UIViewController.nibBundle`: the bundle given at init; nibs are not loaded on Linux.
    public private(set) var nibBundle: Bundle?
    /// `UIViewController(nibName:bundle:)`: a controller over a new engine view controller; the nib name
    /// and bundle are kept, but no nib is loaded.
    public init(nibName: String?, bundle: Bundle?) {
        self.nibName = nibName
        nibBundle = bundle
        controller = FacadeViewController()
        super.init()
        adoptController()
    }
    public convenience override init() { self.init(nibName: nil, bundle: nil) }
    /// Controllers from archives do not exist here; this makes an empty one. UIKit's
    /// containers reach it with an `EngineViewCoder` carrying the engine controller they
    /// stand for (no initialiser hands anything over outside its arguments).
    public required init?(coder: NSCoder) {
        controller = (coder as? EngineViewCoder)?.controller ?? FacadeViewController()
        super.init()
        adoptController()
    }
    private var lifecycleBridge: ContainerLifecycleBridge?
    private func adoptController() {
        controller.facade = self
        if let f = controller as? FacadeViewController {
            f.owner = self
        } else {
            // A UIKit container over an engine one: a subclass's overrides are called after
            // the engine's own life cycle.
            let bridge = ContainerLifecycleBridge(self)
            lifecycleBridge = bridge
            controller.lifecycleObserver = bridge
        }
    }
    /// The facade of an engine controller (made, unowned, for one the facade has not seen).
    package static func wrap(_ c: ViewController) -> UIViewController {
        if let f = c.facade as? UIViewController { return f }
        return UIViewController(coder: EngineViewCoder(controller: c))!
    }

    /// The root view, loaded on first use (`loadView()` then `viewDidLoad()`).
    open var view: UIView! {
        get {
            if loadedView == nil {
                controller.loadViewIfNeeded()
                // An engine container made its own view: its facade stands for it.
                if loadedView == nil { loadedView = UIView.wrap(controller.view) }
            }
            return loadedView
        }
        set { loadedView = newValue }
    }
    /// `UIViewController.viewIfLoaded`: the root view if it has been made, else nil.
    open var viewIfLoaded: UIView? { loadedView }
    /// `UIViewController.isViewLoaded`: whether the root view has been made.
    open var isViewLoaded: Bool { loadedView != nil }
    /// `UIViewController.loadViewIfNeeded()`: makes the root view if it has not been made.
    open func loadViewIfNeeded() { _ = view }
    /// Makes the root view; the default makes a plain one.
    open func loadView() { view = UIView(frame: UIScreen.main.bounds) }
    /// `UIViewController.viewDidLoad()`: called by the engine controller after the root view is made.
    open func viewDidLoad() {}
    /// `UIViewController.viewWillAppear(_:)`: called by the engine controller before the view appears.
    open func viewWillAppear(_ animated: Bool) {}
    /// Starts an appearance transition a container drives by hand: `viewWillAppear` or
    /// `viewWillDisappear` now, on the controller and its children (the engine's).
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        controller.beginAppearanceTransition(isAppearing, animated: animated)
    }
    /// Ends it: `viewDidAppear` or `viewDidDisappear`, children first.
    open func endAppearanceTransition() { controller.endAppearanceTransition() }
    /// `UIViewController.viewDidAppear(_:)`: called by the engine controller after the view appeared.
    open func viewDidAppear(_ animated: Bool) {}
    /// `UIViewController.viewWillDisappear(_:)`: called by the engine controller before it disappears.
    open func viewWillDisappear(_ animated: Bool) {}
    /// `UIViewController.viewDidDisappear(_:)`: called by the engine controller after it disappeared.
    open func viewDidDisappear(_ animated: Bool) {}
    /// `UIViewController.viewWillLayoutSubviews()`: called by the engine controller before layout.
    open func viewWillLayoutSubviews() {}
    /// `UIViewController.viewDidLayoutSubviews()`: called by the engine controller after layout.
    open func viewDidLayoutSubviews() {}
    /// `UIViewController.updateViewConstraints()`: called by the engine controller's constraint pass.
    open func updateViewConstraints() {}
    /// Called before the window takes a new size (a desktop window resized), with a
    /// coordinator whose alongside work runs at once.
    open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {}
    /// Partial: called by nothing yet; a window's traits change only with its size here.
    open func willTransition(to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator) {}
    /// Called when the window receives a memory warning (the app's budget passed, the kernel's
    /// memory pressure, or the engine's `Window.simulateMemoryWarning()`): release what you can
    /// make again. Every controller of the window's hierarchy is told, after
    /// ``UIApplication/didReceiveMemoryWarningNotification`` is posted.
    open func didReceiveMemoryWarning() {}

    /// `UIViewController.title`: the engine controller's `title` (a navigation bar shows it).
    open var title: String? { get { controller.title } set { controller.title = newValue } }
    open override var next: UIResponder? { loadedView?.superview }
    /// A controller can be first responder (for key commands) when it says it can.
    open override var isFirstResponder: Bool { controller.isFirstResponder }
    /// `UIViewController.preferredStatusBarStyle`: `.default`; a desktop window has no status bar.
    @discardableResult open override func becomeFirstResponder() -> Bool { controller.becomeFirstResponder() }
    @discardableResult open override func resignFirstResponder() -> Bool { controller.resignFirstResponder() }
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    /// `UIViewController.prefersStatusBarHidden`: false; a desktop window has no status bar.
    open var prefersStatusBarHidden: Bool { false }
    /// `UIViewController.setNeedsStatusBarAppearanceUpdate()`: does nothing (no status bar).
    open func setNeedsStatusBarAppearanceUpdate() {}
    /// Partial: kept; a desktop window has no status bar to animate.
    open var preferredStatusBarUpdateAnimation: UIStatusBarAnimation { .fade }
    /// Partial: kept; a desktop window has no status bar.
    open var modalPresentationCapturesStatusBarAppearance = false
    /// The old rotation callback: a desktop window does not rotate, so it is never called.
    open func willAnimateRotation(to toInterfaceOrientation: UIInterfaceOrientation, duration: TimeInterval) {}
    /// Partial: kept; the window takes any size, so no orientation is refused.
    open var supportedInterfaceOrientations: UIInterfaceOrientationMask { .all }
    /// `UIViewController.preferredInterfaceOrientationForPresentation`: `.portrait`; windows do not rotate.
    open var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation { .portrait }
    /// `UIViewController.shouldAutorotate`: true; nothing here asks it.
    open var shouldAutorotate: Bool { true }
    /// Partial: a desktop has no home indicator or system edge gestures.
    open var prefersHomeIndicatorAutoHidden: Bool { false }
    /// `UIViewController.setNeedsUpdateOfHomeIndicatorAutoHidden()`: does nothing (no home indicator).
    open func setNeedsUpdateOfHomeIndicatorAutoHidden() {}
    /// `UIViewController.preferredScreenEdgesDeferringSystemGestures`: none; there are no system edge
    /// gestures.
    open var preferredScreenEdgesDeferringSystemGestures: UIRectEdge { [] }
    /// `UIViewController.setNeedsUpdateOfScreenEdgesDeferringSystemGestures()`: does nothing.
    open func setNeedsUpdateOfScreenEdgesDeferringSystemGestures() {}
    /// `UIViewController.setNeedsUpdateOfSupportedInterfaceOrientations()`: does nothing (no rotation).
    open func setNeedsUpdateOfSupportedInterfaceOrientations() {}
    /// `UIViewController.modalPresentationStyle`: how `present(_:animated:completion:)` shows the
    /// controller, mapped to the engine's presentation style.
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    /// `UIViewController.modalTransitionStyle`: stored only; presentations use the engine's transition.
    open var modalTransitionStyle: UIModalTransitionStyle = .coverVertical
    /// `UIViewController.isModalInPresentation`: stored only; nothing here dismisses a sheet by a swipe.
    open var isModalInPresentation = false
    /// `UIViewController.preferredContentSize`: stored only (points); nothing here reads it.
    open var preferredContentSize = CGSize.zero
    /// `UIViewController.additionalSafeAreaInsets`: stored only; the safe area is not widened.
    open var additionalSafeAreaInsets = UIEdgeInsets.zero
    /// `UIViewController.overrideUserInterfaceStyle`: the engine controller's `overrideUserInterfaceStyle`.
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle {
        get { UIUserInterfaceStyle(controller.overrideUserInterfaceStyle) }
        set { controller.overrideUserInterfaceStyle = newValue.engine }
    }
    /// The screen's size classes and idiom, with this screen's interface style (DK5).
    open var traitCollection: UITraitCollection { UITraitCollection.current.with(style: controller.traitCollection.userInterfaceStyle) }
    /// Called when the window's size classes change (a resize across 700 points wide or 500
    /// tall), after the new size is set, and when the interface style changed (the desktop's,
    /// or an override above).
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    // MARK: Navigation

    /// What the screen shows in a navigation bar (the engine controller's item).
    open var navigationItem: UINavigationItem {
        if let item = navigationItemFacade { return item }
        let item = UINavigationItem(engine: controller.navigationItem)
        navigationItemFacade = item
        return item
    }
    private var navigationItemFacade: UINavigationItem?
    /// The nearest navigation controller this screen is on.
    /// The items a navigation controller's toolbar shows while this screen is on top.
    open var toolbarItems: [UIBarButtonItem]? {
        get { toolbarItemFacades }
        set { setToolbarItems(newValue, animated: false) }
    }
    private var toolbarItemFacades: [UIBarButtonItem]?
    /// `UIViewController.setToolbarItems(_:animated:)`: the engine navigation item's `toolbarItems`.
    open func setToolbarItems(_ toolbarItems: [UIBarButtonItem]?, animated: Bool) {
        toolbarItemFacades = toolbarItems
        controller.navigationItem.toolbarItems = (toolbarItems ?? []).map(\.engine)
    }
    /// `UIViewController.navigationController`: the nearest navigation controller among the engine
    /// controller and its parents.
    open var navigationController: UINavigationController? {
        var c: ViewController? = controller
        while let x = c { if let n = x.facade as? UINavigationController { return n }; c = x.parent }
        return nil
    }
    /// The nearest tab bar controller this screen is in.
    open var tabBarController: UITabBarController? {
        var c: ViewController? = controller
        while let x = c { if let t = x.facade as? UITabBarController, x !== controller { return t }; c = x.parent }
        return nil
    }
    /// `UIViewController.tabBarItem`: the controller's item in a tab bar, over the engine
    /// controller's `tabBarItem`.
    open var tabBarItem: UITabBarItem! {
        get {
            if let item = tabBarItemFacade { return item }
            let item = UITabBarItem(engine: controller.tabBarItem)
            tabBarItemFacade = item
            return item
        }
        set { tabBarItemFacade = newValue; newValue?.rebind(to: controller.tabBarItem) }
    }
    private var tabBarItemFacade: UITabBarItem?
    /// An Edit/Done item that toggles ``isEditing``.
    open var editButtonItem: UIBarButtonItem {
        if let item = editItem { return item }
        let item = UIBarButtonItem(title: "Edit", style: .plain, target: nil, action: nil)
        item.primaryHandler = { [weak self, weak item] in
            guard let self else { return }
            self.setEditing(!self.isEditing, animated: true)
            item?.title = self.isEditing ? "Done" : "Edit"
            item?.style = self.isEditing ? .done : .plain
        }
        editItem = item
        return item
    }
    private var editItem: UIBarButtonItem?
    /// `UIViewController.isEditing`: whether the controller is editing (see `setEditing(_:animated:)`).
    open var isEditing: Bool { get { editing } set { setEditing(newValue, animated: false) } }
    private var editing = false
    /// `UIViewController.setEditing(_:animated:)`: sets `isEditing` and the edit button's title.
    open func setEditing(_ editing: Bool, animated: Bool) {
        self.editing = editing
        editItem?.title = editing ? "Done" : "Edit"
    }

    // MARK: Containment

    /// `UIViewController.children`: the engine controller's `children`, as their facades.
    open var children: [UIViewController] { controller.children.map(UIViewController.wrap) }
    /// `UIViewController.parent`: the engine controller's `parent`, as its facade.
    open var parent: UIViewController? { controller.parent.map(UIViewController.wrap) }
    /// `UIViewController.addChild(_:)`: the engine controller's `addChild(_:)`, after
    /// `willMove(toParent:)`.
    open func addChild(_ child: UIViewController) {
        child.willMove(toParent: self)
        controller.addChild(child.controller)
    }
    /// `UIViewController.removeFromParent()`: the engine controller's `removeFromParent()`.
    open func removeFromParent() { controller.removeFromParent() }
    /// `UIViewController.willMove(toParent:)`: called before the controller moves to a parent.
    open func willMove(toParent parent: UIViewController?) {}
    /// `UIViewController.didMove(toParent:)`: called after the controller moved to a parent.
    open func didMove(toParent parent: UIViewController?) {}

    // MARK: Presentation

    /// `UIViewController.presentedViewController`: the engine controller's `presentedViewController`.
    open var presentedViewController: UIViewController? { controller.presentedViewController.map(UIViewController.wrap) }
    /// `UIViewController.presentingViewController`: the engine controller's `presentingViewController`.
    open var presentingViewController: UIViewController? { controller.presentingViewController.map(UIViewController.wrap) }
    /// Gives a presentation's animators and presentation controller (custom transitions).
    open weak var transitioningDelegate: (any UIViewControllerTransitioningDelegate)?
    /// The custom-style presentation's controller, while presented by one.
    open var presentationController: UIPresentationController? { customPresentation?.presentation }
    /// The running custom transition's coordinator (for work alongside it), nil otherwise.
    open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? { runningTransition }
    /// `UIViewController.definesPresentationContext`: stored only; presentations cover the window.
    open var definesPresentationContext = false
    /// `UIViewController.providesPresentationContextTransitionStyle`: stored only.
    open var providesPresentationContextTransitionStyle = false
    /// A custom presentation's container and controller, and where the presenting view was
    /// before it (its superview and place there), to put it back after the dismissal.
    var customPresentation: (container: UIView, presentation: UIPresentationController?, presenterHome: (View, Int)?)?
    var runningTransition: CustomTransition?
    /// The presented controller's facade, kept while presented (the engine holds its own).
    var retainedPresented: UIViewController?

    /// Presents `vc`: by its transitioning delegate's animator or presentation controller when
    /// it has them, otherwise by the engine's presentation (a page sheet slides up over a
    /// dimming, the screen under it scaling back; full screen covers the window; an alert
    /// scales in).
    open func present(_ vc: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        if presentCustom(vc, animated: flag, completion: completion) { return }
        vc.controller.modalPresentationStyle = vc.modalPresentationStyle.engine
        controller.present(vc.controller, animated: flag, completion: completion)
        if controller.presentedViewController === vc.controller { retainedPresented = vc }
    }
    /// `UIViewController.dismiss(animated:completion:)`: dismisses what this controller presented, or
    /// this controller when it was presented; `completion` runs after.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        let presenter = controller.presentedViewController != nil ? self : presentingViewController
        guard let presenter, let presented = presenter.retainedPresented ?? presenter.presentedViewController else {
            completion?()
            return
        }
        if presented.customPresentation != nil {
            return dismissCustom(presented, presenter: presenter, animated: flag, completion: completion)
        }
        presenter.controller.dismiss(animated: flag) { [weak presenter] in
            if presenter?.controller.presentedViewController == nil { presenter?.retainedPresented = nil }
            completion?()
        }
    }
    /// On a navigation stack a push, otherwise a presentation (as UIKit's `show`).
    open func show(_ vc: UIViewController, sender: Any?) {
        if let nav = navigationController { nav.pushViewController(vc, animated: true) } else { present(vc, animated: true) }
    }
}

/// `UIStatusBarStyle`: the status bar's look; kept, as a desktop window has no status bar.
public enum UIStatusBarStyle: Int, Sendable { case `default`, lightContent, darkContent }
/// How the status bar animates its showing and hiding (kept: a desktop window has none).
public enum UIStatusBarAnimation: Int, Sendable { case none, fade, slide }
/// `UIModalPresentationStyle`: how a presented controller is shown; mapped to the engine's sheet,
/// full-screen or over-full-screen presentation.
public enum UIModalPresentationStyle: Int, Sendable {
    /// The presentation styles (sheets, full screen, over the presenter, custom, popover...).
    case fullScreen, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover, none, automatic
    /// The engine's style: a sheet for the sheet-like styles (a phone's `automatic`), full
    /// screen for those that cover, over-full-screen for those that leave the screen under.
    var engine: ModalPresentationStyle {
        switch self {
        case .fullScreen, .currentContext, .none: .fullScreen
        case .overFullScreen, .overCurrentContext, .custom: .overFullScreen
        case .pageSheet, .formSheet, .popover, .automatic: .pageSheet
        }
    }
}
/// `UIModalTransitionStyle`: the presentation's animation; stored only here.
public enum UIModalTransitionStyle: Int, Sendable { case coverVertical, flipHorizontal, crossDissolve, partialCurl }

// MARK: - Window and application

/// `UIWindow`: a facade view that is the root of an engine `Window`'s tree.
@preconcurrency @MainActor
open class UIWindow: UIView {
    package let engineWindow: Window
    public override init(frame: CGRect) {
        let size = frame.size == .zero ? UIScreen.main.bounds.size : frame.size
        let w = UIApplication.shared.takeHostWindow() ?? Window(size: size.size)
        w.backgroundColor = .black
        engineWindow = w
        super.init(coder: EngineViewCoder(w.rootView, isNew: false, frame: frame))!
        w.facade = self
        w.didResize = { [weak self] old, new in self?.engineWindowDidResize(from: CGSize(old), to: CGSize(new)) }
        // AX4: the desktop's reduce motion changed (TimelineDesktop sets the engine's flag).
        w.reduceMotionObserver = {
            NotificationCenter.default.post(name: UIAccessibility.reduceMotionStatusDidChangeNotification, object: nil)
        }
        // The engine's memory warning is the application's: the delegate, then the notification.
        w.addMemoryWarningObserver { [weak self] in
            guard self != nil else { return }
            UIApplication.shared.didReceiveMemoryWarning()
        }
    }

    /// The window is the screen on a desktop: a resize of the key window resizes the screen,
    /// posts the orientation change UIDevice would, and tells controllers and views whose size
    /// classes changed (`traitCollectionDidChange`), as a rotation does.
    private func engineWindowDidResize(from old: CGSize, to new: CGSize) {
        guard isKeyWindow || UIApplication.shared.keyWindow == nil else { return }
        let before = UITraitCollection(size: old, idiom: UIDevice.current.userInterfaceIdiom)
        UIScreen.main.bounds = CGRect(origin: .zero, size: new)
        UIDevice.current.screenDidResize(from: old, to: new)
        let after = UITraitCollection.current
        guard before.horizontalSizeClass != after.horizontalSizeClass || before.verticalSizeClass != after.verticalSizeClass
            || before.userInterfaceIdiom != after.userInterfaceIdiom else { return }
        func tell(_ c: ViewController) {
            (c.facade as? UIViewController)?.traitCollectionDidChange(before)
            for child in c.children { tell(child) }
            if let p = c.presentedViewController { tell(p) }
        }
        func tell(_ v: View) {
            (v.facade as? UIView)?.traitCollectionDidChange(before)
            for s in v.subviews { tell(s) }
        }
        tell(engineWindow.rootView)
        if let root = engineWindow.rootViewController { tell(root) }
    }
    /// Windows from archives do not exist on Linux.
    public required init?(coder: NSCoder) { return nil }
    /// A window of the scene, the size of the screen.
    public convenience init(windowScene: UIWindowScene) {
        self.init(frame: UIScreen.main.bounds)
        self.windowScene = windowScene
    }
    /// `UIWindow.windowScene`: the scene the window belongs to.
    open weak var windowScene: UIWindowScene?
    open override var window: UIWindow? { self }

    /// `UIWindow.rootViewController`: the controller whose view fills the window (set on the engine
    /// window).
    open var rootViewController: UIViewController? {
        didSet {
            guard let vc = rootViewController else { return }
            engineWindow.rootViewController = vc.controller
        }
    }
    /// `UIWindow.isKeyWindow`: whether this is the application's key window.
    open var isKeyWindow: Bool { UIApplication.shared.keyWindowStorage === self }
    /// `UIWindow.makeKeyAndVisible()`: the engine window's `makeKeyAndVisible()`; this becomes the key
    /// window.
    open func makeKeyAndVisible() {
        let previous = UIApplication.shared.keyWindowStorage
        UIApplication.shared.keyWindowStorage = self
        engineWindow.makeKeyAndVisible()
        UIApplication.shared.windowDidBecomeKey(self, previous: previous)
    }
    /// `UIWindow.makeKey()`: the same as `makeKeyAndVisible()`.
    open func makeKey() { makeKeyAndVisible() }
    /// `UIWindow.windowLevel`: stored only; windows are not ordered by level here.
    open var windowLevel: UIWindow.Level = .normal
    /// `UIWindow.Level`: a window's stacking level.
    public struct Level: RawRepresentable, Hashable, Sendable {
        /// The level's value (higher is in front).
        public let rawValue: CGFloat
        /// The level of value `rawValue`.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// Ordinary windows: 0.
        public static let normal = Level(rawValue: 0)
        /// The status bar's level: 1000.
        public static let statusBar = Level(rawValue: 1000)
        /// Alerts' level: 2000.
        public static let alert = Level(rawValue: 2000)
    }
    /// `UIWindow.screen`: `UIScreen.main`.
    public var screen: UIScreen { .main }
}

/// `UIApplicationDelegate`: launch is called; the rest of the life cycle has defaults.
@preconcurrency @MainActor
public protocol UIApplicationDelegate: AnyObject {
    /// `UIApplicationDelegate.window`: the application's window.
    var window: UIWindow? { get set }
    /// `UIApplicationDelegate.application(_:didFinishLaunchingWithOptions:)`: launch finished; make the
    /// window here. The options are nil on Linux.
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    /// `UIApplicationDelegate.applicationDidBecomeActive(_:)`: the application is running.
    func applicationDidBecomeActive(_ application: UIApplication)
    /// `UIApplicationDelegate.applicationWillTerminate(_:)`: the application is about to quit.
    func applicationWillTerminate(_ application: UIApplication)
    /// Told on a memory warning, before ``UIApplication/didReceiveMemoryWarningNotification``.
    func applicationDidReceiveMemoryWarning(_ application: UIApplication)
    /// The configuration of the window scene connecting at launch (with a scene delegate).
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration
    /// `UIApplicationDelegate.application(_:didDiscardSceneSessions:)`: accepted; nothing here calls it.
    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>)
}
extension UIApplicationDelegate {
    /// A configuration named "Default Configuration" for the session's role.
    public func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                            options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }
    /// Does nothing by default.
    public func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {}
    /// Nil by default; setting does nothing.
    public var window: UIWindow? { get { nil } set {} }
    /// True by default.
    public func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    /// Does nothing by default.
    public func applicationDidBecomeActive(_ application: UIApplication) {}
    /// Does nothing by default.
    public func applicationWillTerminate(_ application: UIApplication) {}
    /// Does nothing by default.
    public func applicationDidReceiveMemoryWarning(_ application: UIApplication) {}
}
