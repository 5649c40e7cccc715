/// Pixel arithmetic on premultiplied ARGB (`0xAARRGGBB`, colour already times alpha), shared by
/// the exact group composite and the in-memory groups.
///
/// Every product of two bytes is divided by 255 and rounded to nearest (`t = v·f + 128`,
/// `(t + t >> 8) >> 8`, exact for all byte pairs). The loops work on eight pixels at a time in
/// 16-bit lanes: a pixel's four bytes, read as two 16-bit lanes, split into blue and red (low
/// bytes) and green and alpha (high bytes), and every product of two bytes fits 16 bits, so
/// SSE2's native 16-bit multiply does them (32-bit lane products it would have to emulate).
enum Premultiplied {
    typealias Lanes = SIMD16<UInt16>

    /// `v·f/255`, rounded to nearest (v, f in 0...255).
    @inline(__always) static func mul(_ v: UInt32, _ f: UInt32) -> UInt32 {
        let t = v &* f &+ 128                      // bytes: nothing can overflow, so nothing is checked
        return (t &+ (t >> 8)) >> 8
    }

    /// A premultiplied channel `c` of alpha `a` (1...255) as its straight value, rounded to
    /// nearest.
    @inline(__always) static func straight(_ c: UInt32, alpha a: UInt32) -> UInt32 {
        min(255, (c &* 255 &+ a / 2) / a)
    }

    /// The colour (straight bytes) as a premultiplied pixel.
    @inline(__always) static func pixel(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) -> UInt32 {
        pixel(UInt32(red), UInt32(green), UInt32(blue), alpha: UInt32(alpha))
    }

    /// The colour (straight bytes in 0...255) as a premultiplied pixel.
    @inline(__always) static func pixel(_ r: UInt32, _ g: UInt32, _ b: UInt32, alpha a: UInt32) -> UInt32 {
        a << 24 | mul(r, a) << 16 | mul(g, a) << 8 | mul(b, a)
    }

    /// Premultiplied pixel `p` of alpha `alpha` laid over `d` ("over").
    @inline(__always) static func over(_ p: UInt32, alpha: UInt32, onto d: UInt32) -> UInt32 {
        p &+ scale(d, 255 &- alpha)
    }

    /// Each byte of `p` times `f` (0...255), divided by 255, rounded.
    @inline(__always) static func scale(_ p: UInt32, _ f: UInt32) -> UInt32 {
        var rb = (p & 0x00FF_00FF) &* f &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((p >> 8) & 0x00FF_00FF) &* f &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// Eight pixels' bytes each times its factor in `f` (both lanes of a pixel hold its factor).
    @inline(__always) static func scale(_ p: Lanes, _ f: Lanes) -> Lanes {
        var low = (p & 0x00FF) &* f &+ 0x80
        low = (low &+ (low &>> 8)) &>> 8
        var high = (p &>> 8) &* f &+ 0x80
        high = (high &+ (high &>> 8)) & 0xFF00
        return low | high
    }

    /// `255 - alpha` of eight pixels, in both lanes of each.
    @inline(__always) static func inverseAlpha(_ p: Lanes) -> Lanes {
        let inverse = SIMD8<UInt32>(repeating: 255) &- (unsafeBitCast(p, to: SIMD8<UInt32>.self) &>> 24)
        return unsafeBitCast(inverse | (inverse &<< 16), to: Lanes.self)
    }

    /// Eight pixels of the straight colour `solid` (eight copies, alpha 255) at coverages `v`
    /// times `a` (0...255), laid over `d`: per pixel the alpha is `v·a + 0.5` truncated (v
    /// taken as at most 1; NaN and coverage 0 or below give 0), and the result the bytes
    /// `over(pixel(r, g, b, alpha: α), alpha: α, onto: d)` makes one pixel at a time, so α 255
    /// gives the colour and α 0 leaves `d` (LT11: a shape's edge pixels, eight at a time).
    @inline(__always) static func blend(_ solid: Lanes, coverage v: SIMD8<Float>, times a: Float, onto d: Lanes) -> Lanes {
        let magic = SIMD8<Float>(repeating: 8_388_608)
        var c = v
        c.replace(with: 1, where: c .> 1)
        var f = c * a + 0.5
        f.replace(with: 255, where: f .> 255)
        f.replace(with: 0, where: .!(c .> 0))
        // Truncated: rounded to nearest by adding 2²³, one less where that rounded up; the
        // integer is then the low bits of the sum's representation.
        var t = (f + magic) - magic
        t.replace(with: t - 1, where: t .> f)
        let alpha = unsafeBitCast(t + magic, to: SIMD8<UInt32>.self) & 0xFF, inverse = 255 &- alpha
        return scale(solid, unsafeBitCast(alpha | (alpha &<< 16), to: Lanes.self))
            &+ scale(d, unsafeBitCast(inverse | (inverse &<< 16), to: Lanes.self))
    }

    /// `count` pixels of `s` times `f`/255 into `d`.
    static func scale(_ s: UnsafePointer<UInt32>, by f: UInt32, into d: UnsafeMutablePointer<UInt32>, count: Int) {
        let source = UnsafeRawPointer(s), destination = UnsafeMutableRawPointer(d)
        let f16 = Lanes(repeating: UInt16(f))
        var k = 0
        while k + 8 <= count {
            let p = source.loadUnaligned(fromByteOffset: k * 4, as: Lanes.self)
            destination.storeBytes(of: scale(p, f16), toByteOffset: k * 4, as: Lanes.self)
            k += 8
        }
        while k < count { d[k] = scale(s[k], f); k += 1 }
    }

    /// `src` scaled by `opacity`/255 laid over `dst`, into `dst`: `dst = src·o + dst·(1 - src.a·o)`
    /// per channel. A clear source pixel leaves the destination; an opaque one replaces it.
    ///
    /// At full opacity, eight opaque source pixels are stored as they are: the destination's
    /// share is each byte times 0, which rounds to 0, so the bytes are the blend's (LT11: a
    /// masked layer's group is mostly opaque pixels, composited every frame its mask moves).
    static func over(_ src: UnsafePointer<UInt32>, opacity: UInt32, onto dst: UnsafeMutablePointer<UInt32>, count: Int) {
        let source = UnsafeRawPointer(src), destination = UnsafeMutableRawPointer(dst)
        let o16 = Lanes(repeating: UInt16(opacity))
        let opaque = SIMD8<UInt32>(repeating: 0xFF00_0000)
        var k = 0
        while k + 8 <= count {
            var p = source.loadUnaligned(fromByteOffset: k * 4, as: Lanes.self)
            if opacity == 255, all(unsafeBitCast(p, to: SIMD8<UInt32>.self) & opaque .== opaque) {
                destination.storeBytes(of: p, toByteOffset: k * 4, as: Lanes.self)
            } else if p != Lanes(repeating: 0) {
                if opacity != 255 { p = scale(p, o16) }
                let q = destination.loadUnaligned(fromByteOffset: k * 4, as: Lanes.self)
                destination.storeBytes(of: p &+ scale(q, inverseAlpha(p)), toByteOffset: k * 4, as: Lanes.self)
            }
            k += 8
        }
        while k < count {
            var p = src[k]
            if p != 0 {
                if opacity != 255 { p = scale(p, opacity) }
                dst[k] = p &+ scale(dst[k], 255 &- (p >> 24))
            }
            k += 1
        }
    }

    /// The pixel `p` laid over `count` pixels at `d`.
    static func fill(_ p: UInt32, over d: UnsafeMutablePointer<UInt32>, count: Int) {
        let inverse = 255 &- (p >> 24)
        if inverse == 0 { d.update(repeating: p, count: count); return }
        if inverse == 255 { return }
        let destination = UnsafeMutableRawPointer(d)
        let f = Lanes(repeating: UInt16(inverse)), p8 = unsafeBitCast(SIMD8<UInt32>(repeating: p), to: Lanes.self)
        var k = 0
        while k + 8 <= count {
            let q = destination.loadUnaligned(fromByteOffset: k * 4, as: Lanes.self)
            destination.storeBytes(of: p8 &+ scale(q, f), toByteOffset: k * 4, as: Lanes.self)
            k += 8
        }
        while k < count { d[k] = p &+ scale(d[k], inverse); k += 1 }
    }
}
