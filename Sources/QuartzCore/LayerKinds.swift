import Geometry
import RenderModel
import Layers
import TextEngine

/// `CAShapeLayerFillRule`, `CAShapeLayerLineCap`, `CAShapeLayerLineJoin`.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
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
    public required init?(coder: NSCoder) { let s = ShapeLayer(); shape = s; super.init(wrapping: s) }
    package init(wrapping s: ShapeLayer) { shape = s; super.init(wrapping: s) }
    /// A facade whose common properties go to `base` and shape properties to `content`.
    package init(base: Layer, content: ShapeLayer) { shape = content; super.init(wrapping: base); content.facade = self }
    package override var contentLayer: Layer? { shape === layer ? nil : shape }
    private init(presented base: Layer, content: ShapeLayer) { shape = content; super.init(wrapping: base) }
    package override func presentation(base: Layer) -> CALayer? {
        shape.presentation().map { CAShapeLayer(presented: base, content: $0) }
    }

    open var path: CGPath? { get { shape.path.map(CGPath.init) } set { shape.path = newValue?.path } }
    open var fillColor: CGColor? { get { shape.fillColor.map(CGColor.init) } set { shape.fillColor = newValue?.color } }
    open var fillRule: CAShapeLayerFillRule {
        get { shape.fillRule == .evenOdd ? .evenOdd : .nonZero } set { shape.fillRule = newValue == .evenOdd ? .evenOdd : .nonZero }
    }
    open var strokeColor: CGColor? { get { shape.strokeColor.map(CGColor.init) } set { shape.strokeColor = newValue?.color } }
    open var lineWidth: CGFloat { get { CGFloat(shape.lineWidth) } set { shape.lineWidth = newValue.double } }
    open var lineCap: CAShapeLayerLineCap {
        get { CAShapeLayerLineCap(rawValue: shape.lineCap.rawValue) }
        set { shape.lineCap = LineCap(rawValue: newValue.rawValue) ?? .butt }
    }
    open var lineJoin: CAShapeLayerLineJoin {
        get { CAShapeLayerLineJoin(rawValue: shape.lineJoin.rawValue) }
        set { shape.lineJoin = LineJoin(rawValue: newValue.rawValue) ?? .miter }
    }
    open var miterLimit: CGFloat { get { CGFloat(shape.miterLimit) } set { shape.miterLimit = newValue.double } }
    open var lineDashPattern: [NSNumber]? {
        get { shape.lineDashPattern?.map { NSNumber(value: $0) } } set { shape.lineDashPattern = newValue?.map(\.doubleValue) }
    }
    open var lineDashPhase: CGFloat { get { CGFloat(shape.lineDashPhase) } set { shape.lineDashPhase = newValue.double } }
    open var strokeStart: CGFloat { get { CGFloat(shape.strokeStart) } set { shape.strokeStart = newValue.double } }
    open var strokeEnd: CGFloat { get { CGFloat(shape.strokeEnd) } set { shape.strokeEnd = newValue.double } }
}

/// `CAGradientLayerType`.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let axial = CAGradientLayerType(rawValue: "axial")
    public static let radial = CAGradientLayerType(rawValue: "radial")
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
    open var locations: [NSNumber]? {
        get { gradient.locations?.map { NSNumber(value: $0) } } set { gradient.locations = newValue?.map(\.doubleValue) }
    }
    open var startPoint: CGPoint { get { CGPoint(gradient.startPoint) } set { gradient.startPoint = newValue.point } }
    open var endPoint: CGPoint { get { CGPoint(gradient.endPoint) } set { gradient.endPoint = newValue.point } }
    open var type: CAGradientLayerType {
        get { CAGradientLayerType(rawValue: gradient.type.rawValue) }
        set { gradient.type = Gradient.Kind(rawValue: newValue.rawValue) ?? .axial }
    }
}

/// Something with a `cgColor` (UIKit's `UIColor`), accepted where Core Animation takes colours.
public protocol CGColorConvertible { var cgColor: CGColor { get } }

/// `CATextLayerAlignmentMode`, `CATextLayerTruncationMode`.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    public static let end = CATextLayerTruncationMode(rawValue: "end")
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
    public required init?(coder: NSCoder) { let t = TextLayer(); text = t; super.init(wrapping: t) }
    package init(wrapping t: TextLayer) { text = t; super.init(wrapping: t) }

    /// A `String` (an attributed string shows its characters).
    open var string: Any? {
        get { text.string }
        set { text.string = (newValue as? String) ?? (newValue as? NSAttributedString)?.string ?? newValue.map { "\($0)" } }
    }
    open var fontSize: CGFloat { get { CGFloat(text.fontSize) } set { text.fontSize = newValue.double } }
    /// A `UIFont` (its size is taken as the font size) or a font name.
    open var font: Any? {
        didSet {
            if let f = font as? FontConvertible { text.fontSize = f.engineFontSize }
        }
    }
    open var foregroundColor: CGColor? { get { text.foregroundColor.map(CGColor.init) } set { text.foregroundColor = newValue?.color } }
    open var alignmentMode: CATextLayerAlignmentMode {
        get { CATextLayerAlignmentMode(rawValue: text.alignmentMode.rawValue) }
        set { text.alignmentMode = TextLayer.AlignmentMode(rawValue: newValue.rawValue) ?? .natural }
    }
    open var isWrapped: Bool { get { text.isWrapped } set { text.isWrapped = newValue } }
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
    public required init?(coder: NSCoder) { let r = ReplicatorLayer(); replicator = r; super.init(wrapping: r) }
    package init(wrapping r: ReplicatorLayer) { replicator = r; super.init(wrapping: r) }

    open var instanceCount: Int { get { replicator.instanceCount } set { replicator.instanceCount = max(0, newValue) } }
    open var instanceDelay: CFTimeInterval { get { replicator.instanceDelay } set { replicator.instanceDelay = newValue } }
    open var instanceTransform: CATransform3D {
        get { CATransform3D(replicator.instanceTransform) } set { replicator.instanceTransform = newValue.engine }
    }
    open var instanceColor: CGColor? { get { replicator.instanceColor.map(CGColor.init) } set { replicator.instanceColor = newValue?.color } }
    open var instanceRedOffset: Float { get { Float(replicator.instanceRedOffset) } set { replicator.instanceRedOffset = Double(newValue) } }
    open var instanceGreenOffset: Float { get { Float(replicator.instanceGreenOffset) } set { replicator.instanceGreenOffset = Double(newValue) } }
    open var instanceBlueOffset: Float { get { Float(replicator.instanceBlueOffset) } set { replicator.instanceBlueOffset = Double(newValue) } }
    open var instanceAlphaOffset: Float { get { Float(replicator.instanceAlphaOffset) } set { replicator.instanceAlphaOffset = Double(newValue) } }
    open var preservesDepth: Bool { get { replicator.preservesDepth } set { replicator.preservesDepth = newValue } }
}

/// `CAEmitterCell` over the engine's ``EmitterCell``: particles born at `birthRate` a second,
/// living `lifetime` seconds, leaving in a cone at `velocity`, accelerating, spinning, scaling
/// and fading, each range drawn from the layer's seeded sequence.
@preconcurrency @MainActor
open class CAEmitterCell: NSObject {
    package let cell = EmitterCell()
    public override init() {}
    open var name: String? { get { cell.name } set { cell.name = newValue } }
    open var isEnabled: Bool { get { cell.isEnabled } set { cell.isEnabled = newValue } }
    open var birthRate: Float { get { Float(cell.birthRate) } set { cell.birthRate = Double(newValue) } }
    open var lifetime: Float { get { Float(cell.lifetime) } set { cell.lifetime = Double(newValue) } }
    open var lifetimeRange: Float { get { Float(cell.lifetimeRange) } set { cell.lifetimeRange = Double(newValue) } }
    open var velocity: CGFloat { get { CGFloat(cell.velocity) } set { cell.velocity = newValue.double } }
    open var velocityRange: CGFloat { get { CGFloat(cell.velocityRange) } set { cell.velocityRange = newValue.double } }
    open var xAcceleration: CGFloat { get { CGFloat(cell.xAcceleration) } set { cell.xAcceleration = newValue.double } }
    open var yAcceleration: CGFloat { get { CGFloat(cell.yAcceleration) } set { cell.yAcceleration = newValue.double } }
    /// Partial: kept; particles move in the layer's plane.
    open var zAcceleration: CGFloat = 0
    open var emissionLongitude: CGFloat { get { CGFloat(cell.emissionLongitude) } set { cell.emissionLongitude = newValue.double } }
    /// Partial: kept; particles leave in the layer's plane.
    open var emissionLatitude: CGFloat = 0
    open var emissionRange: CGFloat { get { CGFloat(cell.emissionRange) } set { cell.emissionRange = newValue.double } }
    open var spin: CGFloat { get { CGFloat(cell.spin) } set { cell.spin = newValue.double } }
    open var spinRange: CGFloat { get { CGFloat(cell.spinRange) } set { cell.spinRange = newValue.double } }
    open var scale: CGFloat { get { CGFloat(cell.scale) } set { cell.scale = newValue.double } }
    open var scaleRange: CGFloat { get { CGFloat(cell.scaleRange) } set { cell.scaleRange = newValue.double } }
    open var scaleSpeed: CGFloat { get { CGFloat(cell.scaleSpeed) } set { cell.scaleSpeed = newValue.double } }
    open var color: CGColor? { get { CGColor(cell.color) } set { cell.color = newValue?.color ?? .white } }
    open var redRange: Float { get { Float(cell.redRange) } set { cell.redRange = Double(newValue) } }
    open var greenRange: Float { get { Float(cell.greenRange) } set { cell.greenRange = Double(newValue) } }
    open var blueRange: Float { get { Float(cell.blueRange) } set { cell.blueRange = Double(newValue) } }
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
    open var contentsScale: CGFloat = 1
    /// Partial: kept; cells do not emit cells.
    open var emitterCells: [CAEmitterCell]?
}

/// The shape particles are born in, as `CAEmitterLayerEmitterShape`.
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
    public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
    public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
    public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
    /// A cuboid and a sphere are born in as a rectangle and a circle (the layer's plane).
    public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
    public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
    var engine: EmitterLayer.Shape {
        switch rawValue { case "line": .line; case "rectangle", "cuboid": .rectangle; case "circle", "sphere": .circle; default: .point }
    }
}
/// Where in the shape particles are born, as `CAEmitterLayerEmitterMode`.
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
    public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
    public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
    public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
    var engine: EmitterLayer.Mode { EmitterLayer.Mode(rawValue: rawValue) ?? .volume }
}
/// The order particles are drawn in, as `CAEmitterLayerRenderMode` (additive is drawn over).
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
    public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
    public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
    public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
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
    public required init?(coder: NSCoder) { let e = EmitterLayer(); emitter = e; super.init(wrapping: e) }
    package init(wrapping e: EmitterLayer) { emitter = e; super.init(wrapping: e) }

    open var emitterCells: [CAEmitterCell]? { didSet { emitter.emitterCells = emitterCells?.map(\.cell) } }
    open var emitterPosition: CGPoint { get { CGPoint(emitter.emitterPosition) } set { emitter.emitterPosition = newValue.point } }
    open var emitterZPosition: CGFloat { get { CGFloat(emitter.emitterZPosition) } set { emitter.emitterZPosition = newValue.double } }
    open var emitterSize: CGSize { get { CGSize(emitter.emitterSize) } set { emitter.emitterSize = newValue.size } }
    open var emitterDepth: CGFloat = 0
    open var emitterShape: CAEmitterLayerEmitterShape = .point { didSet { emitter.emitterShape = emitterShape.engine } }
    open var emitterMode: CAEmitterLayerEmitterMode = .volume { didSet { emitter.emitterMode = emitterMode.engine } }
    open var renderMode: CAEmitterLayerRenderMode = .unordered { didSet { emitter.renderMode = renderMode.engine } }
    open var birthRate: Float { get { Float(emitter.birthRate) } set { emitter.birthRate = Double(newValue) } }
    open var lifetime: Float { get { Float(emitter.lifetime) } set { emitter.lifetime = Double(newValue) } }
    open var velocity: Float { get { Float(emitter.velocity) } set { emitter.velocity = Double(newValue) } }
    open var scale: Float { get { Float(emitter.scale) } set { emitter.scale = Double(newValue) } }
    open var spin: Float { get { Float(emitter.spin) } set { emitter.spin = Double(newValue) } }
    open var seed: UInt32 { get { emitter.seed } set { emitter.seed = newValue } }
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
    public struct ScrollMode: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let none = ScrollMode(rawValue: "none")
        public static let vertically = ScrollMode(rawValue: "vertically")
        public static let horizontally = ScrollMode(rawValue: "horizontally")
        public static let both = ScrollMode(rawValue: "both")
    }
    open var scrollMode: ScrollMode = .both
    public override init() { super.init(); masksToBounds = true }
    public override init(layer: Any) { super.init(layer: layer) }
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
