/// A 2-D affine transform, `[a b 0; c d 0; tx ty 1]`, applied to row vectors as Core Graphics
/// does: `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
public struct AffineTransform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by `x`, `y`.
    public init(translationX x: Double, y: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }
    /// A scale by `sx`, `sy`.
    public init(scaleX sx: Double, y sy: Double) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    /// A rotation by `angle` radians (positive turns x toward y, i.e. clockwise on screen).
    public init(rotationAngle angle: Double) {
        let s = angle.sinValue, co = angle.cosValue
        self.init(a: co, b: s, c: -s, d: co, tx: 0, ty: 0)
    }

    public var isIdentity: Bool { self == .identity }

    /// `self` followed by `t`.
    public func concatenating(_ t: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * t.a + b * t.c, b: a * t.b + b * t.d,
            c: c * t.a + d * t.c, d: c * t.b + d * t.d,
            tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }

    /// The inverse, or `nil` when the transform is singular.
    public func inverted() -> AffineTransform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        return AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The bounding box of the transformed rectangle.
    public func apply(to r: Rect) -> Rect {
        if isIdentity { return r }
        // x' = a·x + c·y + tx: each term's extreme comes from one end of its range.
        let ax0 = a * r.minX, ax1 = a * r.maxX, cy0 = c * r.minY, cy1 = c * r.maxY
        let bx0 = b * r.minX, bx1 = b * r.maxX, dy0 = d * r.minY, dy1 = d * r.maxY
        let x0 = min(ax0, ax1) + min(cy0, cy1) + tx, x1 = max(ax0, ax1) + max(cy0, cy1) + tx
        let y0 = min(bx0, bx1) + min(dy0, dy1) + ty, y1 = max(bx0, bx1) + max(dy0, dy1) + ty
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Component-wise linear interpolation (used by frame interpolation of transforms).
    public static func interpolate(_ from: AffineTransform, _ to: AffineTransform, _ t: Double) -> AffineTransform {
        AffineTransform(
            a: lerp(from.a, to.a, t), b: lerp(from.b, to.b, t), c: lerp(from.c, to.c, t),
            d: lerp(from.d, to.d, t), tx: lerp(from.tx, to.tx, t), ty: lerp(from.ty, to.ty, t))
    }
}

/// `from + (to - from)·t`, exact at `t == 0` and `t == 1`.
@inlinable public func lerp(_ from: Double, _ to: Double, _ t: Double) -> Double {
    if t == 0 { return from }
    if t == 1 { return to }
    return from + (to - from) * t
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Double {
    @usableFromInline var sinValue: Double { sin(self) }
    @usableFromInline var cosValue: Double { cos(self) }
}
