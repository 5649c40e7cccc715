import Geometry
import Motion

// A view's appearance values are its layer's (CA2): the setters write the layer's storage and
// run the view's change logic (an animation block turns the change into an animation).

extension View {
    public var transform: AffineTransform {
        get { viewLayer.storedTransform.affineTransform }
        set {
            let old = viewLayer.storedTransform.affineTransform
            guard old != newValue else { return }
            viewLayer.storedTransform = Transform3D(newValue)
            modelDidChange(.transform, from: .transform(old))
        }
    }
    /// Sets a 3D transform on the view's layer (CA2): shown at once (view animation blocks
    /// interpolate 2-D transforms; a layer animation animates a 3D one), drawn projected.
    func setLayerTransform3D(_ t: Transform3D) {
        let old = viewLayer.storedTransform
        guard old != t else { return }
        viewLayer.storedTransform = t
        if animatedProperties & AnimatableProperty.transform.bit == 0 { onScreen.storedTransform = t }
        presentationChanged()
    }
    public var alpha: Double {
        get { viewLayer.storedOpacity }
        set { let old = viewLayer.storedOpacity; guard old != newValue else { return }; viewLayer.storedOpacity = newValue; modelDidChange(.alpha, from: .scalar(old)) }
    }
    public var backgroundColor: Color {
        get { viewLayer.storedBackgroundColor ?? .clear }
        set { let old = viewLayer.storedBackgroundColor ?? .clear; guard old != newValue else { return }; viewLayer.storedBackgroundColor = newValue; modelDidChange(.backgroundColor, from: .color(old)) }
    }
    public var cornerRadius: Double {
        get { viewLayer.storedCornerRadius }
        set { let old = viewLayer.storedCornerRadius; guard old != newValue else { return }; viewLayer.storedCornerRadius = newValue; modelDidChange(.cornerRadius, from: .scalar(old)) }
    }
    public var borderWidth: Double {
        get { viewLayer.storedBorderWidth }
        set { let old = viewLayer.storedBorderWidth; guard old != newValue else { return }; viewLayer.storedBorderWidth = newValue; modelDidChange(.borderWidth, from: .scalar(old)) }
    }
    public var borderColor: Color {
        get { viewLayer.storedBorderColor ?? .clear }
        set { let old = viewLayer.storedBorderColor ?? .clear; guard old != newValue else { return }; viewLayer.storedBorderColor = newValue; modelDidChange(.borderColor, from: .color(old)) }
    }

    /// The model value of `property` (from the layer), without reference counting.
    @inline(__always)
    func modelValue(of property: AnimatableProperty) -> AnimatableValue {
        modelRef.value(of: property)
    }
    /// The value of `property` on screen (from the presentation layer).
    @inline(__always)
    func shownValue(of property: AnimatableProperty) -> AnimatableValue {
        shownRef.value(of: property)
    }
    /// Writes the value of `property` on screen.
    @inline(__always)
    func setShown(_ property: AnimatableProperty, _ value: AnimatableValue) {
        shownRef.set(property, value)
    }
}
