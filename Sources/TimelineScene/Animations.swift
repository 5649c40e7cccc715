import Geometry
import Motion

/// A timing curve as written in a scene file (N3).
public enum CurveSpec: Sendable, Equatable {
    case linear, easeIn, easeOut, easeInOut
    case bezier(Double, Double, Double, Double)
    /// Unit-normalised: initial velocity 1 means the whole distance per second.
    case spring(dampingRatio: Double, response: Double, initialVelocity: Double)
    /// CSS `steps(n, position)` (N10).
    case steps(Int, StepPosition)
    /// CSS `linear(...)` with its stops resolved (N10).
    case piecewiseLinear([PiecewiseLinear.Stop])
}

/// One change an animation makes.
public enum ChangeSpec: Sendable, Equatable {
    /// A constraint's constant (by the constraint's `id`).
    case constraint(id: String, constant: Double)
    /// A view property: alpha, cornerRadius, borderWidth (numbers); color, borderColor; frame.
    case viewNumber(id: String, property: String, value: Double)
    case viewColor(id: String, property: String, value: Color)
    case viewFrame(id: String, value: Rect)
}

/// One entry of `animations` (SPEC S).
public struct AnimationSpec: Sendable {
    public enum Mode: String, Sendable { case frames, constraints }
    /// Starts in the first frame whose time is at least this.
    public var at: Double
    /// Seconds; nil for a spring that runs until it settles.
    public var duration: Double?
    public var delay: Double = 0
    /// Extra repetitions; `.infinity` repeats forever.
    public var repeatCount: Double = 0
    public var autoreverses = false
    public var curve: CurveSpec = .easeInOut
    public var mode: Mode = .frames
    // Web Animations' timing model (N10); the defaults keep UIKit's behaviour.
    public var fill: FillMode = .auto
    public var direction: PlaybackDirection = .normal
    /// Total iterations (fractional, or `.infinity`); nil: from `repeat` and `autoreverse`.
    public var iterations: Double?
    public var iterationStart = 0.0
    public var endDelay = 0.0
    public var playbackRate = 1.0
    /// A keyframe animation (N11): the keyframes, instead of `changes`, and how values are
    /// computed between them.
    public var keyframes: [KeyframeSpec]?
    public var calculation: KeyframeCalculation = .linear
    public var changes: [ChangeSpec]
    public var location: SourceLocation
}

/// One keyframe of a `"keyframes"` animation (N11, N5): its changes reach their values from
/// `start` to `start + duration`, fractions of the animation's duration.
public struct KeyframeSpec: Sendable {
    public var start: Double
    public var duration: Double
    public var changes: [ChangeSpec]
    public var location: SourceLocation
}

/// Where an item goes on a scene timeline (N11), as GSAP writes it: a number (absolute seconds),
/// `"+=0.2"`/`"-=0.2"` (after the end), `"<"`/`"<0.2"` (the previous item's start), `">"`/`">0.2"`
/// (the previous item's end), `"label"`/`"label+=0.2"`.
public enum PositionSpec: Sendable, Equatable {
    case absolute(Double)
    case end(Double)
    case label(String, Double)
    case previousStart(Double)
    case previousEnd(Double)
}

/// A tween in a scene timeline: its changes go from the values they find when the tween first
/// plays (GSAP's `to`) to the given ones.
public struct TweenSpec: Sendable {
    public var duration: Double
    public var curve: CurveSpec
    public var changes: [ChangeSpec]
}

/// One entry of a timeline's `items`.
public struct TimelineItemSpec: Sendable {
    public enum Kind: Sendable {
        case tween(TweenSpec)
        /// Tweens `each` seconds apart.
        case stagger(each: Double, tweens: [TweenSpec])
        case timeline(TimelineSpec)
        case label(String)
    }
    public var kind: Kind
    public var position: PositionSpec
    public var location: SourceLocation
}

/// A timeline of a scene (N11, N7): items at positions, repeat and yoyo, a time scale. Top-level
/// timelines start playing at `at`.
public struct TimelineSpec: Sendable {
    public var at: Double = 0
    public var repeatCount: Double = 0
    public var yoyo = false
    public var timeScale = 1.0
    public var items: [TimelineItemSpec] = []
    public var location: SourceLocation
}
