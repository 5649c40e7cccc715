import Testing
import Images

/// LT11: the box blur runs its boxes eight lines at a time (the rows' boxes down the columns of
/// the values transposed), and gives the values one line at a time gives.
@Suite("LT11 box blur, eight lines at a time")
struct BoxBlurTests {
    /// The boxes of `passes` one line at a time: along every row, then along every column, each
    /// value the running mean of its box (zero beyond the ends, never below zero).
    static func reference(_ values: [Float], width w: Int, height h: Int, passes: BoxBlurPasses) -> [Float] {
        var v = values
        func box(_ line: [Float], lo: Int, hi: Int) -> [Float] {
            let n = line.count, scale = 1 / Float(lo + hi + 1)
            var sum: Float = 0, out = [Float](repeating: 0, count: n)
            for k in 0..<min(hi, n) { sum += line[k] }
            for i in 0..<n {
                if i + hi < n { sum += line[i + hi] }
                if i - lo - 1 >= 0 { sum -= line[i - lo - 1] }
                out[i] = max(0, sum * scale)
            }
            return out
        }
        let boxes = [passes.first, passes.second, passes.third]
        for b in boxes {
            for y in 0..<h { v.replaceSubrange(y * w..<(y + 1) * w, with: box(Array(v[y * w..<(y + 1) * w]), lo: b.lo, hi: b.hi)) }
        }
        for b in boxes {
            for x in 0..<w {
                let column = box((0..<h).map { v[$0 * w + x] }, lo: b.lo, hi: b.hi)
                for y in 0..<h { v[y * w + x] = column[y] }
            }
        }
        return v
    }

    @Test("LT11: the blur's eight-at-a-time boxes give exactly the values of the line-at-a-time boxes",
          arguments: [(1, 1, 2.0), (3, 17, 2.5), (37, 23, 4.0), (64, 40, 3.0), (9, 130, 7.5), (200, 8, 20.0)])
    func LT11_blurMatchesLineAtATime(_ size: (Int, Int, Double)) throws {
        let (w, h, sigma) = size
        let passes = try #require(BoxBlurPasses(sigma: sigma))
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(w * 1_000 + h)
        var values = (0..<(w * h)).map { _ -> Float in
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (seed >> 40) % 5 == 0 ? 0 : Float(seed >> 40 & 0xFFFF) / 65_535
        }
        let expected = Self.reference(values, width: w, height: h, passes: passes)
        var scratch = [Float](repeating: .nan, count: w * h)
        values.withUnsafeMutableBufferPointer { v in
            scratch.withUnsafeMutableBufferPointer { s in passes.blur(v.baseAddress!, width: w, height: h, scratch: s.baseAddress!) }
        }
        #expect(values == expected)
    }
}
