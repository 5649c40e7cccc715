import Foundation
import Testing
import TimelineScene
import TimeTravel
import Timeline

@Suite("IN6 time travel: bisect, export, errors", .serialized)
@MainActor
struct BisectExportTests {
    static let slide = #"{"size": [300, 200], "views": [{"id": "a", "frame": [0, 0, 20, 20]}], "animations": [{"at": 0.5, "duration": 1, "curve": "linear", "changes": [{"view": "a", "frame": [120, 0, 20, 20]}]}]}"#

    @Test("IN6 bisect finds the first frame where a view's property reached a value")
    func IN6_bisect() throws {
        let session = try RecordedSession(Self.slide, frames: 150)
        let replay = try ReplaySession(recording: session.recording, scene: session.scene, checkpointInterval: 20, timeout: 120)
        defer { replay.close() }
        // The slide starts at frame 30 (t = 0.5) and moves 2 points a frame: x reaches 61 at
        // frame 61 (x = 62 there, 60 at frame 60).
        let found = try replay.bisect(view: "a", keyPath: "frame.origin.x", reaching: 61)
        #expect(found.frame == 61 && abs(found.value - 62) < 1e-6 && found.previousValue == 60, "\(found)")
        #expect(found.probes <= 12)
        // Equal to a value within a tolerance: the first frame at 100 (99.99999996 there).
        #expect(try replay.bisect(view: "a", keyPath: "frame.origin.x", reaching: 100, tolerance: 1e-6).frame == 80)
        #expect(try replay.bisect(view: "a", keyPath: "frame.origin.x", reaching: 100).frame == 81)
        // Every frame before the found one is short of the value (a linear scan agrees).
        let host = ReplayHost(recording: session.recording, scene: session.scene)
        var first: Int?
        for f in 0..<150 where first == nil {
            try host.run(through: f)
            if try host.value(of: "a", "frame.origin.x") >= 61 { first = f }
        }
        #expect(first == 61)
        // Already there at the start of a range; never reached.
        #expect(try replay.bisect(view: "a", keyPath: "frame.origin.x", reaching: 120, in: 100...149).frame == 100)
        #expect(throws: ReplayError.notReached(view: "a", keyPath: "alpha", value: 0.5, lastFrame: 149, lastValue: 1)) {
            try replay.bisect(view: "a", keyPath: "alpha", reaching: 0.5)
        }
    }

    @Test("IN6 a frame out of range, an unknown view or key path is a clear error, not a trap")
    func IN6_errors() throws {
        let session = try RecordedSession(Self.slide, frames: 30)
        let replay = try ReplaySession(recording: session.recording, scene: session.scene, checkpointInterval: 8, timeout: 120)
        defer { replay.close() }
        #expect(throws: ReplayError.frameOutOfRange(frame: 30, count: 30)) { try replay.seek(to: 30) }
        #expect(throws: ReplayError.frameOutOfRange(frame: -1, count: 30)) { try replay.seek(to: -1) }
        #expect(ReplayError.frameOutOfRange(frame: 30, count: 30).description == "frame 30 is out of range: the recording has 30 frames (0 to 29)")
        #expect(throws: ReplayError.unknownView("nope")) { try replay.seek(to: 10, view: "nope", keyPath: "alpha") }
        #expect(throws: ReplayError.unknownKeyPath("frame.x", known: PresentationValue.keyPaths)) {
            try replay.seek(to: 12, view: "a", keyPath: "frame.x")
        }
        // The session goes on after an error.
        #expect(try replay.seek(to: 5, view: "a", keyPath: "alpha") == 1)
        let host = ReplayHost(recording: session.recording, scene: session.scene)
        #expect(throws: ReplayError.frameOutOfRange(frame: 31, count: 30)) { try host.run(through: 31) }
        try host.run(through: 10)
        #expect(throws: ReplayError.frameOutOfRange(frame: 4, count: 30)) { try host.run(through: 4) }
    }

    @Test("IN6 an exported recording runs as a test: its scene with the recorded input and the expected values")
    func IN6_exportRoundTrip() throws {
        let fling = try String(contentsOfFile: packageRoot + "/Assets/scenes/fling.json", encoding: .utf8)
        let session = try RecordedSession(fling, file: "fling.json", frames: 300)
        let sceneText = try ReplayExport.sceneText(fling, file: "fling.json", recording: session.recording)
        let expectations = try ReplayExport.expectations(recording: session.recording, scene: session.scene, view: "list",
                                                         keyPaths: ["contentOffset.y"], frames: [20, 60, 120, 200, 299])
        #expect(Set(expectations.map(\.value)).count == 5, "the fling moves the list: \(expectations.map(\.value))")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("in6-export-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try sceneText.write(toFile: dir + "/fling-recorded.json", atomically: true, encoding: .utf8)
        let text = ReplayExport.expectationsText(scene: "fling-recorded.json", rate: session.recording.rate, expectations: expectations)
        try text.write(toFile: dir + "/fling.expect.json", atomically: true, encoding: .utf8)
        let loaded = try ReplayExpectations.load(path: dir + "/fling.expect.json")
        #expect(loaded.expectations == expectations)
        #expect(try loaded.check(relativeTo: dir) == [])
        // The exported scene keeps the recorded input (with each event's frame) in place of its own.
        let exported = try SceneLoader.parse(sceneText, file: "fling-recorded.json")
        #expect(exported.input.count == session.recording.events.count && exported.input.allSatisfy { $0.frame != nil })
        // A wrong value is reported with its frame, view and key path.
        var wrong = loaded
        wrong.expectations[2].value += 1
        let mismatches = try wrong.check(relativeTo: dir)
        #expect(mismatches.count == 1 && mismatches[0].description.hasPrefix("frame 120: list contentOffset.y is "))
    }

    /// The exported pairs committed with the suite (Tests/TimeTravelTests/Exported): each runs.
    @Test("IN6 the committed exported recordings pass", arguments: ["fling"])
    func IN6_committedExports(name: String) throws {
        let dir = packageRoot + "/Tests/TimeTravelTests/Exported"
        let expectations = try ReplayExpectations.load(path: dir + "/\(name).expect.json")
        #expect(!expectations.expectations.isEmpty)
        let mismatches = try expectations.check(relativeTo: dir)
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test("IN6 a malformed expectations file names where and what")
    func IN6_malformedExpectations() {
        #expect(throws: ReplayError.self) { try ReplayExpectations.parse(#"{"timelineExpectations": 1, "scene": "x.json", "fps": 60, "expect": [{"frame": -1}]}"#, file: "e.json") }
        do {
            _ = try ReplayExpectations.parse(#"{"timelineExpectations": 1, "scene": "x.json", "fps": 60, "expect": [{"frame": 2, "view": "a", "keyPath": "alpha"}]}"#, file: "e.json")
        } catch {
            #expect(error.description.hasPrefix("e.json:1:70: error:") && error.description.contains("needs \"frame\", \"view\", \"keyPath\" and \"value\""), "\(error)")
        }
    }
}
