import Foundation
import Testing
import Timeline
import TimelineInspector
import TimelineTestSupport

/// A recorder that counts the frames it is given (a CLI's trace file, in the app).
@MainActor
final class CountingRecorder: FramePhaseRecorder {
    var frames = 0
    func record(frame: FrameInfo, start: Int64, end: Int64, phases: [PhaseSegment]) { frames += 1 }
}

/// IN4: the Tracing domain streams the run loop's frames as Chrome trace events, as Chrome does
/// for the DevTools Performance panel.
@Suite(.endsIdle)
@MainActor
struct InspectorTracingTests {
    @Test("IN4: Tracing.start records frames and phases; Tracing.end sends them and tracingComplete; the app's own recorder keeps its frames")
    func in4Tracing() async throws {
        let host = makeHost()
        let (card, _, _) = makeTree(host)
        let own = CountingRecorder()
        host.runLoop.phaseRecorder = own
        let (inspector, port) = try await startInspector(host)
        let session = try await connect(inspector, port: port, host: host)
        #expect(try await session.call("Tracing.start", #"{"transferMode": "ReportEvents"}"#)["result"] != nil)
        let twice = try await session.call("Tracing.start")
        #expect((twice["error"] as? [String: Any])?["code"] as? Int == -32602)
        let before = own.frames
        for x in stride(from: 30.0, to: 90, by: 10) {
            card.frame.origin.x = x
            card.setNeedsLayout()
            host.step()
        }
        #expect(own.frames >= before + 6, "the recorder the inspector replaced still gets every frame")
        #expect(try await session.call("Tracing.end")["result"] != nil)
        let data = try #require(try await session.event("Tracing.dataCollected")?["params"] as? [String: Any])
        let events = try #require(data["value"] as? [[String: Any]])
        let process = events.first { $0["name"] as? String == "process_name" }
        #expect((process?["args"] as? [String: Any])?["name"] as? String == "tests")
        let frames = events.filter { $0["cat"] as? String == "frame" }
        #expect(frames.count >= 6)
        let phases = Set(events.filter { $0["cat"] as? String == "phase" }.compactMap { $0["name"] as? String })
        #expect(phases.isSuperset(of: ["events", "animation", "layout", "display", "commit"]))
        let complete = try #require(try await session.event("Tracing.tracingComplete")?["params"] as? [String: Any])
        #expect(complete["dataLossOccurred"] as? Bool == false)
        #expect(host.runLoop.phaseRecorder === own, "the app's recorder is back")

        let notStarted = try await session.call("Tracing.end")
        #expect((notStarted["error"] as? [String: Any])?["code"] as? Int == -32602)
        let stream = try await session.call("Tracing.start", #"{"transferMode": "ReturnAsStream"}"#)
        #expect((stream["error"] as? [String: Any])?["code"] as? Int == -32602)
        #expect(host.runLoop.phaseRecorder === own)

        // A client that leaves while tracing leaves the app's recorder in place.
        #expect(try await session.call("Tracing.start")["result"] != nil)
        await session.client.close()
        for _ in 0..<200 where host.runLoop.phaseRecorder !== own {
            host.runLoop.requestFrame()
            host.step()
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(host.runLoop.phaseRecorder === own)
        host.runLoop.phaseRecorder = nil
        await finish(inspector, nil, host)
    }
}
