import Foundation
import JSONParsing
import Testing
import Timeline
import TimelineInspector
import TimelineTestSupport

@Suite(.endsIdle)
@MainActor
struct InspectorBadInputTests {
    /// Replies to `text` from an inspector with no server, parsed.
    private func reply(_ inspector: Inspector, _ text: String) throws -> [String: Any] {
        let out = inspector.handle(text: text)
        return try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any], "not JSON: \(out)")
    }

    private func error(_ object: [String: Any]) -> (code: Int?, message: String) {
        let e = object["error"] as? [String: Any]
        return (e?["code"] as? Int, e?["message"] as? String ?? "")
    }

    @Test("IN8: each kind of bad message gets its JSON-RPC code and a message saying what and where",
          arguments: [
            ("", -32700, "not JSON at 1:1"),
            ("{\"id\": 1,, }", -32700, "not JSON at 1:10"),
            ("[1, 2]", -32600, "a request is a JSON object; got an array"),
            ("{\"method\": \"DOM.enable\"}", -32600, "the request has no \"id\""),
            ("{\"id\": 1.5, \"method\": \"DOM.enable\"}", -32600, "\"id\" at 1:8 must be an integer"),
            ("{\"id\": 3}", -32600, "no \"method\" string"),
            ("{\"id\": 4, \"method\": \"DOM.getBoxModel\", \"params\": []}", -32600, "\"params\" at 1:50 must be an object"),
            ("{\"id\": 5, \"method\": \"Nope.nothing\"}", -32601, "'Nope.nothing' is not served"),
            ("{\"id\": 6, \"method\": \"DOM.getBoxModel\"}", -32602, "the parameter \"nodeId\" (an integer) is missing"),
            ("{\"id\": 7, \"method\": \"DOM.getBoxModel\", \"params\": {\"nodeId\": 1}}", -32602, "the document has no box"),
            ("{\"id\": 8, \"method\": \"DOM.setAttributeValue\", \"params\": {\"nodeId\": 2, \"name\": \"alpha\", \"value\": \"1\"}}",
             -32602, "node 2 is a window; only views and layers are edited"),
            ("{\"id\": 9, \"method\": \"Animation.setPlaybackRate\", \"params\": {\"playbackRate\": -1}}", -32602, "playbackRate must be from 0 to 100"),
          ])
    func in8ErrorCodes(_ message: String, _ code: Int, _ text: String) throws {
        let host = makeHost()
        let inspector = Inspector(runLoop: host.runLoop, appName: "tests")
        _ = inspector.handle(text: "{\"id\":0,\"method\":\"DOM.getDocument\"}")
        let e = error(try reply(inspector, message))
        #expect(e.code == code)
        #expect(e.message.contains(text), "\(e.message)")
        host.runUntilIdle()
    }

    @Test("IN8: an oversized message is refused before it is parsed")
    func in8Oversized() throws {
        let host = makeHost()
        let inspector = Inspector(runLoop: host.runLoop, appName: "tests")
        let big = "{\"id\":1,\"method\":\"DOM.enable\",\"params\":{\"pad\":\"" + String(repeating: "a", count: CDPRequest.maximumMessageBytes) + "\"}}"
        let e = error(try reply(inspector, big))
        #expect(e.code == -32600)
        #expect(e.message.contains("over the limit of 1048576"))
        host.runUntilIdle()
    }

    @Test("IN8: the fuzz corpus and regressions are carried out with a JSON reply each")
    func in8FuzzReplays() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        var files: [URL] = []
        for dir in ["Fuzz/cdp-corpus", "Fuzz/cdp-regressions"] {
            files += try FileManager.default.contentsOfDirectory(at: root.appendingPathComponent(dir), includingPropertiesForKeys: nil)
        }
        #expect(files.count >= 10)
        let host = makeHost()
        let card = View(frame: Rect(x: 10, y: 10, width: 100, height: 60))
        card.layer.addSublayer(Layer())
        host.root.addSubview(card)
        host.runUntilIdle()
        let inspector = Inspector(runLoop: host.runLoop, appName: "tests")
        for file in files.sorted(by: { $0.path < $1.path }) {
            let text = inspector.handle(text: String(decoding: try Data(contentsOf: file), as: UTF8.self))
            let parsed = try JSONParser.parse(text)
            #expect(parsed["result"] != nil || parsed["error"] != nil, "\(file.lastPathComponent): \(text)")
            host.step()
        }
        _ = inspector.handle(text: "{\"id\":1,\"method\":\"Animation.disable\"}")
        host.runUntilIdle()
    }
}
