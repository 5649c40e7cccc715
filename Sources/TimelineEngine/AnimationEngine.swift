import Geometry

/// Options of a block animation (N4).
public struct AnimationOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// A nested block uses its own duration instead of the enclosing block's.
    public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 0)
    /// A nested block uses its own curve instead of the enclosing block's.
    public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 1)
    /// Replace a running animation of the same property instead of adding to it: the new one
    /// starts from the current presentation value and the old one completes with `false`.
    /// Without it, overlapping animations blend additively (UIKit's default since iOS 8).
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
}

/// The completion of one `animate` call: runs once, in phase 3 of the frame in which its last
/// animation ended, with `finished == false` if any of them was interrupted or removed.
@MainActor
final class CompletionGroup {
    var pending = 0
    /// The progress computed for ``cachedLocal`` (animations of one block share their timing).
    var cachedLocal = -Double.infinity
    var cachedProgress = (0.0, false)
    var finished = true
    var completion: ((Bool) -> Void)?
    init(_ completion: ((Bool) -> Void)?) { self.completion = completion }
}

/// When and how an animation runs: delay, duration, curve, repeat and autoreverse, and the time
/// model of N8 that turns local time into progress.
struct AnimationTiming {
    var delay: Double
    var duration: Double
    var curve: TimingCurve
    var repeatCount: Double = 0
    var autoreverses = false

    /// The curve's progress at `local` seconds after the delay, and whether it has ended: repeat,
    /// then reverse, then easing. After an autoreversing animation the progress is back at 0.
    func progress(at local: Double) -> (Double, Bool) {
        let single: Double
        if case .spring(let s) = curve { single = s.settlingDuration } else { single = duration }
        let cycle = autoreverses ? 2 * single : single
        let active = repeatCount.isInfinite ? Double.infinity : cycle * (repeatCount + 1)
        if local >= active || single <= 0 { return (autoreverses ? 0 : 1, true) }
        var t = cycle > 0 ? local.truncatingRemainder(dividingBy: cycle) : 0
        if autoreverses && t >= single { t = cycle - t }
        if case .spring(let s) = curve { return (s.progress(at: t), false) }
        return (curve.progress(fraction: t / single), false)
    }
}

/// The block-animation transaction open while an `animate` call runs its closure. Only valid for
/// the duration of that call (it is how property setters know they are inside a block).
@MainActor
struct AnimationTransaction {
    var timing: AnimationTiming
    var group: CompletionGroup
    var beginsFromCurrentState = false
    /// Inside `animateKeyframes`: the calculation, and the keyframe span being recorded.
    var keyframes: KeyframeCalculation?
    var keyframeSpan: (start: Double, end: Double)?
    static var stack: [AnimationTransaction] = []
}

/// One property of one view animating from a value to the model value.
struct PropertyAnimation {
    weak var view: View?
    var property: AnimatableProperty
    var from: AnimatableValue
    var to: AnimatableValue
    /// The frame time it began at; nil until the first tick that sees it.
    var begin: Double?
    var timing: AnimationTiming
    var group: CompletionGroup
    /// Every property animation contributes `(from − to)·(1 − p)` on top of the current model,
    /// so overlapping ones blend additively and the sum always ends at the model. Alone, that is
    /// `from + (to − from)·p`. `additive` records whether it was made on top of running ones.
    var additive: Bool
}

/// A constraint constant animating from a value to a target, set every frame through the
/// solver's edit path so every intermediate frame satisfies every constraint (N2, mode b).
struct ConstantAnimation {
    weak var constraint: LayoutConstraint?
    var from: Double
    var to: Double
    var begin: Double?
    var timing: AnimationTiming
    var group: CompletionGroup
}

/// Runs animations in phase 2 of each frame (writing presentation values) and their completions in
/// phase 3. Values are pure functions of the frame time (N8). Animations hold their views weakly.
@MainActor
public final class AnimationEngine {
    unowned let runLoop: MainRunLoop
    private var running: [PropertyAnimation] = []
    private var constants: [ConstantAnimation] = []
    private var keyframeTracks: [KeyframeAnimation] = []
    private var tickGeneration: UInt32 = 0
    private var animators: [PropertyAnimator] = []
    private var endedGroups: [CompletionGroup] = []
    private var readyCompletions: [(CompletionGroup)] = []

    init(runLoop: MainRunLoop) { self.runLoop = runLoop }

    /// Whether anything is animating or waiting to complete.
    var hasWork: Bool {
        !running.isEmpty || !constants.isEmpty || !keyframeTracks.isEmpty || !endedGroups.isEmpty
            || animators.contains { $0.isRunning }
    }

    func add(_ animator: PropertyAnimator) {
        if !animators.contains(where: { $0 === animator }) { animators.append(animator) }
    }
    func remove(_ animator: PropertyAnimator) { animators.removeAll { $0 === animator } }

    /// How many property and constant animations are running.
    public var runningCount: Int { running.count + constants.count + keyframeTracks.count }

    /// Called by a view after a model change: inside an animation block the change becomes an
    /// animation of the presentation from its current value to the new model value (N1).
    func captureChange(of property: AnimatableProperty, on view: View, from oldModel: AnimatableValue) -> Bool {
        if let (animator, _) = PropertyAnimator.recording {
            animator.record(view, property)
            return true
        }
        guard let tx = AnimationTransaction.stack.last else { return false }
        if let calculation = tx.keyframes { return captureKeyframe(property, view, tx, calculation) }
        let to = view.model.value(of: property)
        let alreadyAnimating = view.animatedProperties & property.bit != 0
        let additive = alreadyAnimating && !tx.beginsFromCurrentState && !keyframeTracks.contains { $0.view === view && $0.property == property }
        let from: AnimatableValue
        if additive {
            from = oldModel                                   // blends on top of the running ones
        } else {
            from = view.presentation.value(of: property)
            if alreadyAnimating { interrupt(view, property) }
        }
        guard from != to || tx.timing.delay > 0 else { return false }
        tx.group.pending += 1
        running.append(PropertyAnimation(
            view: view, property: property, from: from, to: to,
            begin: runLoop.currentFrame?.time, timing: tx.timing, group: tx.group, additive: additive))
        view.animatedProperties |= property.bit
        runLoop.requestFrame()
        return true
    }

    /// Inside `animateKeyframes`: adds a keyframe to the property's track (made on first use).
    private func captureKeyframe(_ property: AnimatableProperty, _ view: View, _ tx: AnimationTransaction,
                                 _ calculation: KeyframeCalculation) -> Bool {
        guard let span = tx.keyframeSpan else {
            preconditionFailure("animateKeyframes: change properties inside View.addKeyframe(withRelativeStartTime:relativeDuration:)")
        }
        let value = view.model.value(of: property)
        if let i = keyframeTracks.firstIndex(where: { $0.view === view && $0.property == property && $0.group === tx.group }) {
            keyframeTracks[i].keyframes.append(Keyframe(start: span.start, end: span.end, value: value))
            keyframeTracks[i].keyframes.sort { $0.start < $1.start }
            return true
        }
        if view.animatedProperties & property.bit != 0 { interrupt(view, property) }
        tx.group.pending += 1
        keyframeTracks.append(KeyframeAnimation(
            view: view, property: property, initial: view.presentation.value(of: property),
            keyframes: [Keyframe(start: span.start, end: span.end, value: value)], calculation: calculation,
            begin: runLoop.currentFrame?.time, timing: tx.timing, group: tx.group))
        view.animatedProperties |= property.bit
        runLoop.requestFrame()
        return true
    }

    /// Advances keyframe tracks (phase 2).
    private func tickKeyframes(_ time: Double) {
        var i = 0
        while i < keyframeTracks.count {
            guard let view = keyframeTracks[i].view else {
                let a = keyframeTracks.remove(at: i)
                abandon(a.group)
                continue
            }
            if keyframeTracks[i].begin == nil { keyframeTracks[i].begin = time }
            let a = keyframeTracks[i]
            let local = time - a.begin! - a.timing.delay
            if local >= a.timing.duration {
                view.presentation.copy(a.property, from: view.model)
                view.animatedProperties &= ~a.property.bit
                keyframeTracks.remove(at: i)
                end(a.group)
                continue
            }
            view.presentation.set(a.property, local < 0 ? a.initial : a.value(at: local))
            i += 1
        }
    }

    /// Ends the running animation of `property` on `view` unfinished; the presentation keeps its
    /// current value (the new animation starts from there).
    private func interrupt(_ view: View, _ property: AnimatableProperty) {
        while let i = running.firstIndex(where: { $0.view === view && $0.property == property }) {
            let a = running.remove(at: i)
            abandon(a.group)
        }
        if let i = keyframeTracks.firstIndex(where: { $0.view === view && $0.property == property }) {
            let a = keyframeTracks.remove(at: i)
            abandon(a.group)
        }
        view.animatedProperties &= ~property.bit
    }

    /// Ends one animation of `group` unfinished (interrupted, or its view or constraint gone).
    private func abandon(_ group: CompletionGroup) {
        group.finished = false
        end(group)
    }

    private func end(_ group: CompletionGroup) {
        group.pending -= 1
        if group.pending == 0 { endedGroups.append(group) }
    }

    /// Advances every animation to frame time `time` (phase 2).
    func tick(to time: Double) {
        if !constants.isEmpty { tickConstants(time) }
        if !animators.isEmpty {
            var k = 0
            while k < animators.count {
                let a = animators[k]
                if a.tick(to: time) { k += 1 } else if k < animators.count, animators[k] === a { animators.remove(at: k) }
            }
        }
        if !keyframeTracks.isEmpty {
            tickKeyframes(time)
            for w in runLoop.windows { w.presentationDidChange() }
        }
        guard !running.isEmpty else { return }
        tickGeneration &+= 1
        let generation = tickGeneration
        var i = 0
        var finished = 0
        while i < running.count {
            guard let view = running[i].view else {
                let a = running.remove(at: i)
                abandon(a.group)
                continue
            }
            if running[i].begin == nil { running[i].begin = time }
            let local = time - running[i].begin! - running[i].timing.delay
            let property = running[i].property
            // Animations are offsets on the model: the first one of a property this tick starts
            // from the model value, the others add onto what is there.
            if view.tickGeneration != generation { view.tickGeneration = generation; view.tickWritten = 0 }
            let base = view.tickWritten & property.bit == 0 ? view.model.value(of: property) : view.presentation.value(of: property)
            view.tickWritten |= property.bit
            if local < 0 {
                // During the delay the old value shows: the whole offset.
                view.presentation.set(property, AnimatableValue.additive(base, from: running[i].from, to: running[i].to, 1))
                i += 1
                continue
            }
            // Animations made by one block share their timing: evaluate the curve once per frame.
            let group = running[i].group
            let (p, done): (Double, Bool)
            if group.cachedLocal == local {
                (p, done) = group.cachedProgress
            } else {
                (p, done) = running[i].timing.progress(at: local)
                group.cachedLocal = local
                group.cachedProgress = (p, done)
            }
            if done {
                view.presentation.set(property, base)                  // its offset is 0 now
                finished += 1
                running[i].begin = -.infinity                          // marked; compacted below
            } else {
                view.presentation.set(property, AnimatableValue.additive(base, from: running[i].from, to: running[i].to, 1 - p))
            }
            i += 1
        }
        if finished > 0 { removeFinished() }
        for w in runLoop.windows { w.presentationDidChange() }
    }

    /// Drops the animations `tick` marked finished and ends their groups (off the steady path).
    private func removeFinished() {
        var w = 0
        for r in 0..<running.count {
            if running[r].begin == -.infinity {
                end(running[r].group)
            } else {
                if w != r { running.swapAt(w, r) }
                w += 1
            }
        }
        let ended = running[w...].compactMap { a in a.view.map { ($0, a.property) } }
        running.removeLast(running.count - w)
        for (v, p) in ended where !running.contains(where: { $0.view === v && $0.property == p }) {
            v.presentation.copy(p, from: v.model)
            v.animatedProperties &= ~p.bit
        }
    }

    /// Animates `constraint`'s constant to `target` by setting it every frame (N2, constraint
    /// mode): each frame re-solves incrementally and commits with a layout pass.
    func animateConstant(_ constraint: LayoutConstraint, to target: Double, duration: Double, delay: Double,
                         curve: TimingCurve, repeatCount: Double, autoreverses: Bool, completion: ((Bool) -> Void)?) {
        if let i = constants.firstIndex(where: { $0.constraint === constraint }) {
            let old = constants.remove(at: i)
            abandon(old.group)
        }
        let group = CompletionGroup(completion)
        group.pending = 1
        let timing = AnimationTiming(delay: delay, duration: duration, curve: curve, repeatCount: repeatCount, autoreverses: autoreverses)
        constants.append(ConstantAnimation(constraint: constraint, from: constraint.constant, to: target,
                                           begin: runLoop.currentFrame?.time, timing: timing, group: group))
        runLoop.requestFrame()
    }

    /// Advances constant animations (phase 2, with the property animations).
    private func tickConstants(_ time: Double) {
        var i = 0
        while i < constants.count {
            guard let c = constants[i].constraint, c.isActive else {
                let a = constants.remove(at: i)
                abandon(a.group)
                continue
            }
            if constants[i].begin == nil { constants[i].begin = time }
            let a = constants[i]
            let local = time - a.begin! - a.timing.delay
            if local < 0 { i += 1; continue }
            let (p, done) = a.timing.progress(at: local)
            c.constant = done ? (a.timing.autoreverses ? a.from : a.to) : lerp(a.from, a.to, p)
            if done {
                constants.remove(at: i)
                end(a.group)
            } else {
                i += 1
            }
        }
    }

    /// Runs the completions of the groups that ended (phase 3).
    func runCompletions() {
        guard !endedGroups.isEmpty else { return }
        swap(&endedGroups, &readyCompletions)
        for g in readyCompletions { g.completion?(g.finished); g.completion = nil }
        readyCompletions.removeAll(keepingCapacity: true)
    }

    /// A subtree leaves its window: its animations end unfinished, presentation = model.
    func viewWillLeaveWindow(_ root: View) {
        keyframeTracks.removeAll { a in
            guard let v = a.view, v.isDescendant(of: root) else { return false }
            v.presentation.copy(a.property, from: v.model)
            v.animatedProperties &= ~a.property.bit
            abandon(a.group)
            return true
        }
        var i = 0
        while i < running.count {
            if let v = running[i].view, v.isDescendant(of: root) {
                let a = running.remove(at: i)
                v.presentation.copy(a.property, from: v.model)
                v.animatedProperties &= ~a.property.bit
                abandon(a.group)
            } else {
                i += 1
            }
        }
    }
}

extension View {
    /// Animates the changes `animations` makes (N1): model values change at once; each changed
    /// animatable property (frame, bounds, center, alpha, colours, transform, corner radius,
    /// border) animates its presentation from its current value to the new model value. Frame
    /// changes made by a `layoutIfNeeded()` inside the block are animated too, which is how
    /// constraint changes animate. Nested blocks inherit duration and curve unless `options`
    /// override them. `completion` runs once, in the completions phase of the frame in which the
    /// last animation ended, with `false` if any was interrupted or its view removed; when the
    /// block changes nothing it runs at once with `true`.
    public static func animate(withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
                               curve: TimingCurve = .easeInOut, repeatCount: Double = 0, autoreverses: Bool = false,
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        precondition(repeatCount >= 0, "animate(withDuration:): repeatCount must not be negative; got \(repeatCount)")
        precondition(duration >= 0 && duration.isFinite, "animate(withDuration:): the duration must be finite and not negative; got \(duration)")
        precondition(delay >= 0 && delay.isFinite, "animate(withDuration:delay:): the delay must be finite and not negative; got \(delay)")
        let outer = AnimationTransaction.stack.last
        let group = CompletionGroup(completion)
        var tx = AnimationTransaction(timing: AnimationTiming(delay: delay, duration: duration, curve: curve,
                                                              repeatCount: repeatCount, autoreverses: autoreverses),
                                      group: group)
        tx.beginsFromCurrentState = options.contains(.beginFromCurrentState)
        if let outer {
            if !options.contains(.overrideInheritedDuration) { tx.timing.duration = outer.timing.duration }
            if !options.contains(.overrideInheritedCurve) { tx.timing.curve = outer.timing.curve }
        }
        group.pending += 1                         // held open while the block runs
        AnimationTransaction.stack.append(tx)
        animations()
        AnimationTransaction.stack.removeLast()
        group.pending -= 1
        if group.pending == 0 { group.completion?(true); group.completion = nil }
    }
}

extension LayoutConstraint {
    /// Animates the constant to `target` in constraint mode (N2 b): the constant is interpolated
    /// every frame and goes through the solver's edit path, and a layout pass commits each frame,
    /// so every intermediate frame satisfies every constraint. (For frame mode, set the constant
    /// and call `layoutIfNeeded()` inside `View.animate`.) The constraint must be active in a
    /// window; otherwise the completion runs at once with `false`.
    public func animateConstant(to target: Double, duration: Double, delay: Double = 0, curve: TimingCurve = .easeInOut,
                                repeatCount: Double = 0, autoreverses: Bool = false, completion: ((Bool) -> Void)? = nil) {
        precondition(duration >= 0 && delay >= 0, "animateConstant: duration and delay must not be negative")
        guard let engine = owner?.window?.runLoop?.animations else { completion?(false); return }
        engine.animateConstant(self, to: target, duration: duration, delay: delay, curve: curve,
                               repeatCount: repeatCount, autoreverses: autoreverses, completion: completion)
    }
}

extension View {
    /// A keyframe animation (N5): inside `animations`, each `addKeyframe` call's changes become
    /// keyframes of the properties they change, at the call's relative start time and duration
    /// (fractions of `duration`). Between keyframes values are computed by `calculation`.
    public static func animateKeyframes(withDuration duration: Double, delay: Double = 0,
                                        calculation: KeyframeCalculation = .linear, animations: () -> Void,
                                        completion: ((Bool) -> Void)? = nil) {
        precondition(duration > 0 && duration.isFinite, "animateKeyframes: the duration must be positive; got \(duration)")
        precondition(delay >= 0 && delay.isFinite, "animateKeyframes: the delay must not be negative; got \(delay)")
        let group = CompletionGroup(completion)
        var tx = AnimationTransaction(timing: AnimationTiming(delay: delay, duration: duration, curve: .linear), group: group)
        tx.keyframes = calculation
        group.pending += 1
        AnimationTransaction.stack.append(tx)
        animations()
        AnimationTransaction.stack.removeLast()
        group.pending -= 1
        if group.pending == 0 { group.completion?(true); group.completion = nil }
    }

    /// Adds a keyframe inside `animateKeyframes`: the changes `animations` makes reach their values
    /// from `start` to `start + relativeDuration` (fractions of the whole duration, in 0...1).
    public static func addKeyframe(withRelativeStartTime start: Double, relativeDuration: Double, animations: () -> Void) {
        precondition(AnimationTransaction.stack.last?.keyframes != nil, "addKeyframe: call it inside View.animateKeyframes(withDuration:...)")
        precondition(start >= 0 && relativeDuration >= 0 && start + relativeDuration <= 1 + 1e-9,
                     "addKeyframe: start and duration are fractions of the animation: 0 <= start, start + duration <= 1")
        let total = AnimationTransaction.stack.last!.timing.duration
        let i = AnimationTransaction.stack.count - 1
        AnimationTransaction.stack[i].keyframeSpan = (start * total, max(start + relativeDuration, start + 1e-9) * total)
        animations()
        AnimationTransaction.stack[i].keyframeSpan = nil
    }
}
