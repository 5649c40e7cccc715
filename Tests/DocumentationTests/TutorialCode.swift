import FrameTiming
import Geometry
import Layers
import Testing
import Timeline
import TimelineTestSupport
import UpdateLoop

/// DX2: the code the catalogs' articles quote. Each region between `// snippet: NAME` and
/// `// end snippet` is what an article shows under `<!-- snippet: NAME -->`; SnippetSyncTests
/// checks the two are the same text, and these tests run the code headless on a manual clock.
@Suite("DX2 tutorial code")
@MainActor
struct TutorialCodeTests {
    @Test("DX2: Animate a constraint: the constant changes inside an animation block and layout runs")
    func DX2_animateConstraint() {
        // snippet: animate-constraint-setup
        let host = HeadlessHost(size: Size(width: 400, height: 300))
        let panel = View(identifier: "panel")
        host.root.addSubview(panel)
        let top = panel.topAnchor.constraint(equalTo: host.root.topAnchor, constant: 0)
        LayoutConstraint.activate([
            top,
            panel.leadingAnchor.constraint(equalTo: host.root.leadingAnchor, constant: 20),
            panel.widthAnchor.constraint(equalToConstant: 120),
            panel.heightAnchor.constraint(equalToConstant: 80),
        ])
        host.runUntilIdle()
        // end snippet
        #expect(panel.frame == Rect(x: 20, y: 0, width: 120, height: 80))

        // snippet: animate-constraint-change
        top.constant = 200
        View.animate(withDuration: 0.2, curve: .linear) {
            host.root.layoutIfNeeded()
        }
        // end snippet
        // snippet: animate-constraint-frames
        #expect(panel.frame.minY == 200)                    // the model is final at once
        host.step()                                         // the frame that starts the animation
        #expect(panel.presentation.frame.minY == 0)
        host.step(frames: 6)                                // 6 frames at 60 per second: 0.1 s
        #expect(abs(panel.presentation.frame.minY - 100) < 1e-9)
        host.runUntilIdle()
        #expect(panel.presentation.frame.minY == 200)
        // end snippet
        #expect(host.isIdle)
    }

    @Test("DX2: Your first layer animation: a BasicAnimation moves a layer on a manual clock")
    func DX2_firstLayerAnimation() {
        // snippet: layer-animation-setup
        let clock = ManualFrameClock(rate: .fps60)
        let runLoop = MainRunLoop(clock: clock)
        let engine = LayerEngine(runLoop: runLoop)
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 400, height: 300)
        engine.host(root)

        let dot = Layer()
        dot.frame = Rect(x: 0, y: 0, width: 40, height: 40)
        dot.backgroundColor = Color(red: 0.2, green: 0.5, blue: 1, alpha: 1)
        root.addSublayer(dot)
        clock.step()
        // end snippet

        // snippet: layer-animation-add
        let move = BasicAnimation(keyPath: "position.x")
        move.fromValue = 20.0
        move.toValue = 320.0
        move.duration = 1
        move.timingFunction = MediaTimingFunction(name: .linear)
        Transaction.begin()                                 // set the model with no implicit action
        Transaction.setDisableActions(true)
        dot.position.x = 320                                // the model holds the end value
        Transaction.commit()
        dot.add(move, forKey: "move")
        // end snippet
        #expect(dot.animationKeys() == ["move"])                // no implicit "position" animation beside it

        // snippet: layer-animation-step
        clock.step()                                        // the commit frame: progress 0
        let start = runLoop.currentMediaTime
        #expect(dot.presentation()?.position.x == 20)
        clock.step(frames: 30)                              // half a second later
        let elapsed = runLoop.currentMediaTime - start
        let x = dot.presentation()?.position.x ?? .nan
        #expect(abs(x - (20 + 300 * elapsed)) < 1e-6)      // linear: 300 points per second
        clock.step(frames: 40)                              // past the end: the animation is removed
        #expect(dot.animationKeys() == nil)
        #expect(dot.presentation()?.position.x == 320)
        // end snippet
    }
}
