import Testing
import TimelineTestSupport
import Geometry
@testable import Layers
@testable import Timeline
@testable import Views

/// AM3: a property animator's changes are animations of its views' layers, evaluated by the one
/// layer engine at the progress the animator's clock gives; the views' engine neither lists nor
/// advances animators.
@Suite("AM3 property animators on the layer engine", .endsIdle)
@MainActor
struct AnimatorLayerAnimationTests {
    func hosted(_ host: HeadlessHost) -> View {
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        host.root.addSubview(v)
        host.runUntilIdle()
        return v
    }

    func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    @Test("AM3: an animator's track is a layer animation the layer engine evaluates; the views' engine has no work of it")
    func AM3_animatorTracksAreLayerAnimations() {
        let host = makeHost()
        let v = hosted(host)
        var ended: PropertyAnimator.Position?
        let animator = PropertyAnimator(duration: 0.5, curve: .linear) { v.alpha = 0 }
        animator.addCompletion { ended = $0 }
        animator.startAnimation()
        host.step()
        host.step(frames: 15)                                      // 0.25 s: halfway
        #expect(v.viewLayer.running.count == 1 && v.viewLayer.running[0].key == "opacity")
        #expect(v.viewLayer.running[0].isViewAnimation && !v.viewLayer.running[0].isHeld)
        #expect(near(v.presentation.opacity, 0.5) && near(animator.fractionComplete, 0.5))
        // What keeps frames coming is the layer engine's list, not the views' engine.
        #expect(!host.runLoop.animations.hasPendingWork && host.runLoop.layers.animatedLayerCount == 1)
        host.runUntilIdle()
        #expect(ended == .end && v.viewLayer.running.isEmpty && v.presentation.opacity == 0)
        #expect(!v.isAnimating(.alpha))
    }

    @Test("AM3: a paused animator's layer leaves the engine's list, so the loop idles; resuming lists it again")
    func AM3_pausedAnimatorIdles() {
        let host = makeHost()
        let v = hosted(host)
        let animator = PropertyAnimator(duration: 1, curve: .linear) { v.center.x = 150 }
        animator.startAnimation()
        host.step()
        host.step(frames: 12)                                      // 0.2 s
        animator.pauseAnimation()
        host.runUntilIdle()
        #expect(host.isIdle && host.runLoop.layers.animatedLayerCount == 0)
        #expect(v.viewLayer.running.count == 1 && v.viewLayer.running[0].isHeld)
        #expect(near(v.presentation.position.x, 50 + 100 * 0.2))
        animator.fractionComplete = 0.5                            // a scrub shows at once
        #expect(near(v.presentation.position.x, 100))
        animator.startAnimation()
        #expect(!host.isIdle && !v.viewLayer.running[0].isHeld)
        host.step()
        host.step(frames: 6)                                       // 0.1 s more
        #expect(abs(animator.fractionComplete - 0.6) < 1e-9 && abs(v.presentation.position.x - 110) < 1e-9)
        host.runUntilIdle()
        #expect(v.presentation.position.x == 150 && v.viewLayer.running.isEmpty)
    }

    @Test("AM3: an animator nobody keeps runs to its end and is then freed; its layer keeps nothing of it")
    func AM3_unheldAnimatorRunsAndGoes() {
        let host = makeHost()
        let v = hosted(host)
        var ended: PropertyAnimator.Position?
        weak var weakAnimator: PropertyAnimator?
        do {
            let animator = PropertyAnimator(duration: 0.2, curve: .easeInOut) { v.backgroundColor = .black }
            animator.addCompletion { ended = $0 }
            animator.startAnimation()
            weakAnimator = animator
        }
        host.step()
        #expect(weakAnimator != nil)                               // its layer animation keeps it
        host.runUntilIdle()
        #expect(ended == .end && weakAnimator == nil && v.viewLayer.running.isEmpty)
    }

    @Test("AM3: a block animating a property an animator runs adds onto the animator's track, and each completes")
    func AM3_blockOverAnimator() {
        let host = makeHost()
        let v = hosted(host)
        var animatorEnd: PropertyAnimator.Position?
        var blockEnd: Bool?
        let animator = PropertyAnimator(duration: 1, curve: .linear) { v.center.x = 150 }
        animator.addCompletion { animatorEnd = $0 }
        animator.startAnimation()
        host.step()
        host.step(frames: 30)                                      // 0.5 s: the animator shows 100
        View.animate(withDuration: 0.25, curve: .linear, animations: { v.center.x = 50 }, completion: { blockEnd = $0 })
        #expect(v.layer.animationKeys() == ["position", "position-2"])
        host.step()                                                // the block's first frame: its offset is +100
        let f = 0.5 + 1.0 / 60
        #expect(abs(v.presentation.position.x - (50 + 100 * f + 100)) < 1e-6)       // frames are whole nanoseconds
        host.runUntilIdle()
        #expect(blockEnd == true && animatorEnd == .end && v.presentation.position.x == 50 && v.center.x == 50)
    }
}
