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
    public var changes: [ChangeSpec]
    public var location: SourceLocation
}
