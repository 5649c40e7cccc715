import Foundation
import Geometry
import Testing
@_spi(Fuzzing) @testable import TextEngine

/// Issue 23's bad input: ill-formed text, unassigned code points, pathological clusters, huge
/// strings and broken font files get a drawn fallback or a clear error, never a trap.
@Suite("TX bad input")
struct BadInputTests {
    let fonts: FontSystem
    init() throws { fonts = try FontSystem() }
    let style = TextStyle(font: .systemFont(ofSize: 14))

    @Test("TX4: lone surrogates draw as U+FFFD's glyph, and carets stay on code units")
    func TX4_loneSurrogates() {
        let units: [UInt16] = [0x61, 0xD800, 0x62, 0xDC00, 0x63]
        let l = TextLayout(StyledText(utf16: units, runs: [(0, style)], paragraphStyles: []), in: fonts)
        let replacement = fonts.systemFace.glyph(for: "\u{FFFD}")!
        let glyphs = l.lines.flatMap(\.runs).flatMap(\.glyphs)
        #expect(glyphs.filter { $0 == replacement }.count == 2)
        #expect(glyphs.count == 5)
        for i in 0...5 { #expect(l.caretRect(forCharacterIndex: i).minX.isFinite) }
    }

    @Test("TX4: unassigned and private-use code points draw the font's missing-glyph box")
    func TX4_unassigned() {
        let l = TextLayout("a\u{0378}b\u{E000}\u{10FFFD}", style: style, in: fonts)
        #expect(l.lines.count == 1)
        #expect(l.lines[0].runs.flatMap(\.glyphs).contains(0))
        #expect(l.size.width > 0)
    }

    @Test("TX4: 100,000 combining marks on one base: one cluster, laid out in pieces of bounded size")
    func TX4_combiningMarks() {
        let text = "a" + String(repeating: "\u{0301}", count: 100_000) + " b"
        let l = TextLayout(text, style: style, in: fonts, width: 100)
        // Analysed in pieces of at most 16,384 units (FontSystem.longestParagraph), a line each.
        #expect(l.lines.count >= 1 && l.lines.count <= 100_003 / FontSystem.longestParagraph + 2)
        #expect(l.caretRect(forCharacterIndex: 1).minX.isFinite)
        #expect(fonts.graphemeBoundaries(Array(text.utf16)).first == 100_001)
    }

    @Test("TX4: a 10 MB string lays out in one line, truncated, and wrapped into lines")
    func TX4_hugeString() {
        let word = "lorem ipsum dolor sit amet "
        let text = String(repeating: word, count: 10_000_000 / word.utf8.count)
        var p = ParagraphStyle()
        p.lineBreakMode = .byTruncatingTail
        let one = TextLayout(text, style: style, paragraph: p, in: fonts, width: 300, maxLines: 1)
        #expect(one.lines.count == 1 && one.isTruncated && one.lines[0].width <= 300)
        let three = TextLayout(text, style: style, paragraph: p, in: fonts, width: 300, maxLines: 3)
        #expect(three.lines.count == 3 && three.isTruncated)
    }

    @Test("TX2: a missing or corrupt font file is an error naming it")
    func TX2_brokenFonts() throws {
        #expect(throws: TextError.self) { try fonts.face(atPath: "/nonexistent/font.ttf") }
        let junk = FileManager.default.temporaryDirectory.appendingPathComponent("tx-junk-\(getpid()).ttf")
        try Data(repeating: 0x41, count: 4096).write(to: junk)
        defer { try? FileManager.default.removeItem(at: junk) }
        #expect {
            _ = try fonts.face(atPath: junk.path)
        } throws: { "\($0)".contains(junk.path) }
        #expect(throws: TextError.self) { try fonts.face(data: [0, 1, 0, 0, 0, 12]) }
        // An unknown family draws with the system font.
        let l = TextLayout("abc", style: TextStyle(font: Font(name: "No Such Family", size: 12)), in: fonts)
        #expect(l.lines[0].runs[0].face.familyName == "DejaVu Sans")
        #expect(!fonts.hasFamily("No Such Family"))
    }

    @Test("TX bad input: every text fuzz corpus and regression input runs through the harness")
    func TX_fuzzInputsReplay() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz")
        var ran = 0
        for folder in ["text-corpus", "text-regressions"] {
            let dir = root.appendingPathComponent(folder)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [] where !name.hasPrefix(".") {
                let bytes = try [UInt8](Data(contentsOf: dir.appendingPathComponent(name)))
                _ = TextFuzzHarness.run(bytes: bytes, fonts: fonts)
                ran += 1
            }
        }
        #expect(ran >= 6)
    }
}
