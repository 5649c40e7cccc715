#if canImport(Glibc)
import Glibc
#endif
import Geometry
import TimelineScene
import UpdateLoop
import Views

/// Time travel for an app that is not a scene file (IN6): the gallery, a UIKit app, `timeline
/// play`. Such an app records at launch (`SessionRecorder.startIfRequested(on:windowSize:app:environment:)`,
/// naming itself) and replays its own recordings: at launch, before it opens a window, it calls
/// ``runIfRequested(app:size:environment:build:)`` with the code that builds its first screen.
/// With `TIMELINE_REPLAY=path` in the environment that code runs in headless replay processes
/// (``ReplaySession``) over the recorded clock and input, and the replay's commands are read
/// from standard input as `timeline replay` reads them (``ReplayConsole``); without it the call
/// returns nil at once and the app runs as usual.
///
/// The app's identity is a string, its name and the options that shape its first screen
/// (`Gallery --scene springs --views 500`): a recording of another app, or of the same app with
/// other options, is refused with the file, the place of its `"app"` member and the command that
/// replays it. `timeline replay` refuses an app's recording the same way.
@MainActor
public enum AppReplay {
    /// The environment variable that asks an app to replay a recording instead of running.
    public static let variable = "TIMELINE_REPLAY"

    /// Replays the recording `TIMELINE_REPLAY` names when it is set, and returns the exit status
    /// (0; 1 after an error, said on standard error); nil when it is not set.
    ///
    /// `app` must equal the recording's `SessionRecording.app`; `size` is the window's size
    /// when the recording has none; `build` builds the app's first screen into the window, as
    /// the app does at launch (it runs in the replay processes, never in the caller's).
    /// `TIMELINE_REPLAY_INTERVAL` sets the frames between kept states (600).
    public static func runIfRequested(app: String, size: Size, environment: [String: String],
                                      build: @escaping ReplayHost.AppBuilder) -> Int32? {
        guard let path = environment[variable] else { return nil }
        func fail(_ message: String) -> Int32 {
            let bytes = Array("\(app): \(message)\n".utf8)
            _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            return 1
        }
        guard !path.isEmpty else { return fail("\(variable) must name a recording (JSON, as TIMELINE_RECORD writes it)") }
        var interval = 600
        if let text = environment["TIMELINE_REPLAY_INTERVAL"] {
            guard let n = Int(text), n >= 1 else { return fail("TIMELINE_REPLAY_INTERVAL must be a whole number from 1; got '\(text)'") }
            interval = n
        }
        let recording: SessionRecording
        do { recording = try RecordingReader.load(path: path, for: .app(app)) } catch { return fail("\(error)") }
        let session: ReplaySession
        do { session = try ReplaySession(recording: recording, size: size, app: build, checkpointInterval: interval) } catch {
            return fail("\(error)")
        }
        defer { session.close() }
        let console = ReplayConsole(session: session)
        print("\(app) replay: \(console.heading)")
        do {
            try console.openAtMark()
            try console.run()
        } catch { return fail("\(error)") }
        return 0
    }

    /// The digest of what `window` shows after frame `frame`, as a replay of an app prints it for
    /// the same frame (``PresentationValue/digest(_:)`` of the frame number and the display list):
    /// what an app that records prints at its end, so a replay can be checked against it.
    public static func digest(of window: Window, frame: Int) -> UInt64 {
        PresentationValue.digest(PresentationValue.snapshot(built: BuiltScene(), window: window, frame: frame))
    }

    /// Stops `recorder` and writes its recording to its path (`TIMELINE_RECORD`), returning the
    /// line an app prints: what was written and where, with the last frame's digest (what a
    /// replay shows for that frame: `window` as the session ended) or, for a full recording,
    /// the frame it ends at; nil when the recorder has no path. `who` starts the line (the
    /// app's name). Throws when the file cannot be written.
    @MainActor
    public static func finishRecording(_ recorder: SessionRecorder, window: Window, who: String) throws(RecordingWriteError) -> String? {
        guard let path = recorder.path else { return nil }
        recorder.stop()
        let r = recorder.recording
        let bytes = try recorder.write()
        let written = "\(who): recorded \(r.frameCount) frames and \(r.events.count) events, \(bytes) bytes, to \(path); "
        if recorder.isFull {
            return written + "full at \(recorder.eventLimit) events: it ends at frame \(r.frameCount - 1), before the session did"
        }
        return written + "the last frame's digest \(String(digest(of: window, frame: r.frameCount - 1), radix: 16))"
    }
}
