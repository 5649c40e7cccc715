import Geometry
import RenderModel
import Layers
import Images

/// `CALayerContentsGravity`.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let center = CALayerContentsGravity(rawValue: "center")
    public static let top = CALayerContentsGravity(rawValue: "top")
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    public static let left = CALayerContentsGravity(rawValue: "left")
    public static let right = CALayerContentsGravity(rawValue: "right")
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
    package var engine: ContentsGravity { ContentsGravity(rawValue: rawValue) ?? .resize }
}

/// `CACornerMask`.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}

/// `CALayerDelegate`: a view is its layer's delegate; other objects may draw a layer's content.
@preconcurrency @MainActor
public protocol CALayerDelegate: AnyObject {
    /// Partial: not called; layers draw through `draw(_:in:)`.
    func display(_ layer: CALayer)
    func draw(_ layer: CALayer, in ctx: CGContext)
    func layoutSublayers(of layer: CALayer)
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
}
extension CALayerDelegate {
    public func display(_ layer: CALayer) {}
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    public func layoutSublayers(of layer: CALayer) {}
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }
}

/// `CAAction`: what a layer runs when a property changes (an animation is one; `NSNull`
/// is the action that does nothing).
@preconcurrency @MainActor
public protocol CAAction: AnyObject {
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

    public var superlayer: CALayer? { layer.superlayer.map(CALayer.wrap) }
    public var sublayers: [CALayer]? {
        get { layer.sublayers.map { $0.map(CALayer.wrap) } }
        set {
            for s in layer.children { s.facadeRetainer = nil }
            layer.sublayers = newValue?.map { $0.layer.facadeRetainer = $0; return $0.layer }
        }
    }
    open func addSublayer(_ child: CALayer) { child.layer.facadeRetainer = child; layer.addSublayer(child.layer) }
    open func insertSublayer(_ child: CALayer, at index: UInt32) {
        child.layer.facadeRetainer = child
        layer.insertSublayer(child.layer, at: min(Int(index), layer.children.count))
    }
    open func insertSublayer(_ child: CALayer, above sibling: CALayer?) {
        child.layer.facadeRetainer = child
        layer.insertSublayer(child.layer, above: sibling?.layer)
    }
    open func insertSublayer(_ child: CALayer, below sibling: CALayer?) {
        child.layer.facadeRetainer = child
        layer.insertSublayer(child.layer, below: sibling?.layer)
    }
    open func replaceSublayer(_ old: CALayer, with new: CALayer) {
        new.layer.facadeRetainer = new
        layer.replaceSublayer(old.layer, with: new.layer)
        old.layer.facadeRetainer = nil
    }
    open func removeFromSuperlayer() {
        layer.removeFromSuperlayer()
        layer.facadeRetainer = nil
    }
    public var name: String? { get { layer.name } set { layer.name = newValue } }
    public weak var delegate: (any CALayerDelegate)?

    // MARK: Geometry

    open var bounds: CGRect { get { CGRect(layer.bounds) } set { layer.bounds = newValue.rect } }
    open var position: CGPoint { get { CGPoint(layer.position) } set { layer.position = newValue.point } }
    open var frame: CGRect { get { CGRect(layer.frame) } set { layer.frame = newValue.rect } }
    open var zPosition: CGFloat { get { CGFloat(layer.zPosition) } set { layer.zPosition = newValue.double } }
    open var anchorPoint: CGPoint { get { CGPoint(layer.anchorPoint) } set { layer.anchorPoint = newValue.point } }
    open var anchorPointZ: CGFloat { get { CGFloat(layer.anchorPointZ) } set { layer.anchorPointZ = newValue.double } }
    open var transform: CATransform3D { get { CATransform3D(layer.transform) } set { layer.transform = newValue.engine } }
    open var sublayerTransform: CATransform3D {
        get { CATransform3D(layer.sublayerTransform) } set { layer.sublayerTransform = newValue.engine }
    }
    public func affineTransform() -> CGAffineTransform { CGAffineTransform(layer.affineTransform()) }
    public func setAffineTransform(_ m: CGAffineTransform) { layer.setAffineTransform(m.affine) }
    open var isGeometryFlipped = false
    open var contentsAreFlipped: Bool { false }

    public func convert(_ p: CGPoint, from other: CALayer?) -> CGPoint { CGPoint(layer.convert(p.point, from: other?.layer)) }
    public func convert(_ p: CGPoint, to other: CALayer?) -> CGPoint { CGPoint(layer.convert(p.point, to: other?.layer)) }
    public func convert(_ r: CGRect, from other: CALayer?) -> CGRect { CGRect(layer.convert(r.rect, from: other?.layer)) }
    public func convert(_ r: CGRect, to other: CALayer?) -> CGRect { CGRect(layer.convert(r.rect, to: other?.layer)) }
    public func convertTime(_ t: CFTimeInterval, from other: CALayer?) -> CFTimeInterval { layer.convertTime(t, from: other?.layer) }
    public func convertTime(_ t: CFTimeInterval, to other: CALayer?) -> CFTimeInterval { layer.convertTime(t, to: other?.layer) }
    open func hitTest(_ p: CGPoint) -> CALayer? { layer.hitTest(p.point).map(CALayer.wrap) }
    open func contains(_ p: CGPoint) -> Bool { layer.contains(p.point) }

    // MARK: Appearance

    open var opacity: Float { get { Float(layer.opacity) } set { layer.opacity = Double(newValue) } }
    open var isHidden: Bool { get { layer.isHidden } set { layer.isHidden = newValue } }
    open var masksToBounds: Bool { get { layer.masksToBounds } set { layer.masksToBounds = newValue } }
    open var mask: CALayer? {
        get { layer.mask.map(CALayer.wrap) }
        set {
            layer.mask?.facadeRetainer = nil
            newValue?.layer.facadeRetainer = newValue
            layer.mask = newValue?.layer
        }
    }
    open var backgroundColor: CGColor? {
        get { layer.backgroundColor.map(CGColor.init) } set { layer.backgroundColor = newValue?.color }
    }
    open var cornerRadius: CGFloat { get { CGFloat(layer.cornerRadius) } set { layer.cornerRadius = newValue.double } }
    open var maskedCorners: CACornerMask {
        get { CACornerMask(rawValue: layer.maskedCorners.rawValue) }
        set { layer.maskedCorners = CornerMask(rawValue: newValue.rawValue) }
    }
    /// Only circular corners are drawn; `.continuous` draws as `.circular`.
    open var cornerCurve: CALayerCornerCurve = .circular
    open var borderWidth: CGFloat { get { CGFloat(layer.borderWidth) } set { layer.borderWidth = newValue.double } }
    open var borderColor: CGColor? { get { layer.borderColor.map(CGColor.init) } set { layer.borderColor = newValue?.color } }
    open var shadowColor: CGColor? { get { layer.shadowColor.map(CGColor.init) } set { layer.shadowColor = newValue?.color } }
    open var shadowOpacity: Float { get { Float(layer.shadowOpacity) } set { layer.shadowOpacity = Double(newValue) } }
    open var shadowRadius: CGFloat { get { CGFloat(layer.shadowRadius) } set { layer.shadowRadius = newValue.double } }
    open var shadowOffset: CGSize { get { CGSize(layer.shadowOffset) } set { layer.shadowOffset = newValue.size } }
    open var shadowPath: CGPath? { get { layer.shadowPath.map(CGPath.init) } set { layer.shadowPath = newValue?.path } }
    open var isDoubleSided: Bool { get { layer.isDoubleSided } set { layer.isDoubleSided = newValue } }
    open var shouldRasterize: Bool { get { layer.shouldRasterize } set { layer.shouldRasterize = newValue } }
    open var rasterizationScale: CGFloat { get { CGFloat(layer.rasterizationScale) } set { layer.rasterizationScale = newValue.double } }
    open var isOpaque: Bool { get { layer.isOpaque } set { layer.isOpaque = newValue } }
    /// Edges are always antialiased.
    open var allowsEdgeAntialiasing = true
    open var allowsGroupOpacity = true
    /// Only normal compositing exists; filters are kept and not applied.
    open var compositingFilter: Any?
    open var filters: [Any]?
    open var backgroundFilters: [Any]?
    open var minificationFilter = "linear"
    open var magnificationFilter = "linear"

    // MARK: Contents

    /// A `CGImage` (or a `UIImage`'s `cgImage`); anything else shows nothing.
    open var contents: Any? {
        get { layer.contents.map(CGImage.init) }
        set { layer.contents = (newValue as? CGImage)?.image ?? (newValue as? ContentsImageConvertible)?.contentsImage?.image }
    }
    open var contentsGravity: CALayerContentsGravity {
        get { CALayerContentsGravity(rawValue: layer.contentsGravity.rawValue) } set { layer.contentsGravity = newValue.engine }
    }
    open var contentsRect: CGRect { get { CGRect(layer.contentsRect) } set { layer.contentsRect = newValue.rect } }
    open var contentsCenter: CGRect { get { CGRect(layer.contentsCenter) } set { layer.contentsCenter = newValue.rect } }
    open var contentsScale: CGFloat { get { CGFloat(layer.contentsScale) } set { layer.contentsScale = newValue.double } }

    // MARK: Display and layout

    open func setNeedsDisplay() { layer.setNeedsDisplay() }
    open func setNeedsDisplay(_ r: CGRect) { layer.setNeedsDisplay() }
    open func displayIfNeeded() { layer.displayIfNeeded() }
    open func needsDisplay() -> Bool { layer.needsDisplay() }
    open var needsDisplayOnBoundsChange: Bool {
        get { layer.needsDisplayOnBoundsChange } set { layer.needsDisplayOnBoundsChange = newValue }
    }
    /// Draws the layer's content: the default asks the delegate.
    open func display() { layer.display() }
    /// Draws into `ctx` (user space is the layer's bounds); the default asks the delegate.
    open func draw(in ctx: CGContext) { delegate?.draw(self, in: ctx) }
    open class func needsDisplay(forKey key: String) -> Bool { false }
    open func setNeedsLayout() { layer.setNeedsLayout() }
    open func needsLayout() -> Bool { layer.needsLayout() }
    open func layoutIfNeeded() { layer.layoutIfNeeded() }
    /// Lays out sublayers; the default asks the delegate.
    open func layoutSublayers() { delegate?.layoutSublayers(of: self) }
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

    open var beginTime: CFTimeInterval { get { layer.beginTime } set { layer.beginTime = newValue } }
    open var speed: Float { get { Float(layer.speed) } set { layer.speed = Double(newValue) } }
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
    open class func defaultAction(forKey event: String) -> (any CAAction)? { nil }
    open func action(forKey event: String) -> (any CAAction)? {
        if let a = delegate?.action(for: self, forKey: event) { return a }
        return actions?[event] ?? type(of: self).defaultAction(forKey: event)
    }

    // MARK: Key-value coding

    open func value(forKey key: String) -> Any? { value(forKeyPath: key) }
    open func value(forKeyPath keyPath: String) -> Any? {
        if let v = layer.value(forKeyPath: keyPath) { return facadeValue(v) }
        return keyedValues[keyPath]
    }
    open func setValue(_ value: Any?, forKey key: String) { setValue(value, forKeyPath: key) }
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        if layer.value(forKeyPath: keyPath) != nil { layer.setValue(engineValue(value), forKeyPath: keyPath) }
        else { keyedValues[keyPath] = value }
    }
    open class func defaultValue(forKey key: String) -> Any? { nil }
}

/// `CALayerCornerCurve`.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// Something `CALayer.contents` accepts besides a `CGImage` (UIKit's `UIImage`).
public protocol ContentsImageConvertible { var contentsImage: CGImage? { get } }
