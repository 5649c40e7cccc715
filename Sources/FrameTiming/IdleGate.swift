import Synchronization

/// The idle and stop bookkeeping every live clock shares (R6): whether the clock is paused for
/// lack of work, whether a wake arrived while a frame was running (so the clock must not pause
/// after it), and whether it was told to stop. All methods are safe from any thread.
public final class IdleGate: Sendable {
    private struct State { var paused = false; var wakePending = false; var stopped = false }
    private let state = Mutex(State())

    /// A gate that is running: not paused, not stopped.
    public init() {}

    /// Whether the clock will deliver another frame without a wake.
    public var hasScheduledFrame: Bool { state.withLock { !$0.paused && !$0.stopped } }
    /// Whether ``stop()`` was called since the last ``start()``.
    public var isStopped: Bool { state.withLock { $0.stopped } }

    /// Records a wake. Returns true when the clock was paused, so the caller must signal
    /// whatever it is blocked on; otherwise the next ``shouldPause()`` answers false.
    public func wake() -> Bool {
        state.withLock { s -> Bool in
            if s.paused { s.paused = false; return true }
            s.wakePending = true
            return false
        }
    }

    /// After a frame that wanted no more: pause, unless a wake arrived meanwhile.
    public func shouldPause() -> Bool {
        state.withLock { s -> Bool in
            if s.wakePending { s.wakePending = false; return false }
            s.paused = true
            return true
        }
    }

    /// Marks the clock running again (an event ended its wait).
    public func resume() { state.withLock { $0.paused = false } }

    /// Marks the clock stopped: it delivers no frame until started again.
    public func stop() { state.withLock { $0.stopped = true } }
    /// Clears a previous stop, at the start of a run.
    public func start() { state.withLock { $0.stopped = false } }
}
