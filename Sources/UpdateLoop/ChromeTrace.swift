import FrameTiming
import Foundation

/// One phase of one frame: when it began and ended, in nanoseconds of the monotonic clock.
public struct PhaseSegment: Sendable, Equatable {
    /// Which phase it was.
    public var phase: FramePhase
    /// When it began, in nanoseconds of the monotonic clock.
    public var start: Int64
    /// When it ended, in nanoseconds of the monotonic clock.
    public var end: Int64
}

/// Receives each frame's phases as the run loop finishes it (``MainRunLoop/phaseRecorder``).
@MainActor
public protocol FramePhaseRecorder: AnyObject {
    /// `phases` in the order they ran (constraints and layout once per pass); valid only during
    /// the call.
    func record(frame: FrameInfo, start: Int64, end: Int64, phases: [PhaseSegment])
}

/// The Chrome Trace Event Format events of frames (E3): per frame, one complete event
/// (`"ph": "X"`, microseconds since the first frame) with its index, time and dropped frames in
/// `args`, a complete event per phase nested inside it, an instant event (`"ph": "i"`) when the
/// clock skipped frames to reach this one (a missed deadline), and one when the frame's own work
/// took longer than its period, classed as Apple classes hitches (IN4): a `commit` hitch when the
/// app's work before the commit (events to display) alone took longer than the period, a `render`
/// hitch when the commit (the display list built and handed to the renderer, which draws it)
/// pushed it over. ``ChromeTraceWriter`` writes them to a file; the inspector's Tracing domain
/// sends them to DevTools' Performance panel.
public struct ChromeTraceEvents: Sendable {
    private var origin: Int64?

    /// A formatter whose times count from the first frame it is given.
    public init() {}

    /// The metadata events that name the process and the run loop's thread.
    public static func metadata(processName: String) -> [String] {
        ["{\"name\": \"process_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": 1, \"args\": {\"name\": \(jsonString(processName))}}",
         "{\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": 1, \"args\": {\"name\": \"main run loop\"}}"]
    }

    /// Microseconds since the first frame, with nanosecond digits.
    private func us(_ ns: Int64) -> String { Self.microseconds(ns - (origin ?? ns)) }

    /// A duration in microseconds, with nanosecond digits.
    private static func microseconds(_ t: Int64) -> String {
        let whole = t / 1000, frac = abs(t % 1000)
        return "\(whole).\(frac < 10 ? "00" : frac < 100 ? "0" : "")\(frac)"
    }

    /// Which kind of hitch a frame whose work took longer than `period` is: `commit` when its
    /// phases before the commit took longer than the period, else `render`.
    public static func hitchKind(phases: [PhaseSegment], period: Int64) -> String {
        var beforeCommit: Int64 = 0
        for p in phases where p.phase != .commit { beforeCommit += p.end - p.start }
        return beforeCommit > period ? "commit" : "render"
    }

    /// Gives each event of one frame (JSON object text) to `emit`, in order.
    public mutating func events(frame: FrameInfo, start: Int64, end: Int64, phases: [PhaseSegment], _ emit: (String) -> Void) {
        if origin == nil { origin = start }
        let index = frame.index
        emit("{\"name\": \"frame \(index)\", \"cat\": \"frame\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": \(us(start)), "
             + "\"dur\": \(Self.microseconds(end - start)), \"args\": {\"frame\": \(index), \"time\": \(frame.time), "
             + "\"dropped\": \(frame.droppedFrames), \"total_dropped\": \(frame.totalDroppedFrames)}}")
        if frame.droppedFrames > 0 {
            emit("{\"name\": \"missed deadline\", \"cat\": \"deadline\", \"ph\": \"i\", \"s\": \"t\", \"pid\": 1, \"tid\": 1, "
                 + "\"ts\": \(us(start)), \"args\": {\"frame\": \(index), \"dropped\": \(frame.droppedFrames)}}")
        }
        var pass = [Int](repeating: 0, count: FramePhase.allCases.count)
        for segment in phases {
            pass[segment.phase.rawValue] += 1
            emit("{\"name\": \"\(segment.phase)\", \"cat\": \"phase\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, "
                 + "\"ts\": \(us(segment.start)), \"dur\": \(Self.microseconds(segment.end - segment.start)), "
                 + "\"args\": {\"frame\": \(index), \"pass\": \(pass[segment.phase.rawValue])}}")
        }
        let period = frame.rate.nominalPeriodNanoseconds
        if end - start > period {
            emit("{\"name\": \"over budget\", \"cat\": \"deadline\", \"ph\": \"i\", \"s\": \"t\", \"pid\": 1, \"tid\": 1, "
                 + "\"ts\": \(us(end)), \"args\": {\"frame\": \(index), \"work_ms\": \(Double(end - start) / 1e6), "
                 + "\"budget_ms\": \(Double(period) / 1e6), \"hitch\": \"\(Self.hitchKind(phases: phases, period: period))\"}}")
        }
    }
}

/// Writes frames as Chrome Trace Event Format (E3, ``ChromeTraceEvents``), which Perfetto
/// (ui.perfetto.dev) and chrome://tracing open: a JSON object whose `traceEvents` hold the
/// events. Events stream to a temporary file beside the output, renamed over it by
/// ``finish()``, so memory stays flat and a trace is never half written.
@MainActor
public final class ChromeTraceWriter: FramePhaseRecorder {
    /// The trace file written, in place once ``finish()`` has run.
    public let path: String
    private let temporary: String
    private let handle: FileHandle
    private var buffer = ""
    private var events = ChromeTraceEvents()
    private var first = true
    /// Frames recorded so far.
    public private(set) var frames = 0
    /// Whether ``finish()`` has run; later frames are ignored.
    public private(set) var isFinished = false

    /// Creates the temporary file and writes the header.
    ///
    /// - Throws: ``ChromeTraceError`` when the file cannot be created.
    public init(path: String, processName: String = "timeline") throws(ChromeTraceError) {
        self.path = path
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        temporary = (directory.isEmpty ? "" : directory + "/") + ".\(name).\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporary) else {
            throw ChromeTraceError(message: "cannot write the Chrome trace \(path): \(String(cString: strerror(errno)))")
        }
        self.handle = handle
        buffer = "{\"displayTimeUnit\": \"ms\", \"traceEvents\": [\n"
        for event in ChromeTraceEvents.metadata(processName: processName) { append(event) }
    }

    private func append(_ event: String) {
        if !first { buffer += ",\n" }
        first = false
        buffer += event
    }

    /// Appends the frame's events to the trace, buffered and streamed to the temporary file.
    public func record(frame: FrameInfo, start: Int64, end: Int64, phases: [PhaseSegment]) {
        guard !isFinished else { return }
        events.events(frame: frame, start: start, end: end, phases: phases) { append($0) }
        frames += 1
        if buffer.utf8.count > 1 << 16 { flush() }
    }

    private func flush() {
        handle.write(Data(buffer.utf8))
        buffer.removeAll(keepingCapacity: true)
    }

    /// Closes the JSON and publishes the file at ``path``.
    public func finish() throws(ChromeTraceError) {
        guard !isFinished else { return }
        isFinished = true
        buffer += "\n]}\n"
        flush()
        try? handle.synchronize()
        try? handle.close()
        guard rename(temporary, path) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(temporary)
            throw ChromeTraceError(message: "cannot write the Chrome trace \(path): \(message)")
        }
    }

}

/// A trace file that could not be created, written or moved into place.
public struct ChromeTraceError: Error, CustomStringConvertible, Sendable {
    /// What failed, with the path.
    public var message: String
    /// The message.
    public var description: String { message }
}
