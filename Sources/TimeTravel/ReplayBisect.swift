/// Where a bisection ended (IN6): the first frame at which the property had reached the value,
/// with its value there and the frame before.
public struct BisectResult: Sendable, Equatable, CustomStringConvertible {
    /// The first frame where the value was reached.
    public var frame: Int
    /// The property's value at ``frame``.
    public var value: Double
    /// The value at the frame before (nil when ``frame`` is the first of the range).
    public var previousValue: Double?
    /// How many frames were looked at.
    public var probes: Int

    /// "frame F: V (before: W), N probes".
    public var description: String {
        "frame \(frame): \(value)" + (previousValue.map { " (frame \(frame - 1): \($0))" } ?? "") + ", \(probes) probes"
    }
}

extension ReplaySession {
    /// The first frame in `range` (the whole recording by default) where `keyPath` of `view`
    /// reached `target`: equal to it within `tolerance`, or past it in the direction the value
    /// starts from (crossed it). A binary search over frames, each probe a ``seek(to:)`` (from
    /// the nearest checkpoint), so about log2(frames) probes.
    ///
    /// Like `git bisect`, it assumes that once reached the value stays reached (a property that
    /// animates toward and past it); the result is checked: reached at the frame, not at the one
    /// before.
    ///
    /// - Throws: ``ReplayError/notReached(view:keyPath:value:lastFrame:lastValue:)`` when the value
    ///   is not reached at the range's end; the view and key path errors of ``seek(to:view:keyPath:)``.
    public func bisect(view: String, keyPath: String, reaching target: Double, in range: ClosedRange<Int>? = nil,
                       tolerance: Double = 1e-9) throws(ReplayError) -> BisectResult {
        let range = range ?? 0...max(0, frameCount - 1)
        guard range.lowerBound >= 0, range.upperBound < frameCount else {
            throw .frameOutOfRange(frame: range.lowerBound < 0 ? range.lowerBound : range.upperBound, count: frameCount)
        }
        var probes = 0
        func probe(_ f: Int) throws(ReplayError) -> Double {
            probes += 1
            return try seek(to: f, view: view, keyPath: keyPath)!
        }
        let start = try probe(range.lowerBound)
        if abs(start - target) <= tolerance {
            return BisectResult(frame: range.lowerBound, value: start, previousValue: nil, probes: probes)
        }
        let rising = target > start
        func reached(_ v: Double) -> Bool { rising ? v >= target - tolerance : v <= target + tolerance }
        let end = try probe(range.upperBound)
        guard reached(end) else {
            throw .notReached(view: view, keyPath: keyPath, value: target, lastFrame: range.upperBound, lastValue: end)
        }
        // Invariant: not reached at lo, reached at hi.
        var lo = range.lowerBound, hi = range.upperBound, atHi = end
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2
            let v = try probe(mid)
            if reached(v) { hi = mid; atHi = v } else { lo = mid }
        }
        let before = try probe(lo)
        return BisectResult(frame: hi, value: atHi, previousValue: before, probes: probes)
    }
}
