import Geometry
import Motion
import RenderModel

/// Receives an animation's start and stop, as `CAAnimationDelegate`. Both have defaults.
@MainActor
public protocol AnimationDelegate: AnyObject {
    /// The animation began (its first frame on the layer).
    func animationDidStart(_ animation: Animation)
    /// The animation ended: `finished` is true when it ran its whole active duration, false
    /// when it was removed or its layer left the tree first.
    func animationDidStop(_ animation: Animation, finished: Bool)
}

extension AnimationDelegate {
    /// By default, nothing happens when an animation starts.
    public func animationDidStart(_ animation: Animation) {}
    /// By default, nothing happens when an animation stops.
    public func animationDidStop(_ animation: Animation, finished: Bool) {}
}

/// An animation of layer properties, as `CAAnimation`: Core Animation's media timing plus a
/// timing function, a delegate and removal on completion. Adding one to a layer copies it, so
/// changing it afterwards changes nothing on screen (as in Core Animation).
@MainActor
open class Animation: Action {
    /// When it starts, in the layer's time; 0 means "when the transaction commits".
    public var beginTime: Double = 0
    /// One iteration in seconds; 0 means Core Animation's default, 0.25 s.
    public var duration: Double = 0
    /// Rate relative to the layer's time.
    public var speed: Double = 1
    /// Offset into the active time (wraps around, as Core Animation).
    public var timeOffset: Double = 0
    /// Iterations (fractional allowed; `.infinity` repeats forever; 0 means 1, as Core Animation's).
    public var repeatCount: Double = 0
    /// Seconds to repeat for, instead of ``repeatCount``.
    public var repeatDuration: Double = 0
    /// Whether each iteration plays back after playing forwards.
    public var autoreverses = false
    /// What shows outside the active interval.
    public var fillMode: MediaTimingFillMode = .removed
    /// The pacing of each iteration; nil is linear.
    public var timingFunction: MediaTimingFunction?
    /// Whether the layer drops the animation when it ends (then ``fillMode`` forwards shows nothing).
    public var isRemovedOnCompletion: Bool {
        get { removedOnCompletion }
        set { removedOnCompletion = newValue }
    }
    /// Told when the animation starts and stops (held strongly, as Core Animation does).
    public var delegate: (any AnimationDelegate)? {
        get { delegateStorage }
        set { delegateStorage = newValue }
    }
    // The two the engine reads as animations end, in internal storage only ever read or written
    // whole: the compiler then checks their accesses itself (a public stored property is
    // checked at run time on every read, P2: 500 animations ending in one frame).
    private var removedOnCompletion = true
    private var delegateStorage: (any AnimationDelegate)?

    /// An animation with Core Animation's defaults: 0.25 s once the duration is left at 0, the default timing, removed on completion.
    public init() {}

    /// A copy with the same settings (``Layer/add(_:forKey:)`` adds a copy).
    public required init(copying other: Animation) {
        beginTime = other.beginTime; duration = other.duration; speed = other.speed
        timeOffset = other.timeOffset; repeatCount = other.repeatCount; repeatDuration = other.repeatDuration
        autoreverses = other.autoreverses; fillMode = other.fillMode; timingFunction = other.timingFunction
        isRemovedOnCompletion = other.isRemovedOnCompletion; delegate = other.delegate
    }

    /// A copy of the animation.
    public func copy() -> Animation { type(of: self).init(copying: self) }

    /// The timing as a value (AM2's one model), with Core Animation's conventions converted here:
    /// a duration of 0 is the default duration, a repeat count of 0 is one iteration.
    var mediaTiming: MediaTiming {
        var t = MediaTiming()
        t.beginTime = beginTime; t.duration = duration == 0 ? Self.defaultDuration : duration
        t.speed = speed; t.timeOffset = timeOffset; t.repeatCount = repeatCount == 0 ? 1 : repeatCount
        t.repeatDuration = repeatDuration; t.autoreverses = autoreverses; t.fillMode = fillMode
        return t
    }

    /// Core Animation's duration for an animation whose duration is 0.
    public static let defaultDuration = 0.25

    /// Adds the animation to `layer` for `event` (``Action``).
    public func run(forKey event: String, object layer: Layer, arguments: [String: Any]?) {
        layer.add(self, forKey: event)
    }
}

/// An animation of one key path, as `CAPropertyAnimation`.
@MainActor
open class PropertyAnimation: Animation {
    /// What it animates: "opacity", "position.x", "transform.rotation.z", "strokeEnd", …
    public var keyPath: String?
    /// Adds the animated value to the value underneath (the model and earlier animations)
    /// instead of replacing it.
    public var isAdditive = false
    /// Each repeat starts where the previous one ended.
    public var isCumulative = false

    public override init() { super.init() }

    /// An animation of `keyPath`, as `init(keyPath:)`.
    public convenience init(keyPath: String?) {
        self.init()
        self.keyPath = keyPath
    }

    /// A copy of `other` with the same settings (what ``Layer/add(_:forKey:)`` stores).
    public required init(copying other: Animation) {
        super.init(copying: other)
        if let o = other as? PropertyAnimation { keyPath = o.keyPath; isAdditive = o.isAdditive; isCumulative = o.isCumulative }
    }
}

/// An animation between two values, as `CABasicAnimation`. The eight combinations of
/// ``fromValue``, ``toValue`` and ``byValue`` mean what they mean in Core Animation; a missing
/// end is the value underneath (the model plus earlier animations) at each frame.
@MainActor
open class BasicAnimation: PropertyAnimation {
    /// The value the animation starts from, of the property's type (`Double`, `Point`, `Color`, `Transform3D`...); nil: the value underneath.
    public var fromValue: Any?
    /// The value the animation ends at; nil: the value underneath (or from plus ``byValue``).
    public var toValue: Any?
    /// A change added to ``fromValue`` (or to the value underneath) to give the end value.
    public var byValue: Any?

    public override init() { super.init() }

    /// A copy of `other` with the same settings (what ``Layer/add(_:forKey:)`` stores).
    public required init(copying other: Animation) {
        super.init(copying: other)
        if let o = other as? BasicAnimation { fromValue = o.fromValue; toValue = o.toValue; byValue = o.byValue }
    }
}

/// A spring between two values, as `CASpringAnimation`: the damped harmonic oscillator of
/// ``mass``, ``stiffness`` and ``damping`` starting with ``initialVelocity`` (in units of the
/// whole change per second), evaluated in seconds of the animation's time. The timing function
/// does not apply. Set ``Animation/duration`` to ``settlingDuration`` to let it settle.
@MainActor
open class SpringAnimation: BasicAnimation {
    /// The mass on the spring, in arbitrary units: heavier is slower and swings further.
    public var mass: Double = 1
    /// The spring constant: stiffer is faster.
    public var stiffness: Double = 100
    /// The friction that settles the spring: more is fewer, smaller swings.
    public var damping: Double = 10
    /// The speed at the start, in whole changes per second (1: the distance from start to end in a second).
    public var initialVelocity: Double = 0
    /// Whether a damping ratio above 1 is kept (an over-damped, slower approach); when false
    /// it is taken as 1, as Core Animation's `allowsOverdamping` (iOS 17) describes.
    public var allowsOverdamping = false

    public override init() { super.init() }

    /// A spring of the given perceptual duration and bounce, as iOS 17's
    /// `init(perceptualDuration:bounce:)`: stiffness `(2π/d)²`, damping `4π(1 − bounce)/d` for
    /// bounce ≥ 0 and `4π/(d(1 + bounce))` below 0, mass 1.
    public convenience init(perceptualDuration: Double, bounce: Double) {
        self.init()
        let d = perceptualDuration > 0 && perceptualDuration.isFinite ? perceptualDuration : 0.5
        let b = bounce.isFinite ? min(max(bounce, -1), 1) : 0
        stiffness = (2 * .pi / d) * (2 * .pi / d)
        damping = b >= 0 ? 4 * .pi * (1 - b) / d : 4 * .pi / (d * (1 + b))
        mass = 1
    }

    /// A copy of `other` with the same settings (what ``Layer/add(_:forKey:)`` stores).
    public required init(copying other: Animation) {
        super.init(copying: other)
        if let o = other as? SpringAnimation {
            mass = o.mass; stiffness = o.stiffness; damping = o.damping; initialVelocity = o.initialVelocity
            allowsOverdamping = o.allowsOverdamping
        }
    }

    /// The spring as ``Spring`` (unit-normalised, mass folded in), or nil for bad parameters.
    var spring: Spring? {
        guard mass > 0, stiffness > 0, damping > 0, mass.isFinite, stiffness.isFinite, damping.isFinite,
              initialVelocity.isFinite else { return nil }
        let omega = (stiffness / mass).squareRoot()
        var ratio = damping / (2 * (stiffness * mass).squareRoot())
        if !allowsOverdamping { ratio = min(ratio, 1) }
        return Spring(dampingRatio: ratio, response: 2 * .pi / omega, initialVelocity: initialVelocity)
    }

    /// How long the spring takes to settle (within 0.1% of the distance, at rest), as
    /// `settlingDuration`.
    public var settlingDuration: Double { spring?.settlingDuration ?? 0 }

    /// The spring's perceptual duration, `2π/√(stiffness/mass)`.
    public var perceptualDuration: Double { mass > 0 && stiffness > 0 ? 2 * .pi / (stiffness / mass).squareRoot() : 0 }

    /// The bounce of the spring (1 − damping ratio, or 1/ratio − 1 when over-damped).
    public var bounce: Double { spring?.bounce ?? 0 }
}

/// How a keyframe animation computes values between keyframes, as
/// `CAAnimationCalculationMode`.
public enum CalculationMode: String, Sendable, CaseIterable {
    /// Straight between keyframes, at the key times.
    case linear
    /// Each value held until the next key time (key times have one more entry than values).
    case discrete
    /// Straight between keyframes at a constant speed (key times and functions are ignored).
    case paced
    /// A Catmull-Rom spline through the values, at the key times.
    case cubic
    /// The spline at a constant speed.
    case cubicPaced
}

/// Whether a layer moving along a keyframe path turns to follow it, as `CAAnimationRotationMode`.
public enum RotationMode: String, Sendable, CaseIterable {
    /// The layer's x axis follows the path's tangent.
    case rotateAuto
    /// The tangent plus a half turn.
    case rotateAutoReverse
}

/// An animation through a list of values or along a path, as `CAKeyframeAnimation`.
@MainActor
open class KeyframeAnimation: PropertyAnimation {
    /// The keyframe values (ignored when ``path`` is set).
    public var values: [Any]?
    /// A path the animated point follows (for point properties such as "position").
    public var path: Path?
    /// When each keyframe is reached, as fractions 0...1 of the duration, non-decreasing.
    public var keyTimes: [Double]?
    /// The pacing of each segment between keyframes (one fewer than the values; a single one
    /// applies to all).
    public var timingFunctions: [MediaTimingFunction]?
    /// How values between keyframes are found: linear, discrete (held), paced (even speed), cubic or cubic paced.
    public var calculationMode: CalculationMode = .linear
    /// Along a ``path``, whether the layer turns to follow its direction; nil: it does not turn.
    public var rotationMode: RotationMode?
    /// The keyframes as a curve over the fraction 0...1 of the duration, when the animation
    /// was made from one (a view's keyframe block, whose held gaps and segments ``values`` and
    /// ``keyTimes`` only describe): it is what runs.
    package var curve: KeyframeCurve<LayerValue>?

    public override init() { super.init() }

    /// A copy of `other` with the same settings (what ``Layer/add(_:forKey:)`` stores).
    public required init(copying other: Animation) {
        super.init(copying: other)
        if let o = other as? KeyframeAnimation {
            values = o.values; path = o.path; keyTimes = o.keyTimes; timingFunctions = o.timingFunctions
            calculationMode = o.calculationMode; rotationMode = o.rotationMode; curve = o.curve
        }
    }
}

/// Animations that run together in one timing, as `CAAnimationGroup`: each child's times are in
/// the group's time, and the group's duration cuts them off.
@MainActor
open class AnimationGroup: Animation {
    /// The animations run together, their times in the group's time; nil or empty: the group animates nothing.
    public var animations: [Animation]?

    public override init() { super.init() }

    /// A copy of `other` with the same settings, its children copied too.
    public required init(copying other: Animation) {
        super.init(copying: other)
        if let o = other as? AnimationGroup { animations = o.animations?.map { $0.copy() } }
    }
}

/// A transition between a layer's rendering before and after a change, as `CATransition`
/// (CA4): add it, then change the layer (its contents, its sublayers, their properties); the
/// rendering at the moment it was added fades out, is pushed out, is moved in over or is revealed
/// under the new one, from ``subtype``'s side, over the animation's duration. Add it under the
/// key ``TransitionAnimation/key`` as Core Animation's `kCATransition` is.
///
/// The old rendering is a snapshot of the layer and its sublayers as they are when the
/// transition is added; a layer whose map to the window has perspective shows the new rendering
/// only.
@MainActor
open class TransitionAnimation: Animation {
    /// `CATransitionType`.
    public enum Kind: String, Sendable, CaseIterable { case fade, moveIn, push, reveal }
    /// `CATransitionSubtype`: the side the new rendering comes from (or the old one leaves to).
    public enum Subtype: String, Sendable, CaseIterable { case fromRight, fromLeft, fromTop, fromBottom }

    /// Core Animation's `kCATransition`.
    public static let key = "transition"

    /// How the new rendering replaces the old: fade, move in, push or reveal.
    public var type: Kind = .fade
    /// The side the movement comes from; nil: from the left.
    public var subtype: Subtype?
    /// The part of the transition played, 0...1.
    public var startProgress: Double = 0
    /// Where in the transition (0...1) it ends.
    public var endProgress: Double = 1

    public override init() { super.init() }

    /// A copy of `other` with the same settings (what ``Layer/add(_:forKey:)`` stores).
    public required init(copying other: Animation) {
        super.init(copying: other)
        if let o = other as? TransitionAnimation {
            type = o.type; subtype = o.subtype; startProgress = o.startProgress; endProgress = o.endProgress
        }
    }
}
