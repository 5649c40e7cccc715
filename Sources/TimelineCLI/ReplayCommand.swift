import ArgumentParser
import FrameTiming
import Foundation
import Geometry
import Timeline
import TimelineScene
import TimelineSDL
import TimeTravel

/// `timeline replay` (IN6): time travel over a recorded session. `timeline replay REC` steps
/// through it (commands on standard input, or `--at`/`--bisect`); `record` makes a recording
/// of a scene headless; `export` writes a recording as a replayable test.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Time travel over a recorded session: step back and forward, bisect, export as a test.",
        subcommands: [ReplayRunCommand.self, ReplayRecordCommand.self, ReplayExportCommand.self],
        defaultSubcommand: ReplayRunCommand.self)
}

/// A 64-bit FNV-1a digest of `text`, as ``ReplayHost/digest()`` takes it of a snapshot.
func fnv1a(_ text: String) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
    return h
}

/// A `VIEW:KEYPATH` argument.
struct ViewKeyPath {
    let view: String, keyPath: String
    init?(_ text: String) {
        guard let colon = text.lastIndex(of: ":"), colon != text.startIndex, text.index(after: colon) != text.endIndex else { return nil }
        view = String(text[..<colon]); keyPath = String(text[text.index(after: colon)...])
    }
}

/// Loads a recording and the scene it replays over; errors name the file and place.
func loadReplay(_ path: String, scene: String?) throws -> (SessionRecording, Scene) {
    let recording: SessionRecording
    // An app's recording (the gallery's, a UIKit app's) is refused with the command that replays it.
    do { recording = try RecordingReader.load(path: path, for: .sceneReplay) } catch {
        printToStandardError("timeline replay: \(error)")
        throw ExitCode(1)
    }
    guard var scenePath = scene ?? recording.scene else {
        printToStandardError("timeline replay: \(ReplayError.noScene)")
        throw ExitCode(1)
    }
    if scene == nil, !scenePath.hasPrefix("/"), !FileManager.default.fileExists(atPath: scenePath) {
        scenePath = (path as NSString).deletingLastPathComponent + "/" + scenePath       // beside the recording
    }
    return (recording, try loadScene(scenePath))
}

struct ReplayRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Replay a recording headless: go to frames, back or forward, read values, bisect.",
        discussion: """
            With neither --at nor --bisect, reads commands from standard input, one a line:
              n [K]      K frames forward (1)          b [K]   K frames back (1)
              g F        go to frame F                 v VIEW KEYPATH   a value now
              bisect VIEW KEYPATH VALUE                q       quit
            After each move it prints the frame, its time, the time the move took and the --value values.
            """)

    @Argument(help: "The recording (JSON, as TIMELINE_RECORD writes it).") var recording: String
    @Option(help: "The scene file replayed (default: the one the recording names).") var scene: String?
    @Option(help: "Frames to show, comma-separated (each printed with the --value values).") var at: String?
    @Option(help: "A value to print at each frame shown, VIEW:KEYPATH (repeatable; key paths as UIKit: frame.origin.x, alpha, contentOffset.y).")
    var value: [String] = []
    @Option(help: "Find the first frame where VIEW:KEYPATH reached VALUE, written VIEW:KEYPATH=VALUE.") var bisect: String?
    @Option(help: "Frames between kept states (checkpoints).") var interval = 600

    func validate() throws {
        guard interval >= 1 else { throw ValidationError("--interval must be at least 1; got \(interval)") }
        for v in value where ViewKeyPath(v) == nil { throw ValidationError("--value must be VIEW:KEYPATH; got '\(v)'") }
        if let at { _ = try RenderCommand.frameList(at) }
        if let bisect {
            guard let eq = bisect.lastIndex(of: "="), ViewKeyPath(String(bisect[..<eq])) != nil, Double(bisect[bisect.index(after: eq)...]) != nil else {
                throw ValidationError("--bisect must be VIEW:KEYPATH=VALUE; got '\(bisect)'")
            }
        }
    }

    func run() throws {
        let (recording, scene) = try loadReplay(self.recording, scene: self.scene)
        let values = value.compactMap(ViewKeyPath.init)
        let frames = try at.map(RenderCommand.frameList)
        let (bisect, interval) = (self.bisect, self.interval)
        let failure: String? = MainActor.assumeIsolated {
            let session: ReplaySession
            do { session = try ReplaySession(recording: recording, scene: scene, checkpointInterval: interval) } catch {
                return "timeline replay: \(error)"
            }
            defer { session.close() }
            let console = ReplayConsole(session: session, values: values.map { ($0.view, $0.keyPath) })
            print("timeline replay: \(console.heading)")
            do {
                if frames == nil { try console.openAtMark() }
                if let frames { for f in frames { try console.show(Int(f)) } }
                if let bisect {
                    let eq = bisect.lastIndex(of: "=")!
                    let vk = ViewKeyPath(String(bisect[..<eq]))!
                    let target = Double(bisect[bisect.index(after: eq)...])!
                    let result = try session.bisect(view: vk.view, keyPath: vk.keyPath, reaching: target)
                    print("bisect \(vk.view).\(vk.keyPath) reaches \(target): \(result)")
                }
                if frames == nil && bisect == nil { try console.run() }
            } catch {
                return "timeline replay: \(error)"
            }
            return nil
        }
        if let failure {
            printToStandardError(failure)
            throw ExitCode(1)
        }
    }
}

struct ReplayRecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a scene's run, headless (its scripted input) or in a window (what you do), as TIMELINE_RECORD records.")

    @Argument(help: "The scene file (JSON).") var scene: String
    @Option(help: "Frames to run headless.") var frames = 600
    @Option(help: "Frame rate in frames per second, 1 to 240.") var fps = 60
    @Option(help: "The recording to write (JSON).") var out: String
    @Flag(help: "Show the scene in a window on the live clock and record what is done in it, until closed or --seconds.")
    var window = false
    @Option(help: "With --window: quit after this many seconds.") var seconds: Double?
    @Flag(help: "With --window: SDL's software renderer.") var software = false

    func validate() throws {
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1; got \(frames)") }
        guard FrameRate(fps: fps) != nil else { throw ValidationError("--fps must be a whole number from 1 to 240; got \(fps)") }
        if let seconds { guard seconds > 0, seconds.isFinite else { throw ValidationError("--seconds must be positive; got \(seconds)") } }
        if seconds != nil, !window { throw ValidationError("--seconds is for --window") }
    }

    func run() throws {
        let loaded = try loadScene(scene)
        let (frames, rate, out, path) = (self.frames, FrameRate(fps: fps)!, self.out, self.scene)
        if window {
            let (seconds, software) = (self.seconds, self.software)
            let failure: String? = MainActor.assumeIsolated {
                let host: SDLWindowHost
                do { host = try SDLWindowHost(title: "timeline replay record", size: loaded.size, rate: rate, software: software) } catch {
                    return "timeline replay record: \(error)"
                }
                let built = SceneBuilder.build(loaded, in: host.window)
                let animator = SceneAnimator(scene: loaded, built: built, runLoop: host.runLoop)
                let recorder = SessionRecorder(rate: rate, path: out, scene: path, windowSize: loaded.size)
                recorder.start(on: host.runLoop)
                if let seconds { _ = host.runLoop.schedule(after: .nanoseconds(Int64(seconds * 1e9))) { host.runLoop.stop() } }
                host.run()
                recorder.stop()
                withExtendedLifetime(animator) {}
                let shown = PresentationValue.snapshot(built: built, window: host.window, frame: recorder.recording.frameCount - 1)
                do {
                    let bytes = try recorder.write()
                    print("wrote \(out): \(recorder.recording.frameCount) frames, \(recorder.recording.events.count) events, \(bytes) bytes; "
                          + "the last frame's digest \(String(fnv1a(shown), radix: 16))")
                } catch { return "timeline replay record: \(error)" }
                return nil
            }
            if let failure {
                printToStandardError(failure)
                throw ExitCode(1)
            }
            return
        }
        let failure: String? = MainActor.assumeIsolated {
            let run = SceneRun(loaded, size: loaded.size, rate: rate)
            let recorder = SessionRecorder(rate: rate, path: out, scene: path, windowSize: loaded.size)
            recorder.start(on: run.host.runLoop)
            run.host.step(frames: frames)
            recorder.stop()
            do {
                let bytes = try recorder.write()
                print("wrote \(out): \(recorder.recording.frameCount) frames, \(recorder.recording.events.count) events, \(bytes) bytes")
            } catch { return "timeline replay record: \(error)" }
            withExtendedLifetime(run) {}
            return nil
        }
        if let failure {
            printToStandardError(failure)
            throw ExitCode(1)
        }
    }
}

struct ReplayExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a recording as a replayable test: a scene file with its input and a file of expected values.")

    @Argument(help: "The recording (JSON).") var recording: String
    @Option(help: "The scene file replayed (default: the one the recording names).") var scene: String?
    @Option(help: "The directory to write NAME.json and NAME.expect.json to.") var outDir: String
    @Option(help: "The test's name.") var name: String
    @Option(help: "Values to expect, VIEW:KEYPATH (repeatable).") var value: [String]
    @Option(help: "Frames (positions in the recording) at which to expect them, comma-separated.") var frames: String

    func validate() throws {
        guard !value.isEmpty else { throw ValidationError("--value VIEW:KEYPATH is needed at least once") }
        for v in value where ViewKeyPath(v) == nil { throw ValidationError("--value must be VIEW:KEYPATH; got '\(v)'") }
        _ = try RenderCommand.frameList(frames)
        guard !name.isEmpty, !name.contains("/") else { throw ValidationError("--name must be a file name without '/'; got '\(name)'") }
    }

    func run() throws {
        let (recording, scene) = try loadReplay(self.recording, scene: self.scene)
        let scenePath = self.scene ?? recording.scene!
        let sceneText = try String(contentsOfFile: FileManager.default.fileExists(atPath: scenePath) ? scenePath
            : (self.recording as NSString).deletingLastPathComponent + "/" + scenePath, encoding: .utf8)
        let positions = try RenderCommand.frameList(frames).map { Int($0) }
        let values = value.compactMap(ViewKeyPath.init)
        let (outDir, name) = (self.outDir, self.name)
        let failure: String? = MainActor.assumeIsolated {
            do {
                let exported = try ReplayExport.sceneText(sceneText, file: scenePath, recording: recording)
                var expectations: [ReplayExpectation] = []
                for v in values {
                    expectations += try ReplayExport.expectations(recording: recording, scene: scene, view: v.view, keyPaths: [v.keyPath],
                                                                  frames: positions)
                }
                try FileManager.default.createDirectory(atPath: outDir, withIntermediateDirectories: true)
                try exported.write(toFile: outDir + "/\(name).json", atomically: true, encoding: .utf8)
                let text = ReplayExport.expectationsText(scene: "\(name).json", rate: recording.rate, expectations: expectations)
                try text.write(toFile: outDir + "/\(name).expect.json", atomically: true, encoding: .utf8)
                let mismatches = try ReplayExpectations.parse(text).check(relativeTo: outDir)
                print("wrote \(outDir)/\(name).json and \(name).expect.json: \(expectations.count) values; "
                      + (mismatches.isEmpty ? "all hold when the scene runs" : "\(mismatches.count) do NOT hold:"))
                for m in mismatches { print("  \(m)") }
                return mismatches.isEmpty ? nil : "timeline replay export: the exported scene does not reproduce the recording"
            } catch {
                return "timeline replay export: \(error)"
            }
        }
        if let failure {
            printToStandardError(failure)
            throw ExitCode(1)
        }
    }
}
