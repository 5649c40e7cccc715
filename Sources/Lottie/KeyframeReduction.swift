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
/// Pure and nonisolated: values are plain numbers, one array per frame, all of one length.
public enum KeyframeReduction {
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
        guard let last = kept.last else { return [] }
        if frame >= last { return samples[last] }
        guard let j = kept.lastIndex(where: { $0 <= frame }) else { return samples[kept[0]] }
        let a = kept[j], b = kept[j + 1]
        let f = Double(frame - a) / Double(b - a)
        return samples[a].indices.map { samples[a][$0] + (samples[b][$0] - samples[a][$0]) * f }
    }
}
