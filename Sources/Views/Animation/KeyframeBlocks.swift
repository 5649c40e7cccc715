import Geometry
import Layers
import Motion

// Keyframe blocks (N5) run as keyframe animations of their views' layers (CA8, AM1): the block
// records a track per view property, and when it closes each track is added to the view's
// layer, evaluated by the layer engine on the track's curve.

extension AnimationEngine {
    /// Adds `group`'s keyframe tracks to their views' layers as keyframe animations (CA8): each
    /// runs its track's curve over the duration, shows its first value through the delay,
    /// begins at the running frame's time (the next frame's when none runs), and tells the
    /// group when it ends.
    static func startKeyframes(of group: CompletionGroup, timing: MediaTiming) {
        let tracks = group.keyframeTracks
        group.keyframeTracks = []
        for (view, property, track) in tracks {
            guard view.viewLayer.viewKeyframedProperties & property.bit != 0 else { continue }     // interrupted in the block
            let layer = view.viewLayer
            _ = view.layer                                                             // loaded: hosted and shown
            let k = KeyframeAnimation()
            k.keyPath = layerKeyPath(property)
            let d = max(timing.duration, 1e-9)
            let curve = track.curve
            k.curve = KeyframeCurve(times: curve.times.map { min($0 / d, 1) }, values: curve.values.map(Self.layerValueTyped),
                                    segments: curve.segments)
            // Core Animation's description of it: its points (holds before gaps included);
            // discrete points need one key time more, the end.
            var values = curve.values.map(Self.layerValue), times = curve.times.map { min($0 / d, 1) }
            switch track.calculation {
            case .discrete:
                k.calculationMode = .discrete
                times.append(1)
            case .linear, .cubic:
                k.calculationMode = track.calculation == .cubic ? .cubic : .linear
                if times[times.count - 1] < 1 { values.append(values[values.count - 1]); times.append(1) }
            }
            k.values = values
            k.keyTimes = times
            k.duration = timing.duration
            k.fillMode = timing.beginTime > 0 ? .backwards : .removed
            k.delegate = ViewAnimationEnd(view: view, property: property, group: group, counts: nil)
            group.pending += 1
            let now = view.window?.runLoop?.currentFrame.map { layer.localTime(forMediaTime: MediaTime.seconds($0.mediaTime)) }
            layer.addViewAnimation(k, forKey: k.keyPath, beginsAt: now, startDelay: timing.beginTime)
        }
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
        var tx = AnimationTransaction(timing: .block(duration: duration, delay: delay), curve: .linear, group: group)
        tx.keyframes = calculation
        group.pending += 1
        group.isOpen = true
        AnimationScope.$transaction.withValue(tx, operation: animations)
        AnimationEngine.startKeyframes(of: group, timing: tx.timing)
        group.isOpen = false
        group.pending -= 1
        if group.pending == 0 { group.completion?(group.finished); group.completion = nil }
    }

    /// Adds a keyframe inside `animateKeyframes`: the changes `animations` makes reach their values
    /// from `start` to `start + relativeDuration` (fractions of the whole duration, in 0...1).
    public static func addKeyframe(withRelativeStartTime start: Double, relativeDuration: Double, animations: () -> Void) {
        guard var tx = AnimationScope.transaction, tx.keyframes != nil, tx.group.isOpen else {
            preconditionFailure("addKeyframe: call it inside View.animateKeyframes(withDuration:...)")
        }
        precondition(start >= 0 && relativeDuration >= 0 && start + relativeDuration <= 1 + 1e-9,
                     "addKeyframe: start and duration are fractions of the animation: 0 <= start, start + duration <= 1")
        let total = tx.timing.duration
        tx.keyframeSpan = (start * total, max(start + relativeDuration, start + 1e-9) * total)
        AnimationScope.$transaction.withValue(tx, operation: animations)
    }
}
