import Geometry
import Motion
import RenderModel

/// The animatable properties of a view, by name (N1): each is a property of the view's layer
/// (``center`` is its ``Layer/position``, ``alpha`` its ``Layer/opacity``, ``transform`` the 2-D
/// part of its ``Layer/transform``).
public enum AnimatableProperty: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// The view properties block animations and property animators animate.
    case center, bounds, transform, alpha, backgroundColor, cornerRadius, borderWidth, borderColor

    /// The property's name as a view spells it ("center", "alpha").
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

    /// The property's bit in a set of properties.
    @inlinable package var bit: UInt16 { 1 << UInt16(rawValue) }

    /// The layer property it is (``transform`` is the 2-D part of the layer's transform).
    package var layerProperty: LayerProperty {
        switch self {
        case .center: .position
        case .bounds: .bounds
        case .transform: .transform
        case .alpha: .opacity
        case .backgroundColor: .backgroundColor
        case .cornerRadius: .cornerRadius
        case .borderWidth: .borderWidth
        case .borderColor: .borderColor
        }
    }

    /// The view property a layer property is; nil for one a view does not animate.
    package init?(_ property: LayerProperty) {
        switch property {
        case .position: self = .center
        case .bounds: self = .bounds
        case .transform: self = .transform
        case .opacity: self = .alpha
        case .backgroundColor: self = .backgroundColor
        case .cornerRadius: self = .cornerRadius
        case .borderWidth: self = .borderWidth
        case .borderColor: self = .borderColor
        default: return nil
        }
    }
}

// A view's values are its layer's ``Layer/state`` (CA2): the model in its layer, what is on
// screen in its presentation layer. A view reaches them through these package members, which
// read or write the state and tell no one (the view's setters run the view's own change
// logic). Each is one call into this module, where every access to the state is instantaneous
// and needs no runtime exclusivity check (see ``LayerState``).
extension Layer {
    /// The value of one of a view's animatable properties.
    package func value(of p: AnimatableProperty) -> AnimatableValue {
        switch p {
        case .center: .point(state.position)
        case .bounds: .rect(state.bounds)
        case .transform: .transform(state.transform.affineTransform)
        case .alpha: .scalar(state.opacity)
        case .backgroundColor: .color(state.backgroundColor ?? .clear)
        case .cornerRadius: .scalar(state.cornerRadius)
        case .borderWidth: .scalar(state.borderWidth)
        case .borderColor: .color(state.borderColor ?? .clear)
        }
    }

    /// Sets one of a view's animatable properties from a value of its kind, telling no one.
    package func set(_ p: AnimatableProperty, _ v: AnimatableValue) {
        switch (p, v) {
        case (.center, .point(let x)): state.position = x
        case (.bounds, .rect(let x)): state.bounds = x
        case (.transform, .transform(let x)): state.transform = Transform3D(x)
        case (.alpha, .scalar(let x)): state.opacity = x
        case (.backgroundColor, .color(let x)): state.backgroundColor = x
        case (.cornerRadius, .scalar(let x)): state.cornerRadius = x
        case (.borderWidth, .scalar(let x)): state.borderWidth = x
        case (.borderColor, .color(let x)): state.borderColor = x
        default: preconditionFailure("Layer.set: \(v) is not a value of \(p)")
        }
    }

    /// Copies one of a view's animatable properties from `other`, telling no one.
    package func copy(_ p: AnimatableProperty, from other: Layer) {
        switch p {
        case .center: state.position = other.state.position
        case .bounds: state.bounds = other.state.bounds
        case .transform: state.transform = other.state.transform
        case .alpha: state.opacity = other.state.opacity
        case .backgroundColor: state.backgroundColor = other.state.backgroundColor
        case .cornerRadius: state.cornerRadius = other.state.cornerRadius
        case .borderWidth: state.borderWidth = other.state.borderWidth
        case .borderColor: state.borderColor = other.state.borderColor
        }
    }

    /// Whether `p` differs between this layer's state and `other`'s: the field compared in
    /// place, without making values (an ended view animation asks it of each property, P2).
    package func differs(_ p: AnimatableProperty, from other: Layer) -> Bool {
        switch p {
        case .center: state.position != other.state.position
        case .bounds: state.bounds != other.state.bounds
        case .transform: state.transform != other.state.transform
        case .alpha: state.opacity != other.state.opacity
        case .backgroundColor: state.backgroundColor != other.state.backgroundColor
        case .cornerRadius: state.cornerRadius != other.state.cornerRadius
        case .borderWidth: state.borderWidth != other.state.borderWidth
        case .borderColor: state.borderColor != other.state.borderColor
        }
    }

    /// Copies every view property, and the anchor point, from `other`, telling no one.
    package func copyViewValues(from other: Layer) {
        state.position = other.state.position
        state.bounds = other.state.bounds
        state.transform = other.state.transform
        state.opacity = other.state.opacity
        state.backgroundColor = other.state.backgroundColor
        state.cornerRadius = other.state.cornerRadius
        state.borderWidth = other.state.borderWidth
        state.borderColor = other.state.borderColor
        state.anchorPoint = other.state.anchorPoint
    }

    // The model values a view's setters write, telling no one (the view runs its change logic).

    package var statePosition: Point {
        get { state.position }
        set { state.position = newValue }
    }
    package var stateBounds: Rect {
        get { state.bounds }
        set { state.bounds = newValue }
    }
    package var stateTransform: Transform3D {
        get { state.transform }
        set { state.transform = newValue }
    }
    package var stateOpacity: Double {
        get { state.opacity }
        set { state.opacity = newValue }
    }
    package var stateIsHidden: Bool {
        get { state.isHidden }
        set { state.isHidden = newValue }
    }
    package var stateMasksToBounds: Bool {
        get { state.masksToBounds }
        set { state.masksToBounds = newValue }
    }
    package var stateBackgroundColor: Color? {
        get { state.backgroundColor }
        set { state.backgroundColor = newValue }
    }
    package var stateCornerRadius: Double {
        get { state.cornerRadius }
        set { state.cornerRadius = newValue }
    }
    package var stateBorderWidth: Double {
        get { state.borderWidth }
        set { state.borderWidth = newValue }
    }
    package var stateBorderColor: Color? {
        get { state.borderColor }
        set { state.borderColor = newValue }
    }
    package var stateAnchorPoint: Point {
        get { state.anchorPoint }
        set { state.anchorPoint = newValue }
    }

    /// A view's frame from these values: the bounding box of the bounds transformed by the 2-D
    /// part of the transform about the anchor point, around the position, as UIKit computes it.
    package var viewFrame: Rect {
        let size = state.bounds.size, anchor = state.anchorPoint
        let local = Rect(x: -anchor.x * size.width, y: -anchor.y * size.height, width: size.width, height: size.height)
        let position = state.position
        return state.transform.affineTransform.apply(to: local).offsetBy(dx: position.x, dy: position.y)
    }

    /// The point of the bounds the anchor point names, in the view's own coordinates.
    package var viewAnchorInBounds: Point {
        let b = state.bounds, a = state.anchorPoint
        return Point(x: b.minX + a.x * b.width, y: b.minY + a.y * b.height)
    }

    /// Maps a point in the view's own coordinates to its superview's.
    package func viewPointToSuperview(_ p: Point) -> Point {
        let a = viewAnchorInBounds, position = state.position
        let t = state.transform.affineTransform.apply(to: Point(x: p.x - a.x, y: p.y - a.y))
        return Point(x: t.x + position.x, y: t.y + position.y)
    }

    /// The transform from the view's own coordinates to its superview's.
    package var viewTransformToSuperview: AffineTransform {
        let a = viewAnchorInBounds, position = state.position
        return AffineTransform(translationX: -a.x, y: -a.y)
            .concatenating(state.transform.affineTransform)
            .concatenating(AffineTransform(translationX: position.x, y: position.y))
    }

    /// What a window draws a view with, read in one call (the emission of a frame's display
    /// list reads it for every view it lists): this presentation layer's values, and whether
    /// `model` clips.
    package func drawingValues(model: Layer) -> DrawingValues { DrawingValues(self, model: model) }
}

/// The values a window draws a view with (from the view's presentation layer).
package struct DrawingValues {
    package let bounds: Rect
    package let opacity: Double
    /// The transform from the view's coordinates to its superview's (the 2-D part).
    package let toSuperview: AffineTransform
    package let cornerRadius: Double
    package let borderWidth: Double
    package let borderColor: Color
    package let backgroundColor: Color
    /// Whether the transform is not affine (a perspective or a turn about x or y): the view
    /// is then drawn through the layer's ``Layer/stateTransform`` about its
    /// ``Layer/viewAnchorInBounds``.
    package let isProjected: Bool
    /// Whether the model clips the view's subviews to its bounds.
    package let clipsToBounds: Bool

    @MainActor @inline(__always)
    init(_ l: Layer, model: Layer) {
        let b = l.state.bounds, anchor = l.state.anchorPoint, position = l.state.position
        bounds = b
        opacity = l.state.opacity
        let a = Point(x: b.minX + anchor.x * b.width, y: b.minY + anchor.y * b.height)
        let t = l.state.transform
        toSuperview = AffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22,
                                      tx: (-a.x * t.m11 + -a.y * t.m21 + t.m41) + position.x,
                                      ty: (-a.x * t.m12 + -a.y * t.m22 + t.m42) + position.y)
        cornerRadius = l.state.cornerRadius
        borderWidth = l.state.borderWidth
        borderColor = l.state.borderColor ?? .clear
        backgroundColor = l.state.backgroundColor ?? .clear
        isProjected = !t.isAffine
        clipsToBounds = model.state.masksToBounds
    }
}
