import FrameTiming
import Geometry
import Layers
import RenderModel
import TimelineScene
import UpdateLoop
import Views

/// A frame clock that gives a recording's frames, in order, one per ``step()`` (IN6): the very
/// indices, media ticks and dropped counts the session's clock gave, so every animated value,
/// a pure function of the frame's time, comes out as it did.
public final class RecordedFrameClock: FrameClock, @unchecked Sendable {
    /// The recording's rate.
    public let rate: FrameRate
    /// Runs each frame inside ``step()``.
    public var frameHandler: ((FrameInfo) -> Bool)?
    /// The frames to give, in order.
    public let frames: [FrameInfo]
    /// How many frames were given so far.
    public private(set) var position = 0

    /// A clock that gives `frames` at `rate`.
    public init(frames: [FrameInfo], rate: FrameRate) { self.frames = frames; self.rate = rate }

    /// Does nothing: a recorded frame runs whether or not the loop asks for it, as it did live.
    public func wake() {}
    /// Whether frames are left.
    public var hasScheduledFrame: Bool { position < frames.count }

    /// Runs the next recorded frame; nil when none is left.
    @discardableResult
    public func step() -> FrameInfo? {
        guard position < frames.count else { return nil }
        let info = frames[position]
        position += 1
        _ = frameHandler?(info)
        return info
    }
}

/// A recorded session run again headless, frame by frame (IN6): the scene (or the app's first
/// screen) built as the session built it, each recorded event sent before the frame that handled
/// it, each frame given the recorded clock values. Forward only: a step back is a new host run to
/// the frame, or a checkpoint of ``ReplaySession`` resumed.
///
/// The scene is built without its own scripted input: the recording holds every event the
/// window handled, the script's among them. An app that is not a scene file gives its own
/// builder (``init(recording:size:app:)``): the code that builds its first screen at launch.
@MainActor
public final class ReplayHost {
    /// What is replayed.
    public let recording: SessionRecording
    /// The clock giving the recorded frames.
    public let clock: RecordedFrameClock
    /// The run loop the window's frames run on.
    public let runLoop: MainRunLoop
    /// The window the scene is built in.
    public let window: Window
    /// Keeps the last frame's display list instead of drawing it.
    public let renderer = RecordingRenderer()
    /// The scene's views and layers by id.
    public let built: BuiltScene
    private let animator: SceneAnimator?
    private var nextEvent = 0

    /// Code that adds to a built scene what its file cannot say (a property animator, a gesture
    /// recognizer), run once the scene is built, before the first frame, in the recorded session
    /// and in its replay alike.
    public typealias SetUp = @MainActor (BuiltScene, MainRunLoop) -> Void

    /// An app's launch: builds its first screen into the window (its root view or root view
    /// controller) and sets up what it runs on the loop, as the app does before its first frame.
    /// In a replay it runs in the replay's process, on a headless window and the recorded clock.
    public typealias AppBuilder = @MainActor (Window, MainRunLoop) -> Void

    /// A host that will replay `recording` over `scene` (and `setUp`), no frame run yet.
    public init(recording: SessionRecording, scene: Scene, setUp: SetUp? = nil) {
        self.recording = recording
        clock = RecordedFrameClock(frames: recording.frames(), rate: recording.rate)
        runLoop = MainRunLoop(clock: clock)
        runLoop.diagnostics.logger = nil
        runLoop.diagnostics.keepsEntries = false
        window = Window(size: recording.windowSize ?? scene.size)
        window.renderer = renderer
        runLoop.add(window)
        window.makeKeyAndVisible()
        var quiet = scene
        quiet.input = []
        built = SceneBuilder.build(quiet, in: window)
        animator = SceneAnimator(scene: quiet, built: built, runLoop: runLoop)
        setUp?(built, runLoop)
    }

    /// A host that will replay `recording` over the app `build` builds, in a window of the
    /// recorded size (else `size`), no frame run yet. ``snapshot()`` is the frame number and the
    /// window's display list; values are read from views by identifier or accessibility identifier.
    public init(recording: SessionRecording, size: Size = Size(width: 800, height: 600), app build: AppBuilder) {
        self.recording = recording
        clock = RecordedFrameClock(frames: recording.frames(), rate: recording.rate)
        runLoop = MainRunLoop(clock: clock)
        runLoop.diagnostics.logger = nil
        runLoop.diagnostics.keepsEntries = false
        window = Window(size: recording.windowSize ?? size)
        window.renderer = renderer
        runLoop.add(window)
        window.makeKeyAndVisible()
        built = BuiltScene()
        animator = nil
        build(window, runLoop)
    }

    /// How many frames the recording holds.
    public var frameCount: Int { clock.frames.count }
    /// The last frame run (its position in the recording), or nil before the first.
    public var frame: Int? { clock.position == 0 ? nil : clock.position - 1 }

    /// Runs the next recorded frame, its events sent first; nil at the end of the recording.
    @discardableResult
    public func step() -> FrameInfo? {
        let position = clock.position
        guard position < clock.frames.count else { return nil }
        let events = recording.events
        while nextEvent < events.count, events[nextEvent].frame <= position {
            runLoop.send(events[nextEvent].event, toWindow: events[nextEvent].window)
            nextEvent += 1
        }
        return clock.step()
    }

    /// Runs frames until frame `target` has run.
    ///
    /// - Throws: ``ReplayError/frameOutOfRange(frame:count:)`` for a frame outside the
    ///   recording or one already behind (a host only goes forward).
    public func run(through target: Int) throws(ReplayError) {
        guard target >= 0, target < frameCount, target >= (frame ?? -1) else {
            throw .frameOutOfRange(frame: target, count: frameCount)
        }
        while clock.position <= target { step() }
    }

    /// The presentation value (what the frame shows) of `keyPath` of the view or layer `name`.
    public func value(of name: String, _ keyPath: String) throws(ReplayError) -> Double {
        try PresentationValue.read(keyPath, of: try target(named: name))
    }

    /// The layer whose presentation a name reads: a scene view's or layer's, else a view in the
    /// window with that identifier or accessibility identifier.
    func target(named name: String) throws(ReplayError) -> Layer {
        try PresentationValue.target(named: name, built: built, window: window)
    }

    /// What the last frame shows, as text: every scene view's and layer's presentation values and
    /// the window's display list. Two hosts at the same frame of the same recording give the same
    /// text (the test of a step back).
    public func snapshot() -> String { PresentationValue.snapshot(built: built, window: window, frame: frame ?? -1) }

    /// A 64-bit FNV-1a digest of ``snapshot()``, for comparing frames cheaply across processes.
    public func digest() -> UInt64 { PresentationValue.digest(snapshot()) }
}

/// The key paths a replay reads from a presentation layer (IN6), as UIKit and Core Animation
/// name them.
@MainActor
public enum PresentationValue {
    /// The key paths read, in the order errors list them.
    public static let keyPaths = ["frame.origin.x", "frame.origin.y", "frame.size.width", "frame.size.height", "center.x", "center.y",
                                  "bounds.origin.x", "bounds.origin.y", "contentOffset.x", "contentOffset.y", "position.x",
                                  "position.y", "alpha", "opacity", "cornerRadius", "zPosition", "rotation", "scale.x", "scale.y",
                                  "strokeStart", "strokeEnd"]

    /// The layer whose presentation a name reads: a scene view's or layer's, else a view in the
    /// window with that identifier or accessibility identifier.
    public static func target(named name: String, built: BuiltScene, window: Window) throws(ReplayError) -> Layer {
        if let v = built.views[name] { return v.presentation }
        if let l = built.layers[name] { return l.presentation() ?? l }
        var stack: [View] = [window.rootView]
        while let v = stack.popLast() {
            if v.identifier == name || v.accessibilityIdentifier == name { return v.presentation }
            stack.append(contentsOf: v.subviews)
        }
        throw .unknownView(name)
    }

    /// The value of `keyPath` on `p`.
    public static func read(_ keyPath: String, of p: Layer) throws(ReplayError) -> Double {
        let f = p.frame
        switch keyPath {
        case "frame.origin.x", "x": return f.minX
        case "frame.origin.y", "y": return f.minY
        case "frame.size.width", "width": return f.width
        case "frame.size.height", "height": return f.height
        case "center.x": return f.midX
        case "center.y": return f.midY
        case "bounds.origin.x", "contentOffset.x": return p.bounds.minX
        case "bounds.origin.y", "contentOffset.y": return p.bounds.minY
        case "position.x": return p.position.x
        case "position.y": return p.position.y
        case "alpha", "opacity": return p.opacity
        case "cornerRadius": return p.cornerRadius
        case "zPosition": return p.zPosition
        case "rotation": return p.affineTransform().decomposed.angle
        case "scale.x": return p.affineTransform().decomposed.sx
        case "scale.y": return p.affineTransform().decomposed.sy
        case "strokeStart", "strokeEnd":
            guard let s = p as? ShapeLayer else { throw .unknownKeyPath(keyPath + " (not a shape layer)", known: keyPaths) }
            return keyPath == "strokeStart" ? s.strokeStart : s.strokeEnd
        default: throw .unknownKeyPath(keyPath, known: keyPaths)
        }
    }

    /// What a window shows after frame `frame`, as text: every scene view's and layer's
    /// presentation values and the window's display list (``ReplayHost/snapshot()``; a test
    /// takes it of the recorded session too).
    public static func snapshot(built: BuiltScene, window: Window, frame: Int) -> String {
        var lines: [String] = ["frame \(frame)"]
        for id in built.order { if let v = built.views[id] { lines.append("view \(id) " + line(v.presentation)) } }
        for id in built.layers.keys.sorted() { let l = built.layers[id]!; lines.append("layer \(id) " + line(l.presentation() ?? l)) }
        lines.append("list \(String(describing: window.displayList.commands))")
        return lines.joined(separator: "\n")
    }

    /// A 64-bit FNV-1a digest of a snapshot's text (``ReplayHost/digest()``): what an app that
    /// records prints for its last frame, and a replay prints for each frame it shows.
    public static func digest(_ snapshot: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in snapshot.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h
    }

    /// One line of a layer's presentation values, exact (each number as Swift prints a Double).
    static func line(_ p: Layer) -> String {
        let f = p.frame, d = p.affineTransform().decomposed
        return "\(f.minX) \(f.minY) \(f.width) \(f.height) b \(p.bounds.minX) \(p.bounds.minY) a \(p.opacity) r \(p.cornerRadius) "
            + "t \(d.angle) \(d.sx) \(d.sy) c \(p.backgroundColor.map { "\($0)" } ?? "-")"
    }
}
