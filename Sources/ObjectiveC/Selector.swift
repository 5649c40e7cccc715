// The `ObjectiveC` module of the UIKit facade (UK3). Swift on Linux has no Objective-C runtime,
// so a selector here is a name plus, when the selector was written as `#selector(Type.method)`
// and lowered by `ObjCLowering` (the build-tool plugin and `scripts/uikit-typecheck`), the
// method itself, type-erased. Target-action (`UIControl.addTarget`, gesture recognizers,
// `CADisplayLink`, `Timer`) performs a selector by calling that method on the target: no
// message lookup by name, no run-time failure for a misspelt name (it does not compile).
//
// The module is named `ObjectiveC` because that is the module the compiler asks for when it
// type-checks `#selector` with Objective-C interop, and so `import ObjectiveC` in ported code
// keeps compiling.

/// A method name, as Objective-C spells it (`handleTap:`), and the method it names.
public struct Selector: Hashable, CustomStringConvertible, ExpressibleByStringLiteral, @unchecked Sendable {
    /// The Objective-C name (`tapped:`, `handlePan:`, `step`).
    public let name: String
    /// Calls the method on a target with the arguments a sender supplies; nil for a selector
    /// made from a bare name (`Selector("tapped:")`), which nothing can perform.
    let invoker: Invoker?

    /// A selector that names a method it cannot call (`Selector("tapped:")`,
    /// `NSSelectorFromString`): equality and `description` work, performing it reports that
    /// nothing implements it.
    public init(_ name: String) { self.name = name; invoker = nil }
    /// A selector written as a string literal: its name, with no method to call.
    public init(stringLiteral value: String) { self.init(value) }

    /// The selector's name.
    public var description: String { name }
    /// Whether the two selectors have the same name.
    public static func == (a: Selector, b: Selector) -> Bool { a.name == b.name }
    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// Whether performing this selector on `target` would call a method (the target is of the
    /// class, or a subclass of the class, that declares the method).
    public func canPerform(on target: AnyObject) -> Bool { receiver(from: target) != nil }

    /// Calls the method on `target` with up to two arguments (a sender, an event); arguments
    /// the method does not take are dropped, as Objective-C drops them. Returns what the method
    /// returned, or nil; `performed` is false when the target is of the wrong class, an
    /// argument is of the wrong type, or the selector has no method.
    @discardableResult
    public func perform(on target: AnyObject, with first: Any? = nil, _ second: Any? = nil) -> (performed: Bool, result: Any?) {
        guard let invoker, let receiver = receiver(from: target) else { return (false, nil) }
        return invoker.call(receiver, first, second)
    }

    /// The object that takes this selector when it is sent to `target`: the target itself when
    /// it has the method, else the object its ``MessageForwarding/forwardingTarget(for:)``
    /// names (a weak proxy's target), followed along a chain of at most eight proxies.
    func receiver(from target: AnyObject) -> AnyObject? {
        guard let invoker else { return nil }
        var object = target
        for _ in 0..<8 {
            if invoker.accepts(object) { return object }
            guard let proxy = object as? any MessageForwarding,
                  let next = proxy.forwardingTarget(for: self).map({ $0 as AnyObject }), next !== object else { return nil }
            object = next
        }
        return nil
    }
}

/// The class of `object`'s static type, optional or not: what the lowering of
/// `#selector(instance.method)` looks the method up on (`selectorOwnerType(of: action).didTap`),
/// as Swift looks it up on the instance's type. The object is not evaluated.
public func selectorOwnerType<T: AnyObject>(of object: @autoclosure () -> T?) -> T.Type { T.self }

/// An object that hands the messages it has no method for to another, as Objective-C's
/// `forwardingTarget(for:)` does (a weak proxy between a display link or timer and its real
/// target). `ObjCLowering` makes a class that overrides `forwardingTarget(for:)` conform, so a
/// selector performed on it (``Selector/perform(on:with:_:)``) reaches the object it names.
/// Only this fast path of forwarding exists: no `forwardInvocation(_:)`.
public protocol MessageForwarding: AnyObject {
    /// The object that should receive `aSelector` instead, or nil for none.
    func forwardingTarget(for aSelector: Selector!) -> Any?
}

/// The type-erased call of a method named by a selector.
struct Invoker: @unchecked Sendable {
    let accepts: (AnyObject) -> Bool
    let call: (AnyObject, Any?, Any?) -> (Bool, Any?)
}

/// Casts an argument to the method's parameter type; an absent argument fills an optional one.
@inline(__always)
func argument<A>(_ value: Any?, as: A.Type) -> A? {
    if let a = value as? A { return a }
    if let value { return value as? A }
    return Optional<Any>.none as? A
}

extension Selector {
    // Made by the lowering of `#selector(Type.method)`. One initialiser per arity; a method's
    // result is kept so `perform` can hand it back.

    /// A selector named `name` calling a method of `T` that takes no argument.
    public init<T: AnyObject, R>(_ name: String, method: @escaping (T) -> () -> R) {
        self.name = name
        invoker = Invoker(accepts: { $0 is T }) { target, _, _ in
            guard let t = target as? T else { return (false, nil) }
            return (true, method(t)())
        }
    }

    /// A selector named `name` calling a method of `T` that takes one argument (the sender).
    public init<T: AnyObject, A, R>(_ name: String, method: @escaping (T) -> (A) -> R) {
        self.name = name
        invoker = Invoker(accepts: { $0 is T }) { target, first, _ in
            guard let t = target as? T, let a = argument(first, as: A.self) else { return (false, nil) }
            return (true, method(t)(a))
        }
    }

    /// A selector named `name` calling a method of `T` that takes two arguments (sender and event).
    public init<T: AnyObject, A, B, R>(_ name: String, method: @escaping (T) -> (A, B) -> R) {
        self.name = name
        invoker = Invoker(accepts: { $0 is T }) { target, first, second in
            guard let t = target as? T, let a = argument(first, as: A.self), let b = argument(second, as: B.self)
            else { return (false, nil) }
            return (true, method(t)(a, b))
        }
    }

    // The same for a method of a protocol (`#selector(Delegate.method)`, whose type is the
    // protocol's existential, not a class): the selector performs on the protocol's conformers.

    /// A selector of a protocol's method taking no argument: it performs on the conformers.
    @_disfavoredOverload
    public init<T, R>(_ name: String, method: @escaping (T) -> () -> R) {
        self.name = name
        invoker = Invoker(accepts: { $0 is T }) { target, _, _ in
            guard let t = target as? T else { return (false, nil) }
            return (true, method(t)())
        }
    }

    /// A selector of a protocol's method taking one argument: it performs on the conformers.
    @_disfavoredOverload
    public init<T, A, R>(_ name: String, method: @escaping (T) -> (A) -> R) {
        self.name = name
        invoker = Invoker(accepts: { $0 is T }) { target, first, _ in
            guard let t = target as? T, let a = argument(first, as: A.self) else { return (false, nil) }
            return (true, method(t)(a))
        }
    }

    /// A selector of a protocol's method taking two arguments: it performs on the conformers.
    @_disfavoredOverload
    public init<T, A, B, R>(_ name: String, method: @escaping (T) -> (A, B) -> R) {
        self.name = name
        invoker = Invoker(accepts: { $0 is T }) { target, first, second in
            guard let t = target as? T, let a = argument(first, as: A.self), let b = argument(second, as: B.self)
            else { return (false, nil) }
            return (true, method(t)(a, b))
        }
    }

    /// A selector the lowering could not tie to a method (a getter, a setter, a method of an
    /// instance rather than a type): it names the method and performs nothing.
    public init(_ name: String, unresolved: Void) { self.init(name) }
}

/// `NSSelectorFromString`: a selector that names a method and cannot call it.
public func NSSelectorFromString(_ name: String) -> Selector { Selector(name) }
/// `NSStringFromSelector`.
public func NSStringFromSelector(_ selector: Selector) -> String { selector.name }
/// `sel_getName`.
public func sel_getName(_ selector: Selector) -> String { selector.name }
