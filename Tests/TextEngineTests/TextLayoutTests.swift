import Foundation
import Geometry
import Testing
@testable import TextEngine

/// TX3/TX4: attributed text, shaping with fallback, bidi, breaking, truncation, carets.
@Suite struct TextLayoutTests {
    let fonts: FontSystem
    init() throws { fonts = try FontSystem() }
    func style(_ size: Double = 20) -> TextStyle { TextStyle(font: .systemFont(ofSize: size)) }

    @Test func TX4_kerningAndLigaturesAreShaped() {
        // DejaVu Sans kerns "AV": the pair is narrower than its letters alone.
        let av = TextLayout("AV", style: style(), in: fonts).size.width
        let a = TextLayout("A", style: style(), in: fonts).size.width
        let v = TextLayout("V", style: style(), in: fonts).size.width
        #expect(av < a + v - 0.5)
    }

    @Test func TX4_arabicJoinsAndRunsRightToLeft() {
        let l = TextLayout("سلام", style: style(), in: fonts)
        #expect(l.lines.count == 1)
        #expect(l.lines[0].isRightToLeft)
        // Joined forms differ from the isolated letters' glyphs.
        let isolated = "س".unicodeScalars.first.flatMap { fonts.systemFace.glyph(for: $0) }
        #expect(l.lines[0].runs[0].glyphs.contains(isolated!) == false)
        // Right to left: the first character's glyph is drawn rightmost.
        let caret0 = l.caretRect(forCharacterIndex: 0).minX
        let caret4 = l.caretRect(forCharacterIndex: 4).minX
        #expect(caret0 > caret4)
    }

    @Test func TX4_chineseFallsBackToAnInstalledFont() throws {
        let l = TextLayout("中文 text", style: style(), in: fonts)
        let faces = Set(l.lines[0].runs.map(\.face.familyName))
        #expect(faces.contains("DejaVu Sans"))
        #expect(faces.count == 2, "a fallback face draws the Han characters: \(faces)")
        #expect(!l.lines[0].runs.flatMap(\.glyphs).contains(0), "no .notdef boxes")
    }

    @Test func TX4_wrapsAtOpportunitiesAndTruncates() {
        let text = "The quick brown fox jumps over the lazy dog"
        let wrapped = TextLayout(text, style: style(), in: fonts, width: 150)
        #expect(wrapped.lines.count > 2)
        for line in wrapped.lines { #expect(line.width <= 150) }
        let ranges = wrapped.lines.map(\.range)
        #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == text.utf16.count)
        // Lines start after a space (a UAX #14 opportunity).
        let u = Array(text.utf16)
        for r in ranges.dropFirst() { #expect(u[r.lowerBound - 1] == 0x20) }

        var p = ParagraphStyle(); p.lineBreakMode = .byTruncatingTail
        let two = TextLayout(text, style: style(), paragraph: p, in: fonts, width: 150, maxLines: 2)
        #expect(two.lines.count == 2 && two.isTruncated)
        #expect(two.lines[1].width <= 150)
        let ellipsis = fonts.systemFace.glyph(for: "\u{2026}")!
        #expect(two.lines[1].runs.last?.glyphs.last == ellipsis)

        p.lineBreakMode = .byTruncatingHead
        let head = TextLayout(text, style: style(), paragraph: p, in: fonts, width: 150, maxLines: 1)
        #expect(head.lines[0].runs.first?.glyphs.first == ellipsis)
        p.lineBreakMode = .byTruncatingMiddle
        let middle = TextLayout(text, style: style(), paragraph: p, in: fonts, width: 150, maxLines: 1)
        let glyphs = middle.lines[0].runs.flatMap(\.glyphs)
        #expect(glyphs.first != ellipsis && glyphs.last != ellipsis && glyphs.contains(ellipsis))
        #expect(middle.lines[0].width <= 150)
    }

    @Test("TX5: colour emoji come from an installed colour font as colour bitmaps",
          .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")))
    func TX5_colourEmoji() throws {
        let l = TextLayout("a🙂", style: style(), in: fonts)
        let runs = l.lines[0].runs
        #expect(runs.count == 2)
        let emoji = try #require(runs.last)
        #expect(emoji.face.hasColor && emoji.glyphs.first != 0)
        let bitmap = try #require(fonts.rasterize(emoji.face, glyph: emoji.glyphs[0], pixelSize: 40, subpixel: 0))
        #expect(bitmap.isColor && bitmap.width > 0 && abs(bitmap.scale * Double(bitmap.height) - 40) < 12)
        #expect(fonts.rasterizationCount == 1)
    }

    @Test func TX4_caretsAndHitTestingRoundTrip() {
        let l = TextLayout("hello world", style: style(), in: fonts)
        for i in 0...11 {
            let c = l.caretRect(forCharacterIndex: i)
            #expect(l.characterIndex(at: Point(x: c.minX + 0.1, y: c.midY)) == i)
        }
    }
}

/// TX3: attributed text's attributes change the layout as UIKit's do.
@Suite struct AttributedTextTests {
    let fonts: FontSystem
    init() throws { fonts = try FontSystem() }
    let base = TextStyle(font: .systemFont(ofSize: 20))

    @Test("TX3: AttributedString runs with our scope carry font, colour, kern, underline, strikethrough and baseline offset into the layout")
    func TX3_attributesReachTheLayout() {
        var s = AttributedString("Plain ")
        var styled = AttributedString("styled")
        styled.timeline.kern = 4
        styled.timeline.underlineStyle = .single
        styled.timeline.foregroundColor = .testRed
        styled.timeline.baselineOffset = 6
        s.append(styled)
        var struck = AttributedString(" gone")
        struck.timeline.strikethroughStyle = .single
        struck.timeline.font = .systemFont(ofSize: 20, weight: .bold)
        s.append(struck)
        let l = TextLayout(StyledText(s, style: base), in: fonts)
        let line = l.lines[0]
        let runs = line.runs
        #expect(runs.contains { $0.color == Color.testRed })
        #expect(runs.contains { $0.face.styleName.contains("Bold") })
        // Kern: "styled" is 6 characters wider by 4 points each than the same text unkerned.
        let plain = TextLayout("Plain styled gone", style: base, in: fonts).lines[0].width
        #expect(line.width > plain + 6 * 4 - 1)
        // Baseline offset raises the red run above the others.
        let red = runs.first { $0.color == Color.testRed }!, other = runs.first { $0.color != Color.testRed }!
        #expect(abs((other.positions[0].y - red.positions[0].y) - 6) < 1e-9)
        // One underline below the baseline, one strikethrough above it, each as wide as its run.
        #expect(line.decorations.count == 2)
        let under = line.decorations.first { $0.rect.minY > line.baseline - 6 }
        let strike = line.decorations.first { $0.rect.maxY < line.baseline - 2 }
        #expect(under != nil && strike != nil)
        #expect(under!.color == Color.testRed)
    }

    @Test("TX3: line spacing, line height multiple and paragraph spacing add the space UIKit's do")
    func TX3_paragraphSpacing() {
        let text = "one two three four five six seven eight nine ten\nnext paragraph"
        let plain = TextLayout(text, style: base, in: fonts, width: 200)
        let n = plain.lines.count
        #expect(n >= 3)
        let spaced = TextLayout(text, style: base, paragraph: ParagraphStyle(lineSpacing: 5), in: fonts, width: 200)
        #expect(abs(spaced.lines[1].top - plain.lines[1].top - 5) < 1e-9)
        let tall = TextLayout(text, style: base, paragraph: ParagraphStyle(lineHeightMultiple: 2), in: fonts, width: 200)
        #expect(abs(tall.lines[1].height - 2 * plain.lines[1].height) < 1)
        let paragraphs = TextLayout(text, style: base, paragraph: ParagraphStyle(paragraphSpacing: 12), in: fonts, width: 200)
        #expect(abs(paragraphs.lines[n - 1].top - plain.lines[n - 1].top - 12) < 1e-9, "only between paragraphs")
        #expect(abs(paragraphs.lines[1].top - plain.lines[1].top) < 1e-9)
    }

    @Test("TX3: justified lines fill the width but the last; natural alignment is the paragraph's direction")
    func TX3_alignment() {
        let text = "one two three four five six seven eight nine ten eleven"
        let j = TextLayout(text, style: base, paragraph: ParagraphStyle(alignment: .justified), in: fonts, width: 220)
        #expect(j.lines.count >= 2)
        for line in j.lines.dropLast() {
            let right = line.cells.map(\.maxX).max() ?? 0
            #expect(abs(right - 220) < 1.5 || line.width > 219, "a justified line reaches the right edge")
        }
        let last = j.lines.last!
        #expect(last.x < 1, "the last line stays at the leading edge")
        let hebrew = TextLayout("שלום עולם", style: base, paragraph: ParagraphStyle(alignment: .natural), in: fonts, width: 300)
        #expect(hebrew.lines[0].isRightToLeft && hebrew.lines[0].x + hebrew.lines[0].width > 299)
        let english = TextLayout("hello", style: base, paragraph: ParagraphStyle(alignment: .natural), in: fonts, width: 300)
        #expect(english.lines[0].x < 1)
    }
}

extension Color { static let testRed = Color(red: 1, green: 0, blue: 0) }

/// TX3: Markdown's inline styles read by libcmark.
@Suite struct MarkdownTests {
    @Test("TX3: Markdown's emphasis, strong emphasis, code and links become runs; blocks become line breaks; bad bytes and deep nesting are safe")
    func TX3_markdownRuns() {
        let runs = Markdown.runs("Plain *em* **strong** `code` [link](https://example.org)\n\nNext **a *b* c**")
        #expect(runs.map(\.text).joined() == "Plain em strong code link\nNext a b c")
        #expect(runs.first { $0.text == "em" }?.isEmphasized == true)
        #expect(runs.first { $0.text == "strong" }?.isStrong == true)
        #expect(runs.first { $0.text == "code" }?.isCode == true)
        #expect(runs.first { $0.text == "link" }?.link == "https://example.org")
        #expect(runs.first { $0.text == "b" }.map { $0.isStrong && $0.isEmphasized } == true)
        #expect(Markdown.runs("one\ntwo", preservingWhitespace: true).map(\.text).joined() == "one\ntwo")
        #expect(Markdown.runs("one\ntwo").map(\.text).joined() == "one two")
        // 20,000 nested emphasis openers and invalid UTF-8 repaired by String: no crash.
        let deep = String(repeating: "*a ", count: 20_000) + String(repeating: "*", count: 20_000)
        #expect(!Markdown.runs(deep).isEmpty)
        #expect(!Markdown.runs(String(decoding: [0xFF, 0xFE, 0x2A, 0x41, 0x2A], as: UTF8.self)).isEmpty)
    }
}
