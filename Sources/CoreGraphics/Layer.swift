import Geometry
import RenderModel

/// `CFDictionary`: a dictionary of anything (the auxiliary information Core Graphics functions
/// take, which none here reads).
public typealias CFDictionary = [AnyHashable: Any]

/// `CGLayer`: a drawing made once in a context of its own and drawn into other contexts as
/// often as code likes (Charts' layer fills, cached backgrounds). It records into an engine
/// canvas; drawing it replays that recording as an engine `Picture` mapped onto the
/// destination, so the copies are as sharp as the original at any scale.
///
/// Partial: the destination's clip and alpha do not apply to the copy (as for other drawing
/// into a recorded context, see `CGContext.clip(using:)`).
public final class CGLayer {
    /// `CGLayer.size`: the layer's size, in the user space of the context it was made for.
    public let size: CGSize
    /// `CGLayer.context`: the context drawing goes into, its origin at the layer's top-left.
    public let context: CGContext?

    /// `CGLayer(_:size:auxiliaryInfo:)`: an empty layer of `size` for drawing into `context`;
    /// nil when the size is empty or not finite. The auxiliary information is not read.
    public init?(_ context: CGContext, size: CGSize, auxiliaryInfo: CFDictionary?) {
        guard size.width > 0, size.height > 0, size.width.double.isFinite, size.height.double.isFinite else { return nil }
        self.size = size
        let canvas = Canvas(fontSystem: context.canvas.fontSystem)
        canvas.begin(Rect(x: 0, y: 0, width: size.width.double, height: size.height.double))
        self.context = CGContext(canvas: canvas)
    }

    /// What has been drawn into the layer, as an engine picture of its size.
    package var picture: Picture { context?.picture(size: size) ?? Picture(size: .zero, commands: []) }
}

extension CGContext {
    /// `CGContext.draw(_:in:)` for a layer: what the layer holds, stretched over `rect` (user
    /// space, after the current transform).
    public func draw(_ layer: CGLayer, in rect: CGRect) { draw(layer.picture, in: rect) }

    /// `CGContext.draw(_:at:)`: what the layer holds at its own size, its top-left at `point`.
    public func draw(_ layer: CGLayer, at point: CGPoint) { draw(layer.picture, in: CGRect(origin: point, size: layer.size)) }
}
