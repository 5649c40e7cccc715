// Core Animation's 4x4 transform and its C functions (UK1), over the engine's Transform3D.
@_exported import CoreGraphics
@_exported import ObjectiveC
import Geometry

/// `CATransform3D`: a row-vector 4x4 matrix (`m34 = -1 / d` gives perspective at distance `d`).
public struct CATransform3D: Hashable, Sendable {
    /// The first row of the 4×4 matrix (points map as row vectors: `[x y z 1]` times the matrix).
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    /// The second row.
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    /// The third row (`m34` gives perspective: -1 / eye distance in points).
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    /// The fourth row (`m41`...`m43` translate, in points).
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// The identity transform.
    public init() { self.init(Transform3D.identity) }
    /// A transform of these sixteen values.
    public init(m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat, m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
                m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat, m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }
    package init(_ t: Transform3D) {
        self.init(m11: CGFloat(t.m11), m12: CGFloat(t.m12), m13: CGFloat(t.m13), m14: CGFloat(t.m14),
                  m21: CGFloat(t.m21), m22: CGFloat(t.m22), m23: CGFloat(t.m23), m24: CGFloat(t.m24),
                  m31: CGFloat(t.m31), m32: CGFloat(t.m32), m33: CGFloat(t.m33), m34: CGFloat(t.m34),
                  m41: CGFloat(t.m41), m42: CGFloat(t.m42), m43: CGFloat(t.m43), m44: CGFloat(t.m44))
    }
    package var engine: Transform3D {
        Transform3D(m11: m11.double, m12: m12.double, m13: m13.double, m14: m14.double,
                    m21: m21.double, m22: m22.double, m23: m23.double, m24: m24.double,
                    m31: m31.double, m32: m32.double, m33: m33.double, m34: m34.double,
                    m41: m41.double, m42: m42.double, m43: m43.double, m44: m44.double)
    }
}

/// Apple's `CATransform3DIdentity`: the engine's `Transform3D.identity`.
public let CATransform3DIdentity = CATransform3D(Transform3D.identity)

/// Apple's `CATransform3DIsIdentity(_:)`: whether `t` is the identity.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == CATransform3DIdentity }
/// Apple's `CATransform3DEqualToTransform(_:_:)`: whether the two are equal.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }
/// Apple's `CATransform3DMakeTranslation(_:_:_:)`: a move by `tx`, `ty`, `tz` points.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3D(Transform3D(translationX: tx.double, y: ty.double, z: tz.double))
}
/// Apple's `CATransform3DMakeScale(_:_:_:)`: a scale by `sx`, `sy`, `sz`.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3D(Transform3D(scaleX: sx.double, y: sy.double, z: sz.double))
}
/// Apple's `CATransform3DMakeRotation(_:_:_:_:)`: a rotation by `angle` radians about the axis
/// (`x`, `y`, `z`).
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3D(Transform3D(rotationAngle: angle.double, x: x.double, y: y.double, z: z.double))
}
/// Apple's `CATransform3DTranslate(_:_:_:_:)`: a move applied before `t`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3D(t.engine.translatedBy(x: tx.double, y: ty.double, z: tz.double))
}
/// Apple's `CATransform3DScale(_:_:_:_:)`: a scale applied before `t`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3D(t.engine.scaledBy(x: sx.double, y: sy.double, z: sz.double))
}
/// Apple's `CATransform3DRotate(_:_:_:_:_:)`: a rotation (radians, about the axis) applied before `t`.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3D(t.engine.rotated(by: angle.double, x: x.double, y: y.double, z: z.double))
}
/// `a` then `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    CATransform3D(a.engine.concatenating(b.engine))
}
/// The inverse, or `t` itself when it has none (as Core Animation returns).
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D { t.engine.inverted().map(CATransform3D.init) ?? t }
/// Apple's `CATransform3DMakeAffineTransform(_:)`: the 2-D transform as a 3-D one.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D { CATransform3D(Transform3D(m.affine)) }
/// Apple's `CATransform3DIsAffine(_:)`: whether `t` only acts in the x-y plane without perspective.
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool { t.engine.isAffine }
/// Apple's `CATransform3DGetAffineTransform(_:)`: the 2-D part of `t`.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform { CGAffineTransform(t.engine.affineTransform) }

extension CATransform3D {
    // The Swift spellings newer code uses.
    /// `CATransform3D.identity`: `CATransform3DIdentity`.
    public static var identity: CATransform3D { CATransform3DIdentity }
    /// `CATransform3D.isIdentity`: whether this is the identity.
    public var isIdentity: Bool { self == CATransform3DIdentity }
    /// `CATransform3D.translated(by:_:_:)`: `CATransform3DTranslate(self, x, y, z)`.
    public func translated(by x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D { CATransform3DTranslate(self, x, y, z) }
}
