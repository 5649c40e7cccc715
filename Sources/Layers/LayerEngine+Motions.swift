import FrameTiming

/// A motion the layer engine advances from each frame's time besides the layers' animations: a
/// timeline's playhead, a scroll view's deceleration, a scene file's animator, UIKit Dynamics'
/// steps (AM3). One driver for every animation (CA8): none runs as a frame observer on the side.
/// Its values must be a function of the frame's time and its own start, never a sum of deltas.
@MainActor
package protocol FrameDrivenAnimation: AnyObject {
    /// Moves to `frame`'s time; returns false once it has ended (the engine then drops it).
    func advance(to frame: FrameInfo) -> Bool
}

/// A driven motion, held weakly: an owner that goes away ends its motion.
struct WeakDrivenMotion {
    weak var value: (any FrameDrivenAnimation)?
}

extension LayerEngine {
    /// Advances `motion` in every animation phase from the next frame on, until it returns false
    /// or ``stopDriving(_:)``; held weakly.
    package func drive(_ motion: any FrameDrivenAnimation) {
        var list = driven
        guard !list.contains(where: { $0.value === motion }) else { return }
        driven = []                                   // changed on a unique copy (see queueLayout)
        list.append(WeakDrivenMotion(value: motion))
        driven = list
        runLoop?.requestFrame()
    }

    /// Stops advancing `motion` (and forgets motions whose owners went away).
    package func stopDriving(_ motion: any FrameDrivenAnimation) {
        var list = driven
        driven = []
        list.removeAll { $0.value === motion || $0.value == nil }
        driven = list
    }

    /// Whether any motion is driven now.
    package var hasDrivenMotions: Bool { !driven.isEmpty || !motions.isEmpty }

    /// The motions driven now, in the order they started.
    package var drivenMotions: [any FrameDrivenAnimation] { driven.compactMap(\.value) }

    /// Advances the driven motions, in the order they started; one that ends (or stops itself
    /// while advancing) leaves the list.
    func advanceDriven(_ frame: FrameInfo) {
        // The list is read again after each motion advanced: a motion may drive or stop others.
        var k = 0
        while true {
            var list = driven
            guard k < list.count else { break }
            guard let d = list[k].value else {
                driven = []
                list.remove(at: k)
                driven = list
                continue
            }
            let keeps = d.advance(to: frame)
            list = driven
            if k < list.count, list[k].value === d {
                if keeps {
                    k += 1
                } else {
                    driven = []
                    list.remove(at: k)
                    driven = list
                }
            }
        }
    }
}

/// A motion the engine advances (``MotionTrack``): its layer and its entry in the layer's list.
struct LayerMotion {
    let layer: Layer
    let entry: RunningAnimation
    let track: MotionTrack
}

extension LayerEngine {
    /// `entry`, a motion of `layer` (``Layer/addMotion(_:forKey:advance:interrupted:describe:)``),
    /// is advanced from the next animation phase on, after the motions that began before it.
    func motionDidBegin(_ entry: RunningAnimation, _ track: MotionTrack, of layer: Layer) {
        var list = motions
        motions = []
        list.append(LayerMotion(layer: layer, entry: entry, track: track))
        motions = list
        runLoop?.requestFrame()
    }

    /// `entry`, a motion, left its layer (over, removed, or its layer left the engine).
    /// - Complexity: O(motions).
    func motionDidStop(_ entry: RunningAnimation) {
        guard let i = motions.firstIndex(where: { $0.entry === entry }) else { return }
        var list = motions
        motions = []
        list.remove(at: i)
        motions = list
    }

    /// Advances the motions at media time `t`, in the order they began: each gets its time
    /// since it began on its layer's time; one that says it is over leaves its layer.
    func advanceMotions(at t: Double) {
        let pass = passNumber, now = evaluationNanoseconds, inMediaTime = !layersHaveOwnTime
        // The list is read again after each motion advanced: a motion may begin or stop others.
        var k = 0
        while k < motions.count {
            let m = motions[k]
            let local = inMediaTime ? t : m.layer.localTime(forMediaTime: t, pass: pass)
            if m.entry.awaitsBegin { m.entry.begin(atLocalTime: local, nanoseconds: inMediaTime ? now : nil) }
            let keeps = m.track.advance(m.entry.parentTime(local: local, now: now, inMediaTime: inMediaTime))
            if !keeps, !m.track.isOver {
                m.track.isOver = true
                m.layer.removeEndedMotion(m.entry)             // leaves the list too
            }
            if k < motions.count, motions[k].entry === m.entry { k += 1 }
        }
    }
}
