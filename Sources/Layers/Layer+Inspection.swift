// What an inspector reads of a layer's running animations (TimelineInspector's Animation
// domain): when an animation began, in the layer's local time, so a client can pause and scrub
// it through the layer's time as Core Animation's recipe does (speed 0, a time offset).

extension Layer {
    /// The local time at which `animation` (the object the engine's `animationAdded` hook was
    /// given) began on this layer, its delay not counted; nil when it is not running here or has
    /// not begun yet (it begins in the next frame's commit).
    /// - Complexity: O(animations of the layer).
    package func beginLocalTime(of animation: Animation) -> Double? {
        guard let entry = running.first(where: { $0.animation === animation }), !entry.awaitsBegin else { return nil }
        return entry.beginShift - entry.startDelay
    }

    /// Whether `animation` is still running on this layer.
    package func isRunning(_ animation: Animation) -> Bool { running.contains { $0.animation === animation } }
}
