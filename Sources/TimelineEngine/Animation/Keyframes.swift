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

/// One keyframe of one property: from `start` to `end` (seconds after the animation's begin and
/// delay) the value goes to `value`.
struct Keyframe {
    var start: Double
    var end: Double
    var value: AnimatableValue
}

/// A keyframe track of one property of one view (N5).
struct KeyframeAnimation {
    weak var view: View?
    var property: AnimatableProperty
    /// The presentation value when the animation was made.
    var initial: AnimatableValue
    var keyframes: [Keyframe]
    var calculation: KeyframeCalculation
    var begin: Double?
    /// Delay and duration (the curve is linear: keyframes carry their own calculation).
    var timing: AnimationTiming
    var group: CompletionGroup

    /// The value `local` seconds after the delay.
    func value(at local: Double) -> AnimatableValue {
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

extension AnimatableValue {
    /// The uniform Catmull-Rom spline through p1 (u = 0) and p2 (u = 1), with p0 and p3 as the
    /// neighbours. Exact at both ends.
    static func catmullRom(_ p0: AnimatableValue, _ p1: AnimatableValue, _ p2: AnimatableValue, _ p3: AnimatableValue, _ u: Double) -> AnimatableValue {
        if u <= 0 { return p1 }
        if u >= 1 { return p2 }
        let u2 = u * u, u3 = u2 * u
        let w0 = -0.5 * u3 + u2 - 0.5 * u
        let w1 = 1.5 * u3 - 2.5 * u2 + 1
        let w2 = -1.5 * u3 + 2 * u2 + 0.5 * u
        let w3 = 0.5 * u3 - 0.5 * u2
        return weightedSum([(p0, w0), (p1, w1), (p2, w2), (p3, w3)]) ?? interpolate(p1, p2, u)
    }

    /// Σ wᵢ·vᵢ component by component, when all values are of one kind.
    static func weightedSum(_ terms: [(AnimatableValue, Double)]) -> AnimatableValue? {
        func parts(_ v: AnimatableValue) -> [Double] {
            switch v {
            case .scalar(let x): [x]
            case .point(let p): [p.x, p.y]
            case .rect(let r): [r.minX, r.minY, r.width, r.height]
            case .color(let c): [c.red, c.green, c.blue, c.alpha]
            case .transform(let t): [t.a, t.b, t.c, t.d, t.tx, t.ty]
            }
        }
        guard let first = terms.first?.0 else { return nil }
        var sum = [Double](repeating: 0, count: parts(first).count)
        for (v, w) in terms {
            let p = parts(v)
            guard p.count == sum.count else { return nil }
            for i in sum.indices { sum[i] += w * p[i] }
        }
        switch first {
        case .scalar: return .scalar(sum[0])
        case .point: return .point(.init(x: sum[0], y: sum[1]))
        case .rect: return .rect(.init(x: sum[0], y: sum[1], width: sum[2], height: sum[3]))
        case .color: return .color(.init(red: sum[0], green: sum[1], blue: sum[2], alpha: sum[3]))
        case .transform: return .transform(.init(a: sum[0], b: sum[1], c: sum[2], d: sum[3], tx: sum[4], ty: sum[5]))
        }
    }
}

import Geometry
