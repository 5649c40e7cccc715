import Geometry
import Layers
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

    /// One property of one view the animator moves: an animation of the view's layer (AM3),
    /// which the layer engine evaluates at the progress the animator's clock gives it.
    struct Track {
        /// The view, nil once it is gone (not a weak reference: see ``ObjectReference``).
        let reference: ObjectReference<View>
        var view: View? { reference.object }
        var property: AnimatableProperty
        var from: AnimatableValue
        var to: AnimatableValue
        var delayFactor: Double
        /// The animation on the view's layer (what `animation(forKey:)` returns), and the
        /// delegate that tells the animator when it stops.
        var animation: BasicAnimation
        let end: AnimatorTrackEnd
    }
    var tracks: [Track] = []
    private var pendingBlocks: [(() -> Void, Double)] = []
    private var completions: [(Position) -> Void] = []
    /// The animator's progress now (0 at the start, 1 at the end).
    private var fraction = 0.0
    private weak var engine: AnimationEngine?

    /// One run of the curve from the progress it started at to an end (a start, a reversal or a
    /// continuation begins a new one). Its progress is a pure function of the frame time and its
    /// begin time, never a sum of frame deltas (N8).
    private struct Segment {
        var startProgress: Double
        var endProgress: Double
        var curve: TimingCurve
        var duration: Double
        /// The time it (re)started running at, in nanoseconds on the animator's clock (see
        /// ``progressInFrame()``); nil until its first frame.
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
    /// The seconds run in the current segment as of the last frame (kept while paused).
    private var lastElapsed = 0.0
    /// The view whose layer time the animator's clock is (see ``progressInFrame()``).
    private var clockView = ClockView()
    /// The time of the last frame while running, on the animator's clock (nil while paused or
    /// before the first).
    private var lastTickTime: Int64?
    /// The media time of the frame the clock last advanced to (its tracks read it once each).
    private var clockFrame: Int64?
    /// Whether the running segment reached its end: the tracks' animations then end, finished.
    private var reachedEnd = false

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
        hold(false)
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
        hold(true)
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
            remove(t, from: v)
            v.setModelWithoutAnimation(t.property, current)
        }
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
        hold(false)
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

    /// A change of `property` on `view` inside an `addAnimations` block: a track from what is
    /// on screen to the new model value, as an animation of the view's layer (a second change
    /// of the same property moves its end).
    func record(_ view: View, _ property: AnimatableProperty, engine e: AnimationEngine, delayFactor: Double) {
        if engine == nil { engine = e }
        let from = view.onScreen.value(of: property)
        let to = view.viewLayer.value(of: property)
        if let i = tracks.firstIndex(where: { $0.view === view && $0.property == property }) {
            remove(tracks[i], from: view)
            tracks[i].to = to
            tracks[i].animation = install(view, property, from: tracks[i].from, to: to, delayFactor: tracks[i].delayFactor,
                                          end: tracks[i].end)
        } else {
            let end = AnimatorTrackEnd(animator: self)
            let animation = install(view, property, from: from, to: to, delayFactor: delayFactor, end: end)
            tracks.append(Track(reference: view.reference, property: property, from: from, to: to, delayFactor: delayFactor,
                                animation: animation, end: end))
        }
        view.viewLayer.viewAnimatedProperties |= property.bit
    }

    /// Adds a track's animation to `view`'s layer, held while the animator does not run.
    private func install(_ view: View, _ property: AnimatableProperty, from: AnimatableValue, to: AnimatableValue,
                         delayFactor: Double, end: AnimatorTrackEnd) -> BasicAnimation {
        let animation = AnimationEngine.basic(property, from: from, to: to, curve: curve)
        animation.duration = duration
        animation.fillMode = .both
        describe(animation)
        animation.delegate = end
        _ = view.layer                                    // loaded: hosted, so the engine evaluates it
        view.viewLayer.addBlockAnimation(animation, of: property.layerProperty, from: AnimationEngine.layerValueTyped(from),
                                         to: AnimationEngine.layerValueTyped(to),
                                         timing: SharedTiming(driver: self, delayFactor: delayFactor), offsetsModel: false)
        if !isRunning { view.viewLayer.setViewAnimation(animation, held: true) }
        return animation
    }

    /// Takes a track's animation off its view's layer without telling the animator.
    private func remove(_ t: Track, from view: View) {
        t.end.animator = nil
        view.viewLayer.removeViewAnimation(t.animation)
        if !view.viewLayer.hasViewAnimation(of: t.property.layerProperty) { view.viewLayer.viewAnimatedProperties &= ~t.property.bit }
    }

    /// Holds the tracks' animations where they are while the animator does not run, releases
    /// them when it does (a held layer leaves the engine's per-frame list), and has the
    /// descriptions read as UIKit's paused or running layer animations.
    private func hold(_ held: Bool) {
        for t in tracks {
            describe(t.animation)
            t.view?.viewLayer.setViewAnimation(t.animation, held: held)
        }
        if !held { engine?.runLoop?.requestFrame() }
    }

    /// A paused animator's animations read as animations of speed 0 held at its progress
    /// (UIKit pauses an animator's layer animations that way); a running one's at speed 1, or
    /// -1 reversed.
    private func describe(_ animation: BasicAnimation) {
        animation.speed = isRunning ? (isReversed ? -1 : 1) : 0
        animation.timeOffset = fraction * duration
    }

    private func beginSegment(curve: TimingCurve, durationFactor: Double) {
        self.curve = curve
        let target: Double = isReversed ? 0 : 1
        segment = Segment(startProgress: fraction, endProgress: target, curve: curve,
                          duration: duration * durationFactor * abs(target - fraction))
        lastElapsed = 0
        reachedEnd = false
    }

    /// Advances the clock to frame time `frameTime`: the progress is the segment's curve at the
    /// time run since it began.
    ///
    /// The animator's clock is the layer time of the first view it animates (CA8): UIKit adds
    /// an animator's animations to its views' layers, so pausing a layer above them (speed 0 and
    /// a time offset) holds the animator where it is, and a layer time running backwards runs it
    /// back toward where it began (never before).
    private func advance(to frameTime: Int64) {
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
        // A segment begun while running (a reversal, a continuation) starts where the last frame
        // left the animator, so no frame stands still; after a pause it starts with this frame.
        if segment!.begin == nil { segment!.begin = lastTickTime ?? now }
        lastTickTime = now
        let s = segment!
        let elapsed = max(0, s.elapsed(at: now))
        lastElapsed = elapsed
        let (p, done) = s.progress(at: elapsed)
        fraction = done ? s.endProgress : s.startProgress + (s.endProgress - s.startProgress) * p
        reachedEnd = done
    }

    /// A track's animation stopped: at the end of the run (finished), or removed from its layer
    /// (a `removeAnimation`, a newer animation of the property, its view leaving the window).
    /// When the last of a finished run has stopped the animator completes at its end (its start
    /// when reversed, whose values become the model); an active animator left with no tracks
    /// ends where it is, as UIKit's does when its layer animations are removed: at `.start` or
    /// `.end` when its progress is there (a cancelled interactive transition ran it back to the
    /// start on layer time), else at `.current`.
    func trackDidStop(_ end: AnimatorTrackEnd, finished: Bool) {
        guard let i = tracks.firstIndex(where: { $0.end === end }) else { return }
        end.animator = nil
        if finished && reachedEnd {
            guard tracks.allSatisfy({ $0.end.animator == nil }) else { return }
            state = .stopped
            isRunning = false
            for t in tracks where isReversed { if let v = t.view { v.setModelWithoutAnimation(t.property, t.from) } }
            self.end(at: isReversed ? .start : .end)
            return
        }
        let t = tracks.remove(at: i)
        if let v = t.view, !v.viewLayer.hasViewAnimation(of: t.property.layerProperty) {
            v.viewLayer.viewAnimatedProperties &= ~t.property.bit
            v.presentationChanged()
        }
        guard state == .active, tracks.isEmpty else { return }
        self.end(at: fraction <= 0 ? .start : fraction >= 1 ? .end : .current)
    }

    /// The rate of change of ``fractionComplete`` per second now, from the curve's derivative.
    private func currentVelocity() -> Double {
        guard let s = segment else { return 0 }
        return s.velocity(at: lastElapsed) * (s.endProgress - s.startProgress)
    }

    /// Shows the progress now, outside a frame (a scrub, changes just recorded): each track's
    /// value goes on screen at once, as the layer engine will evaluate it in the next frame.
    private func apply() {
        for t in tracks {
            describe(t.animation)
            guard let v = t.view else { continue }
            let local = t.delayFactor > 0 ? max(0, (fraction - t.delayFactor) / (1 - t.delayFactor)) : fraction
            v.setShown(t.property, AnimatableValue.interpolate(t.from, t.to, local))
            v.presentationChanged()
        }
    }

    private func end(at position: Position) {
        state = .inactive
        isRunning = false
        reachedEnd = false
        for t in tracks {
            guard let v = t.view else { continue }
            remove(t, from: v)
            if v.viewLayer.viewAnimatedProperties & t.property.bit == 0 { v.showModel(t.property) }
            v.presentationChanged()
        }
        let cs = completions
        completions.removeAll()
        tracks.removeAll()
        for c in cs { c(position) }
    }
}

extension PropertyAnimator: DrivenProgress {
    /// The progress its tracks' animations show in the frame the layer engine evaluates: the
    /// clock advances once a frame, while running; nil once the run reached its end.
    package func progressInFrame() -> Double? {
        if isRunning, state == .active, let now = engine?.runLoop?.currentFrame?.mediaTime, now != clockFrame {
            clockFrame = now
            advance(to: now)
        }
        return reachedEnd ? nil : fraction
    }
}

/// Hears a property animator's track animation stop on its view's layer (AM3). It keeps the
/// animator while the animation runs, as a layer keeps a Core Animation delegate: an animator
/// nobody else holds runs to its end. The animator lets go when it takes the animation off
/// itself.
@MainActor
final class AnimatorTrackEnd: AnimationDelegate {
    var animator: PropertyAnimator?
    init(animator: PropertyAnimator) { self.animator = animator }

    func animationDidStop(_ animation: Layers.Animation, finished: Bool) {
        animator?.trackDidStop(self, finished: finished)
    }

    /// The app removed the animation: the animator hears it now (the engine's notice in the
    /// next completions phase then finds it told).
    func stoppedNow() { animator?.trackDidStop(self, finished: false) }
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
