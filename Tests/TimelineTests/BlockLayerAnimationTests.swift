import Testing
import TimelineTestSupport
@testable import Layers
@testable import Timeline
@testable import Views

/// AM1: a block's changes are animations of the views' layers, on the one layer engine.
@Suite("AM1 block animations on the layer engine", .endsIdle)
@MainActor
struct BlockLayerAnimationTests {
    @Test("AM1: a block's animations are its layers' own, share one timing, and an interruption removes only the view's")
    func AM1_blockAnimationsAreLayerAnimations() throws {
        let host = makeHost()
        let a = View(frame: Rect(x: 0, y: 0, width: 10, height: 10)), b = View(frame: Rect(x: 20, y: 0, width: 10, height: 10))
        host.root.addSubview(a); host.root.addSubview(b)
        host.runUntilIdle()
        let fade = BasicAnimation(keyPath: "cornerRadius")
        fade.fromValue = 0.0; fade.toValue = 4.0; fade.duration = 5
        a.layer.add(fade, forKey: "round")
        var finished: Bool?
        View.animate(withDuration: 1, curve: .linear, animations: { a.alpha = 0; b.alpha = 0 }, completion: { finished = $0 })
        // Each is an entry of its view's layer, and both share the block's timing.
        let ra = try #require(a.viewLayer.running.first { $0.key == "opacity" })
        let rb = try #require(b.viewLayer.running.first { $0.key == "opacity" })
        #expect(ra.isViewAnimation && rb.isViewAnimation)
        #expect(ra.compiled.shared != nil && ra.compiled.shared === rb.compiled.shared)
        #expect(host.runLoop.animations.runningCount == 2)
        host.step(frames: 31)                                          // 0.5 s in
        #expect(abs(a.presentation.opacity - 0.5) < 1e-6 && abs(b.presentation.opacity - 0.5) < 1e-6)
        // A non-additive change interrupts the view's animation of the property, not the layer's own.
        View.animate(withDuration: 1, options: .beginFromCurrentState, animations: { a.alpha = 1 })
        #expect(a.layer.animationKeys() == ["round", "opacity"])
        host.runUntilIdle()
        #expect(finished == false)
        #expect(host.runLoop.animations.runningCount == 0 && a.presentation.opacity == 1 && b.presentation.opacity == 0)
    }

    @Test("AM1: after its first frame a block's offset runs from the engine's table, with the values the general evaluation gives")
    func AM1_offsetTable() throws {
        let host = makeHost()
        let views = (0..<3).map { View(frame: Rect(x: Double($0) * 20, y: 0, width: 10, height: 10)) }
        for v in views { host.root.addSubview(v) }
        host.runUntilIdle()
        var finished: Bool?
        View.animate(withDuration: 1, curve: .linear, animations: {
            for v in views { v.alpha = 0; v.center.x += 40 }
        }, completion: { finished = $0 })
        host.step()                                                    // the first frame: general evaluation
        let engine = host.runLoop.layers
        #expect(engine.offsets.count == 6 && engine.offsetObjects.running.count == 6)
        #expect(views.allSatisfy { !$0.viewLayer.isListedAsAnimated && $0.viewLayer.tabledAnimations == 2 })
        #expect(engine.animatedLayerCount == 3 && engine.hasPendingWork)
        host.step(frames: 30)                                          // 0.5 s after the block's frame
        for (i, v) in views.enumerated() {
            let x: Double = Double(i) * 20 + 5 + 20
            #expect(abs(v.presentation.opacity - 0.5) < 1e-9)
            #expect(abs(v.presentation.position.x - x) < 1e-9)
        }
        // An explicit animation lists the layer again: the general evaluation runs all of its
        // animations, the layer's own first and the view's offsets on top.
        let round = BasicAnimation(keyPath: "position.y")
        round.fromValue = 100.0; round.toValue = 100.0; round.duration = 0.25
        views[0].layer.add(round, forKey: "y")
        host.step(frames: 6)                                           // 0.6 s
        #expect(views[0].viewLayer.isListedAsAnimated)
        #expect(abs(views[0].presentation.position.y - 100) < 1e-9)
        #expect(abs(views[0].presentation.opacity - 0.4) < 1e-9 && abs(views[1].presentation.opacity - 0.4) < 1e-9)
        // Interrupting one view's alpha takes its entry out of the table (the next walk drops
        // it); the new animation joins the table after its first frame.
        let interrupted = try #require(views[2].viewLayer.running.first { $0.key == "opacity" })
        View.animate(withDuration: 0.5, options: .beginFromCurrentState, animations: { views[2].alpha = 1 })
        #expect(!interrupted.isTabled && views[2].viewLayer.tabledAnimations == 1)
        host.step()
        #expect(engine.offsets.count == 6 && !engine.offsetObjects.running.contains { $0 === interrupted })
        #expect(views[2].viewLayer.tabledAnimations == 2 && engine.offsetObjects.running.allSatisfy(\.isTabled))
        host.runUntilIdle()
        #expect(engine.offsets.isEmpty && engine.offsetObjects.running.isEmpty && engine.animatedLayerCount == 0)
        #expect(views.allSatisfy { $0.viewLayer.tabledAnimations == 0 && $0.presentation.position.x == $0.center.x })
        #expect(views[0].presentation.opacity == 0 && views[2].presentation.opacity == 1 && finished == false)
    }

    @Test("AM1: a layer time of its own hands the table's offsets back to the general evaluation")
    func AM1_offsetTableWithLayerTime() throws {
        let host = makeHost()
        let a = View(frame: Rect(x: 0, y: 0, width: 10, height: 10)), b = View(frame: Rect(x: 20, y: 0, width: 10, height: 10))
        host.root.addSubview(a); host.root.addSubview(b)
        host.runUntilIdle()
        View.animate(withDuration: 1, curve: .linear, animations: { a.alpha = 0; b.alpha = 0 })
        host.step(frames: 16)                                          // 0.25 s
        let engine = host.runLoop.layers
        #expect(engine.offsets.count == 2)
        b.layer.speed = 0                                              // b pauses at its 0.25 s
        b.layer.timeOffset = engine.frameTime
        #expect(engine.offsets.isEmpty && a.viewLayer.isListedAsAnimated && b.viewLayer.isListedAsAnimated)
        host.step(frames: 15)                                          // 0.5 s
        #expect(abs(a.presentation.opacity - 0.5) < 1e-9)
        #expect(abs(b.presentation.opacity - 0.75) < 1e-6)
        b.layer.removeAllAnimations()
        host.runUntilIdle()
        #expect(b.presentation.opacity == 0 && a.presentation.opacity == 0)
    }
}
