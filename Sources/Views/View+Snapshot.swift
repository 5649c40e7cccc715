import Layers
import RenderModel

// What a window draws for a view, read from outside the render pass: exporters (the Lottie
// export, LT4) walk the view tree frame by frame and need exactly what `Window.emit` uses.

extension View {
    /// What the window draws this frame, as a layer to read: ``presentation``, where the view's
    /// animations and the explicit animations on its layer are evaluated (as the window's
    /// display list has them). Valid until the next frame; reading it makes no layer and
    /// changes nothing.
    public var displayedLayer: Layer { onScreen }

    /// What the last ``draw(_:in:)`` recorded (text, custom drawing), in the view's own
    /// coordinates; drawn above the background, below the layer's sublayers and the subviews.
    public var drawnContent: [DrawCommand] { content }

    /// The backing layer when something has made it, else nil (``layer`` makes one on first
    /// use; this does not).
    public var layerIfLoaded: Layer? { loadedLayer }
}
