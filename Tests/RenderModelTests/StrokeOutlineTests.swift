import Geometry
import RenderModel
import Testing

/// LT6: a stroke's outline is one contour per side, covering what its pieces cover.
@Suite("LT6 stroke outlines as contours")
struct StrokeOutlineTests {
    /// The winding number of `outline` (lines only) at `p`.
    static func winding(_ outline: Path, at p: Point) -> Int {
        var w = 0, start = Point.zero, last = Point.zero
        func edge(_ a: Point, _ b: Point) {
            let side = (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
            if a.y <= p.y, b.y > p.y, side > 0 { w += 1 }
            if a.y > p.y, b.y <= p.y, side < 0 { w -= 1 }
        }
        for e in outline.elements {
            switch e {
            case .move(let q): edge(last, start); start = q; last = q
            case .line(let q): edge(last, q); last = q
            case .close: edge(last, start); last = start
            default: Issue.record("a stroke outline has lines only")
            }
        }
        edge(last, start)
        return w
    }

    /// Distance from `p` to the segment `a`-`b`, and whether `p` lies across from the segment
    /// (its projection falls between the ends: inside the segment's quadrilateral when near).
    static func distance(_ p: Point, _ a: Point, _ b: Point) -> (Double, across: Bool) {
        let dx = b.x - a.x, dy = b.y - a.y
        let t = ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)
        let c = max(0, min(1, t))
        let ex = a.x + c * dx - p.x, ey = a.y + c * dy - p.y
        return ((ex * ex + ey * ey).squareRoot(), t >= 0 && t <= 1)
    }

    @Test("LT6 stroke outlines wind at least once over every segment's band and round cap, never below 0; round ones nowhere else",
          arguments: [false, true], LineJoin.allCases)
    func LT6_outlineCoversTheLine(closed: Bool, join: LineJoin) {
        // Sharp and shallow turns, a reversal, and segments shorter than the width.
        let points = [Point(x: 0, y: 0), Point(x: 40, y: 0), Point(x: 42, y: 3), Point(x: 10, y: 12), Point(x: 30, y: 14),
                      Point(x: 31, y: 30), Point(x: 31, y: 20), Point(x: 5, y: 28)]
        var line = Path()
        line.move(to: points[0])
        for p in points.dropFirst() { line.addLine(to: p) }
        if closed { line.close() }
        let hw = 4.0
        let outline = line.copy(strokingWithWidth: 2 * hw, lineCap: .round, lineJoin: join, miterLimit: 4)
        // Beyond a miter's reach (the limit times the half width) nothing winds.
        let reach = join == .round ? hw + 0.001 : 4 * hw + 0.001
        let segments = Array(zip(points, points.dropFirst())) + (closed ? [(points[points.count - 1], points[0])] : [])
        for y in stride(from: -6.0, through: 36, by: 0.37) {
            for x in stride(from: -6.0, through: 48, by: 0.41) {
                let p = Point(x: x, y: y)
                let ds = segments.map { Self.distance(p, $0.0, $0.1) }
                let d = ds.map(\.0).min()!
                // Covered for sure: a segment's band, a round cap, and with round joins anything near.
                let band = ds.contains { $0.across && $0.0 < hw - 0.02 }
                let end = !closed && [points[0], points[points.count - 1]].contains { q in
                    ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot() < hw - 0.02
                }
                let w = Self.winding(outline, at: p)
                #expect(w >= 0, "negative winding at \(x), \(y)")
                if band || end || (join == .round && d < hw - 0.02) { #expect(w >= 1, "uncovered at \(x), \(y)") }
                if d > reach { #expect(w == 0, "covered outside at \(x), \(y)") }
            }
        }
    }

    @Test("LT6 a straight run of many segments strokes as one contour of its two sides and caps")
    func LT6_fewEdges() {
        var line = Path()
        line.move(to: Point(x: 0, y: 0))
        for k in 1...50 { line.addLine(to: Point(x: Double(k) * 4, y: Double(k % 2) * 0.1)) }
        let outline = line.copy(strokingWithWidth: 6, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        let moves = outline.elements.filter { if case .move = $0 { return true } else { return false } }.count
        #expect(moves == 1)
        // One point per corner on each side (a miter outside, the sides crossing inside), and the ends.
        #expect(outline.elements.count <= 2 * 49 + 4 + 1, "\(outline.elements.count) elements")
    }
}
