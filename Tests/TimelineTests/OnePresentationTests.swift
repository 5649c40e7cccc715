import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views

/// AM1, on the way to one evaluator: a view's presentation is its layer's presentation. The
/// explicit animations on the view's layer are evaluated into it and the view's block
/// animations add onto them, so `View.presentation`, `layer.presentation()` and what the window
/// draws are one set of values. (Frame times are whole nanoseconds: values are compared to 1e-6.)
@Suite("AM1 one presentation for a view and its layer", .endsIdle)
@MainActor
struct OnePresentationTests {
    @Test("AM1: an explicit layer animation shows in the view's presentation; a block adds onto it")
    func AM1_explicitAndBlockShareThePresentation() throws {
        let host = makeHost()
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        host.root.addSubview(v)
        host.runUntilIdle()
        let fade = BasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.0; fade.toValue = 1.0; fade.duration = 2
        fade.timingFunction = MediaTimingFunction(name: .linear)
        v.layer.add(fade, forKey: "fade")
        View.animate(withDuration: 1, curve: .linear, animations: { v.alpha = 0.5 })
        host.step()                                                   // both begin: progress 0
        host.step(frames: 30)                                         // 0.5 s
        // The fade shows 0.25; the block adds (1 - 0.5) · (1 - 0.5) on top.
        #expect(abs(v.presentation.opacity - 0.5) < 1e-6)
        let layerShown = try #require(v.layer.presentation())
        #expect(abs(layerShown.opacity - v.presentation.opacity) < 1e-12)
        #expect(v.displayedLayer === v.presentation)
        host.step(frames: 60)                                         // 1.5 s: the block has ended
        #expect(abs(v.presentation.opacity - 0.75) < 1e-6)
        #expect(v.alpha == 0.5)                                       // the model never moved
        host.step(frames: 40)                                         // past 2 s: the fade is removed
        #expect(v.presentation.opacity == 0.5)
        #expect(v.layer.animationKeys() == nil)
        host.runUntilIdle()
    }

    @Test("AM1: a model change under a running explicit animation shows the animation, not the model")
    func AM1_modelChangeUnderExplicitAnimation() {
        let host = makeHost()
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        host.root.addSubview(v)
        host.runUntilIdle()
        let slide = BasicAnimation(keyPath: "position.x")
        slide.byValue = 100.0; slide.duration = 1
        slide.timingFunction = MediaTimingFunction(name: .linear)
        v.layer.add(slide, forKey: "slide")
        host.step()
        host.step(frames: 30)                                         // 0.5 s: centre x 50 + 50
        #expect(abs(v.presentation.position.x - 100) < 1e-6)
        v.center = Point(x: 200, y: 50)                               // outside any block
        // Before the frame is drawn the animation is evaluated again from the new model.
        host.step()
        #expect(abs(v.presentation.position.x - (200 + 100 * 31 / 60)) < 1e-6)
        host.runUntilIdle()
        #expect(v.presentation.position.x == 200)
    }
}
