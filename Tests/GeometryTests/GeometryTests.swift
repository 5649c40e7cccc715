import Testing
import Geometry

@Suite("Geometry values")
struct GeometryTests {
    @Test("Rects union, intersect and test points the way UIKit's CGRect does")
    func rectAlgebra() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10), b = Rect(x: 5, y: 5, width: 10, height: 10)
        #expect(a.union(b) == Rect(x: 0, y: 0, width: 15, height: 15))
        #expect(a.intersection(b) == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.intersection(Rect(x: 20, y: 20, width: 1, height: 1)).isNull)
        #expect(Rect.null.union(a) == a)
        #expect(a.contains(Point(x: 0, y: 0)) && !a.contains(Point(x: 10, y: 5)))
        #expect(Rect(x: 10, y: 10, width: -5, height: -5).standardized == Rect(x: 5, y: 5, width: 5, height: 5))
    }

    @Test("Affine transforms compose, invert and map rects to their bounding boxes")
    func transforms() {
        let t = AffineTransform(scaleX: 2, y: 3).concatenating(AffineTransform(translationX: 10, y: 20))
        #expect(t.apply(to: Point(x: 1, y: 1)) == Point(x: 12, y: 23))
        let back = t.inverted()!.apply(to: Point(x: 12, y: 23))
        #expect(abs(back.x - 1) < 1e-12 && abs(back.y - 1) < 1e-12)
        let r = AffineTransform(rotationAngle: .pi / 2).apply(to: Rect(x: 0, y: 0, width: 10, height: 4))
        #expect(r.isClose(to: Rect(x: -4, y: 0, width: 4, height: 10), tolerance: 1e-9))
        #expect(AffineTransform(scaleX: 0, y: 1).inverted() == nil)
        #expect(AffineTransform(translationX: 5, y: 0).apply(to: .null).isNull)   // not NaN (inf × 0)
    }

    @Test("Colours parse #rrggbb and #rrggbbaa and print back")
    func colours() {
        #expect(Color(hex: "#3366ccff") == Color(red: 0.2, green: 0.4, blue: 0.8, alpha: 1))
        #expect(Color(hex: "#3366cc")?.hexString == "#3366ccff")
        #expect(Color(hex: "#33") == nil && Color(hex: "3366cc") == nil && Color(hex: "#gg66cc") == nil)
    }

    @Test("lerp is exact at both ends")
    func lerpEnds() {
        #expect(lerp(0.1, 0.7, 0) == 0.1 && lerp(0.1, 0.7, 1) == 0.7)
    }
}

@Suite("N1 transform interpolation")
struct TransformInterpolationTests {
    @Test("N1: a half-turn interpolates through a quarter-turn, keeping its size (not collapsing to zero)")
    func N1_halfTurnKeepsSize() {
        let half = AffineTransform.interpolate(.identity, AffineTransform(rotationAngle: .pi), 0.5)
        let p = half.apply(to: Point(x: 10, y: 0))
        #expect(abs((p.x * p.x + p.y * p.y).squareRoot() - 10) < 1e-9)
        #expect(abs(abs(p.y) - 10) < 1e-9)                                  // a quarter-turn
    }

    @Test("N1: scale, rotation and translation interpolate separately; the ends are exact")
    func N1_decomposedParts() {
        let to = AffineTransform(scaleX: 3, y: 2).concatenating(AffineTransform(rotationAngle: .pi / 2))
            .concatenating(AffineTransform(translationX: 40, y: -20))
        #expect(AffineTransform.interpolate(.identity, to, 0) == .identity)
        #expect(AffineTransform.interpolate(.identity, to, 1) == to)
        let mid = AffineTransform.interpolate(.identity, to, 0.5).decomposed
        #expect(abs(mid.sx - 2) < 1e-9 && abs(mid.sy - 1.5) < 1e-9)
        #expect(abs(mid.angle - .pi / 4) < 1e-9)
        #expect(abs(mid.tx - 20) < 1e-9 && abs(mid.ty + 10) < 1e-9)
        // Decomposing and rebuilding is the identity on transforms with shear and reflection too.
        let odd = AffineTransform(a: 1, b: 0.5, c: 0.3, d: -2, tx: 1, ty: 2)
        let d = odd.decomposed
        let back = AffineTransform(sx: d.sx, sy: d.sy, shear: d.shear, angle: d.angle, tx: d.tx, ty: d.ty)
        #expect(abs(back.a - odd.a) < 1e-12 && abs(back.b - odd.b) < 1e-12 && abs(back.c - odd.c) < 1e-12 && abs(back.d - odd.d) < 1e-12)
    }
}
