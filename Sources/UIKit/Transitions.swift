import Geometry
import Timeline

// Custom presentations, as UIKit's: a transitioning delegate's animator animates the
// presented view in a container over the window, and a presentation controller (for the
// custom style) places it and adds its own views (a dimming), with work run alongside through
// the presented controller's transition coordinator. The engine keeps the presentation's
// links (presentedViewController, appearance calls); the animation is the app's.

/// `UITransitionContextViewControllerKey`: names a side of a transition's controllers.
public struct UITransitionContextViewControllerKey: RawRepresentable, Hashable, Sendable {
    /// The key's string.
    public let rawValue: String
    /// The key of string `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The controller being left.
    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewController")
    /// The controller being shown.
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewController")
}
/// `UITransitionContextViewKey`: names a side of a transition's views.
public struct UITransitionContextViewKey: RawRepresentable, Hashable, Sendable {
    /// The key's string.
    public let rawValue: String
    /// The key of string `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The view being left.
    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromView")
    /// The view being shown.
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToView")
}

/// What an animator is given: the container, the two controllers and views, their frames, and
/// `completeTransition(_:)` to call when its animation ends.
@preconcurrency @MainActor
public protocol UIViewControllerContextTransitioning: AnyObject {
    /// `UIViewControllerContextTransitioning.containerView`: the view the transition's views animate in.
    var containerView: UIView { get }
    /// `UIViewControllerContextTransitioning.isAnimated`: whether the transition animates.
    var isAnimated: Bool { get }
    /// `UIViewControllerContextTransitioning.isInteractive`: whether an interaction drives it.
    var isInteractive: Bool { get }
    /// `UIViewControllerContextTransitioning.transitionWasCancelled`: whether it was cancelled.
    var transitionWasCancelled: Bool { get }
    /// `UIViewControllerContextTransitioning.presentationStyle`: the presented controller's
    /// `modalPresentationStyle`.
    var presentationStyle: UIModalPresentationStyle { get }
    /// `UIViewControllerContextTransitioning.completeTransition(_:)`: the animator is done; call it once.
    func completeTransition(_ didComplete: Bool)
    /// `UIViewControllerContextTransitioning.viewController(forKey:)`: the controller on one side.
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// `UIViewControllerContextTransitioning.view(forKey:)`: the view on one side.
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    /// `UIViewControllerContextTransitioning.initialFrame(for:)`: where a controller's view starts, in
    /// points of the container.
    func initialFrame(for vc: UIViewController) -> CGRect
    /// `UIViewControllerContextTransitioning.finalFrame(for:)`: where a controller's view ends, in points
    /// of the container.
    func finalFrame(for vc: UIViewController) -> CGRect
    /// `UIViewControllerContextTransitioning.updateInteractiveTransition(_:)`: the progress (0...1).
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    /// `UIViewControllerContextTransitioning.finishInteractiveTransition()`: the interaction completes it.
    func finishInteractiveTransition()
    /// `UIViewControllerContextTransitioning.cancelInteractiveTransition()`: the interaction cancels it.
    func cancelInteractiveTransition()
    /// `UIViewControllerContextTransitioning.pauseInteractiveTransition()`: the interaction holds it.
    func pauseInteractiveTransition()
}

/// A custom transition's animation.
@preconcurrency @MainActor
public protocol UIViewControllerAnimatedTransitioning: AnyObject {
    /// `UIViewControllerAnimatedTransitioning.transitionDuration(using:)`: the animation's length, seconds.
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval
    /// `UIViewControllerAnimatedTransitioning.animateTransition(using:)`: animates the views, then calls
    /// `completeTransition(_:)`.
    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning)
    /// `UIViewControllerAnimatedTransitioning.animationEnded(_:)`: the transition ended.
    func animationEnded(_ transitionCompleted: Bool)
}
extension UIViewControllerAnimatedTransitioning {
    /// Does nothing by default.
    public func animationEnded(_ transitionCompleted: Bool) {}
}

/// Where a presented controller's animators and presentation controller come from.
@preconcurrency @MainActor
public protocol UIViewControllerTransitioningDelegate: AnyObject {
    /// `UIViewControllerTransitioningDelegate`'s animator for a presentation (nil: the standard one).
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    /// `UIViewControllerTransitioningDelegate`'s animator for a dismissal (nil: the standard one).
    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    /// `UIViewControllerTransitioningDelegate`'s presentation controller (nil: none).
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController?
    /// An interaction controller that drives the presentation's animator (nil: it runs by itself).
    func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)?
    /// `UIViewControllerTransitioningDelegate`'s interaction for a dismissal (nil: it runs by itself).
    func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)?
}
extension UIViewControllerTransitioningDelegate {
    /// Nil by default.
    public func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)? { nil }
    /// Nil by default.
    public func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)? { nil }
    /// Nil by default.
    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    /// Nil by default.
    public func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    /// Nil by default.
    public func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                       source: UIViewController) -> UIPresentationController? { nil }
}

/// Places a custom-style presented view and owns the views around it, as
/// `UIPresentationController`; subclass it and override the transition hooks.
@preconcurrency @MainActor
open class UIPresentationController: NSObject {
    /// `UIPresentationController.presentedViewController`: the controller being presented.
    public let presentedViewController: UIViewController
    /// `UIPresentationController.presentingViewController`: the controller presenting it.
    public let presentingViewController: UIViewController
    /// `UIPresentationController.containerView`: the view the presentation happens in, once it starts.
    public internal(set) var containerView: UIView?
    /// `UIPresentationController(presentedViewController:presenting:)`: a presentation of one controller
    /// by another (nil: the presented one).
    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        self.presentedViewController = presentedViewController
        self.presentingViewController = presentingViewController ?? presentedViewController
    }
    /// `UIPresentationController.presentedView`: the presented controller's view.
    open var presentedView: UIView? { presentedViewController.view }
    /// Where the presented view ends: the container's bounds unless overridden.
    open var frameOfPresentedViewInContainerView: CGRect { containerView?.bounds ?? .zero }
    /// `UIPresentationController.shouldRemovePresentersView`: false; not asked here (the presenter's
    /// view stays).
    open var shouldRemovePresentersView: Bool { false }
    /// `UIPresentationController.shouldPresentInFullscreen`: true; not asked here.
    open var shouldPresentInFullscreen: Bool { true }
    /// `UIPresentationController.presentationTransitionWillBegin()`: the presentation is starting.
    open func presentationTransitionWillBegin() {}
    /// `UIPresentationController.presentationTransitionDidEnd(_:)`: the presentation ended.
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    /// `UIPresentationController.dismissalTransitionWillBegin()`: the dismissal is starting.
    open func dismissalTransitionWillBegin() {}
    /// `UIPresentationController.dismissalTransitionDidEnd(_:)`: the dismissal ended.
    open func dismissalTransitionDidEnd(_ completed: Bool) {}
    /// `UIPresentationController.containerViewWillLayoutSubviews()`: the container is about to lay out.
    open func containerViewWillLayoutSubviews() {}
    /// `UIPresentationController.containerViewDidLayoutSubviews()`: the container laid out.
    open func containerViewDidLayoutSubviews() {}
}

/// The view a custom transition runs in (UIKit's transition view): its layout calls the
/// presentation controller's hooks.
final class TransitionContainerView: UIView {
    weak var presentation: UIPresentationController?
    override func layoutSubviews() {
        presentation?.containerViewWillLayoutSubviews()
        super.layoutSubviews()
        presentation?.containerViewDidLayoutSubviews()
    }
}

/// A running custom transition: its context for the animator and its coordinator for work run
/// alongside (in an animation of the animator's duration, started with it).
@MainActor
final class CustomTransition: UIViewControllerContextTransitioning, UIViewControllerTransitionCoordinator {
    let container: TransitionContainerView
    let from: UIViewController, to: UIViewController
    let presented: UIViewController
    let presentation: UIPresentationController?
    let isAnimated: Bool
    var duration: TimeInterval = 0
    private var alongside: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var completions: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var finished = false
    private(set) var isCancelled = false
    var onComplete: ((Bool) -> Void)?
    /// The interaction controller driving this transition, while it does.
    var interaction: (any UIViewControllerInteractiveTransitioning)?
    private var interactivePercent: CGFloat = 0
    /// The animator an interactive start holds until the interaction finishes.
    var pendingAnimator: (any UIViewControllerAnimatedTransitioning)?

    init(container: TransitionContainerView, from: UIViewController, to: UIViewController, presented: UIViewController,
         presentation: UIPresentationController?, animated: Bool) {
        self.container = container; self.from = from; self.to = to; self.presented = presented
        self.presentation = presentation; self.isAnimated = animated
    }

    // Context
    var containerView: UIView { container }
    var isInteractive: Bool { interaction != nil }
    var transitionWasCancelled: Bool { isCancelled }
    var transitionDuration: TimeInterval { duration }
    var presentationStyle: UIModalPresentationStyle { presented.modalPresentationStyle }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        key == .from ? from : key == .to ? to : nil
    }
    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        key == .from ? from.view : key == .to ? to.view : nil
    }
    func initialFrame(for vc: UIViewController) -> CGRect { vc === from ? (vc.viewIfLoaded?.frame ?? .zero) : .zero }
    func finalFrame(for vc: UIViewController) -> CGRect {
        guard vc === to else { return .zero }
        if vc === presented, let p = presentation { return p.frameOfPresentedViewInContainerView }
        return container.bounds
    }
    func completeTransition(_ didComplete: Bool) {
        guard !finished else { return }
        finished = true
        isCancelled = !didComplete
        for c in completions { c(self) }
        completions.removeAll()
        onComplete?(didComplete)
    }
    /// Whether the animator's animations run paused on the container's layer time, which the
    /// interaction scrubs (UIPercentDrivenInteractiveTransition's way, CA8).
    private(set) var isScrubbing = false
    /// The layer whose time the scrubbed animations run on.
    private var scrubbedLayer: Layer { container.view.layer }

    /// Starts scrubbing, as UIKit's percent-driven interaction does: the container's layer is
    /// paused at time 0 and the animator runs at once, so its animations (and those going
    /// alongside) show the progress ``updateInteractiveTransition(_:)`` sets.
    func beginScrubbing() {
        guard !finished, let a = pendingAnimator else { return }
        pendingAnimator = nil
        isScrubbing = true
        let layer = scrubbedLayer
        layer.speed = 0
        layer.beginTime = 0
        layer.timeOffset = 0
        a.animateTransition(using: self)
        runAlongside()
    }

    /// An interactive transition's progress: while scrubbing, the animations show it (the
    /// container's paused time is that fraction of the duration).
    func updateInteractiveTransition(_ percentComplete: CGFloat) {
        interactivePercent = min(max(percentComplete, 0), 1)
        if isScrubbing { scrubbedLayer.timeOffset = Double(interactivePercent) * duration }
    }
    /// The interaction ended by completing: the animations run on to the end from where the
    /// interaction left them (at `completionSpeed`), or the held animator runs whole.
    func finishInteractiveTransition() {
        guard !finished, interaction != nil else { return }
        let speed = (interaction as? UIPercentDrivenInteractiveTransition).map { Double($0.completionSpeed) } ?? 1
        interaction = nil
        if isScrubbing {
            run(scrubbedLayer, from: Double(interactivePercent) * duration, speed: speed > 0 ? speed : 1)
        } else if let a = pendingAnimator {
            pendingAnimator = nil
            a.animateTransition(using: self)
            runAlongside()
        }
    }
    /// The interaction ended by cancelling: scrubbed animations run back to their start, then
    /// end (unfinished: the animator's completion sees the transition cancelled); otherwise
    /// nothing moved and the transition ends cancelled at once.
    func cancelInteractiveTransition() {
        guard !finished else { return }
        isCancelled = true
        let speed = (interaction as? UIPercentDrivenInteractiveTransition).map { Double($0.completionSpeed) } ?? 1
        interaction = nil
        pendingAnimator = nil
        guard isScrubbing, let engine = container.view.window?.layers else { completeTransition(false); return }
        let layer = scrubbedLayer
        run(layer, from: Double(interactivePercent) * duration, speed: -(speed > 0 ? speed : 1))
        let end = TimeReachesZero(layer: layer, engine: engine) { [container] in
            // The animations are back at their start: they end, and their completions (the
            // animator's) complete the transition as cancelled.
            var views = [container.view]
            while let v = views.popLast() {
                v.layer.removeAllAnimations()
                views.append(contentsOf: v.subviews)
            }
        }
        reversal = end                                   // its animation holds it through its reference
        end.start()
    }
    private var reversal: TimeReachesZero?
    func pauseInteractiveTransition() {}

    /// Lets `layer`'s time run on from `offset` at `speed` (negative: backwards) from now.
    private func run(_ layer: Layer, from offset: Double, speed: Double) {
        let now = container.view.window?.runLoop?.currentMediaTime ?? 0
        layer.speed = 0
        layer.timeOffset = offset
        layer.beginTime = layer.timeParent?.localTime(forMediaTime: now) ?? now
        layer.speed = speed
    }

    // Coordinator
    @discardableResult
    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        if let animation { alongside.append(animation) }
        if let completion { completions.append(completion) }
        return true
    }
    /// Runs the animator, or without one moves `view` to `frame` (over the duration when
    /// animated); then the work registered to go alongside.
    func run(_ animator: (any UIViewControllerAnimatedTransitioning)?, orMove view: UIView, to frame: CGRect) {
        if let animator {
            animator.animateTransition(using: self)
        } else if isAnimated {
            UIView.animate(withDuration: duration, delay: 0, options: [], animations: { view.frame = frame }) { _ in self.completeTransition(true) }
        } else {
            view.frame = frame
        }
        runAlongside()
        if animator == nil, !isAnimated { completeTransition(true) }
    }

    /// Runs what was registered to go alongside, animated over the transition's duration.
    func runAlongside() {
        let work = alongside
        alongside.removeAll()
        guard !work.isEmpty else { return }
        if isAnimated, duration > 0 {
            UIView.animate(withDuration: duration, delay: 0, options: [], animations: { for w in work { w(self) } })
        } else {
            for w in work { w(self) }
        }
    }
}

extension UIViewController {
    /// Presents `vc` by its transitioning delegate's animator and presentation controller when
    /// it gives either; false when it gives neither (the engine's presentation runs instead).
    func presentCustom(_ vc: UIViewController, animated: Bool, completion: (() -> Void)?) -> Bool {
        guard let td = vc.transitioningDelegate else { return false }
        let animator = td.animationController(forPresented: vc, presenting: self, source: self)
        let presentation = vc.modalPresentationStyle == .custom ? td.presentationController(forPresented: vc, presenting: self, source: self) : nil
        guard animator != nil || presentation != nil else { return false }
        // Refused (with a diagnostic) where the engine's presentation would refuse.
        guard controller.beginExternalPresentation(of: vc.controller), let window = view.window else { completion?(); return true }
        // Over everything in the window: in its current root view (a root controller's view
        // takes the engine window's root).
        let root = UIView.wrap(window.engineWindow.rootView)
        let container = TransitionContainerView(frame: root.bounds)
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.presentation = presentation
        root.addSubview(container)
        presentation?.containerView = container
        let t = CustomTransition(container: container, from: self, to: vc, presented: vc, presentation: presentation, animated: animated)
        t.duration = animator?.transitionDuration(using: t) ?? 0.35
        // Where the presenting view stands (the window's back subview for a root controller):
        // an animator may move it into the container, and it goes back there after the dismissal.
        let presenterView = controller.view
        let home = presenterView.superview.map { s in (s, s.subviews.firstIndex { $0 === presenterView } ?? 0) }
        vc.customPresentation = (t.container, presentation, home)
        vc.runningTransition = t
        retainedPresented = vc
        vc.controller.beginAppearanceTransition(true, animated: animated)
        presentation?.presentationTransitionWillBegin()
        t.onComplete = { [weak self, weak vc] done in
            guard let self, let vc else { return }
            vc.runningTransition = nil
            presentation?.presentationTransitionDidEnd(done)
            self.controller.endExternalPresentation(of: vc.controller, completed: done)
            vc.controller.endAppearanceTransition()
            // A full-screen presentation takes the presenting view off the screen, as UIKit's
            // does: wherever the animator left it (in the container, over the presented view).
            if done, vc.modalPresentationStyle == .fullScreen, presenterView.superview != nil { presenterView.removeFromSuperview() }
            if !done { vc.endCustomPresentation(presenter: self) }
            animator?.animationEnded(done)
            completion?()
        }
        // Without an animator (a presentation controller alone) the view slides up into its frame.
        var slideFrom: CGRect?
        if animator == nil {
            let final = t.finalFrame(for: vc)
            vc.view.frame = final.offsetBy(dx: 0, dy: container.bounds.height - final.minY)
            slideFrom = final
            container.addSubview(vc.view)
        }
        if let animator, let interaction = td.interactionControllerForPresentation(using: animator) {
            t.interaction = interaction
            t.pendingAnimator = animator
            interaction.startInteractiveTransition(t)
        } else {
            t.run(animator, orMove: vc.view, to: slideFrom ?? .zero)
        }
        return true
    }

    /// Takes a custom presentation's views away, puts the presenting view back where it stood
    /// before the presentation, and lets the presenter let go of this one.
    func endCustomPresentation(presenter: UIViewController) {
        if let (home, index) = customPresentation?.presenterHome, presenter.controller.view.superview !== home {
            home.insertSubview(presenter.controller.view, at: min(index, home.subviews.count))
        }
        viewIfLoaded?.removeFromSuperview()
        customPresentation?.container.removeFromSuperview()
        customPresentation = nil
        presenter.retainedPresented = nil
    }

    /// Dismisses a controller presented by a custom transition: by the delegate's dismissal
    /// animator, or by sliding it down.
    func dismissCustom(_ vc: UIViewController, presenter: UIViewController, animated: Bool, completion: (() -> Void)?) {
        guard let (container, presentation, _) = vc.customPresentation,
              presenter.controller.beginExternalDismissal(of: vc.controller) else { completion?(); return }
        let animator = vc.transitioningDelegate?.animationController(forDismissed: vc)
        let t = CustomTransition(container: container as! TransitionContainerView, from: vc, to: presenter, presented: vc,
                                 presentation: presentation, animated: animated)
        t.duration = animator?.transitionDuration(using: t) ?? 0.3
        vc.runningTransition = t
        vc.controller.beginAppearanceTransition(false, animated: animated)
        presentation?.dismissalTransitionWillBegin()
        t.onComplete = { [weak presenter, weak vc] done in
            guard let presenter, let vc else { return }
            vc.runningTransition = nil
            presentation?.dismissalTransitionDidEnd(done)
            presenter.controller.endExternalDismissal(of: vc.controller, completed: done)
            if done { vc.endCustomPresentation(presenter: presenter) }
            vc.controller.endAppearanceTransition()
            animator?.animationEnded(done)
            completion?()
        }
        let v = vc.view!
        if let animator, let interaction = vc.transitioningDelegate?.interactionControllerForDismissal(using: animator) {
            t.interaction = interaction
            t.pendingAnimator = animator
            interaction.startInteractiveTransition(t)
        } else {
            t.run(animator, orMove: v, to: v.frame.offsetBy(dx: 0, dy: container.bounds.height - v.frame.minY))
        }
    }
}

/// What drives an interactive transition, as UIKit's protocol.
@preconcurrency @MainActor
public protocol UIViewControllerInteractiveTransitioning: AnyObject {
    /// `UIViewControllerInteractiveTransitioning.startInteractiveTransition(_:)`: the transition began;
    /// drive it with the context.
    func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning)
    /// `UIViewControllerInteractiveTransitioning.completionSpeed`: how fast the rest runs (1: as is).
    var completionSpeed: CGFloat { get }
    /// `UIViewControllerInteractiveTransitioning.completionCurve`: the curve of the rest.
    var completionCurve: UIView.AnimationCurve { get }
    /// `UIViewControllerInteractiveTransitioning.wantsInteractiveStart`: whether it starts interactive.
    var wantsInteractiveStart: Bool { get }
}
extension UIViewControllerInteractiveTransitioning {
    /// 1 by default.
    public var completionSpeed: CGFloat { 1 }
    /// Ease in and out by default.
    public var completionCurve: UIView.AnimationCurve { .easeInOut }
    /// True by default.
    public var wantsInteractiveStart: Bool { true }
}

/// An interaction controller driven by a gesture's progress, as
/// `UIPercentDrivenInteractiveTransition`: `update(_:)` as the finger moves, then `finish()` or
/// `cancel()`. The animator runs at once on the container's paused layer time, which
/// `update(_:)` sets; `finish()` runs the animations on and `cancel()` runs them back. Partial:
/// `completionCurve` and `timingCurve` do not shape the rest of the run (it keeps the
/// animations' own curves).
@preconcurrency @MainActor
open class UIPercentDrivenInteractiveTransition: NSObject, UIViewControllerInteractiveTransitioning {
    /// `UIPercentDrivenInteractiveTransition.completionSpeed`: how fast the rest runs after `finish()`
    /// or `cancel()` (1: as is).
    open var completionSpeed: CGFloat = 1
    /// `UIPercentDrivenInteractiveTransition.completionCurve`: stored only.
    open var completionCurve: UIView.AnimationCurve = .easeInOut
    /// `UIPercentDrivenInteractiveTransition.wantsInteractiveStart`: stored only.
    open var wantsInteractiveStart = true
    /// `UIPercentDrivenInteractiveTransition.timingCurve`: stored only.
    open var timingCurve: (any UITimingCurveProvider)?
    /// `UIPercentDrivenInteractiveTransition.percentComplete`: the progress last set (0...1).
    public private(set) var percentComplete: CGFloat = 0
    /// `UIPercentDrivenInteractiveTransition.duration`: the transition's duration, in seconds.
    open var duration: CGFloat { CGFloat(context?.transitionDuration ?? 0) }
    private weak var context: CustomTransition?

    public override init() { super.init() }
    /// Runs the transition's animator at once with its animations paused; ``update(_:)``
    /// scrubs them, ``finish()`` runs them on, ``cancel()`` runs them back (CA8).
    open func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {
        context = transitionContext as? CustomTransition
        context?.beginScrubbing()
        if !wantsInteractiveStart { finish() }
    }
    /// `UIPercentDrivenInteractiveTransition.update(_:)`: moves the transition to `percentComplete`
    /// (clamped to 0...1).
    open func update(_ percentComplete: CGFloat) {
        self.percentComplete = min(max(percentComplete, 0), 1)
        context?.updateInteractiveTransition(self.percentComplete)
    }
    /// `UIPercentDrivenInteractiveTransition.pause()`: holds the transition where it is.
    open func pause() { context?.pauseInteractiveTransition() }
    /// `UIPercentDrivenInteractiveTransition.finish()`: runs the rest to the end.
    open func finish() { context?.finishInteractiveTransition() }
    /// `UIPercentDrivenInteractiveTransition.cancel()`: runs back to the start.
    open func cancel() { context?.cancelInteractiveTransition() }
}

/// Calls `action` once, in the completions phase of the first frame where `layer`'s time is at
/// or below 0 (a cancelled interactive transition running back): an animation of `layer`
/// (AM3, key ``key``), advanced by the layer engine after that frame's animations, so a
/// property animator on that time has reached its start and ends there. Removed before, it
/// calls `action` then (the reversal is over).
@MainActor
final class TimeReachesZero: LayerMotionOwner {
    /// The key of its animation of the layer.
    static let key = "transitionReversal"
    let layer: Layer
    let engine: ObjectReference<LayerEngine>
    let action: () -> Void
    private var reference: ObjectReference<TimeReachesZero>?
    init(layer: Layer, engine: LayerEngine, action: @escaping () -> Void) {
        self.layer = layer
        self.engine = engine.reference
        self.action = action
        reference = ObjectReference(self)
    }

    isolated deinit {
        reference?.clear()
    }

    /// Begins watching the layer's time (from the running frame, or the next).
    func start() {
        guard let reference else { return }
        layer.addMotion(Animation(), forKey: Self.key, owner: reference)
    }

    /// The layer's own time is what it watches (its animation's time since it began is that
    /// time less where it began).
    func advanceMotion(to seconds: Double) -> Bool {
        guard let engine = engine.object else { return false }
        guard layer.localTime(forMediaTime: engine.frameTime) <= 0 else { return true }
        finish()
        return false
    }

    func motionWasRemoved(leavingEngine: Bool) { finish() }

    private func finish() {
        if let engine = engine.object { engine.enqueueCallback(action) } else { action() }
    }
}
