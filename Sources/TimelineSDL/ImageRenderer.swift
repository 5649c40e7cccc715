import CSDL2
#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Timeline

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

    /// The largest image side in pixels (Z1's canvas limit): 16384 x 16384 is 1 GiB of pixels.
    public static let maximumSide = 16_384

    /// An image `pixelWidth` x `pixelHeight` pixels.
    ///
    /// - Throws: an ``SDLError`` naming the limit when a side is not in 1...``maximumSide``, or
    ///   SDL's reason when the surface cannot be made.
    public init(pixelWidth: Int, pixelHeight: Int) throws(SDLError) {
        guard (1...Self.maximumSide).contains(pixelWidth), (1...Self.maximumSide).contains(pixelHeight) else {
            throw SDLError(operation: "making a \(pixelWidth)x\(pixelHeight) image",
                           message: "each side must be from 1 to \(Self.maximumSide) pixels")
        }
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
        painter = DisplayListPainter(renderer: r)
        painter.retainsPixels = true              // its surface is ours: damaged repaints (P1)
        painter.directSurface = surface           // and fills are written into it directly
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

    /// The run loop's render phase: draws the frame's list into the image, as ``render(_:)``.
    public func present(_ list: DisplayList, frame: FrameContext) { render(list) }

    /// Empties the painter's glyph atlas, textures and cached paths (MR5's memory warning).
    public func releaseCaches() { painter.releaseCaches() }

    /// A copy of the pixels, in straight alpha.
    ///
    /// Drawing over a transparent background leaves premultiplied colour in the surface (each
    /// draw is "over" a target whose colour is already times its alpha); after a list with a
    /// translucent background the copy is divided back, so a PNG of a Lottie frame holds the
    /// colours it was drawn with.
    public func image() -> RGBAImage {
        var image = RGBAImage(surface: surface) ?? RGBAImage(width: pixelWidth, height: pixelHeight)
        if drewTranslucentBackground { image.unpremultiply() }
        return image
    }

    /// Whether the last list drawn had a background that is not opaque.
    var drewTranslucentBackground: Bool { (painter.lastPainted?.background.alpha ?? 1) < 1 }

    /// Writes the image as a PNG, atomically (Z3): into a temporary file beside `path`, read back
    /// whole to check it, then renamed over `path`, so a failed write (a full disk, a failed
    /// allocation) leaves no partial file and the old one, if any, intact. A symbolic link at
    /// `path` is replaced, not followed. Refuses to write over any of `protected` (the input).
    ///
    /// - Throws: when the last render failed in SDL (the image would be incomplete), when `path`
    ///   is one of `protected`, or when the file cannot be written completely.
    public func savePNG(to path: String, protecting protected: [String] = []) throws(SDLError) {
        if let failure = painter.lastError { throw failure }
        let operation = "writing PNG \(path)"
        for input in protected where FileIdentity(path: input).map({ $0 == FileIdentity(path: path) }) == true {
            throw SDLError(operation: operation, message: "that is the input file \(input); choose another output path")
        }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        // A name of its own beside the target, made by the system (no counter to share).
        var template = Array(((directory.isEmpty ? "" : directory + "/") + ".\(name).XXXXXX.png.tmp").utf8CString)
        let fd = mkstemps(&template, 8)
        guard fd >= 0 else { throw SDLError(operation: operation, message: String(cString: strerror(errno))) }
        // mkstemps makes the file private (0600); a written image has the mode a new file gets.
        let creationMask = umask(0)
        umask(creationMask)
        fchmod(fd, 0o666 & ~creationMask)
        close(fd)
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        do throws(SDLError) {
            if drewTranslucentBackground {
                let png = try image().pngData()
                guard let file = fopen(temporary, "wb") else { throw SDLError(operation: operation, message: String(cString: strerror(errno))) }
                let written = png.withUnsafeBytes { fwrite($0.baseAddress, 1, png.count, file) }
                let closed = fclose(file)
                guard written == png.count, closed == 0 else { throw SDLError(operation: operation, message: "the file could not be written whole") }
            } else {
                try check(IMG_SavePNG(surface, temporary), operation)
            }
            // Read it back: a file cut short by a full disk does not decode.
            let written = try check(IMG_Load(temporary), "\(operation): reading back what was written")
            let complete = written.pointee.w == surface.pointee.w && written.pointee.h == surface.pointee.h
            SDL_FreeSurface(written)
            guard complete else { throw SDLError(operation: operation, message: "the file read back has the wrong size") }
            try syncFile(temporary, operation)
            guard rename(temporary, path) == 0 else {
                throw SDLError(operation: operation, message: String(cString: strerror(errno)))
            }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Flushes a written file to the disk, so that a rename cannot publish an empty file.
    private func syncFile(_ path: String, _ operation: String) throws(SDLError) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw SDLError(operation: operation, message: String(cString: strerror(errno))) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw SDLError(operation: operation, message: "fsync: " + String(cString: strerror(errno))) }
    }
}

/// A file's device and inode: the same file under any path, symbolic links resolved.
struct FileIdentity: Equatable {
    let device: UInt64, inode: UInt64
    init?(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
    }
}

/// An image in memory, 8 bits per channel, rows top to bottom: what tests compare.
public struct RGBAImage: Sendable, Equatable {
    /// The image's size in pixels.
    public let width: Int, height: Int
    /// Pixels as (r, g, b, a) bytes, row-major.
    public internal(set) var bytes: [UInt8]

    /// A transparent black image of `width` x `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width; self.height = height
        bytes = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// An image of `bytes` (straight RGBA, row-major); nil unless there are `4 × width × height`.
    public init?(width: Int, height: Int, bytes: [UInt8]) {
        guard width >= 0, height >= 0, bytes.count == width * height * 4 else { return nil }
        self.width = width; self.height = height; self.bytes = bytes
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

    /// Divides each pixel's colour by its alpha (premultiplied to straight), rounded to nearest.
    public mutating func unpremultiply() {
        bytes.withUnsafeMutableBufferPointer { b in
            var k = 0
            while k < b.count {
                let a = UInt32(b[k + 3])
                if a != 0 && a != 255 {
                    for c in 0..<3 { b[k + c] = UInt8(Premultiplied.straight(UInt32(b[k + c]), alpha: a)) }
                }
                k += 4
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
