import Testing
@testable import Motion

/// AM2: one timing model. `MediaTiming` and its one evaluation, `state(atParentTime:)`, give
/// what each former model documented: Core Animation's (`Layers.MediaTiming`), UIKit's and the
/// web's (`AnimationTiming`) and a timeline's (`TimelineTiming`).
@Suite("AM2 one timing model")
struct OneTimingModelTests {
    @Test("AM2: Core Animation's timeOffset wraps around the active duration, and the end holds where it wrapped to")
    func AM2_timeOffsetWraps() {
        var t = MediaTiming(duration: 2, repeatCount: 2)
        t.timeOffset = 3                                          // active 4 s: starts 3 s in
        #expect(t.state(atParentTime: 0) == .active(fraction: 0.5, iteration: 1))
        #expect(t.state(atParentTime: 1.5) == .active(fraction: 0.25, iteration: 0))   // wrapped to 0.5 s
        #expect(t.state(atParentTime: 4) == .after(fraction: 0.5, iteration: 1))
        t.timeOffset = -1                                         // a negative offset wraps from the end
        #expect(t.state(atParentTime: 0) == .active(fraction: 0.5, iteration: 1))
    }

    @Test("AM2: Core Animation's fill modes: what shows before the begin time and after the end")
    func AM2_fillModes() {
        var t = MediaTiming(beginTime: 1, duration: 2)
        let before = t.state(atParentTime: 0.5), after = t.state(atParentTime: 4)
        #expect(before.phase == .before && before.fraction == 0 && !before.isOver)
        #expect(after.phase == .after && after.fraction == 1 && after.isOver)
        let shown: [MediaTimingFillMode: (Bool, Bool)] = [.removed: (false, false), .forwards: (false, true),
                                                          .backwards: (true, false), .both: (true, true), .auto: (false, false)]
        for (mode, (b, a)) in shown {
            t.fillMode = mode
            #expect(t.shows(before) == b && t.shows(after) == a, "\(mode)")
            #expect(t.shows(t.state(atParentTime: 2)), "\(mode): active")
        }
        // Repeating: the count is total iterations; autoreversing ends on the way back.
        t = MediaTiming(duration: 1, repeatCount: 2, autoreverses: true)
        #expect(t.activeDuration == 4)
        #expect(t.state(atParentTime: 1.5) == .init(phase: .active, fraction: 0.5, iteration: 0, forwards: false, isOver: false))
        #expect(t.state(atParentTime: 2.25) == .active(fraction: 0.25, iteration: 1))
        #expect(t.endState == .init(phase: .after, fraction: 0, iteration: 1, forwards: false, isOver: true))
    }

    @Test("AM2: UIKit's delay is the begin time with the auto fill: before it the phase is before and nothing fills")
    func AM2_uikitDelay() {
        // View.animate(withDuration: 1, delay: 0.5, repeatCount: 1, autoreverses: true): one
        // extra repetition is two iterations, there and back each.
        let t = MediaTiming(beginTime: 0.5, duration: 1, repeatCount: 2, autoreverses: true, fillMode: .auto)
        let delay = t.state(atParentTime: 0.25)
        #expect(delay.phase == .before && !t.shows(delay) && t.fillMode == .auto)   // the client shows the old value
        #expect(t.state(atParentTime: 1) == .active(fraction: 0.5, iteration: 0))
        #expect(t.state(atParentTime: 2).fraction == 0.5 && !t.state(atParentTime: 2).forwards)
        #expect(t.state(atParentTime: 4.5).isOver && !t.shows(t.state(atParentTime: 4.5)))   // then the model value
        #expect(!t.state(atParentTime: 4.49).isOver)
    }

    @Test("AM2: Web Animations' direction, iterationStart and endDelay")
    func AM2_webFields() {
        var t = MediaTiming(duration: 1, repeatCount: 3, direction: .alternateReverse)
        #expect([0.25, 1.25, 2.25].map { t.state(atParentTime: $0).fraction } == [0.75, 0.25, 0.75])
        t.direction = .reverse
        t.iterationStart = 0.5                                    // starts half way through the first
        #expect(t.state(atParentTime: 0).fraction == 0.5 && t.state(atParentTime: 0.75) == .init(
            phase: .active, fraction: 0.75, iteration: 1, forwards: false, isOver: false))
        t = MediaTiming(duration: 1, repeatCount: 1)
        t.endDelay = 0.5
        t.fillMode = .forwards
        let held = t.state(atParentTime: 1.25)                     // in the end delay: after, not over
        #expect(held.phase == .after && !held.isOver && held.fraction == 1 && t.shows(held))
        #expect(t.state(atParentTime: 1.5).isOver)
        t.endDelay = -0.5                                          // cut short: over at 0.5, holding 0.5
        #expect(t.state(atParentTime: 0.5).isOver && t.endState.fraction == 0.5)
        t.speed = -1                                               // backwards from the end
        #expect(t.state(atParentTime: 0) == .init(phase: .active, fraction: 0.5, iteration: 0, forwards: true, isOver: false))
        #expect(t.state(atParentTime: 0.5).isOver && t.endState.phase == .before)
    }

    @Test("AM2: a timeline's yoyo and mark crossings on integer time, and the Double evaluation lands on the same local times")
    func AM2_timelineOnTheModel() {
        // A 0.3 s timeline repeated twice with yoyo: three iterations, the second backwards.
        let t = MediaTiming(duration: 0.3, repeatCount: 3, direction: .alternate)
        #expect(t.activeNanoseconds == 900_000_000 && t.durationNanoseconds == 300_000_000)
        #expect(t.localNanoseconds(atActive: 600_000_000) == 0)         // the third begins forwards
        #expect(t.localNanoseconds(atActive: 300_000_000) == 300_000_000)  // the second begins at its end
        #expect(t.localNanoseconds(atActive: 900_000_000) == 300_000_000)
        var out: [(time: Int64, index: Int)] = []
        t.crossings(of: [100_000_000, 250_000_000], from: 0, to: 900_000_000, into: &out)
        #expect(out.map(\.time) == [100_000_000, 250_000_000, 350_000_000, 500_000_000, 700_000_000, 850_000_000])
        #expect(out.map(\.index) == [0, 1, 1, 0, 0, 1])
        t.crossings(of: [100_000_000], from: 700_000_000, to: 400_000_000, into: &out)
        #expect(out.map(\.time) == [500_000_000])                      // backwards: the mirrored one
        // Every frame of a 60 fps run but the iteration boundaries: the Double evaluation's
        // fraction of the iteration, in nanoseconds, is the integer evaluation's local time.
        for frame in 0...54 {
            let ns = Int64(frame) * 1_000_000_000 / 60
            guard ns % 300_000_000 != 0 else { continue }
            let s = t.state(atParentTime: MediaTime.seconds(ns))
            #expect(MediaTime.nanoseconds(s.fraction * t.duration) == t.localNanoseconds(atActive: ns), "frame \(frame)")
        }
    }
}
