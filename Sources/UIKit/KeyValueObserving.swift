import Foundation
import Geometry
import Timeline

// Key-value observing of UIKit's observable properties (RU3), which Foundation on Linux does
// not have: the string API (`addObserver(_:forKeyPath:options:context:)` and the observer's
// `observeValue(forKeyPath:of:change:context:)`), and the block API (`observe(_:options:
// changeHandler:)`). Both name the engine's value observation (``View/observe(key:initial:
// handler:)`` and ``View/observe(reading:initial:handler:)``, RU5): a view's values are
// compared after it is laid out and a scroll view's when its offset, content size or inset is
// set. The string API knows the engine's keys (a scroll view's `contentOffset`, `contentSize`
// and `contentInset`, a view's `frame`, `bounds`, `center` and `alpha`; others are accepted and
// never reported); the block API reads any key path of a view. A responder that is not a view
// reports only `.initial`. An observer is told through `NSKeyValueObserving`: a responder's
// override, or a plain `NSObject` of yours that overrides the method (the lowering gives its class
// the conformance). A message sent to an `AnyObject` goes through `AnyKeyValueObservable`.

/// The keys of a change dictionary.
public struct NSKeyValueChangeKey: RawRepresentable, Hashable, Sendable {
    /// The key's string.
    public let rawValue: String
    /// The key of string `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The key of string `rawValue`.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The kind of change (an `NSKeyValueChange` raw value).
    public static let kindKey = NSKeyValueChangeKey("kind")
    /// The new value (with `.new`).
    public static let newKey = NSKeyValueChangeKey("new")
    /// The old value (with `.old`).
    public static let oldKey = NSKeyValueChangeKey("old")
    /// The indexes of a collection change.
    public static let indexesKey = NSKeyValueChangeKey("indexes")
    /// Whether this is the notice sent before the change.
    public static let notificationIsPriorKey = NSKeyValueChangeKey("notificationIsPrior")
}

/// What an observation reports.
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    /// The options as Foundation's bits.
    public let rawValue: UInt
    /// The options whose bits `rawValue` sets.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Report the new value.
    public static let new = NSKeyValueObservingOptions(rawValue: 1)
    /// Report the old value.
    public static let old = NSKeyValueObservingOptions(rawValue: 2)
    /// Report the value once at once, when the observation is made.
    public static let initial = NSKeyValueObservingOptions(rawValue: 4)
    /// Partial: kept; no report comes before a change.
    public static let prior = NSKeyValueObservingOptions(rawValue: 8)
}

/// The kind of a change (values are set: `.setting`).
public enum NSKeyValueChange: UInt, Sendable { case setting = 1, insertion, removal, replacement }

/// One observation made with the string API: whom to tell, and the engine observation.
struct KeyValueObservation {
    weak var observer: AnyObject?
    let keyPath: String
    let context: UnsafeMutableRawPointer?
    let engine: ValueObservation?
}

/// An engine value as UIKit code reads it (`CGPoint` for a ``Point``, ...).
private func facadeValue(_ v: Any?) -> Any? {
    switch v {
    case let p as Point: CGPoint(p)
    case let s as Size: CGSize(s)
    case let r as Rect: CGRect(r)
    case let e as EdgeInsets: UIEdgeInsets(e)
    case let d as Double: CGFloat(d)
    default: v
    }
}

/// A change dictionary holding what `options` ask for.
private func change(_ old: Any?, _ new: Any?, _ options: NSKeyValueObservingOptions) -> [NSKeyValueChangeKey: Any] {
    var c: [NSKeyValueChangeKey: Any] = [.kindKey: NSKeyValueChange.setting.rawValue]
    if options.contains(.new), let new { c[.newKey] = new }
    if options.contains(.old), let old { c[.oldKey] = old }
    return c
}

extension UIResponder {
    /// Watches the value at `keyPath`: `observer`'s `observeValue(forKeyPath:of:change:context:)`
    /// is called when it changes (and at once with `.initial`). On a view, the engine's
    /// `View/observe(key:initial:handler:)`.
    public func addObserver(_ observer: NSObject, forKeyPath keyPath: String, options: NSKeyValueObservingOptions = [],
                            context: UnsafeMutableRawPointer?) {
        let tell: @MainActor (Any?, Any?) -> Void = { [weak self, weak observer] old, new in
            guard let self else { return }
            (observer as? NSKeyValueObserving)?.observeValue(forKeyPath: keyPath, of: self,
                                                             change: change(facadeValue(old), facadeValue(new), options), context: context)
        }
        let engine = (self as? UIView)?.view.observe(key: keyPath, initial: options.contains(.initial), handler: tell)
        if engine == nil, options.contains(.initial) { tell(nil, nil) }
        keyValueObservations.append(KeyValueObservation(observer: observer, keyPath: keyPath, context: context, engine: engine))
    }
    /// Stops the observations `observer` made of `keyPath` with `context`.
    public func removeObserver(_ observer: NSObject, forKeyPath keyPath: String, context: UnsafeMutableRawPointer?) {
        removeObservations { $0.observer === observer && $0.keyPath == keyPath && $0.context == context }
    }
    /// Stops the observations `observer` made of `keyPath`.
    public func removeObserver(_ observer: NSObject, forKeyPath keyPath: String) {
        removeObservations { $0.observer === observer && $0.keyPath == keyPath }
    }
    private func removeObservations(where match: (KeyValueObservation) -> Bool) {
        for o in keyValueObservations where match(o) { o.engine?.invalidate() }
        keyValueObservations.removeAll(where: match)
    }
}

/// Foundation's `NSKeyValueObserving` method, which every `NSObject` has on Darwin: how an
/// observation tells its observer. UIKit's responders have it; the lowering gives it to a class of
/// yours inheriting `NSObject` that overrides the method (Foundation's `NSObject` on Linux lacks it).
@preconcurrency @MainActor
public protocol NSKeyValueObserving: AnyObject {
    /// Told that the value at `keyPath` of `object` changed (`change` holds what the options asked).
    func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                      context: UnsafeMutableRawPointer?)
}
extension UIResponder: NSKeyValueObserving {}

/// A receiver of key-value observing messages written as Objective-C sends them to any object
/// (`id`): `object.addObserver(self, forKeyPath: ...)` where `object` is an `AnyObject`, which
/// Swift on Linux cannot look up. The lowering passes such a call's receiver through this. A
/// UIKit responder observes as its own methods say; nil ignores the message, as Objective-C's
/// nil does; any other object has no observable key here, and adding an observer says so.
@preconcurrency @MainActor
public struct AnyKeyValueObservable {
    /// The object the message is for.
    public let object: AnyObject?
    /// The receiver `object`.
    public init(_ object: AnyObject?) { self.object = object }
    /// `addObserver(_:forKeyPath:options:context:)` of the object: a responder's; else reported.
    public func addObserver(_ observer: NSObject, forKeyPath keyPath: String, options: NSKeyValueObservingOptions = [],
                            context: UnsafeMutableRawPointer?) {
        guard let object else { return }
        guard let responder = object as? UIResponder else {
            print("addObserver(_:forKeyPath:options:context:): a \(type(of: object)) is not observable here (only UIKit's views and responders are); '\(keyPath)' will never be reported")
            return
        }
        responder.addObserver(observer, forKeyPath: keyPath, options: options, context: context)
    }
    /// `removeObserver(_:forKeyPath:context:)` of the object (a responder's; nothing otherwise).
    public func removeObserver(_ observer: NSObject, forKeyPath keyPath: String, context: UnsafeMutableRawPointer?) {
        (object as? UIResponder)?.removeObserver(observer, forKeyPath: keyPath, context: context)
    }
    /// `removeObserver(_:forKeyPath:)` of the object (a responder's; nothing otherwise).
    public func removeObserver(_ observer: NSObject, forKeyPath keyPath: String) {
        (object as? UIResponder)?.removeObserver(observer, forKeyPath: keyPath)
    }
}

/// An observation made with the block API: the engine's `ValueObservation`, which it keeps;
/// it ends when this object goes or is invalidated.
public final class NSKeyValueObservation: NSObject {
    private let engine: ValueObservation?
    init(engine: ValueObservation?) { self.engine = engine }
    /// Ends the observation.
    @MainActor public func invalidate() { engine?.invalidate() }
}

/// A change the block API reports.
public struct NSKeyValueObservedChange<Value> {
    /// `NSKeyValueObservedChange.kind`: the kind of change.
    public let kind: NSKeyValueChange
    /// `NSKeyValueObservedChange.newValue`: the new value (with `.new`).
    public let newValue: Value?
    /// `NSKeyValueObservedChange.oldValue`: the old value (with `.old`).
    public let oldValue: Value?
    /// `NSKeyValueObservedChange.indexes`: the indexes of a collection change.
    public let indexes: IndexSet?
    /// `NSKeyValueObservedChange.isPrior`: whether this is the notice before the change.
    public let isPrior: Bool
}

/// The block API of key-value observing, for UIKit's responders.
@preconcurrency @MainActor
public protocol UIKeyValueObserving: UIResponder {}
extension UIResponder: UIKeyValueObserving {}

extension UIKeyValueObserving {
    /// Calls `changeHandler` when the value at `keyPath` changes (see the file comment for the
    /// observable key paths); the observation lasts as long as the returned object.
    public func observe<Value>(_ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
                               changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void) -> NSKeyValueObservation {
        let handler: @MainActor (Any?, Any?) -> Void = { [weak self] old, new in
            guard let self else { return }
            changeHandler(self, NSKeyValueObservedChange(kind: .setting, newValue: options.contains(.new) ? new as? Value : nil,
                                                         oldValue: options.contains(.old) ? old as? Value : nil, indexes: nil, isPrior: false))
        }
        guard let view = (self as? UIView)?.view else {
            if options.contains(.initial) { handler(nil, self[keyPath: keyPath]) }
            return NSKeyValueObservation(engine: nil)
        }
        let engine = view.observe(reading: { [weak self] _ in self?[keyPath: keyPath] }, initial: options.contains(.initial),
                                  handler: handler)
        return NSKeyValueObservation(engine: engine)
    }
}
