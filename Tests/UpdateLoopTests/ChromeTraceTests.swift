import Foundation
import Testing
import FrameTiming
@testable import UpdateLoop

@Suite("E3 Chrome traces")
@MainActor
struct ChromeTraceTests {
    @Test("E3: a frame the clock reached late gets a missed-deadline instant; a frame over its budget an over-budget one")
    func E3_missedDeadlines() throws {
        let path = NSTemporaryDirectory() + "chrome-trace-\(getpid()).json"
        defer { unlink(path) }
        let writer = try ChromeTraceWriter(path: path)
        var late = FrameInfo(index: 7, timestamp: 0, targetTimestamp: 16_666_666, mediaTick: 7, droppedFrames: 2,
                             totalDroppedFrames: 2, rate: .fps60)
        writer.record(frame: late, start: 1_000_000, end: 30_000_000,
                      phases: [PhaseSegment(phase: .events, start: 1_000_000, end: 2_000_000),
                               PhaseSegment(phase: .commit, start: 2_000_000, end: 30_000_000)])
        late.index = 8; late.droppedFrames = 0
        writer.record(frame: late, start: 40_000_000, end: 41_000_000, phases: [])
        try writer.finish()
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let events = try #require(json?["traceEvents"] as? [[String: Any]])
        let instants = events.filter { $0["ph"] as? String == "i" }
        #expect(instants.map { $0["name"] as? String } == ["missed deadline", "over budget"])
        #expect((instants[0]["args"] as? [String: Any])?["dropped"] as? Int == 2)
        let frames = events.filter { $0["cat"] as? String == "frame" }
        #expect(frames.map { $0["ts"] as? Double } == [0, 39_000])
        #expect(frames.first?["dur"] as? Double == 29_000)
        #expect(writer.frames == 2)
    }

    @Test("IN4: a frame over budget is a commit hitch when its work before the commit alone took longer than the period, else a render hitch")
    func IN4_hitchKinds() throws {
        let period = FrameRate.fps60.nominalPeriodNanoseconds                   // 16.7 ms
        let lateLayout = [PhaseSegment(phase: .events, start: 0, end: 1_000_000),
                          PhaseSegment(phase: .layout, start: 1_000_000, end: 19_000_000),
                          PhaseSegment(phase: .commit, start: 19_000_000, end: 20_000_000)]
        let lateRender = [PhaseSegment(phase: .layout, start: 0, end: 5_000_000),
                          PhaseSegment(phase: .commit, start: 5_000_000, end: 25_000_000)]
        #expect(ChromeTraceEvents.hitchKind(phases: lateLayout, period: period) == "commit")
        #expect(ChromeTraceEvents.hitchKind(phases: lateRender, period: period) == "render")
        var events = ChromeTraceEvents()
        var emitted: [[String: Any]] = []
        let frame = FrameInfo(index: 3, timestamp: 0, targetTimestamp: 16_666_666, mediaTick: 3, droppedFrames: 0,
                              totalDroppedFrames: 0, rate: .fps60)
        events.events(frame: frame, start: 0, end: 25_000_000, phases: lateRender) {
            emitted.append((try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? [:])
        }
        let hitch = try #require(emitted.first { $0["name"] as? String == "over budget" })
        #expect((hitch["args"] as? [String: Any])?["hitch"] as? String == "render")
        #expect(emitted.count == 4)                                             // the frame, two phases, the hitch
    }

    @Test("E3: an unwritable trace path is a clear error")
    func E3_unwritable() {
        #expect(throws: ChromeTraceError.self) { _ = try ChromeTraceWriter(path: "/nonexistent-dir/trace.json") }
    }
}
