import FrameTiming
import Histogram

/// Percentiles of a set of durations, in milliseconds.
public struct DurationPercentiles: Sendable, Equatable {
    /// The median, in milliseconds.
    public var p50: Double
    /// The 90th percentile (Flutter's frame summaries report it).
    public var p90: Double
    /// The 99th percentile, in milliseconds.
    public var p99: Double
    /// The 99.9th percentile, in milliseconds.
    public var p999: Double
    /// The largest value, exact, in milliseconds.
    public var max: Double
    /// Percentiles given directly, in milliseconds.
    public init(p50: Double, p90: Double = 0, p99: Double, p999: Double, max: Double) {
        self.p50 = p50; self.p90 = p90; self.p99 = p99; self.p999 = p999; self.max = max
    }

    /// Percentiles of `nanoseconds` (negative values count as 0), through an HDR histogram with
    /// three significant digits; the maximum is exact.
    public init(nanoseconds values: [Int64]) {
        guard !values.isEmpty else { self.init(p50: 0, p90: 0, p99: 0, p999: 0, max: 0); return }
        var h = Histogram<UInt64>(highestTrackableValue: 3_600_000_000_000, numberOfSignificantValueDigits: .three)
        var largest: Int64 = 0
        for v in values {
            let clamped = Swift.max(0, Swift.min(v, 3_600_000_000_000))
            _ = h.record(UInt64(clamped))
            largest = Swift.max(largest, clamped)
        }
        func ms(_ p: Double) -> Double { Double(h.valueAtPercentile(p)) / 1e6 }
        self.init(p50: ms(50), p90: ms(90), p99: ms(99), p999: ms(99.9), max: Double(largest) / 1e6)
    }
}

/// What the clock benchmark reports for one source (C1), computed from its ticks.
///
/// - lateness: wake time minus scheduled grid time, per tick (an early wake, which only a clock
///   off the grid such as faked vsync produces, counts by its size);
/// - interval deviation: |interval between consecutive wakes − one period|, so a skipped tick
///   shows as a deviation of about one period;
/// - dropped: grid ticks skipped (index gaps beyond one);
/// - drift: the median lateness over the run's last second minus that over its first second
///   (a quarter of the run each when shorter): how far the wakes moved off the grid over the run.
///   A clock that adds intervals instead of computing ticks from a grid accumulates it;
/// - hitch time: over intervals longer than 1.5 periods (a frame missed its tick), the sum of
///   their excess over one period, per second of run;
/// - burst frames: frames run for a tick that was already a whole period overdue. A clock that
///   catches up after a stall runs every missed tick that way, in a burst; a skip-ahead clock
///   runs the latest due tick instead, so its frames are always less than a period late.
public struct ClockStatistics: Sendable, Equatable {
    /// Ticks delivered.
    public var frames: Int
    /// Wake time minus scheduled grid time, per tick.
    public var lateness: DurationPercentiles
    /// How far each interval between wakes was from one period.
    public var intervalDeviation: DurationPercentiles
    /// Grid ticks skipped.
    public var dropped: Int64
    /// How far the wakes moved off the grid from the run's start to its end, in milliseconds.
    public var driftMilliseconds: Double
    /// Milliseconds per second of run lost to hitches: for each interval over 1.5 periods, its excess over one period.
    public var hitchMillisecondsPerSecond: Double
    /// Frames run for a tick already a whole period overdue.
    public var burstFrames: Int
    /// Wall time from the first wake to the last, in seconds.
    public var span: Double

    /// Statistics of `samples` (in delivery order) for a clock ticking at `rate`. Intervals are
    /// compared with the exact period 10⁹/fps ns (the grid's ticks alternate between the whole
    /// nanoseconds around it), rounded toward zero.
    public init(samples: [TickSample], rate: FrameRate) {
        self.init(segments: [samples], rate: rate)
    }

    /// Statistics of a run measured in separate stretches (say, alternating with another source,
    /// so both see the same machine): intervals, drops and hitches are counted inside each
    /// stretch only, never across the gap between two. Drift compares the first stretch's
    /// opening second with the last stretch's closing second.
    public init(segments: [[TickSample]], rate: FrameRate) {
        let fps = Int64(rate.rawValue)
        let period = rate.nominalPeriodNanoseconds
        let all = segments.flatMap { $0 }
        frames = all.count
        lateness = DurationPercentiles(nanoseconds: all.map { abs($0.woke - $0.scheduled) })
        var deviations: [Int64] = []
        deviations.reserveCapacity(Swift.max(0, all.count - 1))
        var dropped: Int64 = 0, hitch: Int64 = 0, spanNanoseconds: Int64 = 0
        for samples in segments {
            for k in samples.indices.dropFirst() {
                let interval = samples[k].woke - samples[k - 1].woke
                deviations.append(abs(interval * fps - 1_000_000_000) / fps)
                dropped += Swift.max(0, samples[k].index - samples[k - 1].index - 1)
                if 2 * interval * fps > 3_000_000_000 { hitch += interval - period }
            }
            if let first = samples.first, let last = samples.last { spanNanoseconds += last.woke - first.woke }
        }
        intervalDeviation = DurationPercentiles(nanoseconds: deviations)
        self.dropped = dropped
        burstFrames = all.filter { ($0.woke - $0.scheduled) * fps >= 1_000_000_000 }.count
        span = Double(spanNanoseconds) / 1e9
        let nonEmpty = segments.filter { !$0.isEmpty }
        if let head = nonEmpty.first, let tail = nonEmpty.last {
            // The median lateness of the last second against the first second's (a quarter of
            // the run each for short runs): what a clock gains or loses over the run, without a
            // single late wake at either end counting as drift.
            let n = Swift.max(1, Swift.min(Int(fps), all.count / 4))
            func medianLateness(_ part: ArraySlice<TickSample>) -> Int64 {
                let sorted = part.map { $0.woke - $0.scheduled }.sorted()
                return sorted[sorted.count / 2]
            }
            driftMilliseconds = Double(medianLateness(tail.suffix(n)) - medianLateness(head.prefix(n))) / 1e6
        } else {
            driftMilliseconds = 0
        }
        hitchMillisecondsPerSecond = span > 0 ? Double(hitch) / 1e6 / span : 0
    }
}
