/// The frame clock's decisions as a pure state machine: which tick runs next, what a frame's info
/// is, how many ticks were dropped, how stalls are absorbed. Every clock source (dispatch, vsync,
/// manual) feeds it instants and gets the same answers, which is what makes the manual clock a
/// faithful model of the live ones.
///
/// - R1: ticks come from ``FrameGrid``; nothing is accumulated.
/// - R3: a frame that finishes after the next tick skips to the first future tick and counts the
///   skipped ones as dropped; a wake that comes more than a period late runs the latest due tick.
///   A gap of more than ``stallThreshold`` between two consecutive frames advances animation time
///   by a single frame instead of the gap.
/// - R6: ``pause()`` / ``resume(at:)`` model idling; the ticks slept through are not dropped frames.
public struct FrameSchedule: Sendable {
    /// Gaps longer than this between consecutive running frames count as a stall (0.5 s).
    public static let stallThreshold: Int64 = 500_000_000

    /// The grid the frames fall on.
    public let grid: FrameGrid
    /// The tick the clock will run next (it may be later if the wake comes late).
    public private(set) var nextIndex: Int64
    /// The tick of the last frame begun, if any.
    public private(set) var lastIndex: Int64?
    /// All ticks dropped so far.
    public private(set) var totalDroppedFrames: Int64 = 0
    /// Ticks removed from animation time by stalls.
    public private(set) var stallTicks: Int64 = 0
    /// How many stalls were absorbed.
    public private(set) var stallCount: Int = 0
    /// Whether the schedule is idle (the clock does not wake).
    public private(set) var isPaused = false
    private var resumedFromIdle = false

    /// A schedule whose first frame is tick 0 at the grid's origin.
    public init(grid: FrameGrid) {
        self.grid = grid
        self.nextIndex = 0
    }

    /// The time the clock should next wake at.
    public var nextDeadline: Int64 { grid.time(ofTick: nextIndex) }

    /// Begins the frame for a wake at `now`: the scheduled tick, or the latest due tick when the
    /// wake came more than a period late. Returns the frame's info.
    public mutating func beginFrame(at now: Int64) -> FrameInfo {
        var index = nextIndex
        let latestDue = grid.lastTick(atOrBefore: now)
        if latestDue > index { index = latestDue }
        var dropped: Int64 = 0
        if let last = lastIndex {
            let gap = index - last
            if resumedFromIdle {
                // Ticks slept through while idle are not dropped; animation time simply jumps,
                // no animation was running.
            } else {
                dropped = gap - 1
                if grid.time(ofTick: index) - grid.time(ofTick: last) > Self.stallThreshold {
                    stallTicks += gap - 1
                    stallCount += 1
                }
            }
        }
        resumedFromIdle = false
        totalDroppedFrames += dropped
        lastIndex = index
        nextIndex = index + 1
        return FrameInfo(
            index: index, timestamp: grid.time(ofTick: index), targetTimestamp: grid.time(ofTick: index + 1),
            mediaTick: index - stallTicks, droppedFrames: Int(dropped),
            totalDroppedFrames: totalDroppedFrames, rate: grid.rate)
    }

    /// Ends the frame that finished at `now` and picks the next tick: the following one if it is
    /// still in the future, otherwise the first tick after `now` (the ones in between are dropped
    /// when that frame begins).
    public mutating func endFrame(at now: Int64) {
        let following = (lastIndex ?? -1) + 1
        nextIndex = max(following, grid.time(ofTick: following) > now ? following : grid.firstTick(after: now))
    }

    /// Stops waking: nothing is dirty, animating or queued.
    public mutating func pause() { isPaused = true }

    /// Wakes from idle at `now`: the next frame is the first tick after `now`.
    public mutating func resume(at now: Int64) {
        guard isPaused else { return }
        isPaused = false
        if lastIndex != nil { resumedFromIdle = true }
        nextIndex = max(nextIndex, grid.firstTick(after: now))
    }
}
