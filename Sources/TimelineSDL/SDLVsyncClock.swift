import CSDL2
import FrameTiming
import Timeline

/// The SDL vsync clock (R4): frames are paced by `SDL_RenderPresent` blocking until the display's
/// vertical blank, on a renderer created with `SDL_RENDERER_PRESENTVSYNC`. Frame times are still
/// the grid's (the tick at or before each wake), with the same skip-ahead and stall rules as the
/// dispatch clock.
///
/// Only use it where the display reports a real refresh rate: under Xvfb SDL fakes vsync with
/// whole-millisecond sleeps (``SDLWindowHost`` refuses it there).
public final class SDLVsyncClock: LiveFrameClock, @unchecked Sendable {
    /// The grid's rate: the supported rate nearest the display's refresh rate.
    public let rate: FrameRate
    /// Runs each frame; returns whether another frame is wanted (the run loop sets it).
    public var frameHandler: ((FrameInfo) -> Bool)?
    /// The frame grid and the skip-ahead bookkeeping for late wakes.
    public private(set) var schedule: FrameSchedule
    /// The window's events; set by the host.
    public var eventSource: (any ExternalEventSource)?
    private let gate = IdleGate()

    /// A clock on a grid of `rate` starting now.
    public init(rate: FrameRate) {
        self.rate = rate
        schedule = FrameSchedule(grid: FrameGrid(rate: rate, origin: MonotonicClock.now()))
    }

    /// Whether a frame will run (false while idle or after ``stop()``).
    public var hasScheduledFrame: Bool { gate.hasScheduledFrame }

    /// Schedules frames again after idling, interrupting the event wait.
    public func wake() {
        if gate.wake() { eventSource?.interruptWait() }
    }

    /// Stops the clock for good: no frame is scheduled after it, and a waiting event loop is woken.
    public func stop() {
        gate.stop()
        eventSource?.interruptWait()
    }

    /// Runs frames on the calling thread (the window's) until ``stop()``; each frame's present
    /// blocks until the next vertical blank.
    public func run() {
        gate.start()
        while !gate.isStopped {
            let woke = MonotonicClock.now()
            eventSource?.pollEvents()
            let info = schedule.beginFrame(at: woke)
            let wantsMore = frameHandler?(info) ?? true
            schedule.endFrame(at: MonotonicClock.now())
            if !wantsMore, gate.shouldPause() {
                schedule.pause()
                eventSource?.waitForEvents()
                gate.resume()
                schedule.resume(at: MonotonicClock.now())
            }
        }
    }
}
