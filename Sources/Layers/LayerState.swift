import Geometry
import RenderModel

/// The values of a layer that each frame reads and animations write, kept together in one
/// internal stored property of ``Layer`` (its public properties are their accessors): the
/// engine, the renderer and the evaluation of animations reach them inside this module, where
/// the optimiser sees every access and needs no runtime exclusivity check (AM4), and a
/// presentation copy takes them in one assignment.
struct LayerState {
    // What views animate most (position, opacity, bounds) first, in one cache line.
    var position = Point.zero
    var opacity = 1.0
    var bounds = Rect.zero
    var zPosition = 0.0
    var anchorPoint = Point(x: 0.5, y: 0.5)
    var anchorPointZ = 0.0
    var transform = Transform3D.identity
    var sublayerTransform = Transform3D.identity
    var isHidden = false
    var masksToBounds = false
    var backgroundColor: Color?
    var cornerRadius = 0.0
    var maskedCorners = CornerMask.all
    var borderWidth = 0.0
    var borderColor: Color? = .black
    var shadowColor: Color? = .black
    var shadowOpacity = 0.0
    var shadowOffset = Size(width: 0, height: -3)
    var shadowRadius = 3.0
    var shadowPath: Path?
    var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)
    var contentsGravity = ContentsGravity.resize
    var isDoubleSided = true
    // Layer time (CA6): the begin time in the parent's time, the speed, the offset.
    var beginTime = 0.0
    var speed = 1.0
    var timeOffset = 0.0
}

// The public properties of the values no subclass overrides (the others, which a view's layer
// overrides, are declared in the class).
extension Layer {
    /// The layer's position on the z axis in points: among siblings, higher draws above. Animatable.
    public var zPosition: Double {
        get { state.zPosition }
        set { let old = state.zPosition; state.zPosition = newValue; changed(.zPosition, from: old, to: newValue) }
    }
    /// The point of the bounds that ``Layer/position`` places and transforms turn round, in unit coordinates ((0.5, 0.5), the centre, by default). Animatable.
    public var anchorPoint: Point {
        get { state.anchorPoint }
        set { let old = state.anchorPoint; state.anchorPoint = newValue; changed(.anchorPoint, from: old, to: newValue) }
    }
    /// The anchor point's z coordinate in points. Animatable.
    public var anchorPointZ: Double {
        get { state.anchorPointZ }
        set { let old = state.anchorPointZ; state.anchorPointZ = newValue; changed(.anchorPointZ, from: old, to: newValue) }
    }
    /// A transform applied to the sublayers (not the layer itself), round the bounds' centre; its `m34` gives them perspective. Animatable.
    public var sublayerTransform: Transform3D {
        get { state.sublayerTransform }
        set { let old = state.sublayerTransform; state.sublayerTransform = newValue; changed(.sublayerTransform, from: old, to: newValue) }
    }
    /// Which corners ``Layer/cornerRadius`` rounds (all four by default).
    public var maskedCorners: CornerMask {
        get { state.maskedCorners }
        set { state.maskedCorners = newValue; contentDidChange() }
    }
    /// The shadow's colour (opaque black by default; nil: none). Animatable.
    public var shadowColor: Color? {
        get { state.shadowColor }
        set { let old = state.shadowColor; state.shadowColor = newValue; changed(.shadowColor, .color(old ?? .clear)) }
    }
    /// The shadow's opacity 0...1; 0 (the default) draws no shadow. Animatable.
    public var shadowOpacity: Double {
        get { state.shadowOpacity }
        set { let old = state.shadowOpacity; state.shadowOpacity = newValue; changed(.shadowOpacity, from: old, to: newValue) }
    }
    /// How far the shadow is moved from the layer, in points ((0, -3) by default). Animatable.
    public var shadowOffset: Size {
        get { state.shadowOffset }
        set { let old = state.shadowOffset; state.shadowOffset = newValue; changed(.shadowOffset, from: old, to: newValue) }
    }
    /// The shadow's blur radius in points. Animatable.
    public var shadowRadius: Double {
        get { state.shadowRadius }
        set { let old = state.shadowRadius; state.shadowRadius = newValue; changed(.shadowRadius, from: old, to: newValue) }
    }
    /// The shadow's shape in the layer's coordinates; nil derives it from the bounds and corner radius. Animatable.
    public var shadowPath: Path? {
        get { state.shadowPath }
        set { let old = state.shadowPath; state.shadowPath = newValue; changed(.shadowPath, .path(old ?? Path())) }
    }
    /// The part of ``Layer/contents`` shown, in unit coordinates of the image ((0, 0, 1, 1): all of it). Animatable.
    public var contentsRect: Rect {
        get { state.contentsRect }
        set { let old = state.contentsRect; state.contentsRect = newValue; changed(.contentsRect, from: old, to: newValue) }
    }
    /// How ``contents`` is fitted to the bounds.
    public var contentsGravity: ContentsGravity {
        get { state.contentsGravity }
        set { state.contentsGravity = newValue; contentDidChange() }
    }
    /// Whether the back of the layer shows when a 3D transform turns it away.
    public var isDoubleSided: Bool {
        get { state.isDoubleSided }
        set { state.isDoubleSided = newValue; contentDidChange() }
    }
}

// Each access to ``Layer/state`` reads or writes one field and calls nothing while it lasts:
// the optimiser drops the runtime exclusivity check only when every access in the module is
// of that kind (a mutating method called on `state`, or `state` passed inout, brings the check
// back on every access).
extension Layer {
    /// The value of one of the base layer's properties in ``state``; nil for a subclass's
    /// property.
    @inline(__always)
    func stateValue(for property: LayerProperty) -> LayerValue? {
        switch property {
        case .bounds: .rect(state.bounds)
        case .position: .point(state.position)
        case .zPosition: .number(state.zPosition)
        case .anchorPoint: .point(state.anchorPoint)
        case .anchorPointZ: .number(state.anchorPointZ)
        case .transform: .transform(state.transform)
        case .sublayerTransform: .transform(state.sublayerTransform)
        case .opacity: .number(state.opacity)
        case .hidden: .number(state.isHidden ? 1 : 0)
        case .masksToBounds: .number(state.masksToBounds ? 1 : 0)
        case .backgroundColor: .color(state.backgroundColor ?? .clear)
        case .cornerRadius: .number(state.cornerRadius)
        case .borderWidth: .number(state.borderWidth)
        case .borderColor: .color(state.borderColor ?? .clear)
        case .shadowColor: .color(state.shadowColor ?? .clear)
        case .shadowOpacity: .number(state.shadowOpacity)
        case .shadowOffset: .size(state.shadowOffset)
        case .shadowRadius: .number(state.shadowRadius)
        case .shadowPath: .path(state.shadowPath ?? Path())
        case .contentsRect: .rect(state.contentsRect)
        default: nil
        }
    }

    /// Sets one of the base layer's properties in ``state`` from a value of its kind, telling
    /// no one; false for a subclass's property (or a value of another kind, which changes
    /// nothing).
    @inline(__always)
    func setState(_ value: LayerValue, for property: LayerProperty) -> Bool {
        switch (property, value) {
        case (.bounds, .rect(let v)): state.bounds = v
        case (.position, .point(let v)): state.position = v
        case (.zPosition, .number(let v)): state.zPosition = v
        case (.anchorPoint, .point(let v)): state.anchorPoint = v
        case (.anchorPointZ, .number(let v)): state.anchorPointZ = v
        case (.transform, .transform(let v)): state.transform = v
        case (.sublayerTransform, .transform(let v)): state.sublayerTransform = v
        case (.opacity, .number(let v)): state.opacity = v
        case (.hidden, .number(let v)): state.isHidden = v >= 0.5
        case (.masksToBounds, .number(let v)): state.masksToBounds = v >= 0.5
        case (.backgroundColor, .color(let v)): state.backgroundColor = v
        case (.cornerRadius, .number(let v)): state.cornerRadius = v
        case (.borderWidth, .number(let v)): state.borderWidth = v
        case (.borderColor, .color(let v)): state.borderColor = v
        case (.shadowColor, .color(let v)): state.shadowColor = v
        case (.shadowOpacity, .number(let v)): state.shadowOpacity = v
        case (.shadowOffset, .size(let v)): state.shadowOffset = v
        case (.shadowRadius, .number(let v)): state.shadowRadius = v
        case (.shadowPath, .path(let v)): state.shadowPath = v.elements.isEmpty ? nil : v
        case (.contentsRect, .rect(let v)): state.contentsRect = v
        default: return false
        }
        return true
    }
}

extension Layer {
    /// The sublayer list, moved out to be changed and stored back: an array changed in place
    /// through the stored property (a mutating call on it) would cost every read of it a
    /// runtime exclusivity check (see the note above on ``Layer/state``).
    func takeSublayers() -> [Layer] {
        let list = sublayerList
        sublayerList = []
        return list
    }

    /// The running animations, moved out in the same way.
    func takeAnimations() -> [RunningAnimation] {
        let list = running
        running = []
        return list
    }
}
