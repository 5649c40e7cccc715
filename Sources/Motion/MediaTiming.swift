/// What an animation shows outside its active interval, as `CAMediaTimingFillMode`, plus UIKit's
/// delay.
public enum MediaTimingFillMode: String, Sendable, CaseIterable {
    /// Nothing: before it begins and after it ends the value under it shows (Web Animations'
    /// `none`).
    case removed
    /// After it ends it keeps its final value (a layer animation only while it stays on the
    /// layer: `isRemovedOnCompletion` false).
    case forwards
    /// Before it begins (a later ``MediaTiming/beginTime``) it shows its initial value.
    case backwards
    /// Both ``backwards`` and ``forwards``.
    case both
    /// UIKit's delay (Web Animations' `auto` for a block): before it begins the value from before
    /// the change shows (progress 0, whichever way it plays), after its end the model value.
    case auto

    /// Whether the end value stays after the active interval.
    @inlinable public var fillsForwards: Bool { self == .forwards || self == .both }
    /// Whether the start value shows before the active interval.
    @inlinable public var fillsBackwards: Bool { self == .backwards || self == .both }
}

/// Which way iterations play (Web Animations' `direction`).
public enum PlaybackDirection: String, Sendable, Equatable, CaseIterable {
    /// Every iteration forwards, every one backwards, alternating from forwards, or alternating from backwards.
    case normal, reverse, alternate, alternateReverse = "alternate-reverse"
}

/// Where an animation is relative to its active interval.
public enum EffectPhase: Sendable, Equatable { case before, active, after }

/// The one timing model (AM2): Core Animation's `CAMediaTiming` as a value, with what Web
/// Animations and UIKit's blocks add to it. Layer animations, view blocks, property animators,
/// timelines and scene files all describe their timing with it and evaluate it with
/// ``state(atParentTime:)``.
///
/// An object's active interval begins at ``beginTime`` in its parent's time and runs at
/// ``speed``; it lasts ``repeatCount`` iterations of ``duration`` (each there and back with
/// ``autoreverses``), or ``repeatDuration`` when that is set, then holds for ``endDelay``.
/// ``timeOffset`` shifts where in the active interval it is, wrapping around its end (a 4 s
/// animation with a 1 s offset shows 1 → 4, then 0 → 1, as Core Animation does);
/// ``iterationStart`` starts it part way into its iterations without wrapping (Web Animations').
/// ``direction`` plays iterations backwards or alternating; ``fillMode`` says what shows outside
/// the active interval.
///
/// The conventions of the former models are converted once, where their APIs build a timing:
/// `Animation.repeatCount` (Core Animation's 0 meaning 1), `View.animate`'s extra repetitions
/// and delay (``beginTime``, with the ``MediaTimingFillMode/auto`` fill), a timeline's extra
/// repetitions and yoyo (``PlaybackDirection/alternate``), a scene file's `repeat`,
/// `iterations` and `delay`. All values are in seconds (the media-time API); no state, no clock.
public struct MediaTiming: Sendable, Equatable {
    /// When the active interval starts, in the parent's time (a block's delay).
    public var beginTime: Double = 0
    /// The length of one iteration in seconds (one way of an autoreversing one).
    public var duration: Double = 0
    /// How fast local time runs relative to the parent's; 0 freezes it, negative plays from the
    /// end of the end delay back to the start.
    public var speed: Double = 1
    /// Added to the active time, wrapping at the active duration's end.
    public var timeOffset: Double = 0
    /// Iterations to play, fractional or `.infinity`; each is there and back with
    /// ``autoreverses``. Counted as Web Animations' `iterations`: 0 plays none (Core
    /// Animation's `repeatCount` means 1 by 0: `Animation` converts it).
    public var repeatCount: Double = 1
    /// How long to repeat in seconds; when above 0 it decides the active duration instead of
    /// ``repeatCount``.
    public var repeatDuration: Double = 0
    /// Whether each iteration plays forwards and then backwards.
    public var autoreverses = false
    /// What shows outside the active interval.
    public var fillMode: MediaTimingFillMode = .removed
    /// Which way iterations play (with ``autoreverses`` and ``PlaybackDirection/normal``,
    /// every way back is a reversed half).
    public var direction: PlaybackDirection = .normal
    /// Where in the iterations the active interval starts (1.5: half way through the second).
    public var iterationStart: Double = 0
    /// Seconds after the active interval before the animation ends (negative cuts it short).
    public var endDelay: Double = 0

    /// Timing with every field at its default: begins at once, lasts 0 s, speed 1, one
    /// iteration forwards, no fill.
    public init() {}

    /// Timing of `repeatCount` iterations of `duration` seconds from `beginTime`, as asked.
    public init(beginTime: Double = 0, duration: Double, repeatCount: Double = 1, autoreverses: Bool = false,
                fillMode: MediaTimingFillMode = .removed, direction: PlaybackDirection = .normal) {
        self.beginTime = beginTime; self.duration = duration; self.repeatCount = repeatCount
        self.autoreverses = autoreverses; self.fillMode = fillMode; self.direction = direction
    }

    /// One iteration including its reversal.
    @inlinable public var cycleDuration: Double { autoreverses ? 2 * duration : duration }

    /// How long the object is active in its own time: ``repeatDuration`` when set, otherwise
    /// the cycle times ``repeatCount`` (0 when either is 0, infinite when repeating forever).
    @inlinable public var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        let cycle = cycleDuration
        return cycle == 0 || repeatCount == 0 ? 0 : cycle * repeatCount
    }

    /// The active duration and the end delay: where playback ends in the object's own time,
    /// counted from ``beginTime``.
    @inlinable public var span: Double { activeDuration + endDelay }

    /// Local time for parent time `t` (a layer's time): `(t − beginTime) · speed + timeOffset`.
    @inlinable public func localTime(fromParent t: Double) -> Double { (t - beginTime) * speed + timeOffset }

    /// Parent time for local time `t`: the inverse of ``localTime(fromParent:)`` (with speed
    /// 0 every parent time maps to one local time; the parent time returned is ``beginTime``).
    @inlinable public func parentTime(fromLocal t: Double) -> Double {
        speed == 0 ? beginTime : (t - timeOffset) / speed + beginTime
    }

    /// Whether iteration `i` (from 0, in iterations of ``duration``: an autoreversing cycle is
    /// two) plays forwards. An infinite iteration plays forwards.
    @inlinable public func playsForwards(iteration i: Double) -> Bool {
        Self.playsForwards(i, autoreverses && direction == .normal ? .alternate : direction)
    }

    /// ``playsForwards(iteration:)`` in `direction` (autoreversing already made alternate).
    @usableFromInline @inline(__always)
    static func playsForwards(_ i: Double, _ direction: PlaybackDirection) -> Bool {
        // Parity without fmod (a libm call a frame per animation): i / 2 is whole for even i.
        @inline(__always) func isOdd(_ i: Double) -> Bool { let h = i * 0.5; return h != h.rounded(.down) }
        switch direction {
        case .normal: return true
        case .reverse: return false
        case .alternate: return i.isInfinite || !isOdd(i)
        case .alternateReverse: return i.isInfinite || isOdd(i)
        }
    }

    /// Where the object is at one time: its phase, the fraction of the current iteration
    /// (already reversed on the way back) and the iteration. Outside the active interval the
    /// fraction is where it would hold; whether it shows is the ``fillMode``'s call
    /// (``shows``).
    public struct State: Sendable, Equatable {
        /// Before, in or after the active interval.
        public var phase: EffectPhase
        /// 0...1 of the current iteration's duration, directed.
        public var fraction: Double
        /// The iteration (an autoreversing cycle counts one), from 0.
        public var iteration: Double
        /// Whether the iteration plays forwards (a step easing takes its before flag from it).
        public var forwards: Bool
        /// Whether playback has passed its end in the direction of play: the animation is over.
        public var isOver: Bool

        /// A state with every field given.
        public init(phase: EffectPhase, fraction: Double, iteration: Double, forwards: Bool, isOver: Bool) {
            self.phase = phase; self.fraction = fraction; self.iteration = iteration
            self.forwards = forwards; self.isOver = isOver
        }

        /// Active, playing forwards.
        public static func active(fraction: Double, iteration: Double) -> State {
            State(phase: .active, fraction: fraction, iteration: iteration, forwards: true, isOver: false)
        }

        /// Over, having played forwards, ending at `fraction` of iteration `iteration`.
        public static func after(fraction: Double, iteration: Double) -> State {
            State(phase: .after, fraction: fraction, iteration: iteration, forwards: true, isOver: true)
        }

        /// The before flag of a step easing (CSS Easing): at the start side of the interval.
        @inlinable public var stepsBefore: Bool { (phase == .before && forwards) || (phase == .after && !forwards) }
    }

    /// Whether `state` shows a value of the animation: in the active interval, or filling.
    @inlinable public func shows(_ state: State) -> Bool {
        switch state.phase {
        case .active: true
        case .before: fillMode.fillsBackwards
        case .after: fillMode.fillsForwards
        }
    }

    /// The one evaluation: the state at parent time `t` (seconds).
    ///
    /// - Complexity: O(1); no allocation.
    @inlinable public func state(atParentTime t: Double) -> State {
        let e = (t - beginTime) * speed
        guard speed < 0 else { return state(atElapsed: e, backwards: false) }
        let s = span
        return state(atElapsed: s.isFinite ? s + e : -e, backwards: true)
    }

    /// Where playback ends in its direction of play: what a fill holds once it is over.
    public var endState: State {
        speed < 0 ? state(atElapsed: 0, backwards: true) : state(atElapsed: span, backwards: false)
    }

    /// The first step of ``state(atElapsed:backwards:)``: the phase `e` seconds into the object's
    /// own time from ``beginTime``, and the active time it shows (clamped to the active interval
    /// outside it, before ``timeOffset``), as Web Animations' active time.
    @inlinable public func phase(atElapsed e: Double, backwards: Bool) -> (phase: EffectPhase, activeTime: Double) {
        Self.phase(e, backwards, active: activeDuration, end: span)
    }

    /// ``phase(atElapsed:backwards:)`` for an active duration and an end already computed.
    @usableFromInline @inline(__always)
    static func phase(_ e: Double, _ backwards: Bool, active ad: Double, end: Double) -> (phase: EffectPhase, activeTime: Double) {
        let lo = min(0, end), hi = min(ad, end)
        if e < lo || (backwards && e == lo) { return (.before, max(e, 0)) }
        if e > hi || (!backwards && e == hi) { return (.after, max(min(e, ad), 0)) }
        return (.active, e)
    }

    /// The state `e` seconds into the object's own time from ``beginTime``, playing
    /// `backwards` or not (which decides the phase exactly on a boundary, as Web Animations').
    public func state(atElapsed e: Double, backwards: Bool) -> State {
        let ad = activeDuration, end = ad + endDelay
        let isOver = backwards ? e <= 0 : e >= end
        let (phase, active) = Self.phase(e, backwards, active: ad, end: end)
        var a = active
        if timeOffset != 0 {                        // Core Animation's offset wraps at the end
            let shifted = a + timeOffset
            if ad.isFinite, ad > 0 {
                let r = shifted.truncatingRemainder(dividingBy: ad)
                a = r < 0 ? r + ad : r
            } else {
                a = max(0, shifted)
            }
        }
        let d = duration
        // Iterations of `duration` (an autoreversing cycle is two of them).
        let n = repeatDuration > 0 ? (d > 0 ? repeatDuration / d : .infinity) : repeatCount * (autoreverses ? 2 : 1)
        let overall = ad == 0 || d <= 0 ? (phase == .before ? iterationStart : iterationStart + n) : a / d + iterationStart
        var simple = overall.isInfinite ? iterationStart - iterationStart.rounded(.towardZero) : overall - overall.rounded(.towardZero)
        if simple == 0, phase != .before, a == ad || ad == 0, n != 0, overall != 0 { simple = 1 }
        let half = phase == .after && n.isInfinite ? .infinity : (simple == 1 ? overall.rounded(.down) - 1 : overall.rounded(.down))
        let halves = autoreverses && direction == .normal
        let forwards = Self.playsForwards(half, halves ? .alternate : direction)
        let iteration = halves ? (half / 2).rounded(.down) : half
        return State(phase: phase, fraction: min(1, max(0, forwards ? simple : 1 - simple)), iteration: iteration,
                     forwards: forwards, isOver: isOver)
    }
}

/// What a view block's animation shows at a frame (N10), in the engine's terms: the one
/// evaluation, ``MediaTiming/state(atParentTime:)``, read with UIKit's and Web Animations'
/// rules for a value animated from the old value (progress 0) to the model value (1).
public enum BlockSample: Sendable, Equatable {
    /// The value from before the change: UIKit's delay (``MediaTimingFillMode/auto``).
    case oldValue
    /// No effect: the model value shows.
    case modelValue
    /// The value at this eased progress from the old value (0) to the new (1).
    case progress(Double)
    /// Playback is over. With a forwards (or, played backwards, a backwards) fill the value at
    /// `hold` stays: the engine commits it to the model; otherwise the model shows.
    case ended(hold: Double?)
}

extension MediaTiming {
    /// UIKit's block timing in the model: the one place its conventions are converted (AM2).
    /// `delay` is the begin time, shown with the old value (``MediaTimingFillMode/auto``);
    /// `repeatCount` counts extra repetitions, the model's count is the total.
    public static func block(duration: Double, delay: Double = 0, repeatCount: Double = 0, autoreverses: Bool = false) -> MediaTiming {
        MediaTiming(beginTime: delay, duration: duration, repeatCount: repeatCount + 1, autoreverses: autoreverses, fillMode: .auto)
    }

    /// The timing a block runs along `curve`: a spring with a duration of 0 runs until it
    /// settles (N3); with a duration it runs for that long, as a `CASpringAnimation` (N9).
    public func resolved(for curve: TimingCurve) -> MediaTiming {
        guard case .spring(let s) = curve, duration <= 0 else { return self }
        var t = self
        t.duration = s.settlingDuration
        return t
    }

    /// The eased progress of `state` along `curve`: a spring follows its equation in seconds of
    /// the iteration, a step easing takes its before flag from the state.
    @inlinable public func progress(of state: State, along curve: TimingCurve) -> Double {
        if case .spring(let s) = curve { return state.fraction == 0 ? 0 : s.progress(at: state.fraction * duration) }
        return curve.progress(fraction: state.fraction, beforeFlag: state.stepsBefore)
    }

    /// The eased progress a fill holds once playback is over, or nil when the model value shows
    /// then (no fill in the direction of play, or an animation that never ends).
    public func heldProgress(along curve: TimingCurve) -> Double? {
        guard span.isFinite, speed < 0 ? fillMode.fillsBackwards : fillMode.fillsForwards else { return nil }
        return progress(of: endState, along: curve)
    }

    /// What a block's animation along `curve` shows at parent time `t` (seconds since it
    /// began; its delay is the begin time).
    public func sample(atParentTime t: Double, along curve: TimingCurve) -> BlockSample {
        let s = state(atParentTime: t)
        if s.isOver { return .ended(hold: heldProgress(along: curve)) }
        if shows(s) { return .progress(progress(of: s, along: curve)) }
        return s.phase == .before && fillMode == .auto && speed >= 0 ? .oldValue : .modelValue
    }
}
