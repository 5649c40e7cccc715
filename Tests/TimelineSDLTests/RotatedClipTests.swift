import Testing
import CSDL2
import Geometry
import Layers
@testable import TimelineSDL

/// LT11: a rounded clip under a rotation or shear (a Lottie precomposition's bounds on a
/// turning layer) works out coverage only in each row's edge band: pixels well inside are left
/// as they are and pixels well outside cleared without evaluating the distance at each. The
/// bytes must be those of evaluating every pixel, over clips turned, sheared, scaled up and
/// down, square and rounded (more than half a pixel and less), meeting the region or missing it.
@Suite("LT11 rotated clips by row spans")
@MainActor
struct RotatedClipTests {
    /// Random values from a seeded generator, so that a failure names a reproducible case.
    struct Generator {
        var bits: SplitMix
        init(state: UInt64) { bits = SplitMix(seed: state) }
        mutating func next() -> UInt64 { bits.next() }
        mutating func value(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
        }
    }

    /// The pixels after masking by `clip` over `region`, both ways.
    static func masked(_ clip: (rect: Rect, radius: Double, transform: AffineTransform), region: SDL_Rect,
                       pixels: [UInt32]) -> (spans: [UInt32], every: [UInt32]) {
        var spans = pixels, every = pixels
        let stride = Int(region.w) + 3                         // rows wider than the region
        spans.withUnsafeMutableBufferPointer {
            DisplayListPainter.applyMask(clip, to: $0.baseAddress!, stride: stride, region: region)
        }
        every.withUnsafeMutableBufferPointer {
            DisplayListPainter.applyMask(clip, to: $0.baseAddress!, stride: stride, region: region, everyPixel: true)
        }
        return (spans, every)
    }

    @Test("LT11: a turned or sheared rounded clip's row spans give every pixel's bytes")
    func LT11_rotatedClipSpansMatchEveryPixel() {
        var g = Generator(state: 44)
        var partlyCovered = 0, cleared = 0, kept = 0
        for n in 0..<600 {
            let w = 20 + Int(g.next() % 90), h = 20 + Int(g.next() % 90)
            let region = SDL_Rect(x: Int32(g.next() % 40), y: Int32(g.next() % 40), w: Int32(w), h: Int32(h))
            let rect = Rect(x: g.value(-30...30), y: g.value(-30...30), width: g.value(0.2...90), height: g.value(0.2...90))
            let radius = [0, g.value(0...0.4), g.value(0...50)][Int(g.next() % 3)]
            let scale = [1, g.value(0.05...1), g.value(1...6)][Int(g.next() % 3)]
            var t = AffineTransform(rotationAngle: g.value(-Double.pi...Double.pi))
            if n % 4 == 1 { t = AffineTransform(a: 1, b: 0, c: g.value(-2...2), d: 1, tx: 0, ty: 0).concatenating(t) }
            if n % 7 == 3 { t = AffineTransform(rotationAngle: Double.pi / 2) }     // turned a quarter: one step is 0
            t = t.concatenating(AffineTransform(scaleX: scale, y: scale * g.value(0.5...2)))
                .concatenating(AffineTransform(translationX: g.value(0...120), y: g.value(0...120)))
            let stride = w + 3
            let pixels = (0..<(stride * h)).map { _ in UInt32(truncatingIfNeeded: g.next()) | 0xFF00_0000 }
            let (spans, every) = Self.masked((rect, radius, t), region: region, pixels: pixels)
            guard spans == every else {
                let k = zip(spans, every).enumerated().first { $0.element.0 != $0.element.1 }!.offset
                Issue.record("case \(n): pixel \(k % stride), \(k / stride) is \(spans[k]), every pixel gives \(every[k]) (clip \(rect) r \(radius) under \(t))")
                return
            }
            for y in 0..<h {
                for x in 0..<w {
                    let k = y * stride + x
                    if every[k] == pixels[k] { kept += 1 } else if every[k] == 0 { cleared += 1 } else { partlyCovered += 1 }
                }
            }
        }
        // The cases reach all three kinds of pixel.
        #expect(partlyCovered > 10_000 && cleared > 100_000 && kept > 100_000, "\(partlyCovered) \(cleared) \(kept)")
    }

    @Test("LT11: a clip turned so far from the region that no row meets it clears every pixel")
    func LT11_rotatedClipMissingTheRegionClears() {
        let region = SDL_Rect(x: 0, y: 0, w: 30, h: 20)
        let t = AffineTransform(rotationAngle: 0.3).concatenating(AffineTransform(translationX: 500, y: 500))
        let pixels = [UInt32](repeating: 0xFF80_4020, count: 33 * 20)
        let (spans, every) = Self.masked((Rect(x: 0, y: 0, width: 40, height: 40), 6, t), region: region, pixels: pixels)
        #expect(spans == every)
        #expect((0..<20).allSatisfy { y in (0..<30).allSatisfy { spans[y * 33 + $0] == 0 } })
        #expect(spans[32] == 0xFF80_4020)                      // past the region's width: untouched
    }
}
