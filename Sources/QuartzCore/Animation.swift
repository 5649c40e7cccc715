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
@MainActor
public protocol CAAnimationDelegate: AnyObject {
    func animationDidStart(_ anim: CAAnimation)
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}
extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// Passes the engine's start and stop to a `CAAnimationDelegate` with the facade animation.
final class DelegateBridge: AnimationDelegate {
    let animation: CAAnimation
    let delegate: any CAAnimationDelegate
    init(animation: CAAnimation, delegate: any CAAnimationDelegate) { self.animation = animation; self.delegate = delegate }
    func animationDidStart(_ a: Animation) { delegate.animationDidStart(animation) }
    func animationDidStop(_ a: Animation, finished: Bool) { delegate.animationDidStop(animation, finished: finished) }
}

/// `CAAnimation`: the timing every animation has. A facade animation is a description; adding
/// it to a layer builds the engine's animation from it (a copy, as Core Animation copies).
@MainActor
open class CAAnimation: NSObject, NSCopying {
    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode: CAMediaTimingFillMode = .removed
    open var timingFunction: CAMediaTimingFunction?
    open var isRemovedOnCompletion = true
    /// Retained, as Core Animation retains its delegate.
    open var delegate: (any CAAnimationDelegate)?
    private var keyed: [String: Any] = [:]

    public required override init() { super.init() }
    public class func animation() -> Self { self.init() }

    open func copy(with zone: NSZone? = nil) -> Any {
        let c = type(of: self).init()
        c.copyValues(from: self)
        return c
    }
    open func copyValues(from o: CAAnimation) {
        beginTime = o.beginTime; duration = o.duration; speed = o.speed; timeOffset = o.timeOffset
        repeatCount = o.repeatCount; repeatDuration = o.repeatDuration; autoreverses = o.autoreverses
        fillMode = o.fillMode; timingFunction = o.timingFunction; isRemovedOnCompletion = o.isRemovedOnCompletion
        delegate = o.delegate; keyed = o.keyed
    }
    // Tags set with KVC (`anim.setValue("spin", forKey: "id")`) are kept and read back.
    open func setValue(_ value: Any?, forKey key: String) { keyed[key] = value }
    open func value(forKey key: String) -> Any? { keyed[key] }
    open class func defaultValue(forKey key: String) -> Any? { nil }

    /// The engine animation this one describes.
    package func makeEngineAnimation() -> Animation {
        let a = makeEngineKind()
        a.beginTime = beginTime; a.duration = duration; a.speed = Double(speed); a.timeOffset = timeOffset
        a.repeatCount = repeatCount == .infinity ? .infinity : Double(repeatCount)
        a.repeatDuration = repeatDuration; a.autoreverses = autoreverses
        a.fillMode = fillMode.engine; a.timingFunction = timingFunction?.function
        a.isRemovedOnCompletion = isRemovedOnCompletion
        if let delegate { a.delegate = DelegateBridge(animation: self, delegate: delegate) }
        return a
    }
    package func makeEngineKind() -> Animation { engineKind() }
    /// Overridden by each kind to make and fill its engine animation.
    open func engineKind() -> Animation { Animation() }
}

@MainActor
open class CAPropertyAnimation: CAAnimation {
    open var keyPath: String?
    open var isAdditive = false
    open var isCumulative = false
    open var valueFunction: Any?
    public convenience init(keyPath path: String?) { self.init(); keyPath = path }
    open override func copyValues(from o: CAAnimation) {
        super.copyValues(from: o)
        if let o = o as? CAPropertyAnimation { keyPath = o.keyPath; isAdditive = o.isAdditive; isCumulative = o.isCumulative }
    }
    func fill(_ a: PropertyAnimation) { a.keyPath = keyPath; a.isAdditive = isAdditive; a.isCumulative = isCumulative }
}

/// `CABasicAnimation`: from, to and by values (CGFloat, CGPoint, CGColor, CATransform3D, CGPath...).
@MainActor
open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any?
    open var toValue: Any?
    open var byValue: Any?
    open override func copyValues(from o: CAAnimation) {
        super.copyValues(from: o)
        if let o = o as? CABasicAnimation { fromValue = o.fromValue; toValue = o.toValue; byValue = o.byValue }
    }
    open override func engineKind() -> Animation {
        let a = BasicAnimation()
        fill(a)
        a.fromValue = engineValue(fromValue); a.toValue = engineValue(toValue); a.byValue = engineValue(byValue)
        return a
    }
}

/// `CASpringAnimation`: a damped spring; its duration is whatever you set (use
/// `settlingDuration` for the time it takes to settle).
@MainActor
open class CASpringAnimation: CABasicAnimation {
    open var mass: CGFloat = 1
    open var stiffness: CGFloat = 100
    open var damping: CGFloat = 10
    open var initialVelocity: CGFloat = 0
    open var allowsOverdamping = false
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let s = SpringAnimation(perceptualDuration: perceptualDuration, bounce: bounce.double)
        mass = CGFloat(s.mass); stiffness = CGFloat(s.stiffness); damping = CGFloat(s.damping)
    }
    open var settlingDuration: CFTimeInterval { (engineKind() as! SpringAnimation).settlingDuration }
    open var perceptualDuration: CFTimeInterval { (engineKind() as! SpringAnimation).perceptualDuration }
    open var bounce: CGFloat { CGFloat((engineKind() as! SpringAnimation).bounce) }
    open override func copyValues(from o: CAAnimation) {
        super.copyValues(from: o)
        if let o = o as? CASpringAnimation {
            mass = o.mass; stiffness = o.stiffness; damping = o.damping; initialVelocity = o.initialVelocity
            allowsOverdamping = o.allowsOverdamping
        }
    }
    open override func engineKind() -> Animation {
        let a = SpringAnimation()
        fill(a)
        a.fromValue = engineValue(fromValue); a.toValue = engineValue(toValue); a.byValue = engineValue(byValue)
        a.mass = mass.double; a.stiffness = stiffness.double; a.damping = damping.double
        a.initialVelocity = initialVelocity.double; a.allowsOverdamping = allowsOverdamping
        return a
    }
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

@MainActor
open class CAKeyframeAnimation: CAPropertyAnimation {
    open var values: [Any]?
    open var path: CGPath?
    open var keyTimes: [NSNumber]?
    open var timingFunctions: [CAMediaTimingFunction]?
    open var calculationMode: CAAnimationCalculationMode = .linear
    open var rotationMode: CAAnimationRotationMode?
    open var tensionValues: [NSNumber]?
    open var continuityValues: [NSNumber]?
    open var biasValues: [NSNumber]?
    open override func copyValues(from o: CAAnimation) {
        super.copyValues(from: o)
        if let o = o as? CAKeyframeAnimation {
            values = o.values; path = o.path; keyTimes = o.keyTimes; timingFunctions = o.timingFunctions
            calculationMode = o.calculationMode; rotationMode = o.rotationMode
        }
    }
    open override func engineKind() -> Animation {
        let a = KeyframeAnimation()
        fill(a)
        a.values = values?.map { engineValue($0) ?? $0 }
        a.path = path?.path
        a.keyTimes = keyTimes?.map(\.doubleValue)
        a.timingFunctions = timingFunctions?.map(\.function)
        a.calculationMode = CalculationMode(rawValue: calculationMode.rawValue) ?? .linear
        a.rotationMode = rotationMode.map { $0 == .rotateAutoReverse ? .rotateAutoReverse : .rotateAuto }
        return a
    }
}

@MainActor
open class CAAnimationGroup: CAAnimation {
    open var animations: [CAAnimation]?
    open override func copyValues(from o: CAAnimation) {
        super.copyValues(from: o)
        if let o = o as? CAAnimationGroup { animations = o.animations }
    }
    open override func engineKind() -> Animation {
        let g = AnimationGroup()
        g.animations = animations?.map { $0.makeEngineAnimation() }
        return g
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
public let kCATransition = "transition"

@MainActor
open class CATransition: CAAnimation {
    open var type: CATransitionType = .fade
    open var subtype: CATransitionSubtype?
    open var startProgress: Float = 0
    open var endProgress: Float = 1
    open override func copyValues(from o: CAAnimation) {
        super.copyValues(from: o)
        if let o = o as? CATransition { type = o.type; subtype = o.subtype; startProgress = o.startProgress; endProgress = o.endProgress }
    }
    open override func engineKind() -> Animation {
        let t = TransitionAnimation()
        t.type = TransitionAnimation.Kind(rawValue: type.rawValue) ?? .fade
        t.subtype = subtype.flatMap { TransitionAnimation.Subtype(rawValue: $0.rawValue) }
        t.startProgress = Double(startProgress); t.endProgress = Double(endProgress)
        return t
    }
}

/// `CATransaction`: groups layer changes; its duration, timing function and disabling of
/// implicit animations are the engine's transaction's.
@MainActor
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
