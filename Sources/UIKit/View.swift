import Geometry
import RenderModel
import Layers
import Timeline
import UpdateLoop

/// `UIResponder`: the facade's responder chain follows the engine's (view, its controller,
/// the superview, ..., the window, the application).
@MainActor
open class UIResponder: NSObject, AssociatedStorage {
    public var associatedValues: [UnsafeRawPointer: Any] = [:]
    public override init() { super.init() }
    open var next: UIResponder? { nil }
    open var canBecomeFirstResponder: Bool { false }
    open var canResignFirstResponder: Bool { true }
    open var isFirstResponder: Bool { false }
    @discardableResult open func becomeFirstResponder() -> Bool { false }
    @discardableResult open func resignFirstResponder() -> Bool { true }
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesMoved(touches, with: event) }
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesCancelled(touches, with: event) }
    /// Whether `action` is implemented here: this object is of the class that declares the
    /// method the selector was made from.
    open func responds(to action: Selector) -> Bool { action.canPerform(on: self) }
    open func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool { responds(to: action) }
    open func target(forAction action: Selector, withSender sender: Any?) -> Any? {
        var r: UIResponder? = self
        while let x = r { if x.canPerformAction(action, withSender: sender) { return x }; r = x.next }
        return nil
    }
}

/// `UITouch`: a pointer contact, located in any view.
@MainActor
public final class UITouch: NSObject {
    public enum Phase: Int, Sendable { case began, moved, stationary, ended, cancelled }
    public private(set) var phase: Phase
    public let timestamp: TimeInterval
    public var tapCount: Int
    public weak var view: UIView?
    public var window: UIWindow? { view?.window }
    let windowPoint: Point
    let previousWindowPoint: Point
    init(phase: Phase, at p: Point, previous: Point, view: UIView?, timestamp: TimeInterval, tapCount: Int) {
        self.phase = phase; windowPoint = p; previousWindowPoint = previous; self.view = view
        self.timestamp = timestamp; self.tapCount = tapCount
    }
    public func location(in view: UIView?) -> CGPoint { CGPoint(view.map { $0.view.convert(windowPoint, from: nil) } ?? windowPoint) }
    public func previousLocation(in view: UIView?) -> CGPoint {
        CGPoint(view.map { $0.view.convert(previousWindowPoint, from: nil) } ?? previousWindowPoint)
    }
    public var force: CGFloat { 1 }
    public var maximumPossibleForce: CGFloat { 1 }
}

/// `UIEvent`: the touches of one input event.
@MainActor
public final class UIEvent: NSObject {
    public enum EventType: Int, Sendable { case touches, motion, remoteControl, presses }
    public let type: EventType = .touches
    public let timestamp: TimeInterval
    let touches: Set<UITouch>
    init(touches: Set<UITouch>, timestamp: TimeInterval) { self.touches = touches; self.timestamp = timestamp }
    public var allTouches: Set<UITouch>? { touches }
    public func touches(for view: UIView) -> Set<UITouch>? { touches.filter { $0.view === view } }
}

/// The engine view a `UIView` (or a subclass of yours) stands for: it sends layout, drawing,
/// sizing, hit testing and touches back to the facade object so your overrides run.
final class FacadeView: View {
    weak var owner: UIView?
    var lastPoint = Point.zero
    var taps = 0

    override func layoutSubviews() {
        super.layoutSubviews()
        owner?.layoutSubviewsFromEngine()
    }
    override func draw(_ rect: Rect, in canvas: Canvas) {
        guard let owner else { return }
        let ctx = CGContext(canvas: canvas)
        UIGraphicsPushContext(ctx)
        owner.draw(CGRect(rect))
        UIGraphicsPopContext()
    }
    override var intrinsicContentSize: Size { owner?.intrinsicContentSize.size ?? super.intrinsicContentSize }
    override func point(inside point: Point) -> Bool { owner?.point(inside: CGPoint(point), with: nil) ?? super.point(inside: point) }
    override func updateConstraints() {
        super.updateConstraints()
        owner?.updateConstraints()
    }
    override func didMoveToWindow() {
        super.didMoveToWindow()
        owner?.didMoveToWindow()
    }
    override func handle(_ event: InputEvent, at point: Point) -> Bool {
        guard let owner, owner.handlesTouchesItself else { return false }
        let windowPoint = convert(point, to: nil)
        let t = event.timestamp ?? 0
        let phase: UITouch.Phase
        switch event.kind {
        case .pointerDown: phase = .began; taps = max(1, event.clickCount)
        case .pointerMoved: phase = .moved
        case .pointerUp: phase = .ended
        case .pointerCancelled: phase = .cancelled
        default: return false
        }
        let touch = UITouch(phase: phase, at: windowPoint, previous: phase == .began ? windowPoint : lastPoint,
                            view: owner, timestamp: t, tapCount: taps)
        lastPoint = windowPoint
        let set: Set<UITouch> = [touch]
        let e = UIEvent(touches: set, timestamp: t)
        switch phase {
        case .began: owner.touchesBegan(set, with: e)
        case .moved: owner.touchesMoved(set, with: e)
        case .ended: owner.touchesEnded(set, with: e)
        default: owner.touchesCancelled(set, with: e)
        }
        return true
    }
}

/// `UIView`: a facade over one engine ``View`` (a ``FacadeView`` unless a UIKit subclass such as
/// `UILabel` stands for an engine control). Geometry, appearance, hierarchy, layout and
/// animation are the engine's; overrides of `layoutSubviews()`, `draw(_:)`,
/// `intrinsicContentSize`, `point(inside:with:)`, `updateConstraints()` and the touch methods
/// are called by the engine at the points UIKit calls them.
@MainActor
open class UIView: UIResponder {
    package let view: View
    private var layerFacade: CALayer?

    /// The class of the backing layer; `CAShapeLayer`, `CAGradientLayer`,
    /// `CAReplicatorLayer`, `CATextLayer` give the view a layer of that kind (its content fills
    /// the view's bounds).
    open class var layerClass: AnyClass { CALayer.self }

    /// The engine view the next `UIView.init(frame:)` takes (set by UIKit's own subclasses,
    /// which stand for engine controls); nil makes a ``FacadeView``.
    static var pendingEngineView: View?

    public init(frame: CGRect) {
        if let v = UIView.pendingEngineView {
            UIView.pendingEngineView = nil
            view = v
            if frame != .zero { v.frame = frame.rect }
        } else {
            view = FacadeView(frame: frame.rect)
        }
        super.init()
        adopt()
    }
    public convenience override init() { self.init(frame: .zero) }
    /// Views from archives (storyboards, nibs) do not exist here; this makes an empty view.
    public required init?(coder: NSCoder) {
        if let v = UIView.pendingEngineView { UIView.pendingEngineView = nil; view = v } else { view = FacadeView(frame: .zero) }
        super.init()
        adopt()
    }
    /// A facade for an engine view made elsewhere.
    package convenience init(engineView: View) {
        UIView.pendingEngineView = engineView
        self.init(frame: .zero)
    }
    private func adopt() {
        view.facade = self
        view.identifier = view.identifier ?? String(describing: type(of: self))
        if let f = view as? FacadeView { f.owner = self }
        if let f = view as? FacadeControl { f.owner = self }
        if let f = view as? FacadeLabel { f.owner = self as? UILabel }
    }

    /// The facade object for an engine view.
    package static func wrap(_ v: View) -> UIView {
        if let f = v.facade as? UIView { return f }
        return UIView(engineView: v)
    }

    // MARK: Hierarchy

    open var superview: UIView? { view.superview.map(UIView.wrap) }
    open var subviews: [UIView] { view.subviews.map(UIView.wrap) }
    open var window: UIWindow? {
        var v: View? = view
        while let x = v { if let w = x.facade as? UIWindow { return w }; v = x.superview }
        return nil
    }
    open func addSubview(_ child: UIView) {
        let old = child.superview
        child.view.facadeRetainer = child
        view.addSubview(child.view)
        if old !== self { child.didMoveToSuperview(); didAddSubview(child) }
    }
    open func insertSubview(_ child: UIView, at index: Int) {
        child.view.facadeRetainer = child
        view.insertSubview(child.view, at: min(max(0, index), view.subviews.count))
        child.didMoveToSuperview(); didAddSubview(child)
    }
    open func insertSubview(_ child: UIView, aboveSubview sibling: UIView) {
        child.view.facadeRetainer = child
        view.insertSubview(child.view, aboveSubview: sibling.view)
        child.didMoveToSuperview(); didAddSubview(child)
    }
    open func insertSubview(_ child: UIView, belowSubview sibling: UIView) {
        child.view.facadeRetainer = child
        view.insertSubview(child.view, belowSubview: sibling.view)
        child.didMoveToSuperview(); didAddSubview(child)
    }
    open func bringSubviewToFront(_ child: UIView) {
        guard child.view.superview === view else { return }
        view.insertSubview(child.view, at: view.subviews.count)
    }
    open func sendSubviewToBack(_ child: UIView) {
        guard child.view.superview === view else { return }
        view.insertSubview(child.view, at: 0)
    }
    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        let s = view.subviews
        guard s.indices.contains(index1), s.indices.contains(index2), index1 != index2 else { return }
        let a = s[index1], b = s[index2]
        view.insertSubview(a, at: index2)
        view.insertSubview(b, at: index1)
    }
    open func removeFromSuperview() {
        guard view.superview != nil else { return }
        superview?.willRemoveSubview(self)
        view.removeFromSuperview()
        view.facadeRetainer = nil
        didMoveToSuperview()
    }
    open func isDescendant(of other: UIView) -> Bool { view.isDescendant(of: other.view) }
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for s in subviews { if let v = s.viewWithTag(tag) { return v } }
        return nil
    }
    open var tag = 0
    open func didAddSubview(_ subview: UIView) {}
    open func willRemoveSubview(_ subview: UIView) {}
    open func willMove(toSuperview newSuperview: UIView?) {}
    open func didMoveToSuperview() {}
    open func willMove(toWindow newWindow: UIWindow?) {}
    open func didMoveToWindow() {}

    open override var next: UIResponder? {
        if let vc = (view.viewController as? FacadeViewController)?.owner { return vc }
        return superview
    }

    // MARK: Geometry

    open var frame: CGRect { get { CGRect(view.frame) } set { view.frame = newValue.rect } }
    open var bounds: CGRect { get { CGRect(view.bounds) } set { view.bounds = newValue.rect } }
    open var center: CGPoint { get { CGPoint(view.center) } set { view.center = newValue.point } }
    open var transform: CGAffineTransform { get { CGAffineTransform(view.transform) } set { view.transform = newValue.affine } }
    open var transform3D: CATransform3D { get { layer.transform } set { layer.transform = newValue } }
    open var contentScaleFactor: CGFloat = 1
    open var autoresizingMask: AutoresizingMask {
        get { AutoresizingMask(rawValue: UInt(view.autoresizingMask.rawValue)) }
        set { view.autoresizingMask = Timeline.AutoresizingMask(rawValue: Int(newValue.rawValue)) }
    }
    open var autoresizesSubviews = true

    public func convert(_ p: CGPoint, to other: UIView?) -> CGPoint { CGPoint(view.convert(p.point, to: other?.view)) }
    public func convert(_ p: CGPoint, from other: UIView?) -> CGPoint { CGPoint(view.convert(p.point, from: other?.view)) }
    public func convert(_ r: CGRect, to other: UIView?) -> CGRect {
        let a = convert(CGPoint(x: r.minX, y: r.minY), to: other), b = convert(CGPoint(x: r.maxX, y: r.maxY), to: other)
        return CGRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }
    public func convert(_ r: CGRect, from other: UIView?) -> CGRect {
        let a = convert(CGPoint(x: r.minX, y: r.minY), from: other), b = convert(CGPoint(x: r.maxX, y: r.maxY), from: other)
        return CGRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }

    // MARK: Appearance

    open var backgroundColor: UIColor? {
        get { view.backgroundColor.alpha == 0 && !hasBackground ? nil : UIColor(view.backgroundColor) }
        set { hasBackground = newValue != nil; view.backgroundColor = newValue?.color ?? .clear }
    }
    private var hasBackground = false
    open var alpha: CGFloat { get { CGFloat(view.alpha) } set { view.alpha = newValue.double } }
    open var isHidden: Bool { get { view.isHidden } set { view.isHidden = newValue } }
    open var isOpaque = true
    open var clipsToBounds: Bool { get { view.clipsToBounds } set { view.clipsToBounds = newValue } }
    open var tintColor: UIColor! {
        get { ownTint ?? superview?.tintColor ?? .systemBlue }
        set { ownTint = newValue; tintColorDidChange() }
    }
    private var ownTint: UIColor?
    open var tintAdjustmentMode: TintAdjustmentMode = .automatic
    public enum TintAdjustmentMode: Int, Sendable { case automatic, normal, dimmed }
    open func tintColorDidChange() {}
    open var isUserInteractionEnabled: Bool {
        get { view.isUserInteractionEnabled } set { view.isUserInteractionEnabled = newValue }
    }
    open var isMultipleTouchEnabled = false
    open var isExclusiveTouch = false
    open var contentMode: ContentMode {
        get { ContentMode(rawValue: contentModeRaw) ?? .scaleToFill }
        set { contentModeRaw = newValue.rawValue; view.contentMode = newValue.engine }
    }
    private var contentModeRaw = 0
    open var accessibilityIdentifier: String? { get { view.identifier } set { view.identifier = newValue } }
    open var accessibilityLabel: String?
    open var isAccessibilityElement = false
    open var traitCollection: UITraitCollection { .current }
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
    open var semanticContentAttribute: UISemanticContentAttribute = .unspecified
    open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }

    /// The backing layer, of ``layerClass``'s kind.
    open var layer: CALayer {
        if let l = layerFacade { return l }
        let base = view.layer
        let cls = type(of: self).layerClass
        let l: CALayer
        if cls is CAShapeLayer.Type {
            let s = ShapeLayer(); base.insertSublayer(s, at: 0); contentLayer = s
            l = CAShapeLayer(base: base, content: s)
        } else if cls is CAGradientLayer.Type {
            let g = GradientLayer(); base.insertSublayer(g, at: 0); contentLayer = g
            l = CAGradientLayer(base: base, content: g)
        } else {
            l = CALayer.wrap(base)
        }
        l.delegate = self
        layerFacade = l
        syncContentLayer()
        return l
    }
    /// The sublayer that holds a special ``layerClass``'s content, kept the size of the bounds.
    private var contentLayer: Layer?
    func syncContentLayer() {
        guard let c = contentLayer else { return }
        Transaction.begin(); Transaction.setDisableActions(true)
        c.frame = view.bounds
        c.cornerRadius = view.layer.cornerRadius
        Transaction.commit()
    }

    // MARK: Layout

    open func setNeedsLayout() { view.setNeedsLayout() }
    open func layoutIfNeeded() { view.layoutIfNeeded() }
    /// Override to place subviews; the default applies constraints (call `super`).
    open func layoutSubviews() {}
    func layoutSubviewsFromEngine() {
        syncContentLayer()
        layoutSubviews()
    }
    open func sizeThatFits(_ size: CGSize) -> CGSize {
        let s = intrinsicContentSize
        return CGSize(width: s.width < 0 ? bounds.width : s.width, height: s.height < 0 ? bounds.height : s.height)
    }
    open func sizeToFit() {
        let s = sizeThatFits(bounds.size)
        frame = CGRect(origin: frame.origin, size: s)
    }
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    public static let noIntrinsicMetric: CGFloat = -1
    public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
    public static let layoutFittingExpandedSize = CGSize(width: 10_000, height: 10_000)
    open func invalidateIntrinsicContentSize() { view.invalidateIntrinsicContentSize() }
    open func systemLayoutSizeFitting(_ target: CGSize) -> CGSize { sizeThatFits(target) }
    open func systemLayoutSizeFitting(_ target: CGSize, withHorizontalFittingPriority h: UILayoutPriority,
                                      verticalFittingPriority v: UILayoutPriority) -> CGSize { sizeThatFits(target) }
    open func setNeedsUpdateConstraints() { view.setNeedsUpdateConstraints() }
    open func updateConstraintsIfNeeded() { view.updateConstraintsIfNeeded() }
    /// Override to update constraints; call `super` last.
    open func updateConstraints() {}
    open var translatesAutoresizingMaskIntoConstraints: Bool {
        get { view.translatesAutoresizingMaskIntoConstraints } set { view.translatesAutoresizingMaskIntoConstraints = newValue }
    }
    open var safeAreaInsets: UIEdgeInsets { UIEdgeInsets(view.safeAreaInsets) }
    open func safeAreaInsetsDidChange() {}
    open var layoutMargins: UIEdgeInsets {
        get {
            let m = view.directionalLayoutMargins
            return UIEdgeInsets(top: CGFloat(m.top), left: CGFloat(m.leading), bottom: CGFloat(m.bottom), right: CGFloat(m.trailing))
        }
        set {
            view.directionalLayoutMargins = DirectionalEdgeInsets(top: newValue.top.double, leading: newValue.left.double,
                                                                  bottom: newValue.bottom.double, trailing: newValue.right.double)
        }
    }
    open var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get {
            let m = view.directionalLayoutMargins
            return NSDirectionalEdgeInsets(top: CGFloat(m.top), leading: CGFloat(m.leading), bottom: CGFloat(m.bottom), trailing: CGFloat(m.trailing))
        }
        set {
            view.directionalLayoutMargins = DirectionalEdgeInsets(top: newValue.top.double, leading: newValue.leading.double,
                                                                  bottom: newValue.bottom.double, trailing: newValue.trailing.double)
        }
    }
    open var preservesSuperviewLayoutMargins = false
    open var insetsLayoutMarginsFromSafeArea = true
    open func layoutMarginsDidChange() {}

    // MARK: Drawing

    open func setNeedsDisplay() { view.setNeedsDisplay() }
    open func setNeedsDisplay(_ rect: CGRect) { view.setNeedsDisplay(rect.rect) }
    /// Override to draw with UIBezierPath or `UIGraphicsGetCurrentContext()`.
    open func draw(_ rect: CGRect) {}

    // MARK: Hit testing and touches

    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { bounds.contains(point) }
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        view.hitTest(point.point).map(UIView.wrap)
    }
    /// Whether a subclass overrides the touch methods (then the engine's pointer events come
    /// to them); decided once per class.
    lazy var handlesTouchesItself: Bool = !(self is UIControl)

    // MARK: Gesture recognizers

    open var gestureRecognizers: [UIGestureRecognizer]? {
        get { recognizers.isEmpty ? nil : recognizers }
        set { recognizers.forEach(removeGestureRecognizer); newValue?.forEach(addGestureRecognizer) }
    }
    private var recognizers: [UIGestureRecognizer] = []
    open func addGestureRecognizer(_ g: UIGestureRecognizer) {
        recognizers.append(g)
        g.attachedView = self
        view.addGestureRecognizer(g.recognizer)
    }
    open func removeGestureRecognizer(_ g: UIGestureRecognizer) {
        recognizers.removeAll { $0 === g }
        view.removeGestureRecognizer(g.recognizer)
        g.attachedView = nil
    }
    open func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool { true }

    // MARK: Snapshots, effects

    open func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? { nil }
    open var motionEffects: [Any] = []
    public struct AutoresizingMask: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1)
        public static let flexibleWidth = AutoresizingMask(rawValue: 2)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 4)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 8)
        public static let flexibleHeight = AutoresizingMask(rawValue: 16)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 32)
    }
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right, topLeft, topRight,
             bottomLeft, bottomRight
        var engine: Timeline.ContentMode {
            switch self {
            case .scaleToFill: .scaleToFill
            case .scaleAspectFit: .scaleAspectFit
            case .scaleAspectFill: .scaleAspectFill
            case .redraw: .redraw
            case .center: .center
            case .top: .top
            case .bottom: .bottom
            case .left: .left
            case .right: .right
            case .topLeft: .topLeft
            case .topRight: .topRight
            case .bottomLeft: .bottomLeft
            case .bottomRight: .bottomRight
            }
        }
    }
}

extension UIView: CALayerDelegate {
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
}

public enum UISemanticContentAttribute: Int, Sendable { case unspecified, playback, spatial, forceLeftToRight, forceRightToLeft }
public enum UIUserInterfaceLayoutDirection: Int, Sendable { case leftToRight, rightToLeft }

// MARK: - Graphics context

/// The contexts `draw(_:)` and `UIGraphicsImageRenderer` push, innermost last. Held by the
/// facade's drawing, which runs on the main actor only.
@MainActor
enum GraphicsContextStack {
    static var contexts: [CGContext] = []
}
@MainActor public func UIGraphicsGetCurrentContext() -> CGContext? { GraphicsContextStack.contexts.last }
@MainActor public func UIGraphicsPushContext(_ ctx: CGContext) { GraphicsContextStack.contexts.append(ctx) }
@MainActor public func UIGraphicsPopContext() { _ = GraphicsContextStack.contexts.popLast() }
