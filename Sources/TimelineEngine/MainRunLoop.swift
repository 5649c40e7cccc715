import FrameTiming
import HeapModule
import Synchronization

/// Identifies a scheduled timer, for cancelling it.
public struct TimerToken: Hashable, Sendable { let id: Int }
/// Identifies a frame observer, for removing it.
public struct ObserverToken: Hashable, Sendable { let id: Int }

/// A clock that runs on its own until stopped (the dispatch clock, the SDL vsync clock).
public protocol LiveFrameClock: FrameClock {
    /// Runs frames on the calling thread until ``stop()``.
    func run()
    /// Ends ``run()`` after the current frame; safe from any thread.
    func stop()
}

/// The run loop: drives every frame in the fixed order of R5 on a ``FrameClock``.
///
/// 1. queued events, first in first out (input events and posted closures, then due timers);
/// 2. frame observers and the animation tick; 3. animation completions; 4-6. each window's
/// constraints, layout and display passes; 7. commit to the renderer.
///
/// Work posted while a frame runs lands in the next frame. With nothing queued, dirty, animating
/// or observed, the clock stops waking (R6) until the next post or invalidation; measurement mode
/// (``keepsRunningWhenIdle``) keeps it running.
@MainActor
public final class MainRunLoop {
    public nonisolated let clock: any FrameClock
    public private(set) var windows: [Window] = []
    /// The block-animation and property-animator engine ticked in phase 2.
    public private(set) var animations: AnimationEngine!
    /// Keeps frames coming when idle (benchmarks, `timeline step`).
    public var keepsRunningWhenIdle = false
    /// The phase running now (`.idle` between frames).
    public private(set) var phase: FramePhase = .idle
    /// The frame running now, if any.
    public private(set) var currentFrame: FrameInfo?
    /// The last frame that ran.
    public private(set) var lastFrame: FrameInfo?
    /// Every update-cycle call, when recording (U9); shared by all windows.
    public let trace = TraceRecorder()
    /// Reports the engine recovered from; shared by all windows.
    public let diagnostics = DiagnosticLog()
    /// Whether a quit event or ``stop()`` ended the loop.
    public private(set) var isStopped = false
    /// When set, the nanoseconds each phase took in the last frame, indexed by `FramePhase.rawValue`
    /// (for the frame benchmark). Costs one clock read per phase when on.
    public var measuresPhases = false
    public private(set) var phaseNanoseconds = [Int64](repeating: 0, count: FramePhase.allCases.count)
    /// ``phaseNanoseconds`` of the last finished frame (for displays such as a HUD, which read it
    /// while the next frame runs).
    public private(set) var lastFramePhaseNanoseconds = [Int64](repeating: 0, count: FramePhase.allCases.count)
    private var phaseStart: Int64 = 0

    private enum Queued: Sendable {
        case event(InputEvent, window: Int)
        case work(@Sendable @MainActor () -> Void)
    }
    private let inbox = Mutex<[Queued]>([])
    /// How many items the inbox holds, readable without the lock (the frame path checks it, so a
    /// steady frame takes no lock and allocates nothing).
    private let queuedCount = Atomic<Int>(0)
    private var processing: [Queued] = []
    private var frameRequested = false

    private struct TimerEntry: Comparable {
        var deadline: Double
        var sequence: Int
        var id: Int
        static func < (a: TimerEntry, b: TimerEntry) -> Bool {
            (a.deadline, a.sequence) < (b.deadline, b.sequence)
        }
    }
    private struct TimerRecord {
        var interval: Double?
        var body: @MainActor () -> Void
    }
    private var timerHeap = Heap<TimerEntry>()
    private var timers: [Int: TimerRecord] = [:]
    private var nextID = 1
    private var observers: [(id: Int, keepsClockRunning: Bool, body: @MainActor (FrameInfo) -> Void)] = []
    /// How many registered observers keep the clock ticking (the others only watch frames).
    private var activeObserverCount = 0

    /// A run loop on `clock`. Frames run when the clock ticks: ``ManualFrameClock/step()`` for a
    /// manual clock, ``run()`` for a live one.
    public init(clock: any FrameClock) {
        self.clock = clock
        self.animations = AnimationEngine(runLoop: self)
        // Clocks call the handler on the thread that drives them: the main thread (the manual
        // clock from main-actor code, the live clocks from run(), which the main actor calls).
        // The main-actor closure is converted once, here, as MainActor.assumeIsolated does
        // internally, because assumeIsolated on every frame allocates its closure's context.
        // Debug builds still check the isolation on each frame.
        let handler: @MainActor (FrameInfo) -> Bool = { [unowned self] info in
            assert({ MainActor.preconditionIsolated("frame handler off the main actor"); return true }())
            return self.runFrame(info)
        }
        clock.frameHandler = unsafeBitCast(handler, to: ((FrameInfo) -> Bool).self)
    }

    /// Adds a window; its frames run from the next tick.
    public func add(_ window: Window) {
        precondition(window.runLoop == nil || window.runLoop === self, "add(_:): the window already belongs to another run loop")
        guard !windows.contains(where: { $0 === window }) else { return }
        windows.append(window)
        window.runLoop = self
        window.trace = trace
        window.diagnostics = diagnostics
        requestFrame()
    }

    /// The current animation time: the running frame's, else the last frame's, else 0.
    public var currentTime: Double { currentFrame?.time ?? lastFrame?.time ?? 0 }

    // MARK: Posting (thread-safe)

    /// Queues `work` to run in phase 1 of the next frame, after what was queued before it.
    public nonisolated func post(_ work: @escaping @Sendable @MainActor () -> Void) {
        inbox.withLock { $0.append(.work(work)) }
        queuedCount.add(1, ordering: .releasing)
        clock.wake()
    }

    /// Queues an input event for window `window` (an index into ``windows``).
    public nonisolated func send(_ event: InputEvent, toWindow window: Int = 0) {
        inbox.withLock { $0.append(.event(event, window: window)) }
        queuedCount.add(1, ordering: .releasing)
        clock.wake()
    }

    /// Asks for a frame: something was invalidated or started.
    ///
    /// Inside a frame it does nothing: whether another frame is needed is decided when the frame
    /// ends, from what is still pending. So an invalidation that the same frame consumes (a view
    /// flagged for display in phase 2 and drawn in phase 6) does not cost an extra frame, and a
    /// passive observer that redraws does not keep the clock awake.
    func requestFrame() {
        guard !frameRequested, currentFrame == nil else { return }
        frameRequested = true
        clock.wake()
    }

    // MARK: Timers and observers

    /// Runs `body` in phase 1 of the first frame whose time is at least `delay` after the current
    /// frame time; with `interval`, again every `interval` after that (at most once a frame).
    @discardableResult
    public func schedule(after delay: Duration, repeating interval: Duration? = nil,
                         _ body: @escaping @MainActor () -> Void) -> TimerToken {
        let d = Double(delay.nanoseconds) / 1e9
        let i = interval.map { Double($0.nanoseconds) / 1e9 }
        precondition(d >= 0, "schedule(after:): the delay must not be negative")
        precondition(i.map { $0 > 0 } ?? true, "schedule(after:repeating:): the interval must be positive")
        let id = nextID; nextID += 1
        timers[id] = TimerRecord(interval: i, body: body)
        timerHeap.insert(TimerEntry(deadline: currentTime + d, sequence: id, id: id))
        requestFrame()
        return TimerToken(id: id)
    }

    /// Cancels a timer; it does not fire again.
    public func cancel(_ token: TimerToken) { timers[token.id] = nil }

    /// Calls `body` in phase 2 of every frame, before the animation tick, with the frame's info
    /// (display-link style, R7). The clock keeps ticking while an observer is registered, unless
    /// `keepsClockRunning` is false: such a passive observer sees the frames that run for other
    /// reasons (a HUD, a frame counter) but lets the loop go idle (R6).
    @discardableResult
    public func addFrameObserver(keepsClockRunning: Bool = true,
                                 _ body: @escaping @MainActor (FrameInfo) -> Void) -> ObserverToken {
        let id = nextID; nextID += 1
        observers.append((id, keepsClockRunning, body))
        if keepsClockRunning {
            activeObserverCount += 1
            requestFrame()
        }
        return ObserverToken(id: id)
    }

    public func removeFrameObserver(_ token: ObserverToken) {
        guard let i = observers.firstIndex(where: { $0.id == token.id }) else { return }
        if observers[i].keepsClockRunning { activeObserverCount -= 1 }
        observers.remove(at: i)
    }

    // MARK: Running

    /// Whether nothing is queued, scheduled, actively observed, animating or dirty.
    public var isIdle: Bool {
        queuedCount.load(ordering: .acquiring) <= 0 && timers.isEmpty && activeObserverCount == 0
            && !animations.hasWork && !windows.contains(where: { $0.hasPendingWork })
    }

    /// What keeps the loop from idling now, in words (empty when ``isIdle``): for finding out
    /// why a window that should be still keeps drawing.
    public var pendingWork: [String] {
        var why: [String] = []
        let queued = queuedCount.load(ordering: .acquiring)
        if queued > 0 { why.append("\(queued) queued events or posted closures") }
        if !timers.isEmpty { why.append("\(timers.count) pending timers") }
        if activeObserverCount > 0 { why.append("\(activeObserverCount) frame observers") }
        if animations.hasWork { why.append("\(animations.runningCount) running animations") }
        for (i, w) in windows.enumerated() where w.hasPendingWork { why.append("window \(i): \(w.pendingWorkDescription)") }
        return why
    }

    /// Runs until the window closes or ``stop()``; the clock must be a live one.
    public func run() {
        guard let live = clock as? any LiveFrameClock else {
            preconditionFailure("run() needs a live clock (DispatchFrameClock or the SDL vsync clock); step a ManualFrameClock instead")
        }
        isStopped = false
        live.run()
    }

    /// Ends the run loop after the current frame.
    public func stop() {
        isStopped = true
        (clock as? any LiveFrameClock)?.stop()
    }

    func setPhase(_ p: FramePhase) {
        if measuresPhases {
            let now = MonotonicClock.now()
            if phase != .idle { phaseNanoseconds[phase.rawValue] += now - phaseStart }
            phaseStart = now
        }
        phase = p
    }

    /// Runs one frame; returns whether more frames are wanted.
    func runFrame(_ info: FrameInfo) -> Bool {
        if measuresPhases { for i in phaseNanoseconds.indices { phaseNanoseconds[i] = 0 } }
        currentFrame = info
        frameRequested = false

        // (1) Events: what was queued before this frame, in order; then due timers.
        setPhase(.events)
        // Only take the lock when something is queued: each withLock call allocates here.
        if queuedCount.load(ordering: .acquiring) > 0 { takeQueued() }
        for item in processing {
            switch item {
            case .work(let work): work()
            case .event(let e, let w):
                if case .quit = e { stop(); continue }
                if windows.indices.contains(w) { windows[w].dispatch(e) }
            }
        }
        processing.removeAll(keepingCapacity: true)
        fireDueTimers(at: info.time)

        // (2) Observers, then the animation tick.
        setPhase(.animation)
        for o in observers { o.body(info) }
        animations.tick(to: info.time)

        // (3) Completions of animations that ended in this frame.
        setPhase(.completions)
        animations.runCompletions()

        // (4)-(6) Each window's update cycle.
        for w in windows { w.runUpdateCycle() }

        // (7) Commit.
        setPhase(.commit)
        let context = FrameContext(index: info.index, time: info.time)
        for w in windows { w.commit(frame: context) }
        setPhase(.idle)
        if measuresPhases { for i in phaseNanoseconds.indices { lastFramePhaseNanoseconds[i] = phaseNanoseconds[i] } }

        lastFrame = info
        currentFrame = nil
        if isStopped { return false }
        return keepsRunningWhenIdle || !isIdle
    }

    private func takeQueued() {
        var taken: [Queued] = []
        inbox.withLock { swap(&$0, &taken) }
        queuedCount.subtract(taken.count, ordering: .relaxed)
        processing.append(contentsOf: taken)
    }

    private func fireDueTimers(at time: Double) {
        let sequenceLimit = nextID  // timers made while firing wait for the next frame
        while let top = timerHeap.min, top.deadline <= time + 1e-9, top.sequence < sequenceLimit {
            _ = timerHeap.removeMin()
            guard let record = timers[top.id] else { continue }
            if let interval = record.interval {
                var next = top.deadline + interval
                if next <= time { next = time + interval - (time - top.deadline).truncatingRemainder(dividingBy: interval) }
                let seq = nextID; nextID += 1
                timerHeap.insert(TimerEntry(deadline: next, sequence: seq, id: top.id))
            } else {
                timers[top.id] = nil
            }
            record.body()
        }
        // Drop cancelled entries at the top so the heap does not keep them forever.
        while let top = timerHeap.min, timers[top.id] == nil { _ = timerHeap.removeMin() }
    }
}

extension Window {
    /// What ``hasPendingWork`` found, in words.
    var pendingWorkDescription: String {
        var parts: [String] = []
        if rootView.subtreeNeedsLayout { parts.append("views need layout") }
        if rootView.subtreeNeedsUpdateConstraints { parts.append("views need updateConstraints") }
        if !displayQueue.isEmpty { parts.append("\(displayQueue.count) views need display") }
        if layoutEngine.hasPendingChanges { parts.append("constraint changes pending") }
        if pendingAppearance { parts.append("a controller is appearing") }
        return parts.joined(separator: ", ")
    }

    /// Whether the window has flagged views or pending constraint changes.
    var hasPendingWork: Bool {
        rootView.subtreeNeedsLayout || rootView.subtreeNeedsUpdateConstraints || !displayQueue.isEmpty
            || layoutEngine.hasPendingChanges || pendingAppearance
    }
}

/// The dispatch clock is the default live clock.
extension DispatchFrameClock: LiveFrameClock {}
