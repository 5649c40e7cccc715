import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// The default live clock: a `DispatchSourceTimer` armed for each frame at an absolute deadline on
/// the grid of the monotonic clock (no drift), with skip-ahead and the stall rule from
/// ``FrameSchedule`` (R1-R4). When the handler reports that nothing more is wanted the timer is
/// not re-armed until ``wake()`` (R6).
///
/// ``run()`` blocks the calling thread and calls the handler on it, so a main-thread run loop stays
/// on the main thread; the timer's own queue only signals.
public final class DispatchFrameClock: FrameClock, @unchecked Sendable {
    /// The rate of the grid the clock's frames fall on.
    public let rate: FrameRate
    /// Runs each frame on the thread in ``run()``; returns whether another frame is wanted.
    public var frameHandler: ((FrameInfo) -> Bool)?
    /// Bookkeeping; read it after ``run()`` returns or from the handler.
    public private(set) var schedule: FrameSchedule
    /// Wake times minus scheduled grid times, per frame, when ``recordsLateness`` is on.
    public private(set) var latenessSamples: [Int64] = []
    /// Whether to record wake lateness (for the clock benchmark).
    public var recordsLateness = false
    /// How early the dispatch timer fires before each deadline; the frame thread then sleeps the
    /// rest with an absolute `clock_nanosleep`, so the wake-up does not pay for the hop from the
    /// timer's thread to the frame thread. Zero makes the timer alone decide. A ``stop()`` in
    /// that last stretch takes effect after it.
    public var precisionWindow: Duration = .microseconds(4000)
    /// A window system's events: polled before each frame and waited on while idle. Set it
    /// before ``run()``.
    public var eventSource: (any ExternalEventSource)?

    private let timer: any DispatchSourceTimer
    private let tick = DispatchSemaphore(value: 0)
    private let idle = DispatchSemaphore(value: 0)
    private let gate = IdleGate()

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

    /// Whether another frame will run without a ``wake()`` (false while idle or stopped).
    public var hasScheduledFrame: Bool { gate.hasScheduledFrame }

    /// Re-arms the timer after an idle stop and interrupts an event wait; cheap when the clock is running. Safe from any thread.
    public func wake() {
        if gate.wake() {
            idle.signal()
            eventSource?.interruptWait()
        }
    }

    /// Ends ``run()`` after the current frame. Safe from any thread.
    public func stop() {
        gate.stop()
        idle.signal()
        tick.signal()
        eventSource?.interruptWait()
    }

    /// Runs frames on the calling thread until ``stop()``.
    public func run() {
        gate.start()
        while true {
            if gate.isStopped { break }
            let deadline = schedule.nextDeadline
            if deadline > MonotonicClock.now() {
                let early = deadline - precisionWindow.nanoseconds
                if early > MonotonicClock.now() {
                    timer.schedule(deadline: DispatchTime(uptimeNanoseconds: UInt64(early)), leeway: .nanoseconds(0))
                    tick.wait()
                    if gate.isStopped { break }
                }
                sleepUntil(deadline)
            }
            let woke = MonotonicClock.now()
            eventSource?.pollEvents()
            let info = schedule.beginFrame(at: woke)
            if recordsLateness { latenessSamples.append(woke - info.timestamp) }
            let wantsMore = frameHandler?(info) ?? true
            schedule.endFrame(at: MonotonicClock.now())
            if !wantsMore {
                if gate.shouldPause() {
                    schedule.pause()
                    if let source = eventSource {
                        // Any OS event or a wake() ends the wait; a frame then runs and decides.
                        source.waitForEvents()
                        gate.resume()
                    } else {
                        idle.wait()
                    }
                    if gate.isStopped { break }
                    schedule.resume(at: MonotonicClock.now())
                }
            }
        }
    }
}

/// Sleeps the calling thread until `deadline` on the monotonic clock (absolute, so an interrupted
/// sleep resumes toward the same instant).
func sleepUntil(_ deadline: Int64) {
    guard deadline > MonotonicClock.now() else { return }
    var ts = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
    while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
}
