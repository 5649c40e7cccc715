import CSDL2
@testable import TimelineSDL
import Testing

/// LT11: a masked layer's group is composited every frame its mask moves: the group's pixels
/// are multiplied by the mask's coverage and laid over the target. Both loops take eight pixels
/// at a time where they can (opaque pixels stored as they are; partial coverage scaled in 16-bit
/// lanes); each must give the bytes the one-pixel-at-a-time rule gives.
@Suite("LT11 masked groups composited eight pixels at a time")
struct LottieMaskCompositeTests {
    /// A premultiplied pixel: opaque, clear or translucent, about a third each, so runs of
    /// every kind and length meet the eight-pixel stride at every alignment.
    static func pixel(_ kind: Int, using g: inout SystemRandomNumberGenerator) -> UInt32 {
        let a: UInt32 = kind == 0 ? 255 : kind == 1 ? 0 : UInt32.random(in: 1...254, using: &g)
        return a << 24 | UInt32.random(in: 0...a, using: &g) << 16 | UInt32.random(in: 0...a, using: &g) << 8 | UInt32.random(in: 0...a, using: &g)
    }

    /// Rows of runs: each run 0 to 20 pixels of one kind.
    static func row(count: Int, using g: inout SystemRandomNumberGenerator) -> [UInt32] {
        var out: [UInt32] = []
        while out.count < count {
            let kind = Int.random(in: 0..<3, using: &g), n = Int.random(in: 0...20, using: &g)
            for _ in 0..<n where out.count < count { out.append(pixel(kind, using: &g)) }
        }
        return out
    }

    @Test("LT11 over() of runs of opaque, clear and translucent pixels equals the one-by-one blend, at full and partial opacity")
    func LT11_opaqueRunsStoredAsBlended() {
        var g = SystemRandomNumberGenerator()
        for round in 0..<600 {
            let count = Int.random(in: 0...70, using: &g)
            let src = Self.row(count: count, using: &g), dst = Self.row(count: count, using: &g)
            let opacity: UInt32 = [255, 255, 254, 128, 1, 0][round % 6]
            var expected = dst
            for k in 0..<count where src[k] != 0 {
                let p = opacity == 255 ? src[k] : Premultiplied.scale(src[k], opacity)
                expected[k] = p &+ Premultiplied.scale(dst[k], 255 &- (p >> 24))
            }
            var out = dst
            src.withUnsafeBufferPointer { s in
                out.withUnsafeMutableBufferPointer { d in
                    guard count > 0 else { return }
                    Premultiplied.over(s.baseAddress!, opacity: opacity, onto: d.baseAddress!, count: count)
                }
            }
            #expect(out == expected, "round \(round), \(count) pixels at opacity \(opacity)")
        }
    }

    @Test("LT11 applyCoverage with whole, no and partial coverage equals scaling each pixel, the run anywhere on the region")
    func LT11_partialMaskCoverageAsOneByOne() {
        var g = SystemRandomNumberGenerator()
        for round in 0..<300 {
            let region = SDL_Rect(x: Int32.random(in: -5...5, using: &g), y: Int32.random(in: -3...3, using: &g),
                                  w: Int32.random(in: 1...60, using: &g), h: Int32.random(in: 1...6, using: &g))
            // Coverage in runs: whole, none or partial (a mask whose opacity moves).
            var values: [UInt8] = []
            while values.count < Int(region.w) * Int(region.h) {
                let kind = Int.random(in: 0..<3, using: &g), n = Int.random(in: 0...20, using: &g)
                for _ in 0..<n where values.count < Int(region.w) * Int(region.h) {
                    values.append(kind == 0 ? 255 : kind == 1 ? 0 : UInt8.random(in: 1...254, using: &g))
                }
            }
            let run = SDL_Rect(x: Int32.random(in: -8...8, using: &g), y: Int32.random(in: -5...5, using: &g),
                               w: Int32.random(in: 1...70, using: &g), h: Int32.random(in: 1...8, using: &g))
            let pixels = Self.row(count: Int(run.w) * Int(run.h), using: &g)
            var expected = pixels
            for yy in 0..<Int(run.h) {
                for xx in 0..<Int(run.w) {
                    let cx = Int(run.x) + xx - Int(region.x), cy = Int(run.y) + yy - Int(region.y)
                    let inside = cx >= 0 && cx < Int(region.w) && cy >= 0 && cy < Int(region.h)
                    let c = inside ? UInt32(values[cy * Int(region.w) + cx]) : 0
                    expected[yy * Int(run.w) + xx] = Premultiplied.scale(pixels[yy * Int(run.w) + xx], c)
                }
            }
            var out = pixels
            out.withUnsafeMutableBufferPointer { px in
                DisplayListPainter.applyCoverage((region, values), to: px.baseAddress!, run: run)
            }
            #expect(out == expected, "round \(round): run \(run.x),\(run.y) \(run.w)x\(run.h) on region \(region.x),\(region.y) \(region.w)x\(region.h)")
        }
    }
}
