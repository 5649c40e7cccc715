import Geometry
import RenderModel
import Layers

public typealias CFTimeInterval = Double

/// `CAMediaTimingFunctionName`.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// `CAMediaTimingFunction`: a cubic Bézier timing curve.
public final class CAMediaTimingFunction: NSObject, @unchecked Sendable {
    package let function: MediaTimingFunction
    public init(name: CAMediaTimingFunctionName) {
        function = MediaTimingFunction(name: MediaTimingFunction.Name(rawValue: name.rawValue) ?? .default)
    }
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        function = MediaTimingFunction(controlPoints: c1x, c1y, c2x, c2y)
    }
    package init(_ f: MediaTimingFunction) { function = f }
    public func getControlPoint(at index: Int, values ptr: UnsafeMutablePointer<Float>) {
        let p = function.controlPoint(at: index)
        ptr[0] = Float(p.x); ptr[1] = Float(p.y)
    }
}

/// `CAMediaTimingFillMode`.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    public static let both = CAMediaTimingFillMode(rawValue: "both")
    var engine: MediaTimingFillMode { MediaTimingFillMode(rawValue: rawValue) ?? .removed }
}

/// `CAAnimationDelegate`.
@preconcurrency @MainActor
public protocol CAAnimationDelegate: AnyObject {
    func animationDidStart(_ anim: CAAnimation)
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}
extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
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

    open var beginTime: CFTimeInterval { get { animation.beginTime } set { animation.beginTime = newValue } }
    open var duration: CFTimeInterval { get { animation.duration } set { animation.duration = newValue } }
    open var speed: Float { get { Float(animation.speed) } set { animation.speed = Double(newValue) } }
    open var timeOffset: CFTimeInterval { get { animation.timeOffset } set { animation.timeOffset = newValue } }
    open var repeatCount: Float { get { Float(animation.repeatCount) } set { animation.repeatCount = Double(newValue) } }
    open var repeatDuration: CFTimeInterval { get { animation.repeatDuration } set { animation.repeatDuration = newValue } }
    open var autoreverses: Bool { get { animation.autoreverses } set { animation.autoreverses = newValue } }
    open var fillMode: CAMediaTimingFillMode {
        get { CAMediaTimingFillMode(rawValue: animation.fillMode.rawValue) } set { animation.fillMode = newValue.engine }
    }
    open var timingFunction: CAMediaTimingFunction? {
        get { animation.timingFunction.map(CAMediaTimingFunction.init) } set { animation.timingFunction = newValue?.function }
    }
    open var isRemovedOnCompletion: Bool {
        get { animation.isRemovedOnCompletion } set { animation.isRemovedOnCompletion = newValue }
    }

    // Tags set with KVC (`anim.setValue("spin", forKey: "id")`) are kept, copied and read back.
    open func setValue(_ value: Any?, forKey key: String) { keyed[key] = value }
    open func value(forKey key: String) -> Any? { keyed[key] }
    open class func defaultValue(forKey key: String) -> Any? { nil }

    /// As an action: added to the layer under the event's key.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }
}

@preconcurrency @MainActor
open class CAPropertyAnimation: CAAnimation {
    private var property: PropertyAnimation { animation as! PropertyAnimation }
    override class func makeEngine() -> Animation { PropertyAnimation() }
    public convenience init(keyPath path: String?) { self.init(); keyPath = path }
    open var keyPath: String? { get { property.keyPath } set { property.keyPath = newValue } }
    open var isAdditive: Bool { get { property.isAdditive } set { property.isAdditive = newValue } }
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
    public struct Name: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let rotateX = Name(rawValue: "rotateX"), rotateY = Name(rawValue: "rotateY"), rotateZ = Name(rawValue: "rotateZ")
        public static let scale = Name(rawValue: "scale"), scaleX = Name(rawValue: "scaleX"), scaleY = Name(rawValue: "scaleY")
        public static let scaleZ = Name(rawValue: "scaleZ"), translate = Name(rawValue: "translate")
        public static let translateX = Name(rawValue: "translateX"), translateY = Name(rawValue: "translateY")
        public static let translateZ = Name(rawValue: "translateZ")
    }
    public let name: Name
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
    var beginTime: CFTimeInterval { get set }
    var speed: Float { get set }
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
    open var fromValue: Any? { get { facadeValue(basic.fromValue) } set { basic.fromValue = engineValue(newValue) } }
    open var toValue: Any? { get { facadeValue(basic.toValue) } set { basic.toValue = engineValue(newValue) } }
    open var byValue: Any? { get { facadeValue(basic.byValue) } set { basic.byValue = engineValue(newValue) } }
}

/// `CASpringAnimation`: the engine's damped spring; its duration is whatever you set (use
/// `settlingDuration` for the time it takes to settle).
@preconcurrency @MainActor
open class CASpringAnimation: CABasicAnimation {
    private var spring: SpringAnimation { animation as! SpringAnimation }
    override class func makeEngine() -> Animation { SpringAnimation() }
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let s = SpringAnimation(perceptualDuration: perceptualDuration, bounce: bounce.double)
        spring.mass = s.mass; spring.stiffness = s.stiffness; spring.damping = s.damping
    }
    open var mass: CGFloat { get { CGFloat(spring.mass) } set { spring.mass = newValue.double } }
    open var stiffness: CGFloat { get { CGFloat(spring.stiffness) } set { spring.stiffness = newValue.double } }
    open var damping: CGFloat { get { CGFloat(spring.damping) } set { spring.damping = newValue.double } }
    open var initialVelocity: CGFloat { get { CGFloat(spring.initialVelocity) } set { spring.initialVelocity = newValue.double } }
    open var allowsOverdamping: Bool { get { spring.allowsOverdamping } set { spring.allowsOverdamping = newValue } }
    open var settlingDuration: CFTimeInterval { spring.settlingDuration }
    open var perceptualDuration: CFTimeInterval { spring.perceptualDuration }
    open var bounce: CGFloat { CGFloat(spring.bounce) }
}

/// `CAAnimationCalculationMode` and `CAAnimationRotationMode`.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

@preconcurrency @MainActor
open class CAKeyframeAnimation: CAPropertyAnimation {
    private var keyframes: KeyframeAnimation { animation as! KeyframeAnimation }
    override class func makeEngine() -> Animation { KeyframeAnimation() }
    open var values: [Any]? {
        get { keyframes.values?.map { facadeValue($0) ?? $0 } } set { keyframes.values = newValue?.map { engineValue($0) ?? $0 } }
    }
    open var path: CGPath? { get { keyframes.path.map(CGPath.init) } set { keyframes.path = newValue?.path } }
    open var keyTimes: [NSNumber]? {
        get { keyframes.keyTimes?.map { NSNumber(value: $0) } } set { keyframes.keyTimes = newValue?.map(\.doubleValue) }
    }
    open var timingFunctions: [CAMediaTimingFunction]? {
        get { keyframes.timingFunctions?.map(CAMediaTimingFunction.init) } set { keyframes.timingFunctions = newValue?.map(\.function) }
    }
    open var calculationMode: CAAnimationCalculationMode {
        get { CAAnimationCalculationMode(rawValue: keyframes.calculationMode.rawValue) }
        set { keyframes.calculationMode = CalculationMode(rawValue: newValue.rawValue) ?? .linear }
    }
    open var rotationMode: CAAnimationRotationMode? {
        get { keyframes.rotationMode.map { $0 == .rotateAutoReverse ? .rotateAutoReverse : .rotateAuto } }
        set { keyframes.rotationMode = newValue.map { $0 == .rotateAutoReverse ? .rotateAutoReverse : .rotateAuto } }
    }
    /// Kochanek-Bartels parameters are kept and not applied (cubic mode is Catmull-Rom).
    open var tensionValues: [NSNumber]?
    open var continuityValues: [NSNumber]?
    open var biasValues: [NSNumber]?
}

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
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fade = CATransitionType(rawValue: "fade")
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    public static let push = CATransitionType(rawValue: "push")
    public static let reveal = CATransitionType(rawValue: "reveal")
}
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}
/// `kCATransition` (the engine's `TransitionAnimation.key`).
public let kCATransition = "transition"

@preconcurrency @MainActor
open class CATransition: CAAnimation {
    private var transition: TransitionAnimation { animation as! TransitionAnimation }
    override class func makeEngine() -> Animation { TransitionAnimation() }
    open var type: CATransitionType {
        get { CATransitionType(rawValue: transition.type.rawValue) }
        set { transition.type = TransitionAnimation.Kind(rawValue: newValue.rawValue) ?? .fade }
    }
    open var subtype: CATransitionSubtype? {
        get { transition.subtype.map { CATransitionSubtype(rawValue: $0.rawValue) } }
        set { transition.subtype = newValue.flatMap { TransitionAnimation.Subtype(rawValue: $0.rawValue) } }
    }
    open var startProgress: Float { get { Float(transition.startProgress) } set { transition.startProgress = Double(newValue) } }
    open var endProgress: Float { get { Float(transition.endProgress) } set { transition.endProgress = Double(newValue) } }
}

/// `CATransaction`: groups layer changes; its duration, timing function and disabling of
/// implicit animations are the engine's transaction's.
@preconcurrency @MainActor
public enum CATransaction {
    public static func begin() { Transaction.begin() }
    public static func commit() { Transaction.commit() }
    public static func flush() { Transaction.flush() }
    public static func animationDuration() -> CFTimeInterval { Transaction.animationDuration() }
    public static func setAnimationDuration(_ d: CFTimeInterval) { Transaction.setAnimationDuration(d) }
    public static func animationTimingFunction() -> CAMediaTimingFunction? { Transaction.animationTimingFunction().map(CAMediaTimingFunction.init) }
    public static func setAnimationTimingFunction(_ f: CAMediaTimingFunction?) { Transaction.setAnimationTimingFunction(f?.function) }
    public static func disableActions() -> Bool { Transaction.disableActions() }
    public static func setDisableActions(_ flag: Bool) { Transaction.setDisableActions(flag) }
    public static func completionBlock() -> (() -> Void)? { Transaction.completionBlock() }
    public static func setCompletionBlock(_ block: (() -> Void)?) { Transaction.setCompletionBlock(block) }
    public static func value(forKey key: String) -> Any? { Transaction.value(forKey: key) }
    public static func setValue(_ value: Any?, forKey key: String) { Transaction.setValue(value, forKey: key) }
}
