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
