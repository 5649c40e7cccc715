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
