import Foundation
import Geometry
import RenderModel
import Testing

/// LT6: the rasteriser's coverage is each pixel's exact area inside the path.
@Suite("LT6 exact-area coverage")
struct ExactCoverageTests {
    /// Rasterises `path` (device pixels) and returns the coverage at device pixel (px, py)
    /// through `at`, zero outside the region.
    struct Raster {
        var r = ShapeRasterizer()
        init?(_ path: Path, rule: FillRule = .nonZero, clip: Rect = Rect(x: -64, y: -64, width: 256, height: 256)) {
            guard r.rasterize(path, transform: .identity, rule: rule, clip: clip) else { return nil }
        }
        func at(_ px: Int, _ py: Int) -> Double {
            let (cx, cy) = (px - r.x, py - r.y)
            guard cx >= 0, cy >= 0, cx < r.width, cy < r.height else { return 0 }
            return Double(r.coverage[cy * r.width + cx])
        }
        /// Every pixel of the region with non-zero coverage lies in its row's covered columns.
        var rowBoundsHold: Bool {
            (0..<r.height).allSatisfy { row in
                (0..<r.width).allSatisfy { col in
                    r.coverage[row * r.width + col] == 0 || (Int(r.rowStarts[row])..<Int(r.rowEnds[row])).contains(col)
                }
            }
        }
    }

    @Test("LT6 a rectangle on half pixels covers its edge pixels by half and its corners by a quarter")
    func LT6_halfPixelRectangle() throws {
        let raster = try #require(Raster(Path(rect: Rect(x: 0.5, y: 0.5, width: 3, height: 2))))
        let expected: [[Double]] = [[0.25, 0.5, 0.5, 0.25],
                                    [0.5, 1, 1, 0.5],
                                    [0.25, 0.5, 0.5, 0.25]]
        for (py, row) in expected.enumerated() {
            for (px, value) in row.enumerated() { #expect(abs(raster.at(px, py) - value) < 1e-6, "pixel \(px), \(py)") }
        }
        #expect(raster.at(4, 1) == 0 && raster.at(-1, 1) == 0 && raster.at(1, 3) == 0)
        #expect(raster.rowBoundsHold)
    }

    @Test("LT6 a triangle's pixels are the areas under its hypotenuse, integrated by hand")
    func LT6_triangleAreas() throws {
        // Below y = 2 - x/2 (rows 0 and 1): ∫ clamp(2 - x/2 - row, 0, 1) dx over each pixel.
        let steep = try #require(Raster(Path.polygon([Point(x: 0, y: 0), Point(x: 4, y: 0), Point(x: 0, y: 2)])))
        let areas: [(Int, Int, Double)] = [(0, 0, 1), (1, 0, 1), (2, 0, 0.75), (3, 0, 0.25), (0, 1, 0.75), (1, 1, 0.25), (2, 1, 0), (3, 1, 0)]
        for (px, py, a) in areas { #expect(abs(steep.at(px, py) - a) < 1e-6, "pixel \(px), \(py)") }
        // A shallow edge crossing eight pixels of one row: below y = 1 - x/8, pixel i holds
        // 1 - (2i + 1)/16 (each cell's share and the cover it carries on).
        let shallow = try #require(Raster(Path.polygon([Point(x: 0, y: 0), Point(x: 0, y: 1), Point(x: 8, y: 0)])))
        for i in 0..<8 { #expect(abs(shallow.at(i, 0) - (1 - Double(2 * i + 1) / 16)) < 1e-6, "pixel \(i)") }
        #expect(shallow.at(8, 0) == 0 && shallow.at(0, 1) == 0)
        #expect(steep.rowBoundsHold && shallow.rowBoundsHold)
    }

    @Test("LT6 sums are exact: pixels wholly inside a slanted shape read exactly 1, wholly outside exactly 0")
    func LT6_exactSums() throws {
        // A rectangle turned by 0.3 radians: convex, so a pixel is wholly inside when its corners are.
        let (c, s) = (cos(0.3), sin(0.3))
        let corners = [Point(x: -30, y: -12), Point(x: 30, y: -12), Point(x: 30, y: 12), Point(x: -30, y: 12)]
            .map { Point(x: 40.3 + $0.x * c - $0.y * s, y: 30.7 + $0.x * s + $0.y * c) }
        let raster = try #require(Raster(Path.polygon(corners)))
        func side(_ k: Int, _ p: Point) -> Double {
            let a = corners[k], b = corners[(k + 1) % 4]
            return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
        }
        func inside(_ p: Point) -> Bool { (0..<4).allSatisfy { side($0, p) > 0 } }
        var whole = 0
        for py in 0..<64 {
            for px in 0..<84 {
                let pixel = [Point(x: Double(px), y: Double(py)), Point(x: Double(px + 1), y: Double(py)),
                             Point(x: Double(px), y: Double(py + 1)), Point(x: Double(px + 1), y: Double(py + 1))]
                if pixel.allSatisfy(inside) { whole += 1; #expect(raster.at(px, py) == 1, "pixel \(px), \(py)") }
                // Wholly outside: all four corners beyond one of the shape's sides.
                if (0..<4).contains(where: { k in pixel.allSatisfy { side(k, $0) < 0 } }) {
                    #expect(raster.at(px, py) == 0, "pixel \(px), \(py)")
                }
            }
        }
        #expect(whole > 1_000)
        var total = 0.0
        for k in 0..<(raster.r.width * raster.r.height) { total += Double(raster.r.coverage[k]) }
        #expect(abs(total - 60 * 24) < 0.01)
    }

    @Test("LT6 random star-shaped polygons: coverage sums to the shoelace area, every pixel within 0...1")
    func LT6_randomAreas() throws {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {                                     // a fixed LCG: the same shapes every run
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for _ in 0..<200 {
            let n = 3 + Int(next() * 40), cx = 20 + next() * 60, cy = 20 + next() * 60
            let points = (0..<n).map { k -> Point in
                let a = (Double(k) + next() * 0.9) / Double(n) * 2 * .pi, r = 0.3 + next() * 19
                return Point(x: cx + r * cos(a), y: cy + r * sin(a))
            }
            var area = 0.0
            for k in 0..<n {
                let a = points[k], b = points[(k + 1) % n]
                area += a.x * b.y - b.x * a.y
            }
            for rule in [FillRule.nonZero, .evenOdd] {
                let raster = try #require(Raster(Path.polygon(points), rule: rule))
                let values = raster.r.coverage.prefix(raster.r.width * raster.r.height)
                #expect(values.allSatisfy { $0 >= 0 && $0 <= 1 })
                #expect(abs(values.reduce(0) { $0 + Double($1) } - abs(area) / 2) < 0.01)
                #expect(raster.rowBoundsHold)
            }
        }
    }

    @Test("LT6 overlapping squares: non-zero covers the overlap, even-odd leaves it out, pixel by pixel")
    func LT6_fillRules() throws {
        var squares = Path(rect: Rect(x: 0.5, y: 0.5, width: 4, height: 4))
        squares.addRect(Rect(x: 2.5, y: 2.5, width: 4, height: 4))           // same direction
        let nonZero = try #require(Raster(squares, rule: .nonZero))
        let evenOdd = try #require(Raster(squares, rule: .evenOdd))
        #expect(nonZero.at(3, 3) == 1 && evenOdd.at(3, 3) == 0)           // wholly in both
        #expect(nonZero.at(1, 1) == 1 && evenOdd.at(1, 1) == 1)           // wholly in one
        // Pixel (2, 2) is in the first square and a quarter of it in the second.
        #expect(nonZero.at(2, 2) == 1 && abs(evenOdd.at(2, 2) - 0.75) < 1e-6)
        // Pixel (4, 4): a quarter in the first square, wholly in the second; (0, 3): half in the first.
        #expect(nonZero.at(4, 4) == 1 && abs(evenOdd.at(4, 4) - 0.75) < 1e-6)
        #expect(abs(nonZero.at(0, 3) - 0.5) < 1e-6 && abs(evenOdd.at(0, 3) - 0.5) < 1e-6)
        #expect(nonZero.rowBoundsHold && evenOdd.rowBoundsHold)
    }

    @Test("LT6 a clip changes no pixel inside it: edges beyond each side count as the region's sides")
    func LT6_clipping() throws {
        // A star whose edges cross every side of the clip at slants.
        let star = Path.polygon((0..<10).map { k in
            let r = k % 2 == 0 ? 18.0 : 7.0, a = Double(k) * .pi / 5 + 0.1
            return Point(x: 20.3 + r * cos(a), y: 19.7 + r * sin(a))
        })
        let whole = try #require(Raster(star))
        let clip = Rect(x: 9, y: 11, width: 17, height: 13)
        let part = try #require(Raster(star, clip: clip))
        #expect(part.r.x == 9 && part.r.y == 11 && part.r.width == 17 && part.r.height == 13)
        for py in 11..<24 {
            for px in 9..<26 { #expect(abs(part.at(px, py) - whole.at(px, py)) < 1e-5, "pixel \(px), \(py)") }
        }
        // A rectangle running past the clip's right side covers its rows to the end.
        let bar = try #require(Raster(Path(rect: Rect(x: 2.5, y: 0, width: 100, height: 3)), clip: Rect(x: 0, y: 0, width: 10, height: 3)))
        #expect(abs(bar.at(2, 1) - 0.5) < 1e-6 && bar.at(9, 1) == 1 && bar.r.rowEnds[1] == Int32(bar.r.width))
        #expect(part.rowBoundsHold && bar.rowBoundsHold)
    }

    @Test("LT6 a rasteriser reused after larger, blurred and traded shapes gives what a fresh one gives")
    func LT6_reuse() throws {
        let triangle = Path.polygon([Point(x: 3.3, y: 2.1), Point(x: 17.8, y: 9.6), Point(x: 6.2, y: 14.9)])
        let clip = Rect(x: -64, y: -64, width: 256, height: 256)
        let fresh = try #require(Raster(triangle))
        var r = ShapeRasterizer()
        _ = r.rasterize(Path(rect: Rect(x: -20, y: -30, width: 120, height: 90)), transform: .identity, rule: .nonZero, clip: clip, margin: 6)
        r.blur(sigma: 3)
        var kept = r.snapshot()
        _ = r.rasterize(Path(ellipseIn: Rect(x: 0, y: 0, width: 40, height: 30)), transform: .identity, rule: .evenOdd, clip: clip)
        r.trade(&kept)
        r.trade(&kept)
        let missed = r.rasterize(Path(rect: Rect(x: 500, y: 500, width: 5, height: 5)), transform: .identity, rule: .nonZero, clip: clip)
        let drawn = r.rasterize(triangle, transform: .identity, rule: .nonZero, clip: clip)
        #expect(!missed && drawn)
        #expect((r.x, r.y, r.width, r.height) == (fresh.r.x, fresh.r.y, fresh.r.width, fresh.r.height))
        #expect(Array(r.coverage.prefix(r.width * r.height)) == Array(fresh.r.coverage.prefix(r.width * r.height)))
        #expect(Array(r.rowStarts.prefix(r.height)) == Array(fresh.r.rowStarts.prefix(r.height)))
        #expect(Array(r.rowEnds.prefix(r.height)) == Array(fresh.r.rowEnds.prefix(r.height)))
    }

    @Test("LT6 bad input: non-finite and huge points and empty areas rasterise without trapping, within 0...1")
    func LT6_degenerateInput() {
        let paths: [Path] = [
            Path.polygon([Point(x: 0, y: 0), Point(x: .nan, y: 5), Point(x: 10, y: .infinity), Point(x: 10, y: 10)]),
            Path.polygon([Point(x: -1e300, y: 0), Point(x: 1e300, y: 1), Point(x: 5, y: 1e300)]),
            Path.polygon([Point(x: -1.7e308, y: -1.7e308), Point(x: 1.7e308, y: 1.7e308), Point(x: -1.7e308, y: 1.7e308)]),
            Path.polygon([Point(x: 0, y: 1e-300), Point(x: 1e12, y: 0), Point(x: 3, y: 2e-300)]),
            Path.polygon([Point(x: 0, y: 0), Point(x: 5, y: 5), Point(x: 10, y: 10)]),          // no area
            Path.polygon([Point(x: 0, y: 0), Point(x: 5, y: 5), Point(x: 0, y: 0), Point(x: 5, y: 5)]),
        ]
        for path in paths {
            for rule in [FillRule.nonZero, .evenOdd] {
                guard let raster = Raster(path, rule: rule, clip: Rect(x: -20, y: -20, width: 60, height: 60)) else { continue }
                let values = raster.r.coverage.prefix(raster.r.width * raster.r.height)
                #expect(values.allSatisfy { $0 >= 0 && $0 <= 1 })
                #expect(raster.rowBoundsHold)
            }
        }
    }
}
