/// What every callback in one frame sees (R2): one grid time for the whole frame.
public struct FrameInfo: Sendable, Equatable, CustomStringConvertible {
    /// The grid index of this frame (ticks since the clock's origin, including dropped ones).
    public var index: Int64
    /// The scheduled grid time of this frame in nanoseconds on the clock's time base
    /// (like `CADisplayLink.timestamp`), not the time the frame actually started.
    public var timestamp: Int64
    /// The grid time of the next tick (like `CADisplayLink.targetTimestamp`).
    public var targetTimestamp: Int64
    /// Animation (media) time in seconds: `index / fps` less the time removed by long stalls (R3).
    /// Animations are pure functions of this value.
    public var time: Double
    /// Ticks skipped just before this frame because the previous frame overran (R3).
    public var droppedFrames: Int
    /// All ticks skipped since the clock started.
    public var totalDroppedFrames: Int64
    /// The frame rate.
    public var rate: FrameRate

    public init(index: Int64, timestamp: Int64, targetTimestamp: Int64, time: Double,
                droppedFrames: Int, totalDroppedFrames: Int64, rate: FrameRate) {
        self.index = index; self.timestamp = timestamp; self.targetTimestamp = targetTimestamp
        self.time = time; self.droppedFrames = droppedFrames; self.totalDroppedFrames = totalDroppedFrames
        self.rate = rate
    }

    /// The frame duration in seconds (`targetTimestamp - timestamp`).
    public var duration: Double { Double(targetTimestamp - timestamp) / 1e9 }

    public var description: String {
        "frame \(index) t=\(time)s dropped=\(droppedFrames)"
    }
}
