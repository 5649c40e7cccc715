import Geometry
import Timeline

/// `UIGestureRecognizerDelegate`.
@preconcurrency @MainActor
public protocol UIGestureRecognizerDelegate: AnyObject {
    /// `UIGestureRecognizerDelegate.gestureRecognizerShouldBegin(_:)`: whether the recognizer may begin
    /// (asked by the engine recognizer).
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    /// `UIGestureRecognizerDelegate.gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)`: whether
    /// two recognizers may both recognize (asked by the engine recognizer).
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool
    /// `UIGestureRecognizerDelegate.gestureRecognizer(_:shouldReceive:)`: asked by nothing here.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
    /// `UIGestureRecognizerDelegate.gestureRecognizer(_:shouldRequireFailureOf:)`: asked by nothing here;
    /// use `require(toFail:)`.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf other: UIGestureRecognizer) -> Bool
}
extension UIGestureRecognizerDelegate {
    /// True by default.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// False by default.
    public func gestureRecognizer(_ g: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool { false }
    /// True by default.
    public func gestureRecognizer(_ g: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
    /// False by default.
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
    /// Values attached with the Objective-C runtime's associated objects, keyed by address.
    public var associatedValues: [UnsafeRawPointer: Any] = [:]
    /// One target and action; the target is held weakly, as UIKit holds it.
    private struct TargetAction {
        weak var target: AnyObject?
        let action: Selector
    }
    private var targets: [TargetAction] = []
    private let bridge = GestureDelegateBridge()
    weak var attachedView: UIView?

    /// `UIGestureRecognizer.State`: the recognizer's state; the engine recognizer's state.
    public enum State: Int, Sendable { case possible, began, changed, ended, cancelled, failed
        /// `recognized`: the same as `.ended`.
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
    /// `UIGestureRecognizer(target:action:)`: on a plain `UIGestureRecognizer`, an engine tap recognizer
    /// (the subclasses make their own kind).
    public convenience init(target: Any?, action: Selector?) {
        self.init(engine: TapGestureRecognizer(), target: target, action: action)
    }
    public convenience override init() { self.init(target: nil, action: nil) }

    /// `UIGestureRecognizer.addTarget(_:action:)`: another target sent `action` on each state change.
    open func addTarget(_ target: Any, action: Selector) {
        targets.removeAll { $0.target == nil }
        targets.append(TargetAction(target: target as AnyObject, action: action))
    }
    /// `UIGestureRecognizer.removeTarget(_:action:)`: removes matching targets (nil matches any).
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

    /// `UIGestureRecognizer.view`: the view the recognizer was added to.
    open var view: UIView? { attachedView }
    /// `UIGestureRecognizer.delegate`: asked whether to begin and whether to recognize with others.
    open weak var delegate: (any UIGestureRecognizerDelegate)?
    /// `UIGestureRecognizer.state`: the engine recognizer's state.
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
    /// `UIGestureRecognizer.isEnabled`: the engine recognizer's `isEnabled`.
    open var isEnabled: Bool { get { recognizer.isEnabled } set { recognizer.isEnabled = newValue } }
    /// `UIGestureRecognizer.cancelsTouchesInView`: the engine recognizer's `cancelsTouchesInView`.
    open var cancelsTouchesInView: Bool { get { recognizer.cancelsTouchesInView } set { recognizer.cancelsTouchesInView = newValue } }
    /// `UIGestureRecognizer.delaysTouchesBegan`: the engine recognizer's `delaysTouchesBegan`.
    open var delaysTouchesBegan: Bool { get { recognizer.delaysTouchesBegan } set { recognizer.delaysTouchesBegan = newValue } }
    /// `UIGestureRecognizer.delaysTouchesEnded`: stored only.
    open var delaysTouchesEnded = true
    /// `UIGestureRecognizer.numberOfTouches`: the engine recognizer's `numberOfTouches`.
    open var numberOfTouches: Int { recognizer.numberOfTouches }
    /// `UIGestureRecognizer.name`: a name for your own use.
    open var name: String?
    /// `UIGestureRecognizer.location(in:)`: the engine recognizer's location in `view` (points).
    open func location(in view: UIView?) -> CGPoint { CGPoint(recognizer.location(in: view?.view)) }
    /// `UIGestureRecognizer.location(ofTouch:in:)`: the engine recognizer's location of one touch.
    open func location(ofTouch index: Int, in view: UIView?) -> CGPoint { CGPoint(recognizer.location(ofTouch: index, in: view?.view)) }
    /// `UIGestureRecognizer.require(toFail:)`: the engine recognizer's `require(toFail:)`.
    open func require(toFail other: UIGestureRecognizer) { recognizer.require(toFail: other.recognizer) }
}

/// `UITapGestureRecognizer`: the engine's `TapGestureRecognizer`.
@preconcurrency @MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    var tap: TapGestureRecognizer { recognizer as! TapGestureRecognizer }
    /// `UITapGestureRecognizer(target:action:)`: an engine tap recognizer sending `action` to `target`.
    public init(target: Any?, action: Selector?) { super.init(engine: TapGestureRecognizer(), target: target, action: action) }
    /// A recognizer with no target yet (`addTarget(_:action:)` adds one); designated, so a
    /// subclass that declares no initialiser has it too.
    public init() { super.init(engine: TapGestureRecognizer(), target: nil, action: nil) }
    /// `UITapGestureRecognizer.numberOfTapsRequired`: the engine recognizer's `numberOfTapsRequired`.
    open var numberOfTapsRequired: Int { get { tap.numberOfTapsRequired } set { tap.numberOfTapsRequired = newValue } }
    /// `UITapGestureRecognizer.numberOfTouchesRequired`: stored only; the pointer gives one touch.
    open var numberOfTouchesRequired = 1
}

/// `UIPanGestureRecognizer`: the engine's `PanGestureRecognizer`.
@preconcurrency @MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    var pan: PanGestureRecognizer { recognizer as! PanGestureRecognizer }
    private var translationBase = Point.zero
    /// `UIPanGestureRecognizer(target:action:)`: an engine pan recognizer sending `action` to `target`.
    public init(target: Any?, action: Selector?) {
        super.init(engine: PanGestureRecognizer(), target: target, action: action)
    }
    /// A recognizer with no target yet (`addTarget(_:action:)` adds one); designated, so a
    /// subclass that declares no initialiser has it too.
    public init() { super.init(engine: PanGestureRecognizer(), target: nil, action: nil) }
    /// Stands for `engine`, a recognizer the engine made (a scroll view's), keeping its delegate.
    package init(adopting engine: PanGestureRecognizer) {
        super.init(engine: engine, target: nil, action: nil, keepingDelegate: true)
    }
    /// Stands for a recognizer the engine made (a scroll view's), keeping its delegate.
    package static func wrapping(_ engine: PanGestureRecognizer) -> UIPanGestureRecognizer {
        UIPanGestureRecognizer(adopting: engine)
    }
    /// `UIPanGestureRecognizer.translation(in:)`: the engine pan's translation in `view` (points), from
    /// the last `setTranslation(_:in:)`.
    open func translation(in view: UIView?) -> CGPoint {
        let t = pan.translation(in: view?.view)
        return CGPoint(x: t.x - translationBase.x, y: t.y - translationBase.y)
    }
    /// Makes the current translation read as `translation` from now on.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        let t = pan.translation(in: view?.view)
        translationBase = Point(x: t.x - translation.x.double, y: t.y - translation.y.double)
    }
    /// `UIPanGestureRecognizer.velocity(in:)`: the engine pan's velocity in `view`, points a second.
    open func velocity(in view: UIView?) -> CGPoint { CGPoint(pan.velocity(in: view?.view)) }
    /// `UIPanGestureRecognizer.minimumNumberOfTouches`: stored only; the pointer gives one touch.
    open var minimumNumberOfTouches = 1
    /// `UIPanGestureRecognizer.maximumNumberOfTouches`: stored only.
    open var maximumNumberOfTouches = Int.max
}

/// `UILongPressGestureRecognizer`: the engine's `LongPressGestureRecognizer`.
@preconcurrency @MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    var press: LongPressGestureRecognizer { recognizer as! LongPressGestureRecognizer }
    /// `UILongPressGestureRecognizer(target:action:)`: an engine long-press recognizer.
    public init(target: Any?, action: Selector?) { super.init(engine: LongPressGestureRecognizer(), target: target, action: action) }
    /// A recognizer with no target yet (`addTarget(_:action:)` adds one); designated, so a
    /// subclass that declares no initialiser has it too.
    public init() { super.init(engine: LongPressGestureRecognizer(), target: nil, action: nil) }
    /// `UILongPressGestureRecognizer.minimumPressDuration`: the engine recognizer's, in seconds.
    open var minimumPressDuration: TimeInterval { get { press.minimumPressDuration } set { press.minimumPressDuration = newValue } }
    /// `UILongPressGestureRecognizer.allowableMovement`: the engine recognizer's, in points.
    open var allowableMovement: CGFloat { get { CGFloat(press.allowableMovement) } set { press.allowableMovement = newValue.double } }
    /// `UILongPressGestureRecognizer.numberOfTapsRequired`: stored only.
    open var numberOfTapsRequired = 0
}

/// `UIPinchGestureRecognizer`: the engine's `PinchGestureRecognizer`.
@preconcurrency @MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    var pinch: PinchGestureRecognizer { recognizer as! PinchGestureRecognizer }
    private var scaleBase = 1.0
    /// `UIPinchGestureRecognizer(target:action:)`: an engine pinch recognizer.
    public init(target: Any?, action: Selector?) { super.init(engine: PinchGestureRecognizer(), target: target, action: action) }
    /// A recognizer with no target yet (`addTarget(_:action:)` adds one); designated, so a
    /// subclass that declares no initialiser has it too.
    public init() { super.init(engine: PinchGestureRecognizer(), target: nil, action: nil) }
    /// Settable as UIKit's: the recognizer reports later changes relative to what you set.
    open var scale: CGFloat {
        get { CGFloat(pinch.scale / scaleBase) }
        set { scaleBase = newValue.double != 0 ? pinch.scale / newValue.double : 1 }
    }
    /// `UIPinchGestureRecognizer.velocity`: the engine pinch's `velocity`, scale a second.
    open var velocity: CGFloat { CGFloat(pinch.velocity) }
}

/// `UIRotationGestureRecognizer`: the engine's `RotationGestureRecognizer`.
@preconcurrency @MainActor
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    var rotate: RotationGestureRecognizer { recognizer as! RotationGestureRecognizer }
    private var rotationBase = 0.0
    /// `UIRotationGestureRecognizer(target:action:)`: an engine rotation recognizer.
    public init(target: Any?, action: Selector?) { super.init(engine: RotationGestureRecognizer(), target: target, action: action) }
    /// A recognizer with no target yet (`addTarget(_:action:)` adds one); designated, so a
    /// subclass that declares no initialiser has it too.
    public init() { super.init(engine: RotationGestureRecognizer(), target: nil, action: nil) }
    /// `UIRotationGestureRecognizer.rotation`: the engine rotation in radians, from the last value set.
    open var rotation: CGFloat {
        get { CGFloat(rotate.rotation - rotationBase) } set { rotationBase = rotate.rotation - newValue.double }
    }
    /// `UIRotationGestureRecognizer.velocity`: the engine rotation's `velocity`, radians a second.
    open var velocity: CGFloat { CGFloat(rotate.velocity) }
}

/// `UISwipeGestureRecognizer`: the engine's `SwipeGestureRecognizer`.
@preconcurrency @MainActor
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    var swipe: SwipeGestureRecognizer { recognizer as! SwipeGestureRecognizer }
    /// `UISwipeGestureRecognizer.Direction`: the directions a swipe may go; the engine's directions.
    public struct Direction: OptionSet, Hashable, Sendable {
        /// The directions as UIKit's bits.
        public let rawValue: UInt
        /// The directions whose bits `rawValue` sets.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// To the right.
        public static let right = Direction(rawValue: 1)
        /// To the left.
        public static let left = Direction(rawValue: 2)
        /// Upwards.
        public static let up = Direction(rawValue: 4)
        /// Downwards.
        public static let down = Direction(rawValue: 8)
    }
    /// `UISwipeGestureRecognizer(target:action:)`: an engine swipe recognizer.
    public init(target: Any?, action: Selector?) { super.init(engine: SwipeGestureRecognizer(), target: target, action: action) }
    /// A recognizer with no target yet (`addTarget(_:action:)` adds one); designated, so a
    /// subclass that declares no initialiser has it too.
    public init() { super.init(engine: SwipeGestureRecognizer(), target: nil, action: nil) }
    /// `UISwipeGestureRecognizer.direction`: sets the engine recognizer's `direction` (right by default).
    open var direction: Direction = .right {
        didSet { swipe.direction = SwipeGestureRecognizer.Direction(rawValue: Int(direction.rawValue)) }
    }
    /// `UISwipeGestureRecognizer.numberOfTouchesRequired`: stored only; the pointer gives one touch.
    open var numberOfTouchesRequired = 1
}
