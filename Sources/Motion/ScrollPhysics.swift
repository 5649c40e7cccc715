#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

/// UIKit's scroll physics as pure functions of time (SC2), on the engine's time (AM2): offsets
/// in points, times in seconds since the release, velocities in points per second, as the layer
/// engine hands a driven motion its time. UIKit's own conventions (a ``Deceleration`` given as
/// the factor velocity keeps per millisecond, a delegate's velocity in points per millisecond)
/// are converted where they enter, by their API.
public enum ScrollPhysics {
    /// How a fling slows down: UIKit's deceleration, whose velocity keeps a factor `d` of itself
    /// every millisecond and whose offset is the sum of those steps, written as a function of
    /// seconds. A release at velocity `v` travels `v · coastTime` points in all, and its speed `t`
    /// seconds later is `v · coastTime · decay · e^(−decay·t)`; both numbers come from `d`
    /// (``init(ratePerMillisecond:)``), so that a fling lands where UIKit's lands.
    public struct Deceleration: Sendable, Hashable {
        /// The exponential decay of the speed, per second: −ln d / 0.001 s (2.002 for 0.998).
        public let decay: Double
        /// Seconds of release velocity travelled before rest: d / (1 − d) · 0.001 s (0.499 for
        /// 0.998); the projected offset is the release offset plus velocity times this.
        public let coastTime: Double

        /// UIKit's `UIScrollView.DecelerationRate`: velocity keeps `rate` of itself each
        /// millisecond (0.998 normal, 0.99 fast). A rate outside (0, 1) does not move at all.
        public init(ratePerMillisecond rate: Double) {
            guard rate > 0, rate < 1 else { decay = 0; coastTime = 0; return }
            decay = -log(rate) / Self.step
            coastTime = rate / (1 - rate) * Self.step
        }

        /// The UIKit-shaped deceleration that travels `coastTime` seconds of its release velocity
        /// (its per-millisecond rate is coastTime / (coastTime + 0.001 s)); none when not positive
        /// and finite.
        public init(coastTime: Double) {
            let decay = log1p(Self.step / coastTime) / Self.step
            guard coastTime > 0, coastTime.isFinite, decay > 0, decay.isFinite else { self.decay = 0; self.coastTime = 0; return }
            self.decay = decay
            self.coastTime = coastTime
        }

        /// UIKit's normal rate, 0.998 a millisecond: a fling coasts for seconds.
        public static let normal = Deceleration(ratePerMillisecond: 0.998)

        /// Whether a velocity moves at all under it.
        public var moves: Bool { decay > 0 }

        /// UIKit's geometric decay steps once a millisecond: the one place the model's shape
        /// (a sum of steps, not a continuous decay) keeps that length.
        static let step = 0.001
    }

    /// Where a fling released at `offset` with velocity `v` (points per second) comes to rest:
    /// offset + v · coastTime.
    public static func projectedOffset(_ offset: Double, velocity v: Double, deceleration k: Deceleration) -> Double {
        guard k.moves else { return offset }
        return offset + v * k.coastTime
    }

    /// The offset `t` seconds after release: offset + v · coastTime · (1 − e^(−decay·t)).
    public static func decelerating(_ offset: Double, velocity v: Double, deceleration k: Deceleration, at t: Double) -> Double {
        guard k.moves, t > 0 else { return offset }
        return offset - v * k.coastTime * expm1(-k.decay * t)
    }

    /// The velocity `t` seconds after release (points per second): the derivative of
    /// ``decelerating(_:velocity:deceleration:at:)``, v · coastTime · decay · e^(−decay·t).
    public static func deceleratingVelocity(_ v: Double, deceleration k: Deceleration, at t: Double) -> Double {
        guard k.moves else { return 0 }
        return v * k.coastTime * k.decay * exp(-k.decay * max(0, t))
    }

    /// The `v` of ``decelerating(_:velocity:deceleration:at:)`` whose speed at its start is
    /// `speed` points per second: speed / (coastTime · decay). For re-planning a motion in flight.
    public static func releaseVelocity(forSpeed speed: Double, deceleration k: Deceleration) -> Double {
        guard k.moves else { return speed }
        return speed / (k.coastTime * k.decay)
    }

    /// How many seconds until the speed falls below `threshold` points per second (UIKit stops
    /// about there, 5 points per second; what remains is under `threshold / decay` points).
    public static func decelerationDuration(velocity v: Double, deceleration k: Deceleration, threshold: Double = 5) -> Double {
        let s = abs(deceleratingVelocity(v, deceleration: k, at: 0))
        guard s > threshold, k.moves else { return 0 }
        return log(s / threshold) / k.decay
    }

    /// When a deceleration from `offset` with velocity `v` reaches `edge`, in seconds (nil: it
    /// comes to rest before it).
    public static func timeToReach(_ edge: Double, from offset: Double, velocity v: Double, deceleration k: Deceleration) -> Double? {
        guard v != 0, k.moves, (edge - offset) * v > 0 else { return (edge == offset) ? 0 : nil }
        let left = 1 - (edge - offset) / (v * k.coastTime)               // e^(−decay·t) at the edge
        guard left > 0 else { return nil }                                // beyond the projected rest
        return -log(left) / k.decay
    }

    /// While dragging past an edge: the content follows (1 − 1/(x·c/D + 1))·D for an overshoot
    /// `x` (points past the edge, either sign) and a viewport dimension `D`; c = 0.55.
    public static func rubberBand(_ x: Double, dimension D: Double, coefficient c: Double = 0.55) -> Double {
        guard D > 0 else { return 0 }
        let s = x < 0 ? -1.0 : 1.0
        return s * (1 - 1 / (abs(x) * c / D + 1)) * D
    }

    /// A critically damped spring toward 0 from `x0` (points past the edge) with velocity `v0`
    /// (points per second), `t` seconds later, that never crosses 0: an initial velocity that
    /// would carry it past is limited to the one that just reaches it. `omega` is the spring's
    /// angular frequency per second (UIKit's bounce back settles in about 0.5 s).
    public static func springBack(_ x0: Double, velocity v0: Double, at t: Double, omega: Double = 12.5) -> Double {
        let v = clampedSpringVelocity(x0, v0, omega: omega)
        let t = max(0, t)
        return (x0 + (v + omega * x0) * t) * exp(-omega * t)
    }

    /// The spring's velocity at `t` seconds (points per second).
    public static func springBackVelocity(_ x0: Double, velocity v0: Double, at t: Double, omega: Double = 12.5) -> Double {
        let v = clampedSpringVelocity(x0, v0, omega: omega)
        let t = max(0, t)
        return (v - omega * (v + omega * x0) * t) * exp(-omega * t)
    }

    /// The initial velocity a non-crossing critically damped spring may have: x(t) = (x0 + (v +
    /// ωx0)t)e^(−ωt) crosses 0 when v + ωx0 has the opposite sign of x0.
    static func clampedSpringVelocity(_ x0: Double, _ v0: Double, omega: Double) -> Double {
        if x0 > 0, v0 + omega * x0 < 0 { return -omega * x0 }
        if x0 < 0, v0 + omega * x0 > 0 { return -omega * x0 }
        return v0
    }

    /// How long the spring back takes, in seconds, to come within `epsilon` points of the edge
    /// moving slower than a point per second: the first of its samples 1/250 s apart that does
    /// (10 s at most).
    public static func springBackDuration(_ x0: Double, velocity v0: Double, omega: Double = 12.5, epsilon: Double = 0.1) -> Double {
        for n in 0..<2_500 {
            let t = Double(n) / 250
            if abs(springBack(x0, velocity: v0, at: t, omega: omega)) < epsilon,
               abs(springBackVelocity(x0, velocity: v0, at: t, omega: omega)) < 1 { return t }
        }
        return 10
    }

    /// The page a paging scroll view settles on: the projected offset's nearest page, at most one
    /// page from `current` (UIKit moves one page a flick), with a short fast flick advancing.
    public static func targetPage(current: Int, offset: Double, velocity v: Double, pageSize: Double, pageCount: Int,
                                  deceleration k: Deceleration = .normal) -> Int {
        guard pageSize > 0, pageCount > 0 else { return 0 }
        let projected = projectedOffset(offset, velocity: v, deceleration: k)
        var page = Int(saturating: projected / pageSize, rounding: .toNearestOrAwayFromZero)
        // A flick (a velocity above 300 points per second) always leaves the page it started on.
        if abs(v) > 300, page == current { page = current + (v > 0 ? 1 : -1) }
        page = max(current - 1, min(current + 1, page))
        return max(0, min(pageCount - 1, page))
    }

    /// A deceleration that brings velocity `v` to rest exactly `distance` points away (same
    /// direction), for a delegate's target offset: v · coastTime = distance.
    public static func deceleration(toTravel distance: Double, velocity v: Double) -> Deceleration? {
        guard v != 0, distance * v > 0 else { return nil }
        let k = Deceleration(coastTime: distance / v)
        return k.moves ? k : nil
    }
}
