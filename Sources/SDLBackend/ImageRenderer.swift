import CSDL2
import Geometry
import TimelineEngine

/// Renders display lists into an offscreen software surface: no window and no display needed
/// (D1's headless backend for images). Used by `timeline render`, the golden-image tests and the
/// render benchmark.
@MainActor
public final class ImageRenderer: FrameRenderer {
    /// The image size in device pixels.
    public let pixelWidth: Int, pixelHeight: Int
    /// The painter, shared in design with the window backend.
    public let painter: DisplayListPainter
    /// How many lists were rendered.
    public private(set) var renderedFrames = 0
    private let surface: UnsafeMutablePointer<SDL_Surface>
    private let renderer: OpaquePointer

    /// An image `pixelWidth` x `pixelHeight` pixels; text is drawn with `font` when given.
    public init(pixelWidth: Int, pixelHeight: Int, font: TrueTypeFont?) throws(SDLError) {
        precondition(pixelWidth > 0 && pixelHeight > 0, "ImageRenderer: the image must be at least 1x1 pixels")
        try SDLLibrary.initCore()
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        surface = try check(SDL_CreateRGBSurfaceWithFormat(0, Int32(pixelWidth), Int32(pixelHeight), 32, tl_pixel_format_argb8888()),
                            "SDL_CreateRGBSurfaceWithFormat(\(pixelWidth)x\(pixelHeight))")
        guard let r = SDL_CreateSoftwareRenderer(surface) else {
            let e = SDLError.last("SDL_CreateSoftwareRenderer")
            SDL_FreeSurface(surface)
            throw e
        }
        renderer = r
        painter = DisplayListPainter(renderer: r, font: font)
    }

    isolated deinit {
        painter.releaseResources()
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }

    /// Draws `list` into the image (replacing what was there).
    public func render(_ list: DisplayList) {
        painter.paint(list)
        painter.sdl(SDL_RenderFlush(renderer), "SDL_RenderFlush")
        renderedFrames += 1
    }

    public func present(_ list: DisplayList, frame: FrameContext) { render(list) }

    /// A copy of the pixels.
    public func image() -> RGBAImage {
        RGBAImage(surface: surface) ?? RGBAImage(width: pixelWidth, height: pixelHeight)
    }

    /// Writes the image as a PNG; throws with SDL's reason when the last render failed in SDL
    /// (the image would be incomplete) or the file cannot be written.
    public func savePNG(to path: String) throws(SDLError) {
        if let failure = painter.lastError { throw failure }
        try check(IMG_SavePNG(surface, path), "writing PNG \(path)")
    }
}

/// An image in memory, 8 bits per channel, rows top to bottom: what tests compare.
public struct RGBAImage: Sendable, Equatable {
    public let width: Int, height: Int
    /// Pixels as (r, g, b, a) bytes, row-major.
    public private(set) var bytes: [UInt8]

    public init(width: Int, height: Int) {
        self.width = width; self.height = height
        bytes = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Converts any SDL surface.
    init?(surface: UnsafeMutablePointer<SDL_Surface>) {
        guard let rgba = SDL_ConvertSurfaceFormat(surface, tl_pixel_format_abgr8888(), 0) else { return nil }
        defer { SDL_FreeSurface(rgba) }
        let w = Int(rgba.pointee.w), h = Int(rgba.pointee.h), pitch = Int(rgba.pointee.pitch)
        self.init(width: w, height: h)
        if tl_must_lock(rgba) != 0 { SDL_LockSurface(rgba) }
        defer { if tl_must_lock(rgba) != 0 { SDL_UnlockSurface(rgba) } }
        guard let base = rgba.pointee.pixels?.assumingMemoryBound(to: UInt8.self) else { return nil }
        bytes.withUnsafeMutableBufferPointer { out in
            for y in 0..<h {
                (out.baseAddress! + y * w * 4).update(from: base + y * pitch, count: w * 4)
            }
        }
    }

    /// Loads a PNG (or any format SDL2_image reads).
    @MainActor
    public static func load(path: String) throws(SDLError) -> RGBAImage {
        try SDLLibrary.initCore()
        let s = try check(IMG_Load(path), "loading image \(path)")
        defer { SDL_FreeSurface(s) }
        guard let image = RGBAImage(surface: s) else { throw SDLError.last("converting \(path) to RGBA") }
        return image
    }

    /// The pixel at (`x`, `y`) as a colour.
    public func color(x: Int, y: Int) -> Color {
        precondition(x >= 0 && y >= 0 && x < width && y < height, "RGBAImage.color: (\(x), \(y)) is outside \(width)x\(height)")
        let i = (y * width + x) * 4
        return Color(red: Double(bytes[i]) / 255, green: Double(bytes[i + 1]) / 255,
                     blue: Double(bytes[i + 2]) / 255, alpha: Double(bytes[i + 3]) / 255)
    }

    /// How two images differ: the share of pixels with any channel off by more than `tolerance`
    /// (0...255), and the largest channel difference.
    public func difference(from other: RGBAImage, tolerance: Int) -> (fractionOff: Double, maxDelta: Int) {
        guard width == other.width, height == other.height else { return (1, 255) }
        var off = 0, worst = 0
        for p in 0..<(width * height) {
            var pixelWorst = 0
            for c in 0..<4 {
                let d = abs(Int(bytes[p * 4 + c]) - Int(other.bytes[p * 4 + c]))
                pixelWorst = max(pixelWorst, d)
            }
            worst = max(worst, pixelWorst)
            if pixelWorst > tolerance { off += 1 }
        }
        return (Double(off) / Double(max(1, width * height)), worst)
    }
}
