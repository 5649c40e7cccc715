import Geometry
import Motion
import Layers
import Timeline

extension UIView {
    /// `UIView.AnimationOptions`: the curve, repeat and autoreverse bits, begin-from-current-state
    /// and the inherited duration/curve overrides act; the rest are accepted.
    public struct AnimationOptions: OptionSet, Hashable, Sendable {
        /// The options as UIKit's bits.
        public let rawValue: UInt
        /// The options whose bits `rawValue` sets.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Accepted; not passed to the engine (layout inside the block animates as any change does).
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        /// Accepted; not passed to the engine.
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Start from the current on-screen value: the engine's `.beginFromCurrentState`.
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Repeat forever: the engine animation's `repeatCount` of infinity.
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Run backwards after each forward run: the engine animation's `autoreverses`.
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// Ignore an enclosing animation's duration: the engine's `.overrideInheritedDuration`.
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        /// Ignore an enclosing animation's curve: the engine's `.overrideInheritedCurve`.
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        /// Accepted; not passed to the engine.
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        /// `transition(from:to:...)` hides and shows the views instead of removing and adding them.
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        /// Accepted; not passed to the engine.
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
        /// Ease in and out (the default): the engine's `.easeInOut` curve.
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        /// Ease in: the engine's `.easeIn` curve.
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Ease out: the engine's `.easeOut` curve.
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// Constant pace: the engine's `.linear` curve.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        /// Drawn as a cross-dissolve by `transition(with:...)`; there are no 3-D flips.
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        /// Drawn as a cross-dissolve by `transition(with:...)`; there are no 3-D flips.
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        /// Drawn as a cross-dissolve by `transition(with:...)`; there are no page curls.
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        /// Drawn as a cross-dissolve by `transition(with:...)`; there are no page curls.
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        /// A cross-dissolve: the engine's fade `TransitionAnimation`.
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        /// Drawn as a cross-dissolve by `transition(with:...)`; there are no 3-D flips.
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        /// Drawn as a cross-dissolve by `transition(with:...)`; there are no 3-D flips.
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)
        /// Accepted; animations run at the display's frame rate.
        public static let preferredFramesPerSecond60 = AnimationOptions(rawValue: 3 << 24)

        var curve: TimingCurve {
            switch (rawValue >> 16) & 3 {
            case 1: .easeIn
            case 2: .easeOut
            case 3: .linear
            default: .easeInOut
            }
        }
        var engine: Timeline.AnimationOptions {
            var o: Timeline.AnimationOptions = []
            if contains(.beginFromCurrentState) { o.insert(.beginFromCurrentState) }
            if contains(.overrideInheritedDuration) { o.insert(.overrideInheritedDuration) }
            if contains(.overrideInheritedCurve) { o.insert(.overrideInheritedCurve) }
            return o
        }
    }

    /// `UIView.KeyframeAnimationOptions`: options for `animateKeyframes`; only the calculation mode is
    /// passed to the engine.
    public struct KeyframeAnimationOptions: OptionSet, Hashable, Sendable {
        /// The options as UIKit's bits.
        public let rawValue: UInt
        /// The options whose bits `rawValue` sets.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Accepted; not passed to the engine.
        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        /// Accepted; not passed to the engine.
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        /// Accepted; not passed to the engine.
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        /// Accepted; not passed to the engine (keyframe animations do not repeat here).
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        /// Accepted; not passed to the engine (keyframe animations do not reverse here).
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        /// Accepted; not passed to the engine.
        public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
        /// Straight interpolation between keyframes: the engine's `.linear` (the default).
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        /// Jumps from keyframe to keyframe: the engine's `.discrete`.
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        /// Approximated by linear interpolation (no even pacing).
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        /// A smooth curve through the keyframes: the engine's `.cubic`.
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        /// Approximated by the cubic curve (no even pacing).
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)
    }

    // MARK: Block animations (all of UIKit's forms)

    /// `UIView.animate(withDuration:delay:options:animations:completion:)`: the engine's
    /// `View.animate` with the options' curve, repeat and autoreverse (seconds).
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
                              animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        View.animate(withDuration: duration, delay: delay, options: options.engine, curve: options.curve,
                     repeatCount: options.contains(.repeat) ? .infinity : 0, autoreverses: options.contains(.autoreverse),
                     animations: animations, completion: completion)
    }
    /// `UIView.animate(withDuration:animations:completion:)`: no delay, no options (seconds).
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }
    /// `UIView.animate(withDuration:animations:)`: no delay, no options, no completion (seconds).
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }
    /// A spring that settles within `duration` with UIKit's damping ratio; the velocity is in
    /// units of the whole change per second, as UIKit's.
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
                              initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
                              animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        let spring = springSettling(in: duration, dampingRatio: dampingRatio.double, velocity: velocity.double)
        View.animate(withDuration: duration, delay: delay, options: options.engine.union(.overrideInheritedCurve),
                     curve: .spring(spring), repeatCount: options.contains(.repeat) ? .infinity : 0,
                     autoreverses: options.contains(.autoreverse), animations: animations, completion: completion)
    }
    /// The iOS 17 spring form: a perceptual duration and a bounce.
    public class func animate(springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0, initialSpringVelocity: CGFloat = 0,
                              delay: TimeInterval = 0, options: AnimationOptions = [], animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        View.animate(springDuration: duration, bounce: bounce.double, initialSpringVelocity: initialSpringVelocity.double,
                     delay: delay, options: options.engine, animations: animations, completion: completion)
    }

    /// `UIView.animateKeyframes(withDuration:delay:options:animations:completion:)`: the engine's
    /// `View.animateKeyframes` with the options' calculation mode (seconds).
    public class func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval,
                                       options: KeyframeAnimationOptions = [], animations: @escaping () -> Void,
                                       completion: ((Bool) -> Void)? = nil) {
        let calc: KeyframeCalculation = switch (options.rawValue >> 10) & 7 {
        case 1: .discrete
        case 3, 4: .cubic
        default: .linear
        }
        View.animateKeyframes(withDuration: duration, delay: delay, calculation: calc, animations: animations, completion: completion)
    }
    /// `UIView.addKeyframe(withRelativeStartTime:relativeDuration:animations:)`: the engine's
    /// `View.addKeyframe`; start and duration are fractions (0...1) of the whole.
    public class func addKeyframe(withRelativeStartTime start: Double, relativeDuration: Double, animations: @escaping () -> Void) {
        View.addKeyframe(withRelativeStartTime: start, relativeDuration: relativeDuration, animations: animations)
    }

    /// Changes made in `actionsWithoutAnimation` happen at once, even inside an animation block.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        Transaction.begin()
        Transaction.setDisableActions(true)
        View.animate(withDuration: 0, options: [.overrideInheritedDuration], curve: .linear, animations: actionsWithoutAnimation)
        Transaction.commit()
    }

    /// A transition of `view`'s rendering: the cross-dissolve. Partial: flips and curls are drawn
    /// as a cross-dissolve (3D page curls are not built).
    public class func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                 animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let t = TransitionAnimation()
        t.duration = duration
        t.type = .fade
        t.timingFunction = MediaTimingFunction(name: .easeInEaseOut)
        if let completion { t.delegate = CompletionDelegate(completion) }
        view.view.layer.add(t, forKey: TransitionAnimation.key)
        animations?()
    }
    /// `UIView.transition(from:to:duration:options:completion:)`: a cross-dissolve on `fromView`'s
    /// superview: `toView` replaces it (or the two are hidden and shown with `.showHideTransitionViews`);
    /// completes with false when `fromView` has no superview.
    public class func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval,
                                 options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        guard let container = fromView.superview else { completion?(false); return }
        transition(with: container, duration: duration, options: options, animations: {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else {
                container.insertSubview(toView, aboveSubview: fromView)
                fromView.removeFromSuperview()
            }
        }, completion: completion)
    }

    /// A damped spring that settles within `duration`.
    nonisolated static func springSettling(in duration: Double, dampingRatio: Double, velocity: Double) -> Spring {
        let ratio = min(max(dampingRatio, 0.01), 1)
        let unit = Spring(dampingRatio: ratio, response: 1, initialVelocity: velocity)
        let response = unit.settlingDuration > 0 ? max(0.01, duration / unit.settlingDuration) : max(0.01, duration)
        return Spring(dampingRatio: ratio, response: response, initialVelocity: velocity)
    }
}

/// Calls a completion when an engine layer animation stops.
final class CompletionDelegate: AnimationDelegate {
    let completion: (Bool) -> Void
    init(_ completion: @escaping (Bool) -> Void) { self.completion = completion }
    func animationDidStart(_ animation: Animation) {}
    func animationDidStop(_ animation: Animation, finished: Bool) { completion(finished) }
}

// MARK: - Property animators

/// `UIViewAnimatingState`: an animator's state: inactive, active (running or paused), or stopped.
public enum UIViewAnimatingState: Int, Sendable { case inactive, active, stopped }
/// `UIViewAnimatingPosition`: where an animator ended: at the end, the start, or where it was.
public enum UIViewAnimatingPosition: Int, Sendable { case end, start, current }

/// `UIViewAnimating`: what an interruptible animator answers (the property animator is the one
/// that conforms, over the engine's `PropertyAnimator`).
@preconcurrency @MainActor
public protocol UIViewAnimating: AnyObject {
    /// `UIViewAnimating.state`: inactive, active or stopped.
    var state: UIViewAnimatingState { get }
    /// `UIViewAnimating.isRunning`: whether the animation is running (not paused).
    var isRunning: Bool { get }
    /// `UIViewAnimating.isReversed`: whether the animation runs towards its start.
    var isReversed: Bool { get set }
    /// `UIViewAnimating.fractionComplete`: progress, 0...1.
    var fractionComplete: CGFloat { get set }
    /// `UIViewAnimating.startAnimation()`: starts or resumes the animation.
    func startAnimation()
    /// `UIViewAnimating.startAnimation(afterDelay:)`: starts it after `delay` seconds.
    func startAnimation(afterDelay delay: TimeInterval)
    /// `UIViewAnimating.pauseAnimation()`: pauses it where it is.
    func pauseAnimation()
    /// `UIViewAnimating.stopAnimation(_:)`: stops it where it is.
    func stopAnimation(_ withoutFinishing: Bool)
    /// `UIViewAnimating.finishAnimation(at:)`: ends a stopped animation at `finalPosition`.
    func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// `UIViewImplicitlyAnimating`: an animator that takes more animation blocks and completions
/// (a transition's `interruptibleAnimator(using:)` returns one).
@preconcurrency @MainActor
public protocol UIViewImplicitlyAnimating: UIViewAnimating {
    /// `UIViewImplicitlyAnimating.addAnimations(_:)`: adds a block of changes to animate.
    func addAnimations(_ animation: @escaping () -> Void)
    /// `UIViewImplicitlyAnimating.addAnimations(_:delayFactor:)`: adds a block starting later, at
    /// `delayFactor` (0...1) of the duration.
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
    /// `UIViewImplicitlyAnimating.addCompletion(_:)`: adds a block run when the animation ends.
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
    /// `UIViewImplicitlyAnimating.continueAnimation(withTimingParameters:durationFactor:)`: resumes a
    /// paused animation with new timing.
    func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat)
}

/// `UITimingCurveType`: what a timing provider is: built-in, cubic, spring, or both.
public enum UITimingCurveType: Int, Sendable { case builtin, cubic, spring, composed }

/// `UITimingCurveProvider`: what a property animator's timing is made of.
public protocol UITimingCurveProvider {
    /// `UITimingCurveProvider.timingCurveType`: the kind of curve.
    var timingCurveType: UITimingCurveType { get }
    /// Not UIKit: the engine's `TimingCurve` this provider stands for.
    var engineCurve: TimingCurve { get }
}

/// `UICubicTimingParameters`: a cubic Bézier timing curve; the engine's `.cubicBezier` curve.
public final class UICubicTimingParameters: NSObject, UITimingCurveProvider, @unchecked Sendable {
    /// `UICubicTimingParameters.animationCurve`: the named curve (`.easeInOut` for control points).
    public let animationCurve: UIView.AnimationCurve
    /// `UICubicTimingParameters.controlPoint1`: the first control point, in the unit square.
    public let controlPoint1: CGPoint
    /// `UICubicTimingParameters.controlPoint2`: the second control point, in the unit square.
    public let controlPoint2: CGPoint
    /// `UICubicTimingParameters(animationCurve:)`: the control points of a named curve.
    public init(animationCurve curve: UIView.AnimationCurve) {
        animationCurve = curve
        let b: CubicBezier = switch curve {
        case .easeIn: CubicBezier(0.42, 0, 1, 1)
        case .easeOut: CubicBezier(0, 0, 0.58, 1)
        case .linear: CubicBezier(0, 0, 1, 1)
        default: CubicBezier(0.42, 0, 0.58, 1)
        }
        controlPoint1 = CGPoint(x: b.x1, y: b.y1); controlPoint2 = CGPoint(x: b.x2, y: b.y2)
    }
    /// `UICubicTimingParameters(controlPoint1:controlPoint2:)`: a curve from (0, 0) to (1, 1) through
    /// these points.
    public init(controlPoint1 p1: CGPoint, controlPoint2 p2: CGPoint) {
        animationCurve = .easeInOut; controlPoint1 = p1; controlPoint2 = p2
    }
    public override convenience init() { self.init(animationCurve: .easeInOut) }
    /// `.cubic`.
    public var timingCurveType: UITimingCurveType { .cubic }
    /// The engine's `.cubicBezier` curve of the two control points.
    public var engineCurve: TimingCurve {
        .cubicBezier(CubicBezier(controlPoint1.x.double, controlPoint1.y.double, controlPoint2.x.double, controlPoint2.y.double))
    }
}

/// `UISpringTimingParameters`: a spring timing curve; the engine's `.spring` curve.
public final class UISpringTimingParameters: NSObject, UITimingCurveProvider, @unchecked Sendable {
    /// `UISpringTimingParameters.initialVelocity`: the start velocity; only `dx` reaches the engine.
    public let initialVelocity: CGVector
    let spring: (dampingRatio: Double, response: Double?, mass: Double?, stiffness: Double?, damping: Double?)
    /// `UISpringTimingParameters(dampingRatio:initialVelocity:)`: a spring of `ratio` (1 no overshoot).
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        initialVelocity = velocity; spring = (ratio.double, nil, nil, nil, nil)
    }
    /// `UISpringTimingParameters(dampingRatio:)`: a spring of `ratio` starting at rest.
    public convenience init(dampingRatio ratio: CGFloat) { self.init(dampingRatio: ratio, initialVelocity: CGVector(dx: 0, dy: 0)) }
    /// `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`: a spring of these physical
    /// values, turned into a damping ratio and response.
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        initialVelocity = velocity
        let ratio = damping.double / (2 * (stiffness.double * mass.double).squareRoot())
        spring = (ratio, 2 * .pi / (stiffness.double / mass.double).squareRoot(), mass.double, stiffness.double, damping.double)
    }
    /// `UISpringTimingParameters(duration:bounce:initialVelocity:)`: approximated — a damping ratio of
    /// 1 - `bounce` (clamped to 0...1); the animator's duration is used.
    public convenience init(duration: TimeInterval, bounce: CGFloat, initialVelocity: CGVector = CGVector(dx: 0, dy: 0)) {
        self.init(dampingRatio: 1 - max(0, min(1, bounce)), initialVelocity: initialVelocity)
    }
    public override convenience init() { self.init(dampingRatio: 1) }
    /// `.spring`.
    public var timingCurveType: UITimingCurveType { .spring }
    /// The engine's `.spring` curve (damping ratio, response in seconds, velocity).
    public var engineCurve: TimingCurve {
        .spring(Spring(dampingRatio: max(0.01, spring.dampingRatio), response: spring.response ?? 0.5,
                       initialVelocity: initialVelocity.dx.double))
    }
    /// For the duration-based initialiser: a spring that settles within `duration`.
    func curve(settlingIn duration: Double) -> TimingCurve {
        if spring.response != nil { return engineCurve }
        return .spring(UIView.springSettling(in: duration, dampingRatio: spring.dampingRatio, velocity: initialVelocity.dx.double))
    }
}

extension UIView {
    /// `UIView.AnimationCurve`: ease in and out, ease in, ease out, or linear.
    public enum AnimationCurve: Int, Sendable { case easeInOut, easeIn, easeOut, linear }
}

/// `UIViewPropertyAnimator`: the engine's `PropertyAnimator` (interactive, scrubbable,
/// reversible), with UIKit's initialisers.
@preconcurrency @MainActor
public final class UIViewPropertyAnimator: NSObject, UIViewImplicitlyAnimating {
    package let animator: PropertyAnimator
    /// `UIViewPropertyAnimator.timingParameters`: the provider the animator was made with.
    public var timingParameters: (any UITimingCurveProvider)?

    /// `UIViewPropertyAnimator(duration:timingParameters:)`: an engine `PropertyAnimator` of `duration`
    /// seconds and the provider's curve (a spring settles within the duration).
    public init(duration: TimeInterval, timingParameters parameters: any UITimingCurveProvider) {
        let curve = (parameters as? UISpringTimingParameters)?.curve(settlingIn: duration) ?? parameters.engineCurve
        animator = PropertyAnimator(duration: duration, curve: curve)
        timingParameters = parameters
    }
    /// `UIViewPropertyAnimator(duration:curve:animations:)`: a named cubic curve, `duration` seconds.
    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }
    /// `UIViewPropertyAnimator(duration:controlPoint1:controlPoint2:animations:)`: a cubic Bézier curve.
    public convenience init(duration: TimeInterval, controlPoint1 p1: CGPoint, controlPoint2 p2: CGPoint,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: p1, controlPoint2: p2))
        if let animations { addAnimations(animations) }
    }
    /// `UIViewPropertyAnimator(duration:dampingRatio:animations:)`: a spring of `ratio`.
    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }
    /// `UIViewPropertyAnimator.runningPropertyAnimator(withDuration:delay:options:animations:completion:)`:
    /// an animator with the options' curve, started after `delay` seconds (other options are ignored).
    @discardableResult
    public static func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval,
                                               options: UIView.AnimationOptions, animations: @escaping () -> Void,
                                               completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> UIViewPropertyAnimator {
        let a = UIViewPropertyAnimator(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: {
            switch (options.rawValue >> 16) & 3 { case 1: .easeIn; case 2: .easeOut; case 3: .linear; default: .easeInOut }
        }()))
        a.addAnimations(animations)
        if let completion { a.addCompletion(completion) }
        a.startAnimation(afterDelay: delay)
        return a
    }

    /// `UIViewPropertyAnimator.duration`: the engine animator's `duration`, in seconds.
    public var duration: TimeInterval { animator.duration }
    /// `UIViewPropertyAnimator.delay`: stored only; `startAnimation(afterDelay:)` takes the delay.
    public var delay: TimeInterval = 0
    /// `UIViewPropertyAnimator.state`: the engine animator's `state`.
    public var state: UIViewAnimatingState {
        switch animator.state { case .active: .active; case .stopped: .stopped; default: .inactive }
    }
    /// `UIViewPropertyAnimator.isRunning`: the engine animator's `isRunning`.
    public var isRunning: Bool { animator.isRunning }
    /// `UIViewPropertyAnimator.isReversed`: the engine animator's `isReversed`.
    public var isReversed: Bool { get { animator.isReversed } set { animator.isReversed = newValue } }
    /// `UIViewPropertyAnimator.fractionComplete`: the engine animator's `fractionComplete` (0...1).
    public var fractionComplete: CGFloat {
        get { CGFloat(animator.fractionComplete) } set { animator.fractionComplete = newValue.double }
    }
    /// `UIViewPropertyAnimator.isInterruptible`: stored only.
    public var isInterruptible = true
    /// `UIViewPropertyAnimator.isUserInteractionEnabled`: stored only.
    public var isUserInteractionEnabled = true
    /// `UIViewPropertyAnimator.isManualHitTestingEnabled`: stored only.
    public var isManualHitTestingEnabled = false
    /// `UIViewPropertyAnimator.scrubsLinearly`: stored only.
    public var scrubsLinearly = true
    /// `UIViewPropertyAnimator.pausesOnCompletion`: stored only; the animator finishes at its end.
    public var pausesOnCompletion = false

    /// `UIViewPropertyAnimator.addAnimations(_:)`: the engine animator's `addAnimations(_:)`.
    public func addAnimations(_ animation: @escaping () -> Void) { animator.addAnimations(animation) }
    /// `UIViewPropertyAnimator.addAnimations(_:delayFactor:)`: the engine animator's, `delayFactor` 0...1.
    public func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        animator.addAnimations(animation, delayFactor: delayFactor.double)
    }
    /// `UIViewPropertyAnimator.addCompletion(_:)`: the engine animator's `addCompletion(_:)`.
    public func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        animator.addCompletion { p in completion(p == .end ? .end : p == .start ? .start : .current) }
    }
    /// `UIViewPropertyAnimator.startAnimation()`: the engine animator's `startAnimation()`.
    public func startAnimation() { animator.startAnimation() }
    /// `UIViewPropertyAnimator.startAnimation(afterDelay:)`: starts on the run loop after `delay`
    /// seconds (at once without a run loop).
    public func startAnimation(afterDelay delay: TimeInterval) {
        guard delay > 0, delay < 1e9, let loop = CAEngineHost.runLoop else { animator.startAnimation(); return }
        loop.schedule(after: .nanoseconds(Int64(delay * 1e9))) { [animator] in animator.startAnimation() }
    }
    /// `UIViewPropertyAnimator.pauseAnimation()`: the engine animator's `pauseAnimation()`.
    public func pauseAnimation() { animator.pauseAnimation() }
    /// `UIViewPropertyAnimator.stopAnimation(_:)`: the engine animator's `stopAnimation(_:)`.
    public func stopAnimation(_ withoutFinishing: Bool) { animator.stopAnimation(withoutFinishing) }
    /// `UIViewPropertyAnimator.finishAnimation(at:)`: the engine animator's `finishAnimation(at:)`.
    public func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        animator.finishAnimation(at: finalPosition == .end ? .end : finalPosition == .start ? .start : .current)
    }
    /// `UIViewPropertyAnimator.continueAnimation(withTimingParameters:durationFactor:)`: the engine
    /// animator's, with the provider's engine curve.
    public func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat) {
        animator.continueAnimation(withTimingParameters: parameters?.engineCurve, durationFactor: durationFactor.double)
    }
}
