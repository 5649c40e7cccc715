import Testing
@testable import Motion

/// N10: Web Animations' timing model and CSS easing functions. The expected values are WPT's
/// (web-animations/timing-model/animation-effects/simple-iteration-progress.html,
/// current-iteration.html, active-time.html, the delay/endDelay combinations, and
/// css/css-easing's step and linear() outputs), in seconds instead of milliseconds.
@Suite("N10 the Web Animations timing model")
struct WebTimingTests {
    static let inf = Double.infinity

    /// The web's timing in the one model (AM2): the delay is the begin time, iterations the
    /// repeat count; read back in the web's terms by ``Web/computed(at:backwards:)``.
    struct Web {
        var timing: MediaTiming
        var curve: TimingCurve
        /// The end of the effect in the web's local time (delay, active duration, end delay, at least 0).
        var endTime: Double { max(timing.beginTime + timing.span, 0) }

        struct Computed: CustomStringConvertible {
            var phase: EffectPhase, activeTime: Double?, directedProgress: Double?, progress: Double?, currentIteration: Double?
            var description: String { "\(phase) active \(activeTime as Any) progress \(progress as Any) iteration \(currentIteration as Any)" }
        }

        /// The model's state at the web's local time `t` (from the start of the delay), with
        /// nil values where the fill shows nothing.
        func computed(at t: Double, backwards: Bool = false) -> Computed {
            let e = t - timing.beginTime
            let s = timing.state(atElapsed: e, backwards: backwards)
            let shows = timing.shows(s)
            return Computed(phase: s.phase, activeTime: shows ? timing.phase(atElapsed: e, backwards: backwards).activeTime : nil,
                            directedProgress: shows ? s.fraction : nil,
                            progress: shows ? timing.progress(of: s, along: curve) : nil,
                            currentIteration: shows ? s.iteration : nil)
        }
    }

    func timing(duration: Double, iterations: Double = 1, iterationStart: Double = 0, delay: Double = 0, endDelay: Double = 0,
                fill: MediaTimingFillMode = .both, direction: PlaybackDirection = .normal, curve: TimingCurve = .linear) -> Web {
        var t = MediaTiming(beginTime: delay, duration: duration, repeatCount: iterations, fillMode: fill, direction: direction)
        t.iterationStart = iterationStart
        t.endDelay = endDelay
        return Web(timing: t, curve: curve)
    }

    /// WPT's `assert_computed_timing_for_each_phase`: delay 1, fill both; (progress, current
    /// iteration) in the before phase, at the start of the active phase, and after the end.
    /// Each row: iterations, iteration start, duration, before, active (nil: no active phase),
    /// after (nil: the effect never ends).
    static let phaseTable: [(Double, Double, Double, (Double, Double), (Double, Double)?, (Double, Double)?)] = [
        (0, 0, 0, (0, 0), nil, (0, 0)), (0, 0, 100, (0, 0), nil, (0, 0)), (0, 0, inf, (0, 0), nil, (0, 0)),
        (0, 2.5, 0, (0.5, 2), nil, (0.5, 2)), (0, 2.5, 100, (0.5, 2), nil, (0.5, 2)), (0, 2.5, inf, (0.5, 2), nil, (0.5, 2)),
        (0, 3, 0, (0, 3), nil, (0, 3)), (0, 3, 100, (0, 3), nil, (0, 3)), (0, 3, inf, (0, 3), nil, (0, 3)),
        (3, 0, 0, (0, 0), nil, (1, 2)), (3, 0, 100, (0, 0), (0, 0), (1, 2)), (3, 0, inf, (0, 0), (0, 0), nil),
        (3, 2.5, 0, (0.5, 2), nil, (0.5, 5)), (3, 2.5, 100, (0.5, 2), (0.5, 2), (0.5, 5)), (3, 2.5, inf, (0.5, 2), (0.5, 2), nil),
        (3, 3, 0, (0, 3), nil, (1, 5)), (3, 3, 100, (0, 3), (0, 3), (1, 5)), (3, 3, inf, (0, 3), (0, 3), nil),
        (3.5, 0, 0, (0, 0), nil, (0.5, 3)), (3.5, 0, 100, (0, 0), (0, 0), (0.5, 3)), (3.5, 0, inf, (0, 0), (0, 0), nil),
        (3.5, 2.5, 0, (0.5, 2), nil, (1, 5)), (3.5, 2.5, 100, (0.5, 2), (0.5, 2), (1, 5)), (3.5, 2.5, inf, (0.5, 2), (0.5, 2), nil),
        (3.5, 3, 0, (0, 3), nil, (0.5, 6)), (3.5, 3, 100, (0, 3), (0, 3), (0.5, 6)), (3.5, 3, inf, (0, 3), (0, 3), nil),
        (inf, 0, 0, (0, 0), nil, (1, inf)), (inf, 0, 100, (0, 0), (0, 0), nil), (inf, 0, inf, (0, 0), (0, 0), nil),
        (inf, 2.5, 0, (0.5, 2), nil, (0.5, inf)), (inf, 2.5, 100, (0.5, 2), (0.5, 2), nil), (inf, 2.5, inf, (0.5, 2), (0.5, 2), nil),
        (inf, 3, 0, (0, 3), nil, (1, inf)), (inf, 3, 100, (0, 3), (0, 3), nil), (inf, 3, inf, (0, 3), (0, 3), nil),
    ]

    @Test("N10: progress and current iteration in each phase for zero, whole, fractional and infinite iterations (WPT)")
    func N10_progressAndIterationPerPhase() {
        for (n, start, d, before, active, after) in Self.phaseTable {
            let t = timing(duration: d, iterations: n, iterationStart: start, delay: 1)
            let label = "iterations \(n), iterationStart \(start), duration \(d)"
            let b = t.computed(at: 0)
            #expect(b.phase == .before, "\(label)")
            #expect(b.progress == before.0 && b.currentIteration == before.1, "\(label): before \(b)")
            let a = t.computed(at: 1)
            if let active {
                #expect(a.phase == .active, "\(label)")
                #expect(a.progress == active.0 && a.currentIteration == active.1, "\(label): active \(a)")
            } else {
                #expect(a.phase == .after, "\(label)")
            }
            if let after {
                let c = t.computed(at: t.endTime + 1)
                #expect(c.phase == .after, "\(label)")
                #expect(c.progress == after.0 && c.currentIteration == after.1, "\(label): after \(c)")
            } else {
                #expect(t.endTime.isInfinite, "\(label)")
            }
        }
    }

    @Test("N10: playing backwards, the phase on a boundary follows the playback direction (WPT)")
    func N10_backwardsBoundaries() {
        // (duration, iterations, local time) -> (phase, progress, iteration), delay 1, fill both.
        let rows: [(Double, Double, Double, EffectPhase, Double, Double)] = [
            (1, 1, 1, .before, 0, 0), (1, 1, 2, .active, 1, 0), (1, 1, 3, .after, 1, 0),
            (1, 2, 1, .before, 0, 0), (1, 2, 3, .active, 1, 1), (1, 2, 4, .after, 1, 1),
            (0, 1, 1, .before, 0, 0), (0, 1, 2, .after, 1, 0), (0, 0, 1, .before, 0, 0), (0, 0, 2, .after, 0, 0),
        ]
        for (d, n, local, phase, progress, iteration) in rows {
            let c = timing(duration: d, iterations: n, delay: 1).computed(at: local, backwards: true)
            #expect(c.phase == phase && c.progress == progress && c.currentIteration == iteration, "\(d) \(n) \(local): \(c)")
        }
    }

    @Test("N10: active time and progress are unresolved outside the active interval without a fill (WPT active-time)")
    func N10_activeTimeByFill() {
        func active(_ fill: MediaTimingFillMode, _ t: Double) -> Double? {
            timing(duration: 100, iterations: 2, delay: 1, fill: fill).computed(at: t).activeTime
        }
        #expect(active(.removed, 0) == nil && active(.forwards, 0) == nil)
        #expect(active(.backwards, 0) == 0 && active(.both, 0) == 0)
        #expect(active(.removed, 51) == 50)
        #expect(active(.removed, 300) == nil && active(.backwards, 300) == nil)
        #expect(active(.forwards, 300) == 200 && active(.both, 300) == 200)
        #expect(timing(duration: 100, delay: 1, fill: .removed).computed(at: 0).progress == nil)
        #expect(timing(duration: 100, delay: 1, fill: .removed).computed(at: 200).progress == nil)
    }

    @Test("N10: the iteration and progress a forwards fill holds, with end delays positive and negative (WPT)")
    func N10_endDelayHolds() {
        // duration 1, 2.3 iterations, delay 0.5; (end delay) -> (current iteration, progress)
        let rows: [(Double, Double, Double)] = [(0, 2, 0.3), (4, 2, 0.3), (-0.8, 1, 0.5), (-2.5, 0, 0), (-4, 0, 0)]
        for (endDelay, iteration, progress) in rows {
            let t = timing(duration: 1, iterations: 2.3, delay: 0.5, endDelay: endDelay, fill: .forwards)
            let c = t.computed(at: t.endTime)
            #expect(c.currentIteration == iteration, "endDelay \(endDelay): \(c)")
            #expect(abs((c.progress ?? -1) - progress) < 1e-9, "endDelay \(endDelay): \(c)")
        }
        let zero = timing(duration: 0, iterations: .infinity, fill: .forwards)
        #expect(zero.computed(at: zero.endTime).currentIteration == .infinity)
        #expect(zero.computed(at: zero.endTime).progress == 1)
        // delay/endDelay combinations, duration 10, fill both: (delay, endDelay, [(time, progress)]).
        // A negative end delay cuts the active interval: at the end time the fill shows where it
        // was cut (0.9), by the current spec's after-phase active time, min(local - delay, active
        // duration) (an older version of the WPT file expected 1 at the end time).
        let combos: [(Double, Double, [(Double, Double)])] = [
            (1, 1, [(0, 0), (1, 0), (2, 0.1), (10, 0.9), (11, 1), (12, 1)]),
            (1, -1, [(0, 0), (1, 0), (2, 0.1), (9, 0.8), (10, 0.9), (11, 1)]),
            (-1, 1, [(-1, 0), (0, 0.1), (1, 0.2), (8, 0.9), (9, 1), (10, 1)]),
            (-1, -1, [(-1, 0), (0, 0.1), (1, 0.2), (7, 0.8), (8, 0.9), (9, 1), (10, 1)]),
        ]
        for (delay, endDelay, samples) in combos {
            let t = timing(duration: 10, delay: delay, endDelay: endDelay)
            for (at, expected) in samples {
                #expect(abs((t.computed(at: at).progress ?? -1) - expected) < 1e-12, "delay \(delay) endDelay \(endDelay) at \(at): \(t.computed(at: at))")
            }
        }
    }

    @Test("N10: directions over three iterations and after the end (WPT direction)")
    func N10_directions() {
        let expected: [PlaybackDirection: [Double]] = [.normal: [0.25, 0.25, 0.25, 1], .reverse: [0.75, 0.75, 0.75, 0],
                                                       .alternate: [0.25, 0.75, 0.25, 1], .alternateReverse: [0.75, 0.25, 0.75, 0]]
        for (direction, values) in expected {
            let t = timing(duration: 100, iterations: 3, direction: direction)
            #expect([25.0, 125, 225, 300].map { t.computed(at: $0).progress! } == values, "\(direction)")
        }
        // An infinite current iteration plays forwards.
        let t = timing(duration: 0, iterations: .infinity, direction: .alternateReverse)
        #expect(t.computed(at: 1).directedProgress == 1)
    }

    @Test("N10: step easings take the before flag from the phase and direction")
    func N10_stepBeforeFlag() {
        let end = TimingCurve.steps(Steps(2, .jumpEnd)!)
        let normal = timing(duration: 100, delay: 10, curve: end)
        #expect(normal.computed(at: 0).progress == 0 && normal.computed(at: 10).progress == 0)
        #expect(normal.computed(at: 60).progress == 0.5 && normal.computed(at: 200).progress == 1)
        let reverse = timing(duration: 100, delay: 10, direction: .reverse, curve: end)
        #expect(reverse.computed(at: 0).progress == 1 && reverse.computed(at: 200).progress == 0)
        let start = timing(duration: 100, delay: 10, curve: .steps(Steps(2, .jumpStart)!))
        #expect(start.computed(at: 0).progress == 0 && start.computed(at: 10).progress == 0.5)
    }

    @Test("N10: steps() outputs for every position (CSS Easing)")
    func N10_stepsOutputs() {
        func f(_ n: Int, _ p: StepPosition, _ x: Double, before: Bool = false) -> Double { Steps(n, p)!.progress(at: x, beforeFlag: before) }
        let xs: [Double] = [0, 0.1, 0.5, 0.99, 1], quarters: [Double] = [0, 0.25, 0.5, 0.75, 1]
        let third = 1.0 / 3, twoThirds = 2.0 / 3
        let thirds: [Double] = [0, third, 0.5, twoThirds, 1]
        #expect(xs.map { f(1, .jumpStart, $0) } == [1, 1, 1, 1, 1])
        #expect(xs.map { f(1, .jumpEnd, $0) } == [0, 0, 0, 0, 1])
        #expect(quarters.map { f(2, .jumpNone, $0) } == [0, 0, 1, 1, 1])
        #expect(quarters.map { f(2, .jumpBoth, $0) } == [third, third, twoThirds, twoThirds, 1])
        #expect(thirds.map { f(3, .jumpEnd, $0) } == [0, third, third, twoThirds, 1])
        #expect(f(4, .jumpEnd, 0.25, before: true) == 0)      // on a boundary, the step below
        #expect(f(1, .jumpStart, 0, before: true) == 0)
        #expect(f(2, .jumpEnd, -0.5) == -0.5 && f(2, .jumpEnd, 1.5) == 1.5)   // outside 0...1 it keeps stepping
        #expect(Steps(1, .jumpNone) == nil && Steps(0) == nil)
    }

    @Test("N10: linear() resolves missing and out-of-order positions and extrapolates (CSS Easing)")
    func N10_linearStops() {
        let l = PiecewiseLinear([(0, []), (0.25, [0.75]), (1, [])])!
        #expect(l.stops.map(\.input) == [0, 0.75, 1])
        #expect(abs(l.progress(at: 0.375) - 0.125) < 1e-12 && abs(l.progress(at: 0.875) - 0.625) < 1e-12)
        let even = PiecewiseLinear([(0, []), (0.5, []), (0.6, []), (1, [])])!
        #expect(even.stops.map(\.input).map { ($0 * 3).rounded() } == [0, 1, 2, 3])
        let raised = PiecewiseLinear([(0, []), (0.3, [0.6]), (0.4, [0.2]), (1, [])])!   // 20% is raised to 60%
        #expect(raised.stops.map(\.input) == [0, 0.6, 0.6, 1])
        #expect(raised.progress(at: 0.6) == 0.4)                   // two stops at one position: the later wins
        let held = PiecewiseLinear([(0, []), (0.5, [0.25, 0.75]), (1, [])])!
        #expect(held.progress(at: 0.5) == 0.5 && held.stops.count == 4)
        #expect(abs(l.progress(at: -0.5) - (-1.0 / 6)) < 1e-12)    // extends the first segment
        #expect(abs(l.progress(at: 2) - 4) < 1e-12)                 // and the last
        #expect(PiecewiseLinear([(1, [])]) == nil)
    }

    @Test("N10: ease is cubic-bezier(0.25, 0.1, 0.25, 1)")
    func N10_ease() {
        #expect(TimingCurve.ease == .cubicBezier(CubicBezier(0.25, 0.1, 0.25, 1)))
        #expect(abs(TimingCurve.ease.progress(fraction: 0.5) - 0.8024033877399112) < 1e-6)
    }

    @Test("N10: the engine's sample: old value in a delay by default, model with fill none, a held fill at the end, rates")
    func N10_samples() {
        var t = MediaTiming.block(duration: 2, delay: 1)
        t.repeatCount = 1.5
        func effect(_ elapsed: Double) -> BlockSample { t.sample(atParentTime: elapsed, along: .linear) }
        #expect(effect(0.5) == .oldValue)
        #expect(effect(2) == .progress(0.5))
        #expect(effect(4) == .ended(hold: nil))                 // auto: the model after the end
        t.fillMode = .forwards
        #expect(effect(0.5) == .modelValue)
        #expect(effect(4) == .ended(hold: 0.5))                 // half way through the second iteration
        t.fillMode = .backwards
        t.direction = .reverse
        #expect(effect(0.5) == .progress(1))
        t = .block(duration: 2)
        t.speed = 2
        #expect(effect(0.5) == .progress(0.5) && effect(1) == .ended(hold: nil))
        t.speed = -1
        #expect(effect(0.5) == .progress(0.75) && effect(2) == .ended(hold: nil))
        let uikit = MediaTiming.block(duration: 1)               // UIKit's timing: the web's defaults
        #expect(uikit.direction == .normal && uikit.iterationStart == 0 && uikit.endDelay == 0 && uikit.speed == 1)
    }
}
