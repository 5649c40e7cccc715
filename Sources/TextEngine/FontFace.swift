import CText
import Geometry

/// One font file's face, opened once by a ``FontSystem`` and shared by every size: FreeType for
/// metrics and rasterisation, a HarfBuzz font at the face's own units for size-free shaping.
///
/// A face belongs to its font system and is used from the thread that uses the system.
public final class FontFace: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The file it came from, or a description of built-in data.
    public let path: String
    /// The family and style names the font declares.
    public let familyName: String
    /// The style name the font declares, e.g. `Bold Oblique`; empty when it names none.
    public let styleName: String
    /// A number unique within the font system, for caches keyed by face.
    public let id: Int
    /// Design units per em.
    public let unitsPerEm: Double
    /// Vertical metrics in ems (ascender up, descender down, both positive), from OS/2's typographic
    /// values when the font asks for them, else hhea's.
    public let ascender: Double
    /// How far the deepest glyphs reach below the baseline, in ems, positive.
    public let descender: Double
    /// The space the font asks for between one line's descender and the next one's ascender, in ems;
    /// never negative.
    public let lineGap: Double
    /// The height of flat capitals above the baseline, in ems: OS/2's value, or the height of H as drawn.
    public let capHeight: Double
    /// The height of flat lowercase letters above the baseline, in ems: OS/2's value, or the height
    /// of x as drawn.
    public let xHeight: Double
    /// Underline position (below the baseline, positive) and thickness, in ems.
    public let underlinePosition: Double
    /// The underline's stroke thickness in ems, at least one design unit.
    public let underlineThickness: Double
    /// Whether the face has colour glyphs (bitmap strikes or COLR), such as emoji.
    public let hasColor: Bool

    let ftFace: FT_Face
    /// The FreeType instance the face was opened by, kept until the face is closed.
    private let library: FreeTypeLibrary
    let hbFont: OpaquePointer
    /// The FreeType size last set, to skip setting it again (26.6 fixed point, per axis).
    private var ftSize: (Int, Int) = (0, 0)
    /// The bytes FreeType and HarfBuzz read from, kept while the face is open.
    private let blob: OpaquePointer

    /// Opens face `index` of the font bytes in `blob` (a HarfBuzz blob: the built-in font's
    /// read-only data, a memory-mapped file or a copy of bytes), whose reference the face takes.
    /// Throws ``TextError/fontUnreadable`` when FreeType or HarfBuzz cannot read it.
    init(library: FreeTypeLibrary, blob: OpaquePointer, index: Int, path: String, id: Int) throws(TextError) {
        var length: UInt32 = 0
        let bytes = hb_blob_get_data(blob, &length)
        var face: FT_Face?
        let err = bytes.map { FT_New_Memory_Face(library.raw, UnsafeRawPointer($0).assumingMemoryBound(to: FT_Byte.self),
                                                 FT_Long(length), FT_Long(index), &face) } ?? -1
        guard err == 0, let face else {
            if let face { FT_Done_Face(face) }
            hb_blob_destroy(blob)
            throw .fontUnreadable(path: path, reason: err == -1 ? "the file is empty" : "FreeType error \(err): not a font it can read")
        }
        guard let hbFace = hb_face_create(blob, UInt32(index)), let hbFont = hb_font_create(hbFace) else {
            FT_Done_Face(face)
            hb_blob_destroy(blob)
            throw .fontUnreadable(path: path, reason: "HarfBuzz could not open it")
        }
        // Bitmap-only faces (colour emoji) report no units per em to FreeType; HarfBuzz reads head.
        let hbUpem = hb_face_get_upem(hbFace)
        hb_face_destroy(hbFace)
        guard face.pointee.units_per_EM > 0 || hbUpem > 0 else {
            hb_font_destroy(hbFont)
            FT_Done_Face(face)
            hb_blob_destroy(blob)
            throw .fontUnreadable(path: path, reason: "it has no units per em")
        }
        self.blob = blob
        let upem = face.pointee.units_per_EM > 0 ? Int32(face.pointee.units_per_EM) : Int32(hbUpem)
        hb_font_set_scale(hbFont, upem, upem)
        hb_ot_font_set_funcs(hbFont)
        self.ftFace = face
        self.library = library
        self.hbFont = hbFont
        self.path = path
        self.id = id
        familyName = face.pointee.family_name.map { String(cString: $0) } ?? "?"
        styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
        let u = Double(upem)
        unitsPerEm = u
        var asc = Double(face.pointee.ascender), desc = Double(-face.pointee.descender)
        var gap = Double(face.pointee.height) - asc - desc
        // Without OS/2 version 2 values: the heights of "H" and "x", as the font draws them.
        func height(of c: UInt32) -> Double? {
            var g: hb_codepoint_t = 0
            var e = hb_glyph_extents_t()
            guard hb_font_get_nominal_glyph(hbFont, c, &g) != 0, hb_font_get_glyph_extents(hbFont, g, &e) != 0 else { return nil }
            return Double(e.y_bearing)
        }
        var cap = height(of: 0x48) ?? asc * 0.7, x = height(of: 0x78) ?? asc * 0.5
        if let raw = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            let os2 = raw.assumingMemoryBound(to: TT_OS2.self).pointee
            if os2.fsSelection & (1 << 7) != 0 {                     // USE_TYPO_METRICS
                asc = Double(os2.sTypoAscender); desc = Double(-os2.sTypoDescender); gap = Double(os2.sTypoLineGap)
            }
            if os2.version >= 2 {
                if os2.sCapHeight > 0 { cap = Double(os2.sCapHeight) }
                if os2.sxHeight > 0 { x = Double(os2.sxHeight) }
            }
        }
        ascender = asc / u
        descender = desc / u
        lineGap = max(0, gap) / u
        capHeight = cap / u
        xHeight = x / u
        underlinePosition = Double(-face.pointee.underline_position) / u
        underlineThickness = max(1, Double(face.pointee.underline_thickness)) / u
        hasColor = (face.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR)) != 0
        var low: UInt64 = 0, high: UInt64 = 0
        for c in UInt32(0x20)..<0x7F {
            var g: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(hbFont, c, &g) != 0 else { continue }
            if c < 64 { low |= 1 << UInt64(c) } else { high |= 1 << UInt64(c - 64) }
        }
        asciiCoverage = (low, high)
    }

    deinit {
        hb_font_destroy(hbFont)
        FT_Done_Face(ftFace)
        hb_blob_destroy(blob)
    }

    /// Identity: two faces are equal only when they are the same opened face object.
    public static func == (a: FontFace, b: FontFace) -> Bool { a === b }
    /// Hashes the face's ``id``, unique within its font system.
    public func hash(into h: inout Hasher) { h.combine(id) }
    /// The family and style names, e.g. `DejaVu Sans Bold`.
    public var description: String { "\(familyName) \(styleName)" }

    /// The glyph for a code point, or nil when the face has none.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var g: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &g) != 0 ? g : nil
    }

    /// Printable ASCII the face has glyphs for (bit c of the mask for code unit c < 128).
    private var asciiCoverage: (UInt64, UInt64) = (0, 0)

    /// Whether the face draws an ASCII code unit (controls need no glyph; non-ASCII: false).
    @inline(__always) func coversASCII(_ c: UInt16) -> Bool {
        if c < 0x20 || c == 0x7F { return true }
        if c >= 0x80 { return false }
        return c < 64 ? asciiCoverage.0 & (1 << UInt64(c)) != 0 : asciiCoverage.1 & (1 << UInt64(c - 64)) != 0
    }

    /// Whether the face has glyphs for every scalar (variation selectors and joiners excepted).
    func covers(_ scalars: Substring.UnicodeScalarView) -> Bool {
        for s in scalars where !Self.isIgnorable(s) {
            if glyph(for: s) == nil { return false }
        }
        return true
    }

    /// Scalars a face need not have: joiners, variation selectors, directional marks, tags.
    static func isIgnorable(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x206F, 0xFE00...0xFE0F, 0xE0000...0xE0FFF, 0xFEFF: true
        case 0...0x1F, 0x7F...0x9F: true                              // controls draw nothing
        default: false
        }
    }

    /// The advance of a glyph in ems, unhinted.
    public func advance(of glyph: UInt32) -> Double {
        Double(hb_font_get_glyph_h_advance(hbFont, glyph)) / unitsPerEm
    }

    // MARK: Rasterising

    /// Renders `glyph` at `pixelSize` pixels per em, shifted right by `subpixel` of a pixel
    /// (0..<1), as 8-bit coverage, or as premultiplied BGRA for a colour glyph. Nil for an empty
    /// glyph (a space) or when FreeType cannot.
    public func rasterize(glyph: UInt32, pixelSize: Double, subpixel: Double) -> GlyphBitmap? {
        guard pixelSize.isFinite, pixelSize > 0 else { return nil }
        let ppem = min(pixelSize, 2048)
        if hasColor, ftFace.pointee.num_fixed_sizes > 0 { return rasterizeColor(glyph: glyph, pixelSize: ppem) }
        let s = Int((ppem * 64).rounded())
        if ftSize != (s, s) {
            guard FT_Set_Char_Size(ftFace, FT_F26Dot6(s), FT_F26Dot6(s), 72, 72) == 0 else { return nil }
            ftSize = (s, s)
        }
        let flags = Int32(FT_LOAD_NO_HINTING) | Int32(FT_LOAD_NO_BITMAP)
        guard FT_Load_Glyph(ftFace, glyph, flags) == 0, let slot = ftFace.pointee.glyph else { return nil }
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
        // 0..<1 of a pixel; anything else (NaN included) as no shift rather than a trap (MR0).
        let shift = subpixel.isFinite ? FT_Pos(saturating: min(max(subpixel, 0), 1) * 64, rounding: .toNearestOrAwayFromZero) : 0
        if shift != 0 { FT_Outline_Translate(&slot.pointee.outline, shift, 0) }
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        let bm = slot.pointee.bitmap
        let w = Int(bm.width), h = Int(bm.rows)
        guard w > 0, h > 0, let buffer = bm.buffer else { return nil }
        var pixels = [UInt8](repeating: 0, count: w * h)
        let pitch = Int(bm.pitch)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<h {
                let row = pitch >= 0 ? buffer + y * pitch : buffer + (h - 1 - y) * -pitch
                for x in 0..<w { out[y * w + x] = row[x] }
            }
        }
        return GlyphBitmap(width: w, height: h, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
                           isColor: false, scale: 1, pixels: pixels)
    }

    /// A colour bitmap glyph (CBDT emoji) from the nearest strike, with the factor to draw it at.
    private func rasterizeColor(glyph: UInt32, pixelSize: Double) -> GlyphBitmap? {
        var best = 0, bestDiff = Int.max
        for i in 0..<Int(ftFace.pointee.num_fixed_sizes) {
            let d = abs(Int(ftFace.pointee.available_sizes[i].y_ppem / 64) - Int(pixelSize))
            if d < bestDiff { best = i; bestDiff = d }
        }
        guard FT_Select_Size(ftFace, FT_Int(best)) == 0 else { return nil }
        ftSize = (-1, -1)
        guard FT_Load_Glyph(ftFace, glyph, Int32(FT_LOAD_COLOR)) == 0, let slot = ftFace.pointee.glyph else { return nil }
        let bm = slot.pointee.bitmap
        let w = Int(bm.width), h = Int(bm.rows)
        guard w > 0, h > 0, let buffer = bm.buffer, bm.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue) else { return nil }
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        let pitch = Int(bm.pitch)
        for y in 0..<h { for x in 0..<(w * 4) { pixels[y * w * 4 + x] = buffer[y * pitch + x] } }
        let strike = Double(ftFace.pointee.available_sizes[best].y_ppem) / 64
        return GlyphBitmap(width: w, height: h, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
                           isColor: true, scale: strike > 0 ? pixelSize / strike : 1, pixels: pixels)
    }
}

/// A rasterised glyph: coverage (one byte a pixel) or premultiplied BGRA (four), placed `left`
/// pixels right of and `top` pixels above the pen position; a colour strike is drawn at `scale`.
public struct GlyphBitmap: Sendable {
    /// Columns of pixels, at least 1.
    public let width: Int
    /// Rows of pixels, at least 1; row 0 is the top.
    public let height: Int
    /// Pixels from the pen position to the bitmap's left edge, rightward (negative when the glyph
    /// reaches left of the pen).
    public let left: Int
    /// Pixels from the baseline up to the bitmap's top row.
    public let top: Int
    /// Whether ``pixels`` holds premultiplied BGRA (four bytes a pixel, a colour emoji strike) rather
    /// than coverage (one byte a pixel).
    public let isColor: Bool
    /// The factor to draw the bitmap at: 1 for an outline glyph, rendered at the size asked for;
    /// for a colour glyph, which comes from the nearest fixed-size strike, the size asked for over
    /// the strike's (its `width`, `height`, `left` and `top` are in the strike's pixels).
    public let scale: Double
    /// The pixels, row by row from the top with no padding: `width · height` coverage bytes (0 empty,
    /// 255 covered), or four times that in BGRA for colour.
    public let pixels: [UInt8]
}

/// A FreeType instance, closed after the last face opened by it.
final class FreeTypeLibrary: @unchecked Sendable {
    let raw: FT_Library
    init() throws(TextError) {
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { throw .libraryUnavailable("FreeType did not start") }
        raw = lib
    }
    deinit { FT_Done_FreeType(raw) }
}
