import Geometry
import Layers
import RenderModel
import TextEngine

/// A Lottie text layer (LT1): the document showing at the frame last set, set by the text
/// engine in the family and style the animation's font list names (fontconfig finds the face;
/// a missing family falls back as the text engine's fonts do). Point text has its first
/// baseline on the layer's origin, each line placed by the justification (left from it, right
/// up to it, centred on it); paragraph text wraps in its box, its first baseline the font's
/// ascent below the box's top. Lines are the line height apart, raised by the baseline shift;
/// tracking adds thousandths of an em after each character. Shaped once per document and font
/// system: a frame that shows the same document draws the kept glyph runs.
@MainActor
public final class LottieTextLayer: TextLayer {
    let text: LottieText
    /// The document shown.
    public private(set) var document: LottieTextDocument?
    private var shownFrame = Double.nan
    private var shaped: (document: LottieTextDocument, fonts: FontSystem, draws: [DrawCommand])?

    init(text: LottieText) {
        self.text = text
        super.init()
    }

    public required init(layer: Layer) {
        let other = layer as? LottieTextLayer
        text = other?.text ?? LottieText(documents: [])
        super.init(layer: layer)
        document = other?.document
        shownFrame = other?.shownFrame ?? .nan
        shaped = other?.shaped
    }

    /// Shows the document of frame `frame` (its composition's).
    func show(frame: Double) {
        if frame == shownFrame || (!text.isAnimated && !shownFrame.isNaN) { return }
        shownFrame = frame
        let d = text.document(at: frame)
        guard d != document else { return }
        document = d
        setNeedsRender()
    }

    public override func renderContent(into list: inout [DrawCommand]) {
        super.renderContent(into: &list)             // no string of its own: the layer's content only
        guard let document, let fonts = renderFonts else { return }
        if let s = shaped, s.document == document, s.fonts === fonts {
            list.append(contentsOf: s.draws)
            return
        }
        let draws = Self.draws(document, in: fonts)
        shaped = (document, fonts, draws)
        list.append(contentsOf: draws)
    }

    /// The glyph runs of `d`, placed in the layer's coordinates.
    static func draws(_ d: LottieTextDocument, in fonts: FontSystem) -> [DrawCommand] {
        guard let color = d.fillColor, color.alpha > 0, d.size > 0, !d.text.isEmpty else { return [] }
        let style = TextStyle(font: font(d), color: color, kern: d.tracking / 1000 * d.size)
        var out: [DrawCommand] = []
        var index = 0.0                                   // lines set so far
        func emit(_ line: TextLayout.Line, x: Double, baseline: Double) {
            let origin = Point(x: x, y: baseline - line.baseline)
            for run in line.runs { out.append(.glyphs(run, at: origin)) }
        }
        if let box = d.box {
            let ascent = d.ascent.map { $0 * d.size } ?? fonts.metrics(for: style.font).ascender
            var paragraph = ParagraphStyle()
            paragraph.alignment = switch d.justification {
            case .left: .left
            case .right: .right
            case .center: .center
            case .justifyLastLeft, .justifyLastRight, .justifyLastCenter, .justifyLastFull: .justified
            }
            for text in d.paragraphs {
                let layout = TextLayout(text, style: style, paragraph: paragraph, in: fonts, width: box.width)
                for line in layout.lines {
                    let baseline = box.minY + ascent + index * d.lineHeight - d.baselineShift
                    guard baseline - ascent <= box.maxY else { return out }   // past the box's bottom
                    emit(line, x: box.minX, baseline: baseline)
                    index += 1
                }
                if layout.lines.isEmpty { index += 1 }
            }
        } else {
            var paragraph = ParagraphStyle()
            paragraph.alignment = .left
            paragraph.lineBreakMode = .byClipping
            for text in d.paragraphs {
                let layout = TextLayout(text, style: style, paragraph: paragraph, in: fonts)
                for line in layout.lines {
                    let shift: Double = switch d.justification {
                    case .right, .justifyLastRight: -line.width
                    case .center, .justifyLastCenter: -line.width / 2
                    default: 0
                    }
                    emit(line, x: shift - line.x, baseline: index * d.lineHeight - d.baselineShift)
                    index += 1
                }
                if layout.lines.isEmpty { index += 1 }
            }
        }
        return out
    }

    /// The font a document names: its family, with the weight and slant its style gives.
    static func font(_ d: LottieTextDocument) -> Font {
        let style = d.fontStyle.lowercased().replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "-", with: "")
        let weight: Font.Weight =
            if style.contains("extralight") || style.contains("ultralight") { .ultraLight }
            else if style.contains("thin") || style.contains("hairline") { .thin }
            else if style.contains("light") { .light }
            else if style.contains("semibold") || style.contains("demibold") { .semibold }
            else if style.contains("extrabold") || style.contains("ultrabold") || style.contains("heavy") { .heavy }
            else if style.contains("black") { .black }
            else if style.contains("bold") { .bold }
            else if style.contains("medium") { .medium }
            else { .regular }
        let italic = style.contains("italic") || style.contains("oblique")
        return Font(family: d.fontFamily.isEmpty ? nil : d.fontFamily, size: d.size, weight: weight, italic: italic)
    }
}
