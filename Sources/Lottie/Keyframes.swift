import Geometry
import Motion

/// A value a Lottie property can hold and interpolate: numbers, points and colours as up to four
/// components (``LottieVector``), gradient stops, and bezier shapes.
public protocol LottieValue: Sendable {
    /// The value `progress` of the way from `a` to `b`; `progress` holds one eased fraction per
    /// dimension (Lottie eases each dimension of a keyframe on its own curve).
    static func interpolate(_ a: Self, _ b: Self, _ progress: SIMD4<Double>) -> Self
}

/// Up to four numbers: a scalar (x), a point or size (x, y), a 3-D point, a colour (r, g, b, a).
public typealias LottieVector = SIMD4<Double>

extension SIMD4: LottieValue where Scalar == Double {
    public static func interpolate(_ a: Self, _ b: Self, _ progress: SIMD4<Double>) -> Self {
        a + (b - a) * progress
    }
}

/// Gradient stops as Lottie stores them: colour stops (offset, r, g, b) then alpha stops
/// (offset, alpha), interpolated number by number.
public struct GradientStops: LottieValue, Equatable {
    public var numbers: [Double]
    public init(_ numbers: [Double]) { self.numbers = numbers }
    public static func interpolate(_ a: Self, _ b: Self, _ progress: SIMD4<Double>) -> Self {
        guard a.numbers.count == b.numbers.count else { return progress.x < 1 ? a : b }
        var out = a.numbers
        for k in out.indices { out[k] += (b.numbers[k] - out[k]) * progress.x }
        return GradientStops(out)
    }
}

/// A bezier shape as Lottie stores it: vertices with in and out tangents relative to them.
public struct BezierShape: LottieValue, Equatable {
    public var vertices: [Point]
    public var inTangents: [Point]
    public var outTangents: [Point]
    public var isClosed: Bool

    public init(vertices: [Point], inTangents: [Point], outTangents: [Point], isClosed: Bool) {
        self.vertices = vertices; self.inTangents = inTangents; self.outTangents = outTangents; self.isClosed = isClosed
    }

    /// Point by point when both have as many vertices; otherwise the nearer end (After Effects
    /// cannot morph between different vertex counts either).
    public static func interpolate(_ a: Self, _ b: Self, _ progress: SIMD4<Double>) -> Self {
        let t = progress.x
        guard a.vertices.count == b.vertices.count else { return t < 1 ? a : b }
        func mix(_ p: [Point], _ q: [Point]) -> [Point] {
            var out = p
            for k in out.indices { out[k] = Point(x: p[k].x + (q[k].x - p[k].x) * t, y: p[k].y + (q[k].y - p[k].y) * t) }
            return out
        }
        return BezierShape(vertices: mix(a.vertices, b.vertices), inTangents: mix(a.inTangents, b.inTangents),
                           outTangents: mix(a.outTangents, b.outTangents), isClosed: a.isClosed)
    }
}

/// One keyframe: its value from `time` on, eased toward the next keyframe's value.
public struct Keyframe<Value: LottieValue>: Sendable {
    /// The frame the keyframe is at (in the layer's time).
    public var time: Double
    public var value: Value
    /// The value the segment to the next keyframe ends at (the next keyframe's value; old files
    /// give it here as "e").
    public var endValue: Value?
    /// Whether the value holds until the next keyframe.
    public var isHold: Bool
    /// One easing curve per dimension for the segment to the next keyframe ("o" then "i").
    public var easing: [CubicBezier]
    /// Spatial tangents of a position's motion path, relative to the start and end values.
    public var spatialOut: Point?, spatialIn: Point?
}

/// A property that is fixed or keyframed.
public enum Animatable<Value: LottieValue>: Sendable {
    case fixed(Value)
    case keyframed([Keyframe<Value>])
    /// A value provider's (LT2): a function of the frame.
    case provided(@Sendable (Double) -> Value)

    /// Whether the value changes over time.
    public var isAnimated: Bool {
        switch self {
        case .fixed: false
        case .keyframed(let k): k.count > 1
        case .provided: true
        }
    }

    /// The value at `frame` (the layer's local frame): held before the first keyframe and after
    /// the last, eased in between. A pure function of the frame.
    public func value(at frame: Double) -> Value {
        switch self {
        case .fixed(let v): return v
        case .provided(let f): return f(frame)
        case .keyframed(let keys):
            let first = keys[0]
            if keys.count == 1 || frame <= first.time { return first.value }
            // The segment holding the frame: the last keyframe at or before it.
            var lo = 0, hi = keys.count - 1
            if frame >= keys[hi].time { return keys[hi].value }
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if keys[mid].time <= frame { lo = mid } else { hi = mid }
            }
            let k = keys[lo], next = keys[hi]
            if k.isHold { return k.value }
            let end = k.endValue ?? next.value
            let span = next.time - k.time
            guard span > 0 else { return end }
            let x = (frame - k.time) / span
            var progress = SIMD4<Double>(repeating: 0)
            if k.easing.isEmpty {
                progress = SIMD4(repeating: x)
            } else {
                for d in 0..<4 { progress[d] = k.easing[min(d, k.easing.count - 1)].progress(at: x) }
            }
            if let to = k.spatialOut, let ti = k.spatialIn, let a = k.value as? LottieVector, let b = end as? LottieVector,
               to != .zero || ti != .zero, let moved = Self.alongPath(a, b, to, ti, progress.x) as? Value {
                return moved
            }
            return Value.interpolate(k.value, end, progress)
        }
    }

    /// A position `fraction` of the way along the cubic from `a` to `b` with tangents `to` and
    /// `ti`, by arc length (the motion path's speed is the easing's, not the curve's).
    static func alongPath(_ a: LottieVector, _ b: LottieVector, _ to: Point, _ ti: Point, _ fraction: Double) -> LottieVector {
        let p0 = Point(x: a.x, y: a.y), p3 = Point(x: b.x, y: b.y)
        let p1 = Point(x: p0.x + to.x, y: p0.y + to.y), p2 = Point(x: p3.x + ti.x, y: p3.y + ti.y)
        func at(_ s: Double) -> Point {
            let u = 1 - s
            let w0 = u * u * u, w1 = 3 * u * u * s, w2 = 3 * u * s * s, w3 = s * s * s
            return Point(x: w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x, y: w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y)
        }
        if fraction <= 0 { return a }
        if fraction >= 1 { return b }
        // Arc length over 64 chords, then the chord holding the wanted length.
        let n = 64
        var total = 0.0, prev = p0
        var table = [Double](repeating: 0, count: n + 1)
        for k in 1...n {
            let p = at(Double(k) / Double(n))
            total += ((p.x - prev.x) * (p.x - prev.x) + (p.y - prev.y) * (p.y - prev.y)).squareRoot()
            table[k] = total
            prev = p
        }
        guard total > 0 else { return a + (b - a) * fraction }
        let want = fraction * total
        var k = 1
        while k < n && table[k] < want { k += 1 }
        let seg = table[k] - table[k - 1]
        let s = (Double(k - 1) + (seg > 0 ? (want - table[k - 1]) / seg : 0)) / Double(n)
        let p = at(s)
        return LottieVector(p.x, p.y, a.z + (b.z - a.z) * fraction, a.w + (b.w - a.w) * fraction)
    }
}

extension Animatable where Value == LottieVector {
    /// The first component at `frame`.
    func scalar(at frame: Double) -> Double { value(at: frame).x }
    /// The first two components at `frame` as a point.
    func point(at frame: Double) -> Point { let v = value(at: frame); return Point(x: v.x, y: v.y) }
}
