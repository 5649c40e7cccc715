import Layers
import Geometry
import Motion
import UpdateLoop

/// Options of a block animation (N4).
public struct AnimationOptions: OptionSet, Sendable {
    /// The options as bits.
    public let rawValue: Int
    /// The options `rawValue`'s bits name.
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
    var finished = true
    /// Whether the block is still running its closure: a task made inside it inherits the scope
    /// but runs later, and its changes are not the block's (as in UIKit).
    var isOpen = false
    var completion: ((Bool) -> Void)?
    /// The timing the block's animations share, made with the first of them.
    var sharedTiming: SharedTiming?
    /// Inside `animateKeyframes`: the tracks its keyframes make, added to their views' layers
    /// as keyframe animations when the block closes.
    var keyframeTracks: [(view: View, property: AnimatableProperty, track: KeyframeTrack)] = []
    init(_ completion: ((Bool) -> Void)?) { self.completion = completion }

    /// One of the group's animations ended in a frame's completions phase (a layer animation's
    /// delegate heard it): the completion runs now if it was the last.
    func animationEndedInCompletions(finished: Bool) {
        if !finished { self.finished = false }
        pending -= 1
        if pending == 0, !isOpen { completion?(self.finished); completion = nil }
    }
}

/// How many block and constraint-constant animations of one ``AnimationEngine`` run. Their end
/// delegates hold it strongly: a weak reference to the engine gave the engine a side table,
/// and each ended animation a weak load and two slow reference counts (P2: 500 ending in one
/// frame). Kept alive by a delegate that outlives its engine, it counts for no one.
@MainActor
final class AnimationCounts {
    var blocks = 0
    var constants = 0
}

/// The block-animation transaction open while an `animate` call runs its closure. Only valid for
/// the duration of that call (it is how property setters know they are inside a block).
struct AnimationTransaction: Sendable {
    /// The block's timing in the one model (its delay is the begin time).
    var timing: MediaTiming
    /// How progress follows time within an iteration.
    var curve: TimingCurve
    var group: CompletionGroup
    var beginsFromCurrentState = false
    /// Inside `animateKeyframes`: the calculation, and the keyframe span being recorded.
    var keyframes: KeyframeCalculation?
    var keyframeSpan: (start: Double, end: Double)?
}

/// The block-animation state in scope (CA12): the innermost open `animate` transaction and the
/// property animator whose `addAnimations` block is running. It is bound for the duration of the
/// call that opens it, the way Core Animation's transactions belong to the thread that runs
/// them, so nothing of it is process-wide: task-local values, read in a few nanoseconds by every
/// view setter, and on a thread outside any task kept per thread.
enum AnimationScope {
    @TaskLocal static var transaction: AnimationTransaction?
    @TaskLocal static var recording: AnimatorRecording?
}

/// The property animator recording the changes of its `addAnimations` block, and the block's delay
/// factor.
struct AnimatorRecording: Sendable {
    let animator: PropertyAnimator
    let delayFactor: Double
}

/// The views' side of the one animation engine (AM1). A block's and a keyframe block's changes,
/// constraint-constant animations and property animators' tracks become animations of the
/// views' layers, which the layer engine evaluates with the layers' own; this object makes
/// them and counts their completion groups; it advances nothing per frame (timelines and
/// scroll motions are motions of their owners' layers, AM3). One per run loop, kept by its
/// layer engine (`MainRunLoop/animations`). Values are pure functions of the frame time and
/// each animation's begin time (N8).
///
/// Bulk changes are linear (P2): interrupting a view's animation of a property looks only at
/// that view's layer.
@MainActor
public final class AnimationEngine {
    /// Not kept alive: code may keep the engine (``MainRunLoop/animations``) after its loop is
    /// gone (MR3). Held through its ``ObjectReference``, not weakly (AM4).
    var runLoop: MainRunLoop? { runLoopReference.object }
    private let runLoopReference: ObjectReference<MainRunLoop>
    /// The layer engine of ``runLoop``, whose source this engine is.
    var layerEngine: LayerEngine? {
        get { layerEngineReference?.object }
        set { layerEngineReference = newValue?.reference }
    }
    private var layerEngineReference: ObjectReference<LayerEngine>?
    /// The windows whose presentation the tick writes (registered by ``MainRunLoop/add(_:)``).
    private(set) var windows: [Window] = []
    /// How many block and constraint-constant animations run on views' layers (counted for
    /// ``runningCount``), in an object their end delegates hold (``AnimationCounts``).
    let counts = AnimationCounts()
    var blockCount: Int {
        get { counts.blocks }
        set { counts.blocks = newValue }
    }
    var constantCount: Int {
        get { counts.constants }
        set { counts.constants = newValue }
    }
    /// Whether a view's layer (or a superview's) has had a time of its own (a begin time, speed
    /// or offset) in this loop: from then on each view animation runs on its layer's time
    /// (CA8, ``layerTime(of:at:)``), so pausing a layer pauses the view animations under it.
    /// Until then every layer's time is the media time and the tick skips the conversion.
    var followsLayerTime = false

    init(runLoop: MainRunLoop) { runLoopReference = runLoop.reference }

    func attach(_ window: Window) {
        if !windows.contains(where: { $0 === window }) { windows.append(window) }
    }

    /// Whether motions are running: the timelines, scroll motions and other motions its loop's
    /// layer engine drives (its block, keyframe and constant animations are its views' layers'
    /// and keep the layer engine busy themselves).
    public var hasPendingWork: Bool { layerEngine?.hasDrivenMotions ?? false }

    /// Nothing of its own keeps the loop from idling: the layer engine says what its motions are.
    public func describePendingWork() -> [String] { [] }

    /// How many block and constant animations are running (keyframe blocks run as animations
    /// of their views' layers).
    public var runningCount: Int { blockCount + constantCount }

    /// Media time `now` (nanoseconds) on the time of `view`'s layer once any layer has a time of
    /// its own (``followsLayerTime``); the media time itself before, or without a view. Property
    /// animators and timelines played in a view measure their progress in it, as the animations
    /// on views' layers (blocks, keyframes, constraint constants) do by being on them (CA8).
    func time(on view: View?, at now: Int64) -> Int64 {
        guard followsLayerTime, let view else { return now }
        return layerTime(of: view, at: now)
    }

    /// Media time `now` (nanoseconds) on the time of `view`'s layer: through the begin time,
    /// speed and offset of its layer and its superviews' layers, as Core Animation runs a view's
    /// animations on its layer's time (CA8). The media time itself when no layer has a time of
    /// its own.
    @inline(never)       // off the tick's hot loop, which only calls it once a layer has a time
    func layerTime(of view: View, at now: Int64) -> Int64 {
        guard let layer = view.timingLayer else { return now }
        let t = layer.localTime(forMediaTime: MediaTime.seconds(now))
        // Within ±2^61 ns (73 years), so the difference of two such times cannot overflow.
        return t.isFinite ? min(max(MediaTime.nanoseconds(t), -Self.layerTimeBound), Self.layerTimeBound) : now
    }

    static let layerTimeBound: Int64 = 1 << 61

    /// Called by a view after a model change: inside an animation block the change becomes an
    /// animation of the presentation from its current value to the new model value (N1).
    func captureChange(of property: AnimatableProperty, on view: View, from oldModel: AnimatableValue) -> Bool {
        if let recording = AnimationScope.recording, recording.animator.isRecording {
            recording.animator.record(view, property, engine: self, delayFactor: recording.delayFactor)
            return true
        }
        guard let tx = AnimationScope.transaction, tx.group.isOpen else { return false }
        if let calculation = tx.keyframes { return captureKeyframe(property, view, tx, calculation) }
        let to = view.viewLayer.value(of: property)
        let alreadyAnimating = view.viewLayer.viewAnimatedProperties & property.bit != 0
        let additive = alreadyAnimating && !tx.beginsFromCurrentState && view.viewLayer.viewKeyframedProperties & property.bit == 0
        let from: AnimatableValue
        if additive {
            from = oldModel                                   // blends on top of the running ones
        } else {
            from = view.onScreen.value(of: property)
            if alreadyAnimating { interrupt(view, property) }
        }
        guard from != to || tx.timing.beginTime > 0 else { return false }
        startBlockAnimation(of: property, on: view, from: from, to: to, additive: additive, tx)
        return true
    }

    /// Inside `animateKeyframes`: adds a keyframe to the property's track (made on first use).
    private func captureKeyframe(_ property: AnimatableProperty, _ view: View, _ tx: AnimationTransaction,
                                 _ calculation: KeyframeCalculation) -> Bool {
        guard let span = tx.keyframeSpan else {
            preconditionFailure("animateKeyframes: change properties inside View.addKeyframe(withRelativeStartTime:relativeDuration:)")
        }
        let keyframe = Keyframe(start: span.start, end: span.end, value: view.viewLayer.value(of: property))
        let group = tx.group
        if let i = group.keyframeTracks.firstIndex(where: { $0.view === view && $0.property == property }) {
            group.keyframeTracks[i].track.insert(keyframe)
            return true
        }
        if view.viewLayer.viewAnimatedProperties & property.bit != 0 { interrupt(view, property) }
        group.keyframeTracks.append((view, property, KeyframeTrack(initial: view.onScreen.value(of: property), keyframes: [keyframe],
                                                                   calculation: calculation)))
        view.viewLayer.viewAnimatedProperties |= property.bit
        view.viewLayer.viewKeyframedProperties |= property.bit
        return true
    }

    /// Ends the running block and keyframe animations of `property` on `view` unfinished (their
    /// groups hear `false`). The presentation keeps its current value until the next frame
    /// evaluates the new animation from there.
    /// - Complexity: O(animations of the view's layer), whatever else runs (P2).
    private func interrupt(_ view: View, _ property: AnimatableProperty) {
        view.viewLayer.viewAnimatedProperties &= ~property.bit
        view.viewLayer.viewKeyframedProperties &= ~property.bit
        view.viewLayer.removeViewAnimations(of: property.layerProperty)
    }

    // MARK: Constraint constants

    /// Animates `constraint`'s constant to `target` by setting it every frame (N2, constraint
    /// mode): an animation of the layer of the view that holds the constraint (AM1), which the
    /// layer engine evaluates on that layer's time, setting the constant through the solver's
    /// edit path; each frame then re-solves incrementally and commits with a layout pass. A
    /// running constant animation of the same constraint ends unfinished.
    func animateConstant(_ constraint: LayoutConstraint, on view: View, to target: Double, timing: MediaTiming,
                         curve: TimingCurve, completion: ((Bool) -> Void)?) {
        let group = CompletionGroup(completion)
        group.pending = 1
        constantCount += 1
        let description = Self.basic(keyPath: "constant", from: .scalar(constraint.constant), to: .scalar(target),
                                     curve: curve)
        Self.describeTiming(timing.resolved(for: curve), on: description)
        description.delegate = ConstantAnimationEnd(constraint: constraint, group: group, counts: counts)
        _ = view.layer                                    // loaded: hosted, so the engine evaluates it
        view.viewLayer.addValueAnimation(description, forKey: constraint.animationKey, from: constraint.constant, to: target,
                                         timing: timing, curve: curve) { [reference = constraint.reference] value in
            guard let constraint = reference.object, constraint.isActive else { return false }
            constraint.constant = value
            return true
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
        animate(timing: .block(duration: duration, delay: delay, repeatCount: repeatCount, autoreverses: autoreverses),
                curve: curve, options: options, animations: animations, completion: completion)
    }

    /// Animates with a whole timing description (N10) in the one timing model (AM2) along
    /// `curve`: the timing's begin time is UIKit's delay (with the `MediaTimingFillMode.auto`
    /// fill the old value shows during it; `MediaTiming.block(duration:delay:repeatCount:autoreverses:)`
    /// makes UIKit's timing), its repeat count the total iterations, and Web Animations' fill,
    /// direction, iteration start, end delay and playback rate (the speed) apply. A forwards fill
    /// commits the value the animation ends on to the model when it ends (Core Animation's
    /// advice rather than a retained fill).
    public static func animate(timing: MediaTiming, curve: TimingCurve = .easeInOut, options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        precondition(timing.speed.isFinite && timing.speed != 0,
                     "animate(timing:): the speed (playback rate) must be finite and not 0; got \(timing.speed)")
        let outer = AnimationScope.transaction.flatMap { $0.group.isOpen ? $0 : nil }
        let group = CompletionGroup(completion)
        var tx = AnimationTransaction(timing: timing, curve: curve, group: group)
        tx.beginsFromCurrentState = options.contains(.beginFromCurrentState)
        if let outer {
            if !options.contains(.overrideInheritedDuration) { tx.timing.duration = outer.timing.duration }
            if !options.contains(.overrideInheritedCurve) { tx.curve = outer.curve }
        }
        group.pending += 1                         // held open while the block runs
        group.isOpen = true
        AnimationScope.$transaction.withValue(tx, operation: animations)
        group.isOpen = false
        group.pending -= 1
        if group.pending == 0 { group.completion?(true); group.completion = nil }
    }
}

extension View {
    /// Animates with a spring given by its perceptual duration and bounce (N9), as UIKit's
    /// `animate(springDuration:bounce:initialSpringVelocity:delay:options:animations:completion:)`:
    /// the changes `animations` makes follow `Spring(duration:bounce:)`, each from its current
    /// presentation value, and settle at the model value. `initialSpringVelocity` is in distances
    /// per second (1 covers the whole change in a second).
    public static func animate(springDuration duration: Double = 0.5, bounce: Double = 0, initialSpringVelocity: Double = 0,
                               delay: Double = 0, options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let spring = Spring(duration: duration, bounce: bounce, initialVelocity: initialSpringVelocity)
        animate(withDuration: 0, delay: delay, options: options.union(.overrideInheritedCurve), curve: .spring(spring),
                animations: animations, completion: completion)
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
        animateConstant(to: target, timing: .block(duration: duration, delay: delay, repeatCount: repeatCount,
                                                   autoreverses: autoreverses),
                        curve: curve, completion: completion)
    }

    /// Animates the constant to `target` in constraint mode with a whole timing description
    /// (N10) in the one timing model along `curve` (as ``View/animate(timing:curve:options:animations:completion:)``);
    /// a forwards fill leaves the constant at the value the animation ends on.
    public func animateConstant(to target: Double, timing: MediaTiming, curve: TimingCurve = .easeInOut,
                                completion: ((Bool) -> Void)? = nil) {
        precondition(timing.speed.isFinite && timing.speed != 0,
                     "animateConstant(timing:): the speed (playback rate) must be finite and not 0; got \(timing.speed)")
        guard let view = owner, let engine = view.window?.animations else { completion?(false); return }
        engine.animateConstant(self, on: view, to: target, timing: timing, curve: curve, completion: completion)
    }
}
