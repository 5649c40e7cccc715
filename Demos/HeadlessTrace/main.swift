// A headless walk through UIKit's update cycle: builds a small view tree with Auto Layout, steps
// frames on the manual clock, and prints what ran when (the U9 trace) as JSON lines, one per call.
//
//     swift run HeadlessTrace
import Geometry
import Timeline

final class Gauge: View {
    var numberOfPoints = 0 { didSet { setNeedsDisplay() } }
    override func draw(_ rect: Rect, in canvas: Canvas) {
        guard numberOfPoints > 0 else { return }
        canvas.fillEllipse(in: rect, color: Color(red: 1, green: 0.8, blue: 0.2))
    }
}

@MainActor
func main() {
    let host = HeadlessHost(size: Size(width: 480, height: 320))
    host.runLoop.trace.isRecording = true
    host.runLoop.trace.onEvent = { print($0.json) }

    let panel = View(identifier: "panel")
    panel.backgroundColor = Color(hex: "#3366ccff")!
    panel.cornerRadius = 12
    let title = Label(text: "Hello", fontSize: 18, identifier: "title")
    let gauge = Gauge(frame: Rect(x: 10, y: 10, width: 24, height: 24))
    gauge.identifier = "gauge"
    host.root.addSubview(panel)
    panel.addSubview(title)
    panel.addSubview(gauge)
    let slide = panel.topAnchor.constraint(equalTo: host.root.safeAreaLayoutGuide.topAnchor, constant: 40)
    LayoutConstraint.activate([
        panel.leadingAnchor.constraint(equalTo: host.root.leadingAnchor, constant: 20),
        panel.widthAnchor.constraint(equalTo: host.root.widthAnchor, multiplier: 0.5),
        panel.heightAnchor.constraint(equalToConstant: 120),
        slide,
        title.centerXAnchor.constraint(equalTo: panel.centerXAnchor),
        title.centerYAnchor.constraint(equalTo: panel.centerYAnchor),
    ])

    print("# frame 0: first layout and display of the whole tree")
    host.step()
    print("# frame 1: the slide constraint's constant changes -> constraints, layout")
    slide.constant = 100
    host.step()
    print("# frame 2: a property observer calls setNeedsDisplay -> display only")
    gauge.numberOfPoints = 3
    host.step()
    print("# idle: nothing dirty, the clock stops")
    host.runUntilIdle()
    print("# frames: panel \(panel.frame), title \(title.frame); idle: \(host.isIdle)")
}

MainActor.assumeIsolated { main() }
