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
