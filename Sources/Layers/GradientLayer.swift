import Geometry
import RenderModel

/// A layer that fills its bounds with a gradient, as `CAGradientLayer`: ``colors`` at
/// ``locations``, from ``startPoint`` to ``endPoint`` in unit coordinates of the bounds
/// ((0, 0) top left, (1, 1) bottom right), axial, radial or conic by ``type`` (CA3).
@MainActor
open class GradientLayer: Layer {
    /// Core Animation's gradient kinds (`CAGradientLayerType`).
    public typealias Kind = Gradient.Kind

    /// The gradient's colours, in order from its start. Animatable.
    public var colors: [Color]? { didSet { changed(.colors, .colors(oldValue ?? [])) } }
    /// Stop positions in 0...1, one per colour; nil spaces them evenly.
    public var locations: [Double]? { didSet { changed(.locations, .numbers(oldValue ?? [])) } }
    /// Where the gradient starts, in unit coordinates of the bounds (default the top centre). Animatable.
    public var startPoint = Point(x: 0.5, y: 0) { didSet { changed(.startPoint, .point(oldValue)) } }
    /// Where the gradient ends, in unit coordinates of the bounds (default the bottom centre). Animatable.
    public var endPoint = Point(x: 0.5, y: 1) { didSet { changed(.endPoint, .point(oldValue)) } }
    /// Axial (along start to end), radial (round start, reaching end) or conic (round start).
    public var type: Kind = .axial { didSet { contentDidChange() } }

    public override init() { super.init() }
    /// A copy of `layer` for the presentation tree; the engine calls it, an app does not.
    public required init(layer: Layer) { super.init(layer: layer) }

    open override func copyProperties(from other: Layer) {
        super.copyProperties(from: other)
        guard let o = other as? GradientLayer else { return }
        colors = o.colors; locations = o.locations; startPoint = o.startPoint; endPoint = o.endPoint; type = o.type
    }

    nonisolated open override class func hasProperty(_ property: LayerProperty) -> Bool {
        if super.hasProperty(property) { return true }
        return property.rawValue >= LayerProperty.colors.rawValue && property.rawValue <= LayerProperty.endPoint.rawValue
    }

    open override func value(for property: LayerProperty) -> LayerValue {
        switch property {
        case .colors: .colors(colors ?? [])
        case .locations: .numbers(locations ?? [])
        case .startPoint: .point(startPoint)
        case .endPoint: .point(endPoint)
        default: super.value(for: property)
        }
    }

    open override func setValue(_ value: LayerValue, for property: LayerProperty) {
        switch (property, value) {
        case (.colors, .colors(let v)): colors = v.isEmpty ? nil : v
        case (.locations, .numbers(let v)): locations = v.isEmpty ? nil : v
        case (.startPoint, .point(let v)): startPoint = v
        case (.endPoint, .point(let v)): endPoint = v
        default: super.setValue(value, for: property)
        }
    }

    /// The gradient in the layer's coordinates (start and end mapped from unit space).
    public var gradient: Gradient? {
        guard let colors, !colors.isEmpty else { return nil }
        let b = bounds
        func point(_ u: Point) -> Point { Point(x: b.minX + u.x * b.width, y: b.minY + u.y * b.height) }
        let locs = locations.flatMap { $0.count == colors.count ? $0 : nil }
        return Gradient(kind: type, colors: colors, locations: locs, startPoint: point(startPoint), endPoint: point(endPoint))
    }

    open override func renderContent(into list: inout [DrawCommand]) {
        super.renderContent(into: &list)
        guard let g = gradient, bounds.width > 0, bounds.height > 0 else { return }
        list.append(.fillShape(boundsPath(), .gradient(g), .nonZero))
    }
}
