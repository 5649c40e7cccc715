import UpdateLoop
import Views

// The Replay domain (IN6, ours, not Chrome's): records the session's input and clock from the
// inspector, as TIMELINE_RECORD does from the start. `timeline replay` replays what it returns.

extension Inspector {
    /// The Replay domain's methods.
    nonisolated static let replayMethods = ["Replay.startRecording", "Replay.stopRecording"]

    func dispatchReplay(_ request: CDPRequest) throws(CDPError) -> CDPValue {
        guard let runLoop else { throw request.invalid("the run loop is gone") }
        switch request.method {
        case "Replay.startRecording":
            if let other = runLoop.sessionRecorder, other !== recorder {
                throw request.invalid("the app records already (TIMELINE_RECORD); its recording is written when it ends")
            }
            guard recorder == nil else { throw request.invalid("a recording is under way; Replay.stopRecording ends it") }
            var scene: String?
            if let s = request.param("scene") {
                guard case .string(let text, _) = s else { throw request.invalid("scene must be a string (the scene file's path)") }
                scene = text
            }
            let r = SessionRecorder(rate: runLoop.clock.rate, scene: scene, windowSize: runLoop.windows.first?.size)
            r.start(on: runLoop)
            recorder = r
            return .object([("fps", .int(runLoop.clock.rate.rawValue))])
        default:
            guard let r = recorder else { throw request.invalid("no recording is under way; Replay.startRecording begins one") }
            recorder = nil
            let recording = r.stop()
            let text = recording.jsonText()
            return .object([("frames", .int(recording.frameCount)), ("events", .int(recording.events.count)),
                            ("bytes", .int(text.utf8.count)), ("recording", .string(text))])
        }
    }
}
