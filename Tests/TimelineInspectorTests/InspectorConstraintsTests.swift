import FlyingSocks
import Foundation
import Synchronization
import Testing
import Timeline
import TimelineInspector
import TimelineTestSupport

/// A view `v` whose x is only bounded (ambiguous), a conflicting width, and `w` pinned fully.
@MainActor
func makeConstrainedTree(_ host: HeadlessHost) -> (v: View, w: View, width: LayoutConstraint, conflict: LayoutConstraint) {
    let v = View(identifier: "v"), w = View(identifier: "w")
    host.root.addSubview(v); host.root.addSubview(w)
    let width = v.widthAnchor.constraint(equalToConstant: 50)
    width.identifier = "vWidth"
    LayoutConstraint.activate([
        v.leadingAnchor.constraint(greaterThanOrEqualTo: host.root.leadingAnchor, constant: 10),
        v.trailingAnchor.constraint(lessThanOrEqualTo: host.root.leadingAnchor, constant: 300),
        width, v.topAnchor.constraint(equalTo: host.root.topAnchor, constant: 5), v.heightAnchor.constraint(equalToConstant: 20),
        w.leadingAnchor.constraint(equalTo: host.root.leadingAnchor, constant: 1), w.topAnchor.constraint(equalTo: v.bottomAnchor, constant: 2),
        w.widthAnchor.constraint(equalToConstant: 30), w.heightAnchor.constraint(equalToConstant: 40),
    ])
    host.runUntilIdle()
    let conflict = v.widthAnchor.constraint(equalToConstant: 70)
    conflict.identifier = "vTooWide"
    conflict.isActive = true
    host.runUntilIdle()
    host.runLoop.diagnostics.removeAll()
    return (v, w, width, conflict)
}

/// The result of a reply, or nil (recording the error).
func result(_ reply: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) -> [String: Any]? {
    if let e = reply["error"] { Issue.record("error reply: \(e)", sourceLocation: sourceLocation) }
    return reply["result"] as? [String: Any]
}

func errorCode(_ reply: [String: Any]) -> Int? { (reply["error"] as? [String: Any])?["code"] as? Int }

/// The constraints listed under `attribute` in a `Constraints.getForNode` result.
func constraints(_ report: [String: Any], _ attribute: String) -> [[String: Any]] {
    let attributes = report["attributes"] as? [[String: Any]] ?? []
    return attributes.first { $0["attribute"] as? String == attribute }?["constraints"] as? [[String: Any]] ?? []
}

/// An HTTP request on loopback with `Connection: close`; returns the status and the body.
func httpRequest(port: UInt16, method: String, path: String, body: String = "") async throws -> (status: Int, body: String) {
    let socket = try await AsyncSocket.connected(to: .inet(ip4: "127.0.0.1", port: port))
    defer { try? socket.close() }
    let request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\nContent-Type: application/json\r\n"
        + "Content-Length: \(body.utf8.count)\r\n\r\n" + body
    try await socket.write(Data(request.utf8))
    var bytes: [UInt8] = []
    do { while true { bytes += try await socket.read(atMost: 4096) } } catch {}
    let text = String(decoding: bytes, as: UTF8.self)
    let status = Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
    return (status, text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? "")
}

private final class ResponseBox: Sendable {
    let value = Mutex<(status: Int, body: String)?>(nil)
}

/// POSTs `body` to the constraint page's endpoint while the host runs frames (the request is
/// carried out in one); returns the status and the reply, parsed when it is JSON.
@MainActor
func pagePost(_ host: HeadlessHost, port: UInt16, path: String, _ body: String) async throws -> (status: Int, reply: [String: Any]) {
    let box = ResponseBox()
    let task = Task.detached { let r = try await httpRequest(port: port, method: "POST", path: path, body: body); box.value.withLock { $0 = r } }
    let deadline = ContinuousClock.now + .seconds(90)
    while box.value.withLock({ $0 == nil }), ContinuousClock.now < deadline {
        host.step()
        try await Task.sleep(for: .milliseconds(2))
    }
    try await task.value
    let r = try #require(box.value.withLock { $0 })
    return (r.status, (try? JSONSerialization.jsonObject(with: Data(r.body.utf8)) as? [String: Any]) ?? ["text": r.body])
}

@Suite(.endsIdle)
@MainActor
struct InspectorConstraintsTests {
    @Test("IN5: Constraints.getForNode over the socket gives each edge's constraints, the conflict and the ambiguity")
    func in5GetForNode() async throws {
        let host = makeHost()
        let (v, _, _, _) = makeConstrainedTree(host)
        let (inspector, port) = try await startInspector(host)
        let session = try await connect(inspector, port: port, host: host)
        let document = try await session.call("DOM.getDocument")
        let root = try #require((document["result"] as? [String: Any])?["root"] as? [String: Any])
        let vID = try #require(findNode(root, attribute: "id", "v")?["nodeId"] as? Int)
        let report = try #require(result(try await session.call("Constraints.getForNode", "{\"nodeId\": \(vID)}")))
        #expect(report["name"] as? String == "v")
        #expect(report["frame"] as? String == attribute(try #require(findNode(root, attribute: "id", "v")), "frame"))
        let widths = constraints(report, "width")
        #expect(widths.count == 2)
        let fixed = try #require(widths.first { ($0["description"] as? String)?.contains("vWidth") == true })
        #expect(fixed["priority"] as? Int == 1000 && fixed["constant"] as? Int == 50 && fixed["state"] as? String == "binding")
        #expect(fixed["editable"] as? Bool == true && fixed["constraintId"] is Int)
        #expect(widths.contains { $0["state"] as? String == "broken" })
        let left = try #require(constraints(report, "left").first)
        #expect(left["relation"] as? String == ">=" && left["otherItem"] as? String == host.root.layoutName && left["state"] as? String == "binding")
        #expect(constraints(report, "right").first?["state"] as? String == "slack")
        let conflicts = try #require(report["conflicts"] as? [[String: Any]])
        #expect(conflicts.count == 1)
        #expect(conflicts.first?["broken"] as? String == "vTooWide")
        #expect((conflicts.first?["conflicting"] as? [[String: Any]])?.first?["description"] as? String == "vWidth")
        #expect((conflicts.first?["reason"] as? String)?.contains("off by -20") == true)
        #expect(report["hasAmbiguousLayout"] as? Bool == true)
        let ambiguity = try #require(report["ambiguity"] as? [String: Any])
        #expect(ambiguity["attributes"] as? [String] == ["left"])
        #expect(ambiguity["frame"] as? String == "10 5 50 20")
        #expect(ambiguity["alternativeFrame"] as? String == "50 5 50 20")
        #expect((ambiguity["violations"] as? [Any])?.isEmpty == true)
        // Without a node id: the node selected in DevTools' Elements panel.
        #expect(errorCode(try await session.call("Constraints.getForNode")) == -32602)        // nothing selected yet
        _ = try #require(result(try await session.call("DOM.setInspectedNode", "{\"nodeId\": \(vID)}")))
        #expect(result(try await session.call("Constraints.getForNode"))?["nodeId"] as? Int == vID)
        _ = v
        await finish(inspector, session, host)
    }

    @Test("IN5: Constraints.setConstant changes a constant and the next frame shows it; exerciseAmbiguity moves the view")
    func in5SetConstant() async throws {
        let host = makeHost()
        let (v, w, width, _) = makeConstrainedTree(host)
        let (inspector, port) = try await startInspector(host)
        let session = try await connect(inspector, port: port, host: host)
        _ = try await session.call("DOM.getDocument")
        let listed = try #require(result(try await session.call("Constraints.listViews")))
        let entry = try #require((listed["views"] as? [[String: Any]])?.first { $0["name"] as? String == "w" })
        let wID = try #require(entry["nodeId"] as? Int)
        _ = try #require(result(try await session.call("Overlay.highlightNode", "{\"nodeId\": \(wID)}")))
        let report = try #require(result(try await session.call("Constraints.getForNode")))           // the highlighted one
        #expect(report["name"] as? String == "w" && report["ambiguity"] is NSNull)
        let height = try #require(constraints(report, "height").first?["constraintId"] as? Int)
        _ = try #require(result(try await session.call("Constraints.setConstant", "{\"constraintId\": \(height), \"value\": 64}")))
        host.step()
        #expect(w.frame.height == 64)
        // A constraint of another view by its id (from v's report), edited the same way.
        let vReport = try #require(result(try await session.call("Constraints.getForNode", "{\"nodeId\": \(inspector.nodeID(of: v))}")))
        let widthID = try #require(constraints(vReport, "width").first { $0["state"] as? String == "binding" }?["constraintId"] as? Int)
        _ = try #require(result(try await session.call("Constraints.setConstant", "{\"constraintId\": \(widthID), \"value\": 55.5}")))
        host.step()
        #expect(width.constant == 55.5 && v.frame.width == 55.5)
        let before = v.frame
        let moved = try #require(result(try await session.call("Constraints.exerciseAmbiguity", "{\"nodeId\": \(inspector.nodeID(of: v))}")))
        #expect(moved["moved"] as? Bool == true)
        host.step()
        #expect(v.frame.minX != before.minX && v.frame.minX >= 10 && v.frame.maxX <= 300)
        await finish(inspector, session, host)
        host.runLoop.diagnostics.removeAll()
    }

    @Test("IN5: DOM.setAttributeValue edits a constraint's constant as constraint:ID; the next frame shows it")
    func in5SetAttributeConstraint() throws {
        let host = makeHost()
        let (v, w, width, _) = makeConstrainedTree(host)
        let inspector = Inspector(runLoop: host.runLoop, appName: "tests")
        func call(_ text: String) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(inspector.handle(text: text).utf8)) as? [String: Any])
        }
        let vID = inspector.nodeID(of: v), wID = inspector.nodeID(of: w), cID = inspector.nodeID(of: width)
        let ok = try call("{\"id\":1,\"method\":\"DOM.setAttributeValue\",\"params\":{\"nodeId\":\(vID),\"name\":\"constraint:\(cID)\",\"value\":\"66\"}}")
        #expect(ok["result"] != nil, "\(ok)")
        host.step()
        #expect(v.frame.width == 66)
        for (node, name, value) in [(wID, "constraint:\(cID)", "1"), (vID, "constraint:x", "1"), (vID, "constraint:\(cID)", "wide"),
                                    (vID, "constraint:99999", "1"), (vID, "constraint:\(cID)", "1e12")] {
            let bad = try call("{\"id\":2,\"method\":\"DOM.setAttributeValue\",\"params\":{\"nodeId\":\(node),\"name\":\"\(name)\",\"value\":\"\(value)\"}}")
            #expect(errorCode(bad) == -32602, "\(name) \(value): \(bad)")
        }
        #expect(width.constant == 66)
        host.runUntilIdle()
        host.runLoop.diagnostics.removeAll()
    }

    @Test("IN5: bad input to the Constraints domain is a CDP error, never a trap",
          arguments: [
            ("Constraints.getForNode", "{\"nodeId\": 99999}", "no node with id 99999"),
            ("Constraints.getForNode", "{\"nodeId\": \"v\"}", "must be an integer"),
            ("Constraints.getForNode", "{\"nodeId\": 1}", "the document; constraints belong to views"),
            ("Constraints.getForNode", "{}", "no node selected yet"),
            ("Constraints.setConstant", "{\"constraintId\": 99999, \"value\": 1}", "no constraint with id 99999"),
            ("Constraints.setConstant", "{\"constraintId\": 3, \"value\": 1}", "no constraint with id 3"),
            ("Constraints.setConstant", "{\"constraintId\": 3}", "\"value\" (a number) is missing"),
            ("Constraints.setConstant", "{\"constraintId\": 3, \"value\": 1e300}", "finite number within"),
            ("Constraints.exerciseAmbiguity", "{\"nodeId\": -4}", "no node with id -4"),
            ("DOM.setInspectedNode", "{\"nodeId\": 424242}", "no node with id 424242"),
          ])
    func in5BadInput(_ method: String, _ params: String, _ text: String) throws {
        let host = makeHost()
        _ = makeConstrainedTree(host)
        let inspector = Inspector(runLoop: host.runLoop, appName: "tests")
        _ = inspector.handle(text: "{\"id\":0,\"method\":\"DOM.getDocument\"}")
        let out = inspector.handle(text: "{\"id\":7,\"method\":\"\(method)\",\"params\":\(params)}")
        let reply = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        #expect(errorCode(reply) == -32602, "\(out)")
        #expect(((reply["error"] as? [String: Any])?["message"] as? String)?.contains(text) == true, "\(out)")
        #expect(reply["id"] as? Int == 7)
        host.runUntilIdle()
        host.runLoop.diagnostics.removeAll()
    }

    @Test("IN5: the constraint page and its endpoint are served with the token only; the endpoint gives the data and edits")
    func in5Page() async throws {
        let host = makeHost()
        let (v, _, width, _) = makeConstrainedTree(host)
        let (inspector, port) = try await startInspector(host)
        let token = try #require(inspector.server).token
        #expect(try #require(inspector.server).constraintsPageURL(port: port) == "http://127.0.0.1:\(port)/constraints/\(token)")
        let page = try await httpRequest(port: port, method: "GET", path: "/constraints/\(token)")
        #expect(page.status == 200)
        #expect(page.body.contains("<title>Constraints") && page.body.contains("/constraints/\(token)") && page.body.contains("Constraints.getForNode"))
        for path in ["/constraints", "/constraints/", "/constraints/0123456789abcdef0123456789abcdef", "/constraints/\(token)x"] {
            let refused = try await httpRequest(port: port, method: "GET", path: path)
            #expect(refused.status == 404, "\(path)")
            #expect(!refused.body.contains("getForNode"))
            #expect(try await httpRequest(port: port, method: "POST", path: path, body: "{\"id\":1,\"method\":\"Constraints.listViews\"}").status == 404)
        }
        let rebound = try await httpGet(port: port, path: "/constraints/\(token)", host: "evil.example:\(port)")
        #expect(rebound.status == 403 && !rebound.body.contains("getForNode"))          // DNS rebinding
        let path = "/constraints/\(token)"
        let listed = try await pagePost(host, port: port, path: path, "{\"id\":1,\"method\":\"Constraints.listViews\"}")
        #expect(listed.status == 200)
        let views = try #require((listed.reply["result"] as? [String: Any])?["views"] as? [[String: Any]])
        let vID = try #require(views.first { $0["name"] as? String == "v" }?["nodeId"] as? Int)
        let report = try await pagePost(host, port: port, path: path, "{\"id\":2,\"method\":\"Constraints.getForNode\",\"params\":{\"nodeId\":\(vID)}}")
        let r = try #require(result(report.reply))
        #expect(r["name"] as? String == "v" && (r["conflicts"] as? [Any])?.count == 1 && r["ambiguity"] is [String: Any])
        let widthID = try #require(constraints(r, "width").first { $0["state"] as? String == "binding" }?["constraintId"] as? Int)
        let edit = try await pagePost(host, port: port, path: path, "{\"id\":3,\"method\":\"Constraints.setConstant\",\"params\":{\"constraintId\":\(widthID),\"value\":42}}")
        _ = try #require(result(edit.reply))
        host.step()
        #expect(width.constant == 42 && v.frame.width == 42)
        // Only the Constraints domain; what is no request gets its error reply.
        let other = try await pagePost(host, port: port, path: path, "{\"id\":4,\"method\":\"DOM.getDocument\"}")
        #expect(errorCode(other.reply) == -32601)
        let garbage = try await pagePost(host, port: port, path: path, "{nope")
        #expect(errorCode(garbage.reply) == -32700)
        let bad = try await pagePost(host, port: port, path: path, "{\"id\":5,\"method\":\"Constraints.getForNode\",\"params\":{\"nodeId\":99999}}")
        #expect(errorCode(bad.reply) == -32602)
        #expect(try await httpRequest(port: port, method: "DELETE", path: path).status == 405)
        await finish(inspector, nil, host)
        host.runLoop.diagnostics.removeAll()
    }
}
