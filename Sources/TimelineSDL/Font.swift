import CSDL2
import CTimelineFont
import Geometry
import Synchronization
import Timeline

/// A TrueType font file opened through SDL2_ttf at whatever pixel sizes are asked for.
///
/// Handles are opened on first use of a size and kept for the font's life. Calls are serialised
/// by a lock, so measuring from layout and rasterising from the renderer can share one font.
public final class TrueTypeFont: @unchecked Sendable {
    /// The font file, or a description of the built-in font.
    public let path: String
    /// The built-in font's bytes (read-only data of the binary), when it is not a file.
    private let embedded: (data: UnsafeRawPointer, size: Int)?
    /// A `TTF_Font *`; only used under the lock.
    private struct Handle: @unchecked Sendable { let font: OpaquePointer }
    private let handles = Mutex<[Int: Handle]>([:])

    /// Opens `path`; throws when the file is missing or not a font.
    @MainActor
    public init(path: String) throws(SDLError) {
        try SDLLibrary.initCore()
        self.path = path
        embedded = nil
        let probe = try check(TTF_OpenFont(path, 12), "TTF_OpenFont(\(path))")
        let handle = Handle(font: probe)
        handles.withLock { $0[12] = handle }
    }

    /// The built-in font.
    @MainActor
    private init(builtIn data: UnsafeRawPointer, size: Int) throws(SDLError) {
        try SDLLibrary.initCore()
        path = "<built-in DejaVu Sans>"
        embedded = (data, size)
        let probe = try check(Self.open(data, size, pointSize: 12), "TTF_OpenFontRW(built-in DejaVu Sans)")
        let handle = Handle(font: probe)
        handles.withLock { $0[12] = handle }
    }

    private static func open(_ data: UnsafeRawPointer, _ size: Int, pointSize: Int32) -> OpaquePointer? {
        guard let rw = SDL_RWFromConstMem(data, Int32(size)) else { return nil }
        return TTF_OpenFontRW(rw, 1, pointSize)                      // 1: the font frees the RWops
    }

    /// The shipped font, DejaVu Sans (licence in `Sources/CTimelineFont/LICENSE-DejaVu.txt`). It
    /// is built into the binary (L2): an app that depends on the package, or the CLI copied
    /// anywhere, has it with no file to find and no environment variable. `TIMELINE_ASSETS`
    /// overrides it: when that folder holds `fonts/DejaVuSans.ttf`, that file is used.
    @MainActor
    public static func standard() throws(SDLError) -> TrueTypeFont {
        if let override = AssetLocator.overridePath(of: "fonts/DejaVuSans.ttf") { return try TrueTypeFont(path: override) }
        return try TrueTypeFont(builtIn: tl_shipped_font_data(), size: tl_shipped_font_size())
    }

    deinit {
        handles.withLock { for (_, h) in $0 { TTF_CloseFont(h.font) } }
    }

    /// Runs `body` with the handle for `pixelSize` (clamped to 1...512).
    func withHandle<R>(pixelSize: Int, _ body: (OpaquePointer) -> R) -> R? {
        let size = min(max(pixelSize, 1), 512)
        return handles.withLock { fonts -> R? in
            if let h = fonts[size] { return body(h.font) }
            let opened = embedded.map { Self.open($0.data, $0.size, pointSize: Int32(size)) } ?? TTF_OpenFont(path, Int32(size))
            guard let f = opened else { return nil }
            fonts[size] = Handle(font: f)
            return body(f)
        }
    }

    /// The pixel size of one line of `text`.
    public func measure(_ text: String, pixelSize: Int) -> (width: Int, height: Int) {
        withHandle(pixelSize: pixelSize) { f -> (Int, Int) in
            var w: Int32 = 0, h: Int32 = 0
            if text.isEmpty { return (0, Int(TTF_FontHeight(f))) }
            _ = TTF_SizeUTF8(f, text, &w, &h)
            return (Int(w), Int(h))
        } ?? (0, 0)
    }

    /// Ascent and descent (both positive) in pixels.
    public func verticalMetrics(pixelSize: Int) -> (ascent: Int, descent: Int) {
        withHandle(pixelSize: pixelSize) { f in (Int(TTF_FontAscent(f)), Int(-TTF_FontDescent(f))) } ?? (0, 0)
    }
}

/// Text metrics from a TrueType font, for ``TextMeasurement/metrics``: labels' intrinsic sizes and
/// baselines then match what the renderer draws. Fractional sizes scale the nearest whole size.
public struct TrueTypeFontMetrics: FontMetrics {
    public let font: TrueTypeFont
    public init(font: TrueTypeFont) { self.font = font }

    private func whole(_ fontSize: Double) -> (Int, Double) {
        let n = max(1, Int(fontSize.rounded()))
        return (n, fontSize / Double(n))
    }

    public func size(of text: String, fontSize: Double) -> Size {
        let (n, k) = whole(fontSize)
        let m = font.measure(text, pixelSize: n)
        return Size(width: (Double(m.width) * k).rounded(.up), height: (Double(m.height) * k).rounded(.up))
    }
    public func ascent(fontSize: Double) -> Double {
        let (n, k) = whole(fontSize)
        return Double(font.verticalMetrics(pixelSize: n).ascent) * k
    }
    public func descent(fontSize: Double) -> Double {
        let (n, k) = whole(fontSize)
        return Double(font.verticalMetrics(pixelSize: n).descent) * k
    }
}
