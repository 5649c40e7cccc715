import FrameStatistics
import FrameTiming
import Testing

/// Ticks on the 60 fps grid from `start`, each `late(k)` nanoseconds late, with index gaps where
/// `skip` says.
func grid60(_ n: Int, late: (Int) -> Int64 = { _ in 0 }, indexOf: (Int) -> Int64 = { Int64($0) }) -> [TickSample] {
    let g = FrameGrid(rate: .fps60, origin: 1_000_000_000)
    return (0..<n).map { k in
        let i = indexOf(k)
        return TickSample(index: i, scheduled: g.time(ofTick: i), woke: g.time(ofTick: i) + late(k))
    }
}

@Suite("C1 clock statistics on synthetic tick series")
struct ClockStatisticsTests {
    @Test("C1: a perfect grid has no lateness, deviation, drops, drift, hitches or bursts")
    func C1_perfectGrid() {
        let s = ClockStatistics(samples: grid60(600), rate: .fps60)
        #expect(s.frames == 600)
        #expect(s.lateness == DurationPercentiles(p50: 0, p99: 0, p999: 0, max: 0))
        #expect(s.intervalDeviation == DurationPercentiles(p50: 0, p99: 0, p999: 0, max: 0))
        #expect(s.dropped == 0 && s.driftMilliseconds == 0 && s.hitchMillisecondsPerSecond == 0 && s.burstFrames == 0)
        #expect(abs(s.span - 599.0 / 60) < 1e-9)
    }

    @Test("C1: a constant lateness shows in the percentiles but not as drift or deviation")
    func C1_constantLateness() {
        let s = ClockStatistics(samples: grid60(100, late: { _ in 2_000_000 }), rate: .fps60)
        #expect(s.lateness.p50 == 2 && s.lateness.max == 2)
        #expect(s.driftMilliseconds == 0)
        #expect(s.intervalDeviation.max == 0)
    }

    @Test("C1: percentiles of 1..1000 µs: p50 0.5 ms, p99 0.99 ms, p99.9 1 ms, exact max")
    func C1_percentiles() {
        let s = ClockStatistics(samples: grid60(1000, late: { Int64($0 + 1) * 1000 }), rate: .fps60)
        #expect(abs(s.lateness.p50 - 0.5) < 0.001)
        #expect(abs(s.lateness.p99 - 0.99) < 0.001)
        #expect(abs(s.lateness.p999 - 0.999) < 0.002)
        #expect(s.lateness.max == 1)
        // Each wake is 1 µs later than the previous one relative to the grid: deviation 1 µs.
        #expect(s.intervalDeviation.p50 == 0.001)
        // Median lateness of the last 60 ticks (971 µs) minus that of the first 60 (31 µs).
        #expect(abs(s.driftMilliseconds - 0.94) < 1e-9)
    }

    @Test("C1: a skip of three ticks counts two dropped and one hitch of two periods")
    func C1_skip() {
        // Indices 0...9, then 12...21: ticks 10 and 11 skipped.
        let s = ClockStatistics(samples: grid60(20, indexOf: { Int64($0 < 10 ? $0 : $0 + 2) }), rate: .fps60)
        #expect(s.dropped == 2)
        #expect(s.burstFrames == 0)
        let hitch = (Double(FrameGrid(rate: .fps60, origin: 0).time(ofTick: 3)) - 1e9 / 60) / 1e6   // 3 periods - 1
        #expect(abs(s.hitchMillisecondsPerSecond * s.span - hitch) < 1e-6)
        #expect(abs(s.intervalDeviation.max - 2000.0 / 60) < 0.01)
    }

    @Test("C1: a clock that catches up after a stall shows burst frames; drift over a run that slips")
    func C1_burstAndDrift() {
        // After a 45 ms stall a catching-up clock runs ticks 10, 11 and 12 back to back, 45, 28.3
        // and 11.7 ms after their times: the first two are a whole period or more overdue.
        let burst = ClockStatistics(samples: grid60(20, late: { (10...12).contains($0) ? Int64(45_000_000 - ($0 - 10) * 16_666_666) : 0 }), rate: .fps60)
        #expect(burst.burstFrames == 2)
        // Jitter is not a burst: a wake 9 ms late followed by one on time.
        let jitter = ClockStatistics(samples: grid60(20, late: { $0 == 5 ? 9_000_000 : 0 }), rate: .fps60)
        #expect(jitter.burstFrames == 0)
        // A relative timer that adds 16.7 ms plus 10 µs per frame slips 10 µs a frame: the last
        // second's median lateness (5.71 ms) minus the first's (0.3 ms).
        let slipping = ClockStatistics(samples: grid60(601, late: { Int64($0) * 10_000 }), rate: .fps60)
        #expect(abs(slipping.driftMilliseconds - 5.41) < 1e-9)
        // One late wake at the very end is not drift.
        let lastLate = ClockStatistics(samples: grid60(600, late: { $0 == 599 ? 9_000_000 : 0 }), rate: .fps60)
        #expect(lastLate.driftMilliseconds == 0)
    }

    @Test("C1/R3: the manual clock's stalled run skips ahead and never bursts")
    func C1_manualStall() {
        let clock = ManualFrameClock(rate: .fps60)
        var samples: [TickSample] = []
        clock.frameHandler = { info in
            samples.append(TickSample(index: info.index, scheduled: info.timestamp, woke: clock.now))
            if info.index == 30 { clock.spend(.milliseconds(100)) }
            return true
        }
        clock.advance(by: .seconds(1))
        let s = ClockStatistics(samples: samples, rate: .fps60)
        #expect(s.dropped == 6)                                       // 100 ms = 6 periods
        #expect(s.burstFrames == 0)
        #expect(s.lateness.max == 0)
        #expect(samples.map(\.index).contains(37) && !samples.map(\.index).contains(36))
    }

    @Test("C1: the clock_nanosleep baseline ticks on the grid in order and never early")
    func C1_sleepTicker() {
        let samples = SleepTicker.run(rate: .fps120, seconds: 0.1)
        #expect(samples.count >= 6)
        #expect(samples.allSatisfy { $0.woke >= $0.scheduled })
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $0.index < $1.index })
    }
}
