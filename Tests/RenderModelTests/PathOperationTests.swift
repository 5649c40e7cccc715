import Foundation
import Geometry
import RenderModel
import Testing

/// The area inside `path` by `rule`, measured by rasterising it at 1 unit per pixel.
func rasterArea(_ path: Path, rule: FillRule = .nonZero, scale: Double = 1) -> Double {
    var r = ShapeRasterizer()
    let clip = Rect(x: -4096, y: -4096, width: 8192, height: 8192)
    guard r.rasterize(path, transform: AffineTransform(scaleX: scale, y: scale), rule: rule, clip: clip) else { return 0 }
    var sum = 0.0
    for k in 0..<(r.width * r.height) { sum += Double(r.coverage[k]) }
    return sum / (scale * scale)
}

@Suite("CA1 paths grown to Core Graphics' operations")
struct PathOperationTests {
    @Test("CA1 rects, rounded rects and ellipses are closed paths with Core Graphics' extents")
    func shapes() {
        let r = Rect(x: 10, y: 20, width: 100, height: 60)
        #expect(Path(rect: r).boundingBox == r)
        #expect(Path(rect: r).elements.last == .close)
        #expect(Path(ellipseIn: r).boundingBoxOfPath.isClose(to: r, tolerance: 1e-6))
        #expect(Path(roundedRect: r, cornerRadius: 12).boundingBoxOfPath.isClose(to: r, tolerance: 1e-6))
        // Areas: the ellipse's cubic approximation is within 0.03 % of πab.
        #expect(abs(rasterArea(Path(ellipseIn: r), scale: 4) - .pi * 50 * 30) < 4)
        let rounded = 100.0 * 60 - (4 - .pi) * 144
        #expect(abs(rasterArea(Path(roundedRect: r, cornerRadius: 12), scale: 4) - rounded) < 2)
        // Only the chosen corners are rounded.
        let one = Path(roundedRect: r, byRoundingCorners: [.topLeft], cornerRadii: Size(width: 12, height: 12))
        #expect(abs(rasterArea(one, scale: 4) - (6_000 - (4 - .pi) * 36)) < 2)
        #expect(one.contains(Point(x: 109.5, y: 20.5)) && !one.contains(Point(x: 10.5, y: 20.5)))
    }

    @Test("CA1 arcs sweep by the clockwise flag as Core Graphics does, in quarter-turn cubics")
    func arcs() {
        var p = Path()
        p.addArc(center: Point(x: 0, y: 0), radius: 50, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(abs(p.length - 25 * .pi) < 0.01)
        #expect(p.elements.count == 2)                                     // move + one cubic
        let end = try! #require(p.currentPoint)
        #expect(abs(end.x) < 1e-9 && abs(end.y - 50) < 1e-9)
        var q = Path()
        q.addArc(center: .zero, radius: 50, startAngle: 0, endAngle: .pi / 2, clockwise: true)   // the long way round
        #expect(abs(q.length - 75 * .pi) < 0.05)
        var full = Path()
        full.addArc(center: .zero, radius: 10, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: false)
        #expect(abs(full.length - 20 * .pi) < 0.01)
        // Quadratic curves become the equivalent cubic.
        var quad = Path()
        quad.move(to: .zero)
        quad.addQuadCurve(to: Point(x: 10, y: 0), control: Point(x: 5, y: 10))
        guard case .curve(let c1, let c2, let end2)? = quad.elements.last else { Issue.record("not a curve"); return }
        #expect(abs(c1.x - 10.0 / 3) < 1e-12 && abs(c1.y - 20.0 / 3) < 1e-12 && abs(c2.x - 20.0 / 3) < 1e-12 && abs(c2.y - 20.0 / 3) < 1e-12)
        #expect(end2 == Point(x: 10, y: 0))
    }

    @Test("CA1 transforms, appended paths and bounds")
    func transforms() {
        let p = Path(rect: Rect(x: 0, y: 0, width: 10, height: 10)).applying(AffineTransform(translationX: 5, y: 5))
        #expect(p.boundingBox == Rect(x: 5, y: 5, width: 10, height: 10))
        var both = Path(rect: Rect(x: 0, y: 0, width: 1, height: 1))
        both.addPath(p, transform: AffineTransform(scaleX: 2, y: 2))
        #expect(both.boundingBox == Rect(x: 0, y: 0, width: 30, height: 30))
        #expect(Path().boundingBox.isNull && Path().currentPoint == nil)
    }

    @Test("CA3 trimming cuts by length: half a circle, across subpaths, and keeps a whole closed subpath closed")
    func trimming() {
        let circle = Path(ellipseIn: Rect(x: 0, y: 0, width: 100, height: 100))
        let total = circle.length
        #expect(abs(total - 100 * .pi) < 0.05)
        #expect(abs(circle.trimmed(from: 0, to: 0.5).length - total / 2) < 0.01)
        #expect(abs(circle.trimmed(from: 0.25, to: 0.3).length - total * 0.05) < 0.01)
        #expect(circle.trimmed(from: 0.6, to: 0.4).isEmpty)
        #expect(circle.trimmed(from: 0, to: 1) == circle)
        // Two squares of perimeter 40: the second half is the second square, closed.
        var two = Path(rect: Rect(x: 0, y: 0, width: 10, height: 10))
        two.addRect(Rect(x: 20, y: 0, width: 10, height: 10))
        let second = two.trimmed(from: 0.5, to: 1)
        #expect(abs(second.length - 40) < 1e-9)
        #expect(second.elements.last == .close)
        #expect(second.elements.filter { if case .move = $0 { true } else { false } }.count == 1)
    }

    @Test("LT11 a path measured once trims at every fraction as it does measured afresh, closed subpaths kept closed")
    func LT11_measuredTrimming() {
        // An open curve, a closed square and a closed ellipse: three subpaths.
        var p = Path()
        p.move(to: Point(x: 0, y: 0)); p.addCurve(to: Point(x: 50, y: 0), control1: Point(x: 10, y: 30), control2: Point(x: 40, y: -30))
        p.addRect(Rect(x: 60, y: 0, width: 20, height: 20))
        p.addEllipse(in: Rect(x: 90, y: 0, width: 30, height: 20))
        let measure = p.measured()
        #expect(measure.length == p.length)
        var closedInside = 0
        for a in stride(from: 0.0, through: 1, by: 0.05) {
            for b in stride(from: a, through: 1, by: 0.07) {
                let kept = p.trimmed(from: a, to: b, measure: measure)
                #expect(kept == p.trimmed(from: a, to: b), "\(a) to \(b)")
                #expect(abs(kept.length - (b - a) * measure.length) < 0.02, "\(a) to \(b)")
                if kept.elements.contains(.close) { closedInside += 1 }
            }
        }
        // Windows holding the whole square or ellipse keep them closed.
        #expect(closedInside > 10)
    }

    @Test("CA3 dashes follow the pattern and the phase; a bad pattern leaves the path alone")
    func dashing() {
        var line = Path()
        line.move(to: .zero); line.addLine(to: Point(x: 100, y: 0))
        let dashed = line.copy(dashingWithPhase: 0, lengths: [10, 5])
        let moves = dashed.elements.filter { if case .move = $0 { true } else { false } }.count
        #expect(moves == 7)                                                  // 0-10, 15-25, … 90-100
        #expect(abs(dashed.length - 70) < 1e-9)
        let shifted = line.copy(dashingWithPhase: 5, lengths: [10, 5])     // starts half-way into a dash
        #expect(shifted.elements.first == .move(.zero))
        #expect(shifted.elements[1] == .line(Point(x: 5, y: 0)))
        #expect(line.copy(dashingWithPhase: 0, lengths: [0, 0]) == line)
        #expect(line.copy(dashingWithPhase: 0, lengths: [-1, 2]) == line)
    }

    @Test("CA1 stroking to a path covers width times length plus caps, joins by rule, and dots for zero length")
    func stroking() {
        var line = Path()
        line.move(to: Point(x: 10, y: 10)); line.addLine(to: Point(x: 110, y: 10))
        #expect(abs(rasterArea(line.copy(strokingWithWidth: 8, lineCap: .butt, lineJoin: .miter, miterLimit: 10), scale: 4) - 800) < 1)
        #expect(abs(rasterArea(line.copy(strokingWithWidth: 8, lineCap: .square, lineJoin: .miter, miterLimit: 10), scale: 4) - 864) < 1)
        #expect(abs(rasterArea(line.copy(strokingWithWidth: 8, lineCap: .round, lineJoin: .miter, miterLimit: 10), scale: 4) - (800 + .pi * 16)) < 1)
        // A right-angle corner: the miter fills the outer square (w²/4), the bevel half of it.
        var corner = Path()
        corner.move(to: Point(x: 0, y: 0)); corner.addLine(to: Point(x: 50, y: 0)); corner.addLine(to: Point(x: 50, y: 50))
        let base = 2 * 50.0 * 8 - 16                                        // two bands overlapping in the inner quarter
        let miter = rasterArea(corner.copy(strokingWithWidth: 8, lineCap: .butt, lineJoin: .miter, miterLimit: 10), scale: 4)
        let bevel = rasterArea(corner.copy(strokingWithWidth: 8, lineCap: .butt, lineJoin: .bevel, miterLimit: 10), scale: 4)
        let round = rasterArea(corner.copy(strokingWithWidth: 8, lineCap: .butt, lineJoin: .round, miterLimit: 10), scale: 4)
        #expect(abs(miter - (base + 16)) < 1)
        #expect(abs(bevel - (base + 8)) < 1)
        #expect(abs(round - (base + .pi * 4)) < 1)
        // Below the limit's angle the miter falls back to a bevel: √2 > 1.2.
        let limited = rasterArea(corner.copy(strokingWithWidth: 8, lineCap: .butt, lineJoin: .miter, miterLimit: 1.2), scale: 4)
        #expect(abs(limited - bevel) < 0.5)
        var dot = Path()
        dot.move(to: Point(x: 5, y: 5)); dot.addLine(to: Point(x: 5, y: 5))
        #expect(abs(rasterArea(dot.copy(strokingWithWidth: 6, lineCap: .round, lineJoin: .miter, miterLimit: 10), scale: 4) - .pi * 9) < 0.5)
        #expect(dot.copy(strokingWithWidth: 6, lineCap: .butt, lineJoin: .miter, miterLimit: 10).isEmpty)
        #expect(line.copy(strokingWithWidth: .nan, lineCap: .butt, lineJoin: .miter, miterLimit: 10).isEmpty)
    }

    @Test("CA3 paths with the same elements morph point by point; others do not")
    func morphing() {
        let a = Path(rect: Rect(x: 0, y: 0, width: 10, height: 10)), b = Path(rect: Rect(x: 10, y: 10, width: 30, height: 10))
        let mid = try! #require(Path.interpolate(a, b, 0.5))
        #expect(mid.boundingBox == Rect(x: 5, y: 5, width: 20, height: 10))
        #expect(Path.interpolate(a, Path(ellipseIn: .zero), 0.5) == nil)
    }
}

@Suite("CA10 shapes rasterised with fill rules, gradients and blur")
struct ShapeRasterizerTests {
    @Test("CA10 coverage is exact for pixel-aligned edges and sums to the area for slanted ones")
    func coverage() {
        #expect(abs(rasterArea(Path(rect: Rect(x: 2, y: 3, width: 10, height: 7))) - 70) < 1e-4)
        #expect(abs(rasterArea(Path(rect: Rect(x: 2.5, y: 3.25, width: 10, height: 7))) - 70) < 1e-3)
        let triangle = Path.polygon([Point(x: 0, y: 0), Point(x: 40, y: 0), Point(x: 0, y: 30)])
        #expect(abs(rasterArea(triangle) - 600) < 1)
    }

    @Test("CA10 non-zero fills overlapping same-way subpaths, even-odd makes a hole")
    func fillRules() {
        var ring = Path(rect: Rect(x: 0, y: 0, width: 20, height: 20))
        ring.addRect(Rect(x: 5, y: 5, width: 10, height: 10))               // same direction
        #expect(abs(rasterArea(ring, rule: .nonZero) - 400) < 1e-3)
        #expect(abs(rasterArea(ring, rule: .evenOdd) - 300) < 1e-3)
        // Wound the other way, the inner square is a hole under non-zero too.
        var hole = Path(rect: Rect(x: 0, y: 0, width: 20, height: 20))
        hole.addPath(Path.polygon([Point(x: 5, y: 5), Point(x: 5, y: 15), Point(x: 15, y: 15), Point(x: 15, y: 5)]))
        #expect(abs(rasterArea(hole, rule: .nonZero) - 300) < 1e-3)
    }

    @Test("CA10 a Gaussian blur keeps the silhouette's total and spreads it by its deviation")
    func blur() {
        var r = ShapeRasterizer()
        let clip = Rect(x: -100, y: -100, width: 300, height: 300)
        let drawn = r.rasterize(Path(rect: Rect(x: 0, y: 0, width: 20, height: 20)), transform: .identity, rule: .nonZero, clip: clip, margin: 12)
        #expect(drawn)
        r.blur(sigma: 4)
        var sum = 0.0
        for k in 0..<(r.width * r.height) { sum += Double(r.coverage[k]) }
        #expect(abs(sum - 400) < 1)                                          // the 3σ cut loses under 0.3 %
        // At the edge's midpoint the blurred value is one half (a step convolved with a Gaussian).
        let x = 0 - r.x, y = 10 - r.y
        let edge = Double(r.coverage[y * r.width + x - 1] + r.coverage[y * r.width + x]) / 2
        #expect(abs(edge - 0.5) < 0.03)
    }

    @Test("CA3 gradients: axial ends and middle, radial by distance, conic by angle, locations honoured")
    func gradients() {
        let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
        let axial = Gradient(kind: .axial, colors: [red, blue], startPoint: Point(x: 0, y: 0), endPoint: Point(x: 100, y: 0))
        #expect(axial.color(at: Point(x: -10, y: 5)) == red && axial.color(at: Point(x: 200, y: 5)) == blue)
        #expect(axial.color(at: Point(x: 50, y: 99)) == Color(red: 0.5, green: 0, blue: 0.5))
        // An ellipse with radii 50 and 25 (Core Animation's radial gradient).
        let radial = Gradient(kind: .radial, colors: [red, blue], startPoint: Point(x: 50, y: 50), endPoint: Point(x: 100, y: 75))
        #expect(abs(radial.parameter(at: Point(x: 75, y: 50)) - 0.5) < 1e-12)
        #expect(abs(radial.parameter(at: Point(x: 50, y: 62.5)) - 0.5) < 1e-12)
        let conic = Gradient(kind: .conic, colors: [red, blue], startPoint: Point(x: 0, y: 0), endPoint: Point(x: 1, y: 0))
        #expect(abs(conic.parameter(at: Point(x: 0, y: 1)) - 0.25) < 1e-12)   // a quarter turn clockwise on screen
        let stops = Gradient(kind: .axial, colors: [red, blue, red], locations: [0, 0.2, 1], startPoint: .zero, endPoint: Point(x: 1, y: 0))
        let mid = stops.color(at: 0.6)
        #expect(stops.color(at: 0.2) == blue && abs(mid.red - 0.5) < 1e-12 && abs(mid.blue - 0.5) < 1e-12)
        // Painted: the left and right pixels of a 100-pixel bar.
        var r = ShapeRasterizer()
        let drawn = r.rasterize(Path(rect: Rect(x: 0, y: 0, width: 100, height: 4)), transform: .identity, rule: .nonZero,
                                clip: Rect(x: 0, y: 0, width: 100, height: 4))
        #expect(drawn)
        r.paint(.gradient(axial), opacity: 1, inverse: .identity)
        #expect(r.pixels[0] == 0xfffe_0001 || r.pixels[0] == 0xffff_0000)
        #expect(r.pixels[99] >> 24 == 0xff && r.pixels[99] & 0xff >= 0xfd)
    }
}

@Suite("CA3 stroke outlines stay bounded")
struct StrokeBudgetTests {
    @Test("CA3 bad input: thousands of round-capped dashes of a huge width give a bounded outline (a fuzzed scene took seconds a frame)")
    func hugeRoundDashes() {
        var p = Path()
        p.addArc(center: Point(x: 0, y: 0), radius: 1e9, startAngle: 0, endAngle: 6, clockwise: false)
        let dashed = p.copy(dashingWithPhase: 0, lengths: [1e6, 2])
        let outline = dashed.copy(strokingWithWidth: 1.6e6, lineCap: .round, lineJoin: .round, miterLimit: 10)
        #expect(outline.elements.count < 400_000, "\(outline.elements.count) elements")
        // A small round-capped stroke keeps its full precision: a cap of radius 10 is a smooth half disc.
        var q = Path()
        q.move(to: Point(x: 0, y: 0)); q.addLine(to: Point(x: 100, y: 0))
        let fine = q.copy(strokingWithWidth: 20, lineCap: .round, lineJoin: .round, miterLimit: 10)
        #expect(fine.elements.count > 20)
    }
}
