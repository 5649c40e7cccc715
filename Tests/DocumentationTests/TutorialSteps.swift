import FrameTiming
import Geometry
import Layers
import Testing
import Timeline
import TimelineTestSupport
import UpdateLoop

// DX2: the code of the DocC tutorials (the `.tutorial` pages in Sources/Layers/Layers.docc and
// Sources/Views/Views.docc). A tutorial step shows the whole code so far, so each step is its own
// test below: the region `// snippet: NAME` … `// end snippet` is, line for line, the catalog's
// resource file `NAME.swift` that the step's `@Code` shows (SnippetSyncTests checks it), and
// running the suite runs every step as a reader would have it after that step.

@Suite("DX2 tutorial, your first layer animation: step 1 hosts a root layer on a manual clock")
struct LayerTutorialStep1 {
    // snippet: layer-tutorial-01
    @Test @MainActor func moveALayer() {
        let clock = ManualFrameClock(rate: .fps60)
        let runLoop = MainRunLoop(clock: clock)
        let engine = LayerEngine(runLoop: runLoop)
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 400, height: 300)
        engine.host(root)
    }
    // end snippet
}

@Suite("DX2 tutorial, your first layer animation: step 2 adds a square and commits it")
struct LayerTutorialStep2 {
    // snippet: layer-tutorial-02
    @Test @MainActor func moveALayer() {
        let clock = ManualFrameClock(rate: .fps60)
        let runLoop = MainRunLoop(clock: clock)
        let engine = LayerEngine(runLoop: runLoop)
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 400, height: 300)
        engine.host(root)

        let dot = Layer()
        dot.frame = Rect(x: 0, y: 130, width: 40, height: 40)
        dot.backgroundColor = Color(red: 0.2, green: 0.5, blue: 1, alpha: 1)
        root.addSublayer(dot)
        clock.step()                                        // commits the tree
        #expect(dot.presentation()?.position == Point(x: 20, y: 150))
    }
    // end snippet
}

@Suite("DX2 tutorial, your first layer animation: step 3 adds a basic animation of position.x")
struct LayerTutorialStep3 {
    // snippet: layer-tutorial-03
    @Test @MainActor func moveALayer() {
        let clock = ManualFrameClock(rate: .fps60)
        let runLoop = MainRunLoop(clock: clock)
        let engine = LayerEngine(runLoop: runLoop)
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 400, height: 300)
        engine.host(root)

        let dot = Layer()
        dot.frame = Rect(x: 0, y: 130, width: 40, height: 40)
        dot.backgroundColor = Color(red: 0.2, green: 0.5, blue: 1, alpha: 1)
        root.addSublayer(dot)
        clock.step()                                        // commits the tree
        #expect(dot.presentation()?.position == Point(x: 20, y: 150))

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
        #expect(dot.animationKeys() == ["move"])
    }
    // end snippet
}

@Suite("DX2 tutorial, your first layer animation: step 4 steps frames and reads the presentation")
struct LayerTutorialStep4 {
    // snippet: layer-tutorial-04
    @Test @MainActor func moveALayer() {
        let clock = ManualFrameClock(rate: .fps60)
        let runLoop = MainRunLoop(clock: clock)
        let engine = LayerEngine(runLoop: runLoop)
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 400, height: 300)
        engine.host(root)

        let dot = Layer()
        dot.frame = Rect(x: 0, y: 130, width: 40, height: 40)
        dot.backgroundColor = Color(red: 0.2, green: 0.5, blue: 1, alpha: 1)
        root.addSublayer(dot)
        clock.step()                                        // commits the tree
        #expect(dot.presentation()?.position == Point(x: 20, y: 150))

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
        #expect(dot.animationKeys() == ["move"])

        clock.step()                                        // the commit frame: progress 0
        let start = runLoop.currentMediaTime
        #expect(dot.presentation()?.position.x == 20)
        clock.step(frames: 30)                              // half a second later
        let elapsed = runLoop.currentMediaTime - start
        #expect(abs((dot.presentation()?.position.x ?? .nan) - (20 + 300 * elapsed)) < 1e-6)
        clock.step(frames: 40)                              // past the end: the animation is removed
        #expect(dot.animationKeys() == nil)
        #expect(dot.presentation()?.position.x == 320)
    }
    // end snippet
}

@Suite("DX2 tutorial, animate a constraint: step 1 adds a panel to a headless window")
struct ConstraintTutorialStep1 {
    // snippet: constraint-tutorial-01
    @Test @MainActor func slideAPanel() {
        let host = HeadlessHost(size: Size(width: 400, height: 300))
        let panel = View(identifier: "panel")
        panel.backgroundColor = Color(red: 0.95, green: 0.6, blue: 0.2)
        host.root.addSubview(panel)
    }
    // end snippet
}

@Suite("DX2 tutorial, animate a constraint: step 2 pins the panel with four constraints")
struct ConstraintTutorialStep2 {
    // snippet: constraint-tutorial-02
    @Test @MainActor func slideAPanel() {
        let host = HeadlessHost(size: Size(width: 400, height: 300))
        let panel = View(identifier: "panel")
        panel.backgroundColor = Color(red: 0.95, green: 0.6, blue: 0.2)
        host.root.addSubview(panel)

        let top = panel.topAnchor.constraint(equalTo: host.root.topAnchor, constant: 0)
        LayoutConstraint.activate([
            top,
            panel.leadingAnchor.constraint(equalTo: host.root.leadingAnchor, constant: 20),
            panel.widthAnchor.constraint(equalToConstant: 120),
            panel.heightAnchor.constraint(equalToConstant: 80),
        ])
        host.runUntilIdle()                                 // one frame solves and lays out
        #expect(panel.frame == Rect(x: 20, y: 0, width: 120, height: 80))
    }
    // end snippet
}

@Suite("DX2 tutorial, animate a constraint: step 3 changes the constant inside an animation block")
struct ConstraintTutorialStep3 {
    // snippet: constraint-tutorial-03
    @Test @MainActor func slideAPanel() {
        let host = HeadlessHost(size: Size(width: 400, height: 300))
        let panel = View(identifier: "panel")
        panel.backgroundColor = Color(red: 0.95, green: 0.6, blue: 0.2)
        host.root.addSubview(panel)

        let top = panel.topAnchor.constraint(equalTo: host.root.topAnchor, constant: 0)
        LayoutConstraint.activate([
            top,
            panel.leadingAnchor.constraint(equalTo: host.root.leadingAnchor, constant: 20),
            panel.widthAnchor.constraint(equalToConstant: 120),
            panel.heightAnchor.constraint(equalToConstant: 80),
        ])
        host.runUntilIdle()                                 // one frame solves and lays out
        #expect(panel.frame == Rect(x: 20, y: 0, width: 120, height: 80))

        top.constant = 200
        View.animate(withDuration: 0.2, curve: .linear) {
            host.root.layoutIfNeeded()
        }
        #expect(panel.frame.minY == 200)                    // the model is final at once
        host.runUntilIdle()
    }
    // end snippet
}

@Suite("DX2 tutorial, animate a constraint: step 4 steps frames and reads the presentation")
struct ConstraintTutorialStep4 {
    // snippet: constraint-tutorial-04
    @Test @MainActor func slideAPanel() {
        let host = HeadlessHost(size: Size(width: 400, height: 300))
        let panel = View(identifier: "panel")
        panel.backgroundColor = Color(red: 0.95, green: 0.6, blue: 0.2)
        host.root.addSubview(panel)

        let top = panel.topAnchor.constraint(equalTo: host.root.topAnchor, constant: 0)
        LayoutConstraint.activate([
            top,
            panel.leadingAnchor.constraint(equalTo: host.root.leadingAnchor, constant: 20),
            panel.widthAnchor.constraint(equalToConstant: 120),
            panel.heightAnchor.constraint(equalToConstant: 80),
        ])
        host.runUntilIdle()                                 // one frame solves and lays out
        #expect(panel.frame == Rect(x: 20, y: 0, width: 120, height: 80))

        top.constant = 200
        View.animate(withDuration: 0.2, curve: .linear) {
            host.root.layoutIfNeeded()
        }
        #expect(panel.frame.minY == 200)                    // the model is final at once
        host.step()                                         // the frame that starts the animation
        #expect(panel.presentation.frame.minY == 0)
        host.step(frames: 6)                                // 6 frames at 60 per second: 0.1 s
        #expect(abs(panel.presentation.frame.minY - 100) < 1e-9)
        host.runUntilIdle()
        #expect(panel.presentation.frame.minY == 200)
        #expect(host.isIdle)
    }
    // end snippet
}
