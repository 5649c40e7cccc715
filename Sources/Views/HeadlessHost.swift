import FrameTiming
import Geometry
import RenderModel
import UpdateLoop

/// Everything a headless run needs in one place: a manual clock, a run loop on it, one window and
/// a recording renderer. Frames run only when stepped, as fast as the CPU allows, with no display.
@MainActor
public final class HeadlessHost {
    /// The manual clock the frames run on; ``step()`` advances it one frame interval.
    public let clock: ManualFrameClock
    /// The run loop the window's frames run on.
    public let runLoop: MainRunLoop
    /// The window, already visible, sized as asked.
    public let window: Window
    /// Keeps the last frame's display list (every one with `keepsHistory`) instead of drawing it.
    public let renderer = RecordingRenderer()

    /// A host with a window of `size` points whose frames run at `rate` (60 per second by default) when stepped.
    public init(size: Size = Size(width: 800, height: 600), rate: FrameRate = .fps60) {
        clock = ManualFrameClock(rate: rate)
        runLoop = MainRunLoop(clock: clock)
        window = Window(size: size)
        window.renderer = renderer
        runLoop.add(window)
        window.makeKeyAndVisible()
    }

    /// The root view of the window.
    public var root: View { window.rootView }

    /// Runs the next frame; returns it, or nil when the loop is idle (nothing ran).
    @discardableResult public func step() -> FrameInfo? { clock.step() }

    /// Runs `frames` steps; returns how many frames ran.
    @discardableResult public func step(frames: Int) -> Int { clock.step(frames: frames) }

    /// Called when ``runUntilIdle(limit:)`` stops at its limit with work still pending, with the
    /// limit and what is pending (test support records an issue here).
    public var runUntilIdleLimitHandler: ((Int, [String]) -> Void)?

    /// Steps until the run loop is idle or `limit` frames ran; returns the frames run. Reaching
    /// the limit with work pending calls ``runUntilIdleLimitHandler``.
    @discardableResult
    public func runUntilIdle(limit: Int = 10_000) -> Int {
        var n = 0
        while n < limit, clock.hasScheduledFrame, step() != nil { n += 1 }
        if n == limit, clock.hasScheduledFrame, !runLoop.isIdle { runUntilIdleLimitHandler?(limit, runLoop.pendingWork) }
        return n
    }

    /// Whether nothing is left scheduled: no queued work, timers, observers, animations or dirty views.
    public var isIdle: Bool { runLoop.isIdle }
}
