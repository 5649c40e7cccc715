#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry
import Images
import RenderModel

/// A layer's or a shape group's transform: anchor, position (joined or split), scale in percent,
/// rotation and skew in degrees, opacity in percent.
public struct LottieTransform: Sendable {
    public var anchor: Animatable<LottieVector> = .fixed(.zero)
    public var position: Animatable<LottieVector> = .fixed(.zero)
    /// Split position ("s": true): x and y keyframed on their own.
    public var positionX: Animatable<LottieVector>?, positionY: Animatable<LottieVector>?
    public var scale: Animatable<LottieVector> = .fixed(LottieVector(100, 100, 100, 0))
    public var rotation: Animatable<LottieVector> = .fixed(.zero)
    public var opacity: Animatable<LottieVector> = .fixed(LottieVector(100, 0, 0, 0))
    public var skew: Animatable<LottieVector> = .fixed(.zero)
    public var skewAxis: Animatable<LottieVector> = .fixed(.zero)
    /// A repeater's opacity of its first and last copies (percent).
    public var startOpacity: Animatable<LottieVector>?, endOpacity: Animatable<LottieVector>?

    public init() {}

    /// Whether nothing in it changes over time.
    var isStatic: Bool {
        !(anchor.isAnimated || position.isAnimated || (positionX?.isAnimated ?? false) || (positionY?.isAnimated ?? false)
            || scale.isAnimated || rotation.isAnimated || opacity.isAnimated || skew.isAnimated || skewAxis.isAnimated)
    }

    /// The position at `frame`.
    func positionValue(at frame: Double) -> Point {
        if let x = positionX, let y = positionY { return Point(x: x.scalar(at: frame), y: y.scalar(at: frame)) }
        return position.point(at: frame)
    }

    /// The matrix at `frame`, mapping the content's coordinates to its parent's as After Effects
    /// composes it: anchor to the origin, scale, skew along its axis, rotate, move to the position.
    /// `orientation` (radians) is added to the rotation: an auto-oriented layer's heading.
    func matrix(at frame: Double, orientation: Double = 0) -> AffineTransform {
        let a = anchor.point(at: frame), p = positionValue(at: frame)
        let s = scale.value(at: frame)
        let r = rotation.scalar(at: frame) * .pi / 180 + orientation
        var m = AffineTransform(translationX: -a.x, y: -a.y)
        if s.x != 100 || s.y != 100 { m = m.concatenating(AffineTransform(scaleX: s.x / 100, y: s.y / 100)) }
        let sk = skew.scalar(at: frame)
        if sk != 0 { m = m.concatenating(Self.skewMatrix(sk, axis: skewAxis.scalar(at: frame))) }
        if r != 0 { m = m.concatenating(AffineTransform(rotationAngle: r)) }
        return m.concatenating(AffineTransform(translationX: p.x, y: p.y))
    }

    /// The heading of the position's motion at `frame` (radians), for auto-orient: the
    /// direction from just before to just after the frame.
    func heading(at frame: Double) -> Double {
        let a = positionValue(at: frame - 0.05), b = positionValue(at: frame + 0.05)
        let dx = b.x - a.x, dy = b.y - a.y
        return dx == 0 && dy == 0 ? 0 : atan2(dy, dx)
    }

    /// The opacity at `frame`, 0...1.
    func opacityValue(at frame: Double) -> Double { min(max(opacity.scalar(at: frame) / 100, 0), 1) }
}

/// How a stroke ends and joins.
public struct LottieStrokeStyle: Sendable {
    public var width: Animatable<LottieVector>
    public var cap: LineCap
    public var join: LineJoin
    public var miterLimit: Double
    /// Dash and gap lengths alternating, then the offset.
    public var dashes: [Animatable<LottieVector>]
    public var dashOffset: Animatable<LottieVector>?
}

/// A gradient's geometry and stops.
public struct LottieGradient: Sendable {
    public enum Kind: Sendable { case linear, radial }
    public var kind: Kind
    public var start: Animatable<LottieVector>
    public var end: Animatable<LottieVector>
    /// Colour stops in the stops' numbers.
    public var colorStopCount: Int
    public var stops: Animatable<GradientStops>
    public var highlightLength: Animatable<LottieVector>?
    public var highlightAngle: Animatable<LottieVector>?
}

/// One item of a shape layer's contents, in file order (the first is drawn on top).
public indirect enum ShapeItem: Sendable {
    case group(name: String, items: [ShapeItem], transform: LottieTransform)
    case rectangle(position: Animatable<LottieVector>, size: Animatable<LottieVector>, roundness: Animatable<LottieVector>, reversed: Bool)
    case ellipse(position: Animatable<LottieVector>, size: Animatable<LottieVector>, reversed: Bool)
    case polystar(Polystar)
    case path(Animatable<BezierShape>, reversed: Bool)
    case fill(name: String, color: Animatable<LottieVector>, opacity: Animatable<LottieVector>, rule: FillRule)
    case stroke(name: String, color: Animatable<LottieVector>, opacity: Animatable<LottieVector>, style: LottieStrokeStyle)
    case gradientFill(name: String, gradient: LottieGradient, opacity: Animatable<LottieVector>, rule: FillRule)
    case gradientStroke(name: String, gradient: LottieGradient, opacity: Animatable<LottieVector>, style: LottieStrokeStyle)
    case trim(start: Animatable<LottieVector>, end: Animatable<LottieVector>, offset: Animatable<LottieVector>, individually: Bool)
    case repeater(copies: Animatable<LottieVector>, offset: Animatable<LottieVector>, transform: LottieTransform, copiesAbove: Bool)
    case roundedCorners(radius: Animatable<LottieVector>)
    case merge(mode: Int)

    /// A star or a regular polygon.
    public struct Polystar: Sendable {
        public var isStar: Bool
        public var position: Animatable<LottieVector>
        public var points: Animatable<LottieVector>
        public var rotation: Animatable<LottieVector>
        public var outerRadius: Animatable<LottieVector>, outerRoundness: Animatable<LottieVector>
        public var innerRadius: Animatable<LottieVector>?, innerRoundness: Animatable<LottieVector>?
        public var reversed: Bool
    }
}

/// A mask on a layer: a path combined with the masks before it.
public struct LottieMask: Sendable {
    public enum Mode: String, Sendable { case add = "a", subtract = "s", intersect = "i", lighten = "l", darken = "d", difference = "f", none = "n" }
    public var mode: Mode
    public var path: Animatable<BezierShape>
    public var opacity: Animatable<LottieVector>
    public var expansion: Animatable<LottieVector>
    public var isInverted: Bool
}

/// How a layer is matted by the layer above it.
public enum MatteMode: Int, Sendable { case alpha = 1, invertedAlpha = 2, luma = 3, invertedLuma = 4 }

/// One layer of a composition.
public struct LottieLayer: Sendable {
    public enum Kind: Sendable {
        case precomposition(referenceID: String, width: Double, height: Double)
        case solid(Color, width: Double, height: Double)
        case image(referenceID: String)
        case null
        case shape([ShapeItem])
        /// Text set in the animation's fonts by the text engine.
        case text(LottieText)
    }
    public var kind: Kind
    public var name: String
    /// The layer's "ind", which children name as their "parent".
    public var index: Int?
    public var parent: Int?
    public var inPoint: Double, outPoint: Double
    public var startTime: Double
    /// Time stretch ("sr"): a precomposition's inner frames run this many times slower.
    public var stretch: Double
    public var transform: LottieTransform
    public var masks: [LottieMask]
    public var matteMode: MatteMode?
    /// Whether this layer is the matte of the layer below it ("td").
    public var isMatte: Bool
    public var isHidden: Bool
    public var autoOrient: Bool
    /// Time remapping (seconds) for precompositions.
    public var timeRemap: Animatable<LottieVector>?
    /// The effects drawn (LT13): drop shadow, fill and tint, in the file's order.
    public var effects: [LottieEffect] = []

    /// The frame inside a precomposition layer at composition frame `frame`: time remapped
    /// (evaluated at `frame`), or start time and stretch applied. The layer's own properties
    /// (transform, masks, shapes) are keyed in composition frames, as rlottie, ThorVG and
    /// lottie-ios read them: start time and stretch move only what the precomposition holds.
    func innerFrame(_ frame: Double, framerate: Double) -> Double {
        timeRemap.map { $0.scalar(at: frame) * framerate } ?? (frame - startTime) / stretch
    }
    /// Whether the layer shows at composition frame `frame`.
    func isVisible(at frame: Double) -> Bool { !isHidden && frame >= inPoint && frame < outPoint }
}

/// A reusable part of an animation: a precomposition's layers or an image.
public enum LottieAsset: Sendable {
    case precomposition([LottieLayer])
    case image(Image, width: Double, height: Double)
    /// An image that could not be found or decoded (the layer then draws nothing).
    case missingImage(reason: String)
}

/// A named time range.
public struct LottieMarker: Sendable, Equatable {
    public var name: String
    public var frame: Double
    public var duration: Double
}
