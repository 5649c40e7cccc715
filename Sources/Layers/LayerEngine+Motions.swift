import FrameTiming

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

    /// Whether any motion runs now (an animation of a layer that an owner drives, AM3).
    package var hasDrivenMotions: Bool { !motions.isEmpty }
}
