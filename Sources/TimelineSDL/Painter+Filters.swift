import CSDL2
import Geometry
import RenderModel
import Timeline

/// The buffers a filtered group's passes reuse from paint to paint (a blur's intermediate
/// lines, a drop shadow's pixels): as large as the largest filtered group drawn, so an animated
/// frame allocates nothing.
struct FilterScratch {
    /// A blur's two padded lines, each pass reading one and writing the other.
    var pass: [UInt32] = []
    /// A drop shadow's pixels before the group is laid over them.
    var shadow: [UInt32] = []
}

/// Filters (``GroupState/filters``) run over a group's premultiplied pixels, after its clip
/// and mask and before its opacity and blend mode.
extension DisplayListPainter {
    /// Runs `filters` in order over the first `width` x `height` pixels of ``maskPixels`` (a
    /// group's region, rows `width` apart), `t` mapping the group's coordinates to device
    /// pixels: offsets go through its linear part and deviations scale by its area's root.
    /// A blur reads past the `cutSides` (left, top, right, bottom) of the region that the
    /// target or a parent's clip cut: what lies beyond was not drawn, and its edge pixels are a
    /// better guess than clear (a precomposition taller than the canvas does not fade at the
    /// canvas's edge, as lottie-web draws it).
    func applyFilters(_ filters: [Filter], transform t: AffineTransform, width w: Int, height h: Int,
                      cutSides: (Bool, Bool, Bool, Bool) = (false, false, false, false)) {
        let count = w * h
        guard count > 0, maskPixels.count >= count else { return }
        let det = t.a * t.d - t.b * t.c
        let scale = det.isFinite ? abs(det).squareRoot() : 0
        for f in filters {
            switch f {
            case .colorFill(let c):
                maskPixels.withUnsafeMutableBufferPointer { Self.fill($0.baseAddress!, count: count, with: c) }
            case .tint(let black, let white, let amount):
                let k = min(max(amount, 0), 1)
                guard k > 0 else { continue }
                maskPixels.withUnsafeMutableBufferPointer { Self.tint($0.baseAddress!, count: count, black: black, white: white, amount: k) }
            case .gaussianBlur(let deviation, let space):
                blurPixels(width: w, height: h, deviation: deviation * scale, shadow: false, cutSides: cutSides,
                           linearLight: space == .linearRGB)
            case .dropShadow(let color, let offset, let deviation):
                let alpha = min(max(color.alpha, 0), 1)
                guard alpha > 0 else { continue }
                if filterScratch.shadow.count < count { filterScratch.shadow = [UInt32](repeating: 0, count: count) }
                let dx = t.a * offset.width + t.c * offset.height, dy = t.b * offset.width + t.d * offset.height
                let ox = dx.isFinite ? Int(max(-1e6, min(1e6, dx)).rounded()) : 0
                let oy = dy.isFinite ? Int(max(-1e6, min(1e6, dy)).rounded()) : 0
                maskPixels.withUnsafeBufferPointer { src in
                    filterScratch.shadow.withUnsafeMutableBufferPointer { dst in
                        Self.silhouette(of: src.baseAddress!, into: dst.baseAddress!, width: w, height: h, dx: ox, dy: oy, color: color)
                    }
                }
                blurPixels(width: w, height: h, deviation: deviation * scale, shadow: true, cutSides: cutSides)
                maskPixels.withUnsafeMutableBufferPointer { px in
                    filterScratch.shadow.withUnsafeBufferPointer { s in Self.layOver(px.baseAddress!, s.baseAddress!, count: count) }
                }
            }
        }
    }

    /// Blurs the group's pixels (or the shadow's) by a Gaussian of `deviation` device pixels:
    /// three box blurs per axis of width d = ⌊σ·3·√(2π)/4 + 0.5⌋, as SVG's feGaussianBlur
    /// approximates it (the same reading as the rasteriser's coverage blur).
    /// With `linearLight`, the group's colours are decoded from sRGB before the passes and
    /// encoded after (``FilterColorSpace/linearRGB``); a blur too small to run leaves them as
    /// they were, not through the byte tables' rounding.
    private func blurPixels(width w: Int, height h: Int, deviation sigma: Double, shadow: Bool, cutSides cut: (Bool, Bool, Bool, Bool),
                            linearLight: Bool = false) {
        guard sigma > 0.05, let passes = BoxBlurPasses(sigma: sigma) else { return }
        // Each line is padded by the passes' whole spread, so what the first pass spreads past
        // the region is there for the next (clear past a side where the drawing ends, its edge
        // pixels past a side the target cut).
        let margin = passes.spread + 1
        let longest = max(w, h) + 2 * margin
        func run(_ px: UnsafeMutablePointer<UInt32>, _ tmp: UnsafeMutablePointer<UInt32>) {
            let a = tmp, b = tmp + longest
            func blurLine(_ base: UnsafeMutablePointer<UInt32>, count n: Int, stride: Int, extends: (Bool, Bool)) {
                let total = n + 2 * margin
                a.update(repeating: extends.0 ? base[0] : 0, count: margin)
                (a + margin + n).update(repeating: extends.1 ? base[(n - 1) * stride] : 0, count: margin)
                for k in 0..<n { a[margin + k] = base[k * stride] }
                var src = a, dst = b
                passes.forEach { lo, hi in
                    Self.box(src, dst, count: total, stride: 1, lo: lo, hi: hi, extends: extends)
                    swap(&src, &dst)
                }
                for k in 0..<n { base[k * stride] = src[margin + k] }
            }
            for y in 0..<h { blurLine(px + y * w, count: w, stride: 1, extends: (cut.0, cut.2)) }
            for x in 0..<w { blurLine(px + x, count: h, stride: w, extends: (cut.1, cut.3)) }
        }
        // The line buffer is taken out while the shadow (the same scratch) is written.
        var pass: [UInt32] = []
        swap(&pass, &filterScratch.pass)
        defer { swap(&pass, &filterScratch.pass) }
        if pass.count < 2 * longest { pass = [UInt32](repeating: 0, count: 2 * longest) }
        pass.withUnsafeMutableBufferPointer { tmp in
            if shadow {
                filterScratch.shadow.withUnsafeMutableBufferPointer { run($0.baseAddress!, tmp.baseAddress!) }
            } else {
                maskPixels.withUnsafeMutableBufferPointer { px in
                    let count = w * h
                    if linearLight { SRGBBytes.decode(px.baseAddress!, count: count) }
                    run(px.baseAddress!, tmp.baseAddress!)
                    if linearLight { SRGBBytes.encode(px.baseAddress!, count: count) }
                }
            }
        }
    }

    /// One box blur along a line of `n` pixels `stride` apart: each output the mean, per
    /// channel and rounded to nearest, of the inputs from `lo` before to `hi` after it: clear
    /// beyond the ends, or the end pixel repeated at an end that `extends` (start, end) says
    /// was cut. A premultiplied channel stays at most its alpha.
    nonisolated static func box(_ src: UnsafeMutablePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, count n: Int, stride: Int,
                                lo: Int, hi: Int, extends: (Bool, Bool) = (false, false)) {
        guard n > 0 else { return }
        let size = UInt32(lo + hi + 1), half = size / 2
        @inline(__always) func channels(_ p: UInt32) -> SIMD4<UInt32> { SIMD4(p >> 24, (p >> 16) & 0xFF, (p >> 8) & 0xFF, p & 0xFF) }
        let first = extends.0 ? channels(src[0]) : SIMD4<UInt32>(repeating: 0)
        let last = extends.1 ? channels(src[(n - 1) * stride]) : SIMD4<UInt32>(repeating: 0)
        @inline(__always) func at(_ k: Int) -> SIMD4<UInt32> { k < 0 ? first : k >= n ? last : channels(src[k * stride]) }
        var sum = SIMD4<UInt32>(repeating: 0)
        for k in (-lo - 1)..<hi { sum &+= at(k) }
        for i in 0..<n {
            sum &+= at(i + hi)
            sum &-= at(i - lo - 1)
            let m = (sum &+ half) / size
            dst[i * stride] = m[0] << 24 | m[1] << 16 | m[2] << 8 | m[3]
        }
    }

    /// Every pixel in `c`, its alpha the pixel's times the colour's.
    nonisolated static func fill(_ px: UnsafeMutablePointer<UInt32>, count: Int, with c: Color) {
        let rgb = SIMD3(min(max(c.red, 0), 1), min(max(c.green, 0), 1), min(max(c.blue, 0), 1))
        let k = min(max(c.alpha, 0), 1)
        for i in 0..<count where px[i] != 0 {
            let a = Double(px[i] >> 24) / 255 * k
            px[i] = Premultiplied.pixel(rgb * a, alpha: a)
        }
    }

    /// Colours mapped by luminance from `black` to `white`, mixed with the original by `amount`.
    nonisolated static func tint(_ px: UnsafeMutablePointer<UInt32>, count: Int, black: Color, white: Color, amount k: Double) {
        let lo = SIMD3(black.red, black.green, black.blue), hi = SIMD3(white.red, white.green, white.blue)
        for i in 0..<count where px[i] != 0 {
            let p = px[i], a = Double(p >> 24) / 255
            guard a > 0 else { continue }
            let c = Premultiplied.channels(p) / a
            // Rec. 709 luminance, as the shape path's tint reads it.
            let l = min(max(Color.luminance(red: c.x, green: c.y, blue: c.z), 0), 1)
            let target = (lo + (hi - lo) * l).clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1))
            px[i] = Premultiplied.pixel((c + (target - c) * k) * a, alpha: a)
        }
    }

    /// The alpha of `src` moved by (`dx`, `dy`) pixels, in `color` times its alpha, into `dst`.
    nonisolated static func silhouette(of src: UnsafePointer<UInt32>, into dst: UnsafeMutablePointer<UInt32>, width w: Int, height h: Int,
                                       dx: Int, dy: Int, color: Color) {
        dst.update(repeating: 0, count: w * h)
        let rgb = SIMD3(min(max(color.red, 0), 1), min(max(color.green, 0), 1), min(max(color.blue, 0), 1))
        let k = min(max(color.alpha, 0), 1)
        guard abs(dx) < w, abs(dy) < h else { return }
        for y in max(0, dy)..<min(h, h + dy) {
            let from = src + (y - dy) * w, to = dst + y * w
            for x in max(0, dx)..<min(w, w + dx) {
                let sa = from[x - dx] >> 24
                guard sa != 0 else { continue }
                let a = Double(sa) / 255 * k
                to[x] = Premultiplied.pixel(rgb * a, alpha: a)
            }
        }
    }

    /// `px` laid over `under` (both premultiplied), into `px`.
    nonisolated static func layOver(_ px: UnsafeMutablePointer<UInt32>, _ under: UnsafePointer<UInt32>, count: Int) {
        for i in 0..<count {
            let s = under[i]
            guard s != 0 else { continue }
            let p = px[i], rest = 255 - (p >> 24)
            guard rest != 0 else { continue }
            func ch(_ shift: UInt32) -> UInt32 {
                let v = ((p >> shift) & 0xFF) + (((s >> shift) & 0xFF) * rest + 127) / 255
                return min(v, 255) << shift
            }
            px[i] = ch(24) | ch(16) | ch(8) | ch(0)
        }
    }
}
