import Geometry
import Motion

/// A timing curve as written in a scene file (N3).
public enum CurveSpec: Sendable, Equatable {
    /// The standard curves: constant speed, or easing in, out, or both.
    case linear, easeIn, easeOut, easeInOut
    /// A cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2), as CSS `cubic-bezier`.
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
    /// A view's colour property (`color` or `borderColor`).
    case viewColor(id: String, property: String, value: Color)
    /// A view's frame, in points in its parent's coordinates.
    case viewFrame(id: String, value: Rect)
}

/// One entry of `animations` (SPEC S).
public struct AnimationSpec: Sendable {
    /// How a constraint change animates: solved once and the frames interpolated, or the solver run every frame.
    public enum Mode: String, Sendable { case frames, constraints }
    /// Starts in the first frame whose time is at least this.
    public var at: Double
    /// Seconds; nil for a spring that runs until it settles.
    public var duration: Double?
    /// Seconds between ``at`` and the animation's start.
    public var delay: Double = 0
    /// Extra repetitions; `.infinity` repeats forever.
    public var repeatCount: Double = 0
    /// Whether each repetition plays forwards then backwards.
    public var autoreverses = false
    /// The timing curve (ease in and out by default).
    public var curve: CurveSpec = .easeInOut
    /// How constraint changes animate (``Mode/frames`` by default).
    public var mode: Mode = .frames
    // Web Animations' timing model (N10); the defaults keep UIKit's behaviour.
    /// What shows before the start and after the end (Web Animations' `fill`; the file's
    /// `none` is `MediaTimingFillMode.removed`).
    public var fill: MediaTimingFillMode = .auto
    /// Which way iterations play (Web Animations' `direction`).
    public var direction: PlaybackDirection = .normal
    /// Total iterations (fractional, or `.infinity`); nil: from `repeat` and `autoreverse`.
    public var iterations: Double?
    /// Where in the iterations playback starts, in iterations (0.5: halfway through the first).
    public var iterationStart = 0.0
    /// Seconds held after the last iteration before the animation ends.
    public var endDelay = 0.0
    /// How fast the animation plays (2: twice as fast; negative: backwards).
    public var playbackRate = 1.0
    /// A keyframe animation (N11): the keyframes, instead of `changes`, and how values are
    /// computed between them.
    public var keyframes: [KeyframeSpec]?
    /// How values between keyframes are computed (linearly by default).
    public var calculation: KeyframeCalculation = .linear
    /// What the animation changes, to the values given.
    public var changes: [ChangeSpec]
    /// Where the entry is in the file.
    public var location: SourceLocation
}

/// One keyframe of a `"keyframes"` animation (N11, N5): its changes reach their values from
/// `start` to `start + duration`, fractions of the animation's duration.
public struct KeyframeSpec: Sendable {
    /// When the keyframe's changes start, as a fraction 0...1 of the animation's duration.
    public var start: Double
    /// How long they take, as a fraction of the animation's duration.
    public var duration: Double
    /// What the keyframe changes.
    public var changes: [ChangeSpec]
    /// Where the keyframe is in the file.
    public var location: SourceLocation
}

/// Where an item goes on a scene timeline (N11), as GSAP writes it: a number (absolute seconds),
/// `"+=0.2"`/`"-=0.2"` (after the end), `"<"`/`"<0.2"` (the previous item's start), `">"`/`">0.2"`
/// (the previous item's end), `"label"`/`"label+=0.2"`.
public enum PositionSpec: Sendable, Equatable {
    /// At this many seconds from the timeline's start.
    case absolute(Double)
    /// This many seconds after the timeline's current end (negative: before it).
    case end(Double)
    /// This many seconds after a label.
    case label(String, Double)
    /// This many seconds after the previous item's start.
    case previousStart(Double)
    /// This many seconds after the previous item's end.
    case previousEnd(Double)
}

/// A tween in a scene timeline: its changes go from the values they find when the tween first
/// plays (GSAP's `to`) to the given ones.
public struct TweenSpec: Sendable {
    /// How long the tween runs, in seconds.
    public var duration: Double
    /// The tween's timing curve.
    public var curve: CurveSpec
    /// What the tween changes, to the values given.
    public var changes: [ChangeSpec]
}

/// One entry of a timeline's `items`.
public struct TimelineItemSpec: Sendable {
    /// What the item is.
    public enum Kind: Sendable {
        /// One tween.
        case tween(TweenSpec)
        /// Tweens `each` seconds apart.
        case stagger(each: Double, tweens: [TweenSpec])
        /// A nested timeline.
        case timeline(TimelineSpec)
        /// A named time, for later positions.
        case label(String)
    }
    /// What the item is.
    public var kind: Kind
    /// Where it goes on the timeline.
    public var position: PositionSpec
    /// Where the item is in the file.
    public var location: SourceLocation
}

/// A timeline of a scene (N11, N7): items at positions, repeat and yoyo, a time scale. Top-level
/// timelines start playing at `at`.
public struct TimelineSpec: Sendable {
    /// When a top-level timeline starts playing, in seconds from the scene's start.
    public var at: Double = 0
    /// Extra repetitions; `.infinity` repeats forever.
    public var repeatCount: Double = 0
    /// Whether every other repetition runs backwards.
    public var yoyo = false
    /// How fast the timeline plays (2: twice as fast).
    public var timeScale = 1.0
    /// The timeline's items, in the order added.
    public var items: [TimelineItemSpec] = []
    /// Where the timeline is in the file.
    public var location: SourceLocation
}
