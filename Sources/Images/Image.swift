import Geometry

/// Decoded pixels: straight (not premultiplied) RGBA bytes, row after row. Shared by the images
/// made from one decode (a template copy, a resizable copy), so a renderer uploads them once.
public final class Bitmap: Sendable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// `4 × width × height` bytes, red first.
    public let rgba: [UInt8]

    /// Pixels of `width` x `height` from exactly `4 × width × height` straight RGBA bytes.
    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(width >= 0 && height >= 0 && rgba.count == width * height * 4, "Bitmap: \(rgba.count) bytes for \(width) x \(height)")
        self.width = width; self.height = height; self.rgba = rgba
    }

    /// The pixel at (`x`, `y`) as straight RGBA bytes.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let i = (y * width + x) * 4
        return (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }
}

/// An image, as `UIImage`: decoded pixels with a scale (pixels per point), how it is rendered
/// (as it is or as a template tinted by the view's tint colour), cap insets for a resizable
/// image drawn in nine slices, and the frames of an animated image. Immutable: the `with…`
/// methods return new images sharing the pixels.
public final class Image: Sendable, Equatable, CustomStringConvertible {
    /// Images are equal when they are the same image (they are immutable; comparing pixels
    /// would cost a pass over them).
    public static func == (a: Image, b: Image) -> Bool { a === b }

    /// Whether an image is drawn with its own colours or as a template (its alpha, in the tint
    /// colour), as `UIImage.RenderingMode`.
    public enum RenderingMode: String, Sendable, CaseIterable {
        /// As the context decides: original colours in an image view (a template in bar buttons).
        case automatic
        /// Always its own colours.
        case alwaysOriginal
        /// Always a template: its alpha in the tint colour.
        case alwaysTemplate
    }

    /// How the middle slices of a resizable image fill their space.
    public enum ResizingMode: String, Sendable, CaseIterable { case tile, stretch }

    /// The pixels (the first frame's for an animated image).
    public let bitmap: Bitmap
    /// Pixels per point: 2 for an `@2x` file.
    public let scale: Double
    /// How it is drawn: in its own colours or as a template.
    public let renderingMode: RenderingMode
    /// The edges that keep their size when the image is stretched (in points).
    public let capInsets: EdgeInsets
    /// How a resizable image's middle slices fill their space: tiled or stretched.
    public let resizingMode: ResizingMode
    /// The frames of an animated image (nil for a still one).
    public let images: [Image]?
    /// Seconds one pass through ``images`` takes (0 for a still image).
    public let duration: Double
    /// When each frame ends, in seconds from the start of a pass (a GIF's frames have delays of
    /// their own; ``animatedImage(with:duration:)`` spaces them evenly). Empty for a still image.
    public let frameEnds: [Double]

    /// Wraps decoded pixels.
    public init(bitmap: Bitmap, scale: Double = 1, renderingMode: RenderingMode = .automatic,
                capInsets: EdgeInsets = .zero, resizingMode: ResizingMode = .tile) {
        self.bitmap = bitmap
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.renderingMode = renderingMode
        self.capInsets = capInsets
        self.resizingMode = resizingMode
        self.images = nil
        self.duration = 0
        self.frameEnds = []
    }

    /// An animated image whose frame `k` shows for `delays[k]` seconds (a GIF's, or even ones).
    public init(frames: [Image], delays: [Double]) {
        precondition(!frames.isEmpty && frames.count == delays.count, "Image(frames:delays:): \(frames.count) frames, \(delays.count) delays")
        let first = frames[0]
        bitmap = first.bitmap; scale = first.scale; renderingMode = first.renderingMode
        capInsets = first.capInsets; resizingMode = first.resizingMode
        images = frames
        var t = 0.0, ends: [Double] = []
        ends.reserveCapacity(delays.count)
        for d in delays { t += d.isFinite && d > 0 ? d : 0.1; ends.append(t) }
        frameEnds = ends
        duration = t
    }

    /// A copy of `other` (the failable initialisers build through it).
    init(copy other: Image) {
        bitmap = other.bitmap; scale = other.scale; renderingMode = other.renderingMode; capInsets = other.capInsets
        resizingMode = other.resizingMode; images = other.images; duration = other.duration; frameEnds = other.frameEnds
    }

    private init(copying other: Image, renderingMode: RenderingMode, capInsets: EdgeInsets, resizingMode: ResizingMode) {
        bitmap = other.bitmap; scale = other.scale; images = other.images; duration = other.duration; frameEnds = other.frameEnds
        self.renderingMode = renderingMode; self.capInsets = capInsets; self.resizingMode = resizingMode
    }

    /// An animated image of `images` shown one after another over `duration` seconds, as
    /// `UIImage.animatedImage(with:duration:)`; nil for no images.
    public static func animatedImage(with images: [Image], duration: Double) -> Image? {
        let frames = images.flatMap { $0.images ?? [$0] }
        guard !frames.isEmpty else { return nil }
        let each = duration.isFinite && duration > 0 ? duration / Double(frames.count) : 1.0 / 30
        return Image(frames: frames, delays: Array(repeating: each, count: frames.count))
    }

    /// The size in points.
    public var size: Size { Size(width: Double(bitmap.width) / scale, height: Double(bitmap.height) / scale) }

    /// This image drawn as `mode` says.
    public func withRenderingMode(_ mode: RenderingMode) -> Image {
        Image(copying: self, renderingMode: mode, capInsets: capInsets, resizingMode: resizingMode)
    }

    /// This image with edges that keep their size when it is stretched, drawn in nine slices
    /// (the corners as they are, the edges and middle by `resizingMode`), as
    /// `resizableImage(withCapInsets:resizingMode:)`. Insets are clamped to the image.
    public func resizableImage(withCapInsets insets: EdgeInsets, resizingMode: ResizingMode = .tile) -> Image {
        func clamp(_ v: Double, _ limit: Double) -> Double { v.isFinite ? min(max(0, v), limit) : 0 }
        let s = size
        var c = EdgeInsets(top: clamp(insets.top, s.height), left: clamp(insets.left, s.width),
                           bottom: clamp(insets.bottom, s.height), right: clamp(insets.right, s.width))
        if c.left + c.right > s.width { c.right = s.width - c.left }
        if c.top + c.bottom > s.height { c.bottom = s.height - c.top }
        return Image(copying: self, renderingMode: renderingMode, capInsets: c, resizingMode: resizingMode)
    }

    /// Whether it is stretched in nine slices.
    public var isResizable: Bool { capInsets != .zero }

    /// The frame shown `elapsed` seconds into an animated image's playback (itself for a still
    /// image): a function of the time alone.
    public func frame(at elapsed: Double) -> Image {
        guard let images, images.count > 1, duration > 0, elapsed.isFinite else { return images?.first ?? self }
        var t = elapsed.truncatingRemainder(dividingBy: duration)
        if t < 0 { t += duration }
        // The first frame whose end is after t (binary search: a GIF may have thousands).
        var lo = 0, hi = frameEnds.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if frameEnds[mid] > t { hi = mid } else { lo = mid + 1 }
        }
        return images[lo]
    }

    /// The size in pixels, the scale, the rendering mode and any frames, for logs.
    public var description: String {
        let frames = images.map { ", \($0.count) frames over \(duration) s" } ?? ""
        return "Image(\(bitmap.width) x \(bitmap.height) px @\(scale)x, \(renderingMode.rawValue)\(frames))"
    }
}
