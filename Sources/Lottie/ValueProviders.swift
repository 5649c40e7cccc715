import Geometry

/// A path of names through an animation, as lottie-ios's `AnimationKeypath`: layer names (into
/// precompositions), group and item names, then a property ("Color", "Opacity", "Stroke Width",
/// "Position", "Scale", "Rotation", "Anchor Point", "Time Remap"; a layer's or group's transform
/// properties may be written under "Transform"). `*` matches one name, `**` any number.
public struct AnimationKeypath: Sendable, Hashable, CustomStringConvertible {
    /// The names in order, `*` and `**` included.
    public let keys: [String]
    /// Names separated by dots: "**.Fill 1.Color".
    public init(keypath: String) { keys = keypath.split(separator: ".", omittingEmptySubsequences: false).map(String.init) }
    /// The keypath of `keys`, one name each.
    public init(keys: [String]) { self.keys = keys }
    /// The names joined by dots, as a keypath string.
    public var description: String { keys.joined(separator: ".") }

    /// Whether the names `path` match the keypath.
    func matches(_ path: [String]) -> Bool {
        func match(_ k: Int, _ p: Int) -> Bool {
            if k == keys.count { return p == path.count }
            if keys[k] == "**" { return (p...path.count).contains { match(k + 1, $0) } }
            guard p < path.count, keys[k] == "*" || keys[k] == path[p] else { return false }
            return match(k + 1, p + 1)
        }
        return match(0, 0)
    }
}

/// What overrides a property: a value, or a function of the frame (lottie-ios's value
/// providers).
public protocol AnyValueProvider: Sendable {
    /// The property's value at `frame` as the animation stores it (colours 0...1 with alpha,
    /// opacities in percent, points as x and y).
    func storedValue(at frame: Double) -> LottieVector
}

/// Recolours fills and strokes.
public struct ColorValueProvider: AnyValueProvider {
    private let block: @Sendable (Double) -> Color
    /// A provider of one colour at every frame.
    public init(_ color: Color) { block = { _ in color } }
    /// A colour as a function of the frame.
    public init(block: @escaping @Sendable (Double) -> Color) { self.block = block }
    /// The colour at `frame` as red, green, blue and alpha, 0...1 each.
    public func storedValue(at frame: Double) -> LottieVector {
        let c = block(frame)
        return LottieVector(c.red, c.green, c.blue, c.alpha)
    }
}

/// A number: an opacity (percent), a stroke width, a rotation (degrees), a time remap (seconds).
public struct FloatValueProvider: AnyValueProvider {
    private let block: @Sendable (Double) -> Double
    /// A provider of one number at every frame.
    public init(_ value: Double) { block = { _ in value } }
    /// A number as a function of the frame.
    public init(block: @escaping @Sendable (Double) -> Double) { self.block = block }
    /// The number at `frame`, in the property's own units.
    public func storedValue(at frame: Double) -> LottieVector { LottieVector(block(frame), 0, 0, 0) }
}

/// A point: a position, an anchor, a scale (percent per axis).
public struct PointValueProvider: AnyValueProvider {
    private let block: @Sendable (Double) -> Point
    /// A provider of one point at every frame.
    public init(_ point: Point) { block = { _ in point } }
    /// A point as a function of the frame.
    public init(block: @escaping @Sendable (Double) -> Point) { self.block = block }
    /// The point at `frame` as x and y, in the property's own units.
    public func storedValue(at frame: Double) -> LottieVector { let p = block(frame); return LottieVector(p.x, p.y, 0, 0) }
}

/// Rewrites an animation's layers with value providers applied (the model stays as read).
struct ProviderRewriter {
    let providers: [(keypath: AnimationKeypath, provider: any AnyValueProvider)]
    let assets: [String: LottieAsset]

    /// The provider for the property at `path`, the last one set winning.
    func provider(_ path: [String]) -> (any AnyValueProvider)? {
        providers.last { $0.keypath.matches(path) }?.provider
    }

    func apply(_ p: inout Animatable<LottieVector>, _ path: [String]) {
        if let v = provider(path) { p = .provided { v.storedValue(at: $0) } }
    }

    func layers(_ layers: [LottieLayer], _ path: [String]) -> [LottieLayer] {
        layers.map { l in
            var l = l
            let here = path + [l.name]
            transform(&l.transform, here)
            if l.timeRemap != nil, let v = provider(here + ["Time Remap"]) { l.timeRemap = .provided { v.storedValue(at: $0) } }
            if case .shape(let items) = l.kind { l.kind = .shape(self.items(items, here)) }
            return l
        }
    }

    /// A precomposition's layers, rewritten under the path of the layer that uses it.
    func precomposition(_ id: String, _ path: [String], depth: Int) -> [LottieLayer]? {
        guard depth < 32, case .precomposition(let inner)? = assets[id] else { return nil }
        return layers(inner, path)
    }

    func transform(_ t: inout LottieTransform, _ path: [String]) {
        for prefix in [path, path + ["Transform"]] {
            apply(&t.position, prefix + ["Position"])
            apply(&t.scale, prefix + ["Scale"])
            apply(&t.rotation, prefix + ["Rotation"])
            apply(&t.opacity, prefix + ["Opacity"])
            apply(&t.anchor, prefix + ["Anchor Point"])
        }
    }

    func items(_ items: [ShapeItem], _ path: [String]) -> [ShapeItem] {
        items.map { item in
            switch item {
            case .group(let name, let sub, var t):
                let here = path + [name]
                transform(&t, here)
                return .group(name: name, items: self.items(sub, here), transform: t)
            case .fill(let name, var color, var opacity, let rule):
                apply(&color, path + [name, "Color"]); apply(&opacity, path + [name, "Opacity"])
                return .fill(name: name, color: color, opacity: opacity, rule: rule)
            case .stroke(let name, var color, var opacity, var style):
                apply(&color, path + [name, "Color"]); apply(&opacity, path + [name, "Opacity"])
                apply(&style.width, path + [name, "Stroke Width"])
                return .stroke(name: name, color: color, opacity: opacity, style: style)
            case .gradientFill(let name, let g, var opacity, let rule):
                apply(&opacity, path + [name, "Opacity"])
                return .gradientFill(name: name, gradient: g, opacity: opacity, rule: rule)
            case .gradientStroke(let name, let g, var opacity, var style):
                apply(&opacity, path + [name, "Opacity"]); apply(&style.width, path + [name, "Stroke Width"])
                return .gradientStroke(name: name, gradient: g, opacity: opacity, style: style)
            case .blended(let inner, let mode):
                return .blended(self.items([inner], path)[0], mode: mode)
            default:
                return item
            }
        }
    }
}
