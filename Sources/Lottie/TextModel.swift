import Geometry
import RenderModel

/// A text layer's text at one time (LT1): After Effects' text document as Bodymovin writes it
/// (`t.d.k[].s`). Sizes are in the layer's points.
public struct LottieTextDocument: Sendable, Equatable {
    /// How lines sit on the layer's origin (point text) or in the box.
    public enum Justification: Int, Sendable {
        /// Lines aligned left, right or centred ("j" 0, 1, 2).
        case left = 0, right = 1, center = 2
        /// Justified lines, the last one left, right, centred or justified too.
        case justifyLastLeft = 3, justifyLastRight = 4, justifyLastCenter = 5, justifyLastFull = 6
    }

    /// The text; lines end at "\r" or "\n" (After Effects writes "\r").
    public var text: String
    /// The font as the animation's font list names it ("f").
    public var fontName: String
    /// The family and style the font list gives for it (the name itself when it lists none).
    public var fontFamily: String
    /// The style the font list gives ("Bold", "Italic"...).
    public var fontStyle: String
    /// The CSS weight the font list gives ("fWeight": 100 light ... 400 regular, 700 bold, 900
    /// black), which wins over the style's words as in lottie-web; nil when it gives none.
    public var fontWeight: Int? = nil
    /// The font's ascent as a share of its size, when the font list gives it (box text places
    /// its first baseline this far below the box's top).
    public var ascent: Double?
    /// The font size in the layer's points ("s").
    public var size: Double
    /// The characters' fill ("fc"); nil: not filled.
    public var fillColor: Color?
    /// The characters' stroke ("sc", "sw"): drawn along their outlines, centred on them.
    public var strokeColor: Color?
    /// The stroke's width in points ("sw"); 0: no stroke.
    public var strokeWidth: Double
    /// Whether the stroke is drawn over the fill ("of"; ThorVG and lottie-web draw it over when
    /// the file does not say).
    public var strokeOverFill: Bool = true
    /// How lines are aligned ("j").
    public var justification: Justification
    /// Extra space after each character, in thousandths of an em.
    public var tracking: Double
    /// The distance between baselines.
    public var lineHeight: Double
    /// How far the baseline is raised.
    public var baselineShift: Double
    /// Whether the text is set in capitals ("ca" 1, and small caps, 2, drawn as capitals).
    public var allCaps: Bool
    /// Paragraph text: the box the lines wrap in (top-left "ps", size "sz"); nil for point text,
    /// whose first baseline is the layer's origin.
    public var box: Rect?

    /// Whether a stroke is drawn: a visible colour and a width.
    var hasStroke: Bool { strokeWidth > 0 && (strokeColor?.alpha ?? 0) > 0 }

    /// The lines as written (hard breaks only), capitalised when ``allCaps``.
    var paragraphs: [String] {
        let text = allCaps ? self.text.uppercased() : self.text
        return text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\r" || $0 == "\n" || $0 == "\u{3}" })
            .map(String.init)
    }
}

/// A text layer's documents over time (`t.d.k`), each holding from its frame until the next,
/// and its animators (`t.a`), applied in order.
public struct LottieText: Sendable {
    /// What the animators turn and scale each character about ("m.g"): the middle of its own
    /// advance, its word's or its line's. lottie-web and ThorVG take "all" as characters.
    public enum AnchorPointGrouping: Int, Sendable { case characters = 1, words = 2, lines = 3, all = 4 }

    /// The text's versions, each from its frame, in frame order.
    public var documents: [(frame: Double, document: LottieTextDocument)]
    /// The animators ("a"), applied in order to the characters their selectors pick.
    public var animators: [LottieTextAnimator] = []
    /// What each animator's transform turns about ("m.g"; characters by default).
    public var anchorPointGrouping: AnchorPointGrouping = .characters
    /// Moves each group's pivot ("m.a"): x in percent of half its advance, y in percent of a
    /// line's height (lottie-web's 0.857 of the size).
    public var groupingAlignment: Animatable<LottieVector> = .fixed(.zero)
    /// The animation's embedded glyph outlines ("chars"): characters they have are drawn from
    /// them, the others from the document's font.
    public var glyphs = LottieGlyphSet()
    /// The mask path the text runs along ("p"), nil for text set on straight lines.
    public var path: LottieTextPath?

    /// A source-text expression (LT9): the text at a composition frame, given the document's
    /// own; nil keeps the document's.
    var sourceText: (@Sendable (Double, String) -> String?)?

    /// Text with `documents` in frame order and `animators` applied in order.
    public init(documents: [(frame: Double, document: LottieTextDocument)], animators: [LottieTextAnimator] = []) {
        self.documents = documents
        self.animators = animators
    }

    /// Whether the text or what its animators do changes over time.
    var isAnimated: Bool { documents.count > 1 || hasAnimatedAnimators || sourceText != nil }
    /// Whether what its animators or its path do changes over time (each frame places and
    /// styles its glyphs anew).
    var hasAnimatedAnimators: Bool {
        animators.contains { $0.isAnimated } || (!animators.isEmpty && groupingAlignment.isAnimated) || (path?.isAnimated ?? false)
    }

    /// The document showing at composition frame `frame`: the last one starting at or before
    /// it (the first before them all).
    func document(at frame: Double) -> LottieTextDocument? {
        guard var shown = documents.first?.document else { return nil }
        for d in documents.dropFirst() {
            if d.frame > frame { break }
            shown = d.document
        }
        if let sourceText, let text = sourceText(frame, shown.text) { shown.text = text }
        return shown
    }
}

/// One embedded glyph (`chars[]`): a character's outline in a family and style, in the units
/// of a 100-point font with the pen at the origin and y down, and its advance.
public struct LottieGlyph: Sendable {
    /// The character the glyph draws ("ch").
    public var character: String
    /// The font family it belongs to ("fFamily").
    public var family: String
    /// The font style it belongs to ("style").
    public var style: String
    /// The advance ("w") at a size of 100.
    public var advance: Double
    /// Its shapes ("data.shapes") as one path (filled nonzero, as fonts' outlines are).
    public var outline: Path

    /// A glyph of `character` in `family` and `style`, advancing `advance` units at size 100, drawn as `outline`.
    public init(character: String, family: String, style: String, advance: Double, outline: Path) {
        self.character = character; self.family = family; self.style = style; self.advance = advance; self.outline = outline
    }
}

/// The animation's embedded glyphs, found by character, family and style as lottie-web finds
/// them (a glyph of the family in another style when the style has none).
public struct LottieGlyphSet: Sendable {
    struct Key: Hashable { var character: String, family: String, style: String }
    private var exact: [Key: LottieGlyph] = [:]
    private var byFamily: [Key: LottieGlyph] = [:]
    /// The families that have glyphs.
    private(set) var families: Set<String> = []

    /// A set of `glyphs`; where two share a character, family and style, the first is kept.
    public init(_ glyphs: [LottieGlyph] = []) {
        // The first glyph of a key wins, as lottie-web takes the first match.
        for g in glyphs {
            let key = Key(character: g.character, family: g.family, style: g.style)
            if exact[key] == nil { exact[key] = g }
            let anyStyle = Key(character: g.character, family: g.family, style: "")
            if byFamily[anyStyle] == nil { byFamily[anyStyle] = g }
            families.insert(g.family)
        }
    }

    /// Whether the set has no glyph.
    public var isEmpty: Bool { families.isEmpty }

    /// The glyph for `character` in `family` and `style` (nil: the font draws it).
    public func glyph(for character: String, family: String, style: String) -> LottieGlyph? {
        exact[Key(character: character, family: family, style: style)] ?? byFamily[Key(character: character, family: family, style: "")]
    }
}

/// Text along a mask's path (`t.p`, After Effects' path options): each character's middle
/// placed on the path at its distance along the line.
public struct LottieTextPath: Sendable {
    /// The mask whose path it is ("m"), and that path.
    public var mask: Int
    /// The mask's path, in the layer's coordinates.
    public var shape: Animatable<BezierShape>
    /// Where the text starts along the path ("f") and how far before its end it stops ("l").
    public var firstMargin: Animatable<LottieVector> = .fixed(.zero)
    /// How far before the path's end the text stops ("l"), in the layer's units.
    public var lastMargin: Animatable<LottieVector> = .fixed(.zero)
    /// Whether the path runs backward ("r"), characters turn with its direction ("p") and
    /// the text is spread to fill it from margin to margin ("a"): non-zero for yes.
    public var reversed: Animatable<LottieVector> = .fixed(.zero)
    /// Whether characters turn with the path's direction ("p"; non-zero: yes, the default).
    public var perpendicular: Animatable<LottieVector> = .fixed(LottieVector(1, 0, 0, 0))
    /// Whether the text is spread from margin to margin ("a"; non-zero: yes).
    public var forceAlignment: Animatable<LottieVector> = .fixed(.zero)

    /// Text along mask `mask`'s `shape`, with no margins, turning with the path.
    public init(mask: Int, shape: Animatable<BezierShape>) { self.mask = mask; self.shape = shape }

    var isAnimated: Bool {
        [firstMargin, lastMargin, reversed, perpendicular, forceAlignment].contains { $0.isAnimated } || shape.isAnimated
    }
}

/// One entry of the animation's font list (`fonts.list`).
struct LottieFontEntry: Sendable {
    var family: String
    var style: String
    /// "fWeight" as a CSS weight (1...1000), nil when absent or not a weight.
    var weight: Int?
    var ascent: Double?
}

/// Replaces the text of text layers, as lottie-ios's `AnimationKeypathTextProvider`: asked for
/// each document of each text layer, with the layer's keypath (its precompositions' layer names
/// and its own) and the text the file gives; nil keeps that text.
@MainActor
public protocol AnimationKeypathTextProvider: AnyObject {
    /// The text for the layer at `keypath` whose file text is `sourceText`; nil keeps the file's.
    func text(for keypath: AnimationKeypath, sourceText: String) -> String?
}

/// Text by keypath or layer name, as lottie-ios's `DictionaryTextProvider`: a value under the
/// layer's whole keypath ("Intro.Title") wins, then one under its layer name ("Title"); other
/// layers keep their text.
@MainActor
public final class DictionaryTextProvider: AnimationKeypathTextProvider {
    /// The replacement texts, by keypath ("Intro.Title") or by layer name ("Title").
    public let values: [String: String]
    /// A provider of `values`.
    public init(_ values: [String: String]) { self.values = values }
    /// The text under the layer's whole keypath, else under its name, else `sourceText`.
    public func text(for keypath: AnimationKeypath, sourceText: String) -> String? {
        values[keypath.description] ?? keypath.keys.last.flatMap { values[$0] } ?? sourceText
    }
}
