import Geometry
import RenderModel

/// A layer that draws a string, as `CATextLayer` (CA3): ``fontSize`` points in
/// ``foregroundColor``, aligned by ``alignmentMode``, on one line or wrapped to the bounds
/// (``isWrapped``), and truncated at the start, middle or end with "…" when it does not fit
/// (``truncationMode``). Lines that do not fit in the bounds' height are not drawn.
///
/// Text is measured with the engine's font metrics (the window's: the shipped font in the
/// window and in `timeline render`); the text engine of issue 23 replaces them.
@MainActor
open class TextLayer: Layer {
    /// `CATextLayerAlignmentMode`; natural is left for the scripts the metrics support.
    public enum AlignmentMode: String, Sendable, CaseIterable { case natural, left, right, center, justified }
    /// `CATextLayerTruncationMode`.
    public enum TruncationMode: String, Sendable, CaseIterable { case none, start, end, middle }

    public var string: String? { didSet { contentDidChange() } }
    /// Core Animation's default is 36 points.
    public var fontSize: Double = 36 { didSet { changed(.fontSize, .number(oldValue)) } }
    /// Core Animation's default is opaque white.
    public var foregroundColor: Color? = .white { didSet { changed(.foregroundColor, .color(oldValue ?? .clear)) } }
    public var alignmentMode: AlignmentMode = .natural { didSet { contentDidChange() } }
    public var isWrapped = false { didSet { contentDidChange() } }
    public var truncationMode: TruncationMode = .none { didSet { contentDidChange() } }

    /// The metrics for the draw in progress (set by the renderer from its engine).
    var renderMetrics: (any FontMetrics)?

    public override init() { super.init() }
    public required init(layer: Layer) { super.init(layer: layer) }

    open override func copyProperties(from other: Layer) {
        super.copyProperties(from: other)
        guard let o = other as? TextLayer else { return }
        string = o.string; fontSize = o.fontSize; foregroundColor = o.foregroundColor
        alignmentMode = o.alignmentMode; isWrapped = o.isWrapped; truncationMode = o.truncationMode
    }

    nonisolated open override class func hasProperty(_ property: LayerProperty) -> Bool {
        if super.hasProperty(property) { return true }
        return property == .fontSize || property == .foregroundColor
    }

    open override func value(for property: LayerProperty) -> LayerValue {
        switch property {
        case .fontSize: .number(fontSize)
        case .foregroundColor: .color(foregroundColor ?? .clear)
        default: super.value(for: property)
        }
    }

    open override func setValue(_ value: LayerValue, for property: LayerProperty) {
        switch (property, value) {
        case (.fontSize, .number(let v)): fontSize = v
        case (.foregroundColor, .color(let v)): foregroundColor = v
        default: super.setValue(value, for: property)
        }
    }

    /// The lines as drawn in `bounds` with `metrics`: text and left edge.
    public func lines(metrics: any FontMetrics) -> [(text: String, x: Double, y: Double)] {
        guard let string, !string.isEmpty, fontSize > 0, fontSize.isFinite else { return [] }
        let b = bounds
        let width = isWrapped ? max(0, b.width) : .infinity
        // Lines past the height are dropped; with end truncation the last one kept ends in "…".
        let truncatesEnd = isWrapped && truncationMode == .end
        let layout = TextLayout(string, fontSize: fontSize, metrics: metrics, width: width,
                                maxHeight: truncatesEnd ? max(0, b.height) : .infinity,
                                lineBreak: truncatesEnd ? .byTruncatingTail : .byWordWrapping)
        var out: [(text: String, x: Double, y: Double)] = []
        var y = b.minY
        for (k, line) in layout.lines.enumerated() {
            if y + layout.lineHeight > b.maxY + 1e-9, k > 0 { break }
            var text = line.text, w = line.width
            if !isWrapped, truncationMode != .none, w > b.width, k == 0 {
                text = Self.truncate(text, to: b.width, mode: truncationMode, fontSize: fontSize, metrics: metrics)
                w = metrics.size(of: text, fontSize: fontSize).width
            }
            let x: Double = switch alignmentMode {
            case .right: b.maxX - w
            case .center: b.minX + (b.width - w) / 2
            case .natural, .left, .justified: b.minX
            }
            out.append((text, x, y))
            y += layout.lineHeight + layout.lineSpacing
        }
        return out
    }

    /// `text` cut to fit `width` with "…" at its start, middle or end, removing one character at a
    /// time (from the middle, alternately before and after the ellipsis).
    static func truncate(_ text: String, to width: Double, mode: TruncationMode, fontSize: Double, metrics: any FontMetrics) -> String {
        let chars = Array(text)
        var head = mode == .start ? [] : (mode == .middle ? Array(chars[..<(chars.count / 2)]) : chars)
        var tail = mode == .start ? chars : (mode == .middle ? Array(chars[(chars.count / 2)...]) : [])
        func candidate() -> String { String(head) + "…" + String(tail) }
        var fromHead = head.count >= tail.count
        while !(head.isEmpty && tail.isEmpty), metrics.size(of: candidate(), fontSize: fontSize).width > width {
            switch mode {
            case .start: tail.removeFirst()
            case .middle:
                if fromHead, !head.isEmpty { head.removeLast() } else if !tail.isEmpty { tail.removeFirst() } else { head.removeLast() }
                fromHead.toggle()
            default: head.removeLast()
            }
        }
        return candidate()
    }

    override func prepareToRender(model: Layer, mediaTime: Double, metrics: (any FontMetrics)?) {
        renderMetrics = metrics ?? FixedFontMetrics()
    }

    open override func renderContent(into list: inout [DrawCommand]) {
        super.renderContent(into: &list)
        guard let color = foregroundColor, color.alpha > 0, let metrics = renderMetrics else { return }
        for line in lines(metrics: metrics) {
            list.append(.text(line.text, at: Point(x: line.x, y: line.y), fontSize: fontSize, color))
        }
    }
}
