import Dispatch
import Foundation
import Synchronization
import Timeline

/// Ctrl-C during long work (DX3), taken as a request to stop rather than a kill, so that an
/// interrupted export leaves no half-written file.
///
/// Every output file is already written atomically (a hidden temporary beside it, renamed over
/// it when whole: `writeFileAtomically`, `ImageRenderer.savePNG`), but a kill between the two
/// leaves the temporary behind, a video export's directory of frames stays in `$TMPDIR`, and
/// ffmpeg writes its output in place. So a command that writes files calls ``watch()``; SIGINT
/// then only sets a flag, the work polls it between frames with ``check()`` (one relaxed atomic
/// load) and unwinds through its ordinary error path, which removes what it made, and the
/// command exits with status 130. A second Ctrl-C does not wait: it removes the paths
/// registered with ``removeOnExit(_:)`` and exits at once.
///
/// SIGINT belongs to the process, so this state is the process's: one instance, ``process``.
final class Interruption: Sendable {
    /// The process's SIGINT watch.
    static let process = Interruption()

    private let signals = Atomic<Int>(0)
    private let state = Mutex(State())

    private struct State {
        var source: (any DispatchSourceSignal)?
        /// Removed (files or directories) on a second Ctrl-C.
        var paths: [String] = []
        /// Run on the first Ctrl-C: passes the request on (to ffmpeg).
        var action: (@Sendable () -> Void)?
    }

    private init() {}

    /// From now on, SIGINT sets ``isRequested`` instead of killing the process. Idempotent.
    func watch() {
        state.withLock { state in
            guard state.source == nil else { return }
            signal(SIGINT, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
            source.setEventHandler { [self] in received() }
            source.resume()
            state.source = source
        }
    }

    /// Whether Ctrl-C has been pressed since ``watch()``.
    var isRequested: Bool { signals.load(ordering: .relaxed) > 0 }

    /// Throws ``Interrupted`` once Ctrl-C has been pressed. Cheap enough to call every frame.
    @inline(__always)
    func check() throws(Interrupted) {
        if signals.load(ordering: .relaxed) > 0 { throw Interrupted() }
    }

    /// Registers a temporary file or directory to remove if a second Ctrl-C forces the exit.
    func removeOnExit(_ path: String) { state.withLock { $0.paths.append(path) } }

    /// Unregisters a path given to ``removeOnExit(_:)`` (it was renamed or removed).
    func forget(_ path: String) { state.withLock { $0.paths.removeAll { $0 == path } } }

    /// Runs `body` with `action` called (on another thread) if Ctrl-C comes meanwhile, or at once
    /// if it came before.
    func whileRunning<T>(onInterrupt action: @escaping @Sendable () -> Void, _ body: () throws -> T) rethrows -> T {
        state.withLock { $0.action = action }
        defer { state.withLock { $0.action = nil } }
        if isRequested { action() }
        return try body()
    }

    private func received() {
        let count = signals.add(1, ordering: .relaxed).newValue
        let (paths, action) = state.withLock { ($0.paths, $0.action) }
        if count == 1 {
            action?()
            return
        }
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
        printToStandardError("\ninterrupted")
        _exit(130)
    }
}

/// The work stopped because Ctrl-C was pressed.
struct Interrupted: Error, CustomStringConvertible {
    var description: String { "interrupted" }
}
