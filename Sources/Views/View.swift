import Geometry
import Motion
import RenderModel
import UpdateLoop

/// A rectangular area on screen and the unit of UIKit's update cycle: it lays out its subviews in
/// ``layoutSubviews()``, draws its content in ``draw(_:in:)``, and updates its constraints in
/// ``updateConstraints()``. None of those is called directly: they are flagged with
/// ``setNeedsLayout()``, ``setNeedsDisplay()`` and ``setNeedsUpdateConstraints()`` and run by the
/// run loop's passes in the next frame (U1, U4, U5), or at once by ``layoutIfNeeded()`` and
/// ``updateConstraintsIfNeeded()`` (U2).
///
/// Views are main-actor objects, as in UIKit. Subclass to override the update methods.
@MainActor
open class View: Responder {
    // MARK: Identity

    /// The name in traces, reports and scene files.
    public var identifier: String? {
        get { identifierStorage }
        set { identifierStorage = newValue }
    }
    // Stored properties that every frame reads are internal, behind public accessors, and
    // each access reads or writes them whole: the optimiser then drops their runtime
    // exclusivity checks (a public stored property keeps them, as does one changed in place).
    private var identifierStorage: String?
    /// Numbered by the first window the view joins (0 until then).
    private var ordinal = 0

    /// ``identifier``, or the type name and an ordinal its window gave it.
    public var traceName: String { identifier ?? "\(type(of: self))#\(ordinal)" }

    // MARK: Hierarchy

    /// The view whose subviews include this one, if any; nil once that view is gone.
    public internal(set) var superview: View? {
        get { superviewReference?.object }
        set { superviewReference = newValue?.reference }
    }
    /// The superview through its ``ObjectReference``, set only by View+Hierarchy.swift; the
    /// superview lists this view while it is set, and its deinit clears it. Not weak: that gives
    /// every view with subviews a side table; not an `unowned` variable either: each access to
    /// one keeps a run-time exclusivity check, four a frame for every view the layout moves (AM4).
    private var superviewReference: ObjectReference<View>?
    /// The subviews in drawing order: later ones draw above earlier ones.
    public var subviews: [View] { subviewList }
    /// The subviews; written only by the insertion and removal in View+Hierarchy.swift.
    var subviewList: [View] = []
    /// The window whose tree this view is in, if any; nil once the window is gone.
    public package(set) var window: Window? { get { windowReference?.object } set { windowReference = newValue?.reference } }
    /// The window through its ``ObjectReference`` (not weakly: AM4).
    private var windowReference: ObjectReference<Window>?
    /// The font system of a tree in no window, kept by its root (see ``fontSystem``).
    private var detachedFonts: FontSystem?
    /// The controller whose root view this is, if any.
    public package(set) var viewController: ViewController? {
        get { viewControllerStorage }
        set { viewControllerStorage = newValue }
    }
    /// Read by every view's layout (AM4: private storage, no run-time check).
    private weak var viewControllerStorage: ViewController?
    /// Its style override and dynamic colours (TraitCollection.swift); nil when it has neither.
    var traitState: ViewTraitState?

    // MARK: Geometry and appearance (model values)

    // The animation tick reads and writes the view's animation fields below for thousands of
    // views a frame; each access reads or writes one field and calls nothing while it lasts,
    // so the optimiser drops the runtime exclusivity check without being told to (AM4).

    /// The view's layer, which holds its model values (CA2): what the app set. Made with the
    /// view; ``layer`` hands it out.
    let viewLayer: ViewLayer
    /// The layer's presentation layer (``ViewLayer/onScreen``), reached here in one step.
    let onScreen: ViewLayer
    /// The view's ``ObjectReference``, made the first time something that may outlive the view
    /// holds it.
    var referenceStorage: ObjectReference<View>?
    /// Whether ``layer`` handed the layer out (its tree and animations then reach the window).
    private var isLayerLoaded = false
    /// What is on screen this frame, as Core Animation's presentation layer: the model values,
    /// or an animation's current values (the explicit animations on ``layer`` are evaluated
    /// into it, then the view's own animations add onto them). Read it; the next frame
    /// overwrites what is set on it.
    public final var presentation: Layer {
        @inline(__always) get { onScreen }
    }
    /// Gesture recognizers attached to this view (K2).
    public package(set) var gestureRecognizers: [GestureRecognizer] = []
    /// The interactions added with ``addInteraction(_:)`` (DK4), in the order added.
    public internal(set) var interactions: [any Interaction] = []
    /// The pointer shape asked for over this view (DK4; Interaction.swift); nil takes the
    /// superview's, and the window's arrow at the top.
    var requestedPointerShape: PointerShape?
    /// The shape a kind of view shows when none was asked for (nil: the superview's).
    open var defaultPointerShape: PointerShape? { nil }

    /// The object of an API facade (the UIKit facade's `UIView`) that stands for this view:
    /// weak; ``facadeRetainer`` keeps it alive while the view is in a tree.
    public weak var facade: AnyObject?
    /// The value observed under `key` (View+Observation.swift), nil for a key not known: a view
    /// knows `frame`, `bounds`, `center`, `alpha`; a scroll view adds its content's values.
    open func observableValue(forKey key: String) -> Any? { viewValue(forKey: key) }
    /// The observations of this view's values, checked by ``notifyValueObservers()``.
    var valueObservers: [ValueObserver] = []
    /// Keeps the facade object alive while the view is in a tree (set and cleared by the facade).
    public var facadeRetainer: AnyObject?
    /// Whether the view and its subviews are left out of drawing and hit testing. Not animatable.
    public var isHidden: Bool {
        get { viewLayer.stateIsHidden }
        set {
            guard newValue != viewLayer.stateIsHidden else { return }
            viewLayer.stateIsHidden = newValue
            window?.presentationDidChange()
            superview?.subviewVisibilityDidChange(self)
            superview?.accessibilityChildrenDidChange(in: window)
        }
    }
    /// Whether subviews and content are clipped to the bounds (with the corner radius).
    public var clipsToBounds: Bool {
        get { viewLayer.stateMasksToBounds }
        set {
            guard newValue != viewLayer.stateMasksToBounds else { return }
            viewLayer.stateMasksToBounds = newValue
            window?.presentationDidChange()
        }
    }
    /// A view whose alpha masks this one and its subviews, as UIKit's `mask` (CA2): its layer
    /// becomes this view's layer's mask, so what its layer draws (its background, rounded
    /// corners, border, contents such as an image view's image, and sublayers such as a
    /// gradient) is the coverage. It is in no view tree: its frame is in this view's
    /// coordinates. Its subviews and its `draw(_:)` content do not mask, and changes to it show
    /// at once (animation blocks do not animate it).
    public var mask: View? {
        didSet {
            guard mask !== oldValue else { return }
            if let m = mask, m.superview != nil || m.window != nil || m === self {
                layer.report("mask of \(traceName): \(m.traceName) is in a view tree; a mask view must be in none. It was not set")
                mask = oldValue
                return
            }
            layer.mask = mask?.layer
        }
    }
    /// Whether the view and its subviews receive pointer events; false passes them to the view behind.
    public var isUserInteractionEnabled = true
    /// How content follows a bounds change: scaled, placed, or redrawn.
    public var contentMode: ContentMode = .scaleToFill {
        // Only a layer that exists takes it (asking for `layer` would make one for every label
        // and control that sets `.redraw`); a layer made later copies it.
        didSet { if contentMode != oldValue { loadedLayer?.contentsGravity = contentMode.gravity } }
    }

    // MARK: Layer (CA2)

    /// The layer backing the view, as UIKit's `layer`: its geometry and appearance are the
    /// view's (setting `layer.opacity` sets ``alpha``), and sublayers added to it draw above the
    /// view's content and below its subviews, run by the window's `LayerEngine`. Made on
    /// first use.
    public var layer: Layer {
        if !isLayerLoaded {
            isLayerLoaded = true
            viewLayer.load(for: self)
            if let e = window?.layers { e.host(viewLayer) }
        }
        return viewLayer
    }
    /// The backing layer, once something asked for it (until then nothing but the view's values
    /// is in it: no sublayers, mask, contents or explicit animations).
    var loadedLayer: ViewLayer? { isLayerLoaded ? viewLayer : nil }

    // MARK: Update-cycle flags

    // The public flags are accessors over private storage (``ViewCycleState``, AM4).

    /// Set by ``setNeedsLayout()``; cleared when ``layoutSubviews()`` runs.
    public package(set) var needsLayout: Bool { get { cycle.needsLayout } set { cycle.needsLayout = newValue } }
    /// Some view in this subtree (this one included) needs layout. In a window, a view with it
    /// set is listed in its superview's record in the window's layout table, so the layout pass
    /// goes straight to the flagged children instead of looking at every subview (P1).
    var subtreeNeedsLayout = true
    /// Set by ``setNeedsUpdateConstraints()``; cleared when ``updateConstraints()`` runs.
    public package(set) var needsUpdateConstraints: Bool { get { cycle.needsUpdateConstraints } set { cycle.needsUpdateConstraints = newValue } }
    var subtreeNeedsUpdateConstraints = false
    /// Set when the view joins a window, by ``setNeedsUpdateProperties()`` and when an
    /// observable value its ``updateProperties()`` read changes; cleared when that runs (RU3).
    public package(set) var needsUpdateProperties: Bool { get { cycle.needsUpdateProperties } set { cycle.needsUpdateProperties = newValue } }
    var subtreeNeedsUpdateProperties = false
    /// Whether the view is queued for re-emission in its window's next commit (P1), and whether
    /// a view under it changed since it was last emitted (the culling box its window keeps for
    /// it is then not to be trusted, SC7): its pending drawing work, as ``needsDisplay`` is.
    var isQueuedForRepaint = false
    var hasChangedDescendant = false
    /// The index of this view's record in its window's render table (``Window/renderTable``:
    /// where its group sits in the display list and the box its subtree drew), made when the
    /// window first lists it and released when the view leaves the window; -1 while it has
    /// none (AM5: the renderer's data lives in the window, not on the view).
    var renderSlot = -1
    /// The index of this view's record in its window's layout table (``LayoutTable``: the
    /// layout engine's item for it, the children to lay out, the subviews with stale frames),
    /// made on first use in a window and released when the view leaves it; -1 while it has none
    /// (AM5: the layout's scratch lives with the layout engine, not on the view).
    var layoutSlot = -1
    /// Set by ``setNeedsDisplay()``; cleared when ``draw(_:in:)`` runs.
    public package(set) var needsDisplay: Bool { get { cycle.needsDisplay } set { cycle.needsDisplay = newValue } }
    /// The storage of the public flags and Auto Layout inputs here (``ViewCycleState``).
    private var cycle = ViewCycleState()
    /// The union of the rectangles flagged for display.
    var dirtyRect: Rect = .null
    /// The content recorded by the last ``draw(_:in:)``.
    var content: [DrawCommand] = []
    /// Set by the base ``updateConstraints()`` so a missing `super` call can be reported (U5).
    var didCallSuperUpdateConstraints = false

    // MARK: Auto Layout inputs (used by the layout engine)

    /// Whether the frame is set by hand (and follows ``autoresizingMask``) rather than by
    /// constraints (A6). Views made in code start with `true`, as in UIKit.
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { cycle.translatesAutoresizingMask }
        set {
            guard newValue != cycle.translatesAutoresizingMask else { return }
            cycle.translatesAutoresizingMask = newValue
            constraintInputsDidChange()
        }
    }
    /// Which margins and sizes follow the superview's size when the frame is set by hand.
    public var autoresizingMask: AutoresizingMask { get { cycle.autoresizingMask } set { cycle.autoresizingMask = newValue } }
    /// Per-axis priorities of the intrinsic-size constraints (A3).
    public var contentHuggingPriority: (horizontal: Float, vertical: Float) = (250, 250) {
        didSet { invalidateIntrinsicContentSize() }
    }
    /// Per-axis priorities (0...1000) of the constraints that keep the view at least its intrinsic size.
    public var contentCompressionResistancePriority: (horizontal: Float, vertical: Float) = (750, 750) {
        didSet { invalidateIntrinsicContentSize() }
    }
    /// Insets from the frame to the alignment rect that constraints act on (A5).
    public var alignmentRectInsets: EdgeInsets {
        get { cycle.alignmentRectInsets }
        set { cycle.alignmentRectInsets = newValue; constraintInputsDidChange() }
    }
    /// Margins of the layout-margins guide (A4); 8 points on every side by default.
    public var directionalLayoutMargins = DirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8) {
        didSet { constraintInputsDidChange() }
    }
    /// The window's safe area insets, on its root view (set by the window).
    var rootSafeAreaInsets: EdgeInsets = .zero
    /// The layout engine's per-view record (variables and constraints), once it has one: kept
    /// in the window's layout table, not on the view.
    var layoutItem: LayoutItem? {
        guard layoutSlot >= 0, let w = window else { return nil }
        return w.layoutEngine.layoutItem(of: self)
    }
    /// Constraints owned by this view, as UIKit's `constraints` array (active ones).
    public package(set) var constraints: [LayoutConstraint] = []
    /// Layout guides owned by this view (safe area, margins, custom).
    var guides: [LayoutGuide] = []
    /// The layout guides this view owns (its safe-area and margins guides once asked for, and
    /// those added with ``addLayoutGuide(_:)``).
    public var layoutGuides: [LayoutGuide] { guides }

    // MARK: Life

    /// A view with the given frame. Views made with a frame keep it (A6).
    public init(frame: Rect = .zero) {
        let shown = ViewLayer(presentationStorage: ())
        let l = ViewLayer(onScreen: shown)
        l.statePosition = frame.center
        l.stateBounds = Rect(origin: .zero, size: frame.size)
        shown.copyViewValues(from: l)
        viewLayer = l
        onScreen = shown
        super.init()
        viewLayer.view = self
    }

    /// Code may keep the view's layer past the view (MR3): the layer's unowned reference to
    /// it is cleared, and the layer goes on as a layer of its own. Its subviews leave the tree:
    /// a facade object their ``facadeRetainer`` kept alive for the tree lets go of them, so a
    /// subview and its facade (which hold each other while in a tree) do not outlive the view
    /// they were in (MR2).
    isolated deinit {
        viewLayer.view = nil
        referenceStorage?.clear()
        for s in subviewList { s.superviewReference = nil }
        for s in subviews where s.facadeRetainer != nil && s.superview == nil { s.facadeRetainer = nil }
    }

    /// A view with an identifier, laid out by constraints (its frame comes from the engine).
    public convenience init(identifier: String, frame: Rect? = nil) {
        self.init(frame: frame ?? .zero)
        self.identifier = identifier
        if frame == nil { translatesAutoresizingMaskIntoConstraints = false }
    }

    // MARK: Geometry accessors

    /// The frame in the superview's coordinates. Setting it sets ``center`` (where the layer's
    /// anchor point falls in the new frame: its middle unless the anchor point moved) and the
    /// size of ``bounds`` (the transform is not taken into account when setting, as in UIKit).
    public var frame: Rect {
        get { viewLayer.viewFrame }
        set {
            let a = viewLayer.stateAnchorPoint
            center = a == Point(x: 0.5, y: 0.5) ? newValue.center
                : Point(x: newValue.minX + a.x * newValue.width, y: newValue.minY + a.y * newValue.height)
            bounds.size = newValue.size
        }
    }

    /// The view's own coordinate system: origin and size.
    public var bounds: Rect {
        get { viewLayer.stateBounds }
        set {
            let old = viewLayer.stateBounds
            guard old != newValue else { return }
            viewLayer.stateBounds = newValue
            modelDidChange(.bounds, from: .rect(old))
            if layoutSlot >= 0 { frameLeftLayout() }
            if old.size != newValue.size { sizeDidChange(from: old.size) }
        }
    }

    /// The centre of the frame in the superview's coordinates. Moving a view does not re-layout it (U3).
    public var center: Point {
        get { viewLayer.statePosition }
        set {
            let old = viewLayer.statePosition
            guard old != newValue else { return }
            viewLayer.statePosition = newValue
            modelDidChange(.center, from: .point(old))
            if layoutSlot >= 0 { frameLeftLayout() }
            if translatesAutoresizingMaskIntoConstraints, layoutSlot >= 0, layoutItem != nil { constraintInputsDidChange() }
        }
    }

    /// Whether an animation currently drives `property`.
    public func isAnimating(_ property: AnimatableProperty) -> Bool { viewLayer.viewAnimatedProperties & property.bit != 0 }

    /// Called after every model change: inside an animation block the change becomes an
    /// animation (N1); otherwise the presentation follows at once unless an animation drives it.
    func modelDidChange(_ property: AnimatableProperty, from old: AnimatableValue) {
        if let engine = window?.animations, engine.captureChange(of: property, on: self, from: old) { return }
        if viewLayer.viewAnimatedProperties & property.bit == 0 { showModel(property) }
        presentationChanged()
    }

    /// Shows the model value of `property`, which no animation of the view drives (any more).
    /// An explicit animation of it on the layer evaluates again over the model before the frame
    /// is drawn.
    func showModel(_ property: AnimatableProperty) {
        onScreen.copy(property, from: viewLayer)
        if isLayerLoaded, viewLayer.isAnimating(property.layerProperty) { viewLayer.setNeedsRender() }
    }

    /// Queues the view for re-emission in its window's next commit (once per commit).
    @inline(__always)
    func presentationChanged() {
        guard !isQueuedForRepaint else { return }
        guard let w = window else { maskViewChanged(); return }
        w.viewDidChange(self)
    }

    /// A view in no window changed: when it is another view's ``mask``, that view redraws.
    @inline(never)
    private func maskViewChanged() {
        if let owner = loadedLayer?.maskOwner { owner.setNeedsRender() }
    }

    /// A layer in the tree of the view's layer changed its drawing: the view's own layer is the
    /// view (its group re-emits); a sublayer's group is patched on its own (CA10).
    func layerDidChange(_ changed: Layer) {
        if changed === viewLayer, viewLayer.anchorPointDidChange() {
            // The frame moved (the position stays): the layout that placed it is stale.
            if layoutSlot >= 0 { frameLeftLayout() }
        }
        guard !isQueuedForRepaint, let w = window else { return }
        if changed === loadedLayer { w.viewDidChange(self) } else { w.layerDidChange(changed, in: self) }
    }

    /// A constrained view's frame set other than from the solution: listed as stale, so its
    /// superview's next layout puts it back, as UIKit's does.
    private func frameLeftLayout() {
        guard !translatesAutoresizingMaskIntoConstraints, let s = superview, let w = window, !w.isApplyingLayoutFrames else { return }
        let engine = w.layoutEngine
        guard let i = engine.layoutItem(of: self), !i.frameIsStale else { return }
        i.frameIsStale = true
        engine.listStaleFrame(of: self, in: s)
    }

    private func sizeDidChange(from oldSize: Size) {
        // Laid out again, as UIKit does; the layout engine re-applies only the subviews whose
        // solved rect changed or whose frame was set by hand (a frame that left the layout is
        // listed when it is set), not all of them (P1).
        setNeedsLayoutKeepingFrames()
        if contentMode == .redraw { setNeedsDisplay() }
        if translatesAutoresizingMaskIntoConstraints, layoutSlot >= 0, layoutItem != nil { constraintInputsDidChange() }
        for sub in subviews where sub.translatesAutoresizingMaskIntoConstraints && !sub.autoresizingMask.isEmpty {
            sub.applyAutoresizing(oldSuperSize: oldSize, newSuperSize: bounds.size)
        }
    }

    /// Follows the superview's resize from `oldSuperSize` to `newSuperSize` by the mask (A6): the
    /// change is shared equally among the flexible parts of each axis, as UIKit does.
    func applyAutoresizing(oldSuperSize: Size, newSuperSize: Size) {
        var f = frame
        func adjust(_ origin: inout Double, _ length: inout Double, _ oldTotal: Double, _ newTotal: Double,
                    _ lead: Bool, _ flexLength: Bool, _ trail: Bool) {
            let delta = newTotal - oldTotal
            let parts = (lead ? 1 : 0) + (flexLength ? 1 : 0) + (trail ? 1 : 0)
            guard delta != 0, parts > 0 else { return }
            let share = delta / Double(parts)
            if lead { origin += share }
            if flexLength { length += share }
        }
        let m = autoresizingMask
        adjust(&f.origin.x, &f.size.width, oldSuperSize.width, newSuperSize.width,
               m.contains(.flexibleLeftMargin), m.contains(.flexibleWidth), m.contains(.flexibleRightMargin))
        adjust(&f.origin.y, &f.size.height, oldSuperSize.height, newSuperSize.height,
               m.contains(.flexibleTopMargin), m.contains(.flexibleHeight), m.contains(.flexibleBottomMargin))
        frame = f
    }

    // MARK: Hierarchy

    /// The colour controls and template images in the subtree use (`UIView.tintColor`): set on a
    /// view it holds for the views under it that set none; unset (nil), a view takes its
    /// superview's, and a view without one the system blue. A change, or a move under another
    /// tint, calls ``tintColorDidChange()`` on every view that inherits it.
    open var tintColor: Color! {
        get { ownTintColor ?? superview?.tintColor ?? View.systemTint }
        set {
            if traitState != nil { plainColorSet("tintColor") }
            guard newValue != ownTintColor else { return }
            ownTintColor = newValue
            tintDidChangeInSubtree()
        }
    }
    /// The system blue every tint comes from when no view sets one.
    public static let systemTint = Color(red: 0.04, green: 0.52, blue: 1)
    /// Called when ``tintColor`` changed, set here or inherited: recolour what the tint colours.
    open func tintColorDidChange() {}

    /// The view's own tint, if it set one.
    public private(set) var ownTintColor: Color?

    func tintDidChangeInSubtree() {
        tintColorDidChange()
        for s in subviews where s.ownTintColor == nil { s.tintDidChangeInSubtree() }
    }

    /// Called when a subview is hidden or shown. The base does nothing; a stack view re-arranges.
    open func subviewVisibilityDidChange(_ subview: View) {}

    func moveToWindow(_ newWindow: Window?) {
        guard window !== newWindow else { return }
        if let w = window {
            w.releaseRenderSlot(of: self)
            if layoutSlot >= 0 { w.layoutEngine.releaseSlot(of: self) }
        } else {
            // The window went away with its tables (its weak reference reads nil): slot numbers
            // kept from it would name other views' records in the next window's tables.
            renderSlot = -1
            layoutSlot = -1
        }
        window = newWindow
        if ordinal == 0, let w = newWindow { ordinal = w.makeViewOrdinal() }
        if let l = loadedLayer {
            if let e = newWindow?.layers { e.host(l) } else { l.engine?.unhost(l) }
            if l.hasOwnTiming { newWindow?.animations?.followsLayerTime = true }
        }
        if let w = newWindow {
            if needsDisplay { w.enqueueDisplay(self) }
            if needsLayout || needsUpdateConstraints { w.requestFrame() }
            needsUpdateProperties = false; subtreeNeedsUpdateProperties = false
            setNeedsUpdateProperties()      // as UIKit, once before its first layout in a window
            // A tree from no window kept no lists: a view flagged there is listed as it joins.
            if subtreeNeedsLayout, let s = superview { w.layoutEngine.listForLayout(self, in: s) }
        }
        for s in subviews { s.moveToWindow(newWindow) }
        // Dynamic colours resolved outside the window resolve for its traits (DK5).
        if newWindow != nil, traitState != nil { reapplyDynamicColors() }
        didMoveToWindow()
    }

    /// Called after the view joined a window's tree or left it (``window`` is the new one).
    open func didMoveToWindow() {}

    /// Called when the view's ``traitCollection`` changed (its window's interface style, or an
    /// override above it), after its dynamic colours resolved again (DK5).
    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}

    /// The fonts text in this view lays out with: its window's, or, in a tree in no window, one
    /// its root view keeps (an engine's font system is per window, never process-wide, TX2).
    public var fontSystem: FontSystem {
        if let w = window { return w.fontSystem }
        var root = self
        while let s = root.superview { root = s }
        if let f = root.detachedFonts { return f }
        let made = FontSystem.standard()
        root.detachedFonts = made
        return made
    }

    // MARK: Layout (U1, U2, U3)

    /// Flags the view for layout in the next frame's layout pass and returns at once (U1).
    /// However often it is called before that pass, ``layoutSubviews()`` runs once.
    public func setNeedsLayout() {
        // The window is read once (a weak load, and the window has a side table).
        guard layoutSlot >= 0 || !needsLayout else { return }
        let w = window
        // A view with no layout record yet gets one with every frame stale. (Optional chaining,
        // not `if let`: binding would retain the window again, through its side table.)
        if layoutSlot >= 0 { w?.layoutEngine.markAllSubviewFramesStale(self) }
        setNeedsLayoutKeepingFrames(in: w)
    }

    /// ``setNeedsLayout()`` for the engine's own reasons (a solved rect or the view's size
    /// changed): only the subviews listed with stale frames in the layout table get new frames (P1).
    func setNeedsLayoutKeepingFrames() {
        guard !needsLayout else { return }
        setNeedsLayoutKeepingFrames(in: window)
    }

    /// ``setNeedsLayoutKeepingFrames()`` with the view's window `w` read by the caller.
    private func setNeedsLayoutKeepingFrames(in w: Window?) {
        guard !needsLayout else { return }
        needsLayout = true
        w?.layoutWasInvalidated(self)
        markAncestorsNeedLayout(engine: w?.layoutEngine)
        w?.requestFrame()
    }

    /// Flags this subtree and its ancestors' as needing layout, listing each in its superview.
    /// In no window there are no lists: the flags alone lead a detached pass down.
    func markAncestorsNeedLayout() { markAncestorsNeedLayout(engine: window?.layoutEngine) }

    /// ``markAncestorsNeedLayout()`` with the window's `engine` (nil in no window).
    func markAncestorsNeedLayout(engine: LayoutEngine?) {
        var c = self
        while true {
            c.subtreeNeedsLayout = true
            guard let p = c.superview else { return }
            if let engine { engine.listForLayout(c, in: p) }
            if p.subtreeNeedsLayout { return }         // marked already, and listed above
            c = p
        }
    }

    /// Runs the constraints pass and then the layout of this view's subtree now, if (and only if)
    /// something in it is flagged; a second call with nothing changed in between runs nothing (U2).
    ///
    /// Calling it from ``draw(_:in:)`` is misuse: it is reported and does nothing.
    public func layoutIfNeeded() {
        if let w = window {
            w.layoutIfNeeded(self)
        } else {
            UpdateCycle.layoutDetached(self)
        }
    }

    /// Lays out the subviews. The base implementation sets the frame of every subview that is laid
    /// out by constraints from the layout engine's solution. Override to lay out by hand; call
    /// `super` first when constraints are involved (003). Never call it directly.
    open func layoutSubviews() {
        window?.layoutEngine.applyFrames(toSubviewsOf: self)
    }

    // MARK: Display (U4)

    /// Flags the whole view for redrawing in the next display pass.
    public func setNeedsDisplay() { setNeedsDisplay(bounds) }

    /// Flags `rect` (view coordinates) for redrawing; ``draw(_:in:)`` gets the union of the flagged
    /// rectangles. There is no immediate display call, by design.
    public func setNeedsDisplay(_ rect: Rect) {
        dirtyRect = dirtyRect.union(rect)
        guard !needsDisplay else { return }
        needsDisplay = true
        window?.enqueueDisplay(self)
        window?.requestFrame()
    }

    /// Draws the view's content for `rect` into `canvas`. The background, corners and border come
    /// from the view's properties and are not drawn here. Called once per display pass for a
    /// flagged view; not for its subviews (they are flagged separately). Never call it directly.
    open func draw(_ rect: Rect, in canvas: Canvas) {}

    /// Applies the view's properties from the state they depend on, before the constraints
    /// and layout passes (iOS 26's `updateProperties()`). It runs once after the view joins a
    /// window, after ``setNeedsUpdateProperties()``, and again whenever an `Observable` value it
    /// read changes (Observation tracks the reads). The base does nothing. Never call it directly.
    open func updateProperties() {}

    // MARK: Constraints (U5)

    /// Flags the view for the next constraints pass.
    public func setNeedsUpdateConstraints() {
        guard !needsUpdateConstraints else { return }
        needsUpdateConstraints = true
        window?.constraintsWereInvalidated(self)
        markAncestorsNeedUpdateConstraints()
        window?.requestFrame()
    }

    func markAncestorsNeedUpdateConstraints() {
        var v: View? = self
        while let c = v, !(c.subtreeNeedsUpdateConstraints && c !== self) {
            c.subtreeNeedsUpdateConstraints = true
            v = c.superview
        }
    }

    /// Runs the constraints pass for this subtree now if something in it is flagged.
    public func updateConstraintsIfNeeded() {
        if let w = window { w.updateConstraintsIfNeeded(self) } else { UpdateCycle.updateConstraintsDetached(self) }
    }

    /// Updates the constraints this view owns. Called leaf views first. An override must call
    /// `super.updateConstraints()` as its last step; forgetting it is reported (U5).
    open func updateConstraints() {
        didCallSuperUpdateConstraints = true
    }

    /// The view's natural size from its content; ``View/noIntrinsicMetric`` on an axis without one.
    open var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }

    /// The value meaning "no intrinsic size on this axis".
    public static let noIntrinsicMetric: Double = -1

    /// Distance from the alignment rect's top to the first baseline (text views override).
    open var firstBaselineOffsetFromTop: Double { 0 }
    /// Distance from the last baseline to the alignment rect's bottom (text views override).
    open var lastBaselineOffsetFromBottom: Double { 0 }

    /// Flags the view for re-measurement: its intrinsic-size constraints are rebuilt in the next
    /// constraints pass.
    public func invalidateIntrinsicContentSize() {
        constraintInputsDidChange()
    }

    /// Something the layout engine reads changed: flag the constraints pass (U5).
    func constraintInputsDidChange() {
        window?.layoutEngine.inputsDidChange(for: self)
        if window != nil { setNeedsUpdateConstraints() }
    }

    // MARK: Coordinates and hit testing

    /// Whether `point` (view coordinates) is inside the view.
    open func point(inside point: Point) -> Bool { bounds.contains(point) }

    /// The deepest visible, interactive view containing `point` (view coordinates), front-most first.
    open func hitTest(_ point: Point) -> View? {
        guard !isHidden, isUserInteractionEnabled, alpha > 0.01, self.point(inside: point) else { return nil }
        for sub in subviews.reversed() {
            guard let inv = sub.viewLayer.viewTransformToSuperview.inverted() else { continue }
            if let hit = sub.hitTest(inv.apply(to: point)) { return hit }
        }
        return self
    }

    // MARK: Memory warnings (MR5)

    /// Empties what this view keeps only to go faster and can make again when next needed
    /// (laid-out text, cells kept for reuse, decoded frames). Called on every view of a window
    /// by its memory warning (``Window/simulateMemoryWarning()``); the base keeps nothing.
    open func releaseCaches() {}

    // MARK: Events

    /// Handles a pointer or scroll event hit-tested to this view. Return `true` when handled;
    /// unhandled events go to the superview.
    open func handle(_ event: InputEvent, at point: Point) -> Bool { false }

    // MARK: Responder chain (TX7)

    /// The view controller whose root view this is, else the superview.
    open override var next: Responder? { viewController ?? superview }
    override var responderWindow: Window? { window }

    /// Whether Tab and shift-Tab stop at this view (views that take focus do, scroll views not).
    @_spi(Engine) open var takesTabFocus: Bool { canBecomeFirstResponder }

    /// Whether the mouse pointer is over this view (or a subview), with no button pressed.
    public package(set) var isHovered = false
    /// Called when the mouse pointer comes over the view (or one of its subviews), and leaves it.
    open func pointerEntered() {}
    /// Called when the mouse pointer leaves the view and its subviews.
    open func pointerExited() {}
}
