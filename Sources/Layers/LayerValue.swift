import Geometry
import RenderModel

/// A value of an animatable layer property or of one of its components, as Core Animation's
/// animations carry them (`fromValue`, `toValue`, keyframe `values`), typed once when an
/// animation is added so a frame never converts or casts.
public enum LayerValue: Sendable, Equatable, CustomStringConvertible {
    /// A scalar: an opacity, a radius in points, a rotation in radians.
    case number(Double)
    /// A point in points.
    case point(Point)
    /// A size in points.
    case size(Size)
    /// A rectangle in points.
    case rect(Rect)
    /// A colour.
    case color(Color)
    /// A 3D transform.
    indirect case transform(Transform3D)
    /// A path, animated point by point between paths of the same elements.
    case path(Path)
    /// A gradient's colours.
    case colors([Color])
    /// A list of scalars (a gradient's locations).
    case numbers([Double])

    /// The kind of value, for type checks and messages.
    public enum Kind: String, Sendable, Equatable {
        /// The cases of ``LayerValue``, without their values.
        case number, point, size, rect, color, transform, path, colors, numbers
    }

    /// This value's kind.
    public var kind: Kind {
        switch self {
        case .number: .number
        case .point: .point
        case .size: .size
        case .rect: .rect
        case .color: .color
        case .transform: .transform
        case .path: .path
        case .colors: .colors
        case .numbers: .numbers
        }
    }

    /// Converts what an app passes as `fromValue` and friends (a number of any type, a Point,
    /// Size, Rect, Color, Transform3D, AffineTransform, Path or an array of colours or numbers)
    /// to a value of `kind`; nil when it is not one (the caller reports it). Non-finite numbers
    /// are refused.
    public init?(_ any: Any, as kind: Kind) {
        func finite(_ v: Double) -> Double? { v.isFinite ? v : nil }
        func number(_ a: Any) -> Double? {
            switch a {
            case let d as Double: finite(d)
            case let f as Float: finite(Double(f))
            case let i as Int: Double(i)
            case let b as Bool: b ? 1 : 0
            default: nil
            }
        }
        switch kind {
        case .number:
            guard let v = number(any) else { return nil }
            self = .number(v)
        case .point:
            guard let p = any as? Point, p.x.isFinite, p.y.isFinite else { return nil }
            self = .point(p)
        case .size:
            guard let s = any as? Size, s.width.isFinite, s.height.isFinite else { return nil }
            self = .size(s)
        case .rect:
            guard let r = any as? Rect, r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else { return nil }
            self = .rect(r)
        case .color:
            guard let c = any as? Color, c.red.isFinite, c.green.isFinite, c.blue.isFinite, c.alpha.isFinite else { return nil }
            self = .color(c)
        case .transform:
            if let t = any as? Transform3D {
                guard t.isFinite else { return nil }
                self = .transform(t)
            } else if let a = any as? AffineTransform {
                let t = Transform3D(a)
                guard t.isFinite else { return nil }
                self = .transform(t)
            } else {
                return nil
            }
        case .path:
            guard let p = any as? Path else { return nil }
            self = .path(p)
        case .colors:
            guard let c = any as? [Color] else { return nil }
            self = .colors(c)
        case .numbers:
            if let d = any as? [Double] { guard d.allSatisfy(\.isFinite) else { return nil }; self = .numbers(d) }
            else if let f = any as? [Float] { guard f.allSatisfy(\.isFinite) else { return nil }; self = .numbers(f.map(Double.init)) }
            else if let i = any as? [Int] { self = .numbers(i.map(Double.init)) }
            else { return nil }
        }
    }

    /// The value as an app reads it back (`Double`, `Point`, …, `Transform3D`).
    public var anyValue: Any {
        switch self {
        case .number(let v): v
        case .point(let v): v
        case .size(let v): v
        case .rect(let v): v
        case .color(let v): v
        case .transform(let v): v
        case .path(let v): v
        case .colors(let v): v
        case .numbers(let v): v
        }
    }

    /// The wrapped value's own description, for messages.
    public var description: String {
        switch self {
        case .number(let v): "\(v)"
        case .point(let v): "\(v)"
        case .size(let v): "\(v)"
        case .rect(let v): "\(v)"
        case .color(let v): "\(v)"
        case .transform(let v): "\(v)"
        case .path(let v): "path of \(v.elements.count) elements"
        case .colors(let v): "\(v)"
        case .numbers(let v): "\(v)"
        }
    }

    /// The number, when this is one.
    @inlinable public var number: Double? { if case .number(let v) = self { v } else { nil } }
}

extension LayerValue {
    /// `from + (to − from)·t`, exact at `t == 0` and `t == 1`. Transforms interpolate their
    /// decomposed parts (CA9); paths morph point by point when their elements match (CA3) and
    /// jump at the end otherwise; arrays of unequal length jump too. `t` may leave 0...1 (a
    /// spring or an overshooting curve extrapolates).
    public static func interpolate(_ from: LayerValue, _ to: LayerValue, _ t: Double) -> LayerValue {
        if t == 0 { return from }
        if t == 1 { return to }
        switch (from, to) {
        case (.number(let a), .number(let b)): return .number(lerp(a, b, t))
        case (.point(let a), .point(let b)): return .point(Point(x: lerp(a.x, b.x, t), y: lerp(a.y, b.y, t)))
        case (.size(let a), .size(let b)): return .size(Size(width: lerp(a.width, b.width, t), height: lerp(a.height, b.height, t)))
        case (.rect(let a), .rect(let b)):
            return .rect(Rect(x: lerp(a.minX, b.minX, t), y: lerp(a.minY, b.minY, t),
                              width: lerp(a.width, b.width, t), height: lerp(a.height, b.height, t)))
        case (.color(let a), .color(let b)): return .color(Color.interpolate(a, b, t))
        case (.transform(let a), .transform(let b)): return .transform(Transform3D.interpolate(a, b, t))
        case (.path(let a), .path(let b)): return Path.interpolate(a, b, t).map(LayerValue.path) ?? (t < 1 ? from : to)
        case (.colors(let a), .colors(let b)) where a.count == b.count:
            var out = a
            for i in out.indices { out[i] = Color.interpolate(a[i], b[i], t) }
            return .colors(out)
        case (.numbers(let a), .numbers(let b)) where a.count == b.count:
            var out = a
            for i in out.indices { out[i] = lerp(a[i], b[i], t) }
            return .numbers(out)
        default: return t < 1 ? from : to
        }
    }

    /// `a + b` for additive and cumulative animations: component sums; transforms concatenate
    /// (`b` applied first, then `a`, so an additive rotation turns the layer in its own frame);
    /// paths do not add (`b` wins).
    public static func sum(_ a: LayerValue, _ b: LayerValue) -> LayerValue {
        switch (a, b) {
        case (.number(let x), .number(let y)): return .number(x + y)
        case (.point(let x), .point(let y)): return .point(Point(x: x.x + y.x, y: x.y + y.y))
        case (.size(let x), .size(let y)): return .size(Size(width: x.width + y.width, height: x.height + y.height))
        case (.rect(let x), .rect(let y)):
            return .rect(Rect(x: x.minX + y.minX, y: x.minY + y.minY, width: x.width + y.width, height: x.height + y.height))
        case (.color(let x), .color(let y)):
            return .color(Color(red: x.red + y.red, green: x.green + y.green, blue: x.blue + y.blue, alpha: x.alpha + y.alpha))
        case (.transform(let x), .transform(let y)): return .transform(y.concatenating(x))
        case (.colors(let x), .colors(let y)) where x.count == y.count:
            var out = x
            for i in out.indices {
                out[i] = Color(red: x[i].red + y[i].red, green: x[i].green + y[i].green,
                               blue: x[i].blue + y[i].blue, alpha: x[i].alpha + y[i].alpha)
            }
            return .colors(out)
        case (.numbers(let x), .numbers(let y)) where x.count == y.count:
            var out = x
            for i in out.indices { out[i] = x[i] + y[i] }
            return .numbers(out)
        default: return b
        }
    }

    /// `a − b` (transforms: `a` after undoing `b`), the inverse of ``sum(_:_:)``.
    public static func difference(_ a: LayerValue, _ b: LayerValue) -> LayerValue {
        switch (a, b) {
        case (.transform(let x), .transform(let y)):
            guard let inv = y.inverted() else { return a }
            return .transform(inv.concatenating(x))
        default: return sum(a, scaled(b, by: -1))
        }
    }

    /// `v · k` component by component (transforms: the decomposed parts scaled, so `k` turns
    /// of a rotation; paths unchanged).
    public static func scaled(_ v: LayerValue, by k: Double) -> LayerValue {
        switch v {
        case .number(let x): return .number(x * k)
        case .point(let p): return .point(Point(x: p.x * k, y: p.y * k))
        case .size(let s): return .size(Size(width: s.width * k, height: s.height * k))
        case .rect(let r): return .rect(Rect(x: r.minX * k, y: r.minY * k, width: r.width * k, height: r.height * k))
        case .color(let c): return .color(Color(red: c.red * k, green: c.green * k, blue: c.blue * k, alpha: c.alpha * k))
        case .transform(let t):
            // k whole copies then the fraction: t^k for the common cumulative case of whole k.
            if k == k.rounded(), abs(k) <= 64 {
                var out = Transform3D.identity
                let step = k < 0 ? (t.inverted() ?? .identity) : t
                for _ in 0..<Int(abs(k)) { out = out.concatenating(step) }
                return .transform(out)
            }
            return .transform(Transform3D.interpolate(.identity, t, k))
        case .path: return v
        case .colors(let c): return .colors(c.map { Color(red: $0.red * k, green: $0.green * k, blue: $0.blue * k, alpha: $0.alpha * k) })
        case .numbers(let n): return .numbers(n.map { $0 * k })
        }
    }

    /// The distance between two values, for paced keyframes: Euclidean over the components
    /// (0 for values that have no distance, such as paths).
    public static func distance(_ a: LayerValue, _ b: LayerValue) -> Double {
        switch (a, b) {
        case (.number(let x), .number(let y)): return abs(x - y)
        case (.point(let p), .point(let q)): return ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
        case (.size(let p), .size(let q)):
            return ((p.width - q.width) * (p.width - q.width) + (p.height - q.height) * (p.height - q.height)).squareRoot()
        case (.rect(let p), .rect(let q)):
            let d = [p.minX - q.minX, p.minY - q.minY, p.width - q.width, p.height - q.height]
            return d.reduce(0) { $0 + $1 * $1 }.squareRoot()
        case (.color(let p), .color(let q)):
            let d = [p.red - q.red, p.green - q.green, p.blue - q.blue, p.alpha - q.alpha]
            return d.reduce(0) { $0 + $1 * $1 }.squareRoot()
        default: return 0
        }
    }

    /// Whether every number in the value is finite.
    public var isFinite: Bool {
        switch self {
        case .number(let v): v.isFinite
        case .point(let p): p.x.isFinite && p.y.isFinite
        case .size(let s): s.width.isFinite && s.height.isFinite
        case .rect(let r): r.minX.isFinite && r.minY.isFinite && r.width.isFinite && r.height.isFinite
        case .color(let c): c.red.isFinite && c.green.isFinite && c.blue.isFinite && c.alpha.isFinite
        case .transform(let t): t.isFinite
        case .path: true
        case .colors(let c): c.allSatisfy { $0.red.isFinite && $0.green.isFinite && $0.blue.isFinite && $0.alpha.isFinite }
        case .numbers(let n): n.allSatisfy(\.isFinite)
        }
    }
}

extension Transform3D {
    /// Whether all sixteen entries are finite.
    public var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m14.isFinite && m21.isFinite && m22.isFinite && m23.isFinite
            && m24.isFinite && m31.isFinite && m32.isFinite && m33.isFinite && m34.isFinite && m41.isFinite
            && m42.isFinite && m43.isFinite && m44.isFinite
    }
}

/// A property's value as a layer's setter has it (LT11): compared as its own type and boxed
/// into a ``LayerValue`` only when an action needs the old value, so a set that runs no action
/// (a Lottie frame's, a view's layer's) boxes nothing.
protocol LayerPropertyValue: Equatable {
    /// The value as the engine's actions and animations carry it.
    var layerValue: LayerValue { get }
    /// Whether every component is finite (what ``LayerValue/isFinite`` says of ``layerValue``).
    var isFiniteValue: Bool { get }
}

extension Double: LayerPropertyValue {
    var layerValue: LayerValue { .number(self) }
    var isFiniteValue: Bool { isFinite }
}

extension Bool: LayerPropertyValue {
    var layerValue: LayerValue { .number(self ? 1 : 0) }
    var isFiniteValue: Bool { true }
}

extension Point: LayerPropertyValue {
    var layerValue: LayerValue { .point(self) }
    var isFiniteValue: Bool { x.isFinite && y.isFinite }
}

extension Size: LayerPropertyValue {
    var layerValue: LayerValue { .size(self) }
    var isFiniteValue: Bool { width.isFinite && height.isFinite }
}

extension Rect: LayerPropertyValue {
    var layerValue: LayerValue { .rect(self) }
    var isFiniteValue: Bool { minX.isFinite && minY.isFinite && width.isFinite && height.isFinite }
}

extension Transform3D: LayerPropertyValue {
    var layerValue: LayerValue { .transform(self) }
    var isFiniteValue: Bool { isFinite }
}
