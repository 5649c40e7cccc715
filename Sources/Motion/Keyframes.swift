/// How a keyframe animation computes values between its keyframes (N5).
public enum KeyframeCalculation: Sendable {
    /// Each keyframe animates linearly from the previous value over its own time span.
    case linear
    /// Values jump to each keyframe's value at its start time.
    case discrete
    /// A Catmull-Rom spline through the keyframe values: smooth, and it still passes through
    /// every keyframe's value at the end of its span.
    case cubic
}

/// One keyframe: from `start` to `end` (seconds after the animation's begin and delay) the value
/// goes to `value`.
public struct Keyframe: Sendable, Equatable {
    public var start: Double
    public var end: Double
    public var value: AnimatableValue

    public init(start: Double, end: Double, value: AnimatableValue) {
        self.start = start; self.end = end; self.value = value
    }
}

/// The keyframes of one property and how to go between them: a pure function of local time.
public struct KeyframeTrack: Sendable, Equatable {
    /// The value before the first keyframe starts.
    public var initial: AnimatableValue
    /// Keyframes in start order.
    public private(set) var keyframes: [Keyframe]
    public var calculation: KeyframeCalculation

    public init(initial: AnimatableValue, keyframes: [Keyframe] = [], calculation: KeyframeCalculation) {
        self.initial = initial
        self.keyframes = keyframes.sorted { $0.start < $1.start }
        self.calculation = calculation
    }

    /// Adds a keyframe, keeping start order (a keyframe with an equal start goes after).
    public mutating func insert(_ keyframe: Keyframe) {
        let i = keyframes.firstIndex { $0.start > keyframe.start } ?? keyframes.count
        keyframes.insert(keyframe, at: i)
    }

    /// The value `local` seconds after the delay.
    public func value(at local: Double) -> AnimatableValue {
        var previous = initial
        for (k, f) in keyframes.enumerated() {
            if local < f.start {
                return previous
            }
            if local < f.end {
                let u = (local - f.start) / (f.end - f.start)
                switch calculation {
                case .discrete: return f.value
                case .linear: return AnimatableValue.interpolate(previous, f.value, u)
                case .cubic:
                    let p0 = k >= 2 ? keyframes[k - 2].value : (k == 1 ? initial : previous)
                    let p3 = k + 1 < keyframes.count ? keyframes[k + 1].value : f.value
                    return AnimatableValue.catmullRom(p0, previous, f.value, p3, u)
                }
            }
            previous = f.value
        }
        return previous
    }
}
