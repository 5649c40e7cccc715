internal import CImageCodecs
import Foundation
import Geometry
import Logging

/// Decodes PNG, JPEG and WebP through SDL2_image and GIF (every frame, composed, with its delay)
/// through giflib, bounded by a pixel limit checked against the file's header before decoding
/// (CN2), and for a GIF again before each frame: a hostile file gets an ``ImageError`` saying what
/// was wrong, never an allocation of its claimed size or a crash.
public struct ImageDecoder: Sendable {
    /// The default limit: 64 megapixels (all frames of a GIF together).
    public static let defaultPixelLimit = 64_000_000

    /// The most pixels one file may decode to, frames together.
    public var pixelLimit: Int

    /// A decoder refusing files that would decode to more than `pixelLimit` pixels (at least 1).
    public init(pixelLimit: Int = ImageDecoder.defaultPixelLimit) { self.pixelLimit = max(1, pixelLimit) }

    /// Decodes `bytes` into an image of `scale` pixels per point.
    public func decode(_ bytes: [UInt8], scale: Double = 1) throws(ImageError) -> Image {
        let header = try ImageHeader.read(bytes)
        guard header.width > 0, header.height > 0 else {
            throw ImageError(.corrupt, "a \(header.format.rawValue) of \(header.width) x \(header.height) pixels has no pixels")
        }
        guard header.pixelsToDecode <= pixelLimit else {
            let frames = header.frames > 1 ? " in \(header.frames) frames" : ""
            let more = header.pixelsToDecode > ImageHeader.product(header.width, header.height, header.frames)
                ? " (its frames decode to \(header.pixelsToDecode) pixels)" : ""
            throw ImageError(.tooLarge, "a \(header.format.rawValue) of \(header.width) x \(header.height) pixels\(frames)\(more) is over the limit of \(pixelLimit) pixels")
        }
        let result = bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Result<Image, ImageError> in
            guard let base = raw.baseAddress, let rw = SDL_RWFromConstMem(base, Int32(raw.count)) else {
                return .failure(ImageError(.decoderFailed, "SDL_RWFromConstMem failed: \(sdlError())"))
            }
            if header.format == .gif {
                SDL_RWclose(rw)
                do throws(ImageError) { return .success(try GIFDecoder(pixelLimit: pixelLimit).decode(raw, scale: scale)) } catch {
                    return .failure(error)
                }
            }
            do throws(ImageError) {
                guard let surface = IMG_Load_RW(rw, 1) else {
                    throw ImageError(.corrupt, "the \(header.format.rawValue) decoder failed: \(sdlError())")
                }
                defer { SDL_FreeSurface(surface) }
                return .success(Image(bitmap: try bitmap(of: surface, header: header), scale: scale))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The surface's pixels as straight RGBA bytes.
    private func bitmap(of surface: UnsafeMutablePointer<SDL_Surface>, header: ImageHeader) throws(ImageError) -> Bitmap {
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h)
        guard w > 0, h > 0, w * h <= pixelLimit else {
            throw ImageError(.tooLarge, "the decoder made \(w) x \(h) pixels of a file whose header says \(header.width) x \(header.height)")
        }
        guard let rgba = SDL_ConvertSurfaceFormat(surface, tl_codecs_abgr8888(), 0) else {
            throw ImageError(.decoderFailed, "converting the pixels to RGBA failed: \(sdlError())")
        }
        defer { SDL_FreeSurface(rgba) }
        if tl_codecs_must_lock(rgba) != 0 { _ = SDL_LockSurface(rgba) }
        defer { if tl_codecs_must_lock(rgba) != 0 { SDL_UnlockSurface(rgba) } }
        guard let pixels = rgba.pointee.pixels else { throw ImageError(.decoderFailed, "the converted surface has no pixels") }
        let pitch = Int(rgba.pointee.pitch), row = w * 4
        var out = [UInt8](repeating: 0, count: row * h)
        out.withUnsafeMutableBytes { dst in
            for y in 0..<h {
                (dst.baseAddress! + y * row).copyMemory(from: pixels + y * pitch, byteCount: row)
            }
        }
        return Bitmap(width: w, height: h, rgba: out)
    }

    private func sdlError() -> String { String(cString: SDL_GetError()) }
}

extension Image {
    /// Decodes an image file, as `UIImage(contentsOfFile:)`: nil when it cannot be read or
    /// decoded, with the reason logged. A name ending in `@2x` or `@3x` gives the scale.
    public convenience init?(contentsOfFile path: String, decoder: ImageDecoder = ImageDecoder()) {
        do throws(ImageError) {
            let image = try Image.load(contentsOfFile: path, decoder: decoder)
            self.init(copy: image)
        } catch {
            Image.log(error)
            return nil
        }
    }

    /// Decodes image data, as `UIImage(data:scale:)`: nil with the reason logged.
    public convenience init?(data: [UInt8], scale: Double = 1, decoder: ImageDecoder = ImageDecoder()) {
        do throws(ImageError) {
            self.init(copy: try decoder.decode(data, scale: scale))
        } catch {
            Image.log(error)
            return nil
        }
    }

    /// Decodes an image file, or says why it cannot.
    public static func load(contentsOfFile path: String, decoder: ImageDecoder = ImageDecoder()) throws(ImageError) -> Image {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImageError(.unreadable, "cannot read the file", source: path)
        }
        do throws(ImageError) {
            return try decoder.decode([UInt8](data), scale: scaleSuffix(of: path))
        } catch {
            var e = error
            e.source = path
            throw e
        }
    }

    /// 2 for `name@2x.png`, 3 for `@3x`, otherwise 1.
    static func scaleSuffix(of path: String) -> Double {
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        if stem.hasSuffix("@3x") { return 3 }
        if stem.hasSuffix("@2x") { return 2 }
        return 1
    }

    static func log(_ error: ImageError) {
        Logger(label: "timeline.images").warning("\(error.description)")
    }
}
