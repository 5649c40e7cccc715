@Test @MainActor func moveALayer() {
    let clock = ManualFrameClock(rate: .fps60)
    let runLoop = MainRunLoop(clock: clock)
    let engine = LayerEngine(runLoop: runLoop)
    let root = Layer()
    root.frame = Rect(x: 0, y: 0, width: 400, height: 300)
    engine.host(root)
}
