import CText
import CTextShim
import CTimelineFont
import Geometry

/// Why text could not be set up.
public enum TextError: Error, Equatable, CustomStringConvertible {
    /// A font file that is missing or that FreeType cannot read.
    case fontUnreadable(path: String, reason: String)
    /// A library the text engine needs could not start.
    case libraryUnavailable(String)

    /// A one-line English message naming the font file or library that failed.
    public var description: String {
        switch self {
        case .fontUnreadable(let path, let reason): "font \(path): \(reason)"
        case .libraryUnavailable(let what): "text engine: \(what)"
        }
    }
}

/// The fonts of one engine instance (TX2): the shipped DejaVu Sans as the system font, other
/// families and fallback for scripts it lacks through fontconfig, faces opened once, and the ICU
/// break iterators and HarfBuzz buffer layout reuses. Nothing here is process-wide: every window
/// (and a headless host's) has its own, and two measure alike because they read the same files.
///
/// Not thread-safe: use a font system from one thread at a time (the engine's main thread).
public final class FontSystem: @unchecked Sendable {
    /// Metrics for tests that want sizes independent of any font: every grapheme cluster advances
    /// `advance · size`, a line is `⌈lineHeight · size⌉` with the baseline at `ascentRatio` of it.
    /// Glyphs still come from DejaVu Sans, so text drawn this way is readable.
    public struct FixedMetrics: Hashable, Sendable {
        /// How far each grapheme cluster advances, as a fraction of the point size (0.6: 9.6 points at 16 pt).
        public var advance = 0.6
        /// The line height as a fraction of the point size, rounded up to whole points.
        public var lineHeight = 1.2
        /// Where the baseline sits in a line, as a fraction of the line height from its top.
        public var ascentRatio = 0.8
        /// Fixed metrics from the three fractions of the point size.
        public init(advance: Double = 0.6, lineHeight: Double = 1.2, ascentRatio: Double = 0.8) {
            self.advance = advance
            self.lineHeight = lineHeight
            self.ascentRatio = ascentRatio
        }
    }

    /// Set only for the explicit test option; nil measures with the fonts themselves.
    public let fixedMetrics: FixedMetrics?

    /// How many times text was shaped and glyphs rasterised, for benches and tests.
    public internal(set) var shapingCount = 0
    /// How many glyphs ``rasterize(_:glyph:pixelSize:subpixel:)`` has rendered, for benches and
    /// tests that a renderer's glyph cache is hit rather than rendering again.
    public internal(set) var rasterizationCount = 0

    let library: FreeTypeLibrary
    /// The shipped DejaVu Sans, always available.
    public let systemFace: FontFace
    private var faces: [String: FontFace] = [:]
    private var nextFaceID = 1
    /// Resolved primary faces per (family, bold, italic).
    private var primaryFaces: [PrimaryKey: FontFace] = [:]
    /// Fallback faces per code point and primary face (nil: none has it), at most
    /// ``maximumCachedFallbacks`` (past it the lookups start over).
    private var fallbacks: [FallbackKey: FontFace?] = [:]
    /// The most fallback lookups kept (MR5's budget): text in many scripts and weights stays
    /// within about 4,096 entries of some 40 bytes each; past it they are forgotten and asked
    /// of fontconfig again.
    public static let maximumCachedFallbacks = 4_096
    /// Face lookups kept (primary faces by family and style, fallbacks by code point): what
    /// ``releaseCaches()`` empties. Opened faces stay, so a face keeps its identity.
    public var cachedLookupCount: Int { fallbacks.count + primaryFaces.count }

    /// Forgets the face lookups (MR5's memory warning); they are asked of fontconfig again when
    /// next needed. The faces opened stay open: laid-out text and glyph atlases refer to them.
    public func releaseCaches() {
        fallbacks.removeAll()
        primaryFaces.removeAll()
    }
    let graphemes: UnsafeMutableRawPointer
    let lines: UnsafeMutableRawPointer
    let words: UnsafeMutableRawPointer
    let buffer: OpaquePointer

    private struct PrimaryKey: Hashable { let family: String?; let weight: Int32; let italic: Bool }
    private struct FallbackKey: Hashable { let scalar: UInt32; let face: Int; let weight: Int32; let italic: Bool }

    /// Where `TIMELINE_ASSETS=DIR` puts a replacement for the shipped font
    /// (DIR/fonts/DejaVuSans.ttf), or nil.
    public static func assetsFontPath() -> String? {
        guard let dir = getenv("TIMELINE_ASSETS").map({ String(cString: $0) }), !dir.isEmpty else { return nil }
        return dir + "/fonts/DejaVuSans.ttf"
    }

    /// A font system on the shipped font, with the machine's fonts for fallback; `fixedMetrics`
    /// is for tests only. `shippedFontPath` replaces the built-in DejaVu Sans when that file
    /// exists (by default the one `TIMELINE_ASSETS` names); a corrupt one is reported and the
    /// built-in copy used.
    public init(fixedMetrics: FixedMetrics? = nil, shippedFontPath: String? = FontSystem.assetsFontPath()) throws(TextError) {
        let lib = try FreeTypeLibrary()
        guard let g = tl_breaker_open(0, ""), let l = tl_breaker_open(2, ""), let w = tl_breaker_open(1, "") else {
            throw .libraryUnavailable("ICU break iterators are missing (libicu data)")
        }
        guard let buf = hb_buffer_create(), hb_buffer_allocation_successful(buf) != 0 else {
            tl_breaker_close(g); tl_breaker_close(l); tl_breaker_close(w)
            throw .libraryUnavailable("HarfBuzz could not allocate a buffer")
        }
        library = lib
        graphemes = g; lines = l; words = w
        buffer = buf
        self.fixedMetrics = fixedMetrics
        // The shipped font, built into the binary (L2), unless a readable replacement is given.
        var blob: OpaquePointer?
        var name = "<built-in DejaVu Sans>"
        if let path = shippedFontPath, let b = hb_blob_create_from_file_or_fail(path) { blob = b; name = path }
        let builtIn = { hb_blob_create(UnsafeRawPointer(tl_shipped_font_data()).assumingMemoryBound(to: CChar.self),
                                       UInt32(tl_shipped_font_size()), HB_MEMORY_MODE_READONLY, nil, nil)! }
        do {
            if let override = blob {
                do {
                    systemFace = try FontFace(library: lib, blob: override, index: 0, path: name, id: 0)
                } catch {
                    // A corrupt override is reported and the built-in copy used instead.
                    print("TextEngine: \(error); using the built-in DejaVu Sans")
                    systemFace = try FontFace(library: lib, blob: builtIn(), index: 0, path: "<built-in DejaVu Sans>", id: 0)
                }
            } else {
                systemFace = try FontFace(library: lib, blob: builtIn(), index: 0, path: name, id: 0)
            }
        } catch {
            tl_breaker_close(g); tl_breaker_close(l); tl_breaker_close(w)
            hb_buffer_destroy(buf)
            throw error
        }
    }

    /// The standard font system (the shipped font, the machine's for fallback). It only fails
    /// when the installation is broken (FreeType or ICU's data missing), and then it stops the
    /// program with the reason.
    public static func standard() -> FontSystem {
        do { return try FontSystem() } catch { fatalError("text engine unavailable: \(error)") }
    }

    /// A font system with the fixed test metrics; it cannot fail short of a broken installation.
    public static func fixed(_ metrics: FixedMetrics = FixedMetrics()) -> FontSystem {
        do { return try FontSystem(fixedMetrics: metrics) } catch { fatalError("text engine unavailable: \(error)") }
    }

    deinit {
        tl_breaker_close(graphemes); tl_breaker_close(lines); tl_breaker_close(words)
        hb_buffer_destroy(buffer)
        // Each face keeps the FreeType library it came from, which closes after the last of them.
    }

    // MARK: Faces

    /// Opens a font file (cached by path and index), memory-mapped rather than read. Throws when
    /// it is missing or not a font.
    public func face(atPath path: String, index: Int = 0) throws(TextError) -> FontFace {
        let key = "\(path)#\(index)"
        if let f = faces[key] { return f }
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw .fontUnreadable(path: path, reason: "cannot read the file")
        }
        let face = try FontFace(library: library, blob: blob, index: index, path: path, id: nextFaceID)
        nextFaceID += 1
        faces[key] = face
        return face
    }

    /// A font face from bytes in memory (copied).
    public func face(data: [UInt8], name: String = "<data>") throws(TextError) -> FontFace {
        let blob = data.withUnsafeBufferPointer { p in
            hb_blob_create(UnsafeRawPointer(p.baseAddress)?.assumingMemoryBound(to: CChar.self), UInt32(p.count),
                           HB_MEMORY_MODE_DUPLICATE, nil, nil)
        }
        guard let blob else { throw .fontUnreadable(path: name, reason: "no memory for it") }
        let face = try FontFace(library: library, blob: blob, index: 0, path: name, id: nextFaceID)
        nextFaceID += 1
        return face
    }

    /// fontconfig's view of the machine's fonts: loaded once per process on first need (tens of
    /// milliseconds) and only read after, so every font system shares it.
    private var config: UnsafeMutableRawPointer? { SharedFontconfig.config.pointer }

    /// The installed face fontconfig picks for a family (nil: any), a fontconfig weight (80
    /// regular, 200 bold; the nearest installed weight wins), a slant and a code point (0: any).
    private func match(family: String?, weight: Int32, italic: Bool, scalar: UInt32) -> FontFace? {
        guard let config else { return nil }
        var path = [CChar](repeating: 0, count: 4096)
        var index: Int32 = 0
        let rc = family.map { f in tl_fc_match(config, f, weight, italic ? 100 : 0, scalar, &path, 4096, &index) }
            ?? tl_fc_match(config, nil, weight, italic ? 100 : 0, scalar, &path, 4096, &index)
        guard rc == 0 else { return nil }
        let p = path.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return try? face(atPath: p, index: Int(index))
    }

    /// The face a font draws with: the shipped font for the system font's regular style, else
    /// the installed face fontconfig picks for the family, weight and slant (the nearest weight
    /// installed: DejaVu Sans has ExtraLight, Book and Bold). A family that is not installed
    /// draws with the system font's family at the same weight and slant; a family list
    /// (``Font/familyName``) with the first installed family, else with what fontconfig gives
    /// for its last name, as a browser falls back. The system face when fontconfig has nothing.
    public func primaryFace(for font: Font) -> FontFace {
        let weight = font.weight.fontconfigWeight
        // DejaVu Sans has ExtraLight (40), Book (80) and Bold (200): weights nearest Book are the
        // shipped face itself.
        if font.familyName == nil, !font.isItalic, weight > 60, weight < 140 { return systemFace }
        let key = PrimaryKey(family: font.familyName, weight: weight, italic: font.isItalic)
        if let f = primaryFaces[key] { return f }
        var face: FontFace?
        if let list = font.familyName {
            // fontconfig always answers; a different family is a miss.
            let names = Self.familyList(list)
            for name in names {
                if let f = match(family: name, weight: weight, italic: font.isItalic, scalar: 0),
                   f.familyName.lowercased() == name.lowercased() {
                    face = f
                    break
                }
            }
            if face == nil {
                let fallback = names.count > 1 ? names[names.count - 1] : "DejaVu Sans"
                face = match(family: fallback, weight: weight, italic: font.isItalic, scalar: 0)
            }
        } else {
            face = match(family: "DejaVu Sans", weight: weight, italic: font.isItalic, scalar: 0)
        }
        let resolved = face ?? systemFace
        primaryFaces[key] = resolved
        return resolved
    }

    /// The names of a family list ("Gotham, 'Times New Roman'"), trimmed and unquoted; a name
    /// without commas is a list of one.
    static func familyList(_ list: String) -> [String] {
        let names = list.split(separator: ",").map { part in
            String(part.drop { $0 == " " || $0 == "\"" || $0 == "'" }.reversed().drop { $0 == " " || $0 == "\"" || $0 == "'" }.reversed())
        }.filter { !$0.isEmpty }
        return names.isEmpty ? [list] : names
    }

    /// Whether fontconfig has a family of that name.
    public func hasFamily(_ name: String) -> Bool {
        guard let f = match(family: name, weight: 80, italic: false, scalar: 0) else { return false }
        return f.familyName.lowercased() == name.lowercased()
    }

    /// A face that has `scalar` when `primary` does not, found by fontconfig (cached).
    func fallbackFace(for scalar: Unicode.Scalar, primary: FontFace, font: Font) -> FontFace? {
        let weight = font.weight.fontconfigWeight
        let key = FallbackKey(scalar: scalar.value, face: primary.id, weight: weight, italic: font.isItalic)
        if let f = fallbacks[key] { return f }
        var found: FontFace?
        if primary !== systemFace, systemFace.glyph(for: scalar) != nil { found = systemFace }
        if found == nil, let f = match(family: nil, weight: weight, italic: font.isItalic, scalar: scalar.value),
           f.glyph(for: scalar) != nil {
            found = f
        }
        if fallbacks.count >= Self.maximumCachedFallbacks { fallbacks.removeAll(keepingCapacity: true) }
        fallbacks[key] = found
        return found
    }

    /// A font's metrics in points (from its primary face, or the fixed test metrics).
    public func metrics(for font: Font) -> FontMetrics {
        let s = font.pointSize
        if let fixed = fixedMetrics {
            let lh = (fixed.lineHeight * s).rounded(.up)
            let face = systemFace
            return FontMetrics(ascender: lh * fixed.ascentRatio, descender: -lh * (1 - fixed.ascentRatio), leading: 0,
                               capHeight: face.capHeight * s, xHeight: face.xHeight * s)
        }
        let f = primaryFace(for: font)
        return FontMetrics(ascender: f.ascender * s, descender: -f.descender * s, leading: f.lineGap * s,
                           capHeight: f.capHeight * s, xHeight: f.xHeight * s)
    }

    /// Rasterises a glyph (counted in ``rasterizationCount``), for a renderer's glyph cache.
    public func rasterize(_ face: FontFace, glyph: UInt32, pixelSize: Double, subpixel: Double) -> GlyphBitmap? {
        rasterizationCount += 1
        return face.rasterize(glyph: glyph, pixelSize: pixelSize, subpixel: subpixel)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The machine's font configuration, loaded once and never changed after: read-only state
/// shared by font systems, not a mutable global.
private final class SharedFontconfig: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer?
    private init() { pointer = tl_fc_create() }
    static let config = SharedFontconfig()
}
