import Motion

/// A timing function that maps an animation's time fraction to its progress, as Core
/// Animation's `CAMediaTimingFunction`: a cubic Bézier from (0, 0) to (1, 1) whose two inner
/// control points the caller gives, or one of the named functions.
public struct MediaTimingFunction: Sendable, Equatable, CustomStringConvertible {
    /// Core Animation's named timing functions (`CAMediaTimingFunctionName`).
    public enum Name: String, Sendable, CaseIterable {
        /// (0, 0, 1, 1): progress equals the time fraction.
        case linear
        /// (0.42, 0, 1, 1).
        case easeIn
        /// (0, 0, 0.58, 1).
        case easeOut
        /// (0.42, 0, 0.58, 1).
        case easeInEaseOut
        /// (0.25, 0.1, 0.25, 1): what Core Animation uses for implicit layer actions.
        case `default`
    }

    /// The curve, solved for x to 1e-7 (`CubicBezier`).
    public let bezier: CubicBezier

    /// The named function, with Core Animation's control points.
    public init(name: Name) {
        switch name {
        case .linear: bezier = CubicBezier(0, 0, 1, 1)
        case .easeIn: bezier = CubicBezier(0.42, 0, 1, 1)
        case .easeOut: bezier = CubicBezier(0, 0, 0.58, 1)
        case .easeInEaseOut: bezier = CubicBezier(0.42, 0, 0.58, 1)
        case .default: bezier = CubicBezier(0.25, 0.1, 0.25, 1)
        }
    }

    /// A function through (0, 0), (c1x, c1y), (c2x, c2y), (1, 1), as
    /// `CAMediaTimingFunction(controlPoints:_:_:_:)`. The x values are clamped to 0...1 (a
    /// Bézier timing curve must be a function of time); y values may overshoot.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.init(controlPoints: Double(c1x), Double(c1y), Double(c2x), Double(c2y))
    }

    /// ``init(controlPoints:_:_:_:)`` with `Double` values.
    public init(controlPoints c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        func unit(_ v: Double) -> Double { v.isFinite ? min(1, max(0, v)) : 0 }
        func finite(_ v: Double) -> Double { v.isFinite ? v : 0 }
        bezier = CubicBezier(unit(c1x), finite(c1y), unit(c2x), finite(c2y))
    }

    /// Control point `index` (0...3) as `(x, y)`, as `getControlPoint(at:values:)`.
    public func controlPoint(at index: Int) -> (x: Double, y: Double) {
        switch index {
        case 0: (0, 0)
        case 1: (bezier.x1, bezier.y1)
        case 2: (bezier.x2, bezier.y2)
        default: (1, 1)
        }
    }

    /// Progress at time fraction `x` (0...1); exactly 0 and 1 at the ends.
    @inlinable public func progress(at x: Double) -> Double { bezier.progress(at: x) }

    /// Whether this is the linear function (progress = fraction, no solving needed).
    public var isLinear: Bool { bezier.x1 == bezier.y1 && bezier.x2 == bezier.y2 }

    /// The curve's control points, as `MediaTimingFunction(x1, y1, x2, y2)`.
    public var description: String { "MediaTimingFunction(\(bezier.x1), \(bezier.y1), \(bezier.x2), \(bezier.y2))" }
}

/// What an animation shows outside its active interval, as `CAMediaTimingFillMode`.
public enum MediaTimingFillMode: String, Sendable, CaseIterable {
    /// Nothing: before it begins and after it ends the layer shows its model value.
    case removed
    /// After it ends it keeps its final value (while it stays on the layer: set
    /// ``Animation/isRemovedOnCompletion`` to false).
    case forwards
    /// Before it begins (a later ``MediaTiming/beginTime``) it shows its initial value.
    case backwards
    /// Both ``backwards`` and ``forwards``.
    case both

    var fillsForwards: Bool { self == .forwards || self == .both }
    var fillsBackwards: Bool { self == .backwards || self == .both }
}

/// Core Animation's timing model (`CAMediaTiming`) as a value: how an object's local time follows
/// its parent's, and how an animation's active time maps to a point in one of its iterations.
///
/// Local time is `(parent − beginTime) · speed + timeOffset` for a layer (whose duration is
/// infinite). For an animation, the elapsed active time `(parent − beginTime) · speed` decides
/// whether it is active (in `0 ... activeDuration`), and `timeOffset` shifts where in the active
/// interval it is, wrapping around (a 4 s animation with a 1 s offset shows 1 → 4, then 0 → 1, as
/// Core Animation does). Each iteration lasts ``duration``, or twice that with ``autoreverses``.
/// All values are in seconds (the media-time API); no state, no clock.
public struct MediaTiming: Sendable, Equatable {
    /// When the object starts, in its parent's time (seconds).
    public var beginTime: Double = 0
    /// The length of one iteration in seconds (for an animation, 0 means Core Animation's
    /// default of 0.25 s; see ``Animation``).
    public var duration: Double = 0
    /// How fast local time runs relative to the parent's; 0 freezes it, negative runs backwards.
    public var speed: Double = 1
    /// Added to local time.
    public var timeOffset: Double = 0
    /// Iterations to play (fractional allowed; `.infinity` forever; 0 means 1).
    public var repeatCount: Double = 0
    /// How long to repeat in seconds; when above 0 it decides the active duration instead of
    /// ``repeatCount``.
    public var repeatDuration: Double = 0
    /// Whether each iteration plays forwards and then backwards.
    public var autoreverses = false
    /// What shows outside the active interval.
    public var fillMode: MediaTimingFillMode = .removed

    /// Timing with every field at its default: starts at once, lasts 0 s (the animation's default then applies), speed 1, once, forwards.
    public init() {}

    /// One iteration including its reversal.
    @inlinable public var cycleDuration: Double { autoreverses ? 2 * duration : duration }

    /// How long the object is active in its own time: ``repeatDuration`` when set, otherwise
    /// the cycle times ``repeatCount`` (at least one).
    public var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        let count = repeatCount > 0 ? repeatCount : 1
        return count.isInfinite ? .infinity : cycleDuration * count
    }

    /// Local time for parent time `t` (a layer's time): `(t − beginTime) · speed + timeOffset`.
    @inlinable public func localTime(fromParent t: Double) -> Double { (t - beginTime) * speed + timeOffset }

    /// Parent time for local time `t`: the inverse of ``localTime(fromParent:)`` (with speed
    /// 0 every parent time maps to one local time; the parent time returned is ``beginTime``).
    @inlinable public func parentTime(fromLocal t: Double) -> Double {
        speed == 0 ? beginTime : (t - timeOffset) / speed + beginTime
    }

    /// Where an animation is at parent time `t`.
    public enum State: Sendable, Equatable {
        /// Before its begin time with no backwards fill: it shows nothing.
        case before
        /// Active, or filling: `fraction` of the way through the current iteration's duration
        /// (0...1, already reversed on the way back of an autoreversing cycle).
        case active(fraction: Double, iteration: Double)
        /// Ended; `fraction` is the value it ended on, for a forwards fill.
        case after(fraction: Double, iteration: Double)
    }

    /// The state at parent time `t` (seconds), with `duration` already made positive by the caller.
    ///
    /// - Complexity: O(1); no allocation.
    public func state(atParentTime t: Double) -> State {
        let active = activeDuration
        var elapsed = (t - beginTime) * speed
        if speed < 0 { elapsed = active.isFinite ? active + elapsed : -elapsed }
        if elapsed < 0 {
            guard fillMode.fillsBackwards else { return .before }
            let (f, i) = position(at: wrapped(0, active))
            return .active(fraction: f, iteration: i)
        }
        if elapsed >= active {
            let (f, i) = endPosition(active)
            return .after(fraction: f, iteration: i)
        }
        let (f, i) = position(at: wrapped(elapsed, active))
        return .active(fraction: f, iteration: i)
    }

    /// Applies ``timeOffset`` inside the active interval, wrapping at its end.
    private func wrapped(_ elapsed: Double, _ active: Double) -> Double {
        guard timeOffset != 0 else { return elapsed }
        let shifted = elapsed + timeOffset
        guard active.isFinite, active > 0 else { return max(0, shifted) }
        let r = shifted.truncatingRemainder(dividingBy: active)
        return r < 0 ? r + active : r
    }

    /// The fraction of an iteration and the iteration index at active time `a`.
    private func position(at a: Double) -> (Double, Double) {
        guard duration > 0 else { return (1, 0) }
        let cycle = cycleDuration
        let iteration = (a / cycle).rounded(.down)
        var inCycle = a - iteration * cycle
        if inCycle < 0 { inCycle = 0 }
        if autoreverses, inCycle > duration { return (max(0, (cycle - inCycle) / duration), iteration) }
        return (min(1, inCycle / duration), iteration)
    }

    /// Where the active interval ends: the last iteration's end (or its middle for a
    /// fractional repeat count), reversed when it ends on the way back.
    private func endPosition(_ active: Double) -> (Double, Double) {
        guard duration > 0, active.isFinite else { return (1, 0) }
        let end = timeOffset == 0 ? active : wrapped(active, active)
        let cycle = cycleDuration
        let cycles = end / cycle
        let whole = cycles.rounded(.down)
        if cycles == whole, end > 0 {
            // Exactly at a cycle boundary: the end of the last cycle.
            return (autoreverses ? 0 : 1, whole - 1)
        }
        return position(at: end)
    }
}
