import Testing
import TimelineTestSupport
import Geometry
import FrameTiming
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

@Suite("N1, N4, N8 block animations", .endsIdle)
@MainActor
struct BlockAnimationTests {
    @Test("N1/N8: the model changes at once; the presentation animates from the frame of the commit (progress 0) to the end")
    func N1_modelAtOncePresentationAnimates() {
        let host = makeHost()
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        host.root.addSubview(v)
        host.runUntilIdle()
        var finished: Bool?
        View.animate(withDuration: 0.1, curve: .linear, animations: {
            v.alpha = 0
            v.center = Point(x: 150, y: 50)
        }, completion: { finished = $0 })
        #expect(v.alpha == 0 && v.center.x == 150)                  // the model, at once
        #expect(v.presentation.opacity == 1)                          // the screen, not yet
        let f0 = host.step()!
        #expect(v.presentation.opacity == 1)                          // the commit frame shows progress 0
        var alphas: [Double] = []
        var frames: [FrameInfo] = []
        for _ in 0..<6 {
            frames.append(host.step()!)
            alphas.append(v.presentation.opacity)
        }
        // Time is integer nanoseconds: the value is the curve at the frames' difference in ns.
        #expect(alphas[0] == 1 - MediaTime.seconds(from: f0.mediaTime, to: frames[0].mediaTime) / 0.1)
        #expect(alphas == alphas.sorted(by: >))
        #expect(alphas.last == 0)                                   // frame f0 + 6 is 0.1 s after: exactly the end
        #expect(v.presentation.position == Point(x: 150, y: 50))
        #expect(finished == true)
        #expect(host.runLoop.currentTime == f0.time + 0.1 || abs(host.runLoop.currentTime - f0.time - 0.1) < 1e-12)
        host.runUntilIdle()
        #expect(host.isIdle)
    }

    @Test("N1: frame changes made by layoutIfNeeded inside the block are animated (constraint animation, 004)")
    func N1_layoutIfNeededInsideBlock() {
        let host = makeHost()
        let panel = View(identifier: "panel")
        host.root.addSubview(panel)
        let top = panel.topAnchor.constraint(equalTo: host.root.topAnchor, constant: 0)
        LayoutConstraint.activate([top, panel.leadingAnchor.constraint(equalTo: host.root.leadingAnchor),
                                   panel.widthAnchor.constraint(equalToConstant: 50), panel.heightAnchor.constraint(equalToConstant: 50)])
        host.runUntilIdle()
        top.constant = 200
        View.animate(withDuration: 0.2, curve: .linear) { host.root.layoutIfNeeded() }
        #expect(panel.frame.minY == 200)                           // the model is final
        host.step()
        #expect(panel.presentation.frame.minY == 0)
        host.step(frames: 6)
        #expect(abs(panel.presentation.frame.minY - 100) < 1e-9)   // halfway at 0.1 s
        host.runUntilIdle()
        #expect(panel.presentation.frame.minY == 200)
        #expect(host.isIdle)
    }

    @Test("N4: completions run in the completions phase, after the tick, in the order their animations ended")
    func N4_completionOrder() {
        let host = makeHost()
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10)), w = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        host.root.addSubview(v); host.root.addSubview(w)
        host.runUntilIdle()
        var order: [String] = []
        let loop = host.runLoop
        View.animate(withDuration: 0.2, curve: .linear, animations: { v.alpha = 0 }, completion: { _ in order.append("long@\(loop.phase)") })
        View.animate(withDuration: 0.1, curve: .linear, animations: { w.alpha = 0 }, completion: { _ in order.append("short@\(loop.phase)") })
        View.animate(withDuration: 0.1, curve: .linear, animations: { w.center.x = 50 }, completion: { _ in
            order.append("second short@\(loop.phase)")
            #expect(w.presentation.opacity == 0)                        // the tick already ran this frame
        })
        host.runUntilIdle()
        #expect(order == ["short@completions", "second short@completions", "long@completions"])
        #expect(host.isIdle)
    }

    @Test("N4: during a delay the presentation shows the old value while the model holds the new one")
    func N4_delay() {
        let host = makeHost()
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        host.root.addSubview(v)
        host.runUntilIdle()
        View.animate(withDuration: 0.1, delay: 0.1, curve: .linear) { v.alpha = 0.5 }
        host.step(frames: 6)
        #expect(v.alpha == 0.5 && v.presentation.opacity == 1)
        host.step(frames: 3)
        #expect(v.presentation.opacity < 1 && v.presentation.opacity > 0.5)
        host.runUntilIdle()
        #expect(v.presentation.opacity == 0.5)
        #expect(host.isIdle)
    }

    @Test("N4: overlapping animations blend additively: reversing mid-flight is smooth and both completions run")
    func N4_additiveBlending() {
        let host = makeHost()
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        host.root.addSubview(v)
        host.runUntilIdle()
        var results: [String] = []
        View.animate(withDuration: 0.2, curve: .easeInOut, animations: { v.alpha = 0 }, completion: { results.append("out \($0)") })
        host.step(frames: 7)
        let before = v.presentation.opacity
        let slope = before - { host.step(); return v.presentation.opacity }()           // still heading down
        View.animate(withDuration: 0.2, curve: .easeInOut, animations: { v.alpha = 1 }, completion: { results.append("back \($0)") })
        let atReverse = v.presentation.opacity
        host.step()                                                                    // the reversing block's commit frame
        #expect(abs(v.presentation.opacity - (atReverse - slope)) < 0.02)              // no jump: keeps moving as before
        var values: [Double] = []
        while host.runLoop.animations.runningCount > 0 { host.step(); values.append(v.presentation.opacity) }
        #expect(results == ["out true", "back true"])                                 // both completions, both finished
        #expect(v.presentation.opacity == 1 && v.alpha == 1)
        #expect(values.allSatisfy { $0 >= -1e-9 && $0 <= 1 + 1e-9 })
        host.runUntilIdle()
        #expect(host.isIdle)
    }

    @Test("N4: with beginFromCurrentState the running animation is replaced (finished == false) and the new one starts from the current presentation")
    func N4_beginFromCurrentState() {
        let host = makeHost()
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        host.root.addSubview(v)
        host.runUntilIdle()
        var results: [String] = []
        View.animate(withDuration: 0.2, curve: .linear, animations: { v.alpha = 0 }, completion: { results.append("first \($0)") })
        host.step(frames: 7)                                        // 0.1 s in: alpha 0.5
        let mid = v.presentation.opacity
        #expect(abs(mid - 0.5) < 1e-9)
        View.animate(withDuration: 0.2, options: [.beginFromCurrentState], curve: .linear, animations: { v.alpha = 1 },
                     completion: { results.append("second \($0)") })
        host.step()
        #expect(results == ["first false"])
        #expect(abs(v.presentation.opacity - mid) < 1e-12)            // no jump
        host.runUntilIdle()
        #expect(results == ["first false", "second true"])
        #expect(v.presentation.opacity == 1)
        #expect(host.isIdle)
    }

    @Test("N4: nested blocks inherit duration and curve unless they override them")
    func N4_nestedInherits() {
        let host = makeHost()
        let a = View(frame: Rect(x: 0, y: 0, width: 10, height: 10)), b = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        host.root.addSubview(a); host.root.addSubview(b)
        host.runUntilIdle()
        View.animate(withDuration: 0.1, curve: .linear) {
            a.alpha = 0
            View.animate(withDuration: 1.0, curve: .easeIn) { b.alpha = 0 }                       // inherits 0.1 s, linear
        }
        host.step(frames: 4)
        #expect(a.presentation.opacity == b.presentation.opacity)
        host.runUntilIdle()
        View.animate(withDuration: 0.1, curve: .linear) {
            a.alpha = 1
            View.animate(withDuration: 1.0, options: [.overrideInheritedDuration], curve: .linear) { b.alpha = 1 }
        }
        host.step(frames: 8)
        #expect(a.presentation.opacity == 1 && b.presentation.opacity < 0.2)
        host.runUntilIdle()
        #expect(host.isIdle)
    }

    @Test("N1: springs follow their closed form in seconds and end exactly at the model value")
    func N1_springAnimation() {
        let host = makeHost()
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        host.root.addSubview(v)
        host.runUntilIdle()
        let spring = Spring(dampingRatio: 0.5, response: 0.3)
        View.animate(withDuration: 0, curve: .spring(spring)) { v.center = Point(x: 105, y: 5) }
        let f0 = host.step()!
        var overshot = false
        while let f = host.step(), host.runLoop.animations.runningCount > 0 {
            let expected = 5 + 100 * spring.progress(at: MediaTime.seconds(from: f0.mediaTime, to: f.mediaTime))
            #expect(abs(v.presentation.position.x - expected) < 1e-9)
            overshot = overshot || v.presentation.position.x > 105
        }
        #expect(overshot)                                           // under-damped: it rings
        #expect(v.presentation.position.x == 105)
        host.runUntilIdle()
        #expect(host.isIdle)
    }

    @Test("N4: removing an animating view ends its animation unfinished, and nothing keeps the view alive")
    func N4_removedViewEndsUnfinished() {
        let host = makeHost()
        var finished: Bool?
        weak var weakView: View?
        do {
            let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            weakView = v
            host.root.addSubview(v)
            host.runUntilIdle()
            View.animate(withDuration: 1, animations: { v.alpha = 0 }, completion: { finished = $0 })
            host.step(frames: 3)
            v.removeFromSuperview()
        }
        host.step()
        #expect(finished == false)
        #expect(weakView == nil)
        host.runUntilIdle()
        #expect(host.isIdle)
    }
}

@Suite("E4/N8 the same times at any rate", .endsIdle)
@MainActor
struct RateIndependenceTests {
    /// The presentation value at each whole tenth of a second the rate has a frame at (every
    /// tenth at 60, 90 and 120 fps; 0.5 s and 1 s at 144), of a 1 s animation started in frame 0.
    func values(fps: Int, curve: TimingCurve) -> [Int: Double] {
        let host = makeHost(rate: FrameRate(fps: fps)!)
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        host.root.addSubview(v)
        View.animate(withDuration: 1, curve: curve) { v.center.x = 105 }
        var out: [Int: Double] = [:]
        for frame in 0...fps {
            host.step()
            if frame > 0, (frame * 10) % fps == 0 { out[frame * 10 / fps] = v.presentation.position.x }
        }
        host.runUntilIdle()
        return out
    }

    @Test("E4/N8: stepping at 60, 90, 120 and 144 fps gives bit-identical curve values at the same times",
          arguments: [TimingCurve.linear, .easeInOut, .cubicBezier(CubicBezier(0.3, 1.6, 0.6, -0.4))])
    func E4_curvesBitIdenticalAcrossRates(curve: TimingCurve) {
        let reference = values(fps: 60, curve: curve)
        #expect(reference.count == 10)
        for fps in [90, 120, 144] {
            let other = values(fps: fps, curve: curve)
            #expect(other.count >= 2)
            for (tenth, value) in other { #expect(value == reference[tenth], "\(fps) fps at \(tenth)/10 s") }
        }
    }

    @Test("E4/N8: springs agree within 1e-9 at the same times at 60, 90, 120 and 144 fps")
    func E4_springsAcrossRates() {
        let spring = TimingCurve.spring(Spring(dampingRatio: 0.5, response: 0.4))
        let reference = values(fps: 60, curve: spring)
        for fps in [90, 120, 144] {
            for (tenth, value) in values(fps: fps, curve: spring) {
                #expect(abs(value - reference[tenth]!) <= 1e-9, "\(fps) fps at \(tenth)/10 s")
            }
        }
    }
}

@Suite("N9 spring animations by duration", .endsIdle)
@MainActor
struct SpringDurationAnimationTests {
    @Test("N9: animate(springDuration:bounce:) follows Spring(duration:bounce:) and ends at the model value")
    func N9_animateSpringDuration() {
        let host = makeHost()
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        host.root.addSubview(v)
        host.runUntilIdle()
        View.animate(springDuration: 0.4, bounce: 0.2) { v.center = Point(x: 105, y: 5) }
        let spring = Spring(duration: 0.4, bounce: 0.2)
        let f0 = host.step()!
        var checked = 0
        while let f = host.step(), host.runLoop.animations.runningCount > 0 {
            let expected = 5 + 100 * spring.progress(at: MediaTime.seconds(from: f0.mediaTime, to: f.mediaTime))
            #expect(abs(v.presentation.position.x - expected) < 1e-9)
            checked += 1
        }
        #expect(checked > 10)
        #expect(v.presentation.position.x == 105)
        host.runUntilIdle()
    }
}
