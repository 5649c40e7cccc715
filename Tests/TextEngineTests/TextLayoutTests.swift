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
