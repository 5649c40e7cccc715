/// When and how an animation runs: delay, duration, curve, repeat and autoreverse; and the time
/// model of N8 that turns local time into progress: repeat, then reverse, then easing.
public struct AnimationTiming: Sendable, Equatable {
    /// Seconds before the animation starts.
    public var delay: Double
    /// Seconds one iteration takes (a spring's may be its settling time).
    public var duration: Double
    /// How progress follows time within an iteration.
    public var curve: TimingCurve
    /// Extra repetitions after the first (fractional allowed; `.infinity` repeats forever).
    public var repeatCount: Double
    /// Whether each repetition runs forward then back.
    public var autoreverses: Bool

    // The rest of Web Animations' timing model (N10). With their defaults the animation follows
    // UIKit's model above; `iterations` and `direction` say the same as `repeatCount` and
    // `autoreverses` in the web's terms and are used instead of them when set. They live in a
    // shared box, allocated only when one is set, so the common timing stays small: the
    // animation tick walks thousands of these each frame.

    /// What shows outside the active interval. ``FillMode/auto``: the old value during the delay
    /// and the model value after the end (UIKit's behaviour).
    public var fill: FillMode {
        get { web?.fill ?? .auto }
        set { updateWeb { $0.fill = newValue } }
    }
    /// Which way iterations play (forwards by default).
    public var direction: PlaybackDirection {
        get { web?.direction ?? .normal }
        set { updateWeb { $0.direction = newValue } }
    }
    /// Iterations, fractional or infinite; nil: `repeatCount + 1`, twice that when autoreversing.
    public var iterations: Double? {
        get { web?.iterations }
        set { updateWeb { $0.iterations = newValue } }
    }
    /// Where in the iterations the active interval starts (1.5: half way through the second).
    public var iterationStart: Double {
        get { web?.iterationStart ?? 0 }
        set { updateWeb { $0.iterationStart = newValue } }
    }
    /// Seconds after the active interval before the animation ends (negative cuts it short).
    public var endDelay: Double {
        get { web?.endDelay ?? 0 }
        set { updateWeb { $0.endDelay = newValue } }
    }
    /// How fast local time runs against the frame clock; negative plays from the end to the start.
    public var playbackRate: Double {
        get { web?.playbackRate ?? 1 }
        set { updateWeb { $0.playbackRate = newValue } }
    }

    /// The web model's fields, when any differs from its default.
    @usableFromInline var web: WebFields?

    @usableFromInline final class WebFields: Sendable, Equatable {
        let fill: FillMode, direction: PlaybackDirection, iterations: Double?
        let iterationStart: Double, endDelay: Double, playbackRate: Double

        struct Values {
            var fill = FillMode.auto, direction = PlaybackDirection.normal, iterations: Double? = nil
            var iterationStart = 0.0, endDelay = 0.0, playbackRate = 1.0
            var isDefault: Bool {
                fill == .auto && direction == .normal && iterations == nil && iterationStart == 0 && endDelay == 0 && playbackRate == 1
            }
        }

        init(_ v: Values) {
            fill = v.fill; direction = v.direction; iterations = v.iterations
            iterationStart = v.iterationStart; endDelay = v.endDelay; playbackRate = v.playbackRate
        }

        var values: Values {
            Values(fill: fill, direction: direction, iterations: iterations, iterationStart: iterationStart,
                   endDelay: endDelay, playbackRate: playbackRate)
        }

        @usableFromInline static func == (a: WebFields, b: WebFields) -> Bool {
            a.fill == b.fill && a.direction == b.direction && a.iterations == b.iterations
                && a.iterationStart == b.iterationStart && a.endDelay == b.endDelay && a.playbackRate == b.playbackRate
        }
    }

    private mutating func updateWeb(_ change: (inout WebFields.Values) -> Void) {
        var v = web?.values ?? WebFields.Values()
        change(&v)
        web = v.isDefault ? nil : WebFields(v)
    }

    /// Timing of `duration` seconds after `delay` seconds along `curve`, repeated and reversed as asked.
    public init(delay: Double = 0, duration: Double, curve: TimingCurve, repeatCount: Double = 0, autoreverses: Bool = false) {
        self.delay = delay; self.duration = duration; self.curve = curve
        self.repeatCount = repeatCount; self.autoreverses = autoreverses
    }

    /// Whether any of the web model's fields differs from its default (the engine then evaluates
    /// ``effect(atElapsed:)`` instead of the UIKit model's ``progress(at:)``).
    @inlinable public var usesWebModel: Bool { web != nil }


    /// One forward run: the duration. A spring follows its own equation in seconds (N3) and,
    /// as a `CASpringAnimation` does, runs for the duration given (the model value shows after
    /// it, N9: a duration is never ignored); with a duration of 0 it runs until it settles.
    @inlinable public var singleDuration: Double {
        if case .spring(let s) = curve, duration <= 0 { return s.settlingDuration }
        return duration
    }

    /// The active duration after the delay: every repetition, each there and back when
    /// autoreversing (infinite when repeating forever).
    @inlinable public var activeDuration: Double {
        let cycle = autoreverses ? 2 * singleDuration : singleDuration
        return repeatCount.isInfinite ? .infinity : cycle * (repeatCount + 1)
    }

    /// The curve's progress at `local` seconds after the delay, and whether the animation has
    /// ended. At the end the value is the model value, whatever the direction it ended in (UIKit
    /// and Web Animations without fill): callers show the model once `isFinished`.
    @inlinable public func progress(at local: Double) -> (progress: Double, isFinished: Bool) {
        let single = singleDuration
        let cycle = autoreverses ? 2 * single : single
        if local >= activeDuration || single <= 0 { return (1, true) }
        var t = cycle > 0 ? local.truncatingRemainder(dividingBy: cycle) : 0
        if autoreverses && t >= single { t = cycle - t }
        if case .spring(let s) = curve { return (s.progress(at: t), false) }
        return (curve.progress(fraction: t / single), false)
    }
}

/// Web Animations' fill modes.
public enum FillMode: String, Sendable, Equatable, CaseIterable {
    /// auto: UIKit's behaviour; none: no effect outside the active interval; forwards: the end value after it; backwards: the start value during the delay; both.
    case auto, none, forwards, backwards, both
    var fillsBackwards: Bool { self == .backwards || self == .both }
    var fillsForwards: Bool { self == .forwards || self == .both }
}

/// Web Animations' computed timing at one local time: the phase, and where the effect is when
/// it has an effect (nil progress: no effect, the underlying value shows).
public struct ComputedTiming: Sendable, Equatable {
    /// Timing in `phase` with no progress: the underlying value shows.
    public init(phase: EffectPhase) { self.phase = phase }
    /// Before, in or after the active interval.
    public var phase: EffectPhase
    /// Seconds into the active interval; nil when there is no effect.
    public var activeTime: Double?
    /// The directed progress before easing, in 0...1.
    public var directedProgress: Double?
    /// The eased progress.
    public var progress: Double?
    /// The iteration running, from 0; nil when there is no effect.
    public var currentIteration: Double?
}

/// What an animation shows at a frame (N10), in the engine's terms.
public enum TimingSample: Sendable, Equatable {
    /// The value from before the change: UIKit's delay (``FillMode/auto``).
    case oldValue
    /// No effect: the model value shows.
    case modelValue
    /// The value at this eased progress from the old value (0) to the new (1).
    case progress(Double)
    /// Playback is over. With a forwards (or, played backwards, a backwards) fill the value at
    /// `hold` stays: the engine commits it to the model; otherwise the model shows.
    case ended(hold: Double?)
}

extension AnimationTiming {
    /// The length of one iteration: the duration, or a spring's settling time.
    @inlinable public var iterationDuration: Double { singleDuration }

    /// The iteration count the web model uses.
    public var effectiveIterations: Double {
        if let iterations { return iterations }
        return repeatCount.isInfinite ? .infinity : (repeatCount + 1) * (autoreverses ? 2 : 1)
    }

    /// The direction the web model uses: autoreversing is `alternate`.
    public var effectiveDirection: PlaybackDirection { autoreverses && direction == .normal ? .alternate : direction }

    /// Iteration duration times iterations (0 when either is 0).
    public var webActiveDuration: Double {
        let d = iterationDuration, n = effectiveIterations
        return d == 0 || n == 0 ? 0 : d * n
    }

    /// The end of the effect in local time: delay, active duration and end delay, at least 0.
    public var endTime: Double { max(delay + webActiveDuration + endDelay, 0) }

    /// Web Animations' timing at local time `t` (seconds from the start of the delay); `backwards`
    /// is the playback direction (a negative playback rate), which decides the phase exactly on a
    /// boundary.
    public func computed(at t: Double, backwards: Bool = false) -> ComputedTiming {
        let ad = webActiveDuration, n = effectiveIterations, d = iterationDuration
        let end = endTime
        let beforeActive = max(min(delay, end), 0)
        let activeAfter = max(min(delay + ad, end), 0)
        let phase: EffectPhase
        if t < beforeActive || (backwards && t == beforeActive) { phase = .before }
        else if t > activeAfter || (!backwards && t == activeAfter) { phase = .after }
        else { phase = .active }
        var out = ComputedTiming(phase: phase)
        let active: Double?
        switch phase {
        case .before: active = fill.fillsBackwards ? max(t - delay, 0) : nil
        case .active: active = t - delay
        case .after: active = fill.fillsForwards ? max(min(t - delay, ad), 0) : nil
        }
        guard let activeTime = active else { return out }
        out.activeTime = activeTime
        let overall = ad == 0 ? (phase == .before ? iterationStart : iterationStart + n) : activeTime / d + iterationStart
        var simple = overall.isInfinite ? iterationStart.truncatingRemainder(dividingBy: 1)
                                        : overall.truncatingRemainder(dividingBy: 1)
        if simple == 0 && phase != .before && activeTime == ad && n != 0 && overall != 0 { simple = 1 }
        let iteration: Double = phase == .after && n.isInfinite ? .infinity
            : (simple == 1 ? overall.rounded(.down) - 1 : overall.rounded(.down))
        out.currentIteration = iteration
        let forwards: Bool
        switch effectiveDirection {
        case .normal: forwards = true
        case .reverse: forwards = false
        case .alternate, .alternateReverse:
            let k = iteration + (effectiveDirection == .alternateReverse ? 1 : 0)
            forwards = k.isInfinite || k.truncatingRemainder(dividingBy: 2) == 0
        }
        let directed = forwards ? simple : 1 - simple
        out.directedProgress = directed
        let beforeFlag = (phase == .before && forwards) || (phase == .after && !forwards)
        out.progress = curve.progress(fraction: directed, beforeFlag: beforeFlag)
        return out
    }

    /// The local time `elapsed` seconds after the animation began, at ``playbackRate``: a negative
    /// rate starts at the end and plays to 0.
    @inlinable public func localTime(elapsed: Double) -> Double {
        playbackRate >= 0 ? elapsed * playbackRate : endTime + elapsed * playbackRate
    }

    /// The eased progress a fill holds once playback is over, or nil when the model value shows
    /// then (no fill in the direction of play, or an animation that never ends).
    public var heldProgress: Double? {
        let backwards = playbackRate < 0
        guard usesWebModel, endTime.isFinite else { return nil }
        guard backwards ? fill.fillsBackwards : fill.fillsForwards else { return nil }
        return computed(at: backwards ? 0 : endTime, backwards: backwards).progress
    }

    /// What the animation shows `elapsed` seconds after it began, by the whole web model.
    public func effect(atElapsed elapsed: Double) -> TimingSample {
        let t = localTime(elapsed: elapsed)
        let backwards = playbackRate < 0
        let over = backwards ? t <= 0 : t >= endTime
        if over { return .ended(hold: heldProgress) }
        let c = computed(at: t, backwards: backwards)
        if let p = c.progress { return .progress(p) }
        return c.phase == .before && fill == .auto && !backwards ? .oldValue : .modelValue
    }
}
