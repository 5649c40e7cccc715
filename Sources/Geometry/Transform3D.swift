/// A 4x4 homogeneous transform, as Core Animation's `CATransform3D`: points are row vectors
/// `[x y z 1]` multiplied on the left (`p' = p·M`), so translation sits in `m41 m42 m43` and
/// perspective in the fourth column (`m34 = −1/d` puts the eye at distance `d`).
/// ``concatenating(_:)`` applies `self` first, as `CATransform3DConcat(self, other)`.
///
/// Animations interpolate transforms by decomposing them (``decomposed()``: translation, scale,
/// skew, perspective and a rotation quaternion, the decomposition of the CSS Transforms spec
/// that Core Animation also uses), interpolating the parts (the rotation by spherical linear
/// interpolation) and composing again (``interpolate(_:_:_:)``), so a turning layer keeps its
/// size (CA9).
public struct Transform3D: Hashable, Sendable, CustomStringConvertible {
    /// The first row: where the x axis goes (`m11`, `m12`, `m13`) and its share of the perspective
    /// divisor `w` (`m14`).
    public var m11: Double, m12: Double, m13: Double, m14: Double
    /// The second row: where the y axis goes (`m21`, `m22`, `m23`) and its share of `w` (`m24`).
    public var m21: Double, m22: Double, m23: Double, m24: Double
    /// The third row: where the z axis goes (`m31`, `m32`, `m33`) and its share of `w` (`m34`; −1/d
    /// puts the eye d points in front of the plane).
    public var m31: Double, m32: Double, m33: Double, m34: Double
    /// The fourth row: the translation in points (`m41` right, `m42` down, `m43` toward the viewer)
    /// and the constant of `w` (`m44`, 1 for any affine transform).
    public var m41: Double, m42: Double, m43: Double, m44: Double

    /// A transform from its sixteen entries, row by row.
    public init(m11: Double, m12: Double, m13: Double, m14: Double,
                m21: Double, m22: Double, m23: Double, m24: Double,
                m31: Double, m32: Double, m33: Double, m34: Double,
                m41: Double, m42: Double, m43: Double, m44: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// `CATransform3DIdentity`.
    public static let identity = Transform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                             m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

    /// Whether this is the identity (`CATransform3DIsIdentity`).
    public var isIdentity: Bool { self == .identity }

    /// A translation (`CATransform3DMakeTranslation`).
    public init(translationX x: Double, y: Double, z: Double) {
        self = .identity
        m41 = x; m42 = y; m43 = z
    }

    /// A scale (`CATransform3DMakeScale`).
    public init(scaleX x: Double, y: Double, z: Double) {
        self = .identity
        m11 = x; m22 = y; m33 = z
    }

    /// A rotation by `angle` radians about the axis `(x, y, z)` (normalised; a zero axis gives
    /// the identity), as `CATransform3DMakeRotation`: about z, a positive angle turns x toward
    /// y, as ``AffineTransform/init(rotationAngle:)``.
    public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite, angle.isFinite else { self = .identity; return }
        let (ax, ay, az) = (x / length, y / length, z / length)
        let c = angle.cosValue, s = angle.sinValue, t = 1 - c
        self.init(m11: c + t * ax * ax, m12: t * ax * ay + s * az, m13: t * ax * az - s * ay, m14: 0,
                  m21: t * ax * ay - s * az, m22: c + t * ay * ay, m23: t * ay * az + s * ax, m24: 0,
                  m31: t * ax * az + s * ay, m32: t * ay * az - s * ax, m33: c + t * az * az, m34: 0,
                  m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// The 2-D transform as a 3-D one (`CATransform3DMakeAffineTransform`).
    public init(_ a: AffineTransform) {
        self.init(m11: a.a, m12: a.b, m13: 0, m14: 0, m21: a.c, m22: a.d, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: 1, m34: 0, m41: a.tx, m42: a.ty, m43: 0, m44: 1)
    }

    /// Whether the transform is a 2-D affine one (`CATransform3DIsAffine`).
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0 && m43 == 0 && m44 == 1
    }

    /// The 2-D part (`CATransform3DGetAffineTransform`): m11, m12, m21, m22, m41, m42.
    public var affineTransform: AffineTransform { AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42) }

    /// The entries row by row.
    var rows: [[Double]] {
        [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
    }

    init(rows r: [[Double]]) {
        self.init(m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3], m21: r[1][0], m22: r[1][1], m23: r[1][2], m24: r[1][3],
                  m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3], m41: r[3][0], m42: r[3][1], m43: r[3][2], m44: r[3][3])
    }

    /// `self` followed by `b` (`CATransform3DConcat(self, b)`, the product self·b).
    public func concatenating(_ b: Transform3D) -> Transform3D {
        let a = self
        return Transform3D(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
            m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
            m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
            m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
            m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
            m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
            m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
            m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
    }

    /// A translation applied before `self` (`CATransform3DTranslate`).
    public func translatedBy(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(translationX: x, y: y, z: z).concatenating(self)
    }

    /// A scale applied before `self` (`CATransform3DScale`).
    public func scaledBy(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(scaleX: x, y: y, z: z).concatenating(self)
    }

    /// A rotation applied before `self` (`CATransform3DRotate`).
    public func rotated(by angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
    }

    /// The determinant.
    public var determinant: Double {
        let s0 = m11 * m22 - m21 * m12, s1 = m11 * m23 - m21 * m13, s2 = m11 * m24 - m21 * m14
        let s3 = m12 * m23 - m22 * m13, s4 = m12 * m24 - m22 * m14, s5 = m13 * m24 - m23 * m14
        let c5 = m33 * m44 - m43 * m34, c4 = m32 * m44 - m42 * m34, c3 = m32 * m43 - m42 * m33
        let c2 = m31 * m44 - m41 * m34, c1 = m31 * m43 - m41 * m33, c0 = m31 * m42 - m41 * m32
        return s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
    }

    /// The inverse (`CATransform3DInvert`), or nil when singular or not finite.
    public func inverted() -> Transform3D? {
        let s0 = m11 * m22 - m21 * m12, s1 = m11 * m23 - m21 * m13, s2 = m11 * m24 - m21 * m14
        let s3 = m12 * m23 - m22 * m13, s4 = m12 * m24 - m22 * m14, s5 = m13 * m24 - m23 * m14
        let c5 = m33 * m44 - m43 * m34, c4 = m32 * m44 - m42 * m34, c3 = m32 * m43 - m42 * m33
        let c2 = m31 * m44 - m41 * m34, c1 = m31 * m43 - m41 * m33, c0 = m31 * m42 - m41 * m32
        let det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        return Transform3D(
            m11: (m22 * c5 - m23 * c4 + m24 * c3) * k, m12: (-m12 * c5 + m13 * c4 - m14 * c3) * k,
            m13: (m42 * s5 - m43 * s4 + m44 * s3) * k, m14: (-m32 * s5 + m33 * s4 - m34 * s3) * k,
            m21: (-m21 * c5 + m23 * c2 - m24 * c1) * k, m22: (m11 * c5 - m13 * c2 + m14 * c1) * k,
            m23: (-m41 * s5 + m43 * s2 - m44 * s1) * k, m24: (m31 * s5 - m33 * s2 + m34 * s1) * k,
            m31: (m21 * c4 - m22 * c2 + m24 * c0) * k, m32: (-m11 * c4 + m12 * c2 - m14 * c0) * k,
            m33: (m41 * s4 - m42 * s2 + m44 * s0) * k, m34: (-m31 * s4 + m32 * s2 - m34 * s0) * k,
            m41: (-m21 * c3 + m22 * c1 - m23 * c0) * k, m42: (m11 * c3 - m12 * c1 + m13 * c0) * k,
            m43: (-m41 * s3 + m42 * s1 - m43 * s0) * k, m44: (m31 * s3 - m32 * s1 + m33 * s0) * k)
    }

    /// The image of `(x, y, z)` before the perspective divide: `(x', y', z', w)`.
    public func apply(x: Double, y: Double, z: Double) -> (x: Double, y: Double, z: Double, w: Double) {
        (x * m11 + y * m21 + z * m31 + m41, x * m12 + y * m22 + z * m32 + m42,
         x * m13 + y * m23 + z * m33 + m43, x * m14 + y * m24 + z * m34 + m44)
    }

    /// The image of the point `(p.x, p.y, 0)` after the perspective divide (infinite behind the eye).
    public func apply(to p: Point) -> Point {
        let r = apply(x: p.x, y: p.y, z: 0)
        if r.w == 1 { return Point(x: r.x, y: r.y) }
        guard r.w > 0 else { return Point(x: .infinity, y: .infinity) }
        return Point(x: r.x / r.w, y: r.y / r.w)
    }

    /// The sixteen entries row by row, rows separated by `;`.
    public var description: String {
        "[\(m11) \(m12) \(m13) \(m14); \(m21) \(m22) \(m23) \(m24); \(m31) \(m32) \(m33) \(m34); \(m41) \(m42) \(m43) \(m44)]"
    }
}

/// Three components.
public struct Vector3: Hashable, Sendable {
    /// The components. Their unit is the use's: points for a translation, factors for a scale or a shear.
    public var x: Double, y: Double, z: Double
    /// A vector of the three components, kept as given.
    public init(x: Double, y: Double, z: Double) { self.x = x; self.y = y; self.z = z }
}

/// Four components (a quaternion is `x, y, z` then the scalar `w`).
public struct Vector4: Hashable, Sendable {
    /// The components. For a quaternion, `x`, `y`, `z` are the vector part and `w` the scalar part.
    public var x: Double, y: Double, z: Double, w: Double
    /// A vector of the four components, kept as given.
    public init(x: Double, y: Double, z: Double, w: Double) { self.x = x; self.y = y; self.z = z; self.w = w }
}

extension Transform3D {
    /// A transform taken apart for interpolation: the matrix is
    /// `scale · skew · rotation · translation · perspective` in row-vector order (scale applied
    /// first).
    public struct Decomposed: Hashable, Sendable {
        /// The translation in points: x to the right, y down, z toward the viewer.
        public var translation: Vector3
        /// The scale factors along x, y and z, applied first. A reflection shows as all three negated.
        public var scale: Vector3
        /// Shear factors xy, xz, yz.
        public var skew: Vector3
        /// The perspective column (`m14`, `m24`, `m34`, `m44`) that the transform contributes;
        /// `(0, 0, 0, 1)` when it has none.
        public var perspective: Vector4
        /// The rotation as a unit quaternion.
        public var quaternion: Vector4

        /// The parts as they are given, unchecked;
        /// ``Transform3D/init(_:)-(Transform3D.Decomposed)`` composes them into a matrix.
        public init(translation: Vector3, scale: Vector3, skew: Vector3, perspective: Vector4, quaternion: Vector4) {
            self.translation = translation; self.scale = scale; self.skew = skew
            self.perspective = perspective; self.quaternion = quaternion
        }
    }

    /// The parts of the transform (CSS Transforms' decomposition, which Core Animation's
    /// interpolation follows), or nil when it has none (m44 of 0, or a singular matrix).
    public func decomposed() -> Decomposed? {
        guard m44 != 0, isFinite3D else { return nil }
        var m = rows
        for i in 0..<4 { for j in 0..<4 { m[i][j] /= m44 } }
        var pm = m
        for i in 0..<3 { pm[i][3] = 0 }
        pm[3][3] = 1
        guard let pinv = Transform3D(rows: pm).inverted() else { return nil }
        var perspective = Vector4(x: 0, y: 0, z: 0, w: 1)
        if m[0][3] != 0 || m[1][3] != 0 || m[2][3] != 0 {
            // Solve p·(perspective-free matrix)ᵀ… as the spec: rhs times the transposed inverse.
            let rhs = [m[0][3], m[1][3], m[2][3], m[3][3]]
            let inv = pinv.rows
            var out = [0.0, 0, 0, 0]
            for j in 0..<4 { for i in 0..<4 { out[j] += rhs[i] * inv[j][i] } }
            perspective = Vector4(x: out[0], y: out[1], z: out[2], w: out[3])
        }
        let translation = Vector3(x: m[3][0], y: m[3][1], z: m[3][2])
        var row = [[m[0][0], m[0][1], m[0][2]], [m[1][0], m[1][1], m[1][2]], [m[2][0], m[2][1], m[2][2]]]
        func length(_ v: [Double]) -> Double { (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot() }
        func normalized(_ v: [Double]) -> [Double] { let l = length(v); return l == 0 ? v : [v[0] / l, v[1] / l, v[2] / l] }
        func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
        func combine(_ a: [Double], _ b: [Double], _ sa: Double, _ sb: Double) -> [Double] {
            [a[0] * sa + b[0] * sb, a[1] * sa + b[1] * sb, a[2] * sa + b[2] * sb]
        }
        var scale = Vector3(x: length(row[0]), y: 0, z: 0)
        guard scale.x != 0 else { return nil }
        row[0] = normalized(row[0])
        var skew = Vector3(x: dot(row[0], row[1]), y: 0, z: 0)
        row[1] = combine(row[1], row[0], 1, -skew.x)
        scale.y = length(row[1])
        guard scale.y != 0 else { return nil }
        row[1] = normalized(row[1])
        skew.x /= scale.y
        skew.y = dot(row[0], row[2])
        row[2] = combine(row[2], row[0], 1, -skew.y)
        skew.z = dot(row[1], row[2])
        row[2] = combine(row[2], row[1], 1, -skew.z)
        scale.z = length(row[2])
        guard scale.z != 0 else { return nil }
        row[2] = normalized(row[2])
        skew.y /= scale.z
        skew.z /= scale.z
        let cross = [row[1][1] * row[2][2] - row[1][2] * row[2][1], row[1][2] * row[2][0] - row[1][0] * row[2][2],
                     row[1][0] * row[2][1] - row[1][1] * row[2][0]]
        if dot(row[0], cross) < 0 {
            scale = Vector3(x: -scale.x, y: -scale.y, z: -scale.z)
            for i in 0..<3 { row[i] = row[i].map { -$0 } }
        }
        var q = Vector4(x: 0.5 * max(1 + row[0][0] - row[1][1] - row[2][2], 0).squareRoot(),
                        y: 0.5 * max(1 - row[0][0] + row[1][1] - row[2][2], 0).squareRoot(),
                        z: 0.5 * max(1 - row[0][0] - row[1][1] + row[2][2], 0).squareRoot(),
                        w: 0.5 * max(1 + row[0][0] + row[1][1] + row[2][2], 0).squareRoot())
        // Signs chosen to match ``init(_:)``'s rotation matrix (its off-diagonal differences
        // are 4xw, 4yw, 4zw with w ≥ 0).
        if row[2][1] < row[1][2] { q.x = -q.x }
        if row[0][2] < row[2][0] { q.y = -q.y }
        if row[1][0] < row[0][1] { q.z = -q.z }
        return Decomposed(translation: translation, scale: scale, skew: skew, perspective: perspective, quaternion: q)
    }

    /// The transform with the given parts (the inverse of ``decomposed()``).
    public init(_ d: Decomposed) {
        // Perspective, then translation before it: T·P.
        var m = Transform3D.identity
        m.m14 = d.perspective.x; m.m24 = d.perspective.y; m.m34 = d.perspective.z; m.m44 = d.perspective.w
        let t = Transform3D(translationX: d.translation.x, y: d.translation.y, z: d.translation.z)
        m = t.concatenating(m)
        let (x, y, z, w) = (d.quaternion.x, d.quaternion.y, d.quaternion.z, d.quaternion.w)
        let r = Transform3D(m11: 1 - 2 * (y * y + z * z), m12: 2 * (x * y - z * w), m13: 2 * (x * z + y * w), m14: 0,
                            m21: 2 * (x * y + z * w), m22: 1 - 2 * (x * x + z * z), m23: 2 * (y * z - x * w), m24: 0,
                            m31: 2 * (x * z - y * w), m32: 2 * (y * z + x * w), m33: 1 - 2 * (x * x + y * y), m34: 0,
                            m41: 0, m42: 0, m43: 0, m44: 1)
        m = r.concatenating(m)
        if d.skew.z != 0 { var k = Transform3D.identity; k.m32 = d.skew.z; m = k.concatenating(m) }
        if d.skew.y != 0 { var k = Transform3D.identity; k.m31 = d.skew.y; m = k.concatenating(m) }
        if d.skew.x != 0 { var k = Transform3D.identity; k.m21 = d.skew.x; m = k.concatenating(m) }
        m = Transform3D(scaleX: d.scale.x, y: d.scale.y, z: d.scale.z).concatenating(m)
        self = m
    }

    private var isFinite3D: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m14.isFinite && m21.isFinite && m22.isFinite && m23.isFinite
            && m24.isFinite && m31.isFinite && m32.isFinite && m33.isFinite && m34.isFinite && m41.isFinite
            && m42.isFinite && m43.isFinite && m44.isFinite
    }

    /// Interpolation as Core Animation animates `transform`: both ends decomposed, translation,
    /// scale, skew and perspective interpolated linearly and the rotation by spherical linear
    /// interpolation the short way, then composed. Exact at `t == 0` and `t == 1`; when either
    /// end cannot be decomposed, the entries are interpolated instead.
    public static func interpolate(_ from: Transform3D, _ to: Transform3D, _ t: Double) -> Transform3D {
        if t == 0 { return from }
        if t == 1 { return to }
        guard let a = from.decomposed(), let b = to.decomposed() else {
            let r = from.rows, s = to.rows
            return Transform3D(rows: (0..<4).map { i in (0..<4).map { j in lerp(r[i][j], s[i][j], t) } })
        }
        func mix3(_ p: Vector3, _ q: Vector3) -> Vector3 { Vector3(x: lerp(p.x, q.x, t), y: lerp(p.y, q.y, t), z: lerp(p.z, q.z, t)) }
        let p = Vector4(x: lerp(a.perspective.x, b.perspective.x, t), y: lerp(a.perspective.y, b.perspective.y, t),
                        z: lerp(a.perspective.z, b.perspective.z, t), w: lerp(a.perspective.w, b.perspective.w, t))
        return Transform3D(Decomposed(translation: mix3(a.translation, b.translation), scale: mix3(a.scale, b.scale),
                                      skew: mix3(a.skew, b.skew), perspective: p,
                                      quaternion: slerp(a.quaternion, b.quaternion, t)))
    }

    /// Spherical linear interpolation between unit quaternions, the short way round.
    static func slerp(_ a: Vector4, _ b0: Vector4, _ t: Double) -> Vector4 {
        var b = b0
        var dot = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w
        if dot < 0 { b = Vector4(x: -b.x, y: -b.y, z: -b.z, w: -b.w); dot = -dot }
        dot = min(dot, 1)
        let theta = acosValue(dot)
        let sinTheta = (1 - dot * dot).squareRoot()
        let wa: Double, wb: Double
        if sinTheta < 1e-9 {
            wa = 1 - t; wb = t
        } else {
            wa = ((1 - t) * theta).sinValue / sinTheta
            wb = (t * theta).sinValue / sinTheta
        }
        return Vector4(x: a.x * wa + b.x * wb, y: a.y * wa + b.y * wb, z: a.z * wa + b.z * wb, w: a.w * wa + b.w * wb)
    }
}

@inline(__always) func acosValue(_ v: Double) -> Double { acos(v) }

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
