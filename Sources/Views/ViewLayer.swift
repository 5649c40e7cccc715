import Geometry
import Layers

/// The layer backing a ``View`` (CA2), made with it. It holds the view's geometry and
/// appearance (``Layer/position`` is the view's center, ``Layer/opacity`` its alpha,
/// ``Layer/transform`` its transform, ``Layer/masksToBounds`` its clipsToBounds): the view has
/// no copy of its own, and setting either side sets the one value. A change animates the way
/// the view's changes do (inside a `View.animate` block only: the layer turns implicit actions
/// off). What is on screen is in its presentation layer (``onScreen``, the view's
/// ``View/presentation``), which the animation tick writes and the window draws. Explicit
/// animations added to it run on the layer engine and show on the view.
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
/// Its anchor point is where its position (the view's center) sits and what its transform
/// turns about, as in UIKit: changing it moves the view's frame, and setting the frame places
/// the position by it.
///
/// A 3D transform on it (a perspective, a turn about x or y) draws the view and its subviews
/// projected, as Core Animation flattens a layer into its superlayer's plane (their clips and
/// masks do not apply under it); the view's ``View/transform`` is its 2-D part, and hit-testing
/// and conversions use that part. View animation blocks animate 2-D transforms; a 3D one is
/// animated by a layer animation (`transform.rotation.y`, …). Not yet: animating the anchor
/// point.
@MainActor
final class ViewLayer: Layer {
    /// The view this layer backs; cleared by the view's deinit, so a layer kept past its view
    /// stands alone (MR3).
    unowned var view: View?

    /// The view's presentation layer: what is on screen this frame, the model or an
    /// animation's current value. The layer engine evaluates the layer's explicit animations
    /// into it (it is the layer's presentation for good once loaded), the view animation tick
    /// then writes the view's animations over them, and the window draws it. Nil on a
    /// presentation layer itself.
    private(set) var onScreen: ViewLayer?

    /// Bits of the view's properties (``AnimatableProperty``) an animation the view made drives
    /// now: a block, a keyframe block (from the moment it captures a keyframe, before its
    /// animation is added at the block's end) or a property animator's track. They are the
    /// view's animations of this layer, so the layer keeps them, not the view (AM5).
    var viewAnimatedProperties: UInt16 = 0
    /// Bits of the properties a keyframe block drives (they do not blend additively).
    var viewKeyframedProperties: UInt16 = 0

    /// A view's layer, with its presentation layer; the view sets ``view`` once it exists.
    init(onScreen: ViewLayer) {
        self.onScreen = onScreen
        super.init()
    }

    /// A presentation layer: its values are written by the tick, and it tells no one.
    override init(presentationStorage: Void) { super.init(presentationStorage: ()) }

    required init(layer: Layer) { super.init(layer: layer) }

    /// The view starts using its layer (something asked for ``View/layer``): its changes now
    /// reach the view's window.
    func load(for view: View) {
        name = view.identifier
        contentsGravity = view.contentMode.gravity
        // Through the view's reference, which the view's deinit clears: code may keep a view's
        // layer (or a sublayer's root) after the view is gone (MR3). Not a weak capture: a weak
        // reference gives the view a side table, and every retain and release of it then takes
        // the runtime's slow path (AM4: 0.63 M instructions a frame at 10,000 animated
        // properties); nor ``view``, an `unowned` variable, each read of which is checked at
        // run time (AM4: one a changed sublayer a frame).
        let reference = view.reference
        renderingDidChange = { changed in reference.object?.layerDidChange(changed) }
        hostCollectsPasses = true           // the window hears of passes once (Window.layers)
        // Every animation, the view's and explicit ones, is evaluated into what the view shows.
        if let shown = onScreen { adoptPresentation(shown) }
    }

    /// Takes a changed ``Layer/anchorPoint`` (the view's position stays; its frame moves, as in
    /// UIKit) into the presentation layer. True when it changed.
    func anchorPointDidChange() -> Bool {
        let a = stateAnchorPoint
        guard let shown = onScreen, a != shown.stateAnchorPoint else { return false }
        shown.stateAnchorPoint = a
        return true
    }

    /// A presentation copy takes the view's presentation values (the view's presentation
    /// itself is refreshed from the model, as any layer's).
    override func copyProperties(from other: Layer) {
        guard let vl = other as? ViewLayer, let shown = vl.onScreen, shown !== self else { super.copyProperties(from: other); return }
        super.copyProperties(from: other)
        guard vl.view != nil else { return }
        view = nil
        copyViewValues(from: shown)
    }

    // The view's values are this layer's state; a change through the layer goes through the
    // view's setter (animation blocks, layout, display), which writes the state. A layer with
    // no view (a presentation copy) is a plain layer.

    override var bounds: Rect {
        get { super.bounds }
        set { if let v = view { v.bounds = newValue } else { super.bounds = newValue } }
    }
    override var position: Point {
        get { super.position }
        set { if let v = view { v.center = newValue } else { super.position = newValue } }
    }
    override var transform: Transform3D {
        get { super.transform }
        set {
            guard let v = view else { super.transform = newValue; return }
            guard newValue.isAffine else { v.setLayerTransform3D(newValue); return }
            v.transform = newValue.affineTransform
        }
    }
    override var opacity: Double {
        get { super.opacity }
        set { if let v = view { v.alpha = newValue } else { super.opacity = newValue } }
    }
    override var isHidden: Bool {
        get { super.isHidden }
        set { if let v = view { v.isHidden = newValue } else { super.isHidden = newValue } }
    }
    override var masksToBounds: Bool {
        get { super.masksToBounds }
        set { if let v = view { v.clipsToBounds = newValue } else { super.masksToBounds = newValue } }
    }
    override var backgroundColor: Color? {
        get { super.backgroundColor }
        set { if let v = view { v.backgroundColor = newValue ?? .clear } else { super.backgroundColor = newValue } }
    }
    override var cornerRadius: Double {
        get { super.cornerRadius }
        set { if let v = view { v.cornerRadius = newValue } else { super.cornerRadius = newValue } }
    }
    override var borderWidth: Double {
        get { super.borderWidth }
        set { if let v = view { v.borderWidth = newValue } else { super.borderWidth = newValue } }
    }
    override var borderColor: Color? {
        get { super.borderColor }
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


    /// A property animator whose animation the app removes hears it at once (its completion
    /// runs now when that was its last), as the views' engine told it before its tracks were
    /// the layer's animations.
    override func removeAnimation(forKey key: String) {
        let track = super.animation(forKey: key)?.delegate as? AnimatorTrackEnd
        super.removeAnimation(forKey: key)
        track?.stoppedNow()
    }

    override func removeAllAnimations() {
        let tracks = (super.animationKeys() ?? []).compactMap { super.animation(forKey: $0)?.delegate as? AnimatorTrackEnd }
        super.removeAllAnimations()
        for t in tracks { t.stoppedNow() }
    }

    /// The view animates its own properties (in blocks); its layer runs no implicit actions.
    /// (An override rather than the layer being its own delegate: a weak reference to itself
    /// would slow every retain of it.)
    override func action(forKey event: String) -> (any Action)? { nil }
}

extension Layer {
    /// The view this layer backs, when it is a view's layer (Core Animation's layer delegate);
    /// nil for other layers and for presentation copies.
    public var backedView: View? { (self as? ViewLayer)?.view }
}
