import FrameTiming
import Geometry
import JSONParsing
import TimelineScene
import UpdateLoop

/// One value a replayable test expects: `keyPath` of `view` at frame `frame` is `value`.
public struct ReplayExpectation: Sendable, Equatable {
    /// The frame (its index: ticks since the first frame) whose presentation is read.
    public var frame: Int
    /// A scene id, identifier or accessibility identifier.
    public var view: String
    /// A key path of ``PresentationValue/keyPaths``.
    public var keyPath: String
    /// The value expected.
    public var value: Double
    /// `keyPath` of `view` is `value` at frame `frame`.
    public init(frame: Int, view: String, keyPath: String, value: Double) {
        self.frame = frame; self.view = view; self.keyPath = keyPath; self.value = value
    }
}

/// A recording exported as a replayable test (IN6): a scene file (the recorded scene with the
/// recording's input in place of its own, each event with the frame that handled it) and an
/// expectations file naming it, with the values a replay showed at chosen frames. The test
/// suite runs such pairs with ``ReplayExpectations/check(relativeTo:)``.
public enum ReplayExport {
    /// The scene text `sceneText` (from `file`) with its `"input"` replaced by `recording`'s
    /// events; each event's `frame` is the grid index of the frame that handled it.
    public static func sceneText(_ sceneText: String, file: String, recording: SessionRecording) throws(ReplayError) -> String {
        let json: JSONValue
        do { json = try SceneReader.json(sceneText, file: file) } catch { throw .malformed(error) }
        guard case .object(let members, _) = json else {
            throw .malformed(SceneReader(file: file).fail(json, "the scene must be an object, found \(json.typeName)"))
        }
        let frames = recording.frames()
        var input: [String] = []
        for e in recording.events {
            var indexed = e
            indexed.frame = Int(frames[e.frame].index)
            if let item = SessionRecording.inputItem(indexed) { input.append(item) }
        }
        var out = "{\n"
        for (key, value) in members where key != "input" {
            if case .array(let items, _) = value, items.contains(where: { if case .object = $0 { true } else { false } }) {
                out += "  \(jsonString(key)): [\n    " + items.map(serialized).joined(separator: ",\n    ") + "\n  ],\n"
            } else {
                out += "  \(jsonString(key)): \(serialized(value)),\n"
            }
        }
        out += "  \"input\": [" + (input.isEmpty ? "" : "\n    " + input.joined(separator: ",\n    ") + "\n  ") + "]\n}\n"
        return out
    }

    /// The expectations file's text: the scene file's name (relative to the expectations file),
    /// the rate, a tolerance and the values.
    public static func expectationsText(scene: String, rate: FrameRate, tolerance: Double = 1e-6,
                                        expectations: [ReplayExpectation]) -> String {
        let items = expectations.map {
            "{\"frame\": \($0.frame), \"view\": \(jsonString($0.view)), \"keyPath\": \(jsonString($0.keyPath)), \"value\": \(SessionRecording.number($0.value))}"
        }
        return "{\"timelineExpectations\": 1, \"scene\": \(jsonString(scene)), \"fps\": \(rate.rawValue), \"tolerance\": \(tolerance),\n"
            + "\"expect\": [\n  " + items.joined(separator: ",\n  ") + "\n]}\n"
    }

    /// The values a replay of `recording` over `scene` shows for `view`'s `keyPaths` at `frames`
    /// (positions in the recording), as expectations at those frames' indices.
    @MainActor
    public static func expectations(recording: SessionRecording, scene: Scene, view: String, keyPaths: [String],
                                    frames: [Int]) throws(ReplayError) -> [ReplayExpectation] {
        let host = ReplayHost(recording: recording, scene: scene)
        let infos = host.clock.frames
        var out: [ReplayExpectation] = []
        for f in frames.sorted() {
            try host.run(through: f)
            for k in keyPaths {
                out.append(ReplayExpectation(frame: Int(infos[f].index), view: view, keyPath: k, value: try host.value(of: view, k)))
            }
        }
        return out
    }

    /// `v` as JSON text (numbers in the shortest form that reads back the same).
    static func serialized(_ v: JSONValue) -> String {
        switch v {
        case .null: return "null"
        case .bool(let b, _): return b ? "true" : "false"
        case .number(let x, _): return SessionRecording.number(x)
        case .string(let s, _): return jsonString(s)
        case .array(let items, _): return "[" + items.map(serialized).joined(separator: ", ") + "]"
        case .object(let members, _): return "{" + members.map { "\(jsonString($0.key)): \(serialized($0.value))" }.joined(separator: ", ") + "}"
        }
    }
}
