import UpdateLoop
import Views

// The Replay domain (IN6, ours, not Chrome's). An app started with TIMELINE_INSPECT keeps its
// session from launch (SessionRecorder.startIfRequested, which Inspector.startIfRequested calls),
// so Replay.startRecording only marks the frame where the user asked and Replay.stopRecording
// returns the session from launch with that mark: its replay rebuilds the app as it launched,
// runs to the mark and opens there, so a step back shows what the app showed even when the app
// had changed before the mark. An inspector made without a recorder on its loop (a test, a tool
// that builds its own) records from the next frame instead, as before.

extension Inspector {
    /// The Replay domain's methods.
    nonisolated static let replayMethods = ["Replay.startRecording", "Replay.stopRecording"]

    func dispatchReplay(_ request: CDPRequest) throws(CDPError) -> CDPValue {
        guard let runLoop else { throw request.invalid("the run loop is gone") }
        switch request.method {
        case "Replay.startRecording":
            guard recorder == nil, replayMark == nil else { throw request.invalid("a recording is under way; Replay.stopRecording ends it") }
            var scene: String?
            if let s = request.param("scene") {
                guard case .string(let text, _) = s else { throw request.invalid("scene must be a string (the scene file's path)") }
                scene = text
            }
            let fps = CDPValue.int(runLoop.clock.rate.rawValue)
            if let launch = runLoop.sessionRecorder {
                guard !launch.isFull else {
                    throw request.invalid("the session kept from launch is full (\(launch.eventLimit) events, \(launch.recordedFrames) frames): "
                                          + "restart the app with TIMELINE_INSPECT to record again")
                }
                // Kept from launch: mark the next frame, the first the user sees after asking.
                replayMark = (launch.recordedFrames, scene)
                return .object([("fps", fps), ("fromLaunch", .bool(true)), ("mark", .int(launch.recordedFrames))])
            }
            let r = SessionRecorder(rate: runLoop.clock.rate, scene: scene, windowSize: runLoop.windows.first?.size)
            r.start(on: runLoop)
            recorder = r
            return .object([("fps", fps), ("fromLaunch", .bool(false))])
        default:
            var recording: SessionRecording
            var mark: Int?
            if let (frame, scene) = replayMark {
                replayMark = nil
                guard let launch = runLoop.sessionRecorder else { throw request.invalid("the recording from launch was stopped by the app") }
                recording = launch.recording
                if let scene { recording.scene = scene }
                if recording.app == nil, recording.scene == nil { recording.app = appName }
                // No frame ran since the mark: the last one is the frame the user saw.
                if recording.frameCount > 0 { mark = min(frame, recording.frameCount - 1) }
                recording.mark = mark
            } else {
                guard let r = recorder else { throw request.invalid("no recording is under way; Replay.startRecording begins one") }
                recorder = nil
                recording = r.stop()
            }
            let text = recording.jsonText()
            var result: [(String, CDPValue)] = [("frames", .int(recording.frameCount)), ("events", .int(recording.events.count)),
                                                ("bytes", .int(text.utf8.count)), ("recording", .string(text))]
            if let mark { result.append(("mark", .int(mark))) }
            return .object(result)
        }
    }
}
