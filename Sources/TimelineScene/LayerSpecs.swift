import Geometry
import Timeline

/// One entry of `layers` (CA11): a layer of a kind, hosted by a view's layer or by a layer
/// listed earlier, with its properties already typed by key.
public struct LayerSpec: Sendable {
    /// The layer classes a scene can make.
    public enum Kind: String, Sendable, CaseIterable {
        /// A plain `Layer`, a `ShapeLayer`, `GradientLayer`, `ReplicatorLayer`, `EmitterLayer` or `TextLayer`.
        case layer, shape, gradient, replicator, emitter, text

        /// Whether layers of this kind have `property` (as the class's `hasProperty`).
        public func has(_ property: LayerProperty) -> Bool {
            switch self {
            case .layer: Layer.hasProperty(property)
            case .shape: ShapeLayer.hasProperty(property)
            case .gradient: GradientLayer.hasProperty(property)
            case .replicator: ReplicatorLayer.hasProperty(property)
            case .emitter: EmitterLayer.hasProperty(property)
            case .text: TextLayer.hasProperty(property)
            }
        }
    }

    /// What a layer is added to.
    public enum Host: Sendable, Equatable {
        /// The layer of the view with this id (`root` included).
        case view(String)
        /// The layer with this id, listed earlier.
        case layer(String)
    }

    /// The layer's id, unique among the scene's layers; what hosts and animations name it by.
    public var id: String
    /// The layer's class.
    public var kind: Kind
    /// What the layer is added to.
    public var host: Host
    /// Set before the other properties (bounds and position from it, as `frame` does).
    public var frame: Rect?
    /// Animatable properties by Core Animation's key, in file order.
    public var values: [(property: LayerProperty, value: LayerValue)] = []
    // Properties that are not animatable.
    /// A shape layer's fill rule; nil: the layer's default.
    public var fillRule: FillRule?
    /// A shape layer's line cap; nil: the layer's default.
    public var lineCap: LineCap?
    /// A shape layer's line join; nil: the layer's default.
    public var lineJoin: LineJoin?
    /// A shape layer's dash and gap lengths in points; nil: solid.
    public var lineDashPattern: [Double]?
    /// A gradient layer's kind; nil: axial.
    public var gradientType: Gradient.Kind?
    /// A replicator's number of copies; nil: 1.
    public var instanceCount: Int?
    /// Whether the layer shows when turned away; nil: yes.
    public var isDoubleSided: Bool?
    /// The layer's time speed (0 pauses its animations); nil: 1.
    public var speed: Double?
    /// Seconds added to the layer's local time; nil: 0.
    public var timeOffset: Double?
    // An emitter's.
    /// An emitter's shape; nil: a point.
    public var emitterShape: EmitterLayer.Shape?
    /// Where on its shape an emitter's particles are born; nil: the layer's default.
    public var emitterMode: EmitterLayer.Mode?
    /// An emitter's particle drawing order; nil: unordered.
    public var renderMode: EmitterLayer.RenderMode?
    /// An emitter's random seed; nil: 0.
    public var seed: UInt32?
    /// An emitter's cells.
    public var emitterCells: [EmitterCellSpec]?
    // A text layer's.
    /// A text layer's text.
    public var string: String?
    /// A text layer's alignment; nil: natural.
    public var alignmentMode: TextLayer.AlignmentMode?
    /// A text layer's truncation; nil: none.
    public var truncationMode: TextLayer.TruncationMode?
    /// Whether a text layer wraps; nil: no.
    public var isWrapped: Bool?
    /// Where the entry is in the file.
    public var location: SourceLocation
}

/// One cell of an emitter layer in a scene: `EmitterCell`'s numbers by name, its colour, and
/// the stand-in shape and size of its particles.
public struct EmitterCellSpec: Sendable {
    /// The cell's numeric properties by name (see ``numberKeys``), in their units: seconds, points per second, radians.
    public var numbers: [String: Double] = [:]
    /// The particles' colour at birth; nil: white.
    public var color: Color?
    /// The particles' size in points; nil: 8 x 8.
    public var contentsSize: Size?
    /// Disc or square; nil: disc.
    public var contentsShape: EmitterCell.ContentsShape?
    /// The number keys a cell takes.
    public static let numberKeys: [String] = ["birthRate", "lifetime", "lifetimeRange", "velocity", "velocityRange", "xAcceleration",
                                              "yAcceleration", "emissionLongitude", "emissionRange", "spin", "spinRange", "scale",
                                              "scaleRange", "scaleSpeed", "redRange", "greenRange", "blueRange", "alphaRange",
                                              "alphaSpeed"]
}

/// One entry of `layerAnimations` (CA11): a Core Animation animation by key path, added to its
/// layer in the first frame whose time is at least ``at``.
public struct LayerAnimationSpec: Sendable {
    /// The animation's class and its own settings.
    public enum Kind: Sendable, Equatable {
        /// A `BasicAnimation` from, to or by a value.
        case basic
        /// `SpringAnimation` by mass, stiffness, damping and initial velocity.
        case spring(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double)
        /// `SpringAnimation(perceptualDuration:bounce:)`.
        case perceptualSpring(duration: Double, bounce: Double)
        /// A `KeyframeAnimation` through values or along a path.
        case keyframes
    }

    /// The id of the layer animated.
    public var layer: String
    /// The animated key path ("opacity", "position.x", "transform.rotation.z").
    public var keyPath: String
    /// The key it is added under (nil: none, as `add(_:forKey: nil)`).
    public var key: String?
    /// When the animation is added, in seconds from the scene's start.
    public var at: Double = 0
    /// Which animation it is.
    public var kind: Kind = .basic
    /// A basic animation's start, end and change; nil: the value underneath.
    public var from: LayerValue?, to: LayerValue?, by: LayerValue?
    /// A keyframe animation's values.
    public var values: [LayerValue]?
    /// When each keyframe is reached, as fractions 0...1 of the duration.
    public var keyTimes: [Double]?
    /// A keyframe animation's path, for point properties.
    public var path: Path?
    /// How values between keyframes are found.
    public var calculationMode: CalculationMode = .linear
    /// Whether a layer moved along a path turns with it.
    public var rotationMode: RotationMode?
    /// The pacing of each keyframe segment.
    public var timingFunctions: [MediaTimingFunction]?
    /// Seconds; 0 means Core Animation's default of 0.25 s.
    public var duration: Double = 0
    /// The animation's pacing; nil: linear.
    public var timingFunction: MediaTimingFunction?
    /// Iterations to play (0 means 1; `.infinity` forever).
    public var repeatCount: Double = 0
    /// Seconds to repeat for; above 0 it decides instead of the count.
    public var repeatDuration: Double = 0
    /// Whether each iteration plays forwards then backwards.
    public var autoreverses = false
    /// What shows outside the active interval.
    public var fillMode: MediaTimingFillMode = .removed
    /// Whether the animated value is added to the value underneath.
    public var isAdditive = false
    /// Whether each repetition starts where the last ended.
    public var isCumulative = false
    /// Whether the layer drops the animation when it ends.
    public var isRemovedOnCompletion = true
    /// How fast the animation's time runs (0 freezes it).
    public var speed: Double = 1
    /// Seconds added to the animation's local time.
    public var timeOffset: Double = 0
    /// Where the entry is in the file.
    public var location: SourceLocation
}
