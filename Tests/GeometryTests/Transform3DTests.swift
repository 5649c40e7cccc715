import Foundation
import Geometry
import Testing

@Suite("CA1 CA9 Transform3D: Core Animation's 4x4 matrix")
struct Transform3DTests {
    func close(_ a: Transform3D, _ b: Transform3D, _ tol: Double = 1e-9) -> Bool {
        let x = [a.m11, a.m12, a.m13, a.m14, a.m21, a.m22, a.m23, a.m24, a.m31, a.m32, a.m33, a.m34, a.m41, a.m42, a.m43, a.m44]
        let y = [b.m11, b.m12, b.m13, b.m14, b.m21, b.m22, b.m23, b.m24, b.m31, b.m32, b.m33, b.m34, b.m41, b.m42, b.m43, b.m44]
        return zip(x, y).allSatisfy { abs($0 - $1) <= tol }
    }

    @Test("CA1 rows act on row vectors: a translation sits in m41..m43 and concatenation applies the left one first")
    func conventions() {
        let t = Transform3D(translationX: 10, y: 20, z: 30)
        #expect(t.m41 == 10 && t.m42 == 20 && t.m43 == 30)
        let s = Transform3D(scaleX: 2, y: 3, z: 1)
        // CATransform3DConcat(a, b) applies a, then b.
        let p = s.concatenating(t).apply(to: Point(x: 1, y: 1))
        #expect(p == Point(x: 12, y: 23))
        let r = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1).apply(to: Point(x: 1, y: 0))
        #expect(abs(r.x) < 1e-12 && abs(r.y - 1) < 1e-12)                   // +x turns to +y (clockwise on screen)
        #expect(Transform3D(AffineTransform(rotationAngle: 0.3)).affineTransform == AffineTransform(rotationAngle: 0.3))
        #expect(Transform3D(AffineTransform(rotationAngle: 0.3)).isAffine)
        #expect(!Transform3D(rotationAngle: 0.3, x: 0, y: 1, z: 0).isAffine)
    }

    @Test("CA1 inverse and determinant; a singular matrix has no inverse")
    func inverse() {
        var m = Transform3D(rotationAngle: 0.7, x: 1, y: 2, z: 3).concatenating(Transform3D(translationX: 5, y: -2, z: 1))
        m.m34 = -1.0 / 500
        let inv = try! #require(m.inverted())
        #expect(close(m.concatenating(inv), .identity, 1e-12))
        #expect(Transform3D(scaleX: 0, y: 1, z: 1).inverted() == nil)
        #expect(abs(Transform3D(scaleX: 2, y: 3, z: 4).determinant - 24) < 1e-12)
    }

    @Test("CA1 m34 perspective: a point nearer the eye spreads out by d / (d - z)")
    func perspective() {
        var p = Transform3D.identity
        p.m34 = -1.0 / 500
        let near = Transform3D(translationX: 0, y: 0, z: 100).concatenating(p)
        let q = near.apply(to: Point(x: 100, y: 50))
        #expect(abs(q.x - 100 * 500 / 400) < 1e-9 && abs(q.y - 50 * 500 / 400) < 1e-9)
    }

    @Test("CA9 decomposition recovers translation, scale, rotation, skew and perspective, and rebuilds the matrix")
    func decomposition() {
        var m = Transform3D(scaleX: 2, y: 0.5, z: 1.5)
            .concatenating(Transform3D(rotationAngle: 0.9, x: 0.2, y: 0.3, z: 1))
            .concatenating(Transform3D(translationX: 7, y: -3, z: 11))
        let d = try! #require(m.decomposed())
        #expect(abs(d.translation.x - 7) < 1e-9 && abs(d.translation.y + 3) < 1e-9 && abs(d.translation.z - 11) < 1e-9)
        #expect(abs(d.scale.x - 2) < 1e-9 && abs(d.scale.y - 0.5) < 1e-9 && abs(d.scale.z - 1.5) < 1e-9)
        #expect(close(Transform3D(d), m, 1e-9))
        m.m34 = -1.0 / 800
        let dp = try! #require(m.decomposed())
        #expect(close(Transform3D(dp), m, 1e-9))
        #expect(Transform3D(scaleX: 0, y: 0, z: 1).decomposed() == nil)      // singular: nil, no trap
    }

    @Test("CA9 interpolation turns by the shortest way and keeps the area: 0 to 90 degrees halfway has area 1")
    func interpolation() {
        let a = Transform3D.identity, b = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        let mid = Transform3D.interpolate(a, b, 0.5)
        #expect(abs(mid.m11 * mid.m22 - mid.m12 * mid.m21 - 1) < 1e-12)
        #expect(abs(atan2(mid.m12, mid.m11) - .pi / 4) < 1e-12)
        // 0 to 180 degrees with a scale to 0.5: halfway a quarter turn at 0.75 scale, area 0.5625.
        let c = Transform3D(rotationAngle: .pi, x: 0, y: 0, z: 1).concatenating(Transform3D(scaleX: 0.5, y: 0.5, z: 1))
        let half = Transform3D.interpolate(a, c, 0.5)
        #expect(abs(half.m11 * half.m22 - half.m12 * half.m21 - 0.5625) < 1e-9)
        #expect(close(Transform3D.interpolate(a, c, 0), a) && close(Transform3D.interpolate(a, c, 1), c, 1e-12))
    }
}
