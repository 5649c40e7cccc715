import Motion

/// The timing one view animation block gives every animation it makes (AM1): UIKit's model
/// (delay, duration, curve, repeat, autoreverse) or the whole Web Animations model (N10), as
/// ``AnimationTiming`` describes them. The block's animations are layer animations of their
/// views' layers, each with its own begin time; they share this object, which evaluates the
/// timing once per parent time however many of them a frame evaluates (a block that moves a
/// thousand views eases once a frame, not a thousand times).
package final class SharedTiming {
    package let timing: AnimationTiming
    /// The progress the block's animations add their offsets with, by parent time.
    enum Sample: Equatable {
        /// The eased progress from the old value (0) to the model value (1); during a delay
        /// the old value shows (0).
        case progress(Double)
        /// No effect: the value under the animation shows (a web timing outside its fill).
        case model
        /// The active duration is over (a web fill's held value is the delegate's to keep).
        case ended
    }

    private var memoTime = Double.nan
    private var memo = Sample.progress(0)

    package init(_ timing: AnimationTiming) { self.timing = timing }

    /// What shows `t` seconds after the animation began (its delay included).
    /// - Complexity: O(1); the curve is evaluated once per distinct `t`.
    @inline(__always)
    func sample(at t: Double) -> Sample {
        if t == memoTime { return memo }
        memo = evaluate(at: t)
        memoTime = t
        return memo
    }

    private func evaluate(at t: Double) -> Sample {
        if timing.usesWebModel {
            switch timing.effect(atElapsed: t) {
            case .oldValue: return .progress(0)
            case .modelValue: return .model
            case .progress(let p): return .progress(p)
            case .ended: return .ended
            }
        }
        let local = t - timing.delay
        if local < 0 { return .progress(0) }
        let p = timing.progress(at: local)
        return p.isFinished ? .ended : .progress(p.progress)
    }
}
