import Geometry
import RenderModel
import Layers
import Motion

/// `CFTimeInterval`: a duration or time in seconds.
public typealias CFTimeInterval = Double

/// `CAMediaTimingFunctionName`.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    /// Core Animation's string for the name.
    public let rawValue: String
    /// The name of Core Animation's string `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Constant pace: the engine's `MediaTimingFunction` `.linear`.
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    /// Starts slow: the engine's `.easeIn` curve.
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    /// Ends slow: the engine's `.easeOut` curve.
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    /// Starts and ends slow: the engine's `.easeInEaseOut` curve.
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// The default curve for implicit animations: the engine's `.default`.
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// `CAMediaTimingFunction`: a cubic Bézier timing curve.
public final class CAMediaTimingFunction: NSObject, @unchecked Sendable {
    package let function: MediaTimingFunction
    /// `CAMediaTimingFunction(name:)`: the engine's named curve (an unknown name is the default one).
    public init(name: CAMediaTimingFunctionName) {
        function = MediaTimingFunction(name: MediaTimingFunction.Name(rawValue: name.rawValue) ?? .default)
    }
    /// `CAMediaTimingFunction(controlPoints:_:_:_:)`: the engine's cubic Bézier from (0, 0) through the
    /// two control points to (1, 1).
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        function = MediaTimingFunction(controlPoints: c1x, c1y, c2x, c2y)
    }
    package init(_ f: MediaTimingFunction) { function = f }
    /// `CAMediaTimingFunction.getControlPoint(at:values:)`: writes the x and y of control point `index`
    /// (0...3) into `ptr`.
    public func getControlPoint(at index: Int, values ptr: UnsafeMutablePointer<Float>) {
        let p = function.controlPoint(at: index)
        ptr[0] = Float(p.x); ptr[1] = Float(p.y)
    }
}

/// `CAMediaTimingFillMode`.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    /// Core Animation's string for the mode.
    public let rawValue: String
    /// The mode of Core Animation's string `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The animation's effect goes when it is not running: the engine's `.removed`.
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// The last value stays after the end: the engine's `.forwards`.
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// The first value shows before the start: the engine's `.backwards`.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// Both forwards and backwards: the engine's `.both`.
    public static let both = CAMediaTimingFillMode(rawValue: "both")
    var engine: MediaTimingFillMode { MediaTimingFillMode(rawValue: rawValue) ?? .removed }
}

/// `CAAnimationDelegate`.
@preconcurrency @MainActor
public protocol CAAnimationDelegate: AnyObject {
    /// `CAAnimationDelegate.animationDidStart(_:)`: the engine animation started.
    func animationDidStart(_ anim: CAAnimation)
    /// `CAAnimationDelegate.animationDidStop(_:finished:)`: the engine animation stopped; `flag` is
    /// false when it was removed before its end.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}
extension CAAnimationDelegate {
    /// Does nothing by default.
    public func animationDidStart(_ anim: CAAnimation) {}
    /// Does nothing by default.
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// Passes the engine's start and stop to a `CAAnimationDelegate` with the facade animation.
/// The engine's running copy holds it, and it holds the facade copy the layer added.
final class DelegateBridge: AnimationDelegate {
    let animation: CAAnimation
    let delegate: any CAAnimationDelegate
    /// Called once the animation stopped (after the delegate): the layer forgets its facade copy,
    /// which retains the delegate, so the delegate goes when the animation ends (MR3).
    var didStop: (@MainActor () -> Void)?
    init(animation: CAAnimation, delegate: any CAAnimationDelegate) { self.animation = animation; self.delegate = delegate }
    func animationDidStart(_ a: Animation) { delegate.animationDidStart(animation) }
    func animationDidStop(_ a: Animation, finished: Bool) {
        delegate.animationDidStop(animation, finished: finished)
        didStop?()
        didStop = nil
    }
}

/// `CAAnimation`: a facade over one engine ``Animation``, whose timing properties are the
/// engine's. Adding it to a layer adds a copy (as Core Animation copies).
@preconcurrency @MainActor
open class CAAnimation: NSObject, NSCopying, CAAction {
    /// The engine animation this one stands for (of the kind ``makeEngine()`` makes).
    package internal(set) var animation: Animation
    /// Retained, as Core Animation retains its delegate.
    open var delegate: (any CAAnimationDelegate)?
    private var keyed: [String: Any] = [:]

    public required override init() {
        animation = Self.makeEngine()
        super.init()
    }
    /// The engine animation a new facade animation of this class stands for.
    class func makeEngine() -> Animation { Animation() }

    /// `CAAnimation.copy(with:)`: a new animation of the same class over a copy of the engine animation,
    /// with the same delegate.
    open func copy(with zone: NSZone? = nil) -> Any {
        let c = type(of: self).init()
        c.animation = animation.copy()
        c.delegate = delegate
        c.keyed = keyed
        c.didCopy(from: self)
        return c
    }
    /// Copies what the facade keeps besides the engine animation (a group's children).
    func didCopy(from other: CAAnimation) {}

    /// A facade of the class matching `engine`'s kind, standing for it (for animations the
    /// engine made: a view block's, listed on its layer).
    static func wrapping(_ engine: Animation) -> CAAnimation {
        let facade: CAAnimation = switch engine {
        case is SpringAnimation: CASpringAnimation()
        case is BasicAnimation: CABasicAnimation()
        case is KeyframeAnimation: CAKeyframeAnimation()
        case is PropertyAnimation: CAPropertyAnimation()
        default: CAAnimation()
        }
        facade.animation = engine
        return facade
    }

    /// `CAAnimation.beginTime`: the engine animation's `beginTime`, in seconds.
    open var beginTime: CFTimeInterval { get { animation.beginTime } set { animation.beginTime = newValue } }
    /// `CAAnimation.duration`: the engine animation's `duration`, in seconds.
    open var duration: CFTimeInterval { get { animation.duration } set { animation.duration = newValue } }
    /// `CAAnimation.speed`: the engine animation's `speed` (1 is real time).
    open var speed: Float { get { Float(animation.speed) } set { animation.speed = Double(newValue) } }
    /// `CAAnimation.timeOffset`: the engine animation's `timeOffset`, in seconds.
    open var timeOffset: CFTimeInterval { get { animation.timeOffset } set { animation.timeOffset = newValue } }
    /// `CAAnimation.repeatCount`: the engine animation's `repeatCount` (may be fractional).
    open var repeatCount: Float { get { Float(animation.repeatCount) } set { animation.repeatCount = Double(newValue) } }
    /// `CAAnimation.repeatDuration`: the engine animation's `repeatDuration`, in seconds.
    open var repeatDuration: CFTimeInterval { get { animation.repeatDuration } set { animation.repeatDuration = newValue } }
    /// `CAAnimation.autoreverses`: the engine animation's `autoreverses`.
    open var autoreverses: Bool { get { animation.autoreverses } set { animation.autoreverses = newValue } }
    /// `CAAnimation.fillMode`: the engine animation's `fillMode`.
    open var fillMode: CAMediaTimingFillMode {
        get { CAMediaTimingFillMode(rawValue: animation.fillMode.rawValue) } set { animation.fillMode = newValue.engine }
    }
    /// `CAAnimation.timingFunction`: the engine animation's `timingFunction`.
    open var timingFunction: CAMediaTimingFunction? {
        get { animation.timingFunction.map(CAMediaTimingFunction.init) } set { animation.timingFunction = newValue?.function }
    }
    /// `CAAnimation.isRemovedOnCompletion`: the engine animation's `isRemovedOnCompletion`.
    open var isRemovedOnCompletion: Bool {
        get { animation.isRemovedOnCompletion } set { animation.isRemovedOnCompletion = newValue }
    }

    // Tags set with KVC (`anim.setValue("spin", forKey: "id")`) are kept, copied and read back.
    /// `CAAnimation.setValue(_:forKey:)`: keeps `value` under `key` on the facade animation.
    open func setValue(_ value: Any?, forKey key: String) { keyed[key] = value }
    /// `CAAnimation.value(forKey:)`: the value kept under `key`; nil when none.
    open func value(forKey key: String) -> Any? { keyed[key] }
    /// `CAAnimation.defaultValue(forKey:)`: nil for every key.
    open class func defaultValue(forKey key: String) -> Any? { nil }

    /// As an action: added to the layer under the event's key.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }
}

/// `CAPropertyAnimation`: an animation of one key path of a layer; the engine's `PropertyAnimation`.
@preconcurrency @MainActor
open class CAPropertyAnimation: CAAnimation {
    private var property: PropertyAnimation { animation as! PropertyAnimation }
    override class func makeEngine() -> Animation { PropertyAnimation() }
    /// `CAPropertyAnimation(keyPath:)`: an animation of `path` ("opacity", "position.x"...).
    public convenience init(keyPath path: String?) { self.init(); keyPath = path }
    /// `CAPropertyAnimation.keyPath`: the engine animation's `keyPath`.
    open var keyPath: String? { get { property.keyPath } set { property.keyPath = newValue } }
    /// `CAPropertyAnimation.isAdditive`: the engine animation's `isAdditive`: values add to the layer's.
    open var isAdditive: Bool { get { property.isAdditive } set { property.isAdditive = newValue } }
    /// `CAPropertyAnimation.isCumulative`: the engine animation's `isCumulative`: repeats build on the
    /// last one's end.
    open var isCumulative: Bool { get { property.isCumulative } set { property.isCumulative = newValue } }
    /// A value function makes a transform animation's numbers a rotation, scale or
    /// translation: the animation then animates that sub-path of "transform" (what the
    /// function computes, as "transform.rotation.z" does). Partial: the 3-component functions
    /// (`scale`, `translate`) animate x alone.
    open var valueFunction: CAValueFunction? {
        didSet {
            guard let f = valueFunction, let path = keyPath, path == "transform" || path == "sublayerTransform" else { return }
            keyPath = path + "." + f.subPath
        }
    }
}

/// A function from numbers to a transform, as `CAValueFunction` (for transform animations).
public final class CAValueFunction: NSObject, @unchecked Sendable {
    /// `CAValueFunction.Name`: which transform a value function makes of an animation's numbers.
    public struct Name: RawRepresentable, Hashable, Sendable {
        /// Core Animation's string for the name.
        public let rawValue: String
        /// The name of Core Animation's string `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Rotations about x, y and z (radians).
        public static let rotateX = Name(rawValue: "rotateX"), rotateY = Name(rawValue: "rotateY"), rotateZ = Name(rawValue: "rotateZ")
        /// Scaling on all axes, on x, and on y.
        public static let scale = Name(rawValue: "scale"), scaleX = Name(rawValue: "scaleX"), scaleY = Name(rawValue: "scaleY")
        /// Scaling on z, and translation on all axes.
        public static let scaleZ = Name(rawValue: "scaleZ"), translate = Name(rawValue: "translate")
        /// Translation on x and on y (points).
        public static let translateX = Name(rawValue: "translateX"), translateY = Name(rawValue: "translateY")
        /// Translation on z.
        public static let translateZ = Name(rawValue: "translateZ")
    }
    /// `CAValueFunction.name`: the function's name.
    public let name: Name
    /// `CAValueFunction(name:)`: the function of `name`; never nil here.
    public init?(name: Name) { self.name = name }
    /// The sub-path of "transform" the function stands for.
    var subPath: String {
        switch name {
        case .rotateX: "rotation.x"; case .rotateY: "rotation.y"; case .rotateZ: "rotation.z"
        case .scale: "scale"; case .scaleX: "scale.x"; case .scaleY: "scale.y"; case .scaleZ: "scale.z"
        case .translate, .translateX: "translation.x"; case .translateY: "translation.y"; case .translateZ: "translation.z"
        default: "rotation.z"
        }
    }
}

/// What layers and animations share of Core Animation's timing, as `CAMediaTiming`.
@preconcurrency @MainActor
public protocol CAMediaTiming: AnyObject {
    /// `CAMediaTiming.beginTime`: when the timing starts, in seconds.
    var beginTime: CFTimeInterval { get set }
    /// `CAMediaTiming.speed`: how fast local time runs (1 is real time).
    var speed: Float { get set }
    /// `CAMediaTiming.timeOffset`: an offset into local time, in seconds.
    var timeOffset: CFTimeInterval { get set }
}
extension CAAnimation: CAMediaTiming {}
extension CALayer: CAMediaTiming {}

/// `CABasicAnimation`: from, to and by values as UIKit code gives them (CGFloat, CGPoint,
/// CGColor, CATransform3D, CGPath...), converted to the engine's values as they are set.
@preconcurrency @MainActor
open class CABasicAnimation: CAPropertyAnimation {
    private var basic: BasicAnimation { animation as! BasicAnimation }
    override class func makeEngine() -> Animation { BasicAnimation() }
    /// `CABasicAnimation.fromValue`: the engine animation's `fromValue`, converted from the UIKit value.
    open var fromValue: Any? { get { facadeValue(basic.fromValue) } set { basic.fromValue = engineValue(newValue) } }
    /// `CABasicAnimation.toValue`: the engine animation's `toValue`, converted from the UIKit value.
    open var toValue: Any? { get { facadeValue(basic.toValue) } set { basic.toValue = engineValue(newValue) } }
    /// `CABasicAnimation.byValue`: the engine animation's `byValue`, converted from the UIKit value.
    open var byValue: Any? { get { facadeValue(basic.byValue) } set { basic.byValue = engineValue(newValue) } }
}

/// `CASpringAnimation`: the engine's damped spring; its duration is whatever you set (use
/// `settlingDuration` for the time it takes to settle).
@preconcurrency @MainActor
open class CASpringAnimation: CABasicAnimation {
    private var spring: SpringAnimation { animation as! SpringAnimation }
    override class func makeEngine() -> Animation { SpringAnimation() }
    /// `CASpringAnimation(perceptualDuration:bounce:)`: the engine spring's mass, stiffness and damping
    /// for that duration (seconds) and bounce (0 no bounce ... 1).
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let s = SpringAnimation(perceptualDuration: perceptualDuration, bounce: bounce.double)
        spring.mass = s.mass; spring.stiffness = s.stiffness; spring.damping = s.damping
    }
    /// `CASpringAnimation.mass`: the engine spring's `mass`.
    open var mass: CGFloat { get { CGFloat(spring.mass) } set { spring.mass = newValue.double } }
    /// `CASpringAnimation.stiffness`: the engine spring's `stiffness`.
    open var stiffness: CGFloat { get { CGFloat(spring.stiffness) } set { spring.stiffness = newValue.double } }
    /// `CASpringAnimation.damping`: the engine spring's `damping`.
    open var damping: CGFloat { get { CGFloat(spring.damping) } set { spring.damping = newValue.double } }
    /// `CASpringAnimation.initialVelocity`: the engine spring's `initialVelocity`.
    open var initialVelocity: CGFloat { get { CGFloat(spring.initialVelocity) } set { spring.initialVelocity = newValue.double } }
    /// `CASpringAnimation.allowsOverdamping`: the engine spring's `allowsOverdamping`.
    open var allowsOverdamping: Bool { get { spring.allowsOverdamping } set { spring.allowsOverdamping = newValue } }
    /// `CASpringAnimation.settlingDuration`: the engine spring's `settlingDuration`, in seconds.
    open var settlingDuration: CFTimeInterval { spring.settlingDuration }
    /// `CASpringAnimation.perceptualDuration`: the engine spring's `perceptualDuration`, in seconds.
    open var perceptualDuration: CFTimeInterval { spring.perceptualDuration }
    /// `CASpringAnimation.bounce`: the engine spring's `bounce`.
    open var bounce: CGFloat { CGFloat(spring.bounce) }
}

/// `CAAnimationCalculationMode` and `CAAnimationRotationMode`.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    /// Core Animation's string for the mode.
    public let rawValue: String
    /// The mode of Core Animation's string `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Straight interpolation between keyframes: the engine's `.linear`.
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// Jumps from value to value: the engine's `.discrete`.
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// An even pace over the whole path: the engine's `.paced`.
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// A smooth curve through the values: the engine's `.cubic` (Catmull-Rom).
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    /// A smooth curve at an even pace: the engine's `.cubicPaced`.
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}
/// `CAAnimationRotationMode`: whether a layer moved along a path turns to follow it.
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    /// Core Animation's string for the mode.
    public let rawValue: String
    /// The mode of Core Animation's string `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Turns along the path's tangent: the engine's `.rotateAuto`.
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    /// Turns along the tangent, plus a half turn: the engine's `.rotateAutoReverse`.
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// `CAKeyframeAnimation`: values through keyframes, or a path; the engine's `KeyframeAnimation`.
@preconcurrency @MainActor
open class CAKeyframeAnimation: CAPropertyAnimation {
    private var keyframes: KeyframeAnimation { animation as! KeyframeAnimation }
    override class func makeEngine() -> Animation { KeyframeAnimation() }
    /// `CAKeyframeAnimation.values`: the engine animation's `values`, converted from UIKit values.
    open var values: [Any]? {
        get { keyframes.values?.map { facadeValue($0) ?? $0 } } set { keyframes.values = newValue?.map { engineValue($0) ?? $0 } }
    }
    /// `CAKeyframeAnimation.path`: the engine animation's `path` for a point property, in points.
    open var path: CGPath? { get { keyframes.path.map(CGPath.init) } set { keyframes.path = newValue?.path } }
    /// `CAKeyframeAnimation.keyTimes`: the engine animation's `keyTimes` (0...1 of the duration).
    open var keyTimes: [NSNumber]? {
        get { keyframes.keyTimes?.map { NSNumber(value: $0) } } set { keyframes.keyTimes = newValue?.map(\.doubleValue) }
    }
    /// `CAKeyframeAnimation.timingFunctions`: the engine animation's `timingFunctions`, one a segment.
    open var timingFunctions: [CAMediaTimingFunction]? {
        get { keyframes.timingFunctions?.map(CAMediaTimingFunction.init) } set { keyframes.timingFunctions = newValue?.map(\.function) }
    }
    /// `CAKeyframeAnimation.calculationMode`: the engine animation's `calculationMode`.
    open var calculationMode: CAAnimationCalculationMode {
        get { CAAnimationCalculationMode(rawValue: keyframes.calculationMode.rawValue) }
        set { keyframes.calculationMode = CalculationMode(rawValue: newValue.rawValue) ?? .linear }
    }
    /// `CAKeyframeAnimation.rotationMode`: the engine animation's `rotationMode`; nil does not rotate.
    open var rotationMode: CAAnimationRotationMode? {
        get { keyframes.rotationMode.map { $0 == .rotateAutoReverse ? .rotateAutoReverse : .rotateAuto } }
        set { keyframes.rotationMode = newValue.map { $0 == .rotateAutoReverse ? .rotateAutoReverse : .rotateAuto } }
    }
    /// Kochanek-Bartels parameters are kept and not applied (cubic mode is Catmull-Rom).
    open var tensionValues: [NSNumber]?
    /// Kept and not applied (see `tensionValues`).
    open var continuityValues: [NSNumber]?
    /// Kept and not applied (see `tensionValues`).
    open var biasValues: [NSNumber]?
}

/// `CAAnimationGroup`: animations run together; the engine's `AnimationGroup`.
@preconcurrency @MainActor
open class CAAnimationGroup: CAAnimation {
    override class func makeEngine() -> Animation { AnimationGroup() }
    /// The children as given; the engine group runs their engine animations.
    open var animations: [CAAnimation]? {
        didSet { (animation as! AnimationGroup).animations = animations?.map(\.animation) }
    }
    override func didCopy(from other: CAAnimation) {
        // The engine copy copied the children; the facade children follow them.
        guard let o = other as? CAAnimationGroup, let engineChildren = (animation as! AnimationGroup).animations else { return }
        animations = zip(o.animations ?? [], engineChildren).map { facade, engine in
            let c = type(of: facade).init()
            c.animation = engine
            return c
        }
    }
}

/// `CATransitionType` and `CATransitionSubtype`.
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    /// Core Animation's string for the type.
    public let rawValue: String
    /// The type of Core Animation's string `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Cross-fade: the engine's `.fade`.
    public static let fade = CATransitionType(rawValue: "fade")
    /// The new content slides in over the old: the engine's `.moveIn`.
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    /// The new content pushes the old out: the engine's `.push`.
    public static let push = CATransitionType(rawValue: "push")
    /// The old content slides away: the engine's `.reveal`.
    public static let reveal = CATransitionType(rawValue: "reveal")
}
/// `CATransitionSubtype`: the direction of a moving transition; the engine's
/// `TransitionAnimation.Subtype`.
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    /// Core Animation's string for the subtype.
    public let rawValue: String
    /// The subtype of Core Animation's string `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// From the right edge.
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    /// From the left edge.
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    /// From the top edge.
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    /// From the bottom edge.
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}
/// `kCATransition` (the engine's `TransitionAnimation.key`).
public let kCATransition = "transition"

/// `CATransition`: an animated change of a layer's whole content; the engine's `TransitionAnimation`.
@preconcurrency @MainActor
open class CATransition: CAAnimation {
    private var transition: TransitionAnimation { animation as! TransitionAnimation }
    override class func makeEngine() -> Animation { TransitionAnimation() }
    /// `CATransition.type`: the engine transition's `type` (an unknown string is fade).
    open var type: CATransitionType {
        get { CATransitionType(rawValue: transition.type.rawValue) }
        set { transition.type = TransitionAnimation.Kind(rawValue: newValue.rawValue) ?? .fade }
    }
    /// `CATransition.subtype`: the engine transition's `subtype`.
    open var subtype: CATransitionSubtype? {
        get { transition.subtype.map { CATransitionSubtype(rawValue: $0.rawValue) } }
        set { transition.subtype = newValue.flatMap { TransitionAnimation.Subtype(rawValue: $0.rawValue) } }
    }
    /// `CATransition.startProgress`: the engine transition's `startProgress` (0...1).
    open var startProgress: Float { get { Float(transition.startProgress) } set { transition.startProgress = Double(newValue) } }
    /// `CATransition.endProgress`: the engine transition's `endProgress` (0...1).
    open var endProgress: Float { get { Float(transition.endProgress) } set { transition.endProgress = Double(newValue) } }
}

/// `CATransaction`: groups layer changes; its duration, timing function and disabling of
/// implicit animations are the engine's transaction's.
@preconcurrency @MainActor
public enum CATransaction {
    /// `CATransaction.begin()`: the engine's `Transaction.begin()`.
    public static func begin() { Transaction.begin() }
    /// `CATransaction.commit()`: the engine's `Transaction.commit()`.
    public static func commit() { Transaction.commit() }
    /// `CATransaction.flush()`: the engine's `Transaction.flush()`.
    public static func flush() { Transaction.flush() }
    /// `CATransaction.animationDuration()`: the engine transaction's duration, in seconds.
    public static func animationDuration() -> CFTimeInterval { Transaction.animationDuration() }
    /// `CATransaction.setAnimationDuration(_:)`: the engine transaction's duration, in seconds.
    public static func setAnimationDuration(_ d: CFTimeInterval) { Transaction.setAnimationDuration(d) }
    /// `CATransaction.animationTimingFunction()`: the engine transaction's timing function.
    public static func animationTimingFunction() -> CAMediaTimingFunction? { Transaction.animationTimingFunction().map(CAMediaTimingFunction.init) }
    /// `CATransaction.setAnimationTimingFunction(_:)`: the engine transaction's timing function.
    public static func setAnimationTimingFunction(_ f: CAMediaTimingFunction?) { Transaction.setAnimationTimingFunction(f?.function) }
    /// `CATransaction.disableActions()`: whether the engine transaction turns implicit animations off.
    public static func disableActions() -> Bool { Transaction.disableActions() }
    /// `CATransaction.setDisableActions(_:)`: turns the engine transaction's implicit animations off or on.
    public static func setDisableActions(_ flag: Bool) { Transaction.setDisableActions(flag) }
    /// `CATransaction.completionBlock()`: the engine transaction's completion block.
    public static func completionBlock() -> (() -> Void)? { Transaction.completionBlock() }
    /// `CATransaction.setCompletionBlock(_:)`: the engine transaction's completion block, run when its
    /// animations end.
    public static func setCompletionBlock(_ block: (() -> Void)?) { Transaction.setCompletionBlock(block) }
    /// `CATransaction.value(forKey:)`: the engine transaction's value for `key`.
    public static func value(forKey key: String) -> Any? { Transaction.value(forKey: key) }
    /// `CATransaction.setValue(_:forKey:)`: the engine transaction's value for `key`.
    public static func setValue(_ value: Any?, forKey key: String) { Transaction.setValue(value, forKey: key) }
}
