// Core Graphics' values for the UIKit facade (UK2). Foundation on Linux already defines CGFloat,
// CGPoint, CGSize and CGRect with their helpers; this module adds what it lacks (CGVector,
// CGAffineTransform, colours, paths, a drawing context, images) and the conversions to the
// engine's own values, which stay in `package` scope so client code never sees two Rects.
@_exported import Foundation
import Geometry

/// `CGVector`: a two-dimensional vector (a velocity, an offset).
public struct CGVector: Hashable, Sendable, CustomStringConvertible {
    /// The x component.
    public var dx: CGFloat
    /// The y component.
    public var dy: CGFloat
    /// The zero vector.
    public init() { dx = 0; dy = 0 }
    /// A vector of `dx` and `dy`.
    public init(dx: CGFloat, dy: CGFloat) { self.dx = dx; self.dy = dy }
    /// A vector of `dx` and `dy`.
    public init(dx: Double, dy: Double) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }
    /// A vector of `dx` and `dy`.
    public init(dx: Int, dy: Int) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }
    /// The zero vector.
    public static var zero: CGVector { CGVector() }
    /// "(dx, dy)".
    public var description: String { "(\(dx), \(dy))" }
}

/// Core Graphics' affine matrix: `x' = a x + c y + tx`, `y' = b x + d y + ty`.
public struct CGAffineTransform: Hashable, Sendable, CustomStringConvertible {
    /// The matrix [a b 0; c d 0; tx ty 1]: a point maps to (a·x + c·y + tx, b·x + d·y + ty).
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat

    /// The identity transform.
    public init() { self = .identity }
    /// A transform of these six values.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    /// A transform of these six values.
    public init(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat) {
        self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }
    /// `CGAffineTransform(translationX:y:)`: a move by `tx`, `ty` points.
    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }
    /// `CGAffineTransform(scaleX:y:)`: a scale by `sx`, `sy`.
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    /// `CGAffineTransform(rotationAngle:)`: a rotation by `angle` radians (clockwise on screen, y down).
    public init(rotationAngle angle: CGFloat) {
        let c = CGFloat(Foundation.cos(Double(angle))), s = CGFloat(Foundation.sin(Double(angle)))
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }
    /// `CGAffineTransform.identity`: no change.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    /// `CGAffineTransform.isIdentity`: whether this is the identity.
    public var isIdentity: Bool { self == .identity }

    /// `self` then `t` (Core Graphics' order: the result maps a point by `self` first).
    public func concatenating(_ t: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(a: a * t.a + b * t.c, b: a * t.b + b * t.d,
                          c: c * t.a + d * t.c, d: c * t.b + d * t.d,
                          tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }
    /// `CGAffineTransform.translatedBy(x:y:)`: a move applied before this transform.
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }
    /// `CGAffineTransform.scaledBy(x:y:)`: a scale applied before this transform.
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }
    /// `CGAffineTransform.rotated(by:)`: a rotation (radians) applied before this transform.
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }
    /// `CGAffineTransform.inverted()`: the inverse; the transform itself when it cannot be inverted.
    public func inverted() -> CGAffineTransform {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return self }     // Core Graphics returns the input
        return CGAffineTransform(a: d / det, b: -b / det, c: -c / det, d: a / det,
                                 tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }
    /// The six values, labelled.
    public var description: String { "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))" }
}

// Core Graphics' comparisons under their C names (`CGSizeEqualToSize` and friends, as the
// Swift overlay on Apple's platforms names them); Foundation on Linux has `==` only.
extension CGPoint {
    /// Whether the two points are the same.
    public func equalTo(_ point: CGPoint) -> Bool { self == point }
}
extension CGSize {
    /// Whether the two sizes are the same.
    public func equalTo(_ size: CGSize) -> Bool { self == size }
}
extension CGRect {
    /// Whether the two rectangles have the same origin and size.
    public func equalTo(_ rect: CGRect) -> Bool { self == rect }
}

extension CGPoint {
    /// `CGPoint.applying(_:)`: the point mapped by `t`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// `CGSize.applying(_:)`: the size mapped by `t`'s linear part (no translation).
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The bounding box of the transformed corners, as Core Graphics gives it.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull { return self }
        let pts = [CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: minX, y: maxY), CGPoint(x: maxX, y: maxY)]
            .map { $0.applying(t) }
        let xs = pts.map(\.x), ys = pts.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}

// MARK: - Conversions to the engine's values (package scope)

extension CGFloat {
    @inlinable package var double: Double { Double(self) }
}

extension CGPoint {
    @inlinable package var point: Point { Point(x: Double(x), y: Double(y)) }
    @inlinable package init(_ p: Point) { self.init(x: CGFloat(p.x), y: CGFloat(p.y)) }
}

extension CGSize {
    @inlinable package var size: Size { Size(width: Double(width), height: Double(height)) }
    @inlinable package init(_ s: Size) { self.init(width: CGFloat(s.width), height: CGFloat(s.height)) }
}

extension CGRect {
    @inlinable package var rect: Rect {
        if isNull { return .null }
        return Rect(x: Double(origin.x), y: Double(origin.y), width: Double(size.width), height: Double(size.height))
    }
    @inlinable package init(_ r: Rect) {
        if r.isNull { self = .null; return }
        self.init(x: CGFloat(r.minX), y: CGFloat(r.minY), width: CGFloat(r.width), height: CGFloat(r.height))
    }
}

extension CGAffineTransform {
    package var affine: Geometry.AffineTransform {
        Geometry.AffineTransform(a: Double(a), b: Double(b), c: Double(c), d: Double(d), tx: Double(tx), ty: Double(ty))
    }
    package init(_ t: Geometry.AffineTransform) {
        self.init(a: CGFloat(t.a), b: CGFloat(t.b), c: CGFloat(t.c), d: CGFloat(t.d), tx: CGFloat(t.tx), ty: CGFloat(t.ty))
    }
}
