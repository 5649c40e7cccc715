import Synchronization

/// A clock for tests and headless runs, driven entirely by hand and fully synchronous: ``step()``,
/// ``step(frames:)`` and ``advance(by:)`` run every due frame's handler before they return, so a
/// test never waits and never races (R4).
///
/// Time starts at 0 and frame 0 falls at time 0, so frame *k*'s time is *k*/fps. A frame handler
/// can model work that takes time with ``spend(_:)``; the next step then follows the same
/// skip-ahead rule as the live clocks (R3), because both use ``FrameSchedule``.
public final class ManualFrameClock: FrameClock, @unchecked Sendable {
    /// The rate of the grid: each step is 1/rate seconds.
    public let rate: FrameRate
    /// Runs each frame inside ``step()``; returns whether another frame is wanted.
    public var frameHandler: ((FrameInfo) -> Bool)?
    /// The current virtual time in nanoseconds.
    public private(set) var now: Int64 = 0
    /// The tick bookkeeping shared with the live clocks.
    public private(set) var schedule: FrameSchedule
    /// The frame being run, while a handler runs.
    public private(set) var currentFrame: FrameInfo?
    /// Frames run so far.
    public private(set) var framesRun: Int = 0
    private let wakeRequested = Atomic<Bool>(false)

    /// A clock at `rate` (60 fps by default) whose first frame is tick 0 at time 0.
    public init(rate: FrameRate = .fps60) {
        self.rate = rate
        self.schedule = FrameSchedule(grid: FrameGrid(rate: rate, origin: 0))
    }

    /// Whether a step would run a frame: the clock is not paused for lack of work, or a wake arrived.
    public var hasScheduledFrame: Bool { !schedule.isPaused || wakeRequested.load(ordering: .relaxed) }

    /// Asks for frames again after the handler said none were wanted; the next step runs one. Safe from any thread.
    public func wake() { wakeRequested.store(true, ordering: .relaxed) }

    /// Moves to the next tick and runs it, if the clock is active; an idle clock only lets the time
    /// pass. Returns the frame that ran, if any.
    @discardableResult
    public func step() -> FrameInfo? {
        absorbWake()
        guard !schedule.isPaused else {
            // Idle: time passes to the next tick, no frame runs (R6).
            now = schedule.grid.time(ofTick: schedule.grid.firstTick(after: now))
            return nil
        }
        now = max(now, schedule.nextDeadline)
        return runFrame()
    }

    /// Runs `frames` steps; returns how many frames actually ran.
    @discardableResult
    public func step(frames: Int) -> Int {
        precondition(frames >= 0, "step(frames:) needs a non-negative count; got \(frames)")
        var ran = 0
        for _ in 0..<frames where step() != nil { ran += 1 }
        return ran
    }

    /// Lets `duration` of time pass, running every frame that falls due on the way (with
    /// skip-ahead if a frame ``spend(_:)``s more than a period).
    ///
    /// - Precondition: `duration` is not negative: a clock cannot go backwards. Use a new clock to
    ///   start over.
    public func advance(by duration: Duration) {
        let ns = duration.nanoseconds
        precondition(ns >= 0, "ManualFrameClock.advance(by:) cannot go backwards (got \(duration)); pass a non-negative duration")
        let target = now + ns
        while true {
            absorbWake()
            if schedule.isPaused { break }
            guard schedule.nextDeadline <= target else { break }
            now = max(now, schedule.nextDeadline)
            runFrame()
        }
        now = max(now, target)
    }

    /// Models work that takes `duration` inside the running frame: virtual time moves on without
    /// running frames. Only meaningful from inside a frame handler.
    public func spend(_ duration: Duration) {
        let ns = duration.nanoseconds
        precondition(ns >= 0, "ManualFrameClock.spend(_:) takes a non-negative duration; got \(duration)")
        now += ns
    }

    @discardableResult
    private func runFrame() -> FrameInfo {
        let info = schedule.beginFrame(at: now)
        currentFrame = info
        let wantsMore = frameHandler?(info) ?? true
        currentFrame = nil
        framesRun += 1
        schedule.endFrame(at: now)
        if !wantsMore, !wakeRequested.exchange(false, ordering: .relaxed) { schedule.pause() }
        return info
    }

    private func absorbWake() {
        if schedule.isPaused, wakeRequested.exchange(false, ordering: .relaxed) {
            schedule.resume(at: now)
        }
    }
}
