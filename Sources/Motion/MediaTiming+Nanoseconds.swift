/// The timing model on integer time (N7, N8): a timeline's playhead is whole nanoseconds, so
/// that a position reached in one step or in many lands on the same local time and a child's
/// end falls exactly on its end. The iterations, their count and which way each plays are the
/// model's (``MediaTiming/playsForwards(iteration:)``, shared with ``MediaTiming/state(atParentTime:)``);
/// only the division of the active time into iterations is done on integers, where the seconds
/// of the Double evaluation would put a boundary a rounding away (0.3 s / 0.1 s is 2.999…).
/// A timeline begins at 0 and runs at speed 1; its repeat and yoyo are ``MediaTiming/repeatCount``
/// and ``PlaybackDirection/alternate``.
extension MediaTiming {
    /// The position standing for "forever".
    public static let forever = Int64.max

    /// One iteration in whole nanoseconds.
    @inlinable public var durationNanoseconds: Int64 { MediaTime.nanoseconds(duration) }

    /// The active duration in whole nanoseconds (``forever`` when repeating forever).
    public var activeNanoseconds: Int64 {
        if repeatCount.isInfinite { return Self.forever }
        let total = (Double(durationNanoseconds) * repeatCount * (autoreverses ? 2 : 1)).rounded()
        return total >= 9.2e18 ? Self.forever : Int64(saturating: total)
    }

    /// Whether iteration `i` (from 0) plays backwards.
    @inlinable func isMirrored(_ i: Int64) -> Bool { !playsForwards(iteration: Double(i)) }

    /// The time inside the current iteration at `total` nanoseconds of active time. At or past
    /// the end it is where the last iteration ended.
    public func localNanoseconds(atActive total: Int64) -> Int64 {
        let d = durationNanoseconds
        guard d > 0 else { return 0 }
        let end = activeNanoseconds
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

    /// The marks (local times, by index) a playhead crosses going from `from` to `to`, as
    /// (active time, mark index) in the order they are crossed: forwards a mark at x counts when
    /// from < x ≤ to, backwards when to ≤ x < from. The iterations are unrolled.
    public func crossings(of marks: [Int64], from: Int64, to: Int64, into out: inout [(time: Int64, index: Int)]) {
        out.removeAll(keepingCapacity: true)
        let d = durationNanoseconds
        guard from != to, !marks.isEmpty, d > 0 else { return }
        let forward = to > from
        let lo = min(from, to), hi = min(max(from, to), activeNanoseconds)
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
    /// iteration crossed, in order: each (from, to) in local time, mirrored in backward
    /// iterations, so nested timelines see the same motion their parent's local time makes.
    public func localSegments(from: Int64, to: Int64) -> [(from: Int64, to: Int64)] {
        let d = durationNanoseconds
        guard d > 0, from != to else { return [] }
        let lo = max(0, min(from, to)), hi = min(max(from, to), activeNanoseconds)
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
