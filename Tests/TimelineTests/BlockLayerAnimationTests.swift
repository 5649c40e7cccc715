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
}
