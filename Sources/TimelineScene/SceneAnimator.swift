import Geometry
import Timeline
import Views

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
/// path (N2). It is an animation of the scene root's layer (AM3, key ``animationKey``) while
/// something is still to start: the layer engine advances it with every other motion (CA8),
/// the root layer's timing moves the scene's schedule, and removing it stops the schedule.
@MainActor
public final class SceneAnimator: LayerMotionOwner {
    /// The key of its animation of the scene root's layer.
    public static let animationKey = "scene"
    /// How its animation holds it (cleared by its deinit).
    private var reference: ObjectReference<SceneAnimator>?
    /// The media time of the first frame its animation ran in (its schedule's times are media
    /// times, measured from there on the root layer's time).
    private var began: Int64?
    private let scene: Scene
    private let built: BuiltScene
    private let runLoop: MainRunLoop
    private var transforms: [String: (rotation: Double, scale: Double)] = [:]
    private var next = 0
    /// Whether something is still to start (the engine advances the animator until then).
    private var isDriven = false
    private let order: [Int]
    /// Each animation's `at` in nanoseconds of frame time, by index in the scene.
    private let startTimes: [Int64]

    /// The scene's timelines, built when they start (N11).
    public private(set) var timelines: [AnimationTimeline] = []
    /// Timelines by index in the scene, in start order.
    private let timelineOrder: [Int]
    private var nextTimeline = 0
    /// Layer animations by index in the scene, in start order (CA11).
    private let layerOrder: [Int]
    private var nextLayerAnimation = 0
    private var nextInput = 0

    /// An animator for `scene` as `built`, on `runLoop`: each frame it starts the animations, timelines and input whose time has come.
    public init(scene: Scene, built: BuiltScene, runLoop: MainRunLoop) {
        self.scene = scene
        self.built = built
        self.runLoop = runLoop
        order = scene.animations.indices.sorted { (scene.animations[$0].at, $0) < (scene.animations[$1].at, $1) }
        startTimes = scene.animations.map { MediaTime.nanoseconds($0.at) }
        timelineOrder = scene.timelines.indices.sorted { (scene.timelines[$0].at, $0) < (scene.timelines[$1].at, $1) }
        layerOrder = scene.layerAnimations.indices.sorted { (scene.layerAnimations[$0].at, $0) < (scene.layerAnimations[$1].at, $1) }
        reference = ObjectReference(self)
        if !order.isEmpty || !timelineOrder.isEmpty || !layerOrder.isEmpty || !scene.input.isEmpty, let reference {
            isDriven = true
            built.views["root"]!.layer.addMotion(Animation(), forKey: Self.animationKey, owner: reference)
        }
    }

    isolated deinit {
        reference?.clear()
    }

    /// One frame, `seconds` after its animation began on the root layer's time.
    package func advanceMotion(to seconds: Double) -> Bool {
        guard isDriven, let info = runLoop.currentFrame else { return false }
        let start = began ?? info.mediaTime
        began = start
        frame(now: start + MediaTime.nanoseconds(seconds), index: info.index)
        return isDriven
    }

    /// Its animation was removed (by the app, or as the root left its window): nothing more starts.
    package func motionWasRemoved(leavingEngine: Bool) { isDriven = false }

    private func frame(now: Int64, index: Int64) {
        let animationDue = next < order.count && startTimes[order[next]] <= now
        let timelineDue = nextTimeline < timelineOrder.count && MediaTime.nanoseconds(scene.timelines[timelineOrder[nextTimeline]].at) <= now
        if animationDue || timelineDue {
            // What is still to be laid out (the scene's first layout, or changes since) is
            // committed before the animations start, so they start from laid-out frames (N12).
            built.views["root"]!.layoutIfNeeded()
        }
        while next < order.count, startTimes[order[next]] <= now {
            start(scene.animations[order[next]])
            next += 1
        }
        while nextTimeline < timelineOrder.count, MediaTime.nanoseconds(scene.timelines[timelineOrder[nextTimeline]].at) <= now {
            let tl = makeTimeline(scene.timelines[timelineOrder[nextTimeline]])
            // On the scene root's layer time, as its views' animations run (CA8).
            tl.timingView = built.views["root"]
            timelines.append(tl)
            tl.play(on: runLoop)
            nextTimeline += 1
        }
        while nextLayerAnimation < layerOrder.count,
              MediaTime.nanoseconds(scene.layerAnimations[layerOrder[nextLayerAnimation]].at) <= now {
            let spec = scene.layerAnimations[layerOrder[nextLayerAnimation]]
            built.layers[spec.layer]?.add(SceneAnimator.makeLayerAnimation(spec), forKey: spec.key)
            nextLayerAnimation += 1
        }
        // Scripted input (SC8): sent when due, handled in the next frame's events phase with the
        // script's time as its timestamp.
        // An event with a `frame` (IN6: exported from a recording) is sent in the frame before
        // the one that is to handle it, so it keeps both its frame and its recorded timestamp.
        while nextInput < scene.input.count, isDue(scene.input[nextInput], now: now, index: index) {
            runLoop.send(scene.input[nextInput].event, toWindow: scene.input[nextInput].window)
            nextInput += 1
        }
        if next == order.count, nextTimeline == timelineOrder.count, nextLayerAnimation == layerOrder.count,
           nextInput == scene.input.count {
            isDriven = false
        }
    }

    /// Whether a scripted event is to be sent in this frame's animation phase.
    private func isDue(_ step: InputStep, now: Int64, index: Int64) -> Bool {
        if let frame = step.frame { return Int64(frame) <= index + 1 }
        return MediaTime.nanoseconds(step.at) <= now
    }

    // MARK: Layer animations (CA11)

    /// The Core Animation animation a scene entry describes (validated on load).
    static func makeLayerAnimation(_ spec: LayerAnimationSpec) -> Animation {
        let a: PropertyAnimation
        switch spec.kind {
        case .keyframes:
            let k = KeyframeAnimation(keyPath: spec.keyPath)
            k.values = spec.values?.map(\.anyValue)
            k.path = spec.path
            k.keyTimes = spec.keyTimes
            k.timingFunctions = spec.timingFunctions
            k.calculationMode = spec.calculationMode
            k.rotationMode = spec.rotationMode
            a = k
        case .basic, .spring, .perceptualSpring:
            let b: BasicAnimation
            switch spec.kind {
            case .spring(let mass, let stiffness, let damping, let velocity):
                let s = SpringAnimation(keyPath: spec.keyPath)
                s.mass = mass; s.stiffness = stiffness; s.damping = damping; s.initialVelocity = velocity
                b = s
            case .perceptualSpring(let duration, let bounce):
                let s = SpringAnimation(perceptualDuration: duration, bounce: bounce)
                s.keyPath = spec.keyPath
                b = s
            default:
                b = BasicAnimation(keyPath: spec.keyPath)
            }
            b.fromValue = spec.from?.anyValue
            b.toValue = spec.to?.anyValue
            b.byValue = spec.by?.anyValue
            if let s = b as? SpringAnimation, spec.duration == 0 { s.duration = s.settlingDuration }
            a = b
        }
        if spec.duration > 0 { a.duration = spec.duration }
        a.timingFunction = spec.timingFunction
        a.repeatCount = spec.repeatCount
        a.repeatDuration = spec.repeatDuration
        a.autoreverses = spec.autoreverses
        a.fillMode = spec.fillMode
        a.isAdditive = spec.isAdditive
        a.isCumulative = spec.isCumulative
        a.isRemovedOnCompletion = spec.isRemovedOnCompletion
        a.speed = spec.speed
        a.timeOffset = spec.timeOffset
        return a
    }

    // MARK: Timelines (N11)

    /// An engine timeline for a scene timeline: tweens set model values and constants directly
    /// (a timeline's values are a function of its playhead, as GSAP's are).
    func makeTimeline(_ spec: TimelineSpec) -> AnimationTimeline {
        let tl = AnimationTimeline()
        tl.repeatCount = spec.repeatCount
        tl.yoyo = spec.yoyo
        if spec.timeScale != 1 { tl.timeScale = spec.timeScale }
        for item in spec.items {
            let position: TimelinePosition
            switch item.position {
            case .absolute(let t): position = .at(t)
            case .end(let o): position = .end(o)
            case .label(let name, let o): position = .label(name, o)
            case .previousStart(let o): position = .withPrevious(o)
            case .previousEnd(let o): position = .afterPrevious(o)
            }
            switch item.kind {
            case .tween(let t): tl.add(makeTween(t), at: position)
            case .stagger(let each, let tweens): tl.stagger(tweens.map(makeTween), each: each, at: position)
            case .timeline(let nested): tl.add(makeTimeline(nested), at: position)
            case .label(let name): tl.addLabel(name, at: position)
            }
        }
        return tl
    }

    /// A tween from the values its changes find when it first plays (GSAP's `to`).
    private func makeTween(_ spec: TweenSpec) -> Tween {
        var from: [SceneValue]?
        // Weak: the tween lives in a timeline the caller may keep past this animator (MR3).
        return Tween(duration: spec.duration, curve: spec.curve.timingCurve) { [weak self] p in
            guard let self else { return }
            if from == nil { from = spec.changes.map(self.value) }
            for (change, start) in zip(spec.changes, from!) { self.set(change, start.interpolated(to: change, p)) }
        }
    }

    /// The value a change's property has now.
    private func value(_ change: ChangeSpec) -> SceneValue {
        switch change {
        case .constraint(let id, _): return .number(built.constraints[id]!.constant)
        case .viewNumber(let id, let property, _):
            let v = built.views[id]!
            switch property {
            case "alpha": return .number(v.alpha)
            case "cornerRadius": return .number(v.cornerRadius)
            case "rotation", "scale":
                let current = currentTransform(of: id)
                return .number(property == "rotation" ? current.rotation : current.scale)
            default: return .number(v.borderWidth)
            }
        case .viewColor(let id, let property, _):
            return .color(property == "color" ? built.views[id]!.backgroundColor : built.views[id]!.borderColor)
        case .viewFrame(let id, _): return .rect(built.views[id]!.frame)
        }
    }

    /// Sets a change's property to `value`.
    private func set(_ change: ChangeSpec, _ value: SceneValue) {
        switch (change, value) {
        case (.constraint(let id, _), .number(let k)): apply(.constraint(id: id, constant: k))
        case (.viewNumber(let id, let property, _), .number(let x)): apply(.viewNumber(id: id, property: property, value: x))
        case (.viewColor(let id, let property, _), .color(let c)): apply(.viewColor(id: id, property: property, value: c))
        case (.viewFrame(let id, _), .rect(let r)): apply(.viewFrame(id: id, value: r))
        default: break
        }
    }

    private func start(_ a: AnimationSpec) {
        if let keyframes = a.keyframes {
            // N11: UIKit's keyframe animation; each keyframe's changes are laid out inside it, so
            // constraint constants move frames too.
            let root = built.views["root"]!
            View.animateKeyframes(withDuration: a.duration ?? 0, delay: a.delay, calculation: a.calculation) {
                for k in keyframes {
                    View.addKeyframe(withRelativeStartTime: k.start, relativeDuration: k.duration) {
                        for change in k.changes { self.apply(change) }
                        root.layoutIfNeeded()
                    }
                }
            }
            return
        }
        // The file's timing keys in the one model (AM2): `repeat` and `delay` are UIKit's
        // (`MediaTiming.block(duration:delay:repeatCount:autoreverses:)`), `iterations` the
        // web's total count (each way of an autoreversing cycle counts one), `playbackRate` the speed.
        let curve = a.curve.timingCurve
        var timing = MediaTiming.block(duration: a.duration ?? 0, delay: a.delay, repeatCount: a.repeatCount,
                                       autoreverses: a.autoreverses)
        if let n = a.iterations { timing.repeatCount = a.autoreverses ? n / 2 : n }
        timing.fillMode = a.fill
        timing.direction = a.direction
        timing.iterationStart = a.iterationStart
        timing.endDelay = a.endDelay
        timing.speed = a.playbackRate
        // Web Animations' delay is in the animation's own time, which the playback rate scales:
        // at rate 2 a 0.5 s delay is over in 0.25 s. Played backwards the delay would come last,
        // after the start value has shown; the model ends there instead, showing what the
        // delay's fill would (the same value), so the file reads as it always has.
        if a.playbackRate > 0 { timing.beginTime = a.delay / a.playbackRate } else { timing.beginTime = 0 }
        let root = built.views["root"]!
        switch a.mode {
        case .frames:
            // A fill that holds a value other than the new one (iterations 1.5, say) leaves the
            // constraints' constants there too when the animation ends, so the layout that follows
            // keeps the frames it ended on and both modes end alike (N10).
            var constants: [(LayoutConstraint, from: Double, to: Double)] = []
            let hold = timing.resolved(for: curve).heldProgress(along: curve)
            View.animate(timing: timing, curve: curve, animations: {
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
                    built.constraints[id]!.animateConstant(to: k, timing: timing, curve: curve)
                } else {
                    viewChanges.append(change)
                }
            }
            if !viewChanges.isEmpty {
                View.animate(timing: timing, curve: curve) {
                    for change in viewChanges { apply(change) }
                }
            }
        }
    }

    /// A view's scene rotation and scale as animations left them, its file's values at first
    /// (looked up once: a timeline tween sets them every frame).
    private func currentTransform(of id: String) -> (rotation: Double, scale: Double) {
        if let t = transforms[id] { return t }
        let spec = scene.views.first { $0.id == id }
        let t = (rotation: spec?.rotation ?? 0, scale: spec?.scale ?? 1)
        transforms[id] = t
        return t
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
                var current = currentTransform(of: id)
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

/// A property's value in a scene timeline's tween.
enum SceneValue {
    case number(Double), color(Color), rect(Rect)

    /// The value `p` of the way from this one to the change's target.
    func interpolated(to change: ChangeSpec, _ p: Double) -> SceneValue {
        switch (self, change) {
        case (.number(let a), .constraint(_, let b)): .number(a + (b - a) * p)
        case (.number(let a), .viewNumber(_, _, let b)): .number(a + (b - a) * p)
        case (.color(let a), .viewColor(_, _, let b)): .color(Color.interpolate(a, b, p))
        case (.rect(let a), .viewFrame(_, let b)):
            .rect(Rect(x: a.minX + (b.minX - a.minX) * p, y: a.minY + (b.minY - a.minY) * p,
                       width: a.width + (b.width - a.width) * p, height: a.height + (b.height - a.height) * p))
        default: self
        }
    }
}
