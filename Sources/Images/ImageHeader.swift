/// What an image file's header says before anything is decoded: its format, its size in pixels
/// and, for a GIF, how many frames it holds. The decoder checks these against its pixel limit
/// first, so a file claiming 100,000 x 100,000 pixels is refused without allocating a byte of
/// them. Only headers and block lengths are read; the pixels are SDL2_image's to decode.
public struct ImageHeader: Equatable, Sendable {
    /// The formats the decoder reads.
    public enum Format: String, Sendable, CaseIterable { case png = "PNG", jpeg = "JPEG", gif = "GIF", webp = "WebP" }

    /// The file's format, from its signature.
    public var format: Format
    /// The width in pixels the header claims.
    public var width: Int
    /// The height in pixels the header claims.
    public var height: Int
    /// Frames in the file (1 but for an animated GIF).
    public var frames: Int
    /// The pixels the decoder allocates: width x height, or for a GIF its frames times the
    /// larger of its screen and its largest frame (a frame may claim more than the screen).
    public var pixelsToDecode: Int

    /// A header of `format`, its size and frames; the pixels to decode default to their product.
    public init(format: Format, width: Int, height: Int, frames: Int = 1, pixelsToDecode: Int? = nil) {
        self.format = format; self.width = width; self.height = height; self.frames = frames
        self.pixelsToDecode = pixelsToDecode ?? Self.product(width, height, frames)
    }

    /// `a × b × c`, or Int.max when that overflows (a PNG may claim 2³² - 1 pixels a side).
    static func product(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let (ab, o1) = a.multipliedReportingOverflow(by: b)
        let (abc, o2) = ab.multipliedReportingOverflow(by: c)
        return o1 || o2 ? Int.max : abc
    }

    /// Reads the header of `bytes`, or says what is wrong with it.
    public static func read(_ bytes: [UInt8]) throws(ImageError) -> ImageHeader {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return try png(bytes) }
        if bytes.starts(with: [0xFF, 0xD8]) { return try jpeg(bytes) }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return try gif(bytes) }
        if bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) { return try webp(bytes) }
        throw ImageError(.unknownFormat, "not a PNG, JPEG, GIF or WebP image (the first bytes are \(hex(bytes.prefix(8))))")
    }

    // MARK: Formats

    private static func png(_ b: [UInt8]) throws(ImageError) -> ImageHeader {
        // The signature, then the IHDR chunk: length (13), "IHDR", width, height (big-endian).
        guard b.count >= 24 else { throw ImageError(.truncated, "a PNG header needs 24 bytes; the file has \(b.count)") }
        guard b[12..<16].elementsEqual("IHDR".utf8) else { throw ImageError(.corrupt, "a PNG's first chunk must be IHDR (byte 12)") }
        // Every chunk must lie within the file, up to IEND: libpng, fed past the end of the data
        // by SDL's reader, reads zeros as chunks without end, so a cut file is refused here.
        var i = 8
        while true {
            guard i + 12 <= b.count else { throw ImageError(.truncated, "a PNG cut off at byte \(b.count), before its IEND chunk") }
            let length = be32(b, i)
            let type = b[(i + 4)..<(i + 8)]
            guard length <= 0x7FFF_FFFF, type.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else {
                throw ImageError(.corrupt, "a PNG chunk at byte \(i) has type \(hex(type)) and length \(length)")
            }
            guard i + 12 + length <= b.count else {
                throw ImageError(.truncated, "a PNG's \(String(decoding: type, as: UTF8.self)) chunk at byte \(i) needs \(length) bytes; the file ends at \(b.count)")
            }
            if type.elementsEqual("IEND".utf8) { break }
            i += 12 + length
        }
        return ImageHeader(format: .png, width: be32(b, 16), height: be32(b, 20), frames: 1)
    }

    private static func jpeg(_ b: [UInt8]) throws(ImageError) -> ImageHeader {
        // Markers after SOI: each FF xx with a big-endian length, until a start-of-frame.
        var i = 2
        while i + 4 <= b.count {
            guard b[i] == 0xFF else { throw ImageError(.corrupt, "a JPEG marker was expected at byte \(i)") }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }                       // fill byte
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
            if marker == 0xD9 || marker == 0xDA { break }                // end of image, scan: no frame header met
            let length = be16(b, i + 2)
            guard length >= 2 else { throw ImageError(.corrupt, "a JPEG segment at byte \(i) has length \(length)") }
            let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isFrame {
                guard i + 9 <= b.count else { break }
                return ImageHeader(format: .jpeg, width: be16(b, i + 7), height: be16(b, i + 5), frames: 1)
            }
            i += 2 + length
        }
        throw ImageError(.truncated, "a JPEG without a frame header (SOF) in its \(b.count) bytes")
    }

    private static func gif(_ b: [UInt8]) throws(ImageError) -> ImageHeader {
        guard b.count >= 13 else { throw ImageError(.truncated, "a GIF header needs 13 bytes; the file has \(b.count)") }
        let width = le16(b, 6), height = le16(b, 8)
        var i = 13
        if b[10] & 0x80 != 0 { i += 3 << (Int(b[10] & 7) + 1) }        // global colour table
        var frames = 0, largestFrame = 0
        // Blocks: extensions (21), image descriptors (2C) and the trailer (3B); sub-blocks are
        // length-prefixed, so counting frames reads only lengths.
        func skipSubBlocks(_ i: inout Int) -> Bool {
            while i < b.count {
                let n = Int(b[i]); i += 1
                if n == 0 { return true }
                i += n
            }
            return false
        }
        // The walk must reach the trailer: SDL2_image reads a cut or malformed file its own way,
        // and the frames it would then find are not the frames counted here.
        func cut(_ at: Int) -> ImageError { ImageError(.truncated, "a GIF cut off in the block at byte \(at), before its trailer") }
        var trailer = false
        loop: while i < b.count {
            switch b[i] {
            case 0x21:
                let start = i
                i += 2
                if !skipSubBlocks(&i) { throw cut(start) }
            case 0x2C:
                guard i + 10 <= b.count else { throw cut(i) }
                let start = i
                // A frame may be larger than the screen, and the decoder allocates it whole:
                // the pixels counted are the larger of the two.
                let frameWidth = max(width, le16(b, i + 1) + le16(b, i + 5))
                let frameHeight = max(height, le16(b, i + 3) + le16(b, i + 7))
                largestFrame = max(largestFrame, frameWidth * frameHeight)
                let flags = b[i + 9]
                i += 10
                if flags & 0x80 != 0 { i += 3 << (Int(flags & 7) + 1) }  // local colour table
                i += 1                                                   // LZW minimum code size
                frames += 1
                if !skipSubBlocks(&i) { throw cut(start) }
            case 0x3B:
                trailer = true
                break loop
            default: throw ImageError(.corrupt, "a GIF block cannot start with \(hex([b[i]])) (byte \(i))")
            }
        }
        guard trailer else { throw ImageError(.truncated, "a GIF without its trailer (3B) in its \(b.count) bytes") }
        guard frames > 0 else { throw ImageError(.corrupt, "a GIF with no image") }
        return ImageHeader(format: .gif, width: width, height: height, frames: frames,
                           pixelsToDecode: max(largestFrame, width * height) * frames)
    }

    private static func webp(_ b: [UInt8]) throws(ImageError) -> ImageHeader {
        guard b.count >= 30 else { throw ImageError(.truncated, "a WebP header needs 30 bytes; the file has \(b.count)") }
        let chunk = String(decoding: b[12..<16], as: UTF8.self)
        switch chunk {
        case "VP8 ":
            // Lossy: a key frame's start code, then 14-bit width and height (little-endian).
            guard b[23] == 0x9D, b[24] == 0x01, b[25] == 0x2A else { throw ImageError(.corrupt, "a lossy WebP without its start code (byte 23)") }
            return ImageHeader(format: .webp, width: le16(b, 26) & 0x3FFF, height: le16(b, 28) & 0x3FFF, frames: 1)
        case "VP8L":
            // Lossless: a signature byte, then 14 bits of width - 1 and 14 of height - 1.
            guard b[20] == 0x2F else { throw ImageError(.corrupt, "a lossless WebP without its signature (byte 20)") }
            let bits = UInt32(b[21]) | UInt32(b[22]) << 8 | UInt32(b[23]) << 16 | UInt32(b[24]) << 24
            return ImageHeader(format: .webp, width: Int(bits & 0x3FFF) + 1, height: Int((bits >> 14) & 0x3FFF) + 1, frames: 1)
        case "VP8X":
            // Extended: 24-bit canvas width - 1 and height - 1.
            return ImageHeader(format: .webp, width: le24(b, 24) + 1, height: le24(b, 27) + 1, frames: 1)
        default:
            throw ImageError(.corrupt, "a WebP's first chunk is \"\(chunk)\", not VP8, VP8L or VP8X")
        }
    }

    // MARK: Bytes

    private static func be32(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
    private static func be16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
    private static func le16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
    private static func le24(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 | Int(b[i + 2]) << 16 }
    static func hex<S: Sequence<UInt8>>(_ bytes: S) -> String {
        let digits = Array("0123456789ABCDEF")
        return bytes.map { String([digits[Int($0 >> 4)], digits[Int($0 & 15)]]) }.joined(separator: " ")
    }
}

/// Why an image could not be made, as the failable initialisers log it.
public struct ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable {
        /// The file could not be read; its signature is no known format; it ends early; its data is invalid; it is over the pixel limit; SDL2_image failed; no such file or asset.
        case unreadable, unknownFormat, truncated, corrupt, tooLarge, decoderFailed, notFound
    }
    /// What went wrong.
    public var kind: Kind
    /// The detail, for logs.
    public var message: String
    /// The file or asset the bytes came from, when there was one.
    public var source: String?

    /// An error of `kind` saying `message`, about `source` when known.
    public init(_ kind: Kind, _ message: String, source: String? = nil) {
        self.kind = kind; self.message = message; self.source = source
    }

    /// "SOURCE: MESSAGE", or the message alone.
    public var description: String { (source.map { "\($0): " } ?? "") + message }
}
