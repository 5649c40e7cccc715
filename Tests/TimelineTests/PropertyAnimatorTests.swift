import Testing
import TimelineTestSupport
import Geometry
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

@Suite("N6 property animator", .endsIdle)
@MainActor
struct PropertyAnimatorTests {
    func setUp() -> (HeadlessHost, View) {
        let host = makeHost()
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        host.root.addSubview(v)
        host.runUntilIdle()
        return (host, v)
    }

    @Test("N6: inactive -> active on start; it runs to the end and completes at .end")
    func N6_runsToEnd() {
        let (host, v) = setUp()
        let animator = PropertyAnimator(duration: 0.2, curve: .linear) { v.center.x = 105 }
        var ended: PropertyAnimator.Position?
        animator.addCompletion { ended = $0 }
        #expect(animator.state == .inactive)
        animator.startAnimation()
        #expect(animator.state == .active && animator.isRunning)
        #expect(v.center.x == 105 && v.presentation.position.x == 5)
        host.step()                                          // first frame: progress 0
        host.step(frames: 6)
        #expect(abs(v.presentation.position.x - 55) < 1e-9)   // halfway at 0.1 s
        host.runUntilIdle()
        #expect(ended == .end && animator.state == .inactive)
        #expect(v.presentation.position.x == 105)
        #expect(host.isIdle)
    }

    @Test("N6: fractionComplete scrubs while paused; reversing runs back and completes at .start")
    func N6_scrubAndReverse() {
        let (host, v) = setUp()
        let animator = PropertyAnimator(duration: 0.5, curve: .easeInOut) { v.alpha = 0 }
        var ended: PropertyAnimator.Position?
        animator.addCompletion { ended = $0 }
        animator.pauseAnimation()
        animator.fractionComplete = 0.25
        #expect(abs(v.presentation.opacity - 0.75) < 1e-12)   // linear scrubbing
        animator.fractionComplete = 0.6
        host.step()
        #expect(abs(v.presentation.opacity - 0.4) < 1e-12)    // paused: holds
        animator.isReversed = true
        animator.startAnimation()
        host.runUntilIdle()
        #expect(ended == .start)
        #expect(v.alpha == 1 && v.presentation.opacity == 1)  // back at the start, model included
        #expect(host.isIdle)
    }

    @Test("N6: stopping without finishing keeps the current values; finishing at .current reports it")
    func N6_stopAndFinish() {
        let (host, v) = setUp()
        let animator = PropertyAnimator(duration: 0.2, curve: .linear) { v.alpha = 0 }
        var ended: PropertyAnimator.Position?
        animator.addCompletion { ended = $0 }
        animator.startAnimation()
        host.step(frames: 7)
        animator.stopAnimation(true)
        #expect(animator.state == .stopped)
        #expect(abs(v.alpha - 0.5) < 1e-9)                  // the model takes the current value
        #expect(ended == nil)
        animator.finishAnimation(at: .current)
        #expect(ended == .current && animator.state == .inactive)
        host.runUntilIdle()
        #expect(abs(v.presentation.opacity - 0.5) < 1e-9)
        #expect(host.isIdle)
    }

    @Test("N6: addAnimations(delayFactor:) starts those changes later in the animator's progress")
    func N6_delayFactor() {
        let (host, v) = setUp()
        let w = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        host.root.addSubview(w)
        host.runUntilIdle()
        let animator = PropertyAnimator(duration: 0.4, curve: .linear) { v.alpha = 0 }
        animator.addAnimations({ w.alpha = 0 }, delayFactor: 0.5)
        animator.startAnimation()
        host.step(frames: 13)                               // 0.2 s: half way
        #expect(abs(v.presentation.opacity - 0.5) < 1e-9)
        #expect(w.presentation.opacity == 1)                  // not started yet
        host.step(frames: 6)                                // 0.3 s
        #expect(abs(w.presentation.opacity - 0.5) < 1e-9)
        host.runUntilIdle()
        #expect(v.presentation.opacity == 0 && w.presentation.opacity == 0)
        #expect(host.isIdle)
    }

    @Test("N6: continuing with a spring keeps the current velocity (no jolt at the hand-off)")
    func N6_springKeepsVelocity() {
        let (host, v) = setUp()
        let animator = PropertyAnimator(duration: 1, curve: .linear) { v.center.x = 105 }
        animator.startAnimation()
        host.step(frames: 21)                               // linear: 100 points per second
        let x0 = v.presentation.position.x
        host.step()
        let before = v.presentation.position.x - x0           // points per frame before
        animator.continueAnimation(withTimingParameters: .spring(Spring(dampingRatio: 1, response: 0.5)), durationFactor: 1)
        // The spring starts with the linear run's velocity: 1 (of the whole progress) per second,
        // expressed as a fraction of the remaining distance.
        guard case .spring(let spring) = animator.curve else { Issue.record("no spring"); return }
        let handOff = spring.initialVelocity * (1 - animator.fractionComplete)
        #expect(abs(handOff - 1) < 0.02)
        #expect(abs(before - 100.0 / 60) < 1e-6)
        let x1 = v.presentation.position.x
        host.step()
        #expect(v.presentation.position.x > x1 + before * 0.9)  // keeps moving forward, no stall
        host.runUntilIdle()
        #expect(v.presentation.position.x == 105)
        #expect(host.isIdle)
    }

    @Test("N6: a scrubbed (paused) animator continued with a spring starts at the spring's own initial velocity")
    func N6_pausedSpringKeepsGivenVelocity() {
        let (host, v) = setUp()
        let animator = PropertyAnimator(duration: 1, curve: .linear) { v.center.x = 105 }
        animator.pauseAnimation()
        animator.fractionComplete = 0.5                     // a drag left it half way
        host.step()
        // The drag was moving at 2 (whole distance) per second: 4 in units of the remaining half.
        animator.continueAnimation(withTimingParameters: .spring(Spring(dampingRatio: 1, response: 0.5, initialVelocity: 4)),
                                   durationFactor: 1)
        guard case .spring(let spring) = animator.curve else { Issue.record("no spring"); return }
        #expect(spring.initialVelocity == 4)
        let x0 = v.presentation.position.x
        host.step(frames: 2)
        #expect(v.presentation.position.x > x0 + 1)           // moving off at once, not from rest
        host.runUntilIdle()
        #expect(v.presentation.position.x == 105)
        #expect(host.isIdle)
    }
}
