import Foundation
import Geometry
import Layers
import Motion
import RenderModel
import Timeline

/// A failure to export a Lottie file (LT4), saying what was wrong; nothing is written then.
public struct LottieExportError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// What an export wrote, for the command line's report and the tests.
public struct LottieExportSummary: Sendable {
    /// Lottie layers written (views, their borders, sublayers, the window's background).
    public var layers = 0
    /// Properties written as constants (`"a": 0`) and as keyframed values, and their keyframes.
    public var constantProperties = 0
    public var animatedProperties = 0
    public var keyframes = 0
    /// Frames sampled.
    public var frames = 0
}

/// Records what a window draws, frame by frame, and writes it as a Lottie (Bodymovin 5.x)
/// animation (LT4): `timeline render SCENE --from A --to B --out X.json` steps the scene on
/// the manual clock and calls ``recordFrame()`` after each frame of the range.
///
/// Each view becomes a shape layer (`ty` 4) parented to its superview's, so the tree is kept:
/// its transform (anchor at the bounds' centre, position at the centre, scale and rotation
/// taken from the view's affine transform) and a rounded rectangle filled with its background.
/// What the view drew (paths, rectangles, ellipses) follows as shape groups; its border is a
/// layer of its own above its subviews (a border draws over them), a stroke inset by half its
/// width. Sublayers of a view's layer (shape layers' paths included) become layers too.
///
/// Every property is sampled every frame and reduced by ``KeyframeReduction`` to keyframes that
/// reproduce it within half a point (0.5% for opacity and scale, 0.25° for rotation): a move from
/// rest to rest on a standard curve (ease-in, ease-out, ease-in-out, CSS's ease) is one bezier
/// keyframe pair, springs and anything else are baked into linear keyframes, and constants are
/// written as `"a": 0`. Lottie's parenting does not pass opacity on, so each layer's opacity is the
/// product of its ancestors' (exact unless translucent siblings overlap: a group opacity
/// needs a precomposition, which this does not write).
///
/// A view that clips (`clipsToBounds`, a layer's `masksToBounds`) with children is a group too:
/// its precomposition layer is masked by its rounded bounds, placed in window coordinates each
/// frame.
///
/// A replicator's copies are layers of their own (instance transform, delay and tint applied).
///
/// Not exported (``warnings`` lists what a run met): text (the text engine rasterises glyphs and
/// exposes no outlines), images, shadows, conic gradients, layer masks, skew and 3-D transforms.
@MainActor
public final class LottieRecorder {
    /// The window recorded.
    public let window: Window
    /// What was met and not exported, each once, in the order met.
    public private(set) var warnings: [String] = []
    /// Frames recorded.
    public private(set) var frameCount = 0

    private var nodes: [Node] = []
    private var nodeIndex: [Node.Key: Int] = [:]
    /// Node indices in painting order (back to front), merged over the frames.
    private var order: [Int] = []

    public init(window: Window) { self.window = window }

    // MARK: Recording

    /// Samples the window as it draws now (call it after each frame's commit).
    public func recordFrame() {
        var painted: [Int] = []
        let size = window.size
        var background = Sample(identityAt: .zero, opacity: 100)
        background.shapes = [ShapeSample(rect: Rect(x: 0, y: 0, width: size.width, height: size.height), radius: 0,
                                          color: window.backgroundColor, fill: true)]
        painted.append(record(Node.Key(window, .background), name: "window background", parent: nil, background))
        walk(window.rootView, parent: nil, world: .identity, into: &painted)
        frameCount += 1
        for n in nodes where n.samples.count < frameCount { n.samples.append(nil) }
        mergeOrder(painted)
    }

    /// Records `v`'s body, its layer's sublayers, its subviews and its border, in the order
    /// the window paints them.
    /// `world` maps the superview's coordinates to the window's.
    private func walk(_ v: View, parent: Int?, world: Geometry.AffineTransform, into painted: inout [Int]) {
        guard !v.isHidden else { return }
        let p = v.displayedState
        let alpha = max(0, min(p.alpha, 1))
        let local = p.bounds
        let mine = p.transformToSuperview.concatenating(world)
        var body = Sample(anchor: Point(x: local.midX, y: local.midY), position: p.center, transform: p.transform,
                          opacity: alpha * 100, warn: { self.warn($0) })
        body.shapes.append(ShapeSample(rect: local, radius: p.cornerRadius, color: p.backgroundColor, fill: true))
        if v.clipsToBounds {
            let corners = v.layerIfLoaded?.maskedCorners ?? .all
            body.clip = ShapeSample(path: Layer.roundedPath(local, cornerRadius: p.cornerRadius, maskedCorners: corners).applying(mine),
                                    color: .clear, width: nil, evenOdd: false)
        }
        if let vl = v.layerIfLoaded, vl.contents != nil { warn("images (layer contents) are not exported") }
        if let vl = v.layerIfLoaded, vl.shadowOpacity > 0 { warn("shadows are not exported") }
        appendContent(v.drawnContent, to: &body)
        let name = v.identifier ?? "\(type(of: v))"
        let me = record(Node.Key(v, .body), name: name, parent: parent, body)
        painted.append(me)
        if let vl = v.layerIfLoaded {
            for c in vl.children { walk(layer: c, parent: me, world: mine, into: &painted) }
        }
        for s in v.subviews { walk(s, parent: me, world: mine, into: &painted) }
        // The border draws over the subviews: a layer of its own, parented to the body with an
        // identity transform, made the first frame a border shows.
        let key = Node.Key(v, .border)
        if (p.borderWidth > 0 && p.borderColor.alpha > 0) || nodeIndex[key] != nil {
            var border = Sample(identityAt: .zero, opacity: 100)
            border.shapes = [ShapeSample(border: local, width: p.borderWidth, radius: p.cornerRadius, color: p.borderColor)]
            painted.append(record(key, name: name + " border", parent: me, border))
        }
    }

    /// A replicator's copy being recorded: which copy, how much later its animations run, the
    /// copy's transform (for the replicator's direct sublayers only) and its tint.
    struct ReplicaCopy {
        var index: Int
        var delay: Double
        var instance: Geometry.AffineTransform
        var tint: Color
    }

    /// Records a sublayer (of a view's layer, or of another sublayer) and its sublayers, or a
    /// replicator's copy of them (`copy`). `world` maps the superlayer's coordinates to the
    /// window's.
    private func walk(layer model: Layer, parent: Int, world: Geometry.AffineTransform, copy: ReplicaCopy? = nil,
                      into painted: inout [Int]) {
        let l: Layer
        if let copy, copy.delay != 0, let engine = model.engine {
            l = engine.presentation(of: model, atMediaTime: engine.frameTime - copy.delay)
        } else {
            l = model.presentationLayer ?? model
        }
        guard !l.isHidden else { return }
        let alpha = max(0, min(l.opacity, 1))
        let b = l.bounds
        if !l.transform.isAffine { warn("3-D layer transforms are not exported: their 2-D part is") }
        if model.mask != nil { warn("layer masks are not exported: layers draw unmasked") }
        if !l.sublayerTransform.isIdentity { warn("sublayer transforms are not exported") }
        if l.shadowOpacity > 0 { warn("shadows are not exported") }
        let anchor = Point(x: b.minX + l.anchorPoint.x * b.width, y: b.minY + l.anchorPoint.y * b.height)
        // The map from the anchor to the superlayer: the transform, the position, and a copy's
        // instance transform after them.
        let placed = l.transform.affineTransform.concatenating(Geometry.AffineTransform(translationX: l.position.x, y: l.position.y))
            .concatenating(copy?.instance ?? .identity)
        let mine = Geometry.AffineTransform(translationX: -anchor.x, y: -anchor.y).concatenating(placed).concatenating(world)
        var s = Sample(anchor: anchor, position: .zero, transform: placed, opacity: alpha * 100, warn: { self.warn($0) })
        if l.masksToBounds {
            s.clip = ShapeSample(path: Layer.roundedPath(b, cornerRadius: l.cornerRadius, maskedCorners: l.maskedCorners).applying(mine),
                                 color: .clear, width: nil, evenOdd: false)
        }
        s.shapes.append(ShapeSample(rect: b, radius: l.cornerRadius, color: l.backgroundColor ?? .clear, fill: true))
        if let shape = l as? ShapeLayer {
            appendShape(shape, to: &s)
        } else {
            if l is EmitterLayer { warn("emitter layers are not exported") }
            var content: [DrawCommand] = []
            l.renderContent(into: &content)
            appendContent(content, to: &s)
        }
        // A layer's border also draws over its sublayers; kept in the layer here (sublayers
        // of sublayers with borders are rare).
        if l.borderWidth > 0, let c = l.borderColor {
            s.shapes.append(ShapeSample(border: b, width: l.borderWidth, radius: l.cornerRadius, color: c))
        }
        if let tint = copy?.tint {
            for k in s.shapes.indices where s.shapes[k].gradient == nil {
                s.shapes[k].color = [s.shapes[k].color[0] * tint.red, s.shapes[k].color[1] * tint.green, s.shapes[k].color[2] * tint.blue]
                s.shapes[k].opacity *= tint.alpha
            }
        }
        let name = (model.name ?? "\(type(of: model))") + (copy.map { " copy \($0.index)" } ?? "")
        let me = record(Node.Key(model, copy.map { .copy($0.index) } ?? .body), name: name, parent: parent, s)
        painted.append(me)
        // Descendants of a copy are copies too: the same delay and tint, no instance transform.
        let inner = copy.map { ReplicaCopy(index: $0.index, delay: $0.delay, instance: .identity, tint: $0.tint) }
        for c in model.children { walk(layer: c, parent: me, world: mine, copy: inner, into: &painted) }
        // A replicator's copies of its sublayers, each turned by the instance transform once
        // more than the one before about the replicator's anchor, later by the delay, tinted.
        if let r = l as? ReplicatorLayer, r.instanceCount > 1 {
            let limit = 256
            if r.instanceCount > limit { warn("replicators are exported with at most \(limit) copies") }
            let a = l.anchorInBounds
            var step = Geometry.AffineTransform.identity
            for i in 1..<min(r.instanceCount, limit) {
                step = step.concatenating(r.instanceTransform.affineTransform)
                let instance = Geometry.AffineTransform(translationX: -a.x, y: -a.y).concatenating(step)
                    .concatenating(Geometry.AffineTransform(translationX: a.x, y: a.y))
                let replica = ReplicaCopy(index: i, delay: (copy?.delay ?? 0) + Double(i) * r.instanceDelay, instance: instance,
                                          tint: r.instanceTint(i))
                for c in model.children { walk(layer: c, parent: me, world: mine, copy: replica, into: &painted) }
            }
        }
    }

    /// A shape layer's path as Lottie shapes: filled with the fill colour, and stroked with the
    /// stroke colour, width, caps and joins, trimmed to ``ShapeLayer/strokeStart`` ...
    /// ``ShapeLayer/strokeEnd`` (a trim path, so a progress ring stays two keyframes).
    private func appendShape(_ shape: ShapeLayer, to sample: inout Sample) {
        guard let path = shape.path else { return }
        if let fill = shape.fillColor {
            sample.shapes.append(ShapeSample(path: path, color: fill, width: nil, evenOdd: shape.fillRule == .evenOdd))
        }
        if let color = shape.strokeColor {
            var stroke = ShapeSample(path: path, color: color, width: shape.lineWidth, evenOdd: false)
            stroke.trim = [shape.strokeStart * 100, shape.strokeEnd * 100]
            stroke.cap = switch shape.lineCap { case .butt: 1; case .round: 2; case .square: 3 }
            stroke.join = switch shape.lineJoin { case .miter: 1; case .round: 2; case .bevel: 3 }
            stroke.miterLimit = shape.miterLimit
            if let dashes = shape.lineDashPattern, !dashes.isEmpty { warn("dashed strokes are exported solid") }
            sample.shapes.append(stroke)
        }
    }

    /// Converts drawn content to shapes; what Lottie shapes cannot say is left out with a
    /// warning.
    private func appendContent(_ commands: [DrawCommand], to sample: inout Sample) {
        for c in commands {
            switch c {
            case .fillRect(let r, let color, let radius): sample.shapes.append(ShapeSample(rect: r, radius: radius, color: color, fill: true))
            case .strokeRect(let r, let color, let width, let radius):
                var s = ShapeSample(rect: r, radius: radius, color: color, fill: false)
                s.width = width
                sample.shapes.append(s)
            case .strokeBorder(let r, let color, let width, let radius):
                sample.shapes.append(ShapeSample(border: r, width: width, radius: radius, color: color))
            case .fillEllipse(let r, let color): sample.shapes.append(ShapeSample(ellipse: r, color: color, width: nil))
            case .strokeEllipse(let r, let color, let width): sample.shapes.append(ShapeSample(ellipse: r, color: color, width: width))
            case .fillPath(let path, let color): sample.shapes.append(ShapeSample(path: path, color: color, width: nil, evenOdd: false))
            case .strokePath(let path, let color, let width): sample.shapes.append(ShapeSample(path: path, color: color, width: width, evenOdd: false))
            case .line(let a, let b, let color, let width):
                var path = Path()
                path.move(to: a)
                path.addLine(to: b)
                sample.shapes.append(ShapeSample(path: path, color: color, width: width, evenOdd: false))
            case .fillShape(let path, .color(let color), let rule):
                sample.shapes.append(ShapeSample(path: path, color: color, width: nil, evenOdd: rule == .evenOdd))
            case .fillShape(let path, .gradient(let g), let rule):
                guard g.kind != .conic else { warn("conic gradients are not exported (Lottie has linear and radial ones)"); continue }
                if g.kind == .radial, abs(abs(g.endPoint.x - g.startPoint.x) - abs(g.endPoint.y - g.startPoint.y)) > 0.5 {
                    warn("elliptical radial gradients are exported circular (Lottie's radial gradients are circles)")
                }
                var shape = ShapeSample(path: path, color: .clear, width: nil, evenOdd: rule == .evenOdd)
                shape.gradient = g
                shape.opacity = 100
                sample.shapes.append(shape)
            case .glyphs: warn("text is not exported: the text engine rasterises glyphs and exposes no outlines to write as shapes")
            case .image: warn("images are not exported")
            case .shadow: warn("shadows are not exported")
            case .beginGroup, .endGroup: warn("groups inside drawn content are not exported as groups: their content is drawn untransformed")
            }
        }
    }

    /// Stores `sample` as this frame's for the node under `key` (made on first sight); returns
    /// the node's index.
    private func record(_ key: Node.Key, name: String, parent: Int?, _ sample: Sample) -> Int {
        let index: Int
        if let i = nodeIndex[key] {
            index = i
            if nodes[i].parent != parent { warn("a view or layer moved to another superview during the range: it stays under its first") }
        } else {
            index = nodes.count
            nodes.append(Node(key: key, name: name, parent: parent, frames: frameCount))
            nodeIndex[key] = index
        }
        if nodes[index].samples.count == frameCount { nodes[index].samples.append(sample) }
        return index
    }

    /// Adds this frame's painting order to the merged order: a node seen for the first time goes
    /// just above the node painted before it.
    private func mergeOrder(_ painted: [Int]) {
        var previous: Int?
        for n in painted {
            if !order.contains(n) {
                if let p = previous, let at = order.firstIndex(of: p) { order.insert(n, at: at + 1) } else { order.insert(n, at: 0) }
            }
            previous = n
        }
    }

    private func warn(_ message: String) {
        if !warnings.contains(message) { warnings.append(message) }
    }

    // MARK: Writing

    /// The recorded frames as a Lottie document (JSONSerialization's objects), frame k of the
    /// recording at Lottie frame k, `frameRate` frames per second.
    ///
    /// - Throws: ``LottieExportError`` when nothing was recorded or nothing visible was drawn.
    public func document(frameRate: Int, name: String = "timeline") throws(LottieExportError) -> (json: [String: Any], summary: LottieExportSummary) {
        guard frameRate > 0 else { throw LottieExportError("the frame rate must be at least 1; got \(frameRate)") }
        guard frameCount > 0 else { throw LottieExportError("no frames were recorded; the range is empty") }
        let size = window.size
        let width = Int(size.width.rounded(.up)), height = Int(size.height.rounded(.up))
        var writer = CompositionWriter(nodes: nodes, order: order, frames: frameCount, width: width, height: height)
        guard writer.drawsSomething else {
            throw LottieExportError("the scene draws nothing in the range (no visible view or layer); nothing to export")
        }
        let layers = writer.layers(scope: nil)
        writer.summary.frames = frameCount
        let json: [String: Any] = [
            "v": "5.7.0", "nm": name, "fr": frameRate, "ip": 0, "op": frameCount, "w": width, "h": height,
            "ddd": 0, "assets": writer.assets, "markers": [Any](), "layers": layers,
        ]
        return (json, writer.summary)
    }

    /// ``document(frameRate:name:)`` serialised by ``LottieJSONWriter`` (`ty` first in every
    /// object, as rlottie needs; the other keys sorted, so equal recordings give equal bytes).
    public func data(frameRate: Int, name: String = "timeline") throws(LottieExportError) -> (data: Data, summary: LottieExportSummary) {
        let (json, summary) = try document(frameRate: frameRate, name: name)
        return (try LottieJSONWriter.data(json), summary)
    }
}

// MARK: - Samples

/// One frame's values of a Lottie layer.
struct Sample {
    var anchor: [Double], position: [Double], scale: [Double], rotation: Double, opacity: Double
    var shapes: [ShapeSample] = []
    /// What clips the node's subtree (clipsToBounds, masksToBounds), in window coordinates: the
    /// mask of its precomposition.
    var clip: ShapeSample?

    /// An identity transform with the anchor and position at `origin`.
    init(identityAt origin: Point, opacity: Double) {
        anchor = [origin.x, origin.y]; position = [origin.x, origin.y]; scale = [100, 100]; rotation = 0
        self.opacity = opacity
    }

    /// A layer whose anchor (in its coordinates) sits at `position` (in its parent's), turned
    /// and scaled about it by `transform`: Lottie's scale-then-rotate decomposition of the
    /// transform's 2-D part, its translation added to the position. A skew cannot be written
    /// and is left out (`warn` says so).
    init(anchor: Point, position: Point, transform t: Geometry.AffineTransform, opacity: Double, warn: (String) -> Void) {
        self.anchor = [anchor.x, anchor.y]
        self.position = [position.x + t.tx, position.y + t.ty]
        let a: Double = t.a, b: Double = t.b, c: Double = t.c, d: Double = t.d
        let sx: Double = (a * a + b * b).squareRoot()
        let angle: Double = sx > 1e-12 ? atan2(b, a) : atan2(-c, d)
        let determinant: Double = a * d - b * c
        let sy: Double = sx > 1e-12 ? determinant / sx : (c * c + d * d).squareRoot()
        let skew: Double = abs(c + sin(angle) * sy) + abs(d - cos(angle) * sy)
        if skew > 1e-6 {
            warn("skewed transforms are not exported: their scale and rotation are")
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

// MARK: - Compositions

/// Lays the recorded nodes out as Lottie compositions. Lottie's parenting passes transforms on
/// but not opacity, so a node whose opacity is below 1 at some frame and that has children (a
/// fading view with subviews or a border) is a group: its subtree goes into a precomposition
/// (an asset) drawn by one layer with the group's opacity, as the engine composites a
/// translucent view's subtree as one. A precomposition is the size of the canvas and sits
/// untransformed at its origin; inside it, the group's ancestors come again as null layers so
/// the parenting chain (and every transform on it) is the same as outside.
@MainActor
struct CompositionWriter {
    let nodes: [Node]
    /// Painting order (back to front).
    let order: [Int]
    let frames: Int, width: Int, height: Int
    /// Each node's samples with the frames it was not drawn filled in.
    let filled: [[Sample]]
    let isGroup: [Bool]
    /// The precompositions written so far.
    var assets: [[String: Any]] = []
    var summary = LottieExportSummary()

    init(nodes: [Node], order: [Int], frames: Int, width: Int, height: Int) {
        self.nodes = nodes; self.order = order; self.frames = frames; self.width = width; self.height = height
        filled = nodes.map { $0.filledSamples() }
        var hasChildren = Array(repeating: false, count: nodes.count)
        for n in nodes { if let p = n.parent { hasChildren[p] = true } }
        isGroup = nodes.indices.map { [filled] i in
            hasChildren[i] && nodes[i].key.role != .background && filled[i].contains { $0.opacity < 99.5 || $0.clip != nil }
        }
    }

    /// The product of the opacities of `n` and its ancestors below `stop` (all of them for
    /// nil), 0...100 per frame.
    func opacity(of n: Int, below stop: Int?) -> [[Double]] {
        var product = Array(repeating: 1.0, count: frames)
        var c: Int? = n
        while let k = c, k != stop {
            for f in 0..<frames { product[f] *= filled[k][f].opacity / 100 }
            c = nodes[k].parent
        }
        return product.map { [$0 * 100] }
    }

    /// The nearest group above `n` (not `n` itself), whose precomposition holds it.
    func owner(of n: Int) -> Int? {
        var c = nodes[n].parent
        while let k = c {
            if isGroup[k] { return k }
            c = nodes[k].parent
        }
        return nil
    }

    /// Whether some node other than the window's background is visible at some frame.
    var drawsSomething: Bool {
        nodes.indices.contains { i in
            guard nodes[i].key.role != .background else { return false }
            let o = opacity(of: i, below: nil)
            return (0..<frames).contains { f in
                o[f][0] > 0 && filled[i][f].shapes.contains { $0.opacity > 0 && ($0.fill || $0.width > 0) }
            }
        }
    }

    /// The layers of the top composition (`scope` nil) or of group `scope`'s precomposition,
    /// front first, writing the precompositions of the groups inside into ``assets``.
    mutating func layers(scope: Int?) -> [[String: Any]] {
        let members = order.filter { $0 == scope || owner(of: $0) == scope }
        var out: [[String: Any]] = []
        for n in members.reversed() {
            if isGroup[n], n != scope {
                let id = "comp_\(n + 1)"
                let inner = layers(scope: n)
                assets.append(["id": id, "nm": nodes[n].name, "layers": inner])
                out.append(precompositionLayer(n, id: id, opacity: opacity(of: n, below: scope)))
            } else {
                out.append(nodes[n].layer(index: n + 1, parentIndex: nodes[n].parent.map { $0 + 1 }, samples: filled[n],
                                          opacity: opacity(of: n, below: scope), summary: &summary))
            }
        }
        // Inside a precomposition: the group's ancestors as null layers, for its parenting.
        if let scope {
            var c = nodes[scope].parent
            while let k = c {
                out.append(nodes[k].layer(index: k + 1, parentIndex: nodes[k].parent.map { $0 + 1 }, samples: filled[k],
                                          opacity: [], isNull: true, summary: &summary))
                c = nodes[k].parent
            }
        }
        summary.layers += out.count
        return out
    }

    /// The layer (`ty` 0) drawing group `n`'s precomposition with the group's opacity, masked
    /// by its clip (in the precomposition's coordinates, the window's) when it clips.
    mutating func precompositionLayer(_ n: Int, id: String, opacity: [[Double]]) -> [String: Any] {
        let o = Property.json(opacity, tolerance: 0.5, summary: &summary) { Property.number($0[0]) as Any }
        var layer: [String: Any] = [
            "ddd": 0, "ind": n + 1, "ty": 0, "nm": nodes[n].name + " (group)", "refId": id, "w": width, "h": height,
            "sr": 1, "ao": 0, "bm": 0, "ip": 0, "op": frames, "st": 0,
            "ks": ["a": ["a": 0, "k": [0.0, 0.0]], "p": ["a": 0, "k": [0.0, 0.0]], "s": ["a": 0, "k": [100.0, 100.0]],
                   "r": ["a": 0, "k": 0.0], "o": o] as [String: Any],
        ]
        if let first = filled[n].lazy.compactMap(\.clip).first, case .path(let counts, let closed) = first.geometry, let count = counts.first {
            // Frames without the clip (or with another shape of it) hold the last one.
            var last = first
            let clips = filled[n].map { s -> [Double] in
                if let c = s.clip, c.geometry == first.geometry { last = c }
                return Array(last.values[0..<(count * 6)])
            }
            let path = Property.json(clips, tolerance: 0.5, summary: &summary) { Property.bezier($0, closed: closed[0]) }
            layer["hasMask"] = true
            layer["masksProperties"] = [["nm": "clip", "mode": "a", "inv": false, "pt": path,
                                         "o": ["a": 0, "k": 100.0], "x": ["a": 0, "k": 0.0]] as [String: Any]]
        }
        return layer
    }
}

// MARK: - Nodes and their JSON

/// A Lottie layer being recorded: one per view body, view border, sublayer and the window's
/// background, with a sample per frame (nil while it is not drawn).
@MainActor
final class Node {
    enum Role: Hashable {
        case body, border, background
        /// A replicator's copy `n` of a layer.
        case copy(Int)
    }
    struct Key: Hashable {
        let id: ObjectIdentifier
        let role: Role
        init(_ object: AnyObject, _ role: Role) { id = ObjectIdentifier(object); self.role = role }
    }
    let key: Key
    let name: String
    let parent: Int?
    var samples: [Sample?]

    init(key: Key, name: String, parent: Int?, frames: Int) {
        self.key = key; self.name = name; self.parent = parent
        samples = Array(repeating: nil, count: frames)
    }

    /// The samples with gaps filled: a frame the node is not drawn holds the values of the
    /// nearest frame it is (before, else after) at opacity 0; shapes whose kind differs from the
    /// first drawn frame's hold the previous frame's.
    func filledSamples() -> [Sample] {
        guard let firstSeen = samples.firstIndex(where: { $0 != nil }), let first = samples[firstSeen] else { return [] }
        let signature = first.shapes.map(\.signature)
        var out: [Sample] = []
        var last = first
        for s in samples {
            if var s {
                if s.shapes.map(\.signature) != signature { s.shapes = last.shapes }
                out.append(s)
                last = s
            } else {
                var hidden = last
                hidden.opacity = 0
                out.append(hidden)
            }
        }
        return out
    }

    /// The Lottie shape layer (`ty` 4) drawing this node from its filled samples `s`, with
    /// `opacity` (0...100 per frame) as its opacity; a null layer (`ty` 3: the transform only,
    /// for the parenting chain inside a precomposition) when `isNull`.
    func layer(index: Int, parentIndex: Int?, samples s: [Sample], opacity: [[Double]], isNull: Bool = false,
               summary: inout LottieExportSummary) -> [String: Any] {
        func track(_ values: [[Double]], tolerance: Double, scalar: Bool = false) -> [String: Any] {
            Property.json(values, tolerance: tolerance, summary: &summary) { scalar ? Property.number($0[0]) as Any : $0.map(Property.number) as Any }
        }
        // Rotation unwrapped, so a turn past 180° is not a jump back.
        var rotation: [[Double]] = []
        for x in s.map(\.rotation) {
            var r = x
            if let p = rotation.last?[0] { r += 360 * ((p - r) / 360).rounded() }
            rotation.append([r])
        }
        let ks: [String: Any] = [
            "a": track(s.map(\.anchor), tolerance: 0.5),
            "p": track(s.map(\.position), tolerance: 0.5),
            "s": track(s.map(\.scale), tolerance: 0.5),
            "r": track(rotation, tolerance: 0.25, scalar: true),
            "o": isNull ? ["a": 0, "k": 100.0] : track(opacity, tolerance: 0.5, scalar: true),
        ]
        var layer: [String: Any] = [
            "ddd": 0, "ind": index, "ty": isNull ? 3 : 4, "nm": name, "sr": 1, "ao": 0, "bm": 0,
            "ip": 0, "op": s.count, "st": 0, "ks": ks,
        ]
        if !isNull {
            var shapes: [[String: Any]] = []
            if let first = s.first {
                for k in first.shapes.indices { shapes.append(Self.group(k, s.map { $0.shapes[k] }, summary: &summary)) }
            }
            layer["shapes"] = Array(shapes.reversed())                  // Lottie lists shapes front first
        }
        if let parentIndex { layer["parent"] = parentIndex }
        return layer
    }

    /// A shape group (`gr`): the geometry, its fill or stroke, and an identity transform.
    static func group(_ k: Int, _ s: [ShapeSample], summary: inout LottieExportSummary) -> [String: Any] {
        func track(_ values: [[Double]], tolerance: Double, scalar: Bool = false) -> [String: Any] {
            Property.json(values, tolerance: tolerance, summary: &summary) { scalar ? Property.number($0[0]) as Any : $0.map(Property.number) as Any }
        }
        var items: [[String: Any]] = []
        switch s[0].geometry {
        case .rect:
            items.append(["ty": "rc", "nm": "Rectangle", "d": 1,
                          "p": track(s.map { Array($0.values[0..<2]) }, tolerance: 0.5),
                          "s": track(s.map { Array($0.values[2..<4]) }, tolerance: 0.5),
                          "r": track(s.map { [$0.values[4]] }, tolerance: 0.5, scalar: true)])
        case .ellipse:
            items.append(["ty": "el", "nm": "Ellipse", "d": 1,
                          "p": track(s.map { Array($0.values[0..<2]) }, tolerance: 0.5),
                          "s": track(s.map { Array($0.values[2..<4]) }, tolerance: 0.5)])
        case .path(let counts, let closed):
            var offset = 0
            for (j, n) in counts.enumerated() {
                let range = offset..<(offset + n * 6)
                offset += n * 6
                let isClosed = closed[j]
                let ks = Property.json(s.map { Array($0.values[range]) }, tolerance: 0.5, summary: &summary) { v in
                    Property.bezier(v, closed: isClosed)
                }
                items.append(["ty": "sh", "nm": "Path \(j + 1)", "d": 1, "ks": ks])
            }
        }
        let color = track(s.map { $0.color + [1] }, tolerance: 0.002)
        let opacity = track(s.map { [$0.opacity] }, tolerance: 0.5, scalar: true)
        if let first = s[0].gradient {
            let stops = Property.gradientStops(s.map { $0.gradient ?? first })
            items.append(["ty": "gf", "nm": "Gradient Fill", "o": opacity, "r": s[0].evenOdd ? 2 : 1, "t": first.kind == .radial ? 2 : 1,
                          "s": track(s.map { g in let p = (g.gradient ?? first).startPoint; return [p.x, p.y] }, tolerance: 0.5),
                          "e": track(s.map { g in Property.gradientEnd(g.gradient ?? first) }, tolerance: 0.5),
                          "g": ["p": stops.count, "k": track(stops.values, tolerance: 0.002)] as [String: Any]])
        } else if s[0].fill {
            items.append(["ty": "fl", "nm": "Fill", "c": color, "o": opacity, "r": s[0].evenOdd ? 2 : 1])
        } else {
            items.append(["ty": "st", "nm": "Stroke", "c": color, "o": opacity,
                          "w": track(s.map { [$0.width] }, tolerance: 0.25, scalar: true), "lc": s[0].cap, "lj": s[0].join,
                          "ml": s[0].miterLimit])
            if s[0].trim != nil {
                // Core Animation trims a path's subpaths as one length: Lottie's "individually" (2).
                let subpaths = if case .path(let counts, _) = s[0].geometry { counts.count } else { 1 }
                items.append(["ty": "tm", "nm": "Trim", "s": track(s.map { [$0.trim![0]] }, tolerance: 0.1, scalar: true),
                              "e": track(s.map { [$0.trim![1]] }, tolerance: 0.1, scalar: true),
                              "o": ["a": 0, "k": 0.0], "m": subpaths > 1 ? 2 : 1])
            }
        }
        items.append(Property.identityGroupTransform)
        return ["ty": "gr", "nm": "Shape \(k + 1)", "it": items]
    }
}

/// Animatable properties as Lottie writes them.
enum Property {
    /// A constant (`"a": 0`) when every sample is within `tolerance` of the first, else the
    /// keyframes ``KeyframeReduction`` keeps (linear, or eased on a standard curve). Keyframe values are arrays (a
    /// scalar's one number in one, a path in one, as Bodymovin writes them).
    static func json(_ samples: [[Double]], tolerance: Double, summary: inout LottieExportSummary,
                     value: ([Double]) -> Any) -> [String: Any] {
        if KeyframeReduction.isConstant(samples, tolerance: tolerance) {
            summary.constantProperties += 1
            return ["a": 0, "k": value(samples[0])]
        }
        let kept = KeyframeReduction.keyframes(samples, tolerance: tolerance)
        summary.animatedProperties += 1
        summary.keyframes += kept.count
        var keys: [[String: Any]] = []
        for (n, keyframe) in kept.enumerated() {
            let v = value(samples[keyframe.index])
            var key: [String: Any] = ["t": keyframe.index, "s": (v as? [Double]) ?? [v]]
            if n + 1 < kept.count {
                // Bezier easing: out tangent (x1, y1), in tangent (x2, y2); linear is (0, 0), (1, 1).
                let c = keyframe.easing ?? CubicBezier(0, 0, 1, 1)
                key["o"] = ["x": [c.x1], "y": [c.y1]]
                key["i"] = ["x": [c.x2], "y": [c.y2]]
            }
            keys.append(key)
        }
        return ["a": 1, "k": keys]
    }

    /// A number rounded to 1/10000, so the file says 12.5 rather than 12.499999999999998.
    static func number(_ x: Double) -> Double {
        let r = (x * 10_000).rounded() / 10_000
        return r == 0 ? 0 : r
    }

    /// Lottie's gradient data per frame: colour stops (position, red, green, blue) then opacity
    /// stops (position, alpha), and their count. The gradient's own stops when every frame has
    /// the same number of them in order within 0...1; otherwise (Core Animation lets locations
    /// run past the ends, as a sweep animates them) 21 stops sampled evenly from the colours it
    /// draws.
    static func gradientStops(_ frames: [Gradient]) -> (count: Int, values: [[Double]]) {
        func locations(_ g: Gradient) -> [Double] {
            if let l = g.locations, l.count == g.colors.count { return l }
            return g.colors.indices.map { g.colors.count > 1 ? Double($0) / Double(g.colors.count - 1) : 0 }
        }
        let n = frames[0].colors.count
        let exact = frames.allSatisfy { g in
            let l = locations(g)
            return g.colors.count == n && n > 1 && l.allSatisfy { $0 >= 0 && $0 <= 1 } && zip(l, l.dropFirst()).allSatisfy { $0 <= $1 }
        }
        let count = exact ? n : 21
        let values = frames.map { g -> [Double] in
            let stops: [(Double, Color)] = exact
                ? Array(zip(locations(g), g.colors))
                : (0..<count).map { k in let u = Double(k) / Double(count - 1); return (u, g.color(at: u)) }
            return stops.flatMap { [$0.0, $0.1.red, $0.1.green, $0.1.blue] } + stops.flatMap { [$0.0, $0.1.alpha] }
        }
        return (count, values)
    }

    /// Where Lottie's gradient ends: the end point of a linear one; for a radial one a point at
    /// its radius from the centre (Core Animation's radii per axis; Lottie's circle takes the
    /// larger).
    static func gradientEnd(_ g: Gradient) -> [Double] {
        guard g.kind == .radial else { return [g.endPoint.x, g.endPoint.y] }
        let r = max(abs(g.endPoint.x - g.startPoint.x), abs(g.endPoint.y - g.startPoint.y))
        return [g.startPoint.x + r, g.startPoint.y]
    }

    /// A path's vertices and tangents from the flat values (6 per vertex).
    static func bezier(_ v: [Double], closed: Bool) -> [String: Any] {
        var vs: [[Double]] = [], ins: [[Double]] = [], outs: [[Double]] = []
        var k = 0
        while k + 5 < v.count {
            vs.append([number(v[k]), number(v[k + 1])])
            ins.append([number(v[k + 2]), number(v[k + 3])])
            outs.append([number(v[k + 4]), number(v[k + 5])])
            k += 6
        }
        return ["v": vs, "i": ins, "o": outs, "c": closed]
    }

    static var identityGroupTransform: [String: Any] { [
        "ty": "tr", "nm": "Transform",
        "p": ["a": 0, "k": [0.0, 0.0]], "a": ["a": 0, "k": [0.0, 0.0]], "s": ["a": 0, "k": [100.0, 100.0]],
        "r": ["a": 0, "k": 0.0], "o": ["a": 0, "k": 100.0], "sk": ["a": 0, "k": 0.0], "sa": ["a": 0, "k": 0.0],
    ] }
}
