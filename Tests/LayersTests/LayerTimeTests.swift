import Geometry
import Layers
import Motion
import Testing

@Suite("CA5 CA6 model, presentation and layer time")
@MainActor
struct LayerTimeTests {
    @Test("CA5 presentation() is nil before the layer's first commit, a copy after, and model() is the layer")
    func presentationLifecycle() {
        let host = LayerHost()
        let l = Layer()
        l.name = "p"
        #expect(l.presentation() == nil)
        host.root.addSublayer(l)
        #expect(l.presentation() == nil)
        host.step()
        let p = l.presentation()
        #expect(p != nil && p !== l)
        #expect(p?.model() === l && l.model() === l)
        #expect(p?.name == "p")
        // A presentation carries its sublayers' presentations, so it can be hit-tested.
        let child = Layer()
        child.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        l.addSublayer(child)
        host.runUntilIdle()
        #expect(l.presentation()?.sublayers?.first?.model() === child)
    }

    @Test("CA6 a layer's time runs at its speed from its begin time, through its ancestors")
    func localTime() {
        let outer = Layer(), inner = Layer()
        outer.addSublayer(inner)
        outer.speed = 2
        outer.beginTime = 1
        inner.timeOffset = 3
        inner.speed = 0.5
        // outer: (t − 1)·2; inner: outer·0.5 + 3
        #expect(outer.convertTime(5, from: nil) == 8)
        #expect(inner.convertTime(5, from: nil) == 7)
        #expect(close(inner.convertTime(7, to: nil), 5, 1e-12))
        #expect(close(inner.convertTime(8, from: outer), 7, 1e-12))
        #expect(close(outer.convertTime(7, from: inner), 8, 1e-12))
    }

    @Test("CA6 an animation on a layer of speed 2 ends in half the time")
    func speedScalesAnimations() {
        let host = LayerHost()
        let l = Layer()
        Transaction.begin(); Transaction.setDisableActions(true)
        host.root.addSublayer(l)
        Transaction.commit()
        host.step()
        l.speed = 2
        l.beginTime = l.convertTime(host.runLoop.currentMediaTime, from: nil)  // keeps local time continuous
        let a = BasicAnimation(keyPath: "opacity")
        a.fromValue = 0.0; a.toValue = 1.0; a.duration = 1
        l.add(a, forKey: nil)
        host.run(to: 0.25)
        // It began at the next frame (1/60 s); the layer's time runs twice as fast since then.
        // Frame times are whole nanoseconds: 1/60 s is rounded there.
        #expect(close(l.presentation()!.opacity, 2 * (0.25 - 1.0 / 60), 1e-6))
        host.run(to: 0.6)
        #expect(l.animationKeys() == nil)
        host.runUntilIdle()
    }

    @Test("CA6 pausing and resuming a layer as Technical Q&A 1673 shows keeps the animation where it was")
    func pauseAndResume() {
        let host = LayerHost()
        let l = Layer()
        l.name = "paused"
        Transaction.begin(); Transaction.setDisableActions(true)
        host.root.addSublayer(l)
        Transaction.commit()
        let a = BasicAnimation(keyPath: "position.x")
        a.fromValue = 0.0; a.toValue = 100.0; a.duration = 2
        l.add(a, forKey: "move")
        host.run(to: 0.5)
        #expect(close(l.presentation()!.position.x, 25, 1e-9))
        // Pause: speed 0, timeOffset = the layer's current time.
        let pausedTime = l.convertTime(host.runLoop.currentMediaTime, from: nil)
        l.speed = 0
        l.timeOffset = pausedTime
        host.run(to: 3)
        #expect(close(l.presentation()!.position.x, 25, 1e-9))
        // Resume: speed 1, offset 0, begin 0, then begin = the time since the pause.
        let paused = l.timeOffset
        l.speed = 1
        l.timeOffset = 0
        l.beginTime = 0
        let sincePause = l.convertTime(host.runLoop.currentMediaTime, from: nil) - paused
        l.beginTime = sincePause
        host.step()
        // One frame after resuming: 1/60 s further.
        #expect(close(l.presentation()!.position.x, 25 + 50.0 / 60, 1e-6))
        // 1.5 s were left when it paused at 3 s.
        host.run(to: 4.4)
        #expect(l.animationKeys() == ["move"])
        host.run(to: 4.6)
        #expect(l.animationKeys() == nil)
        host.runUntilIdle()
    }

    @Test("CA6 an animation's timeOffset starts it part way and wraps around, as Core Animation")
    func animationTimeOffset() {
        var t = MediaTiming()
        t.duration = 4
        t.timeOffset = 1
        #expect(t.state(atParentTime: 0) == .active(fraction: 0.25, iteration: 0))
        #expect(t.state(atParentTime: 2.5) == .active(fraction: 0.875, iteration: 0))
        #expect(t.state(atParentTime: 3.5) == .active(fraction: 0.125, iteration: 0))
        #expect(t.state(atParentTime: 5) == .after(fraction: 0.25, iteration: 0))
        var r = MediaTiming()
        r.duration = 1; r.repeatCount = 2.5
        #expect(r.state(atParentTime: 2.25) == .active(fraction: 0.25, iteration: 2))
        #expect(r.state(atParentTime: 3) == .after(fraction: 0.5, iteration: 2))
        r.repeatCount = 0; r.repeatDuration = 1.75
        #expect(r.state(atParentTime: 1.5) == .active(fraction: 0.5, iteration: 1))
    }
}
