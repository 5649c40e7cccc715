import Foundation
import Geometry
import RenderModel
import Testing

/// LT11: a Lottie file's gradient fills alternate shape after shape (lottie-android's
/// `ofrenda.json` has twenty, every frame); the rasteriser keeps each gradient's colour ramp
/// instead of making it again whenever the stops differ from the last shape's.
@Suite("LT11 gradient ramps kept across shapes")
struct LottieGradientRampTests {
    static let gradients = (0..<5).map { k in
        Gradient(colors: [Color(red: Double(k) / 5, green: 0.2, blue: 0.9, alpha: 1), Color(red: 1, green: 0.5, blue: Double(k) / 5, alpha: 0.8)],
                 locations: [0, 0.4 + Double(k) / 10], startPoint: Point(x: 0, y: 0), endPoint: Point(x: 32, y: 24))
    }

    /// Fills a 32 x 24 rectangle with `g` at `opacity` over `target` (transparent at first).
    static func draw(_ g: Gradient, opacity: Double, with r: inout ShapeRasterizer, into target: inout [UInt32]) {
        guard r.rasterize(Path(rect: Rect(x: 0.5, y: 0.25, width: 31, height: 23)), transform: .identity, rule: .nonZero,
                          clip: Rect(x: 0, y: 0, width: 32, height: 24)) else { return }
        target.withUnsafeMutableBufferPointer { px in
            r.composite(g, opacity: opacity, inverse: .identity, into: px.baseAddress! + r.y * 32 + r.x, stride: 32,
                        rows: 0..<r.height, columns: 0..<r.width)
        }
    }

    @Test("LT11 alternating gradients make each ramp once and draw as a fresh rasteriser does")
    func LT11_rampsKeptAcrossAlternatingGradients() {
        var kept = ShapeRasterizer()
        for round in 0..<4 {
            for (k, g) in Self.gradients.enumerated() {
                let opacity = k.isMultiple(of: 2) ? 1 : 0.6
                var reused = [UInt32](repeating: 0, count: 32 * 24), fresh = reused
                Self.draw(g, opacity: opacity, with: &kept, into: &reused)
                var newRasterizer = ShapeRasterizer()
                Self.draw(g, opacity: opacity, with: &newRasterizer, into: &fresh)
                #expect(reused == fresh, "gradient \(k), round \(round)")
                #expect(reused.contains { $0 != 0 })
            }
        }
        #expect(kept.rampsMade == Self.gradients.count)     // was one a shape: 20
    }

    @Test("LT11 past the cache's bound ramps are made again, and still right")
    func LT11_rampCacheBound() {
        var r = ShapeRasterizer()
        let many = (0...ShapeRasterizer.rampCacheLimit + 1).map { k in
            Gradient(colors: [Color(red: Double(k) / 100, green: 0, blue: 0, alpha: 1), Color(red: 0, green: 0, blue: 1, alpha: 1)],
                     startPoint: Point(x: 0, y: 0), endPoint: Point(x: 32, y: 0))
        }
        var target = [UInt32](repeating: 0, count: 32 * 24)
        for g in many + many { Self.draw(g, opacity: 1, with: &r, into: &target) }
        #expect(r.rampsMade > many.count && r.rampsMade <= 2 * many.count)
        var fresh = ShapeRasterizer(), a = [UInt32](repeating: 0, count: 32 * 24), b = a
        Self.draw(many[3], opacity: 1, with: &r, into: &a)
        Self.draw(many[3], opacity: 1, with: &fresh, into: &b)
        #expect(a == b)
    }
}
