import Glibc

/// sRGB's transfer function (IEC 61966-2-1) on premultiplied ARGB pixels, a byte at a time: a
/// filter that mixes in linear light (``RenderModel/FilterColorSpace/linearRGB``) decodes a
/// region's colours, mixes them, and encodes them again. Bytes in between, as a browser's SVG
/// filters keep them, so dark tones lose steps on the way and an opaque pixel that is not mixed
/// comes back as it was, to within that rounding.
enum SRGBBytes {
    /// The linear-light byte of each encoded byte.
    static let linear: [UInt8] = (0..<256).map { v in
        let c = Double(v) / 255
        let l = c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        return UInt8((l * 255).rounded())
    }

    /// The encoded byte of each linear-light byte.
    static let encoded: [UInt8] = (0..<256).map { v in
        let l = Double(v) / 255
        let c = l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
        return UInt8((min(max(c, 0), 1) * 255).rounded())
    }

    /// Each pixel's colour taken from sRGB-encoded to linear light, its alpha kept.
    static func decode(_ px: UnsafeMutablePointer<UInt32>, count: Int) {
        linear.withUnsafeBufferPointer { map(px, count: count, through: $0.baseAddress!) }
    }

    /// Each pixel's colour taken from linear light to sRGB-encoded, its alpha kept.
    static func encode(_ px: UnsafeMutablePointer<UInt32>, count: Int) {
        encoded.withUnsafeBufferPointer { map(px, count: count, through: $0.baseAddress!) }
    }

    /// Each channel of each pixel through `table` on its straight (unpremultiplied) value, then
    /// premultiplied again; clear pixels stay clear.
    private static func map(_ px: UnsafeMutablePointer<UInt32>, count: Int, through table: UnsafePointer<UInt8>) {
        for i in 0..<count {
            let p = px[i], a = p >> 24
            guard a > 0 else { continue }
            let r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
            if a == 255 {
                px[i] = 0xFF00_0000 | UInt32(table[Int(r)]) << 16 | UInt32(table[Int(g)]) << 8 | UInt32(table[Int(b)])
                continue
            }
            @inline(__always) func mapped(_ c: UInt32) -> UInt32 { UInt32(table[Int(Premultiplied.straight(c, alpha: a))]) }
            px[i] = Premultiplied.pixel(mapped(r), mapped(g), mapped(b), alpha: a)
        }
    }
}
