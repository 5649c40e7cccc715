// Associated objects, which UIKit extensions use to add stored properties to classes they do
// not own (`objc_setAssociatedObject(self, &key, value, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)`).
// The values live in a box attached to the object itself through `AssociatedStorage`: no
// process-wide table, and they go away with the object.

/// How an associated value is held; every policy retains here (Swift values have no `assign`).
public enum objc_AssociationPolicy: UInt, Sendable {
    /// Not retained (here every value is kept as given).
    case OBJC_ASSOCIATION_ASSIGN = 0
    /// Retained (non-atomic).
    case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
    /// Copied (non-atomic); kept as given here.
    case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
    /// Retained.
    case OBJC_ASSOCIATION_RETAIN = 769
    /// Copied; kept as given here.
    case OBJC_ASSOCIATION_COPY = 771
}

/// A class that keeps associated values: every view, layer, controller and gesture recognizer
/// of the facade does. Values set on other objects are refused with a message.
public protocol AssociatedStorage: AnyObject {
    /// The values attached to this object, keyed by address.
    var associatedValues: [UnsafeRawPointer: Any] { get set }
}

/// Apple's `objc_setAssociatedObject(_:_:_:_:)`: keeps `value` under `key` on an object of UIKit's own
/// classes (prints a message for another object); the policy is not applied.
public func objc_setAssociatedObject(_ object: Any, _ key: UnsafeRawPointer, _ value: Any?,
                                     _ policy: objc_AssociationPolicy) {
    guard let owner = object as? any AssociatedStorage else {
        print("objc_setAssociatedObject: \(type(of: object)) cannot keep associated values on Linux; only UIKit's own classes (UIView, CALayer, UIViewController, UIGestureRecognizer...) can")
        return
    }
    owner.associatedValues[key] = value
}

/// Apple's `objc_getAssociatedObject(_:_:)`: the value kept under `key`; nil when none.
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? {
    (object as? any AssociatedStorage)?.associatedValues[key]
}

/// Apple's `objc_removeAssociatedObjects(_:)`: removes every value kept on the object.
public func objc_removeAssociatedObjects(_ object: Any) {
    (object as? any AssociatedStorage)?.associatedValues.removeAll()
}
