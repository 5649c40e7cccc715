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
}
