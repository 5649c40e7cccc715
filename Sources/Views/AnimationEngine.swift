import FrameTiming
import Layers
import Geometry
import Motion
import UpdateLoop

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
    var cachedProgress = (progress: 0.0, isFinished: false)
    var finished = true
    /// Whether the block is still running its closure: a task made inside it inherits the scope
    /// but runs later, and its changes are not the block's (as in UIKit).
    var isOpen = false
    var completion: ((Bool) -> Void)?
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

/// The block-animation transaction open while an `animate` call runs its closure. Only valid for
/// the duration of that call (it is how property setters know they are inside a block).
struct AnimationTransaction: Sendable {
    var timing: AnimationTiming
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

/// An animation the engine advances from each frame's time besides the property animations: a
/// timeline's playhead, a scroll view's deceleration. One driver for every animation (CA8): none
/// runs as a frame observer on the side. Its values must be a function of the frame's time and
/// its own start, never a sum of deltas.
@MainActor
package protocol FrameDrivenAnimation: AnyObject {
    /// Moves to `frame`'s time; returns false once it has ended (the engine then drops it).
    func advance(to frame: FrameInfo) -> Bool
}

/// The property animator recording the changes of its `addAnimations` block, and the block's delay
/// factor.
struct AnimatorRecording: Sendable {
    let animator: PropertyAnimator
    let delayFactor: Double
}

/// One property of one view animating from a value to the model value.
struct BlockAnimation {
    /// Strong: a weak load per animation per frame cost more than the rest of its tick. A view
    /// that leaves its window has its animations interrupted (``subtreeWillLeaveWindow()``) and
    /// the next tick drops them, which releases it.
    var view: View?
    var property: AnimatableProperty
    var from: AnimatableValue
    var to: AnimatableValue
    /// The frame time it began at, in nanoseconds; nil until the first tick that sees it.
    var begin: Int64?
    var timing: AnimationTiming
    var group: CompletionGroup
    /// Every property animation contributes `(from − to)·(1 − p)` on top of the current model,
    /// so overlapping ones blend additively and the sum always ends at the model. Alone, that is
    /// `from + (to − from)·p`. `additive` records whether it was made on top of running ones.
    var additive: Bool
    /// The view's animation epoch of the property when this was made: an interruption bumps the
    /// view's epoch, and the tick drops the animations left behind (O(1) per interruption).
    var epoch: UInt32
    /// Set by the tick when it finished; compacted away in the same tick.
    var isFinished = false
}

/// A constraint constant animating from a value to a target, set every frame through the
/// solver's edit path so every intermediate frame satisfies every constraint (N2, mode b).
struct ConstantAnimation {
    weak var constraint: LayoutConstraint?
    var from: Double
    var to: Double
    var begin: Int64?
    var timing: AnimationTiming
    var group: CompletionGroup
    var epoch: UInt32
}

/// Runs block, keyframe and constant animations, property animators, timelines and scroll
/// motions in phase 2 of each frame (writing presentation values) and their completions in
/// phase 3: an ``AnimationSource`` of the run loop's layer engine, which advances it before the
/// layers' animations from the same frame time, one per loop (``MainRunLoop/animations``). Values are pure functions of the frame
/// time and each animation's begin time (N8). Animations hold their views weakly.
///
/// Bulk changes are linear (P2): interrupting marks the old animation stale through an epoch
/// instead of searching for it, finished and stale animations are compacted in one sweep, and a
/// subtree leaving its window is found through a mark on its views, not an ancestor walk.
@MainActor
public final class AnimationEngine: AnimationSource {
    /// Weak: code may keep the engine (``MainRunLoop/animations``) after its loop is gone (MR3).
    weak var runLoop: MainRunLoop?
    /// The windows whose presentation the tick writes (registered by ``MainRunLoop/add(_:)``).
    private(set) var windows: [Window] = []
    var running: [BlockAnimation] = []
    private var constants: [ConstantAnimation] = []
    private var tickGeneration: UInt32 = 0
    private(set) var animators: [PropertyAnimator] = []
    /// Timelines and scroll motions, advanced first in the tick (weak: an owner that goes away
    /// ends its motion).
    private(set) var driven: [WeakDriven] = []
    struct WeakDriven { weak var value: (any FrameDrivenAnimation)? }
    private var endedGroups: [CompletionGroup] = []
    private var readyCompletions: [CompletionGroup] = []
    /// Views that had an animation end in this tick (scratch for ``removeFinished()``).
    private var endedViews: [View] = []
    /// Values that forwards fills hold when their animations end, committed after the sweep.
    private var heldValues: [(View, AnimatableProperty, AnimatableValue)] = []
    /// Whether an interruption left stale animations behind since the last tick: only then does
    /// the tick compare each animation's epoch with its view's (steady frames skip the check).
    private var hasStaleAnimations = false
    /// The same for constant animations.
    private var hasStaleConstants = false
    /// Whether a view's layer (or a superview's) has had a time of its own (a begin time, speed
    /// or offset) in this loop: from then on each view animation runs on its layer's time
    /// (CA8, ``layerTime(of:at:)``), so pausing a layer pauses the view animations under it.
    /// Until then every layer's time is the media time and the tick skips the conversion.
    var followsLayerTime = false
    /// Whether a timeline of this loop has had a timing view: until then a view's layer lists
    /// no timelines without looking through the driven motions.
    var timelinesRunOnViews = false

    init(runLoop: MainRunLoop) { self.runLoop = runLoop }

    func attach(_ window: Window) {
        if !windows.contains(where: { $0 === window }) { windows.append(window) }
    }

    /// Whether anything is animating or waiting to complete.
    public var hasPendingWork: Bool {
        !running.isEmpty || !constants.isEmpty || !endedGroups.isEmpty
            || animators.contains { $0.isRunning } || !driven.isEmpty
    }

    public func describePendingWork() -> [String] {
        hasPendingWork ? ["\(runningCount) running animations"] : []
    }

    func add(_ animator: PropertyAnimator) {
        guard !animator.isRegistered else { return }
        animator.isRegistered = true
        animators.append(animator)
    }
    func remove(_ animator: PropertyAnimator) {
        guard animator.isRegistered else { return }
        animator.isRegistered = false
        animators.removeAll { $0 === animator }
    }

    /// Advances `animation` from the next frame on, until it returns false or
    /// ``stopDriving(_:)``.
    package func drive(_ animation: any FrameDrivenAnimation) {
        guard !driven.contains(where: { $0.value === animation }) else { return }
        driven.append(WeakDriven(value: animation))
        runLoop?.requestFrame()
    }

    package func stopDriving(_ animation: any FrameDrivenAnimation) {
        driven.removeAll { $0.value === animation || $0.value == nil }
    }

    /// How many block and constant animations are running (keyframe blocks run as animations
    /// of their views' layers).
    public var runningCount: Int { running.count + constants.count }

    /// The begin time of an animation of `view` made now: the running frame's time (on the
    /// view's layer time), or nil to take the time of the first frame that ticks it (N8: that
    /// frame shows progress 0).
    private func beginNow(_ view: View?) -> Int64? {
        runLoop?.currentFrame.map { time(on: view, at: $0.mediaTime) }
    }

    /// Media time `now` (nanoseconds) on the time of `view`'s layer once any layer has a time of
    /// its own (``followsLayerTime``); the media time itself before, or without a view. Property
    /// animators, constraint-constant animations and timelines played in a view measure their
    /// progress in it, as block animations do (CA8).
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
        let alreadyAnimating = view.animatedProperties & property.bit != 0
        let additive = alreadyAnimating && !tx.beginsFromCurrentState && view.keyframedProperties & property.bit == 0
        let from: AnimatableValue
        if additive {
            from = oldModel                                   // blends on top of the running ones
        } else {
            from = view.onScreen.value(of: property)
            if alreadyAnimating { interrupt(view, property) }
        }
        guard from != to || tx.timing.delay > 0 else { return false }
        tx.group.pending += 1
        running.append(BlockAnimation(
            view: view, property: property, from: from, to: to, begin: beginNow(view), timing: tx.timing,
            group: tx.group, additive: additive, epoch: view.animationEpochs[property.rawValue]))
        view.animatedProperties |= property.bit
        runLoop?.requestFrame()
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
        if view.animatedProperties & property.bit != 0 { interrupt(view, property) }
        group.keyframeTracks.append((view, property, KeyframeTrack(initial: view.onScreen.value(of: property), keyframes: [keyframe],
                                                                   calculation: calculation)))
        view.animatedProperties |= property.bit
        view.keyframedProperties |= property.bit
        return true
    }

    /// Ends the running animations of `property` on `view` unfinished, in O(1): they become stale
    /// and the next tick drops them and ends their groups. The presentation keeps its current
    /// value (the new animation starts from there).
    private func interrupt(_ view: View, _ property: AnimatableProperty) {
        let keyframed = view.keyframedProperties & property.bit != 0
        view.animationEpochs[property.rawValue] &+= 1
        hasStaleAnimations = true
        view.animatedProperties &= ~property.bit
        view.keyframedProperties &= ~property.bit
        // A keyframe block's animation of the property on the layer stops (unfinished).
        if keyframed { view.viewLayer.removeKeyframeBlock(of: property) }
    }

    /// Ends one animation of `group` unfinished (interrupted, or its view or constraint gone).
    func abandon(_ group: CompletionGroup) {
        group.finished = false
        end(group)
    }

    private func end(_ group: CompletionGroup) {
        group.pending -= 1
        if group.pending == 0 { endedGroups.append(group) }
    }

    // MARK: The tick (phase 2)

    /// Advances timelines and scroll motions, in the order they started; one that ends (or
    /// stops itself while advancing) leaves the list.
    private func tickDriven(_ frame: FrameInfo) {
        var k = 0
        while k < driven.count {
            guard let d = driven[k].value else { driven.remove(at: k); continue }
            let keeps = d.advance(to: frame)
            if k < driven.count, driven[k].value === d {
                if keeps { k += 1 } else { driven.remove(at: k) }
            }
        }
    }

    /// Advances every animation to the frame's time.
    public func advance(to frame: FrameInfo) {
        let now = frame.mediaTime
        if !driven.isEmpty { tickDriven(frame) }
        if !constants.isEmpty { tickConstants(now) }
        if !animators.isEmpty {
            var k = 0
            while k < animators.count {
                let a = animators[k]
                if a.tick(to: now) { k += 1 } else if k < animators.count, animators[k] === a { animators.remove(at: k); a.isRegistered = false }
            }
        }
        guard !running.isEmpty else { return }
        tickGeneration &+= 1
        let generation = tickGeneration
        let checksEpochs = hasStaleAnimations
        hasStaleAnimations = false
        let followsLayerTime = self.followsLayerTime
        // One exclusive access to the list for the whole sweep: reading elements through
        // `running[i]` costs a dynamic exclusivity check (or a copy) per element.
        var viewsTouched = 0
        let finished = running.withUnsafeMutableBufferPointer { running in
            var finished = 0
            guard let first = running.baseAddress else { return 0 }
            // Each element through its pointer: a subscript copies the whole element (a weak
            // reference and two values) to read one field.
            for i in running.indices {
                let a = first + i
                guard let view = a.pointee.view,
                      !checksEpochs || a.pointee.epoch == view.animationEpochs[a.pointee.property.rawValue] else {
                    // Its view is gone, or a newer animation of the property interrupted it.
                    a.pointee.isFinished = true
                    a.pointee.group.finished = false
                    finished += 1
                    continue
                }
                let t = followsLayerTime ? layerTime(of: view, at: now) : now
                let begin: Int64
                if let b = a.pointee.begin { begin = b } else { begin = t; a.pointee.begin = t }
                let local = MediaTime.seconds(from: begin, to: t) - a.pointee.timing.delay
                let property = a.pointee.property
                // Animations are offsets on the model: the first one of a property this tick starts
                // from the model value, the others add onto what is there.
                if view.tickGeneration != generation { view.tickGeneration = generation; view.tickWritten = 0; viewsTouched += 1 }
                let base = view.tickWritten & property.bit == 0 && !view.showsLayerAnimation(of: property)
                    ? view.modelValue(of: property) : view.shownValue(of: property)
                view.tickWritten |= property.bit
                // The first views queue themselves for re-emission; past as many as a window
                // patches, the windows rebuild their lists whole, and the rest need not queue.
                if viewsTouched <= Window.maximumQueuedViews { view.presentationChanged() }
                if a.pointee.timing.usesWebModel {
                    // The whole Web Animations model (N10): fill, direction, iterations, rates.
                    let (from, to) = (a.pointee.from, a.pointee.to)
                    switch a.pointee.timing.effect(atElapsed: local + a.pointee.timing.delay) {
                    case .oldValue: view.setShown(property, AnimatableValue.additive(base, from: from, to: to, 1))
                    case .modelValue: view.setShown(property, base)
                    case .progress(let p): view.setShown(property, AnimatableValue.additive(base, from: from, to: to, 1 - p))
                    case .ended(let hold):
                        view.setShown(property, base)
                        a.pointee.isFinished = true
                        finished += 1
                        // A fill holds the value it ended on: committed to the model (below).
                        if let hold, hold != 1 { heldValues.append((view, property, AnimatableValue.additive(base, from: from, to: to, 1 - hold))) }
                    }
                    continue
                }
                if local < 0 {
                    // During the delay the old value shows: the whole offset.
                    view.setShown(property, AnimatableValue.additive(base, from: a.pointee.from, to: a.pointee.to, 1))
                    continue
                }
                // Animations made by one block share their timing: evaluate the curve once per frame.
                let group = a.pointee.group
                let p: (progress: Double, isFinished: Bool)
                if group.cachedLocal == local {
                    p = group.cachedProgress
                } else {
                    p = a.pointee.timing.progress(at: local)
                    group.cachedLocal = local
                    group.cachedProgress = p
                }
                if p.isFinished {
                    view.setShown(property, base)                  // its offset is 0 now
                    a.pointee.isFinished = true
                    finished += 1
                } else {
                    view.setShown(property, AnimatableValue.additive(base, from: a.pointee.from, to: a.pointee.to, 1 - p.progress))
                }
            }
            return finished
        }
        if viewsTouched > Window.maximumQueuedViews { for w in windows { w.presentationDidChange() } }
        if finished > 0 { removeFinished() }
        if !heldValues.isEmpty {
            for (view, property, value) in heldValues { view.setModelWithoutAnimation(property, value) }
            heldValues.removeAll(keepingCapacity: true)
        }
    }

    /// Drops the animations the tick marked finished or stale, ends their groups, and shows the
    /// model for every property no animation drives any more: one sweep over the running list
    /// and one over the views involved, O(running), whatever number ended (P2).
    private func removeFinished() {
        var w = 0
        for r in running.indices {
            guard running[r].isFinished else {
                if w != r { running[w] = running[r] }
                w += 1
                continue
            }
            let a = running[r]
            do {
                end(a.group)
                if let v = a.view, a.group.finished || a.epoch == v.animationEpochs[a.property.rawValue] {
                    if v.endedProperties == 0 { endedViews.append(v) }
                    v.endedProperties |= a.property.bit
                }
            }
        }
        running.removeLast(running.count - w)
        guard !endedViews.isEmpty else { return }
        // Properties that still have a running animation keep it; the others show the model.
        for a in running { if let v = a.view, v.endedProperties != 0 { v.endedProperties &= ~a.property.bit } }
        for v in endedViews {
            for p in AnimatableProperty.allCases where v.endedProperties & p.bit != 0 {
                v.showModel(p)
                v.presentationChanged()
                v.animatedProperties &= ~p.bit
            }
            v.endedProperties = 0
        }
        endedViews.removeAll(keepingCapacity: true)
    }

    /// Animates `constraint`'s constant to `target` by setting it every frame (N2, constraint
    /// mode): each frame re-solves incrementally and commits with a layout pass. A running
    /// constant animation of the same constraint ends unfinished.
    func animateConstant(_ constraint: LayoutConstraint, to target: Double, timing: AnimationTiming, completion: ((Bool) -> Void)?) {
        constraint.constantAnimationEpoch &+= 1          // a running one becomes stale
        hasStaleConstants = true
        let group = CompletionGroup(completion)
        group.pending = 1
        constants.append(ConstantAnimation(constraint: constraint, from: constraint.constant, to: target,
                                           begin: beginNow(constraint.owner), timing: timing, group: group,
                                           epoch: constraint.constantAnimationEpoch))
        runLoop?.requestFrame()
    }

    /// Advances constant animations. When one ends the constant is the target (the model value),
    /// whatever direction an autoreversing animation ended in (N4, as in frame mode).
    private func tickConstants(_ frameTime: Int64) {
        let checksEpochs = hasStaleConstants
        hasStaleConstants = false
        var w = 0
        for r in constants.indices {
            let a = constants[r]
            guard let c = a.constraint, c.isActive, !checksEpochs || a.epoch == c.constantAnimationEpoch else {
                abandon(a.group)
                continue
            }
            // On the layer time of the view that holds the constraint (CA8).
            let now = followsLayerTime ? time(on: c.owner, at: frameTime) : frameTime
            let begin: Int64
            if let b = a.begin { begin = b } else { begin = now; constants[r].begin = now }
            let local = MediaTime.seconds(from: begin, to: now) - a.timing.delay
            if a.timing.usesWebModel {
                // The whole Web Animations model (N10). The constant is the model here: what
                // shows with no effect is the target, and a fill's held value becomes the constant.
                switch a.timing.effect(atElapsed: local + a.timing.delay) {
                case .oldValue: c.constant = a.from
                case .modelValue: c.constant = a.to
                case .progress(let p): c.constant = lerp(a.from, a.to, p)
                case .ended(let hold):
                    c.constant = hold.map { lerp(a.from, a.to, $0) } ?? a.to
                    end(a.group)
                    continue
                }
            } else if local >= 0 {
                let p = a.timing.progress(at: local)
                c.constant = p.isFinished ? a.to : lerp(a.from, a.to, p.progress)
                if p.isFinished {
                    end(a.group)
                    continue
                }
            }
            if w != r { constants[w] = constants[r] }
            w += 1
        }
        constants.removeLast(constants.count - w)
    }

    /// Runs the completions of the groups that ended (phase 3).
    public func runCompletions() {
        guard !endedGroups.isEmpty else { return }
        swap(&endedGroups, &readyCompletions)
        for g in readyCompletions { g.completion?(g.finished); g.completion = nil }
        readyCompletions.removeAll(keepingCapacity: true)
    }

    /// A subtree leaves its window: its animations end unfinished, presentation = model. The
    /// subtree's views carry ``View/isLeavingWindow`` while this runs, so it costs O(animations).
    func subtreeWillLeaveWindow() {
        // (A keyframe block's animations are its views' layers': the layers leave the engine.)
        for a in running {
            guard let v = a.view, v.isLeavingWindow, a.epoch == v.animationEpochs[a.property.rawValue] else { continue }
            v.showModel(a.property)
            v.presentationChanged()
            interrupt(v, a.property)
        }
        if !running.isEmpty { runLoop?.requestFrame() }
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
        animate(timing: AnimationTiming(delay: delay, duration: duration, curve: curve, repeatCount: repeatCount, autoreverses: autoreverses),
                options: options, animations: animations, completion: completion)
    }

    /// Animates with a whole timing description (N10): besides UIKit's delay, duration, curve,
    /// repeat and autoreverse, Web Animations' fill, direction, iterations, iteration start, end
    /// delay and playback rate. A forwards fill commits the value the animation ends on to the
    /// model when it ends (Core Animation's advice rather than a retained fill).
    public static func animate(timing: AnimationTiming, options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        precondition(timing.playbackRate.isFinite && timing.playbackRate != 0,
                     "animate(timing:): playbackRate must be finite and not 0; got \(timing.playbackRate)")
        let outer = AnimationScope.transaction.flatMap { $0.group.isOpen ? $0 : nil }
        let group = CompletionGroup(completion)
        var tx = AnimationTransaction(timing: timing, group: group)
        tx.beginsFromCurrentState = options.contains(.beginFromCurrentState)
        if let outer {
            if !options.contains(.overrideInheritedDuration) { tx.timing.duration = outer.timing.duration }
            if !options.contains(.overrideInheritedCurve) { tx.timing.curve = outer.timing.curve }
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
        animateConstant(to: target, timing: AnimationTiming(delay: delay, duration: duration, curve: curve,
                                                            repeatCount: repeatCount, autoreverses: autoreverses),
                        completion: completion)
    }

    /// Animates the constant to `target` in constraint mode with a whole timing description
    /// (N10); a forwards fill leaves the constant at the value the animation ends on.
    public func animateConstant(to target: Double, timing: AnimationTiming, completion: ((Bool) -> Void)? = nil) {
        precondition(timing.playbackRate.isFinite && timing.playbackRate != 0,
                     "animateConstant(timing:): playbackRate must be finite and not 0; got \(timing.playbackRate)")
        guard let engine = owner?.window?.animations else { completion?(false); return }
        engine.animateConstant(self, to: target, timing: timing, completion: completion)
    }
}
