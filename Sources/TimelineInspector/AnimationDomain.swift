import Layers
import Views

// The Animations panel's domain (IN3, a start): every animation added to a layer of the run
// loop's layer engine — a view's block, spring and keyframe animations are animations of its
// layer (AM1), so they are among them — is announced as it is added, with its timing; the
// playback rate slows or speeds all of them through the windows' root layers' time, as Core
// Animation's recipe for a layer's speed does. Pausing, seeking and releasing: AnimationControl.swift.

extension Inspector {
    /// Installs or removes the layer engine's hook. Off, the engine holds nil and does nothing.
    func setAnimationHook(enabled: Bool) {
        guard let runLoop else { return }
        if enabled {
            runLoop.layers.animationAdded = { [weak self] layer, key, animation in
                self?.animationAdded(layer, key: key, animation)
            }
        } else if runLoop.participant(ofType: LayerEngine.self) != nil {
            runLoop.layers.animationAdded = nil
        }
    }

    /// `Animation.animationCreated` and `Animation.animationStarted` for an animation just added.
    private func animationAdded(_ layer: Layer, key: String?, _ animation: Animation) {
        animationCount += 1
        let id = "animation-\(animationCount)"
        let keyPath = (animation as? PropertyAnimation)?.keyPath
        let name = key ?? keyPath ?? String(describing: type(of: animation))
        let duration = animation.duration > 0 ? animation.duration : 0.25
        let iterations: CDPValue = animation.repeatCount.isInfinite ? .null : .double(max(1, animation.repeatCount))
        let easing = animation.timingFunction.map { "\($0)" } ?? "linear"
        let fill: String = switch animation.fillMode {
        case .removed: "none"
        case .forwards: "forwards"
        case .backwards: "backwards"
        case .both: "both"
        case .auto: "auto"
        }
        let source = CDPValue.object([
            ("delay", .double(animation.beginTime * 1000)), ("endDelay", .double(0)), ("iterationStart", .double(0)),
            ("iterations", iterations), ("duration", .double(duration * 1000)),
            ("direction", .string(animation.autoreverses ? "alternate" : "normal")), ("fill", .string(fill)),
            ("backendNodeId", .int(nodeID(of: layer))), ("easing", .string(easing)),
            ("keyPath", keyPath.map { .string($0) } ?? .null), ("class", .string(String(describing: type(of: animation)))),
        ])
        let now = (runLoop?.currentMediaTime ?? 0) * 1000
        track(id, layer: layer, animation: animation)
        send(event: "Animation.animationCreated", .object([("id", .string(id))]))
        send(event: "Animation.animationStarted", .object([("animation", .object([
            ("id", .string(id)), ("name", .string(name)), ("pausedState", .bool(false)), ("playState", .string("running")),
            ("playbackRate", .double(playbackRate)), ("startTime", .double(now)), ("currentTime", .double(0)),
            ("type", .string("WebAnimation")), ("source", source),
        ]))]))
    }

    /// The node id of an animated layer: its view's for a view's layer, else the layer's own
    /// (beneath the nearest view up its superlayers).
    private func nodeID(of layer: Layer) -> Int {
        if let view = layer.backedView { return nodes.id(for: view) }
        var up = layer.superlayer
        while let l = up {
            if let view = l.backedView { return nodes.id(for: layer, owner: view) }
            up = l.superlayer
        }
        return nodes.id(for: layer)
    }

    /// `Animation.setPlaybackRate`: sets every window's root layer's speed to `rate` (a fifth of
    /// it with slow animations on), keeping
    /// its local time where it is (time offset and begin time moved, as Core Animation's
    /// recipe), so running animations go on from where they are at the new rate.
    func setPlaybackRate(_ rate: Double) {
        playbackRate = rate
        guard let runLoop else { return }
        let now = runLoop.currentMediaTime
        Transaction.begin()
        Transaction.setDisableActions(true)
        for window in runLoop.windows {
            let root = window.rootView.layer
            let local = root.convertTime(now, from: nil)
            root.timeOffset = local
            root.beginTime = now
            root.speed = rate * (slowAnimations ? Self.slowAnimationFactor : 1)
        }
        Transaction.commit()
        runLoop.requestFrame()
    }
}
