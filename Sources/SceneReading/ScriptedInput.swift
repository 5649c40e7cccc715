import Geometry
import JSONParsing
import UpdateLoop

// A scene file's scripted input (SC8): timestamped pointer, wheel, key and text events, and
// flings and drags. TimelineScene reads it as part of a scene; the UIKit facade's `UIKIT_INPUT`
// hook reads only it (``ScriptedInput``), so the facade needs no scene loader.

/// One scripted input event (SC8), sent with its time as its timestamp, so a fling's release
/// velocity is exactly what the script says whatever the frame rate.
public struct InputStep: Sendable {
    /// Seconds after the first frame.
    public var at: Double
    /// The pointer, wheel or key event sent.
    public var event: InputEvent
    /// The position of the frame whose events phase handles it (IN6: a recording's events
    /// name theirs); nil: the first frame after the one whose time reaches ``at``.
    public var frame: Int?
    /// Which window (input-receiving participant) it goes to; 0 is the first.
    public var window: Int
    /// `event`, sent `at` seconds after the first frame.
    public init(at: Double, event: InputEvent) { self.at = at; self.event = event; frame = nil; window = 0 }
    /// `event` at `at` seconds, handled in frame `frame` by window `window` (a recorded event).
    public init(at: Double, event: InputEvent, frame: Int?, window: Int = 0) {
        self.at = at; self.event = event; self.frame = frame; self.window = window
    }
}

extension SceneReader {
    /// `"input": [...]` (SC8): timestamped pointer, wheel, key and text events, and flings and
    /// drags that expand into a press, moves every 1/120 s and a release. A recording's input
    /// (IN6) adds `frame`, `window`, `button`, `buttons`, `keyDown`, `keyUp`, `cancel`,
    /// `compose` (with `selection`), `drop`, `resize`, `clicks`, `windowID` and `moves` (several
    /// moves at once); with `frame` on every item, the items stay in file order, and an item with
    /// `frame` may leave out `at`: its event has no timestamp, and the run loop stamps it when
    /// handled. `limit` bounds the events.
    public func input(_ v: JSONValue, limit: Int = 100_000) throws(SceneError) -> [InputStep] {
        guard case .array(let items, _) = v else { throw fail(v, "input must be an array, found \(v.typeName)") }
        var steps: [InputStep] = []
        var framed = 0
        for item in items {
            // Flings expand into many events: the total is bounded like every list in a scene (one
            // event more may add up to 7,202: a press, 7,200 moves over 60 s and a release).
            guard steps.count <= limit else { throw fail(item, "the input expands to more than \(limit) events; the limit is \(limit)") }
            let members = try object(item, "an input event", keys: Self.inputKeys)
            // A recorded event with a frame and no time is stamped by the run loop when handled.
            let at: Double?
            if let atValue = item["at"] {
                at = try number(atValue, "at", limit: 1e6)
                guard at! >= 0 else { throw fail(atValue, "at must not be negative, found \(at!)") }
            } else {
                guard item["frame"] != nil else { throw fail(item, "an input event needs \"at\" (seconds)") }
                at = nil
            }
            var modifiers: KeyModifiers = []
            if let m = item["modifiers"] {
                guard case .array(let names, _) = m else { throw fail(m, "modifiers must be an array of names") }
                for n in names {
                    switch try string(n, "a modifier") {
                    case "shift": modifiers.insert(.shift)
                    case "control": modifiers.insert(.control)
                    case "alt": modifiers.insert(.alt)
                    case "command": modifiers.insert(.command)
                    case "capsLock": modifiers.insert(.capsLock)
                    case let other: throw fail(n, "a modifier must be shift, control, alt, command or capsLock, found '\(other)'")
                    }
                }
            }
            let pointer = try item["pointer"].map { (p) throws(SceneError) -> Int in
                let n = try number(p, "pointer", limit: 1000)
                guard n >= 0, n == n.rounded() else { throw fail(p, "pointer must be a whole number from 0, found \(n)") }
                return Int(n)
            } ?? 0
            let recorded = try recordedMembers(item)
            if recorded.frame != nil { framed += 1 }
            func add(_ kind: InputEvent.Kind, _ t: Double?) {
                steps.append(InputStep(at: t ?? 0, event: InputEvent(kind, timestamp: t, modifiers: modifiers, pointerID: pointer,
                                                                clickCount: recorded.clicks, windowID: recorded.windowID),
                                       frame: recorded.frame, window: recorded.window))
            }
            let kinds = members.map(\.key).filter { Self.eventKinds.contains($0) }
            guard kinds.count == 1 else {
                throw fail(item, "an input event needs exactly one of \(Self.eventKinds.joined(separator: ", ")); found \(kinds.count)")
            }
            switch kinds[0] {
            case "down": add(.pointerDown(try point(item["down"]!, "down"), button: recorded.button), at)
            case "move": add(.pointerMoved(try point(item["move"]!, "move"), buttons: recorded.buttons), at)
            case "up": add(.pointerUp(try point(item["up"]!, "up"), button: recorded.button), at)
            case "keyDown", "keyUp", "cancel", "compose", "drop", "resize", "scale":
                add(try recordedKind(kinds[0], item), at)
            case "moves":
                guard case .array(let points, _) = item["moves"]! else { throw fail(item["moves"]!, "moves must be an array of points") }
                for p in points { add(.pointerMoved(try point(p, "a move"), buttons: recorded.buttons), at) }
            case "wheel":
                let d = try numbers(item["wheel"]!, "wheel", count: 2)
                let p = try item["point"].map { (v) throws(SceneError) -> Point in try point(v, "point") } ?? .zero
                add(.scroll(dx: d[0], dy: d[1], at: p), at)
            case "key":
                let k = Key(try string(item["key"]!, "key"))
                add(.keyDown(k), at)
                add(.keyUp(k), at)
            case "text": add(.textInput(try string(item["text"]!, "text")), at)
            default:
                // {"from": [x, y], "to": [x, y], "duration": s}: a fling releases moving; a drag
                // holds still for 0.2 s before it releases (no velocity).
                let isDrag = kinds[0] == "drag"
                guard let at else { throw fail(item, "a \(kinds[0]) needs \"at\" (seconds)") }
                let spec = item[kinds[0]]!
                _ = try object(spec, "a \(kinds[0])", keys: ["from", "to", "duration"])
                guard let f = spec["from"], let t = spec["to"] else { throw fail(spec, "a \(kinds[0]) needs \"from\" and \"to\"") }
                let from = try point(f, "from"), to = try point(t, "to")
                let duration = try spec["duration"].map { (d) throws(SceneError) -> Double in try number(d, "duration", limit: 60) } ?? 0.1
                guard duration > 0 else { throw fail(spec, "duration must be positive, found \(duration)") }
                let n = max(2, Int((duration * 120).rounded()))
                add(.pointerDown(from, button: 1), at)
                for k in 1...n {
                    let u = Double(k) / Double(n)
                    add(.pointerMoved(Point(x: from.x + (to.x - from.x) * u, y: from.y + (to.y - from.y) * u), buttons: 1),
                        at + duration * u)
                }
                add(.pointerUp(to, button: 1), at + duration + (isDrag ? 0.2 : 0))
            }
        }
        if framed > 0 {
            // A recording's events (IN6): in the order they were handled, frame by frame.
            guard framed == items.count else { throw fail(v, "either every input event has \"frame\" (a recording) or none does") }
            for k in steps.indices.dropFirst() where steps[k].frame! < steps[k - 1].frame! {
                throw fail(items[min(k, items.count - 1)], "input events with \"frame\" must be in frame order; frame \(steps[k].frame!) follows \(steps[k - 1].frame!)")
            }
            return steps
        }
        return steps.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
    }
}

/// A scene file's scripted input read on its own: the `"input"` member of the file's top-level
/// object, checked as a scene loader checks it (same limits, same errors). The rest of the file
/// is not read, so a file whose views are wrong still gives its input.
public enum ScriptedInput {
    /// The input steps of the scene file at `path`, in time order (none when it has no input).
    public static func load(path: String) throws(SceneError) -> [InputStep] {
        try parse(try SceneReader.text(atPath: path), file: path)
    }

    /// The input steps of the scene text `text`, in time order; `file` names it in errors.
    public static func parse(_ text: String, file: String = "<scene>") throws(SceneError) -> [InputStep] {
        let json = try SceneReader.json(text, file: file)
        let reader = SceneReader(file: file)
        guard case .object = json else { throw reader.fail(json, "the scene must be an object, found \(json.typeName)") }
        guard let input = json["input"] else { return [] }
        return try reader.input(input)
    }
}
