#if canImport(Glibc)
import Glibc
#endif
import Geometry
import JSONParsing
import TimelineScene
import UpdateLoop

/// Time travel over a recording (IN6): go to any frame, forward or back, read what it shows,
/// and bisect to the first frame where a view's property reached a value.
///
/// The engine's object graph cannot be copied, so the kept states are processes: the session
/// forks a replay process that builds the scene, and every ``checkpointInterval`` frames the
/// process running forward forks a copy of itself that stops there and waits (copy-on-write
/// keeps that cheap). Going forward runs the active process on; going back ends it and resumes
/// the nearest checkpoint at or before the frame, which runs the deterministic engine from
/// there: at most `checkpointInterval` frames, whatever the recording's length. What it shows
/// equals a headless ``ReplayHost`` run from the start to that frame (tests per animation kind).
///
/// The caller's process never runs the replay; it sends one request at a time and waits for
/// the reply at most ``timeout`` seconds, so a replay that crashes or hangs is an error, not a
/// hang. Forked processes close every descriptor they inherited but their channels and leave
/// with `_exit`. Call ``close()`` when done: it ends them all (they form a process group).
///
/// Fork and threads: a forked process has only the thread that forked, so the session forks
/// from the main thread and its processes never wait on a lock another thread of the caller
/// may hold at the time (they run the engine, which takes none, and the C library's allocator,
/// which glibc makes safe across fork).
@MainActor
public final class ReplaySession {
    /// What is replayed.
    public let recording: SessionRecording
    /// Frames between kept states (600: ten seconds at 60 fps).
    public let checkpointInterval: Int
    /// The longest wait for a reply, in seconds.
    public var timeout: Double
    /// How many frames the recording holds.
    public let frameCount: Int
    /// The frame shown now; nil before the first ``seek(to:)``.
    public private(set) var frame: Int?
    /// Digest of what the current frame shows (``ReplayHost/digest()``).
    public private(set) var digest: UInt64 = 0
    /// How many times a checkpoint was resumed (steps back and long jumps).
    public private(set) var resumeCount = 0

    private var controls: [ReplayChannel]
    private var replies: ReplyReader
    private var rootPID: pid_t = 0
    private var active: Int?
    private var kept = 0
    private var isClosed = false

    /// Starts a session over `recording` and `scene` (with `setUp`, as ``ReplayHost`` takes it):
    /// forks the process that builds the scene (checkpoint 0). No frame runs until the first ``seek(to:)``.
    public convenience init(recording: SessionRecording, scene: Scene, setUp: ReplayHost.SetUp? = nil, checkpointInterval: Int = 600,
                            timeout: Double = 30) throws(ReplayError) {
        try self.init(recording: recording, checkpointInterval: checkpointInterval, timeout: timeout) {
            ReplayHost(recording: recording, scene: scene, setUp: setUp)
        }
    }

    /// Starts a session over `recording` and the app `build` builds (``ReplayHost/init(recording:size:app:)``),
    /// as the scene variant does: the replay processes build the app, the caller's never does.
    public convenience init(recording: SessionRecording, size: Size = Size(width: 800, height: 600), app build: @escaping ReplayHost.AppBuilder,
                            checkpointInterval: Int = 600, timeout: Double = 30) throws(ReplayError) {
        try self.init(recording: recording, checkpointInterval: checkpointInterval, timeout: timeout) {
            ReplayHost(recording: recording, size: size, app: build)
        }
    }

    /// Starts a session over `recording`, its replay processes' host made by `makeHost` (called
    /// once, in the first replay process: checkpoint 0).
    public init(recording: SessionRecording, checkpointInterval: Int = 600, timeout: Double = 30,
                makeHost: @escaping @MainActor () -> ReplayHost) throws(ReplayError) {
        precondition(checkpointInterval >= 1, "ReplaySession: checkpointInterval must be at least 1; got \(checkpointInterval)")
        self.recording = recording
        self.checkpointInterval = checkpointInterval
        self.timeout = timeout
        frameCount = recording.frameCount
        let count = frameCount / checkpointInterval + 1
        var mine: [ReplayChannel] = [], theirs: [ReplayChannel] = []
        for _ in 0..<count {
            let (a, b) = try ReplayChannel.pair()
            mine.append(a); theirs.append(b)
        }
        let (replyMine, replyTheirs) = try ReplayChannel.pair()
        controls = mine
        replies = ReplyReader(channel: replyMine)
        let pid = fork()
        if pid == 0 {
            // A process group of the session's own: close() ends every replay process at once.
            setpgid(0, 0)
            closeInheritedDescriptors(keeping: Set(theirs.map(\.fd) + [replyTheirs.fd]))
            let host = makeHost()
            ReplayWorker(host: host, channels: theirs, reply: replyTheirs, interval: checkpointInterval).serveCheckpoint(0)
        }
        for c in theirs { c.close() }
        replyTheirs.close()
        guard pid > 0 else {
            for c in mine { c.close() }
            replyMine.close()
            throw .workerFailed("fork: \(String(cString: strerror(errno)))")
        }
        setpgid(pid, pid)
        rootPID = pid
    }

    isolated deinit { close() }

    /// Ends the session's processes: closes their channels (each ends on reading the end) and
    /// kills their process group, so one that hangs ends too.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        for c in controls { c.close() }
        replies.channel.close()
        guard rootPID > 0 else { return }
        kill(-rootPID, SIGKILL)
        var status: Int32 = 0
        while waitpid(rootPID, &status, 0) < 0, errno == EINTR {}
    }

    /// Shows frame `target` (0 ..< ``frameCount``): forward from the current frame when no
    /// checkpoint is nearer, else from the nearest checkpoint at or before it. With `view` and
    /// `keyPath`, returns that presentation value at the frame.
    ///
    /// - Complexity: at most ``checkpointInterval`` frames run after a step back; a jump forward
    ///   runs the frames up to it (once: checkpoints are left on the way).
    @discardableResult
    public func seek(to target: Int, view: String? = nil, keyPath: String? = nil) throws(ReplayError) -> Double? {
        guard !isClosed else { throw .workerFailed("the session was closed") }
        guard target >= 0, target < frameCount else { throw .frameOutOfRange(frame: target, count: frameCount) }
        let nearest = min((target + 1) / checkpointInterval, kept)
        let continues = active != nil && frame.map { target >= $0 && nearest * checkpointInterval <= $0 + 1 } ?? false
        if !continues {
            if let a = active {
                _ = try request(a, "{\"op\": \"release\"}", what: "release")
                active = nil
            }
            let ready = try request(nearest, "{\"op\": \"resume\"}", what: "resume checkpoint \(nearest)")
            guard ready["ready"] != nil else { throw .workerFailed("checkpoint \(nearest) did not resume") }
            active = nearest
            resumeCount += 1
        }
        var line = "{\"op\": \"goto\", \"frame\": \(target), \"kept\": \(kept)"
        if let view, let keyPath { line += ", \"view\": \(jsonString(view)), \"keyPath\": \(jsonString(keyPath))" }
        let reply = try request(active!, line + "}", what: "go to frame \(target)")
        guard case .number(let k, _)? = reply["kept"], case .string(let d, _)? = reply["digest"] else {
            throw .workerFailed("no frame in the reply to 'go to frame \(target)'")
        }
        kept = max(kept, Int(k))
        frame = target
        digest = UInt64(d, radix: 16) ?? 0
        if case .string(let name, _)? = reply["unknownView"] { throw .unknownView(name) }
        if case .string(let path, _)? = reply["unknownKeyPath"] { throw .unknownKeyPath(path, known: PresentationValue.keyPaths) }
        if case .number(let v, _)? = reply["value"] { return v }
        return nil
    }

    /// Moves `frames` frames forward (negative: back) from the current frame (from before the
    /// first frame when none is shown).
    public func step(by frames: Int) throws(ReplayError) {
        try seek(to: (frame ?? -1) + frames)
    }

    /// The presentation value of `keyPath` of `view` at the current frame.
    public func value(of view: String, _ keyPath: String) throws(ReplayError) -> Double {
        guard let frame else { throw .frameOutOfRange(frame: -1, count: frameCount) }
        return try seek(to: frame, view: view, keyPath: keyPath)!
    }

    /// What the current frame shows, as ``ReplayHost/snapshot()`` gives it.
    public func snapshot() throws(ReplayError) -> String {
        guard let frame, let a = active else { throw .frameOutOfRange(frame: -1, count: frameCount) }
        let reply = try request(a, "{\"op\": \"goto\", \"frame\": \(frame), \"kept\": \(kept), \"snapshot\": true}", what: "snapshot")
        guard case .string(let s, _)? = reply["snapshot"] else { throw .workerFailed("no snapshot in the reply") }
        return s
    }

    /// Sends one request to the process on channel `channel` and reads its reply.
    private func request(_ channel: Int, _ line: String, what: String) throws(ReplayError) -> JSONValue {
        guard controls[channel].send(line) else {
            close()
            throw .workerFailed("checkpoint \(channel)'s process is gone (asked to \(what))")
        }
        let text: String
        do { text = try replies.readLine(timeout: timeout, request: what) } catch {
            close()
            throw error
        }
        guard let reply = try? JSONParser.parse(text) else { throw .workerFailed("an unreadable reply to '\(what)': \(text.prefix(200))") }
        if case .string(let message, _)? = reply["error"] { throw .workerFailed("\(what): \(message)") }
        return reply
    }
}
