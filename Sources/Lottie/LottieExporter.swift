import Foundation
import Geometry
import Layers
import Motion
import RenderModel
import TextEngine
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
/// written as `"a": 0`. Lottie's parenting does not pass opacity on, so a translucent view with
/// children is a group: its subtree goes into a precomposition drawn with its opacity, as the
/// engine composites it (``CompositionWriter``); inside a group, a layer's opacity is the product
/// of its ancestors' up to the group. A view that clips (`clipsToBounds`, a layer's
/// `masksToBounds`) with children is a group too: its precomposition layer is masked by its
/// rounded bounds, placed in window coordinates each frame.
///
/// A replicator's copies are layers of their own (instance transform, delay and tint applied).
///
/// Text is exported as its glyphs' outlines from the text engine's faces, filled in its colour,
/// so players draw it without the fonts.
///
/// Not exported (``warnings`` lists what a run met): colour (bitmap) glyphs, images, shadows,
/// conic gradients, layer masks, skew and 3-D transforms.
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
    /// Node indices in painting order (back to front), merged over the frames, and which
    /// nodes it holds.
    private var order: [Int] = []
    private var ordered: Set<Int> = []

    /// The timing curves a move from rest to rest is tried against before it is baked: the
    /// standard ones, and whatever else the caller knows the scene uses (its `[x1, y1, x2, y2]`
    /// curves), so those moves are exact bezier keyframes too.
    public var curves: [CubicBezier] = KeyframeReduction.standardCurves

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
    /// the window paints them. `world` maps the superview's coordinates to the window's.
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
            case .glyphs(let run, let origin):
                // Text as its glyphs' outlines (the text engine's faces): other players draw it
                // without the fonts.
                guard let path = Self.outlinePath(run, at: origin) else {
                    warn("colour glyphs (emoji) are not exported: they are bitmaps, with no outline to write as a shape")
                    continue
                }
                if !path.elements.isEmpty { sample.shapes.append(ShapeSample(path: path, color: run.color, width: nil, evenOdd: false)) }
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
            if ordered.insert(n).inserted {
                if let p = previous, let at = order.firstIndex(of: p) { order.insert(n, at: at + 1) } else { order.insert(n, at: 0) }
            }
            previous = n
        }
    }

    /// The outlines of `run`'s glyphs placed at `origin` as one path, or nil for a run of
    /// colour bitmap glyphs.
    static func outlinePath(_ run: GlyphRun, at origin: Point) -> Path? {
        if run.face.hasColor { return nil }
        var path = Path()
        for (glyph, pen) in zip(run.glyphs, run.positions) {
            path.addGlyph(glyph, of: run.face, size: run.size, at: Point(x: origin.x + pen.x, y: origin.y + pen.y))
        }
        return path
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
        var writer = CompositionWriter(nodes: nodes, order: order, frames: frameCount, width: width, height: height, curves: curves)
        guard writer.drawsSomething else {
            throw LottieExportError("the scene draws nothing in the range (no visible view or layer); nothing to export")
        }
        let layers = writer.layers(scope: nil)
        writer.properties.summary.frames = frameCount
        let json: [String: Any] = [
            "v": "5.7.0", "nm": name, "fr": frameRate, "ip": 0, "op": frameCount, "w": width, "h": height,
            "ddd": 0, "assets": writer.assets, "markers": [Any](), "layers": layers,
        ]
        return (json, writer.properties.summary)
    }

    /// ``document(frameRate:name:)`` serialised by ``LottieJSONWriter`` (`ty` first in every
    /// object, as rlottie needs; the other keys sorted, so equal recordings give equal bytes).
    public func data(frameRate: Int, name: String = "timeline") throws(LottieExportError) -> (data: Data, summary: LottieExportSummary) {
        let (json, summary) = try document(frameRate: frameRate, name: name)
        return (try LottieJSONWriter.data(json), summary)
    }
}
