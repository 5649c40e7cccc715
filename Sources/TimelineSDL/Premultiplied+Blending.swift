import Timeline

/// Groups with a blend mode (`GroupState.blendMode`): their premultiplied pixels laid over the
/// backdrop by `BlendMode.composite(source:sourceAlpha:over:backdropAlpha:)`, W3C's source-over
/// with blending, in floating point one pixel at a time. Only groups with a mode other than
/// normal come here; normal groups keep the eight-lane ``Premultiplied/over(_:opacity:onto:count:)``.
extension Premultiplied {
    /// `src` scaled by `opacity`/255 composited over `dst` with `mode`, into `dst`. A clear
    /// source pixel leaves the destination; over a clear destination the source shows as it is.
    static func composite(_ src: UnsafePointer<UInt32>, opacity: UInt32, mode: BlendMode,
                          onto dst: UnsafeMutablePointer<UInt32>, count: Int) {
        guard mode != .normal else { over(src, opacity: opacity, onto: dst, count: count); return }
        let o = Double(opacity) / 255
        for k in 0..<count {
            let p = src[k]
            guard p != 0 else { continue }
            let d = dst[k]
            let sourceAlpha = Double(p >> 24) / 255 * o
            guard d >> 24 != 0 else {
                dst[k] = opacity == 255 ? p : scale(p, opacity)
                continue
            }
            let (c, a) = mode.composite(source: channels(p) * o, sourceAlpha: sourceAlpha,
                                        over: channels(d), backdropAlpha: Double(d >> 24) / 255)
            dst[k] = pixel(c, alpha: a)
        }
    }

    /// A premultiplied pixel's red, green and blue in 0...1.
    @inline(__always) static func channels(_ p: UInt32) -> SIMD3<Double> {
        SIMD3(Double((p >> 16) & 0xFF), Double((p >> 8) & 0xFF), Double(p & 0xFF)) / 255
    }

    /// Premultiplied colour `c` and alpha `a` (0...1) as a pixel, rounded to nearest, no channel
    /// above the alpha.
    @inline(__always) static func pixel(_ c: SIMD3<Double>, alpha a: Double) -> UInt32 {
        func byte(_ v: Double, limit: UInt32 = 255) -> UInt32 {
            guard v.isFinite, v > 0 else { return 0 }
            return min(limit, UInt32((v * 255).rounded()))
        }
        let alpha = byte(a)
        return alpha << 24 | byte(c.x, limit: alpha) << 16 | byte(c.y, limit: alpha) << 8 | byte(c.z, limit: alpha)
    }
}
