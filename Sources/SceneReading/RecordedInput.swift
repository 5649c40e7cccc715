import FrameTiming
import Geometry
import JSONParsing
import UpdateLoop

// A recording's input (IN6): the members a live session's events need beyond a script's, and
// the recording file around them (UpdateLoop's SessionRecording+JSON.swift writes it).

extension SceneReader {
    /// The members an input item may have.
    static let inputKeys: Set<String> = ["at", "down", "move", "up", "wheel", "point", "key", "text", "modifiers", "pointer", "fling",
                                         "drag", "frame", "window", "button", "buttons", "keyDown", "keyUp", "cancel", "compose",
                                         "selection", "drop", "resize", "scale", "clicks", "windowID", "moves"]
    /// The members that say what happened; an item has exactly one.
    static let eventKinds = ["down", "move", "up", "wheel", "key", "text", "fling", "drag", "keyDown", "keyUp", "cancel", "compose",
                             "drop", "resize", "scale", "moves"]

    /// The members of a recorded event that qualify it, with a script's defaults when absent.
    struct RecordedMembers {
        var frame: Int?
        var window = 0
        var button = 1
        var buttons = 1
        var clicks = 1
        var windowID = 0
    }

    /// A whole number from 0 to `limit`; `what` names it in the error.
    public func wholeNumber(_ v: JSONValue, _ what: String, limit: Double) throws(SceneError) -> Int {
        let n = try number(v, what, limit: limit)
        guard n >= 0, n == n.rounded() else { throw fail(v, "\(what) must be a whole number from 0, found \(n)") }
        return Int(n)
    }

    func recordedMembers(_ item: JSONValue) throws(SceneError) -> RecordedMembers {
        var r = RecordedMembers()
        if let v = item["frame"] { r.frame = try wholeNumber(v, "frame", limit: 1e9) }
        if let v = item["window"] { r.window = try wholeNumber(v, "window", limit: 1000) }
        if let v = item["button"] { r.button = try wholeNumber(v, "button", limit: 32) }
        if let v = item["buttons"] { r.buttons = try wholeNumber(v, "buttons", limit: 65_536) }
        if let v = item["clicks"] { r.clicks = try wholeNumber(v, "clicks", limit: 1000) }
        if let v = item["windowID"] { r.windowID = try wholeNumber(v, "windowID", limit: 1e9) }
        return r
    }

    /// The event of a member only recordings use: keyDown, keyUp, cancel, compose, drop, resize,
    /// scale (the window's display scale changed, DK2).
    func recordedKind(_ kind: String, _ item: JSONValue) throws(SceneError) -> InputEvent.Kind {
        let v = item[kind]!
        switch kind {
        case "keyDown": return .keyDown(Key(try string(v, kind)))
        case "keyUp": return .keyUp(Key(try string(v, kind)))
        case "cancel": return .pointerCancelled(try point(v, kind))
        case "compose":
            let text = try string(v, kind)
            let sel = try item["selection"].map { (s) throws(SceneError) -> [Double] in try numbers(s, "selection", count: 2) } ?? [0, 0]
            guard sel[0] >= 0, sel[1] >= sel[0], sel[0] == sel[0].rounded(), sel[1] == sel[1].rounded() else {
                throw fail(item, "selection must be two whole numbers [start, end] with start <= end")
            }
            return .textComposition(text, selection: Int(sel[0])..<Int(sel[1]))
        case "drop":
            guard case .array(let files, _) = v else { throw fail(v, "drop must be an array of paths, found \(v.typeName)") }
            var paths: [String] = []
            for f in files { paths.append(try string(f, "a dropped file")) }
            let p = try item["point"].map { (p) throws(SceneError) -> Point in try point(p, "point") } ?? .zero
            return .filesDropped(paths, at: p)
        case "scale":
            let s = try number(v, "scale", limit: 8)
            guard s >= 0.25 else { throw fail(v, "scale must be from 0.25 to 8, found \(s)") }
            return .scaleChanged(s)
        default:
            let s = try numbers(v, "resize", count: 2)
            guard s[0] >= 0, s[1] >= 0 else { throw fail(v, "resize must be a non-negative size [width, height]") }
            return .resize(Size(width: s[0], height: s[1]))
        }
    }
}

/// Reads a session recording (IN6) as ``SessionRecorder`` writes it: the frame runs, the rate,
/// the scene and window size, and the input in the scene input format with each event's frame.
/// Errors name the file, line and column and what is wrong, as a scene file's do.
public enum RecordingReader {
    /// The most events a recording may hold: what a recorder keeps (`SessionRecording.eventLimit`).
    public static let eventLimit = SessionRecording.eventLimit

    /// What is to replay a recording: `timeline replay`, which rebuilds scene files, or an app
    /// that rebuilds its own first screen (its `SessionRecording.app` name).
    public enum Replayer: Sendable, Equatable {
        /// `timeline replay`: the recording must name no app.
        case sceneReplay
        /// The app of this name (and options): the recording must name the same.
        case app(String)
    }

    /// The recording in the file at `path`; with `replayer`, an error unless that program
    /// replays it (a recording of another app names the app to run, at its `"app"` member).
    public static func load(path: String, for replayer: Replayer? = nil) throws(SceneError) -> SessionRecording {
        try parse(try SceneReader.text(atPath: path), file: path, for: replayer)
    }

    /// The recording in `text`; `file` names it in errors. With `replayer`, as ``load(path:for:)``.
    public static func parse(_ text: String, file: String = "<recording>", for replayer: Replayer? = nil) throws(SceneError) -> SessionRecording {
        let json = try SceneReader.json(text, file: file)
        let reader = SceneReader(file: file)
        _ = try reader.object(json, "a recording", keys: ["timelineRecording", "fps", "scene", "size", "app", "mark", "frames", "input"])
        guard let version = json["timelineRecording"] else {
            throw reader.fail(json, "a recording needs \"timelineRecording\": 1 (is this a scene file? replay a recording of it)")
        }
        guard try reader.number(version, "timelineRecording") == 1 else { throw reader.fail(version, "this reader knows recording version 1 only") }
        guard let fpsValue = json["fps"] else { throw reader.fail(json, "a recording needs \"fps\"") }
        let fps = try reader.wholeNumber(fpsValue, "fps", limit: 240)
        guard let rate = FrameRate(fps: fps) else { throw reader.fail(fpsValue, "fps must be a whole number from 1 to 240, found \(fps)") }
        var recording = SessionRecording(rate: rate)
        if let s = json["scene"] { recording.scene = try reader.string(s, "scene") }
        if let s = json["size"] {
            let wh = try reader.numbers(s, "size", count: 2)
            guard wh[0] > 0, wh[1] > 0 else { throw reader.fail(s, "size must be positive [width, height]") }
            recording.windowSize = Size(width: wh[0], height: wh[1])
        }
        if let a = json["app"] {
            let name = try reader.string(a, "app")
            guard !name.isEmpty, name.utf8.count <= 4096 else { throw reader.fail(a, "app must name the app in 1 to 4096 bytes") }
            recording.app = name
        }
        switch (replayer, recording.app) {
        case (.sceneReplay?, let app?):
            throw reader.fail(json["app"]!, "this recording is of the app '\(app)', not of a scene file; the app replays it itself: "
                              + "run it as TIMELINE_REPLAY=\(file) \(app)")
        case (.app(let me)?, let app?) where app != me:
            throw reader.fail(json["app"]!, "this recording is of the app '\(app)', not '\(me)': run it as TIMELINE_REPLAY=\(file) \(app)")
        case (.app(let me)?, nil):
            throw reader.fail(json, "this recording names no app (a scene file's: replay it with timeline replay\(recording.scene.map { ", scene \($0)" } ?? "")); "
                              + "'\(me)' replays only its own recordings")
        default: break
        }
        guard let framesValue = json["frames"] else { throw reader.fail(json, "a recording needs \"frames\" (runs of [index, mediaTick, count, dropped])") }
        guard case .array(let runs, _) = framesValue else { throw reader.fail(framesValue, "frames must be an array, found \(framesValue.typeName)") }
        var lastIndex: Int64 = -1
        var frames = 0                                   // the runs' frames so far
        for run in runs {
            let r = try reader.numbers(run, "a frame run [index, mediaTick, count, dropped]", count: 4)
            guard r.allSatisfy({ $0 >= 0 && $0 == $0.rounded() && $0 < 1e15 }), r[2] >= 1 else {
                throw reader.fail(run, "a frame run is four whole numbers [index, mediaTick, count >= 1, dropped]")
            }
            guard Int64(r[0]) > lastIndex, r[1] <= r[0] else {
                throw reader.fail(run, "frame runs must go forward: index \(Int64(r[0])) after \(lastIndex), media tick at most the index")
            }
            recording.frameRuns.append(.init(index: Int64(r[0]), mediaTick: Int64(r[1]), count: Int(r[2]), droppedFrames: Int(r[3])))
            lastIndex = Int64(r[0]) + Int64(r[2]) - 1
            guard recording.frameRuns.count <= 10_000_000, lastIndex < 1 << 40 else { throw reader.fail(run, "too many frames") }
            frames += Int(r[2])
            guard frames <= SessionRecording.frameLimit else {
                throw reader.fail(run, "too many frames: a recording holds at most \(SessionRecording.frameLimit), these runs reach \(frames)")
            }
        }
        let frameCount = recording.frameCount
        if let m = json["mark"] {
            let mark = try reader.wholeNumber(m, "mark", limit: 1e12)
            guard mark < frameCount else {
                throw reader.fail(m, "mark \(mark) is past the end: the recording has \(frameCount) frames (0 to \(frameCount - 1))")
            }
            recording.mark = mark
        }
        // An event written without "at" was stamped by the loop with its frame's time; so is it here.
        let infos = recording.frames()
        if let input = json["input"] {
            let steps = try reader.input(input, limit: eventLimit)
            guard case .array(let items, _) = input else { return recording }
            for (k, step) in steps.enumerated() {
                guard let frame = step.frame else { throw reader.fail(items[min(k, items.count - 1)], "a recorded event needs \"frame\"") }
                guard frame < frameCount else {
                    throw reader.fail(items[min(k, items.count - 1)], "frame \(frame) is out of range: the recording has \(frameCount) frames")
                }
                var event = step.event
                if event.timestamp == nil { event.timestamp = Double(infos[frame].mediaTime) / 1e9 }
                recording.events.append(.init(frame: frame, window: step.window, event: event))
            }
        }
        return recording
    }
}
