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
