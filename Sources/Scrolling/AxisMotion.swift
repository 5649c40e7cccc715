import Motion

/// One axis of a scroll view's motion as a function of the seconds since it began (the layer
/// time its animation hands over, AM2), in points and points per second.
struct AxisMotion {
    enum Kind {
        case still(Double)
        /// Decelerating from `offset` at `v`; reaching `edge` at `edgeTime` it springs back (or stops).
        case fling(offset: Double, v: Double, deceleration: ScrollPhysics.Deceleration, edge: Double?, edgeTime: Double, bounces: Bool)
        /// Past an edge at release: a spring back to `edge`.
        case spring(edge: Double, x0: Double, v0: Double)
        /// Eased from one value to another over a duration.
        case ease(from: Double, to: Double, duration: Double)
        /// A deceleration tuned to stop exactly at a target, keeping the release velocity.
        case toTarget(offset: Double, v: Double, deceleration: ScrollPhysics.Deceleration, target: Double)
    }
    var kind: Kind
    /// Seconds from its start to its rest.
    var duration: Double

    /// From `a` to `b` over `seconds`, easing in and out.
    static func ease(_ a: Double, _ b: Double, _ seconds: Double) -> AxisMotion {
        a == b ? AxisMotion(kind: .still(b), duration: 0)
               : AxisMotion(kind: .ease(from: a, to: b, duration: seconds), duration: seconds)
    }

    /// A release at `o` with velocity `v` between the edges `lo` and `hi`.
    static func fling(_ o: Double, _ v: Double, _ k: ScrollPhysics.Deceleration, _ lo: Double, _ hi: Double, bounces: Bool) -> AxisMotion {
        if o < lo || o > hi {
            let edge = o < lo ? lo : hi
            return AxisMotion(kind: .spring(edge: edge, x0: o - edge, v0: v),
                              duration: ScrollPhysics.springBackDuration(o - edge, velocity: v))
        }
        guard abs(v) > 5 else { return AxisMotion(kind: .still(o), duration: 0) }
        let edge = v < 0 ? lo : hi
        if let te = ScrollPhysics.timeToReach(edge, from: o, velocity: v, deceleration: k) {
            let ve = ScrollPhysics.deceleratingVelocity(v, deceleration: k, at: te)
            let tail = bounces ? ScrollPhysics.springBackDuration(0, velocity: ve) : 0
            return AxisMotion(kind: .fling(offset: o, v: v, deceleration: k, edge: edge, edgeTime: te, bounces: bounces), duration: te + tail)
        }
        return AxisMotion(kind: .fling(offset: o, v: v, deceleration: k, edge: nil, edgeTime: .infinity, bounces: bounces),
                          duration: ScrollPhysics.decelerationDuration(velocity: v, deceleration: k))
    }

    /// A release at `o` with velocity `v` that comes to rest at `target` (3 s at most).
    static func toTarget(_ o: Double, _ target: Double, _ v: Double) -> AxisMotion {
        if o == target { return AxisMotion(kind: .still(target), duration: 0) }
        if let k = ScrollPhysics.deceleration(toTravel: target - o, velocity: v) {
            return AxisMotion(kind: .toTarget(offset: o, v: v, deceleration: k, target: target),
                              duration: min(3, ScrollPhysics.decelerationDuration(velocity: v, deceleration: k, threshold: 2)))
        }
        // No velocity toward it: a spring from here to the target.
        return AxisMotion(kind: .spring(edge: target, x0: o - target, v0: v),
                          duration: ScrollPhysics.springBackDuration(o - target, velocity: v))
    }

    /// The offset `t` seconds after it began (`.infinity`: where it rests).
    func value(at t: Double) -> Double {
        switch kind {
        case .still(let v): return v
        case .ease(let a, let b, let duration):
            let f = t >= duration ? 1 : TimingCurve.easeInOut.progress(fraction: max(0, t) / duration)
            return a + (b - a) * f
        case .spring(let edge, let x0, let v0):
            return t.isInfinite ? edge : edge + ScrollPhysics.springBack(x0, velocity: v0, at: t)
        case .toTarget(let o, let v, let k, let target):
            return t >= duration ? target : ScrollPhysics.decelerating(o, velocity: v, deceleration: k, at: t)
        case .fling(let o, let v, let k, let edge, let te, let bounces):
            if let edge, t >= te {
                if !bounces || t.isInfinite { return edge }
                let ve = ScrollPhysics.deceleratingVelocity(v, deceleration: k, at: te)
                return edge + ScrollPhysics.springBack(0, velocity: ve, at: t - te)
            }
            if t.isInfinite { return ScrollPhysics.projectedOffset(o, velocity: v, deceleration: k) }
            return ScrollPhysics.decelerating(o, velocity: v, deceleration: k, at: t)
        }
    }

    /// The velocity at `t` seconds, points per second: the change over the next millisecond.
    func velocity(at t: Double) -> Double {
        (value(at: t + 0.001) - value(at: t)) / 0.001
    }
}
