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
