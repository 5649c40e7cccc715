import Geometry
import Layers

// 3-D transforms as Lottie's 2-D ones (LT4): each frame, the layer's flattened plane fitted by
// the closest affine map, and what that misses measured in window pixels.

extension LottieRecorder {
    /// Why shadows warn: the lottie-spec 1.0.1 schema has no layer effects (`ef`), so a drop
    /// shadow cannot be written in a file that validates.
    static let shadowWarning = "shadows are not exported: lottie-spec 1.0 has no layer effects (no drop shadow) to write them with"
    /// Why layer filters warn, for the same reason as shadows.
    static let filterWarning = "layer filters are not exported: lottie-spec 1.0 has no layer effects to write them with"

    /// A layer whose fit missed by more than half a pixel in some frames: where its warning is
    /// in ``warnings``, and the frames, worst error and the frame of it so far.
    struct DepthMiss {
        var warning: Int
        var frames = 0
        var first = 0, last = 0
        var worst = 0.0, worstFrame = 0
    }

    /// The most a fitted frame may miss the projected layer by, in window pixels, before it
    /// warns: half a pixel, the export's tolerance for positions.
    static let depthTolerance = 0.5

    /// Where layer `l` goes in its superlayer's coordinates as a 2-D map from its anchor (the
    /// `placed` of its sample), when its transform is 3-D or its superlayer's sublayer transform
    /// (`plane`, about the superlayer's anchor) is: the chain anchor · transform · position ·
    /// `instance` · `plane` is flattened to a homography as the engine flattens it, and that is
    /// exact when it has no perspective and fitted (``affineFit(_:over:world:)``) when it has.
    /// A fit missing by more than ``depthTolerance`` in window pixels updates the layer's
    /// warning. Nil when the engine draws nothing of the layer: it faces away and is not
    /// double-sided, or it reaches behind the eye.
    func placement(of l: Layer, instance: Geometry.AffineTransform, plane: Transform3D?, world: Geometry.AffineTransform,
                   key: Node.Key, name: String) -> (placed: Geometry.AffineTransform, isProjective: Bool)? {
        let a = l.anchorInBounds
        var chain = Transform3D(translationX: -a.x, y: -a.y, z: -l.anchorPointZ).concatenating(l.transform)
            .concatenating(Transform3D(translationX: l.position.x, y: l.position.y, z: l.zPosition))
            .concatenating(Transform3D(instance))
        if let plane { chain = chain.concatenating(plane) }
        let h = Homography(chain)
        let b = l.bounds
        if !l.isDoubleSided && h.then(Homography(world)).showsBack(of: b) { return nil }
        let back = Geometry.AffineTransform(translationX: a.x, y: a.y)
        if h.isAffine { return (back.concatenating(h.affine), false) }
        guard let (fit, error) = Self.affineFit(h, over: b, world: world) else {
            warn("layer '\(name)' reaches behind the eye (its perspective puts part of it at or past the viewer): not drawn in those frames")
            return nil
        }
        if error > Self.depthTolerance { noteDepthMiss(key, name: name, error: error) }
        return (back.concatenating(fit), true)
    }

    /// Counts a frame whose fit of layer `name` missed by `error` pixels, and rewrites the
    /// layer's one warning to say in how many frames, which, and the worst.
    private func noteDepthMiss(_ key: Node.Key, name: String, error: Double) {
        let frame = frameCount
        var miss = depthMisses[key] ?? DepthMiss(warning: addWarning("3-D transform of layer '\(name)'"), first: frame)
        miss.frames += 1
        miss.last = frame
        if error > miss.worst { miss.worst = error; miss.worstFrame = frame }
        depthMisses[key] = miss
        let span = miss.first == miss.last ? "frame \(miss.first)" : "\(miss.frames) frames (\(miss.first)–\(miss.last))"
        let worst = (miss.worst * 10).rounded(.up) / 10
        replaceWarning(at: miss.warning, with: "3-D transform of layer '\(name)' is exported as its closest 2-D transform, off by more than "
                       + "half a pixel in \(span): at worst \(worst) px, frame \(miss.worstFrame) (Lottie 1.0 has no perspective)")
    }

    /// The affine map closest to `h` over `rect` (least squares on a 5 × 5 grid of its points,
    /// corners and edges included), and the most the two differ at those points in window pixels
    /// (both mapped on by `world`). A rectangle thinner than a point is widened to one, so a
    /// layer with empty bounds still has a plane. Nil when a point is at or behind the eye.
    ///
    /// Pure: the fit solves the 3 × 3 normal equations once for x and once for y.
    static func affineFit(_ h: Homography, over rect: Rect, world: Geometry.AffineTransform) -> (Geometry.AffineTransform, Double)? {
        let w = max(rect.width, 1), ht = max(rect.height, 1)
        let x0 = rect.midX - w / 2, y0 = rect.midY - ht / 2
        var points: [Point] = []
        for i in 0...4 { for j in 0...4 { points.append(Point(x: x0 + w * Double(i) / 4, y: y0 + ht * Double(j) / 4)) } }
        guard points.allSatisfy({ h.w(at: $0) > 1e-9 }) else { return nil }
        let images = points.map { h.apply(to: $0) }
        // Normal equations of [x y 1] · (a c e)ᵀ = x' (and b d f for y'), centred for accuracy.
        let cx = rect.midX, cy = rect.midY
        var sxx = 0.0, sxy = 0.0, syy = 0.0, sx = 0.0, sy = 0.0
        var rx = [0.0, 0.0, 0.0], ry = [0.0, 0.0, 0.0]
        for (p, q) in zip(points, images) {
            let x = p.x - cx, y = p.y - cy
            sxx += x * x; sxy += x * y; syy += y * y; sx += x; sy += y
            rx[0] += x * q.x; rx[1] += y * q.x; rx[2] += q.x
            ry[0] += x * q.y; ry[1] += y * q.y; ry[2] += q.y
        }
        let n = Double(points.count)
        let m = [[sxx, sxy, sx], [sxy, syy, sy], [sx, sy, n]]
        guard let u = solve3(m, rx), let v = solve3(m, ry) else { return nil }
        // u: x' = u0·x + u1·y + u2 in centred coordinates.
        let fit = Geometry.AffineTransform(a: u[0], b: v[0], c: u[1], d: v[1], tx: u[2] - u[0] * cx - u[1] * cy, ty: v[2] - v[0] * cx - v[1] * cy)
        var error = 0.0
        for (p, q) in zip(points, images) {
            let exact = world.apply(to: q), fitted = world.apply(to: fit.apply(to: p))
            error = max(error, ((exact.x - fitted.x) * (exact.x - fitted.x) + (exact.y - fitted.y) * (exact.y - fitted.y)).squareRoot())
        }
        return (fit, error)
    }

    /// The solution of the 3 × 3 system `m · x = r` by Cramer's rule; nil when singular.
    private static func solve3(_ m: [[Double]], _ r: [Double]) -> [Double]? {
        func det(_ a: [[Double]]) -> Double {
            a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        }
        let d = det(m)
        guard abs(d) > 1e-12, d.isFinite else { return nil }
        return (0..<3).map { k in det(m.indices.map { i in m[i].indices.map { j in j == k ? r[i] : m[i][j] } }) / d }
    }
}
