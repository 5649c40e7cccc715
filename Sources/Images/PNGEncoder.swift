internal import CImageCodecs

extension Bitmap {
    /// The bitmap as the bytes of a PNG file (8-bit RGBA, SDL2_image's libpng writer), for
    /// writers that embed images (the Lottie exporter's assets, `UIImage.pngData()`). Nil for an
    /// empty bitmap or when the encoder fails.
    public func pngData() -> [UInt8]? {
        encoded { surface, rw in IMG_SavePNG_RW(surface, rw, 0) }
    }

    /// The bitmap as the bytes of a JPEG file (SDL2_image's libjpeg writer; JPEG has no alpha, so
    /// the colours are written as they are), at `quality` from 0 (smallest) to 1 (best), as
    /// `UIImage.jpegData(compressionQuality:)`. Nil for an empty bitmap or when the encoder fails.
    public func jpegData(quality: Double) -> [UInt8]? {
        let q = Int32((min(max(quality.isNaN ? 1 : quality, 0), 1) * 100).rounded())
        return encoded { surface, rw in IMG_SaveJPG_RW(surface, rw, 0, q) }
    }

    /// The bytes `write` puts into memory from an SDL surface over the pixels.
    private func encoded(_ write: (UnsafeMutablePointer<SDL_Surface>, UnsafeMutablePointer<SDL_RWops>) -> Int32) -> [UInt8]? {
        let raw = width * height * 4
        // libpng's worst case (stored, incompressible rows) is the rows with a filter byte each
        // plus a few bytes per block and chunk; what does not fit is a failed write, not an overrun.
        let capacity = raw + height + raw / 64 + 4_096
        guard width > 0, height > 0, capacity < Int(Int32.max) else { return nil }
        // The encoders only read the surface's pixels: the bitmap's own bytes serve, uncopied.
        // The output buffer is sized for the worst case but left uninitialised: only the pages
        // the encoder writes are touched (a JPEG frame is a few percent of it).
        var written = -1
        let out = [UInt8](unsafeUninitializedCapacity: capacity) { target, count in
            written = rgba.withUnsafeBytes { source -> Int in
                guard let base = source.baseAddress,
                      let surface = SDL_CreateRGBSurfaceWithFormatFrom(UnsafeMutableRawPointer(mutating: base), Int32(width), Int32(height),
                                                                       32, Int32(width * 4), tl_codecs_abgr8888()) else { return -1 }
                defer { SDL_FreeSurface(surface) }
                guard let rw = SDL_RWFromMem(target.baseAddress, Int32(capacity)) else { return -1 }
                defer { SDL_RWclose(rw) }
                guard write(surface, rw) == 0 else { return -1 }
                return Int(SDL_RWtell(rw))
            }
            count = max(0, min(written, capacity))
        }
        guard written > 0, written <= capacity else { return nil }
        return Array(out[0..<written])                      // what was written, not the worst case's room
    }
}
