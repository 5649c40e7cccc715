import Testing
import TimelineTestSupport
import Geometry
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

@Suite("N5 keyframe animations", .endsIdle)
@MainActor
struct KeyframeTests {
    /// Runs a one-second keyframe animation of alpha (1 -> 0 over [0, 0.5], -> 1 over [0.5, 1])
    /// and returns the presentation alpha at each frame after the commit frame.
    func alphas(_ calculation: KeyframeCalculation, completion: @escaping (Bool) -> Void = { _ in }) -> [Double] {
        let host = makeHost()
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        host.root.addSubview(v)
        host.runUntilIdle()
        View.animateKeyframes(withDuration: 1, calculation: calculation, animations: {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { v.alpha = 0 }
            View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { v.alpha = 1 }
        }, completion: completion)
        #expect(v.alpha == 1)                               // the model holds the last keyframe's value
        var out: [Double] = []
        host.step()                                          // commit frame: progress 0
        out.append(v.presentation.opacity)
        for _ in 0..<60 { host.step(); out.append(v.presentation.opacity) }
        host.runUntilIdle()
        #expect(host.isIdle)
        return out
    }

    @Test("N5: linear keyframes animate each span from the previous value")
    func N5_linear() {
        var finished: Bool?
        let a = alphas(.linear) { finished = $0 }
        #expect(a[0] == 1)
        #expect(abs(a[15] - 0.5) < 1e-9)                    // 0.25 s: halfway down
        #expect(abs(a[30]) < 1e-9)                          // 0.5 s: the first keyframe's value
        #expect(abs(a[45] - 0.5) < 1e-9)                    // 0.75 s: halfway up
        #expect(a[60] == 1)                                  // the end: the model value
        #expect(finished == true)
    }

    @Test("N5: discrete keyframes jump to each value at its start")
    func N5_discrete() {
        let a = alphas(.discrete)
        #expect(a[1] == 0 && a[15] == 0 && a[29] == 0)
        #expect(a[30] == 1 && a[45] == 1)
    }

    @Test("N5: cubic keyframes pass through every keyframe value and have no kink there")
    func N5_cubic() {
        let a = alphas(.cubic)
        #expect(abs(a[30]) < 1e-9)                          // through the keyframe value at 0.5 s
        let left = a[30] - a[29], right = a[31] - a[30]
        #expect(abs(left + right) < 0.02)                    // smooth turn: slopes meet at the minimum
        let linear = alphas(.linear)
        #expect(linear[31] - linear[30] > 0.03)             // linear turns sharply there
    }

    @Test("AM2: view keyframes evaluate through the one keyframe curve, gaps held", arguments: [KeyframeCalculation.linear, .discrete, .cubic])
    func AM2_oneKeyframeInterpolation_views(calculation: KeyframeCalculation) {
        let host = makeHost()
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        host.root.addSubview(v)
        host.runUntilIdle()
        View.animateKeyframes(withDuration: 1, calculation: calculation, animations: {
            View.addKeyframe(withRelativeStartTime: 0.1, relativeDuration: 0.2) { v.alpha = 0 }
            View.addKeyframe(withRelativeStartTime: 0.6, relativeDuration: 0.3) { v.alpha = 0.5 }
        })
        // By hand: linear and cubic keyframes reach their value at the end of their span after
        // holding through the gap before it (ends as addKeyframe sums them); discrete ones jump at
        // their start.
        let curve: KeyframeCurve<AnimatableValue>
        if calculation == .discrete {
            curve = KeyframeCurve(times: [0, 0.1, 0.6], values: [.scalar(1), .scalar(0), .scalar(0.5)], segments: [.hold, .hold])
        } else {
            let move = KeyframeSegment(calculation == .cubic ? .catmullRom : .linear)
            curve = KeyframeCurve(times: [0, 0.1, 0.1 + 0.2, 0.6, 0.6 + 0.3], values: [1, 1, 0, 0, 0.5].map { .scalar($0) },
                                  segments: [.hold, move, .hold, move])
        }
        // The block runs as a keyframe animation of the view's layer, on that curve (a second long:
        // its times are the fractions).
        let running = v.layer.animation(forKey: "opacity") as? Layers.KeyframeAnimation
        #expect(running?.curve == KeyframeCurve(times: curve.times, values: curve.values.map(AnimationEngine.layerValueTyped),
                                                segments: curve.segments))
        host.step()                                          // commit frame: local time 0
        for frame in 0..<60 {
            guard case .scalar(let expected) = curve.value(at: Double(frame) / 60) else { Issue.record("not a scalar"); return }
            #expect(abs(v.presentation.opacity - expected) < 1e-6, "frame \(frame)")
            host.step()
        }
        host.runUntilIdle()
        #expect(v.presentation.opacity == 0.5 && host.isIdle)
    }

    @Test("N5: keyframes of several properties and views share one completion")
    func N5_severalTracks() {
        let host = makeHost()
        let a = View(frame: Rect(x: 0, y: 0, width: 10, height: 10)), b = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        host.root.addSubview(a); host.root.addSubview(b)
        host.runUntilIdle()
        var calls = 0
        View.animateKeyframes(withDuration: 0.5, animations: {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { a.center = Point(x: 100, y: 5) }
            View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { b.alpha = 0.25 }
        }, completion: { _ in calls += 1 })
        host.step(frames: 16)                               // 0.25 s
        #expect(abs(a.presentation.position.x - 52.5) < 1e-9)
        #expect(b.presentation.opacity == 1)                  // its keyframe has not started
        host.runUntilIdle()
        #expect(calls == 1)
        #expect(a.presentation.position.x == 100 && b.presentation.opacity == 0.25)
        #expect(host.isIdle)
    }
}
