import Foundation
import Geometry
import RenderModel

// What ``LottieRecorder`` keeps per frame: a layer's transform and opacity, its shapes' geometry
// and paint as numbers, ready to be reduced to keyframes.

/// One frame's values of a Lottie layer.
struct Sample {
    var anchor: [Double], position: [Double], scale: [Double], rotation: Double, opacity: Double
    /// Lottie's skew (`sk`, degrees, along the x axis: `sa` 0).
    var skew = 0.0
    var shapes: [ShapeSample] = []
    /// What clips the node's subtree (clipsToBounds, masksToBounds), in window coordinates: the
    /// mask of its precomposition (opaque: its opacity is the mask's).
    var clip: ShapeSample?
    /// The layer's mask (a filled path, or a plain layer's rounded bounds), in window
    /// coordinates, its opacity the mask's alpha: a mask of its precomposition, inside the clip.
    var mask: ShapeSample?
    /// Whether the mask shows the outside (an inverted alpha matte).
    var maskInverted = false
    /// Images the node draws (its layer's contents, a slice each), in its coordinates: each
    /// becomes an image layer parented to the node.
    var images: [ImageDrawing] = []
    /// How the node combines with what is beneath it (its layer's `compositingFilter`).
    var blendMode = BlendMode.normal

    /// An identity transform with the anchor and position at `origin`.
    init(identityAt origin: Point, opacity: Double) {
        anchor = [origin.x, origin.y]; position = [origin.x, origin.y]; scale = [100, 100]; rotation = 0
        self.opacity = opacity
    }

    /// A layer whose anchor (in its coordinates) sits at `position` (in its parent's), turned
    /// and scaled about it by `transform`: Lottie's decomposition of the transform's 2-D part
    /// (scale, then skew along x, then rotation: the linear part is R(r) · [[1, -tan sk], [0, 1]]
    /// · diag(sx, sy) in y-down coordinates, as lottie-web builds it with a skew axis of 0), its
    /// translation added to the position.
    init(anchor: Point, position: Point, transform t: Geometry.AffineTransform, opacity: Double, warn: (String) -> Void) {
        self.anchor = [anchor.x, anchor.y]
        self.position = [position.x + t.tx, position.y + t.ty]
        let a: Double = t.a, b: Double = t.b, c: Double = t.c, d: Double = t.d
        let sx: Double = (a * a + b * b).squareRoot()
        let angle: Double = sx > 1e-12 ? atan2(b, a) : atan2(-c, d)
        let determinant: Double = a * d - b * c
        let sy: Double = sx > 1e-12 ? determinant / sx : (c * c + d * d).squareRoot()
        // The second column turned back by the rotation is sy · (-tan sk, 1).
        let sheared: Double = cos(angle) * c + sin(angle) * d
        if sx > 1e-12, abs(sy) > 1e-12, abs(sheared) > 1e-9 * abs(sy) {
            let degrees = atan(-sheared / sy) * 180 / .pi
            // Lottie players take a skew of up to about 85°; a steeper one is nearly a line.
            if abs(degrees) > 85 { warn("skews steeper than 85° are exported at 85°") }
            skew = max(-85, min(85, degrees))
        }
        scale = [sx * 100, sy * 100]
        rotation = angle * 180 / .pi
        self.opacity = opacity
    }
}

/// One frame's values of a shape group: a rectangle, an ellipse or a path, filled or stroked.
struct ShapeSample {
    enum Geometry: Equatable {
        case rect, ellipse
        /// Subpaths: vertex counts and whether each is closed.
        case path(counts: [Int], closed: [Bool])
    }
    var geometry: Geometry
    /// Rect and ellipse: centre x, y, width, height (and the rect's corner radius); a path:
    /// per vertex x, y, in-tangent x, y, out-tangent x, y, subpath after subpath.
    var values: [Double]
    var fill: Bool
    var evenOdd = false
    var color: [Double], opacity: Double
    var width: Double = 0
    /// A stroke's trim, start and end in percent of its length (a shape layer's stroke).
    var trim: [Double]?
    /// A dashed stroke's lengths, dash and gap alternating (an even count), and its phase;
    /// empty for a solid stroke.
    var dashes: [Double] = []
    var dashPhase = 0.0
    /// Lottie's line cap and join codes (1 butt or miter, 2 round, 3 square or bevel).
    var cap = 1, join = 1
    var miterLimit = 10.0
    /// A gradient fill's gradient, in the layer's coordinates (the colour is unused then).
    var gradient: Gradient?

    init(rect r: Rect, radius: Double, color c: Color, fill: Bool) {
        geometry = .rect
        values = [r.midX, r.midY, r.width, r.height, max(0, min(radius, r.width / 2, r.height / 2))]
        self.fill = fill
        color = [c.red, c.green, c.blue]; opacity = c.alpha * 100
    }

    /// A border: drawn inside `r`, so a stroke centred on `r` inset by half the width.
    init(border r: Rect, width w: Double, radius: Double, color c: Color) {
        let inset = Rect(x: r.minX + w / 2, y: r.minY + w / 2, width: max(0, r.width - w), height: max(0, r.height - w))
        self.init(rect: inset, radius: max(0, min(radius, r.width / 2, r.height / 2) - w / 2), color: c, fill: false)
        width = w
        if w <= 0 { opacity = 0 }
    }

    init(ellipse r: Rect, color c: Color, width w: Double?) {
        geometry = .ellipse
        values = [r.midX, r.midY, r.width, r.height]
        fill = w == nil
        width = w ?? 0
        color = [c.red, c.green, c.blue]; opacity = c.alpha * 100
    }

    init(path: Path, color c: Color, width w: Double?, evenOdd: Bool) {
        let subpaths = BezierSubpath.split(path)
        geometry = .path(counts: subpaths.map(\.vertices.count), closed: subpaths.map(\.isClosed))
        values = subpaths.flatMap { s in s.vertices.indices.flatMap { k in
            [s.vertices[k].x, s.vertices[k].y, s.ins[k].x, s.ins[k].y, s.outs[k].x, s.outs[k].y]
        } }
        fill = w == nil
        width = w ?? 0
        self.evenOdd = evenOdd
        color = [c.red, c.green, c.blue]; opacity = c.alpha * 100
    }

    /// What must match between frames for the values to be interpolated.
    var signature: String {
        "\(geometry) \(fill) \(evenOdd) \(trim != nil) \(cap) \(join) \(gradient.map { "\($0.kind)" } ?? "solid")"
    }
}

/// A subpath as Lottie writes it: vertices with in and out tangents relative to them.
struct BezierSubpath {
    var vertices: [Point] = [], ins: [Point] = [], outs: [Point] = []
    var isClosed = false

    /// `path`'s subpaths: a line is a vertex with zero tangents, a curve sets the previous
    /// vertex's out tangent and its end's in tangent, a close joins a last vertex that repeats
    /// the first into it.
    static func split(_ path: Path) -> [BezierSubpath] {
        var result: [BezierSubpath] = []
        var current = BezierSubpath()
        func finish() {
            if current.vertices.count > 0 { result.append(current) }
            current = BezierSubpath()
        }
        var start = Point.zero
        for e in path.elements {
            switch e {
            case .move(let p):
                finish()
                start = p
                current.add(p)
            case .line(let p):
                if current.vertices.isEmpty { current.add(start) }
                current.add(p)
            case .curve(let c1, let c2, let p):
                if current.vertices.isEmpty { current.add(start) }
                let last = current.vertices.count - 1
                current.outs[last] = Point(x: c1.x - current.vertices[last].x, y: c1.y - current.vertices[last].y)
                current.add(p, in: Point(x: c2.x - p.x, y: c2.y - p.y))
            case .close:
                guard !current.vertices.isEmpty else { continue }
                current.isClosed = true
                let n = current.vertices.count
                if n > 1, abs(current.vertices[n - 1].x - current.vertices[0].x) < 1e-9,
                   abs(current.vertices[n - 1].y - current.vertices[0].y) < 1e-9 {
                    current.ins[0] = current.ins[n - 1]
                    current.vertices.removeLast(); current.ins.removeLast(); current.outs.removeLast()
                }
                finish()
            }
        }
        finish()
        return result
    }

    private mutating func add(_ p: Point, in tangent: Point = .zero) {
        vertices.append(p); ins.append(tangent); outs.append(.zero)
    }
}
