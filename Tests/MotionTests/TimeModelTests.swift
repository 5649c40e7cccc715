import Motion
import Testing

@Suite("N4, N8, E4 the timing model")
struct TimeModelTests {
    @Test("N4: an autoreversing animation has ended at its active duration and then shows the model value")
    func N4_autoreverseEndsAtModel() {
        let timing = MediaTiming.block(duration: 0.5, autoreverses: true)
        #expect(timing.activeDuration == 1)
        let there = timing.sample(atParentTime: 0.25, along: .linear), back = timing.sample(atParentTime: 0.75, along: .linear)
        #expect(there == .progress(0.5))
        #expect(back == .progress(0.5))                          // on the way back
        let end = timing.sample(atParentTime: 1, along: .linear)
        #expect(end == .ended(hold: nil))                        // finished: the model value
    }

    @Test("E4/N8: curve values at the same times are bit-identical at 60, 90, 120 and 144 fps; springs too",
          arguments: [TimingCurve.linear, .easeInOut, .cubicBezier(CubicBezier(0.2, 0.9, 0.3, 1.4)),
                      .spring(Spring(dampingRatio: 0.4, response: 0.5))])
    func E4_sameTimesSameValues(curve: TimingCurve) {
        let timing = MediaTiming.block(duration: 1)
        // The times every rate shares: each whole multiple of 1/30 s up to 1 s. A frame's media
        // time is tick · 10⁹ / fps in whole nanoseconds, so equal times are equal integers.
        var values: [Int: [Double]] = [:]
        for fps in [60, 90, 120, 144] {
            for k in 0...30 where (k * fps) % 30 == 0 {
                let tick = Int64(k * fps / 30)
                let ns = tick * 1_000_000_000 / Int64(fps)
                values[k, default: []].append(timing.progress(of: timing.state(atParentTime: MediaTime.seconds(ns)), along: curve))
            }
        }
        for (k, vs) in values where vs.count == 4 {
            #expect(Set(vs).count == 1, "t = \(k)/30 s: \(vs)")
        }
        #expect(values.values.filter { $0.count == 4 }.count >= 6)
    }

    @Test("N7/N8: a timeline's local time is integer maths: repeat, yoyo and the end of a fractional repeat")
    func N7_timelineLocalTime() {
        let t = MediaTiming(duration: 1e-6, repeatCount: 3, direction: .alternate)      // 1,000 ns, repeated twice, yoyo
        #expect(t.activeNanoseconds == 3_000)
        #expect(t.localNanoseconds(atActive: 250) == 250)
        #expect(t.localNanoseconds(atActive: 1_250) == 750)                   // the second iteration runs back
        #expect(t.localNanoseconds(atActive: 3_000) == 1_000)                 // ends at the end of a forward third
        let half = MediaTiming(duration: 1e-6, repeatCount: 1.5)
        #expect(half.activeNanoseconds == 1_500 && half.localNanoseconds(atActive: 1_500) == 500)
        var out: [(time: Int64, index: Int)] = []
        t.crossings(of: [250], from: 0, to: 3_000, into: &out)
        #expect(out.map(\.time) == [250, 1_750, 2_250])
    }
}

@Suite("N9 springs by duration and bounce")
struct SpringByDurationTests {
    @Test("N9: duration 0.5 and bounce 0.3 are stiffness ≈ 157.9 and damping ≈ 17.6 at mass 1 (SwiftUI's conversion)")
    func N9_durationAndBounceToPhysics() {
        let s = Spring(duration: 0.5, bounce: 0.3)
        #expect(abs(s.stiffness - 157.9) < 0.05)
        #expect(abs(s.damping - 17.6) < 0.05)
        #expect(abs(s.dampingRatio - 0.7) < 1e-12 && s.response == 0.5)
    }

    @Test("N9: stiffness 100 and damping 10 are duration ≈ 0.63 and bounce ≈ 0.5")
    func N9_physicsToDurationAndBounce() {
        let s = Spring(stiffness: 100, damping: 10)
        #expect(abs(s.duration - 0.63) < 0.005)
        #expect(abs(s.bounce - 0.5) < 1e-12)
    }

    @Test("N9: a negative bounce is over-damped, and duration and bounce survive the round trip",
          arguments: [(0.5, 0.3), (1.2, 0), (0.35, -0.4), (2, 0.9)])
    func N9_roundTrip(duration: Double, bounce: Double) {
        let s = Spring(duration: duration, bounce: bounce)
        #expect(abs(s.duration - duration) < 1e-12 && abs(s.bounce - bounce) < 1e-12)
        if bounce < 0 { #expect(s.dampingRatio > 1) }
        let back = Spring(stiffness: s.stiffness, damping: s.damping)
        #expect(abs(back.dampingRatio - s.dampingRatio) < 1e-12 && abs(back.response - s.response) < 1e-12)
    }
}
