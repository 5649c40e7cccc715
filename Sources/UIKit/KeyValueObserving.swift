import Foundation

// Key-value observing of UIKit's observable properties (RU3), which Foundation on Linux does
// not have: the string API (`addObserver(_:forKeyPath:options:context:)` and the observer's
// `observeValue(forKeyPath:of:change:context:)`), and the block API (`observe(_:options:
// changeHandler:)`). Pull-to-refresh and parallax code watch a scroll view's `contentOffset`
// and `contentSize` this way. Partial: values are compared after each scroll and layout of a
// scroll view (the engine's hooks), so what is reported is what a scroll view's scrolling and
// layout change. The string API knows a scroll view's `contentOffset`, `contentSize` and
// `contentInset` and a view's `frame`, `bounds`, `center` and `alpha` (other key paths are
// accepted and never reported); the block API reads any key path of a scroll view. An
// observer that is not a responder is told through the block API only.

/// The keys of a change dictionary.
public struct NSKeyValueChangeKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let kindKey = NSKeyValueChangeKey("kind")
    public static let newKey = NSKeyValueChangeKey("new")
    public static let oldKey = NSKeyValueChangeKey("old")
    public static let indexesKey = NSKeyValueChangeKey("indexes")
    public static let notificationIsPriorKey = NSKeyValueChangeKey("notificationIsPrior")
}

/// What an observation reports.
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let new = NSKeyValueObservingOptions(rawValue: 1)
    public static let old = NSKeyValueObservingOptions(rawValue: 2)
    /// Report the value once at once, when the observation is made.
    public static let initial = NSKeyValueObservingOptions(rawValue: 4)
    /// Partial: kept; no report comes before a change.
    public static let prior = NSKeyValueObservingOptions(rawValue: 8)
}

/// The kind of a change (values are set: `.setting`).
public enum NSKeyValueChange: UInt, Sendable { case setting = 1, insertion, removal, replacement }

/// One observation of a value of a responder.
struct KeyValueObservation {
    weak var observer: AnyObject?
    let keyPath: String
    let options: NSKeyValueObservingOptions
    let context: UnsafeMutableRawPointer?
    /// The block API's handler (old value, new value); nil for the string API.
    let handler: ((Any?, Any?) -> Void)?
    /// The block API's reading of the value through its key path; nil for the string API,
    /// which reads ``UIResponder/observableValue(forKeyPath:)``.
    var read: ((UIResponder) -> Any?)? = nil
    /// The value last reported (or seen when the observation was made).
    var last: Any?
}

/// Whether two observed values differ (values that are not hashable always do).
private func differ(_ a: Any?, _ b: Any?) -> Bool {
    guard let a = a as? AnyHashable, let b = b as? AnyHashable else { return true }
    return a != b
}

extension UIResponder {
    /// Watches the value at `keyPath`: `observer`'s `observeValue(forKeyPath:of:change:context:)`
    /// is called when it changes (and at once with `.initial`).
    public func addObserver(_ observer: NSObject, forKeyPath keyPath: String, options: NSKeyValueObservingOptions = [],
                            context: UnsafeMutableRawPointer?) {
        let value = observableValue(forKeyPath: keyPath)
        keyValueObservations.append(KeyValueObservation(observer: observer, keyPath: keyPath, options: options, context: context,
                                                        handler: nil, last: value))
        if options.contains(.initial) {
            (observer as? UIResponder)?.observeValue(forKeyPath: keyPath, of: self, change: change(nil, value, options), context: context)
        }
    }
    /// Stops the observations `observer` made of `keyPath` with `context`.
    public func removeObserver(_ observer: NSObject, forKeyPath keyPath: String, context: UnsafeMutableRawPointer?) {
        keyValueObservations.removeAll { $0.observer === observer && $0.keyPath == keyPath && $0.context == context }
    }
    /// Stops the observations `observer` made of `keyPath`.
    public func removeObserver(_ observer: NSObject, forKeyPath keyPath: String) {
        keyValueObservations.removeAll { $0.observer === observer && $0.keyPath == keyPath }
    }

    private func change(_ old: Any?, _ new: Any?, _ options: NSKeyValueObservingOptions) -> [NSKeyValueChangeKey: Any] {
        var c: [NSKeyValueChangeKey: Any] = [.kindKey: NSKeyValueChange.setting.rawValue]
        if options.contains(.new), let new { c[.newKey] = new }
        if options.contains(.old), let old { c[.oldKey] = old }
        return c
    }

    /// Reports the observed values that changed since they were last reported; called by the
    /// facade after a scroll view scrolls or lays out.
    func notifyKeyValueObservers() {
        keyValueObservations.removeAll { $0.observer == nil }
        guard !keyValueObservations.isEmpty else { return }
        for i in keyValueObservations.indices where i < keyValueObservations.count {
            let o = keyValueObservations[i]
            let now = o.read.map { $0(self) } ?? observableValue(forKeyPath: o.keyPath)
            guard now != nil, differ(o.last, now) else { continue }
            keyValueObservations[i].last = now
            if let handler = o.handler { handler(o.last, now); continue }
            (o.observer as? UIResponder)?.observeValue(forKeyPath: o.keyPath, of: self, change: change(o.last, now, o.options),
                                                       context: o.context)
        }
    }
}

/// An observation made with the block API; it ends when this object goes or is invalidated.
public final class NSKeyValueObservation: NSObject {
    private weak var object: UIResponder?
    private let token: NSObject
    init(object: UIResponder, token: NSObject) { self.object = object; self.token = token }
    /// Ends the observation.
    @MainActor public func invalidate() {
        object?.keyValueObservations.removeAll { $0.observer === token }
    }
}

/// A change the block API reports.
public struct NSKeyValueObservedChange<Value> {
    public let kind: NSKeyValueChange
    public let newValue: Value?
    public let oldValue: Value?
    public let indexes: IndexSet?
    public let isPrior: Bool
}

/// The block API of key-value observing, for UIKit's responders.
public protocol UIKeyValueObserving: UIResponder {}
extension UIResponder: UIKeyValueObserving {}

extension UIKeyValueObserving {
    /// Calls `changeHandler` when the value at `keyPath` changes (see the file comment for the
    /// observable key paths); the observation lasts as long as the returned object.
    public func observe<Value>(_ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
                               changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void) -> NSKeyValueObservation {
        let token = NSObject()
        let handler: (Any?, Any?) -> Void = { [weak self] old, new in
            guard let self else { return }
            changeHandler(self, NSKeyValueObservedChange(kind: .setting, newValue: options.contains(.new) ? new as? Value : nil,
                                                         oldValue: options.contains(.old) ? old as? Value : nil, indexes: nil, isPrior: false))
        }
        let read: (UIResponder) -> Any? = { ($0 as? Self)?[keyPath: keyPath] }
        keyValueObservations.append(KeyValueObservation(observer: token, keyPath: String(describing: keyPath), options: options,
                                                        context: nil, handler: handler, read: read, last: read(self)))
        if options.contains(.initial) { handler(nil, self[keyPath: keyPath]) }
        return NSKeyValueObservation(object: self, token: token)
    }
}
