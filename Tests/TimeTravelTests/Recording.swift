import Foundation
import Testing
import TimelineScene
import TimeTravel
import Timeline

/// The package root, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// A session recorded headless: the scene run on a manual clock with a recorder on its loop,
/// and what each frame showed.
@MainActor
struct RecordedSession {
    let scene: Scene
    let recording: SessionRecording
    /// ``PresentationValue/snapshot(built:window:frame:)`` after each frame, by frame.
    let snapshots: [String]
    let setUp: ReplayHost.SetUp?

    /// Runs `sceneText` for `frames` frames with its scripted input (and `setUp`), recording.
    init(_ sceneText: String, file: String = "<test>", frames: Int, setUp: ReplayHost.SetUp? = nil) throws {
        scene = try SceneLoader.parse(sceneText, file: file)
        self.setUp = setUp
        let host = HeadlessHost(size: scene.size)
        host.runLoop.keepsRunningWhenIdle = true
        host.runLoop.diagnostics.logger = nil
        let recorder = SessionRecorder(rate: host.clock.rate, scene: file, windowSize: scene.size)
        recorder.start(on: host.runLoop)
        let built = SceneBuilder.build(scene, in: host.window)
        let animator = SceneAnimator(scene: scene, built: built, runLoop: host.runLoop)
        setUp?(built, host.runLoop)
        var shots: [String] = []
        for f in 0..<frames {
            host.step()
            shots.append(PresentationValue.snapshot(built: built, window: host.window, frame: f))
        }
        recording = recorder.stop()
        snapshots = shots
        withExtendedLifetime(animator) {}
    }

    /// A headless replay from the start through each of `frames`: what a step back must equal.
    /// One host goes through them in order (the tests share the main actor with other suites).
    func replayed(through frames: [Int]) throws -> [Int: String] {
        let host = ReplayHost(recording: recording, scene: scene, setUp: setUp)
        var shown: [Int: String] = [:]
        for f in frames.sorted() {
            try host.run(through: f)
            shown[f] = host.snapshot()
        }
        return shown
    }
}

@Suite("IN6 time travel: recording", .serialized)
@MainActor
struct RecordingTests {
    static let clicks = """
        {"size": [200, 100], "views": [{"id": "a", "frame": [0, 0, 20, 20]}],
         "input": [{"at": 0.1, "down": [5, 5]}, {"at": 0.15, "move": [8, 9]}, {"at": 0.2, "up": [8, 9]},
                   {"at": 0.25, "key": "a", "modifiers": ["shift"]}, {"at": 0.3, "text": "hé\\"llo"},
                   {"at": 0.35, "wheel": [0, -3.5], "point": [10, 10]}]}
        """

    @Test("IN6 a recording keeps every frame and every handled event and reads back equal")
    func IN6_roundTrip() throws {
        let session = try RecordedSession(Self.clicks, frames: 40)
        let r = session.recording
        #expect(r.frameCount == 40)
        #expect(r.frameRuns == [SessionRecording.FrameRun(index: 0, mediaTick: 0, count: 40)])
        #expect(r.events.count == 7)                               // the key is a press and a release
        // Each is handled in the frame after the one whose time reaches its "at".
        #expect(r.events.first?.frame == 7 && r.events.first?.event.timestamp == 0.1)
        let text = r.jsonText()
        let back = try RecordingReader.parse(text, file: "r.json")
        #expect(back == r)
        #expect(back.frames() == r.frames())
    }

    @Test("IN6 a frame's moves are one item, and events the loop stamped carry no time")
    func IN6_compactMoves() throws {
        var r = SessionRecording(rate: .fps60, frameRuns: [.init(index: 0, mediaTick: 0, count: 3)])
        // The time the run loop stamps on an event in frame k: its media time in whole nanoseconds.
        func stamp(_ k: Int64) -> Double { Double(k * 1_000_000_000 / 60) / 1e9 }
        let t1 = stamp(1)
        for (x, stamp) in [(1.0, t1), (2.5, t1), (4, t1), (5, 0.01)] {
            r.events.append(.init(frame: 1, event: InputEvent.pointerMoved(Point(x: x, y: 7), buttons: 0).with(pointer: 2, timestamp: stamp)))
        }
        r.events.append(.init(frame: 2, window: 1, event: InputEvent.keyDown(Key("a")).with(timestamp: stamp(2))))
        let text = r.jsonText()
        #expect(text.contains(#"{"frame": 1, "moves": [[1, 7], [2.5, 7], [4, 7]], "buttons": 0, "pointer": 2}"#), "\(text)")
        #expect(text.contains(#"{"at": 0.01, "frame": 1, "move": [5, 7], "buttons": 0, "pointer": 2}"#), "\(text)")
        #expect(text.contains(#"{"frame": 2, "keyDown": "a", "window": 1}"#), "\(text)")
        #expect(try RecordingReader.parse(text) == r)
    }

    @Test("IN6 DK2 a window's scale change is recorded and read back; a scale outside 0.25...8 is an error")
    func IN6_scaleChange() throws {
        var r = SessionRecording(rate: .fps60, frameRuns: [.init(index: 0, mediaTick: 0, count: 3)])
        r.events.append(.init(frame: 1, event: InputEvent.scaleChanged(2).with(timestamp: 0.01)))
        let text = r.jsonText()
        #expect(text.contains(#"{"at": 0.01, "frame": 1, "scale": 2}"#), "\(text)")
        #expect(try RecordingReader.parse(text) == r)
        let bad = #"{"timelineRecording": 1, "fps": 60, "frames": [[0, 0, 3, 0]], "input": [{"at": 0, "frame": 1, "scale": 0.1}]}"#
        #expect(throws: SceneError.self) { _ = try RecordingReader.parse(bad, file: "bad.json") }
    }

    @Test("IN6 frame runs keep drops and idle gaps")
    func IN6_frameRuns() {
        var r = SessionRecording(rate: .fps60)
        for i: Int64 in [0, 1, 2, 5, 6, 7] {
            r.append(frame: FrameInfo(index: i, timestamp: 0, targetTimestamp: 0, mediaTick: i, droppedFrames: i == 5 ? 2 : 0,
                                      totalDroppedFrames: 0, rate: .fps60))
        }
        #expect(r.frameRuns == [.init(index: 0, mediaTick: 0, count: 3), .init(index: 5, mediaTick: 5, count: 3, droppedFrames: 2)])
        #expect(r.frames().map(\.index) == [0, 1, 2, 5, 6, 7])
        #expect(r.frames().last?.totalDroppedFrames == 2)
    }

    @Test("IN6 a malformed recording is an error naming the file, line, column and what is wrong",
          arguments: [
            (#"{"fps": 60, "frames": []}"#, "1:1", "timelineRecording"),
            (#"{"timelineRecording": 1, "fps": 61.5, "frames": []}"#, "1:33", "fps must be a whole number"),
            (#"{"timelineRecording": 1, "fps": 60, "frames": [[0, 0, 0, 0]]}"#, "1:48", "count >= 1"),
            (#"{"timelineRecording": 1, "fps": 60, "frames": [[0, 0, 2, 0]], "input": [{"at": 0, "frame": 5, "down": [1, 1]}]}"#,
             "1:73", "frame 5 is out of range: the recording has 2 frames"),
            (#"{"timelineRecording": 1, "fps": 60, "frames": [[0, 0, 2, 0]], "input": [{"at": 0, "down": [1, 1]}]}"#,
             "1:73", "needs \"frame\""),
            (#"{"timelineRecording": 1, "fps": 60, "frames": [[0, 0, 9, 0]], "input": [{"at": 0, "frame": 5, "keyDown": 3}]}"#,
             "1:106", "keyDown must be a string"),
            (#"{"timelineRecording": 1, "fps": 60, "frames": [[0, 0, 9, 0]], "input": [{"at": 0, "frame": 5, "down": [1, 1]}, {"at": 0, "frame": 2, "up": [1, 1]}]}"#,
             "1:112", "frame order"),
            (#"{"timelineRecording": 1, "fps": 60, "frames": [[0, 0, 2, 0]]"#, "1:", "expected"),
          ])
    func IN6_malformed(text: String, location: String, message: String) {
        do {
            _ = try RecordingReader.parse(text, file: "bad.json")
            Issue.record("read without error: \(text)")
        } catch {
            #expect(error.description.hasPrefix("bad.json:\(location)"), "\(error)")
            #expect(error.description.contains(message), "\(error)")
        }
    }

    @Test("IN6 no recorder: the run loop has none and records nothing")
    func IN6_offByDefault() {
        let host = HeadlessHost()
        #expect(host.runLoop.sessionRecorder == nil)
        #expect(SessionRecorder.startIfRequested(on: host.runLoop, environment: [:]) == nil)
        let recorder = SessionRecorder.startIfRequested(on: host.runLoop, environment: ["TIMELINE_RECORD": "/dev/null"])
        #expect(host.runLoop.sessionRecorder === recorder)
        recorder?.stop()
        #expect(host.runLoop.sessionRecorder == nil)
    }

    @Test("IN6 a recorder full at its event limit keeps the session up to the frame before and stops growing; it replays exactly")
    func IN6_fullRecorder() throws {
        let scene = try SceneLoader.parse(Self.clicks, file: "<test>")
        let host = HeadlessHost(size: scene.size)
        host.runLoop.keepsRunningWhenIdle = true
        host.runLoop.diagnostics.logger = nil
        let recorder = SessionRecorder(rate: host.clock.rate, scene: "<test>", windowSize: scene.size, eventLimit: 4)
        recorder.start(on: host.runLoop)
        let built = SceneBuilder.build(scene, in: host.window)
        let animator = SceneAnimator(scene: scene, built: built, runLoop: host.runLoop)
        var shots: [String] = []
        for f in 0..<40 {
            host.step()
            shots.append(PresentationValue.snapshot(built: built, window: host.window, frame: f))
        }
        withExtendedLifetime(animator) {}
        #expect(recorder.isFull)
        let r = recorder.stop()
        // The fifth event came in a frame that cannot be kept whole: it is gone with its events.
        #expect(r.events.count <= 4 && !r.events.isEmpty)
        #expect(r.frameCount < 40 && r.frameCount > (r.events.last?.frame ?? 0))
        #expect(r.events.allSatisfy { $0.frame < r.frameCount })
        let back = try RecordingReader.parse(r.jsonText(), file: "full.json")
        #expect(back == r)
        // What it holds replays as the session showed it.
        let last = r.frameCount - 1
        let replay = ReplayHost(recording: back, scene: scene, setUp: nil)
        try replay.run(through: last)
        #expect(replay.snapshot() == shots[last])
    }
}
