import Geometry
import RenderModel

/// A layer that draws a path, as `CAShapeLayer`: filled with ``fillColor`` by ``fillRule`` and
/// stroked with ``strokeColor``, ``lineWidth``, caps, joins and dashes, between the fractions
/// ``strokeStart`` and ``strokeEnd`` of its length (a progress ring animates ``strokeEnd``). The
/// path is in the layer's coordinates; animating ``path`` between paths with the same elements
/// morphs it point by point (CA3).
@MainActor
open class ShapeLayer: Layer {
    /// The shape, in the layer's coordinates (points); nil draws nothing. Animatable between paths with the same elements.
    public var path: Path? { didSet { changed(.path, .path(oldValue ?? Path())) } }
    /// nil: not filled. Default opaque black, as Core Animation.
    public var fillColor: Color? = .black { didSet { changed(.fillColor, .color(oldValue ?? .clear)) } }
    /// Which regions of a self-crossing path are inside: non-zero winding (default) or even-odd.
    public var fillRule: FillRule = .nonZero { didSet { contentDidChange() } }
    /// nil: not stroked (the default).
    public var strokeColor: Color? { didSet { changed(.strokeColor, .color(oldValue ?? .clear)) } }
    /// The stroke's width in points, centred on the path. Animatable.
    public var lineWidth: Double = 1 { didSet { changed(.lineWidth, .number(oldValue)) } }
    /// How open ends of the stroke are drawn: flat at the end (default), round, or square past it.
    public var lineCap: LineCap = .butt { didSet { contentDidChange() } }
    /// How the stroke turns corners: mitred (default), round or bevelled.
    public var lineJoin: LineJoin = .miter { didSet { contentDidChange() } }
    /// The longest miter, as a multiple of the line width, before a corner is bevelled instead.
    public var miterLimit: Double = 10 { didSet { changed(.miterLimit, .number(oldValue)) } }
    /// Lengths of dashes and gaps, alternating; nil or empty: a solid line.
    public var lineDashPattern: [Double]? { didSet { contentDidChange() } }
    /// How far into ``lineDashPattern`` the stroke starts, in points. Animatable (marching ants).
    public var lineDashPhase: Double = 0 { didSet { changed(.lineDashPhase, .number(oldValue)) } }
    /// Where the stroke starts, as a fraction of the path's length (0...1).
    public var strokeStart: Double = 0 { didSet { changed(.strokeStart, .number(oldValue)) } }
    /// Where the stroke ends, as a fraction of the path's length (0...1).
    public var strokeEnd: Double = 1 { didSet { changed(.strokeEnd, .number(oldValue)) } }

    /// The stroke outline for the current inputs (computing it is the costly part of a frame
    /// that animates ``strokeEnd``; a steady frame reuses it).
    private var strokeCache: (key: StrokeKey, outline: Path)?

    public override init() { super.init() }
    /// A copy of `layer` for the presentation tree; the engine calls it, an app does not.
    public required init(layer: Layer) { super.init(layer: layer) }

    open override func copyProperties(from other: Layer) {
        super.copyProperties(from: other)
        guard let o = other as? ShapeLayer else { return }
        path = o.path; fillColor = o.fillColor; fillRule = o.fillRule; strokeColor = o.strokeColor
        lineWidth = o.lineWidth; lineCap = o.lineCap; lineJoin = o.lineJoin; miterLimit = o.miterLimit
        lineDashPattern = o.lineDashPattern; lineDashPhase = o.lineDashPhase
        strokeStart = o.strokeStart; strokeEnd = o.strokeEnd
    }

    nonisolated open override class func hasProperty(_ property: LayerProperty) -> Bool {
        if super.hasProperty(property) { return true }
        return property.rawValue >= LayerProperty.path.rawValue && property.rawValue <= LayerProperty.strokeEnd.rawValue
    }

    open override func value(for property: LayerProperty) -> LayerValue {
        switch property {
        case .path: .path(path ?? Path())
        case .fillColor: .color(fillColor ?? .clear)
        case .strokeColor: .color(strokeColor ?? .clear)
        case .lineWidth: .number(lineWidth)
        case .miterLimit: .number(miterLimit)
        case .lineDashPhase: .number(lineDashPhase)
        case .strokeStart: .number(strokeStart)
        case .strokeEnd: .number(strokeEnd)
        default: super.value(for: property)
        }
    }

    open override func setValue(_ value: LayerValue, for property: LayerProperty) {
        switch (property, value) {
        case (.path, .path(let v)): path = v.elements.isEmpty ? nil : v
        case (.fillColor, .color(let v)): fillColor = v
        case (.strokeColor, .color(let v)): strokeColor = v
        case (.lineWidth, .number(let v)): lineWidth = v
        case (.miterLimit, .number(let v)): miterLimit = v
        case (.lineDashPhase, .number(let v)): lineDashPhase = v
        case (.strokeStart, .number(let v)): strokeStart = v
        case (.strokeEnd, .number(let v)): strokeEnd = v
        default: super.setValue(value, for: property)
        }
    }

    /// The outline of the visible stroke (trimmed, dashed, stroked) as a path filled by the
    /// non-zero rule; nil when nothing is stroked.
    public func strokeOutline() -> Path? {
        guard let path, let color = strokeColor, color.alpha > 0, lineWidth > 0 else { return nil }
        let start = min(max(strokeStart, 0), 1), end = min(max(strokeEnd, 0), 1)
        guard end > start else { return nil }
        let key = StrokeKey(path: path, start: start, end: end, width: lineWidth, cap: lineCap, join: lineJoin,
                            miter: miterLimit, dashes: lineDashPattern ?? [], phase: lineDashPhase)
        if let c = strokeCache, c.key == key { return c.outline }
        // A presentation copy (one per replicator copy, per frame) asks its model first, and
        // leaves what it made there: a dashed outline is worth making once.
        if let model = renderModel, let c = model.strokeCache, c.key == key {
            strokeCache = c
            return c.outline
        }
        var visible = start == 0 && end == 1 ? path : path.trimmed(from: start, to: end)
        if let dashes = lineDashPattern, !dashes.isEmpty { visible = visible.copy(dashingWithPhase: lineDashPhase, lengths: dashes) }
        let outline = visible.copy(strokingWithWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit)
        strokeCache = (key, outline)
        renderModel?.strokeCache = (key, outline)
        return outline
    }

    /// The model of a presentation copy being drawn (whose stroke cache the copy shares).
    private weak var renderModel: ShapeLayer?

    override func prepareToRender(model: Layer, mediaTime: Double, fonts: FontSystem?) {
        super.prepareToRender(model: model, mediaTime: mediaTime, fonts: fonts)
        renderModel = model === self ? nil : model as? ShapeLayer
    }

    open override func renderContent(into list: inout [DrawCommand]) {
        super.renderContent(into: &list)
        guard let path else { return }
        if let fill = fillColor, fill.alpha > 0 { list.append(.fillShape(path, .color(fill), fillRule)) }
        if let outline = strokeOutline(), let color = strokeColor { list.append(.fillShape(outline, .color(color), .nonZero)) }
    }

    /// The shadow silhouette when no shadow path is set: the filled path.
    override var contentSilhouette: Path? { fillColor.map { $0.alpha > 0 } == true ? path : strokeOutline() }
}

/// What a stroke outline depends on.
struct StrokeKey: Equatable {
    var path: Path, start: Double, end: Double, width: Double, cap: LineCap, join: LineJoin, miter: Double
    var dashes: [Double], phase: Double
}
