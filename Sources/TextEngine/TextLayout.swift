import CTextShim
import Geometry

/// Glyphs of one face, size and colour, placed: what the display list carries for text (TX5).
/// Positions are pen positions on the baseline, in points from the layout's top-left.
public struct GlyphRun: Sendable, Equatable {
    /// The face the glyph ids belong to; text that falls back to another face is a run of its own.
    public let face: FontFace
    /// Points per em.
    public let size: Double
    /// Glyph ids in ``face``, in visual order, left to right.
    public var glyphs: [UInt32]
    /// Each glyph's pen position on its baseline (raised by the style's baseline offset), in points
    /// from the layout's top-left, y down: one per glyph, alignment included.
    public var positions: [Point]
    /// The fill colour of the glyphs, from the run's text style.
    public var color: Color
    /// A run from its parts, kept as given: `size` in points per em and one position per glyph.
    public init(face: FontFace, size: Double, glyphs: [UInt32], positions: [Point], color: Color) {
        self.face = face
        self.size = size
        self.glyphs = glyphs
        self.positions = positions
        self.color = color
    }

    /// A box around the glyphs' pens from the face's ascender to its descender, for damage and
    /// culling (marks above or below the font's box may overhang it slightly).
    public var bounds: Rect {
        guard let first = positions.first else { return .zero }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in positions {
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        let em = size
        return Rect(x: minX - em * 0.25, y: minY - face.ascender * em - em * 0.1,
                    width: maxX - minX + em * 1.5, height: maxY - minY + (face.ascender + face.descender) * em + em * 0.2)
    }
}

/// A line drawn under or through text.
public struct TextDecoration: Sendable, Equatable {
    /// Where the line is drawn, in points from the layout's top-left: as wide as its run, as tall
    /// as its stroke.
    public var rect: Rect
    /// The colour to fill ``rect`` with: the text's colour.
    public var color: Color
}

/// Text laid out in lines for a width (TX4): shaped per run with fallback per cluster, bidi
/// levels per paragraph and visual order per line, line breaks at UAX #14 opportunities,
/// truncation at the head, middle or tail with an ellipsis, alignment including natural and
/// justified. Indices are UTF-16 offsets, as UIKit's.
public struct TextLayout: Sendable {
    /// A laid-out line.
    public struct Line: Sendable {
        /// The characters it shows (with a truncated line: from its start to the text it cut).
        public var range: Range<Int>
        /// Top of the line box and its baseline, in points from the layout's top.
        public var top: Double
        /// The baseline, in points from the layout's top: ``top`` plus ``ascent``, plus the room a
        /// line-height multiple adds above.
        public var baseline: Double
        /// The line box's height in points: ascent, descent and leading, times the paragraph's
        /// line-height multiple when it has one. Line spacing is added after the box, not in it.
        public var height: Double
        /// Its typographic ascent, descent and leading (the line gap), in points, the largest of
        /// the faces it uses (CoreText's `CTLineGetTypographicBounds`).
        public var ascent: Double
        /// How far the deepest face reaches below the baseline, in points, positive.
        public var descent: Double
        /// The largest line gap the faces ask for, in points (0 with fixed metrics).
        public var leading: Double
        /// Left edge of its first glyph, and its width without trailing white space.
        public var x: Double
        /// The line's width in points, from ``x``: the advances of what it shows, justification included.
        public var width: Double
        /// The line's glyphs, one run per stretch of a face, size and colour, in visual order; their
        /// positions include the alignment.
        public var runs: [GlyphRun]
        /// The line's underlines and strikethroughs, in points from the layout's top-left.
        public var decorations: [TextDecoration]
        /// Character cells in visual order: a cluster's range and its horizontal extent, for
        /// carets and hit testing.
        public var cells: [(range: Range<Int>, minX: Double, maxX: Double, rtl: Bool)]
        /// Whether the paragraph runs right to left.
        public var isRightToLeft: Bool
        /// Whether the line shows an ellipsis for text it cut.
        public var isTruncated: Bool
        /// Its paragraph's alignment.
        public var alignment: TextAlignment
        /// The advance of the white space after what it shows (not a line break): what string
        /// measuring adds to ``width`` (a lone space measures its advance, as on iOS).
        public var trailingWhiteSpace = 0.0
    }

    /// The lines, top to bottom, in points from the layout's own top-left.
    public private(set) var lines: [Line] = []
    /// Whether text was cut: more lines than allowed, or a line too long for a single-line layout.
    public private(set) var isTruncated = false
    /// The widest line and the lines' height.
    public private(set) var size: Size = .zero
    /// The widest line's advance with its trailing white space: the width UIKit's string
    /// measuring (`size(withAttributes:)`) reports, where ``size`` leaves the white space out.
    public var advanceWidth: Double { lines.map { $0.width + $0.trailingWhiteSpace }.max() ?? 0 }
    /// The width the layout was made for (infinite: no wrapping).
    public let width: Double
    /// The first line's baseline from the top, and the last line's from the bottom.
    public var firstBaseline: Double { lines.first?.baseline ?? 0 }
    /// The last line's baseline above the bottom of ``size``, in points; 0 with no lines.
    public var lastBaselineFromBottom: Double { lines.last.map { size.height - $0.baseline } ?? 0 }

    /// Lays out `text` within `width` (infinite: lines only at mandatory breaks), at most
    /// `maxLines` lines (0: any) and only the lines that fit `maxHeight`. The paragraph style's
    /// line-break mode decides wrapping and truncation.
    public init(_ text: StyledText, in system: FontSystem, width: Double = .infinity, maxLines: Int = 0,
                maxHeight: Double = .infinity) {
        self.width = width.isNaN ? .infinity : max(0, width)
        let limit = maxLines > 0 ? maxLines : Int.max
        var out: [Line] = []
        var truncated = false
        var y = 0.0
        var previous: AnalyzedParagraph?
        let paragraphs = FontSystem.paragraphs(text.utf16)
        outer: for (pi, (start, end, next)) in paragraphs.enumerated() {
            var p = system.analyze(text, start: start, end: end, next: next)
            let style = p.style
            let mode = style.lineBreakMode
            let wraps = limit != 1 || mode == .byWordWrapping || mode == .byCharWrapping
            var a = start
            repeat {
                var b = Self.lineEnd(&p, from: a, width: wraps ? self.width : .infinity, byChars: mode == .byCharWrapping,
                                     system: system, text: text)
                let lastAllowed = out.count + 1 == limit
                var line = Self.makeLine(text, p, a, b, system: system, top: y, width: self.width)
                let moreText = b < end || pi < paragraphs.count - 1
                let overHeight = !out.isEmpty && y + line.height > maxHeight + 0.5
                if overHeight {
                    // This line does not fit: the previous one is the last, and truncates.
                    truncated = true
                    if let prev = out.popLast(), let pp = previous {
                        y = prev.top
                        var t = Self.truncate(text, pp, prev.range.lowerBound, system: system, top: y, width: self.width,
                                              mode: pp.style.lineBreakMode, fallbackEnd: prev.range.upperBound)
                        let mode = pp.style.lineBreakMode
                        if mode == .byClipping || mode == .byWordWrapping || mode == .byCharWrapping { t = prev } else { t.isTruncated = true }
                        out.append(t)
                    }
                    break outer
                }
                if lastAllowed, moreText || line.width > self.width + 0.01 {
                    truncated = true
                    if mode != .byClipping, mode != .byWordWrapping, mode != .byCharWrapping || limit == 1 {
                        line = Self.truncate(text, p, a, system: system, top: y, width: self.width, mode: mode, fallbackEnd: b)
                        line.isTruncated = true
                    } else if !wraps {
                        b = end
                    }
                    out.append(line)
                    y += line.height
                    break outer
                }
                out.append(line)
                previous = p
                y += line.height + style.lineSpacing
                a = b
            } while a < end
            y += style.paragraphSpacing - style.lineSpacing
        }
        if let last = out.last { y = last.top + last.height }
        lines = out
        isTruncated = truncated
        let w = out.reduce(0.0) { max($0, $1.width) }
        size = Size(width: w, height: y)
        align()
    }

    /// Plain text in one style and paragraph style.
    public init(_ string: String, style: TextStyle, paragraph: ParagraphStyle = .default, in system: FontSystem,
                width: Double = .infinity, maxLines: Int = 0, maxHeight: Double = .infinity) {
        self.init(StyledText(string, style: style, paragraph: paragraph), in: system, width: width, maxLines: maxLines,
                  maxHeight: maxHeight)
    }

    // MARK: Breaking

    /// Where a line that starts at `a` ends: after the last break opportunity whose text (without
    /// trailing white space) fits, else after as many grapheme clusters as fit (at least one).
    static func lineEnd(_ p: inout AnalyzedParagraph, from a: Int, width: Double, byChars: Bool, system: FontSystem,
                        text: StyledText) -> Int {
        if !width.isFinite || p.width(a, trimmedEnd(text.utf16, a, p.end)) <= width { return p.end }
        if !byChars {
            if p.breaks == nil { p.breaks = system.lineBreaks(text, p) }
            // From the first opportunity after `a` (binary search: lines cost what they hold).
            let breaks = p.breaks!
            var lo = 0, hi = breaks.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if p.start + breaks[mid] <= a { lo = mid + 1 } else { hi = mid }
            }
            var best = -1
            for k in lo..<breaks.count {
                let b = p.start + breaks[k]
                if p.width(a, trimmedEnd(text.utf16, a, b)) <= width { best = b } else { break }
            }
            if best > a { return best }
        }
        // By grapheme clusters: as many as fit, at least one.
        var b = a + 1
        while b < p.end, !p.boundary(b) { b += 1 }
        var next = b
        while next < p.end {
            var c = next + 1
            while c < p.end, !p.boundary(c) { c += 1 }
            if p.width(a, c) > width { break }
            next = c
            b = c
        }
        return b
    }

    /// The end of u[a..<b] without trailing white space.
    static func trimmedEnd(_ u: [UInt16], _ a: Int, _ b: Int) -> Int {
        var e = b
        while e > a, u[e - 1] == 0x20 || u[e - 1] == 0x09 || u[e - 1] == 0x3000 { e -= 1 }
        return e
    }

    // MARK: Lines

    /// A piece of a line: part of a shaped item, or the ellipsis.
    private struct Piece {
        var item: ShapedItem
        var lo: Int
        var hi: Int
        var level: UInt8
    }

    /// Builds the line for u[a..<b], with an ellipsis piece at logical position `ellipsisAt`.
    static func makeLine(_ text: StyledText, _ p: AnalyzedParagraph, _ a: Int, _ b: Int, system: FontSystem, top: Double,
                         width: Double, ranges: [Range<Int>]? = nil, ellipsis: ShapedItem? = nil, ellipsisAt: Int = 0)
        -> Line {
        let visibleEnd = trimmedEnd(text.utf16, a, b)
        var pieces: [Piece] = []
        let spans = ranges ?? [a..<visibleEnd]
        for (si, span) in spans.enumerated() {
            if let e = ellipsis, si == ellipsisAt { pieces.append(Piece(item: e, lo: e.start, hi: e.end, level: p.baseLevel)) }
            // Items are in order: start from the first that ends after the span's start.
            var lo = 0, hi = p.items.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if p.items[mid].end <= span.lowerBound { lo = mid + 1 } else { hi = mid }
            }
            for item in p.items[lo...] {
                if item.start >= span.upperBound { break }
                pieces.append(Piece(item: item, lo: max(item.start, span.lowerBound), hi: min(item.end, span.upperBound),
                                    level: item.level))
            }
        }
        if let e = ellipsis, ellipsisAt >= spans.count { pieces.append(Piece(item: e, lo: e.start, hi: e.end, level: p.baseLevel)) }
        // Visual order of the pieces (rule L2 on their levels).
        var order = Array(pieces.indices)
        if pieces.contains(where: { $0.level != 0 }) {
            let levels = pieces.map(\.level)
            var map = [Int32](repeating: 0, count: pieces.count)
            let n = Int(tl_bidi_visual_map(levels, Int32(levels.count), &map))
            if n == pieces.count { order = map.map { Int($0) } }
        }
        // Vertical metrics from the faces used (the primary font's when the line is empty).
        var ascent = 0.0, descent = 0.0, leading = 0.0
        func include(_ face: FontFace, _ style: TextStyle) {
            if system.fixedMetrics != nil {
                let m = system.metrics(for: style.font)
                ascent = max(ascent, m.ascender + style.baselineOffset)
                descent = max(descent, -m.descender - style.baselineOffset)
                return
            }
            let s = style.font.pointSize
            ascent = max(ascent, face.ascender * s + style.baselineOffset)
            descent = max(descent, face.descender * s - style.baselineOffset)
            leading = max(leading, face.lineGap * s)
        }
        if pieces.isEmpty {
            let st = text.runs[text.styleIndex(at: min(a, max(0, text.utf16.count - 1)))].style
            include(system.primaryFace(for: st.font), st)
        }
        for piece in pieces { include(piece.item.face, text.runs[piece.item.styleIndex].style) }
        var height = ascent + descent + leading
        var extraTop = 0.0
        if p.style.lineHeightMultiple > 0 {
            let h = height * p.style.lineHeightMultiple
            extraTop = h - height
            height = h
        }
        let baseline = top + extraTop + ascent
        // Justified lines spread the spare width over their spaces (not a paragraph's last line).
        var perSpace = 0.0
        if p.style.alignment == .justified, width.isFinite, b < p.end, ellipsis == nil {
            let natural = p.width(a, visibleEnd)
            var spaces = 0
            for i in a..<visibleEnd where text.utf16[i] == 0x20 { spaces += 1 }
            if spaces > 0, natural < width { perSpace = (width - natural) / Double(spaces) }
        }
        var x = 0.0
        var runs: [GlyphRun] = []
        var decorations: [TextDecoration] = []
        var cells: [(Range<Int>, Double, Double, Bool)] = []
        for index in order {
            let piece = pieces[index]
            let item = piece.item
            let style = text.runs[item.styleIndex].style
            // The piece's glyphs, found by binary search: a line costs what it shows, not its item.
            let range = Self.glyphRange(item, piece.lo, piece.hi)
            var glyphs: [UInt32] = []
            var positions: [Point] = []
            glyphs.reserveCapacity(range.count)
            positions.reserveCapacity(range.count)
            let x0 = x
            let cellStart = cells.count
            for g in item.glyphs[range] {
                glyphs.append(g.glyph)
                positions.append(Point(x: x + g.dx, y: baseline - g.dy - style.baselineOffset))
                var adv = g.advance
                if perSpace > 0, text.utf16[g.cluster] == 0x20 { adv += perSpace }
                if item.start > text.utf16.count {
                    // The ellipsis stands for no characters of the text.
                } else if let last = cells.last, cells.count > cellStart, last.0.lowerBound == g.cluster {
                    cells[cells.count - 1].2 = x + adv
                } else {
                    cells.append((g.cluster..<g.cluster, x, x + adv, item.isRTL))
                }
                x += adv
            }
            // Each cell ends where the next cluster of its piece starts, logically: clusters are
            // monotone in visual order (HarfBuzz's default cluster level), so that is the next
            // cell to the right for left-to-right text and to the left for right-to-left.
            for c in cellStart..<cells.count {
                let neighbour = item.isRTL ? c - 1 : c + 1
                let next = neighbour >= cellStart && neighbour < cells.count ? cells[neighbour].0.lowerBound : piece.hi
                cells[c].0 = cells[c].0.lowerBound..<next
            }
            if !glyphs.isEmpty {
                runs.append(GlyphRun(face: item.face, size: item.size, glyphs: glyphs, positions: positions, color: style.color))
            }
            let s = style.font.pointSize
            let thickness = max(1, item.face.underlineThickness * s)
            if let u = style.underline {
                let t = u == .thick ? thickness * 2 : thickness
                let y = baseline + max(item.face.underlinePosition * s, 1) - style.baselineOffset
                decorations.append(TextDecoration(rect: Rect(x: x0, y: y, width: x - x0, height: t), color: style.color))
                if u == .double {
                    decorations.append(TextDecoration(rect: Rect(x: x0, y: y + 2 * t, width: x - x0, height: t), color: style.color))
                }
            }
            if let u = style.strikethrough {
                let t = u == .thick ? thickness * 2 : thickness
                let y = baseline - item.face.xHeight * s / 2 - style.baselineOffset - t / 2
                decorations.append(TextDecoration(rect: Rect(x: x0, y: y, width: x - x0, height: t), color: style.color))
            }
        }
        var trailing = visibleEnd
        while trailing < b, ![0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(text.utf16[trailing]) { trailing += 1 }
        return Line(range: a..<b, top: top, baseline: baseline, height: height, ascent: ascent, descent: descent,
                    leading: leading, x: 0, width: x, runs: runs,
                    decorations: decorations, cells: cells, isRightToLeft: p.baseLevel & 1 == 1, isTruncated: false,
                    alignment: p.style.alignment, trailingWhiteSpace: ranges == nil && ellipsis == nil ? p.width(visibleEnd, trailing) : 0)
    }

    /// The glyphs of `item` whose clusters lie in lo..<hi: clusters ascend in visual order for
    /// left-to-right items and descend for right-to-left ones, so two binary searches find them.
    static func glyphRange(_ item: ShapedItem, _ lo: Int, _ hi: Int) -> Range<Int> {
        let g = item.glyphs
        func firstIndex(_ beyond: (Int) -> Bool) -> Int {
            var a = 0, b = g.count
            while a < b {
                let m = (a + b) / 2
                if beyond(g[m].cluster) { b = m } else { a = m + 1 }
            }
            return a
        }
        if item.isRTL {
            let start = firstIndex { $0 < hi }, end = firstIndex { $0 < lo }
            return start..<max(start, end)
        }
        let start = firstIndex { $0 >= lo }, end = firstIndex { $0 >= hi }
        return start..<max(start, end)
    }

    /// The last line, cut to fit `width` with an ellipsis where the mode puts it.
    static func truncate(_ text: StyledText, _ p: AnalyzedParagraph, _ a: Int, system: FontSystem, top: Double,
                         width: Double, mode: LineBreakMode, fallbackEnd: Int) -> Line {
        let end = p.end
        let styleIndex = text.styleIndex(at: max(a, min(end, text.utf16.count) - 1))
        let ellipsis = ellipsisItem(text, styleIndex: styleIndex, system: system)
        let e = ellipsis.glyphs.reduce(0) { $0 + $1.advance }
        let room = width.isFinite ? width - e : .infinity
        func clusterAfter(_ i: Int) -> Int {
            var j = i + 1
            while j < end, !p.boundary(j) { j += 1 }
            return j
        }
        func clusterBefore(_ i: Int) -> Int {
            var j = i - 1
            while j > a, !p.boundary(j) { j -= 1 }
            return j
        }
        switch mode {
        case .byTruncatingHead:
            var k = end
            while k > a {
                let c = clusterBefore(k)
                if p.width(c, end) > room { break }
                k = c
            }
            return makeLine(text, p, a, end, system: system, top: top, width: width, ranges: [k..<end], ellipsis: ellipsis,
                            ellipsisAt: 0)
        case .byTruncatingMiddle:
            var k1 = a, k2 = end
            let half = room / 2
            while k1 < end {
                let c = clusterAfter(k1)
                if p.width(a, c) > half { break }
                k1 = c
            }
            while k2 > k1 {
                let c = clusterBefore(k2)
                if p.width(a, k1) + p.width(c, end) > room { break }
                k2 = c
            }
            return makeLine(text, p, a, end, system: system, top: top, width: width,
                            ranges: [a..<trimmedEnd(text.utf16, a, k1), k2..<end], ellipsis: ellipsis, ellipsisAt: 1)
        default:
            var k = a
            while k < end {
                let c = clusterAfter(k)
                if p.width(a, trimmedEnd(text.utf16, a, c)) > room { break }
                k = c
            }
            let visible = trimmedEnd(text.utf16, a, k)
            return makeLine(text, p, a, max(k, min(fallbackEnd, end)), system: system, top: top, width: width,
                            ranges: [a..<visible], ellipsis: ellipsis, ellipsisAt: 1)
        }
    }

    /// "…" shaped in the style at `styleIndex`, as an item with no characters of the text.
    static func ellipsisItem(_ text: StyledText, styleIndex: Int, system: FontSystem) -> ShapedItem {
        let style = text.runs[styleIndex].style
        let dots = StyledText("\u{2026}", style: style)
        let p = system.analyze(dots, start: 0, end: 1, next: 1)
        var item = p.items.first ?? ShapedItem(start: 0, end: 1, level: 0, styleIndex: 0, face: system.systemFace,
                                                size: style.font.pointSize, glyphs: [])
        // Characters past the text: the ellipsis owns no index of it.
        let past = text.utf16.count + 1
        for i in item.glyphs.indices { item.glyphs[i].cluster = past }
        item.start = past
        item.end = past + 1
        item.styleIndex = styleIndex
        return item
    }

    // MARK: Alignment

    private mutating func align() {
        let box = width.isFinite ? width : size.width
        for i in lines.indices {
            let line = lines[i]
            let free = box - line.width
            let dx: Double = switch line.alignment {
            case .left: 0
            case .right: free
            case .center: free / 2
            case .natural, .justified: line.isRightToLeft ? free : 0
            }
            guard dx != 0, dx.isFinite else { continue }
            lines[i].x = dx
            for r in lines[i].runs.indices {
                for g in lines[i].runs[r].positions.indices { lines[i].runs[r].positions[g].x += dx }
            }
            for d in lines[i].decorations.indices { lines[i].decorations[d].rect.origin.x += dx }
            for c in lines[i].cells.indices { lines[i].cells[c].minX += dx; lines[i].cells[c].maxX += dx }
        }
    }

    // MARK: Carets and hit testing

    /// The caret before the character at UTF-16 `index` (the text's length: after the last), one
    /// point wide and a line tall.
    public func caretRect(forCharacterIndex index: Int) -> Rect {
        guard !lines.isEmpty else { return Rect(x: 0, y: 0, width: 1, height: 0) }
        var li = lines.count - 1
        for (i, l) in lines.enumerated() where index < l.range.upperBound || (index == l.range.upperBound && i == lines.count - 1) {
            li = i
            break
        }
        if index < lines[0].range.lowerBound { li = 0 }
        let line = lines[li]
        var x: Double = line.isRightToLeft ? line.x + line.width : line.x
        if let c = line.cells.first(where: { $0.range.lowerBound == index }) {
            x = c.rtl ? c.maxX : c.minX
        } else if let c = line.cells.first(where: { $0.range.upperBound == index }) {
            x = c.rtl ? c.minX : c.maxX
        } else if let c = line.cells.first(where: { $0.range.contains(index) }) {
            x = c.rtl ? c.maxX : c.minX
        } else if index >= line.range.upperBound, let last = line.cells.max(by: { $0.range.upperBound < $1.range.upperBound }) {
            x = last.rtl ? last.minX : last.maxX
        }
        return Rect(x: x, y: line.top, width: 1, height: line.height)
    }

    /// The box of the cluster holding the character at UTF-16 `index` (its advance across, the
    /// line's height), as a screen reader's character extents; nil when no cluster holds it (past
    /// the end, or a line break).
    public func characterRect(forCharacterIndex index: Int) -> Rect? {
        for line in lines where line.range.contains(index) {
            guard let c = line.cells.first(where: { $0.range.contains(index) }) else { return nil }
            return Rect(x: c.minX, y: line.top, width: c.maxX - c.minX, height: line.height)
        }
        return nil
    }

    /// The UTF-16 index nearest a point: the boundary of the cluster under it on the nearer side.
    public func characterIndex(at point: Point) -> Int {
        guard !lines.isEmpty else { return 0 }
        let line = lines.first(where: { point.y < $0.top + $0.height }) ?? lines[lines.count - 1]
        guard !line.cells.isEmpty else { return line.range.lowerBound }
        for c in line.cells where point.x >= c.minX && point.x < c.maxX {
            let before = point.x < (c.minX + c.maxX) / 2
            return before != c.rtl ? c.range.lowerBound : c.range.upperBound
        }
        let first = line.cells[0], last = line.cells[line.cells.count - 1]
        if point.x < first.minX { return first.rtl ? first.range.upperBound : first.range.lowerBound }
        return last.rtl ? last.range.lowerBound : min(last.range.upperBound, trimmedLineEnd(line))
    }

    private func trimmedLineEnd(_ line: Line) -> Int {
        line.cells.map(\.range.upperBound).max() ?? line.range.upperBound
    }
}
