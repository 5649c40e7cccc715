import Foundation
import Testing
import Timeline
import TimelineInspector
import TimelineTestSupport

/// The id of the node with identifier `name` in a fresh document of `session`.
@MainActor
func nodeID(_ session: CDPSession, _ name: String) async throws -> (id: Int, root: [String: Any]) {
    let root = try #require(((try await session.call("DOM.getDocument"))["result"] as? [String: Any])?["root"] as? [String: Any])
    return (try #require(findNode(root, attribute: "id", name)?["nodeId"] as? Int), root)
}

/// The outline strokes in the last presented list.
@MainActor
func outlines(_ host: HeadlessHost) -> [Rect] {
    (host.renderer.lastList?.commands ?? []).compactMap { if case .strokeRect(let r, _, 2, 0) = $0 { r } else { nil } }
}

@Suite(.endsIdle)
@MainActor
struct InspectorLiveTests {
    @Test("IN2: views added and removed after the document was sent are pushed; no hook before the document or after the client")
    func in2TreePushes() async throws {
        let host = makeHost()
        let (card, badge, _) = makeTree(host)
        let (inspector, port) = try await startInspector(host)
        let session = try await connect(inspector, port: port, host: host)
        // Connected, but no document asked for: the window has no hook, frames do nothing more.
        #expect(host.window.inspectionHooks == nil)
        let (cardID, root) = try await nodeID(session, "card")
        let badgeID = try #require((findNode(root, attribute: "id", "card")?["children"] as? [[String: Any]])?.last?["nodeId"] as? Int)
        #expect(host.window.inspectionHooks?.treeDidChange != nil)

        let added = View(frame: Rect(x: 1, y: 2, width: 3, height: 4))
        added.identifier = "added"
        card.addSubview(added)
        let inserted = try #require(try await session.event("DOM.childNodeInserted")?["params"] as? [String: Any])
        #expect(inserted["parentNodeId"] as? Int == cardID)
        #expect(inserted["previousNodeId"] as? Int == badgeID)
        let node = try #require(inserted["node"] as? [String: Any])
        #expect(node["nodeName"] as? String == "View")
        #expect(attribute(node, "frame") == "1 2 3 4")

        badge.removeFromSuperview()
        let removed = try #require(try await session.event("DOM.childNodeRemoved")?["params"] as? [String: Any])
        #expect(removed["parentNodeId"] as? Int == cardID)
        #expect(removed["nodeId"] as? Int == badgeID)

        // A view moved to the front: removed, then inserted after its new previous sibling.
        let second = View(frame: .zero)
        card.addSubview(second)
        _ = try await session.event("DOM.childNodeInserted")
        card.insertSubview(added, aboveSubview: second)
        let moved = try #require(try await session.event("DOM.childNodeRemoved")?["params"] as? [String: Any])
        #expect(moved["nodeId"] as? Int == node["nodeId"] as? Int)
        let again = try #require(try await session.event("DOM.childNodeInserted")?["params"] as? [String: Any])
        #expect((again["node"] as? [String: Any])?["nodeId"] as? Int == node["nodeId"] as? Int)

        await session.client.close()
        for _ in 0..<200 where host.window.inspectionHooks != nil {
            host.step()
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(host.window.inspectionHooks == nil, "the client left: its hooks went with it")
        await finish(inspector, nil, host)
    }

    @Test("IN2: Overlay.highlightNode outlines a view through the painter's list, not the app's tree; hideHighlight removes it")
    func in2HighlightNode() async throws {
        let host = makeHost()
        let (card, _, _) = makeTree(host)
        let (inspector, port) = try await startInspector(host)
        let session = try await connect(inspector, port: port, host: host)
        let (cardID, _) = try await nodeID(session, "card")
        let subviews = card.subviews.count
        let config = #"{"contentColor": {"r": 111, "g": 168, "b": 220, "a": 0.66}}"#
        #expect(try await session.call("Overlay.highlightNode", "{\"nodeId\": \(cardID), \"highlightConfig\": \(config)}")["result"] != nil)
        host.step()
        #expect(outlines(host) == [Rect(x: 20, y: 30, width: 200, height: 100)])
        #expect(host.renderer.lastList?.damage == nil, "the frame that shows the outline repaints the window")
        #expect(card.subviews.count == subviews && host.root.subviews.count == 1, "no view was added")
        #expect(!host.window.displayList.commands.contains { if case .strokeRect(_, _, 2, 0) = $0 { true } else { false } },
                "the window's own list has no outline")

        // It follows the view.
        card.frame.origin.x = 60
        host.step()
        #expect(outlines(host) == [Rect(x: 60, y: 30, width: 200, height: 100)])

        #expect(try await session.call("Overlay.hideHighlight")["result"] != nil)
        host.step()
        #expect(outlines(host).isEmpty)
        #expect(host.window.renderer === host.renderer, "the window's renderer is its own again")

        let bad = try await session.call("Overlay.highlightNode", "{\"nodeId\": 999999}")
        #expect((bad["error"] as? [String: Any])?["code"] as? Int == -32602)
        let badColor = try await session.call("Overlay.highlightNode", "{\"nodeId\": \(cardID), \"highlightConfig\": {\"contentColor\": {\"r\": 900, \"g\": 0, \"b\": 0}}}")
        #expect((badColor["error"] as? [String: Any])?["code"] as? Int == -32602)
        await finish(inspector, session, host)
    }

    @Test("IN2: Overlay.setInspectMode: a click in the window picks the view under it, the app does not see it")
    func in2InspectMode() async throws {
        let host = makeHost()
        let (_, badge, _) = makeTree(host)
        var tapped = 0
        let recognizer = TapGestureRecognizer()
        recognizer.addAction { _ in tapped += 1 }
        badge.addGestureRecognizer(recognizer)
        let (inspector, port) = try await startInspector(host)
        let session = try await connect(inspector, port: port, host: host)
        let root = try #require(((try await session.call("DOM.getDocument"))["result"] as? [String: Any])?["root"] as? [String: Any])
        let badgeID = try #require((findNode(root, attribute: "id", "card")?["children"] as? [[String: Any]])?.last?["nodeId"] as? Int)
        #expect(try await session.call("Overlay.setInspectMode", #"{"mode": "searchForNode", "highlightConfig": {}}"#)["result"] != nil)
        host.runLoop.send(.pointerMoved(Point(x: 40, y: 50)))
        host.step()
        #expect(outlines(host) == [Rect(x: 30, y: 40, width: 40, height: 20)], "hovering highlights the badge")
        host.runLoop.send(.pointerDown(Point(x: 40, y: 50)))
        host.runLoop.send(.pointerUp(Point(x: 40, y: 50)))
        let picked = try #require(try await session.event("Overlay.inspectNodeRequested")?["params"] as? [String: Any])
        #expect(picked["backendNodeId"] as? Int == badgeID)
        #expect(tapped == 0)
        #expect(try await session.call("Overlay.setInspectMode", #"{"mode": "none"}"#)["result"] != nil)
        host.step()
        #expect(host.window.inspectionHooks?.pointerPick == nil)
        #expect(outlines(host).isEmpty)
        let bad = try await session.call("Overlay.setInspectMode", #"{"mode": "sideways"}"#)
        #expect((bad["error"] as? [String: Any])?["code"] as? Int == -32602)
        await finish(inspector, session, host)
    }
}
