import Timeline

extension CurveSpec {
    /// The engine's curve for this spec.
    public var timingCurve: TimingCurve {
        switch self {
        case .linear: .linear
        case .easeIn: .easeIn
        case .easeOut: .easeOut
        case .easeInOut: .easeInOut
        case .bezier(let a, let b, let c, let d): .cubicBezier(CubicBezier(a, b, c, d))
        case .spring(let z, let r, let v): .spring(Spring(dampingRatio: z, response: r, initialVelocity: v))
        case .steps(let n, let position): Steps(n, position).map(TimingCurve.steps) ?? .linear
        case .piecewiseLinear(let stops): .piecewiseLinear(PiecewiseLinear(resolved: stops))
        }
    }
}

/// Plays a scene's `animations` on its run loop: each starts in phase 2 of the first frame whose
/// time is at least its `at`, so that frame shows progress 0 (N8). Pending layout is committed
/// first (N12): an animation at `"at": 0` animates from the laid-out frames, as UIKit code calls
/// `layoutIfNeeded()` before an animation block. `frames` mode sets the new
/// values and lays out inside a block animation (frames interpolate between the two layouts);
/// `constraints` mode interpolates constraint constants every frame through the solver's edit
/// path (N2).
@MainActor
public final class SceneAnimator {
    private let scene: Scene
    private let built: BuiltScene
    private let runLoop: MainRunLoop
    private var transforms: [String: (rotation: Double, scale: Double)] = [:]
    private var next = 0
    private var token: ObserverToken?
    private let order: [Int]
    /// Each animation's `at` in nanoseconds of frame time, by index in the scene.
    private let startTimes: [Int64]

    public init(scene: Scene, built: BuiltScene, runLoop: MainRunLoop) {
        self.scene = scene
        self.built = built
        self.runLoop = runLoop
        order = scene.animations.indices.sorted { (scene.animations[$0].at, $0) < (scene.animations[$1].at, $1) }
        startTimes = scene.animations.map { MediaTime.nanoseconds($0.at) }
        if !order.isEmpty {
            token = runLoop.addFrameObserver { [unowned self] info in self.frame(info) }
        }
    }

    private func frame(_ info: FrameInfo) {
        if next < order.count, startTimes[order[next]] <= info.mediaTime {
            // What is still to be laid out (the scene's first layout, or changes since) is
            // committed before the animations start, so they start from laid-out frames (N12).
            built.views["root"]!.layoutIfNeeded()
        }
        while next < order.count, startTimes[order[next]] <= info.mediaTime {
            start(scene.animations[order[next]])
            next += 1
        }
        if next == order.count, let t = token {
            runLoop.removeFrameObserver(t)
            token = nil
        }
    }

    private func start(_ a: AnimationSpec) {
        var timing = AnimationTiming(delay: a.delay, duration: a.duration ?? 0, curve: a.curve.timingCurve,
                                     repeatCount: a.repeatCount, autoreverses: a.autoreverses)
        timing.fill = a.fill
        timing.direction = a.direction
        timing.iterations = a.iterations
        timing.iterationStart = a.iterationStart
        timing.endDelay = a.endDelay
        timing.playbackRate = a.playbackRate
        let root = built.views["root"]!
        switch a.mode {
        case .frames:
            // A fill that holds a value other than the new one (iterations 1.5, say) leaves the
            // constraints' constants there too when the animation ends, so the layout that follows
            // keeps the frames it ended on and both modes end alike (N10).
            var constants: [(LayoutConstraint, from: Double, to: Double)] = []
            let hold = timing.heldProgress
            View.animate(timing: timing, animations: {
                for change in a.changes {
                    if hold != nil, case .constraint(let id, let k) = change, let c = built.constraints[id] {
                        constants.append((c, c.constant, k))
                    }
                    apply(change)
                }
                root.layoutIfNeeded()
            }, completion: { finished in
                guard finished, let hold, hold != 1 else { return }
                for (c, from, to) in constants { c.constant = from + (to - from) * hold }
            })
        case .constraints:
            var viewChanges: [ChangeSpec] = []
            for change in a.changes {
                if case .constraint(let id, let k) = change {
                    built.constraints[id]!.animateConstant(to: k, timing: timing)
                } else {
                    viewChanges.append(change)
                }
            }
            if !viewChanges.isEmpty {
                View.animate(timing: timing) {
                    for change in viewChanges { apply(change) }
                }
            }
        }
    }

    private func apply(_ change: ChangeSpec) {
        switch change {
        case .constraint(let id, let k): built.constraints[id]!.constant = k
        case .viewNumber(let id, let property, let value):
            let v = built.views[id]!
            switch property {
            case "alpha": v.alpha = value
            case "cornerRadius": v.cornerRadius = value
            case "rotation", "scale":
                let spec = scene.views.first { $0.id == id }
                var current = transforms[id] ?? (spec?.rotation ?? 0, spec?.scale ?? 1)
                if property == "rotation" { current.rotation = value } else { current.scale = value }
                transforms[id] = current
                v.transform = sceneTransform(rotation: current.rotation, scale: current.scale)
            default: v.borderWidth = value
            }
        case .viewColor(let id, let property, let value):
            if property == "color" { built.views[id]!.backgroundColor = value } else { built.views[id]!.borderColor = value }
        case .viewFrame(let id, let value): built.views[id]!.frame = value
        }
    }
}
