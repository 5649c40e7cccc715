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
        var timing = AnimationTiming(duration: 1, curve: .linear)
        timing.iterations = 0.5
        timing.fill = .forwards
        var finished: Bool?
        leading.animateConstant(to: 100, timing: timing) { finished = $0 }
        host.runUntilIdle()
        #expect(finished == true && near(leading.constant, 50))             // held half way
        timing.fill = .none
        leading.animateConstant(to: 80, timing: timing) { finished = $0 }
        host.runUntilIdle()
        #expect(leading.constant == 80)
    }
}
