import Geometry

// The one keyframe interpolation of the package (AM2). Views' keyframe tracks
// (``KeyframeTrack``), Layers' `KeyframeAnimation` (values, key times, timing functions,
// calculation modes, paths) and Lottie's properties (bezier easing per dimension, hold keyframes,
// spatial tangents) each compile what they were given into a ``KeyframeCurve`` once, and a frame
// evaluates the curve: a binary search for the segment, its easing, its interpolation. Nothing is
// allocated per evaluation beyond what the value type's own arithmetic allocates.

/// A value keyframes can go between: interpolated, added, scaled and measured component by
/// component. Catmull-Rom segments need ``sum(_:_:)``, ``difference(_:_:)`` and
/// ``scaled(_:by:)``; paced key times need ``distance(_:_:)``.
public protocol KeyframeValue {
    /// `a + (b − a)·fraction`, exact at 0 and 1; `fraction` may leave 0...1 (an easing that
    /// overshoots extrapolates).
    static func interpolate(_ a: Self, _ b: Self, _ fraction: Double) -> Self
    /// `a + (b − a)·progress` with each of the first four components eased on its own (Lottie's
    /// easing per dimension). By default every component takes `progress.x`.
    static func interpolate(_ a: Self, _ b: Self, _ progress: SIMD4<Double>) -> Self
    /// `a + b`.
    static func sum(_ a: Self, _ b: Self) -> Self
    /// `a − b`, the inverse of ``sum(_:_:)``; by default `a + b·(−1)`.
    static func difference(_ a: Self, _ b: Self) -> Self
    /// `v·k`.
    static func scaled(_ v: Self, by k: Double) -> Self
    /// How far apart two values are (Euclidean over the components): paced key times follow it.
    static func distance(_ a: Self, _ b: Self) -> Double
    /// The value at `point` of a spatial segment that is `fraction` of the way from `a` to `b`.
    /// Points take the point; other values (or components beyond x and y) interpolate, which is
    /// the default.
    static func along(_ point: Point, from a: Self, to b: Self, _ fraction: Double) -> Self
}

extension KeyframeValue {
    /// By default every component follows the first progress, `progress.x`.
    @inlinable public static func interpolate(_ a: Self, _ b: Self, _ progress: SIMD4<Double>) -> Self {
        interpolate(a, b, progress.x)
    }

    /// By default `a` plus `b` scaled by -1.
    @inlinable public static func difference(_ a: Self, _ b: Self) -> Self { sum(a, scaled(b, by: -1)) }

    /// By default the value interpolates by `fraction`, ignoring `point`.
    @inlinable public static func along(_ point: Point, from a: Self, to b: Self, _ fraction: Double) -> Self {
        interpolate(a, b, fraction)
    }
}

/// How the time fraction of one segment becomes its progress.
public enum KeyframeEasing: Sendable, Equatable {
    /// Progress is the time fraction.
    case linear
    /// One cubic Bézier timing curve (Core Animation's per-segment timing function, or a Lottie
    /// keyframe whose dimensions share their easing).
    case curve(CubicBezier)
    /// One curve per component, the last repeating (Lottie's easing per dimension, as for a scale
    /// whose x and y ease differently). Interpolations that need one progress take the first.
    case components([CubicBezier])

    /// The progress at time fraction `x` (0...1); for ``components(_:)``, the first component's.
    @inlinable public func progress(at x: Double) -> Double {
        switch self {
        case .linear: return x
        case .curve(let c): return c.progress(at: x)
        case .components(let c): return c[0].progress(at: x)
        }
    }

    /// The progress of each of four components at time fraction `x`.
    @inlinable public func componentProgress(at x: Double) -> SIMD4<Double> {
        switch self {
        case .linear: return SIMD4(repeating: x)
        case .curve(let c): return SIMD4(repeating: c.progress(at: x))
        case .components(let c):
            var p = SIMD4<Double>(repeating: 0)
            for d in 0..<4 { p[d] = c[Swift.min(d, c.count - 1)].progress(at: x) }
            return p
        }
    }

    /// The easing of Lottie-style per-dimension curves: ``linear`` for none, ``curve(_:)`` when
    /// they are all one curve (solved once per evaluation instead of once per component).
    public init(components: [CubicBezier]) {
        if components.isEmpty {
            self = .linear
        } else if components.allSatisfy({ $0 == components[0] }) {
            self = .curve(components[0])
        } else {
            self = .components(components)
        }
    }
}

/// How the values of one segment go from its keyframe to the next.
public enum KeyframeInterpolation: Sendable, Equatable {
    /// The segment's first value until the next keyframe (discrete keyframes, Lottie's holds).
    case hold
    /// Straight from one value to the next.
    case linear
    /// The uniform Catmull-Rom spline through the values around the segment: it passes through
    /// every keyframe without a kink. The neighbours are the values one keyframe before and after
    /// (the segment's own ends at the curve's ends); a ``hold`` segment beside it is a pause, not
    /// a neighbour, so the spline takes the value beyond it.
    case catmullRom
    /// Along a cubic Bézier in the plane (a path, or Lottie's spatial tangents). Point values
    /// take its points; other components interpolate.
    case spatial(SpatialCurve)
}

/// One segment of a ``KeyframeCurve``: how its values go, and how its time fraction is eased.
public struct KeyframeSegment: Sendable, Equatable {
    /// How the values go from one keyframe to the next.
    public var interpolation: KeyframeInterpolation
    /// How the segment's time fraction is eased before the values are found.
    public var easing: KeyframeEasing

    /// A segment going by `interpolation`, eased by `easing` (linear time by default).
    public init(_ interpolation: KeyframeInterpolation, easing: KeyframeEasing = .linear) {
        self.interpolation = interpolation; self.easing = easing
    }

    /// A segment that holds its first value.
    public static let hold = KeyframeSegment(.hold)
    /// A straight segment at an even pace.
    public static let linear = KeyframeSegment(.linear)

    @inlinable var isHold: Bool { if case .hold = interpolation { true } else { false } }
}

/// Values at times, and how each segment between two of them goes: the keyframe interpolation
/// every animation of the package uses (AM2). A pure function of time.
///
/// Times are non-decreasing. Before the first time the value is the first value, from the last
/// time on it is the last; in between, segment `i` runs from `times[i]` (value `values[i]`) to
/// `times[i + 1]` (value `values[i + 1]`). Where two keyframes share a time the later one applies
/// from that time on, so a zero-length segment is a jump.
///
/// - Complexity: ``value(at:)`` is O(log keyframes), and allocates nothing beyond what
///   `Value`'s arithmetic allocates.
public struct KeyframeCurve<Value: KeyframeValue> {
    /// When each keyframe is reached, non-decreasing.
    public let times: [Double]
    /// The value at each keyframe.
    public let values: [Value]
    /// How segment `i` goes from keyframe `i` to keyframe `i + 1`: one fewer than the values.
    public let segments: [KeyframeSegment]

    /// A curve through `values` at `times`.
    ///
    /// - Precondition: at least one value, as many times as values, one segment fewer, and times
    ///   finite and non-decreasing (callers that read files report those as errors first).
    public init(times: [Double], values: [Value], segments: [KeyframeSegment]) {
        precondition(!values.isEmpty, "KeyframeCurve: give at least one value")
        precondition(times.count == values.count && segments.count == values.count - 1,
                     "KeyframeCurve: give one time per value and one segment fewer; got \(times.count) times, \(values.count) values, \(segments.count) segments")
        for i in times.indices {
            precondition(times[i].isFinite && (i == 0 || times[i] >= times[i - 1]),
                         "KeyframeCurve: times must be finite and non-decreasing; times[\(i)] = \(times[i])")
        }
        self.times = times; self.values = values; self.segments = segments
    }

    /// A curve that is `value` at every time.
    public init(constant value: Value) {
        times = [0]; values = [value]; segments = []
    }

    /// The value at time `t`.
    @inlinable public func value(at t: Double) -> Value {
        let last = times.count - 1
        if last == 0 || t < times[0] { return values[0] }
        if t >= times[last] { return values[last] }
        // The segment holding t: times[lo] <= t < times[hi].
        var lo = 0, hi = last
        while hi - lo > 1 {
            let mid = (lo + hi) >> 1
            if times[mid] <= t { lo = mid } else { hi = mid }
        }
        return value(inSegment: lo, at: (t - times[lo]) / (times[hi] - times[lo]))
    }

    /// The value `x` (0...1) of the time through segment `i`, before easing.
    @inlinable public func value(inSegment i: Int, at x: Double) -> Value {
        // Read in place (no copy of the segment, whose payloads hold arrays).
        switch segments[i].interpolation {
        case .hold:
            return values[i]
        case .linear:
            switch segments[i].easing {
            case .linear: return Value.interpolate(values[i], values[i + 1], x)
            case .curve(let c): return Value.interpolate(values[i], values[i + 1], c.progress(at: x))
            case .components: return Value.interpolate(values[i], values[i + 1], segments[i].easing.componentProgress(at: x))
            }
        case .catmullRom:
            return catmullRom(i, segments[i].easing.progress(at: x))
        case .spatial(let path):
            let u = segments[i].easing.progress(at: x)
            return Value.along(path.point(at: u), from: values[i], to: values[i + 1], u)
        }
    }

    /// The uniform Catmull-Rom spline of segment `i` at progress `u`: exact at both ends.
    /// Σ wₖ·pₖ is taken as p1 + Σ wₖ·(pₖ − p1) (the weights sum to 1), which also holds for
    /// values whose sum is not component-wise (transforms concatenate).
    @inlinable func catmullRom(_ i: Int, _ u: Double) -> Value {
        let p1 = values[i], p2 = values[i + 1]
        if u <= 0 { return p1 }
        if u >= 1 { return p2 }
        var before = i - 1
        if before >= 0, segments[before].isHold { before -= 1 }
        var after = i + 2
        if i + 1 < segments.count, segments[i + 1].isHold { after += 1 }
        let p0 = before >= 0 ? values[before] : p1
        let p3 = after < values.count ? values[after] : p2
        let u2 = u * u, u3 = u2 * u
        let w0 = -0.5 * u3 + u2 - 0.5 * u
        let w2 = -1.5 * u3 + 2 * u2 + 0.5 * u
        let w3 = 0.5 * u3 - 0.5 * u2
        var v = p1
        if w0 != 0 { v = Value.sum(v, Value.scaled(Value.difference(p0, p1), by: w0)) }
        if w2 != 0 { v = Value.sum(v, Value.scaled(Value.difference(p2, p1), by: w2)) }
        if w3 != 0 { v = Value.sum(v, Value.scaled(Value.difference(p3, p1), by: w3)) }
        return v
    }

    /// The direction of travel at time `t` on a spatial segment (the Bézier's derivative at the
    /// eased progress, for Core Animation's rotation modes); nil on other segments. Before the
    /// first time it is the first segment's start, from the last time on the last one's end.
    public func tangent(at t: Double) -> Point? {
        let last = times.count - 1
        guard last > 0 else { return nil }
        var lo = 0, hi = last
        let x: Double
        if t < times[0] {
            hi = 1; x = 0
        } else if t >= times[last] {
            lo = last - 1; x = 1
        } else {
            while hi - lo > 1 {
                let mid = (lo + hi) >> 1
                if times[mid] <= t { lo = mid } else { hi = mid }
            }
            x = (t - times[lo]) / (times[hi] - times[lo])
        }
        guard case .spatial(let path) = segments[lo].interpolation else { return nil }
        return path.tangent(at: segments[lo].easing.progress(at: x))
    }

    /// The curve with each value transformed and the same times and segments (spatial segments
    /// keep their points: map only what does not move them).
    public func mapValues<T: KeyframeValue>(_ transform: (Value) throws -> T) rethrows -> KeyframeCurve<T> {
        KeyframeCurve<T>(times: times, values: try values.map(transform), segments: segments)
    }
}

extension KeyframeCurve: Sendable where Value: Sendable {}
extension KeyframeCurve: Equatable where Value: Equatable {}

extension KeyframeCurve {
    /// Key times from 0 to 1 in proportion to the distance between successive values (paced
    /// keyframes: an even speed over the whole curve); evenly spaced when nothing moves.
    public static func pacedTimes(_ values: [Value]) -> [Double] {
        var lengths: [Double] = []
        lengths.reserveCapacity(max(values.count - 1, 0))
        for i in values.indices.dropFirst() { lengths.append(Value.distance(values[i - 1], values[i])) }
        return timesInProportion(to: lengths)
    }

    /// Key times from 0 to 1 in proportion to the length of each path segment (each measured as
    /// a polyline of 32 chords); evenly spaced when the path has no length.
    public static func pacedTimes(along paths: [SpatialCurve]) -> [Double] {
        timesInProportion(to: paths.map { $0.length(chords: 32) })
    }

    /// Cumulative `lengths` over their total, from exactly 0 to exactly 1.
    static func timesInProportion(to lengths: [Double]) -> [Double] {
        let total = lengths.reduce(0, +)
        guard total > 0 else {
            let n = max(lengths.count, 1)
            return (0...lengths.count).map { Double($0) / Double(n) }
        }
        var times = [0.0]
        var run = 0.0
        for l in lengths { run += l; times.append(run / total) }
        times[times.count - 1] = 1
        return times
    }
}

/// A cubic Bézier in the plane that a point value follows from one keyframe to the next, by its
/// parameter (Core Animation's paths) or at an even speed by arc length (Lottie's spatial
/// tangents, whose length is tabulated once when the curve is made, so a frame costs a lookup).
public struct SpatialCurve: Sendable, Equatable {
    /// The curve's end points and control points, in the animated property's units (points for a position).
    public let start: Point, control1: Point, control2: Point, end: Point
    /// Arc length at parameters k / ``chords``, when the curve is followed at an even speed;
    /// empty when it is followed by its parameter.
    @usableFromInline let arcLengths: [Double]
    /// Chords of the arc-length table.
    @usableFromInline static let chords = 64

    /// The curve through four control points, followed by its parameter, or by arc length when
    /// `evenSpeed` is set.
    public init(_ start: Point, _ control1: Point, _ control2: Point, _ end: Point, evenSpeed: Bool = false) {
        self.start = start; self.control1 = control1; self.control2 = control2; self.end = end
        arcLengths = evenSpeed ? Self.arcLengthTable(start, control1, control2, end, chords: Self.chords) : []
    }

    /// The straight line from `a` to `b` as a cubic (control points at a third and two thirds).
    public init(line a: Point, _ b: Point) {
        self.init(a, Point(x: a.x + (b.x - a.x) / 3, y: a.y + (b.y - a.y) / 3),
                  Point(x: a.x + 2 * (b.x - a.x) / 3, y: a.y + 2 * (b.y - a.y) / 3), b)
    }

    /// The curve from `a` to `b` leaving along `out` and arriving along `in` (both relative to
    /// their end), at an even speed: Lottie's spatial tangents.
    public init(from a: Point, to b: Point, out: Point, in: Point) {
        self.init(a, Point(x: a.x + out.x, y: a.y + out.y), Point(x: b.x + `in`.x, y: b.y + `in`.y), b, evenSpeed: true)
    }

    /// The point at parameter `s`; exactly the ends at 0 and 1.
    @inlinable public func point(atParameter s: Double) -> Point {
        if s <= 0 { return start }
        if s >= 1 { return end }
        let u = 1 - s
        let w0 = u * u * u, w1 = 3 * u * u * s, w2 = 3 * u * s * s, w3 = s * s * s
        return Point(x: w0 * start.x + w1 * control1.x + w2 * control2.x + w3 * end.x,
                     y: w0 * start.y + w1 * control1.y + w2 * control2.y + w3 * end.y)
    }

    /// The point `fraction` of the way: by arc length when the curve is followed at an even
    /// speed, by parameter otherwise.
    @inlinable public func point(at fraction: Double) -> Point {
        arcLengths.isEmpty ? point(atParameter: fraction) : point(atParameter: parameter(at: fraction))
    }

    /// The parameter `fraction` of the way along by arc length (a binary search in the table,
    /// linear between its entries).
    @inlinable func parameter(at fraction: Double) -> Double {
        if fraction <= 0 { return 0 }
        if fraction >= 1 { return 1 }
        let n = arcLengths.count - 1
        let total = arcLengths[n]
        guard total > 0 else { return fraction }
        let want = fraction * total
        var lo = 0, hi = n
        while hi - lo > 1 {
            let mid = (lo + hi) >> 1
            if arcLengths[mid] < want { lo = mid } else { hi = mid }
        }
        let chord = arcLengths[hi] - arcLengths[lo]
        return (Double(lo) + (chord > 0 ? (want - arcLengths[lo]) / chord : 0)) / Double(n)
    }

    /// The derivative at `fraction` of the way (by arc length or parameter, as ``point(at:)``);
    /// for a curve whose derivative vanishes there, the direction from start to end.
    public func tangent(at fraction: Double) -> Point {
        let s = arcLengths.isEmpty ? fraction : parameter(at: fraction)
        let u = 1 - s
        let dx = 3 * u * u * (control1.x - start.x) + 6 * u * s * (control2.x - control1.x) + 3 * s * s * (end.x - control2.x)
        let dy = 3 * u * u * (control1.y - start.y) + 6 * u * s * (control2.y - control1.y) + 3 * s * s * (end.y - control2.y)
        if dx == 0 && dy == 0 { return Point(x: end.x - start.x, y: end.y - start.y) }
        return Point(x: dx, y: dy)
    }

    /// The length of the polyline through the points at parameters k / `chords`.
    public func length(chords: Int) -> Double { Self.arcLengthTable(start, control1, control2, end, chords: chords)[chords] }

    /// Arc lengths at parameters k / `chords`, k = 0...chords, of the curve through four points.
    static func arcLengthTable(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, chords: Int) -> [Double] {
        let curve = SpatialCurve(p0, p1, p2, p3)
        var table = [0.0]
        table.reserveCapacity(chords + 1)
        var previous = p0, total = 0.0
        for k in 1...chords {
            let p = curve.point(atParameter: Double(k) / Double(chords))
            total += ((p.x - previous.x) * (p.x - previous.x) + (p.y - previous.y) * (p.y - previous.y)).squareRoot()
            table.append(total)
            previous = p
        }
        return table
    }
}
