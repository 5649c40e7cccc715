import Geometry

/// A value of an animatable property, interpolable component-wise.
public enum AnimatableValue: Sendable, Equatable {
    case scalar(Double)
    case point(Point)
    case rect(Rect)
    case color(Color)
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

extension AnimatableValue {
    /// The uniform Catmull-Rom spline through p1 (u = 0) and p2 (u = 1), with p0 and p3 as the
    /// neighbours. Exact at both ends.
    public static func catmullRom(_ p0: AnimatableValue, _ p1: AnimatableValue, _ p2: AnimatableValue, _ p3: AnimatableValue, _ u: Double) -> AnimatableValue {
        if u <= 0 { return p1 }
        if u >= 1 { return p2 }
        let u2 = u * u, u3 = u2 * u
        let w0 = -0.5 * u3 + u2 - 0.5 * u
        let w1 = 1.5 * u3 - 2.5 * u2 + 1
        let w2 = -1.5 * u3 + 2 * u2 + 0.5 * u
        let w3 = 0.5 * u3 - 0.5 * u2
        return weightedSum([(p0, w0), (p1, w1), (p2, w2), (p3, w3)]) ?? interpolate(p1, p2, u)
    }

    /// Σ wᵢ·vᵢ component by component, when all values are of one kind.
    public static func weightedSum(_ terms: [(AnimatableValue, Double)]) -> AnimatableValue? {
        func parts(_ v: AnimatableValue) -> [Double] {
            switch v {
            case .scalar(let x): [x]
            case .point(let p): [p.x, p.y]
            case .rect(let r): [r.minX, r.minY, r.width, r.height]
            case .color(let c): [c.red, c.green, c.blue, c.alpha]
            case .transform(let t): [t.a, t.b, t.c, t.d, t.tx, t.ty]
            }
        }
        guard let first = terms.first?.0 else { return nil }
        var sum = [Double](repeating: 0, count: parts(first).count)
        for (v, w) in terms {
            let p = parts(v)
            guard p.count == sum.count else { return nil }
            for i in sum.indices { sum[i] += w * p[i] }
        }
        switch first {
        case .scalar: return .scalar(sum[0])
        case .point: return .point(.init(x: sum[0], y: sum[1]))
        case .rect: return .rect(.init(x: sum[0], y: sum[1], width: sum[2], height: sum[3]))
        case .color: return .color(.init(red: sum[0], green: sum[1], blue: sum[2], alpha: sum[3]))
        case .transform: return .transform(.init(a: sum[0], b: sum[1], c: sum[2], d: sum[3], tx: sum[4], ty: sum[5]))
        }
    }
}

