import Geometry

/// The time maths of a timeline (N7, N8): one iteration's length, repeats and yoyo, in integer
/// nanoseconds, so that a playhead reached in one step or in many lands on the same local time and
/// a child's end falls exactly on its end.
public struct TimelineTiming: Sendable, Equatable {
    /// Nanoseconds of one iteration.
    public var duration: Int64
    /// Extra iterations after the first; `.infinity` repeats forever.
    public var repeatCount: Double
    /// Whether every other iteration runs backwards.
    public var yoyo: Bool

    /// The playhead value standing for "forever".
    public static let forever = Int64.max

    /// Timing of a timeline `duration` nanoseconds long, repeated and alternated as asked.
    public init(duration: Int64, repeatCount: Double = 0, yoyo: Bool = false) {
        self.duration = duration; self.repeatCount = repeatCount; self.yoyo = yoyo
    }

    /// Nanoseconds of all iterations (``forever`` when repeating forever).
    public var totalDuration: Int64 {
        if repeatCount.isInfinite { return Self.forever }
        let total = (Double(duration) * (repeatCount + 1)).rounded()
        return total >= 9.2e18 ? Self.forever : Int64(saturating: total)
    }

    /// Whether iteration `i` (from 0) runs backwards.
    @inlinable public func isMirrored(_ iteration: Int64) -> Bool { yoyo && iteration % 2 == 1 }

    /// The time inside the current iteration for a playhead position (repeat, then yoyo). At or
    /// past the end it is where the last iteration ended.
    public func localTime(at total: Int64) -> Int64 {
        let d = duration
        guard d > 0 else { return 0 }
        let end = totalDuration
        var i: Int64, u: Int64
        if total >= end && end != Self.forever {
            i = max(0, (end - 1) / d)                  // the iteration the end falls in
            u = end - i * d                            // in (0, d]
        } else {
            i = max(0, total) / d
            u = max(0, total) - i * d
        }
        return isMirrored(i) ? d - u : u
    }

    /// The marks (local times, by index) the playhead crosses going from `from` to `to`, as
    /// (playhead time, mark index) in the order they are crossed: forwards a mark at x counts when
    /// from < x ≤ to, backwards when to ≤ x < from. Repeats and yoyo are unrolled.
    public func crossings(of marks: [Int64], from: Int64, to: Int64, into out: inout [(time: Int64, index: Int)]) {
        out.removeAll(keepingCapacity: true)
        let d = duration
        guard from != to, !marks.isEmpty, d > 0 else { return }
        let forward = to > from
        let lo = min(from, to), hi = min(max(from, to), totalDuration)
        var i = max(0, lo) / d
        while i <= hi / d {
            let mirrored = isMirrored(i)
            for (n, mark) in marks.enumerated() {
                let x = i * d + (mirrored ? d - mark : mark)
                let inside = forward ? (x > lo && x <= hi) : (x >= lo && x < hi)
                if inside { out.append((x, n)) }
            }
            i += 1
        }
        out.sort { forward ? ($0.time, $0.index) < ($1.time, $1.index) : ($0.time, $0.index) > ($1.time, $1.index) }
    }

    /// The stretches of local time a playhead move from `from` to `to` passes through, one per
    /// iteration crossed, in order: each (from, to) in local time, mirrored in yoyo's backward
    /// iterations, so nested timelines see the same motion their parent's local time makes.
    public func localSegments(from: Int64, to: Int64) -> [(from: Int64, to: Int64)] {
        let d = duration
        guard d > 0, from != to else { return [] }
        let end = totalDuration
        let lo = max(0, min(from, to)), hi = min(max(from, to), end)
        guard lo < hi else { return [] }
        var out: [(Int64, Int64)] = []
        var i = lo / d
        while i * d < hi {
            let a = max(lo, i * d) - i * d, b = min(hi, (i + 1) * d) - i * d
            let (la, lb) = isMirrored(i) ? (d - a, d - b) : (a, b)
            out.append(from < to ? (la, lb) : (lb, la))
            i += 1
        }
        return from < to ? out : out.reversed()
    }
}
