#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

// The recording's JSON text (IN6). Its "input" list is a scene file's scripted input (SC8) with
// members a live session needs and a script did not: "frame" (the frame that handled the event),
// "window", "button"/"buttons" for other buttons than the first, "keyDown"/"keyUp" for a key
// held, "cancel", "compose", "drop", "resize", "clicks", "windowID", and "moves" (the moves of one
// frame). An item with "frame" and no "at" is an event the run loop stamped with its frame's
// time: the common case, so most items carry no time. SceneReading reads them all.
//
//   {"timelineRecording": 1, "fps": 60, "scene": "Assets/scenes/fling.json", "size": [800, 600],
//    "app": "Gallery --scene springs", "mark": 1200,  // optional: the app that replays it, the frame to open at
//    "frames": [[0, 0, 3600, 0]],                  // runs: [grid index, media tick, count, dropped]
//    "input": [{"at": 0.5, "frame": 30, "down": [120, 80]}, ...]}

extension SessionRecording {
    /// The recording as JSON text (one event a line), as ``SessionRecorder/write()`` writes it.
    ///
    /// - Complexity: O(frames runs + events).
    public func jsonText() -> String {
        var s = "{\"timelineRecording\": 1, \"fps\": \(rate.rawValue)"
        if let scene { s += ", \"scene\": " + jsonString(scene) }
        if let windowSize { s += ", \"size\": [\(Self.number(windowSize.width)), \(Self.number(windowSize.height))]" }
        if let app { s += ", \"app\": " + jsonString(app) }
        if let mark { s += ", \"mark\": \(mark)" }
        s += ",\n\"frames\": ["
        s += frameRuns.map { "[\($0.index), \($0.mediaTick), \($0.count), \($0.droppedFrames)]" }.joined(separator: ", ")
        s += "],\n\"input\": ["
        // The time of each frame as the run loop stamps events with it: an event with that
        // timestamp is written without "at" (the loop stamps it again when it is replayed), and
        // moves of one frame that differ only in their point are written as one "moves" item.
        let infos = frames()
        func stamp(_ frame: Int) -> Double? { frame < infos.count ? Double(infos[frame].mediaTime) / 1e9 : nil }
        var first = true
        var k = 0
        while k < events.count {
            let e = events[k]
            let stamped = e.event.timestamp != nil && e.event.timestamp == stamp(e.frame)
            var item: String?
            if stamped, case .pointerMoved(let p, let buttons) = e.event.kind {
                var points = [p]
                var next = k + 1
                while next < events.count, let q = Self.sameMove(events[next], as: e, stampedAt: stamp(e.frame)) {
                    points.append(q)
                    next += 1
                }
                if points.count > 1 {
                    item = "{\"frame\": \(e.frame), \"moves\": [" + points.map { "[\(Self.number($0.x)), \(Self.number($0.y))]" }.joined(separator: ", ")
                        + "]" + (buttons != 1 ? ", \"buttons\": \(buttons)" : "") + Self.qualifiers(e).map { ", " + $0 }.joined() + "}"
                    k = next - 1
                }
            }
            if item == nil { item = Self.inputItem(e, withTime: !stamped) }
            k += 1
            guard let item else { continue }
            s += (first ? "\n" : ",\n") + item
            first = false
        }
        s += "\n]}\n"
        return s
    }

    /// The point of `candidate` when it is a move in the same frame as `e` that differs from it
    /// only in its point, stamped with the frame's time.
    private static func sameMove(_ candidate: Event, as e: Event, stampedAt time: Double?) -> Point? {
        guard candidate.frame == e.frame, candidate.window == e.window, candidate.event.timestamp == time,
              case .pointerMoved(let q, let b) = candidate.event.kind, case .pointerMoved(_, let b0) = e.event.kind, b == b0,
              candidate.event.modifiers == e.event.modifiers, candidate.event.pointerID == e.event.pointerID,
              candidate.event.clickCount == e.event.clickCount, candidate.event.windowID == e.event.windowID else { return nil }
        return q
    }

    /// One event as a scene input item (JSON text); nil for what a replay must not send (quit).
    /// Without `withTime`, the item has no "at": the run loop stamps the event when it is handled.
    public static func inputItem(_ e: Event, withTime: Bool = true) -> String? {
        let ev = e.event
        var m: [String] = withTime ? ["\"at\": \(number(ev.timestamp ?? 0))", "\"frame\": \(e.frame)"] : ["\"frame\": \(e.frame)"]
        func point(_ p: Point) -> String { "[\(number(p.x)), \(number(p.y))]" }
        switch ev.kind {
        case .pointerDown(let p, let b):
            m.append("\"down\": \(point(p))")
            if b != 1 { m.append("\"button\": \(b)") }
        case .pointerMoved(let p, let b):
            m.append("\"move\": \(point(p))")
            if b != 1 { m.append("\"buttons\": \(b)") }
        case .pointerUp(let p, let b):
            m.append("\"up\": \(point(p))")
            if b != 1 { m.append("\"button\": \(b)") }
        case .pointerCancelled(let p): m.append("\"cancel\": \(point(p))")
        case .scroll(let dx, let dy, let p): m.append("\"wheel\": [\(number(dx)), \(number(dy))], \"point\": \(point(p))")
        case .keyDown(let k): m.append("\"keyDown\": \(jsonString(k.name))")
        case .keyUp(let k): m.append("\"keyUp\": \(jsonString(k.name))")
        case .textInput(let t): m.append("\"text\": \(jsonString(t))")
        case .textComposition(let t, let r): m.append("\"compose\": \(jsonString(t)), \"selection\": [\(r.lowerBound), \(r.upperBound)]")
        case .filesDropped(let files, let p): m.append("\"drop\": [\(files.map(jsonString).joined(separator: ", "))], \"point\": \(point(p))")
        case .resize(let size): m.append("\"resize\": [\(number(size.width)), \(number(size.height))]")
        case .scaleChanged(let scale): m.append("\"scale\": \(number(scale))")
        case .quit: return nil
        }
        return "{" + (m + qualifiers(e)).joined(separator: ", ") + "}"
    }

    /// The members that qualify an event beyond what happened: modifiers, pointer, clicks, window.
    static func qualifiers(_ e: Event) -> [String] {
        let ev = e.event
        var m: [String] = []
        if !ev.modifiers.isEmpty {
            let names: [(KeyModifiers, String)] = [(.shift, "shift"), (.control, "control"), (.alt, "alt"), (.command, "command"),
                                                   (.capsLock, "capsLock")]
            m.append("\"modifiers\": [" + names.filter { ev.modifiers.contains($0.0) }.map { "\"\($0.1)\"" }.joined(separator: ", ") + "]")
        }
        if ev.pointerID != 0 { m.append("\"pointer\": \(ev.pointerID)") }
        if ev.clickCount != 1 { m.append("\"clicks\": \(ev.clickCount)") }
        if e.window != 0 { m.append("\"window\": \(e.window)") }
        if ev.windowID != 0 { m.append("\"windowID\": \(ev.windowID)") }
        return m
    }

    /// A number as JSON: whole numbers without a fraction, others in the shortest form that
    /// reads back as the same `Double` (so a replay sees the very timestamps and points).
    public static func number(_ x: Double) -> String {
        guard x.isFinite else { return "0" }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }
}

/// A recording that could not be written: the path and the system's reason.
public struct RecordingWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file that was to be written.
    public var path: String
    /// What went wrong (the C library's message).
    public var reason: String
    /// The error for `path`, for `reason`.
    public init(path: String, reason: String) { self.path = path; self.reason = reason }
    /// "cannot write the recording to PATH: REASON".
    public var description: String { "cannot write the recording to \(path): \(reason)" }

    /// Writes `text` to `path` (replacing it) with the C library, which is all this module uses.
    static func write(_ text: String, to path: String) throws(RecordingWriteError) {
        guard let file = fopen(path, "w") else { throw RecordingWriteError(path: path, reason: String(cString: strerror(errno))) }
        var utf8 = Array(text.utf8)
        let written = utf8.withUnsafeMutableBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let failed = written != utf8.count
        let closed = fclose(file) == 0
        if failed || !closed { throw RecordingWriteError(path: path, reason: String(cString: strerror(errno))) }
        utf8.removeAll()
    }
}
