/// What every callback in one frame sees (R2): one grid time for the whole frame.
public struct FrameInfo: Sendable, Equatable, CustomStringConvertible {
    /// The grid index of this frame (ticks since the clock's origin, including dropped ones).
    public var index: Int64
    /// The scheduled grid time of this frame in nanoseconds on the clock's time base
    /// (like `CADisplayLink.timestamp`), not the time the frame actually started.
    public var timestamp: Int64
    /// The grid time of the next tick (like `CADisplayLink.targetTimestamp`).
    public var targetTimestamp: Int64
    /// The tick on the grid that animation (media) time stands at: ``index`` less the ticks
    /// removed by long stalls (R3). Both forms of media time below come from this one integer.
    public var mediaTick: Int64
    /// Ticks skipped just before this frame because the previous frame overran (R3).
    public var droppedFrames: Int
    /// All ticks skipped since the clock started.
    public var totalDroppedFrames: Int64
    /// The frame rate.
    public var rate: FrameRate

    /// A frame's values as a clock computes them; nanoseconds on the clock's time base.
    public init(index: Int64, timestamp: Int64, targetTimestamp: Int64, mediaTick: Int64,
                droppedFrames: Int, totalDroppedFrames: Int64, rate: FrameRate) {
        self.index = index; self.timestamp = timestamp; self.targetTimestamp = targetTimestamp
        self.mediaTick = mediaTick; self.droppedFrames = droppedFrames; self.totalDroppedFrames = totalDroppedFrames
        self.rate = rate
    }

    /// Animation time in whole nanoseconds: `mediaTick · 10⁹ / fps`, rounded down. Animations
    /// are pure functions of this value; equal times at different rates are equal integers.
    @inlinable public var mediaTime: Int64 { (mediaTick * 1_000_000_000) / Int64(rate.rawValue) }

    /// Animation time in seconds, `mediaTick / fps` (frame k's time is k / fps): for display,
    /// for output and for APIs in seconds. It is within 1 ns of ``mediaTime``.
    @inlinable public var time: Double { Double(mediaTick) / Double(rate.rawValue) }

    /// The frame duration in seconds (`targetTimestamp - timestamp`).
    public var duration: Double { Double(targetTimestamp - timestamp) / 1e9 }

    /// "frame N t=Ts dropped=D", for traces.
    public var description: String {
        "frame \(index) t=\(time)s dropped=\(droppedFrames)"
    }
}
