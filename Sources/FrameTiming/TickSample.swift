/// One tick a clock delivered: the grid index it ran as, the grid time it was scheduled for and
/// the time it actually woke, both in nanoseconds on the monotonic clock.
public struct TickSample: Sendable, Equatable {
    /// The grid index the tick ran as.
    public var index: Int64
    /// The grid time it was scheduled for, in nanoseconds.
    public var scheduled: Int64
    /// The time the clock actually woke, in nanoseconds.
    public var woke: Int64
    /// A sample of tick `index`, scheduled and woken at these times.
    public init(index: Int64, scheduled: Int64, woke: Int64) {
        self.index = index; self.scheduled = scheduled; self.woke = woke
    }
}
