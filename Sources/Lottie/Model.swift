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
    /// A 3D layer's rotations about x and y, and its orientation (x, y, z), in degrees (LT13).
    public var rotationX: Animatable<LottieVector>?, rotationY: Animatable<LottieVector>?
    public var orientation: Animatable<LottieVector>?

    public init() {}

    /// Whether nothing in it changes over time.
    var isStatic: Bool {
        !(anchor.isAnimated || position.isAnimated || (positionX?.isAnimated ?? false) || (positionY?.isAnimated ?? false)
            || scale.isAnimated || rotation.isAnimated || opacity.isAnimated || skew.isAnimated || skewAxis.isAnimated
            || (rotationX?.isAnimated ?? false) || (rotationY?.isAnimated ?? false) || (orientation?.isAnimated ?? false))
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

    /// A 3D layer's matrix at `frame` (LT13), composed as the 2D one with depth: anchor to the
    /// origin, scale (z too), skew, rotate about z (plus `orientation`, radians), then y, then x,
    /// then the orientation's z, y and x, and move to the position (z too). No perspective: a
    /// camera layer is not read, so a turn about y narrows the layer as an orthographic view does.
    func matrix3D(at frame: Double, orientation heading: Double = 0) -> Transform3D {
        let a = anchor.value(at: frame), s = scale.value(at: frame)
        let p: LottieVector = positionX != nil && positionY != nil
            ? LottieVector(positionX!.scalar(at: frame), positionY!.scalar(at: frame), 0, 0) : position.value(at: frame)
        func turn(_ degrees: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
            Transform3D(rotationAngle: degrees * .pi / 180, x: x, y: y, z: z)
        }
        var m = Transform3D(translationX: -a.x, y: -a.y, z: -a.z)
        m = m.concatenating(Transform3D(scaleX: s.x / 100, y: s.y / 100, z: s.z / 100))
        let sk = skew.scalar(at: frame)
        if sk != 0 { m = m.concatenating(Transform3D(Self.skewMatrix(sk, axis: skewAxis.scalar(at: frame)))) }
        m = m.concatenating(Transform3D(rotationAngle: rotation.scalar(at: frame) * .pi / 180 + heading, x: 0, y: 0, z: 1))
        if let ry = rotationY { m = m.concatenating(turn(-ry.scalar(at: frame), 0, 1, 0)) }
        if let rx = rotationX { m = m.concatenating(turn(-rx.scalar(at: frame), 1, 0, 0)) }
        if let or = orientation {
            let o = or.value(at: frame)
            m = m.concatenating(turn(o.z, 0, 0, 1)).concatenating(turn(-o.y, 0, 1, 0)).concatenating(turn(-o.x, 1, 0, 0))
        }
        return m.concatenating(Transform3D(translationX: p.x, y: p.y, z: p.z))
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
    /// Whether it is a 3D layer ("ddd": 1): its transform is composed in 3D (LT13).
    public var is3D = false
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
