import Geometry
import RenderModel
import Layers
import Images

/// `CALayerContentsGravity`.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    /// Core Animation's string for the gravity.
    public let rawValue: String
    /// The gravity of Core Animation's string `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Centred, unscaled: the engine's `ContentsGravity.center`.
    public static let center = CALayerContentsGravity(rawValue: "center")
    /// Top edge, centred horizontally, unscaled.
    public static let top = CALayerContentsGravity(rawValue: "top")
    /// Bottom edge, centred horizontally, unscaled.
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    /// Left edge, centred vertically, unscaled.
    public static let left = CALayerContentsGravity(rawValue: "left")
    /// Right edge, centred vertically, unscaled.
    public static let right = CALayerContentsGravity(rawValue: "right")
    /// Top-left corner, unscaled.
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    /// Top-right corner, unscaled.
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    /// Bottom-left corner, unscaled.
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    /// Bottom-right corner, unscaled.
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
    /// Stretched to the bounds: the engine's `.resize` (also the value of an unknown string).
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    /// Scaled to fit inside the bounds, aspect kept: the engine's `.resizeAspect`.
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    /// Scaled to fill the bounds, aspect kept and cropped: the engine's `.resizeAspectFill`.
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
    package var engine: ContentsGravity { ContentsGravity(rawValue: rawValue) ?? .resize }
}

/// `CACornerMask`.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    /// The corners as bits: 1 min-x min-y, 2 max-x min-y, 4 min-x max-y, 8 max-x max-y.
    public let rawValue: UInt
    /// The corners whose bits `rawValue` sets.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The corner at the least x and y (top left).
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    /// The corner at the greatest x and least y (top right).
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    /// The corner at the least x and greatest y (bottom left).
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    /// The corner at the greatest x and y (bottom right).
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}

/// `CALayerDelegate`: a view is its layer's delegate; other objects may draw a layer's content.
@preconcurrency @MainActor
public protocol CALayerDelegate: AnyObject {
    /// Partial: not called; layers draw through `draw(_:in:)`.
    func display(_ layer: CALayer)
    /// `CALayerDelegate.draw(_:in:)`: draws the layer's content into `ctx` (called from `draw(in:)`).
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// `CALayerDelegate.layoutSublayers(of:)`: lays out the layer's sublayers (called from
    /// `layoutSublayers()`).
    func layoutSublayers(of layer: CALayer)
    /// `CALayerDelegate.action(for:forKey:)`: the action for a property change; nil looks further.
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
}
extension CALayerDelegate {
    /// Does nothing by default.
    public func display(_ layer: CALayer) {}
    /// Does nothing by default.
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    /// Does nothing by default.
    public func layoutSublayers(of layer: CALayer) {}
    /// Nil by default: the layer's `actions` and class default are looked at next.
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }
}

/// `CAAction`: what a layer runs when a property changes (an animation is one; `NSNull`
/// is the action that does nothing).
@preconcurrency @MainActor
public protocol CAAction: AnyObject {
    /// `CAAction.run(forKey:object:arguments:)`: runs the action for `event` on `anObject` (a layer).
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}
extension NSNull: CAAction {
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// The engine layer a plain `CALayer` (or a subclass of it) stands for: it sends drawing and
/// layout back to the facade object so overrides of `draw(in:)` and `layoutSublayers()` run.
final class FacadeDrawingLayer: Layer {
    weak var owner: CALayer?
    override init() { super.init() }
    required init(layer: Layer) { super.init(layer: layer) }
    override func draw(in context: Canvas) {
        guard let owner else { return }
        owner.draw(in: CGContext(canvas: context))
    }
    override func layoutSublayers() {
        super.layoutSublayers()
        owner?.layoutSublayers()
    }
}

/// `CALayer`: a facade over one engine ``Layer``. Its properties are the engine layer's,
/// converted to Core Graphics' values; its tree is the engine's tree (a facade object is found
/// again from its engine layer, and kept alive while the layer is in a tree).
@preconcurrency @MainActor
open class CALayer: NSObject, AssociatedStorage {
    /// The engine layer that takes the common properties (geometry, appearance, timing).
    package let layer: Layer
    /// Values attached with the Objective-C runtime's associated objects, keyed by address.
    public var associatedValues: [UnsafeRawPointer: Any] = [:]
    private var keyedValues: [String: Any] = [:]

    // MARK: Making layers

    public override init() {
        layer = FacadeDrawingLayer()
        super.init()
        adopt()
    }
    /// Core Animation makes presentation copies with this; here it copies the model values.
    public init(layer other: Any) {
        layer = FacadeDrawingLayer()
        super.init()
        adopt()
        if let o = other as? CALayer { layer.copyProperties(from: o.layer) }
    }
    /// `CALayer(coder:)`: a layer over a new engine layer; the coder's keys are not decoded.
    public required init?(coder: NSCoder) {
        layer = FacadeDrawingLayer()
        super.init()
        adopt()
    }
    /// A facade object for an engine layer made elsewhere (a view's layer, a sublayer found in
    /// the tree, a presentation copy).
    package init(wrapping l: Layer) {
        layer = l
        super.init()
        adopt()
    }
    /// Makes this object the engine layer's facade (unless it has one) and, for a drawing
    /// layer, the object its drawing and layout come back to.
    private func adopt() {
        if layer.facade == nil { layer.facade = self }
        if let d = layer as? FacadeDrawingLayer, d.owner == nil { d.owner = self }
    }

    /// The facade object for `l`, made once and found again afterwards.
    package static func wrap(_ l: Layer) -> CALayer {
        if let f = l.facade as? CALayer { return f }
        return makeWrapper(l)
    }
    /// A new facade object of the kind that fits the engine layer.
    package static func makeWrapper(_ l: Layer) -> CALayer {
        switch l {
        case let s as ShapeLayer: return CAShapeLayer(wrapping: s)
        case let g as GradientLayer: return CAGradientLayer(wrapping: g)
        case let t as TextLayer: return CATextLayer(wrapping: t)
        case let r as ReplicatorLayer: return CAReplicatorLayer(wrapping: r)
        case let e as EmitterLayer: return CAEmitterLayer(wrapping: e)
        default: return CALayer(wrapping: l)
        }
    }

    // MARK: Tree

    /// `CALayer.superlayer`: the engine layer's `superlayer`, as its facade.
    public var superlayer: CALayer? { layer.superlayer.map(CALayer.wrap) }
    /// `CALayer.sublayers`: the engine layer's sublayers, as their facades; setting replaces them all.
    public var sublayers: [CALayer]? {
        get { layer.sublayers.map { $0.map(CALayer.wrap) } }
        set {
            for s in layer.children { s.facadeRetainer = nil }
            layer.sublayers = newValue?.map { $0.layer.facadeRetainer = $0; return $0.layer }
        }
    }
    /// `CALayer.addSublayer(_:)`: the engine layer's `addSublayer(_:)`.
    open func addSublayer(_ child: CALayer) { child.layer.facadeRetainer = child; layer.addSublayer(child.layer) }
    /// `CALayer.insertSublayer(_:at:)`: the engine layer's `insertSublayer(_:at:)` (the index clamped).
    open func insertSublayer(_ child: CALayer, at index: UInt32) {
        child.layer.facadeRetainer = child
        layer.insertSublayer(child.layer, at: min(Int(index), layer.children.count))
    }
    /// `CALayer.insertSublayer(_:above:)`: the engine layer's `insertSublayer(_:above:)`.
    open func insertSublayer(_ child: CALayer, above sibling: CALayer?) {
        child.layer.facadeRetainer = child
        layer.insertSublayer(child.layer, above: sibling?.layer)
    }
    /// `CALayer.insertSublayer(_:below:)`: the engine layer's `insertSublayer(_:below:)`.
    open func insertSublayer(_ child: CALayer, below sibling: CALayer?) {
        child.layer.facadeRetainer = child
        layer.insertSublayer(child.layer, below: sibling?.layer)
    }
    /// `CALayer.replaceSublayer(_:with:)`: the engine layer's `replaceSublayer(_:with:)`.
    open func replaceSublayer(_ old: CALayer, with new: CALayer) {
        new.layer.facadeRetainer = new
        layer.replaceSublayer(old.layer, with: new.layer)
        old.layer.facadeRetainer = nil
    }
    /// `CALayer.removeFromSuperlayer()`: the engine layer's `removeFromSuperlayer()`.
    open func removeFromSuperlayer() {
        layer.removeFromSuperlayer()
        layer.facadeRetainer = nil
    }
    /// `CALayer.name`: the engine layer's `name`.
    public var name: String? { get { layer.name } set { layer.name = newValue } }
    /// `CALayer.delegate`: draws, lays out and gives actions for the layer (a view for its own layer).
    public weak var delegate: (any CALayerDelegate)?

    // MARK: Geometry

    /// `CALayer.bounds`: the engine layer's `bounds`, in its own points.
    open var bounds: CGRect { get { CGRect(layer.bounds) } set { layer.bounds = newValue.rect } }
    /// `CALayer.position`: the engine layer's `position` (of the anchor point), in the superlayer's points.
    open var position: CGPoint { get { CGPoint(layer.position) } set { layer.position = newValue.point } }
    /// `CALayer.frame`: the engine layer's `frame`, in the superlayer's points.
    open var frame: CGRect { get { CGRect(layer.frame) } set { layer.frame = newValue.rect } }
    /// `CALayer.zPosition`: the engine layer's `zPosition`; higher draws over lower.
    open var zPosition: CGFloat { get { CGFloat(layer.zPosition) } set { layer.zPosition = newValue.double } }
    /// `CALayer.anchorPoint`: the engine layer's `anchorPoint`, in the unit square of the bounds.
    open var anchorPoint: CGPoint { get { CGPoint(layer.anchorPoint) } set { layer.anchorPoint = newValue.point } }
    /// `CALayer.anchorPointZ`: the engine layer's `anchorPointZ`, in points.
    open var anchorPointZ: CGFloat { get { CGFloat(layer.anchorPointZ) } set { layer.anchorPointZ = newValue.double } }
    /// `CALayer.transform`: the engine layer's 3-D `transform`, about the anchor point.
    open var transform: CATransform3D { get { CATransform3D(layer.transform) } set { layer.transform = newValue.engine } }
    /// `CALayer.sublayerTransform`: the engine layer's `sublayerTransform`, applied to the sublayers.
    open var sublayerTransform: CATransform3D {
        get { CATransform3D(layer.sublayerTransform) } set { layer.sublayerTransform = newValue.engine }
    }
    /// `CALayer.affineTransform()`: the engine layer's `affineTransform()`.
    public func affineTransform() -> CGAffineTransform { CGAffineTransform(layer.affineTransform()) }
    /// `CALayer.setAffineTransform(_:)`: the engine layer's `setAffineTransform(_:)`.
    public func setAffineTransform(_ m: CGAffineTransform) { layer.setAffineTransform(m.affine) }
    /// `CALayer.isGeometryFlipped`: stored only; the engine does not flip sublayers.
    open var isGeometryFlipped = false
    /// `CALayer.contentsAreFlipped`: always false.
    open var contentsAreFlipped: Bool { false }

    /// `CALayer.convert(_:from:)`: the engine layer's point conversion from `other` (nil: the root).
    public func convert(_ p: CGPoint, from other: CALayer?) -> CGPoint { CGPoint(layer.convert(p.point, from: other?.layer)) }
    /// `CALayer.convert(_:to:)`: the engine layer's point conversion to `other` (nil: the root).
    public func convert(_ p: CGPoint, to other: CALayer?) -> CGPoint { CGPoint(layer.convert(p.point, to: other?.layer)) }
    /// `CALayer.convert(_:from:)` for a rectangle: the engine layer's rectangle conversion.
    public func convert(_ r: CGRect, from other: CALayer?) -> CGRect { CGRect(layer.convert(r.rect, from: other?.layer)) }
    /// `CALayer.convert(_:to:)` for a rectangle: the engine layer's rectangle conversion.
    public func convert(_ r: CGRect, to other: CALayer?) -> CGRect { CGRect(layer.convert(r.rect, to: other?.layer)) }
    /// `CALayer.convertTime(_:from:)`: the engine layer's `convertTime(_:from:)`, in seconds.
    public func convertTime(_ t: CFTimeInterval, from other: CALayer?) -> CFTimeInterval { layer.convertTime(t, from: other?.layer) }
    /// `CALayer.convertTime(_:to:)`: the engine layer's `convertTime(_:to:)`, in seconds.
    public func convertTime(_ t: CFTimeInterval, to other: CALayer?) -> CFTimeInterval { layer.convertTime(t, to: other?.layer) }
    /// `CALayer.hitTest(_:)`: the engine layer's `hitTest(_:)`, as a facade.
    open func hitTest(_ p: CGPoint) -> CALayer? { layer.hitTest(p.point).map(CALayer.wrap) }
    /// `CALayer.contains(_:)`: the engine layer's `contains(_:)`.
    open func contains(_ p: CGPoint) -> Bool { layer.contains(p.point) }

    // MARK: Appearance

    /// `CALayer.opacity`: the engine layer's `opacity` (0...1), animatable.
    open var opacity: Float { get { Float(layer.opacity) } set { layer.opacity = Double(newValue) } }
    /// `CALayer.isHidden`: the engine layer's `isHidden`.
    open var isHidden: Bool { get { layer.isHidden } set { layer.isHidden = newValue } }
    /// `CALayer.masksToBounds`: the engine layer's `masksToBounds`.
    open var masksToBounds: Bool { get { layer.masksToBounds } set { layer.masksToBounds = newValue } }
    /// `CALayer.mask`: the engine layer's `mask`: its alpha masks this layer.
    open var mask: CALayer? {
        get { layer.mask.map(CALayer.wrap) }
        set {
            layer.mask?.facadeRetainer = nil
            newValue?.layer.facadeRetainer = newValue
            layer.mask = newValue?.layer
        }
    }
    /// `CALayer.backgroundColor`: the engine layer's `backgroundColor`.
    open var backgroundColor: CGColor? {
        get { layer.backgroundColor.map(CGColor.init) } set { layer.backgroundColor = newValue?.color }
    }
    /// `CALayer.cornerRadius`: the engine layer's `cornerRadius`, in points.
    open var cornerRadius: CGFloat { get { CGFloat(layer.cornerRadius) } set { layer.cornerRadius = newValue.double } }
    /// `CALayer.maskedCorners`: the engine layer's `maskedCorners`: which corners `cornerRadius` rounds.
    open var maskedCorners: CACornerMask {
        get { CACornerMask(rawValue: layer.maskedCorners.rawValue) }
        set { layer.maskedCorners = CornerMask(rawValue: newValue.rawValue) }
    }
    /// Only circular corners are drawn; `.continuous` draws as `.circular`.
    open var cornerCurve: CALayerCornerCurve = .circular
    /// `CALayer.borderWidth`: the engine layer's `borderWidth`, in points.
    open var borderWidth: CGFloat { get { CGFloat(layer.borderWidth) } set { layer.borderWidth = newValue.double } }
    /// `CALayer.borderColor`: the engine layer's `borderColor`.
    open var borderColor: CGColor? { get { layer.borderColor.map(CGColor.init) } set { layer.borderColor = newValue?.color } }
    /// `CALayer.shadowColor`: the engine layer's `shadowColor`.
    open var shadowColor: CGColor? { get { layer.shadowColor.map(CGColor.init) } set { layer.shadowColor = newValue?.color } }
    /// `CALayer.shadowOpacity`: the engine layer's `shadowOpacity` (0...1).
    open var shadowOpacity: Float { get { Float(layer.shadowOpacity) } set { layer.shadowOpacity = Double(newValue) } }
    /// `CALayer.shadowRadius`: the engine layer's `shadowRadius` (blur), in points.
    open var shadowRadius: CGFloat { get { CGFloat(layer.shadowRadius) } set { layer.shadowRadius = newValue.double } }
    /// `CALayer.shadowOffset`: the engine layer's `shadowOffset`, in points.
    open var shadowOffset: CGSize { get { CGSize(layer.shadowOffset) } set { layer.shadowOffset = newValue.size } }
    /// `CALayer.shadowPath`: the engine layer's `shadowPath`, the shadow's shape in points.
    open var shadowPath: CGPath? { get { layer.shadowPath.map(CGPath.init) } set { layer.shadowPath = newValue?.path } }
    /// `CALayer.isDoubleSided`: the engine layer's `isDoubleSided`: whether its back shows when turned.
    open var isDoubleSided: Bool { get { layer.isDoubleSided } set { layer.isDoubleSided = newValue } }
    /// `CALayer.shouldRasterize`: the engine layer's `shouldRasterize`.
    open var shouldRasterize: Bool { get { layer.shouldRasterize } set { layer.shouldRasterize = newValue } }
    /// `CALayer.rasterizationScale`: the engine layer's `rasterizationScale`, pixels per point.
    open var rasterizationScale: CGFloat { get { CGFloat(layer.rasterizationScale) } set { layer.rasterizationScale = newValue.double } }
    /// `CALayer.isOpaque`: the engine layer's `isOpaque`.
    open var isOpaque: Bool { get { layer.isOpaque } set { layer.isOpaque = newValue } }
    /// Edges are always antialiased.
    open var allowsEdgeAntialiasing = true
    /// `CALayer.allowsGroupOpacity`: stored only.
    open var allowsGroupOpacity = true
    /// `CALayer.compositingFilter`: a blend mode's filter name (`"multiplyBlendMode"`,
    /// `"screenBlendMode"`, ..., with or without Core Image's `CI` prefix and a capital) sets
    /// the engine layer's `compositingFilter`; the value set is kept as it was given, and any
    /// other value composites normally.
    open var compositingFilter: Any? {
        didSet { layer.compositingFilter = (compositingFilter as? String).flatMap(Self.blendMode(filterName:)) }
    }
    /// `CALayer.filters`: kept and not applied (see `compositingFilter`).
    open var filters: [Any]?
    /// `CALayer.backgroundFilters`: kept and not applied.
    open var backgroundFilters: [Any]?
    /// `CALayer.minificationFilter`: stored only; the engine picks its own sampling.
    open var minificationFilter = "linear"
    /// `CALayer.magnificationFilter`: stored only; the engine picks its own sampling.
    open var magnificationFilter = "linear"

    // MARK: Contents

    /// A `CGImage` (or a `UIImage`'s `cgImage`); anything else shows nothing.
    open var contents: Any? {
        get { layer.contents.map(CGImage.init) }
        set { layer.contents = (newValue as? CGImage)?.image ?? (newValue as? ContentsImageConvertible)?.contentsImage?.image }
    }
    /// `CALayer.contentsGravity`: the engine layer's `contentsGravity`.
    open var contentsGravity: CALayerContentsGravity {
        get { CALayerContentsGravity(rawValue: layer.contentsGravity.rawValue) } set { layer.contentsGravity = newValue.engine }
    }
    /// `CALayer.contentsRect`: the engine layer's `contentsRect`, in the unit square of the contents.
    open var contentsRect: CGRect { get { CGRect(layer.contentsRect) } set { layer.contentsRect = newValue.rect } }
    /// `CALayer.contentsCenter`: the engine layer's `contentsCenter`, the stretchable part (unit square).
    open var contentsCenter: CGRect { get { CGRect(layer.contentsCenter) } set { layer.contentsCenter = newValue.rect } }
    /// `CALayer.contentsScale`: the engine layer's `contentsScale`, pixels per point of the contents.
    open var contentsScale: CGFloat { get { CGFloat(layer.contentsScale) } set { layer.contentsScale = newValue.double } }

    // MARK: Display and layout

    /// `CALayer.setNeedsDisplay()`: the engine layer's `setNeedsDisplay()`.
    open func setNeedsDisplay() { layer.setNeedsDisplay() }
    /// `CALayer.setNeedsDisplay(_:)`: the whole engine layer's `setNeedsDisplay()`; the rect is ignored.
    open func setNeedsDisplay(_ r: CGRect) { layer.setNeedsDisplay() }
    /// `CALayer.displayIfNeeded()`: the engine layer's `displayIfNeeded()`.
    open func displayIfNeeded() { layer.displayIfNeeded() }
    /// `CALayer.needsDisplay()`: the engine layer's `needsDisplay()`.
    open func needsDisplay() -> Bool { layer.needsDisplay() }
    /// `CALayer.needsDisplayOnBoundsChange`: the engine layer's `needsDisplayOnBoundsChange`.
    open var needsDisplayOnBoundsChange: Bool {
        get { layer.needsDisplayOnBoundsChange } set { layer.needsDisplayOnBoundsChange = newValue }
    }
    /// Draws the layer's content: the default asks the delegate.
    open func display() { layer.display() }
    /// Draws into `ctx` (user space is the layer's bounds); the default asks the delegate.
    open func draw(in ctx: CGContext) { delegate?.draw(self, in: ctx) }
    /// `CALayer.needsDisplay(forKey:)`: false for every key.
    open class func needsDisplay(forKey key: String) -> Bool { false }
    /// `CALayer.setNeedsLayout()`: the engine layer's `setNeedsLayout()`.
    open func setNeedsLayout() { layer.setNeedsLayout() }
    /// `CALayer.needsLayout()`: the engine layer's `needsLayout()`.
    open func needsLayout() -> Bool { layer.needsLayout() }
    /// `CALayer.layoutIfNeeded()`: the engine layer's `layoutIfNeeded()`.
    open func layoutIfNeeded() { layer.layoutIfNeeded() }
    /// Lays out sublayers; the default asks the delegate.
    open func layoutSublayers() { delegate?.layoutSublayers(of: self) }
    /// `CALayer.preferredFrameSize()`: the bounds' size.
    open func preferredFrameSize() -> CGSize { bounds.size }

    /// Draws the layer and its sublayers into `ctx` in the layer's own coordinates (its
    /// position and transform left out), under the context's current transform, as they are
    /// shown now.
    open func render(in ctx: CGContext) {
        var renderer = LayerRenderer(engine: layer.engine)
        renderer.fontSystem = ctx.canvas.fontSystem
        var list: [DrawCommand] = []
        _ = renderer.snapshot(layer, transform: Homography(ctx.ctm.affine), into: &list)
        for c in list { ctx.canvas.append(c) }
    }

    // MARK: Media timing (the layer's own time)

    /// `CALayer.beginTime`: the engine layer's `beginTime`, in seconds.
    open var beginTime: CFTimeInterval { get { layer.beginTime } set { layer.beginTime = newValue } }
    /// `CALayer.speed`: the engine layer's `speed` (1 is real time; 0 pauses).
    open var speed: Float { get { Float(layer.speed) } set { layer.speed = Double(newValue) } }
    /// `CALayer.timeOffset`: the engine layer's `timeOffset`, in seconds.
    open var timeOffset: CFTimeInterval { get { layer.timeOffset } set { layer.timeOffset = newValue } }

    // MARK: Animations

    /// Adds a copy of `anim` (changing `anim` afterwards changes nothing), replacing the
    /// animation under `key`; the delegate is told about that copy, which
    /// `animation(forKey:)` returns.
    open func add(_ anim: CAAnimation, forKey key: String?) {
        let c = anim.copy() as! CAAnimation
        if let d = c.delegate {
            let bridge = DelegateBridge(animation: c, delegate: d)
            if let key {
                // The copy kept for animation(forKey:) retains the delegate: let it go with the
                // animation, unless another was added under the key since.
                bridge.didStop = { [weak self, weak c] in
                    if let self, let c, self.addedAnimations[key] === c { self.addedAnimations[key] = nil }
                }
            }
            c.animation.delegate = bridge
        }
        animationTarget(for: c.animation).add(c.animation, forKey: key)
        // The engine's running copy holds the bridge; the facade copy lets go of it (no cycle).
        c.animation.delegate = nil
        if let key { addedAnimations[key] = c }
    }
    /// The facade copies added under keys (dropped when the engine no longer runs the key).
    private var addedAnimations: [String: CAAnimation] = [:]
    /// `CALayer.animation(forKey:)`: the animation running under `key` on the engine layer (the one
    /// added, or a facade over an engine one); nil when none.
    open func animation(forKey key: String) -> CAAnimation? {
        guard let running = layer.animation(forKey: key) ?? contentLayer?.animation(forKey: key) else { addedAnimations[key] = nil; return nil }
        // One the facade did not add (a UIView block's, CA8) comes back in its Core Animation class.
        return addedAnimations[key] ?? CAAnimation.wrapping(running)
    }
    /// The keys of the running animations: the engine layer's, then its content layer's (a
    /// gradient or shape layer class's own).
    open func animationKeys() -> [String]? {
        let keys = (layer.animationKeys() ?? []) + (contentLayer?.animationKeys() ?? [])
        return keys.isEmpty ? nil : keys
    }
    /// Stops the animation under `key` on the engine layer and its content layer.
    open func removeAnimation(forKey key: String) {
        layer.removeAnimation(forKey: key); contentLayer?.removeAnimation(forKey: key); addedAnimations[key] = nil
    }
    /// Stops every animation of the engine layer and its content layer.
    open func removeAllAnimations() { layer.removeAllAnimations(); contentLayer?.removeAllAnimations(); addedAnimations = [:] }

    /// The engine layer that holds a view's special content (a view whose `layerClass` is
    /// `CAGradientLayer` or `CAShapeLayer` draws it in a sublayer of its own layer), or nil.
    package var contentLayer: Layer? { nil }
    /// Where an animation runs: on the content layer when every property it animates is one the
    /// content has and the view's layer has not (a view's gradient `startPoint`, its shape's
    /// `strokeEnd`), else on the layer itself.
    private func animationTarget(for animation: Animation) -> Layer {
        guard let content = contentLayer else { return layer }
        var paths: [String] = []
        func collect(_ a: Animation) {
            if let g = a as? AnimationGroup { (g.animations ?? []).forEach(collect) }
            if let p = a as? PropertyAnimation, let k = p.keyPath { paths.append(k) }
        }
        collect(animation)
        let ofContent = paths.allSatisfy { path in
            guard let k = LayerKeyPath(path) else { return false }
            return !type(of: layer).hasProperty(k.property) && type(of: content).hasProperty(k.property)
        }
        return !paths.isEmpty && ofContent ? content : layer
    }

    /// The layer as it is on screen (animations applied), for the facade's own layer kinds.
    /// Partial: a subclass of yours gets itself (its model values) back, as Swift cannot make an
    /// object of your class without running one of your initialisers.
    open func presentation() -> Self? {
        guard let p = layer.presentation() else { return nil }
        if contentLayer != nil, let split = presentation(base: p) as? Self { return split }
        return (CALayer.makeWrapper(p) as? Self) ?? self
    }
    /// A view's special layer as on screen: its layer's presentation `base` with its content
    /// layer's (a gradient's sliding `startPoint`); nil for a layer without content.
    package func presentation(base: Layer) -> CALayer? { nil }
    /// `CALayer.model()`: the layer itself (its model values).
    open func model() -> Self { self }

    // MARK: Actions

    /// Per-key actions, as Core Animation's: `NSNull()` turns a key's implicit animation off,
    /// an animation replaces it (the engine layer runs them).
    open var actions: [String: any CAAction]? {
        didSet {
            layer.actions = actions?.mapValues { a -> any Action in
                (a as? CAAnimation).map { $0.animation } ?? NullAction()
            }
        }
    }
    /// `CALayer.defaultAction(forKey:)`: nil for every key.
    open class func defaultAction(forKey event: String) -> (any CAAction)? { nil }
    /// `CALayer.action(forKey:)`: the delegate's action, else the `actions` entry, else the class default.
    open func action(forKey event: String) -> (any CAAction)? {
        if let a = delegate?.action(for: self, forKey: event) { return a }
        return actions?[event] ?? type(of: self).defaultAction(forKey: event)
    }

    // MARK: Key-value coding

    /// `CALayer.value(forKey:)`: as `value(forKeyPath:)`.
    open func value(forKey key: String) -> Any? { value(forKeyPath: key) }
    /// `CALayer.value(forKeyPath:)`: the engine layer's value for an animatable key path, else a value
    /// kept on the facade.
    open func value(forKeyPath keyPath: String) -> Any? {
        if let v = layer.value(forKeyPath: keyPath) { return facadeValue(v) }
        return keyedValues[keyPath]
    }
    /// `CALayer.setValue(_:forKey:)`: as `setValue(_:forKeyPath:)`.
    open func setValue(_ value: Any?, forKey key: String) { setValue(value, forKeyPath: key) }
    /// `CALayer.setValue(_:forKeyPath:)`: the engine layer's key path when it has it, else kept on the
    /// facade.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        if layer.value(forKeyPath: keyPath) != nil { layer.setValue(engineValue(value), forKeyPath: keyPath) }
        else { keyedValues[keyPath] = value }
    }
    /// `CALayer.defaultValue(forKey:)`: nil for every key.
    open class func defaultValue(forKey key: String) -> Any? { nil }
}

/// `CALayerCornerCurve`.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    /// Core Animation's string for the curve.
    public let rawValue: String
    /// The curve of Core Animation's string `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Circular corner arcs.
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// Continuous (squircle) corners; drawn as circular here.
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// Something `CALayer.contents` accepts besides a `CGImage` (UIKit's `UIImage`).
public protocol ContentsImageConvertible { var contentsImage: CGImage? { get } }

extension CALayer {
    /// The engine's blend mode a Core Animation filter name stands for: `"multiplyBlendMode"`
    /// and Core Image's `"CIMultiplyBlendMode"` alike, `"linearDodgeBlendMode"` and
    /// `"additionCompositing"` as add; nil for a name that is not a blend mode.
    static func blendMode(filterName name: String) -> BlendMode? {
        var key = name.hasPrefix("CI") ? String(name.dropFirst(2)) : name
        if let first = key.first { key = first.lowercased() + key.dropFirst() }
        switch key {
        case "normalBlendMode", "sourceOverCompositing": return .normal
        case "multiplyBlendMode": return .multiply
        case "screenBlendMode": return .screen
        case "overlayBlendMode": return .overlay
        case "darkenBlendMode": return .darken
        case "lightenBlendMode": return .lighten
        case "colorDodgeBlendMode": return .colorDodge
        case "colorBurnBlendMode": return .colorBurn
        case "hardLightBlendMode": return .hardLight
        case "softLightBlendMode": return .softLight
        case "differenceBlendMode": return .difference
        case "exclusionBlendMode": return .exclusion
        case "hueBlendMode": return .hue
        case "saturationBlendMode": return .saturation
        case "colorBlendMode": return .color
        case "luminosityBlendMode": return .luminosity
        case "linearDodgeBlendMode", "additionCompositing": return .add
        default: return nil
        }
    }
}
