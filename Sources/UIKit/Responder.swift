// The responder chain and the touches and events it carries (UK1).
import Geometry
import RenderModel
import Layers
import Timeline
import UpdateLoop

/// `UIResponder`: the facade's responder chain follows the engine's (view, its controller,
/// the superview, ..., the window, the application).
@preconcurrency @MainActor
open class UIResponder: NSObject, AssociatedStorage {
    /// Values attached with the Objective-C runtime's associated objects, keyed by address.
    public var associatedValues: [UnsafeRawPointer: Any] = [:]
    /// A responder with no next responder of its own.
    public override init() { super.init() }
    /// `UIResponder.next`: the next responder in the chain; nil here (views and controllers override it).
    open var next: UIResponder? { nil }
    /// `UIResponder.canBecomeFirstResponder`: false here; text inputs override it.
    open var canBecomeFirstResponder: Bool { false }
    /// `UIResponder.canResignFirstResponder`: true.
    open var canResignFirstResponder: Bool { true }
    /// `UIResponder.isFirstResponder`: false here; text inputs override it.
    open var isFirstResponder: Bool { false }
    /// `UIResponder.becomeFirstResponder()`: does nothing and returns false here; text inputs override it.
    /// `UIResponder.resignFirstResponder()`: returns true here; text inputs override it.
    @discardableResult open func becomeFirstResponder() -> Bool { false }
    @discardableResult open func resignFirstResponder() -> Bool { true }
    /// Key-value observing (RU3): told that the value at `keyPath` of `object` changed, by an
    /// observation made with `addObserver(_:forKeyPath:options:context:)`.
    open func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                           context: UnsafeMutableRawPointer?) {}
    /// The observations made with the string API (see KeyValueObserving.swift).
    var keyValueObservations: [KeyValueObservation] = []
    /// Called on an object a nib made, after its outlets are set. Partial: there are no nibs
    /// on Linux (UK7), so nothing calls it; an override compiles and runs when code calls it.
    open func awakeFromNib() {}
    /// The key commands this responder answers to (those added by `addKeyCommand(_:)` unless
    /// overridden); matched before its own key handling, from the first responder up.
    open var keyCommands: [UIKeyCommand]? { addedKeyCommands.isEmpty ? nil : addedKeyCommands }
    var addedKeyCommands: [UIKeyCommand] = []
    // The defaults pass the touches on, as UIKit's: they mark them unhandled, and the engine
    // bubbles the pointer event to the superview's facade (the next responder); a view
    // controller's root view offers it to the controller first.
    /// `UIResponder.touchesBegan(_:with:)`: touches began; by default passed on to the next responder.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { touchesPassedOn = true }
    /// `UIResponder.touchesMoved(_:with:)`: touches moved; by default passed on to the next responder.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { touchesPassedOn = true }
    /// `UIResponder.touchesEnded(_:with:)`: touches ended; by default passed on to the next responder.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { touchesPassedOn = true }
    /// `UIResponder.touchesCancelled(_:with:)`: touches cancelled; by default passed on.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { touchesPassedOn = true }
    /// Set by the default touch methods: the touches go on to the next responder.
    var touchesPassedOn = false

    /// Calls the touch method of `phase`; returns whether this responder kept the touches.
    func deliverTouches(_ phase: UITouch.Phase, _ touches: Set<UITouch>, _ event: UIEvent) -> Bool {
        touchesPassedOn = false
        switch phase {
        case .began: touchesBegan(touches, with: event)
        case .moved, .stationary: touchesMoved(touches, with: event)
        case .ended: touchesEnded(touches, with: event)
        case .cancelled: touchesCancelled(touches, with: event)
        }
        return !touchesPassedOn
    }
    /// Whether `action` is implemented here: this object is of the class that declares the
    /// method the selector was made from.
    open func responds(to action: Selector) -> Bool { action.canPerform(on: self) }
    /// `UIResponder.canPerformAction(_:withSender:)`: whether this responder `responds(to:)` the action.
    open func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool { responds(to: action) }
    /// `UIResponder.target(forAction:withSender:)`: the first responder up the chain from here that can
    /// perform `action`; nil when none.
    open func target(forAction action: Selector, withSender sender: Any?) -> Any? {
        var r: UIResponder? = self
        while let x = r { if x.canPerformAction(action, withSender: sender) { return x }; r = x.next }
        return nil
    }
}

/// `UITouch`: a pointer contact, located in any view.
@preconcurrency @MainActor
public final class UITouch: NSObject {
    /// `UITouch.Phase`: where a touch is in its life; the engine's pointer events give began, moved,
    /// ended and cancelled.
    public enum Phase: Int, Sendable { case began, moved, stationary, ended, cancelled }
    /// `UITouch.phase`: the touch's phase at this event.
    public private(set) var phase: Phase
    /// `UITouch.timestamp`: when the event happened, in seconds.
    public let timestamp: TimeInterval
    /// `UITouch.tapCount`: the number of taps in quick succession, from the engine's event.
    public var tapCount: Int
    /// `UITouch.view`: the view the touch began in (the engine's hit view).
    public weak var view: UIView?
    /// `UITouch.window`: the window of the touch's view.
    public var window: UIWindow? { view?.window }
    let windowPoint: Point
    let previousWindowPoint: Point
    init(phase: Phase, at p: Point, previous: Point, view: UIView?, timestamp: TimeInterval, tapCount: Int) {
        self.phase = phase; windowPoint = p; previousWindowPoint = previous; self.view = view
        self.timestamp = timestamp; self.tapCount = tapCount
    }
    /// `UITouch.location(in:)`: the touch's point in `view`'s coordinates (points; the window's when nil).
    public func location(in view: UIView?) -> CGPoint { CGPoint(view.map { $0.view.convert(windowPoint, from: nil) } ?? windowPoint) }
    /// `UITouch.previousLocation(in:)`: the touch's previous point in `view`'s coordinates (points).
    public func previousLocation(in view: UIView?) -> CGPoint {
        CGPoint(view.map { $0.view.convert(previousWindowPoint, from: nil) } ?? previousWindowPoint)
    }
    /// `UITouch.force`: always 1; pointer input has no pressure here.
    public var force: CGFloat { 1 }
    /// `UITouch.maximumPossibleForce`: always 1.
    public var maximumPossibleForce: CGFloat { 1 }
}

/// `UIEvent`: the touches of one input event.
@preconcurrency @MainActor
public final class UIEvent: NSObject {
    /// `UIEvent.EventType`: the kind of event; every event here is `.touches`.
    public enum EventType: Int, Sendable { case touches, motion, remoteControl, presses }
    /// `UIEvent.type`: always `.touches`.
    public let type: EventType = .touches
    /// `UIEvent.timestamp`: when the event happened, in seconds.
    public let timestamp: TimeInterval
    let touches: Set<UITouch>
    init(touches: Set<UITouch>, timestamp: TimeInterval) { self.touches = touches; self.timestamp = timestamp }
    /// `UIEvent.allTouches`: the event's touches (one pointer's here).
    public var allTouches: Set<UITouch>? { touches }
    /// `UIEvent.touches(for:)`: the event's touches whose view is `view`.
    public func touches(for view: UIView) -> Set<UITouch>? { touches.filter { $0.view === view } }
}
