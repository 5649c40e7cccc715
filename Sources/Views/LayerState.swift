import Geometry
import Motion
import Layers

/// The animatable properties of a view, as one value. A view keeps two: the model (what the app
/// set) and the presentation (what is on screen this frame). Without a running animation they are
/// equal; the animation tick writes presentation values, the renderer only reads presentation.
public struct LayerState: Sendable, Equatable {
    public var center: Point = .zero
    public var bounds: Rect = .zero
    public var transform: AffineTransform = .identity
    public var alpha: Double = 1
    public var backgroundColor: Color = .clear
    public var cornerRadius: Double = 0
    public var borderWidth: Double = 0
    public var borderColor: Color = .black

    public init() {}

    /// The frame in the superview's coordinates: the bounding box of the transformed bounds
    /// around ``center``, as UIKit computes it.
    public var frame: Rect {
        let size = bounds.size
        let local = Rect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)
        return transform.apply(to: local).offsetBy(dx: center.x, dy: center.y)
    }

    /// Maps a point in the view's own coordinates to its superview's.
    public func pointToSuperview(_ p: Point) -> Point {
        let local = Point(x: p.x - bounds.midX, y: p.y - bounds.midY)
        let t = transform.apply(to: local)
        return Point(x: t.x + center.x, y: t.y + center.y)
    }

    /// The transform from the view's own coordinates to its superview's.
    public var transformToSuperview: AffineTransform {
        AffineTransform(translationX: -bounds.midX, y: -bounds.midY)
            .concatenating(transform)
            .concatenating(AffineTransform(translationX: center.x, y: center.y))
    }
}

/// The animatable properties, by name (N1).
public enum AnimatableProperty: Int, Sendable, CaseIterable, CustomStringConvertible {
    case center, bounds, transform, alpha, backgroundColor, cornerRadius, borderWidth, borderColor

    public var description: String {
        switch self {
        case .center: "center"
        case .bounds: "bounds"
        case .transform: "transform"
        case .alpha: "alpha"
        case .backgroundColor: "backgroundColor"
        case .cornerRadius: "cornerRadius"
        case .borderWidth: "borderWidth"
        case .borderColor: "borderColor"
        }
    }

    var bit: UInt16 { 1 << UInt16(rawValue) }
}

/// How a view's content follows a bounds size change (U4) and where an image view places its
/// image (CN2), as `UIView.ContentMode`; it sets the layer's ``ContentsGravity``.
public enum ContentMode: String, Sendable, CaseIterable {
    /// Content is scaled to the bounds; the view is not redrawn.
    case scaleToFill
    /// Scaled to fit inside, keeping its aspect ratio (letterboxed).
    case scaleAspectFit
    /// Scaled to cover the bounds, keeping its aspect ratio (overflowing unless clipped).
    case scaleAspectFill
    /// A size change flags the view for display.
    case redraw
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight

    /// The layer gravity that places contents this way.
    public var gravity: ContentsGravity {
        switch self {
        case .scaleToFill, .redraw: .resize
        case .scaleAspectFit: .resizeAspect
        case .scaleAspectFill: .resizeAspectFill
        case .center: .center
        case .top: .top
        case .bottom: .bottom
        case .left: .left
        case .right: .right
        case .topLeft: .topLeft
        case .topRight: .topRight
        case .bottomLeft: .bottomLeft
        case .bottomRight: .bottomRight
        }
    }
}

/// Which margins of the superview a view with a fixed frame follows when the superview resizes
/// (A6), as UIKit's `UIView.AutoresizingMask`.
public struct AutoresizingMask: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
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

extension LayerState {
    /// Copies one property's value from `other`.
    mutating func copy(_ p: AnimatableProperty, from other: LayerState) {
        switch p {
        case .center: center = other.center
        case .bounds: bounds = other.bounds
        case .transform: transform = other.transform
        case .alpha: alpha = other.alpha
        case .backgroundColor: backgroundColor = other.backgroundColor
        case .cornerRadius: cornerRadius = other.cornerRadius
        case .borderWidth: borderWidth = other.borderWidth
        case .borderColor: borderColor = other.borderColor
        }
    }
}
