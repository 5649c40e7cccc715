import Geometry
import RenderModel

/// A layer that draws its sublayers ``instanceCount`` times, as `CAReplicatorLayer`: each copy
/// is transformed by ``instanceTransform`` once more than the one before (about the
/// replicator's anchor point), runs its animations ``instanceDelay`` seconds later, and is
/// tinted by ``instanceColor`` plus the colour offsets times its index (CA3). A replicator
/// loader is one dot, a rotation per instance, and a delay.
@MainActor
open class ReplicatorLayer: Layer {
    /// How many copies (1: only the sublayers themselves).
    public var instanceCount: Int = 1 { didSet { if instanceCount < 0 { report("instanceCount of \(debugName) must not be negative; got \(instanceCount), kept \(oldValue)"); instanceCount = oldValue } else { contentDidChange() } } }
    /// Seconds by which each copy's animations lag the previous copy's.
    public var instanceDelay: Double = 0 { didSet { changed(.instanceDelay, .number(oldValue)) } }
    /// The transform from one copy to the next.
    public var instanceTransform: Transform3D = .identity { didSet { changed(.instanceTransform, .transform(oldValue)) } }
    /// The colour the first copy is multiplied by (default white: unchanged).
    public var instanceColor: Color? = .white { didSet { changed(.instanceColor, .color(oldValue ?? .white)) } }
    /// Added to the red component (0...1) of each copy after the first, cumulatively. Animatable.
    public var instanceRedOffset: Double = 0 { didSet { changed(.instanceRedOffset, .number(oldValue)) } }
    /// Added to the green component (0...1) of each copy after the first, cumulatively. Animatable.
    public var instanceGreenOffset: Double = 0 { didSet { changed(.instanceGreenOffset, .number(oldValue)) } }
    /// Added to the blue component (0...1) of each copy after the first, cumulatively. Animatable.
    public var instanceBlueOffset: Double = 0 { didSet { changed(.instanceBlueOffset, .number(oldValue)) } }
    /// Added to the alpha (0...1) of each copy after the first, cumulatively. Animatable.
    public var instanceAlphaOffset: Double = 0 { didSet { changed(.instanceAlphaOffset, .number(oldValue)) } }
    /// Whether copies keep their depth (ignored: copies are flattened, as without it).
    public var preservesDepth = false
    /// Whether the renderer has reported that this layer's copies reached its bound (once).
    var reportedCopyBound = false

    public override init() { super.init() }
    /// A copy of `layer` for the presentation tree; the engine calls it, an app does not.
    public required init(layer: Layer) { super.init(layer: layer) }

    open override func copyProperties(from other: Layer) {
        super.copyProperties(from: other)
        guard let o = other as? ReplicatorLayer else { return }
        instanceCount = o.instanceCount; instanceDelay = o.instanceDelay; instanceTransform = o.instanceTransform
        instanceColor = o.instanceColor; instanceRedOffset = o.instanceRedOffset; instanceGreenOffset = o.instanceGreenOffset
        instanceBlueOffset = o.instanceBlueOffset; instanceAlphaOffset = o.instanceAlphaOffset
        preservesDepth = o.preservesDepth
    }

    nonisolated open override class func hasProperty(_ property: LayerProperty) -> Bool {
        if super.hasProperty(property) { return true }
        return property.rawValue >= LayerProperty.instanceDelay.rawValue && property.rawValue <= LayerProperty.instanceAlphaOffset.rawValue
    }

    open override func value(for property: LayerProperty) -> LayerValue {
        switch property {
        case .instanceDelay: .number(instanceDelay)
        case .instanceTransform: .transform(instanceTransform)
        case .instanceColor: .color(instanceColor ?? .white)
        case .instanceRedOffset: .number(instanceRedOffset)
        case .instanceGreenOffset: .number(instanceGreenOffset)
        case .instanceBlueOffset: .number(instanceBlueOffset)
        case .instanceAlphaOffset: .number(instanceAlphaOffset)
        default: super.value(for: property)
        }
    }

    open override func setValue(_ value: LayerValue, for property: LayerProperty) {
        switch (property, value) {
        case (.instanceDelay, .number(let v)): instanceDelay = v
        case (.instanceTransform, .transform(let v)): instanceTransform = v
        case (.instanceColor, .color(let v)): instanceColor = v
        case (.instanceRedOffset, .number(let v)): instanceRedOffset = v
        case (.instanceGreenOffset, .number(let v)): instanceGreenOffset = v
        case (.instanceBlueOffset, .number(let v)): instanceBlueOffset = v
        case (.instanceAlphaOffset, .number(let v)): instanceAlphaOffset = v
        default: super.setValue(value, for: property)
        }
    }

    /// The colour copy `i` is multiplied by: ``instanceColor`` plus `i` times the offsets,
    /// each component clamped to 0...1.
    public func instanceTint(_ i: Int) -> Color {
        let c = instanceColor ?? .white
        let k = Double(i)
        func unit(_ v: Double) -> Double { min(max(v, 0), 1) }
        return Color(red: unit(c.red + k * instanceRedOffset), green: unit(c.green + k * instanceGreenOffset),
                     blue: unit(c.blue + k * instanceBlueOffset), alpha: unit(c.alpha + k * instanceAlphaOffset))
    }
}
