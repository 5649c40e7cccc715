import Geometry
import Images
import Layers
import RenderModel
import TextEngine

/// A Lottie animation built as a layer tree (LT1): one `Layer` per drawn Lottie layer, in a
/// root layer the size of the canvas, whose properties ``setFrame(_:)`` sets from the keyframes.
/// The frame is the only input: setting the same frame twice gives the same tree, whatever was
/// set in between.
///
/// Each layer's transform carries its parents' (Lottie parenting moves a layer with its parent
/// but does not fade it with it); precompositions are container layers clipped to their size,
/// running on their own time (start time, stretch, time remapping); layers outside their in
/// and out points are hidden; a shape layer draws its contents through a ``LottieShapeLayer``.
@MainActor
public final class LottieComposition {
    /// The animation the layers were built from.
    public let animation: LottieAnimation
    /// The root layer: the canvas, clipped to it.
    public let rootLayer: Layer
    /// The frame last set.
    public private(set) var currentFrame: Double

    private let nodes: [Node]

    /// Builds the tree for `animation`, showing its first frame, with the properties that
    /// `providers` name overridden by them (the last provider for a property wins).
    public init(animation: LottieAnimation, providers: [(keypath: AnimationKeypath, provider: any AnyValueProvider)] = [],
                textProvider: (any AnimationKeypathTextProvider)? = nil) {
        self.animation = animation
        rootLayer = Layer()
        rootLayer.name = animation.name.isEmpty ? "Lottie" : animation.name
        rootLayer.bounds = Rect(x: 0, y: 0, width: animation.width, height: animation.height)
        rootLayer.anchorPoint = .zero
        rootLayer.masksToBounds = true
        rootLayer.delegate = LottieComposition.noActions
        rootLayer.runsImplicitActions = false
        let rewriter = providers.isEmpty ? nil : ProviderRewriter(providers: providers, assets: animation.assets)
        nodes = Self.build(rewriter?.layers(animation.layers, []) ?? animation.layers, in: rootLayer, animation: animation,
                           rewriter: rewriter, textProvider: textProvider, path: [], depth: 0)
        currentFrame = animation.startFrame
        setFrame(animation.startFrame)
    }

    /// Layer evaluations since the composition was built (LT6's cache, for tests): a layer is
    /// evaluated when it shows at a frame and something it sets on its layer (its transform or
    /// its parents', opacity, masks, shapes) may differ from what it set last. A layer whose
    /// every property is static counts once; so does every layer of a precomposition held on
    /// one frame by time remapping.
    var evaluatedLayerCount = 0
    /// The frame the tree was last updated for (NaN before the first).
    private var updatedFrame = Double.nan
    /// The fonts text layers are set in when the tree is drawn outside a window (a window's
    /// renderer brings its own): made on first use, and only for animations with text.
    private lazy var textFonts: FontSystem? = Self.hasText(animation) ? (try? FontSystem()) : nil

    static func hasText(_ animation: LottieAnimation) -> Bool {
        func has(_ layers: [LottieLayer]) -> Bool { layers.contains { if case .text = $0.kind { true } else { false } } }
        return has(animation.layers) || animation.assets.values.contains { if case .precomposition(let l) = $0 { has(l) } else { false } }
    }

    /// Shows frame `frame` (in the animation's frames; fractional frames interpolate).
    ///
    /// Only what can change is evaluated: the frame set last is not set again, a layer whose
    /// properties are all static keeps the values it was first given, and a precomposition
    /// whose inner frame is the one it showed last (held by time remapping, or past its end) is
    /// not entered. The cache lives in this instance; a value provider change builds a new one.
    public func setFrame(_ frame: Double) {
        currentFrame = frame
        guard frame != updatedFrame else { return }
        updatedFrame = frame
        Self.update(nodes, frame: frame, framerate: animation.framerate, evaluated: &evaluatedLayerCount)
    }

    /// Text layers holding shaped text or drawn glyphs (MR5's counts).
    public var cachedTextLayerCount: Int {
        var n = 0
        Self.forEachText(nodes) { if $0.hasCachedText { n += 1 } }
        return n
    }

    /// Forgets what the text layers keep (shaped text, drawn glyphs; MR5's memory warning): it is
    /// made again, the same, when the layers next render. The tree itself stays.
    public func releaseCaches() {
        Self.forEachText(nodes) { $0.releaseCaches() }
    }

    private static func forEachText(_ nodes: [Node], _ body: (LottieTextLayer) -> Void) {
        for n in nodes {
            if let t = n.text { body(t) }
            forEachText(n.children, body)
        }
    }

    /// The layer tree's draw commands at the current frame, as a display list of the canvas at
    /// `scale` device pixels per point on a transparent background.
    public func displayList(scale: Double = 1) -> DisplayList {
        var list = DisplayList()
        var renderer = LayerRenderer(engine: nil)
        renderer.fontSystem = textFonts
        _ = renderer.emit(rootLayer, parent: .identity, into: &list.commands)
        list.size = animation.size
        list.scale = scale
        list.background = .clear
        return list
    }

    // MARK: The tree

    /// A delegate that turns implicit actions off: the frame sets every property, and a
    /// standalone layer would otherwise animate each change for a quarter second. The layers
    /// also run no implicit actions (`Layer.runsImplicitActions`), so that a change does not
    /// look for one (LT11).
    static let noActions = NoActions()
    final class NoActions: LayerDelegate {
        func action(for layer: Layer, forKey event: String) -> (any Action)? { NullAction() }
    }

    /// One Lottie layer and what it became.
    final class Node {
        let model: LottieLayer
        /// nil for null layers and mattes' sources (nothing drawn).
        let layer: Layer?
        let shapes: LottieShapeLayer?
        /// The layer as a text layer (nil for other kinds), kept so a frame needs no cast.
        let text: LottieTextLayer?
        /// Whether the layer's effects run as its layer's filters, over its whole composited
        /// content: image, precomposition and text layers, and a shape layer that was given none
        /// of them to apply to its shapes (one with a blur; ``LottieEffect/shapeEffects(_:)``).
        let filtersContent: Bool
        let children: [Node]
        /// The parent chain's nodes, nearest first (resolved by "ind" within the composition).
        var parents: [Node] = [] {
            didSet {
                uses3D = model.is3D || parents.contains { $0.model.is3D }
                changes = Self.changes(model, shapes, parents: parents)
            }
        }
        /// Whether the layer holds the node's values.
        var isEvaluated = false
        /// The frame the layer's values were set for (LT11): a later frame with no keyframe of
        /// the node's properties moving or jumping in between (``changes``) sets nothing.
        var evaluatedFrame = Double.nan
        /// When what the node sets on its layer can change: its transform and its parents',
        /// its opacity, masks and shapes (a precomposition's children are nodes of their own;
        /// every frame for animated text and animated effects). A node with none, a static
        /// one, is evaluated once, the first frame it shows.
        private(set) var changes: ValueChanges
        /// The inner frame a precomposition's children were last updated for.
        var childrenFrame = Double.nan
        /// The layer's own matrix at ``matrixFrame`` (a parent of several layers is evaluated
        /// once a frame, not once per child).
        private var matrix = AffineTransform.identity, matrixFrame = Double.nan

        /// Whether the node or a parent is a 3D layer (its transform is then composed in 3D).
        private(set) var uses3D: Bool

        /// The layer's own transform in 3D at composition frame `frame`: a 3D layer's depth and
        /// turns, or a 2D layer's matrix.
        func ownMatrix3D(at frame: Double) -> Transform3D {
            guard model.is3D else { return Transform3D(ownMatrix(at: frame)) }
            return model.transform.matrix3D(at: frame, orientation: model.autoOrient ? model.transform.heading(at: frame) : 0)
        }

        /// The layer's own matrix at composition frame `frame` (auto-orientation included).
        func ownMatrix(at frame: Double) -> AffineTransform {
            if frame != matrixFrame {
                matrix = model.transform.matrix(at: frame, orientation: model.autoOrient ? model.transform.heading(at: frame) : 0)
                matrixFrame = frame
            }
            return matrix
        }
        init(model: LottieLayer, layer: Layer?, shapes: LottieShapeLayer?, children: [Node]) {
            self.model = model; self.layer = layer; self.shapes = shapes; self.children = children
            text = layer as? LottieTextLayer
            filtersContent = layer != nil && Self.effectsRunAsFilters(model, shapes)
            uses3D = model.is3D
            changes = Self.changes(model, shapes, parents: [])
        }

        /// Whether the layer's effects run as its layer's filters: it has effects and no shape
        /// layer took them to apply to its shapes.
        static func effectsRunAsFilters(_ model: LottieLayer, _ shapes: LottieShapeLayer?) -> Bool {
            !model.effects.isEmpty && shapes?.effects.isEmpty ?? true
        }

        /// When the values a node sets can change (see ``changes``).
        static func changes(_ model: LottieLayer, _ shapes: LottieShapeLayer?, parents: [Node]) -> ValueChanges {
            var c = ValueChanges()
            // An auto-oriented layer's heading samples its position a little either side.
            c.add(model.transform, reach: model.autoOrient ? ValueChanges.headingReach : 0)
            for p in parents { c.add(p.model.transform, reach: p.model.autoOrient ? ValueChanges.headingReach : 0) }
            c.add(model.masks)
            if let shapes { c.add(shapes.contentChanges) }
            if case .text(let t) = model.kind, t.isAnimated { c.addEveryFrame() }
            if effectsRunAsFilters(model, shapes), model.effects.contains(where: { $0.isAnimated }) { c.addEveryFrame() }
            c.finish()
            return c
        }
    }

    static func build(_ layers: [LottieLayer], in container: Layer, animation: LottieAnimation, rewriter: ProviderRewriter?,
                      textProvider: (any AnimationKeypathTextProvider)?, path: [String], depth: Int) -> [Node] {
        var nodes: [Node] = []
        for model in layers {
            var layer: Layer? = Layer()
            var shapes: LottieShapeLayer?
            var children: [Node] = []
            switch model.kind {
            case .null:
                layer = nil
            case .text(var text):
                if let textProvider {
                    // lottie-ios's text providers: asked once per document when the tree is built.
                    let keypath = AnimationKeypath(keys: path + [model.name])
                    for k in text.documents.indices {
                        let source = text.documents[k].document.text
                        text.documents[k].document.text = textProvider.text(for: keypath, sourceText: source) ?? source
                    }
                }
                layer = LottieTextLayer(text: text)
            case .shape(let items):
                let s = LottieShapeLayer(contents: ShapeContents(items), effects: LottieEffect.shapeEffects(model.effects))
                shapes = s
                layer = s
            case .solid(let color, let w, let h):
                // A filled rectangle path, as a shape layer draws one: exact coverage under any
                // transform (a rotated background colour would be a tessellated mesh), and its
                // coverage kept while it does not change (LT6).
                let s = LottieShapeLayer(contents: ShapeContents(Self.solidRectangle(color, width: w, height: h)),
                                         effects: LottieEffect.shapeEffects(model.effects))
                s.bounds = Rect(x: 0, y: 0, width: w, height: h)
                shapes = s
                layer = s
            case .image(let id):
                if case .image(let image, let w, let h)? = animation.assets[id] {
                    layer?.contents = image
                    layer?.bounds = Rect(x: 0, y: 0, width: w, height: h)
                }
            case .precomposition(let id, let w, let h):
                layer?.bounds = Rect(x: 0, y: 0, width: w, height: h)
                layer?.masksToBounds = true
                if case .precomposition(let inner)? = animation.assets[id], let l = layer {
                    let here = path + [model.name]
                    let rewritten = rewriter?.precomposition(id, here, depth: depth) ?? inner
                    children = build(rewritten, in: l, animation: animation, rewriter: rewriter, textProvider: textProvider,
                                     path: here, depth: depth + 1)
                }
            }
            if let l = layer {
                l.name = model.name
                l.anchorPoint = .zero
                l.delegate = noActions
                l.runsImplicitActions = false
                if model.masks.contains(where: { $0.mode != .none }) {
                    let m = PathMaskLayer()
                    m.anchorPoint = .zero
                    m.delegate = noActions
                    m.runsImplicitActions = false
                    l.mask = m
                }
            }
            nodes.append(Node(model: model, layer: layer, shapes: shapes, children: children))
        }
        // Parenting by "ind" within this composition; a chain that loops stops where it would.
        var byIndex: [Int: Node] = [:]
        for n in nodes { if let i = n.model.index, byIndex[i] == nil { byIndex[i] = n } }
        for n in nodes {
            var seen: Set<ObjectIdentifier> = [ObjectIdentifier(n)]
            var p = n.model.parent.flatMap { byIndex[$0] }
            while let parent = p, seen.insert(ObjectIdentifier(parent)).inserted, n.parents.count < 64 {
                n.parents.append(parent)
                p = parent.model.parent.flatMap { byIndex[$0] }
            }
        }
        // The first layer is on top: add bottom first. A layer with a track matte goes into a
        // container masked by its matte (the layer above it, marked "td"), which is not drawn
        // itself; so are mattes no layer uses.
        for (k, n) in nodes.enumerated().reversed() {
            guard let l = n.layer, !n.model.isMatte else { continue }
            if let mode = n.model.matteMode, k > 0, nodes[k - 1].model.isMatte, let matte = nodes[k - 1].layer {
                let holder = Layer()
                holder.name = "matte of \(n.model.name)"
                holder.anchorPoint = .zero
                holder.delegate = noActions
                holder.runsImplicitActions = false
                holder.maskMode = switch mode {
                case .alpha: .alpha
                case .invertedAlpha: .inverseAlpha
                case .luma: .luminance
                case .invertedLuma: .inverseLuminance
                }
                holder.mask = matte
                holder.addSublayer(l)
                if n.model.blendMode != .normal { holder.compositingFilter = n.model.blendMode }
                container.addSublayer(holder)
            } else {
                if n.model.blendMode != .normal { l.compositingFilter = n.model.blendMode }
                container.addSublayer(l)
            }
            // Blended shapes blend within their layer, as After Effects and lottie-web draw
            // them: the layer is drawn on its own (LT13).
            if l.compositingFilter == nil, n.shapes?.shapeContents.hasBlends == true { l.compositingFilter = .normal }
        }
        return nodes
    }

    static func update(_ nodes: [Node], frame: Double, framerate: Double, evaluated: inout Int) {
        for n in nodes {
            guard let layer = n.layer else { continue }
            // The model is read in place (a copy of it would retain each of its arrays).
            let visible = n.model.isVisible(at: frame)
            if layer.isHidden == visible { layer.isHidden = !visible }
            guard visible else { continue }
            if !n.children.isEmpty {
                // Inside a precomposition, time runs from its start: remapped, or shifted and
                // stretched. A frame already shown is not entered again (a held remap).
                let inner = n.model.innerFrame(frame, framerate: framerate)
                if inner != n.childrenFrame {
                    n.childrenFrame = inner
                    update(n.children, frame: inner, framerate: framerate, evaluated: &evaluated)
                }
            }
            // Static, or nothing keyframed moved or jumped since the frame it was set for.
            if n.isEvaluated && n.changes.isConstant(from: n.evaluatedFrame, to: frame) { continue }
            n.isEvaluated = true
            n.evaluatedFrame = frame
            evaluated += 1
            let t: Transform3D
            if n.uses3D {
                // A 3D layer, or a layer hanging from one: the chain composed in 3D (LT13).
                var m = n.ownMatrix3D(at: frame)
                for p in n.parents { m = m.concatenating(p.ownMatrix3D(at: frame)) }
                t = m
            } else {
                var matrix = n.ownMatrix(at: frame)
                for p in n.parents { matrix = matrix.concatenating(p.ownMatrix(at: frame)) }
                t = Transform3D(matrix)
            }
            if layer.transform != t { layer.transform = t }
            let o = n.model.transform.opacityValue(at: frame)
            if layer.opacity != o { layer.opacity = o }
            if let s = n.shapes { s.show(frame: frame) } else if let t = n.text { t.show(frame: frame) }
            if let mask = layer.mask as? PathMaskLayer { mask.paths = Self.maskPaths(n.model.masks, at: frame) }
            if n.filtersContent {
                // LT13: an image's, a precomposition's or a text layer's effects, over its content.
                let f = LottieEffect.filters(n.model.effects, at: frame)
                if layer.filters != f { layer.filters = f }
            }
        }
    }
}

extension LottieComposition {
    /// A solid layer's contents: its rectangle filled with its colour.
    static func solidRectangle(_ color: Color, width w: Double, height h: Double) -> [ShapeItem] {
        [.rectangle(position: .fixed(LottieVector(w / 2, h / 2, 0, 0)), size: .fixed(LottieVector(w, h, 0, 0)),
                    roundness: .fixed(.zero), reversed: false),
         .fill(name: "", color: .fixed(LottieVector(color.red, color.green, color.blue, color.alpha)),
               opacity: .fixed(LottieVector(100, 0, 0, 0)), rule: .nonZero)]
    }

    /// A layer's masks at frame `frame` (its composition's) as the painter combines them (modes "none" are
    /// left out).
    static func maskPaths(_ masks: [LottieMask], at frame: Double) -> [MaskPath] {
        masks.compactMap { m in
            let mode: MaskPath.Mode
            switch m.mode {
            case .none: return nil
            case .subtract: mode = .subtract
            case .intersect: mode = .intersect
            case .add: mode = .add
            case .difference: mode = .difference
            case .lighten: mode = .lighten
            case .darken: mode = .darken
            }
            return MaskPath(path: ShapeContents.path(m.path.value(at: frame)), mode: mode,
                            opacity: min(max(m.opacity.scalar(at: frame) / 100, 0), 1), isInverted: m.isInverted,
                            expansion: m.expansion.scalar(at: frame))
        }
    }
}

/// A Lottie shape layer: draws its contents at the frame last shown (LT1). Contents with no
/// keyframes are evaluated once.
@MainActor
public final class LottieShapeLayer: Layer {
    let shapeContents: ShapeContents
    /// The layer's effects (LT13), applied to its contents' commands.
    let effects: [LottieEffect]
    let effectsAreAnimated: Bool
    /// When the contents' draws can change (every frame with animated effects), LT11.
    let contentChanges: ValueChanges
    private var draws: [DrawCommand] = []
    private var shownFrame = Double.nan
    /// The contents' parts that do not change with the frame, kept from the first evaluation.
    private var memo = ShapeContents.Memo()

    init(contents: ShapeContents, effects: [LottieEffect] = []) {
        self.shapeContents = contents
        self.effects = effects
        effectsAreAnimated = effects.contains { $0.isAnimated }
        contentChanges = Self.changes(of: contents, animatedEffects: effectsAreAnimated)
        super.init()
    }
    /// A copy of `layer` for the presentation tree; the engine calls it, an app does not.
    public required init(layer: Layer) {
        let other = layer as? LottieShapeLayer
        shapeContents = other?.shapeContents ?? ShapeContents([])
        effects = other?.effects ?? []
        effectsAreAnimated = other?.effectsAreAnimated ?? false
        contentChanges = other?.contentChanges ?? ValueChanges()
        super.init(layer: layer)
        draws = other?.draws ?? []
        shownFrame = other?.shownFrame ?? .nan
        memo = other?.memo ?? ShapeContents.Memo()
    }

    /// How many times the contents were evaluated to draws different from the ones shown, so
    /// that the layer was drawn again (LT11's count: a frame held between keyframes adds none).
    private(set) var changedDrawCount = 0

    /// Evaluates the contents at frame `frame` (its composition's) when they change with it,
    /// and asks for the layer to be drawn again only when its draws differ from the ones shown:
    /// a shape held between keyframes (a hold, equal keyframes, a pause after a move) is
    /// neither re-emitted into the window's list nor repainted.
    func show(frame: Double) {
        if frame == shownFrame || (!shownFrame.isNaN && contentChanges.isConstant(from: shownFrame, to: frame)) { return }
        let first = shownFrame.isNaN
        shownFrame = frame
        var next = shapeContents.draws(at: frame, memo: &memo)
        if !effects.isEmpty { LottieEffect.apply(effects, to: &next, at: frame) }
        guard first || next != draws else { return }
        draws = next
        changedDrawCount += 1
        setNeedsRender()
    }

    public override func renderContent(into list: inout [DrawCommand]) {
        super.renderContent(into: &list)
        list.append(contentsOf: draws)
    }

    static func changes(of contents: ShapeContents, animatedEffects: Bool) -> ValueChanges {
        var c = ValueChanges()
        c.add(contents.items)
        if animatedEffects { c.addEveryFrame() }
        c.finish()
        return c
    }
}
