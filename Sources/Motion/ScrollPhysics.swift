#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

/// UIKit's scroll physics as pure functions of time (SC2), in points and milliseconds, as
/// `UIScrollView.DecelerationRate` is specified: a velocity `v` (points per millisecond) decays by
/// the rate `d` every millisecond.
public enum ScrollPhysics {
    /// Where a fling released at `offset` with velocity `v` comes to rest: offset + v·d/(1−d).
    public static func projectedOffset(_ offset: Double, velocity v: Double, rate d: Double) -> Double {
        guard d > 0, d < 1 else { return offset }
        return offset + v * d / (1 - d)
    }

    /// The offset `t` milliseconds after release: offset + v·d·(1−dᵗ)/(1−d).
    public static func decelerating(_ offset: Double, velocity v: Double, rate d: Double, at t: Double) -> Double {
        guard d > 0, d < 1, t > 0 else { return offset }
        return offset + v * d * (1 - pow(d, t)) / (1 - d)
    }

    /// The velocity `t` milliseconds after release (points per millisecond): the derivative of
    /// ``decelerating(_:velocity:rate:at:)``, −v·d·dᵗ·ln d / (1−d), which is v at t = 0 in the
    /// limit d → 1 and decays as dᵗ.
    public static func deceleratingVelocity(_ v: Double, rate d: Double, at t: Double) -> Double {
        guard d > 0, d < 1 else { return 0 }
        return -v * d * pow(d, max(0, t)) * log(d) / (1 - d)
    }

    /// The `v` of ``decelerating(_:velocity:rate:at:)`` whose speed at its start is `speed`
    /// points per millisecond: speed · (1−d) / (−d·ln d). For re-planning a motion in flight.
    public static func releaseVelocity(forSpeed speed: Double, rate d: Double) -> Double {
        guard d > 0, d < 1 else { return speed }
        return speed * (1 - d) / (-d * log(d))
    }

    /// How long until the speed falls below `threshold` points per millisecond (UIKit stops about
    /// there; the remaining distance is under `threshold / (1 − d)` points).
    public static func decelerationDuration(velocity v: Double, rate d: Double, threshold: Double = 0.005) -> Double {
        let s = abs(deceleratingVelocity(v, rate: d, at: 0))
        guard s > threshold, d > 0, d < 1 else { return 0 }
        return log(threshold / s) / log(d)
    }

    /// When a deceleration from `offset` with velocity `v` reaches `edge`, in milliseconds (nil:
    /// it comes to rest before it).
    public static func timeToReach(_ edge: Double, from offset: Double, velocity v: Double, rate d: Double) -> Double? {
        guard v != 0, d > 0, d < 1, (edge - offset) * v > 0 else { return (edge == offset) ? 0 : nil }
        let k = 1 - (edge - offset) * (1 - d) / (v * d)                 // dᵗ at the edge
        guard k > 0 else { return nil }                                   // beyond the projected rest
        return log(k) / log(d)
    }

    /// While dragging past an edge: the content follows (1 − 1/(x·c/D + 1))·D for an overshoot
    /// `x` (points past the edge, either sign) and a viewport dimension `D`; c = 0.55.
    public static func rubberBand(_ x: Double, dimension D: Double, coefficient c: Double = 0.55) -> Double {
        guard D > 0 else { return 0 }
        let s = x < 0 ? -1.0 : 1.0
        return s * (1 - 1 / (abs(x) * c / D + 1)) * D
    }

    /// A critically damped spring toward 0 from `x0` (points past the edge) with velocity `v0`
    /// (points per millisecond), `t` milliseconds later, that never crosses 0: an initial velocity
    /// that would carry it past is limited to the one that just reaches it. `omega` is the
    /// spring's angular frequency per millisecond (UIKit's bounce back settles in about 0.5 s).
    public static func springBack(_ x0: Double, velocity v0: Double, at t: Double, omega: Double = 0.0125) -> Double {
        let v = clampedSpringVelocity(x0, v0, omega: omega)
        let t = max(0, t)
        return (x0 + (v + omega * x0) * t) * exp(-omega * t)
    }

    /// The spring's velocity at `t` (points per millisecond).
    public static func springBackVelocity(_ x0: Double, velocity v0: Double, at t: Double, omega: Double = 0.0125) -> Double {
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

    /// How long the spring back takes to come within `epsilon` points of the edge.
    public static func springBackDuration(_ x0: Double, velocity v0: Double, omega: Double = 0.0125, epsilon: Double = 0.1) -> Double {
        var t = 0.0
        while t < 10_000 {
            if abs(springBack(x0, velocity: v0, at: t, omega: omega)) < epsilon,
               abs(springBackVelocity(x0, velocity: v0, at: t, omega: omega)) < 0.001 { return t }
            t += 4
        }
        return t
    }

    /// The page a paging scroll view settles on: the projected offset's nearest page, at most one
    /// page from `current` (UIKit moves one page a flick), with a short fast flick advancing.
    public static func targetPage(current: Int, offset: Double, velocity v: Double, pageSize: Double, pageCount: Int,
                                  rate d: Double = 0.998) -> Int {
        guard pageSize > 0, pageCount > 0 else { return 0 }
        let projected = projectedOffset(offset, velocity: v, rate: d)
        var page = Int(saturating: projected / pageSize, rounding: .toNearestOrAwayFromZero)
        // A flick (a velocity above 0.3 pt/ms) always leaves the page it started on.
        if abs(v) > 0.3, page == current { page = current + (v > 0 ? 1 : -1) }
        page = max(current - 1, min(current + 1, page))
        return max(0, min(pageCount - 1, page))
    }

    /// A rate that brings velocity `v` to rest exactly `distance` points away (same direction),
    /// for a delegate's target offset: v·d/(1−d) = distance, so d = distance/(v + distance).
    public static func rate(toTravel distance: Double, velocity v: Double) -> Double? {
        guard v != 0, distance * v > 0 else { return nil }
        let d = distance / (v + distance)
        return d > 0 && d < 1 ? d : nil
    }
}
