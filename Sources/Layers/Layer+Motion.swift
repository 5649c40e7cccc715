import Motion
import UpdateLoop

/// What an owner drives from its layer's time (AM3): a scroll view's deceleration, a timeline's
/// playhead, a scene file's animator, UIKit Dynamics' steps. It is an animation of the layer
/// (``CompiledAnimation/Track/motion(_:)``), so the layer's speed, time offset and begin time,
/// and its ancestors', move it, ``Layer/animationKeys()`` lists it, removing it stops it, and a
/// layer leaving its engine ends it; it drives none of the layer's properties.
///
/// The layer engine advances the motions in its animation phase after the layers whose
/// presentation an owner also writes (views' layers) were evaluated, in the order the motions
/// began, and evaluates again what they animated (a scene animator's new animations show in
/// the same frame). Each is handed the time since it began: seconds of the layer's time,
/// measured in whole nanoseconds from its first frame while the layer's time is media time (as
/// ``RunningAnimation/parentTime(local:now:inMediaTime:)`` measures every animation).
final class MotionTrack {
    /// Sets what the motion drives at that time; false once it is over.
    let advance: @MainActor (Double) -> Bool
    /// The motion was removed before it was over (``Layer/removeAnimation(forKey:)``,
    /// ``Layer/removeAllAnimations()``, another animation under its key, its layer leaving its
    /// engine): its owner stops as it would stop itself. Not called for the owner's own removal
    /// (``Layer/removeMotion(forKey:)``) or when ``advance`` says it is over. True: the layer is
    /// leaving its engine.
    let interrupted: @MainActor (_ leavingEngine: Bool) -> Void
    /// What ``Layer/animation(forKey:)`` returns for it when its description changes as it runs
    /// (a timeline's playhead as a time offset); nil: the description it was added with.
    let describe: (@MainActor () -> Animation?)?
    /// Whether it is over or removed: the engine advances it no more.
    var isOver = false

    init(advance: @escaping @MainActor (Double) -> Bool, interrupted: @escaping @MainActor (Bool) -> Void,
         describe: (@MainActor () -> Animation?)?) {
        self.advance = advance; self.interrupted = interrupted; self.describe = describe
    }
}

/// What owns a motion of a layer (AM3): a scroll view, a timeline, a scene animator, UIKit
/// Dynamics' animator, the facade's transition end. The layer engine advances it through its
/// ``ObjectReference`` (no weak reference on the frame path, AM4): an owner that is gone ends
/// its motion.
@MainActor
package protocol LayerMotionOwner: AnyObject {
    /// Sets what the motion drives `seconds` after it began (on its layer's time); returns false
    /// once it is over.
    func advanceMotion(to seconds: Double) -> Bool
    /// Its motion's animation was removed by someone else (the app, or, `leavingEngine`, its
    /// layer leaving its engine): it stops as its own stop would stop it.
    func motionWasRemoved(leavingEngine: Bool)
}

extension Layer {
    /// Adds `owner`'s motion under `key` (see the closure form below).
    package func addMotion<Owner: LayerMotionOwner>(_ description: Animation, forKey key: String, owner: ObjectReference<Owner>,
                                                    describe: (@MainActor () -> Animation?)? = nil) {
        addMotion(description, forKey: key, advance: { owner.object?.advanceMotion(to: $0) ?? false },
                  interrupted: { owner.object?.motionWasRemoved(leavingEngine: $0) }, describe: describe)
    }

    /// Adds a motion its owner drives from this layer's time (``MotionTrack``, AM3) under `key`:
    /// `advance` gets the seconds since it began (0 at its first frame) in each animation phase
    /// and returns whether it goes on; `interrupted` hears a removal by anyone else. It begins
    /// at the running frame, or at the next one when none runs. `description` is what
    /// ``animation(forKey:)`` returns (or what `describe` makes). An animation already under
    /// `key` is removed first: the owner's own motion silently, another as ``add(_:forKey:)``
    /// replaces one.
    /// - Complexity: O(animations of the layer).
    package func addMotion(_ description: Animation, forKey key: String, advance: @escaping @MainActor (Double) -> Bool,
                           interrupted: @escaping @MainActor (Bool) -> Void, describe: (@MainActor () -> Animation?)? = nil) {
        if let i = running.firstIndex(where: { $0.key == key }) {
            if case .motion(let m) = running[i].compiled.track { m.isOver = true }
            stopAnimation(at: i, finished: false)
            animationsDidShrink()
        }
        let track = MotionTrack(advance: advance, interrupted: interrupted, describe: describe)
        let compiled = CompiledAnimation(timing: description.mediaTiming, function: nil, track: .motion(track))
        let frame = engine?.runLoop?.currentFrame
        let entry = RunningAnimation(key: key, animation: description, compiled: compiled, awaitsBegin: frame == nil)
        // Held: the layer's sweeps never advance it (the engine's motion step does), so a layer
        // with only motions leaves the per-frame list of animated layers.
        entry.isHeld = true
        heldAnimations += 1
        if let frame, let engine {
            entry.begin(atLocalTime: localTime(forMediaTime: MediaTime.seconds(frame.mediaTime)),
                        nanoseconds: engine.layersHaveOwnTime ? nil : frame.mediaTime)
        }
        install(entry, compiled)
        engine?.motionDidBegin(entry, track, of: self)
    }

    /// Removes the motion under `key` without telling its owner (the owner stops it itself).
    /// - Complexity: O(animations of the layer).
    package func removeMotion(forKey key: String) {
        guard let i = running.firstIndex(where: { $0.key == key }), case .motion(let m) = running[i].compiled.track else { return }
        m.isOver = true
        stopAnimation(at: i, finished: false)
        animationsDidShrink()
    }

    /// `base` when no animation of the layer has that key, else the first of "base-2",
    /// "base-3", … that none has (for owners of which a layer may run several).
    /// - Complexity: O(animations of the layer) per key tried.
    package func unusedAnimationKey(_ base: String) -> String {
        guard running.contains(where: { $0.key == base }) else { return base }
        var n = 2
        while running.contains(where: { $0.key == "\(base)-\(n)" }) { n += 1 }
        return "\(base)-\(n)"
    }

    /// Whether a motion runs under `key`.
    package func hasMotion(forKey key: String) -> Bool {
        guard let r = running.first(where: { $0.key == key }), case .motion(let m) = r.compiled.track else { return false }
        return !m.isOver
    }

    /// Takes `entry`, a motion whose owner said it is over, off the layer (finished).
    func removeEndedMotion(_ entry: RunningAnimation) {
        guard let i = running.firstIndex(where: { $0 === entry }) else { return }
        var list = takeAnimations()
        list.remove(at: i)
        running = list
        uncount(entry, engine: engine)
        engine?.animationDidStop(entry, finished: true)
        animationsDidShrink()
    }
}
