import Layers
import Views

// The Animations panel's controls (IN3): `Animation.setPaused`, `Animation.seekAnimations` and
// `Animation.releaseAnimations` act on the animations `Animation.animationStarted` announced,
// through the time of the layer each runs on, as Core Animation pauses and scrubs a layer:
// speed 0 and a time offset freeze the layer's local time at a chosen point, so every animation
// on the layer (a view's block, spring and keyframe animations are its layer's) and beneath it
// shows that point; resuming sets its speed back with its begin time moved, so time goes on
// from where it stood. A property animator's tracks are its views' layer animations and are
// announced; its clock is its first view's layer time, so pausing that layer holds it.
// Timelines, scroll motions and the other motions are their owners' layers' animations (AM3)
// and are announced as they are added: pausing their layer holds them too.

/// An announced animation: the layer it runs on and the animation object the engine runs.
struct TrackedAnimation {
    weak var layer: Layer?
    weak var animation: Animation?
}

/// A layer the inspector froze, with the speed it had (restored when it resumes).
struct PausedLayer {
    weak var layer: Layer?
    var speed: Double
}

extension Inspector {
    /// Remembers an animation just announced as `id`. Past 1,024 remembered, those that ended
    /// are forgotten (a paused one is kept while its layer lives).
    func track(_ id: String, layer: Layer, animation: Animation) {
        if trackedAnimations.count >= 1_024 {
            trackedAnimations = trackedAnimations.filter { _, t in
                guard let l = t.layer, let a = t.animation else { return false }
                return l.isRunning(a) || pausedLayers[ObjectIdentifier(l)] != nil
            }
        }
        trackedAnimations[id] = TrackedAnimation(layer: layer, animation: animation)
    }

    /// The layers of the animation ids in `request`'s `animations` array; an id that names no
    /// announced animation, or one whose layer is gone, is an error.
    private func layers(of request: CDPRequest) throws(CDPError) -> [(String, Layer, Animation?)] {
        guard let value = request.param("animations") else { throw request.invalid("the parameter \"animations\" (an array of ids) is missing") }
        guard case .array(let items, _) = value else { throw request.invalid("\"animations\" at \(value.location) must be an array of ids") }
        var out: [(String, Layer, Animation?)] = []
        for item in items {
            guard case .string(let id, _) = item else { throw request.invalid("an animation id at \(item.location) must be a string") }
            guard let tracked = trackedAnimations[id], let layer = tracked.layer else {
                throw request.invalid("no animation '\(id)' (ids come from Animation.animationStarted; a released one names nothing)")
            }
            out.append((id, layer, tracked.animation))
        }
        return out
    }

    /// `Animation.setPaused` `{animations, paused}`.
    func setPaused(_ request: CDPRequest) throws(CDPError) {
        guard case .bool(let paused, _)? = request.param("paused") else { throw request.invalid("the parameter \"paused\" (a boolean) is missing") }
        let targets = try layers(of: request)
        withoutActions {
            for (_, layer, _) in targets { if paused { pause(layer) } else { resume(layer) } }
        }
    }

    /// `Animation.seekAnimations` `{animations, currentTime}`: each animation's layer is frozen at
    /// `currentTime` milliseconds after the animation began (an animation not begun yet, or ended,
    /// cannot be placed and is an error).
    func seekAnimations(_ request: CDPRequest) throws(CDPError) {
        let ms = try request.double("currentTime")
        guard ms.isFinite, ms >= 0, ms <= 86_400_000 else { throw request.invalid("currentTime must be from 0 to 86400000 ms; got \(ms)") }
        let targets = try layers(of: request)
        var placed: [(Layer, Double)] = []
        for (id, layer, animation) in targets {
            guard let animation, let begin = layer.beginLocalTime(of: animation) else {
                throw request.invalid("animation '\(id)' is not running on its layer (not begun yet, or ended)")
            }
            placed.append((layer, begin + ms / 1000))
        }
        withoutActions {
            for (layer, local) in placed {
                pause(layer)
                layer.timeOffset = local
            }
        }
    }

    /// `Animation.releaseAnimations` `{animations}`: their layers go on from where they stand at
    /// their own speed, and the ids name nothing from now on.
    func releaseAnimations(_ request: CDPRequest) throws(CDPError) {
        let targets = try layers(of: request)
        withoutActions { for (_, layer, _) in targets { resume(layer) } }
        for (id, _, _) in targets { trackedAnimations[id] = nil }
    }

    /// Freezes `layer`'s local time where it is now (nothing when it is frozen already).
    private func pause(_ layer: Layer) {
        let key = ObjectIdentifier(layer)
        guard pausedLayers[key]?.layer == nil else { return }
        let local = layer.convertTime(runLoop?.currentMediaTime ?? 0, from: nil)
        pausedLayers[key] = PausedLayer(layer: layer, speed: layer.speed)
        layer.speed = 0
        layer.timeOffset = local
    }

    /// Lets a frozen layer's time go on from where it stands, at the speed it had.
    private func resume(_ layer: Layer) {
        guard let paused = pausedLayers.removeValue(forKey: ObjectIdentifier(layer)) else { return }
        // Local time is `(parent - beginTime) * speed + timeOffset`. With the identity timing for
        // a moment, the layer's time is its parent's: read it, then start from there at the
        // frozen local time (whatever the layers above do to time).
        let frozen = layer.timeOffset
        layer.speed = 1
        layer.beginTime = 0
        layer.timeOffset = 0
        let parent = layer.convertTime(runLoop?.currentMediaTime ?? 0, from: nil)
        layer.beginTime = parent
        layer.timeOffset = frozen
        layer.speed = paused.speed
    }

    /// Resumes every layer the inspector froze (the client went away).
    func resumeAllLayers() {
        let layers = pausedLayers.values.compactMap(\.layer)
        withoutActions { for l in layers { resume(l) } }
        pausedLayers.removeAll()
        trackedAnimations.removeAll()
    }

    private func withoutActions(_ body: () -> Void) {
        Transaction.begin()
        Transaction.setDisableActions(true)
        body()
        Transaction.commit()
        runLoop?.requestFrame()
    }
}
