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
/// tracking adds thousandths of an em after each character.
///
/// Characters the animation's embedded glyphs ("chars") have are drawn from those outlines,
/// advanced by their widths; text along a mask's path has each character's middle on the path.
///
/// Shaped once per document and font system. Text with neither a stroke, animators, a path
/// nor embedded glyphs draws its glyph runs as set. Otherwise each glyph is drawn on its own
/// (`LottieTextLayout`): its animators' selectors evaluated at the frame give it an offset,
/// a scale, a turn about its middle, an opacity and colours; a font glyph only moved stays a
/// glyph of a run, an embedded one part of one shape, one turned, scaled, skewed or stroked is
/// drawn from its outline. A frame whose animators and path do not change draws the kept
/// commands.
@MainActor
public final class LottieTextLayer: TextLayer {
    let text: LottieText
    /// The document shown.
    public private(set) var document: LottieTextDocument?
    private var shownFrame = Double.nan
    private var shaped: (document: LottieTextDocument, fonts: FontSystem, layout: LottieTextLayout)?
    /// The commands of the frame last drawn glyph by glyph.
    private var drawn: (frame: Double, draws: [DrawCommand])?
    /// The animators' fixed unit shuffles for the shaped layout (made with it, not per frame).
    private var randomOrders: [[Int]?] = []
    /// Whether the animators change with time (their draws are evaluated per frame).
    private let hasAnimatedAnimators: Bool
    /// Documents set by the text engine so far (a steady or animated frame sets none; for tests).
    private(set) var layoutCount = 0
    /// The text path's measured mask path, and the frame it was measured at (any frame for a
    /// path that does not change).
    private var measuredPath: (frame: Double, measure: TextPathMeasure)?

    init(text: LottieText) {
        self.text = text
        hasAnimatedAnimators = text.hasAnimatedAnimators
        super.init()
    }

    /// A copy of `layer` for the presentation tree; the engine calls it, an app does not.
    public required init(layer: Layer) {
        let other = layer as? LottieTextLayer
        text = other?.text ?? LottieText(documents: [])
        hasAnimatedAnimators = other?.hasAnimatedAnimators ?? false
        super.init(layer: layer)
        document = other?.document
        shownFrame = other?.shownFrame ?? .nan
        shaped = other?.shaped
        drawn = other?.drawn
    }

    /// Shows the document of frame `frame` (its composition's), and what its animators do then.
    func show(frame: Double) {
        if frame == shownFrame || (!text.isAnimated && !shownFrame.isNaN) { return }
        shownFrame = frame
        let d = text.document(at: frame)
        if d != document {
            document = d
            setNeedsRender()
        } else if hasAnimatedAnimators {
            setNeedsRender()
        }
    }

    /// Whether shaped text or a frame's drawn glyphs are kept (MR5's counts).
    public var hasCachedText: Bool { shaped != nil || drawn != nil || measuredPath != nil }

    /// Forgets the shaped text and the frame's drawn glyphs (MR5's memory warning); the next
    /// render shapes and draws them again, the same.
    public func releaseCaches() {
        shaped = nil
        drawn = nil
        measuredPath = nil
    }

    public override func renderContent(into list: inout [DrawCommand]) {
        super.renderContent(into: &list)             // no string of its own: the layer's content only
        guard let document, let fonts = renderFonts else { return }
        let layout: LottieTextLayout
        if let s = shaped, s.document == document, s.fonts === fonts {
            layout = s.layout
        } else {
            layout = LottieTextLayout(document, in: fonts, perGlyph: !text.animators.isEmpty || document.hasStroke || text.path != nil,
                                      grouping: text.anchorPointGrouping, glyphs: text.glyphs)
            layoutCount += 1
            shaped = (document, fonts, layout)
            randomOrders = layout.randomOrders(for: text.animators)
            drawn = nil
        }
        guard layout.isPerGlyph else {
            list.append(contentsOf: layout.runs)
            return
        }
        let frame = shownFrame.isNaN ? 0 : shownFrame
        if let d = drawn, d.frame == frame || !hasAnimatedAnimators {
            list.append(contentsOf: d.draws)
            return
        }
        let draws = layout.draws(at: frame, animators: text.animators, alignment: text.groupingAlignment.point(at: frame),
                                 orders: randomOrders, path: pathPlacement(at: frame, document))
        drawn = (frame, draws)
        list.append(contentsOf: draws)
    }

    /// The text path's values at `frame`, its mask path measured once (or once a frame when it
    /// changes: its shape or its direction).
    private func pathPlacement(at frame: Double, _ d: LottieTextDocument) -> LottieTextLayout.PathPlacement? {
        guard let path = text.path else { return nil }
        let changes = path.shape.isAnimated || path.reversed.isAnimated
        let measure: TextPathMeasure
        if let m = measuredPath, !changes || m.frame == frame {
            measure = m.measure
        } else {
            measure = TextPathMeasure(path.shape.value(at: frame), reversed: path.reversed.scalar(at: frame) != 0)
            measuredPath = (frame, measure)
        }
        return LottieTextLayout.PathPlacement(path, at: frame, measure: measure, justification: d.justification)
    }

    /// The lines of `d` set by the text engine, each with its paragraph's text and index and
    /// where its layout's origin goes in the layer.
    nonisolated static func lines(_ d: LottieTextDocument, in fonts: FontSystem) -> [SetLine] {
        guard d.size > 0, !d.text.isEmpty else { return [] }
        let style = TextStyle(font: font(d), color: d.fillColor ?? .clear, kern: d.tracking / 1000 * d.size)
        var out: [SetLine] = []
        var index = 0.0                                   // lines set so far
        func emit(_ line: TextLayout.Line, _ text: String, _ paragraph: Int, x: Double, baseline: Double) {
            out.append(SetLine(line: line, text: text, paragraph: paragraph, origin: Point(x: x, y: baseline - line.baseline)))
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
            for (p, text) in d.paragraphs.enumerated() {
                let layout = TextLayout(text, style: style, paragraph: paragraph, in: fonts, width: box.width)
                for line in layout.lines {
                    let baseline = box.minY + ascent + index * d.lineHeight - d.baselineShift
                    guard baseline - ascent <= box.maxY else { return out }   // past the box's bottom
                    emit(line, text, p, x: box.minX, baseline: baseline)
                    index += 1
                }
                if layout.lines.isEmpty { index += 1 }
            }
        } else {
            var paragraph = ParagraphStyle()
            paragraph.alignment = .left
            paragraph.lineBreakMode = .byClipping
            for (p, text) in d.paragraphs.enumerated() {
                let layout = TextLayout(text, style: style, paragraph: paragraph, in: fonts)
                for line in layout.lines {
                    let shift: Double = switch d.justification {
                    case .right, .justifyLastRight: -line.width
                    case .center, .justifyLastCenter: -line.width / 2
                    default: 0
                    }
                    emit(line, text, p, x: shift - line.x, baseline: index * d.lineHeight - d.baselineShift)
                    index += 1
                }
                if layout.lines.isEmpty { index += 1 }
            }
        }
        return out
    }

    /// A line as set: the text engine's line, its paragraph's text and index, and where the
    /// line's layout origin goes in the layer.
    struct SetLine {
        var line: TextLayout.Line
        var text: String
        var paragraph: Int
        var origin: Point
    }

    /// Drawn for a family the machine does not have: what a browser draws lottie-web's text with
    /// then (its SVG text names the family alone, so Chromium falls back to its standard font,
    /// Times New Roman on Linux, which fontconfig gives as Liberation Serif), at the document's
    /// weight and slant.
    nonisolated static let missingFamilySubstitute = "Times New Roman"

    /// The font a document names: its family, with the font list's CSS weight ("fWeight") when it
    /// gives one, as lottie-web, else the weight its style's words give, and the slant they give.
    nonisolated static func font(_ d: LottieTextDocument) -> Font {
        let style = d.fontStyle.lowercased().replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "-", with: "")
        let styled: Font.Weight =
            if style.contains("extralight") || style.contains("ultralight") { .ultraLight }
            else if style.contains("thin") || style.contains("hairline") { .thin }
            else if style.contains("light") { .light }
            else if style.contains("semibold") || style.contains("demibold") { .semibold }
            else if style.contains("extrabold") || style.contains("ultrabold") || style.contains("heavy") { .heavy }
            else if style.contains("black") || style.contains("ultra") { .black }
            else if style.contains("bold") { .bold }
            else if style.contains("medium") { .medium }
            else { .regular }
        let weight = d.fontWeight.map(cssWeight) ?? styled
        let italic = style.contains("italic") || style.contains("oblique")
        let family = d.fontFamily.isEmpty ? nil : d.fontFamily + ", " + missingFamilySubstitute
        return Font(family: family, size: d.size, weight: weight, italic: italic)
    }

    /// A CSS weight (100 ... 900) on UIKit's scale, by the nearest hundred: 100 ultra light, 200
    /// thin, 300 light, 400 regular, 500 medium, 600 semibold, 700 bold, 800 heavy, 900 black.
    nonisolated static func cssWeight(_ css: Int) -> Font.Weight {
        let scale: [Font.Weight] = [.ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black]
        return scale[min(max((css + 50) / 100, 1), 9) - 1]
    }
}
