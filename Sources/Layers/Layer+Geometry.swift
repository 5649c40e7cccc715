import Geometry

/// A projective map of the plane, `(x, y) ↦ ((x·a + y·c + e) / w, (x·b + y·d + f) / w)` with
/// `w = x·p + y·q + r`: what a layer's 4x4 transform does to its flat content once Core
/// Animation flattens it into its superlayer's plane (z dropped, perspective kept). Row
/// vectors, as `Transform3D`; `then` composes in drawing order.
public struct Homography: Sendable, Equatable {
    /// The matrix's first row: x's contributions.
    public var a: Double, b: Double, p: Double
    /// The matrix's second row: y's contributions.
    public var c: Double, d: Double, q: Double
    /// The matrix's third row: the translation and the constant of `w`.
    public var e: Double, f: Double, r: Double

    /// The map that leaves every point where it is.
    public static let identity = Homography(a: 1, b: 0, p: 0, c: 0, d: 1, q: 0, e: 0, f: 0, r: 1)

    /// The map with the given matrix entries, row by row.
    public init(a: Double, b: Double, p: Double, c: Double, d: Double, q: Double, e: Double, f: Double, r: Double) {
        self.a = a; self.b = b; self.p = p; self.c = c; self.d = d; self.q = q; self.e = e; self.f = f; self.r = r
    }

    /// The map a 4x4 transform gives points of the plane z = 0, keeping x, y and w.
    public init(_ t: Transform3D) {
        self.init(a: t.m11, b: t.m12, p: t.m14, c: t.m21, d: t.m22, q: t.m24, e: t.m41, f: t.m42, r: t.m44)
    }

    /// An affine map.
    public init(_ t: AffineTransform) { self.init(a: t.a, b: t.b, p: 0, c: t.c, d: t.d, q: 0, e: t.tx, f: t.ty, r: 1) }

    /// Whether there is no perspective (it is an affine map).
    @inlinable public var isAffine: Bool { p == 0 && q == 0 && r == 1 }

    /// The affine part (exact when ``isAffine``).
    public var affine: AffineTransform { AffineTransform(a: a / r, b: b / r, c: c / r, d: d / r, tx: e / r, ty: f / r) }

    /// `self` followed by `m`.
    public func then(_ m: Homography) -> Homography {
        Homography(
            a: a * m.a + b * m.c + p * m.e, b: a * m.b + b * m.d + p * m.f, p: a * m.p + b * m.q + p * m.r,
            c: c * m.a + d * m.c + q * m.e, d: c * m.b + d * m.d + q * m.f, q: c * m.p + d * m.q + q * m.r,
            e: e * m.a + f * m.c + r * m.e, f: e * m.b + f * m.d + r * m.f, r: e * m.p + f * m.q + r * m.r)
    }

    /// The inverse, or nil when singular.
    public func inverted() -> Homography? {
        let det = a * (d * r - q * f) - b * (c * r - q * e) + p * (c * f - d * e)
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        return Homography(
            a: (d * r - q * f) * k, b: (p * f - b * r) * k, p: (b * q - p * d) * k,
            c: (q * e - c * r) * k, d: (a * r - p * e) * k, q: (p * c - a * q) * k,
            e: (c * f - d * e) * k, f: (b * e - a * f) * k, r: (a * d - b * c) * k)
    }

    /// The image of `pt`; a point at or behind the eye (w ≤ 0) maps to infinity.
    @inlinable public func apply(to pt: Point) -> Point {
        let w = pt.x * p + pt.y * q + r
        let x = pt.x * a + pt.y * c + e, y = pt.x * b + pt.y * d + f
        if w == 1 { return Point(x: x, y: y) }
        guard w > 0 else { return Point(x: .infinity, y: .infinity) }
        return Point(x: x / w, y: y / w)
    }

    /// The w of `pt` (positive in front of the eye).
    @inlinable public func w(at pt: Point) -> Double { pt.x * p + pt.y * q + r }

    /// Whether `rect`'s image shows its back: a corner at or behind the eye, or the projected
    /// corners wound the other way (how a layer that is not double-sided is hidden).
    public func showsBack(of rect: Rect) -> Bool {
        guard rect.width > 0, rect.height > 0 else { return false }
        let corners = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                       Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)]
        if corners.contains(where: { w(at: $0) <= 0 }) { return true }
        let q = corners.map { apply(to: $0) }
        var area = 0.0
        for i in 0..<4 { let a = q[i], c = q[(i + 1) % 4]; area += a.x * c.y - c.x * a.y }
        return area < 0
    }

    /// The bounding box of `rect`'s image (corners in front of the eye only; `.null` if none).
    public func apply(to rect: Rect) -> Rect {
        if rect.isNull { return rect }
        if isAffine { return affine.apply(to: rect) }
        var box = Rect.null
        for pt in [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                   Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)] where w(at: pt) > 0 {
            let q = apply(to: pt)
            box = box.union(Rect(x: q.x, y: q.y, width: 0, height: 0))
        }
        return box
    }
}

extension Layer {
    /// The frame in the superlayer's coordinates, derived as Core Animation derives it: the
    /// bounding box of the bounds transformed about the anchor point and placed at
    /// ``position``. Setting it sets ``position`` and the size of ``bounds``.
    public var frame: Rect {
        get { Homography(localTransform(of: self)).apply(to: Rect(origin: bounds.origin, size: bounds.size)) }
        set {
            guard newValue.minX.isFinite, newValue.minY.isFinite, newValue.width.isFinite, newValue.height.isFinite else {
                report("frame of \(debugName): \(newValue) is not finite; the value was ignored")
                return
            }
            let r = newValue.standardized
            if transform.isIdentity {
                bounds.size = r.size
                position = Point(x: r.minX + anchorPoint.x * r.width, y: r.minY + anchorPoint.y * r.height)
            } else {
                // As Core Animation: the size goes to the bounds through the inverse of the
                // transform's scale, the centre of the frame stays where it is asked to be.
                bounds.size = r.size
                position = Point(x: r.midX + (anchorPoint.x - 0.5) * r.width, y: r.midY + (anchorPoint.y - 0.5) * r.height)
            }
        }
    }

    /// The point of the bounds the anchor point names, in the layer's own coordinates.
    public var anchorInBounds: Point {
        Point(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
    }

    /// ``transform`` as an affine transform (its 2-D part), as `affineTransform()`.
    public func affineTransform() -> AffineTransform { transform.affineTransform }

    /// Sets ``transform`` from an affine transform, as `setAffineTransform(_:)`.
    public func setAffineTransform(_ t: AffineTransform) { transform = Transform3D(t) }

    /// The map from `l`'s own coordinates to its superlayer's (without the superlayer's
    /// ``sublayerTransform``), from `l`'s geometry (a model or presentation layer).
    func localTransform(of l: Layer) -> Transform3D {
        let a = l.anchorInBounds
        var m = Transform3D(translationX: -a.x, y: -a.y, z: -l.anchorPointZ)
        if !l.transform.isIdentity { m = m.concatenating(l.transform) }
        return m.concatenating(Transform3D(translationX: l.position.x, y: l.position.y, z: l.zPosition))
    }

    /// The map from this layer's coordinates to its superlayer's plane, sublayer transform of
    /// the superlayer included, flattened (model values).
    public func transformToSuperlayer() -> Homography {
        var m = localTransform(of: self)
        if let s = superlayer, !s.sublayerTransform.isIdentity {
            let sa = s.anchorInBounds
            m = m.concatenating(Transform3D(translationX: -sa.x, y: -sa.y, z: 0))
                .concatenating(s.sublayerTransform)
                .concatenating(Transform3D(translationX: sa.x, y: sa.y, z: 0))
        }
        return Homography(m)
    }

    /// The map from this layer's coordinates to its root layer's.
    public func transformToRoot() -> Homography {
        var h = Homography.identity
        var l: Layer? = self
        while let c = l, c.superlayer != nil { h = h.then(c.transformToSuperlayer()); l = c.superlayer }
        return h
    }

    /// The root of this layer's tree.
    public var rootLayer: Layer {
        var l = self
        while let s = l.superlayer { l = s }
        return l
    }

    /// Converts `point` from `layer`'s coordinates (nil: the root's) to this layer's, as
    /// `convert(_:from:)`. Layers in different trees give a NaN point and a diagnostic.
    public func convert(_ point: Point, from layer: Layer?) -> Point {
        let source = layer ?? rootLayer
        guard source.rootLayer === rootLayer else {
            report("convert(_:from:): \(source.debugName) and \(debugName) are not in one layer tree")
            return Point(x: .nan, y: .nan)
        }
        guard let back = transformToRoot().inverted() else { return Point(x: .nan, y: .nan) }
        return back.apply(to: source.transformToRoot().apply(to: point))
    }

    /// Converts `point` from this layer's coordinates to `layer`'s (nil: the root's).
    public func convert(_ point: Point, to layer: Layer?) -> Point {
        (layer ?? rootLayer).convert(point, from: self)
    }

    /// Converts `rect` from `layer`'s coordinates: the bounding box of its converted image.
    public func convert(_ rect: Rect, from layer: Layer?) -> Rect {
        let source = layer ?? rootLayer
        guard source.rootLayer === rootLayer, let back = transformToRoot().inverted() else {
            if source.rootLayer !== rootLayer { report("convert(_:from:): \(source.debugName) and \(debugName) are not in one layer tree") }
            return .null
        }
        return source.transformToRoot().then(back).apply(to: rect)
    }

    /// Converts `rect` from this layer's coordinates to `layer`'s.
    public func convert(_ rect: Rect, to layer: Layer?) -> Rect { (layer ?? rootLayer).convert(rect, from: self) }


    /// The front-most visible descendant (this layer included) containing `point`, given in
    /// the superlayer's coordinates, as `hitTest(_:)`; nil when none. Layers that mask to
    /// their bounds hide their sublayers outside them.
    public func hitTest(_ point: Point) -> Layer? {
        guard !isHidden, opacity > 0 else { return nil }
        let toSuper = superlayer != nil ? transformToSuperlayer() : Homography(localTransform(of: self))
        guard let inv = toSuper.inverted() else { return nil }
        let local = inv.apply(to: point)
        let inside = contains(local)
        if masksToBounds && !inside { return nil }
        for c in children.reversed() {
            if let hit = c.hitTest(local) { return hit }
        }
        return inside ? self : nil
    }
}
