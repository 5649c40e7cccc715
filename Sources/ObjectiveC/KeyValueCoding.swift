import Foundation

/// An object that answers key-value coding reads by name (`value(forKey:)`), as Objective-C's
/// `NSKeyValueCoding` lets any object: what ``AnyKeyValueCoding`` asks of an object that is not
/// a dictionary.
public protocol KeyValueCodingReadable: AnyObject {
    /// The value for `key`, or nil when the object has none.
    func value(forKey key: String) -> Any?
}

/// A receiver of key-value coding reads written as Objective-C sends them to any object (`id`):
/// `(x as AnyObject).value(forKey: "title")`, which Swift on Linux cannot look up. The
/// `ObjCLowering` lowering passes such a receiver through this (RU3).
///
/// A dictionary (Foundation's `NSDictionary` or a Swift one keyed by strings) answers with the
/// object for the key, as `NSDictionary`'s `value(forKey:)` does; a ``KeyValueCodingReadable``
/// object answers for itself; `nil` and `NSNull` answer nil, as a message to nil does; anything
/// else answers nil and says once per call that it has no keys here (Objective-C would raise
/// `NSUndefinedKeyException`).
public struct AnyKeyValueCoding {
    /// What the message is for.
    public let object: Any?

    /// The receiver `object`.
    public init(_ object: Any?) { self.object = object }

    /// `value(forKey:)` of the object (see ``AnyKeyValueCoding``).
    public func value(forKey key: String) -> Any? {
        guard let object = Self.unwrapped(object) else { return nil }
        switch object {
        case is NSNull: return nil
        case let d as NSDictionary: return d.object(forKey: key)
        case let d as [String: Any]: return d[key]
        case let d as [AnyHashable: Any]: return d[AnyHashable(key)]
        case let o as KeyValueCodingReadable: return o.value(forKey: key)
        default:
            print("value(forKey:): a \(type(of: object)) has no value for the key '\(key)' here (only dictionaries and KeyValueCodingReadable objects answer key-value coding reads on Linux)")
            return nil
        }
    }

    /// `value(forKeyPath:)`: the keys of a dot-separated path read one after another.
    public func value(forKeyPath keyPath: String) -> Any? {
        var current: Any? = object
        for key in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
            current = AnyKeyValueCoding(current).value(forKey: String(key))
            if current == nil { return nil }
        }
        return current
    }

    /// `value` with any levels of optional taken off (an `Any?` cast to `AnyObject` and back
    /// may hold an optional inside).
    private static func unwrapped(_ value: Any?) -> Any? {
        guard let value else { return nil }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let inner = mirror.children.first?.value else { return nil }
            return unwrapped(inner)
        }
        return value
    }
}
