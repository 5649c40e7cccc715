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
    /// When the keyframe's span starts, in seconds after the animation's begin and delay.
    public var start: Double
    /// When it ends and the value is reached, in seconds.
    public var end: Double
    /// The value reached at ``end``.
    public var value: AnimatableValue

    /// A keyframe going to `value` from `start` to `end` seconds.
    public init(start: Double, end: Double, value: AnimatableValue) {
        self.start = start; self.end = end; self.value = value
    }
}

/// The keyframes of one property and how to go between them: a pure function of local time.
///
/// The keyframes are compiled into a ``KeyframeCurve`` (the one keyframe interpolation, AM2)
/// whenever they change, which ``value(at:)`` evaluates: linear and cubic keyframes reach their
/// value at the end of their span and hold the previous value in a gap before it (a hold segment,
/// which the cubic spline treats as a pause); discrete ones jump at their start. Overlapping
/// spans run one after the other.
public struct KeyframeTrack: Sendable, Equatable {
    /// The value before the first keyframe starts.
    public var initial: AnimatableValue { didSet { compile() } }
    /// Keyframes in start order.
    public private(set) var keyframes: [Keyframe]
    /// How values go between keyframes; changing it compiles the curve again.
    public var calculation: KeyframeCalculation { didSet { compile() } }
    /// The keyframes as a curve over local time (seconds after the delay).
    public private(set) var curve: KeyframeCurve<AnimatableValue>

    /// A track starting at `initial`, its keyframes sorted by start, compiled once into a curve.
    public init(initial: AnimatableValue, keyframes: [Keyframe] = [], calculation: KeyframeCalculation) {
        self.initial = initial
        self.keyframes = keyframes.sorted { $0.start < $1.start }
        self.calculation = calculation
        curve = Self.curve(initial, self.keyframes, calculation)
    }

    /// Adds a keyframe, keeping start order (a keyframe with an equal start goes after).
    public mutating func insert(_ keyframe: Keyframe) {
        let i = keyframes.firstIndex { $0.start > keyframe.start } ?? keyframes.count
        keyframes.insert(keyframe, at: i)
        compile()
    }

    /// The value `local` seconds after the delay.
    @inlinable public func value(at local: Double) -> AnimatableValue { curve.value(at: local) }

    private mutating func compile() { curve = Self.curve(initial, keyframes, calculation) }

    /// The curve of `keyframes` from `initial` at time 0.
    private static func curve(_ initial: AnimatableValue, _ keyframes: [Keyframe],
                              _ calculation: KeyframeCalculation) -> KeyframeCurve<AnimatableValue> {
        var times = [0.0], values = [initial], segments: [KeyframeSegment] = []
        switch calculation {
        case .discrete:
            for f in keyframes {
                times.append(max(f.start, times[times.count - 1])); values.append(f.value); segments.append(.hold)
            }
        case .linear, .cubic:
            let move = KeyframeSegment(calculation == .cubic ? .catmullRom : .linear)
            for f in keyframes {
                let last = times[times.count - 1]
                if f.start > last { times.append(f.start); values.append(values[values.count - 1]); segments.append(.hold) }
                times.append(max(f.end, last)); values.append(f.value); segments.append(move)
            }
        }
        return KeyframeCurve(times: times, values: values, segments: segments)
    }
}
