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
