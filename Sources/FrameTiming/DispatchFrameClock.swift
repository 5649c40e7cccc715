import Dispatch
import Synchronization

/// The default live clock: a `DispatchSourceTimer` armed for each frame at an absolute deadline on
/// the grid of the monotonic clock (no drift), with skip-ahead and the stall rule from
/// ``FrameSchedule`` (R1-R4). When the handler reports that nothing more is wanted the timer is
/// not re-armed until ``wake()`` (R6).
///
/// ``run()`` blocks the calling thread and calls the handler on it, so a main-thread run loop stays
/// on the main thread; the timer's own queue only signals.
public final class DispatchFrameClock: FrameClock, @unchecked Sendable {
    public let rate: FrameRate
    public var frameHandler: ((FrameInfo) -> Bool)?
    /// Bookkeeping; read it after ``run()`` returns or from the handler.
    public private(set) var schedule: FrameSchedule
    /// Wake times minus scheduled grid times, per frame, when ``recordsLateness`` is on.
    public private(set) var latenessSamples: [Int64] = []
    /// Whether to record wake lateness (for the clock benchmark).
    public var recordsLateness = false

    private let timer: any DispatchSourceTimer
    private let tick = DispatchSemaphore(value: 0)
    private let idle = DispatchSemaphore(value: 0)
    private struct State { var paused = false; var wakePending = false; var stopped = false }
    private let state = Mutex(State())

    /// A clock at `rate` whose grid starts at the next millisecond after now.
    public init(rate: FrameRate = .fps60, origin: Int64? = nil) {
        self.rate = rate
        let start = origin ?? (MonotonicClock.now() + 1_000_000)
        self.schedule = FrameSchedule(grid: FrameGrid(rate: rate, origin: start))
        let queue = DispatchQueue(label: "timeline.frame-clock", qos: .userInteractive)
        self.timer = DispatchSource.makeTimerSource(flags: .strict, queue: queue)
        let tick = self.tick
        timer.setEventHandler { tick.signal() }
        timer.schedule(deadline: .distantFuture)
        timer.activate()
    }

    deinit { timer.cancel() }

    public var hasScheduledFrame: Bool { state.withLock { !$0.paused && !$0.stopped } }

    public func wake() {
        let signal = state.withLock { s -> Bool in
            if s.paused { s.paused = false; return true }
            s.wakePending = true
            return false
        }
        if signal { idle.signal() }
    }

    /// Ends ``run()`` after the current frame. Safe from any thread.
    public func stop() {
        state.withLock { $0.stopped = true }
        idle.signal()
        tick.signal()
    }

    /// Runs frames on the calling thread until ``stop()``.
    public func run() {
        state.withLock { $0.stopped = false }
        while true {
            if state.withLock({ $0.stopped }) { break }
            let deadline = schedule.nextDeadline
            if deadline > MonotonicClock.now() {
                timer.schedule(deadline: DispatchTime(uptimeNanoseconds: UInt64(deadline)), leeway: .nanoseconds(0))
                tick.wait()
                if state.withLock({ $0.stopped }) { break }
            }
            let woke = MonotonicClock.now()
            let info = schedule.beginFrame(at: woke)
            if recordsLateness { latenessSamples.append(woke - info.timestamp) }
            let wantsMore = frameHandler?(info) ?? true
            schedule.endFrame(at: MonotonicClock.now())
            if !wantsMore {
                let pause = state.withLock { s -> Bool in
                    if s.wakePending { s.wakePending = false; return false }
                    s.paused = true
                    return true
                }
                if pause {
                    schedule.pause()
                    idle.wait()
                    if state.withLock({ $0.stopped }) { break }
                    schedule.resume(at: MonotonicClock.now())
                }
            }
        }
    }
}
