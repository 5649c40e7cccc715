/// One update-cycle call, as recorded by ``TraceRecorder`` (U9).
public struct TraceEvent: Sendable, Equatable, CustomStringConvertible {
    /// The frame index in which the call ran (-1 before the first frame).
    public var frame: Int64
    /// The phase the call ran in.
    public var phase: FramePhase
    /// The view's identifier (or its type and an ordinal when it has none).
    public var view: String
    /// The method, e.g. `layoutSubviews`, `draw`, `updateConstraints`, `viewDidAppear`.
    public var call: String

    /// A record of `view`'s `call` in `phase` of frame `frame`.
    public init(frame: Int64, phase: FramePhase, view: String, call: String) {
        self.frame = frame; self.phase = phase; self.view = view; self.call = call
    }

    /// One JSON object, as `timeline step --trace` prints it.
    public var json: String {
        "{\"frame\": \(frame), \"phase\": \"\(phase)\", \"view\": \(jsonString(view)), \"call\": \(jsonString(call))}"
    }

    /// "#FRAME PHASE VIEW.CALL", one line of `timeline step --trace`'s text form.
    public var description: String { "#\(frame) \(phase) \(view).\(call)" }
}

/// Records every update-cycle call while ``isRecording`` is on (U9). Off by default, and then it
/// costs one branch per call.
@MainActor
public final class TraceRecorder {
    /// Whether calls are recorded; off by default, when recording costs one branch per call.
    public var isRecording = false
    /// Whether recorded events are kept in ``events``. Turn it off when ``onEvent`` streams them
    /// (`timeline step --trace`), so memory stays flat over a long run (Z4).
    public var keepsEvents = true
    /// The calls recorded, in order, while ``keepsEvents`` is on.
    public private(set) var events: [TraceEvent] = []
    /// Called for each event as it is recorded (e.g. to stream JSON lines).
    public var onEvent: ((TraceEvent) -> Void)?

    /// A recorder that is off.
    public init() {}

    /// Records one call when recording; the view's name is only computed then.
    @inline(__always)
    public func record(frame: Int64, phase: FramePhase, view: @autoclosure () -> String, call: String) {
        guard isRecording else { return }
        let e = TraceEvent(frame: frame, phase: phase, view: view(), call: call)
        if keepsEvents { events.append(e) }
        onEvent?(e)
    }

    /// Forgets the recorded events.
    public func removeAll() { events.removeAll() }

    /// The recorded calls as `view.call` strings, in order (handy in tests).
    public var calls: [String] { events.map { "\($0.view).\($0.call)" } }
}

/// Escapes `s` as a JSON string literal.
public func jsonString(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where u.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(u.value, radix: 16).count) + String(u.value, radix: 16)
        default: out.unicodeScalars.append(u)
        }
    }
    return out + "\""
}
