import FrameTiming
import Geometry

/// What a session's frames were given (IN6): each frame's clock values and each input event a
/// window handled, in order. Pictures are not kept: the engine is deterministic, so these are
/// enough to run the session again headless (the TimeTravel module's replay) and see every frame.
///
/// Frames are kept as runs of consecutive grid ticks (a steady 60 fps minute is one run); events
/// as the frame (its position in the recording, from 0) whose events phase handled them, the
/// window they went to and the event itself with its timestamp. Its JSON text (``jsonText``) is
/// a scene file's `"input"` list with a few members more; SceneReading reads it back.
public struct SessionRecording: Sendable, Equatable {
    /// Consecutive frames: ticks `index ..< index + count` at media ticks `mediaTick ..< mediaTick + count`.
    public struct FrameRun: Sendable, Equatable {
        /// The grid index of the run's first frame.
        public var index: Int64
        /// The media tick of the run's first frame (the grid index less ticks removed by stalls).
        public var mediaTick: Int64
        /// How many frames the run holds (at least 1).
        public var count: Int
        /// Ticks dropped just before the run's first frame (its ``FrameInfo/droppedFrames``).
        public var droppedFrames: Int
        /// A run of `count` frames from grid tick `index` at media tick `mediaTick`.
        public init(index: Int64, mediaTick: Int64, count: Int, droppedFrames: Int = 0) {
            self.index = index; self.mediaTick = mediaTick; self.count = count; self.droppedFrames = droppedFrames
        }
    }

    /// An input event and where it was handled.
    public struct Event: Sendable, Equatable {
        /// The position (from 0) of the frame whose events phase handled it.
        public var frame: Int
        /// Which input-receiving participant it went to (0: the first window).
        public var window: Int
        /// The event, its timestamp set.
        public var event: InputEvent
        /// `event`, handled in frame `frame` by window `window`.
        public init(frame: Int, window: Int = 0, event: InputEvent) { self.frame = frame; self.window = window; self.event = event }
    }

    /// The frame rate of the clock the session ran on.
    public var rate: FrameRate
    /// The frames, as runs of consecutive ticks, in order.
    public var frameRuns: [FrameRun]
    /// The input events, in the order they were handled.
    public var events: [Event]
    /// The scene file the session showed, when it was one (what a replay builds).
    public var scene: String?
    /// The window's size in points when the recording began, when known.
    public var windowSize: Size?
    /// The app that recorded it, when it was not a scene file: its name and the options that
    /// shape its first screen, as a command line (`Gallery --scene springs`). That app replays
    /// the recording (`TIMELINE_REPLAY=path`, `AppReplay` in TimeTravel); `timeline replay`
    /// replays scene files only and names this app when asked to replay it.
    public var app: String?
    /// The frame (its position, from 0) a replay opens at: where the inspector's
    /// `Replay.startRecording` was asked, in a recording kept from launch. Nil: the first frame.
    public var mark: Int?

    /// A recording at `rate` of the frames `frameRuns` and the events `events`.
    public init(rate: FrameRate, frameRuns: [FrameRun] = [], events: [Event] = [], scene: String? = nil, windowSize: Size? = nil,
                app: String? = nil, mark: Int? = nil) {
        self.rate = rate; self.frameRuns = frameRuns; self.events = events; self.scene = scene; self.windowSize = windowSize
        self.app = app; self.mark = mark
    }

    /// How many frames were recorded.
    public var frameCount: Int { frameRuns.reduce(0) { $0 + $1.count } }

    /// The most events a recording holds: what the reader takes back (a busy hour of 120 Hz
    /// pointer moves fits; a busy gallery session fills it in about five and a half hours).
    public static let eventLimit = 2_000_000
    /// The most frames a recording holds: what the reader takes back (nine hours at 120 Hz;
    /// ``frames()`` lays every one out, 56 bytes each).
    public static let frameLimit = 4_000_000

    /// Takes the last frame off, with the events it handled.
    public mutating func removeLastFrame() {
        guard var last = frameRuns.last else { return }
        let position = frameCount - 1
        while let e = events.last, e.frame == position { events.removeLast() }
        last.count -= 1
        if last.count == 0 { frameRuns.removeLast() } else { frameRuns[frameRuns.count - 1] = last }
    }

    /// Every recorded frame's info, in order, as the clock gave it (timestamps on a grid from 0).
    ///
    /// - Complexity: O(frames).
    public func frames() -> [FrameInfo] {
        let grid = FrameGrid(rate: rate, origin: 0)
        var infos: [FrameInfo] = []
        infos.reserveCapacity(frameCount)
        var totalDropped: Int64 = 0
        for run in frameRuns {
            for k in 0..<run.count {
                let dropped = k == 0 ? run.droppedFrames : 0
                totalDropped += Int64(dropped)
                let index = run.index + Int64(k)
                infos.append(FrameInfo(index: index, timestamp: grid.time(ofTick: index), targetTimestamp: grid.time(ofTick: index + 1),
                                       mediaTick: run.mediaTick + Int64(k), droppedFrames: dropped, totalDroppedFrames: totalDropped,
                                       rate: rate))
            }
        }
        return infos
    }

    /// Adds `info` as the next frame: to the last run when it follows it tick for tick.
    public mutating func append(frame info: FrameInfo) {
        if var last = frameRuns.last, info.droppedFrames == 0, info.index == last.index + Int64(last.count),
           info.mediaTick == last.mediaTick + Int64(last.count) {
            last.count += 1
            frameRuns[frameRuns.count - 1] = last
        } else {
            frameRuns.append(FrameRun(index: info.index, mediaTick: info.mediaTick, count: 1, droppedFrames: info.droppedFrames))
        }
    }
}

/// Records a run loop's frames and the input its windows handle (IN6), while it is the loop's
/// ``MainRunLoop/sessionRecorder``. The loop calls it once per frame and once per event; with no
/// recorder the loop pays one nil check per frame and per event, and allocates nothing.
///
/// Owned by the engine instance that records (a run loop holds it); there is no process-wide
/// recorder. Started at launch by ``startIfRequested(on:windowSize:app:environment:)``
/// (`TIMELINE_RECORD=path`, or `TIMELINE_INSPECT` so that the inspector can save the session
/// from launch) or, in a loop that has none, by the inspector's `Replay.startRecording`.
@MainActor
public final class SessionRecorder {
    /// What was recorded so far.
    public private(set) var recording: SessionRecording
    /// Where ``write()`` puts the recording's JSON text, when it was given a path.
    public private(set) var path: String?

    /// A recorder of frames at `rate`; `scene`, `windowSize` and `app` are written into the
    /// recording so a replay can build what the session showed.
    public init(rate: FrameRate, path: String? = nil, scene: String? = nil, windowSize: Size? = nil, app: String? = nil,
                eventLimit: Int = SessionRecording.eventLimit) {
        recording = SessionRecording(rate: rate, scene: scene, windowSize: windowSize, app: app)
        self.path = path
        self.eventLimit = max(0, eventLimit)
    }

    /// The most events this recorder keeps (``SessionRecording/eventLimit`` unless a test asks
    /// for fewer).
    public let eventLimit: Int
    /// Whether the recording is full: an event past ``eventLimit`` came, so the frame it came
    /// in was taken off with its events and nothing more is kept. The recording then holds the
    /// session up to the frame before, which replays exactly; memory stops growing.
    public private(set) var isFull = false

    /// The recorder an app gets at launch (IN6), started before its first frame: when the
    /// environment has `TIMELINE_RECORD=path` (written to that path by ``write()``; call it when
    /// the app ends) or `TIMELINE_INSPECT` (kept in memory, about 0.16 MB a busy minute, so the
    /// inspector's `Replay.startRecording` saves a recording that replays from launch). Nil when
    /// neither is set: then the loop pays one nil check per frame and per event.
    ///
    /// `app` names the app and the options that shape its first screen, as a command line
    /// (what replays the recording: ``SessionRecording/app``); `TIMELINE_RECORD_SCENE` names the
    /// scene file shown, if any. A recorder the loop has already (one the inspector started)
    /// is kept and given the path, size and name.
    public static func startIfRequested(on runLoop: MainRunLoop, windowSize: Size? = nil, app: String? = nil,
                                        environment: [String: String]) -> SessionRecorder? {
        let path = environment["TIMELINE_RECORD"].flatMap { $0.isEmpty ? nil : $0 }
        // TIMELINE_INSPECT as the inspector reads it: a port; anything else starts no inspector.
        let words = environment["TIMELINE_INSPECT"].map { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }) } ?? []
        let inspects = words.count == 1 && UInt16(words[0]) != nil
        guard path != nil || inspects else { return nil }
        let recorder = runLoop.sessionRecorder ?? SessionRecorder(rate: runLoop.clock.rate)
        if let path { recorder.path = path }
        if let scene = environment["TIMELINE_RECORD_SCENE"] { recorder.recording.scene = scene }
        if let windowSize { recorder.recording.windowSize = windowSize }
        if let app { recorder.recording.app = app }
        recorder.start(on: runLoop)
        return recorder
    }

    /// How many frames were recorded: the position the next frame will have.
    public var recordedFrames: Int { frameCount }

    /// Names the app recorded when the recording names none yet (the inspector's name for it,
    /// when an app did not say).
    public func nameAppIfUnnamed(_ app: String) {
        if recording.app == nil { recording.app = app }
    }

    /// The run loop recorded, while recording.
    public private(set) weak var runLoop: MainRunLoop?

    /// Makes this the loop's recorder: from the next frame on, frames and events are recorded.
    ///
    /// - Precondition: the loop has no other recorder (stop it first).
    public func start(on runLoop: MainRunLoop) {
        precondition(runLoop.sessionRecorder == nil || runLoop.sessionRecorder === self,
                     "SessionRecorder.start(on:): the run loop records already; stop its recorder first")
        runLoop.sessionRecorder = self
        self.runLoop = runLoop
    }

    /// Stops recording (the loop forgets this recorder) and returns the recording.
    @discardableResult
    public func stop() -> SessionRecording {
        if let runLoop, runLoop.sessionRecorder === self { runLoop.sessionRecorder = nil }
        runLoop = nil
        return recording
    }

    /// Writes the recording's JSON text to ``path``; returns its size in bytes (0 with no path).
    @discardableResult
    public func write() throws(RecordingWriteError) -> Int {
        guard let path else { return 0 }
        let text = recording.jsonText()
        try RecordingWriteError.write(text, to: path)
        return text.utf8.count
    }

    /// Called by the run loop at the start of each frame.
    func record(frame info: FrameInfo) {
        guard !isFull else { return }
        recording.append(frame: info)
        frameCount += 1
    }
    private var frameCount = 0

    /// Called by the run loop for each event its events phase hands to window `window`.
    func record(_ event: InputEvent, window: Int) {
        guard !isFull else { return }
        guard recording.events.count < eventLimit else {
            // The frame under way cannot be kept whole: the recording ends with the one before.
            isFull = true
            recording.removeLastFrame()
            frameCount -= 1
            recording.events = Array(recording.events)      // let go of the spare capacity
            return
        }
        recording.events.append(SessionRecording.Event(frame: frameCount - 1, window: window, event: event))
    }
}
