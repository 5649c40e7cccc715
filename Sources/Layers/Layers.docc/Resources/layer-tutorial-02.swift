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
