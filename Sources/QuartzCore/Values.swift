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
    case let v as NSValue: return nsValueContents(v) ?? v
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

// `NSValue(caTransform3D:)` and friends: the value is kept in the NSValue's bytes.
extension NSValue {
    public convenience init(caTransform3D t: CATransform3D) {
        var t = t
        self.init(bytes: &t, objCType: "{CATransform3D=dddddddddddddddd}")
    }
    public convenience init(cgPoint p: CGPoint) {
        var p = p
        self.init(bytes: &p, objCType: "{CGPoint=dd}")
    }
    public convenience init(cgSize s: CGSize) {
        var s = s
        self.init(bytes: &s, objCType: "{CGSize=dd}")
    }
    public convenience init(cgRect r: CGRect) {
        var r = r
        self.init(bytes: &r, objCType: "{CGRect={CGPoint=dd}{CGSize=dd}}")
    }
    public var caTransform3DValue: CATransform3D { var t = CATransform3DIdentity; getValue(&t); return t }
    public var cgPointValue: CGPoint { var p = CGPoint.zero; getValue(&p); return p }
    public var cgSizeValue: CGSize { var s = CGSize.zero; getValue(&s); return s }
    public var cgRectValue: CGRect { var r = CGRect.zero; getValue(&r); return r }
}

private func nsValueContents(_ v: NSValue) -> Any? {
    let type = String(cString: v.objCType)
    if type.hasPrefix("{CATransform3D") { return v.caTransform3DValue.engine }
    if type.hasPrefix("{CGPoint") { return v.cgPointValue.point }
    if type.hasPrefix("{CGSize") { return v.cgSizeValue.size }
    if type.hasPrefix("{CGRect") { return v.cgRectValue.rect }
    return nil
}
