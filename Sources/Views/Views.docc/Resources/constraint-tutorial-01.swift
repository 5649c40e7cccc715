@Test @MainActor func slideAPanel() {
    let host = HeadlessHost(size: Size(width: 400, height: 300))
    let panel = View(identifier: "panel")
    panel.backgroundColor = Color(red: 0.95, green: 0.6, blue: 0.2)
    host.root.addSubview(panel)
}
