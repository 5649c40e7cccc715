import FrameTiming
import Geometry
import Motion
import UpdateLoop

/// A value animated over time: `apply` receives the curve's progress (0...1, or beyond for springs).
@MainActor
public struct Tween {
    /// How long the tween runs, in seconds.
    public var duration: Double
    /// How progress follows time (ease in and out by default).
    public var curve: TimingCurve
    /// Sets the animated value for a progress; called once per frame while the tween is active.
    public var apply: (Double) -> Void

    /// A tween of `duration` seconds that hands each frame's eased progress to `apply`.
    public init(duration: Double, curve: TimingCurve = .easeInOut, apply: @escaping (Double) -> Void) {
        precondition(duration >= 0 && duration.isFinite, "Tween: the duration must be finite and not negative; got \(duration)")
        self.duration = duration
        self.curve = curve
        self.apply = apply
    }

    /// A tween of a number from `from` to `to`, handed to `set`.
    public static func value(from: Double, to: Double, duration: Double, curve: TimingCurve = .easeInOut,
                             set: @escaping (Double) -> Void) -> Tween {
        Tween(duration: duration, curve: curve) { p in set(lerp(from, to, p)) }
    }
}

/// Where a child goes on a timeline.
public enum TimelinePosition: Sendable {
    /// At an absolute time.
    case at(Double)
    /// At the current end, plus an offset (negative overlaps, positive leaves a gap).
    case end(Double = 0)
    /// At a label, plus an offset.
    case label(String, Double = 0)
    /// At the previous child's start, plus an offset.
    case withPrevious(Double = 0)
    /// At the previous child's end, plus an offset.
    case afterPrevious(Double = 0)
}

/// Composes animations in time (N7): tweens and nested timelines at absolute or relative
/// positions and labels, stagger, callbacks; played, paused, reversed, seeked and time-scaled on
/// a run loop's frames, repeating and yoyoing. Values are a pure function of the playhead (N8),
/// and while playing the playhead is a function of the frame time and the time play began (never
/// a sum of frame deltas). Positions are integer nanoseconds inside, so a child placed at the end
/// of another starts exactly where it ends. Callbacks fire once each time the playhead crosses
/// them, in time order even when a late frame skips several.
///
/// Playing, it is an animation of a layer (AM3), keyed ``animationKey`` (or "timeline-2", …):
/// of its ``timingView``'s layer when it has one in the run loop's windows, so that layer's
/// timing moves the playhead and `animationKeys()` lists it; otherwise of a layer of its own,
/// which the run loop's layer engine hosts and nothing else times (docs/animation-model.md).
@MainActor
public final class AnimationTimeline: LayerMotionOwner {
    /// The key under which a playing timeline is an animation of its layer.
    public static let animationKey = "timeline"
    enum Content { case tween(Tween, duration: Int64), timeline(AnimationTimeline) }
    struct Child { var start: Int64; var content: Content; var active = false }

    private var children: [Child] = []
    private var labels: [String: Int64] = [:]
    private var callbackTimes: [Int64] = []
    private var callbackBodies: [() -> Void] = []
    private var crossings: [(time: Int64, index: Int)] = []
    /// Playback speed; 2 is twice as fast. Negative values are not allowed (use `reverse()`).
    public var timeScale = 1.0 {
        didSet {
            precondition(timeScale > 0 && timeScale.isFinite, "timeScale must be positive and finite; use reverse() to run backwards")
            rebase()
        }
    }
    /// Extra repetitions after the first play; `.infinity` repeats forever.
    public var repeatCount = 0.0
    /// Whether every other repetition runs backwards.
    public var yoyo = false
    /// The playhead over all repetitions, in nanoseconds of timeline time.
    private var playhead: Int64 = 0
    /// Whether the playhead advances with the frames.
    public private(set) var isPlaying = false
    /// Whether playback runs towards the start.
    public private(set) var isReversed = false
    /// Whether the playhead advances as an animation of a layer (while playing).
    private var isDriven = false
    /// The layer and key of that animation while it runs.
    private var motion: (layer: Layer, key: String)?
    /// The layer it plays on without a timing view in a window: on no layer's time but the
    /// media time (made on first use, hosted by the run loop's layer engine).
    private var ownLayer: Layer?
    /// How its animation holds it (cleared by its deinit).
    private var reference: ObjectReference<AnimationTimeline>?
    /// The run loop playing it, through the loop's ``ObjectReference`` (not weakly: AM4).
    private var runLoop: MainRunLoop? {
        get { runLoopReference?.object }
        set { runLoopReference = newValue?.reference }
    }
    private var runLoopReference: ObjectReference<MainRunLoop>?
    /// Playback anchor: the playhead was `anchorPlayhead` at frame time `anchorTime` (nil until
    /// the first frame after play, reverse or a rebase sets it).
    private var anchorPlayhead: Int64 = 0
    private var anchorTime: Int64?
    private var lastFrameTime: Int64?
    /// The view on whose layer's time the timeline plays (CA8), as Core Animation runs an
    /// animation group on the layer it was added to: pausing that layer or one above it (speed 0
    /// and a time offset) holds the playhead, a layer speed scales it, and a layer time running
    /// backwards runs it back. Nil (the default): the run loop's media time. Set it before
    /// ``play(on:)``; the playhead is measured from the first frame on the new clock after that.
    public weak var timingView: View? {
        didSet {
            // Another clock: its animation moves to the new layer, and playback measures from
            // the playhead now on the new clock, from its next frame.
            if timingView !== oldValue, isDriven, let loop = runLoop { startMotion(on: loop) }
        }
    }

    /// An empty timeline, paused at 0; add tweens, timelines and labels, then play it.
    public init() { reference = ObjectReference(self) }

    isolated deinit {
        reference?.clear()
    }

    /// The timeline's timing in the one model (AM2), converted here once: ``repeatCount`` counts
    /// extra iterations (the model's count is the total), ``yoyo`` is the alternate direction.
    private var timing: MediaTiming {
        MediaTiming(duration: MediaTime.seconds(durationNanoseconds), repeatCount: repeatCount + 1,
                    direction: yoyo ? .alternate : .normal)
    }

    private var durationNanoseconds: Int64 {
        children.reduce(0) { max($0, Self.end(of: $1)) }
    }

    /// One iteration's length in seconds: the end of the last child.
    public var duration: Double { MediaTime.seconds(durationNanoseconds) }

    /// All iterations' length in seconds (infinite when repeating forever).
    public var totalDuration: Double {
        let t = timing.activeNanoseconds
        return t == MediaTiming.forever ? .infinity : MediaTime.seconds(t)
    }

    /// The playhead over all repetitions, in seconds of timeline time.
    public var totalTime: Double { MediaTime.seconds(playhead) }

    private static func length(_ c: Content) -> Int64 {
        switch c {
        case .tween(_, let d): return d
        case .timeline(let tl):
            // A nested timeline's time scale changes its length in the parent (as GSAP's does).
            let total = tl.timing.activeNanoseconds
            if total == MediaTiming.forever || tl.timeScale == 1 { return total }
            let scaled = (Double(total) / tl.timeScale).rounded()
            return scaled >= 9.2e18 ? MediaTiming.forever : Int64(saturating: scaled)
        }
    }

    /// Where a child ends: its start plus its length, "forever" when that does not fit.
    private static func end(of child: Child) -> Int64 {
        let (sum, overflow) = child.start.addingReportingOverflow(length(child.content))
        return overflow ? MediaTiming.forever : sum
    }

    /// Adds `b` to `a`, saturating at `MediaTiming.forever` (and at 0 below).
    private static func saturatingAdd(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? MediaTiming.forever : 0) : sum
    }

    /// A nested timeline's own playhead for a time `t` after its start in this one.
    private static func nestedPlayhead(_ tl: AnimationTimeline, _ t: Int64) -> Int64 {
        let total = tl.timing.activeNanoseconds
        let scaled = tl.timeScale == 1 ? t : Int64(saturating: min(Double(t) * tl.timeScale, 9.2e18).rounded())
        return min(max(scaled, 0), total)
    }

    private func resolve(_ p: TimelinePosition) -> Int64 {
        switch p {
        case .at(let t): return MediaTime.nanoseconds(t)
        case .end(let o): return max(0, Self.saturatingAdd(durationNanoseconds, MediaTime.nanoseconds(o)))
        case .label(let name, let o):
            guard let t = labels[name] else { preconditionFailure("AnimationTimeline: no label '\(name)'; add it with addLabel first") }
            return max(0, Self.saturatingAdd(t, MediaTime.nanoseconds(o)))
        case .withPrevious(let o): return max(0, Self.saturatingAdd(children.last?.start ?? 0, MediaTime.nanoseconds(o)))
        case .afterPrevious(let o):
            let end = children.last.map(Self.end(of:)) ?? 0
            return max(0, Self.saturatingAdd(end, MediaTime.nanoseconds(o)))
        }
    }

    @discardableResult
    /// Places `tween` at `position` (by default after everything added so far); returns the timeline for chaining.
    public func add(_ tween: Tween, at position: TimelinePosition = .end()) -> AnimationTimeline {
        children.append(Child(start: resolve(position), content: .tween(tween, duration: MediaTime.nanoseconds(tween.duration))))
        return self
    }

    @discardableResult
    /// Nests `timeline` at `position`; it plays as part of this one. Returns this timeline for chaining.
    public func add(_ timeline: AnimationTimeline, at position: TimelinePosition = .end()) -> AnimationTimeline {
        precondition(timeline !== self, "AnimationTimeline: a timeline cannot contain itself")
        children.append(Child(start: resolve(position), content: .timeline(timeline)))
        return self
    }

    /// Adds tweens `each` seconds apart, the first at `position`.
    @discardableResult
    public func stagger(_ tweens: [Tween], each: Double, at position: TimelinePosition = .end()) -> AnimationTimeline {
        let start = resolve(position)
        let step = MediaTime.nanoseconds(each)
        for (i, t) in tweens.enumerated() {
            let (offset, overflow) = Int64(i).multipliedReportingOverflow(by: step)
            children.append(Child(start: overflow ? MediaTiming.forever : Self.saturatingAdd(start, offset),
                                  content: .tween(t, duration: MediaTime.nanoseconds(t.duration))))
        }
        return self
    }

    @discardableResult
    /// Names the time `position` resolves to, for positions and ``seek(toLabel:)``; returns the timeline for chaining.
    public func addLabel(_ name: String, at position: TimelinePosition = .end()) -> AnimationTimeline {
        labels[name] = resolve(position)
        return self
    }

    /// The time of a label in seconds.
    public func time(ofLabel name: String) -> Double? { labels[name].map(MediaTime.seconds) }

    /// Calls `body` each time the playhead crosses `position` (forwards or backwards).
    @discardableResult
    public func addCallback(at position: TimelinePosition = .end(), _ body: @escaping () -> Void) -> AnimationTimeline {
        let t = resolve(position)
        let i = callbackTimes.firstIndex { $0 > t } ?? callbackTimes.count
        callbackTimes.insert(t, at: i)
        callbackBodies.insert(body, at: i)
        return self
    }

    // MARK: Playback

    /// Plays forwards on `runLoop`'s frames from the playhead. Called during a frame, the
    /// timeline starts in that frame: it shows the playhead now, and later frames measure from
    /// this one's time.
    public func play(on runLoop: MainRunLoop) {
        attach(runLoop)
        isReversed = false
        isPlaying = true
        if lastFrameTime == nil, runLoop.currentFrame != nil {
            lastFrameTime = 0                          // its animation begins at this frame
            render()
        }
        rebase()
    }

    /// Runs backwards from the playhead (on the run loop it last played on, unless given one).
    public func reverse(on runLoop: MainRunLoop? = nil) {
        guard let loop = runLoop ?? self.runLoop else { preconditionFailure("reverse(on:): give the run loop the first time") }
        attach(loop)
        isReversed = true
        isPlaying = true
        rebase()
    }

    /// Stops at the playhead; a paused timeline does not keep the run loop awake (R6).
    public func pause() {
        isPlaying = false
        stopDriving()
    }

    /// Moves the playhead to `time` and renders there. Callbacks in between do not fire (a seek
    /// is a jump, not playback).
    public func seek(to time: Double) {
        playhead = clampToTotal(MediaTime.nanoseconds(time))
        rebase()
        render()
    }

    /// Moves the playhead to the label `name` and applies that instant's values; a missing label is a programming error.
    public func seek(toLabel name: String) {
        guard let t = labels[name] else { preconditionFailure("AnimationTimeline.seek(toLabel:): no label '\(name)'") }
        seek(to: MediaTime.seconds(t))
    }

    private func clampToTotal(_ t: Int64) -> Int64 { min(max(t, 0), timing.activeNanoseconds) }

    /// Playback measures from here on: the playhead now, at the last frame's time (or at the next
    /// frame's, before any frame was seen).
    private func rebase() {
        anchorPlayhead = playhead
        anchorTime = lastFrameTime
    }

    private func attach(_ loop: MainRunLoop) {
        let sameLoop = runLoop === loop
        runLoop = loop
        guard !isDriven || !sameLoop else { return }
        isDriven = true
        startMotion(on: loop)
    }

    /// Runs the playback as an animation of its timing view's layer, when that view is in
    /// `loop`'s windows, else of its own layer (replacing the one it ran as); playback then
    /// measures from the playhead now, from the animation's first frame.
    private func startMotion(on loop: MainRunLoop, ownLayerOnly: Bool = false) {
        guard let reference else { return }
        if let m = motion { motion = nil; m.layer.removeMotion(forKey: m.key) }
        let layer: Layer
        if !ownLayerOnly, let v = timingView, v.layer.engine === loop.layers {
            layer = v.layer
        } else {
            let own = ownLayer ?? Layer()
            ownLayer = own
            if own.engine !== loop.layers { loop.layers.host(own) }
            layer = own
        }
        let key = layer.unusedAnimationKey(Self.animationKey)
        motion = (layer, key)
        anchorPlayhead = playhead
        anchorTime = nil
        lastFrameTime = nil
        layer.addMotion(AnimationGroup(), forKey: key, owner: reference,
                        describe: { [reference] in reference.object?.layerDescription() })
    }

    private func stopDriving() {
        if let m = motion { motion = nil; m.layer.removeMotion(forKey: m.key) }
        isDriven = false
        lastFrameTime = nil
    }

    /// Its animation was removed: by the app (``Layer/removeAnimation(forKey:)``), which pauses
    /// it where it is, or as its timing view's layer left its window, when it plays on in media
    /// time (on its own layer).
    package func motionWasRemoved(leavingEngine: Bool) {
        motion = nil
        if leavingEngine, isPlaying, let loop = runLoop {
            startMotion(on: loop, ownLayerOnly: true)
        } else {
            isDriven = false
            pause()
        }
    }

    /// A playing timeline, as the animation group Core Animation would run it as: one
    /// iteration's duration, its repeats (autoreversing pairs for a yoyo), its time scale as
    /// the speed (negative reversed), and its playhead now as the time offset from a begin time
    /// of now on its layer. Its tweens are the app's closures, so the group lists no animations.
    /// A new object each call: changing it changes nothing.
    private func layerDescription() -> Animation {
        let g = AnimationGroup()
        g.duration = duration
        let plays = repeatCount + 1
        g.autoreverses = yoyo
        g.repeatCount = yoyo ? plays / 2 : plays
        g.speed = isReversed ? -timeScale : timeScale
        g.timeOffset = totalTime
        let now = runLoop?.currentMediaTime ?? 0
        g.beginTime = motion?.layer.localTime(forMediaTime: now) ?? now
        g.fillMode = .both
        return g
    }

    /// One frame of playback, `seconds` after its animation began on its layer's time (the
    /// layer engine calls it while the timeline plays); returns whether it still plays.
    package func advanceMotion(to seconds: Double) -> Bool {
        guard isPlaying else { stopDriving(); return false }
        let now = MediaTime.nanoseconds(seconds)
        lastFrameTime = now
        if anchorTime == nil { anchorTime = now }
        // The playhead is a function of the frame time and the anchor, not a running sum.
        let elapsed = Double(now - anchorTime!) * timeScale
        let target = Double(anchorPlayhead) + (isReversed ? -elapsed : elapsed)
        move(to: target >= 9.2e18 ? MediaTiming.forever : (target <= 0 ? 0 : Int64(saturating: target.rounded())))
        return isDriven
    }

    /// Moves the playhead by `delta` seconds of timeline time, firing crossed callbacks in order.
    public func advance(by delta: Double) {
        move(to: playhead + MediaTime.nanoseconds(delta))
        rebase()
    }

    /// Moves the playhead to `target` (clamped), fires the callbacks crossed and renders; stops
    /// playing at an end.
    private func move(to target: Int64) {
        let from = playhead
        let to = clampToTotal(target)
        playhead = to
        fireCallbacks(from: from, to: to)
        render()
        let total = timing.activeNanoseconds
        if isPlaying, (to >= total && !isReversed) || (to <= 0 && isReversed) {
            isPlaying = false
            stopDriving()
        }
    }

    // MARK: Time model

    /// The time inside the current iteration for a playhead position, in seconds (repeat, then yoyo).
    func localTime(_ total: Double) -> Double {
        MediaTime.seconds(timing.localNanoseconds(atActive: MediaTime.nanoseconds(total)))
    }

    /// Renders every child at the playhead (a pure function of it).
    func render() { render(local: timing.localNanoseconds(atActive: playhead)) }

    private func render(local t: Int64) {
        for k in children.indices {
            let c = children[k]
            if t >= c.start {
                children[k].active = true
                switch c.content {
                case .tween(let tw, let d):
                    let f = d > 0 ? min(Double(t - c.start) / Double(d), 1) : 1
                    if case .spring(let s) = tw.curve { tw.apply(s.progress(at: f * s.settlingDuration)) } else { tw.apply(tw.curve.progress(fraction: f)) }
                case .timeline(let tl):
                    tl.playhead = Self.nestedPlayhead(tl, t - c.start)
                    tl.render()
                }
            } else if c.active {
                // The playhead went back before this child: put it at its start.
                children[k].active = false
                switch c.content {
                case .tween(let tw, _): tw.apply(0)
                case .timeline(let tl): tl.playhead = 0; tl.render()
                }
            }
        }
    }

    /// Fires the callbacks crossed between two playhead positions, in the order they are crossed,
    /// then those of nested timelines that the move carries across theirs (N11): a nested
    /// timeline's callbacks follow the parent's playhead through repeats and yoyo.
    private func fireCallbacks(from: Int64, to: Int64) {
        guard from != to else { return }
        if !callbackTimes.isEmpty {
            timing.crossings(of: callbackTimes, from: from, to: to, into: &crossings)
            for c in crossings { callbackBodies[c.index]() }
        }
        guard hasNestedCallbacks else { return }
        for segment in timing.localSegments(from: from, to: to) {
            for c in children {
                guard case .timeline(let tl) = c.content, tl.hasCallbacks else { continue }
                tl.fireCallbacks(from: Self.nestedPlayhead(tl, segment.from - c.start), to: Self.nestedPlayhead(tl, segment.to - c.start))
            }
        }
    }

    /// Whether this timeline or one nested in it has callbacks.
    var hasCallbacks: Bool { !callbackTimes.isEmpty || hasNestedCallbacks }

    private var hasNestedCallbacks: Bool {
        children.contains { if case .timeline(let tl) = $0.content { tl.hasCallbacks } else { false } }
    }
}
