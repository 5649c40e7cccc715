import FuzzDriver
import JSONParsing
import Timeline
import TimelineInspector

// The inspector's fuzz target (IN8), run by FuzzDriver under libFuzzer or over files
// (`swift run InspectorFuzzer Tests/Fuzz/cdp-regressions/*`): any bytes, as a CDP message, are
// read and carried out on a small headless app (a window, views, a sublayer), and a frame runs
// after each, so edits are drawn. Nothing traps, and every reply is JSON with the request's id
// or an error.

/// The app every input is carried out on, made once.
@MainActor
final class FuzzApp {
    let host = HeadlessHost(size: Size(width: 320, height: 240))
    let inspector: Inspector

    init() {
        let card = View(frame: Rect(x: 10, y: 10, width: 100, height: 60))
        card.identifier = "card"
        card.layer.addSublayer(Layer())
        card.addSubview(View(frame: Rect(x: 5, y: 5, width: 20, height: 20)))
        host.root.addSubview(card)
        // Constraints for the Constraints domain (IN5): an ambiguous x and a broken width.
        let boxed = View(identifier: "boxed")
        host.root.addSubview(boxed)
        LayoutConstraint.activate([
            boxed.leadingAnchor.constraint(greaterThanOrEqualTo: host.root.leadingAnchor, constant: 4),
            boxed.topAnchor.constraint(equalTo: card.bottomAnchor, constant: 8),
            boxed.widthAnchor.constraint(equalToConstant: 40), boxed.heightAnchor.constraint(equalToConstant: 30),
            boxed.widthAnchor.constraint(equalToConstant: 60),
        ])
        host.runUntilIdle()
        inspector = Inspector(runLoop: host.runLoop, appName: "fuzz")
        // A client in process: the tree hook and the Animation domain's hook are set, node ids
        // exist from the first input on, and a repeating layer animation is announced as
        // "animation-1" for pausing, seeking and releasing.
        inspector.attach(eventSink: { _ in })
        _ = inspector.handle(text: #"{"id":1,"method":"DOM.getDocument"}"#)
        _ = inspector.handle(text: #"{"id":2,"method":"Animation.enable"}"#)
        // Constraint ids exist from the first input on, as node ids do.
        _ = inspector.handle(text: #"{"id":3,"method":"Constraints.getForNode","params":{"nodeId":\#(inspector.nodeID(of: boxed))}}"#)
        let spin = BasicAnimation(keyPath: "opacity")
        spin.fromValue = 1.0
        spin.toValue = 0.2
        spin.duration = 1
        spin.repeatCount = .infinity
        card.layer.sublayers?.first?.add(spin, forKey: "spin")
        host.step(frames: 2)
    }

    /// The reply to `bytes`, after which one frame runs.
    func reply(to bytes: [UInt8]) -> String {
        let text = inspector.handle(text: String(decoding: bytes, as: UTF8.self))
        host.step(frames: 1)
        return text
    }
}

let app = MainActor.assumeIsolated { FuzzApp() }

fuzzMain(name: "InspectorFuzzer") { bytes in
    let text = MainActor.assumeIsolated { app.reply(to: bytes) }
    guard let parsed = try? JSONParser.parse(text) else { preconditionFailure("the reply is no JSON: \(text)") }
    precondition(parsed["result"] != nil || parsed["error"] != nil, "a reply with neither result nor error: \(text)")
    return String(text.prefix(200))
}
