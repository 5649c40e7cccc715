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
    public var frameHandler: ((FrameInfo) -> Bool)? {
        get { handler }
        set { handler = newValue }
    }
    /// The current virtual time in nanoseconds.
    public var now: Int64 { time }
    /// The tick bookkeeping shared with the live clocks.
    public var schedule: FrameSchedule { ticks }
    /// The frame being run, while a handler runs.
    public var currentFrame: FrameInfo? { runningFrame }
    /// Frames run so far.
    public var framesRun: Int { frameCount }
    // The state is private storage behind the public accessors, read and written whole (the
    // schedule changed on a local copy, then stored): a public stored property, or one changed
    // in place through a call, keeps a run-time exclusivity check on every access, five a
    // stepped frame (AM4).
    private var handler: ((FrameInfo) -> Bool)?
    private var time: Int64 = 0
    private var ticks: FrameSchedule
    private var runningFrame: FrameInfo?
    private var frameCount = 0
    private let wakeRequested = Atomic<Bool>(false)

    /// A clock at `rate` (60 fps by default) whose first frame is tick 0 at time 0.
    public init(rate: FrameRate = .fps60) {
        self.rate = rate
        ticks = FrameSchedule(grid: FrameGrid(rate: rate, origin: 0))
    }

    /// Whether a step would run a frame: the clock is not paused for lack of work, or a wake arrived.
    public var hasScheduledFrame: Bool { !ticks.isPaused || wakeRequested.load(ordering: .relaxed) }

    /// Asks for frames again after the handler said none were wanted; the next step runs one. Safe from any thread.
    public func wake() { wakeRequested.store(true, ordering: .relaxed) }

    /// Moves to the next tick and runs it, if the clock is active; an idle clock only lets the time
    /// pass. Returns the frame that ran, if any.
    @discardableResult
    public func step() -> FrameInfo? {
        absorbWake()
        let s = ticks
        guard !s.isPaused else {
            // Idle: time passes to the next tick, no frame runs (R6).
            time = s.grid.time(ofTick: s.grid.firstTick(after: time))
            return nil
        }
        time = max(time, s.nextDeadline)
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
        let target = time + ns
        while true {
            absorbWake()
            let s = ticks
            if s.isPaused { break }
            guard s.nextDeadline <= target else { break }
            time = max(time, s.nextDeadline)
            runFrame()
        }
        time = max(time, target)
    }

    /// Models work that takes `duration` inside the running frame: virtual time moves on without
    /// running frames. Only meaningful from inside a frame handler.
    public func spend(_ duration: Duration) {
        let ns = duration.nanoseconds
        precondition(ns >= 0, "ManualFrameClock.spend(_:) takes a non-negative duration; got \(duration)")
        time += ns
    }

    @discardableResult
    private func runFrame() -> FrameInfo {
        var s = ticks
        let info = s.beginFrame(at: time)
        ticks = s
        runningFrame = info
        let wantsMore = handler?(info) ?? true
        runningFrame = nil
        frameCount += 1
        s = ticks
        s.endFrame(at: time)
        if !wantsMore, !wakeRequested.exchange(false, ordering: .relaxed) { s.pause() }
        ticks = s
        return info
    }

    private func absorbWake() {
        if ticks.isPaused, wakeRequested.exchange(false, ordering: .relaxed) {
            var s = ticks
            s.resume(at: time)
            ticks = s
        }
    }
}
