import CSDL2
import FrameTiming
import Geometry

/// Runs the SDL vsync clock on its own for the clock benchmark (C1): a small window whose
/// renderer presents with `SDL_RENDERER_PRESENTVSYNC`, driven by ``SDLVsyncClock``, recording
/// each frame's wake. Needs a display; under Xvfb SDL fakes vsync with millisecond sleeps, which
/// is what this measures there.
@MainActor
public enum VsyncProbe {
    /// The ticks of `seconds` of vsync-paced frames, and the refresh rate the display reported
    /// (0 when it reports none). `work` runs inside each frame (an injected stall, say).
    public static func run(rate: FrameRate, seconds: Double,
                           work: @escaping (TickSample) -> Void = { _ in }) throws(SDLError) -> (samples: [TickSample], refreshRate: Int) {
        try SDLLibrary.initVideo()
        let window = try check(SDL_CreateWindow("timeline bench clock", Int32(tl_window_pos_centered()), Int32(tl_window_pos_centered()),
                                                160, 90, SDL_WINDOW_SHOWN.rawValue), "SDL_CreateWindow")
        defer { SDL_DestroyWindow(window) }
        let refresh = SDLVideo.refreshRate(of: window)
        let renderer = try SDLVideo.makeRenderer(for: window, software: false, vsync: true)
        defer { SDL_DestroyRenderer(renderer) }

        let clock = SDLVsyncClock(rate: rate)
        var samples: [TickSample] = []
        samples.reserveCapacity(max(0, min(1 << 20, Int(saturating: seconds * Double(rate.rawValue)))) + 16)
        var first: Int64?
        var shade: UInt8 = 0
        clock.frameHandler = { info in
            let woke = MonotonicClock.now()
            let sample = TickSample(index: info.index, scheduled: info.timestamp, woke: woke)
            samples.append(sample)
            work(sample)
            shade &+= 1
            SDL_SetRenderDrawColor(renderer, shade, 64, 128, 255)
            SDL_RenderClear(renderer)
            SDL_RenderPresent(renderer)                      // blocks until the (real or faked) vblank
            var event = SDL_Event()
            while SDL_PollEvent(&event) != 0 {}
            if first == nil { first = woke }
            if woke - first! >= Int64(saturating: seconds * 1e9) { clock.stop() }
            return true
        }
        clock.run()
        return (samples, refresh)
    }
}
