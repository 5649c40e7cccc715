import Foundation
import Geometry
import Images
import Layers
import Motion
import RenderModel
import TextEngine
import Timeline

/// A failure to export a Lottie file (LT4), saying what was wrong; nothing is written then.
public struct LottieExportError: Error, CustomStringConvertible, Sendable {
    /// What was wrong, as the command line prints it.
    public let message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

/// What an export wrote, for the command line's report and the tests.
public struct LottieExportSummary: Sendable {
    /// Lottie layers written (views, their borders, sublayers, the window's background).
    public var layers = 0
    /// Properties written as constants (`"a": 0`) and as keyframed values, and their keyframes.
    public var constantProperties = 0
    /// Properties written with keyframes.
    public var animatedProperties = 0
    /// Keyframes written, all properties together.
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
/// engine composites it (`CompositionWriter`); inside a group, a layer's opacity is the product
/// of its ancestors' up to the group. A view that clips (`clipsToBounds`, a layer's
/// `masksToBounds`) with children is a group too: its precomposition layer is masked by its
/// rounded bounds, placed in window coordinates each frame.
///
/// A replicator's copies are layers of their own (instance transform, delay and tint applied).
///
/// Text is exported as its glyphs' outlines from the text engine's faces, filled in its colour,
/// so players draw it without the fonts.
///
/// A layer's contents (an image view's image) are image layers parented to it, showing embedded
/// PNG assets (each slice of a nine-slice image, each frame of an animated one, tinted as drawn).
///
/// A layer mask that is a filled path or a plain layer's background masks the precomposition
/// of the masked subtree; a sublayer transform is a layer drawing nothing that the sublayers
/// hang from.
///
/// An emitter's particles are baked: each particle drawn in the range is a layer of its own,
/// in and out at the frames it lives, its motion, spin, scale, colour and alpha keyframed
/// (`recordParticles(_:of:model:copy:name:parent:into:)`).
///
/// A 3-D transform (a turn about x or y, a perspective from a sublayer transform) is written as
/// the closest 2-D transform of the layer's flattened plane, frame by frame: exact without
/// perspective, fitted with it, and a warning names the layer and its worst error when the fit
/// misses by more than half a pixel (`placement(of:instance:plane:world:key:name:)`). Layers
/// facing away that are not double-sided are hidden in those frames, siblings stack by
/// zPosition, and under perspective nothing clips or masks, as the engine draws them.
///
/// A layer's blend mode (`compositingFilter`) is its layer's `"bm"`; a blended view or layer
/// with children is a group, its precomposition layer blended, as the engine blends the subtree.
///
/// Not exported (``warnings`` lists what a run met): colour (bitmap) glyphs, shadows and layer
/// filters (Lottie 1.0 has no layer effects), conic gradients, other masks, perspective beyond
/// an affine fit.
@MainActor
public final class LottieRecorder {
    /// The window recorded.
    public let window: Window
    /// What was met and not exported, each once, in the order met.
    public private(set) var warnings: [String] = []
    /// Frames recorded.
    public private(set) var frameCount = 0

    // Internal (not private) for the recorder's extensions in other files (particles, 3-D fits).
    var nodes: [Node] = []
    var nodeIndex: [Node.Key: Int] = [:]
    /// Particle layers made so far per emitter (and replicator copy of one), for the cap.
    var particleLayerCounts: [ParticleOwner: Int] = [:]
    /// Layers whose 3-D transform's 2-D fit missed by more than half a pixel, and where their
    /// warning is in ``warnings``.
    var depthMisses: [Node.Key: DepthMiss] = [:]
    /// Node indices in painting order (back to front), merged over the frames, and which
    /// nodes it holds.
    private var order: [Int] = []
    private var ordered: Set<Int> = []
    /// Image assets written so far (each distinct bitmap, part and tint once), by what they show.
    private var imageAssetIndex: [ImageAssetKey: Int] = [:]
    private var imageAssets: [[String: Any]] = []

    /// What an image asset shows: a bitmap's pixels in a rectangle, tinted. The key holds the
    /// bitmap, so its identity stays its own while the recorder lives.
    private struct ImageAssetKey: Hashable {
        let bitmap: Bitmap
        let x: Int, y: Int, width: Int, height: Int
        let tint: [Double]
        let isTemplate: Bool

        static func == (a: Self, b: Self) -> Bool {
            a.bitmap === b.bitmap && a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height
                && a.tint == b.tint && a.isTemplate == b.isTemplate
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(bitmap))
            hasher.combine(x); hasher.combine(y); hasher.combine(width); hasher.combine(height)
            hasher.combine(tint); hasher.combine(isTemplate)
        }
    }

    /// The timing curves a move from rest to rest is tried against before it is baked: the
    /// standard ones, and whatever else the caller knows the scene uses (its `[x1, y1, x2, y2]`
    /// curves), so those moves are exact bezier keyframes too.
    public var curves: [CubicBezier] = KeyframeReduction.standardCurves

    /// A recorder of what `window` draws: call ``recordFrame()`` once per frame, then ``data(frameRate:name:)``.
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
        let p = v.displayedLayer
        let alpha = max(0, min(p.opacity, 1))
        let local = p.bounds, transform = p.affineTransform()
        if !p.transform.isAffine { warn("3-D transforms on views' own layers are exported as their 2-D part") }
        let background = p.backgroundColor ?? .clear, borderColor = p.borderColor ?? .clear
        // A view's layer turns about its anchor point (the centre unless it was moved).
        let anchor = Point(x: local.minX + p.anchorPoint.x * local.width, y: local.minY + p.anchorPoint.y * local.height)
        let mine = Geometry.AffineTransform(translationX: -anchor.x, y: -anchor.y)
            .concatenating(transform)
            .concatenating(Geometry.AffineTransform(translationX: p.position.x, y: p.position.y))
            .concatenating(world)
        var body = Sample(anchor: anchor, position: p.position, transform: transform,
                          opacity: alpha * 100, warn: { self.warn($0) })
        body.shapes.append(ShapeSample(rect: local, radius: p.cornerRadius, color: background, fill: true))
        if v.clipsToBounds {
            let corners = v.layerIfLoaded?.maskedCorners ?? .all
            body.clip = ShapeSample(path: Layer.roundedPath(local, cornerRadius: p.cornerRadius, maskedCorners: corners).applying(mine),
                                    color: .black, width: nil, evenOdd: false)
        }
        if let vl = v.layerIfLoaded, let m = vl.mask {
            body.mask = maskSample(m, of: vl, in: mine, clipped: body.clip != nil)
            body.maskInverted = vl.maskMode == .inverseAlpha
        }
        if let vl = v.layerIfLoaded, let image = vl.contents {
            var contents: [DrawCommand] = []
            vl.appendContents(image, in: local, mediaTime: window.layers?.frameTime ?? 0, into: &contents)
            appendContent(contents, to: &body)
        }
        if let vl = v.layerIfLoaded, vl.shadowOpacity > 0 { warn(Self.shadowWarning) }
        body.blendMode = v.layerIfLoaded?.compositingFilter ?? .normal
        appendContent(v.drawnContent, to: &body)
        let name = v.identifier ?? "\(type(of: v))"
        let me = record(Node.Key(v, .body), name: name, parent: parent, body)
        painted.append(me)
        recordImages(body.images, of: v, copy: -1, name: name, parent: me, into: &painted)
        if let vl = v.layerIfLoaded, !vl.children.isEmpty {
            let (host, world, plane) = sublayerHost(of: vl.presentationLayer ?? vl, model: vl, copy: -1, name: name, parent: me,
                                                    world: mine, into: &painted)
            for c in vl.sublayersInDrawingOrder { walk(layer: c, parent: host, world: world, plane: plane, into: &painted) }
        }
        for s in v.subviews { walk(s, parent: me, world: mine, into: &painted) }
        // The border draws over the subviews: a layer of its own, parented to the body with an
        // identity transform, made the first frame a border shows.
        let key = Node.Key(v, .border)
        if (p.borderWidth > 0 && borderColor.alpha > 0) || nodeIndex[key] != nil {
            var border = Sample(identityAt: .zero, opacity: 100)
            border.shapes = [ShapeSample(border: local, width: p.borderWidth, radius: p.cornerRadius, color: borderColor)]
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
    /// window's; `plane` is the superlayer's sublayer transform (about its anchor) when it is
    /// 3-D, which the layer's own 3-D chain goes through before it is fitted (its node carries
    /// none then); `projected` says an ancestor's map to the window has perspective.
    private func walk(layer model: Layer, parent: Int, world: Geometry.AffineTransform, plane: Transform3D? = nil, projected: Bool = false,
                      copy: ReplicaCopy? = nil, into painted: inout [Int]) {
        let l: Layer
        if let copy, copy.delay != 0, let engine = model.engine {
            l = engine.presentation(of: model, atMediaTime: engine.frameTime - copy.delay)
        } else {
            l = model.presentationLayer ?? model
        }
        guard !l.isHidden else { return }
        let alpha = max(0, min(l.opacity, 1))
        let b = l.bounds
        if l.shadowOpacity > 0 { warn(Self.shadowWarning) }
        let anchor = l.anchorInBounds
        let key = Node.Key(model, copy.map { .copy($0.index) } ?? .body)
        let name = (model.name ?? "\(type(of: model))") + (copy.map { " copy \($0.index)" } ?? "")
        // The map from the anchor to the superlayer: the transform, the position, and a copy's
        // instance transform after them; a 3-D chain's closest 2-D map, which is exact
        // without perspective (its 2-D part) and fitted per frame with it.
        var placed = l.transform.affineTransform.concatenating(Geometry.AffineTransform(translationX: l.position.x, y: l.position.y))
            .concatenating(copy?.instance ?? .identity)
        var isProjected = projected
        if !l.transform.isAffine || plane != nil {
            guard let fit = placement(of: l, instance: copy?.instance ?? .identity, plane: plane, world: world, key: key, name: name)
            else { return }                                   // facing away, or behind the eye
            placed = fit.placed
            isProjected = isProjected || fit.isProjective
        } else if !l.isDoubleSided,
                  Homography(Geometry.AffineTransform(translationX: -anchor.x, y: -anchor.y).concatenating(placed).concatenating(world)).showsBack(of: b) {
            return
        }
        let mine = Geometry.AffineTransform(translationX: -anchor.x, y: -anchor.y).concatenating(placed).concatenating(world)
        var s = Sample(anchor: anchor, position: .zero, transform: placed, opacity: alpha * 100, warn: { self.warn($0) })
        // Under perspective the engine neither clips nor masks (its clips are rectangles in a
        // group's plane): neither does the export.
        if l.masksToBounds && !isProjected {
            s.clip = ShapeSample(path: Layer.roundedPath(b, cornerRadius: l.cornerRadius, maskedCorners: l.maskedCorners).applying(mine),
                                 color: .black, width: nil, evenOdd: false)
        }
        if let m = model.mask, !isProjected {
            s.mask = maskSample(m, of: model, in: mine, clipped: s.clip != nil)
            s.maskInverted = model.maskMode == .inverseAlpha
        }
        s.shapes.append(ShapeSample(rect: b, radius: l.cornerRadius, color: l.backgroundColor ?? .clear, fill: true))
        s.blendMode = model.compositingFilter ?? .normal
        if !model.filters.isEmpty { warn(Self.filterWarning) }
        let particles = (l as? EmitterLayer)?.drawnParticles() ?? []
        if let shape = l as? ShapeLayer {
            appendShape(shape, to: &s)
        } else {
            var content: [DrawCommand] = []
            l.renderContent(into: &content)
            // An emitter draws its contents, then one command per particle: the particles go
            // as layers of their own (below).
            content.removeLast(min(content.count, particles.count))
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
        let me = record(key, name: name, parent: parent, s)
        painted.append(me)
        recordImages(s.images, of: model, copy: copy?.index ?? -1, name: name, parent: me, into: &painted)
        if let emitter = l as? EmitterLayer {
            recordParticles(particles, of: emitter, model: model, copy: copy?.index ?? -1, name: name, parent: me, into: &painted)
        }
        // Descendants of a copy are copies too: the same delay and tint, no instance transform.
        let inner = copy.map { ReplicaCopy(index: $0.index, delay: $0.delay, instance: .identity, tint: $0.tint) }
        guard !model.children.isEmpty else { return }
        let (host, world, sublayerPlane) = sublayerHost(of: l, model: model, copy: copy?.index ?? -1, name: name, parent: me, world: mine,
                                                        into: &painted)
        let children = model.sublayersInDrawingOrder
        for c in children {
            walk(layer: c, parent: host, world: world, plane: sublayerPlane, projected: isProjected, copy: inner, into: &painted)
        }
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
                for c in children {
                    walk(layer: c, parent: host, world: world, plane: sublayerPlane, projected: isProjected, copy: replica, into: &painted)
                }
            }
        }
    }

    /// A shape layer's path as Lottie shapes: filled with the fill colour, and stroked with the
    /// stroke colour, width, caps, joins and dashes, trimmed to ``ShapeLayer/strokeStart`` ...
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
            if let dashes = shape.lineDashPattern, !dashes.isEmpty {
                // Core Graphics cycles an odd pattern (a dash's length is the next gap's):
                // Lottie's list is dash and gap pairs, so an odd one is written twice.
                if dashes.allSatisfy({ $0.isFinite && $0 >= 0 }), dashes.contains(where: { $0 > 0 }), shape.lineDashPhase.isFinite {
                    stroke.dashes = dashes.count.isMultiple(of: 2) ? dashes : dashes + dashes
                    stroke.dashPhase = shape.lineDashPhase
                }
            }
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
            case .fillShape(_, .pattern, _):
                warn("tiled image fills are not exported (Lottie has no image patterns)")
            case .glyphs(let run, let origin):
                // Text as its glyphs' outlines (the text engine's faces): other players draw it
                // without the fonts.
                guard let path = Self.outlinePath(run, at: origin) else {
                    warn("colour glyphs (emoji) are not exported: they are bitmaps, with no outline to write as a shape")
                    continue
                }
                if !path.elements.isEmpty { sample.shapes.append(ShapeSample(path: path, color: run.color, width: nil, evenOdd: false)) }
            case .image(let drawing):
                if drawing.corners != nil { warn("images under perspective are not exported") } else { sample.images.append(drawing) }
            case .shadow: warn(Self.shadowWarning)
            case .beginGroup, .endGroup: warn("groups inside drawn content are not exported as groups: their content is drawn untransformed")
            }
        }
    }

    /// The node a layer's sublayers hang from, the map from their superlayer's coordinates to
    /// the window's, and the 3-D sublayer transform their own chains go through: the layer's
    /// own node (`parent`), or, when it has a sublayer transform, a node drawing nothing that
    /// carries it about the layer's anchor point (Lottie's parenting passes it on to every
    /// sublayer). A 3-D one (a perspective) is no 2-D map of its own: the node carries the
    /// identity and each sublayer's fit takes it in (the third value, about the anchor).
    private func sublayerHost(of l: Layer, model: Layer, copy: Int, name: String, parent: Int, world: Geometry.AffineTransform,
                              into painted: inout [Int]) -> (Int, Geometry.AffineTransform, Transform3D?) {
        let key = Node.Key(model, .sublayers(copy: copy))
        guard !l.sublayerTransform.isIdentity || nodeIndex[key] != nil else { return (parent, world, nil) }
        let a = l.anchorInBounds
        let isFlat = l.sublayerTransform.isAffine
        let t = isFlat ? l.sublayerTransform.affineTransform : .identity
        let map = Geometry.AffineTransform(translationX: -a.x, y: -a.y).concatenating(t)
            .concatenating(Geometry.AffineTransform(translationX: a.x, y: a.y))
        let isNew = nodeIndex[key] == nil
        let host = record(key, name: name + " sublayers", parent: parent,
                          Sample(anchor: a, position: a, transform: t, opacity: 100, warn: { self.warn($0) }))
        if isNew && frameCount > 0 {
            // Made after the sublayers were first recorded (the transform was the identity
            // until now): it carries the identity in the frames before, and the sublayers
            // recorded under the layer move under it.
            for f in 0..<frameCount { nodes[host].samples[f] = Sample(identityAt: .zero, opacity: 100) }
            let sublayers = Set(model.children.map { ObjectIdentifier($0) })
            for i in nodes.indices where i != host && nodes[i].parent == parent && sublayers.contains(nodes[i].key.id) {
                nodes[i].parent = host
            }
        }
        painted.append(host)
        let plane = isFlat ? nil : Transform3D(translationX: -a.x, y: -a.y, z: 0).concatenating(l.sublayerTransform)
            .concatenating(Transform3D(translationX: a.x, y: a.y, z: 0))
        return (host, map.concatenating(world), plane)
    }

    /// A layer's mask as a path in window coordinates (`world` maps the masked layer's
    /// coordinates there), with the mask's alpha as its opacity: a shape layer's filled path or
    /// a plain layer's rounded bounds, with nothing else drawn in it. Other masks (gradients,
    /// images, strokes, sublayers, even-odd holes) are left out with a warning.
    private func maskSample(_ model: Layer, of owner: Layer, in world: Geometry.AffineTransform, clipped: Bool) -> ShapeSample? {
        if owner.maskMode == .luminance || owner.maskMode == .inverseLuminance {
            warn("luminance masks are not exported: those layers draw unmasked")
            return nil
        }
        let m = model.presentationLayer ?? model
        let b = m.bounds
        let anchor = m.anchorInBounds
        let map = Geometry.AffineTransform(translationX: -anchor.x, y: -anchor.y).concatenating(m.transform.affineTransform)
            .concatenating(Geometry.AffineTransform(translationX: m.position.x, y: m.position.y)).concatenating(world)
        let path: Path, alpha: Double
        if let shape = m as? ShapeLayer, let p = shape.path, let fill = shape.fillColor, shape.strokeColor == nil || shape.lineWidth == 0,
           (m.backgroundColor?.alpha ?? 0) == 0, shape.fillRule == .nonZero || BezierSubpath.split(p).count == 1 {
            path = p; alpha = fill.alpha
        } else if type(of: m) == Layer.self, let bg = m.backgroundColor, bg.alpha > 0, m.contents == nil, m.borderWidth == 0 {
            path = Layer.roundedPath(b, cornerRadius: m.cornerRadius, maskedCorners: m.maskedCorners); alpha = bg.alpha
        } else {
            warn("layer masks other than a filled path or a plain layer's background are not exported: those layers draw unmasked")
            return nil
        }
        if !m.children.isEmpty { warn("a layer mask's sublayers are not exported: the mask is its own shape") }
        let s = ShapeSample(path: path.applying(map), color: Color(red: 0, green: 0, blue: 0, alpha: m.isHidden ? 0 : alpha * m.opacity),
                            width: nil, evenOdd: false)
        if clipped, case .path(let counts, _) = s.geometry, counts.count > 1 {
            warn("a layer mask of several subpaths inside a clip is exported as its first subpath")
        }
        return s
    }

    /// Records the images a node drew as image layers parented to it (node `parent`): each
    /// placed by its anchor at its rectangle's origin and scaled from the asset's pixels to the
    /// rectangle. A slice showing another asset (an animated image's next frame) is another
    /// layer, drawn in the frames it shows.
    private func recordImages(_ images: [ImageDrawing], of owner: AnyObject, copy: Int, name: String, parent: Int,
                              into painted: inout [Int]) {
        for (k, d) in images.enumerated() {
            guard let (asset, pixels) = imageAsset(for: d), d.rect.width.isFinite, d.rect.height.isFinite else { continue }
            var s = Sample(identityAt: .zero, opacity: 100)
            s.position = [d.rect.minX, d.rect.minY]
            s.scale = [d.rect.width / Double(pixels.width) * 100, d.rect.height / Double(pixels.height) * 100]
            let key = Node.Key(owner, .image(copy: copy, slice: k, asset: asset))
            let node = record(key, name: name + " image \(k + 1)", parent: parent, s)
            nodes[node].imageAsset = "image_\(asset + 1)"
            painted.append(node)
        }
    }

    /// The index and pixel size of the asset showing `d`'s pixels (its source rectangle, whole
    /// pixels, tinted as it is drawn), written on first use as an embedded PNG; nil when it
    /// cannot be encoded.
    private func imageAsset(for d: ImageDrawing) -> (index: Int, pixels: (width: Int, height: Int))? {
        let bitmap = d.image.bitmap
        let limit = Double(max(bitmap.width, bitmap.height))
        guard [d.source.minX, d.source.minY, d.source.maxX, d.source.maxY].allSatisfy({ $0.isFinite && abs($0) <= limit + 1 }) else { return nil }
        let x0 = max(0, Int(d.source.minX.rounded(.down))), y0 = max(0, Int(d.source.minY.rounded(.down)))
        let x1 = min(bitmap.width, Int(d.source.maxX.rounded(.up))), y1 = min(bitmap.height, Int(d.source.maxY.rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
        let tint = [d.tint.red, d.tint.green, d.tint.blue, d.tint.alpha]
        let key = ImageAssetKey(bitmap: bitmap, x: x0, y: y0, width: x1 - x0, height: y1 - y0, tint: tint, isTemplate: d.isTemplate)
        let pixels = (width: key.width, height: key.height)
        if let i = imageAssetIndex[key] { return (i, pixels) }
        var rgba = [UInt8](repeating: 0, count: key.width * key.height * 4)
        for row in 0..<key.height {
            for column in 0..<key.width {
                let from = ((y0 + row) * bitmap.width + x0 + column) * 4, to = (row * key.width + column) * 4
                for c in 0..<3 {
                    let v = d.isTemplate ? tint[c] * 255 : Double(bitmap.rgba[from + c]) * tint[c]
                    rgba[to + c] = UInt8(max(0, min(255, v.rounded())))
                }
                rgba[to + 3] = UInt8(max(0, min(255, (Double(bitmap.rgba[from + 3]) * tint[3]).rounded())))
            }
        }
        guard let png = Bitmap(width: key.width, height: key.height, rgba: rgba).pngData() else {
            warn("an image could not be encoded as PNG and is not exported")
            return nil
        }
        let index = imageAssets.count
        imageAssetIndex[key] = index
        imageAssets.append(["id": "image_\(index + 1)", "w": key.width, "h": key.height, "u": "", "e": 1,
                            "p": "data:image/png;base64," + Data(png).base64EncodedString()])
        return (index, pixels)
    }

    /// Stores `sample` as this frame's for the node under `key` (made on first sight); returns
    /// the node's index.
    func record(_ key: Node.Key, name: String, parent: Int?, _ sample: Sample) -> Int {
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
    /// just above the node painted before it. Lottie has one stacking order for the whole
    /// animation: a frame that paints known nodes in another order (a zPosition changed, a
    /// sublayer was moved) warns, and the first order is kept.
    private func mergeOrder(_ painted: [Int]) {
        var previous: Int?
        for n in painted {
            if ordered.insert(n).inserted {
                if let p = previous, let at = order.firstIndex(of: p) { order.insert(n, at: at + 1) } else { order.insert(n, at: 0) }
            }
            previous = n
        }
        var rank: [Int: Int] = [:]
        for (k, n) in order.enumerated() { rank[n] = k }
        let ranks = painted.compactMap { rank[$0] }
        if zip(ranks, ranks.dropFirst()).contains(where: { $0 >= $1 }) {
            warn("the drawing order changed during the range (a zPosition or the sublayer order changed): Lottie has one stacking order, the first frame's is kept")
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

    func warn(_ message: String) {
        if !warnings.contains(message) { warnings.append(message) }
    }

    /// Adds a warning that is rewritten as frames are recorded (a 3-D fit's misses so far);
    /// returns its index for ``replaceWarning(at:with:)``.
    func addWarning(_ message: String) -> Int {
        warnings.append(message)
        return warnings.count - 1
    }

    func replaceWarning(at index: Int, with message: String) { warnings[index] = message }

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
            "ddd": 0, "assets": imageAssets + writer.assets, "markers": [Any](), "layers": layers,
        ]
        return (json, writer.properties.summary)
    }

    /// ``document(frameRate:name:)`` serialised by `LottieJSONWriter` (`ty` first in every
    /// object, as rlottie needs; the other keys sorted, so equal recordings give equal bytes).
    public func data(frameRate: Int, name: String = "timeline") throws(LottieExportError) -> (data: Data, summary: LottieExportSummary) {
        let (json, summary) = try document(frameRate: frameRate, name: name)
        return (try LottieJSONWriter.data(json), summary)
    }
}
