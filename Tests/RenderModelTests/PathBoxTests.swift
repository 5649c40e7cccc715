import Geometry
@testable import RenderModel
import Testing

/// LT11: a path keeps the box of its points as they are added, so its bounds cost nothing. The
/// box is the one walking its elements gives, for paths built point by point, appended to one
/// another, transformed, trimmed and stroked, with NaN and infinite points among them.
@Suite("LT11 a path's box kept as it grows")
struct PathBoxTests {
    /// The box of `p`'s points (control points included) found by walking its elements, as
    /// `bounds(pad:)` found it before the path kept its box.
    static func walkedBounds(_ p: Path, pad: Double) -> Rect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        func add(_ q: Point) { x0 = min(x0, q.x); y0 = min(y0, q.y); x1 = max(x1, q.x); y1 = max(y1, q.y) }
        for e in p.elements {
            switch e {
            case .move(let q), .line(let q): add(q)
            case .curve(let a, let b, let c): add(a); add(b); add(c)
            case .close: break
            }
        }
        guard x0 <= x1, y0 <= y1 else { return .null }
        return Rect(x: x0 - pad, y: y0 - pad, width: x1 - x0 + 2 * pad, height: y1 - y0 + 2 * pad)
    }

    static func same(_ p: Path, _ pad: Double = 0) -> Bool {
        let kept = p.bounds(pad: pad), walked = walkedBounds(p, pad: pad)
        return kept == walked || (kept.isNull && walked.isNull)
    }

    @Test("LT11 kept bounds equal walked bounds over 500 random paths and what is made from them")
    func LT11_keptBoundsMatchWalked() {
        var g = SystemRandomNumberGenerator()
        for round in 0..<500 {
            var p = FlattenBufferTests.randomPath(using: &g)
            #expect(Self.same(p, Double(round % 3)), "\(p.elements)")
            let q = FlattenBufferTests.randomPath(using: &g)
            p.addPath(q)
            #expect(Self.same(p), "appended: \(p.elements)")
            let turned = p.applying(AffineTransform(a: 0.8, b: 0.6, c: -0.6, d: 0.8, tx: 3, ty: -2))
            #expect(Self.same(turned), "turned: \(turned.elements)")
            #expect(Self.same(p.trimmed(from: 0.2, to: 0.7)), "trimmed")
            #expect(Self.same(p.copy(strokingWithWidth: 3, lineCap: .round, lineJoin: .round, miterLimit: 4)), "stroked")
        }
    }

    @Test("LT11 NaN and infinite points: the kept box passes over NaN as the walk does, and an empty path has none")
    func LT11_boxWithNaN() {
        var p = Path()
        #expect(p.bounds(pad: 0).isNull)
        p.move(to: Point(x: .nan, y: 3))
        #expect(Self.same(p))
        p.addLine(to: Point(x: 4, y: .nan))
        p.addCurve(to: Point(x: -2, y: 7), control1: Point(x: .infinity, y: 1), control2: Point(x: .nan, y: .nan))
        p.close()
        #expect(Self.same(p))
        var q = Path()
        q.move(to: Point(x: .nan, y: .nan))
        var joined = q
        joined.addPath(p)
        #expect(Self.same(joined))
        // The NaNs left out: x from -2 to infinity, y from 1 to 7.
        #expect(p.bounds(pad: 0).minX == -2 && p.bounds(pad: 0).minY == 1 && p.bounds(pad: 0).maxY == 7)
    }

    @Test("LT11 equal elements make equal paths and hashes, however they were built")
    func LT11_equalityFollowsElements() {
        var a = Path(), b = Path()
        a.move(to: .zero); a.addLine(to: Point(x: 5, y: 5))
        b.addPath(a)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        b.close()
        #expect(a != b)
    }
}
