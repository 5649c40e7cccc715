import Geometry
import Motion

// A view's appearance values are its layer's (CA2): the setters write the layer's storage and
// run the view's change logic (an animation block turns the change into an animation).

extension View {
    /// A 2D transform round the view's centre (rotations in radians, translations in points); the frame is undefined while it is not the identity. Animatable.
    public var transform: AffineTransform {
        get { viewLayer.stateTransform.affineTransform }
        set {
            let old = viewLayer.stateTransform.affineTransform
            guard old != newValue else { return }
            viewLayer.stateTransform = Transform3D(newValue)
            modelDidChange(.transform, from: .transform(old))
        }
    }
    /// Sets a 3D transform on the view's layer (CA2): shown at once (view animation blocks
    /// interpolate 2-D transforms; a layer animation animates a 3D one), drawn projected.
    func setLayerTransform3D(_ t: Transform3D) {
        let old = viewLayer.stateTransform
        guard old != t else { return }
        viewLayer.stateTransform = t
        if viewLayer.viewAnimatedProperties & AnimatableProperty.transform.bit == 0 { onScreen.stateTransform = t }
        presentationChanged()
    }
    /// How opaque the view and its subviews are, 0...1, applied to them as a group. Animatable.
    public var alpha: Double {
        get { viewLayer.stateOpacity }
        set { let old = viewLayer.stateOpacity; guard old != newValue else { return }; viewLayer.stateOpacity = newValue; modelDidChange(.alpha, from: .scalar(old)) }
    }
    /// The colour filling the bounds (clear by default). Animatable.
    public var backgroundColor: Color {
        get { viewLayer.stateBackgroundColor ?? .clear }
        set { if traitState != nil { plainColorSet("backgroundColor") }; let old = viewLayer.stateBackgroundColor ?? .clear; guard old != newValue else { return }; viewLayer.stateBackgroundColor = newValue; modelDidChange(.backgroundColor, from: .color(old)) }
    }
    /// The radius in points of the rounded corners of the background and border. Animatable.
    public var cornerRadius: Double {
        get { viewLayer.stateCornerRadius }
        set { let old = viewLayer.stateCornerRadius; guard old != newValue else { return }; viewLayer.stateCornerRadius = newValue; modelDidChange(.cornerRadius, from: .scalar(old)) }
    }
    /// The width in points of the border drawn inside the bounds. Animatable.
    public var borderWidth: Double {
        get { viewLayer.stateBorderWidth }
        set { let old = viewLayer.stateBorderWidth; guard old != newValue else { return }; viewLayer.stateBorderWidth = newValue; modelDidChange(.borderWidth, from: .scalar(old)) }
    }
    /// The border's colour (clear by default). Animatable.
    public var borderColor: Color {
        get { viewLayer.stateBorderColor ?? .clear }
        set { let old = viewLayer.stateBorderColor ?? .clear; guard old != newValue else { return }; viewLayer.stateBorderColor = newValue; modelDidChange(.borderColor, from: .color(old)) }
    }

    /// The model value of `property` (from the layer).
    @inline(__always)
    func modelValue(of property: AnimatableProperty) -> AnimatableValue {
        viewLayer.value(of: property)
    }
    /// Writes the value of `property` on screen.
    @inline(__always)
    func setShown(_ property: AnimatableProperty, _ value: AnimatableValue) {
        onScreen.set(property, value)
    }
}
