import Geometry
import RenderModel
import Layers
import Timeline
import UpdateLoop

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
    override func updateProperties() { owner?.updateProperties() }
    override func draw(_ rect: Rect, in canvas: Canvas) {
        guard let owner else { return }
        let ctx = CGContext(canvas: canvas)
        UIGraphicsPushContext(ctx)
        owner.draw(CGRect(rect))
        UIGraphicsPopContext()
    }
    override var intrinsicContentSize: Size { owner?.intrinsicContentSize.size ?? super.intrinsicContentSize }
    override func point(inside point: Point) -> Bool { owner?.point(inside: CGPoint(point), with: nil) ?? super.point(inside: point) }
    override var canBecomeFirstResponder: Bool { owner?.canBecomeFirstResponder ?? false }
    override func keyEvent(_ event: InputEvent) -> Bool {
        if let owner, owner.performKeyCommand(for: event) { return true }
        return super.keyEvent(event)
    }
    override func updateConstraints() {
        super.updateConstraints()
        owner?.updateConstraints()
    }
    override func didMoveToWindow() {
        super.didMoveToWindow()
        owner?.didMoveToWindow()
    }
    override func traitCollectionDidChange(_ previous: TraitCollection?) {
        super.traitCollectionDidChange(previous)
        owner?.traitCollectionDidChange(UITraitCollection.current.with(style: previous?.userInterfaceStyle ?? .light))
    }
    override func handle(_ event: InputEvent, at point: Point) -> Bool {
        guard let owner, let (phase, touches, e) = touchState.translate(event, at: convert(point, to: nil), view: owner)
        else { return false }
        if owner.deliverTouches(phase, touches, e) { return true }
        // The root view of a controller offers the touches to the controller next.
        if let vc = owner.next as? UIViewController, vc.deliverTouches(phase, touches, e) { return true }
        return false
    }
    var touchState = TouchState()
    /// The engine's answer of the default `UIView.hitTest(_:with:)` while this view's hit test
    /// runs. An engine view with no facade object (a bar button item's button) answers as its
    /// nearest facade ancestor in UIKit's terms; the engine still delivers to the view it hit.
    weak var engineHit: View?
    override func hitTest(_ point: Point) -> View? {
        guard let owner else { return super.hitTest(point) }
        engineHit = nil
        defer { engineHit = nil }
        let answer = owner.hitTest(CGPoint(point), with: nil)
        if let deep = engineHit, let answer, UIView.nearestFacade(deep) === answer { return deep }
        return answer?.view
    }
    /// The engine's own hit test (what `UIView.hitTest(_:with:)` does by default).
    func engineHitTest(_ point: Point) -> View? { super.hitTest(point) }
}

/// Turns the engine's pointer events on one view into UIKit touches: the phase, the tap count
/// and the previous location; moves without a press (hovers) are not touches.
struct TouchState {
    var lastPoint = Point.zero
    var taps = 0
    var pressed = false

    @MainActor
    mutating func translate(_ event: InputEvent, at windowPoint: Point, view: UIView) -> (UITouch.Phase, Set<UITouch>, UIEvent)? {
        let phase: UITouch.Phase
        switch event.kind {
        case .pointerDown: phase = .began; taps = max(1, event.clickCount); pressed = true
        case .pointerMoved where pressed: phase = .moved
        case .pointerUp where pressed: phase = .ended; pressed = false
        case .pointerCancelled where pressed: phase = .cancelled; pressed = false
        default: return nil
        }
        let t = event.timestamp ?? 0
        let touch = UITouch(phase: phase, at: windowPoint, previous: phase == .began ? windowPoint : lastPoint,
                            view: view, timestamp: t, tapCount: taps)
        lastPoint = windowPoint
        let touches: Set<UITouch> = [touch]
        return (phase, touches, UIEvent(touches: touches, timestamp: t))
    }
}

/// How UIKit's own subclasses hand their engine view to ``UIView/init(coder:)`` (and containers
/// their engine controller to ``UIViewController/init(coder:)``): the object, whether the facade
/// made it (then it is named after the class and follows UIKit's rule for views made in code)
/// and the frame asked for. Nothing is decoded.
final class EngineViewCoder: NSCoder, @unchecked Sendable {
    let view: View?
    let controller: ViewController?
    let isNew: Bool
    let frame: Rect?
    init(_ view: View, isNew: Bool = true, frame: CGRect? = nil) {
        self.view = view; controller = nil; self.isNew = isNew; self.frame = frame?.rect
    }
    init(controller: ViewController) { view = nil; self.controller = controller; isNew = true; frame = nil }
    /// `coder` if it carries a view, else a coder carrying the view `make` gives: what an
    /// initialiser of a UIKit subclass passes up, so a subclass's own view wins over its superclass's.
    static func carrying(_ coder: NSCoder, or make: () -> View) -> EngineViewCoder {
        if let c = coder as? EngineViewCoder, c.view != nil { return c }
        return EngineViewCoder(make())
    }
    /// `coder` if it carries a controller, else a coder carrying the controller `make` gives.
    static func carrying(controller coder: NSCoder, or make: () -> ViewController) -> EngineViewCoder {
        if let c = coder as? EngineViewCoder, c.controller != nil { return c }
        return EngineViewCoder(controller: make())
    }
}

/// `UIView`: a facade over one engine `View` (a `FacadeView` unless a UIKit subclass such as
/// `UILabel` stands for an engine control). Geometry, appearance, hierarchy, layout and
/// animation are the engine's; overrides of `layoutSubviews()`, `draw(_:)`,
/// `intrinsicContentSize`, `point(inside:with:)`, `updateConstraints()` and the touch methods
/// are called by the engine at the points UIKit calls them.
@preconcurrency @MainActor
open class UIView: UIResponder {
    package let view: View
    private var layerFacade: CALayer?
    /// Whether this is a class's appearance proxy, and what has been set on it (or, on a view,
    /// set directly, so its proxy's value does not apply).
    var isAppearanceProxy = false
    var recordedAppearance: Set<AppearanceProperty> = []

    /// The class of the backing layer; `CAShapeLayer`, `CAGradientLayer`,
    /// `CAReplicatorLayer`, `CATextLayer` give the view a layer of that kind (its content fills
    /// the view's bounds).
    open class var layerClass: AnyClass { CALayer.self }

    /// `UIView(frame:)`: a view over a new engine view at `frame` (points in the superview).
    public init(frame: CGRect) {
        view = FacadeView(frame: frame.rect)
        super.init()
        adopt(naming: true)
    }
    public convenience override init() { self.init(frame: .zero) }
    /// Views from archives (storyboards, nibs) do not exist here; this makes an empty view.
    /// UIKit's own subclasses reach it with an `EngineViewCoder`, which carries the engine
    /// view they stand for (the facade's initialisers hand views over through arguments only).
    public required init?(coder: NSCoder) {
        let given = coder as? EngineViewCoder
        view = given?.view ?? FacadeView(frame: .zero)
        if let f = given?.frame, f != .zero { view.frame = f }
        super.init()
        adopt(naming: given?.isNew ?? true)
    }
    /// A facade for an engine view made elsewhere (its identifier is left as it is).
    package convenience init(engineView: View) {
        self.init(coder: EngineViewCoder(engineView, isNew: false))!
    }
    /// Makes this object the engine view's facade and the object its overrides come back to.
    /// A view the facade made is named after the class, for traces, and follows UIKit's rule
    /// for views made in code: its frame is set by hand until it opts into Auto Layout (the
    /// engine's initialisers without a frame start in Auto Layout).
    private func adopt(naming isNew: Bool) {
        view.facade = self
        if isNew {
            if view.identifier == nil { view.identifier = String(describing: type(of: self)) }
            view.translatesAutoresizingMaskIntoConstraints = true
        }
        if let f = view as? FacadeView { f.owner = self }
        if let f = view as? FacadeControl { f.owner = self as? UIControl }
        if let f = view as? FacadeButton { f.owner = self as? UIControl }
        if let f = view as? FacadeSwitch { f.owner = self as? UISwitch }
        if let f = view as? FacadeLabel { f.owner = self as? UILabel }
        if let f = view as? FacadeScrollView { f.owner = self as? UIScrollView }
        if let f = view as? FacadeTableCell { f.owner = self as? UITableViewCell }
        if let f = view as? FacadeCollectionCell { f.owner = self as? UICollectionViewCell }
    }

    /// The facade object for an engine view (made, without a name, for one it has not seen).
    package static func wrap(_ v: View) -> UIView {
        if let f = v.facade as? UIView { return f }
        // An engine control (a tab bar's button) is a control to UIKit code that looks for one.
        if let c = v as? Control { return UIControl(coder: EngineViewCoder(c, isNew: false))! }
        return UIView(engineView: v)
    }
    /// The facade of `v` or of its nearest ancestor that has one: what a hit test returns, so
    /// an engine control's inner views (a button's title) count as the control, and nothing
    /// is made on the hover path.
    static func nearestFacade(_ v: View?) -> UIView? {
        var c = v
        while let x = c { if let f = x.facade as? UIView { return f }; c = x.superview }
        return nil
    }

    // MARK: First responder

    /// The engine's: a text field or another engine control that takes keys can; a view of
    /// yours can when it overrides this.
    open override var canBecomeFirstResponder: Bool { view is FacadeView ? false : view.canBecomeFirstResponder }
    open override var isFirstResponder: Bool { view.isFirstResponder }
    @discardableResult open override func becomeFirstResponder() -> Bool { view.becomeFirstResponder() }
    @discardableResult open override func resignFirstResponder() -> Bool { view.resignFirstResponder() }
    /// Ends editing in this view's subtree (the engine's `View/endEditing(_:)`).
    @discardableResult open func endEditing(_ force: Bool) -> Bool { view.endEditing(force) }

    // MARK: Hierarchy

    /// `UIView.superview`: the engine view's superview, as its facade.
    open var superview: UIView? { view.superview.map(UIView.wrap) }
    /// `UIView.subviews`: the engine view's subviews, as their facades, back to front.
    open var subviews: [UIView] { view.subviews.map(UIView.wrap) }
    /// The window the view is in (through the engine's window: a root view controller's view
    /// replaces the engine window's root view, so the tree alone does not reach the `UIWindow`).
    open var window: UIWindow? {
        if let w = view.window?.facade as? UIWindow { return w }
        var v: View? = view
        while let x = v { if let w = x.facade as? UIWindow { return w }; v = x.superview }
        return nil
    }
    /// `UIView.addSubview(_:)`: the engine view's `addSubview(_:)`, with UIKit's move callbacks.
    open func addSubview(_ child: UIView) { insert(child) { view.addSubview(child.view) } }
    /// `UIView.insertSubview(_:at:)`: the engine view's `insertSubview(_:at:)` (the index clamped).
    open func insertSubview(_ child: UIView, at index: Int) {
        insert(child) { view.insertSubview(child.view, at: min(max(0, index), view.subviews.count)) }
    }
    /// `UIView.insertSubview(_:aboveSubview:)`: the engine view's `insertSubview(_:aboveSubview:)`.
    open func insertSubview(_ child: UIView, aboveSubview sibling: UIView) {
        insert(child) { view.insertSubview(child.view, aboveSubview: sibling.view) }
    }
    /// `UIView.insertSubview(_:belowSubview:)`: the engine view's `insertSubview(_:belowSubview:)`.
    open func insertSubview(_ child: UIView, belowSubview sibling: UIView) {
        insert(child) { view.insertSubview(child.view, belowSubview: sibling.view) }
    }
    /// Inserts `child` with `body` (an engine insertion), telling it and this view as UIKit does
    /// when it comes from elsewhere; the tree keeps the facade object alive from then on.
    private func insert(_ child: UIView, _ body: () -> Void) {
        let moving = child.view.superview !== view
        if moving { child.willMove(toSuperview: self) }
        child.view.facadeRetainer = child
        body()
        if moving { child.didMoveToSuperview(); didAddSubview(child) }
    }
    /// `UIView.bringSubviewToFront(_:)`: moves a subview to the end of the engine view's subviews.
    open func bringSubviewToFront(_ child: UIView) {
        guard child.view.superview === view else { return }
        view.insertSubview(child.view, at: view.subviews.count)
    }
    /// `UIView.sendSubviewToBack(_:)`: moves a subview to the start of the engine view's subviews.
    open func sendSubviewToBack(_ child: UIView) {
        guard child.view.superview === view else { return }
        view.insertSubview(child.view, at: 0)
    }
    /// `UIView.exchangeSubview(at:withSubviewAt:)`: swaps two subviews' places; nothing for a bad index.
    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        let s = view.subviews
        guard s.indices.contains(index1), s.indices.contains(index2), index1 != index2 else { return }
        let a = s[index1], b = s[index2]
        view.insertSubview(a, at: index2)
        view.insertSubview(b, at: index1)
    }
    /// `UIView.removeFromSuperview()`: the engine view's `removeFromSuperview()`, with UIKit's callbacks.
    open func removeFromSuperview() {
        guard view.superview != nil else { return }
        superview?.willRemoveSubview(self)
        willMove(toSuperview: nil)
        view.removeFromSuperview()
        view.facadeRetainer = nil
        didMoveToSuperview()
    }
    /// `UIView.isDescendant(of:)`: the engine view's `isDescendant(of:)`.
    open func isDescendant(of other: UIView) -> Bool { view.isDescendant(of: other.view) }
    /// `UIView.viewWithTag(_:)`: this view or the first subview, depth first, whose `tag` is `tag`.
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for s in subviews { if let v = s.viewWithTag(tag) { return v } }
        return nil
    }
    /// `UIView.tag`: an integer to find the view by with `viewWithTag(_:)` (facade only).
    open var tag = 0
    /// `UIView.didAddSubview(_:)`: called after a subview is added. Does nothing.
    open func didAddSubview(_ subview: UIView) {}
    /// `UIView.willRemoveSubview(_:)`: called before a subview is removed. Does nothing.
    open func willRemoveSubview(_ subview: UIView) {}
    /// `UIView.willMove(toSuperview:)`: called before the view moves to a new superview. Does nothing.
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// `UIView.didMoveToSuperview()`: called after the view moved to a new superview. Does nothing.
    open func didMoveToSuperview() {}
    /// `UIView.willMove(toWindow:)`: accepted, but nothing calls it here (only `didMoveToWindow()` is
    /// called).
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// `UIView.didMoveToWindow()`: called by the engine view's `didMoveToWindow()`. Does nothing.
    open func didMoveToWindow() {}

    open override var next: UIResponder? {
        if let vc = (view.viewController as? FacadeViewController)?.owner { return vc }
        return superview
    }

    // MARK: Geometry

    /// `UIView.frame`: the engine view's `frame`, in the superview's points.
    open var frame: CGRect { get { CGRect(view.frame) } set { view.frame = newValue.rect } }
    /// `UIView.bounds`: the engine view's `bounds`, in its own points.
    open var bounds: CGRect { get { CGRect(view.bounds) } set { view.bounds = newValue.rect } }
    /// `UIView.center`: the engine view's `center`, in the superview's points.
    open var center: CGPoint { get { CGPoint(view.center) } set { view.center = newValue.point } }
    /// `UIView.transform`: the engine view's affine `transform`, about its center.
    open var transform: CGAffineTransform { get { CGAffineTransform(view.transform) } set { view.transform = newValue.affine } }
    /// `UIView.transform3D`: the layer's `transform`.
    open var transform3D: CATransform3D { get { layer.transform } set { layer.transform = newValue } }
    /// `UIView.contentScaleFactor`: stored only; the engine draws at the window's scale.
    open var contentScaleFactor: CGFloat = 1
    /// `UIView.autoresizingMask`: the engine view's `autoresizingMask`.
    open var autoresizingMask: AutoresizingMask {
        get { AutoresizingMask(rawValue: UInt(view.autoresizingMask.rawValue)) }
        set { view.autoresizingMask = Timeline.AutoresizingMask(rawValue: Int(newValue.rawValue)) }
    }
    /// `UIView.autoresizesSubviews`: stored only; the engine view does not read it.
    open var autoresizesSubviews = true

    /// `UIView.convert(_:to:)`: the engine view's point conversion (nil: the window).
    public func convert(_ p: CGPoint, to other: UIView?) -> CGPoint { CGPoint(view.convert(p.point, to: other?.view)) }
    /// `UIView.convert(_:from:)`: the engine view's point conversion (nil: the window).
    public func convert(_ p: CGPoint, from other: UIView?) -> CGPoint { CGPoint(view.convert(p.point, from: other?.view)) }
    /// `UIView.convert(_:to:)` for a rectangle: its corners converted, as an axis-aligned rectangle.
    public func convert(_ r: CGRect, to other: UIView?) -> CGRect {
        let a = convert(CGPoint(x: r.minX, y: r.minY), to: other), b = convert(CGPoint(x: r.maxX, y: r.maxY), to: other)
        return CGRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }
    /// `UIView.convert(_:from:)` for a rectangle: its corners converted, as an axis-aligned rectangle.
    public func convert(_ r: CGRect, from other: UIView?) -> CGRect {
        let a = convert(CGPoint(x: r.minX, y: r.minY), from: other), b = convert(CGPoint(x: r.maxX, y: r.maxY), from: other)
        return CGRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }

    // MARK: Appearance

    /// `UIView.backgroundColor`: the engine view's `backgroundColor` (a dynamic colour follows the
    /// style); nil clears it.
    open var backgroundColor: UIColor? {
        get { view.backgroundColor.alpha == 0 && !hasBackground ? nil : UIColor(view.backgroundColor) }
        set {
            hasBackground = newValue != nil
            if let dynamic = newValue?.engineDynamic { view.dynamicBackgroundColor = dynamic } else { view.backgroundColor = newValue?.color ?? .clear }
        }
    }
    private var hasBackground = false
    /// `UIView.alpha`: the engine view's `alpha` (0...1), animatable.
    open var alpha: CGFloat { get { CGFloat(view.alpha) } set { view.alpha = newValue.double } }
    /// `UIView.isHidden`: the engine view's `isHidden`.
    open var isHidden: Bool { get { view.isHidden } set { view.isHidden = newValue } }
    /// `UIView.isOpaque`: stored only; the engine does not use it to skip drawing.
    open var isOpaque = true
    /// `UIView.clipsToBounds`: the engine view's `clipsToBounds`.
    open var clipsToBounds: Bool { get { view.clipsToBounds } set { view.clipsToBounds = newValue } }
    /// A view whose alpha masks this one and its subviews: what its layer draws (background,
    /// corners, an image view's image, a gradient layer) is the coverage (the engine's
    /// `View/mask`). Partial: the mask view's subviews and `draw(_:)` content do not mask, and
    /// animation blocks do not animate it.
    open var mask: UIView? {
        get { maskFacade }
        set {
            view.mask = newValue?.view
            maskFacade = view.mask === newValue?.view ? newValue : maskFacade
        }
    }
    private var maskFacade: UIView?
    /// The engine view's tint, inherited through the engine's tree (so engine controls and
    /// template images under this view take it too); unset anywhere above, the system blue.
    open var tintColor: UIColor! {
        get { ownTint ?? superview?.tintColor ?? (view.tintColor != View.systemTint ? UIColor(view.tintColor) : .systemBlue) }
        set {
            ownTint = newValue
            if let dynamic = newValue?.engineDynamic { view.dynamicTintColor = dynamic } else { view.tintColor = newValue?.color }
            tintColorDidChange()
        }
    }
    private var ownTint: UIColor?
    /// `UIView.tintAdjustmentMode`: stored only; tints are not dimmed here.
    open var tintAdjustmentMode: TintAdjustmentMode = .automatic
    /// `UIView.TintAdjustmentMode`: whether a tint is dimmed; stored only here.
    public enum TintAdjustmentMode: Int, Sendable { case automatic, normal, dimmed }
    /// `UIView.tintColorDidChange()`: called when `tintColor` is set on this view. Does nothing.
    open func tintColorDidChange() {}
    /// `UIView.isUserInteractionEnabled`: the engine view's `isUserInteractionEnabled`.
    open var isUserInteractionEnabled: Bool {
        get { view.isUserInteractionEnabled } set { view.isUserInteractionEnabled = newValue }
    }
    /// The interactions added with `addInteraction(_:)`: the engine view's list (`View.interactions`),
    /// where each facade interaction is carried by an engine interaction that forwards its moves.
    public var interactions: [any UIInteraction] {
        view.interactions.compactMap { ($0 as? FacadeInteraction)?.facade }
    }
    /// `UIView.isMultipleTouchEnabled`: stored only; the pointer gives one touch at a time.
    open var isMultipleTouchEnabled = false
    /// `UIView.isExclusiveTouch`: stored only.
    open var isExclusiveTouch = false
    /// `UIView.contentMode`: the engine view's `contentMode`.
    open var contentMode: ContentMode {
        get { ContentMode(rawValue: Timeline.ContentMode.allCases.firstIndex(of: view.contentMode) ?? 0) ?? .scaleToFill }
        set { view.contentMode = newValue.engine }
    }
    /// `UIView.accessibilityIdentifier`: the engine view's `identifier`.
    open var accessibilityIdentifier: String? { get { view.identifier } set { view.identifier = newValue } }
    // The accessibility properties are the engine view's (AX1; Accessibility.swift): UIKit's
    // defaults per control come from the engine, and what is set here is what a bridge reads.
    /// `UIView.accessibilityLabel`: the engine view's `accessibilityLabel`.
    open var accessibilityLabel: String? { get { view.accessibilityLabel } set { view.accessibilityLabel = newValue } }
    /// `UIView.accessibilityValue`: the engine view's `accessibilityValue`.
    open var accessibilityValue: String? { get { view.accessibilityValue } set { view.accessibilityValue = newValue } }
    /// `UIView.accessibilityHint`: the engine view's `accessibilityHint`.
    open var accessibilityHint: String? { get { view.accessibilityHint } set { view.accessibilityHint = newValue } }
    /// `UIView.accessibilityTraits`: the engine view's `accessibilityTraits`.
    open var accessibilityTraits: UIAccessibilityTraits { get { view.accessibilityTraits } set { view.accessibilityTraits = newValue } }
    /// `UIView.isAccessibilityElement`: the engine view's `isAccessibilityElement`.
    open var isAccessibilityElement: Bool { get { view.isAccessibilityElement } set { view.isAccessibilityElement = newValue } }
    /// UIViews and UIAccessibilityElements, each standing for its engine object.
    open var accessibilityElements: [Any]? {
        get { accessibilityElementsSet }
        set {
            accessibilityElementsSet = newValue
            view.accessibilityElements = newValue?.compactMap(UIView.engineAccessibilityObject)
        }
    }
    private var accessibilityElementsSet: [Any]?
    /// `UIView.shouldGroupAccessibilityChildren`: stored only; the engine does not read it.
    open var shouldGroupAccessibilityChildren = false
    /// `UIView.accessibilityViewIsModal`: the engine view's `accessibilityViewIsModal`.
    open var accessibilityViewIsModal: Bool { get { view.accessibilityViewIsModal } set { view.accessibilityViewIsModal = newValue } }
    /// `UIView.accessibilityElementsHidden`: the engine view's `accessibilityElementsHidden`.
    open var accessibilityElementsHidden: Bool { get { view.accessibilityElementsHidden } set { view.accessibilityElementsHidden = newValue } }
    /// In window points (the engine's); set, it is kept as is.
    open var accessibilityFrame: CGRect { get { CGRect(view.accessibilityFrame) } set { view.accessibilityFrame = newValue.rect } }
    /// Kept here (the engine holds their engine actions, which call back into them).
    open var accessibilityCustomActions: [UIAccessibilityCustomAction]? {
        didSet { view.accessibilityCustomActions = (accessibilityCustomActions ?? []).map(\.engine) }
    }
    /// How many accessibility elements the view contains: its `accessibilityElements`' count.
    open func accessibilityElementCount() -> Int { accessibilityElements?.count ?? 0 }
    /// The accessibility element at `index` of `accessibilityElements`.
    open func accessibilityElement(at index: Int) -> Any? {
        guard let all = accessibilityElements, all.indices.contains(index) else { return nil }
        return all[index]
    }
    /// The index of `element` in `accessibilityElements` (by identity), or `NSNotFound`.
    open func index(ofAccessibilityElement element: Any) -> Int {
        accessibilityElements?.firstIndex { ($0 as AnyObject) === (element as AnyObject) } ?? NSNotFound
    }
    /// `UIView.accessibilityIncrement()`: the engine view's `accessibilityIncrement()`.
    open func accessibilityIncrement() { view.accessibilityIncrement() }
    /// `UIView.accessibilityDecrement()`: the engine view's `accessibilityDecrement()`.
    open func accessibilityDecrement() { view.accessibilityDecrement() }
    /// `UIView.accessibilityActivate()`: the engine view's `accessibilityActivate()`.
    open func accessibilityActivate() -> Bool { view.accessibilityActivate() }
    /// The screen's size classes and idiom, with this view's interface style (DK5).
    open var traitCollection: UITraitCollection { UITraitCollection.current.with(style: view.traitCollection.userInterfaceStyle) }
    /// `UIView.overrideUserInterfaceStyle`: the engine view's `overrideUserInterfaceStyle`.
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle {
        get { UIUserInterfaceStyle(view.overrideUserInterfaceStyle) }
        set { view.overrideUserInterfaceStyle = newValue.engine }
    }
    /// Called when the size classes changed with the window's size, or the interface style
    /// changed (the desktop's, or an override above) after dynamic colours resolved again.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
    /// `UIView.semanticContentAttribute`: stored only; layout is always left to right.
    open var semanticContentAttribute: UISemanticContentAttribute = .unspecified
    /// The layout direction content with `attribute` takes: right to left only when forced
    /// (the application's language direction is left to right here).
    public class func userInterfaceLayoutDirection(for attribute: UISemanticContentAttribute) -> UIUserInterfaceLayoutDirection {
        attribute == .forceRightToLeft ? .rightToLeft : .leftToRight
    }
    /// `UIView.effectiveUserInterfaceLayoutDirection`: always left to right.
    open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }

    /// The backing layer, of ``layerClass``'s kind.
    open var layer: CALayer {
        if let l = layerFacade { return l }
        let base = view.layer
        let cls = type(of: self).layerClass
        let l: CALayer
        if cls is CAShapeLayer.Type {
            let s = ShapeLayer(); s.runsImplicitActions = false; base.insertSublayer(s, at: 0); contentLayer = s
            l = CAShapeLayer(base: base, content: s)
        } else if cls is CAGradientLayer.Type {
            let g = GradientLayer(); g.runsImplicitActions = false; base.insertSublayer(g, at: 0); contentLayer = g
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

    /// `UIView.setNeedsLayout()`: the engine view's `setNeedsLayout()`.
    open func setNeedsLayout() { view.setNeedsLayout() }
    /// `UIView.layoutIfNeeded()`: the engine view's `layoutIfNeeded()`.
    open func layoutIfNeeded() { view.layoutIfNeeded() }
    /// `UIView.updateProperties()` (iOS 26): the engine view's properties pass calls it before layout,
    /// again when an `Observable` value it read changes; the default does nothing.
    open func updateProperties() {}
    /// `UIView.setNeedsUpdateProperties()`: the engine view's `setNeedsUpdateProperties()`.
    open func setNeedsUpdateProperties() { view.setNeedsUpdateProperties() }
    /// `UIView.updatePropertiesIfNeeded()`: the engine view's properties pass on its subtree now.
    open func updatePropertiesIfNeeded() { view.updatePropertiesIfNeeded() }
    /// Override to place subviews; the default applies constraints (call `super`).
    open func layoutSubviews() {}
    func layoutSubviewsFromEngine() {
        syncContentLayer()
        layoutSublayers(of: layer)
    }
    /// `UIView.sizeThatFits(_:)`: the intrinsic content size, the bounds' size on an axis that has none.
    open func sizeThatFits(_ size: CGSize) -> CGSize {
        let s = intrinsicContentSize
        return CGSize(width: s.width < 0 ? bounds.width : s.width, height: s.height < 0 ? bounds.height : s.height)
    }
    /// `UIView.sizeToFit()`: sets the frame's size to `sizeThatFits(_:)` of the bounds' size.
    open func sizeToFit() {
        let s = sizeThatFits(bounds.size)
        frame = CGRect(origin: frame.origin, size: s)
    }
    /// `UIView.intrinsicContentSize`: none on either axis (`noIntrinsicMetric`); override to give one.
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    /// `UIView.noIntrinsicMetric`: -1, no natural size on that axis.
    public static let noIntrinsicMetric: CGFloat = -1
    /// `UIView.layoutFittingCompressedSize`: a zero size, the smallest to fit.
    public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
    /// `UIView.layoutFittingExpandedSize`: 10,000 × 10,000 points, the largest to fit.
    public static let layoutFittingExpandedSize = CGSize(width: 10_000, height: 10_000)
    /// `UIView.invalidateIntrinsicContentSize()`: the engine view's `invalidateIntrinsicContentSize()`.
    open func invalidateIntrinsicContentSize() { view.invalidateIntrinsicContentSize() }
    /// `UIView.systemLayoutSizeFitting(_:)`: approximated by `sizeThatFits(_:)`; constraints are not
    /// solved for it.
    open func systemLayoutSizeFitting(_ target: CGSize) -> CGSize { sizeThatFits(target) }
    /// `UIView.systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)`:
    /// approximated by `sizeThatFits(_:)`; the priorities are ignored.
    open func systemLayoutSizeFitting(_ target: CGSize, withHorizontalFittingPriority h: UILayoutPriority,
                                      verticalFittingPriority v: UILayoutPriority) -> CGSize { sizeThatFits(target) }
    /// `UIView.setNeedsUpdateConstraints()`: the engine view's `setNeedsUpdateConstraints()`.
    open func setNeedsUpdateConstraints() { view.setNeedsUpdateConstraints() }
    /// `UIView.updateConstraintsIfNeeded()`: the engine view's `updateConstraintsIfNeeded()`.
    open func updateConstraintsIfNeeded() { view.updateConstraintsIfNeeded() }
    /// Override to update constraints; call `super` last.
    open func updateConstraints() {}
    /// `UIView.translatesAutoresizingMaskIntoConstraints`: the engine view's property of that name.
    open var translatesAutoresizingMaskIntoConstraints: Bool {
        get { view.translatesAutoresizingMaskIntoConstraints } set { view.translatesAutoresizingMaskIntoConstraints = newValue }
    }
    /// `UIView.safeAreaInsets`: the engine view's `safeAreaInsets`, in points.
    open var safeAreaInsets: UIEdgeInsets { UIEdgeInsets(view.safeAreaInsets) }
    /// `UIView.safeAreaInsetsDidChange()`: accepted, but nothing calls it here.
    open func safeAreaInsetsDidChange() {}
    /// The margins in left-to-right terms (the engine keeps them directional).
    open var layoutMargins: UIEdgeInsets {
        get {
            let m = directionalLayoutMargins
            return UIEdgeInsets(top: m.top, left: m.leading, bottom: m.bottom, right: m.trailing)
        }
        set {
            directionalLayoutMargins = NSDirectionalEdgeInsets(top: newValue.top, leading: newValue.left,
                                                               bottom: newValue.bottom, trailing: newValue.right)
        }
    }
    /// `UIView.directionalLayoutMargins`: the engine view's `directionalLayoutMargins`, in points.
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
    /// `UIView.preservesSuperviewLayoutMargins`: stored only.
    open var preservesSuperviewLayoutMargins = false
    /// `UIView.insetsLayoutMarginsFromSafeArea`: stored only.
    open var insetsLayoutMarginsFromSafeArea = true
    /// `UIView.layoutMarginsDidChange()`: accepted, but nothing calls it here.
    open func layoutMarginsDidChange() {}

    // MARK: Drawing

    /// `UIView.setNeedsDisplay()`: the engine view's `setNeedsDisplay()`: `draw(_:)` runs again.
    open func setNeedsDisplay() { view.setNeedsDisplay() }
    /// `UIView.setNeedsDisplay(_:)`: the engine view's `setNeedsDisplay(_:)` for `rect` (points).
    open func setNeedsDisplay(_ rect: CGRect) { view.setNeedsDisplay(rect.rect) }
    /// Override to draw with UIBezierPath or `UIGraphicsGetCurrentContext()`.
    open func draw(_ rect: CGRect) {}
    /// Called by Interface Builder before it draws a designable view. Partial: there is no
    /// Interface Builder here; nothing calls it.
    open func prepareForInterfaceBuilder() {}
    /// Lays out the sublayers of the view's layer (the view is its layer's delegate): called
    /// when the engine view lays out; for the view's own layer the default calls
    /// `layoutSubviews()`, so an override that calls `super` first runs after it, as on iOS.
    open func layoutSublayers(of layer: CALayer) { if layer === self.layer { layoutSubviews() } }

    // MARK: Hit testing and touches

    /// `UIView.point(inside:with:)`: whether `point` (this view's points) is in the bounds.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { bounds.contains(point) }
    /// The deepest visible, interactive subview containing `point` (the engine's hit test,
    /// which asks `point(inside:with:)`); override to widen or narrow what a view takes.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard let f = view as? FacadeView else { return UIView.nearestFacade(view.hitTest(point.point)) }
        let hit = f.engineHitTest(point.point)
        f.engineHit = hit
        return UIView.nearestFacade(hit)
    }

    // MARK: Gesture recognizers

    /// `UIView.gestureRecognizers`: the recognizers added; setting replaces them all.
    open var gestureRecognizers: [UIGestureRecognizer]? {
        get { recognizers.isEmpty ? nil : recognizers }
        set { recognizers.forEach(removeGestureRecognizer); newValue?.forEach(addGestureRecognizer) }
    }
    private var recognizers: [UIGestureRecognizer] = []
    /// `UIView.addGestureRecognizer(_:)`: adds the recognizer's engine recognizer to the engine view.
    open func addGestureRecognizer(_ g: UIGestureRecognizer) {
        recognizers.append(g)
        g.attachedView = self
        view.addGestureRecognizer(g.recognizer)
    }
    /// `UIView.removeGestureRecognizer(_:)`: removes it from the engine view.
    open func removeGestureRecognizer(_ g: UIGestureRecognizer) {
        recognizers.removeAll { $0 === g }
        view.removeGestureRecognizer(g.recognizer)
        g.attachedView = nil
    }
    /// `UIView.gestureRecognizerShouldBegin(_:)`: asked before a recognizer on this view begins; true.
    open func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool { true }

    // MARK: Snapshots, effects

    /// `UIView.snapshotView(afterScreenUpdates:)`: always nil; snapshots are not made here.
    open func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? { nil }
    /// The motion effects added (`addMotionEffect(_:)`); a desktop has no tilt, so none moves the view.
    open var motionEffects: [UIMotionEffect] = []
    /// `UIView.AutoresizingMask`: which margins and sizes follow the superview's size; the engine's
    /// `AutoresizingMask`, bit for bit.
    public struct AutoresizingMask: OptionSet, Hashable, Sendable {
        /// The mask as UIKit's bits.
        public let rawValue: UInt
        /// The mask whose bits `rawValue` sets.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The left margin stretches.
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1)
        /// The width stretches.
        public static let flexibleWidth = AutoresizingMask(rawValue: 2)
        /// The right margin stretches.
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 4)
        /// The top margin stretches.
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 8)
        /// The height stretches.
        public static let flexibleHeight = AutoresizingMask(rawValue: 16)
        /// The bottom margin stretches.
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 32)
    }
    /// `UIView.ContentMode`: how content fits the bounds; the engine's `ContentMode`, in the same order.
    public enum ContentMode: Int, Sendable {
        /// Scale to fill, fit or fill keeping the aspect, redraw, or place at the centre, an edge or a
        /// corner unscaled.
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right, topLeft, topRight,
             bottomLeft, bottomRight
        /// The engine's modes are UIKit's, in UIKit's order.
        var engine: Timeline.ContentMode { Timeline.ContentMode.allCases[rawValue] }
    }
}

extension UIView: CALayerDelegate {
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
}

/// `UIAccessibilityTraits`: the engine's `AccessibilityTraits`, same bits.
public typealias UIAccessibilityTraits = AccessibilityTraits

/// `UISemanticContentAttribute`: how content is laid out in right-to-left languages; only the
/// forced right-to-left case changes the direction here.
public enum UISemanticContentAttribute: Int, Sendable { case unspecified, playback, spatial, forceLeftToRight, forceRightToLeft }
/// `UIUserInterfaceLayoutDirection`: left to right or right to left.
public enum UIUserInterfaceLayoutDirection: Int, Sendable { case leftToRight, rightToLeft }
