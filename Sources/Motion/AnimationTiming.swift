/// Conversions between the engine's integer nanoseconds and seconds. Time is kept in nanoseconds
/// (frame times, begin times, timeline positions); it becomes seconds once, here, where a curve
/// is evaluated.
public enum MediaTime {
    /// `nanoseconds` in seconds.
    @inlinable public static func seconds(_ nanoseconds: Int64) -> Double { Double(nanoseconds) / 1e9 }

    /// `seconds` in whole nanoseconds, rounded to the nearest (and clamped to ±292 years, so
    /// that no finite input traps).
    @inlinable public static func nanoseconds(_ seconds: Double) -> Int64 {
        let ns = (seconds * 1e9).rounded()
        if ns >= 9.2e18 { return 9_200_000_000_000_000_000 }
        if ns <= -9.2e18 { return -9_200_000_000_000_000_000 }
        return ns.isNaN ? 0 : Int64(ns)
    }

    /// Seconds from `begin` to `now`, both in nanoseconds.
    @inlinable public static func seconds(from begin: Int64, to now: Int64) -> Double {
        Double(now - begin) / 1e9
    }
}

/// When and how an animation runs: delay, duration, curve, repeat and autoreverse; and the time
/// model of N8 that turns local time into progress: repeat, then reverse, then easing.
public struct AnimationTiming: Sendable, Equatable {
    public var delay: Double
    public var duration: Double
    public var curve: TimingCurve
    /// Extra repetitions after the first (fractional allowed; `.infinity` repeats forever).
    public var repeatCount: Double
    /// Whether each repetition runs forward then back.
    public var autoreverses: Bool

    public init(delay: Double = 0, duration: Double, curve: TimingCurve, repeatCount: Double = 0, autoreverses: Bool = false) {
        self.delay = delay; self.duration = duration; self.curve = curve
        self.repeatCount = repeatCount; self.autoreverses = autoreverses
    }

    /// One forward run: the duration, or a spring's settling time.
    @inlinable public var singleDuration: Double {
        if case .spring(let s) = curve { return s.settlingDuration }
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
