import CText
import CTextShim

/// One shaped glyph: its id, the UTF-16 index of the cluster it draws, and its advance and
/// offset in points.
struct ShapedGlyph {
    var glyph: UInt32
    var cluster: Int
    var advance: Double
    var dx: Double
    var dy: Double
}

/// A stretch of a paragraph with one style, one bidi level and one face, shaped. Glyphs are in
/// visual order (right-to-left items come reversed, as HarfBuzz gives them).
struct ShapedItem {
    var start: Int
    var end: Int
    var level: UInt8
    var styleIndex: Int
    var face: FontFace
    var size: Double
    var glyphs: [ShapedGlyph]
    var isRTL: Bool { level & 1 == 1 }
}

/// A paragraph analysed once for every width it is laid out at: bidi levels, grapheme
/// boundaries, items shaped with fallback per cluster, and the advance of every UTF-16 index.
struct AnalyzedParagraph {
    /// The paragraph's range in the text, without its terminator.
    var start: Int
    var end: Int
    /// Index after the terminator (the next paragraph's start).
    var next: Int
    var baseLevel: UInt8
    var style: ParagraphStyle
    var items: [ShapedItem]
    /// prefix[i - start]: the advance of the text from `start` to `i`.
    var prefix: [Double]
    /// Whether index i (relative) is a grapheme-cluster boundary.
    var isBoundary: [Bool]
    /// Line-break opportunities (relative, ascending, the end included), computed on demand.
    var breaks: [Int]?

    func width(_ a: Int, _ b: Int) -> Double { prefix[b - start] - prefix[a - start] }
    func boundary(_ i: Int) -> Bool { isBoundary[i - start] }
}

extension FontSystem {
    /// The most UTF-16 units analysed as one paragraph. Longer paragraphs are analysed in pieces
    /// cut at a space (or, without one, between code points): layout then costs what it shows
    /// (a one-line label of a 10 MB string shapes its first piece), at the price of bidi and
    /// shaping context across a cut, and a line break there.
    static let longestParagraph = 16_384

    /// Splits a text into paragraphs at mandatory breaks (LF, CR, CR LF, NEL, LS, PS, VT, FF):
    /// (start, end without terminator, next start). See ``longestParagraph``.
    static func paragraphs(_ u: [UInt16]) -> [(Int, Int, Int)] {
        var out: [(Int, Int, Int)] = []
        var start = 0, i = 0
        let n = u.count
        while i < n {
            if i - start >= longestParagraph {
                // Cut at the last space of the piece, else before a code point.
                var cut = i
                var j = i
                while j > start + longestParagraph / 2 { if u[j - 1] == 0x20 { cut = j; break }; j -= 1 }
                if cut == i, u[cut] >= 0xDC00, u[cut] < 0xE000 { cut -= 1 }
                out.append((start, cut, cut))
                start = cut
                i = cut
                continue
            }
            let c = u[i]
            if c == 0x0A || c == 0x0D || c == 0x85 || c == 0x2028 || c == 0x2029 || c == 0x0B || c == 0x0C {
                var next = i + 1
                if c == 0x0D, next < n, u[next] == 0x0A { next += 1 }
                out.append((start, i, next))
                start = next
                i = next
            } else {
                i += 1
            }
        }
        out.append((start, n, n))
        return out
    }

    /// Analyses one paragraph of `text`: levels, clusters, items and their shaping.
    func analyze(_ text: StyledText, start: Int, end: Int, next: Int) -> AnalyzedParagraph {
        let n = end - start
        let style = text.paragraphStyle(at: start)
        var levels: [UInt8] = []                                      // empty: every level is 0
        var simple = true
        var base: UInt8 = style.baseWritingDirection == .rightToLeft ? 1 : 0
        var boundary = [Bool](repeating: false, count: n + 1)
        boundary[0] = true
        boundary[n] = true
        text.utf16.withUnsafeBufferPointer { all in
            guard n > 0, let p = all.baseAddress.map({ $0 + start }) else { return }
            // Bidi only where it can matter: any unit from Hebrew up, or an explicit direction.
            var needsBidi = style.baseWritingDirection == .rightToLeft
            if !needsBidi { for i in 0..<n where p[i] >= 0x0590 { needsBidi = true; break } }
            if needsBidi {
                levels = [UInt8](repeating: 0, count: n)
                let want: UInt8 = switch style.baseWritingDirection {
                case .natural: 0xFE
                case .leftToRight: 0
                case .rightToLeft: 1
                }
                var resolved: UInt8 = 0
                if tl_bidi_levels(p, Int32(n), want, &levels, &resolved) == 0 { base = resolved }
            }
            // Grapheme clusters: plain ASCII letters are their own clusters except CR LF.
            for i in 0..<n where p[i] >= 0x7F || p[i] == 0x0D { simple = false; break }
            if simple {
                for i in 0..<n { boundary[i] = true }
            } else {
                _ = tl_breaker_set_text(graphemes, p, Int32(n))
                while true {
                    let b = tl_breaker_next(graphemes)
                    if b < 0 { break }
                    boundary[Int(b)] = true
                }
            }
        }
        let items: [ShapedItem]
        var prefix = [Double](repeating: 0, count: n + 1)
        guard n > 0 else {
            return AnalyzedParagraph(start: start, end: end, next: next, baseLevel: base, style: style, items: [],
                                     prefix: prefix, isBoundary: boundary, breaks: [])
        }
        if simple, levels.isEmpty, let fast = asciiItems(text, start: start, end: end, boundary: boundary) {
            items = fast
        } else {
            items = itemize(text, start: start, end: end, levels: levels, boundary: boundary)
        }
        // Advances by index, then their running sum in place.
        for item in items { for g in item.glyphs { prefix[g.cluster - start + 1] += g.advance } }
        for i in 0..<n { prefix[i + 1] += prefix[i] }
        return AnalyzedParagraph(start: start, end: end, next: next, baseLevel: base, style: style, items: items,
                                 prefix: prefix, isBoundary: boundary, breaks: nil)
    }

    /// ASCII text without bidi: one item per style run, when each run's face has every character.
    private func asciiItems(_ text: StyledText, start: Int, end: Int, boundary: [Bool]) -> [ShapedItem]? {
        var items: [ShapedItem] = []
        var styleIndex = text.styleIndex(at: start)
        var a = start
        while a < end {
            let b = styleIndex + 1 < text.runs.count ? min(end, text.runs[styleIndex + 1].start) : end
            let face = primaryFace(for: text.runs[styleIndex].style.font)
            if fixedMetrics == nil {
                let covered = text.utf16.withUnsafeBufferPointer { u in
                    for i in a..<b where !face.coversASCII(u[i]) { return false }
                    return true
                }
                if !covered { return nil }
            }
            if b > a {
                items.append(shape(text, a, b, paragraphStart: start, paragraphEnd: end, style: styleIndex, level: 0,
                                   face: face, boundary: boundary))
            }
            a = b
            styleIndex += 1
        }
        return items
    }

    /// Items by style run, level and face, the face chosen per grapheme cluster (with fallback).
    private func itemize(_ text: StyledText, start: Int, end: Int, levels: [UInt8], boundary: [Bool]) -> [ShapedItem] {
        var items: [ShapedItem] = []
        var styleIndex = text.styleIndex(at: start)
        var itemStart = start
        var current: (style: Int, level: UInt8, face: FontFace)?
        var a = start
        var primaryFor: (Int, FontFace) = (-1, systemFace)
        while a < end {
            var b = a + 1
            while b < end, !boundary[b - start] { b += 1 }
            while styleIndex + 1 < text.runs.count, text.runs[styleIndex + 1].start <= a { styleIndex += 1 }
            if primaryFor.0 != styleIndex { primaryFor = (styleIndex, primaryFace(for: text.runs[styleIndex].style.font)) }
            let primary = primaryFor.1
            var face = primary
            if fixedMetrics == nil, let missing = firstUncovered(text.utf16, a, b, in: primary) {
                face = fallbackFace(for: missing, primary: primary, font: text.runs[styleIndex].style.font) ?? primary
            }
            let key = (styleIndex, levels.isEmpty ? 0 : levels[a - start], face)
            if let c = current, c.style != key.0 || c.level != key.1 || c.face !== key.2 {
                items.append(shape(text, itemStart, a, paragraphStart: start, paragraphEnd: end, style: c.style, level: c.level,
                                   face: c.face, boundary: boundary))
                itemStart = a
            }
            current = key
            a = b
        }
        if let c = current {
            items.append(shape(text, itemStart, end, paragraphStart: start, paragraphEnd: end, style: c.style, level: c.level,
                               face: c.face, boundary: boundary))
        }
        return items
    }

    /// The first scalar in u[a..<b] that `face` has no glyph for (ignorable ones aside).
    private func firstUncovered(_ u: [UInt16], _ a: Int, _ b: Int, in face: FontFace) -> Unicode.Scalar? {
        var i = a
        while i < b {
            let (scalar, width) = Self.scalar(u, i, b)
            i += width
            if FontFace.isIgnorable(scalar) { continue }
            if face.glyph(for: scalar) == nil { return scalar }
        }
        return nil
    }

    /// The scalar at u[i] (a lone surrogate reads as U+FFFD) and how many units it takes.
    static func scalar(_ u: [UInt16], _ i: Int, _ end: Int) -> (Unicode.Scalar, Int) {
        let c = u[i]
        if c >= 0xD800, c < 0xDC00, i + 1 < end, u[i + 1] >= 0xDC00, u[i + 1] < 0xE000 {
            let v = 0x10000 + ((UInt32(c) - 0xD800) << 10) + (UInt32(u[i + 1]) - 0xDC00)
            return (Unicode.Scalar(v) ?? "\u{FFFD}", 2)
        }
        return (Unicode.Scalar(UInt32(c)) ?? "\u{FFFD}", 1)
    }

    /// Shapes u[a..<b] (with the paragraph as context) in one face, size and direction.
    func shape(_ text: StyledText, _ a: Int, _ b: Int, paragraphStart: Int, paragraphEnd: Int, style: Int, level: UInt8,
               face: FontFace, boundary: [Bool]) -> ShapedItem {
        let s = text.runs[style].style
        let size = s.font.pointSize
        var glyphs: [ShapedGlyph] = []
        shapingCount += 1
        if let fixed = fixedMetrics {
            // One glyph per grapheme cluster, each advancing the same.
            var i = a
            let adv = fixed.advance * size
            while i < b {
                let (scalar, w) = Self.scalar(text.utf16, i, b)
                var j = i + w
                while j < b, !boundary[j - paragraphStart] { j += 1 }
                glyphs.append(ShapedGlyph(glyph: face.glyph(for: scalar) ?? 0, cluster: i, advance: adv + s.kern, dx: 0, dy: 0))
                i = j
            }
            if level & 1 == 1 { glyphs.reverse() }
            return ShapedItem(start: a, end: b, level: level, styleIndex: style, face: face, size: size, glyphs: glyphs)
        }
        let scale = size / face.unitsPerEm
        text.utf16.withUnsafeBufferPointer { all in
            let p = all.baseAddress! + paragraphStart
            hb_buffer_clear_contents(buffer)
            hb_buffer_add_utf16(buffer, p, Int32(paragraphEnd - paragraphStart), UInt32(a - paragraphStart), Int32(b - a))
            hb_buffer_set_direction(buffer, level & 1 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_buffer_guess_segment_properties(buffer)
            hb_shape(face.hbFont, buffer, nil, 0)
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                  let pos = hb_buffer_get_glyph_positions(buffer, &count) else { return }
            glyphs.reserveCapacity(Int(count))
            for i in 0..<Int(count) {
                glyphs.append(ShapedGlyph(glyph: infos[i].codepoint, cluster: paragraphStart + Int(infos[i].cluster),
                                          advance: Double(pos[i].x_advance) * scale,
                                          dx: Double(pos[i].x_offset) * scale, dy: Double(pos[i].y_offset) * scale))
            }
        }
        if s.kern != 0, !glyphs.isEmpty {
            // Tracking after every cluster: on its last glyph in logical order.
            for i in glyphs.indices {
                let nextLogical = level & 1 == 1 ? i - 1 : i + 1
                if nextLogical < 0 || nextLogical >= glyphs.count || glyphs[nextLogical].cluster != glyphs[i].cluster {
                    glyphs[i].advance += s.kern
                }
            }
        }
        return ShapedItem(start: a, end: b, level: level, styleIndex: style, face: face, size: size, glyphs: glyphs)
    }

    /// Line-break opportunities of a paragraph (UAX #14, by ICU), relative to its start.
    func lineBreaks(_ text: StyledText, _ p: AnalyzedParagraph) -> [Int] {
        let n = p.end - p.start
        var out: [Int] = []
        text.utf16.withUnsafeBufferPointer { all in
            guard n > 0, let base = all.baseAddress else { return }
            _ = tl_breaker_set_text(lines, base + p.start, Int32(n))
            while true {
                let b = tl_breaker_next(lines)
                if b < 0 { break }
                out.append(Int(b))
            }
        }
        if out.last != n { out.append(n) }
        return out
    }
}

// MARK: Text analysis as the layout sees it (for conformance tests and tools)

extension FontSystem {
    /// The bidirectional algorithm's embedding levels of one paragraph (per UTF-16 unit) and its
    /// resolved paragraph level, as layout computes them (ICU; rules up to L1 for the whole
    /// paragraph as one line).
    public func bidiLevels(_ utf16: [UInt16], direction: WritingDirection = .natural) -> (levels: [UInt8], paragraphLevel: UInt8) {
        var levels = [UInt8](repeating: 0, count: utf16.count)
        var resolved: UInt8 = direction == .rightToLeft ? 1 : 0
        guard !utf16.isEmpty else { return (levels, resolved) }
        let want: UInt8 = switch direction {
        case .natural: 0xFE
        case .leftToRight: 0
        case .rightToLeft: 1
        }
        _ = utf16.withUnsafeBufferPointer { tl_bidi_levels($0.baseAddress, Int32(utf16.count), want, &levels, &resolved) }
        return (levels, resolved)
    }

    /// Rule L2: the logical indices in visual order for a line's levels; entries of 0xFF
    /// (characters removed by rule X9) are left out.
    public static func visualOrder(levels: [UInt8]) -> [Int] {
        guard !levels.isEmpty else { return [] }
        var map = [Int32](repeating: 0, count: levels.count)
        let n = Int(tl_bidi_visual_map(levels, Int32(levels.count), &map))
        return map.prefix(max(0, n)).map(Int.init)
    }

    /// Line-break opportunities (UAX #14) as UTF-16 offsets after 0, the end included.
    public func lineBreakOpportunities(_ utf16: [UInt16]) -> [Int] {
        boundaries(utf16, lines)
    }

    /// Grapheme-cluster boundaries (UAX #29) as UTF-16 offsets after 0, the end included.
    public func graphemeBoundaries(_ utf16: [UInt16]) -> [Int] {
        boundaries(utf16, graphemes)
    }

    func boundaries(_ utf16: [UInt16], _ breaker: UnsafeMutableRawPointer) -> [Int] {
        guard !utf16.isEmpty else { return [] }
        var out: [Int] = []
        utf16.withUnsafeBufferPointer { p in
            _ = tl_breaker_set_text(breaker, p.baseAddress, Int32(utf16.count))
            while true {
                let b = tl_breaker_next(breaker)
                if b < 0 { break }
                out.append(Int(b))
            }
            // The iterator must not keep pointing at this buffer.
            _ = tl_breaker_set_text(breaker, nil, 0)
        }
        return out
    }
}

extension FontSystem {
    /// Word boundaries (UAX #29 with ICU's dictionaries), UTF-16 offsets after 0, the end included:
    /// a word and the space after it are separate segments.
    public func wordBoundaries(_ utf16: [UInt16]) -> [Int] {
        boundaries(utf16, words)
    }
}
