import Geometry
import Motion

/// A value a Lottie property can hold and interpolate: numbers, points and colours as up to four
/// components (``LottieVector``), gradient stops, and bezier shapes.
public protocol LottieValue: Sendable {
    /// The value `progress` of the way from `a` to `b`; `progress` holds one eased fraction per
    /// dimension (Lottie eases each dimension of a keyframe on its own curve).
    static func interpolate(_ a: Self, _ b: Self, _ progress: SIMD4<Double>) -> Self
    /// The value `fraction` of the way along a motion path (positions only; others never have one).
    static func along(_ path: MotionPath, _ fraction: Double, from a: Self, to b: Self) -> Self
}

extension LottieValue {
    public static func along(_ path: MotionPath, _ fraction: Double, from a: Self, to b: Self) -> Self {
        interpolate(a, b, SIMD4(repeating: fraction))
    }
}

/// Up to four numbers: a scalar (x), a point or size (x, y), a 3-D point, a colour (r, g, b, a).
public typealias LottieVector = SIMD4<Double>

extension SIMD4: LottieValue where Scalar == Double {
    public static func interpolate(_ a: Self, _ b: Self, _ progress: SIMD4<Double>) -> Self {
        a + (b - a) * progress
    }

    public static func along(_ path: MotionPath, _ fraction: Double, from a: Self, to b: Self) -> Self {
        let p = path.point(at: fraction)
        return LottieVector(p.x, p.y, a.z + (b.z - a.z) * fraction, a.w + (b.w - a.w) * fraction)
    }
}

/// A position keyframe's motion path: the cubic from its value to the next through the spatial
/// tangents, with its arc length tabulated once (when the file is read), so that equal eased
/// fractions cover equal distances and a frame costs a lookup.
public struct MotionPath: Sendable {
    let p0: Point, p1: Point, p2: Point, p3: Point
    /// Arc length at parameters k / ``steps``.
    let lengths: [Double]
    static let steps = 64

    /// The path from `a` to `b` leaving along `out` and arriving along `in` (both relative).
    init(from a: Point, to b: Point, out: Point, in: Point) {
        p0 = a; p3 = b
        p1 = Point(x: a.x + out.x, y: a.y + out.y); p2 = Point(x: b.x + `in`.x, y: b.y + `in`.y)
        var table = [0.0], prev = a, total = 0.0
        for k in 1...Self.steps {
            let p = Self.cubic(p0, p1, p2, p3, Double(k) / Double(Self.steps))
            total += ((p.x - prev.x) * (p.x - prev.x) + (p.y - prev.y) * (p.y - prev.y)).squareRoot()
            table.append(total)
            prev = p
        }
        lengths = table
    }

    static func cubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ s: Double) -> Point {
        let u = 1 - s
        let w0 = u * u * u, w1 = 3 * u * u * s, w2 = 3 * u * s * s, w3 = s * s * s
        return Point(x: w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x, y: w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y)
    }

    /// The point `fraction` of the way along by arc length.
    func point(at fraction: Double) -> Point {
        if fraction <= 0 { return p0 }
        if fraction >= 1 { return p3 }
        let total = lengths[Self.steps]
        guard total > 0 else { return Point(x: p0.x + (p3.x - p0.x) * fraction, y: p0.y + (p3.y - p0.y) * fraction) }
        let want = fraction * total
        var lo = 0, hi = Self.steps
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if lengths[mid] < want { lo = mid } else { hi = mid }
        }
        let seg = lengths[hi] - lengths[lo]
        let s = (Double(lo) + (seg > 0 ? (want - lengths[lo]) / seg : 0)) / Double(Self.steps)
        return Self.cubic(p0, p1, p2, p3, s)
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
public struct LottieKeyframe<Value: LottieValue>: Sendable {
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
    /// The motion path to the next keyframe's value, for positions with spatial tangents.
    public var motionPath: MotionPath?
}

/// A property that is fixed or keyframed.
public enum Animatable<Value: LottieValue>: Sendable {
    case fixed(Value)
    case keyframed([LottieKeyframe<Value>])
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
            if let path = k.motionPath { return Value.along(path, progress.x, from: k.value, to: end) }
            return Value.interpolate(k.value, end, progress)
        }
    }
}

extension Animatable where Value == LottieVector {
    /// The first component at `frame`.
    func scalar(at frame: Double) -> Double { value(at: frame).x }
    /// The first two components at `frame` as a point.
    func point(at frame: Double) -> Point { let v = value(at: frame); return Point(x: v.x, y: v.y) }
}
