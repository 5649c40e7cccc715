import Geometry
import RenderModel
import UpdateLoop

/// A retained, composited rectangle of content, as Core Animation's `CALayer`: the model tree
/// holds what the app set; animations added by key path run on the layer's ``LayerEngine`` and
/// show in ``presentation()`` without ever changing the model (CA5).
///
/// Geometry is Core Animation's: ``bounds`` is the layer's own coordinate space, ``position``
/// is where its ``anchorPoint`` (unit coordinates of the bounds) sits in the superlayer, and
/// ``transform`` applies about the anchor point; ``frame`` is derived from them.
///
/// Changing a property of a layer in a hosted tree runs its action (CA7): by default an
/// implicit 0.25 s animation from the old value, shaped by the current ``Transaction``.
@MainActor
open class Layer {
    // MARK: What a frame reads first: declared first, they share the object's first cache lines
    // with its header (fields are laid out as declared); at 10,000 animated properties a frame's
    // sweep waits on memory more than it computes.

    /// The presentation values while animations run (nil when the presentation is the model).
    var presented: Layer?
    /// Running animations in the order they were added (later ones apply on top).
    var running: [RunningAnimation] = []
    /// The properties some running animation drives.
    var animatedProperties: UInt64 = 0
    /// ``engine``'s identity, compared on the per-frame path without loading the weak reference.
    var engineID: ObjectIdentifier?
    /// Whether ``presented`` stays when no animation runs (``adoptPresentation(_:)``).
    var keepsPresentation = false
    /// Set while the engine lists the layer as having animations.
    var isListedAsAnimated = false
    /// Whether this root's host reads ``LayerEngine/changedInLastPass`` after each pass it
    /// observes (``LayerEngine/addPassObserver(_:)``) instead of hearing through its hooks.
    package var hostCollectsPasses: Bool {
        get { collectsPasses }
        set { collectsPasses = newValue }
    }
    /// ``hostCollectsPasses``, internal (read for every layer a pass changes: a package stored
    /// property would be checked at run time on each read).
    private var collectsPasses = false
    /// Whether this is a presentation copy (``modelLayer`` set), a flag: a weak load costs.
    var isCopy = false
    /// ``maskedLayer`` != nil, read without loading it.
    private(set) var isMasking = false
    /// Set while the engine has the presentation copy listed for a refresh from the model.
    var presentationIsStale = false
    /// How many of ``running`` the engine's offset table evaluates (``LayerEngine/ViewOffset``),
    /// and the pass that last reset the presentation for them.
    var tabledAnimations = 0, offsetStamp = 0
    /// How many of ``running`` are held (a paused property animator's, AM3): a layer whose
    /// animations are all held leaves the engine's list until one is released.
    var heldAnimations = 0
    /// The superlayer, through its ``ObjectReference`` (nil once it is gone; it clears this
    /// when it lets the layer go). Not retained (the superlayer retains its sublayers), not weak
    /// (a side table slows every retain on the per-frame path), not an `unowned` variable (each
    /// access to one keeps a run-time exclusivity check: five a changed layer a frame, AM4).
    var parent: Layer? { get { parentReference?.object } set { parentReference = newValue?.reference } }
    private var parentReference: ObjectReference<Layer>?
    /// This layer's one ``ObjectReference``, made when it first takes a sublayer; its deinit
    /// clears it.
    var reference: ObjectReference<Layer> {
        if let r = referenceStorage { return r }
        referenceStorage = ObjectReference(self)
        return referenceStorage!
    }
    private var referenceStorage: ObjectReference<Layer>?
    /// The layer's values that frames read and animations write.
    var state = LayerState()
    // MARK: Identity and tree

    /// A name for traces, scene files and diagnostics.
    public var name: String? { get { nameStorage } set { nameStorage = newValue } }
    /// ``name``, private, as are ``compositingFilter``'s and ``filters``' (the renderer reads
    /// them for each layer it emits): a public stored property keeps a run-time exclusivity
    /// check on each access (AM4).
    private var nameStorage: String?
    /// The layer this one is a sublayer of.
    public var superlayer: Layer? { parent }
    /// The sublayers, back to front (``sublayers`` is the API; nil when empty).
    public var children: [Layer] { sublayerList }
    var sublayerList: [Layer] = []
    /// The engine that runs this tree's animations and renders it, when the tree is hosted.
    public internal(set) var engine: LayerEngine? {
        get { engineReference?.object }
        set { engineReference = newValue?.reference; queuedBatch = 0 }
    }
    /// ``engine``, internal: a public stored property is checked at run time on each read, and
    /// the engine is read as each animation of the layer ends (P2). Through the engine's
    /// ``ObjectReference``, not weakly: a weak reference gives the engine a side table, and every
    /// retain of it the runtime's slow path (AM4).
    private var engineReference: ObjectReference<LayerEngine>?
    /// The delegate (a view backing a layer is its delegate).
    public weak var delegate: (any LayerDelegate)?
    /// The object of an API facade (the UIKit facade's `CALayer`) that stands for this layer:
    /// weak, so a facade object lives as long as its users hold it, or as ``facadeRetainer``
    /// says while the layer sits in a tree.
    public weak var facade: AnyObject?
    /// Keeps the facade object alive while this layer is in a tree (set and cleared by the
    /// facade as it adds and removes the layer).
    public var facadeRetainer: AnyObject?
    /// Per-key actions consulted after the delegate (`actions(forKey:)`); a ``NullAction``
    /// disables a key's implicit animation.
    public var actions: [String: any Action]?

    // MARK: Model state
    //
    // The values a frame reads are ``state``, one internal stored property (declared above):
    // the public properties below are its accessors.

    /// The layer's own coordinate space: its size in points, and the origin its sublayers and contents are drawn from. Animatable.
    open var bounds: Rect {
        get { state.bounds }
        set { let old = state.bounds; state.bounds = newValue; changed(.bounds, .rect(old)) }
    }
    /// Where ``anchorPoint`` sits in the superlayer's coordinates, in points. Animatable.
    open var position: Point {
        get { state.position }
        set { let old = state.position; state.position = newValue; changed(.position, from: old, to: newValue) }
    }
    /// A 3D transform applied round ``anchorPoint`` (rotations in radians, translations in points). Animatable.
    open var transform: Transform3D {
        get { state.transform }
        set { let old = state.transform; state.transform = newValue; changed(.transform, from: old, to: newValue) }
    }
    /// How opaque the layer and its sublayers are, 0...1, applied to the subtree as a group. Animatable.
    open var opacity: Double {
        get { state.opacity }
        set { let old = state.opacity; state.opacity = newValue; changed(.opacity, from: old, to: newValue) }
    }
    /// Whether the layer and its sublayers are left out of the frame (and of hit testing).
    open var isHidden: Bool {
        get { state.isHidden }
        set { let old = state.isHidden; state.isHidden = newValue; changed(.hidden, from: old, to: newValue) }
    }
    /// Whether sublayers and contents are clipped to the bounds (with ``cornerRadius``).
    open var masksToBounds: Bool {
        get { state.masksToBounds }
        set { let old = state.masksToBounds; state.masksToBounds = newValue; changed(.masksToBounds, from: old, to: newValue) }
    }
    /// The colour filling the bounds, under the contents; nil for none. Animatable.
    open var backgroundColor: Color? {
        get { state.backgroundColor }
        set { let old = state.backgroundColor; state.backgroundColor = newValue; changed(.backgroundColor, .color(old ?? .clear)) }
    }
    /// The radius in points of the rounded corners of the background, border and clip. Animatable.
    open var cornerRadius: Double {
        get { state.cornerRadius }
        set { let old = state.cornerRadius; state.cornerRadius = newValue; changed(.cornerRadius, from: old, to: newValue) }
    }
    /// The width in points of the border drawn inside the bounds, above the sublayers. Animatable.
    open var borderWidth: Double {
        get { state.borderWidth }
        set { let old = state.borderWidth; state.borderWidth = newValue; changed(.borderWidth, from: old, to: newValue) }
    }
    /// The border's colour; nil draws no border. Animatable.
    open var borderColor: Color? {
        get { state.borderColor }
        set { let old = state.borderColor; state.borderColor = newValue; changed(.borderColor, .color(old ?? .clear)) }
    }
    /// An image the layer shows, fitted to its bounds by ``contentsGravity`` (CN2), as
    /// `CALayer.contents`. An animated image plays from when it is set, its frame a function of
    /// the engine's time; a resizable image (or a ``contentsCenter`` smaller than the unit
    /// rectangle) is stretched in nine slices.
    public var contents: Image? {
        get { contentsStorage }
        set {
            guard newValue !== contentsStorage else { return }
            contentsStorage = newValue
            contentsBeginTime = engine?.frameTime ?? 0
            contentDidChange()
            if changesContinuously { engine?.layerChangesContinuously(self) }
        }
    }
    /// ``contents``, internal and only ever read or set whole: a window reads it for every
    /// view it lists, and the compiler checks those reads instead of the run time.
    private var contentsStorage: Image?
    /// The engine time an animated ``contents`` started playing at.
    var contentsBeginTime = 0.0
    /// The part of ``contents`` that stretches, in unit coordinates of the image (the rest keeps
    /// its size: nine slices), as `CALayer.contentsCenter`.
    public var contentsCenter = Rect(x: 0, y: 0, width: 1, height: 1) { didSet { contentDidChange() } }
    /// The colour a template image in ``contents`` is drawn in (our addition: an image view sets
    /// it from its tint colour); nil draws templates in black.
    public var contentsTintColor: Color? { didSet { contentDidChange() } }
    /// Pixels per point of ``contents``.
    public var contentsScale: Double = 1 { didSet { contentDidChange() } }
    /// Whether the compositor keeps this subtree's rendering while only its position, transform
    /// or opacity change (CA10).
    public var shouldRasterize = false { didSet { contentDidChange() } }
    /// Pixels per point of the kept rendering when ``shouldRasterize`` is on.
    public var rasterizationScale: Double = 1
    /// A layer whose alpha masks this one (it must have no superlayer); nil for none.
    public var mask: Layer? {
        get { maskLayer }
        set { setMask(newValue) }
    }
    var maskLayer: Layer?
    /// How the mask's pixels become coverage. Core Animation masks by alpha only; the other
    /// modes are After Effects' track mattes (inverted alpha, luminance, inverted luminance),
    /// which Lottie files use.
    public var maskMode: MaskMode = .alpha { didSet { if maskMode != oldValue { contentDidChange() } } }
    /// How the layer, drawn as a group with its sublayers, combines with what is beneath it:
    /// Core Animation's `compositingFilter` with a blend mode (`multiplyBlendMode`, ...). Nil:
    /// laid over it. Any mode, normal included, draws the layer on its own first, so blended
    /// content inside it blends with the layer's content only. Not animatable, as in Core Animation.
    public var compositingFilter: BlendMode? {
        get { compositingFilterStorage }
        set { let old = compositingFilterStorage; compositingFilterStorage = newValue; if newValue != old { contentDidChange() } }
    }
    private var compositingFilterStorage: BlendMode?
    /// Filters run over the layer drawn as a group with its sublayers, clipped and masked, in
    /// order, before it is composited: Core Animation's `filters` (blur, colour fill, tint, drop
    /// shadow; a Lottie layer's effects). Lengths are in the layer's coordinates. Not animatable.
    public var filters: [Filter] {
        get { filtersStorage }
        set { let old = filtersStorage; filtersStorage = newValue; if newValue != old { contentDidChange() } }
    }
    private var filtersStorage: [Filter] = []
    /// Whether a bounds size change flags the layer for display.
    public var needsDisplayOnBoundsChange = false
    /// Whether the layer is hit-testable and the content drawn (always true here).
    public var isOpaque = false

    // MARK: Layer time (CA6)

    /// When the layer's time starts, in its superlayer's time.
    open var beginTime: Double {
        get { state.beginTime }
        set { state.beginTime = newValue; timingDidChange() }
    }
    /// How fast the layer's time runs relative to its superlayer's (0 pauses it).
    open var speed: Double {
        get { state.speed }
        set { state.speed = newValue; timingDidChange() }
    }
    /// Added to the layer's local time.
    open var timeOffset: Double {
        get { state.timeOffset }
        set { state.timeOffset = newValue; timingDidChange() }
    }
    /// The layer whose time this layer's time runs in: its superlayer, or for a mask the layer
    /// it masks. (A view's layer runs in its superview's layer's time, CA8.)
    open var timeParent: Layer? { superlayer ?? maskOwner }
    /// Whether the layer's own timing is other than the identity (a begin time, a speed other
    /// than 1 or a time offset).
    public var hasOwnTiming: Bool { state.beginTime != 0 || state.speed != 1 || state.timeOffset != 0 }

    // MARK: Display

    /// Set by ``setNeedsDisplay()``, cleared by ``display()``.
    public var needsDisplayFlag: Bool { isFlaggedForDisplay }
    var isFlaggedForDisplay = true
    /// What the last ``draw(in:)`` recorded (the layer's backing store).
    public var drawnContent: [DrawCommand] { backingStore }
    var backingStore: [DrawCommand] = []

    // MARK: Engine bookkeeping (the fields a frame reads first are at the top)

    /// The engine's evaluation pass that last computed this layer's local time, and that time.
    var evaluationStamp = 0
    var evaluationLocalTime = 0.0
    /// Set once the layer has been committed by an engine (``presentation()`` is nil before).
    public var hasBeenCommitted: Bool { isCommitted }
    var isCommitted = false
    /// A hook for hosts (a view whose layer roots the tree) to learn that the rendering of the
    /// tree below this layer changed; called on the root for changes anywhere in its tree, with
    /// the layer whose drawing changed (its subtree redraws; a mask's change names its owner).
    public var renderingDidChange: ((Layer) -> Void)? {
        get { renderingHook }
        set { renderingHook = newValue }
    }
    var renderingHook: ((Layer) -> Void)?
    /// A hook for hosts: animations in this tree changed presentations in the engine's last
    /// evaluation pass (listed in ``LayerEngine/changedInLastPass``); called once per pass on
    /// the root. Without it the root's ``renderingDidChange`` is called with the root.
    public var layersDidAnimate: (() -> Void)? {
        get { animationHook }
        set { animationHook = newValue }
    }
    var animationHook: (() -> Void)?
    /// The evaluation pass that last called the root's ``layersDidAnimate``.
    var notifiedStamp = 0

    // Where the renderer last put this layer in a display list (CA10's patching): the list's
    // generation, the group's index, the map of its superlayer's plane and the sublayer matrix
    // in force, and the zPosition it was sorted by. `listStart` is -1 when the layer cannot be
    // re-emitted alone (a replicator's sublayers: their copies follow them).
    var listGeneration = -1
    /// Whether the renderer has reported that this layer's projected content reached its bound.
    var reportedProjectionBound = false
    var listStart = -1
    /// How many of the renderer's ``LayerRenderer/listShifts`` `listStart` has been moved by.
    var shiftsSeen = 0
    var emittedParentMap = Homography.identity
    var emittedSublayerMatrix = Transform3D.identity
    var emittedZ = 0.0
    /// Whether the group was emitted with an affine map (under perspective its content is projected).
    var emittedAffine = true
    /// The renderer's stamp of the last batch of patches that chose this layer's group.
    var patchStamp = 0
    /// The engine's host batch in which a host last queued this layer's group
    /// (``hostDidQueue(in:)``); 0, older than every batch, when none has.
    private var queuedBatch = 0
    /// What changed since the renderer last emitted the layer's group into a list: the
    /// ``LayerProperty/bit``s of the properties set, all ones for anything else (content,
    /// sublayers, a presentation an animation changed). A group whose only change is its
    /// opacity is patched by rewriting its opacity, one whose changes are its placement and
    /// opacity by rewriting its subtree's transforms and boxes (LT11).
    var changesSinceEmission: UInt64 = .max
    /// The evaluation pass that last found this layer's root, and that root (only read in the
    /// same pass, while the tree holds it).
    var rootStamp = 0
    unowned var passRoot: Layer?
    /// A copy the renderer evaluates at shifted times (replicator instances with a delay).
    var scratch: Layer?
    /// The layer this is a presentation copy of (nil for a model layer).
    public internal(set) weak var modelLayer: Layer? { didSet { isCopy = modelLayer != nil } }

    /// The action for a change of `event`, as `action(forKey:)`: the delegate's answer, else
    /// ``actions``, else the class's ``defaultAction(forKey:)``, else the implicit animation of
    /// an animatable property. A ``NullAction`` anywhere stops the search with no action.
    open func action(forKey event: String) -> (any Action)? {
        guard runsImplicitActions else { return nil }
        if let d = delegate, let a = d.action(for: self, forKey: event) { return a is NullAction ? nil : a }
        if let a = actions?[event] { return a is NullAction ? nil : a }
        if let a = type(of: self).defaultAction(forKey: event) { return a is NullAction ? nil : a }
        return implicitAnimation(forKey: event)
    }

    /// Whether changes to the layer's properties run actions (implicit animations), as Core
    /// Animation's layers do. False for a layer that is part of a view (the sublayer drawing a
    /// view's gradient or shape `layerClass`): it changes at once, as the view's own layer does.
    public var runsImplicitActions: Bool { get { runsImplicitActionsStorage } set { runsImplicitActionsStorage = newValue } }
    private var runsImplicitActionsStorage = true   // read at every property set: private (AM4)

    /// A class's own default action for `event` (nil: none; the base has none).
    open class func defaultAction(forKey event: String) -> (any Action)? { nil }

    /// Whether `point` (in this layer's coordinates) is inside it: the bounds (subclasses
    /// override: a shape layer uses its path).
    open func contains(_ point: Point) -> Bool { bounds.contains(point) }
    /// Set while the engine writes presentation values or a host mirrors state: changes are
    /// not actions then.
    var isApplyingWithoutActions = false

    // MARK: Life

    /// A layer with zero bounds at the origin.
    public init() {}

    /// A layer that holds presentation values for a host that writes them itself (a view's
    /// presentation layer, CA2): hosted nowhere, its changes tell no one.
    package init(presentationStorage: Void) { isCopy = true }

    /// A copy of `layer`'s model properties, as Core Animation makes presentation layers
    /// (`init(layer:)`). Subclasses override to copy their own properties.
    public required init(layer: Layer) {
        name = layer.name
        // ``modelLayer`` (weak) is set only on copies handed out by ``presentation()``: a weak
        // reference to the model would give it a side table (see ``superlayer``).
        isCopy = true
        isApplyingWithoutActions = true
        copyProperties(from: layer)
        isApplyingWithoutActions = false
    }

    /// Sublayers and the mask outlive their superlayer only as free layers.
    isolated deinit {
        // Every sublayer's parent is this layer, as is its mask's owner (a layer leaving either
        // role leaves the list first); they are not compared, since loading an unowned reference
        // to a layer in its deinit stops the program (the reference reads nil from here on).
        referenceStorage?.clear()
        for c in sublayerList { c.parent = nil }
        maskLayer?.maskedLayer = nil
    }

    /// Copies every model property (``LayerProperty`` values and the rest) from `other`.
    open func copyProperties(from other: Layer) {
        bounds = other.bounds; position = other.position; zPosition = other.zPosition
        anchorPoint = other.anchorPoint; anchorPointZ = other.anchorPointZ
        transform = other.transform; sublayerTransform = other.sublayerTransform
        opacity = other.opacity; isHidden = other.isHidden; masksToBounds = other.masksToBounds
        backgroundColor = other.backgroundColor; cornerRadius = other.cornerRadius; maskedCorners = other.maskedCorners
        borderWidth = other.borderWidth; borderColor = other.borderColor
        shadowColor = other.shadowColor; shadowOpacity = other.shadowOpacity; shadowOffset = other.shadowOffset
        shadowRadius = other.shadowRadius; shadowPath = other.shadowPath
        contentsRect = other.contentsRect; contentsGravity = other.contentsGravity; contentsScale = other.contentsScale
        contents = other.contents; contentsBeginTime = other.contentsBeginTime; contentsCenter = other.contentsCenter
        contentsTintColor = other.contentsTintColor
        isDoubleSided = other.isDoubleSided; shouldRasterize = other.shouldRasterize
        beginTime = other.beginTime; speed = other.speed; timeOffset = other.timeOffset
        backingStore = other.backingStore
    }

    // MARK: Tree (CA1; the operations are in Layer+Tree.swift)

    /// The layer whose ``mask`` this layer is.
    /// Cleared, like ``superlayer``, when the owner lets the mask go or goes away.
    public var maskOwner: Layer? { maskedLayer }
    unowned var maskedLayer: Layer? { didSet { isMasking = maskedLayer != nil } }

    /// A name for messages: ``name``, or the type and address.
    public var debugName: String {
        if let name { return "\(type(of: self)) '\(name)'" }
        return "\(type(of: self))@\(String(UInt(bitPattern: ObjectIdentifier(self).hashValue), radix: 16))"
    }

    /// Reports a misuse or bad input through the engine's diagnostics (kept on the layer when
    /// it is not hosted).
    public func report(_ message: String) {
        if let e = engine ?? superlayer?.engine { e.report(message) } else { LayerEngine.reportDetached(message) }
    }

    // MARK: Explicit animations (CA4; the work is in Layer+Animation.swift)

    /// Adds a copy of `animation` under `key` (replacing an animation with that key, which stops
    /// unfinished), as `add(_:forKey:)`. An animation whose key path the layer does not have, or
    /// whose values are of the wrong type or not finite, is reported (naming the layer and the
    /// key path) and not added; nothing else changes.
    open func add(_ animation: Animation, forKey key: String?) { addAnimation(animation, forKey: key) }
    /// The animation added under `key` (a copy of what was added; changing it changes nothing).
    open func animation(forKey key: String) -> Animation? { runningAnimation(forKey: key) }
    /// The keys of the running animations, in the order they were added.
    open func animationKeys() -> [String]? { runningAnimationKeys() }
    /// Removes the animation under `key`; its delegate hears `finished: false`.
    open func removeAnimation(forKey key: String) { removeRunningAnimation(forKey: key) }
    /// Removes every animation; their delegates hear `finished: false`.
    open func removeAllAnimations() { removeRunningAnimations() }

    // MARK: Change notification

    /// A property changed from `old`: validates the new value, runs the action (CA7) and
    /// flags rendering.
    func changed(_ property: LayerProperty, _ old: LayerValue) {
        if isCopy { return }          // a presentation copy is hosted nowhere: nothing to tell
        let new = value(for: property)
        if !new.isFinite { refuseNonFinite(property, new: new, old: old); return }
        if property == .bounds, needsDisplayOnBoundsChange, case .rect(let o) = old, o.size != bounds.size { setNeedsDisplay() }
        if !isApplyingWithoutActions, let e = engine, new != old { e.propertyDidChange(self, property, from: old) }
        renderingDidChange(property)
    }

    /// ``changed(_:_:)`` for a property whose setter has both values typed (LT11): the same
    /// checks, action and notification, with the values compared as their type and boxed only
    /// for an action or a report (a set that runs no action boxes nothing).
    @inline(__always)
    func changed<Value: LayerPropertyValue>(_ property: LayerProperty, from old: Value, to new: Value) {
        if isCopy { return }
        guard new.isFiniteValue else { refuseNonFinite(property, new: new.layerValue, old: old.layerValue); return }
        if old != new, runsImplicitActions, !isApplyingWithoutActions, let e = engine {
            e.propertyDidChange(self, property, from: old.layerValue)
        }
        renderingDidChange(property)
    }

    /// A property was set to a value that is not finite: reported, and `old` put back.
    @inline(never)
    private func refuseNonFinite(_ property: LayerProperty, new: LayerValue, old: LayerValue) {
        report("\(property.key) of \(debugName): \(new) is not finite; the value was ignored")
        isApplyingWithoutActions = true
        setValue(old, for: property)
        isApplyingWithoutActions = false
    }

    /// Tells the host that what ``renderContent(into:)`` appends changed: kinds defined outside
    /// this module that draw from their own state (a Lottie shape layer) call it.
    public func setNeedsRender() { contentDidChange() }

    /// Something drawn changed: the host of the tree repaints. A layer whose group the host has
    /// queued in the engine's current batch (``hostDidQueue(in:)``) tells the engine only: the
    /// host re-emits the group as it is when it commits, so a frame that sets several properties
    /// of one layer tells its host once (LT11).
    func contentDidChange() {
        changesSinceEmission = .max
        tellHosts()
    }

    /// `property` changed: the host repaints, and the renderer knows which property it was
    /// (``changesSinceEmission``).
    @inline(__always)
    private func renderingDidChange(_ property: LayerProperty) {
        changesSinceEmission |= property.bit
        tellHosts()
    }

    /// The engine and, unless it has queued the layer in the current batch, the host.
    @inline(__always)
    private func tellHosts() {
        guard let e = engine else { hostDidChange(); return }
        e.layerNeedsRender(self)
        if queuedBatch == e.hostBatch { return }
        hostDidChange()
    }

    /// Called by a host (a window) that has queued this layer's group for its next commit, which
    /// re-emits the group as the layer is then: until `engine`'s batch ends
    /// (``LayerEngine/endHostBatch()``), changes of the layer tell the engine but not the host.
    /// Nothing happens when the layer is not in `engine`'s tree.
    package func hostDidQueue(in engine: LayerEngine) {
        guard engineID == ObjectIdentifier(engine) else { return }
        queuedBatch = engine.hostBatch
    }

    /// Sublayers were added, removed or reordered.
    func structureDidChange() {
        changesSinceEmission = .max
        engine?.layerNeedsRender(self)
        hostDidChange()
    }

    /// Tells the root of the tree (a view's layer, say) through its ``renderingDidChange``.
    /// - Complexity: O(depth).
    @inline(__always)
    func hostDidChange() {
        guard !isCopy else { return }
        var l = self, changed = self
        while true {
            if let s = l.superlayer { l = s; continue }
            // The flag first: reading the owner (an `unowned` variable) is checked at run time.
            guard l.isMasking, let o = l.maskOwner else { break }
            changed = o                                   // a mask draws as its owner's clip
            o.changesSinceEmission = .max
            l = o
        }
        l.renderingDidChange?(changed)
    }

    private func timingDidChange() {
        if let e = engine { e.layerTimingDidChange(self) }
        contentDidChange()
    }

    // MARK: Values by property (for animations and key-value access)

    /// The model value of `property` (subclasses add theirs and call `super`).
    open func value(for property: LayerProperty) -> LayerValue {
        switch property {
        case .bounds: .rect(bounds)
        case .position: .point(position)
        case .zPosition: .number(zPosition)
        case .anchorPoint: .point(anchorPoint)
        case .anchorPointZ: .number(anchorPointZ)
        case .transform: .transform(transform)
        case .sublayerTransform: .transform(sublayerTransform)
        case .opacity: .number(opacity)
        case .hidden: .number(isHidden ? 1 : 0)
        case .masksToBounds: .number(masksToBounds ? 1 : 0)
        case .backgroundColor: .color(backgroundColor ?? .clear)
        case .cornerRadius: .number(cornerRadius)
        case .borderWidth: .number(borderWidth)
        case .borderColor: .color(borderColor ?? .clear)
        case .shadowColor: .color(shadowColor ?? .clear)
        case .shadowOpacity: .number(shadowOpacity)
        case .shadowOffset: .size(shadowOffset)
        case .shadowRadius: .number(shadowRadius)
        case .shadowPath: .path(shadowPath ?? Path())
        case .contentsRect: .rect(contentsRect)
        default: .number(0)
        }
    }

    /// Sets `property` from a value of its kind (subclasses add theirs and call `super`).
    open func setValue(_ value: LayerValue, for property: LayerProperty) {
        switch (property, value) {
        case (.bounds, .rect(let v)): bounds = v
        case (.position, .point(let v)): position = v
        case (.zPosition, .number(let v)): zPosition = v
        case (.anchorPoint, .point(let v)): anchorPoint = v
        case (.anchorPointZ, .number(let v)): anchorPointZ = v
        case (.transform, .transform(let v)): transform = v
        case (.sublayerTransform, .transform(let v)): sublayerTransform = v
        case (.opacity, .number(let v)): opacity = v
        case (.hidden, .number(let v)): isHidden = v >= 0.5
        case (.masksToBounds, .number(let v)): masksToBounds = v >= 0.5
        case (.backgroundColor, .color(let v)): backgroundColor = v
        case (.cornerRadius, .number(let v)): cornerRadius = v
        case (.borderWidth, .number(let v)): borderWidth = v
        case (.borderColor, .color(let v)): borderColor = v
        case (.shadowColor, .color(let v)): shadowColor = v
        case (.shadowOpacity, .number(let v)): shadowOpacity = v
        case (.shadowOffset, .size(let v)): shadowOffset = v
        case (.shadowRadius, .number(let v)): shadowRadius = v
        case (.shadowPath, .path(let v)): shadowPath = v.elements.isEmpty ? nil : v
        case (.contentsRect, .rect(let v)): contentsRect = v
        default: break
        }
    }

    /// Whether this kind of layer has `property` (the base has the ``Layer`` ones).
    nonisolated open class func hasProperty(_ property: LayerProperty) -> Bool { property.rawValue <= LayerProperty.contentsRect.rawValue }

    // MARK: Display

    /// Appends the layer's own content in its coordinates (after its background, before its
    /// sublayers and border): the base appends what `draw(in:)` recorded; kinds such as
    /// ``ShapeLayer`` append theirs after calling `super`. The renderer calls it on the
    /// presentation (or the model when nothing animates).
    open func renderContent(into list: inout [DrawCommand]) {
        if let contents { appendContents(contents, in: bounds, mediaTime: contentsMediaTime, into: &list) }
        if !drawnContent.isEmpty { list.append(contentsOf: drawnContent) }
    }

    /// A running transition's snapshot of the rendering it replaces (on the model layer, in the
    /// layer's own coordinates), and its kind, side and progress (on the presentation).
    var transitionSnapshot: [DrawCommand]?
    var transitionState: (kind: TransitionAnimation.Kind, side: TransitionAnimation.Subtype, progress: Double)?

    /// Called by the renderer just before ``renderContent(into:)`` on the layer it draws (the
    /// presentation, or the model), with the model, the media time drawn and the host's font
    /// metrics: kinds whose content depends on them (emitters, text) take what they need.
    func prepareToRender(model: Layer, mediaTime: Double, fonts: FontSystem?) {
        if contents?.images != nil { contentsMediaTime = mediaTime }
    }
    /// The media time the layer is being drawn at (set for animated contents).
    var contentsMediaTime = 0.0

    /// Whether the layer's drawing changes every frame by itself (an emitter with cells, an
    /// animated image): the engine then re-renders it each frame while it is hosted.
    var changesContinuously: Bool { (contents?.images?.count ?? 0) > 1 || timedContent?.isRunning == true }

    /// Content that is a function of this layer's local time (a Lottie composition): while the
    /// layer is hosted and the content runs, the engine shows it at the layer's local time in
    /// each frame's animation phase, before anything is drawn. The time goes through the
    /// layer's and its ancestors' beginTime, speed and timeOffset (CA6), so pausing the layer
    /// pauses the content as it pauses the layer's animations. Not retained.
    public weak var timedContent: (any TimedContent)? { didSet { timedContentDidChange() } }

    /// Tells the engine that ``timedContent`` started or stopped running.
    public func timedContentDidChange() {
        if changesContinuously { engine?.layerChangesContinuously(self) }
    }

    /// The outline the shadow follows when ``shadowPath`` is nil: the rounded bounds when the
    /// layer has a background, else nothing (subclasses with shapes override).
    var contentSilhouette: Path? {
        guard let bg = backgroundColor, bg.alpha > 0 else { return nil }
        return boundsPath()
    }

    /// Flags the layer's content for redrawing in the next display pass.
    public func setNeedsDisplay() {
        guard !needsDisplayFlag else { return }
        isFlaggedForDisplay = true
        engine?.layerNeedsDisplay(self)
    }

    /// Whether the content is flagged for redrawing.
    public func needsDisplay() -> Bool { needsDisplayFlag }

    /// Redraws now when flagged.
    public func displayIfNeeded() { if needsDisplayFlag { display() } }

    /// Updates the content: asks the delegate's `display(_:)`, else records ``draw(in:)`` (and
    /// the delegate's `draw(_:in:)`) into the backing store. Called by the display pass.
    open func display() {
        isFlaggedForDisplay = false
        if delegate?.display(self) == true { contentDidChange(); return }
        let canvas = Canvas(fontSystem: engine?.fontSystem)
        canvas.begin(bounds)
        draw(in: canvas)
        delegate?.draw(self, in: canvas)
        var drawn = backingStore
        backingStore = []
        canvas.swapCommands(with: &drawn)
        backingStore = drawn
        contentDidChange()
    }

    /// Draws the layer's content in its own coordinates. The base draws nothing; subclasses
    /// override. Never call it directly: flag with ``setNeedsDisplay()``.
    open func draw(in context: Canvas) {}

    /// Whether a change of `key` flags the layer for display (subclasses override; CA's
    /// `needsDisplay(forKey:)`).
    open class func needsDisplay(forKey key: String) -> Bool { false }

    // MARK: Layout

    /// Flags the layer for ``layoutSublayers()`` in the next layout pass.
    public func setNeedsLayout() {
        needsLayoutFlag = true
        engine?.layerNeedsLayout(self)
    }
    /// Whether ``setNeedsLayout()`` flagged the layer and the layout pass has not run yet.
    public internal(set) var needsLayoutFlag = false
    /// Whether the layer is flagged for layout.
    public func needsLayout() -> Bool { needsLayoutFlag }
    /// Lays out now when flagged.
    public func layoutIfNeeded() {
        if needsLayoutFlag { needsLayoutFlag = false; layoutSublayers() }
        for c in children where c.needsLayoutFlag { c.layoutIfNeeded() }
    }
    /// Lays out the sublayers; the base asks the delegate. Override to lay out by hand.
    open func layoutSublayers() { delegate?.layoutSublayers(of: self) }
}
