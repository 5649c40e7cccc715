import CSDL2
#if canImport(Glibc)
import Glibc
#endif

/// A failure reported by SDL or SDL2_image, or a missing asset, with what was being done.
public struct SDLError: Error, CustomStringConvertible, Sendable {
    /// The operation that failed, e.g. `SDL_CreateWindow`.
    public var operation: String
    /// SDL's own message, or ours for asset errors.
    public var message: String

    /// An error for `operation` with `message` as the reason.
    public init(operation: String, message: String) {
        self.operation = operation
        self.message = message
    }

    /// The error for the C call that just failed, with `SDL_GetError()`'s text.
    static func last(_ operation: String) -> SDLError {
        let text = SDL_GetError().map { String(cString: $0) } ?? ""
        return SDLError(operation: operation, message: text.isEmpty ? "no detail from SDL" : text)
    }

    /// "operation failed: message", as the command line prints it.
    public var description: String { "\(operation) failed: \(message)" }
}

/// Checks an SDL return code (0 on success, negative on failure).
@inline(__always)
func check(_ code: Int32, _ operation: @autoclosure () -> String) throws(SDLError) {
    if code < 0 { throw SDLError.last(operation()) }
}

/// Checks an SDL pointer result (nil on failure).
@inline(__always)
func check<T>(_ pointer: T?, _ operation: @autoclosure () -> String) throws(SDLError) -> T {
    guard let pointer else { throw SDLError.last(operation()) }
    return pointer
}

/// Initialises the SDL libraries the backend uses, once per process.
@MainActor
enum SDLLibrary {
    private static var coreReady = false

    /// SDL's core and SDL2_image: enough to render offscreen with no display.
    static func initCore() throws(SDLError) {
        guard !coreReady else { return }
        // Long input-method compositions arrive whole (SDL_TEXTEDITING_EXT), not cut at 32 bytes.
        _ = SDL_SetHint(SDL_HINT_IME_SUPPORT_EXTENDED_TEXT, "1")
        try check(SDL_Init(0), "SDL_Init")
        let png = Int32(IMG_INIT_PNG.rawValue)
        if IMG_Init(png) & png == 0 { throw SDLError.last("IMG_Init(PNG)") }
        coreReady = true
    }

    /// The video subsystem too, which needs a display (or Xvfb).
    static func initVideo() throws(SDLError) {
        try initCore()
        guard SDL_WasInit(SDL_INIT_VIDEO) == 0 else { return }
        let noDisplay = "No display was found: set DISPLAY, or run under Xvfb (xvfb-run -a ...)"
        if getenv("DISPLAY") == nil, getenv("WAYLAND_DISPLAY") == nil, getenv("SDL_VIDEODRIVER") == nil {
            throw SDLError(operation: "opening a window", message: noDisplay)
        }
        if SDL_InitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) < 0 {
            var e = SDLError.last("SDL_InitSubSystem(VIDEO)")
            e.message += ". " + noDisplay
            throw e
        }
        // SDL falls back to drivers that show nothing; a window there would be invisible.
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        if driver == "offscreen" || driver == "dummy" {
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw SDLError(operation: "opening a window", message: "SDL chose its '\(driver)' video driver, which shows nothing. " + noDisplay)
        }
    }
}

/// Small SDL video helpers shared by the window host and the vsync probe.
@MainActor
enum SDLVideo {
    /// The refresh rate the window's display reports, or 0 when it reports none (Xvfb).
    static func refreshRate(of window: OpaquePointer) -> Int {
        var mode = SDL_DisplayMode()
        return SDL_GetCurrentDisplayMode(max(0, SDL_GetWindowDisplayIndex(window)), &mode) == 0 ? Int(mode.refresh_rate) : 0
    }

    /// SDL's current video driver ("x11", "wayland", ...), empty before video starts.
    static func driverName() -> String {
        SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
    }

    /// Has the software renderer's window surface go to the display directly (on X11, shared
    /// memory images) rather than through a texture of an accelerated renderer, which SDL 2
    /// prefers on Linux: under Xvfb that texture went through llvmpipe, and presenting a
    /// 1100x680 window took 5.1 ms instead of 0.4 (`timeline bench present`). An
    /// `SDL_FRAMEBUFFER_ACCELERATION` set in the environment still wins.
    static func preferDirectFramebuffer() {
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
    }

    /// Whether the X server SDL's window is on offers direct rendering (the DRI2 or DRI3
    /// extension), without which Mesa's OpenGL rasterises on the CPU; nil when the video driver is
    /// not X11 or Xlib cannot be reached (the probe then decides). Asks through Xlib, which SDL's
    /// X11 driver has already loaded, on a connection of its own.
    static func x11DirectRendering() -> Bool? {
        guard let driver = SDL_GetCurrentVideoDriver(), String(cString: driver) == "x11",
              let xlib = dlopen("libX11.so.6", RTLD_LAZY | RTLD_LOCAL) else { return nil }
        defer { dlclose(xlib) }
        typealias Open = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
        typealias Query = @convention(c) (OpaquePointer?, UnsafePointer<CChar>, UnsafeMutablePointer<Int32>,
                                          UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>) -> Int32
        typealias Close = @convention(c) (OpaquePointer?) -> Int32
        guard let open = dlsym(xlib, "XOpenDisplay"), let query = dlsym(xlib, "XQueryExtension"),
              let close = dlsym(xlib, "XCloseDisplay"),
              let display = unsafeBitCast(open, to: Open.self)(nil) else { return nil }
        defer { _ = unsafeBitCast(close, to: Close.self)(display) }
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        let ask = unsafeBitCast(query, to: Query.self)
        return ["DRI3", "DRI2"].contains { (name: String) in name.withCString { ask(display, $0, &opcode, &event, &error) != 0 } }
    }

    /// Whether the current OpenGL context rasterises on the CPU (Mesa's llvmpipe, softpipe or
    /// swrast: a machine with no GPU, or Xvfb).
    static func openGLIsSoftware() -> Bool {
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        guard SDL_GL_GetCurrentContext() != nil, let f = SDL_GL_GetProcAddress("glGetString") else { return false }
        guard let name = unsafeBitCast(f, to: GetString.self)(0x1F01 /* GL_RENDERER */) else { return false }
        let renderer = String(cString: name).lowercased()
        return ["llvmpipe", "softpipe", "swrast", "software rasterizer"].contains { renderer.contains($0) }
    }

    /// An accelerated renderer for `window`, or the software one when that fails, when the
    /// accelerated one is OpenGL rasterised on the CPU (the software renderer with its direct
    /// fills is several times faster there: the gallery's 1,000-view stress scene commits in
    /// 6.6 ms against 31 ms through llvmpipe), or when `software` asks for it; presents wait for
    /// vsync when `vsync` is set.
    static func makeRenderer(for window: OpaquePointer, software: Bool, vsync: Bool) throws(SDLError) -> OpaquePointer {
        let sync = vsync ? SDL_RENDERER_PRESENTVSYNC.rawValue : 0
        // An X server without direct rendering (Xvfb, a remote display) can only give Mesa's
        // software OpenGL: skip the probe, which would load Mesa and LLVM (about 60 MiB resident,
        // never unloaded) for a renderer we would not keep (MR1).
        let probes = !software && x11DirectRendering() != false
        var made = probes ? SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue | sync) : nil
        // On Wayland the accelerated renderer stays even on the CPU (Mesa's llvmpipe through EGL):
        // SDL 2's Wayland driver has no framebuffer of its own, so the software renderer would
        // go through an OpenGL texture anyway, and at window points, not the output's device
        // pixels (DK1, DK2).
        let wayland = driverName() == "wayland"
        if let accelerated = made, !wayland, openGLIsSoftware() {
            SDL_DestroyRenderer(accelerated)
            made = nil
        }
        if made == nil {
            // Wayland has no direct framebuffer to prefer: asking for one there fails.
            if !wayland { preferDirectFramebuffer() }
            made = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue | sync)
        }
        return try check(made, "SDL_CreateRenderer (accelerated and software)")
    }
}
