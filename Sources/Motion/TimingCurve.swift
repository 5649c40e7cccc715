#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How an animation's progress follows time (N3). Every curve is a pure function of time; progress
/// 0 and 1 are exact at the ends.
public enum TimingCurve: Sendable, Equatable {
    /// Progress proportional to time.
    case linear
    /// A cubic Bézier easing, as CSS `cubic-bezier`.
    case cubicBezier(CubicBezier)
    /// A damped spring, which may overshoot 1.
    case spring(Spring)
    /// CSS `steps(n, position)`: progress in equal jumps (N10).
    case steps(Steps)
    /// CSS `linear(...)`: straight lines between stops (N10).
    case piecewiseLinear(PiecewiseLinear)

    /// CSS's `ease`, (0.25, 0.1, 0.25, 1).
    public static let ease = TimingCurve.cubicBezier(CubicBezier(0.25, 0.1, 0.25, 1))

    /// Core Animation's ease-in, (0.42, 0, 1, 1).
    public static let easeIn = TimingCurve.cubicBezier(CubicBezier(0.42, 0, 1, 1))
    /// Core Animation's ease-out, (0, 0, 0.58, 1).
    public static let easeOut = TimingCurve.cubicBezier(CubicBezier(0, 0, 0.58, 1))
    /// Core Animation's ease-in-out, (0.42, 0, 0.58, 1): UIKit's default.
    public static let easeInOut = TimingCurve.cubicBezier(CubicBezier(0.42, 0, 0.58, 1))

    /// Progress at `fraction` (0...1) of a duration-based curve. For a spring, `fraction` is
    /// ignored in favour of ``progress(seconds:fraction:)``.
    @inlinable public func progress(fraction: Double) -> Double { progress(fraction: fraction, beforeFlag: false) }

    /// Progress at `fraction`, with CSS's before flag: set when the effect is before its active
    /// interval going forwards, or after it going backwards; only step easings look at it.
    @inlinable public func progress(fraction: Double, beforeFlag: Bool) -> Double {
        switch self {
        case .linear: return min(max(fraction, 0), 1)
        case .cubicBezier(let b): return b.progress(at: fraction)
        case .spring(let s): return s.progress(at: fraction * s.settlingDuration)
        case .steps(let st): return st.progress(at: fraction, beforeFlag: beforeFlag)
        case .piecewiseLinear(let l): return l.progress(at: fraction)
        }
    }

    /// The derivative of progress with respect to the time fraction at `fraction` (0...1): how fast
    /// the curve moves there, per whole duration. Continuations use it to carry velocity over.
    public func slope(atFraction fraction: Double) -> Double {
        switch self {
        case .linear: return 1
        case .cubicBezier(let b): return b.slope(at: fraction)
        case .spring(let s): return s.velocity(at: fraction * s.settlingDuration) * s.settlingDuration
        case .steps: return 0
        case .piecewiseLinear(let l): return l.slope(at: fraction)
        }
    }

    /// Whether the curve runs on its own clock (springs follow their equation in seconds).
    public var isSpring: Bool { if case .spring = self { true } else { false } }
}

/// A cubic Bézier timing curve from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2),
/// x1 and x2 in 0...1. The curve's x is solved for the time fraction to 1e-7 by Newton's method,
/// falling back to bisection; no polynomial approximation.
public struct CubicBezier: Sendable, Equatable {
    /// The control points (x1, y1) and (x2, y2); x1 and x2 in 0...1.
    public let x1: Double, y1: Double, x2: Double, y2: Double

    /// The curve with control points (`x1`, `y1`) and (`x2`, `y2`); x1 and x2 must lie in 0...1.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        precondition((0...1).contains(x1) && (0...1).contains(x2), "CubicBezier: x1 and x2 must lie in 0...1 so that x is monotonic; got \(x1), \(x2)")
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    /// The solver's tolerance on x.
    public static let tolerance = 1e-7

    @inlinable @inline(__always) func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        // B(s) = 3(1-s)²s·p1 + 3(1-s)s²·p2 + s³
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    @inlinable @inline(__always) func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// The curve parameter whose x is `x`.
    @inlinable public func parameter(forX x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let err = bezier(s, x1, x2) - x
            if abs(err) < Self.tolerance { return s }
            let d = derivative(s, x1, x2)
            if abs(d) < 1e-12 { break }
            s -= err / d
            if s < 0 || s > 1 { break }
        }
        var lo = 0.0, hi = 1.0
        s = x
        while hi - lo > 1e-12 {
            let v = bezier(s, x1, x2)
            if abs(v - x) < Self.tolerance { return s }
            if v < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }

    /// dy/dx at time fraction `x`: (dy/ds) / (dx/ds) at the curve parameter s whose x is `x`.
    public func slope(at x: Double) -> Double {
        let s = parameter(forX: min(max(x, 0), 1))
        let dx = derivative(s, x1, x2), dy = derivative(s, y1, y2)
        if abs(dx) > 1e-9 { return dy / dx }
        // A vertical tangent (x1 or x2 at 0 or 1 at an end): the limit from a nearby parameter.
        let h = s < 0.5 ? 1e-6 : -1e-6
        let dxh = derivative(s + h, x1, x2), dyh = derivative(s + h, y1, y2)
        return abs(dxh) > 0 ? dyh / dxh : 0
    }

    /// Progress (y) at time fraction `x`; exactly 0 and 1 at the ends.
    @inlinable public func progress(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return bezier(parameter(forX: x), y1, y2)
    }
}

/// A damped spring in closed form (N3), unit-normalised: progress runs from 0 (the old value) to
/// 1 (the new one). With mass 1, stiffness `k = (2π/response)²` and damping
/// `c = 4π·dampingRatio/response`, the displacement `x = progress − 1` obeys `x'' = −k·x − c·x'`,
/// starting at `x(0) = −1` with `x'(0) = initialVelocity` (1 = the whole distance per second).
/// All three regimes are exact: under-damped (ratio < 1), critically damped (= 1), over-damped (> 1).
public struct Spring: Sendable, Equatable {
    /// 1 settles without overshoot, below 1 bounces, above 1 approaches more slowly.
    public let dampingRatio: Double
    /// The period in seconds the undamped spring would swing with: smaller is stiffer and faster.
    public let response: Double
    /// The speed at the start, in whole distances per second.
    public let initialVelocity: Double
    /// The displacement and speed (fractions of the distance) below which the spring has settled.
    public let threshold: Double
    /// When it settles: from then on both |x| and |x'|/ω₀ stay below ``threshold``; the animation
    /// ends there with progress exactly 1.
    public private(set) var settlingDuration: Double

    @usableFromInline let omega: Double        // natural angular frequency ω₀
    @usableFromInline let a: Double, b: Double // coefficients of the regime's solution
    @usableFromInline let r1: Double, r2: Double

    /// - Precondition: `dampingRatio > 0` and `response > 0` (scene files report these as errors
    ///   before building).
    public init(dampingRatio: Double, response: Double, initialVelocity: Double = 0, threshold: Double = 1e-3) {
        precondition(dampingRatio > 0 && dampingRatio.isFinite, "Spring: dampingRatio must be above 0; got \(dampingRatio)")
        precondition(response > 0 && response.isFinite, "Spring: response must be above 0; got \(response)")
        precondition(initialVelocity.isFinite, "Spring: initialVelocity must be finite")
        self.dampingRatio = dampingRatio
        self.response = response
        self.initialVelocity = initialVelocity
        self.threshold = threshold
        let w = 2 * Double.pi / response
        omega = w
        let x0 = -1.0, v0 = initialVelocity
        if dampingRatio < 1 {
            let wd = w * (1 - dampingRatio * dampingRatio).squareRoot()
            a = x0; b = (v0 + dampingRatio * w * x0) / wd
            r1 = -dampingRatio * w; r2 = wd
        } else if dampingRatio == 1 {
            a = x0; b = v0 + w * x0
            r1 = -w; r2 = 0
        } else {
            let root = (dampingRatio * dampingRatio - 1).squareRoot()
            let s1 = -w * (dampingRatio - root), s2 = -w * (dampingRatio + root)
            let c2 = (v0 - s1 * x0) / (s2 - s1)
            a = x0 - c2; b = c2
            r1 = s1; r2 = s2
        }
        settlingDuration = 0
        settlingDuration = findSettlingTime()
    }

    /// A spring by its perceptual duration and bounce, as SwiftUI's `Spring(duration:bounce:)`
    /// (N9): the response is the duration; a bounce from 0 to 1 is a damping ratio of 1 − bounce
    /// (0.3 is a spring that overshoots a little), a negative bounce an over-damped spring with
    /// ratio 1 / (1 + bounce). At mass 1, duration 0.5 and bounce 0.3 are stiffness ≈ 157.9 and
    /// damping ≈ 17.6.
    ///
    /// - Precondition: `duration > 0` and `-1 < bounce < 1`.
    public init(duration: Double, bounce: Double, initialVelocity: Double = 0) {
        precondition(duration > 0 && duration.isFinite, "Spring(duration:bounce:): the duration must be above 0; got \(duration)")
        precondition(bounce > -1 && bounce < 1, "Spring(duration:bounce:): the bounce must lie in -1 < bounce < 1; got \(bounce)")
        self.init(dampingRatio: bounce >= 0 ? 1 - bounce : 1 / (1 + bounce), response: duration, initialVelocity: initialVelocity)
    }

    /// A spring by the physical parameters at mass 1: `x'' = −stiffness·x − damping·x'`.
    ///
    /// - Precondition: both are above 0.
    public init(stiffness: Double, damping: Double, initialVelocity: Double = 0) {
        precondition(stiffness > 0 && stiffness.isFinite && damping > 0 && damping.isFinite,
                     "Spring(stiffness:damping:): both must be above 0; got \(stiffness), \(damping)")
        let response = 2 * Double.pi / stiffness.squareRoot()
        self.init(dampingRatio: damping / (2 * stiffness.squareRoot()), response: response, initialVelocity: initialVelocity)
    }

    /// The stiffness k = (2π / response)² at mass 1.
    public var stiffness: Double { (2 * Double.pi / response) * (2 * Double.pi / response) }
    /// The damping c = 4π · dampingRatio / response at mass 1.
    public var damping: Double { 4 * Double.pi * dampingRatio / response }
    /// The perceptual duration (SwiftUI's): the response.
    public var duration: Double { response }
    /// The bounce (SwiftUI's): 1 − dampingRatio when under-damped, 1 / dampingRatio − 1 otherwise.
    public var bounce: Double { dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1 }

    /// Displacement from the target (progress − 1) at `t` seconds.
    @inlinable public func displacement(at t: Double) -> Double {
        if dampingRatio < 1 { return exp(r1 * t) * (a * cos(r2 * t) + b * sin(r2 * t)) }
        if dampingRatio == 1 { return exp(r1 * t) * (a + b * t) }
        return a * exp(r1 * t) + b * exp(r2 * t)
    }

    /// Velocity in distances per second at `t` seconds.
    public func velocity(at t: Double) -> Double {
        if dampingRatio < 1 {
            let e = exp(r1 * t), c = cos(r2 * t), s = sin(r2 * t)
            return e * (r1 * (a * c + b * s) + r2 * (-a * s + b * c))
        }
        if dampingRatio == 1 { return exp(r1 * t) * (r1 * (a + b * t) + b) }
        return a * r1 * exp(r1 * t) + b * r2 * exp(r2 * t)
    }

    /// Progress at `t` seconds: 0 at t = 0, exactly 1 from the settling time on.
    @inlinable public func progress(at t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= settlingDuration { return 1 }
        return 1 + displacement(at: t)
    }

    /// An upper bound of |x(t)| and |x'(t)|/ω₀ that decreases with t.
    private func envelope(_ t: Double) -> Double {
        if dampingRatio < 1 {
            let amp = (a * a + b * b).squareRoot()
            return exp(r1 * t) * amp * max(1, (r1 * r1 + r2 * r2).squareRoot() / omega)
        }
        if dampingRatio == 1 { return exp(r1 * t) * (abs(a) + abs(b) * t + abs(b) / omega) }
        return (abs(a) * exp(r1 * t) + abs(b) * exp(r2 * t)) * max(1, max(abs(r1), abs(r2)) / omega)
    }

    private func findSettlingTime() -> Double {
        // The envelope bounds the motion; find where it drops below the threshold (bisection).
        var hi = response
        while envelope(hi) > threshold { hi *= 2; if hi > 1e4 { return hi } }
        var lo = 0.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if envelope(mid) > threshold { lo = mid } else { hi = mid }
        }
        return hi
    }
}
