import Foundation
import Geometry
import Images
import RenderModel
import TimelineSDL

// `UIGraphicsImageRenderer`: drawing into an image, through a `CGContext` that records to an
// engine canvas, rasterised by the engine's image renderer (the same painter as the window).

/// How an image renderer's image is made: its scale (pixels per point) and whether it is opaque.
@preconcurrency @MainActor
open class UIGraphicsRendererFormat: NSObject {
    /// `UIGraphicsRendererFormat.bounds`: the area drawn, in points.
    open var bounds = CGRect.zero
    public required override init() {}
    /// `UIGraphicsRendererFormat.default()`: a new format.
    open class func `default`() -> Self { Self() }
}

/// `UIGraphicsImageRendererFormat`: an image renderer's scale and range.
@preconcurrency @MainActor
open class UIGraphicsImageRendererFormat: UIGraphicsRendererFormat {
    /// Pixels per point (the screen's by default).
    open var scale: CGFloat = UIScreen.main.scale
    /// An opaque image starts white instead of transparent.
    open var opaque = false
    /// `UIGraphicsImageRendererFormat.preferredRange`: stored only; images are 8-bit sRGB.
    open var preferredRange: Range = .automatic
    /// `UIGraphicsImageRendererFormat.Range`: the colour range of the image; stored only here.
    public enum Range: Int, Sendable { case unspecified = -1, automatic = 0, extended = 1, standard = 2 }
    /// `UIGraphicsImageRendererFormat.preferred()`: a new format at the screen's scale.
    open class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// The context the drawing closure gets: its Core Graphics context and the image so far.
@preconcurrency @MainActor
open class UIGraphicsImageRendererContext: NSObject {
    /// `UIGraphicsImageRendererContext.cgContext`: the context drawing goes into.
    public let cgContext: CGContext
    /// `UIGraphicsImageRendererContext.format`: the renderer's format.
    public let format: UIGraphicsImageRendererFormat
    init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) { self.cgContext = cgContext; self.format = format }
    /// Fills `rect` with the current fill colour.
    open func fill(_ rect: CGRect) { cgContext.fill(rect) }
    /// `UIGraphicsImageRendererContext.stroke(_:)`: strokes `rect` in the stroke colour.
    open func stroke(_ rect: CGRect) { cgContext.stroke(rect) }
    /// `UIGraphicsImageRendererContext.clip(to:)`: clips gradients to `rect` (see `CGContext.clip(to:)`).
    open func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// `UIGraphicsImageRenderer`: runs a drawing closure with a context whose origin is the
/// bounds' origin, then rasterises what it drew into a `UIImage` of the bounds' size at the
/// format's scale. A size that is empty, not finite or more than 16,384 pixels a side gives
/// an empty image and a message (UIKit's would also be empty).
@preconcurrency @MainActor
open class UIGraphicsImageRenderer: NSObject {
    /// `UIGraphicsImageRenderer.format`: the renderer's format.
    public let format: UIGraphicsImageRendererFormat
    private let bounds: CGRect
    /// `UIGraphicsImageRenderer(size:)`: a renderer of `size` points at the screen's scale.
    public convenience init(size: CGSize) { self.init(bounds: CGRect(origin: .zero, size: size), format: .init()) }
    /// `UIGraphicsImageRenderer(size:format:)`: a renderer of `size` points in `format`.
    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) { self.init(bounds: CGRect(origin: .zero, size: size), format: format) }
    /// `UIGraphicsImageRenderer(bounds:)`: a renderer of `bounds` at the screen's scale.
    public convenience init(bounds: CGRect) { self.init(bounds: bounds, format: .init()) }
    /// `UIGraphicsImageRenderer(bounds:format:)`: a renderer of `bounds` in `format`.
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        self.bounds = bounds
        self.format = format
        format.bounds = bounds
    }

    /// The image the closure draws.
    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        UIImage(draw(actions).map { Image(bitmap: $0, scale: format.scale.double) } ?? Image(bitmap: Bitmap(width: 0, height: 0, rgba: [])))
    }
    /// The image the closure draws, as PNG bytes (empty when it could not be made).
    open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        guard let bitmap = draw(actions), let rgba = RGBAImage(width: bitmap.width, height: bitmap.height, bytes: bitmap.rgba)
        else { return Data() }
        return (try? Data(rgba.pngData())) ?? Data()
    }

    /// Records the closure's drawing and rasterises it; nil (with a message) when the size
    /// cannot be an image.
    private func draw(_ actions: (UIGraphicsImageRendererContext) -> Void) -> Bitmap? {
        guard let pixels = pixelSize(bounds.size, scale: format.scale) else { return nil }
        let canvas = Canvas(fontSystem: UIApplication.shared.fontSystem)
        let ctx = CGContext(canvas: canvas)
        ctx.translateBy(x: -bounds.minX, y: -bounds.minY)
        let context = UIGraphicsImageRendererContext(cgContext: ctx, format: format)
        UIGraphicsPushContext(ctx)
        actions(context)
        UIGraphicsPopContext()
        return rasterize(canvas, size: bounds.size, pixels: pixels, scale: format.scale, opaque: format.opaque)
    }
}

/// The pixel size of an image of `size` points at `scale`, or nil (with a message) when it
/// cannot be an image: empty, not finite, or more than the renderer's largest side.
@MainActor func pixelSize(_ size: CGSize, scale: CGFloat) -> (width: Int, height: Int)? {
    let w = (size.width.double * scale.double).rounded(.up), h = (size.height.double * scale.double).rounded(.up)
    let side = Double(ImageRenderer.maximumSide)
    guard scale.double.isFinite, scale > 0, w.isFinite, h.isFinite, w >= 1, h >= 1, w <= side, h <= side else {
        print("UIGraphicsImageRenderer: \(size) at scale \(scale) is not an image size (1 to \(Int(side)) pixels a side); the image is empty")
        return nil
    }
    return (Int(w), Int(h))
}

/// What `canvas` recorded, rasterised by the engine's image renderer (the window's painter).
@MainActor func rasterize(_ canvas: Canvas, size: CGSize, pixels: (width: Int, height: Int), scale: CGFloat, opaque: Bool) -> Bitmap? {
    var list = DisplayList()
    list.commands = canvas.commands
    list.size = Size(width: size.width.double, height: size.height.double)
    list.scale = scale.double
    list.background = opaque ? .white : .clear
    do {
        let r = try ImageRenderer(pixelWidth: pixels.width, pixelHeight: pixels.height)
        r.render(list)
        let image = r.image()
        return Bitmap(width: image.width, height: image.height, rgba: image.bytes)
    } catch {
        print("UIGraphicsImageRenderer: \(error); the image is empty")
        return nil
    }
}

// MARK: - The image context functions (before UIGraphicsImageRenderer)

/// The image contexts begun and not yet ended, innermost last: each a canvas, its size and format.
@preconcurrency @MainActor
enum ImageContextStack {
    static var contexts: [(canvas: Canvas, context: CGContext, size: CGSize, scale: CGFloat, opaque: Bool)] = []
}

/// Begins drawing into an image of `size` points (`scale` 0 is the screen's): the new context is
/// the current one (`UIGraphicsGetCurrentContext()`) until `UIGraphicsEndImageContext()`. Off the
/// main thread nothing is begun (the image is nil).
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    _ = onMainThread {
        let canvas = Canvas(fontSystem: UIApplication.shared.fontSystem)
        let ctx = CGContext(canvas: canvas)
        ImageContextStack.contexts.append((canvas, ctx, size, scale == 0 ? UIScreen.main.scale : scale, opaque))
        UIGraphicsPushContext(ctx)
    }
}
/// `UIGraphicsBeginImageContextWithOptions(size, false, 1)`.
public func UIGraphicsBeginImageContext(_ size: CGSize) { UIGraphicsBeginImageContextWithOptions(size, false, 1) }
/// The image drawn so far in the current image context; nil when none is begun (or its size
/// cannot be an image).
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    onMainThread { () -> UIImage? in
        guard let c = ImageContextStack.contexts.last, let pixels = pixelSize(c.size, scale: c.scale),
              let bitmap = rasterize(c.canvas, size: c.size, pixels: pixels, scale: c.scale, opaque: c.opaque) else { return nil }
        return UIImage(Image(bitmap: bitmap, scale: c.scale.double))
    } ?? nil
}
/// Ends the current image context, making the context before it current again.
public func UIGraphicsEndImageContext() {
    _ = onMainThread {
        guard let c = ImageContextStack.contexts.popLast() else { return }
        if GraphicsContextStack.contexts.last === c.context { UIGraphicsPopContext() }
    }
}
