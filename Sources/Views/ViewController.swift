/// Manages a view: creates it lazily (``loadView()`` then ``viewDidLoad()``), follows its
/// appearance in a window, and hooks its root view's update cycle (U6):
/// ``updateViewConstraints()`` in the constraints pass, and ``viewWillLayoutSubviews()`` /
/// ``viewDidLayoutSubviews()`` around the root view's ``View/layoutSubviews()``.
/// ``viewDidLayoutSubviews()`` is the reliable place for logic that depends on sizes.
@MainActor
open class ViewController: Responder {
    private var loadedView: View?
    var didCallSuperUpdateViewConstraints = false
    /// The object that stands for this controller in a facade over the engine (a
    /// `UIViewController`), weak as ``View/facade`` is.
    public weak var facade: AnyObject?
    /// Told each life-cycle call after the controller's own (a facade's subclass of a container
    /// the engine implements, such as a tab bar controller, overrides them there).
    public weak var lifecycleObserver: (any ViewControllerLifecycleObserver)?

    public override init() { super.init() }

    /// The root view, loaded on first access.
    public var view: View {
        loadViewIfNeeded()
        return loadedView!
    }

    /// Whether the view has been loaded (reading ``view`` loads it; this does not).
    public var isViewLoaded: Bool { loadedView != nil }

    /// Loads the view if it is not loaded yet.
    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { loadedView = View() }
        loadedView!.viewController = self
        viewDidLoad()
        lifecycleObserver?.controllerViewDidLoad()
    }

    /// Sets the view a ``loadView()`` override made.
    public func setView(_ view: View) {
        loadedView?.viewController = nil
        loadedView = view
        view.viewController = self
    }

    /// Creates the root view. The base makes a plain ``View``; override and call ``setView(_:)``.
    open func loadView() { setView(View()) }
    /// Called once, after the view is loaded.
    open func viewDidLoad() {}
    // MARK: Appearance (CN3)

    /// Called before the view appears (in a window, before its first layout there).
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after the first frame that shows the view was committed.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the view leaves the screen, and after it left.
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called after the view left the screen.
    open func viewDidDisappear(_ animated: Bool) {}

    /// Set during the appearance calls of a controller being added to (removed from) a parent,
    /// or presented (dismissed), as UIKit's.
    public package(set) var isMovingToParent = false
    /// True during the disappearance calls of a controller being removed from its parent.
    public package(set) var isMovingFromParent = false
    /// True during the appearance calls of a controller being presented.
    public package(set) var isBeingPresented = false
    /// True during the disappearance calls of a controller being dismissed.
    public package(set) var isBeingDismissed = false

    /// Where the controller is in its appearance: each call comes once, in order.
    enum AppearanceState { case disappeared, appearing, appeared, disappearing }
    private(set) var appearanceState = AppearanceState.disappeared
    private var transitionAnimated = false

    /// Starts an appearance transition: `viewWillAppear` (after loading the view) or
    /// `viewWillDisappear` (each once), and the same for the children whose views are in this one's tree (UIKit forwards them).
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        transitionAnimated = animated
        if isAppearing, appearanceState == .disappeared || appearanceState == .disappearing {
            appearanceState = .appearing
            loadViewIfNeeded()                        // viewDidLoad comes first, as in UIKit
            viewWillAppear(animated)
            lifecycleObserver?.controllerViewWillAppear(animated)
        } else if !isAppearing, appearanceState == .appeared || appearanceState == .appearing {
            appearanceState = .disappearing
            viewWillDisappear(animated)
            lifecycleObserver?.controllerViewWillDisappear(animated)
        } else {
            return
        }
        for child in children where child.isViewLoaded && child.view.isDescendant(of: view) {
            child.beginAppearanceTransition(isAppearing, animated: animated)
        }
    }

    /// Ends it: `viewDidAppear` or `viewDidDisappear`, children first as UIKit.
    public func endAppearanceTransition() {
        for child in children where child.appearanceState == .appearing || child.appearanceState == .disappearing {
            child.endAppearanceTransition()
        }
        switch appearanceState {
        case .appearing:
            appearanceState = .appeared
            viewDidAppear(transitionAnimated)
            lifecycleObserver?.controllerViewDidAppear(transitionAnimated)
        case .disappearing:
            appearanceState = .disappeared
            viewDidDisappear(transitionAnimated)
            lifecycleObserver?.controllerViewDidDisappear(transitionAnimated)
        default: break
        }
    }

    /// The screen's title (shown by a navigation bar unless its item has one).
    public var title: String? { didSet { titleDidChange() } }

    /// The style this controller's view and the views under it use (`UIViewController`'s
    /// `overrideUserInterfaceStyle`, DK5); `.unspecified` inherits the window's.
    public var overrideUserInterfaceStyle = InterfaceStyle.unspecified {
        didSet {
            guard oldValue != overrideUserInterfaceStyle, let v = loadedView else { return }
            let viewOwn = v.traitState?.overrideStyle ?? .unspecified
            let before = View.style(own: viewOwn != .unspecified ? viewOwn : oldValue, inherited: v.inheritedStyle)
            v.propagateTraitChange(inheritedBefore: before, inheritedAfter: v.inheritedStyle, scale: v.window?.scale ?? 1,
                                   forced: true)
        }
    }
    /// The traits of the controller's view (its override, else its parent's or presenter's).
    public var traitCollection: TraitCollection {
        if let v = loadedView { return v.traitCollection }
        var t = parent?.traitCollection ?? presentingViewController?.traitCollection ?? TraitCollection()
        if overrideUserInterfaceStyle != .unspecified { t.userInterfaceStyle = overrideUserInterfaceStyle }
        return t
    }
    /// Called when the controller's traits changed, before its view hears it (DK5).
    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}
    /// Tells the nearest container that shows titles (a navigation controller) that this screen's
    /// title or navigation item changed.
    package func titleDidChange() { nearestAncestor((any TitleShowing).self)?.navigationItemDidChange() }
    /// The nearest controller above this one (its parent, or the parent's, ...) that is a `T`.
    package func nearestAncestor<T>(_: T.Type) -> T? {
        var p = parent
        while let c = p { if let t = c as? T { return t }; p = c.parent }
        return nil
    }
    /// The navigation item and tab bar item, once asked for (the Navigation module makes them:
    /// they hold bar buttons, which are controls).
    package var loadedNavigationItem: AnyObject?
    package var loadedTabBarItem: AnyObject?

    // MARK: Presentation (CN6, CN7)

    /// How `present(_:animated:completion:)` shows this controller (the default: a page sheet,
    /// as UIKit's `.automatic` on a phone).
    public var modalPresentationStyle: ModalPresentationStyle = .pageSheet
    /// The controller this one presents, and the one presenting this one.
    public package(set) var presentedViewController: ViewController?
    /// The controller that presented this one, held weakly; nil when it is not presented.
    public package(set) weak var presentingViewController: ViewController?
    /// The presentation's views while this controller is presented (the dimming behind it).
    package var presentationDimming: View?
    /// The pan that pulls a presented page sheet down (CN6).
    package var sheetPan: PanGestureRecognizer?

    // MARK: Containment (CN3)

    /// The child controllers, in the order they were added.
    public private(set) var children: [ViewController] = []
    /// The controller this one is a child of, held weakly.
    public private(set) weak var parent: ViewController?

    /// Adds a child controller (its view is yours to place); calls `willMove(toParent:)`.
    /// Call `didMove(toParent: self)` after adding its view, as in UIKit.
    open func addChild(_ child: ViewController) {
        guard child !== self, child.parent !== self else { return }
        child.removeFromParent()
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// Removes the controller from its parent; calls `didMove(toParent: nil)`. Call
    /// `willMove(toParent: nil)` first and remove its view yourself, as in UIKit.
    open func removeFromParent() {
        guard let p = parent else { return }
        p.children.removeAll { $0 === self }
        parent = nil
        didMove(toParent: nil)
    }

    /// Called before the controller is added to `parent` (or removed, with nil).
    open func willMove(toParent parent: ViewController?) {}
    /// Called after the controller was added to `parent` (or removed, with nil).
    open func didMove(toParent parent: ViewController?) {}
    /// Called in the constraints pass instead of the root view's own ``View/updateConstraints()``
    /// call; the base calls it. Call `super` as the last step.
    open func updateViewConstraints() {
        didCallSuperUpdateViewConstraints = true
        view.updateConstraints()
    }
    /// Called before the root view's ``View/layoutSubviews()``.
    open func viewWillLayoutSubviews() {}
    /// Called after the root view's ``View/layoutSubviews()``: subviews have their frames now.
    open func viewDidLayoutSubviews() {}
    /// Called before the window (and so this controller's view) takes a new size; the base
    /// passes it to the children and the presented controller, as UIKit does.
    open func viewWillTransition(to size: Size) {
        for c in children { c.viewWillTransition(to: size) }
        presentedViewController?.viewWillTransition(to: size)
    }
    /// Called when the window receives a memory warning (MR5), as UIKit's: release what can be
    /// made again. The window calls it on every controller of its hierarchy (children and
    /// presented controllers included); the base does nothing.
    open func didReceiveMemoryWarning() {}
    /// The memory warning for this controller: its own method, then its life-cycle observer.
    func receiveMemoryWarning() {
        didReceiveMemoryWarning()
        lifecycleObserver?.controllerDidReceiveMemoryWarning()
    }
    /// Called for key events the views did not handle.
    open func handleKey(_ key: Key, isDown: Bool) -> Bool { false }

    /// The responder chain (TX7): after the root view, the controller; then its view's superview.
    open override var next: Responder? { loadedView?.superview }
    override var responderWindow: Window? { loadedView?.window }

    /// Key events reach ``handleKey(_:isDown:)``, then go on along the chain.
    open override func keyEvent(_ event: InputEvent) -> Bool {
        switch event.kind {
        case .keyDown(let k): if handleKey(k, isDown: true) { return true }
        case .keyUp(let k): if handleKey(k, isDown: false) { return true }
        default: break
        }
        return next?.keyEvent(event) ?? false
    }
}

/// What a controller tells an observer of its life cycle, after its own method ran.
@MainActor
public protocol ViewControllerLifecycleObserver: AnyObject {
    /// After the controller's ``ViewController/viewDidLoad()``.
    func controllerViewDidLoad()
    /// After the controller's ``ViewController/viewWillAppear(_:)``.
    func controllerViewWillAppear(_ animated: Bool)
    /// After the controller's ``ViewController/viewDidAppear(_:)``.
    func controllerViewDidAppear(_ animated: Bool)
    /// After the controller's ``ViewController/viewWillDisappear(_:)``.
    func controllerViewWillDisappear(_ animated: Bool)
    /// After the controller's ``ViewController/viewDidDisappear(_:)``.
    func controllerViewDidDisappear(_ animated: Bool)
    /// After the controller's `viewWillLayoutSubviews()`.
    func controllerViewWillLayoutSubviews()
    /// After the controller's `viewDidLayoutSubviews()`.
    func controllerViewDidLayoutSubviews()
    /// After the controller's ``ViewController/didReceiveMemoryWarning()``.
    func controllerDidReceiveMemoryWarning()
}

extension ViewControllerLifecycleObserver {
    /// By default an observer ignores memory warnings.
    public func controllerDidReceiveMemoryWarning() {}
}

/// A container that shows its children's titles and navigation items (a navigation controller).
@MainActor
package protocol TitleShowing: AnyObject {
    func navigationItemDidChange()
}

/// How a presented controller covers the screen, as `UIModalPresentationStyle`.
public enum ModalPresentationStyle: Sendable {
    /// Covers the window; the presenting screen disappears under it.
    case fullScreen
    /// A card from below, its top a little under the window's; the presenting screen stays,
    /// scaled back under a dimming.
    case pageSheet
    /// Covers the window but the presenting screen stays (an alert or a sheet of actions).
    case overFullScreen
}
