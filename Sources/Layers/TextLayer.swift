import Geometry
import RenderModel

/// A layer that draws a string, as `CATextLayer` (CA3): ``fontSize`` points in
/// ``foregroundColor``, aligned by ``alignmentMode``, on one line or wrapped to the bounds
/// (``isWrapped``), and truncated at the start, middle or end with "…" when it does not fit
/// (``truncationMode``). Lines that do not fit in the bounds' height are not drawn.
///
/// Text is laid out by the engine's font system (shaped, bidi, UAX #14 breaks) and drawn as glyph
/// runs; the layout is kept while nothing it depends on changes.
@MainActor
open class TextLayer: Layer {
    /// `CATextLayerAlignmentMode`; natural is left for the scripts the metrics support.
    public enum AlignmentMode: String, Sendable, CaseIterable { case natural, left, right, center, justified }
    /// `CATextLayerTruncationMode`.
    public enum TruncationMode: String, Sendable, CaseIterable { case none, start, end, middle }

    /// The text drawn; nil or empty draws nothing. Changing it reshapes the text once, at the next display.
    public var string: String? { didSet { contentDidChange() } }
    /// Core Animation's default is 36 points.
    public var fontSize: Double = 36 { didSet { changed(.fontSize, .number(oldValue)) } }
    /// Core Animation's default is opaque white.
    public var foregroundColor: Color? = .white { didSet { changed(.foregroundColor, .color(oldValue ?? .clear)) } }
    /// How lines sit across the bounds: natural (by the text's direction), left, right, centre or justified.
    public var alignmentMode: AlignmentMode = .natural { didSet { contentDidChange() } }
    /// Whether lines wrap at the bounds' width; off, the text is one line per paragraph.
    public var isWrapped = false { didSet { contentDidChange() } }
    /// Where an ellipsis replaces text that does not fit: none, at the start, middle or end.
    public var truncationMode: TruncationMode = .none { didSet { contentDidChange() } }

    /// The font, at ``fontSize`` (nil: the system font), as CATextLayer's `font`.
    public var font: Font? { didSet { contentDidChange() } }
    /// The fonts for the draw in progress (set by the renderer from its engine).
    public internal(set) var renderFonts: FontSystem?

    public override init() { super.init() }
    /// A copy of `layer` for the presentation tree; the engine calls it, an app does not.
    public required init(layer: Layer) { super.init(layer: layer) }

    open override func copyProperties(from other: Layer) {
        super.copyProperties(from: other)
        guard let o = other as? TextLayer else { return }
        string = o.string; fontSize = o.fontSize; font = o.font; foregroundColor = o.foregroundColor
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

    /// The text laid out in `bounds` by `fonts`: wrapped to the width when ``isWrapped``, lines
    /// past the height dropped, the last one shown truncated at the start, middle or end with
    /// "…" by ``truncationMode`` (clipped with none).
    public func textLayout(fonts: FontSystem) -> TextLayout? {
        guard let string, !string.isEmpty, fontSize > 0, fontSize.isFinite else { return nil }
        let b = bounds
        var paragraph = ParagraphStyle()
        paragraph.alignment = switch alignmentMode {
        case .natural: .natural
        case .left: .left
        case .right: .right
        case .center: .center
        case .justified: .justified
        }
        paragraph.lineBreakMode = switch truncationMode {
        case .none: .byClipping
        case .start: .byTruncatingHead
        case .end: .byTruncatingTail
        case .middle: .byTruncatingMiddle
        }
        let style = TextStyle(font: (font ?? .systemFont(ofSize: fontSize)).withSize(fontSize), color: foregroundColor ?? .clear)
        return TextLayout(string, style: style, paragraph: paragraph, in: fonts, width: max(0, b.width),
                          maxLines: isWrapped ? 0 : 1, maxHeight: max(0, b.height))
    }

    override func prepareToRender(model: Layer, mediaTime: Double, fonts: FontSystem?) {
        super.prepareToRender(model: model, mediaTime: mediaTime, fonts: fonts)
        renderFonts = fonts
    }

    open override func renderContent(into list: inout [DrawCommand]) {
        super.renderContent(into: &list)
        guard let color = foregroundColor, color.alpha > 0, let fonts = renderFonts else { return }
        let key = LayoutKey(string: string, fontSize: fontSize, font: font, color: color, bounds: bounds,
                            alignment: alignmentMode, wrapped: isWrapped, truncation: truncationMode)
        if cachedLayout?.key != key || cachedLayout?.fonts !== fonts {
            cachedLayout = textLayout(fonts: fonts).map { (key, fonts, $0) }
        }
        guard let layout = cachedLayout?.layout else { return }
        let origin = bounds.origin
        for line in layout.lines {
            for run in line.runs { list.append(.glyphs(run, at: origin)) }
            for d in line.decorations { list.append(.fillRect(d.rect.offsetBy(dx: origin.x, dy: origin.y), d.color, cornerRadius: 0)) }
        }
    }

    /// What a cached layout was made from: a steady frame reuses it and shapes nothing.
    private struct LayoutKey: Equatable {
        var string: String?, fontSize: Double, font: Font?, color: Color, bounds: Rect
        var alignment: AlignmentMode, wrapped: Bool, truncation: TruncationMode
    }
    private var cachedLayout: (key: LayoutKey, fonts: FontSystem, layout: TextLayout)?
}
