internal import CImageCodecs

/// Decodes a GIF frame by frame through giflib's record API, composing each frame onto the
/// logical screen as GIF89a says (its offset, its transparent index, the previous frame's
/// disposal), so every frame of an animation is a whole picture. The pixel budget is checked
/// before each frame's raster is allocated: a file whose frames would pass the limit stops at
/// the first that does, whatever its header walk said. (SDL2_image 2.6's animated-GIF loader
/// crashed on fuzzed files that passed that walk; giflib is fuzzed upstream.)
struct GIFDecoder {
    let pixelLimit: Int

    /// The bytes being read and how far giflib has read them.
    private final class Source {
        let bytes: UnsafeRawBufferPointer
        var offset = 0
        init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }
    }

    func decode(_ raw: UnsafeRawBufferPointer, scale: Double) throws(ImageError) -> Image {
        let source = Source(raw)
        var error: Int32 = 0
        let opened = withExtendedLifetime(source) {
            // context pointer through a C callback (AM4): giflib hands it back to the read function
            DGifOpen(Unmanaged.passUnretained(source).toOpaque(), { file, buffer, count in
                guard let file, let buffer, let user = file.pointee.UserData, count > 0 else { return 0 }
                let s = Unmanaged<Source>.fromOpaque(user).takeUnretainedValue()   // context pointer through a C callback (AM4)
                let n = min(Int(count), s.bytes.count - s.offset)
                guard n > 0, let base = s.bytes.baseAddress else { return 0 }
                UnsafeMutableRawPointer(buffer).copyMemory(from: base + s.offset, byteCount: n)
                s.offset += n
                return Int32(n)
            }, &error)
        }
        guard let gif = opened else { throw ImageError(.corrupt, "giflib could not open the GIF: \(reason(error))") }
        defer { var e: Int32 = 0; _ = DGifCloseFile(gif, &e) }
        return try withExtendedLifetime(source) { () throws(ImageError) -> Image in try frames(of: gif, scale: scale) }
    }

    private func frames(of gif: UnsafeMutablePointer<GifFileType>, scale: Double) throws(ImageError) -> Image {
        let w = Int(gif.pointee.SWidth), h = Int(gif.pointee.SHeight)
        guard w > 0, h > 0 else { throw ImageError(.corrupt, "a GIF screen of \(w) x \(h) pixels") }
        guard w * h <= pixelLimit else { throw ImageError(.tooLarge, "a GIF of \(w) x \(h) pixels is over the limit of \(pixelLimit) pixels") }
        var canvas = [UInt8](repeating: 0, count: w * h * 4)
        var images: [Image] = [], delays: [Double] = []
        var spent = 0                                      // pixels allocated so far
        var control = GraphicsControlBlock(DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: -1)
        var raster: [UInt8] = []
        loop: while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) == GIF_OK else { throw readError(gif, images.count) }
            switch record {
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var ext: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &ext) == GIF_OK else { throw readError(gif, images.count) }
                if code == GRAPHICS_EXT_FUNC_CODE, let e = ext, e[0] >= 4 {
                    _ = DGifExtensionToGCB(Int(e[0]), e + 1, &control)
                }
                while ext != nil {
                    guard DGifGetExtensionNext(gif, &ext) == GIF_OK else { throw readError(gif, images.count) }
                }
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { throw readError(gif, images.count) }
                let d = gif.pointee.Image
                let fx = Int(d.Left), fy = Int(d.Top), fw = Int(d.Width), fh = Int(d.Height)
                guard fw > 0, fh > 0 else { throw ImageError(.corrupt, "GIF frame \(images.count) is \(fw) x \(fh) pixels") }
                // The raster and the composed frame, counted before either is made.
                spent += fw * fh + w * h
                guard spent <= pixelLimit else {
                    throw ImageError(.tooLarge, "a GIF of \(w) x \(h) pixels passes the limit of \(pixelLimit) pixels at frame \(images.count) (\(fw) x \(fh))")
                }
                raster = [UInt8](repeating: 0, count: fw * fh)
                let ok = raster.withUnsafeMutableBufferPointer { r -> Bool in
                    // Interlaced rows come in four passes: every 8th from 0, every 8th from 4,
                    // every 4th from 2, every 2nd from 1.
                    let passes: [(Int, Int)] = d.Interlace ? [(0, 8), (4, 8), (2, 4), (1, 2)] : [(0, 1)]
                    for (start, step) in passes {
                        var y = start
                        while y < fh {
                            if DGifGetLine(gif, r.baseAddress! + y * fw, Int32(fw)) != GIF_OK { return false }
                            y += step
                        }
                    }
                    return true
                }
                guard ok else { throw readError(gif, images.count) }
                guard let map = d.ColorMap ?? gif.pointee.SColorMap, let colors = map.pointee.Colors else {
                    throw ImageError(.corrupt, "GIF frame \(images.count) has no colour table")
                }
                let mapCount = Int(map.pointee.ColorCount)
                let previous = control.DisposalMode == DISPOSE_PREVIOUS ? canvas : nil
                // Draw the frame's opaque pixels inside the screen.
                let transparent = Int(control.TransparentColor)
                // The part of the frame on the screen (a frame may lie partly or wholly off it).
                let x0 = max(0, fx), x1 = max(x0, min(w, fx + fw)), y0 = max(0, fy), y1 = max(y0, min(h, fy + fh))
                for y in y0..<y1 {
                    for x in x0..<x1 {
                        let index = Int(raster[(y - fy) * fw + (x - fx)])
                        guard index != transparent, index < mapCount else { continue }
                        let c = colors[index], o = (y * w + x) * 4
                        canvas[o] = c.Red; canvas[o + 1] = c.Green; canvas[o + 2] = c.Blue; canvas[o + 3] = 255
                    }
                }
                images.append(Image(bitmap: Bitmap(width: w, height: h, rgba: canvas), scale: scale))
                // Browsers show delays under 20 ms as 100 ms; so do we.
                let cs = Int(control.DelayTime)
                delays.append(cs < 2 ? 0.1 : Double(cs) / 100)
                // Dispose of it before the next frame.
                switch control.DisposalMode {
                case DISPOSE_BACKGROUND:
                    for y in y0..<y1 {
                        for x in x0..<x1 { let o = (y * w + x) * 4; canvas[o] = 0; canvas[o + 1] = 0; canvas[o + 2] = 0; canvas[o + 3] = 0 }
                    }
                case DISPOSE_PREVIOUS:
                    if let previous { canvas = previous }
                default: break
                }
                control = GraphicsControlBlock(DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: -1)
            case TERMINATE_RECORD_TYPE:
                break loop
            default:
                throw ImageError(.corrupt, "a GIF record giflib does not know after frame \(images.count)")
            }
        }
        guard !images.isEmpty else { throw ImageError(.corrupt, "a GIF with no image") }
        return images.count == 1 ? images[0] : Image(frames: images, delays: delays)
    }

    private func readError(_ gif: UnsafeMutablePointer<GifFileType>, _ frame: Int) -> ImageError {
        ImageError(.corrupt, "the GIF cannot be read at frame \(frame): \(reason(gif.pointee.Error))")
    }

    private func reason(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
    }
}
