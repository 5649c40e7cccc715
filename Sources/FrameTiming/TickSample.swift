/// One tick a clock delivered: the grid index it ran as, the grid time it was scheduled for and
/// the time it actually woke, both in nanoseconds on the monotonic clock.
public struct TickSample: Sendable, Equatable {
    public var index: Int64
    public var scheduled: Int64
    public var woke: Int64
    public init(index: Int64, scheduled: Int64, woke: Int64) {
        self.index = index; self.scheduled = scheduled; self.woke = woke
    }
}
