import Foundation
import Geometry
import Testing
@testable import TextEngine

/// TX2: one font system per engine, measuring with the shipped DejaVu Sans.
@Suite struct FontSystemTests {
    @Test func TX2_systemFontIsTheShippedDejaVuSans() throws {
        let fonts = try FontSystem()
        let m = fonts.metrics(for: .systemFont(ofSize: 20))
        #expect(fonts.systemFace.familyName == "DejaVu Sans")
        // DejaVu Sans: ascender 1901, descender 483, 2048 units per em.
        #expect(abs(m.ascender - 1901.0 / 2048 * 20) < 1e-9)
        #expect(abs(m.descender + 483.0 / 2048 * 20) < 1e-9)
        #expect(m.capHeight > 13 && m.capHeight < 16)
        #expect(m.xHeight > 9 && m.xHeight < 12)
    }
}

/// TX1/TX2: the libraries below the text engine, and a font system's faces by weight.
@Suite struct FontSystemFaceTests {
    @Test("TX1: shaping is HarfBuzz's, outlines FreeType's, breaking ICU's and fallback fontconfig's, all answering here")
    func TX1_librariesAnswer() throws {
        let fonts = try FontSystem()
        // HarfBuzz: "fi" in DejaVu Sans shapes to glyphs with advances; FreeType: a glyph bitmap.
        let l = TextLayout("fi Han 漢", style: TextStyle(font: .systemFont(ofSize: 20)), in: fonts)
        let first = try #require(l.lines.first?.runs.first)
        #expect(first.glyphs.count > 0 && first.face === fonts.systemFace)
        let bitmap = fonts.rasterize(fonts.systemFace, glyph: first.glyphs[0], pixelSize: 20, subpixel: 0)
        #expect((bitmap?.width ?? 0) > 0)
        // fontconfig: the Han character comes from another installed face.
        #expect(l.lines[0].runs.contains { $0.face !== fonts.systemFace })
        // ICU: a line breaks at a space, not inside a word.
        let wrapped = TextLayout("alpha beta", style: TextStyle(font: .systemFont(ofSize: 20)), in: fonts, width: 80)
        #expect(wrapped.lines.count == 2)
    }

    @Test("TX2: weights pick the nearest installed face: light the extra-light one, medium the shipped one, semibold and bold the bold one")
    func TX2_weightsPickFaces() throws {
        let fonts = try FontSystem()
        func face(_ w: Font.Weight) -> FontFace { fonts.primaryFace(for: .systemFont(ofSize: 17, weight: w)) }
        #expect(face(.regular) === fonts.systemFace && face(.medium) === fonts.systemFace)
        #expect(face(.bold).styleName.contains("Bold") && face(.semibold) === face(.bold))
        #expect(face(.light).styleName.contains("Light"), "DejaVu Sans ExtraLight (fonts-dejavu-extra)")
        #expect(face(.ultraLight) === face(.light))
    }

    @Test("TX2: a family that is not installed keeps the weight asked; a family list falls back to its last name as fontconfig resolves it")
    func TX2_missingFamilyKeepsTheWeight() throws {
        let fonts = try FontSystem()
        let missing = "No Such Family TX2"
        #expect(!fonts.hasFamily(missing))
        let heavy = fonts.primaryFace(for: Font(family: missing, size: 40, weight: .black))
        #expect(heavy.familyName == "DejaVu Sans" && heavy.styleName.contains("Bold"), "got \(heavy)")
        #expect(!fonts.primaryFace(for: Font(family: missing, size: 40)).styleName.contains("Bold"))
        // A list: the first installed family draws; none installed: the last, taken as
        // fontconfig gives it (serif is DejaVu Serif with fonts-dejavu-core alone), still heavy.
        let serif = fonts.primaryFace(for: Font(family: "\(missing), 'serif'", size: 40, weight: .heavy))
        #expect(serif.familyName.contains("Serif") && serif.styleName.contains("Bold"), "got \(serif)")
        #expect(fonts.primaryFace(for: Font(family: "\(missing), DejaVu Sans Mono, serif", size: 40)).familyName == "DejaVu Sans Mono")
        #expect(FontSystem.familyList(" A , \"B C\",,") == ["A", "B C"] && FontSystem.familyList("Solo") == ["Solo"])
    }

    @Test("TX2: a corrupt replacement for the shipped font is reported and the built-in copy measures")
    func TX2_corruptShippedFontFallsBack() throws {
        let junk = FileManager.default.temporaryDirectory.appendingPathComponent("tx-shipped-junk-\(getpid()).ttf")
        try Data(repeating: 0x41, count: 4096).write(to: junk)
        defer { try? FileManager.default.removeItem(at: junk) }
        let fonts = try FontSystem(shippedFontPath: junk.path)
        let reference = try FontSystem(shippedFontPath: nil)
        #expect(fonts.systemFace.familyName == "DejaVu Sans")
        #expect(fonts.metrics(for: .systemFont(ofSize: 20)) == reference.metrics(for: .systemFont(ofSize: 20)))
    }
}
