/// Manages a view: creates it lazily (``loadView()`` then ``viewDidLoad()``), follows its
/// appearance in a window, and hooks its root view's update cycle (U6):
/// ``updateViewConstraints()`` in the constraints pass, and ``viewWillLayoutSubviews()`` /
/// ``viewDidLayoutSubviews()`` around the root view's ``View/layoutSubviews()``.
/// ``viewDidLayoutSubviews()`` is the reliable place for logic that depends on sizes.
@MainActor
open class ViewController: Responder {
    private var loadedView: View?
    var didCallSuperUpdateViewConstraints = false

    public override init() { super.init() }

    /// The root view, loaded on first access.
    public var view: View {
        loadViewIfNeeded()
        return loadedView!
    }

    public var isViewLoaded: Bool { loadedView != nil }

    /// Loads the view if it is not loaded yet.
    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { loadedView = View() }
        loadedView!.viewController = self
        viewDidLoad()
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
    /// Called before the view appears in a window, before its first layout.
    open func viewWillAppear() {}
    /// Called after the first frame that shows the view was committed.
    open func viewDidAppear() {}
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
