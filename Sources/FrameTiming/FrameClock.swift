#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A source of frame ticks (R4). The run loop installs ``frameHandler``; the clock calls it once
/// per frame with that frame's ``FrameInfo``. The handler returns whether more frames are wanted:
/// when it returns `false` the clock stops waking (R6) until ``wake()``.
///
/// Sources: ``DispatchFrameClock`` (absolute deadlines on the monotonic clock, the default),
/// ``ManualFrameClock`` (tests and headless stepping), and the SDL vsync clock in the SDL backend.
public protocol FrameClock: AnyObject, Sendable {
    /// The rate of the grid the frames fall on.
    var rate: FrameRate { get }
    /// Called on the thread that drives the clock, once per frame.
    var frameHandler: ((FrameInfo) -> Bool)? { get set }
    /// Resumes ticking after an idle stop. Safe to call from any thread; cheap when not idle.
    func wake()
    /// Whether the clock will deliver another frame without a ``wake()``.
    var hasScheduledFrame: Bool { get }
}

/// Input from outside the process (a window system) that a live clock must let in: the SDL
/// backend's event pump. The clock calls it on its own thread, which for a window is the main
/// thread, as SDL requires.
public protocol ExternalEventSource: AnyObject, Sendable {
    /// Moves pending OS events into the run loop's queue. Called before each frame, so events
    /// that arrived before the frame began are handled in it.
    func pollEvents()
    /// Blocks while the clock is idle (R6), until an OS event arrives or ``interruptWait()``.
    func waitForEvents()
    /// Makes a ``waitForEvents()`` in progress (or the next one) return. Safe from any thread.
    func interruptWait()
}

/// Reads the monotonic clock (`CLOCK_MONOTONIC`) in nanoseconds. Only live clocks and
/// benchmarks read it; nothing below the clock does (time is passed in).
public enum MonotonicClock {
    /// The monotonic clock's time in nanoseconds (one `clock_gettime` call).
    @inlinable public static func now() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }
}

extension Duration {
    /// The duration in whole nanoseconds (rounded toward zero).
    public var nanoseconds: Int64 {
        let (s, atto) = components
        return s * 1_000_000_000 + atto / 1_000_000_000
    }

    /// The duration in whole milliseconds, rounded up and clamped to `Int32` (0 for none or a
    /// negative one): what a C API that waits in milliseconds (GLib's timeouts, a D-Bus call's
    /// wait) is handed at the call, and nowhere before it (AM2).
    package var roundedUpMilliseconds: Int32 {
        guard self > .zero else { return 0 }
        let (s, atto) = components
        let perMillisecond: Int64 = 1_000_000_000_000_000
        guard s < Int64(Int32.max) / 1_000 + 1 else { return .max }
        return Int32(clamping: s * 1_000 + atto / perMillisecond + (atto % perMillisecond > 0 ? 1 : 0))
    }
}
