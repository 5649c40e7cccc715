import Geometry

/// A value of an animatable property, interpolable component-wise.
public enum AnimatableValue: Sendable, Equatable {
    /// A number: an opacity, a radius in points.
    case scalar(Double)
    /// A point in points.
    case point(Point)
    /// A rectangle in points.
    case rect(Rect)
    /// A colour, interpolated per component.
    case color(Color)
    /// A 2D transform, interpolated matrix entry by matrix entry.
    case transform(AffineTransform)

    /// `from + (to − from)·p`; exact at p = 0 and p = 1. Springs may overshoot (p outside 0...1).
    @inlinable public static func interpolate(_ from: AnimatableValue, _ to: AnimatableValue, _ p: Double) -> AnimatableValue {
        switch (from, to) {
        case (.scalar(let a), .scalar(let b)): return .scalar(lerp(a, b, p))
        case (.point(let a), .point(let b)): return .point(Point(x: lerp(a.x, b.x, p), y: lerp(a.y, b.y, p)))
        case (.rect(let a), .rect(let b)):
            return .rect(Rect(x: lerp(a.minX, b.minX, p), y: lerp(a.minY, b.minY, p),
                              width: lerp(a.width, b.width, p), height: lerp(a.height, b.height, p)))
        case (.color(let a), .color(let b)): return .color(Color.interpolate(a, b, p))
        case (.transform(let a), .transform(let b)): return .transform(AffineTransform.interpolate(a, b, p))
        default: return p < 1 ? from : to
        }
    }
}

extension AnimatableValue {
    /// `base + (from − to)·k`, component by component: an additive animation's contribution on
    /// top of the model (`base`). No allocation.
    @inlinable public static func additive(_ base: AnimatableValue, from: AnimatableValue, to: AnimatableValue, _ k: Double) -> AnimatableValue {
        switch (base, from, to) {
        case (.scalar(let b), .scalar(let f), .scalar(let t)): return .scalar(b + (f - t) * k)
        case (.point(let b), .point(let f), .point(let t)):
            return .point(Point(x: b.x + (f.x - t.x) * k, y: b.y + (f.y - t.y) * k))
        case (.rect(let b), .rect(let f), .rect(let t)):
            return .rect(Rect(x: b.minX + (f.minX - t.minX) * k, y: b.minY + (f.minY - t.minY) * k,
                              width: b.width + (f.width - t.width) * k, height: b.height + (f.height - t.height) * k))
        case (.color(let b), .color(let f), .color(let t)):
            return .color(Color(red: b.red + (f.red - t.red) * k, green: b.green + (f.green - t.green) * k,
                                blue: b.blue + (f.blue - t.blue) * k, alpha: b.alpha + (f.alpha - t.alpha) * k))
        case (.transform(let b), .transform(let f), .transform(let t)):
            // Transforms do not add component by component (a quarter turn would shrink the view
            // to half its area halfway, CA9): the contribution is the decomposed interpolation
            // from `to` back toward `from`, relative to `to`, applied before the base. Alone
            // (base == to) that is exactly the decomposed interpolation from `from` to `to`.
            if k == 0 { return base }
            if let undo = t.inverted() {
                let delta = AffineTransform.interpolate(t, f, k).concatenating(undo)
                return .transform(delta.concatenating(b))
            }
            return .transform(AffineTransform(a: b.a + (f.a - t.a) * k, b: b.b + (f.b - t.b) * k, c: b.c + (f.c - t.c) * k,
                                              d: b.d + (f.d - t.d) * k, tx: b.tx + (f.tx - t.tx) * k, ty: b.ty + (f.ty - t.ty) * k))
        default: return base
        }
    }
}

extension AnimatableValue: KeyframeValue {
    /// `a + b` component by component (transforms too: keyframe splines weigh their entries);
    /// values of different kinds do not add (`b` wins).
    @inlinable public static func sum(_ a: AnimatableValue, _ b: AnimatableValue) -> AnimatableValue {
        switch (a, b) {
        case (.scalar(let x), .scalar(let y)): return .scalar(x + y)
        case (.point(let p), .point(let q)): return .point(Point(x: p.x + q.x, y: p.y + q.y))
        case (.rect(let p), .rect(let q)):
            return .rect(Rect(x: p.minX + q.minX, y: p.minY + q.minY, width: p.width + q.width, height: p.height + q.height))
        case (.color(let p), .color(let q)):
            return .color(Color(red: p.red + q.red, green: p.green + q.green, blue: p.blue + q.blue, alpha: p.alpha + q.alpha))
        case (.transform(let p), .transform(let q)):
            return .transform(AffineTransform(a: p.a + q.a, b: p.b + q.b, c: p.c + q.c, d: p.d + q.d, tx: p.tx + q.tx, ty: p.ty + q.ty))
        default: return b
        }
    }

    /// `v·k` component by component.
    @inlinable public static func scaled(_ v: AnimatableValue, by k: Double) -> AnimatableValue {
        switch v {
        case .scalar(let x): return .scalar(x * k)
        case .point(let p): return .point(Point(x: p.x * k, y: p.y * k))
        case .rect(let r): return .rect(Rect(x: r.minX * k, y: r.minY * k, width: r.width * k, height: r.height * k))
        case .color(let c): return .color(Color(red: c.red * k, green: c.green * k, blue: c.blue * k, alpha: c.alpha * k))
        case .transform(let t): return .transform(AffineTransform(a: t.a * k, b: t.b * k, c: t.c * k, d: t.d * k, tx: t.tx * k, ty: t.ty * k))
        }
    }

    /// The Euclidean distance over the components (0 between values of different kinds).
    public static func distance(_ a: AnimatableValue, _ b: AnimatableValue) -> Double {
        func squares(_ d: Double...) -> Double { d.reduce(0) { $0 + $1 * $1 } }
        switch (a, b) {
        case (.scalar(let x), .scalar(let y)): return abs(x - y)
        case (.point(let p), .point(let q)): return squares(p.x - q.x, p.y - q.y).squareRoot()
        case (.rect(let p), .rect(let q)): return squares(p.minX - q.minX, p.minY - q.minY, p.width - q.width, p.height - q.height).squareRoot()
        case (.color(let p), .color(let q)):
            return squares(p.red - q.red, p.green - q.green, p.blue - q.blue, p.alpha - q.alpha).squareRoot()
        case (.transform(let p), .transform(let q)):
            return squares(p.a - q.a, p.b - q.b, p.c - q.c, p.d - q.d, p.tx - q.tx, p.ty - q.ty).squareRoot()
        default: return 0
        }
    }

    /// The point itself for points; other values interpolate.
    @inlinable public static func along(_ point: Point, from a: AnimatableValue, to b: AnimatableValue, _ fraction: Double) -> AnimatableValue {
        if case .point = a { return .point(point) }
        return interpolate(a, b, fraction)
    }
}
