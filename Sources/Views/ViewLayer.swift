import Geometry
import Layers

/// The layer backing a ``View`` (CA2): its geometry and appearance properties are the view's
/// own (``Layer/position`` is the view's center, ``Layer/opacity`` its alpha, ``Layer/transform``
/// its transform, ``Layer/masksToBounds`` its clipsToBounds), so setting either side sets both,
/// and a change animates the way the view's changes do (inside a `View.animate` block only: the
/// layer turns implicit actions off). Explicit animations added to it
/// run on the layer engine and show on the view.
///
/// The view's block, keyframe and property-animator animations are animations of this layer
/// (CA8): it lists them
/// among its ``Layer/animationKeys()``, describes them in ``Layer/animation(forKey:)``, stops
/// them in ``Layer/removeAnimation(forKey:)`` and ``Layer/removeAllAnimations()``, and they run
/// on its time, which runs in its superview's layer's time: pausing a view's layer (speed 0 and
/// a time offset, Core Animation's recipe) pauses the view animations and layer animations in
/// its whole subtree.
///
/// Property animators run on the layer time of the first view they animate, constraint-constant
/// animations on that of the view holding the constraint, and a timeline on its
/// ``AnimationTimeline/timingView``'s (a scene's timelines on its root view's); a playing
/// timeline is listed on that view's layer ("timeline", as an ``AnimationGroup``), and removing
/// it pauses it.
///
/// Not yet: a non-affine (3D) transform on a view's own layer (put 3D content in sublayers) and
/// an anchor point other than the centre.
@MainActor
final class ViewLayer: Layer {
    unowned(unsafe) var view: View?

    init(view: View) {
        self.view = view
        super.init()
        name = view.identifier
        renderingDidChange = { [unowned view] changed in view.layerDidChange(changed) }
        layersDidAnimate = { [unowned view] in view.window?.layersDidAnimate() }
    }

    required init(layer: Layer) { super.init(layer: layer) }

    /// A presentation copy takes the view's presentation values.
    override func copyProperties(from other: Layer) {
        super.copyProperties(from: other)
        guard let vl = other as? ViewLayer, let v = vl.view else { return }
        let p = v.presentation
        view = nil
        super.bounds = p.bounds
        super.position = p.center
        super.transform = Transform3D(p.transform)
        super.opacity = p.alpha
        super.backgroundColor = p.backgroundColor
        super.cornerRadius = p.cornerRadius
        super.borderWidth = p.borderWidth
        super.borderColor = p.borderColor
        super.isHidden = v.isHidden
        super.masksToBounds = v.clipsToBounds
    }

    override var bounds: Rect {
        get { view?.bounds ?? super.bounds }
        set { if let v = view { v.bounds = newValue } else { super.bounds = newValue } }
    }
    override var position: Point {
        get { view?.center ?? super.position }
        set { if let v = view { v.center = newValue } else { super.position = newValue } }
    }
    override var transform: Transform3D {
        get { view.map { Transform3D($0.transform) } ?? super.transform }
        set {
            guard let v = view else { super.transform = newValue; return }
            guard newValue.isAffine else {
                report("transform of \(debugName): a view's own layer takes 2-D transforms only for now; put 3-D content in a sublayer. The value was ignored")
                return
            }
            v.transform = newValue.affineTransform
        }
    }
    override var opacity: Double {
        get { view?.alpha ?? super.opacity }
        set { if let v = view { v.alpha = newValue } else { super.opacity = newValue } }
    }
    override var isHidden: Bool {
        get { view?.isHidden ?? super.isHidden }
        set { if let v = view { v.isHidden = newValue } else { super.isHidden = newValue } }
    }
    override var masksToBounds: Bool {
        get { view?.clipsToBounds ?? super.masksToBounds }
        set { if let v = view { v.clipsToBounds = newValue } else { super.masksToBounds = newValue } }
    }
    override var backgroundColor: Color? {
        get { view.map { $0.backgroundColor } ?? super.backgroundColor }
        set { if let v = view { v.backgroundColor = newValue ?? .clear } else { super.backgroundColor = newValue } }
    }
    override var cornerRadius: Double {
        get { view?.cornerRadius ?? super.cornerRadius }
        set { if let v = view { v.cornerRadius = newValue } else { super.cornerRadius = newValue } }
    }
    override var borderWidth: Double {
        get { view?.borderWidth ?? super.borderWidth }
        set { if let v = view { v.borderWidth = newValue } else { super.borderWidth = newValue } }
    }
    override var borderColor: Color? {
        get { view.map { $0.borderColor } ?? super.borderColor }
        set { if let v = view { v.borderColor = newValue ?? .clear } else { super.borderColor = newValue } }
    }

    // MARK: Layer time (CA8)

    /// A view's layer has no superlayer: its time runs in the nearest superview's layer's time.
    override var timeParent: Layer? { superlayer ?? view?.superview?.timingLayer ?? maskOwner }
    override var speed: Double { didSet { ownTimingDidChange() } }
    override var timeOffset: Double { didSet { ownTimingDidChange() } }
    override var beginTime: Double { didSet { ownTimingDidChange() } }

    /// From the first layer time of its own, the view engine runs view animations on layer time.
    private func ownTimingDidChange() {
        if hasOwnTiming, let engine = view?.window?.animations { engine.followsLayerTime = true }
    }

    // MARK: The view's animations (CA8)

    private var viewAnimations: AnimationEngine? { view?.window?.animations }

    override func add(_ animation: Animation, forKey key: String?) {
        // A key the view's animations use replaces that animation, as any key does.
        if let key, let v = view, let engine = viewAnimations { _ = engine.removeLayerAnimation(forKey: key, of: v) }
        super.add(animation, forKey: key)
    }

    override func animation(forKey key: String) -> Animation? {
        if let v = view, let engine = viewAnimations, let a = engine.layerAnimation(forKey: key, of: v) { return a }
        return super.animation(forKey: key)
    }

    /// The view's animations first (by key path: "position", "opacity", …, then "-2", "-3" for
    /// further additive ones of the same property), then the layer's explicit ones.
    override func animationKeys() -> [String]? {
        let views = view.flatMap { v in viewAnimations.map { $0.layerAnimationKeys(of: v) } } ?? []
        guard !views.isEmpty else { return super.animationKeys() }
        return views + (super.animationKeys() ?? [])
    }

    override func removeAnimation(forKey key: String) {
        if let v = view, let engine = viewAnimations, engine.removeLayerAnimation(forKey: key, of: v) { return }
        super.removeAnimation(forKey: key)
    }

    override func removeAllAnimations() {
        if let v = view, let engine = viewAnimations { engine.removeLayerAnimations(of: v) }
        super.removeAllAnimations()
    }

    /// The view animates its own properties (in blocks); its layer runs no implicit actions.
    /// (An override rather than the layer being its own delegate: a weak reference to itself
    /// would slow every retain of it.)
    override func action(forKey event: String) -> (any Action)? { nil }

    /// Whether explicit animations run on this layer.
    var hasRunningAnimations: Bool { presentationLayer != nil }

    /// Writes the values explicit layer animations drive into the view's presentation state.
    func overlayAnimations(on state: inout LayerState) {
        guard let p = presentationLayer else { return }
        if isAnimating(.position) { state.center = p.position }
        if isAnimating(.bounds) { state.bounds = p.bounds }
        if isAnimating(.transform) { state.transform = p.transform.affineTransform }
        if isAnimating(.opacity) { state.alpha = p.opacity }
        if isAnimating(.backgroundColor) { state.backgroundColor = p.backgroundColor ?? .clear }
        if isAnimating(.cornerRadius) { state.cornerRadius = p.cornerRadius }
        if isAnimating(.borderWidth) { state.borderWidth = p.borderWidth }
        if isAnimating(.borderColor) { state.borderColor = p.borderColor ?? .clear }
    }
}
