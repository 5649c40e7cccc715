import Geometry

/// The text-layout fuzz target's harness (TX bad input): bytes become text and its styles, the
/// text is laid out, carets and hit tests are asked for across it, and the glyphs of its first
/// runs are rasterised. Whatever the bytes, this returns; the fuzzer reports a trap, a hang or
/// runaway memory. `Tests/Fuzz/text-regressions` holds inputs that once failed.
@_spi(Fuzzing)
public enum TextFuzzHarness {
    /// Runs one input; returns the number of laid-out lines (to keep the work observable).
    @discardableResult
    public static func run(bytes: [UInt8], fonts: FontSystem) -> Int {
        guard bytes.count >= 6 else { return 0 }
        let flags = bytes[0], widthByte = bytes[1], linesByte = bytes[2], mode = bytes[3], sizeByte = bytes[4], split = bytes[5]
        let body = bytes[6...]
        // Either UTF-8 (invalid sequences repaired) or raw UTF-16 units (lone surrogates kept).
        let units: [UInt16]
        if flags & 1 == 0 {
            units = Array(String(decoding: body, as: UTF8.self).utf16)
        } else {
            var u: [UInt16] = []
            var i = body.startIndex
            while i + 1 < body.endIndex { u.append(UInt16(body[i]) | UInt16(body[i + 1]) << 8); i += 2 }
            units = u
        }
        let size = 1 + Double(sizeByte % 96)
        var first = TextStyle(font: .systemFont(ofSize: size))
        var second = TextStyle(font: Font(family: flags & 2 != 0 ? "DejaVu Sans Mono" : nil, size: size * 1.5,
                                          weight: flags & 4 != 0 ? .bold : .regular, italic: flags & 8 != 0))
        first.kern = Double(Int(split % 7) - 3)
        second.underline = flags & 16 != 0 ? .double : nil
        second.strikethrough = flags & 32 != 0 ? .thick : nil
        second.baselineOffset = Double(Int(sizeByte % 11) - 5)
        let at = units.isEmpty ? 0 : Int(split) % (units.count + 1)
        var paragraph = ParagraphStyle()
        paragraph.alignment = [.left, .center, .right, .justified, .natural][Int(mode % 5)]
        paragraph.lineBreakMode = [.byWordWrapping, .byCharWrapping, .byClipping, .byTruncatingHead, .byTruncatingTail,
                                   .byTruncatingMiddle][Int(mode / 5 % 6)]
        paragraph.baseWritingDirection = [.natural, .leftToRight, .rightToLeft][Int(mode / 30 % 3)]
        paragraph.lineSpacing = Double(linesByte >> 4)
        paragraph.lineHeightMultiple = flags & 64 != 0 ? 1.5 : 0
        let text = StyledText(utf16: units, runs: [(0, first), (at, second)], paragraphStyles: [(0, paragraph)])
        let width = widthByte == 255 ? Double.infinity : Double(widthByte) * 3
        let height = flags & 128 != 0 ? Double(linesByte) * 4 : .infinity
        let layout = TextLayout(text, in: fonts, width: width, maxLines: Int(linesByte % 8), maxHeight: height)
        // Carets and hit tests across the text (a bounded number of probes).
        let step = max(1, units.count / 64)
        var i = 0
        while i <= units.count {
            let r = layout.caretRect(forCharacterIndex: i)
            _ = layout.characterIndex(at: Point(x: r.midX, y: r.midY))
            i += step
        }
        _ = layout.characterIndex(at: Point(x: -10, y: -10))
        _ = layout.characterIndex(at: Point(x: 1e9, y: 1e9))
        // Rasterise the first few glyphs of the first runs, as a renderer would.
        for line in layout.lines.prefix(2) {
            for run in line.runs.prefix(2) {
                for g in run.glyphs.prefix(4) { _ = fonts.rasterize(run.face, glyph: g, pixelSize: run.size * 2, subpixel: 0.25) }
            }
        }
        // The same bytes as Markdown (libcmark, then the runs' styles); the runs cover the text.
        if flags & 1 == 0 {
            let source = String(decoding: body, as: UTF8.self)
            let runs = Markdown.runs(source, preservingWhitespace: mode & 1 != 0)
            precondition(runs.allSatisfy { !$0.text.isEmpty }, "Markdown gave an empty run")
        }
        return layout.lines.count
    }
}
