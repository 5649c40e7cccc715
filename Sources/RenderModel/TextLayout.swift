import Geometry

/// Measures text for layout. The SDL backend installs one backed by SDL2_ttf; until then (and in
/// headless tests) ``FixedFontMetrics`` gives deterministic sizes.
public protocol FontMetrics: Sendable {
    /// The size of one line of `text` at `fontSize` points.
    func size(of text: String, fontSize: Double) -> Size
    /// Distance from the line's top to its baseline.
    func ascent(fontSize: Double) -> Double
    /// Distance from the baseline to the line's bottom.
    func descent(fontSize: Double) -> Double
}

/// Metrics of a fixed-pitch model font: every character advances `advance · fontSize`, a line is
/// `lineHeight · fontSize` tall with the baseline at `ascentRatio` of it.
public struct FixedFontMetrics: FontMetrics {
    public var advance: Double = 0.6
    public var lineHeight: Double = 1.2
    public var ascentRatio: Double = 0.8
    public init() {}
    public func size(of text: String, fontSize: Double) -> Size {
        Size(width: (Double(text.count) * advance * fontSize).rounded(.up), height: (lineHeight * fontSize).rounded(.up))
    }
    public func ascent(fontSize: Double) -> Double { (lineHeight * fontSize).rounded(.up) * ascentRatio }
    public func descent(fontSize: Double) -> Double { (lineHeight * fontSize).rounded(.up) * (1 - ascentRatio) }
}


/// How a label breaks lines that are too long (T1), as `NSLineBreakMode`'s common cases.
public enum LineBreakMode: Sendable {
    /// Wrap at word boundaries; a word wider than the line breaks between characters.
    case byWordWrapping
    /// Wrap between any two characters.
    case byCharWrapping
    /// Wrap at words; the last line that fits ends in "…" when text remains (UIKit's label default).
    case byTruncatingTail
}

/// Horizontal alignment of a label's lines (T1).
public enum TextAlignment: Sendable { case left, center, right }

/// Lays out text in lines for a width: explicit line breaks, word or character wrapping, a limit
/// on the number of lines with tail truncation. A pure function of its inputs and the metrics,
/// shared by a label's intrinsic size and its drawing, so what is measured is what is drawn.
public struct TextLayout: Sendable, Equatable {
    /// The lines, in order, each with its measured width.
    public private(set) var lines: [(text: String, width: Double)] = []
    /// Whether text was cut (by the line limit or the height) and an ellipsis added.
    public private(set) var isTruncated = false
    /// One line's height.
    public let lineHeight: Double
    public let lineSpacing: Double

    public static func == (a: TextLayout, b: TextLayout) -> Bool {
        a.lines.map(\.text) == b.lines.map(\.text) && a.isTruncated == b.isTruncated && a.lineHeight == b.lineHeight
    }

    /// The widest line.
    public var width: Double { lines.map(\.width).max() ?? 0 }
    /// The height of all lines with the spacing between them.
    public var height: Double { lines.isEmpty ? 0 : Double(lines.count) * lineHeight + Double(lines.count - 1) * lineSpacing }

    /// Lays out `text` at `fontSize` within `width` (infinite: no wrapping), at most `maxLines`
    /// lines (0: any number), and, when `maxHeight` is given, only the lines that fit in it.
    public init(_ text: String, fontSize: Double, metrics: any FontMetrics, width: Double = .infinity,
                maxLines: Int = 0, maxHeight: Double = .infinity, lineBreak: LineBreakMode = .byWordWrapping,
                lineSpacing: Double = 0) {
        lineHeight = metrics.size(of: "", fontSize: fontSize).height
        self.lineSpacing = lineSpacing
        func measure(_ s: Substring) -> Double { metrics.size(of: String(s), fontSize: fontSize).width }
        var limit = maxLines > 0 ? maxLines : Int.max
        if maxHeight.isFinite, lineHeight > 0 {
            // Bounded before it becomes an Int: a tiny font in a tall label gives an enormous
            // (or, with a negative spacing, a meaningless) count.
            let fits = ((maxHeight + lineSpacing + 0.5) / (lineHeight + lineSpacing)).rounded(.down)
            if fits.isFinite, fits > 0, fits < 1e9 { limit = min(limit, max(1, Int(fits))) }
            else if !(fits >= 1e9) { limit = 1 }
        }
        var out: [(String, Double)] = []
        var truncated = false
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
        outer: for (p, paragraph) in paragraphs.enumerated() {
            var rest = paragraph[...]
            repeat {
                if out.count == limit { truncated = true; break outer }
                let line = Self.fittingPrefix(rest, width: width, byWords: lineBreak != .byCharWrapping, measure: measure)
                out.append((String(line), measure(line)))
                rest = rest[line.endIndex...]
                if lineBreak != .byCharWrapping { rest = rest.drop(while: { $0 == " " }) }
            } while !rest.isEmpty
            if p < paragraphs.count - 1, out.count == limit { truncated = true; break }
        }
        if truncated, var last = out.popLast() {
            // The last line that fits ends in an ellipsis, within the width.
            var base = Substring(last.0)
            while !base.isEmpty, measure(base + "…") > width { base = base.dropLast() }
            while base.last == " " { base = base.dropLast() }
            last = (String(base) + "…", measure(base + "…"))
            out.append(last)
        }
        lines = out
        isTruncated = truncated
    }

    /// The longest prefix of `text` that fits `width`: up to the last space that fits when
    /// breaking by words (a word too wide alone breaks between characters), at least one character.
    static func fittingPrefix(_ text: Substring, width: Double, byWords: Bool, measure: (Substring) -> Double) -> Substring {
        if !width.isFinite || measure(text) <= width { return text }
        // Binary search the longest character prefix that fits.
        var lo = 1, hi = text.count
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if measure(text.prefix(mid)) <= width { lo = mid } else { hi = mid - 1 }
        }
        let chars = text.prefix(lo)
        guard byWords, chars.count < text.count else { return chars }
        // Back up to the last space within it, when there is one and the next character is not one.
        if text[chars.endIndex] == " " { return chars }
        if let space = chars.lastIndex(of: " "), space > chars.startIndex { return text[text.startIndex..<space] }
        return chars
    }
}
