import FrameTiming
import Geometry
import TimelineScene
import UpdateLoop
import Views

/// An exported replayable test (IN6) read back: the scene file it runs and the values it
/// expects. ``check(relativeTo:)`` runs the scene headless on a manual clock, every frame, and
/// compares; a test of the suite calls it on each exported pair.
public struct ReplayExpectations: Sendable {
    /// The scene file, as the expectations file names it (relative to that file).
    public var scene: String
    /// The frame rate to run the scene at.
    public var rate: FrameRate
    /// How far a value may be from the expected one.
    public var tolerance: Double
    /// The values expected, in file order.
    public var expectations: [ReplayExpectation]

    /// One value that differed (or could not be read).
    public struct Mismatch: Sendable, Equatable, CustomStringConvertible {
        /// What was expected.
        public var expected: ReplayExpectation
        /// What the run showed; nil when the view or key path could not be read.
        public var actual: Double?
        /// Why it could not be read, when it could not.
        public var error: String?
        /// "frame F: VIEW KEYPATH is A, expected E".
        public var description: String {
            "frame \(expected.frame): \(expected.view) \(expected.keyPath) is \(actual.map { "\($0)" } ?? error ?? "?"), expected \(expected.value)"
        }
    }

    /// The expectations file at `path`.
    public static func load(path: String) throws(ReplayError) -> ReplayExpectations {
        let text: String
        do { text = try SceneReader.text(atPath: path) } catch { throw .malformed(error) }
        return try parse(text, file: path)
    }

    /// The expectations in `text`; `file` names it in errors.
    public static func parse(_ text: String, file: String = "<expectations>") throws(ReplayError) -> ReplayExpectations {
        do throws(SceneError) {
            let json = try SceneReader.json(text, file: file)
            let r = SceneReader(file: file)
            _ = try r.object(json, "an expectations file", keys: ["timelineExpectations", "scene", "fps", "tolerance", "expect"])
            guard json["timelineExpectations"] != nil else { throw r.fail(json, "an expectations file needs \"timelineExpectations\": 1") }
            guard let scene = json["scene"], let fps = json["fps"], let expect = json["expect"] else {
                throw r.fail(json, "an expectations file needs \"scene\", \"fps\" and \"expect\"")
            }
            let n = try r.wholeNumber(fps, "fps", limit: 240)
            guard let rate = FrameRate(fps: n) else { throw r.fail(fps, "fps must be a whole number from 1 to 240, found \(n)") }
            let tolerance = try json["tolerance"].map { (t) throws(SceneError) -> Double in try r.nonNegative(t, "tolerance") } ?? 1e-6
            guard case .array(let items, _) = expect else { throw r.fail(expect, "expect must be an array, found \(expect.typeName)") }
            var out: [ReplayExpectation] = []
            for item in items {
                _ = try r.object(item, "an expectation", keys: ["frame", "view", "keyPath", "value"])
                guard let f = item["frame"], let v = item["view"], let k = item["keyPath"], let x = item["value"] else {
                    throw r.fail(item, "an expectation needs \"frame\", \"view\", \"keyPath\" and \"value\"")
                }
                out.append(ReplayExpectation(frame: try r.wholeNumber(f, "frame", limit: 1e7), view: try r.string(v, "view"),
                                             keyPath: try r.string(k, "keyPath"), value: try r.number(x, "value")))
            }
            return ReplayExpectations(scene: try r.string(scene, "scene"), rate: rate, tolerance: tolerance, expectations: out)
        } catch {
            throw .malformed(error)
        }
    }

    /// Runs the scene (its path taken relative to `directory`) headless, every frame from 0 on a
    /// manual clock, to the last expected frame; returns the values that differ (empty: the test
    /// passes).
    ///
    /// - Throws: ``ReplayError/malformed(_:)`` when the scene file cannot be read.
    @MainActor
    public func check(relativeTo directory: String) throws(ReplayError) -> [Mismatch] {
        let path = scene.hasPrefix("/") ? scene : directory + "/" + scene
        let loaded: Scene
        do { loaded = try SceneLoader.load(path: path) } catch { throw .malformed(error) }
        let host = HeadlessHost(size: loaded.size, rate: rate)
        host.runLoop.keepsRunningWhenIdle = true
        host.runLoop.diagnostics.logger = nil
        host.runLoop.diagnostics.keepsEntries = false
        let built = SceneBuilder.build(loaded, in: host.window)
        let animator = SceneAnimator(scene: loaded, built: built, runLoop: host.runLoop)
        var mismatches: [Mismatch] = []
        var ran = -1
        for e in expectations.sorted(by: { $0.frame < $1.frame }) {
            while ran < e.frame, let info = host.step() { ran = Int(info.index) }
            do {
                let v = try PresentationValue.read(e.keyPath, of: try PresentationValue.target(named: e.view, built: built, window: host.window))
                if !(abs(v - e.value) <= tolerance) { mismatches.append(Mismatch(expected: e, actual: v, error: nil)) }
            } catch {
                mismatches.append(Mismatch(expected: e, actual: nil, error: error.description))
            }
        }
        withExtendedLifetime(animator) {}
        return mismatches
    }
}
