/// Conversions between the engine's integer nanoseconds and seconds. Time is kept in nanoseconds
/// (frame times, begin times, timeline positions); it becomes seconds once, here, where a curve
/// is evaluated.
public enum MediaTime {
    /// `nanoseconds` in seconds.
    @inlinable public static func seconds(_ nanoseconds: Int64) -> Double { Double(nanoseconds) / 1e9 }

    /// `seconds` in whole nanoseconds, rounded to the nearest (and clamped to ±292 years, so
    /// that no finite input traps).
    @inlinable public static func nanoseconds(_ seconds: Double) -> Int64 {
        let ns = (seconds * 1e9).rounded()
        if ns >= 9.2e18 { return 9_200_000_000_000_000_000 }
        if ns <= -9.2e18 { return -9_200_000_000_000_000_000 }
        return ns.isNaN ? 0 : Int64(ns)
    }

    /// Seconds from `begin` to `now`, both in nanoseconds.
    @inlinable public static func seconds(from begin: Int64, to now: Int64) -> Double {
        Double(now - begin) / 1e9
    }
}
