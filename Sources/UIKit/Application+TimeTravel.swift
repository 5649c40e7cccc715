// The application's recording and replay (IN6): the engine's, named for the app.
import Foundation
import Geometry
import TimeTravel
import UpdateLoop
import Views

extension UIApplication {
    /// The app's name in its recordings, which its replay must match: the process's name.
    var recordingName: String { ProcessInfo.processInfo.processName }

    /// With `TIMELINE_REPLAY=rec.json`, replays the app's recording headless (the delegate's
    /// launch builds the first screen in each replay process), reads the replay's commands from
    /// standard input and exits; returns at once otherwise.
    func replayIfRequested(_ delegate: any UIApplicationDelegate, size: Size, environment: [String: String]) {
        let status = AppReplay.runIfRequested(app: recordingName, size: size, environment: environment) { window, runLoop in
            self.attach(runLoop: runLoop, window: window, inspects: false)
            self.launch(delegate)
        }
        if let status { exit(status) }
    }

    /// With `TIMELINE_RECORD=path` (or `TIMELINE_INSPECT`), the loop's recorder from launch.
    func startRecordingIfRequested(on runLoop: MainRunLoop, size: Size, environment: [String: String]) -> SessionRecorder? {
        SessionRecorder.startIfRequested(on: runLoop, windowSize: size, app: recordingName, environment: environment)
    }

    /// Writes the recording when it has a path, saying where and the last frame's digest (what
    /// a replay shows for that frame), or why it could not.
    func finishRecording(_ recorder: SessionRecorder, window: Window) {
        do {
            if let line = try AppReplay.finishRecording(recorder, window: window, who: "UIApplication") { print(line) }
        } catch { print("UIApplication: \(error)") }
    }
}
