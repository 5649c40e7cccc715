import Geometry
import Motion

/// A value a Lottie property can hold and interpolate: numbers, points and colours as up to four
/// components (``LottieVector``), gradient stops, and bezier shapes. Keyframed properties are
/// `KeyframeCurve`s of them (the package's one keyframe interpolation, AM2).
public protocol LottieValue: KeyframeValue, Sendable {}

/// Up to four numbers: a scalar (x), a point or size (x, y), a 3-D point, a colour (r, g, b, a).
public typealias LottieVector = SIMD4<Double>

extension SIMD4: KeyframeValue, LottieValue where Scalar == Double {
    @inlinable public static func interpolate(_ a: Self, _ b: Self, _ fraction: Double) -> Self { a + (b - a) * fraction }

    /// Each component eased on its own (Lottie eases each dimension of a keyframe on its own curve).
    @inlinable public static func interpolate(_ a: Self, _ b: Self, _ progress: SIMD4<Double>) -> Self {
        a + (b - a) * progress
    }

    @inlinable public static func sum(_ a: Self, _ b: Self) -> Self { a + b }
    @inlinable public static func difference(_ a: Self, _ b: Self) -> Self { a - b }
    @inlinable public static func scaled(_ v: Self, by k: Double) -> Self { v * k }
    /// The Euclidean distance between the two vectors.
    public static func distance(_ a: Self, _ b: Self) -> Double { ((a - b) * (a - b)).sum().squareRoot() }

    /// A position on its motion path: x and y from the path, z and w interpolated.
    @inlinable public static func along(_ point: Point, from a: Self, to b: Self, _ fraction: Double) -> Self {
        LottieVector(point.x, point.y, a.z + (b.z - a.z) * fraction, a.w + (b.w - a.w) * fraction)
    }
}

/// Gradient stops as Lottie stores them: colour stops (offset, r, g, b) then alpha stops
/// (offset, alpha), interpolated number by number.
public struct GradientStops: LottieValue, Equatable {
    /// The stops as flat numbers: (offset, r, g, b) per colour stop, then (offset, alpha) per alpha stop, all 0...1.
    public var numbers: [Double]
    /// Stops from their flat numbers.
    public init(_ numbers: [Double]) { self.numbers = numbers }
    /// Number by number from `a` to `b` (stops of different counts do not blend: `a` until the end).
    public static func interpolate(_ a: Self, _ b: Self, _ fraction: Double) -> Self {
        guard a.numbers.count == b.numbers.count else { return fraction < 1 ? a : b }
        var out = a.numbers
        for k in out.indices { out[k] += (b.numbers[k] - out[k]) * fraction }
        return GradientStops(out)
    }

    /// Number by number (stops of different counts do not add: `b` wins).
    public static func sum(_ a: Self, _ b: Self) -> Self {
        guard a.numbers.count == b.numbers.count else { return b }
        var out = a.numbers
        for k in out.indices { out[k] += b.numbers[k] }
        return GradientStops(out)
    }

    /// Every number times `k`.
    public static func scaled(_ v: Self, by k: Double) -> Self { GradientStops(v.numbers.map { $0 * k }) }

    /// The Euclidean distance between the two lists of numbers (0 when their counts differ).
    public static func distance(_ a: Self, _ b: Self) -> Double {
        guard a.numbers.count == b.numbers.count else { return 0 }
        var sum = 0.0
        for k in a.numbers.indices { sum += (a.numbers[k] - b.numbers[k]) * (a.numbers[k] - b.numbers[k]) }
        return sum.squareRoot()
    }
}

/// A bezier shape as Lottie stores it: vertices with in and out tangents relative to them.
public struct BezierShape: LottieValue, Equatable {
    /// The points the path passes through, in the layer's units.
    public var vertices: [Point]
    /// Each vertex's incoming control point, relative to the vertex.
    public var inTangents: [Point]
    /// Each vertex's outgoing control point, relative to the vertex.
    public var outTangents: [Point]
    /// Whether the last vertex joins the first.
    public var isClosed: Bool

    /// A shape of `vertices` with their tangents (one of each per vertex).
    public init(vertices: [Point], inTangents: [Point], outTangents: [Point], isClosed: Bool) {
        self.vertices = vertices; self.inTangents = inTangents; self.outTangents = outTangents; self.isClosed = isClosed
    }

    /// Point by point when both have as many vertices; otherwise the nearer end (After Effects
    /// cannot morph between different vertex counts either).
    public static func interpolate(_ a: Self, _ b: Self, _ fraction: Double) -> Self {
        let t = fraction
        guard a.vertices.count == b.vertices.count else { return t < 1 ? a : b }
        func mix(_ p: [Point], _ q: [Point]) -> [Point] {
            var out = p
            for k in out.indices { out[k] = Point(x: p[k].x + (q[k].x - p[k].x) * t, y: p[k].y + (q[k].y - p[k].y) * t) }
            return out
        }
        return BezierShape(vertices: mix(a.vertices, b.vertices), inTangents: mix(a.inTangents, b.inTangents),
                           outTangents: mix(a.outTangents, b.outTangents), isClosed: a.isClosed)
    }

    /// Point by point (shapes of different vertex counts do not add: `b` wins).
    public static func sum(_ a: Self, _ b: Self) -> Self {
        guard a.vertices.count == b.vertices.count else { return b }
        func add(_ p: [Point], _ q: [Point]) -> [Point] {
            var out = p
            for k in out.indices where k < q.count { out[k] = Point(x: p[k].x + q[k].x, y: p[k].y + q[k].y) }
            return out
        }
        return BezierShape(vertices: add(a.vertices, b.vertices), inTangents: add(a.inTangents, b.inTangents),
                           outTangents: add(a.outTangents, b.outTangents), isClosed: a.isClosed)
    }

    /// Every vertex and tangent times `k`.
    public static func scaled(_ v: Self, by k: Double) -> Self {
        func scale(_ p: [Point]) -> [Point] { p.map { Point(x: $0.x * k, y: $0.y * k) } }
        return BezierShape(vertices: scale(v.vertices), inTangents: scale(v.inTangents), outTangents: scale(v.outTangents), isClosed: v.isClosed)
    }

    /// Over the vertices (0 between shapes of different vertex counts).
    public static func distance(_ a: Self, _ b: Self) -> Double {
        guard a.vertices.count == b.vertices.count else { return 0 }
        var sum = 0.0
        for k in a.vertices.indices {
            let dx = a.vertices[k].x - b.vertices[k].x, dy = a.vertices[k].y - b.vertices[k].y
            sum += dx * dx + dy * dy
        }
        return sum.squareRoot()
    }
}

/// A property that is fixed or keyframed.
public enum Animatable<Value: LottieValue>: Sendable {
    /// One value at every frame.
    case fixed(Value)
    /// Keyframes as the file gives them (times in the layer's frames), compiled by the reader:
    /// hold keyframes are hold segments, "o"/"i" easing the segment's easing (one curve per
    /// dimension where they differ), spatial tangents a `SpatialCurve` followed at an even speed.
    case keyframed(KeyframeCurve<Value>)
    /// A value provider's (LT2): a function of the frame.
    case provided(@Sendable (Double) -> Value)

    /// Whether the value changes over time.
    public var isAnimated: Bool {
        switch self {
        case .fixed: false
        case .keyframed(let k): k.values.count > 1
        case .provided: true
        }
    }

    /// The value at `frame` (the layer's local frame): held before the first keyframe and after
    /// the last, eased in between. A pure function of the frame.
    public func value(at frame: Double) -> Value {
        switch self {
        case .fixed(let v): return v
        case .provided(let f): return f(frame)
        case .keyframed(let curve): return curve.value(at: frame)
        }
    }
}

extension Animatable where Value == LottieVector {
    /// The first component at `frame`.
    func scalar(at frame: Double) -> Double { value(at: frame).x }
    /// The first two components at `frame` as a point.
    func point(at frame: Double) -> Point { let v = value(at: frame); return Point(x: v.x, y: v.y) }
}
