import Geometry
import RenderModel
import Testing

/// LT11: the rasteriser flattens each path into two buffers it keeps, not into arrays made per
/// shape per frame. The buffers hold the points ``Path/flattened(tolerance:maximumSegmentsPerCurve:)``
/// returns, and a rasteriser whose buffers hold an earlier path's points gives a fresh one's
/// coverage bit for bit.
@Suite("LT11 flattening into kept buffers")
struct FlattenBufferTests {
    /// A path of random moves, lines, curves and closes (repeated end points included).
    static func randomPath(using g: inout SystemRandomNumberGenerator) -> Path {
        var p = Path()
        func point() -> Point { Point(x: Double.random(in: -10...70, using: &g), y: Double.random(in: -10...50, using: &g)) }
        var first = point()
        for _ in 0..<Int.random(in: 0...14, using: &g) {
            switch Int.random(in: 0..<6, using: &g) {
            case 0: first = point(); p.move(to: first)
            case 1, 2: p.addLine(to: point())
            case 3: p.addCurve(to: point(), control1: point(), control2: point())
            case 4: p.addLine(to: first); p.close()
            default: p.close()
            }
        }
        return p
    }

    /// The polylines as ``Path/flattened(tolerance:maximumSegmentsPerCurve:)`` made them before
    /// it wrote into buffers (one array per subpath), with the same arithmetic: Wang's bound for
    /// the pieces of a cubic and its Bernstein form for their points.
    static func reference(_ path: Path, tolerance: Double) -> [(points: [Point], closed: Bool)] {
        var out: [(points: [Point], closed: Bool)] = [], sub: [Point] = []
        var current = Point(x: 0, y: 0), start = current, hasSub = false
        func emit(_ closed: Bool) {
            if hasSub { out.append((sub, closed)) }
            sub.removeAll(); hasSub = false
        }
        for e in path.elements {
            switch e {
            case .move(let p): emit(false); current = p; start = p; sub.append(p); hasSub = true
            case .line(let p):
                if !hasSub { sub.append(current); start = current; hasSub = true }
                current = p; sub.append(p)
            case .curve(let c1, let c2, let p):
                if !hasSub { sub.append(current); start = current; hasSub = true }
                let p0 = current
                let ddx = max(abs(p0.x - 2 * c1.x + c2.x), abs(c1.x - 2 * c2.x + p.x))
                let ddy = max(abs(p0.y - 2 * c1.y + c2.y), abs(c1.y - 2 * c2.y + p.y))
                let dd = (ddx * ddx + ddy * ddy).squareRoot()
                let m = (0.75 * dd / tolerance).squareRoot().rounded(.up)
                let n = min(m.isFinite ? max(1, Int(min(1_000, m))) : 1, 1_000)
                for k in 1...n {
                    let t = Double(k) / Double(n), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    sub.append(Point(x: a * p0.x + b * c1.x + c * c2.x + d * p.x, y: a * p0.y + b * c1.y + c * c2.y + d * p.y))
                }
                current = p
            case .close:
                if hasSub {
                    if let f = sub.first, let l = sub.last, sub.count > 1, f == l { sub.removeLast() }
                    emit(true)
                }
                current = start
            }
        }
        emit(false)
        return out
    }

    @Test("LT11 flatten into buffers writes the polylines one array per subpath gave, buffers reused across 500 paths")
    func LT11_flattenIntoBuffersMatchesFlattened() {
        var g = SystemRandomNumberGenerator()
        var points: [Point] = [], subpaths: [Path.FlatSubpathEnd] = []
        for round in 0..<500 {
            let path = Self.randomPath(using: &g)
            let tolerance = [0.1, 0.01, 1, 0.25][round % 4]
            path.flatten(tolerance: tolerance, points: &points, subpaths: &subpaths)
            let expected = Self.reference(path, tolerance: tolerance)
            #expect(subpaths.count == expected.count, "round \(round)")
            var start = 0
            for (s, e) in zip(subpaths, expected) {
                #expect(Array(points[start..<s.end]) == e.points && s.closed == e.closed, "round \(round)")
                start = s.end
            }
            #expect(start == points.count)
            let flat = path.flattened(tolerance: tolerance)
            #expect(flat.map(\.points) == expected.map(\.points) && flat.map(\.closed) == expected.map(\.closed), "round \(round)")
        }
    }

    @Test("LT11 a rasteriser reused over 300 random paths gives a fresh rasteriser's coverage bit for bit")
    func LT11_reusedFlattenBuffersRasteriseAsFresh() {
        var g = SystemRandomNumberGenerator()
        var reused = ShapeRasterizer()
        let clip = Rect(x: 0, y: 0, width: 64, height: 48)
        for round in 0..<300 {
            let path = Self.randomPath(using: &g)
            let transform = AffineTransform(a: Double.random(in: 0.5...2, using: &g), b: 0, c: Double.random(in: -0.3...0.3, using: &g),
                                            d: Double.random(in: 0.5...2, using: &g), tx: Double.random(in: -5...5, using: &g), ty: 0)
            let rule: FillRule = round % 2 == 0 ? .nonZero : .evenOdd
            var fresh = ShapeRasterizer()
            let a = reused.rasterize(path, transform: transform, rule: rule, clip: clip)
            let b = fresh.rasterize(path, transform: transform, rule: rule, clip: clip)
            #expect(a == b, "round \(round)")
            guard a, b else { continue }
            #expect(reused.x == fresh.x && reused.y == fresh.y && reused.width == fresh.width && reused.height == fresh.height)
            let n = fresh.width * fresh.height
            #expect(Array(reused.coverage.prefix(n)).map(\.bitPattern) == Array(fresh.coverage.prefix(n)).map(\.bitPattern), "round \(round)")
        }
    }
}
