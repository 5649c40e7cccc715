#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Geometry

/// How a paragraph's lines sit horizontally (NSTextAlignment). Natural follows the paragraph's
/// direction: left for left-to-right text, right for right-to-left.
public enum TextAlignment: Sendable, Hashable {
    /// `left`, `center` and `right` place every line so; `justified` widens the spaces of every line
    /// but a paragraph's last (and a truncated one) to fill the width, and places those as `natural`;
    /// `natural` is left in a left-to-right paragraph and right in a right-to-left one.
    case left, center, right, justified, natural
}

/// How lines that are too long break, and where text that does not fit is cut (NSLineBreakMode).
public enum LineBreakMode: Sendable, Hashable {
    /// Wrap at line-break opportunities (UAX #14); a word wider than the line breaks between
    /// grapheme clusters.
    case byWordWrapping
    /// Wrap between any two grapheme clusters.
    case byCharWrapping
    /// Wrap at words; text past the last line is cut off.
    case byClipping
    /// Wrap at words; the last line shows the start of its text with an ellipsis in front.
    case byTruncatingHead
    /// Wrap at words; the last line ends in an ellipsis when text remains (a label's default).
    case byTruncatingTail
    /// Wrap at words; the last line keeps its start and end with an ellipsis between.
    case byTruncatingMiddle
}

/// The direction a paragraph is laid out in; natural takes it from the first strong character.
public enum WritingDirection: Sendable, Hashable { case natural, leftToRight, rightToLeft }

/// NSParagraphStyle's layout properties.
public struct ParagraphStyle: Hashable, Sendable {
    /// How the paragraph's lines sit within the layout's width; natural follows the paragraph's direction.
    public var alignment: TextAlignment = .natural
    /// Where lines wrap and how the last line that fits cuts the rest; word wrapping unless set.
    public var lineBreakMode: LineBreakMode = .byWordWrapping
    /// Extra points between lines of a paragraph.
    public var lineSpacing: Double = 0
    /// A factor on the font's line height (0: none).
    public var lineHeightMultiple: Double = 0
    /// Extra points after a paragraph.
    public var paragraphSpacing: Double = 0
    /// The paragraph's direction; natural takes it from the paragraph's first strong character (UAX #9).
    public var baseWritingDirection: WritingDirection = .natural
    // Hyphenation (optional in TX4) is not built: long words break between characters when a
    // line must break inside them.
    /// A paragraph style; every value not given is NSParagraphStyle's default (natural alignment,
    /// word wrapping, no spacing, natural direction).
    public init(alignment: TextAlignment = .natural, lineBreakMode: LineBreakMode = .byWordWrapping,
                lineSpacing: Double = 0, lineHeightMultiple: Double = 0, paragraphSpacing: Double = 0,
                baseWritingDirection: WritingDirection = .natural) {
        self.alignment = alignment
        self.lineBreakMode = lineBreakMode
        self.lineSpacing = lineSpacing
        self.lineHeightMultiple = lineHeightMultiple
        self.paragraphSpacing = paragraphSpacing
        self.baseWritingDirection = baseWritingDirection
    }
    /// Every property at its default: natural alignment, word wrapping, no spacing, natural
    /// direction (`NSParagraphStyle.default`).
    public static let `default` = ParagraphStyle()
}

/// The line under or through text (NSUnderlineStyle's common cases).
public enum UnderlineStyle: Sendable, Hashable { case single, thick, double }

/// Everything that styles a run of characters.
public struct TextStyle: Hashable, Sendable {
    /// The font the run is shaped and drawn with; a character its face lacks falls back to another
    /// face, per grapheme cluster.
    public var font: Font
    /// The colour of the run's glyphs and of its underline and strikethrough (sRGB, straight alpha).
    public var color: Color
    /// Extra points after every character (NSAttributedString.Key.kern).
    public var kern: Double = 0
    /// The line under the run, nil for none: single, thick (twice the face's underline thickness) or
    /// double, below the baseline at the face's underline position.
    public var underline: UnderlineStyle?
    /// The line through the run, nil for none: single, thick or double (drawn as single), centred at
    /// half the x-height.
    public var strikethrough: UnderlineStyle?
    /// Points the run is raised above the baseline.
    public var baselineOffset: Double = 0
    /// A style; unless given, the 17-point system font (UILabel's default), white, with no kern, no
    /// lines and no baseline offset.
    public init(font: Font = .systemFont(ofSize: 17), color: Color = .white, kern: Double = 0,
                underline: UnderlineStyle? = nil, strikethrough: UnderlineStyle? = nil, baselineOffset: Double = 0) {
        self.font = font
        self.color = color
        self.kern = kern
        self.underline = underline
        self.strikethrough = strikethrough
        self.baselineOffset = baselineOffset
    }
}

// MARK: Foundation's AttributedString with an attribute scope of ours (TX3)

/// The attributes text layout reads from an `AttributedString`, by UIKit's names:
/// `text.font`, `text.foregroundColor`, `text.kern`, `text.underlineStyle`,
/// `text.strikethroughStyle`, `text.baselineOffset`, `text.paragraphStyle`. Unset attributes take
/// the defaults the label or layout is given; the paragraph style of a paragraph's first character
/// applies to the whole paragraph.
public struct TextAttributes: AttributeScope {
    /// `text.font`: the run's ``Font``.
    public let font: FontAttribute
    /// `text.foregroundColor`: the run's `Color`.
    public let foregroundColor: ForegroundColorAttribute
    /// `text.kern`: extra points after every character.
    public let kern: KernAttribute
    /// `text.underlineStyle`: the ``UnderlineStyle`` of the line under the run.
    public let underlineStyle: UnderlineStyleAttribute
    /// `text.strikethroughStyle`: the ``UnderlineStyle`` of the line through the run.
    public let strikethroughStyle: StrikethroughStyleAttribute
    /// `text.baselineOffset`: points the run is raised above the baseline (negative lowers it).
    public let baselineOffset: BaselineOffsetAttribute
    /// `text.paragraphStyle`: the ``ParagraphStyle``; a paragraph takes its first character's.
    public let paragraphStyle: ParagraphStyleAttribute

    /// The key of ``TextAttributes/font``: a ``Font``, named `Timeline.font`.
    public enum FontAttribute: AttributedStringKey { public typealias Value = Font; public static let name = "Timeline.font" }
    /// The key of ``TextAttributes/foregroundColor``.
    public enum ForegroundColorAttribute: AttributedStringKey {
        /// Its value is a `Color`; its name (in descriptions and coding) `Timeline.foregroundColor`.
        public typealias Value = Color; public static let name = "Timeline.foregroundColor"
    }
    /// The key of ``TextAttributes/kern``: points as a `Double`, named `Timeline.kern`.
    public enum KernAttribute: AttributedStringKey { public typealias Value = Double; public static let name = "Timeline.kern" }
    /// The key of ``TextAttributes/underlineStyle``.
    public enum UnderlineStyleAttribute: AttributedStringKey {
        /// Its value is an ``UnderlineStyle``; its name `Timeline.underlineStyle`.
        public typealias Value = UnderlineStyle; public static let name = "Timeline.underlineStyle"
    }
    /// The key of ``TextAttributes/strikethroughStyle``.
    public enum StrikethroughStyleAttribute: AttributedStringKey {
        /// Its value is an ``UnderlineStyle``; its name `Timeline.strikethroughStyle`.
        public typealias Value = UnderlineStyle; public static let name = "Timeline.strikethroughStyle"
    }
    /// The key of ``TextAttributes/baselineOffset``.
    public enum BaselineOffsetAttribute: AttributedStringKey {
        /// Its value is points as a `Double`, positive raising the run; its name `Timeline.baselineOffset`.
        public typealias Value = Double; public static let name = "Timeline.baselineOffset"
    }
    /// The key of ``TextAttributes/paragraphStyle``.
    public enum ParagraphStyleAttribute: AttributedStringKey {
        /// Its value is a ``ParagraphStyle``; its name `Timeline.paragraphStyle`.
        public typealias Value = ParagraphStyle; public static let name = "Timeline.paragraphStyle"
    }
}

extension AttributeScopes {
    /// The text engine's attributes (``TextAttributes``).
    public var timeline: TextAttributes.Type { TextAttributes.self }
}

extension AttributeDynamicLookup {
    /// Reads and writes the text engine's attributes by name on an `AttributedString`, its runs and
    /// its containers: `text.font`, `text.kern` and the rest of ``TextAttributes``.
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<TextAttributes, T>) -> T {
        self[T.self]
    }
}

/// Text as the layout reads it: UTF-16 code units (UIKit's character indices) with style runs
/// and one paragraph style per paragraph.
public struct StyledText: Sendable, Equatable {
    /// The text as UTF-16 code units: every index of the layout counts these (UIKit's character
    /// indices). Lone surrogates are kept; they draw as U+FFFD.
    public var utf16: [UInt16]
    /// Runs covering the text in order: a start index and a style.
    public var runs: [(start: Int, style: TextStyle)]
    /// Paragraph styles by the index they start at (the first applies from 0).
    public var paragraphStyles: [(start: Int, style: ParagraphStyle)]

    /// Equal when the code units, the style runs and the paragraph styles are, in order.
    public static func == (a: StyledText, b: StyledText) -> Bool {
        a.utf16 == b.utf16 && a.runs.elementsEqual(b.runs, by: { $0.start == $1.start && $0.style == $1.style })
            && a.paragraphStyles.elementsEqual(b.paragraphStyles, by: { $0.start == $1.start && $0.style == $1.style })
    }

    /// UTF-16 code units as they are (lone surrogates included: they draw as U+FFFD) with style
    /// runs (sorted by start, the first at 0; others are ignored) and paragraph styles.
    public init(utf16: [UInt16], runs: [(start: Int, style: TextStyle)], paragraphStyles: [(start: Int, style: ParagraphStyle)]) {
        self.utf16 = utf16
        var r = runs.filter { $0.start >= 0 && $0.start <= utf16.count }
        r.sort { $0.start < $1.start }
        if r.first?.start != 0 { r.insert((0, runs.first?.style ?? TextStyle()), at: 0) }
        self.runs = r
        var p = paragraphStyles.filter { $0.start >= 0 && $0.start <= utf16.count }
        p.sort { $0.start < $1.start }
        if p.first?.start != 0 { p.insert((0, .default), at: 0) }
        self.paragraphStyles = p
    }

    /// Plain text in one style.
    public init(_ string: String, style: TextStyle, paragraph: ParagraphStyle = .default) {
        utf16 = Array(string.utf16)
        runs = [(0, style)]
        paragraphStyles = [(0, paragraph)]
    }

    /// An attributed string, with `style` and `paragraph` for what it leaves unset.
    public init(_ text: AttributedString, style: TextStyle, paragraph: ParagraphStyle = .default) {
        var units: [UInt16] = []
        var runs: [(Int, TextStyle)] = []
        var paragraphs: [(Int, ParagraphStyle)] = [(0, paragraph)]
        for run in text.runs {
            var s = style
            if let f = run[TextAttributes.FontAttribute.self] { s.font = f }
            if let c = run[TextAttributes.ForegroundColorAttribute.self] { s.color = c }
            if let k = run[TextAttributes.KernAttribute.self] { s.kern = k }
            if let u = run[TextAttributes.UnderlineStyleAttribute.self] { s.underline = u }
            if let u = run[TextAttributes.StrikethroughStyleAttribute.self] { s.strikethrough = u }
            if let b = run[TextAttributes.BaselineOffsetAttribute.self] { s.baselineOffset = b }
            let start = units.count
            let p = run[TextAttributes.ParagraphStyleAttribute.self] ?? paragraph
            if paragraphs[paragraphs.count - 1].1 != p {
                if paragraphs[paragraphs.count - 1].0 == start { paragraphs[paragraphs.count - 1].1 = p }
                else { paragraphs.append((start, p)) }
            }
            units.append(contentsOf: String(text[run.range].characters).utf16)
            if let last = runs.last, last.1 == s { continue }
            if let last = runs.last, last.0 == start { runs[runs.count - 1].1 = s; continue }
            runs.append((start, s))
        }
        if runs.isEmpty { runs = [(0, style)] }
        utf16 = units
        self.runs = runs
        paragraphStyles = paragraphs
    }

    /// The text as a Swift string (ill-formed UTF-16 repaired with U+FFFD).
    public var string: String { String(decoding: utf16, as: UTF16.self) }

    /// The style at a UTF-16 index.
    func styleIndex(at i: Int) -> Int {
        var lo = 0, hi = runs.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if runs[mid].start <= i { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The paragraph style in force at a UTF-16 index.
    func paragraphStyle(at i: Int) -> ParagraphStyle {
        var p = paragraphStyles[0].style
        for (start, style) in paragraphStyles where start <= i { p = style }
        return p
    }
}
