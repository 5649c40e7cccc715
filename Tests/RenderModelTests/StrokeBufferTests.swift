import Geometry
@testable import RenderModel
import Testing

/// LT11: a stroke outline is built from one flattening into two arrays, with its elements
/// reserved, not from an array per subpath grown a step at a time. The outline is the one the
/// stroker makes subpath by subpath from ``Path/flattened(tolerance:maximumSegmentsPerCurve:)``,
/// element for element and bit for bit.
@Suite("LT11 stroke outlines from kept buffers")
struct StrokeBufferTests {
    /// The outline stroked subpath by subpath from `flattened()`'s arrays, as
    /// ``Path/copy(strokingWithWidth:lineCap:lineJoin:miterLimit:)`` stroked before.
    static func reference(_ path: Path, width: Double, cap: LineCap, join: LineJoin, miterLimit: Double) -> Path {
        var out = Path()
        guard width > 0, width.isFinite else { return out }
        var stroker = Stroker(halfWidth: width / 2, cap: cap, join: join, miterLimit: max(1, miterLimit))
        for sub in path.flattened(tolerance: max(0.002, min(Path.strokeFlatness, width / 40))) {
            stroker.stroke(sub.points[...], closed: sub.closed, into: &out)
        }
        return out
    }

    @Test("LT11 stroke outlines over 400 random paths, every cap and join, equal the subpath-by-subpath outlines bit for bit")
    func LT11_strokeFromKeptBuffers() {
        var g = SystemRandomNumberGenerator()
        for _ in 0..<400 {
            let path = FlattenBufferTests.randomPath(using: &g)
            let width = [0.3, 1, 2.5, 8, 23][Int.random(in: 0..<5, using: &g)]
            let cap = LineCap.allCases.randomElement(using: &g)!, join = LineJoin.allCases.randomElement(using: &g)!
            let miter = Double.random(in: 1...10, using: &g)
            let outline = path.copy(strokingWithWidth: width, lineCap: cap, lineJoin: join, miterLimit: miter)
            let expected = Self.reference(path, width: width, cap: cap, join: join, miterLimit: miter)
            #expect(outline.elements == expected.elements, "width \(width), \(cap), \(join): \(path.elements)")
        }
    }

    @Test("LT11 one stroker kept across 400 random paths, widths, caps and joins makes each outline as a fresh one does")
    func LT11_keptStrokerMatchesFresh() {
        var g = SystemRandomNumberGenerator()
        var kept = PathStroker()
        for _ in 0..<400 {
            let path = FlattenBufferTests.randomPath(using: &g)
            let width = [0.3, 1, 2.5, 8, 23, 0][Int.random(in: 0..<6, using: &g)]
            let cap = LineCap.allCases.randomElement(using: &g)!, join = LineJoin.allCases.randomElement(using: &g)!
            let miter = Double.random(in: 1...10, using: &g)
            let outline = kept.outline(of: path, width: width, lineCap: cap, lineJoin: join, miterLimit: miter)
            let fresh = path.copy(strokingWithWidth: width, lineCap: cap, lineJoin: join, miterLimit: miter)
            #expect(outline.elements == fresh.elements, "width \(width), \(cap), \(join): \(path.elements)")
        }
    }

    /// The points of `outline` (moves and lines).
    static func points(_ outline: Path) -> [Point] {
        outline.elements.compactMap { e -> Point? in
            switch e {
            case .move(let p), .line(let p): p
            default: nil
            }
        }
    }

    @Test("LT11 round caps, dots and joins, turned point by point by one rotation, stay on their circle to 1e-9 of the half width")
    func LT11_roundArcsStayOnTheirCircle() {
        let hw = 1_000.0
        func distance(_ p: Point, _ q: Point) -> Double { ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot() }
        // A segment with round caps: every point of its outline is a half width from an end.
        var line = Path()
        let a = Point(x: 0, y: 0), b = Point(x: 300, y: 40)
        line.move(to: a); line.addLine(to: b)
        let capped = Self.points(line.copy(strokingWithWidth: 2 * hw, lineCap: .round, lineJoin: .miter, miterLimit: 4))
        #expect(capped.count > 200)                                            // two caps of many steps
        for p in capped { #expect(abs(min(distance(p, a), distance(p, b)) - hw) < 1e-9 * hw, "\(p)") }
        // A dot: a polygon on the circle.
        var dot = Path()
        dot.move(to: b); dot.addLine(to: b)
        let disc = Self.points(dot.copy(strokingWithWidth: 2 * hw, lineCap: .round, lineJoin: .miter, miterLimit: 4))
        #expect(disc.count > 200)
        for p in disc { #expect(abs(distance(p, b) - hw) < 1e-9 * hw, "\(p)") }
        // A right-angle turn with a round join: the outer wedge's points are on the circle
        // round the corner.
        var turn = Path()
        let corner = Point(x: 100, y: 0)
        turn.move(to: a); turn.addLine(to: corner); turn.addLine(to: Point(x: 100, y: 100))
        let joined = Self.points(turn.copy(strokingWithWidth: 2 * hw, lineCap: .butt, lineJoin: .round, miterLimit: 4))
        let wedge = joined.filter { $0.x > corner.x && $0.y < corner.y }
        #expect(wedge.count > 50)
        for p in wedge { #expect(abs(distance(p, corner) - hw) < 1e-9 * hw, "\(p)") }
    }
}
