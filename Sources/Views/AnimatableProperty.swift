import Geometry
import Motion
import Layers

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

// A view's values live in its layers (CA2): the model in its layer, what is on screen in that
// layer's presentation layer (``ViewLayer/onScreen``). These read and write them by view
// property, straight from the storage (a view's setters run its own change logic).
extension ViewLayer {
    /// The value of one of a view's animatable properties.
    @inline(__always)
    nonisolated func value(of p: AnimatableProperty) -> AnimatableValue {
        switch p {
        case .center: .point(storedPosition)
        case .bounds: .rect(storedBounds)
        case .transform: .transform(storedTransform.affineTransform)
        case .alpha: .scalar(storedOpacity)
        case .backgroundColor: .color(storedBackgroundColor ?? .clear)
        case .cornerRadius: .scalar(storedCornerRadius)
        case .borderWidth: .scalar(storedBorderWidth)
        case .borderColor: .color(storedBorderColor ?? .clear)
        }
    }

    /// Sets one property from a value of the matching kind.
    @inline(__always)
    nonisolated func set(_ p: AnimatableProperty, _ v: AnimatableValue) {
        switch (p, v) {
        case (.center, .point(let x)): storedPosition = x
        case (.bounds, .rect(let x)): storedBounds = x
        case (.transform, .transform(let x)): storedTransform = Transform3D(x)
        case (.alpha, .scalar(let x)): storedOpacity = x
        case (.backgroundColor, .color(let x)): storedBackgroundColor = x
        case (.cornerRadius, .scalar(let x)): storedCornerRadius = x
        case (.borderWidth, .scalar(let x)): storedBorderWidth = x
        case (.borderColor, .color(let x)): storedBorderColor = x
        default: preconditionFailure("Layer.set: \(v) is not a value of \(p)")
        }
    }

    /// Copies one property's value from `other`.
    @inline(__always)
    nonisolated func copy(_ p: AnimatableProperty, from other: ViewLayer) {
        switch p {
        case .center: storedPosition = other.storedPosition
        case .bounds: storedBounds = other.storedBounds
        case .transform: storedTransform = other.storedTransform
        case .alpha: storedOpacity = other.storedOpacity
        case .backgroundColor: storedBackgroundColor = other.storedBackgroundColor
        case .cornerRadius: storedCornerRadius = other.storedCornerRadius
        case .borderWidth: storedBorderWidth = other.storedBorderWidth
        case .borderColor: storedBorderColor = other.storedBorderColor
        }
    }

    /// Copies every view property's value from `other`.
    nonisolated func copyViewValues(from other: ViewLayer) {
        for p in AnimatableProperty.allCases { copy(p, from: other) }
    }

    /// A view's frame from these values: the bounding box of the transformed bounds around the
    /// position, as UIKit computes it (a view's layer keeps its anchor point at the centre).
    nonisolated var viewFrame: Rect {
        let size = storedBounds.size
        let local = Rect(x: -storedAnchor.x * size.width, y: -storedAnchor.y * size.height, width: size.width, height: size.height)
        return storedTransform.affineTransform.apply(to: local).offsetBy(dx: storedPosition.x, dy: storedPosition.y)
    }

    /// The point of the bounds the anchor point names, in the view's own coordinates.
    @inline(__always)
    nonisolated var viewAnchorInBounds: Point {
        Point(x: storedBounds.minX + storedAnchor.x * storedBounds.width, y: storedBounds.minY + storedAnchor.y * storedBounds.height)
    }

    /// Maps a point in the view's own coordinates to its superview's.
    nonisolated func viewPointToSuperview(_ p: Point) -> Point {
        let a = viewAnchorInBounds
        let t = storedTransform.affineTransform.apply(to: Point(x: p.x - a.x, y: p.y - a.y))
        return Point(x: t.x + storedPosition.x, y: t.y + storedPosition.y)
    }

    /// The transform from the view's own coordinates to its superview's.
    @inline(__always)
    nonisolated var viewTransformToSuperview: AffineTransform {
        let a = viewAnchorInBounds
        return AffineTransform(translationX: -a.x, y: -a.y)
            .concatenating(storedTransform.affineTransform)
            .concatenating(AffineTransform(translationX: storedPosition.x, y: storedPosition.y))
    }
}

/// The values the window draws a view with, read from its presentation layer at once (the
/// emission of a frame's display list reads them for every view it lists).
struct ShownValues {
    let bounds: Rect
    let opacity: Double
    let toSuperview: AffineTransform
    let cornerRadius: Double
    let borderWidth: Double
    let borderColor: Color
    let backgroundColor: Color
    /// Whether the layer's transform is not affine (a perspective or a turn about x or y).
    let isProjected: Bool

    /// Reads `ref`'s values without reference counting (nonisolated, so the closure needs no
    /// isolation check).
    @inline(__always)
    nonisolated init(_ ref: Unmanaged<ViewLayer>) { self = ref._withUnsafeGuaranteedRef { ShownValues($0) } }

    @inline(__always)
    nonisolated init(_ l: ViewLayer) {
        bounds = l.storedBounds
        opacity = l.storedOpacity
        toSuperview = l.viewTransformToSuperview
        cornerRadius = l.storedCornerRadius
        borderWidth = l.storedBorderWidth
        borderColor = l.storedBorderColor ?? .clear
        backgroundColor = l.storedBackgroundColor ?? .clear
        isProjected = !l.storedTransform.isAffine
    }
}

// A view's layers reached without reference counting (``View/modelRef``, ``View/shownRef``).
// Nonisolated, so that the closures that borrow the reference need no isolation check.
extension Unmanaged where Instance == ViewLayer {
    @inline(__always)
    nonisolated func value(of p: AnimatableProperty) -> AnimatableValue {
        _withUnsafeGuaranteedRef { $0.value(of: p) }
    }

    @inline(__always)
    nonisolated func set(_ p: AnimatableProperty, _ v: AnimatableValue) {
        _withUnsafeGuaranteedRef { $0.set(p, v) }
    }
}
