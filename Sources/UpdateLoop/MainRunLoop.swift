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

/// The run loop: the one owner of time and of the frame's phases (R5). It drives every frame on a
/// ``FrameClock`` and hands each participant the frame's ``FrameInfo``:
///
/// 1. queued events, first in first out (input events and posted closures), then due timers;
/// 2. frame observers, then each participant's ``FrameParticipant/advance(to:)`` (the animation
///    tick); 3. completions; 4-5. constraints and layout passes, repeated while a participant is
///    still dirty; 6. display; 7. commit.
///
/// It knows no views: windows and the animation engine are ``FrameParticipant``s. Work posted
/// while a frame runs lands in the next frame. With nothing queued, pending or observed, the clock
/// stops waking (R6) until the next post or ``requestFrame()``; measurement mode
/// (``keepsRunningWhenIdle``) keeps it running.
///
/// Time is integer nanoseconds inside (``FrameInfo/mediaTime``); timers resolve their deadline
/// against the time of the frame that takes them, never against an older frame's.
@MainActor
public final class MainRunLoop {
    /// The clock whose ticks run the frames.
    public nonisolated let clock: any FrameClock
    /// How the loop's engines, windows and its clock's frame handler hold it (never weakly: a
    /// weak reference would put every retain of the loop on the slow path, AM4).
    package var reference: ObjectReference<MainRunLoop> { referenceStorage! }
    private var referenceStorage: ObjectReference<MainRunLoop>?
    /// Keeps frames coming when idle (benchmarks, `timeline step`).
    public var keepsRunningWhenIdle: Bool {
        get { frameState.keepsRunningWhenIdle }
        set { frameState.keepsRunningWhenIdle = newValue }
    }
    /// The phase running now (`.idle` between frames).
    public var phase: FramePhase { frameState.phase }
    /// The frame running now, if any.
    public var currentFrame: FrameInfo? { frameState.currentFrame }
    /// The last frame that ran.
    public var lastFrame: FrameInfo? { frameState.lastFrame }
    /// Every update-cycle call, when recording (U9); shared by all participants.
    public let trace = TraceRecorder()
    /// Reports the engine recovered from; shared by all participants.
    public let diagnostics = DiagnosticLog()
    /// Whether a quit event or ``stop()`` ended the loop.
    public var isStopped: Bool { frameState.isStopped }
    /// When set, the nanoseconds each phase took in the last frame, indexed by `FramePhase.rawValue`
    /// (for the frame benchmark). Costs one clock read per phase when on.
    public var measuresPhases: Bool {
        get { frameState.measuresPhases }
        set { frameState.measuresPhases = newValue; frameState.timesPhases = newValue || phaseRecorderStorage != nil }
    }
    /// The nanoseconds each phase took in the frame running now, by `FramePhase.rawValue`, while ``measuresPhases`` is on.
    public var phaseNanoseconds: [Int64] { phaseTimes }
    /// ``phaseNanoseconds`` of the last finished frame (for displays such as a HUD, which read it
    /// while the next frame runs).
    public private(set) var lastFramePhaseNanoseconds = [Int64](repeating: 0, count: FramePhase.allCases.count)
    /// How many constraints-and-layout passes a frame may take in all before the loop stops
    /// repeating them. Participants report their own feedback loops well before (U7); this only
    /// bounds one that never clears its flags.
    public var maximumUpdatePasses: Int {
        get { frameState.maximumUpdatePasses }
        set { frameState.maximumUpdatePasses = newValue }
    }
    /// When set, receives every frame's phases with their start and end times (E3: Chrome
    /// traces). Phases are measured while it is set, as with ``measuresPhases``.
    public var phaseRecorder: (any FramePhaseRecorder)? {
        get { phaseRecorderStorage }
        set {
            phaseRecorderStorage = newValue
            frameState.timesPhases = frameState.measuresPhases || newValue != nil
            phaseSegments.reserveCapacity(32)
        }
    }
    /// When set, records every frame's clock values and every input event handled (IN6: time
    /// travel). Nil costs one check per frame and per event.
    public var sessionRecorder: SessionRecorder? {
        get { sessionRecorderStorage }
        set { sessionRecorderStorage = newValue }
    }

    /// Everything that takes part in frames, in the order it was added (this array owns them).
    public var participants: [any FrameParticipant] { participantList }

    // The frame path's state is internal storage behind the public accessors above, read and
    // written whole: a public stored property keeps a run-time exclusivity check on every access
    // (docs/animation-model.md), and the frame path reads these a hundred times a frame.
    private var frameState = FrameState()
    private var phaseTimes = [Int64](repeating: 0, count: FramePhase.allCases.count)
    private var phaseRecorderStorage: (any FramePhaseRecorder)?
    private var sessionRecorderStorage: SessionRecorder?
    private var participantList: [any FrameParticipant] = []
    private var phaseSegments: [PhaseSegment] = []
    // The lists and tables the frame path reads (participants, queued events, timers,
    // observers) are changed only through a local copy: taken out (the stored one left empty,
    // so the copy is unique), changed, put back. Each access to them is then a plain load or
    // store with no call inside, the optimiser can tell that no two overlap, and it drops their
    // run-time exclusivity checks (AM4; a `timeline bench cycle` frame made 12 of them).

    /// The run loop's scalars on the frame path, one stored value.
    private struct FrameState {
        var keepsRunningWhenIdle = false
        var phase: FramePhase = .idle
        var currentFrame: FrameInfo?
        var lastFrame: FrameInfo?
        var isStopped = false
        var measuresPhases = false
        /// Whether phases are timed: ``measuresPhases`` or a phase recorder is set.
        var timesPhases = false
        var maximumUpdatePasses = 1_000
        var phaseStart: Int64 = 0
        var frameStartNanoseconds: Int64 = 0
        var frameRequested = false
    }

    /// The participants input events are sent to, by index (``send(_:toWindow:)``).
    private var inputReceivers: [any FrameParticipant] = []

    private enum Queued: Sendable {
        case event(InputEvent, receiver: Int)
        case work(@Sendable @MainActor () -> Void)
    }
    private let inbox = Mutex<[Queued]>([])
    /// How many items the inbox holds, readable without the lock (the frame path checks it, so a
    /// steady frame takes no lock and allocates nothing).
    private let queuedCount = Atomic<Int>(0)
    private var processing: [Queued] = []

    private struct TimerEntry: Comparable {
        var deadline: Int64
        var sequence: Int
        var id: Int
        static func < (a: TimerEntry, b: TimerEntry) -> Bool {
            (a.deadline, a.sequence) < (b.deadline, b.sequence)
        }
    }
    private struct TimerRecord {
        var delay: Int64
        var interval: Int64?
        var body: @MainActor () -> Void
    }
    private var timerHeap = Heap<TimerEntry>()
    private var timers: [Int: TimerRecord] = [:]
    /// Timers scheduled between frames: their deadline is resolved by the next frame's time.
    private var unresolvedTimers: [Int] = []
    private var nextID = 1
    private var observers: [(id: Int, keepsClockRunning: Bool, body: @MainActor (FrameInfo) -> Void)] = []
    /// How many registered observers keep the clock ticking (the others only watch frames).
    private var activeObserverCount = 0

    /// A run loop on `clock`. Frames run when the clock ticks: ``ManualFrameClock/step()`` for a
    /// manual clock, ``run()`` for a live one.
    public init(clock: any FrameClock) {
        self.clock = clock
        // Clocks call the handler on the thread that drives them: the main thread (the manual
        // clock from main-actor code, the live clocks from run(), which the main actor calls).
        // The main-actor closure is converted once, here, as MainActor.assumeIsolated does
        // internally, because assumeIsolated on every frame allocates its closure's context.
        // Debug builds still check the isolation on each frame.
        // Through the loop's reference, not a weak capture: code may keep the clock, and step
        // it, after the loop is gone (MR3).
        referenceStorage = ObjectReference(self)
        let loop = reference
        let handler: @MainActor (FrameInfo) -> Bool = { info in
            assert({ MainActor.preconditionIsolated("frame handler off the main actor"); return true }())
            return loop.object?.runFrame(info) ?? false
        }
        clock.frameHandler = unsafeBitCast(handler, to: ((FrameInfo) -> Bool).self)
    }

    isolated deinit {
        referenceStorage?.clear()
    }

    // MARK: Participants

    /// Adds a participant; it takes part from the next frame. With `receivesInput`, input events
    /// sent with ``send(_:toWindow:)`` reach it: index 0 is the first such participant.
    ///
    /// - Precondition: `participant` was not added before.
    public func addParticipant(_ participant: any FrameParticipant, receivesInput: Bool = false) {
        precondition(!participants.contains { $0 === participant },
                     "addParticipant(_:): \(type(of: participant)) was added already; add each participant once")
        var list = participantList
        participantList = []
        list.append(participant)
        participantList = list
        if receivesInput { inputReceivers.append(participant) }
        requestFrame()
    }

    /// Removes a participant; it takes part in no further frame.
    public func removeParticipant(_ participant: any FrameParticipant) {
        var list = participantList
        participantList = []
        list.removeAll { $0 === participant }
        participantList = list
        inputReceivers.removeAll { $0 === participant }
    }

    /// The first participant of type `T`, if any.
    public func participant<T: FrameParticipant>(ofType type: T.Type) -> T? {
        for p in participants { if let t = p as? T { return t } }
        return nil
    }

    /// The current animation time in seconds (``FrameInfo/time``): the running frame's, else the
    /// last frame's, else 0.
    public var currentTime: Double { currentFrame?.time ?? lastFrame?.time ?? 0 }

    /// The current animation time in nanoseconds: the running frame's, else the last frame's,
    /// else 0. Engines compute with this integer (N8).
    public var currentMediaTimeNanoseconds: Int64 { currentFrame?.mediaTime ?? lastFrame?.mediaTime ?? 0 }

    /// A number no earlier call on this run loop returned (windows number their display lists
    /// with it, so a painter never mistakes one window's list for another's).
    public func makeSerialNumber() -> Int {
        serialNumbers += 1
        return serialNumbers
    }
    private var serialNumbers = 0

    /// The current media time in seconds, as Core Animation's `CACurrentMediaTime()`: the same
    /// instant as ``currentMediaTimeNanoseconds``, converted only here, at the media-time API
    /// (layer times, `beginTime`, `convertTime`).
    public var currentMediaTime: Double { Double(currentMediaTimeNanoseconds) / 1e9 }

    // MARK: Posting (thread-safe)

    /// Queues `work` to run in phase 1 of the next frame, after what was queued before it.
    public nonisolated func post(_ work: @escaping @Sendable @MainActor () -> Void) {
        inbox.withLock { $0.append(.work(work)) }
        queuedCount.add(1, ordering: .releasing)
        clock.wake()
    }

    /// Queues an input event for the `window`-th participant that receives input (see
    /// ``addParticipant(_:receivesInput:)``). A ``InputEvent/quit`` event ends the loop.
    public nonisolated func send(_ event: InputEvent, toWindow window: Int = 0) {
        inbox.withLock { $0.append(.event(event, receiver: window)) }
        queuedCount.add(1, ordering: .releasing)
        clock.wake()
    }

    /// Asks for a frame: something was invalidated or started (Flutter's `ensureVisualUpdate`).
    /// Requests coalesce: however often it is called before the frame, one frame runs.
    ///
    /// Inside a frame it does nothing: whether another frame is needed is decided when the frame
    /// ends, from what is still pending. So an invalidation that the same frame consumes (a view
    /// flagged for display in phase 2 and drawn in phase 6) does not cost an extra frame, and a
    /// passive observer that redraws does not keep the clock awake.
    public func requestFrame() {
        guard !frameState.frameRequested, frameState.currentFrame == nil else { return }
        frameState.frameRequested = true
        clock.wake()
    }

    // MARK: Timers and observers

    /// Runs `body` in phase 1 of the first frame whose time is at least `delay` after "now"; with
    /// `interval`, again every `interval` after that (at most once a frame). "Now" is the running
    /// frame's time when called inside a frame; between frames it is the time of the next frame
    /// that runs, so a timer scheduled after the loop idled for a while still waits its delay.
    @discardableResult
    public func schedule(after delay: Duration, repeating interval: Duration? = nil,
                         _ body: @escaping @MainActor () -> Void) -> TimerToken {
        let d = delay.nanoseconds
        let i = interval?.nanoseconds
        precondition(d >= 0, "schedule(after:): the delay must not be negative; got \(delay)")
        precondition(i.map { $0 > 0 } ?? true, "schedule(after:repeating:): the interval must be positive; got \(interval!)")
        let id = nextID; nextID += 1
        var records = timers
        timers = [:]
        records[id] = TimerRecord(delay: d, interval: i, body: body)
        timers = records
        if let frame = currentFrame {
            var heap = timerHeap
            timerHeap = Heap()
            heap.insert(TimerEntry(deadline: frame.mediaTime + d, sequence: id, id: id))
            timerHeap = heap
        } else {
            var ids = unresolvedTimers
            unresolvedTimers = []
            ids.append(id)
            unresolvedTimers = ids
            requestFrame()
        }
        return TimerToken(id: id)
    }

    /// Cancels a timer; it does not fire again.
    public func cancel(_ token: TimerToken) {
        var records = timers
        timers = [:]
        records[token.id] = nil
        timers = records
    }

    /// Calls `body` in phase 2 of every frame, before the participants' animation tick, with the
    /// frame's info (display-link style, R7). The clock keeps ticking while an observer is
    /// registered, unless `keepsClockRunning` is false: such a passive observer sees the frames
    /// that run for other reasons (a HUD, a frame counter) but lets the loop go idle (R6).
    @discardableResult
    public func addFrameObserver(keepsClockRunning: Bool = true,
                                 _ body: @escaping @MainActor (FrameInfo) -> Void) -> ObserverToken {
        let id = nextID; nextID += 1
        var list = observers
        observers = []
        list.append((id, keepsClockRunning, body))
        observers = list
        if keepsClockRunning {
            activeObserverCount += 1
            requestFrame()
        }
        return ObserverToken(id: id)
    }

    /// Stops the observer `token` names; a token already removed is ignored.
    public func removeFrameObserver(_ token: ObserverToken) {
        var list = observers
        guard let i = list.firstIndex(where: { $0.id == token.id }) else { return }
        if list[i].keepsClockRunning { activeObserverCount -= 1 }
        observers = []
        list.remove(at: i)
        observers = list
    }

    // MARK: Running

    /// Whether nothing is queued, scheduled, actively observed or pending in a participant.
    public var isIdle: Bool {
        queuedCount.load(ordering: .acquiring) <= 0 && timers.isEmpty && activeObserverCount == 0
            && !anyParticipant { $0.hasPendingWork }
    }

    /// What keeps the loop from idling now, in words (empty when ``isIdle``): for finding out
    /// why a window that should be still keeps drawing.
    public var pendingWork: [String] {
        var why: [String] = []
        let queued = queuedCount.load(ordering: .acquiring)
        if queued > 0 { why.append("\(queued) queued events or posted closures") }
        if !timers.isEmpty { why.append("\(timers.count) pending timers") }
        if activeObserverCount > 0 { why.append("\(activeObserverCount) frame observers") }
        for p in participants { why.append(contentsOf: p.describePendingWork()) }
        return why
    }

    /// Runs until a quit event or ``stop()``; the clock must be a live one.
    public func run() {
        guard let live = clock as? any LiveFrameClock else {
            preconditionFailure("run() needs a live clock (DispatchFrameClock or the SDL vsync clock); step a ManualFrameClock instead")
        }
        frameState.isStopped = false
        live.run()
    }

    /// Ends the run loop after the current frame.
    public func stop() {
        frameState.isStopped = true
        (clock as? any LiveFrameClock)?.stop()
    }

    private func setPhase(_ p: FramePhase) {
        if frameState.timesPhases { timePhase(ending: frameState.phase) }
        frameState.phase = p
    }

    // The participants are called by index on a snapshot of the list (a participant may add or
    // remove one while called): against `for p in` and `contains(where:)` over the stored list,
    // 8% fewer instructions in a `timeline bench cycle` frame (116,783 -> 107,865, callgrind).
    @inline(__always)
    private func anyParticipant(_ test: (any FrameParticipant) -> Bool) -> Bool {
        let list = participantList
        for i in list.indices where test(list[i]) { return true }
        return false
    }

    /// Adds the time since the last phase began to `phase`'s (phase timing is on).
    private func timePhase(ending phase: FramePhase) {
        let now = MonotonicClock.now()
        if phase != .idle {
            phaseTimes[phase.rawValue] += now - frameState.phaseStart
            if phaseRecorderStorage != nil {
                phaseSegments.append(PhaseSegment(phase: phase, start: frameState.phaseStart, end: now))
            }
        } else {
            frameState.frameStartNanoseconds = now
        }
        frameState.phaseStart = now
    }

    /// Runs one frame; returns whether more frames are wanted.
    private func runFrame(_ info: FrameInfo) -> Bool {
        if frameState.timesPhases { for i in phaseTimes.indices { phaseTimes[i] = 0 } }
        frameState.currentFrame = info
        frameState.frameRequested = false
        if let recorder = sessionRecorderStorage { recorder.record(frame: info) }

        // (1) Events: what was queued before this frame, in order; then due timers.
        setPhase(.events)
        // Only take the lock when something is queued: each withLock call allocates here.
        if queuedCount.load(ordering: .acquiring) > 0 { takeQueued() }
        var queued = processing
        processing = []
        for item in queued {
            switch item {
            case .work(let work): work()
            case .event(var e, let r):
                if case .quit = e.kind { stop(); continue }
                // Stamped on the frame clock when the source gave no time (TX6).
                if e.timestamp == nil { e.timestamp = Double(info.mediaTime) / 1e9 }
                if let recorder = sessionRecorderStorage { recorder.record(e, window: r) }
                if inputReceivers.indices.contains(r) { _ = inputReceivers[r].handle(e) }
            }
        }
        queued.removeAll(keepingCapacity: true)
        processing = queued
        if !unresolvedTimers.isEmpty { resolveTimers(at: info.mediaTime) }
        if !timerHeap.isEmpty { fireDueTimers(at: info.mediaTime) }

        // (2) Observers, then the animation tick.
        setPhase(.animation)
        for o in observers { o.body(info) }
        var list = participantList
        for i in list.indices { list[i].advance(to: info) }

        // (3) Completions of what ended in this frame.
        setPhase(.completions)
        list = participantList
        for i in list.indices { list[i].runCompletions() }

        // (4)-(5) Constraints and layout, repeated while a participant is still dirty (U7).
        var pass = 0
        while pass < frameState.maximumUpdatePasses, anyParticipant({ $0.needsUpdatePass }) {
            pass += 1
            setPhase(.constraints)
            list = participantList
            for i in list.indices where list[i].needsUpdatePass { list[i].constraintsPass(pass) }
            setPhase(.layout)
            list = participantList
            for i in list.indices { list[i].layoutPass(pass) }
        }

        // (6) Display.
        setPhase(.display)
        list = participantList
        for i in list.indices { list[i].displayPass() }

        // (7) Commit.
        setPhase(.commit)
        list = participantList
        for i in list.indices { list[i].commit(info) }
        setPhase(.idle)
        if frameState.measuresPhases { for i in phaseTimes.indices { lastFramePhaseNanoseconds[i] = phaseTimes[i] } }
        if let recorder = phaseRecorderStorage {
            recorder.record(frame: info, start: frameState.frameStartNanoseconds, end: frameState.phaseStart, phases: phaseSegments)
            phaseSegments.removeAll(keepingCapacity: true)
        }

        frameState.lastFrame = info
        frameState.currentFrame = nil
        if frameState.isStopped { return false }
        return frameState.keepsRunningWhenIdle || !isIdle
    }

    private func takeQueued() {
        var taken: [Queued] = []
        inbox.withLock { swap(&$0, &taken) }
        queuedCount.subtract(taken.count, ordering: .relaxed)
        var list = processing
        processing = []
        list.append(contentsOf: taken)
        processing = list
    }

    /// Gives the timers scheduled between frames their deadline: this frame's time plus the delay.
    private func resolveTimers(at now: Int64) {
        var ids = unresolvedTimers
        unresolvedTimers = []
        let records = timers
        var heap = timerHeap
        timerHeap = Heap()
        for id in ids {
            guard let record = records[id] else { continue }
            heap.insert(TimerEntry(deadline: now + record.delay, sequence: id, id: id))
        }
        timerHeap = heap
        ids.removeAll(keepingCapacity: true)
        unresolvedTimers = ids
    }

    private func fireDueTimers(at now: Int64) {
        let sequenceLimit = nextID  // timers made while firing wait for the next frame
        // The heap and the records are put back before each body runs: a body may schedule or
        // cancel timers.
        while true {
            var heap = timerHeap
            guard let top = heap.min, top.deadline <= now, top.sequence < sequenceLimit else { break }
            timerHeap = Heap()
            _ = heap.removeMin()
            var records = timers
            guard let record = records[top.id] else { timerHeap = heap; continue }
            if let interval = record.interval {
                // The next deadline on the timer's own grid, skipping the ones already past.
                var next = top.deadline + interval
                if next <= now { next += ((now - next) / interval + 1) * interval }
                let seq = nextID; nextID += 1
                heap.insert(TimerEntry(deadline: next, sequence: seq, id: top.id))
            } else {
                timers = [:]
                records[top.id] = nil
                timers = records
            }
            timerHeap = heap
            record.body()
        }
        // Drop cancelled entries at the top so the heap does not keep them forever.
        let records = timers
        var heap = timerHeap
        timerHeap = Heap()
        while let top = heap.min, records[top.id] == nil { _ = heap.removeMin() }
        timerHeap = heap
    }
}

/// The dispatch clock is the default live clock.
extension DispatchFrameClock: LiveFrameClock {}
