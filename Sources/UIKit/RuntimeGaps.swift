import Foundation
import ObjectiveC

// What real UIKit code asks of the Objective-C runtime, from any object and from classes (RU3):
// `responds(to:)` and `perform(_:)` on any object, `+respondsToSelector:` and `+performSelector:`
// on the classes UIKit gives a shared instance, and `NSClassFromString` (lowered to
// `UIClassFromString`) for UIKit's class names.
// There is no message lookup by name: a selector answers when the lowering of `#selector(...)`
// tied it to a method, and a class answers the class-method selectors of its shared instance.

extension NSObjectProtocol {
    /// `responds(to:)` of any object (UIKit's `NSObject` method): whether the selector, made by
    /// the lowering of `#selector(Type.method)`, names a method this object has (it is of the type,
    /// a subclass of it, or a conformer of the protocol that declares the method). A selector made
    /// from a string answers no. The lowering gives a protocol's optional requirements default
    /// implementations, so every conformer answers yes for them. `UIResponder` has its own,
    /// overridable, with the same answer.
    public func responds(to aSelector: Selector) -> Bool { aSelector.canPerform(on: self) }

    /// `perform(_:)`: calls the method the selector names on this object and hands back its
    /// result when that is an object (nil otherwise, and when nothing performs the selector).
    @discardableResult
    public func perform(_ aSelector: Selector!) -> PerformedObject! {
        PerformedObject(aSelector.perform(on: self).result)
    }
    /// `perform(_:with:)`: the same with one argument.
    @discardableResult
    public func perform(_ aSelector: Selector!, with object: Any!) -> PerformedObject! {
        PerformedObject(aSelector.perform(on: self, with: object as Any?).result)
    }
    /// `perform(_:with:with:)`: the same with two arguments.
    @discardableResult
    public func perform(_ aSelector: Selector!, with object1: Any!, with object2: Any!) -> PerformedObject! {
        PerformedObject(aSelector.perform(on: self, with: object1 as Any?, object2 as Any?).result)
    }
}

extension NSObjectProtocol {
    /// The object the runtime would forward an unknown message to: none (there is no message
    /// forwarding here; a plain object's override is lowered to a method of its own).
    public func forwardingTarget(for aSelector: Selector!) -> Any? { nil }
    /// Called on an object loaded from a nib: never here (nibs do not exist on Linux); a plain
    /// object's override is lowered to a method of its own, whose `super` call lands here.
    public func awakeFromNib() {}
    /// Called by Interface Builder: never here.
    public func prepareForInterfaceBuilder() {}
}

/// What `perform(_:)` hands back in place of UIKit's unmanaged reference (which this package
/// keeps to C callbacks, AM4): the object the method returned, held strongly, read with the
/// same `takeUnretainedValue()` and `takeRetainedValue()`.
public struct PerformedObject {
    private let object: AnyObject
    /// The result when it is an object; nil for none (or `Void`).
    init?(_ result: Any?) {
        guard let result, !(result is Void) else { return nil }
        object = result as AnyObject
    }
    /// The object the method returned.
    public func takeUnretainedValue() -> AnyObject { object }
    /// The object the method returned (no reference to give up: Swift counts them).
    public func takeRetainedValue() -> AnyObject { object }
}

extension NSObject {
    /// `+respondsToSelector:`: whether the class answers a class-method selector, which here
    /// means the selectors of UIKit's shared instances (`sharedApplication` of `UIApplication`,
    /// `mainScreen` of `UIScreen`, `currentDevice` of `UIDevice`), as code that reaches them by
    /// name from an app extension asks.
    public class func responds(to aSelector: Selector) -> Bool { sharedInstance(of: self, named: aSelector.name) != nil }
    /// `+performSelector:`: the shared instance the selector names (see `responds(to:)`), or nil.
    @discardableResult
    public class func perform(_ aSelector: Selector!) -> PerformedObject! {
        PerformedObject(sharedInstance(of: self, named: aSelector.name))
    }
}

/// The shared instance a class-method selector names, read on the main thread only.
private func sharedInstance(of type: AnyClass, named name: String) -> AnyObject? {
    guard isOnMainQueue else { return nil }
    return MainActor.assumeIsolated { () -> AnyObject? in
        switch name {
        case "sharedApplication" where type is UIApplication.Type: UIApplication.shared
        case "mainScreen" where type is UIScreen.Type: UIScreen.main
        case "currentDevice" where type is UIDevice.Type: UIDevice.current
        default: nil
        }
    }
}

/// UIKit's classes by their Objective-C names, for `UIClassFromString(_:)`.
private let uikitClasses: [String: NSObject.Type] = [
    "UIApplication": UIApplication.self, "UIScreen": UIScreen.self, "UIDevice": UIDevice.self,
    "UIView": UIView.self, "UIWindow": UIWindow.self, "UIViewController": UIViewController.self,
    "UIResponder": UIResponder.self, "UIControl": UIControl.self, "UIButton": UIButton.self,
    "UILabel": UILabel.self, "UIImageView": UIImageView.self, "UIScrollView": UIScrollView.self,
    "UITableView": UITableView.self, "UICollectionView": UICollectionView.self,
    "UINavigationController": UINavigationController.self, "UITabBarController": UITabBarController.self,
]

/// What the lowering makes of `NSClassFromString` (ObjCLowering): UIKit's classes by their
/// Objective-C names (`"UIApplication"`), else Foundation's `NSClassFromString` of a
/// module-qualified Swift name, as an `NSObject` class, so code can ask it
/// `NSObject/responds(to:)` as on iOS; nil for other names.
public func UIClassFromString(_ aClassName: String) -> NSObject.Type? {
    uikitClasses[aClassName] ?? (Foundation.NSClassFromString(aClassName) as? NSObject.Type)
}

extension UITabBarItem {
    /// Key-value coding's `value(forKey:)` for the one private key real code reads from a tab bar
    /// item: `"view"`, the button that shows the item in its tab bar controller's bar (nil when
    /// the item is in no bar). Other keys give nil.
    public func value(forKey key: String) -> Any? { key == "view" ? shownView : nil }
}

/// The accessibility strings of objects that are neither views nor accessibility elements (a
/// library's model of an action, an image), which UIKit lets any object carry: kept per object
/// while it lives.
private final class AccessibilityStrings: @unchecked Sendable {
    static let shared = AccessibilityStrings()
    private struct Entry { weak var owner: AnyObject?; var values: [String: String] }
    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]
    func value(_ key: String, of object: AnyObject) -> String? {
        lock.lock(); defer { lock.unlock() }
        guard let e = entries[ObjectIdentifier(object)], e.owner === object else { return nil }
        return e.values[key]
    }
    func set(_ value: String?, _ key: String, of object: AnyObject) {
        lock.lock(); defer { lock.unlock() }
        entries = entries.filter { $0.value.owner != nil }
        var e = entries[ObjectIdentifier(object)].flatMap { $0.owner === object ? $0 : nil } ?? Entry(owner: object, values: [:])
        e.values[key] = value
        entries[ObjectIdentifier(object)] = e
    }
}

extension NSObjectProtocol {
    /// UIKit's informal accessibility label of any object (views and accessibility elements have
    /// their own, which assistive technologies read); kept while the object lives.
    public var accessibilityLabel: String? {
        get { AccessibilityStrings.shared.value("label", of: self) }
        set { AccessibilityStrings.shared.set(newValue, "label", of: self) }
    }
    /// UIKit's informal accessibility hint of any object (see `accessibilityLabel`).
    public var accessibilityHint: String? {
        get { AccessibilityStrings.shared.value("hint", of: self) }
        set { AccessibilityStrings.shared.set(newValue, "hint", of: self) }
    }
    /// UIKit's informal accessibility identifier of any object (an image's, ...; see `accessibilityLabel`).
    public var accessibilityIdentifier: String? {
        get { AccessibilityStrings.shared.value("identifier", of: self) }
        set { AccessibilityStrings.shared.set(newValue, "identifier", of: self) }
    }
}
