import FrameTiming
import UpdateLoop

// The Tracing domain (IN4): `Tracing.start` records the run loop's frames as the Chrome trace
// the CLI writes (``ChromeTraceEvents``: frames, update-cycle phases, missed deadlines and hitches
// classed as a late commit or a late render) and streams them to the client in
// `Tracing.dataCollected` batches; `Tracing.end` sends the rest and `Tracing.tracingComplete`, as
// Chrome does for the DevTools Performance panel. While tracing, the inspector is the run loop's
// phase recorder, handing each frame on to the recorder it replaced (a CLI's trace file).

/// Records frames as trace events for a client.
@MainActor
final class TracingSession: FramePhaseRecorder {
    /// The recorder the session replaced, which still gets every frame.
    let previous: (any FramePhaseRecorder)?
    private var events = ChromeTraceEvents()
    private(set) var batch: [String]
    private let send: (String) -> Void
    /// The events a `Tracing.dataCollected` carries at most.
    static let batchSize = 400

    init(previous: (any FramePhaseRecorder)?, processName: String, send: @escaping (String) -> Void) {
        self.previous = previous
        self.send = send
        batch = ChromeTraceEvents.metadata(processName: processName)
    }

    func record(frame: FrameInfo, start: Int64, end: Int64, phases: [PhaseSegment]) {
        previous?.record(frame: frame, start: start, end: end, phases: phases)
        events.events(frame: frame, start: start, end: end, phases: phases) { batch.append($0) }
        if batch.count >= Self.batchSize { flush() }
    }

    /// Sends what is batched as one `Tracing.dataCollected` (its events are JSON already).
    func flush() {
        guard !batch.isEmpty else { return }
        send("{\"method\":\"Tracing.dataCollected\",\"params\":{\"value\":[" + batch.joined(separator: ",") + "]}}")
        batch.removeAll(keepingCapacity: true)
    }
}

extension Inspector {
    /// `Tracing.start` `{transferMode?}`: only `ReportEvents` (events on the socket).
    func startTracing(_ request: CDPRequest) throws(CDPError) {
        guard let runLoop else { throw request.invalid("the run loop is gone") }
        guard tracing == nil else { throw request.invalid("Tracing has already been started") }
        if let mode = request.param("transferMode") {
            guard case .string("ReportEvents", _) = mode else {
                throw request.invalid("transferMode must be ReportEvents (events sent as Tracing.dataCollected); got \(mode.typeName) at \(mode.location)")
            }
        }
        let session = TracingSession(previous: runLoop.phaseRecorder, processName: appName) { [weak self] message in
            self?.eventSink?(message)
        }
        tracing = session
        runLoop.phaseRecorder = session
        runLoop.requestFrame()
    }

    /// `Tracing.end`: the recorder goes back to the one it replaced; the rest of the events and
    /// `Tracing.tracingComplete` follow the reply, in the next frame's first phase.
    func endTracing(_ request: CDPRequest) throws(CDPError) {
        guard let session = tracing else { throw request.invalid("Tracing is not started") }
        stopTracing()
        runLoop?.post { [weak self] in
            session.flush()
            self?.send(event: "Tracing.tracingComplete", .object([("dataLossOccurred", .bool(false))]))
        }
    }

    /// Stops recording (the client asked, or left): the run loop's recorder is the one before.
    func stopTracing() {
        guard let session = tracing else { return }
        tracing = nil
        if let runLoop, runLoop.phaseRecorder === session { runLoop.phaseRecorder = session.previous }
    }
}
