import Testing
import Geometry
import Motion

/// Two numbers whose components ease on their own, as a Lottie position does.
struct Pair: KeyframeValue, Equatable {
    var x: Double, y: Double
    static func interpolate(_ a: Pair, _ b: Pair, _ fraction: Double) -> Pair {
        Pair(x: a.x + (b.x - a.x) * fraction, y: a.y + (b.y - a.y) * fraction)
    }
    static func interpolate(_ a: Pair, _ b: Pair, _ progress: SIMD4<Double>) -> Pair {
        Pair(x: a.x + (b.x - a.x) * progress.x, y: a.y + (b.y - a.y) * progress.y)
    }
    static func sum(_ a: Pair, _ b: Pair) -> Pair { Pair(x: a.x + b.x, y: a.y + b.y) }
    static func scaled(_ v: Pair, by k: Double) -> Pair { Pair(x: v.x * k, y: v.y * k) }
    static func distance(_ a: Pair, _ b: Pair) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
    static func along(_ point: Point, from a: Pair, to b: Pair, _ fraction: Double) -> Pair { Pair(x: point.x, y: point.y) }
}

/// AM2: one keyframe interpolation (``KeyframeCurve``) for views, layers and Lottie, each mode
/// checked against values worked out by hand.
@Suite("AM2 one keyframe interpolation")
struct KeyframeCurveTests {
    func scalars(_ times: [Double], _ values: [Double], _ segments: [KeyframeSegment]) -> KeyframeCurve<AnimatableValue> {
        KeyframeCurve(times: times, values: values.map { .scalar($0) }, segments: segments)
    }

    func scalar(_ v: AnimatableValue) -> Double {
        guard case .scalar(let x) = v else { Issue.record("not a scalar: \(v)"); return .nan }
        return x
    }

    @Test("AM2: linear segments interpolate at their own pace; ends hold; keyframes are exact")
    func AM2_oneKeyframeInterpolation_linear() {
        let c = scalars([1, 2, 4], [0, 10, 30], [.linear, .linear])
        #expect(scalar(c.value(at: 0)) == 0 && scalar(c.value(at: 1)) == 0)
        #expect(scalar(c.value(at: 1.5)) == 5)
        #expect(scalar(c.value(at: 2)) == 10)
        #expect(scalar(c.value(at: 3)) == 20)                   // 2 s span: halfway is 20
        #expect(scalar(c.value(at: 4)) == 30 && scalar(c.value(at: 9)) == 30)
        #expect(scalar(KeyframeCurve(constant: AnimatableValue.scalar(7)).value(at: 3)) == 7)
    }

    @Test("AM2: the segment is found by binary search among many keyframes")
    func AM2_oneKeyframeInterpolation_binarySearch() {
        let n = 1000
        let c = scalars((0..<n).map(Double.init), (0..<n).map { Double($0 * $0) }, Array(repeating: .linear, count: n - 1))
        for t in [0.25, 17.5, 499.75, 998.5] {
            let i = Double(Int(t)), u = t - i
            #expect(abs(scalar(c.value(at: t)) - (i * i + (2 * i + 1) * u)) < 1e-9)
        }
    }

    @Test("AM2: discrete (hold) segments keep their value; at a shared time the later keyframe applies")
    func AM2_oneKeyframeInterpolation_discrete() {
        let c = scalars([0, 0, 0.5, 1], [1, 2, 3, 4], [.hold, .hold, .hold])
        #expect(scalar(c.value(at: -1)) == 1)
        #expect(scalar(c.value(at: 0)) == 2 && scalar(c.value(at: 0.49)) == 2)
        #expect(scalar(c.value(at: 0.5)) == 3 && scalar(c.value(at: 0.99)) == 3)
        #expect(scalar(c.value(at: 1)) == 4)
    }

    @Test("AM2: paced key times follow the distance between values, or the length of each path segment")
    func AM2_oneKeyframeInterpolation_paced() {
        #expect(KeyframeCurve<AnimatableValue>.pacedTimes([.scalar(0), .scalar(10), .scalar(40)]) == [0, 0.25, 1])
        let points: [AnimatableValue] = [.point(Point(x: 0, y: 0)), .point(Point(x: 3, y: 4)), .point(Point(x: 3, y: 10))]
        let times = KeyframeCurve.pacedTimes(points)                          // 5 then 6
        #expect(times.count == 3 && abs(times[1] - 5.0 / 11) < 1e-15 && times[2] == 1)
        #expect(KeyframeCurve<AnimatableValue>.pacedTimes([.scalar(3), .scalar(3), .scalar(3)]) == [0, 0.5, 1])
        let lines = [SpatialCurve(line: Point(x: 0, y: 0), Point(x: 30, y: 0)), SpatialCurve(line: Point(x: 30, y: 0), Point(x: 30, y: 10))]
        let along = KeyframeCurve<AnimatableValue>.pacedTimes(along: lines)
        #expect(abs(along[1] - 0.75) < 1e-12 && along[2] == 1)
    }

    @Test("AM2: Catmull-Rom segments weigh the neighbouring values; the ends repeat; a hold is a pause")
    func AM2_oneKeyframeInterpolation_cubic() {
        // At u = 0.5 the weights are (-1/16, 9/16, 9/16, -1/16).
        let c = scalars([0, 1, 2, 3], [0, 1, 3, 6], Array(repeating: KeyframeSegment(.catmullRom), count: 3))
        #expect(abs(scalar(c.value(at: 1.5)) - (9.0 / 16 + 27.0 / 16 - 6.0 / 16)) < 1e-12)      // 1.875
        #expect(abs(scalar(c.value(at: 0.5)) - (0 * 8.0 / 16 + 9.0 / 16 - 3.0 / 16)) < 1e-12)  // p0 = p1 = 0: 0.375
        #expect(abs(scalar(c.value(at: 2.5)) - (-1.0 / 16 + 27.0 / 16 + 6 * 8.0 / 16)) < 1e-12) // p3 = p2 = 6: 4.625
        #expect(scalar(c.value(at: 1)) == 1 && scalar(c.value(at: 2)) == 3)
        // A pause (hold) between 1 and 3: the spline on either side takes the value beyond it.
        let paused = scalars([0, 1, 2, 3, 4], [0, 1, 1, 3, 6],
                             [KeyframeSegment(.catmullRom), .hold, KeyframeSegment(.catmullRom), KeyframeSegment(.catmullRom)])
        #expect(abs(scalar(paused.value(at: 2.5)) - 1.875) < 1e-12)
        #expect(scalar(paused.value(at: 1.5)) == 1)
        // p0 = 0, p1 = 0, p2 = 1, p3 = 3 (not the paused 1): -1/16·0 + 9/16·0 + 9/16·1 - 1/16·3.
        #expect(abs(scalar(paused.value(at: 0.5)) - (9.0 / 16 - 3.0 / 16)) < 1e-12)
    }

    @Test("AM2: each segment has its own timing function, and Lottie's per-component easing")
    func AM2_oneKeyframeInterpolation_segmentTiming() {
        // Ease-in (0.42, 0, 1, 1) at parameter 0.5: x = 0.6575, y = 0.5.
        let easeIn = CubicBezier(0.42, 0, 1, 1)
        let c = scalars([0, 1, 2], [0, 100, 200], [KeyframeSegment(.linear, easing: .curve(easeIn)), .linear])
        #expect(abs(scalar(c.value(at: 0.6575)) - 50) < 1e-5)
        #expect(scalar(c.value(at: 1.5)) == 150)                                      // the next segment is linear
        let split = KeyframeCurve(times: [0, 1], values: [Pair(x: 0, y: 0), Pair(x: 100, y: 100)],
                                  segments: [KeyframeSegment(.linear, easing: .components([CubicBezier(0, 0, 1, 1), easeIn]))])
        let v = split.value(at: 0.6575)
        #expect(abs(v.x - 100 * CubicBezier(0, 0, 1, 1).progress(at: 0.6575)) < 1e-12 && abs(v.y - 50) < 1e-5)
        #expect(KeyframeEasing(components: []) == .linear)
        #expect(KeyframeEasing(components: [easeIn, easeIn]) == .curve(easeIn))
    }

    @Test("AM2: spatial segments follow a cubic Bézier, by parameter or at an even speed, with its tangent")
    func AM2_oneKeyframeInterpolation_spatialBezier() {
        let arch = SpatialCurve(Point(x: 0, y: 0), Point(x: 0, y: 100), Point(x: 100, y: 100), Point(x: 100, y: 0))
        let c = KeyframeCurve(times: [0, 1], values: [Pair(x: 0, y: 0), Pair(x: 100, y: 0)], segments: [KeyframeSegment(.spatial(arch))])
        // B(0.5) = (0 + 0 + 37.5 + 12.5, 0 + 37.5 + 37.5 + 0); B'(0.5) = (150, 0).
        #expect(c.value(at: 0.5) == Pair(x: 50, y: 75))
        #expect(c.tangent(at: 0.5) == Point(x: 150, y: 0))
        #expect(c.tangent(at: 0) == Point(x: 0, y: 300) && c.tangent(at: 2) == Point(x: 0, y: -300))
        #expect(c.value(at: 0) == Pair(x: 0, y: 0) && c.value(at: 1) == Pair(x: 100, y: 0))
        // x = 100·s³: halfway by parameter is 12.5; at an even speed, halfway along is x ≈ 50.
        let slow = Point(x: 0, y: 0), far = Point(x: 100, y: 0)
        let byParameter = SpatialCurve(slow, slow, slow, far), even = SpatialCurve(slow, slow, slow, far, evenSpeed: true)
        #expect(abs(byParameter.point(at: 0.5).x - 12.5) < 1e-12)
        #expect(abs(even.point(at: 0.5).x - 50) < 0.05 && abs(even.point(at: 0.25).x - 25) < 0.05)
        // Lottie's relative tangents: the symmetric arch through its middle at (50, 75).
        let tangents = SpatialCurve(from: Point(x: 0, y: 0), to: Point(x: 100, y: 0), out: Point(x: 0, y: 100), in: Point(x: 0, y: 100))
        #expect(abs(tangents.point(at: 0.5).x - 50) < 0.01 && abs(tangents.point(at: 0.5).y - 75) < 0.01)
        // Values that are not points interpolate along.
        let scalar = KeyframeCurve(times: [0, 1], values: [AnimatableValue.scalar(0), .scalar(10)], segments: [KeyframeSegment(.spatial(arch))])
        #expect(scalar.value(at: 0.5) == .scalar(5))
        #expect(scalars([0, 1], [0, 1], [.linear]).tangent(at: 0.5) == nil)
    }
}
