import Geometry
import RenderModel
import Layers
import TextEngine

/// `CAShapeLayerFillRule`, `CAShapeLayerLineCap`, `CAShapeLayerLineJoin`.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    /// Core Animation's string for the rule.
    public let rawValue: String
    /// The rule of Core Animation's string `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Non-zero winding: the engine's `.nonZero` fill rule.
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// Even-odd: the engine's `.evenOdd` fill rule.
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}
/// `CAShapeLayerLineCap`: how open ends of a stroke are drawn; the engine's `LineCap`.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    /// Core Animation's string for the cap.
    public let rawValue: String
    /// The cap of Core Animation's string `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Flat ends, cut at the path's end point.
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    /// Round ends, half the line width past the end point.
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    /// Square ends, half the line width past the end point.
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}
/// `CAShapeLayerLineJoin`: how a stroke's corners are drawn; the engine's `LineJoin`.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    /// Core Animation's string for the join.
    public let rawValue: String
    /// The join of Core Animation's string `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Sharp corners, bevelled past `miterLimit`.
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    /// Rounded corners.
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    /// Corners cut flat.
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// `CAShapeLayer`: the engine's ``ShapeLayer``. A view whose `layerClass` is this one keeps the
/// shape in a sublayer that fills its bounds (``shape`` differs from ``CALayer/layer`` then).
@preconcurrency @MainActor
open class CAShapeLayer: CALayer {
    package let shape: ShapeLayer
    public override init() { let s = ShapeLayer(); shape = s; super.init(wrapping: s) }
    public override init(layer other: Any) {
        let s = ShapeLayer(); shape = s; super.init(wrapping: s)
        if let o = other as? CAShapeLayer { s.copyProperties(from: o.shape) }
    }
    /// `CAShapeLayer(coder:)`: a new engine `ShapeLayer`; the coder's keys are not decoded.
    public required init?(coder: NSCoder) { let s = ShapeLayer(); shape = s; super.init(wrapping: s) }
    package init(wrapping s: ShapeLayer) { shape = s; super.init(wrapping: s) }
    /// A facade whose common properties go to `base` and shape properties to `content`.
    package init(base: Layer, content: ShapeLayer) { shape = content; super.init(wrapping: base); content.facade = self }
    package override var contentLayer: Layer? { shape === layer ? nil : shape }
    private init(presented base: Layer, content: ShapeLayer) { shape = content; super.init(wrapping: base) }
    package override func presentation(base: Layer) -> CALayer? {
        shape.presentation().map { CAShapeLayer(presented: base, content: $0) }
    }

    /// `CAShapeLayer.path`: the engine shape layer's `path`, in the layer's coordinates (points).
    open var path: CGPath? { get { shape.path.map(CGPath.init) } set { shape.path = newValue?.path } }
    /// `CAShapeLayer.fillColor`: the engine shape layer's `fillColor`; nil fills nothing.
    open var fillColor: CGColor? { get { shape.fillColor.map(CGColor.init) } set { shape.fillColor = newValue?.color } }
    /// `CAShapeLayer.fillRule`: the engine shape layer's `fillRule` (non-zero or even-odd).
    open var fillRule: CAShapeLayerFillRule {
        get { shape.fillRule == .evenOdd ? .evenOdd : .nonZero } set { shape.fillRule = newValue == .evenOdd ? .evenOdd : .nonZero }
    }
    /// `CAShapeLayer.strokeColor`: the engine shape layer's `strokeColor`; nil strokes nothing.
    open var strokeColor: CGColor? { get { shape.strokeColor.map(CGColor.init) } set { shape.strokeColor = newValue?.color } }
    /// `CAShapeLayer.lineWidth`: the engine shape layer's `lineWidth`, in points.
    open var lineWidth: CGFloat { get { CGFloat(shape.lineWidth) } set { shape.lineWidth = newValue.double } }
    /// `CAShapeLayer.lineCap`: the engine shape layer's `lineCap` (an unknown string is butt).
    open var lineCap: CAShapeLayerLineCap {
        get { CAShapeLayerLineCap(rawValue: shape.lineCap.rawValue) }
        set { shape.lineCap = LineCap(rawValue: newValue.rawValue) ?? .butt }
    }
    /// `CAShapeLayer.lineJoin`: the engine shape layer's `lineJoin` (an unknown string is miter).
    open var lineJoin: CAShapeLayerLineJoin {
        get { CAShapeLayerLineJoin(rawValue: shape.lineJoin.rawValue) }
        set { shape.lineJoin = LineJoin(rawValue: newValue.rawValue) ?? .miter }
    }
    /// `CAShapeLayer.miterLimit`: the engine shape layer's `miterLimit`.
    open var miterLimit: CGFloat { get { CGFloat(shape.miterLimit) } set { shape.miterLimit = newValue.double } }
    /// `CAShapeLayer.lineDashPattern`: the engine shape layer's `lineDashPattern`, lengths in points.
    open var lineDashPattern: [NSNumber]? {
        get { shape.lineDashPattern?.map { NSNumber(value: $0) } } set { shape.lineDashPattern = newValue?.map(\.doubleValue) }
    }
    /// `CAShapeLayer.lineDashPhase`: the engine shape layer's `lineDashPhase`, in points.
    open var lineDashPhase: CGFloat { get { CGFloat(shape.lineDashPhase) } set { shape.lineDashPhase = newValue.double } }
    /// `CAShapeLayer.strokeStart`: the engine shape layer's `strokeStart` (0...1 of the path's length).
    open var strokeStart: CGFloat { get { CGFloat(shape.strokeStart) } set { shape.strokeStart = newValue.double } }
    /// `CAShapeLayer.strokeEnd`: the engine shape layer's `strokeEnd` (0...1 of the path's length).
    open var strokeEnd: CGFloat { get { CGFloat(shape.strokeEnd) } set { shape.strokeEnd = newValue.double } }
}

/// `CAGradientLayerType`.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    /// Core Animation's string for the type.
    public let rawValue: String
    /// The type of Core Animation's string `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A linear gradient from `startPoint` to `endPoint` (the engine's `.axial`).
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// A radial gradient (the engine's `.radial`).
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// A conic gradient (the engine's `.conic`).
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// `CAGradientLayer`: the engine's ``GradientLayer``.
@preconcurrency @MainActor
open class CAGradientLayer: CALayer {
    package let gradient: GradientLayer
    public override init() { let g = GradientLayer(); gradient = g; super.init(wrapping: g) }
    public override init(layer other: Any) {
        let g = GradientLayer(); gradient = g; super.init(wrapping: g)
        if let o = other as? CAGradientLayer { g.copyProperties(from: o.gradient) }
    }
    /// `CAGradientLayer(coder:)`: a new engine `GradientLayer`; the coder's keys are not decoded.
    public required init?(coder: NSCoder) { let g = GradientLayer(); gradient = g; super.init(wrapping: g) }
    package init(wrapping g: GradientLayer) { gradient = g; super.init(wrapping: g) }
    package init(base: Layer, content: GradientLayer) { gradient = content; super.init(wrapping: base); content.facade = self }
    package override var contentLayer: Layer? { gradient === layer ? nil : gradient }
    private init(presented base: Layer, content: GradientLayer) { gradient = content; super.init(wrapping: base) }
    package override func presentation(base: Layer) -> CALayer? {
        gradient.presentation().map { CAGradientLayer(presented: base, content: $0) }
    }

    /// `CGColor`s (as Core Animation takes them, typed `[Any]`).
    open var colors: [Any]? {
        get { gradient.colors?.map(CGColor.init) }
        set { gradient.colors = newValue?.compactMap { ($0 as? CGColor)?.color ?? ($0 as? CGColorConvertible)?.cgColor.color } }
    }
    /// `CAGradientLayer.locations`: the engine gradient layer's `locations` (0...1 along the gradient).
    open var locations: [NSNumber]? {
        get { gradient.locations?.map { NSNumber(value: $0) } } set { gradient.locations = newValue?.map(\.doubleValue) }
    }
    /// `CAGradientLayer.startPoint`: the engine gradient layer's `startPoint`, in the unit square.
    open var startPoint: CGPoint { get { CGPoint(gradient.startPoint) } set { gradient.startPoint = newValue.point } }
    /// `CAGradientLayer.endPoint`: the engine gradient layer's `endPoint`, in the unit square.
    open var endPoint: CGPoint { get { CGPoint(gradient.endPoint) } set { gradient.endPoint = newValue.point } }
    /// `CAGradientLayer.type`: the engine gradient layer's `type` (an unknown string is axial).
    open var type: CAGradientLayerType {
        get { CAGradientLayerType(rawValue: gradient.type.rawValue) }
        set { gradient.type = Gradient.Kind(rawValue: newValue.rawValue) ?? .axial }
    }
}

/// Something with a `cgColor` (UIKit's `UIColor`), accepted where Core Animation takes colours.
public protocol CGColorConvertible { var cgColor: CGColor { get } }

/// `CATextLayerAlignmentMode`, `CATextLayerTruncationMode`.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    /// Core Animation's string for the mode.
    public let rawValue: String
    /// The mode of Core Animation's string `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Natural alignment: the engine's `.natural` (left here).
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    /// Left-aligned lines.
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    /// Right-aligned lines.
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    /// Centred lines.
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    /// Justified lines.
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}
/// `CATextLayerTruncationMode`: where a text layer's overflowing line is cut; the engine's
/// `TextLayer.TruncationMode`.
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    /// Core Animation's string for the mode.
    public let rawValue: String
    /// The mode of Core Animation's string `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// No truncation.
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    /// Truncated at the start.
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    /// Truncated at the end.
    public static let end = CATextLayerTruncationMode(rawValue: "end")
    /// Truncated in the middle.
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}

/// A font as `CATextLayer.font` takes it (UIKit's `UIFont`).
public protocol FontConvertible { var engineFontName: String { get }; var engineFontSize: Double { get } }

/// `CATextLayer`: the engine's ``TextLayer``.
@preconcurrency @MainActor
open class CATextLayer: CALayer {
    package let text: TextLayer
    public override init() { let t = TextLayer(); text = t; super.init(wrapping: t) }
    public override init(layer other: Any) { let t = TextLayer(); text = t; super.init(wrapping: t) }
    /// `CATextLayer(coder:)`: a new engine `TextLayer`; the coder's keys are not decoded.
    public required init?(coder: NSCoder) { let t = TextLayer(); text = t; super.init(wrapping: t) }
    package init(wrapping t: TextLayer) { text = t; super.init(wrapping: t) }

    /// A `String` (an attributed string shows its characters).
    open var string: Any? {
        get { text.string }
        set { text.string = (newValue as? String) ?? (newValue as? NSAttributedString)?.string ?? newValue.map { "\($0)" } }
    }
    /// `CATextLayer.fontSize`: the engine text layer's `fontSize`, in points.
    open var fontSize: CGFloat { get { CGFloat(text.fontSize) } set { text.fontSize = newValue.double } }
    /// A `UIFont` (its size is taken as the font size) or a font name.
    open var font: Any? {
        didSet {
            if let f = font as? FontConvertible { text.fontSize = f.engineFontSize }
        }
    }
    /// `CATextLayer.foregroundColor`: the engine text layer's `foregroundColor`.
    open var foregroundColor: CGColor? { get { text.foregroundColor.map(CGColor.init) } set { text.foregroundColor = newValue?.color } }
    /// `CATextLayer.alignmentMode`: the engine text layer's `alignmentMode`.
    open var alignmentMode: CATextLayerAlignmentMode {
        get { CATextLayerAlignmentMode(rawValue: text.alignmentMode.rawValue) }
        set { text.alignmentMode = TextLayer.AlignmentMode(rawValue: newValue.rawValue) ?? .natural }
    }
    /// `CATextLayer.isWrapped`: the engine text layer's `isWrapped`.
    open var isWrapped: Bool { get { text.isWrapped } set { text.isWrapped = newValue } }
    /// `CATextLayer.truncationMode`: the engine text layer's `truncationMode`.
    open var truncationMode: CATextLayerTruncationMode {
        get { CATextLayerTruncationMode(rawValue: text.truncationMode.rawValue) }
        set { text.truncationMode = TextLayer.TruncationMode(rawValue: newValue.rawValue) ?? .none }
    }
}

/// `CAReplicatorLayer`: the engine's ``ReplicatorLayer``.
@preconcurrency @MainActor
open class CAReplicatorLayer: CALayer {
    package let replicator: ReplicatorLayer
    public override init() { let r = ReplicatorLayer(); replicator = r; super.init(wrapping: r) }
    public override init(layer other: Any) { let r = ReplicatorLayer(); replicator = r; super.init(wrapping: r) }
    /// `CAReplicatorLayer(coder:)`: a new engine `ReplicatorLayer`; the coder's keys are not decoded.
    public required init?(coder: NSCoder) { let r = ReplicatorLayer(); replicator = r; super.init(wrapping: r) }
    package init(wrapping r: ReplicatorLayer) { replicator = r; super.init(wrapping: r) }

    /// `CAReplicatorLayer.instanceCount`: the engine replicator's `instanceCount` (negative is 0).
    open var instanceCount: Int { get { replicator.instanceCount } set { replicator.instanceCount = max(0, newValue) } }
    /// `CAReplicatorLayer.instanceDelay`: the engine replicator's `instanceDelay`, in seconds.
    open var instanceDelay: CFTimeInterval { get { replicator.instanceDelay } set { replicator.instanceDelay = newValue } }
    /// `CAReplicatorLayer.instanceTransform`: the engine replicator's `instanceTransform`, applied once
    /// more for each copy.
    open var instanceTransform: CATransform3D {
        get { CATransform3D(replicator.instanceTransform) } set { replicator.instanceTransform = newValue.engine }
    }
    /// `CAReplicatorLayer.instanceColor`: the engine replicator's `instanceColor`.
    open var instanceColor: CGColor? { get { replicator.instanceColor.map(CGColor.init) } set { replicator.instanceColor = newValue?.color } }
    /// `CAReplicatorLayer.instanceRedOffset`: the engine replicator's `instanceRedOffset`, per copy.
    open var instanceRedOffset: Float { get { Float(replicator.instanceRedOffset) } set { replicator.instanceRedOffset = Double(newValue) } }
    /// `CAReplicatorLayer.instanceGreenOffset`: the engine replicator's `instanceGreenOffset`, per copy.
    open var instanceGreenOffset: Float { get { Float(replicator.instanceGreenOffset) } set { replicator.instanceGreenOffset = Double(newValue) } }
    /// `CAReplicatorLayer.instanceBlueOffset`: the engine replicator's `instanceBlueOffset`, per copy.
    open var instanceBlueOffset: Float { get { Float(replicator.instanceBlueOffset) } set { replicator.instanceBlueOffset = Double(newValue) } }
    /// `CAReplicatorLayer.instanceAlphaOffset`: the engine replicator's `instanceAlphaOffset`, per copy.
    open var instanceAlphaOffset: Float { get { Float(replicator.instanceAlphaOffset) } set { replicator.instanceAlphaOffset = Double(newValue) } }
    /// `CAReplicatorLayer.preservesDepth`: the engine replicator's `preservesDepth`.
    open var preservesDepth: Bool { get { replicator.preservesDepth } set { replicator.preservesDepth = newValue } }
}

/// `CAEmitterCell` over the engine's ``EmitterCell``: particles born at `birthRate` a second,
/// living `lifetime` seconds, leaving in a cone at `velocity`, accelerating, spinning, scaling
/// and fading, each range drawn from the layer's seeded sequence.
@preconcurrency @MainActor
open class CAEmitterCell: NSObject {
    package let cell = EmitterCell()
    public override init() {}
    /// `CAEmitterCell.name`: the engine cell's `name`.
    open var name: String? { get { cell.name } set { cell.name = newValue } }
    /// `CAEmitterCell.isEnabled`: the engine cell's `isEnabled`.
    open var isEnabled: Bool { get { cell.isEnabled } set { cell.isEnabled = newValue } }
    /// `CAEmitterCell.birthRate`: the engine cell's `birthRate`, particles a second.
    open var birthRate: Float { get { Float(cell.birthRate) } set { cell.birthRate = Double(newValue) } }
    /// `CAEmitterCell.lifetime`: the engine cell's `lifetime`, in seconds.
    open var lifetime: Float { get { Float(cell.lifetime) } set { cell.lifetime = Double(newValue) } }
    /// `CAEmitterCell.lifetimeRange`: the engine cell's `lifetimeRange`, in seconds either side.
    open var lifetimeRange: Float { get { Float(cell.lifetimeRange) } set { cell.lifetimeRange = Double(newValue) } }
    /// `CAEmitterCell.velocity`: the engine cell's `velocity`, in points a second.
    open var velocity: CGFloat { get { CGFloat(cell.velocity) } set { cell.velocity = newValue.double } }
    /// `CAEmitterCell.velocityRange`: the engine cell's `velocityRange`, in points a second.
    open var velocityRange: CGFloat { get { CGFloat(cell.velocityRange) } set { cell.velocityRange = newValue.double } }
    /// `CAEmitterCell.xAcceleration`: the engine cell's `xAcceleration`, points a second squared.
    open var xAcceleration: CGFloat { get { CGFloat(cell.xAcceleration) } set { cell.xAcceleration = newValue.double } }
    /// `CAEmitterCell.yAcceleration`: the engine cell's `yAcceleration`, points a second squared.
    open var yAcceleration: CGFloat { get { CGFloat(cell.yAcceleration) } set { cell.yAcceleration = newValue.double } }
    /// Partial: kept; particles move in the layer's plane.
    open var zAcceleration: CGFloat = 0
    /// `CAEmitterCell.emissionLongitude`: the engine cell's `emissionLongitude`, in radians.
    open var emissionLongitude: CGFloat { get { CGFloat(cell.emissionLongitude) } set { cell.emissionLongitude = newValue.double } }
    /// Partial: kept; particles leave in the layer's plane.
    open var emissionLatitude: CGFloat = 0
    /// `CAEmitterCell.emissionRange`: the engine cell's `emissionRange`, the cone's angle in radians.
    open var emissionRange: CGFloat { get { CGFloat(cell.emissionRange) } set { cell.emissionRange = newValue.double } }
    /// `CAEmitterCell.spin`: the engine cell's `spin`, radians a second.
    open var spin: CGFloat { get { CGFloat(cell.spin) } set { cell.spin = newValue.double } }
    /// `CAEmitterCell.spinRange`: the engine cell's `spinRange`, radians a second.
    open var spinRange: CGFloat { get { CGFloat(cell.spinRange) } set { cell.spinRange = newValue.double } }
    /// `CAEmitterCell.scale`: the engine cell's `scale`.
    open var scale: CGFloat { get { CGFloat(cell.scale) } set { cell.scale = newValue.double } }
    /// `CAEmitterCell.scaleRange`: the engine cell's `scaleRange`.
    open var scaleRange: CGFloat { get { CGFloat(cell.scaleRange) } set { cell.scaleRange = newValue.double } }
    /// `CAEmitterCell.scaleSpeed`: the engine cell's `scaleSpeed`, scale added a second.
    open var scaleSpeed: CGFloat { get { CGFloat(cell.scaleSpeed) } set { cell.scaleSpeed = newValue.double } }
    /// `CAEmitterCell.color`: the engine cell's `color` (nil sets white).
    open var color: CGColor? { get { CGColor(cell.color) } set { cell.color = newValue?.color ?? .white } }
    /// `CAEmitterCell.redRange`: the engine cell's `redRange` (0...1).
    open var redRange: Float { get { Float(cell.redRange) } set { cell.redRange = Double(newValue) } }
    /// `CAEmitterCell.greenRange`: the engine cell's `greenRange` (0...1).
    open var greenRange: Float { get { Float(cell.greenRange) } set { cell.greenRange = Double(newValue) } }
    /// `CAEmitterCell.blueRange`: the engine cell's `blueRange` (0...1).
    open var blueRange: Float { get { Float(cell.blueRange) } set { cell.blueRange = Double(newValue) } }
    /// `CAEmitterCell.alphaRange`: the engine cell's `alphaRange` (0...1).
    open var alphaRange: Float { get { Float(cell.alphaRange) } set { cell.alphaRange = Double(newValue) } }
    /// Alpha added a second (negative fades out).
    open var alphaSpeed: Float { get { Float(cell.alphaSpeed) } set { cell.alphaSpeed = Double(newValue) } }
    /// Partial: an image gives the particles its size in points; they are drawn as squares in
    /// the cell's colour, not as the image.
    open var contents: Any? {
        didSet {
            if let image = contents as? CGImage {
                cell.contentsSize = Size(width: Double(image.width) / contentsScale.double, height: Double(image.height) / contentsScale.double)
                cell.contentsShape = .square
            }
        }
    }
    /// `CAEmitterCell.contentsScale`: pixels per point of `contents`, read when `contents` is set.
    open var contentsScale: CGFloat = 1
    /// Partial: kept; cells do not emit cells.
    open var emitterCells: [CAEmitterCell]?
}

/// The shape particles are born in, as `CAEmitterLayerEmitterShape`.
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    /// Core Animation's string for the shape.
    public let rawValue: String
    /// The shape of Core Animation's string `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Born at one point (the engine's `.point`).
    public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
    /// Born along a line (the engine's `.line`).
    public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
    /// Born in a rectangle (the engine's `.rectangle`).
    public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
    /// Born in a circle (the engine's `.circle`).
    public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
    /// A cuboid and a sphere are born in as a rectangle and a circle (the layer's plane).
    public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
    /// Approximated by the circle, in the layer's plane.
    public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
    var engine: EmitterLayer.Shape {
        switch rawValue { case "line": .line; case "rectangle", "cuboid": .rectangle; case "circle", "sphere": .circle; default: .point }
    }
}
/// Where in the shape particles are born, as `CAEmitterLayerEmitterMode`.
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    /// Core Animation's string for the mode.
    public let rawValue: String
    /// The mode of Core Animation's string `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// At the shape's points: the engine's `.points`.
    public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
    /// On the shape's outline: the engine's `.outline`.
    public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
    /// On the shape's surface: the engine's `.surface`.
    public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
    /// In the shape's volume: the engine's `.volume`.
    public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
    var engine: EmitterLayer.Mode { EmitterLayer.Mode(rawValue: rawValue) ?? .volume }
}
/// The order particles are drawn in, as `CAEmitterLayerRenderMode` (additive is drawn over).
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    /// Core Animation's string for the mode.
    public let rawValue: String
    /// The mode of Core Animation's string `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// No order: the engine's `.unordered`.
    public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
    /// Oldest particles drawn first: the engine's `.oldestFirst`.
    public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
    /// Oldest particles drawn last: the engine's `.oldestLast`.
    public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
    /// Back to front: the engine's `.backToFront`.
    public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
    /// Additive blending in Core Animation; here drawn over, in order (the engine's `.additive`).
    public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")
    var engine: EmitterLayer.RenderMode { EmitterLayer.RenderMode(rawValue: rawValue) ?? .unordered }
}

/// `CAEmitterLayer` over the engine's ``EmitterLayer``: particles are a function of time since
/// the layer first drew, seeded, so every frame is reproducible.
@preconcurrency @MainActor
open class CAEmitterLayer: CALayer {
    package let emitter: EmitterLayer
    public override init() { let e = EmitterLayer(); emitter = e; super.init(wrapping: e) }
    public override init(layer other: Any) { let e = EmitterLayer(); emitter = e; super.init(wrapping: e) }
    /// `CAEmitterLayer(coder:)`: a new engine `EmitterLayer`; the coder's keys are not decoded.
    public required init?(coder: NSCoder) { let e = EmitterLayer(); emitter = e; super.init(wrapping: e) }
    package init(wrapping e: EmitterLayer) { emitter = e; super.init(wrapping: e) }

    /// `CAEmitterLayer.emitterCells`: the cells' engine cells, set on the engine layer's `emitterCells`.
    open var emitterCells: [CAEmitterCell]? { didSet { emitter.emitterCells = emitterCells?.map(\.cell) } }
    /// `CAEmitterLayer.emitterPosition`: the engine layer's `emitterPosition`, in points.
    open var emitterPosition: CGPoint { get { CGPoint(emitter.emitterPosition) } set { emitter.emitterPosition = newValue.point } }
    /// `CAEmitterLayer.emitterZPosition`: the engine layer's `emitterZPosition`.
    open var emitterZPosition: CGFloat { get { CGFloat(emitter.emitterZPosition) } set { emitter.emitterZPosition = newValue.double } }
    /// `CAEmitterLayer.emitterSize`: the engine layer's `emitterSize`, in points.
    open var emitterSize: CGSize { get { CGSize(emitter.emitterSize) } set { emitter.emitterSize = newValue.size } }
    /// `CAEmitterLayer.emitterDepth`: stored only; particles are born in the layer's plane.
    open var emitterDepth: CGFloat = 0
    /// `CAEmitterLayer.emitterShape`: sets the engine layer's `emitterShape`.
    open var emitterShape: CAEmitterLayerEmitterShape = .point { didSet { emitter.emitterShape = emitterShape.engine } }
    /// `CAEmitterLayer.emitterMode`: sets the engine layer's `emitterMode`.
    open var emitterMode: CAEmitterLayerEmitterMode = .volume { didSet { emitter.emitterMode = emitterMode.engine } }
    /// `CAEmitterLayer.renderMode`: sets the engine layer's `renderMode`.
    open var renderMode: CAEmitterLayerRenderMode = .unordered { didSet { emitter.renderMode = renderMode.engine } }
    /// `CAEmitterLayer.birthRate`: the engine layer's `birthRate`, multiplying each cell's.
    open var birthRate: Float { get { Float(emitter.birthRate) } set { emitter.birthRate = Double(newValue) } }
    /// `CAEmitterLayer.lifetime`: the engine layer's `lifetime`, multiplying each cell's.
    open var lifetime: Float { get { Float(emitter.lifetime) } set { emitter.lifetime = Double(newValue) } }
    /// `CAEmitterLayer.velocity`: the engine layer's `velocity`, multiplying each cell's.
    open var velocity: Float { get { Float(emitter.velocity) } set { emitter.velocity = Double(newValue) } }
    /// `CAEmitterLayer.scale`: the engine layer's `scale`, multiplying each cell's.
    open var scale: Float { get { Float(emitter.scale) } set { emitter.scale = Double(newValue) } }
    /// `CAEmitterLayer.spin`: the engine layer's `spin`, multiplying each cell's.
    open var spin: Float { get { Float(emitter.spin) } set { emitter.spin = Double(newValue) } }
    /// `CAEmitterLayer.seed`: the engine layer's `seed` for its random sequence.
    open var seed: UInt32 { get { emitter.seed } set { emitter.seed = newValue } }
    /// `CAEmitterLayer.preservesDepth`: stored only; particles are drawn flat.
    open var preservesDepth = false
}

/// A layer whose sublayers keep their 3-D places, as `CATransformLayer`. Partial: every layer
/// tree is projected and drawn in zPosition order already, so this is a plain container (its
/// own background, border and contents are not drawn by Core Animation; here they are).
@preconcurrency @MainActor
open class CATransformLayer: CALayer {}

/// A layer that shows part of its sublayers, scrolled by its bounds' origin, as
/// `CAScrollLayer`.
@preconcurrency @MainActor
open class CAScrollLayer: CALayer {
    /// `CAScrollLayer.ScrollMode`: the axes `scroll(to:)` moves along.
    public struct ScrollMode: RawRepresentable, Hashable, Sendable {
        /// Core Animation's string for the mode.
        public let rawValue: String
        /// The mode of Core Animation's string `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// No scrolling.
        public static let none = ScrollMode(rawValue: "none")
        /// Vertical scrolling only.
        public static let vertically = ScrollMode(rawValue: "vertically")
        /// Horizontal scrolling only.
        public static let horizontally = ScrollMode(rawValue: "horizontally")
        /// Both axes.
        public static let both = ScrollMode(rawValue: "both")
    }
    /// `CAScrollLayer.scrollMode`: the axes `scroll(to:)` may move (both by default).
    open var scrollMode: ScrollMode = .both
    public override init() { super.init(); masksToBounds = true }
    public override init(layer: Any) { super.init(layer: layer) }
    /// `CAScrollLayer(coder:)`: a scroll layer that masks to its bounds.
    public required init?(coder: NSCoder) { super.init(coder: coder); masksToBounds = true }
    /// Scrolls so that `p` is the bounds' origin (along the allowed axes).
    open func scroll(to p: CGPoint) {
        var b = bounds
        if scrollMode == .both || scrollMode == .horizontally { b.origin.x = p.x }
        if scrollMode == .both || scrollMode == .vertically { b.origin.y = p.y }
        bounds = b
    }
    /// Scrolls the least so that `r` is visible.
    open func scroll(to r: CGRect) {
        var p = bounds.origin
        if r.minX < bounds.minX { p.x = r.minX } else if r.maxX > bounds.maxX { p.x = r.maxX - bounds.width }
        if r.minY < bounds.minY { p.y = r.minY } else if r.maxY > bounds.maxY { p.y = r.maxY - bounds.height }
        scroll(to: p)
    }
}
