import Testing
import TimelineTestSupport
@testable import Layers
@testable import Timeline
@testable import Views

/// P2: when many animations end in one frame, the end costs little more than a steady frame:
/// a view's layer whose animations end is drawn from the evaluation pass's list of changed
/// layers (no second notice per layer), and delegates' calls are queued as values. What the
/// window draws after the end must still be exactly the model, as a window that never animated
/// draws it.
@Suite("P2 animations ending together", .endsIdle)
@MainActor
struct AnimationEndTests {
    /// Four coloured views in a row, at the given alphas.
    static func scene(in host: HeadlessHost, alphas: [Double]) -> [View] {
        alphas.enumerated().map { i, alpha in
            let v = View(frame: Rect(x: 10 + Double(i) * 60, y: 10, width: 50, height: 50))
            v.backgroundColor = Color(red: 0.2 * Double(i), green: 0.5, blue: 1 - 0.2 * Double(i))
            v.alpha = alpha
            host.root.addSubview(v)
            return v
        }
    }

    @Test("P2: block, explicit and mixed animations ending in one frame leave the window drawing the model")
    func P2_endingTogetherDrawsTheModel() {
        let host = makeHost()
        let views = Self.scene(in: host, alphas: [1, 1, 1, 1])
        host.runUntilIdle()
        // Two blocks end in the same frame (one view each), an explicit fade ends with them on a
        // third, and the fourth runs both (the explicit fade added after the block).
        var finished: [Bool] = []
        View.animate(withDuration: 0.5, curve: .linear, animations: { views[0].alpha = 0.3; views[1].alpha = 0.6 },
                     completion: { finished.append($0) })
        let fade = BasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.1; fade.toValue = 0.9; fade.duration = 0.5
        views[2].layer.add(fade, forKey: "fade")
        View.animate(withDuration: 0.5, curve: .linear, animations: { views[3].alpha = 0.8 },
                     completion: { finished.append($0) })
        views[3].layer.add(fade, forKey: "fade")
        host.step()
        host.step(frames: 15)
        let midway = host.window.displayList
        #expect(finished.isEmpty)
        // Past the end: every animation is gone and each block's completion ran once, finished.
        host.runUntilIdle()
        #expect(finished == [true, true])
        for v in views { #expect(v.layer.animationKeys() == nil) }
        #expect(views.map(\.presentation.opacity) == [0.3, 0.6, 1, 0.8])

        let reference = makeHost()
        _ = Self.scene(in: reference, alphas: [0.3, 0.6, 1, 0.8])
        reference.runUntilIdle()
        #expect(host.window.displayList != midway)
        #expect(host.window.displayList == reference.window.displayList)
    }

    @Test("P2: blocks ending in one frame complete in the order they began, and the one still running goes on")
    func P2_blocksEndingTogetherCompleteInOrder() {
        let host = makeHost()
        let views = Self.scene(in: host, alphas: [1, 1, 1, 1])
        host.runUntilIdle()
        var order: [Int] = []
        for (i, v) in views.enumerated() {
            View.animate(withDuration: i == 1 ? 1 : 0.5, curve: .linear, animations: { v.alpha = 0.2 },
                         completion: { finished in if finished { order.append(i) } })
        }
        var frames = 0
        while order.isEmpty && frames < 100 { host.step(); frames += 1 }
        // Three end in one frame: their completions ran in it, in the order the blocks began.
        #expect(order == [0, 2, 3])
        #expect(host.runLoop.animations.runningCount == 1)
        #expect(views.map(\.presentation.opacity) == [0.2, views[1].presentation.opacity, 0.2, 0.2])
        #expect(views[1].presentation.opacity > 0.2 && views[1].presentation.opacity < 1)
        #expect(views[1].layer.animationKeys() == ["opacity"])
        for i in [0, 2, 3] { #expect(views[i].layer.animationKeys() == nil) }
        host.runUntilIdle()
        #expect(order == [0, 2, 3, 1])
        #expect(host.runLoop.animations.runningCount == 0)
    }

    @Test("P2: an explicit animation ending on a view's layer with no block redraws the view at its model value")
    func P2_explicitEndRedrawsTheModel() {
        let host = makeHost()
        let views = Self.scene(in: host, alphas: [0.5, 1, 1, 1])
        host.runUntilIdle()
        let pulse = BasicAnimation(keyPath: "opacity")
        pulse.fromValue = 1.0; pulse.toValue = 0.0; pulse.duration = 0.25
        views[0].layer.add(pulse, forKey: "pulse")
        host.step()
        host.step(frames: 5)
        #expect(views[0].presentation.opacity > 0.5)
        host.runUntilIdle()
        #expect(views[0].presentation.opacity == 0.5)

        let reference = makeHost()
        _ = Self.scene(in: reference, alphas: [0.5, 1, 1, 1])
        reference.runUntilIdle()
        #expect(host.window.displayList == reference.window.displayList)
    }
}
