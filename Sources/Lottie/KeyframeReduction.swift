import Motion

/// Reduces a property sampled once per frame to the keyframes a Lottie player needs to redraw
/// it (LT4): a sample is kept only where linear interpolation between the kept neighbours would
/// miss it by more than the property's tolerance (half a pixel for positions and sizes, 0.5% for
/// opacity and scale, 0.25° for rotation).
///
/// The reduction is greedy, as polyline simplification for plotting is: from the last kept
/// sample it reaches as far ahead as it can while every sample in between stays within the
/// tolerance of the straight line to the reached one, keeps that one, and starts again there. A
/// straight move (any value linear in time) keeps its two ends; an eased or sprung one keeps
/// enough samples that the error is under the tolerance at every frame, by construction (each
/// skipped sample was checked against the segment that replaces it).
///
/// Before reducing a stretch to lines, ``keyframes(_:tolerance:curves:)`` looks for a block
/// animation on a known timing curve: a move from rest (or a turn) to rest (or a turn) whose
/// progress follows one of the curves is one keyframe pair with that curve as its bezier easing,
/// exact rather than baked (an ease-in-out move is two keyframes, not a dozen; an autoreversing
/// one two per leg).
///
/// Pure and nonisolated: values are plain numbers, one array per frame, all of one length.
public enum KeyframeReduction {
    /// A kept sample, and the curve the value follows from it to the next kept one (nil:
    /// linear).
    public struct Keyframe: Sendable, Equatable {
        /// The index of the kept sample among the frames.
        public var index: Int
        /// The curve from this keyframe to the next; nil: linear.
        public var easing: CubicBezier?
        /// A keyframe at sample `index`, eased by `easing` (nil: linear).
        public init(index: Int, easing: CubicBezier? = nil) { self.index = index; self.easing = easing }
    }

    /// The timing curves of block animations (UIKit's and Core Animation's ease-in, ease-out and
    /// ease-in-out, CSS's ease, which CSS's keywords share), tried on each move from rest to rest.
    public static let standardCurves: [CubicBezier] = [
        CubicBezier(0.42, 0, 0.58, 1), CubicBezier(0.42, 0, 1, 1), CubicBezier(0, 0, 0.58, 1), CubicBezier(0.25, 0.1, 0.25, 1),
    ]

    /// The keyframes to write: stretches at rest are held between two keyframes, a move from
    /// rest to rest on one of `curves` (by default ``standardCurves``) is one eased keyframe pair, and everything else
    /// is reduced to lines as ``keptIndices(_:tolerance:)`` does. Every sample is within
    /// `tolerance` of what a player draws from the result.
    public static func keyframes(_ samples: [[Double]], tolerance: Double, curves: [CubicBezier] = standardCurves) -> [Keyframe] {
        guard samples.count > 2 else { return samples.indices.map { Keyframe(index: $0) } }
        var kept: [Keyframe] = []
        var start = 0
        while start < samples.count - 1 {
            let rest = restEnd(samples, from: start)
            if rest > start {
                // At rest: hold to the last sample equal to this one.
                kept.append(Keyframe(index: start))
                start = rest
                continue
            }
            var end = start + 1
            while end + 1 < samples.count, fits(samples, from: start, to: end + 1, tolerance: tolerance) { end += 1 }
            let moveEnd = motionEnd(samples, from: start)
            if end < moveEnd, let curve = curves.first(where: { eased(samples, from: start, to: moveEnd, by: $0, tolerance: tolerance) }) {
                kept.append(Keyframe(index: start, easing: curve))
                start = moveEnd
                continue
            }
            kept.append(Keyframe(index: start))
            start = end
        }
        kept.append(Keyframe(index: samples.count - 1))
        return kept
    }

    /// The last index from `a` on whose sample equals `a`'s (to rounding), `a` when the next
    /// differs.
    static func restEnd(_ s: [[Double]], from a: Int) -> Int {
        var b = a
        while b + 1 < s.count, same(s[b + 1], s[a]) { b += 1 }
        return b
    }

    /// Where the move starting at `a` ends: the first sample equal to the one after it (at
    /// rest), or where a component turns back (an autoreversing move's far end), or the last
    /// sample.
    static func motionEnd(_ s: [[Double]], from a: Int) -> Int {
        var b = a + 1
        while b + 1 < s.count, !same(s[b], s[b + 1]), !turnsBack(s, at: b) { b += 1 }
        return b
    }

    /// Whether some component moves one way into `b` and the other way out of it.
    static func turnsBack(_ s: [[Double]], at b: Int) -> Bool {
        s[b].indices.contains { d in (s[b][d] - s[b - 1][d]) * (s[b + 1][d] - s[b][d]) < 0 }
    }

    static func same(_ x: [Double], _ y: [Double]) -> Bool {
        x.indices.allSatisfy { abs(x[$0] - y[$0]) <= 1e-9 * max(1, abs(x[$0])) }
    }

    /// Whether every sample from `a` to `b` is within `tolerance` of the move from `a`'s value
    /// to `b`'s with progress `curve` of the elapsed fraction.
    static func eased(_ s: [[Double]], from a: Int, to b: Int, by curve: CubicBezier, tolerance: Double) -> Bool {
        guard b - a >= 2 else { return false }
        let span = Double(b - a)
        for k in (a + 1)..<b {
            let p = curve.progress(at: Double(k - a) / span)
            for d in s[k].indices where abs(s[a][d] + (s[b][d] - s[a][d]) * p - s[k][d]) > tolerance { return false }
        }
        return true
    }

    /// The indices of the samples to keep as keyframes, first and last always included (one
    /// index for a single sample, none for none).
    ///
    /// - Parameters:
    ///   - samples: one value per frame, each with the same number of components.
    ///   - tolerance: how far (in the value's units, per component) a frame may be from the
    ///     interpolation between the kept keyframes around it.
    /// - Complexity: O(n·k·d) for n samples, k kept and d components: each segment rechecks
    ///   the samples it spans as it grows.
    public static func keptIndices(_ samples: [[Double]], tolerance: Double) -> [Int] {
        guard samples.count > 2 else { return Array(samples.indices) }
        var kept = [0]
        var start = 0
        while start < samples.count - 1 {
            // The farthest end whose segment from `start` holds every sample between them.
            var end = start + 1
            while end + 1 < samples.count, fits(samples, from: start, to: end + 1, tolerance: tolerance) { end += 1 }
            kept.append(end)
            start = end
        }
        return kept
    }

    /// Whether every sample strictly between `a` and `b` lies within `tolerance` of the linear
    /// interpolation between them, in every component.
    static func fits(_ s: [[Double]], from a: Int, to b: Int, tolerance: Double) -> Bool {
        let span = Double(b - a)
        for k in (a + 1)..<b {
            let f = Double(k - a) / span
            for d in s[k].indices where abs(s[a][d] + (s[b][d] - s[a][d]) * f - s[k][d]) > tolerance { return false }
        }
        return true
    }

    /// Whether every sample is within `tolerance` of the first (the property is emitted as a
    /// constant, `"a": 0`).
    public static func isConstant(_ samples: [[Double]], tolerance: Double) -> Bool {
        guard let first = samples.first else { return true }
        return samples.allSatisfy { s in s.indices.allSatisfy { abs(s[$0] - first[$0]) <= tolerance } }
    }

    /// The value at frame `frame` that a player draws from the kept keyframes (linear between
    /// them, held after the last): what the tests compare with the samples.
    public static func interpolate(_ samples: [[Double]], kept: [Int], at frame: Int) -> [Double] {
        interpolate(samples, keyframes: kept.map { Keyframe(index: $0) }, at: frame)
    }

    /// The value at frame `frame` that a player draws from `keyframes` (each segment linear or
    /// on its easing curve, held after the last).
    public static func interpolate(_ samples: [[Double]], keyframes: [Keyframe], at frame: Int) -> [Double] {
        guard let last = keyframes.last else { return [] }
        if frame >= last.index { return samples[last.index] }
        guard let j = keyframes.lastIndex(where: { $0.index <= frame }) else { return samples[keyframes[0].index] }
        let a = keyframes[j].index, b = keyframes[j + 1].index
        let x = Double(frame - a) / Double(b - a)
        let f = keyframes[j].easing?.progress(at: x) ?? x
        return samples[a].indices.map { samples[a][$0] + (samples[b][$0] - samples[a][$0]) * f }
    }
}
