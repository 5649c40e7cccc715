import Geometry

/// A value of an animatable property, interpolable component-wise.
public enum AnimatableValue: Sendable, Equatable {
    case scalar(Double)
    case point(Point)
    case rect(Rect)
    case color(Color)
    case transform(AffineTransform)

    /// `from + (to − from)·p`; exact at p = 0 and p = 1. Springs may overshoot (p outside 0...1).
    public static func interpolate(_ from: AnimatableValue, _ to: AnimatableValue, _ p: Double) -> AnimatableValue {
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
    static func additive(_ base: AnimatableValue, from: AnimatableValue, to: AnimatableValue, _ k: Double) -> AnimatableValue {
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
            return .transform(AffineTransform(a: b.a + (f.a - t.a) * k, b: b.b + (f.b - t.b) * k, c: b.c + (f.c - t.c) * k,
                                              d: b.d + (f.d - t.d) * k, tx: b.tx + (f.tx - t.tx) * k, ty: b.ty + (f.ty - t.ty) * k))
        default: return base
        }
    }
}

extension LayerState {
    /// The value of one property.
    func value(of p: AnimatableProperty) -> AnimatableValue {
        switch p {
        case .center: .point(center)
        case .bounds: .rect(bounds)
        case .transform: .transform(transform)
        case .alpha: .scalar(alpha)
        case .backgroundColor: .color(backgroundColor)
        case .cornerRadius: .scalar(cornerRadius)
        case .borderWidth: .scalar(borderWidth)
        case .borderColor: .color(borderColor)
        }
    }

    /// Sets one property from a value of the matching kind.
    mutating func set(_ p: AnimatableProperty, _ v: AnimatableValue) {
        switch (p, v) {
        case (.center, .point(let x)): center = x
        case (.bounds, .rect(let x)): bounds = x
        case (.transform, .transform(let x)): transform = x
        case (.alpha, .scalar(let x)): alpha = x
        case (.backgroundColor, .color(let x)): backgroundColor = x
        case (.cornerRadius, .scalar(let x)): cornerRadius = x
        case (.borderWidth, .scalar(let x)): borderWidth = x
        case (.borderColor, .color(let x)): borderColor = x
        default: preconditionFailure("LayerState.set: \(v) is not a value of \(p)")
        }
    }
}
