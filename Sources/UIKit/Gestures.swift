import Geometry
import Timeline

/// `UIGestureRecognizerDelegate`.
@preconcurrency @MainActor
public protocol UIGestureRecognizerDelegate: AnyObject {
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf other: UIGestureRecognizer) -> Bool
}
extension UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ g: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ g: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
    public func gestureRecognizer(_ g: UIGestureRecognizer, shouldRequireFailureOf other: UIGestureRecognizer) -> Bool { false }
}

/// Passes the engine's delegate questions to the facade delegate.
final class GestureDelegateBridge: GestureRecognizerDelegate {
    weak var owner: UIGestureRecognizer?
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        guard let owner else { return true }
        return (owner.delegate?.gestureRecognizerShouldBegin(owner) ?? true) && (owner.view?.gestureRecognizerShouldBegin(owner) ?? true)
    }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        guard let owner, let o = other.facade as? UIGestureRecognizer else { return false }
        return owner.delegate?.gestureRecognizer(owner, shouldRecognizeSimultaneouslyWith: o) ?? false
    }
}

/// `UIGestureRecognizer`: an engine recognizer with UIKit's target-action.
@preconcurrency @MainActor
open class UIGestureRecognizer: NSObject, AssociatedStorage {
    package let recognizer: GestureRecognizer
    public var associatedValues: [UnsafeRawPointer: Any] = [:]
    /// One target and action; the target is held weakly, as UIKit holds it.
    private struct TargetAction {
        weak var target: AnyObject?
        let action: Selector
    }
    private var targets: [TargetAction] = []
    private let bridge = GestureDelegateBridge()
    weak var attachedView: UIView?

    public enum State: Int, Sendable { case possible, began, changed, ended, cancelled, failed
        public static let recognized = State.ended
    }

    package init(engine: GestureRecognizer, target: Any?, action: Selector?, keepingDelegate: Bool = false) {
        recognizer = engine
        super.init()
        engine.facade = self
        bridge.owner = self
        if !keepingDelegate { engine.delegate = bridge }
        if let action { addTarget(target as Any, action: action) }
        engine.addAction { [weak self] _ in self?.fire() }
    }
    public convenience init(target: Any?, action: Selector?) {
        self.init(engine: TapGestureRecognizer(), target: target, action: action)
    }
    public convenience override init() { self.init(target: nil, action: nil) }

    open func addTarget(_ target: Any, action: Selector) {
        targets.removeAll { $0.target == nil }
        targets.append(TargetAction(target: target as AnyObject, action: action))
    }
    open func removeTarget(_ target: Any?, action: Selector?) {
        let t = target.map { $0 as AnyObject }
        targets.removeAll { (t == nil || $0.target === t) && (action == nil || $0.action == action!) }
    }
    private func fire() {
        for entry in targets {
            guard let target = entry.target else { continue }
            let action = entry.action
            if !action.perform(on: target, with: self).performed {
                print("UIGestureRecognizer: \(type(of: target)) does not implement \(action.name) for a \(type(of: self))")
            }
        }
    }

    open var view: UIView? { attachedView }
    open weak var delegate: (any UIGestureRecognizerDelegate)?
    open var state: State {
        switch recognizer.state {
        case .possible: .possible
        case .began: .began
        case .changed: .changed
        case .ended: .ended
        case .cancelled: .cancelled
        case .failed: .failed
        }
    }
    open var isEnabled: Bool { get { recognizer.isEnabled } set { recognizer.isEnabled = newValue } }
    open var cancelsTouchesInView: Bool { get { recognizer.cancelsTouchesInView } set { recognizer.cancelsTouchesInView = newValue } }
    open var delaysTouchesBegan: Bool { get { recognizer.delaysTouchesBegan } set { recognizer.delaysTouchesBegan = newValue } }
    open var delaysTouchesEnded = true
    open var numberOfTouches: Int { recognizer.numberOfTouches }
    open var name: String?
    open func location(in view: UIView?) -> CGPoint { CGPoint(recognizer.location(in: view?.view)) }
    open func location(ofTouch index: Int, in view: UIView?) -> CGPoint { CGPoint(recognizer.location(ofTouch: index, in: view?.view)) }
    open func require(toFail other: UIGestureRecognizer) { recognizer.require(toFail: other.recognizer) }
}

@preconcurrency @MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    var tap: TapGestureRecognizer { recognizer as! TapGestureRecognizer }
    public init(target: Any?, action: Selector?) { super.init(engine: TapGestureRecognizer(), target: target, action: action) }
    /// A recognizer with no target yet (`addTarget(_:action:)` adds one); designated, so a
    /// subclass that declares no initialiser has it too.
    public init() { super.init(engine: TapGestureRecognizer(), target: nil, action: nil) }
    open var numberOfTapsRequired: Int { get { tap.numberOfTapsRequired } set { tap.numberOfTapsRequired = newValue } }
    open var numberOfTouchesRequired = 1
}

@preconcurrency @MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    var pan: PanGestureRecognizer { recognizer as! PanGestureRecognizer }
    private var translationBase = Point.zero
    public init(target: Any?, action: Selector?) {
        let adopted = UIPanGestureRecognizer.adopting
        UIPanGestureRecognizer.adopting = nil
        super.init(engine: adopted ?? PanGestureRecognizer(), target: target, action: action, keepingDelegate: adopted != nil)
    }
    /// A recognizer with no target yet (`addTarget(_:action:)` adds one); designated, so a
    /// subclass that declares no initialiser has it too.
    public init() { super.init(engine: PanGestureRecognizer(), target: nil, action: nil) }
    /// The engine recognizer the next initialisation stands for (set by `wrapping`): the only
    /// designated initialiser stays the public one, so subclasses elsewhere inherit `init()`.
    private static var adopting: PanGestureRecognizer?
    /// Stands for a recognizer the engine made (a scroll view's), keeping its delegate.
    package static func wrapping(_ engine: PanGestureRecognizer) -> UIPanGestureRecognizer {
        adopting = engine
        return UIPanGestureRecognizer(target: nil, action: nil)
    }
    open func translation(in view: UIView?) -> CGPoint {
        let t = pan.translation(in: view?.view)
        return CGPoint(x: t.x - translationBase.x, y: t.y - translationBase.y)
    }
    /// Makes the current translation read as `translation` from now on.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        let t = pan.translation(in: view?.view)
        translationBase = Point(x: t.x - translation.x.double, y: t.y - translation.y.double)
    }
    open func velocity(in view: UIView?) -> CGPoint { CGPoint(pan.velocity(in: view?.view)) }
    open var minimumNumberOfTouches = 1
    open var maximumNumberOfTouches = Int.max
}

@preconcurrency @MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    var press: LongPressGestureRecognizer { recognizer as! LongPressGestureRecognizer }
    public init(target: Any?, action: Selector?) { super.init(engine: LongPressGestureRecognizer(), target: target, action: action) }
    /// A recognizer with no target yet (`addTarget(_:action:)` adds one); designated, so a
    /// subclass that declares no initialiser has it too.
    public init() { super.init(engine: LongPressGestureRecognizer(), target: nil, action: nil) }
    open var minimumPressDuration: TimeInterval { get { press.minimumPressDuration } set { press.minimumPressDuration = newValue } }
    open var allowableMovement: CGFloat { get { CGFloat(press.allowableMovement) } set { press.allowableMovement = newValue.double } }
    open var numberOfTapsRequired = 0
}

@preconcurrency @MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    var pinch: PinchGestureRecognizer { recognizer as! PinchGestureRecognizer }
    private var scaleBase = 1.0
    public init(target: Any?, action: Selector?) { super.init(engine: PinchGestureRecognizer(), target: target, action: action) }
    /// A recognizer with no target yet (`addTarget(_:action:)` adds one); designated, so a
    /// subclass that declares no initialiser has it too.
    public init() { super.init(engine: PinchGestureRecognizer(), target: nil, action: nil) }
    /// Settable as UIKit's: the recognizer reports later changes relative to what you set.
    open var scale: CGFloat {
        get { CGFloat(pinch.scale / scaleBase) }
        set { scaleBase = newValue.double != 0 ? pinch.scale / newValue.double : 1 }
    }
    open var velocity: CGFloat { CGFloat(pinch.velocity) }
}

@preconcurrency @MainActor
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    var rotate: RotationGestureRecognizer { recognizer as! RotationGestureRecognizer }
    private var rotationBase = 0.0
    public init(target: Any?, action: Selector?) { super.init(engine: RotationGestureRecognizer(), target: target, action: action) }
    /// A recognizer with no target yet (`addTarget(_:action:)` adds one); designated, so a
    /// subclass that declares no initialiser has it too.
    public init() { super.init(engine: RotationGestureRecognizer(), target: nil, action: nil) }
    open var rotation: CGFloat {
        get { CGFloat(rotate.rotation - rotationBase) } set { rotationBase = rotate.rotation - newValue.double }
    }
    open var velocity: CGFloat { CGFloat(rotate.velocity) }
}

@preconcurrency @MainActor
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    var swipe: SwipeGestureRecognizer { recognizer as! SwipeGestureRecognizer }
    public struct Direction: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1)
        public static let left = Direction(rawValue: 2)
        public static let up = Direction(rawValue: 4)
        public static let down = Direction(rawValue: 8)
    }
    public init(target: Any?, action: Selector?) { super.init(engine: SwipeGestureRecognizer(), target: target, action: action) }
    /// A recognizer with no target yet (`addTarget(_:action:)` adds one); designated, so a
    /// subclass that declares no initialiser has it too.
    public init() { super.init(engine: SwipeGestureRecognizer(), target: nil, action: nil) }
    open var direction: Direction = .right {
        didSet { swipe.direction = SwipeGestureRecognizer.Direction(rawValue: Int(direction.rawValue)) }
    }
    open var numberOfTouchesRequired = 1
}
