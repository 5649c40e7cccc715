import CSDL2
import FrameTiming
import Geometry

/// The window path's floor (issue 12): what a bare SDL frame costs at a window size, with no
/// engine at all, so the gallery's figures can be read against it.
@MainActor
public enum PresentFloor {
    /// The timings of one measured run.
    public struct Result: Sendable {
        /// The renderer SDL made (`software`, `opengl`, ...).
        public var renderer: String
        /// Per frame: clearing the window and filling a full-window rectangle (a stand-in for
        /// painting), then `SDL_RenderPresent`, each in nanoseconds.
        public var draw: [Int64]
        /// Per frame: `SDL_RenderPresent` alone, in nanoseconds (with vsync it includes the wait).
        public var present: [Int64]
    }

    /// Opens a window of `size` points with the `software` or accelerated (`opengl` where the
    /// display has it) renderer, and times `frames` bare frames after 10 warm-up ones.
    ///
    /// - Throws: ``SDLError`` when there is no display or the renderer cannot be made.
    public static func measure(size: Size, software: Bool, frames: Int) throws(SDLError) -> Result {
        try SDLLibrary.initVideo()
        if !software { SDL_SetHint(SDL_HINT_RENDER_DRIVER, "opengl") } else { SDLVideo.preferDirectFramebuffer() }
        defer { SDL_SetHint(SDL_HINT_RENDER_DRIVER, "") }
        let window = try check(SDL_CreateWindow("present floor", Int32(tl_window_pos_centered()), Int32(tl_window_pos_centered()),
                                                Int32(size.width), Int32(size.height), SDL_WINDOW_SHOWN.rawValue), "SDL_CreateWindow")
        defer { SDL_DestroyWindow(window) }
        let flags = software ? SDL_RENDERER_SOFTWARE.rawValue : SDL_RENDERER_ACCELERATED.rawValue
        let renderer = try check(SDL_CreateRenderer(window, -1, flags), software ? "SDL_CreateRenderer (software)" : "SDL_CreateRenderer (accelerated)")
        defer { SDL_DestroyRenderer(renderer) }
        var info = SDL_RendererInfo()
        let name = SDL_GetRendererInfo(renderer, &info) == 0 ? String(cString: info.name) : "?"
        var result = Result(renderer: name, draw: [], present: [])
        result.draw.reserveCapacity(frames); result.present.reserveCapacity(frames)
        var rect = SDL_Rect(x: 0, y: 0, w: Int32(size.width), h: Int32(size.height))
        for k in 0..<(frames + 10) {
            var event = SDL_Event()
            while SDL_PollEvent(&event) != 0 {}
            let t0 = MonotonicClock.now()
            SDL_SetRenderDrawColor(renderer, 19, 20, 24, 255)
            SDL_RenderClear(renderer)
            SDL_SetRenderDrawColor(renderer, UInt8(k % 200), 80, 160, 255)
            SDL_RenderFillRect(renderer, &rect)
            SDL_RenderFlush(renderer)
            let t1 = MonotonicClock.now()
            SDL_RenderPresent(renderer)
            let t2 = MonotonicClock.now()
            if k >= 10 { result.draw.append(t1 - t0); result.present.append(t2 - t1) }
        }
        return result
    }
}
