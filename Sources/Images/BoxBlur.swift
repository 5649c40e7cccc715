/// The three box blurs per axis that approximate a Gaussian blur, as SVG's feGaussianBlur
/// specifies: boxes of width d = ⌊σ·3·√(2π)/4 + 0.5⌋; for an odd d three centred ones, for an
/// even d two shifted half a pixel either way and then one of d + 1, centred. Bitmap filters
/// (``Bitmap/blurred(sigma:)``), the rasteriser's coverage blur and the painter's layer filters
/// run the same boxes.
public struct BoxBlurPasses: Sendable {
    /// Each box's reach, in pixels before (`lo`) and after (`hi`) the one it averages into.
    public let first: (lo: Int, hi: Int), second: (lo: Int, hi: Int), third: (lo: Int, hi: Int)

    /// The boxes for a Gaussian of standard deviation `sigma` pixels (capped at 4,096); nil
    /// when their width would be under two pixels (a blur that moves nothing), or `sigma` is
    /// not finite.
    public init?(sigma: Double) {
        guard sigma.isFinite, sigma > 0 else { return nil }
        let d = Int(min(sigma, 4_096) * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5)
        guard d > 1 else { return nil }
        let h = d / 2
        if d % 2 == 1 {
            (first, second, third) = ((h, h), (h, h), (h, h))
        } else {
            (first, second, third) = ((h, h - 1), (h - 1, h), (h, h))
        }
    }

    /// How far the three boxes spread a pixel, in all (each box's larger side).
    public var spread: Int { max(first.lo, first.hi) + max(second.lo, second.hi) + max(third.lo, third.hi) }

    /// Calls `body` with each box's `lo` and `hi`, in order.
    @inline(__always)
    public func forEach(_ body: (_ lo: Int, _ hi: Int) -> Void) {
        body(first.lo, first.hi)
        body(second.lo, second.hi)
        body(third.lo, third.hi)
    }

    /// Blurs `width` x `height` values (rows `width` apart) in place: the three boxes along
    /// every row, then along every column, each value the mean of those in its box (zero
    /// beyond the edges; a mean that rounding took below zero is zero). `scratch` holds at
    /// least `width` x `height` values; its contents are overwritten.
    @inlinable
    public func blur(_ values: UnsafeMutablePointer<Float>, width w: Int, height h: Int, scratch: UnsafeMutablePointer<Float>) {
        guard w > 0, h > 0 else { return }
        // Every box runs down columns, eight at once, each lane the same sums in the same order
        // as its line alone (the same values), the rows read whole (LT11: a line at a time, the
        // blur was half of a drop-shadowed layer's frame). The rows' boxes run down the columns
        // of the values transposed, and are transposed back.
        // The three boxes go back and forth between the two buffers: scratch to values, values
        // to scratch, scratch to values.
        Self.transpose(values, width: w, height: h, into: scratch)
        Self.boxColumns(scratch, values, width: h, height: w, lo: first.lo, hi: first.hi)
        Self.boxColumns(values, scratch, width: h, height: w, lo: second.lo, hi: second.hi)
        Self.boxColumns(scratch, values, width: h, height: w, lo: third.lo, hi: third.hi)
        Self.transpose(values, width: h, height: w, into: scratch)
        Self.boxColumns(scratch, values, width: w, height: h, lo: first.lo, hi: first.hi)
        Self.boxColumns(values, scratch, width: w, height: h, lo: second.lo, hi: second.hi)
        Self.boxColumns(scratch, values, width: w, height: h, lo: third.lo, hi: third.hi)
    }

    /// The box along every column of `width` x `height` values, from `src` into `dst`.
    @inlinable
    static func boxColumns(_ src: UnsafeMutablePointer<Float>, _ dst: UnsafeMutablePointer<Float>, width w: Int, height h: Int,
                           lo: Int, hi: Int) {
        var x = 0
        while x + 8 <= w { box8(src + x, dst + x, count: h, stride: w, lo: lo, hi: hi); x += 8 }
        while x < w { box(src + x, dst + x, count: h, stride: w, lo: lo, hi: hi); x += 1 }
    }

    /// `width` x `height` values (rows `width` apart) written transposed into `dst` (rows
    /// `height` apart), in tiles of 8 x 8 so that both sides are read and written a few
    /// cache lines at a time.
    @inlinable
    static func transpose(_ src: UnsafeMutablePointer<Float>, width w: Int, height h: Int, into dst: UnsafeMutablePointer<Float>) {
        var y0 = 0
        while y0 < h {
            let y1 = min(h, y0 + 8)
            var x0 = 0
            while x0 < w {
                let x1 = min(w, x0 + 8)
                for y in y0..<y1 {
                    var from = src + y * w + x0, to = dst + x0 * h + y
                    for _ in x0..<x1 { to.pointee = from.pointee; from += 1; to += h }
                }
                x0 = x1
            }
            y0 = y1
        }
    }

    /// ``box(_:_:count:stride:lo:hi:)`` along eight neighbouring lines at once (`src` their
    /// first values, side by side).
    @inlinable
    static func box8(_ src: UnsafeMutablePointer<Float>, _ dst: UnsafeMutablePointer<Float>, count n: Int, stride: Int,
                     lo: Int, hi: Int) {
        let scale = SIMD8<Float>(repeating: 1 / Float(lo + hi + 1))
        func at(_ p: UnsafeMutablePointer<Float>) -> SIMD8<Float> { UnsafeRawPointer(p).loadUnaligned(as: SIMD8<Float>.self) }
        var sum = SIMD8<Float>()
        for k in 0..<min(hi, n) { sum += at(src + k * stride) }
        for i in 0..<n {
            let add = i + hi, drop = i - lo - 1
            if add < n { sum += at(src + add * stride) }
            if drop >= 0 { sum -= at(src + drop * stride) }
            let v = sum * scale
            UnsafeMutableRawPointer(dst + i * stride).storeBytes(of: v.replacing(with: 0, where: v .< 0), as: SIMD8<Float>.self)
        }
    }

    /// One box blur along a line of `count` values `stride` apart: each output is the mean of
    /// the inputs from `lo` before to `hi` after it (zero beyond the ends), by a running sum.
    @inlinable
    static func box(_ src: UnsafeMutablePointer<Float>, _ dst: UnsafeMutablePointer<Float>, count n: Int, stride: Int,
                            lo: Int, hi: Int) {
        let scale = 1 / Float(lo + hi + 1)
        var sum: Float = 0
        for k in 0..<min(hi, n) { sum += src[k * stride] }
        for i in 0..<n {
            let add = i + hi, drop = i - lo - 1
            if add < n { sum += src[add * stride] }
            if drop >= 0 { sum -= src[drop * stride] }
            dst[i * stride] = max(0, sum * scale)
        }
    }
}
