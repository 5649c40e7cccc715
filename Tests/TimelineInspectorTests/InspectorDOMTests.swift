import Foundation
import Testing
import Timeline
import TimelineInspector
import TimelineTestSupport

final class BadgeView: View {}

/// A small tree: the root, a card with an identifier, a sublayer and a badge inside it.
@MainActor
func makeTree(_ host: HeadlessHost) -> (card: View, badge: BadgeView, sublayer: Layer) {
    let card = View(frame: Rect(x: 20, y: 30, width: 200, height: 100))
    card.identifier = "card"
    card.backgroundColor = Color(red: 1, green: 0, blue: 0)
    let sublayer = Layer()
    sublayer.frame = Rect(x: 5, y: 6, width: 10, height: 12)
    card.layer.addSublayer(sublayer)
    let badge = BadgeView(frame: Rect(x: 10, y: 10, width: 40, height: 20))
    card.addSubview(badge)
    host.root.addSubview(card)
    host.runUntilIdle()
    return (card, badge, sublayer)
}

/// The node whose attributes hold `name` = `value`, searched depth first.
func findNode(_ node: [String: Any], attribute name: String, _ value: String) -> [String: Any]? {
    let attributes = node["attributes"] as? [String] ?? []
    if let i = attributes.firstIndex(of: name), i % 2 == 0, i + 1 < attributes.count, attributes[i + 1] == value { return node }
    for child in node["children"] as? [[String: Any]] ?? [] {
        if let found = findNode(child, attribute: name, value) { return found }
    }
    return nil
}

func attribute(_ node: [String: Any], _ name: String) -> String? {
    let attributes = node["attributes"] as? [String] ?? []
    guard let i = attributes.firstIndex(of: name), i % 2 == 0, i + 1 < attributes.count else { return nil }
    return attributes[i + 1]
}

@Suite(.endsIdle)
@MainActor
struct InspectorDOMTests {
    @Test("IN2: DOM.getDocument over the socket gives windows, views by class name with their attributes, sublayers beneath")
    func in2GetDocument() async throws {
        let host = makeHost()
        _ = makeTree(host)
        let (inspector, port) = try await startInspector(host)
        let session = try await connect(inspector, port: port, host: host)
        let reply = try await session.call("DOM.getDocument", "{\"depth\": -1}")
        let root = try #require((reply["result"] as? [String: Any])?["root"] as? [String: Any])
        #expect(root["nodeName"] as? String == "#document")
        let window = try #require((root["children"] as? [[String: Any]])?.first)
        #expect(window["nodeName"] as? String == "Window")
        #expect(attribute(window, "size") == "400 300")
        let card = try #require(findNode(root, attribute: "id", "card"))
        #expect(card["nodeName"] as? String == "View")
        #expect(attribute(card, "frame") == "20 30 200 100")
        #expect(attribute(card, "alpha") == "1")
        #expect(attribute(card, "hidden") == "false")
        #expect(attribute(card, "backgroundColor") == "#ff0000ff")
        let children = try #require(card["children"] as? [[String: Any]])
        // The layer beneath the view's layer first, as it draws below the subviews.
        #expect(children.map { $0["nodeName"] as? String } == ["Layer", "BadgeView"])
        #expect(attribute(children[0], "frame") == "5 6 10 12")
        #expect(card["childNodeCount"] as? Int == 2)
        await finish(inspector, session, host)
    }

    @Test("IN2: DOM.getBoxModel gives a view's and a layer's quads in window points")
    func in2BoxModel() async throws {
        let host = makeHost()
        _ = makeTree(host)
        let (inspector, port) = try await startInspector(host)
        let session = try await connect(inspector, port: port, host: host)
        let root = try #require(((try await session.call("DOM.getDocument"))["result"] as? [String: Any])?["root"] as? [String: Any])
        let card = try #require(findNode(root, attribute: "id", "card"))
        let badge = try #require((card["children"] as? [[String: Any]])?.last)
        let sublayer = try #require((card["children"] as? [[String: Any]])?.first)

        let box = try await session.call("DOM.getBoxModel", "{\"nodeId\": \(badge["nodeId"] as! Int)}")
        let model = try #require((box["result"] as? [String: Any])?["model"] as? [String: Any])
        #expect(model["content"] as? [Double] == [30, 40, 70, 40, 70, 60, 30, 60])
        #expect(model["width"] as? Double == 40)
        let layerBox = try await session.call("DOM.getBoxModel", "{\"nodeId\": \(sublayer["nodeId"] as! Int)}")
        let layerModel = try #require((layerBox["result"] as? [String: Any])?["model"] as? [String: Any])
        #expect(layerModel["border"] as? [Double] == [25, 36, 35, 36, 35, 48, 25, 48])
        await finish(inspector, session, host)
    }

    @Test("IN2: DOM.setAttributeValue edits frame, alpha, colour and corner radius; the next frame shows them")
    func in2SetAttributeValue() async throws {
        let host = makeHost()
        let (card, _, sublayer) = makeTree(host)
        let (inspector, port) = try await startInspector(host)
        let session = try await connect(inspector, port: port, host: host)
        let root = try #require(((try await session.call("DOM.getDocument"))["result"] as? [String: Any])?["root"] as? [String: Any])
        let id = try #require(findNode(root, attribute: "id", "card")?["nodeId"] as? Int)
        let layerID = try #require(((findNode(root, attribute: "id", "card")?["children"] as? [[String: Any]])?.first)?["nodeId"] as? Int)

        let drawnBefore = host.renderer.presentedFrames
        for (name, value) in [("frame", "40 50 120 60"), ("alpha", "0.5"), ("backgroundColor", "#00ff00"), ("cornerRadius", "8")] {
            let reply = try await session.call("DOM.setAttributeValue", "{\"nodeId\": \(id), \"name\": \"\(name)\", \"value\": \"\(value)\"}")
            #expect(reply["result"] != nil, "\(name): \(reply)")
        }
        #expect(card.frame == Rect(x: 40, y: 50, width: 120, height: 60))
        #expect(card.alpha == 0.5)
        #expect(card.backgroundColor == Color(red: 0, green: 1, blue: 0))
        #expect(card.cornerRadius == 8)
        // Each edit ran in a frame's first phase; that frame drew it (no animation: on screen at once).
        #expect(host.renderer.presentedFrames > drawnBefore)
        #expect(card.presentation.frame == Rect(x: 40, y: 50, width: 120, height: 60))
        #expect(card.presentation.opacity == 0.5)

        let layerReply = try await session.call("DOM.setAttributeValue", "{\"nodeId\": \(layerID), \"name\": \"alpha\", \"value\": \"0.25\"}")
        #expect(layerReply["result"] != nil)
        #expect(sublayer.opacity == 0.25)
        #expect(sublayer.animationKeys() == nil)  // no implicit animation

        let bad = try await session.call("DOM.setAttributeValue", "{\"nodeId\": \(id), \"name\": \"frame\", \"value\": \"1 2 three 4\"}")
        #expect(((bad["error"] as? [String: Any])?["message"] as? String)?.contains("expected four numbers") == true)
        let unknown = try await session.call("DOM.setAttributeValue", "{\"nodeId\": \(id), \"name\": \"zIndex\", \"value\": \"1\"}")
        #expect(((unknown["error"] as? [String: Any])?["message"] as? String)?.contains("no editable attribute 'zIndex'") == true)
        let alpha = try await session.call("DOM.setAttributeValue", "{\"nodeId\": \(id), \"name\": \"alpha\", \"value\": \"2\"}")
        #expect((alpha["error"] as? [String: Any])?["code"] as? Int == -32602)
        #expect(card.alpha == 0.5)
        await finish(inspector, session, host)
    }

    @Test("IN2: CSS.getComputedStyleForNode lists a view's properties")
    func in2ComputedStyle() async throws {
        let host = makeHost()
        _ = makeTree(host)
        let inspector = Inspector(runLoop: host.runLoop, appName: "tests")
        let document = inspector.handle(text: "{\"id\":1,\"method\":\"DOM.getDocument\"}")
        let root = try #require(((try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any])?["result"] as? [String: Any])?["root"] as? [String: Any])
        let id = try #require(findNode(root, attribute: "id", "card")?["nodeId"] as? Int)
        let reply = inspector.handle(text: "{\"id\":2,\"method\":\"CSS.getComputedStyleForNode\",\"params\":{\"nodeId\":\(id)}}")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any])
        let style = try #require((object["result"] as? [String: Any])?["computedStyle"] as? [[String: String]])
        let values = Dictionary(style.map { ($0["name"] ?? "", $0["value"] ?? "") }, uniquingKeysWith: { a, _ in a })
        #expect(values["class"] == "View")
        #expect(values["bounds"] == "0 0 200 100")
        #expect(values["center"] == "120 80")
        #expect(values["clipsToBounds"] == "false")
        host.runUntilIdle()
    }

    @Test("IN2: a removed view's node id names nothing once the view is gone")
    func in2RemovedNode() async throws {
        let host = makeHost()
        _ = makeTree(host)
        weak let gone: View?
        do {
            let extra = View(frame: Rect(x: 0, y: 0, width: 5, height: 5))
            extra.identifier = "extra"
            host.root.addSubview(extra)
            gone = extra
        }
        host.runUntilIdle()
        let inspector = Inspector(runLoop: host.runLoop, appName: "tests")
        let document = inspector.handle(text: "{\"id\":1,\"method\":\"DOM.getDocument\"}")
        let root = try #require(((try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any])?["result"] as? [String: Any])?["root"] as? [String: Any])
        let id = try #require(findNode(root, attribute: "id", "extra")?["nodeId"] as? Int)
        #expect(inspector.handle(text: "{\"id\":2,\"method\":\"DOM.getBoxModel\",\"params\":{\"nodeId\":\(id)}}").contains("\"result\""))
        gone?.removeFromSuperview()
        host.runUntilIdle()
        #expect(gone == nil)
        let reply = inspector.handle(text: "{\"id\":3,\"method\":\"DOM.getBoxModel\",\"params\":{\"nodeId\":\(id)}}")
        #expect(reply.contains("no node with id \(id)"))
    }

    @Test("IN3: Animation.enable announces a view's block animation as it starts; setPlaybackRate slows it")
    func in3AnimationStarted() async throws {
        let host = makeHost()
        let (card, _, _) = makeTree(host)
        let (inspector, port) = try await startInspector(host)
        let session = try await connect(inspector, port: port, host: host)
        #expect(try await session.call("Animation.enable")["result"] != nil)
        #expect(try await session.call("Animation.setPlaybackRate", "{\"playbackRate\": 0.5}")["result"] != nil)
        View.animate(withDuration: 1) { card.alpha = 0 }
        let started = try #require(try await session.event("Animation.animationStarted"))
        let animation = try #require((started["params"] as? [String: Any])?["animation"] as? [String: Any])
        let source = try #require(animation["source"] as? [String: Any])
        #expect(source["duration"] as? Double == 1000)
        #expect(source["keyPath"] as? String == "opacity")
        #expect(animation["playbackRate"] as? Double == 0.5)
        // At half speed, 30 frames (0.5 s) in, a linear... eased 1 s fade is a quarter of the way in time.
        host.step(frames: 30)
        let shown = card.presentation.opacity
        #expect(shown > 0.5 && shown < 1, "at half rate the fade is still early: \(shown)")
        #expect(try await session.call("Animation.getPlaybackRate")["result"] as? [String: Double] == ["playbackRate": 0.5])
        #expect(try await session.call("Animation.setPlaybackRate", "{\"playbackRate\": 1}")["result"] != nil)
        host.runUntilIdle()
        #expect(card.presentation.opacity == 0)
        await finish(inspector, session, host)
    }
}
