/// A frame rate in whole frames per second, from 1 to 240 (E4). 30, 60 and 120 fps are the
/// common ones; any rate in the range runs on the same integer-nanosecond grid.
public struct FrameRate: Sendable, Hashable, CustomStringConvertible {
    /// Frames per second.
    public let rawValue: Int

    /// The slowest and fastest rates the engine runs at.
    public static let supported: ClosedRange<Int> = 1...240
    /// 30 frames per second: a frame every 33.3 ms.
    public static let fps30 = FrameRate(checked: 30)
    /// 60 frames per second: a frame every 16.7 ms, the default.
    public static let fps60 = FrameRate(checked: 60)
    /// 120 frames per second: a frame every 8.3 ms.
    public static let fps120 = FrameRate(checked: 120)
    /// The common display rates, for tables and tests that sweep rates.
    public static let allCases: [FrameRate] = [.fps30, .fps60, .fps120]

    /// The rate for `fps`, or `nil` outside ``supported``.
    public init?(fps: Int) {
        guard Self.supported.contains(fps) else { return nil }
        rawValue = fps
    }

    private init(checked fps: Int) { rawValue = fps }

    /// Frames per second.
    public var framesPerSecond: Int { rawValue }
    /// The period rounded down to whole nanoseconds (the grid itself is exact; see ``FrameGrid``).
    public var nominalPeriodNanoseconds: Int64 { 1_000_000_000 / Int64(rawValue) }
    /// The rate as "60 fps".
    public var description: String { "\(rawValue) fps" }
}

/// The fixed grid of frame times `origin + n·T`.
///
/// Tick times are computed from the index with integer arithmetic (`n · 10⁹ / fps`, rounded down),
/// never by adding periods, so the grid cannot drift however long it runs (R1).
public struct FrameGrid: Sendable, Equatable {
    /// The grid's rate.
    public let rate: FrameRate
    /// Nanoseconds on the clock's time base at which tick 0 falls.
    public let origin: Int64

    /// The grid of `rate` whose tick 0 falls at `origin` nanoseconds.
    public init(rate: FrameRate, origin: Int64) {
        self.rate = rate
        self.origin = origin
    }

    /// The time of tick `index` in nanoseconds.
    @inlinable public func time(ofTick index: Int64) -> Int64 {
        origin + (index * 1_000_000_000) / Int64(rate.rawValue)
    }

    /// The last tick whose time is at or before `time` (may be negative before the origin).
    public func lastTick(atOrBefore time: Int64) -> Int64 {
        var n = floorDiv((time - origin) * Int64(rate.rawValue), 1_000_000_000)
        while self.time(ofTick: n + 1) <= time { n += 1 }
        while self.time(ofTick: n) > time { n -= 1 }
        return n
    }

    /// The first tick strictly after `time`.
    public func firstTick(after time: Int64) -> Int64 { lastTick(atOrBefore: time) + 1 }

    /// The frame's time in seconds on the grid's own scale: `index / fps`.
    @inlinable public func seconds(ofTick index: Int64) -> Double {
        Double(index) / Double(rate.rawValue)
    }
}

@usableFromInline func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}
