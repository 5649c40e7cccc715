/// A 2-D affine transform, `[a b 0; c d 0; tx ty 1]`, applied to row vectors as Core Graphics
/// does: `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
public struct AffineTransform: Hashable, Sendable {
    /// The six entries: `a`, `b`, `c`, `d` the linear part (scale, rotation, shear; unitless) and
    /// `tx`, `ty` the translation in points.
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// A transform from its six entries, as `CGAffineTransform(a:b:c:d:tx:ty:)`.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    /// The transform that leaves every point where it is: `a` and `d` 1, the rest 0.
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

    /// Whether every entry equals ``identity``'s exactly (no tolerance).
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

    /// The image of `p`: (`a·x + c·y + tx`, `b·x + d·y + ty`), in the same units as `p`.
    /// Inlinable: rasterisers and path transforms call it for every point.
    @inlinable public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The bounding box of the transformed rectangle; ``Rect/null`` stays null (its infinite
    /// origin times a zero coefficient would be NaN).
    public func apply(to r: Rect) -> Rect {
        if isIdentity || r.isNull { return r }
        // x' = a·x + c·y + tx: each term's extreme comes from one end of its range.
        let ax0 = a * r.minX, ax1 = a * r.maxX, cy0 = c * r.minY, cy1 = c * r.maxY
        let bx0 = b * r.minX, bx1 = b * r.maxX, dy0 = d * r.minY, dy1 = d * r.maxY
        let x0 = min(ax0, ax1) + min(cy0, cy1) + tx, x1 = max(ax0, ax1) + max(cy0, cy1) + tx
        let y0 = min(bx0, bx1) + min(dy0, dy1) + ty, y1 = max(bx0, bx1) + max(dy0, dy1) + ty
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The transform as scale, then shear, then rotation, then translation: `sx`, `sy`, the
    /// shear factor `k` (x += k·y before rotating) and the angle in radians. A reflection shows as
    /// a negative `sy`.
    public var decomposed: (sx: Double, sy: Double, shear: Double, angle: Double, tx: Double, ty: Double) {
        let sx = (a * a + b * b).squareRoot()
        let angle = sx > 0 ? atan2(b, a) : 0
        let cs = angle.cosValue, sn = angle.sinValue
        let sy = d * cs - c * sn
        let k = sy != 0 ? (c * cs + d * sn) / sy : 0
        return (sx, sy, k, angle, tx, ty)
    }

    /// Builds a transform from ``decomposed`` parts.
    public init(sx: Double, sy: Double, shear k: Double, angle: Double, tx: Double, ty: Double) {
        let cs = angle.cosValue, sn = angle.sinValue
        self.init(a: sx * cs, b: sx * sn, c: sy * (k * cs - sn), d: sy * (k * sn + cs), tx: tx, ty: ty)
    }

    /// Interpolation for animations, as Core Animation does it: the two transforms are decomposed
    /// into scale, shear, rotation and translation, which are interpolated (the rotation the
    /// short way round), so a half-turn passes through a quarter-turn instead of collapsing to
    /// nothing as a component-wise blend would. Exact at `t == 0` and `t == 1`.
    public static func interpolate(_ from: AffineTransform, _ to: AffineTransform, _ t: Double) -> AffineTransform {
        if t == 0 { return from }
        if t == 1 { return to }
        let f = from.decomposed, g = to.decomposed
        var turn = g.angle - f.angle
        if turn > .pi { turn -= 2 * .pi } else if turn < -.pi { turn += 2 * .pi }
        return AffineTransform(sx: lerp(f.sx, g.sx, t), sy: lerp(f.sy, g.sy, t), shear: lerp(f.shear, g.shear, t),
                               angle: f.angle + turn * t, tx: lerp(f.tx, g.tx, t), ty: lerp(f.ty, g.ty, t))
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
