import Geometry
import Motion

/// An interruptible, scrubbable animation (N6), in the manner of `UIViewPropertyAnimator`.
///
/// States: `inactive` (nothing applied), `active` (running or paused), `stopped` (stopped without
/// finishing, waiting for ``finishAnimation(at:)``). Progress is a fraction of the timing curve:
/// ``fractionComplete`` scrubs it while paused, ``isReversed`` runs it back, and
/// ``continueAnimation(withTimingParameters:durationFactor:)`` resumes with new timing. A spring
/// continuation picks up the current velocity, so an interrupted gesture-driven animation keeps
/// its momentum.
@MainActor
public final class PropertyAnimator {
    /// Where the animator is: nothing applied, running or paused, or stopped awaiting ``finishAnimation(at:)``.
    public enum State: Sendable { case inactive, active, stopped }
    /// Where a finished animation leaves the views: at the start values, the end values, or where they are now.
    public enum Position: Sendable { case start, end, current }

    /// The animator's state.
    public private(set) var state: State = .inactive
    /// Whether it advances with the frames (false while paused or stopped).
    public private(set) var isRunning = false
    /// Whether it runs back toward the start. Settable while active.
    public var isReversed = false
    /// The animation's length in seconds at full speed.
    public let duration: Double
    /// The timing curve progress follows (replaced by a continuation's).
    public private(set) var curve: TimingCurve

    struct Track {
        weak var view: View?
        var property: AnimatableProperty
        var from: AnimatableValue
        var to: AnimatableValue
        var delayFactor: Double
    }
    var tracks: [Track] = []
    private var pendingBlocks: [(() -> Void, Double)] = []
    private var completions: [(Position) -> Void] = []
    /// The animator's progress now (0 at the start, 1 at the end).
    private var fraction = 0.0
    private weak var engine: AnimationEngine?
    /// Whether the engine ticks it (so registering is O(1)).
    var isRegistered = false

    /// One run of the curve from the progress it started at to an end (a start, a reversal or a
    /// continuation begins a new one). Its progress is a pure function of the frame time and its
    /// begin time, never a sum of frame deltas (N8).
    private struct Segment {
        var startProgress: Double
        var endProgress: Double
        var curve: TimingCurve
        var duration: Double
        /// The time it (re)started running at, in nanoseconds on the animator's clock (see
        /// ``tick(to:)``); nil until the first tick.
        var begin: Int64?
        /// Seconds it ran before its last pause.
        var elapsedBeforePause = 0.0
        /// Seconds run at frame time `now`.
        func elapsed(at now: Int64) -> Double {
            elapsedBeforePause + (begin.map { MediaTime.seconds(from: $0, to: now) } ?? 0)
        }
        /// The curve's progress `t` seconds in, and whether it ended.
        func progress(at t: Double) -> (progress: Double, isFinished: Bool) {
            if case .spring(let spring) = curve { return (spring.progress(at: t), t >= spring.settlingDuration) }
            let f = duration > 0 ? t / duration : 1
            return (curve.progress(fraction: f), f >= 1)
        }
        /// The curve's rate of progress `t` seconds in (per second), from its own derivative.
        func velocity(at t: Double) -> Double {
            if case .spring(let spring) = curve { return t >= spring.settlingDuration ? 0 : spring.velocity(at: t) }
            guard duration > 0, t < duration else { return 0 }
            return curve.slope(atFraction: max(0, t) / duration) / duration
        }
    }
    private var segment: Segment?
    /// The seconds run in the current segment as of the last tick (kept while paused).
    private var lastElapsed = 0.0
    /// The view whose layer time the animator's clock is (see ``tick(to:)``).
    private var clockView = ClockView()
    /// The time of the last tick while running, on the animator's clock (nil while paused or
    /// before the first).
    private var lastTickTime: Int64?

    /// An animator of `duration` seconds along `curve`.
    public init(duration: Double, curve: TimingCurve = .easeInOut, animations: (() -> Void)? = nil) {
        precondition(duration > 0 && duration.isFinite, "PropertyAnimator: the duration must be positive; got \(duration)")
        self.duration = duration
        self.curve = curve
        if let animations { pendingBlocks.append((animations, 0)) }
    }

    /// Adds animations; with `delayFactor` d they start after d of the animator's progress.
    public func addAnimations(_ animations: @escaping () -> Void, delayFactor: Double = 0) {
        precondition((0..<1).contains(delayFactor), "addAnimations(delayFactor:): the factor must lie in 0..<1")
        precondition(state != .stopped, "addAnimations: the animator is stopped; finish it first")
        if state == .active { capture(animations, delayFactor) } else { pendingBlocks.append((animations, delayFactor)) }
    }

    /// Adds a completion, called with the position the animator ended at.
    public func addCompletion(_ completion: @escaping (Position) -> Void) { completions.append(completion) }

    /// The curve progress, 0 at the start and 1 at the end; setting it scrubs (pauses first).
    public var fractionComplete: Double {
        get { fraction }
        set {
            if state == .inactive { activate() }
            guard state == .active else { return }
            if isRunning { pauseAnimation() }
            fraction = min(max(newValue, 0), 1)
            segment = nil
            apply()
        }
    }

    /// Starts or resumes running.
    public func startAnimation() {
        precondition(state != .stopped, "startAnimation: the animator is stopped; call finishAnimation(at:)")
        if state == .inactive { activate() }
        isRunning = true
        if segment == nil { beginSegment(curve: curve, durationFactor: 1) }
        engine?.runLoop?.requestFrame()
    }

    /// Pauses where it is (it stays active; values hold).
    public func pauseAnimation() {
        if state == .inactive { activate() }
        if isRunning, segment != nil {
            // The time run so far is kept; the next start measures from its own first frame.
            segment!.elapsedBeforePause = lastElapsed
            segment!.begin = nil
        }
        isRunning = false
        lastTickTime = nil
    }

    /// Stops. Without finishing, the views keep their current values as model values and the
    /// animator waits for ``finishAnimation(at:)``; with finishing-less false, it ends at once
    /// at the current position.
    public func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        isRunning = false
        state = .stopped
        for t in tracks {
            guard let v = t.view else { continue }
            let current = v.onScreen.value(of: t.property)
            v.animatedProperties &= ~t.property.bit
            v.setModelWithoutAnimation(t.property, current)
        }
        engine?.remove(self)
        if !withoutFinishing { finishAnimation(at: .current) }
    }

    /// Ends a stopped animator at `position` and calls the completions with it.
    public func finishAnimation(at position: Position) {
        precondition(state == .stopped, "finishAnimation(at:): stop the animator first (stopAnimation(true))")
        for t in tracks {
            guard let v = t.view else { continue }
            switch position {
            case .start: v.setModelWithoutAnimation(t.property, t.from)
            case .end: v.setModelWithoutAnimation(t.property, t.to)
            case .current: break
            }
        }
        end(at: position)
    }

    /// Resumes with new timing over `durationFactor` of the original duration. When running, a
    /// spring picks up the current velocity; when paused, it starts with its own
    /// `initialVelocity` (relative to the remaining distance).
    public func continueAnimation(withTimingParameters parameters: TimingCurve?, durationFactor: Double) {
        precondition(durationFactor > 0, "continueAnimation: durationFactor must be positive")
        guard state == .active else { return }
        let velocity = isRunning ? currentVelocity() : 0
        var next = parameters ?? curve
        // A running animator hands its own velocity to a spring; a paused one (say, after a
        // drag) keeps the spring's initialVelocity, which the caller sets from the gesture, as
        // UIKit's spring timing parameters do.
        if case .spring(let s) = next, isRunning {
            let remaining = (isReversed ? 0 : 1) - fraction
            let normalised = abs(remaining) > 1e-9 ? velocity / remaining : 0
            next = .spring(Spring(dampingRatio: s.dampingRatio, response: s.response, initialVelocity: normalised))
        }
        beginSegment(curve: next, durationFactor: durationFactor)
        isRunning = true
        engine?.runLoop?.requestFrame()
    }

    // MARK: Internals

    private func activate() {
        state = .active
        for (block, delay) in pendingBlocks { capture(block, delay) }
        pendingBlocks.removeAll()
    }

    /// Records the changes `block` makes as tracks from the current presentation to the new model.
    private func capture(_ block: () -> Void, _ delayFactor: Double) {
        let outer = isRecording
        isRecording = true
        AnimationScope.$recording.withValue(AnimatorRecording(animator: self, delayFactor: delayFactor), operation: block)
        isRecording = outer
        apply()
    }

    /// Whether an `addAnimations` block of this animator is running (a task made inside one
    /// inherits its scope but runs after it).
    private(set) var isRecording = false

    func record(_ view: View, _ property: AnimatableProperty, engine e: AnimationEngine, delayFactor: Double) {
        if engine == nil {
            engine = e
            e.add(self)
        }
        let from = view.onScreen.value(of: property)
        let to = view.viewLayer.value(of: property)
        if let i = tracks.firstIndex(where: { $0.view === view && $0.property == property }) {
            tracks[i].to = to
        } else {
            tracks.append(Track(view: view, property: property, from: from, to: to, delayFactor: delayFactor))
        }
        view.animatedProperties |= property.bit
    }

    private func beginSegment(curve: TimingCurve, durationFactor: Double) {
        self.curve = curve
        let target: Double = isReversed ? 0 : 1
        segment = Segment(startProgress: fraction, endProgress: target, curve: curve,
                          duration: duration * durationFactor * abs(target - fraction))
        lastElapsed = 0
    }

    /// Advances to frame time `frameTime` (phase 2). Returns false when it finished.
    ///
    /// The animator's clock is the layer time of the first view it animates (CA8): UIKit adds
    /// an animator's animations to its views' layers, so pausing a layer above them (speed 0 and
    /// a time offset) holds the animator where it is, and a layer time running backwards runs it
    /// back toward where it began (never before).
    func tick(to frameTime: Int64) -> Bool {
        guard state == .active, isRunning else { return true }
        let clock = tracks.first { $0.view != nil }?.view
        if clockView.follow(clock) {
            // The view whose layer time it measures changed (its first view went away): the
            // time run so far is kept and the new clock measures from this frame, as a pause
            // and a start would.
            if segment != nil, segment!.begin != nil {
                segment!.elapsedBeforePause = lastElapsed
                segment!.begin = nil
            }
            lastTickTime = nil
        }
        let now = engine?.time(on: clock, at: frameTime) ?? frameTime
        if segment == nil || (segment!.endProgress == 1) == isReversed { beginSegment(curve: curve, durationFactor: 1) }
        // A segment begun while running (a reversal, a continuation) starts where the last tick
        // left the animator, so no frame stands still; after a pause it starts with this frame.
        if segment!.begin == nil { segment!.begin = lastTickTime ?? now }
        lastTickTime = now
        let s = segment!
        let elapsed = max(0, s.elapsed(at: now))
        lastElapsed = elapsed
        let (p, done) = s.progress(at: elapsed)
        fraction = done ? s.endProgress : s.startProgress + (s.endProgress - s.startProgress) * p
        apply()
        if done {
            state = .stopped
            for t in tracks where isReversed { if let v = t.view { v.setModelWithoutAnimation(t.property, t.from) } }
            for t in tracks { t.view?.animatedProperties &= ~t.property.bit }
            end(at: isReversed ? .start : .end)
            return false
        }
        return true
    }

    /// Forgets tracks whose layer animation was removed (their view cleared). An active animator
    /// left with none ends where it is (its completions run now), as UIKit's does when its layer
    /// animations are removed:
    /// at `.start` or `.end` when its progress is there (a cancelled interactive transition ran
    /// it back to the start on layer time), else at `.current`.
    func dropRemovedTracks() {
        let before = tracks.count
        tracks.removeAll { $0.view == nil }
        guard state == .active, before > 0, tracks.isEmpty else { return }
        end(at: fraction <= 0 ? .start : fraction >= 1 ? .end : .current)
    }

    /// The rate of change of ``fractionComplete`` per second now, from the curve's derivative.
    private func currentVelocity() -> Double {
        guard let s = segment else { return 0 }
        return s.velocity(at: lastElapsed) * (s.endProgress - s.startProgress)
    }

    private func apply() {
        for t in tracks {
            guard let v = t.view else { continue }
            let local = t.delayFactor > 0 ? max(0, (fraction - t.delayFactor) / (1 - t.delayFactor)) : fraction
            v.setShown(t.property, AnimatableValue.interpolate(t.from, t.to, local))
            v.presentationChanged()
        }
    }

    private func end(at position: Position) {
        state = .inactive
        isRunning = false
        engine?.remove(self)
        for t in tracks {
            guard let v = t.view else { continue }
            v.animatedProperties &= ~t.property.bit
            v.showModel(t.property)
            v.presentationChanged()
        }
        let cs = completions
        completions.removeAll()
        tracks.removeAll()
        for c in cs { c(position) }
    }
}

extension View {
    /// Sets one animatable property's model value through its setter (so layout and display
    /// triggers run) without any animator or animation block capturing the change.
    func setModelWithoutAnimation(_ p: AnimatableProperty, _ v: AnimatableValue) {
        AnimationScope.$recording.withValue(nil) {
            AnimationScope.$transaction.withValue(nil) { setModel(p, v) }
        }
    }

    private func setModel(_ p: AnimatableProperty, _ v: AnimatableValue) {
        switch (p, v) {
        case (.center, .point(let x)): center = x
        case (.bounds, .rect(let x)): bounds = x
        case (.transform, .transform(let x)): transform = x
        case (.alpha, .scalar(let x)): alpha = x
        case (.backgroundColor, .color(let x)): backgroundColor = x
        case (.cornerRadius, .scalar(let x)): cornerRadius = x
        case (.borderWidth, .scalar(let x)): borderWidth = x
        case (.borderColor, .color(let x)): borderColor = x
        default: preconditionFailure("setModel: \(v) is not a value of \(p)")
        }
    }
}
