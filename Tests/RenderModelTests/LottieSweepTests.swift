import Geometry
import RenderModel
import Testing

/// LT11: the sweep that turns a shape's cells into coverage takes a block of eight cells no
/// edge reached at once (they keep the running sum), so a large fill costs a load and a store
/// per eight pixels. The coverage is the same as a cell-by-cell sum: checked here against each
/// pixel's exact area for rectangles and rings wide enough for many blocks, every block
/// alignment, and both fill rules.
@Suite("LT11 the sweep of large fills")
struct LottieSweepTests {
    /// The overlap of [a, b) with pixel i's [i, i + 1).
    static func overlap(_ a: Double, _ b: Double, _ i: Int) -> Double {
        max(0, min(b, Double(i + 1)) - max(a, Double(i)))
    }

    /// The coverage at device pixel (px, py), zero outside the region.
    static func at(_ r: ShapeRasterizer, _ px: Int, _ py: Int) -> Double {
        let (cx, cy) = (px - r.x, py - r.y)
        guard cx >= 0, cy >= 0, cx < r.width, cy < r.height else { return 0 }
        return Double(r.coverage[cy * r.width + cx])
    }

    @Test("LT11 rectangles 1 to 70 pixels wide at quarter-pixel offsets cover each pixel by its exact area")
    func LT11_sweptRectanglesAreExact() {
        var r = ShapeRasterizer()
        for width in [1.0, 7.5, 8, 8.25, 15.75, 16, 23.5, 41.25, 70] {
            for offset in [0.0, 0.25, 0.5, 3.75] {
                let (x0, y0) = (2 + offset, 1.5)
                let (x1, y1) = (x0 + width, 6.25)
                for rule in [FillRule.nonZero, .evenOdd] {
                    let laid = r.rasterize(Path(rect: Rect(x: x0, y: y0, width: width, height: y1 - y0)), transform: .identity, rule: rule,
                                           clip: Rect(x: 0, y: 0, width: 96, height: 16))
                    #expect(laid)
                    for py in 0..<9 {
                        for px in 0..<80 {
                            let area = Self.overlap(x0, x1, px) * Self.overlap(y0, y1, py)
                            #expect(abs(Self.at(r, px, py) - area) < 1e-6, "width \(width), offset \(offset), \(rule), pixel \(px), \(py)")
                        }
                    }
                }
            }
        }
    }

    @Test("LT11 a ring's hole reads exactly 0 and its band exactly 1, by either rule, wound either way")
    func LT11_sweptRingsAreExact() {
        var r = ShapeRasterizer()
        // Outer 0.5...60.5, inner 20...41 (whole pixels), on rows 0.5...10.5 and 2...8.
        for (rule, innerReversed) in [(FillRule.evenOdd, false), (.nonZero, true)] {
            var ring = Path(rect: Rect(x: 0.5, y: 0.5, width: 60, height: 10))
            let inner = innerReversed
                ? Path.polygon([Point(x: 20, y: 2), Point(x: 20, y: 8), Point(x: 41, y: 8), Point(x: 41, y: 2)])
                : Path(rect: Rect(x: 20, y: 2, width: 21, height: 6))
            for element in inner.elements {
                switch element {
                case .move(let p): ring.move(to: p)
                case .line(let p): ring.addLine(to: p)
                case .curve(let c1, let c2, let p): ring.addCurve(to: p, control1: c1, control2: c2)
                case .close: ring.close()
                }
            }
            let laid = r.rasterize(ring, transform: .identity, rule: rule, clip: Rect(x: 0, y: 0, width: 64, height: 12))
            #expect(laid)
            for py in 2..<8 {
                for px in 1..<60 {
                    let expected: Double = (20..<41).contains(px) ? 0 : 1
                    #expect(Self.at(r, px, py) == expected, "\(rule), pixel \(px), \(py)")
                }
            }
            #expect(abs(Self.at(r, 0, 5) - 0.5) < 1e-6 && abs(Self.at(r, 60, 5) - 0.5) < 1e-6)
        }
    }
}
