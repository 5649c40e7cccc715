#if canImport(Glibc)
import Glibc
#endif

/// The clock benchmark's raw baseline (C1): a loop of `clock_nanosleep(CLOCK_MONOTONIC,
/// TIMER_ABSTIME)` to each tick of the same grid as the engine's clocks, with the same skip-ahead
/// rule, and nothing else. What the dispatch clock costs over the operating system's own wake-up
/// latency is the difference between the two.
public enum SleepTicker {
    /// Sleeps to each tick for `seconds`, calling `work` after each wake (it may take time, e.g.
    /// an injected stall). Returns the ticks.
    public static func run(rate: FrameRate, seconds: Double, origin: Int64? = nil,
                           work: (TickSample) -> Void = { _ in }) -> [TickSample] {
        let grid = FrameGrid(rate: rate, origin: origin ?? (MonotonicClock.now() + 1_000_000))
        let end = grid.origin + Int64(seconds * 1e9)
        var samples: [TickSample] = []
        samples.reserveCapacity(Int(seconds * Double(rate.rawValue)) + 16)
        var index: Int64 = 0
        while grid.time(ofTick: index) < end {
            let deadline = grid.time(ofTick: index)
            var ts = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
            while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
            let woke = MonotonicClock.now()
            let sample = TickSample(index: index, scheduled: deadline, woke: woke)
            samples.append(sample)
            work(sample)
            // Skip ahead past ticks that are already due, as FrameSchedule does.
            index = Swift.max(index + 1, grid.firstTick(after: MonotonicClock.now()))
        }
        return samples
    }
}
