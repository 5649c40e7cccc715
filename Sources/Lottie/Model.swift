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
    /// The anchor point ("a"), in the layer's own coordinates: what position places and rotation and scale turn round.
    public var anchor: Animatable<LottieVector> = .fixed(.zero)
    /// The position ("p") of the anchor in the parent's coordinates, in the composition's units (pixels of its `w` x `h`).
    public var position: Animatable<LottieVector> = .fixed(.zero)
    /// Split position ("s": true): x and y keyframed on their own.
    public var positionX: Animatable<LottieVector>?, positionY: Animatable<LottieVector>?
    /// The scale ("s") in percent per axis (100: unscaled).
    public var scale: Animatable<LottieVector> = .fixed(LottieVector(100, 100, 100, 0))
    /// The rotation ("r") in degrees, clockwise.
    public var rotation: Animatable<LottieVector> = .fixed(.zero)
    /// The opacity ("o") in percent, 0...100.
    public var opacity: Animatable<LottieVector> = .fixed(LottieVector(100, 0, 0, 0))
    /// The skew ("sk") in degrees.
    public var skew: Animatable<LottieVector> = .fixed(.zero)
    /// The direction of the skew ("sa") in degrees.
    public var skewAxis: Animatable<LottieVector> = .fixed(.zero)
    /// A repeater's opacity of its first and last copies (percent).
    public var startOpacity: Animatable<LottieVector>?, endOpacity: Animatable<LottieVector>?
    /// A 3D layer's rotations about x and y, in degrees (LT13).
    public var rotationX: Animatable<LottieVector>?, rotationY: Animatable<LottieVector>?
    /// A 3D layer's orientation: turns about x, y and z in degrees, after its rotations.
    public var orientation: Animatable<LottieVector>?

    /// The identity transform: no offset, 100% scale, no rotation or skew, fully opaque.
    public init() {}

    /// Whether nothing in it changes over time.
    var isStatic: Bool {
        isMatrixStatic && !(opacity.isAnimated || (startOpacity?.isAnimated ?? false) || (endOpacity?.isAnimated ?? false))
    }

    /// Whether its matrix (everything but the opacities) does not change over time.
    var isMatrixStatic: Bool {
        !(anchor.isAnimated || position.isAnimated || (positionX?.isAnimated ?? false) || (positionY?.isAnimated ?? false)
            || scale.isAnimated || rotation.isAnimated || skew.isAnimated || skewAxis.isAnimated
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
        // A split position carries x and y only; a joined one its depth too.
        let p: LottieVector
        if let x = positionX, let y = positionY { p = LottieVector(x.scalar(at: frame), y.scalar(at: frame), 0, 0) } else { p = position.value(at: frame) }
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
    /// The stroke's width ("w") in the composition's units.
    public var width: Animatable<LottieVector>
    /// How open ends are drawn ("lc": butt, round, square).
    public var cap: LineCap
    /// How corners are drawn ("lj": miter, round, bevel).
    public var join: LineJoin
    /// The longest miter as a multiple of the width ("ml").
    public var miterLimit: Double
    /// Dash and gap lengths alternating, then the offset.
    public var dashes: [Animatable<LottieVector>]
    /// How far into the dash pattern the stroke starts; nil: 0.
    public var dashOffset: Animatable<LottieVector>?
}

/// A gradient's geometry and stops.
public struct LottieGradient: Sendable {
    /// Linear (along start to end) or radial (round start, reaching end).
    public enum Kind: Sendable { case linear, radial }
    /// The gradient's kind ("t").
    public var kind: Kind
    /// The start point ("s"), in the shape's coordinates.
    public var start: Animatable<LottieVector>
    /// The end point ("e"), in the shape's coordinates.
    public var end: Animatable<LottieVector>
    /// Colour stops in the stops' numbers.
    public var colorStopCount: Int
    /// The colour stops then the opacity stops ("g.k"), as flat numbers: position, r, g, b for each colour stop.
    public var stops: Animatable<GradientStops>
    /// A radial gradient's focal offset ("h") in percent of the radius; nil: centred.
    public var highlightLength: Animatable<LottieVector>?
    /// The direction of that offset ("a") in degrees.
    public var highlightAngle: Animatable<LottieVector>?
}

/// One item of a shape layer's contents, in file order (the first is drawn on top).
public indirect enum ShapeItem: Sendable {
    /// A group ("gr"): its items drawn with its own transform.
    case group(name: String, items: [ShapeItem], transform: LottieTransform)
    /// A rectangle ("rc") centred at `position`, of `size`, corners rounded by `roundness`.
    case rectangle(position: Animatable<LottieVector>, size: Animatable<LottieVector>, roundness: Animatable<LottieVector>, reversed: Bool)
    /// An ellipse ("el") centred at `position`, of `size`.
    case ellipse(position: Animatable<LottieVector>, size: Animatable<LottieVector>, reversed: Bool)
    /// A star or polygon ("sr").
    case polystar(Polystar)
    /// A free path ("sh").
    case path(Animatable<BezierShape>, reversed: Bool)
    /// A solid fill ("fl") of the paths above it in the group; colour components 0...1, opacity in percent.
    case fill(name: String, color: Animatable<LottieVector>, opacity: Animatable<LottieVector>, rule: FillRule)
    /// A solid stroke ("st") of the paths above it in the group.
    case stroke(name: String, color: Animatable<LottieVector>, opacity: Animatable<LottieVector>, style: LottieStrokeStyle)
    /// A gradient fill ("gf").
    case gradientFill(name: String, gradient: LottieGradient, opacity: Animatable<LottieVector>, rule: FillRule)
    /// A gradient stroke ("gs").
    case gradientStroke(name: String, gradient: LottieGradient, opacity: Animatable<LottieVector>, style: LottieStrokeStyle)
    /// Trim paths ("tm"): only `start`...`end` percent of each path (or of all together), moved round by `offset` degrees.
    case trim(start: Animatable<LottieVector>, end: Animatable<LottieVector>, offset: Animatable<LottieVector>, individually: Bool)
    /// A repeater ("rp"): the items above it drawn `copies` times, each transformed once more.
    case repeater(copies: Animatable<LottieVector>, offset: Animatable<LottieVector>, transform: LottieTransform, copiesAbove: Bool)
    /// Rounded corners ("rd") of `radius` units on the paths above it.
    case roundedCorners(radius: Animatable<LottieVector>)
    /// Merge paths ("mm"): how the paths above are combined (After Effects' mode number).
    case merge(mode: Int)
    /// A group or a fill or stroke with a blend mode ("bm" 1 to 17, LT13): what it paints is
    /// drawn on its own and blended over what the layer drew beneath it, as lottie-web sets
    /// `mix-blend-mode` on the group's or the style's element. Mode 0 is read as no wrapper.
    case blended(ShapeItem, mode: BlendMode)

    /// A star or a regular polygon.
    public struct Polystar: Sendable {
        /// A star ("sy" 1) with inner points; otherwise a polygon.
        public var isStar: Bool
        /// The centre ("p").
        public var position: Animatable<LottieVector>
        /// How many points or sides ("pt").
        public var points: Animatable<LottieVector>
        /// The rotation ("r") in degrees.
        public var rotation: Animatable<LottieVector>
        /// The outer points' radius ("or") and roundness ("os", percent).
        public var outerRadius: Animatable<LottieVector>, outerRoundness: Animatable<LottieVector>
        /// A star's inner points' radius ("ir") and roundness ("is"); nil for a polygon.
        public var innerRadius: Animatable<LottieVector>?, innerRoundness: Animatable<LottieVector>?
        /// Whether the outline runs the other way (it matters for trims and fills by winding).
        public var reversed: Bool
    }
}

/// A mask on a layer: a path combined with the masks before it.
public struct LottieMask: Sendable {
    /// How the mask combines with the masks before it ("mode").
    public enum Mode: String, Sendable { case add = "a", subtract = "s", intersect = "i", lighten = "l", darken = "d", difference = "f", none = "n" }
    /// How it combines.
    public var mode: Mode
    /// The mask's outline ("pt") in the layer's coordinates.
    public var path: Animatable<BezierShape>
    /// The mask's opacity ("o") in percent.
    public var opacity: Animatable<LottieVector>
    /// How far the outline grows ("x", in units; negative shrinks it).
    public var expansion: Animatable<LottieVector>
    /// Whether the mask covers the outside ("inv").
    public var isInverted: Bool
}

/// How a layer is matted by the layer above it.
public enum MatteMode: Int, Sendable { case alpha = 1, invertedAlpha = 2, luma = 3, invertedLuma = 4 }

/// One layer of a composition.
public struct LottieLayer: Sendable {
    /// What a layer draws, by its "ty".
    public enum Kind: Sendable {
        /// A precomposition (0): the asset `referenceID`'s layers in a `width` x `height` box.
        case precomposition(referenceID: String, width: Double, height: Double)
        /// A solid (1): a rectangle of one colour.
        case solid(Color, width: Double, height: Double)
        /// An image (2): the asset `referenceID`.
        case image(referenceID: String)
        /// A null (3): draws nothing; its transform moves its children.
        case null
        /// Shapes (4): its contents.
        case shape([ShapeItem])
        /// Text set in the animation's fonts by the text engine.
        case text(LottieText)
    }
    /// What the layer draws.
    public var kind: Kind
    /// The layer's name ("nm"), for keypaths.
    public var name: String
    /// The layer's "ind", which children name as their "parent".
    public var index: Int?
    /// The index of the layer whose transform this one inherits ("parent"); nil: none.
    public var parent: Int?
    /// The frames the layer shows between ("ip" to "op", the out point excluded).
    public var inPoint: Double, outPoint: Double
    /// The frame a precomposition's time starts at ("st").
    public var startTime: Double
    /// Time stretch ("sr"): a precomposition's inner frames run this many times slower.
    public var stretch: Double
    /// The layer's transform ("ks").
    public var transform: LottieTransform
    /// The layer's masks ("masksProperties"), in order.
    public var masks: [LottieMask]
    /// How the layer is matted by the one above it ("tt"); nil: not matted.
    public var matteMode: MatteMode?
    /// Whether this layer is the matte of the layer below it ("td").
    public var isMatte: Bool
    /// Whether the layer is hidden ("hd").
    public var isHidden: Bool
    /// Whether the layer turns to follow its motion path ("ao").
    public var autoOrient: Bool
    /// Time remapping (seconds) for precompositions.
    public var timeRemap: Animatable<LottieVector>?
    /// Whether it is a 3D layer ("ddd": 1): its transform is composed in 3D (LT13).
    public var is3D = false
    /// The effects drawn (LT13): drop shadow, fill and tint, in the file's order.
    public var effects: [LottieEffect] = []
    /// How the layer combines with the layers beneath it ("bm", LT13); drawn as its layer's
    /// `compositingFilter` (the matte's holder's when the layer is matted, as lottie-web blends
    /// the matted group).
    public var blendMode: BlendMode = .normal

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
    /// Layers that precomposition layers draw.
    case precomposition([LottieLayer])
    /// A decoded image, drawn at `width` x `height` units.
    case image(Image, width: Double, height: Double)
    /// An image that could not be found or decoded (the layer then draws nothing).
    case missingImage(reason: String)
}

/// A named time range.
public struct LottieMarker: Sendable, Equatable {
    /// The marker's name ("cm").
    public var name: String
    /// The frame it starts at ("tm").
    public var frame: Double
    /// Its length in frames ("dr").
    public var duration: Double
}
