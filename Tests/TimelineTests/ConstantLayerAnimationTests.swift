import Testing
import TimelineTestSupport
@testable import Layers
@testable import Timeline
@testable import Views

/// AM1: a constraint-constant animation (N2's constraint mode) is an animation of the layer of
/// the view holding the constraint, evaluated by the one layer engine: Core Animation's API on
/// that layer lists and removes it, and the layer's time drives it.
@Suite("AM1 constraint constants on the layer engine", .endsIdle)
@MainActor
struct ConstantLayerAnimationTests {
    /// A 10 x 10 view pinned to the root's leading and top edges; the leading constraint (held by
    /// the root, the views' common ancestor) is returned.
    func pinned(_ host: HeadlessHost) -> (view: View, leading: LayoutConstraint) {
        let v = View()
        v.translatesAutoresizingMaskIntoConstraints = false
        host.root.addSubview(v)
        let leading = v.leadingAnchor.constraint(equalTo: host.root.leadingAnchor, constant: 0)
        LayoutConstraint.activate([
            leading, v.topAnchor.constraint(equalTo: host.root.topAnchor),
            v.widthAnchor.constraint(equalToConstant: 10), v.heightAnchor.constraint(equalToConstant: 10),
        ])
        host.runUntilIdle()
        return (v, leading)
    }

    func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }

    @Test("AM1: a constant animation is listed on its view's layer, is evaluated by the layer engine, and ends at the target")
    func AM1_constantIsALayerAnimation() throws {
        let host = makeHost()
        let (v, leading) = pinned(host)
        var finished: [Bool] = []
        leading.animateConstant(to: 100, duration: 1, curve: .linear) { finished.append($0) }
        let keys = try #require(host.root.layer.animationKeys())
        #expect(keys.count == 1 && keys[0].hasPrefix("constant-"))
        let description = try #require(host.root.layer.animation(forKey: keys[0]) as? BasicAnimation)
        #expect(description.keyPath == "constant" && description.duration == 1)
        #expect(description.fromValue as? Double == 0 && description.toValue as? Double == 100)
        #expect(host.runLoop.animations.runningCount == 1)
        host.step()
        host.step(frames: 30)
        #expect(near(leading.constant, 50) && near(v.frame.minX, 50))      // solved and laid out each frame
        #expect(host.runLoop.layers.animatedLayerCount == 1)
        host.runUntilIdle()
        #expect(finished == [true] && leading.constant == 100 && v.frame.minX == 100)
        #expect(host.root.layer.animationKeys() == nil && host.runLoop.animations.runningCount == 0)
    }

    @Test("AM1: removing the layer's animations, a newer animation of the constraint, or deactivating it ends one unfinished")
    func AM1_constantEndsUnfinished() throws {
        let host = makeHost()
        let (_, leading) = pinned(host)
        var results: [String] = []
        leading.animateConstant(to: 100, duration: 1, curve: .linear) { results.append("first \($0)") }
        host.step(frames: 16)
        host.root.layer.removeAllAnimations()
        host.step()
        #expect(results == ["first false"])
        let stopped = leading.constant
        host.step(frames: 5)
        #expect(leading.constant == stopped)                                // nothing moves it any more

        leading.animateConstant(to: 200, duration: 1, curve: .linear) { results.append("second \($0)") }
        host.step(frames: 10)
        leading.animateConstant(to: 50, duration: 0.5, curve: .linear) { results.append("third \($0)") }
        #expect(host.root.layer.animationKeys()?.count == 1)                // the newer one replaced it
        host.step()
        #expect(results == ["first false", "second false"])
        host.step(frames: 10)
        leading.isActive = false
        host.step()
        #expect(results == ["first false", "second false", "third false"])
        #expect(host.root.layer.animationKeys() == nil && host.runLoop.animations.runningCount == 0)
        host.runUntilIdle()
    }

    @Test("AM1: a constant animation runs on its layer's time: speed 2 runs it twice as fast, a delay waits on that time")
    func AM1_constantFollowsLayerSpeed() {
        let host = makeHost()
        let (_, leading) = pinned(host)
        host.root.layer.speed = 2
        var finished: Bool?
        leading.animateConstant(to: 100, duration: 1, delay: 0.5, curve: .linear) { finished = $0 }
        host.step()
        host.step(frames: 12)                                               // 0.2 s: 0.4 s of layer time, in the delay
        #expect(leading.constant == 0)
        host.step(frames: 18)                                               // 0.5 s: 1 s of layer time
        #expect(near(leading.constant, 50))
        host.step(frames: 15)                                               // 0.75 s: 1.5 s, the end
        #expect(leading.constant == 100 && finished == true)
        host.root.layer.speed = 1
        host.runUntilIdle()
    }

    @Test("AM1: a web timing with a forwards fill leaves the constant it held; with none the target shows")
    func AM1_constantWebFill() {
        let host = makeHost()
        let (_, leading) = pinned(host)
        var timing = MediaTiming.block(duration: 1)
        timing.repeatCount = 0.5
        timing.fillMode = .forwards
        var finished: Bool?
        leading.animateConstant(to: 100, timing: timing, curve: .linear) { finished = $0 }
        host.runUntilIdle()
        #expect(finished == true && near(leading.constant, 50))             // held half way
        timing.fillMode = .removed
        leading.animateConstant(to: 80, timing: timing, curve: .linear) { finished = $0 }
        host.runUntilIdle()
        #expect(leading.constant == 80)
    }
}

/// A motion of the animation phase that runs `body` once, in the `frame`th phase after it was
/// started (as a scene's animator starts an animation on a view at a frame of the scene): a
/// motion of `layer` (AM3), which holds it through its reference: the test keeps it.
@MainActor
final class AnimationAtFrame: LayerMotionOwner {
    private var remaining: Int
    private var body: (() -> Void)?
    private var reference: ObjectReference<AnimationAtFrame>?
    init(frame: Int, _ body: @escaping () -> Void) {
        remaining = frame
        self.body = body
        reference = ObjectReference(self)
    }
    isolated deinit { reference?.clear() }
    /// Runs it as a motion of `layer` from the next frame.
    func start(on layer: Layer) { layer.addMotion(Animation(), forKey: "atFrame", owner: reference!) }
    func advanceMotion(to seconds: Double) -> Bool {
        remaining -= 1
        if remaining == 0, let b = body { body = nil; b() }
        return body != nil
    }
    func motionWasRemoved(leavingEngine: Bool) { body = nil }
}

/// AM1: the layer engine evaluates a view's layer (a kept presentation) before the animation
/// phase's motions run; what they add to it shows in the same frame, not one frame late.
@Suite("AM1 animations added during the animation phase", .endsIdle)
@MainActor
struct AnimationAddedInPhaseTests {
    /// Runs a view animation to its end, so that the engine has met a kept presentation and
    /// evaluates those layers before the motions (as in any app that has animated a view).
    func animateOnce(_ host: HeadlessHost, _ view: View) {
        View.animate(withDuration: 0.1) { view.alpha = 0.5 }
        host.runUntilIdle()
    }

    @Test("AM1: a reversed constant animation a motion starts shows its first value (its target) in that frame")
    func AM1_constantAddedByMotion() {
        let host = makeHost()
        let (_, leading) = ConstantLayerAnimationTests().pinned(host)
        animateOnce(host, host.root)
        var timing = MediaTiming.block(duration: 1)
        timing.speed = -1                                                   // runs from the end back
        let motion = AnimationAtFrame(frame: 2) { leading.animateConstant(to: 100, timing: timing, curve: .linear) }
        motion.start(on: host.root.layer)
        defer { withExtendedLifetime(motion) {} }
        host.runLoop.requestFrame()
        host.step()
        #expect(leading.constant == 0)
        host.runLoop.requestFrame()
        host.step()                                                         // the motion adds it
        #expect(leading.constant == 100)
        host.runUntilIdle()
        #expect(leading.constant == 100)                                    // the model's value at the end
    }

    @Test("AM1: a keyframe animation a motion adds to a view's layer shows its first keyframe in that frame")
    func AM1_keyframesAddedByMotion() throws {
        let host = makeHost()
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        host.root.addSubview(v)
        animateOnce(host, v)
        let fade = KeyframeAnimation(keyPath: "opacity")
        fade.values = [0.25, 1.0]
        fade.duration = 1
        let motion = AnimationAtFrame(frame: 1) { v.layer.add(fade, forKey: "fade") }
        motion.start(on: host.root.layer)
        defer { withExtendedLifetime(motion) {} }
        host.runLoop.requestFrame()
        host.step()
        let shown = try #require(v.layer.presentation())
        #expect(abs(shown.opacity - 0.25) < 1e-6 && v.layer.keepsPresentation)
        host.runUntilIdle()
    }
}
