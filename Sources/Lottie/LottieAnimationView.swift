import Geometry
import Layers
import Timeline

/// How a ``LottieAnimationView`` repeats, as lottie-ios's `LottieLoopMode`.
public enum LottieLoopMode: Sendable, Equatable {
    /// Once, then stop at the end.
    case playOnce
    /// From the start again at the end, forever.
    case loop
    /// Forward, then backward, forever.
    case autoReverse
    /// `n` times through (fractions play part of a last pass), then stop.
    case `repeat`(Double)
    /// `n` times forward and backward, then stop.
    case repeatBackwards(Double)
}

/// A view that plays a ``LottieAnimation`` (LT2), as lottie-ios's `LottieAnimationView`: the
/// animation is built as a layer tree (``LottieComposition``) inside the view's layer, scaled by
/// `contentMode` (aspect-fit by default), and the frame shown is a function of the layer's
/// local time since the play began (CA6's layer time: the window's frame clock, through the
/// layers' speed and time offsets). No frame deltas are summed, and a paused window or layer
/// pauses it exactly.
@MainActor
open class LottieAnimationView: View, TimedContent {
    /// Called with `true` when a play reaches its end, `false` when it is stopped or replaced.
    public typealias LottieCompletionBlock = (Bool) -> Void

    /// The animation shown; setting it stops any play and shows its first frame.
    public var animation: LottieAnimation? {
        didSet { if animation !== oldValue { rebuild() } }
    }
    /// How a play repeats when it does not say.
    public var loopMode: LottieLoopMode = .playOnce
    /// Multiplies the animation's own speed (negative plays backward).
    public var animationSpeed: Double = 1 {
        didSet { if animationSpeed != oldValue, var p = playback { rebase(&p, speed: oldValue); playback = p } }
    }

    /// Called after a play shows a new frame (in the frame's animation phase), for views that
    /// follow the progress, such as a scrubber.
    public var frameDidChange: ((LottieAnimationView) -> Void)?

    /// Whether a play is running.
    public var isAnimationPlaying: Bool { playback != nil }

    /// The frame shown (in the animation's frames); setting it stops the play there.
    public var currentFrame: Double {
        get { composition?.currentFrame ?? 0 }
        set {
            finish(false)
            composition?.setFrame(clamped(newValue))          // the layers it changes tell the window
        }
    }

    /// The progress shown, 0 at the animation's start frame and 1 at its end.
    public var currentProgress: Double {
        get { animation.map { $0.progress(atFrame: currentFrame) } ?? 0 }
        set { if let a = animation { currentFrame = a.frame(atProgress: newValue) } }
    }

    /// The current time in seconds from the animation's start.
    public var currentTime: Double {
        get { animation.map { (currentFrame - $0.startFrame) / $0.framerate } ?? 0 }
        set { if let a = animation { currentFrame = a.startFrame + newValue * a.framerate } }
    }

    /// The composition the view shows (nil without an animation).
    public private(set) var composition: LottieComposition?
    /// Value providers by keypath, applied to each composition the view builds.
    private var providers: [(keypath: AnimationKeypath, provider: any AnyValueProvider)] = []

    /// A play: frames from `from` to `to` (either way), repeated by `mode`, begun at the layer's
    /// local time `begin` (nil: at the first frame that shows it).
    private struct Playback {
        var from: Double, to: Double, mode: LottieLoopMode
        var begin: Double?
        /// Frames already played before `begin` (a speed change rebases the play).
        var playedFrames: Double = 0
        var completion: LottieCompletionBlock?
    }
    private var playback: Playback?
    /// The layer time last shown (for rebasing on a speed change).
    private var lastLocalTime = 0.0
    private var laidOut: (bounds: Rect, mode: ContentMode)?

    /// A view showing `animation` at its first frame, fitted inside `frame` (points) with its aspect kept; nil shows nothing until one is set.
    public init(animation: LottieAnimation? = nil, frame: Rect = .zero) {
        super.init(frame: frame)
        contentMode = .scaleAspectFit
        clipsToBounds = true
        self.animation = animation
        rebuild()
    }

    /// The animation at `path`, or an empty view when it cannot be read, as lottie-ios's
    /// `LottieAnimationView(filePath:)` (``LottieAnimation/load(contentsOfFile:limits:)`` gives
    /// the reason).
    public convenience init(filePath path: String) {
        self.init(animation: LottieAnimation.filepath(path))
    }

    open override var intrinsicContentSize: Size { animation?.size ?? Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }

    // MARK: Playing

    /// Plays from the current frame to the end with ``loopMode``.
    public func play(completion: LottieCompletionBlock? = nil) {
        guard let a = animation else { completion?(false); return }
        let first = currentFrame >= a.endFrame - 1e-9 ? a.startFrame : currentFrame
        start(from: first, to: a.endFrame, mode: loopMode, completion: completion)
    }

    /// Plays from progress `from` (nil: the current) to `to`, repeating by `loopMode` (nil: the
    /// view's).
    public func play(fromProgress: Double? = nil, toProgress: Double, loopMode: LottieLoopMode? = nil,
                     completion: LottieCompletionBlock? = nil) {
        guard let a = animation else { completion?(false); return }
        start(from: fromProgress.map { a.frame(atProgress: $0) } ?? currentFrame, to: a.frame(atProgress: toProgress),
              mode: loopMode ?? self.loopMode, completion: completion)
    }

    /// Plays from frame `from` (nil: the current) to frame `to`.
    public func play(fromFrame: Double? = nil, toFrame: Double, loopMode: LottieLoopMode? = nil,
                     completion: LottieCompletionBlock? = nil) {
        guard animation != nil else { completion?(false); return }
        start(from: fromFrame ?? currentFrame, to: toFrame, mode: loopMode ?? self.loopMode, completion: completion)
    }

    /// Plays from the marker `fromMarker` (nil: the current frame) to `toMarker`'s frame, or to
    /// its end when `playEndMarkerFrames` (the marker's duration). Unknown markers play nothing
    /// and complete with `false`.
    public func play(fromMarker: String? = nil, toMarker: String, playEndMarkerFrames: Bool = true,
                     loopMode: LottieLoopMode? = nil, completion: LottieCompletionBlock? = nil) {
        guard let a = animation, let end = a.marker(named: toMarker) else { completion?(false); return }
        var from = currentFrame
        if let name = fromMarker {
            guard let m = a.marker(named: name) else { completion?(false); return }
            from = m.frame
        }
        start(from: from, to: playEndMarkerFrames ? end.frame + end.duration : end.frame, mode: loopMode ?? self.loopMode,
              completion: completion)
    }

    /// Stops the play where it is.
    public func pause() { finish(false) }

    /// Stops the play and shows the start frame.
    public func stop() {
        finish(false)
        if let a = animation { composition?.setFrame(a.startFrame) }
    }

    private func start(from: Double, to: Double, mode: LottieLoopMode, completion: LottieCompletionBlock?) {
        finish(false)
        playback = Playback(from: clamped(from), to: clamped(to), mode: mode, begin: nil, completion: completion)
        composition?.setFrame(clamped(from))
        composition?.rootLayer.timedContentDidChange()
    }

    /// Ends the play, calling its completion with `finished` (in the engine's completions
    /// phase when shown, at once otherwise).
    private func finish(_ finished: Bool) {
        guard let p = playback else { return }
        playback = nil
        guard let c = p.completion else { return }
        if let engine = composition?.rootLayer.engine { engine.enqueueCallback { c(finished) } } else { c(finished) }
    }

    /// Starts counting a play again from the last time shown, keeping its frame: the frames
    /// played so far were played at `speed`, the one that was in effect.
    private func rebase(_ p: inout Playback, speed: Double) {
        guard let a = animation, let begin = p.begin else { return }
        p.playedFrames += (lastLocalTime - begin) * a.framerate * speed
        p.begin = lastLocalTime
    }

    // MARK: TimedContent

    /// Whether the animation is playing: while it is, each frame sets the layers' values for the current animation frame.
    public var isRunning: Bool { playback != nil }

    /// Forgets what the composition's text layers keep (MR5's memory warning); they render it
    /// again when next drawn.
    open override func releaseCaches() {
        super.releaseCaches()
        composition?.releaseCaches()
    }

    /// Shows the frame of the play at the layer's local time `t`: frames played so far are
    /// (t − begin) × frame rate × speed, folded into the range by the loop mode.
    public func show(atLocalTime t: Double, of layer: Layer) {
        guard var p = playback, let a = animation, let composition else { return }
        lastLocalTime = t
        let begin = p.begin ?? t
        if p.begin == nil { p.begin = t; playback = p }
        let played = p.playedFrames + (t - begin) * a.framerate * animationSpeed
        let (frame, done) = Self.frame(played: played, from: p.from, to: p.to, mode: p.mode)
        let changed = frame != composition.currentFrame
        composition.setFrame(frame)
        if done { finish(true) }
        layoutCompositionIfNeeded()
        if changed { frameDidChange?(self) }
    }

    /// The frame after `played` frames of a play from `from` to `to` in `mode`, and whether the
    /// play is over. Negative `played` (a negative speed) runs the range backward from its end.
    static func frame(played: Double, from: Double, to: Double, mode: LottieLoopMode) -> (frame: Double, done: Bool) {
        let span = abs(to - from)
        let direction: Double = to >= from ? 1 : -1
        guard span > 0 else { return (from, true) }
        // Passes through the range so far, and where in the current one.
        var passes = abs(played) / span
        let forward = played >= 0
        func at(_ fraction: Double) -> Double {
            let f = forward ? fraction : 1 - fraction
            return from + direction * span * f
        }
        switch mode {
        case .playOnce:
            return passes >= 1 ? (at(1), true) : (at(passes), false)
        case .loop:
            return (at(passes - passes.rounded(.down)), false)
        case .autoReverse:
            let cycle = passes.truncatingRemainder(dividingBy: 2)
            return (at(cycle <= 1 ? cycle : 2 - cycle), false)
        case .repeat(let n):
            let total = max(n, 0)
            if passes >= total { let end = total - total.rounded(.down); return (at(end == 0 ? 1 : end), true) }
            return (at(passes - passes.rounded(.down)), false)
        case .repeatBackwards(let n):
            let total = max(n, 0) * 2
            passes = min(passes, total)
            let cycle = passes.truncatingRemainder(dividingBy: 2)
            let fraction = passes >= total ? 0 : (cycle <= 1 ? cycle : 2 - cycle)
            return (at(fraction), passes >= total)
        }
    }

    // MARK: Value providers

    /// Replaces the text of the animation's text layers, as lottie-ios's `textProvider`; the
    /// view's composition is rebuilt with it (set it again after its answers change).
    public var textProvider: (any AnimationKeypathTextProvider)? {
        didSet {
            let frame = currentFrame
            rebuild(keepingPlayback: true)
            composition?.setFrame(frame)
        }
    }

    /// Overrides the properties at `keypath` ("**.Fill 1.Color") with `provider`'s values, as
    /// lottie-ios's `setValueProvider(_:keypath:)`; the view's composition is rebuilt.
    public func setValueProvider(_ provider: any AnyValueProvider, keypath: AnimationKeypath) {
        providers.append((keypath, provider))
        let frame = currentFrame
        rebuild(keepingPlayback: true)
        composition?.setFrame(frame)
    }

    // MARK: Building and layout

    private func rebuild(keepingPlayback: Bool = false) {
        if !keepingPlayback { finish(false) }
        composition?.rootLayer.timedContent = nil
        composition?.rootLayer.removeFromSuperlayer()
        composition = nil
        laidOut = nil
        guard let a = animation else { return }
        let c = LottieComposition(animation: a, providers: providers, textProvider: textProvider)
        composition = c
        layer.addSublayer(c.rootLayer)
        c.rootLayer.timedContent = self
        layoutCompositionIfNeeded()
        invalidateIntrinsicContentSize()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutCompositionIfNeeded()
    }

    /// Scales and places the canvas in the bounds by ``contentMode``.
    private func layoutCompositionIfNeeded() {
        guard let c = composition, let a = animation else { return }
        guard laidOut?.bounds != bounds || laidOut?.mode != contentMode else { return }
        laidOut = (bounds, contentMode)
        let r = Layer.place(a.size, in: bounds, gravity: contentMode.gravity)
        let root = c.rootLayer
        root.position = r.origin
        root.transform = Transform3D(AffineTransform(scaleX: r.width / a.width, y: r.height / a.height))
    }

    private func clamped(_ frame: Double) -> Double {
        guard let a = animation else { return frame }
        return min(max(frame, a.startFrame), a.endFrame)
    }
}
