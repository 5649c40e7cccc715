import CSDL2
import FrameTiming
import Geometry
import Timeline
import Foundation
import TimelineAccessibility
import TimelineDesktop

/// Which clock drives a window's frames (R4).
public enum SDLClockChoice: String, Sendable, CaseIterable {
    /// The engine's own absolute-deadline clock (the default).
    case dispatch
    /// Presents paced by the display's vsync; refused when the display reports no refresh rate.
    case sdl
}

/// A desktop window (D3): an SDL window and renderer (accelerated, or software when that fails or
/// is asked for), a `Window` sized to it, SDL events in the run loop's queue, and each frame's
/// display list painted and presented in the commit phase.
///
/// ```swift
/// let host = try SDLWindowHost(title: "Demo", size: Size(width: 800, height: 600))
/// host.window.rootView.addSubview(myView)
/// host.run()          // returns when the window closes
/// ```
@MainActor
public final class SDLWindowHost {
    /// The run loop driving the window's frames.
    public let runLoop: MainRunLoop
    /// The engine window, sized to the SDL window in points.
    public let window: Window
    /// The clock the run loop runs on (dispatch by default, or SDL vsync).
    public let clock: any LiveFrameClock
    /// Whether SDL's text input (and input method) is on: while the first responder takes text.
    private var textInputOn = false

    /// Turns SDL's text input on or off with the window's first responder (TX6, TX9), and tells
    /// the input method where the caret is.
    private func updateTextInput() {
        let want = window.wantsTextInput
        if want, var rect = Self.inputMethodRect(for: window.textInputRect) {
            if unitsPerPoint != 1 {                             // X11 at a scale from the environment (DK2)
                rect = SDL_Rect(x: Int32(Double(rect.x) * unitsPerPoint), y: Int32(Double(rect.y) * unitsPerPoint),
                                w: Int32(Double(rect.w) * unitsPerPoint), h: Int32(Double(rect.h) * unitsPerPoint))
            }
            SDL_SetTextInputRect(&rect)
        }
        guard want != textInputOn else { return }
        textInputOn = want
        if want { SDL_StartTextInput() } else { SDL_StopTextInput() }
    }

    /// The rectangle the input method is told for a caret rectangle in window points (MR0):
    /// whole points, at least 1x1, clamped to ±2²⁶; nil (the input method keeps the last one)
    /// for no rectangle, a null one (a caret outside the window) or one that is not finite.
    nonisolated static func inputMethodRect(for r: Rect?) -> SDL_Rect? {
        guard let r, !r.isNull, r.isFinite else { return nil }
        return SDL_Rect(x: pixel(r.minX), y: pixel(r.minY), w: max(1, pixel(r.width)), h: max(1, pixel(r.height)))
    }

    /// The largest side, in points, asked of the window system for a window: SDL's largest
    /// texture side on most renderers.
    nonisolated static let maximumWindowSide: Int32 = 16_384

    /// A window size in points as SDL takes it (MR0): whole points from 1 to
    /// ``maximumWindowSide`` on each side; NaN as 1.
    nonisolated static func windowDimensions(for size: Size) -> (width: Int32, height: Int32) {
        func side(_ v: Double) -> Int32 { v.isNaN ? 1 : max(1, min(maximumWindowSide, Int32(saturating: v.rounded()))) }
        return (side(size.width), side(size.height))
    }

    /// Whether the X display offers direct rendering (DRI2 or DRI3); false under Xvfb, where a
    /// window goes straight to the software renderer without loading OpenGL to probe it; nil when
    /// SDL's video is not X11 or not started.
    public static var displayHasDirectRendering: Bool? { SDLVideo.x11DirectRendering() }

    /// The fonts the window's text lays out with (the window's own, as a headless host's).
    public var fontSystem: FontSystem { window.fontSystem }
    /// Draws each committed display list into the window's back buffer.
    public let painter: DisplayListPainter
    /// SDL's name of the renderer in use ("opengl", "software", ...).
    public let rendererName: String
    /// The display's refresh rate in Hz, or 0 when it reports none (Xvfb).
    public let displayRefreshRate: Int
    private let sdlWindow: OpaquePointer
    private let sdlRenderer: OpaquePointer
    private let presenter: Presenter
    private var pump: SDLEventPump!
    /// The system cursors the pointer's shapes show (DK4).
    private let cursors = SDLCursors()
    /// The window's tree on the AT-SPI bus (AX2), when the desktop asked for assistive
    /// technologies as the window opened (`AccessibilityBridge/isRequested(environment:)`);
    /// nil otherwise, and then nothing accessibility-related runs per frame.
    public private(set) var accessibility: AccessibilityBridge?
    /// Where the window's scale (`Window/scale`, device pixels per point) comes from (DK2): the
    /// window system (Wayland reports its outputs' scale), or on X11, which reports none, the
    /// environment variable that set it (``DisplayScaleRequest``).
    public private(set) var scaleSource: DisplayScaleSource
    /// SDL window coordinates per point: 1, or on X11 the scale the environment asked for (the
    /// window is then opened that many pixels per point, and events divided back).
    private var unitsPerPoint: Double
    /// SDL's video driver: "x11" or "wayland" (`SDL_VIDEODRIVER` chooses; X11 first where both exist).
    public let videoDriver: String
    /// The desktop's light/dark and reduce motion (AX4, DK5): read from the settings portal when
    /// the window opens, and followed while it runs; the window's `Window.interfaceStyle` and
    /// `Window.prefersReducedMotion` carry them. `TIMELINE_COLOR_SCHEME` and
    /// `TIMELINE_REDUCE_MOTION` override the portal.
    public private(set) var desktop: DesktopSettings

    /// Opens a window of `size` points. Also has the C library give blocks of 256 KiB and more a
    /// mapping of their own, process-wide (glibc), so the window's pixel buffers go back to the
    /// system when a resize frees them.
    /// - Parameters:
    ///   - title: the window's title bar text.
    ///   - size: the window's content size in points.
    ///   - rate: the frame rate the run loop schedules frames at (60 per second by default).
    ///   - software: use SDL's software renderer even when an accelerated one exists.
    ///   - choice: `.dispatch` (default) or `.sdl` vsync, which throws when the display reports no
    ///     refresh rate.
    ///   - fontSystem: the fonts the window's text is shaped with; nil keeps the window's own.
    public init(title: String, size: Size, rate: FrameRate = .fps60, software: Bool = false,
                clock choice: SDLClockChoice = .dispatch, fontSystem: FontSystem? = nil) throws(SDLError) {
        try SDLLibrary.initVideo()
        // Window-sized pixel buffers are mapped alone, so a resize gives their memory back (MR7).
        PixelMemory.mapLargeBlocksAlone()
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
        let sides = Self.windowDimensions(for: size)
        videoDriver = SDLVideo.driverName()
        // X11 tells no scale: the environment's, if it asks for one (DK2); else the window system's.
        let request = videoDriver == "x11" ? DisplayScaleRequest.from(environment: ProcessInfo.processInfo.environment) : nil
        unitsPerPoint = request?.scale ?? 1
        scaleSource = request.map { .environment($0.variable) } ?? .windowSystem
        let units = (width: DisplayScaleRequest.pixels(sides.width, scale: unitsPerPoint),
                     height: DisplayScaleRequest.pixels(sides.height, scale: unitsPerPoint))
        sdlWindow = try check(SDL_CreateWindow(title, Int32(tl_window_pos_centered()), Int32(tl_window_pos_centered()),
                                               units.width, units.height, flags),
                              "SDL_CreateWindow(\(units.width)x\(units.height))")
        displayRefreshRate = SDLVideo.refreshRate(of: sdlWindow)
        if choice == .sdl, displayRefreshRate <= 0 {
            SDL_DestroyWindow(sdlWindow)
            throw SDLError(operation: "choosing the SDL vsync clock",
                           message: "the display reports no refresh rate (as under Xvfb), so SDL would fake vsync with millisecond sleeps; use the dispatch clock")
        }
        let made: OpaquePointer
        do { made = try SDLVideo.makeRenderer(for: sdlWindow, software: software, vsync: choice == .sdl) } catch {
            SDL_DestroyWindow(sdlWindow)
            throw error
        }
        sdlRenderer = made
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(made, &info)
        rendererName = info.name.map { String(cString: $0) } ?? "unknown"

        painter = DisplayListPainter(renderer: made)
        presenter = Presenter(painter: painter, renderer: made)
        if choice == .sdl {
            let hz = displayRefreshRate
            let nearest = FrameRate.allCases.min { abs($0.rawValue - hz) < abs($1.rawValue - hz) } ?? rate
            clock = SDLVsyncClock(rate: nearest)
        } else {
            clock = DispatchFrameClock(rate: rate)
        }
        runLoop = MainRunLoop(clock: clock)
        window = Window(size: Size(width: Double(sides.width), height: Double(sides.height)))
        if let fontSystem { window.fontSystem = fontSystem }
        window.pasteboard = SDLPasteboard()
        window.caretBlinkPeriod = 0.5
        window.renderer = presenter
        let cursors = self.cursors
        window.onPointerShapeChange = { cursors.show($0) }
        // A window on screen listens to the kernel's memory pressure where it can (MR5); the
        // app sets a resident budget itself (window.memoryWarningBudget).
        window.monitorsMemoryPressure = true
        runLoop.add(window)
        desktop = DesktopSettings(runLoop: runLoop, environment: ProcessInfo.processInfo.environment)
        desktop.apply(to: window)
        updateScale()
        let id = SDL_GetWindowID(sdlWindow)
        let runLoop = self.runLoop
        pump = SDLEventPump(runLoop: runLoop, windowID: id) { [weak self] change in
            // The pump runs on the main thread (the clock's); hop into the main actor's view of it.
            MainActor.assumeIsolated {
                guard let self else { return }
                switch change {
                case .resized: self.updateScale()
                case .exposed: self.runLoop.post {}           // a frame repaints the window
                case .displayChanged: self.displayDidChange()
                case .polling: self.updateTextInput()
                }
            }
        }
        if AccessibilityBridge.isRequested() {
            let sdlWindow = self.sdlWindow
            accessibility = AccessibilityBridge(window: window, title: title) {
                var x: Int32 = 0, y: Int32 = 0
                SDL_GetWindowPosition(sdlWindow, &x, &y)
                return Point(x: Double(x), y: Double(y))
            }
            accessibility?.screenUnitsPerPoint = unitsPerPoint
            if let bridge = accessibility {
                pump.auxiliaryWork = { MainActor.assumeIsolated { _ = bridge.dispatchPending() } }
                // The bridge's watcher says when a reader asks: an idle window sleeps till then.
                let pump = self.pump!
                pump.auxiliaryWakes = bridge.setWake { pump.wakeForAuxiliaryWork() }
            }
        }
        pump.unitsPerPoint = unitsPerPoint
        if let d = clock as? DispatchFrameClock { d.eventSource = pump }
        if let v = clock as? SDLVsyncClock { v.eventSource = pump }
        window.makeKeyAndVisible()
    }

    isolated deinit {
        cursors.release()
        accessibility?.close()
        desktop.close()
        presenter.releaseCanvas()
        painter.releaseResources()
        SDL_DestroyRenderer(sdlRenderer)
        SDL_DestroyWindow(sdlWindow)
    }

    /// Device pixels per point: the renderer's output size over the window's size in SDL's
    /// window coordinates, times the coordinates per point (DK2).
    private func updateScale() {
        var pw: Int32 = 0, ph: Int32 = 0, w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(sdlRenderer, &pw, &ph)
        SDL_GetWindowSize(sdlWindow, &w, &h)
        let scale = (w > 0 && pw > 0 ? Double(pw) / Double(w) : 1) * unitsPerPoint
        if scale != window.scale, scale > 0 { window.scale = scale }
    }

    /// The window moved, perhaps to another display, or the displays changed (DK2): the scale is
    /// read again from where it came from. On X11 that is the environment (``DisplayScaleRequest``;
    /// X11 tells no scale of its own): a new scale resizes the SDL window to keep its size in
    /// points, and reaches the window as a `scaleChanged` event, so its views redraw at device
    /// pixels and hear `traitCollectionDidChange`. Elsewhere the window system's ratio is read
    /// again (as on every resize). Called by the event pump on the main thread.
    private func displayDidChange() {
        guard videoDriver == "x11" else { updateScale(); return }
        let request = DisplayScaleRequest.from(environment: ProcessInfo.processInfo.environment)
        let units = request?.scale ?? 1
        guard units != unitsPerPoint else { return }
        let sides = Self.windowDimensions(for: window.size)
        unitsPerPoint = units
        pump.unitsPerPoint = units
        accessibility?.screenUnitsPerPoint = units
        scaleSource = request.map { .environment($0.variable) } ?? .windowSystem
        SDL_SetWindowSize(sdlWindow, DisplayScaleRequest.pixels(sides.width, scale: units),
                          DisplayScaleRequest.pixels(sides.height, scale: units))
        runLoop.send(.scaleChanged(units))
    }

    /// Asks the window system to resize the window to `size` points; the resize arrives as an
    /// event like a user's drag would (D3).
    public func resizeWindow(to size: Size) {
        let sides = Self.windowDimensions(for: size)
        SDL_SetWindowSize(sdlWindow, DisplayScaleRequest.pixels(sides.width, scale: unitsPerPoint),
                          DisplayScaleRequest.pixels(sides.height, scale: unitsPerPoint))
    }

    /// The SDL window id (`SDL_GetWindowID`), for events addressed to this window.
    public var windowID: UInt32 { SDL_GetWindowID(sdlWindow) }

    /// Runs frames until the window closes or `MainRunLoop/stop()`.
    public func run() { runLoop.run() }

    /// Writes what the window shows now (the last presented frame's pixels) as a PNG.
    public func saveScreenshot(to path: String) throws(SDLError) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(sdlRenderer, &w, &h)
        let surface = try check(SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, tl_pixel_format_argb8888()), "SDL_CreateRGBSurfaceWithFormat")
        defer { SDL_FreeSurface(surface) }
        // Repaint the current list into the back buffer, then read it (the front buffer is not readable).
        painter.paint(window.displayList)
        try check(SDL_RenderReadPixels(sdlRenderer, nil, tl_pixel_format_argb8888(), surface.pointee.pixels, surface.pointee.pitch),
                  "SDL_RenderReadPixels")
        try check(IMG_SavePNG(surface, path), "writing PNG \(path)")
    }

    /// The window's picture as the last frame left it (its kept canvas, read without repainting;
    /// nil when the renderer could not make one).
    public func presentedImage() -> RGBAImage? {
        guard let canvas = presenter.canvas else { return nil }
        let (w, h) = presenter.canvasSize
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, tl_pixel_format_argb8888()) else { return nil }
        defer { SDL_FreeSurface(surface) }
        SDL_SetRenderTarget(sdlRenderer, canvas)
        defer { SDL_SetRenderTarget(sdlRenderer, nil) }
        guard SDL_RenderReadPixels(sdlRenderer, nil, tl_pixel_format_argb8888(), surface.pointee.pixels, surface.pointee.pitch) == 0 else { return nil }
        return RGBAImage(surface: surface)
    }

    /// Paints and presents each committed list.
    private final class Presenter: FrameRenderer {
        let painter: DisplayListPainter
        let renderer: OpaquePointer
        /// Nanoseconds the last paint (drawing commands, flushed) and present took.
        var lastPaintNanoseconds: Int64 = 0
        var lastPresentNanoseconds: Int64 = 0
        /// The window's picture, kept between frames so that a frame that changed a little
        /// repaints only that (P1) and copies it to the back buffer, whose pixels SDL does not
        /// keep. A frame that repaints everything goes straight to the back buffer instead
        /// (drawing into a texture costs more on some renderers, llvmpipe among them), and the
        /// next frame that could be partial repaints the canvas whole first.
        var canvas: OpaquePointer?
        var canvasSize = (width: Int32(0), height: Int32(0))
        var canvasIsCurrent = false
        init(painter: DisplayListPainter, renderer: OpaquePointer) { self.painter = painter; self.renderer = renderer }
        func releaseCaches() { painter.releaseCaches() }
        func releaseCanvas() {
            if let canvas { SDL_DestroyTexture(canvas) }
            canvas = nil
            painter.baseTarget = nil
        }
        func present(_ list: DisplayList, frame: FrameContext) {
            let t0 = MonotonicClock.now()
            var w: Int32 = 0, h: Int32 = 0
            SDL_GetRendererOutputSize(renderer, &w, &h)
            if canvas == nil || (w, h) != canvasSize {
                if let canvas { SDL_DestroyTexture(canvas) }
                canvas = SDL_CreateTexture(renderer, tl_pixel_format_argb8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue), max(1, w), max(1, h))
                if let canvas { SDL_SetTextureBlendMode(canvas, SDL_BLENDMODE_NONE) }
                canvasSize = (w, h)
                canvasIsCurrent = false
            }
            painter.retainsPixels = true
            let partial = canvas != nil && painter.damagedRegion(list, width: w, height: h) != nil
            if partial {
                painter.baseTarget = canvas
                painter.retainsPixels = canvasIsCurrent
                painter.paint(list)
                canvasIsCurrent = true
                SDL_SetRenderTarget(renderer, nil)
                SDL_RenderCopy(renderer, canvas, nil, nil)
            } else {
                painter.baseTarget = nil
                painter.retainsPixels = false
                painter.paint(list)
                canvasIsCurrent = false
            }
            SDL_RenderFlush(renderer)
            let t1 = MonotonicClock.now()
            SDL_RenderPresent(renderer)
            lastPaintNanoseconds = t1 - t0
            lastPresentNanoseconds = MonotonicClock.now() - t1
        }
    }

    /// Nanoseconds the last frame's painting took (display list to the back buffer).
    public var lastPaintNanoseconds: Int64 { presenter.lastPaintNanoseconds }
    /// Nanoseconds the last frame's `SDL_RenderPresent` took (with vsync, includes the wait).
    public var lastPresentNanoseconds: Int64 { presenter.lastPresentNanoseconds }
}

/// The system clipboard through SDL (TX9): what text fields copy, cut and paste in the window.
@MainActor
public final class SDLPasteboard: Pasteboard {
    /// The system clipboard; no state of its own.
    public init() {}
    /// The clipboard's text; nil when it holds none. Setting nil empties it.
    public var string: String? {
        get {
            guard SDL_HasClipboardText() == SDL_TRUE, let raw = SDL_GetClipboardText() else { return nil }
            defer { SDL_free(raw) }
            return String(cString: raw)
        }
        set { _ = SDL_SetClipboardText(newValue ?? "") }
    }
}
