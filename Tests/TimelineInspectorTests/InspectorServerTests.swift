import Foundation
import Testing
import Timeline
import TimelineInspector
import TimelineTestSupport

/// Starts an inspector with a server on any free loopback port for `host`.
@MainActor
func startInspector(_ host: HeadlessHost) async throws -> (Inspector, UInt16) {
    let inspector = Inspector.start(on: host.runLoop, port: 0, appName: "tests")
    let port = try await #require(inspector.server).waitUntilListening()
    return (inspector, port)
}

/// Connects a CDP client to the inspector's WebSocket.
@MainActor
func connect(_ inspector: Inspector, port: UInt16, host: HeadlessHost) async throws -> CDPSession {
    let token = try #require(inspector.server).token
    let client = try await CDPTestClient.connect(port: port, path: "/devtools/page/\(token)").get()
    return CDPSession(client: client, host: host)
}

/// Ends a test's inspector: closes the client, stops the server, runs what the disconnect posted.
@MainActor
func finish(_ inspector: Inspector, _ session: CDPSession?, _ host: HeadlessHost) async {
    await session?.client.close()
    await inspector.stop()
    host.runUntilIdle()
}

/// Connects again once the server has freed the one client slot (frames run while waiting).
@MainActor
func reconnect(_ inspector: Inspector, port: UInt16, host: HeadlessHost) async throws -> CDPSession {
    let token = try #require(inspector.server).token
    for _ in 0..<500 {
        if case .success(let client) = try await CDPTestClient.connect(port: port, path: "/devtools/page/\(token)") {
            return CDPSession(client: client, host: host)
        }
        host.step()
        try await Task.sleep(for: .milliseconds(5))
    }
    Issue.record("the slot was not freed within 500 tries")
    throw CancellationError()
}

@Suite(.endsIdle)
@MainActor
struct InspectorServerTests {
    @Test("IN1: off unless TIMELINE_INSPECT asks; a value that is no port starts nothing")
    func in1OffUnlessAsked() async throws {
        let host = makeHost()
        #expect(Inspector.startIfRequested(on: host.runLoop, environment: [:]) == nil)
        #expect(Inspector.startIfRequested(on: host.runLoop, environment: ["TIMELINE_INSPECT": "http"]) == nil)
        #expect(Inspector.startIfRequested(on: host.runLoop, environment: ["TIMELINE_INSPECT": "70000"]) == nil)
        // Linked but not asked for: no hook on the layer engine, no participant of its own.
        #expect(host.runLoop.layers.animationAdded == nil)
        #expect(host.runLoop.participants.count == 2)
        let inspector = try #require(Inspector.startIfRequested(on: host.runLoop, environment: ["TIMELINE_INSPECT": "0"]))
        let port = try await #require(inspector.server).waitUntilListening()
        #expect(port > 0)
        #expect(host.runLoop.participants.count == 2)
        await finish(inspector, nil, host)
    }

    @Test("IN1: listens on 127.0.0.1 only and lists one target with its WebSocket URL and token")
    func in1DiscoveryEndpoints() async throws {
        let host = makeHost()
        let (inspector, port) = try await startInspector(host)
        let server = try #require(inspector.server)
        #expect(await server.listeningHost == "127.0.0.1")
        #expect(server.token.count == 32)
        let url = "ws://127.0.0.1:\(port)/devtools/page/\(server.token)"

        let version = try await httpGet(port: port, path: "/json/version")
        #expect(version.status == 200)
        let v = try #require(try JSONSerialization.jsonObject(with: Data(version.body.utf8)) as? [String: Any])
        #expect(v["Protocol-Version"] as? String == "1.3")
        #expect(v["webSocketDebuggerUrl"] as? String == url)

        let list = try await httpGet(port: port, path: "/json/list")
        #expect(list.status == 200)
        let targets = try #require(try JSONSerialization.jsonObject(with: Data(list.body.utf8)) as? [[String: Any]])
        #expect(targets.count == 1)
        #expect(targets.first?["type"] as? String == "page")
        #expect(targets.first?["webSocketDebuggerUrl"] as? String == url)
        #expect((targets.first?["devtoolsFrontendUrl"] as? String)?.contains("ws=127.0.0.1:\(port)/devtools/page/") == true)
        await finish(inspector, nil, host)
    }

    @Test("IN8: a wrong token, a foreign Host header and an unknown path are refused")
    func in8RefusedRequests() async throws {
        let host = makeHost()
        let (inspector, port) = try await startInspector(host)
        let wrong = try await CDPTestClient.connect(port: port, path: "/devtools/page/0123456789abcdef0123456789abcdef")
        guard case .failure(let refusal) = wrong else { Issue.record("a wrong token was accepted"); return }
        #expect(refusal.status == 404)
        #expect(refusal.body.contains("token"))
        let rebound = try await httpGet(port: port, path: "/json/list", host: "evil.example:\(port)")
        #expect(rebound.status == 403)
        #expect(!rebound.body.contains(try #require(inspector.server).token))
        #expect(try await httpGet(port: port, path: "/nothing").status == 404)
        await finish(inspector, nil, host)
    }

    @Test("IN8: a second client is refused while the first is connected, and connects after it left")
    func in8TwoClients() async throws {
        let host = makeHost()
        let (inspector, port) = try await startInspector(host)
        let first = try await connect(inspector, port: port, host: host)
        let token = try #require(inspector.server).token
        let second = try await CDPTestClient.connect(port: port, path: "/devtools/page/\(token)")
        guard case .failure(let refusal) = second else { Issue.record("a second client was accepted"); return }
        #expect(refusal.status == 409)
        // The first still works.
        let reply = try await first.call("DOM.getDocument")
        #expect(reply["result"] != nil)
        await first.client.close()
        // Its slot frees when the server sees the close.
        let session = try await reconnect(inspector, port: port, host: host)
        #expect(try await session.call("DOM.getDocument")["result"] != nil)
        await finish(inspector, session, host)
    }

    @Test("IN8: malformed, oversized and binary messages, unknown methods and node ids get CDP error replies")
    func in8ErrorReplies() async throws {
        let host = makeHost()
        let (inspector, port) = try await startInspector(host)
        let session = try await connect(inspector, port: port, host: host)

        try await session.client.send("{\"id\": 1, \"method\": ")
        let parse = try #require(try await session.reply(to: nil))
        #expect((parse["error"] as? [String: Any])?["code"] as? Int == -32700)

        try await session.client.send(String(repeating: " ", count: (1 << 20) + 1) + "{}")
        let big = try #require(try await session.reply(to: nil))
        #expect((big["error"] as? [String: Any])?["message"] as? String == "message of 1048579 bytes is over the limit of 1048576")

        try await session.client.sendRaw(CDPTestClient.frame(opcode: 2, payload: [1, 2, 3]))
        let binary = try #require(try await session.reply(to: nil))
        #expect((binary["error"] as? [String: Any])?["code"] as? Int == -32600)

        let unknown = try await session.call("DOM.explode")
        #expect((unknown["error"] as? [String: Any])?["code"] as? Int == -32601)

        let node = try await session.call("DOM.getBoxModel", "{\"nodeId\": 987654}")
        #expect((node["error"] as? [String: Any])?["code"] as? Int == -32602)
        #expect(((node["error"] as? [String: Any])?["message"] as? String)?.contains("no node with id 987654") == true)

        let wrongType = try await session.call("DOM.getBoxModel", "{\"nodeId\": \"root\"}")
        #expect(((wrongType["error"] as? [String: Any])?["message"] as? String)?.contains("must be an integer") == true)

        // After all of it the session and the frames go on.
        #expect(try await session.call("DOM.getDocument")["result"] != nil)
        #expect(host.step(frames: 3) >= 0)
        await finish(inspector, session, host)
    }

    @Test("IN8: a client that disconnects mid-message stalls no frame and frees its slot")
    func in8MidMessageDisconnect() async throws {
        let host = makeHost()
        let (inspector, port) = try await startInspector(host)
        let session = try await connect(inspector, port: port, host: host)
        // A frame header that announces 1000 bytes, then 10 of them, then the socket closes.
        let frame = CDPTestClient.frame(opcode: 1, payload: Array(repeating: UInt8(ascii: "x"), count: 1000))
        try await session.client.sendRaw(Array(frame.prefix(18)))
        await session.client.abort()
        // Frames run while the server notices.
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        host.root.addSubview(view)
        #expect(host.step() != nil)
        let next = try await reconnect(inspector, port: port, host: host)
        #expect(try await next.call("DOM.getDocument")["result"] != nil)
        await finish(inspector, next, host)
    }
}
