import Foundation
import Testing
import TimelineInspector
import TimelineScene
import TimeTravel
import Timeline

/// A small app that is not a scene file: pages switched by keys, each page's views animated
/// (a block animation, a spring-like curve, a repeating one), and a tap that moves a box. Its
/// first screen is built by ``build(window:runLoop:)``, as an app's launch builds it.
@MainActor
final class TinyApp: ViewController {
    static let name = "TinyApp --pages 3"
    private var page = 0
    private let box = View(frame: Rect(x: 10, y: 10, width: 30, height: 30))

    /// The app's launch: what a replay runs in its processes (``ReplayHost/AppBuilder``).
    static func build(window: Window, runLoop: MainRunLoop) {
        window.rootViewController = TinyApp()
    }

    override func loadView() {
        let root = View()
        root.backgroundColor = Color(red: 0.1, green: 0.1, blue: 0.12)
        setView(root)
        show(0)
    }

    private func show(_ next: Int) {
        page = next
        for v in view.subviews { v.removeFromSuperview() }
        box.frame = Rect(x: 10, y: 10, width: 30, height: 30)
        box.backgroundColor = [Color(red: 0.9, green: 0.3, blue: 0.2), Color(red: 0.2, green: 0.7, blue: 0.4),
                               Color(red: 0.2, green: 0.4, blue: 0.9)][next % 3]
        view.addSubview(box)
        for k in 0..<3 {
            let v = View(frame: Rect(x: 20 + Double(k) * 60, y: 120, width: 40, height: 40))
            v.backgroundColor = box.backgroundColor
            view.addSubview(v)
            View.animate(withDuration: 0.4 + 0.2 * Double(k + next), curve: next == 1 ? .easeOut : .linear,
                         repeatCount: next == 2 ? .infinity : 0, autoreverses: next == 2) {
                v.frame = Rect(x: 20 + Double(k) * 60, y: 40 + Double(next) * 20, width: 40, height: 40)
                v.alpha = 0.5
            }
        }
    }

    override func handleKey(_ key: Key, isDown: Bool) -> Bool {
        guard isDown else { return false }
        switch key.name {
        case "n": show((page + 1) % 3)
        case "m": View.animate(withDuration: 0.5) { self.box.frame = Rect(x: 200, y: 100, width: 50, height: 20) }
        default: return false
        }
        return true
    }
}

/// A live session of ``TinyApp`` on a manual clock with a recorder from launch: keys sent before
/// given frames, and what each frame showed.
@MainActor
struct TinySession {
    let host = HeadlessHost(size: Size(width: 300, height: 200))
    var snapshots: [String] = []
    let recorder: SessionRecorder

    /// Launches the app with `environment` (TIMELINE_RECORD or TIMELINE_INSPECT) asking for a recorder.
    init(environment: [String: String]) throws {
        host.runLoop.keepsRunningWhenIdle = true
        host.runLoop.diagnostics.logger = nil
        recorder = try #require(SessionRecorder.startIfRequested(on: host.runLoop, windowSize: host.window.size, app: TinyApp.name,
                                                                 environment: environment))
        TinyApp.build(window: host.window, runLoop: host.runLoop)
    }

    /// Runs `frames` frames, sending each key of `keys` before the frame its number gives.
    mutating func run(_ frames: Int, keys: [Int: String]) {
        for _ in 0..<frames {
            if let k = keys[snapshots.count] {
                host.runLoop.send(.keyDown(Key(k)))
                host.runLoop.send(.keyUp(Key(k)))
            }
            host.step()
            snapshots.append(PresentationValue.snapshot(built: BuiltScene(), window: host.window, frame: snapshots.count))
        }
    }
}

@Suite("IN6 time travel: an app replays itself", .serialized)
@MainActor
struct AppReplayTests {
    static let keys = [8: "n", 30: "m", 52: "n", 75: "n", 95: "m"]

    @Test("IN6 an app's recording names it and replays over its own first screen: a step back equals the recorded session")
    func IN6_appStepBack() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tiny-\(getpid()).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var live = try TinySession(environment: ["TIMELINE_RECORD": path])
        live.run(120, keys: Self.keys)
        live.recorder.stop()
        #expect(try live.recorder.write() > 0)
        #expect(Set(live.snapshots[10...110]).count > 60, "the app barely changes")
        let recording = try RecordingReader.load(path: path, for: .app(TinyApp.name))
        #expect(recording.app == TinyApp.name && recording.frameCount == 120 && recording.events.count == 10)
        let replay = try ReplaySession(recording: recording, app: TinyApp.build, checkpointInterval: 16, timeout: 120)
        defer { replay.close() }
        try replay.seek(to: 110)
        #expect(try replay.snapshot() == live.snapshots[110])
        for target in [37, 36, 15, 64, 9, 100] {
            try replay.seek(to: target)
            #expect(try replay.snapshot() == live.snapshots[target], "frame \(target) differs from the recorded session")
        }
        // The replayed app reads values by identifier as a scene's views do; an unknown one is an error.
        #expect(throws: ReplayError.unknownView("nothing")) { try replay.value(of: "nothing", "alpha") }
    }

    @Test("IN6 a recording begun from the inspector mid-session replays from launch and opens at the frame marked")
    func IN6_inspectorMark() throws {
        // TIMELINE_INSPECT keeps the session from launch; the inspector marks where it was asked.
        var live = try TinySession(environment: ["TIMELINE_INSPECT": "0"])
        let inspector = Inspector(runLoop: live.host.runLoop, appName: "tiny")
        live.run(50, keys: [8: "n", 20: "m"])                     // the app changes before the mark
        let started = try Self.reply(inspector, #"{"id": 1, "method": "Replay.startRecording"}"#)
        #expect(started["fromLaunch"] as? Bool == true && started["mark"] as? Int == 50, "\(started)")
        live.run(40, keys: [60: "n", 70: "m"])
        let stopped = try Self.reply(inspector, #"{"id": 2, "method": "Replay.stopRecording"}"#)
        #expect(stopped["mark"] as? Int == 50 && stopped["frames"] as? Int == 90, "\(stopped)")
        let text = try #require(stopped["recording"] as? String)
        let recording = try RecordingReader.parse(text, file: "inspector.json", for: .app(TinyApp.name))
        #expect(recording.mark == 50 && recording.events.count == 8)
        // What the app showed at the mark is not its first screen: a replay over a freshly built
        // app from the mark on would show the wrong page.
        #expect(live.snapshots[50] != live.snapshots[0])
        let replay = try ReplaySession(recording: recording, app: TinyApp.build, checkpointInterval: 16, timeout: 120)
        defer { replay.close() }
        var lines: [String] = []
        let console = ReplayConsole(session: replay) { lines.append($0) }
        try console.openAtMark()
        #expect(replay.frame == 50 && lines.first?.hasPrefix("frame 50 ") == true, "\(lines)")
        #expect(try replay.snapshot() == live.snapshots[50])
        var commands = ["n 30", "b 25", "g 89", "q"].makeIterator()
        try console.run { commands.next() }
        #expect(lines.count == 4, "\(lines)")
        #expect(replay.frame == 89)
        #expect(try replay.snapshot() == live.snapshots[89])
        try replay.seek(to: 55)
        #expect(try replay.snapshot() == live.snapshots[55])
        #expect(console.heading.contains("opens at frame 50"))
    }

    @Test("IN6 the recording's app and mark: old recordings read; another program's recording or a mark past the end is an error at its place",
          arguments: [
            (#"{"timelineRecording": 1, "fps": 60, "app": "Gallery --scene panel", "frames": [[0, 0, 3, 0]]}"#, RecordingReader.Replayer.sceneReplay,
             "bad.json:1:44: error: this recording is of the app 'Gallery --scene panel', not of a scene file", "TIMELINE_REPLAY=bad.json Gallery --scene panel"),
            (#"{"timelineRecording": 1, "fps": 60, "app": "Gallery --scene panel", "frames": [[0, 0, 3, 0]]}"#, .app("Gallery --scene springs"),
             "bad.json:1:44: error: this recording is of the app 'Gallery --scene panel', not 'Gallery --scene springs'", "TIMELINE_REPLAY=bad.json Gallery --scene panel"),
            (#"{"timelineRecording": 1, "fps": 60, "scene": "s.json", "frames": [[0, 0, 3, 0]]}"#, .app("TinyApp"),
             "bad.json:1:1: error: this recording names no app", "timeline replay, scene s.json"),
            (#"{"timelineRecording": 1, "fps": 60, "app": "TinyApp", "mark": 3, "frames": [[0, 0, 3, 0]]}"#, .app("TinyApp"),
             "bad.json:1:63: error: mark 3 is past the end", "the recording has 3 frames (0 to 2)"),
            (#"{"timelineRecording": 1, "fps": 60, "app": "", "frames": [[0, 0, 3, 0]]}"#, .app("TinyApp"),
             "bad.json:1:44: error: app must name the app", "1 to 4096 bytes"),
          ])
    func IN6_appAndMark(text: String, replayer: RecordingReader.Replayer, error prefix: String, detail: String) throws {
        do {
            _ = try RecordingReader.parse(text, file: "bad.json", for: replayer)
            Issue.record("read without error: \(text)")
        } catch {
            #expect(error.description.hasPrefix(prefix), "\(error)")
            #expect(error.description.contains(detail), "\(error)")
        }
    }

    @Test("IN6 a recording without app or mark (the first format) still reads, and app and mark round-trip")
    func IN6_formatExtended() throws {
        let old = #"{"timelineRecording": 1, "fps": 60, "scene": "s.json", "size": [10, 10], "frames": [[0, 0, 3, 0]], "input": []}"#
        let r = try RecordingReader.parse(old, file: "old.json", for: .sceneReplay)
        #expect(r.app == nil && r.mark == nil && r.frameCount == 3)
        var named = r
        named.scene = nil
        named.app = "Gallery --scene \"a\" \\ b"
        named.mark = 2
        let back = try RecordingReader.parse(named.jsonText(), file: "new.json", for: .app(named.app!))
        #expect(back == named)
    }

    @Test("IN6 the recorder from launch: TIMELINE_INSPECT starts it only when it is a port, and TIMELINE_RECORD adopts it")
    func IN6_launchRecorder() throws {
        let host = HeadlessHost()
        #expect(SessionRecorder.startIfRequested(on: host.runLoop, environment: ["TIMELINE_INSPECT": "nine"]) == nil)
        #expect(SessionRecorder.startIfRequested(on: host.runLoop, environment: [:]) == nil)
        #expect(host.runLoop.sessionRecorder == nil)
        let kept = try #require(SessionRecorder.startIfRequested(on: host.runLoop, environment: ["TIMELINE_INSPECT": " 9229 "]))
        #expect(kept.path == nil && host.runLoop.sessionRecorder === kept)
        kept.nameAppIfUnnamed("tiny")
        // The app's own call, later at launch, keeps that recorder and gives it the path, size and name.
        let same = SessionRecorder.startIfRequested(on: host.runLoop, windowSize: Size(width: 30, height: 20), app: TinyApp.name,
                                                    environment: ["TIMELINE_RECORD": "/dev/null", "TIMELINE_INSPECT": "0"])
        #expect(same === kept && kept.path == "/dev/null")
        #expect(kept.recording.app == TinyApp.name && kept.recording.windowSize == Size(width: 30, height: 20))
        kept.nameAppIfUnnamed("other")
        #expect(kept.recording.app == TinyApp.name)
        kept.stop()
        #expect(host.runLoop.sessionRecorder == nil)
    }

    static func reply(_ inspector: Inspector, _ text: String) throws -> [String: Any] {
        let out = inspector.handle(text: text)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any], "not JSON: \(out)")
        return try #require(json["result"] as? [String: Any], "no result: \(out)")
    }
}
