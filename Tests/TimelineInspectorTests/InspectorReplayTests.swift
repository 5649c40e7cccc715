import Foundation
import Testing
import Timeline
import TimelineInspector
import TimelineTestSupport

/// The Replay domain (IN6): a recording begun and ended from the inspector.
@Suite(.endsIdle)
@MainActor
struct InspectorReplayTests {
    private func reply(_ inspector: Inspector, _ text: String) throws -> [String: Any] {
        let out = inspector.handle(text: text)
        return try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any], "not JSON: \(out)")
    }

    @Test("IN6 Replay.startRecording and stopRecording give the frames and input in between")
    func IN6_replayDomain() throws {
        let host = makeHost()
        let inspector = Inspector(runLoop: host.runLoop, appName: "tests")
        host.runUntilIdle()
        let started = try reply(inspector, #"{"id": 1, "method": "Replay.startRecording", "params": {"scene": "s.json"}}"#)
        #expect((started["result"] as? [String: Any])?["fps"] as? Int == 60)
        #expect(host.runLoop.sessionRecorder != nil)
        let again = try reply(inspector, #"{"id": 2, "method": "Replay.startRecording"}"#)
        #expect((again["error"] as? [String: Any])?["message"] as? String == "Replay.startRecording: a recording is under way; Replay.stopRecording ends it")
        host.runLoop.send(.pointerDown(Point(x: 3, y: 4)))
        host.runLoop.send(.pointerUp(Point(x: 3, y: 4)))
        host.runUntilIdle()
        let stopped = try #require(try reply(inspector, #"{"id": 3, "method": "Replay.stopRecording"}"#)["result"] as? [String: Any])
        #expect(host.runLoop.sessionRecorder == nil)
        #expect(stopped["events"] as? Int == 2)
        #expect((stopped["frames"] as? Int ?? 0) >= 1)
        let text = try #require(stopped["recording"] as? String)
        #expect(text.contains(#""scene": "s.json""#) && text.contains(#""down": [3, 4]"#))
        let none = try reply(inspector, #"{"id": 4, "method": "Replay.stopRecording"}"#)
        #expect((none["error"] as? [String: Any])?["code"] as? Int == -32602)
        host.runUntilIdle()
    }
}
