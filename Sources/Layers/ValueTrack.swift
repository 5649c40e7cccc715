import Motion

/// A number outside the layer that an animation of the layer runs on the layer's time (AM1): a
/// view's constraint constant, which UIKit animates by setting it each frame through the
/// solver's edit path. The layer engine evaluates it with the layer's other animations, so the
/// layer's speed, time offset and begin time (its own and its ancestors') move it as they move
/// the layer's properties, and `animationKeys()` and `removeAllAnimations()` reach it.
///
/// The timing is the one model's (AM2), UIKit's or the whole Web Animations model (N10): before
/// its delay the value is the start; when no effect applies it is the end (the value the animation leaves, its model);
/// a forwards fill leaves the value it held.
final class ValueTrack {
    let from: Double, to: Double
    let timing: MediaTiming
    let curve: TimingCurve
    /// Sets the value; false when its target is gone (the animation then ends, unfinished).
    let set: @MainActor (Double) -> Bool
    /// Whether the target took the last value.
    private(set) var isAlive = true

    init(from: Double, to: Double, timing: MediaTiming, curve: TimingCurve, set: @escaping @MainActor (Double) -> Bool) {
        self.from = from; self.to = to; self.timing = timing.resolved(for: curve); self.curve = curve; self.set = set
    }

    /// The value at `t` seconds after the animation began (its delay included), given to the
    /// target; `.ended` once the timing is over or the target is gone.
    @MainActor
    func apply(at t: Double) -> EvaluationState {
        guard isAlive else { return .ended }
        let value: Double?, ended: Bool
        switch timing.sample(atParentTime: t, along: curve) {
        case .oldValue: value = nil; ended = false                  // the start shows (it is the value)
        case .modelValue: value = to; ended = false
        case .progress(let p): value = from + (to - from) * p; ended = false
        case .ended(let hold): value = hold.map { from + (to - from) * $0 } ?? to; ended = true
        }
        if let value, !set(value) { isAlive = false; return .ended }
        return ended ? .ended : (value == nil ? .pending : .running)
    }
}
