import CSDL2
#if canImport(Glibc)
import Glibc
#endif

// Animation export (E1, E2): frames as PNG data, APNG and GIF encoders, and an atomic file write.
// The PNG compression is SDL2_image's; the APNG container and the GIF encoder are ours.

extension RGBAImage {
    /// The image as a PNG file's bytes (8-bit RGBA), encoded by SDL2_image in memory.
    @MainActor
    public func pngData() throws(SDLError) -> [UInt8] {
        try SDLLibrary.initCore()
        var pixels = bytes
        let operation = "encoding a \(width)x\(height) PNG"
        // Room for the worst case: stored (uncompressed) deflate blocks, a filter byte per row.
        let capacity = width * height * 4 + height + (width * height * 4 / 16_000 + 2) * 5 + 65_536
        var out = [UInt8](repeating: 0, count: capacity)
        var failure: SDLError?
        var written = 0
        pixels.withUnsafeMutableBytes { raw in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(raw.baseAddress, Int32(width), Int32(height), 32,
                                                                   Int32(width * 4), tl_pixel_format_abgr8888()) else {
                failure = SDLError.last(operation); return
            }
            defer { SDL_FreeSurface(surface) }
            out.withUnsafeMutableBytes { buffer in
                guard let rw = SDL_RWFromMem(buffer.baseAddress, Int32(buffer.count)) else { failure = SDLError.last(operation); return }
                defer { SDL_RWclose(rw) }
                guard IMG_SavePNG_RW(surface, rw, 0) == 0 else { failure = SDLError.last(operation); return }
                written = Int(SDL_RWtell(rw))
            }
        }
        if let failure { throw failure }
        guard written > 0, written < capacity else { throw SDLError(operation: operation, message: "the encoder wrote \(written) bytes") }
        out.removeLast(out.count - written)
        return out
    }

    /// Copies `other` into this image with its top-left corner at (`x`, `y`), clipped.
    public mutating func draw(_ other: RGBAImage, x: Int, y: Int) {
        for row in 0..<other.height where y + row >= 0 && y + row < height {
            let x0 = max(0, x), x1 = min(width, x + other.width)
            guard x1 > x0 else { return }
            let count = (x1 - x0) * 4
            let src: Int = (row * other.width + (x0 - x)) * 4
            let dst: Int = ((y + row) * width + x0) * 4
            bytes.replaceSubrange(dst..<(dst + count), with: other.bytes[src..<(src + count)])
        }
    }

    /// Fills the whole image with one colour.
    public mutating func fill(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        for p in 0..<(width * height) {
            bytes[p * 4] = red; bytes[p * 4 + 1] = green; bytes[p * 4 + 2] = blue; bytes[p * 4 + 3] = alpha
        }
    }
}

/// PNG chunks: reading a PNG's and writing new ones with their CRC.
enum PNGChunks {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    static func append(_ value: UInt32, to out: inout [UInt8]) {
        out.append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }

    static func append(_ value: UInt16, to out: inout [UInt8]) { out.append(contentsOf: [UInt8(value >> 8), UInt8(value & 0xFF)]) }

    /// Appends a chunk of `type` with `data` and its CRC.
    static func chunk(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        append(UInt32(data.count), to: &out)
        let start = out.count
        out.append(contentsOf: Array(type.utf8))
        out.append(contentsOf: data)
        append(crc(out[start...]), to: &out)
    }

    /// A PNG's chunks as (type, data), or nil when it is not a well-formed PNG.
    static func read(_ png: [UInt8]) -> [(type: String, data: ArraySlice<UInt8>)]? {
        guard png.count >= 8, Array(png[0..<8]) == signature else { return nil }
        var chunks: [(String, ArraySlice<UInt8>)] = []
        var i = 8
        while i + 12 <= png.count {
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            guard length >= 0, i + 12 + length <= png.count else { return nil }
            let type = String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self)
            chunks.append((type, png[(i + 8)..<(i + 8 + length)]))
            i += 12 + length
        }
        return chunks
    }
}

/// An animated PNG built from PNG frames of one size: every frame shown for exactly
/// `1/fps` s (`delay_num` 1, `delay_den` fps), looping forever. Frame 0 is the default image, so
/// a viewer without APNG support shows it.
public struct APNGEncoder {
    /// The frames' size in pixels, and the frame rate every frame is shown at (frames per second).
    public let width: Int, height: Int, fps: Int
    private var header: ArraySlice<UInt8>?
    private var frames: [[UInt8]] = []           // each frame's zlib stream (its IDAT data)

    /// An empty animation of `width` x `height` pixels at `fps` frames per second (1...240).
    public init(width: Int, height: Int, fps: Int) {
        precondition((1...240).contains(fps), "APNGEncoder: fps must be 1...240")
        self.width = width; self.height = height; self.fps = fps
    }

    /// The frames added so far.
    public var frameCount: Int { frames.count }

    /// Adds a frame given as a PNG file's bytes (as ``RGBAImage/pngData()`` makes).
    public mutating func append(png: [UInt8]) throws(SDLError) {
        guard let chunks = PNGChunks.read(png), let ihdr = chunks.first(where: { $0.type == "IHDR" })?.data, ihdr.count == 13 else {
            throw SDLError(operation: "building an APNG", message: "a frame is not a well-formed PNG")
        }
        if let header, Array(header) != Array(ihdr) {
            throw SDLError(operation: "building an APNG", message: "frame \(frames.count) differs in size or pixel format from frame 0")
        }
        header = ihdr
        frames.append(chunks.filter { $0.type == "IDAT" }.flatMap(\.data))
    }

    /// The file's bytes.
    public func data() -> [UInt8] {
        var out = PNGChunks.signature
        PNGChunks.chunk("IHDR", Array(header ?? []), to: &out)
        var actl: [UInt8] = []
        PNGChunks.append(UInt32(frames.count), to: &actl)
        PNGChunks.append(UInt32(0), to: &actl)                     // loop forever
        PNGChunks.chunk("acTL", actl, to: &out)
        var sequence: UInt32 = 0
        for (k, frame) in frames.enumerated() {
            var fctl: [UInt8] = []
            PNGChunks.append(sequence, to: &fctl); sequence += 1
            PNGChunks.append(UInt32(width), to: &fctl)
            PNGChunks.append(UInt32(height), to: &fctl)
            PNGChunks.append(UInt32(0), to: &fctl)                 // x offset
            PNGChunks.append(UInt32(0), to: &fctl)                 // y offset
            PNGChunks.append(UInt16(1), to: &fctl)                 // delay 1/fps s, exactly
            PNGChunks.append(UInt16(fps), to: &fctl)
            fctl.append(0)                                         // dispose: none
            fctl.append(0)                                         // blend: source (whole frame)
            PNGChunks.chunk("fcTL", fctl, to: &out)
            if k == 0 {
                PNGChunks.chunk("IDAT", frame, to: &out)
            } else {
                var fdat: [UInt8] = []
                PNGChunks.append(sequence, to: &fdat); sequence += 1
                fdat.append(contentsOf: frame)
                PNGChunks.chunk("fdAT", fdat, to: &out)
            }
        }
        PNGChunks.chunk("IEND", [], to: &out)
        return out
    }
}

/// An animated GIF, looping forever. Each frame has its own 256-colour palette: exact when the
/// frame has at most 256 colours, else the most common colours at 5 bits a channel (each the
/// mean of its bin), every pixel mapped to the nearest. Delays are whole hundredths of a second,
/// spread so that frame k starts at round(100·k/fps) (the true frame times, rounded).
public struct GIFEncoder {
    /// The frames' size in pixels (1...65535 each), and the frame rate the delays approximate.
    public let width: Int, height: Int, fps: Int
    private var body: [UInt8] = []
    /// The frames added so far.
    public private(set) var frameCount = 0

    /// An empty GIF of `width` x `height` pixels at `fps` frames per second (1...240).
    public init(width: Int, height: Int, fps: Int) {
        precondition(width > 0 && width <= 65_535 && height > 0 && height <= 65_535, "GIFEncoder: a GIF side is 1...65535")
        precondition((1...240).contains(fps), "GIFEncoder: fps must be 1...240")
        self.width = width; self.height = height; self.fps = fps
    }

    /// Frame k's delay in hundredths of a second.
    public static func delay(frame k: Int, fps: Int) -> Int {
        let start = (100 * k * 2 + fps) / (2 * fps), end = (100 * (k + 1) * 2 + fps) / (2 * fps)
        return end - start
    }

    /// Whether GIF delays show `fps` exactly (100 divisible by fps).
    public static func isExact(fps: Int) -> Bool { 100 % fps == 0 }

    /// Adds a frame: quantises it to its own palette and LZW-compresses it, a cost linear in its pixels.
    /// Every frame must be `width` x `height`.
    public mutating func append(_ image: RGBAImage) {
        precondition(image.width == width && image.height == height, "GIFEncoder: every frame is \(width)x\(height)")
        let (palette, indices) = Self.quantize(image)
        // Graphic control extension: no disposal, the frame's delay.
        let delay = Self.delay(frame: frameCount, fps: fps)
        body.append(contentsOf: [0x21, 0xF9, 0x04, 0x04, UInt8(delay & 0xFF), UInt8(delay >> 8), 0, 0])
        // Image descriptor with a local colour table of 256 entries.
        body.append(0x2C)
        for v in [0, 0, width, height] { body.append(UInt8(v & 0xFF)); body.append(UInt8(v >> 8)) }
        body.append(0x87)
        body.append(contentsOf: palette)
        body.append(8)                                              // LZW minimum code size
        let lzw = Self.lzw(indices)
        var i = 0
        while i < lzw.count {
            let n = min(255, lzw.count - i)
            body.append(UInt8(n))
            body.append(contentsOf: lzw[i..<(i + n)])
            i += n
        }
        body.append(0)
        frameCount += 1
    }

    /// The GIF file's bytes: header, a looping extension, the frames so far and the trailer.
    public func data() -> [UInt8] {
        var out = Array("GIF89a".utf8)
        for v in [width, height] { out.append(UInt8(v & 0xFF)); out.append(UInt8(v >> 8)) }
        out.append(contentsOf: [0x00, 0, 0])                        // no global colour table
        // NETSCAPE2.0: loop forever.
        out.append(contentsOf: [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00])
        out.append(contentsOf: body)
        out.append(0x3B)
        return out
    }

    /// A palette (768 bytes, padded to 256 entries) and one index per pixel.
    static func quantize(_ image: RGBAImage) -> (palette: [UInt8], indices: [UInt8]) {
        let n = image.width * image.height
        let px = image.bytes
        var exact: [UInt32: UInt8] = [:]
        var palette: [UInt8] = []
        var indices = [UInt8](repeating: 0, count: n)
        var isExact = true
        for p in 0..<n {
            let key = UInt32(px[p * 4]) << 16 | UInt32(px[p * 4 + 1]) << 8 | UInt32(px[p * 4 + 2])
            if let i = exact[key] { indices[p] = i; continue }
            guard exact.count < 256 else { isExact = false; break }
            let i = UInt8(exact.count)
            exact[key] = i
            palette.append(contentsOf: [px[p * 4], px[p * 4 + 1], px[p * 4 + 2]])
            indices[p] = i
        }
        if isExact {
            palette.append(contentsOf: [UInt8](repeating: 0, count: 768 - palette.count))
            return (palette, indices)
        }
        // Histogram of 15-bit bins with the sum of their colours.
        var count = [Int](repeating: 0, count: 32_768)
        var sums = [Int](repeating: 0, count: 32_768 * 3)
        for p in 0..<n {
            let r = Int(px[p * 4]), g = Int(px[p * 4 + 1]), b = Int(px[p * 4 + 2])
            let bin = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
            count[bin] += 1
            sums[bin * 3] += r; sums[bin * 3 + 1] += g; sums[bin * 3 + 2] += b
        }
        let chosen = count.indices.filter { count[$0] > 0 }.sorted { count[$0] > count[$1] }.prefix(256)
        palette = []
        var colors: [(Int, Int, Int)] = []
        for bin in chosen {
            let c = (sums[bin * 3] / count[bin], sums[bin * 3 + 1] / count[bin], sums[bin * 3 + 2] / count[bin])
            colors.append(c)
            palette.append(contentsOf: [UInt8(c.0), UInt8(c.1), UInt8(c.2)])
        }
        palette.append(contentsOf: [UInt8](repeating: 0, count: 768 - palette.count))
        // Each bin maps to its nearest palette colour, found once per bin used.
        var map = [Int16](repeating: -1, count: 32_768)
        for p in 0..<n {
            let r = Int(px[p * 4]), g = Int(px[p * 4 + 1]), b = Int(px[p * 4 + 2])
            let bin = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
            if map[bin] < 0 {
                let centre = (sums[bin * 3] / count[bin], sums[bin * 3 + 1] / count[bin], sums[bin * 3 + 2] / count[bin])
                var best = 0, bestDistance = Int.max
                for (i, c) in colors.enumerated() {
                    let d = (c.0 - centre.0) * (c.0 - centre.0) + (c.1 - centre.1) * (c.1 - centre.1) + (c.2 - centre.2) * (c.2 - centre.2)
                    if d < bestDistance { bestDistance = d; best = i }
                }
                map[bin] = Int16(best)
            }
            indices[p] = UInt8(map[bin])
        }
        return (palette, indices)
    }

    /// GIF's variable-width LZW of 8-bit indices (codes up to 12 bits, a clear code when full),
    /// bits packed least significant first.
    static func lzw(_ indices: [UInt8]) -> [UInt8] {
        let clear = 256, eoi = 257
        var out: [UInt8] = []
        out.reserveCapacity(indices.count / 2)
        var bitBuffer = 0, bitCount = 0
        var codeSize = 9, next = 258
        func emit(_ code: Int) {
            bitBuffer |= code << bitCount
            bitCount += codeSize
            while bitCount >= 8 { out.append(UInt8(bitBuffer & 0xFF)); bitBuffer >>= 8; bitCount -= 8 }
        }
        // Open addressing over (prefix, byte) with generation stamps, so a clear costs nothing.
        let slots = 8_192
        var keys = [Int32](repeating: 0, count: slots), values = [Int16](repeating: 0, count: slots)
        var stamps = [UInt32](repeating: 0, count: slots)
        var generation: UInt32 = 1
        emit(clear)
        guard var prefix = indices.first.map(Int.init) else { emit(eoi); if bitCount > 0 { out.append(UInt8(bitBuffer & 0xFF)) }; return out }
        for k in indices.indices.dropFirst() {
            let byte = Int(indices[k])
            let key = Int32(prefix << 8 | byte)
            var slot = Int((UInt32(bitPattern: key) &* 2_654_435_761) >> 19) & (slots - 1)
            var found = -1
            while stamps[slot] == generation {
                if keys[slot] == key { found = Int(values[slot]); break }
                slot = (slot + 1) & (slots - 1)
            }
            if found >= 0 { prefix = found; continue }
            emit(prefix)
            if next < 4_096 {
                stamps[slot] = generation; keys[slot] = key; values[slot] = Int16(next)
                if next == 1 << codeSize && codeSize < 12 { codeSize += 1 }
                next += 1
            } else {
                emit(clear)
                generation += 1
                codeSize = 9; next = 258
            }
            prefix = byte
        }
        emit(prefix)
        emit(eoi)
        if bitCount > 0 { out.append(UInt8(bitBuffer & 0xFF)) }
        return out
    }
}

/// Writes `bytes` to `path` atomically: a temporary file beside it, flushed, then renamed over
/// it, so a failed write leaves no partial file. Refuses to write over any of `protected`.
public func writeFileAtomically(_ bytes: [UInt8], to path: String, protecting protected: [String] = []) throws(SDLError) {
    let operation = "writing \(path)"
    for input in protected where FileIdentity(path: input).map({ $0 == FileIdentity(path: path) }) == true {
        throw SDLError(operation: operation, message: "that is the input file \(input); choose another output path")
    }
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let temporary = (directory.isEmpty ? "" : directory + "/") + ".\(name).\(getpid()).tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { throw SDLError(operation: operation, message: String(cString: strerror(errno))) }
    var failure: String?
    bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
            let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
            if n < 0 { if errno == EINTR { continue }; failure = String(cString: strerror(errno)); return }
            offset += n
        }
    }
    if failure == nil, fsync(fd) != 0 { failure = "fsync: " + String(cString: strerror(errno)) }
    close(fd)
    if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
    if let failure {
        unlink(temporary)
        throw SDLError(operation: operation, message: failure)
    }
}
