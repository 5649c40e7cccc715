import Geometry
import Motion
import Layers
import Timeline

extension UIView {
    /// `UIView.AnimationOptions`: the curve, repeat and autoreverse bits, begin-from-current-state
    /// and the inherited duration/curve overrides act; the rest are accepted.
    public struct AnimationOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)
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

    public struct KeyframeAnimationOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)
    }

    // MARK: Block animations (all of UIKit's forms)

    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
                              animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        View.animate(withDuration: duration, delay: delay, options: options.engine, curve: options.curve,
                     repeatCount: options.contains(.repeat) ? .infinity : 0, autoreverses: options.contains(.autoreverse),
                     animations: animations, completion: completion)
    }
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }
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

public enum UIViewAnimatingState: Int, Sendable { case inactive, active, stopped }
public enum UIViewAnimatingPosition: Int, Sendable { case end, start, current }

/// `UIViewAnimating`: what an interruptible animator answers (the property animator is the one
/// that conforms, over the engine's `PropertyAnimator`).
@preconcurrency @MainActor
public protocol UIViewAnimating: AnyObject {
    var state: UIViewAnimatingState { get }
    var isRunning: Bool { get }
    var isReversed: Bool { get set }
    var fractionComplete: CGFloat { get set }
    func startAnimation()
    func startAnimation(afterDelay delay: TimeInterval)
    func pauseAnimation()
    func stopAnimation(_ withoutFinishing: Bool)
    func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// `UIViewImplicitlyAnimating`: an animator that takes more animation blocks and completions
/// (a transition's `interruptibleAnimator(using:)` returns one).
@preconcurrency @MainActor
public protocol UIViewImplicitlyAnimating: UIViewAnimating {
    func addAnimations(_ animation: @escaping () -> Void)
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
    func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat)
}

public enum UITimingCurveType: Int, Sendable { case builtin, cubic, spring, composed }

/// `UITimingCurveProvider`: what a property animator's timing is made of.
public protocol UITimingCurveProvider {
    var timingCurveType: UITimingCurveType { get }
    var engineCurve: TimingCurve { get }
}

public final class UICubicTimingParameters: NSObject, UITimingCurveProvider, @unchecked Sendable {
    public let animationCurve: UIView.AnimationCurve
    public let controlPoint1: CGPoint
    public let controlPoint2: CGPoint
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
    public init(controlPoint1 p1: CGPoint, controlPoint2 p2: CGPoint) {
        animationCurve = .easeInOut; controlPoint1 = p1; controlPoint2 = p2
    }
    public override convenience init() { self.init(animationCurve: .easeInOut) }
    public var timingCurveType: UITimingCurveType { .cubic }
    public var engineCurve: TimingCurve {
        .cubicBezier(CubicBezier(controlPoint1.x.double, controlPoint1.y.double, controlPoint2.x.double, controlPoint2.y.double))
    }
}

public final class UISpringTimingParameters: NSObject, UITimingCurveProvider, @unchecked Sendable {
    public let initialVelocity: CGVector
    let spring: (dampingRatio: Double, response: Double?, mass: Double?, stiffness: Double?, damping: Double?)
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        initialVelocity = velocity; spring = (ratio.double, nil, nil, nil, nil)
    }
    public convenience init(dampingRatio ratio: CGFloat) { self.init(dampingRatio: ratio, initialVelocity: CGVector(dx: 0, dy: 0)) }
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        initialVelocity = velocity
        let ratio = damping.double / (2 * (stiffness.double * mass.double).squareRoot())
        spring = (ratio, 2 * .pi / (stiffness.double / mass.double).squareRoot(), mass.double, stiffness.double, damping.double)
    }
    public convenience init(duration: TimeInterval, bounce: CGFloat, initialVelocity: CGVector = CGVector(dx: 0, dy: 0)) {
        self.init(dampingRatio: 1 - max(0, min(1, bounce)), initialVelocity: initialVelocity)
    }
    public override convenience init() { self.init(dampingRatio: 1) }
    public var timingCurveType: UITimingCurveType { .spring }
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
    public enum AnimationCurve: Int, Sendable { case easeInOut, easeIn, easeOut, linear }
}

/// `UIViewPropertyAnimator`: the engine's `PropertyAnimator` (interactive, scrubbable,
/// reversible), with UIKit's initialisers.
@preconcurrency @MainActor
public final class UIViewPropertyAnimator: NSObject, UIViewImplicitlyAnimating {
    package let animator: PropertyAnimator
    public var timingParameters: (any UITimingCurveProvider)?

    public init(duration: TimeInterval, timingParameters parameters: any UITimingCurveProvider) {
        let curve = (parameters as? UISpringTimingParameters)?.curve(settlingIn: duration) ?? parameters.engineCurve
        animator = PropertyAnimator(duration: duration, curve: curve)
        timingParameters = parameters
    }
    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }
    public convenience init(duration: TimeInterval, controlPoint1 p1: CGPoint, controlPoint2 p2: CGPoint,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: p1, controlPoint2: p2))
        if let animations { addAnimations(animations) }
    }
    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }
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

    public var duration: TimeInterval { animator.duration }
    public var delay: TimeInterval = 0
    public var state: UIViewAnimatingState {
        switch animator.state { case .active: .active; case .stopped: .stopped; default: .inactive }
    }
    public var isRunning: Bool { animator.isRunning }
    public var isReversed: Bool { get { animator.isReversed } set { animator.isReversed = newValue } }
    public var fractionComplete: CGFloat {
        get { CGFloat(animator.fractionComplete) } set { animator.fractionComplete = newValue.double }
    }
    public var isInterruptible = true
    public var isUserInteractionEnabled = true
    public var isManualHitTestingEnabled = false
    public var scrubsLinearly = true
    public var pausesOnCompletion = false

    public func addAnimations(_ animation: @escaping () -> Void) { animator.addAnimations(animation) }
    public func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        animator.addAnimations(animation, delayFactor: delayFactor.double)
    }
    public func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        animator.addCompletion { p in completion(p == .end ? .end : p == .start ? .start : .current) }
    }
    public func startAnimation() { animator.startAnimation() }
    public func startAnimation(afterDelay delay: TimeInterval) {
        guard delay > 0, delay < 1e9, let loop = CAEngineHost.runLoop else { animator.startAnimation(); return }
        loop.schedule(after: .nanoseconds(Int64(delay * 1e9))) { [animator] in animator.startAnimation() }
    }
    public func pauseAnimation() { animator.pauseAnimation() }
    public func stopAnimation(_ withoutFinishing: Bool) { animator.stopAnimation(withoutFinishing) }
    public func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        animator.finishAnimation(at: finalPosition == .end ? .end : finalPosition == .start ? .start : .current)
    }
    public func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat) {
        animator.continueAnimation(withTimingParameters: parameters?.engineCurve, durationFactor: durationFactor.double)
    }
}
