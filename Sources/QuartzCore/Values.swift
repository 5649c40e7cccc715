import Geometry
import RenderModel
import Layers
import Images

/// Converts a value as UIKit code hands it to Core Animation (`CGFloat`, `NSNumber`,
/// `CGPoint`, `CGColor`, `CATransform3D`, `CGPath`, arrays of colours or numbers) into the
/// engine's value; nil stays nil, and anything else is passed as it is (the engine reports it).
package func engineValue(_ any: Any?) -> Any? {
    guard let any else { return nil }
    switch any {
    case let v as CGFloat: return Double(v)
    case let v as Double: return v
    case let v as Float: return Double(v)
    case let v as Int: return Double(v)
    case let v as NSNumber: return v.doubleValue
    case let v as CGPoint: return v.point
    case let v as CGSize: return v.size
    case let v as CGRect: return v.rect
    case let v as CGColor: return v.color
    case let v as CATransform3D: return v.engine
    case let v as CGAffineTransform: return Transform3D(v.affine)
    case let v as CGPath: return v.path
    case let v as CGImage: return v.image
    case let v as BoxedValue: return engineValue(v.value)
    case let v as [Any]:
        if v.isEmpty { return [Double]() }
        if v.allSatisfy({ $0 is CGColor }) { return v.map { ($0 as! CGColor).color } }
        let numbers = v.compactMap { engineValue($0) as? Double }
        if numbers.count == v.count { return numbers }
        return v.map { engineValue($0) ?? $0 }
    default: return any
    }
}

/// The engine's value as UIKit code reads it back (`CGFloat`, `CGPoint`, `CGColor`...).
package func facadeValue(_ any: Any?) -> Any? {
    guard let any else { return nil }
    switch any {
    case let v as Double: return CGFloat(v)
    case let v as Point: return CGPoint(v)
    case let v as Size: return CGSize(v)
    case let v as Rect: return CGRect(v)
    case let v as Color: return CGColor(v)
    case let v as Transform3D: return CATransform3D(v)
    case let v as Path: return CGPath(v)
    case let v as [Color]: return v.map(CGColor.init)
    case let v as [Double]: return v.map { NSNumber(value: $0) }
    default: return any
    }
}

// `NSValue(caTransform3D:)` and friends. Foundation on Linux cannot put a struct in an
// NSValue's bytes (it traps), so such a value is an NSValue subclass holding the value itself.
final class BoxedValue: NSValue, @unchecked Sendable {
    let value: Any
    init(_ value: Any) { self.value = value; super.init() }
    /// Bytes are Foundation's business; this box is made from a value only.
    required convenience init(bytes value: UnsafeRawPointer, objCType type: UnsafePointer<CChar>) {
        self.init(Optional<Any>.none as Any)
    }
    required init?(coder: NSCoder) { return nil }
    override var objCType: UnsafePointer<CChar> { BoxedValue.encoding }
    private static let encoding: UnsafePointer<CChar> = UnsafePointer(strdup("{?}")!)
    override func isEqual(_ object: Any?) -> Bool {
        guard let o = object as? BoxedValue else { return false }
        return "\(value)" == "\(o.value)"
    }
    override var hash: Int { "\(value)".hashValue }
}

/// Lets `NSValue(caTransform3D:)` make a ``BoxedValue`` (a protocol extension's initialiser
/// may replace `self`; a class's may not).
public protocol CAValueBoxing {}
extension NSValue: CAValueBoxing {}
extension CAValueBoxing where Self: NSValue {
    /// `NSValue(caTransform3D:)`: a boxed `CATransform3D`.
    public init(caTransform3D t: CATransform3D) { self = BoxedValue(t) as! Self }
    /// `NSValue(cgPoint:)`: a boxed `CGPoint`.
    public init(cgPoint p: CGPoint) { self = BoxedValue(p) as! Self }
    /// `NSValue(cgSize:)`: a boxed `CGSize`.
    public init(cgSize s: CGSize) { self = BoxedValue(s) as! Self }
    /// `NSValue(cgRect:)`: a boxed `CGRect`.
    public init(cgRect r: CGRect) { self = BoxedValue(r) as! Self }
}

extension NSValue {
    /// `NSValue.caTransform3DValue`: the boxed transform (the identity for another value).
    public var caTransform3DValue: CATransform3D { (self as? BoxedValue)?.value as? CATransform3D ?? CATransform3DIdentity }
    /// `NSValue.cgPointValue`: the boxed point (zero for another value).
    public var cgPointValue: CGPoint { (self as? BoxedValue)?.value as? CGPoint ?? .zero }
    /// `NSValue.cgSizeValue`: the boxed size (zero for another value).
    public var cgSizeValue: CGSize { (self as? BoxedValue)?.value as? CGSize ?? .zero }
    /// `NSValue.cgRectValue`: the boxed rectangle (zero for another value).
    public var cgRectValue: CGRect { (self as? BoxedValue)?.value as? CGRect ?? .zero }
}

