import FrameTiming
import Geometry

/// A value animated over time: `apply` receives the curve's progress (0...1, or beyond for springs).
@MainActor
public struct Tween {
    public var duration: Double
    public var curve: TimingCurve
    public var apply: (Double) -> Void

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
}

/// Composes animations in time (N7): tweens and nested timelines at absolute or relative
/// positions and labels, stagger, callbacks; played, paused, reversed, seeked and time-scaled on
/// a run loop's frames, repeating and yoyoing. Values are a pure function of the playhead (N8);
/// callbacks fire once each time the playhead crosses them, in time order even when a late frame
/// skips several.
@MainActor
public final class AnimationTimeline {
    enum Content { case tween(Tween), timeline(AnimationTimeline) }
    struct Child { var start: Double; var content: Content; var active = false }

    private var children: [Child] = []
    private var labels: [String: Double] = [:]
    private var callbacks: [(time: Double, body: () -> Void)] = []
    /// Playback speed; 2 is twice as fast. Negative values are not allowed (use ``reverse()``).
    public var timeScale = 1.0 { didSet { precondition(timeScale > 0, "timeScale must be positive; use reverse() to run backwards") } }
    /// Extra repetitions after the first play; `.infinity` repeats forever.
    public var repeatCount = 0.0
    /// Whether every other repetition runs backwards.
    public var yoyo = false
    /// The playhead over all repetitions, in seconds of timeline time.
    public private(set) var totalTime = 0.0
    public private(set) var isPlaying = false
    public private(set) var isReversed = false
    private var token: ObserverToken?
    private weak var runLoop: MainRunLoop?
    private var lastFrameTime: Double?

    public init() {}

    /// One iteration's length: the end of the last child.
    public var duration: Double {
        children.reduce(0) { max($0, $1.start + Self.length($1.content)) }
    }

    /// All iterations' length (infinite when repeating forever).
    public var totalDuration: Double { repeatCount.isInfinite ? .infinity : duration * (repeatCount + 1) }

    private static func length(_ c: Content) -> Double {
        switch c {
        case .tween(let t): t.duration
        case .timeline(let tl): tl.totalDuration
        }
    }

    private func resolve(_ p: TimelinePosition) -> Double {
        switch p {
        case .at(let t): return t
        case .end(let o): return max(0, duration + o)
        case .label(let name, let o):
            guard let t = labels[name] else { preconditionFailure("AnimationTimeline: no label '\(name)'; add it with addLabel first") }
            return max(0, t + o)
        case .withPrevious(let o): return max(0, (children.last?.start ?? 0) + o)
        }
    }

    @discardableResult
    public func add(_ tween: Tween, at position: TimelinePosition = .end()) -> AnimationTimeline {
        children.append(Child(start: resolve(position), content: .tween(tween)))
        return self
    }

    @discardableResult
    public func add(_ timeline: AnimationTimeline, at position: TimelinePosition = .end()) -> AnimationTimeline {
        precondition(timeline !== self, "AnimationTimeline: a timeline cannot contain itself")
        children.append(Child(start: resolve(position), content: .timeline(timeline)))
        return self
    }

    /// Adds tweens `each` seconds apart, the first at `position`.
    @discardableResult
    public func stagger(_ tweens: [Tween], each: Double, at position: TimelinePosition = .end()) -> AnimationTimeline {
        let start = resolve(position)
        for (i, t) in tweens.enumerated() { children.append(Child(start: start + Double(i) * each, content: .tween(t))) }
        return self
    }

    @discardableResult
    public func addLabel(_ name: String, at position: TimelinePosition = .end()) -> AnimationTimeline {
        labels[name] = resolve(position)
        return self
    }

    /// The time of a label.
    public func time(ofLabel name: String) -> Double? { labels[name] }

    /// Calls `body` each time the playhead crosses `position` (forwards or backwards).
    @discardableResult
    public func addCallback(at position: TimelinePosition = .end(), _ body: @escaping () -> Void) -> AnimationTimeline {
        callbacks.append((resolve(position), body))
        callbacks.sort { $0.time < $1.time }
        return self
    }

    // MARK: Playback

    /// Plays forwards on `runLoop`'s frames from the playhead.
    public func play(on runLoop: MainRunLoop) {
        attach(runLoop)
        isReversed = false
        isPlaying = true
    }

    /// Runs backwards from the playhead (on the run loop it last played on, unless given one).
    public func reverse(on runLoop: MainRunLoop? = nil) {
        guard let loop = runLoop ?? self.runLoop else { preconditionFailure("reverse(on:): give the run loop the first time") }
        attach(loop)
        isReversed = true
        isPlaying = true
    }

    /// Stops at the playhead; a paused timeline does not keep the run loop awake (R6).
    public func pause() {
        isPlaying = false
        stopObserving()
    }

    /// Moves the playhead to `time` and renders there. Callbacks in between do not fire (a seek
    /// is a jump, not playback).
    public func seek(to time: Double) {
        totalTime = min(max(time, 0), totalDuration)
        render()
    }

    public func seek(toLabel name: String) {
        guard let t = labels[name] else { preconditionFailure("AnimationTimeline.seek(toLabel:): no label '\(name)'") }
        seek(to: t)
    }

    private func attach(_ loop: MainRunLoop) {
        runLoop = loop
        guard token == nil else { return }
        lastFrameTime = nil
        token = loop.addFrameObserver { [weak self] info in self?.frame(info) }
    }

    private func stopObserving() {
        if let token { runLoop?.removeFrameObserver(token) }
        token = nil
        lastFrameTime = nil
    }

    private func frame(_ info: FrameInfo) {
        guard isPlaying else { stopObserving(); return }
        let dt = lastFrameTime.map { info.time - $0 } ?? 0
        lastFrameTime = info.time
        advance(by: dt * timeScale * (isReversed ? -1 : 1))
    }

    /// Moves the playhead by `delta` seconds of timeline time, firing crossed callbacks in order.
    public func advance(by delta: Double) {
        let from = totalTime
        let to = min(max(from + delta, 0), totalDuration)
        totalTime = to
        fireCallbacks(from: from, to: to)
        render()
        if isPlaying, (to >= totalDuration && !isReversed) || (to <= 0 && isReversed) {
            isPlaying = false
            stopObserving()
        }
    }

    // MARK: Time model

    /// The time inside the current iteration for a playhead position (repeat, then yoyo).
    func localTime(_ total: Double) -> Double {
        let d = duration
        guard d > 0 else { return 0 }
        if total >= totalDuration {
            let last = repeatCount.isInfinite ? 0 : repeatCount
            return yoyo && Int(last) % 2 == 1 ? 0 : d
        }
        let i = (total / d).rounded(.down)
        let u = total - i * d
        return yoyo && Int(i) % 2 == 1 ? d - u : u
    }

    /// Renders every child at the playhead (a pure function of it).
    func render() { render(local: localTime(totalTime)) }

    func render(local t: Double) {
        for k in children.indices {
            let c = children[k]
            if t >= c.start {
                children[k].active = true
                switch c.content {
                case .tween(let tw):
                    // Within 1e-9 of its end a child is at its end: sums of decimal times round.
                    var f = tw.duration > 0 ? min((t - c.start) / tw.duration, 1) : 1
                    if f > 1 - 1e-9 { f = 1 }
                    if case .spring(let s) = tw.curve { tw.apply(s.progress(at: f * s.settlingDuration)) } else { tw.apply(tw.curve.progress(fraction: f)) }
                case .timeline(let tl):
                    let local = t - c.start
                    tl.totalTime = local > tl.totalDuration - 1e-9 ? tl.totalDuration : local
                    tl.render()
                }
            } else if c.active {
                // The playhead went back before this child: put it at its start.
                children[k].active = false
                switch c.content {
                case .tween(let tw): tw.apply(0)
                case .timeline(let tl): tl.totalTime = 0; tl.render()
                }
            }
        }
    }

    /// Fires the callbacks crossed between two playhead positions, in the order they are crossed.
    private func fireCallbacks(from: Double, to: Double) {
        guard from != to, !callbacks.isEmpty else { return }
        let d = duration
        guard d > 0 else { return }
        let forward = to > from
        let lo = min(from, to), hi = max(from, to)
        var crossings: [(Double, Int)] = []
        var i = (lo / d).rounded(.down)
        while i * d <= hi {
            let mirrored = yoyo && Int(i) % 2 == 1
            for (n, cb) in callbacks.enumerated() {
                let x = i * d + (mirrored ? d - cb.time : cb.time)
                let inside = forward ? (x > lo && x <= hi) : (x >= lo && x < hi)
                if inside && x <= totalDuration { crossings.append((x, n)) }
            }
            i += 1
        }
        crossings.sort { forward ? ($0.0, $0.1) < ($1.0, $1.1) : ($0.0, $0.1) > ($1.0, $1.1) }
        for (_, n) in crossings { callbacks[n].body() }
    }
}
