import Geometry
import Testing
@testable import TextEngine

/// MR0: text laid out at sizes, widths, kerning and line spacing that are NaN, infinite or huge
/// lays out (or lays out nothing) without a trap, and glyphs rasterise or are refused.
@Suite("MR0 text with non-finite metrics")
struct NonFiniteLayoutTests {
    let fonts: FontSystem
    init() throws { fonts = try FontSystem() }

    @Test("MR0: font sizes, widths, kerning and spacing that are not finite lay out; carets and hit tests answer")
    func MR0_nonFiniteTextMetrics() {
        let values: [Double] = [.nan, .infinity, -.infinity, 1e300, 0, -5]
        for size in values {
            for width in values {
                var style = TextStyle(font: .systemFont(ofSize: size))
                style.kern = size
                style.baselineOffset = width
                var paragraph = ParagraphStyle()
                paragraph.lineSpacing = size
                paragraph.alignment = .justified
                let l = TextLayout("Agé شكرا\nfi", style: style, paragraph: paragraph, in: fonts, width: width, maxLines: 2)
                _ = l.caretRect(forCharacterIndex: 3)
                _ = l.characterIndex(at: Point(x: width, y: size))
                #expect(l.lines.count <= 2, "size \(size) width \(width)")
            }
        }
    }

    @Test("MR0: a glyph asked at a NaN, infinite or huge pixel size or subpixel shift is refused or clamped")
    func MR0_rasterizeNonFiniteSizes() throws {
        let face = fonts.systemFace
        let g = try #require(face.glyph(for: "A"))
        for size in [Double.nan, .infinity, -.infinity, 0, -3] {
            #expect(face.rasterize(glyph: g, pixelSize: size, subpixel: 0) == nil)
        }
        #expect(face.rasterize(glyph: g, pixelSize: 1e300, subpixel: 0) != nil)      // clamped to the largest size
        #expect(face.rasterize(glyph: g, pixelSize: 12, subpixel: .nan) != nil)
        #expect(face.rasterize(glyph: g, pixelSize: 12, subpixel: .infinity) != nil)
    }
}
