import Motion

/// The timing one view animation block gives every animation it makes (AM1): the one timing
/// model, `MediaTiming` (UIKit's delay, duration, repeat and autoreverse, or the whole Web
/// Animations model, N10), and the block's curve. The block's animations are layer animations of their
/// views' layers, each with its own begin time; they share this object, which evaluates the
/// timing once per parent time however many of them a frame evaluates (a block that moves a
/// thousand views eases once a frame, not a thousand times).
///
/// A property animator's animations share one too, made with a ``DrivenProgress``: the
/// animator's clock then decides the progress (it can pause, scrub, reverse and continue with
/// new timing, AM3), and each animation maps it through its own delay factor.
package final class SharedTiming {
    package let timing: MediaTiming
    /// How progress follows time within an iteration.
    package let curve: TimingCurve
    /// The owner deciding the progress instead of ``timing`` (a property animator), and the
    /// part of its progress this animation waits before it moves.
    private let driver: (any DrivenProgress)?
    private let delayFactor: Double
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

    /// The timing of a block along `curve` (its delay is the begin time).
    package init(_ timing: MediaTiming, curve: TimingCurve) {
        self.timing = timing.resolved(for: curve); self.curve = curve; driver = nil; delayFactor = 0
    }

    /// A timing whose progress `driver` decides: 0 until `delayFactor` of it, then the rest
    /// of it stretched to 0...1.
    package init(driver: any DrivenProgress, delayFactor: Double) {
        timing = MediaTiming()
        curve = .linear
        self.driver = driver
        self.delayFactor = delayFactor
    }

    /// What shows `t` seconds after the animation began (its delay included).
    /// - Complexity: O(1); the curve is evaluated once per distinct `t`.
    @MainActor @inline(__always)
    func sample(at t: Double) -> Sample {
        if t == memoTime { return memo }              // never for a driver's (its memo stays NaN)
        if let driver { return driven(driver) }
        memo = evaluate(at: t)
        memoTime = t
        return memo
    }

    /// The driver's progress now, through the delay factor (the driver keeps its own memo of
    /// the frame: a scrub changes it within one).
    @MainActor @inline(never)
    private func driven(_ driver: any DrivenProgress) -> Sample {
        guard let f = driver.progressInFrame() else { return .ended }
        guard delayFactor > 0 else { return .progress(f) }
        return .progress(max(0, (f - delayFactor) / (1 - delayFactor)))
    }

    private func evaluate(at t: Double) -> Sample {
        switch timing.sample(atParentTime: t, along: curve) {
        case .oldValue: return .progress(0)
        case .modelValue: return .model
        case .progress(let p): return .progress(p)
        case .ended: return .ended
        }
    }
}

/// What decides the progress of animations that share a ``SharedTiming`` made with it: a
/// property animator's clock (AM3), read by the layer engine as it evaluates them.
@MainActor
package protocol DrivenProgress: AnyObject {
    /// The progress at the frame being evaluated (0 at the start, 1 at the end), or nil once it
    /// has ended (its animations then end, finished).
    func progressInFrame() -> Double?
}
