import Geometry
import Timeline

/// One entry of `layers` (CA11): a layer of a kind, hosted by a view's layer or by a layer
/// listed earlier, with its properties already typed by key.
public struct LayerSpec: Sendable {
    /// The layer classes a scene can make.
    public enum Kind: String, Sendable, CaseIterable {
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

    public var id: String
    public var kind: Kind
    public var host: Host
    /// Set before the other properties (bounds and position from it, as `frame` does).
    public var frame: Rect?
    /// Animatable properties by Core Animation's key, in file order.
    public var values: [(property: LayerProperty, value: LayerValue)] = []
    // Properties that are not animatable.
    public var fillRule: FillRule?
    public var lineCap: LineCap?
    public var lineJoin: LineJoin?
    public var lineDashPattern: [Double]?
    public var gradientType: Gradient.Kind?
    public var instanceCount: Int?
    public var isDoubleSided: Bool?
    public var speed: Double?
    public var timeOffset: Double?
    // An emitter's.
    public var emitterShape: EmitterLayer.Shape?
    public var emitterMode: EmitterLayer.Mode?
    public var renderMode: EmitterLayer.RenderMode?
    public var seed: UInt32?
    public var emitterCells: [EmitterCellSpec]?
    // A text layer's.
    public var string: String?
    public var alignmentMode: TextLayer.AlignmentMode?
    public var truncationMode: TextLayer.TruncationMode?
    public var isWrapped: Bool?
    public var location: SourceLocation
}

/// One cell of an emitter layer in a scene: `EmitterCell`'s numbers by name, its colour, and
/// the stand-in shape and size of its particles.
public struct EmitterCellSpec: Sendable {
    public var numbers: [String: Double] = [:]
    public var color: Color?
    public var contentsSize: Size?
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
    public enum Kind: Sendable, Equatable {
        case basic
        /// `SpringAnimation` by mass, stiffness, damping and initial velocity.
        case spring(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double)
        /// `SpringAnimation(perceptualDuration:bounce:)`.
        case perceptualSpring(duration: Double, bounce: Double)
        case keyframes
    }

    public var layer: String
    public var keyPath: String
    /// The key it is added under (nil: none, as `add(_:forKey: nil)`).
    public var key: String?
    public var at: Double = 0
    public var kind: Kind = .basic
    public var from: LayerValue?, to: LayerValue?, by: LayerValue?
    public var values: [LayerValue]?
    public var keyTimes: [Double]?
    public var path: Path?
    public var calculationMode: CalculationMode = .linear
    public var rotationMode: RotationMode?
    public var timingFunctions: [MediaTimingFunction]?
    public var duration: Double = 0
    public var timingFunction: MediaTimingFunction?
    public var repeatCount: Double = 0
    public var repeatDuration: Double = 0
    public var autoreverses = false
    public var fillMode: MediaTimingFillMode = .removed
    public var isAdditive = false
    public var isCumulative = false
    public var isRemovedOnCompletion = true
    public var speed: Double = 1
    public var timeOffset: Double = 0
    public var location: SourceLocation
}
