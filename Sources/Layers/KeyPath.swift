import Geometry

/// An animatable property of a layer kind, by Core Animation's key (`"position"`,
/// `"strokeEnd"`, …).
public enum LayerProperty: Int, Sendable, CaseIterable, CustomStringConvertible {
    // Layer
    /// The base layer's animatable properties.
    case bounds, position, zPosition, anchorPoint, anchorPointZ, transform, sublayerTransform, opacity
    /// The base layer's animatable properties (continued).
    case hidden, masksToBounds, backgroundColor, cornerRadius, borderWidth, borderColor
    /// The base layer's shadow and contents rectangle.
    case shadowColor, shadowOpacity, shadowOffset, shadowRadius, shadowPath, contentsRect
    // ShapeLayer
    /// ``ShapeLayer``'s animatable properties.
    case path, fillColor, strokeColor, lineWidth, miterLimit, lineDashPhase, strokeStart, strokeEnd
    // GradientLayer
    /// ``GradientLayer``'s animatable properties.
    case colors, locations, startPoint, endPoint
    // ReplicatorLayer
    /// ``ReplicatorLayer``'s animatable properties.
    case instanceDelay, instanceTransform, instanceColor
    /// ``ReplicatorLayer``'s per-copy colour offsets.
    case instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset
    // TextLayer
    /// ``TextLayer``'s animatable properties.
    case fontSize, foregroundColor
    // EmitterLayer
    /// ``EmitterLayer``'s animatable properties.
    case emitterPosition, emitterZPosition, emitterSize, birthRate, lifetime, velocity, scale, spin

    /// The kind of the whole property's value.
    public var kind: LayerValue.Kind {
        switch self {
        case .bounds, .contentsRect: .rect
        case .position, .anchorPoint, .startPoint, .endPoint, .emitterPosition: .point
        case .shadowOffset, .emitterSize: .size
        case .transform, .sublayerTransform, .instanceTransform: .transform
        case .backgroundColor, .borderColor, .shadowColor, .fillColor, .strokeColor, .instanceColor, .foregroundColor: .color
        case .shadowPath, .path: .path
        case .colors: .colors
        case .locations: .numbers
        default: .number
        }
    }

    /// Bit for sets of properties (there are fewer than 64).
    var bit: UInt64 { 1 << UInt64(rawValue) }

    /// Core Animation's key for the property.
    public var key: String { Self.keys[rawValue] }
    /// The property's Core Animation key.
    public var description: String { key }

    /// The property whose key is `key`.
    public init?(key: String) {
        guard let p = Self.byKey[key] else { return nil }
        self = p
    }

    static let keys: [String] = [
        "bounds", "position", "zPosition", "anchorPoint", "anchorPointZ", "transform", "sublayerTransform", "opacity", "hidden", "masksToBounds", "backgroundColor", "cornerRadius", "borderWidth", "borderColor", "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "shadowPath", "contentsRect", "path", "fillColor", "strokeColor", "lineWidth", "miterLimit", "lineDashPhase", "strokeStart", "strokeEnd", "colors", "locations", "startPoint", "endPoint", "instanceDelay", "instanceTransform", "instanceColor", "instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset", "fontSize", "foregroundColor", "emitterPosition", "emitterZPosition", "emitterSize", "birthRate", "lifetime", "velocity", "scale", "spin",
    ]
    private static let byKey: [String: LayerProperty] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.key, $0) })
}

/// A part of a property's value named by the rest of a key path (`position.x`,
/// `bounds.size.width`, `transform.rotation.z`, `sublayerTransform.m34`).
public enum KeyPathComponent: String, Sendable, CaseIterable {
    /// Parts of a point, size or rect.
    case x, y, width, height, origin, size
    /// Parts of a rect's origin and size.
    case originX = "origin.x", originY = "origin.y", sizeWidth = "size.width", sizeHeight = "size.height"
    /// A transform's rotation in radians (`rotation` is about z).
    case rotation, rotationX = "rotation.x", rotationY = "rotation.y", rotationZ = "rotation.z"
    /// A transform's scale factors (`scale` sets x, y and z alike).
    case scale, scaleX = "scale.x", scaleY = "scale.y", scaleZ = "scale.z"
    /// A transform's translation in points.
    case translation, translationX = "translation.x", translationY = "translation.y", translationZ = "translation.z"
    /// One entry of a 4x4 transform matrix (`m34` gives perspective).
    case m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44

    /// The kind of value the component carries.
    public var kind: LayerValue.Kind {
        switch self {
        case .origin: .point
        case .size, .translation: .size
        default: .number
        }
    }

    /// Whether this component applies to a property value of `kind`.
    func applies(to kind: LayerValue.Kind) -> Bool {
        switch self {
        case .x, .y: kind == .point
        case .width, .height: kind == .size
        case .origin, .size, .originX, .originY, .sizeWidth, .sizeHeight: kind == .rect
        default: kind == .transform
        }
    }
}

/// A parsed key path: a property and an optional component of it. Parsed once when an
/// animation is added or a value set by key path, never per frame.
public struct LayerKeyPath: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The property the key path starts with.
    public let property: LayerProperty
    /// The part of it named after the first dot; nil for the whole value.
    public let component: KeyPathComponent?

    /// Parses `string` ("opacity", "position.x", "transform.rotation.z"); nil when it names no
    /// animatable property or no part of one.
    public init?(_ string: String) {
        let dot = string.firstIndex(of: ".")
        let head = dot.map { String(string[..<$0]) } ?? string
        guard let p = LayerProperty(key: head) else { return nil }
        guard let dot else { property = p; component = nil; return }
        let rest = String(string[string.index(after: dot)...])
        guard let c = KeyPathComponent(rawValue: rest), c.applies(to: p.kind) else { return nil }
        property = p
        component = c
    }

    /// The key path of `property`, or of its `component`, not checked against the property's kind.
    public init(_ property: LayerProperty, _ component: KeyPathComponent? = nil) {
        self.property = property
        self.component = component
    }

    /// The kind of value an animation of this key path carries.
    public var kind: LayerValue.Kind { component?.kind ?? property.kind }

    /// The key path as Core Animation spells it ("position.x").
    public var description: String { component.map { "\(property.key).\($0.rawValue)" } ?? property.key }

    /// The component's value inside the property's `whole` value.
    public func extract(from whole: LayerValue) -> LayerValue {
        guard let component else { return whole }
        switch (component, whole) {
        case (.x, .point(let p)): return .number(p.x)
        case (.y, .point(let p)): return .number(p.y)
        case (.width, .size(let s)): return .number(s.width)
        case (.height, .size(let s)): return .number(s.height)
        case (.origin, .rect(let r)): return .point(r.origin)
        case (.size, .rect(let r)): return .size(r.size)
        case (.originX, .rect(let r)): return .number(r.minX)
        case (.originY, .rect(let r)): return .number(r.minY)
        case (.sizeWidth, .rect(let r)): return .number(r.width)
        case (.sizeHeight, .rect(let r)): return .number(r.height)
        case (_, .transform(let t)): return TransformParts.extract(component, from: t)
        default: return whole
        }
    }

    /// `whole` with the component replaced by `part`.
    public func inject(_ part: LayerValue, into whole: LayerValue) -> LayerValue {
        guard let component else { return part }
        switch (component, whole, part) {
        case (.x, .point(var p), .number(let v)): p.x = v; return .point(p)
        case (.y, .point(var p), .number(let v)): p.y = v; return .point(p)
        case (.width, .size(var s), .number(let v)): s.width = v; return .size(s)
        case (.height, .size(var s), .number(let v)): s.height = v; return .size(s)
        case (.origin, .rect(var r), .point(let v)): r.origin = v; return .rect(r)
        case (.size, .rect(var r), .size(let v)): r.size = v; return .rect(r)
        case (.originX, .rect(var r), .number(let v)): r.origin.x = v; return .rect(r)
        case (.originY, .rect(var r), .number(let v)): r.origin.y = v; return .rect(r)
        case (.sizeWidth, .rect(var r), .number(let v)): r.size.width = v; return .rect(r)
        case (.sizeHeight, .rect(var r), .number(let v)): r.size.height = v; return .rect(r)
        case (_, .transform(let t), _): return .transform(TransformParts.inject(part, component, into: t))
        default: return whole
        }
    }
}

/// Reading and writing the parts of a transform that key paths name, as Core Animation's
/// transform key paths do: rotation, scale and translation are read from the decomposed
/// transform and written by replacing that part and composing it again (so animating
/// `transform.rotation.z` keeps a scale the layer has); matrix entries are read and written
/// directly. A rotation is composed from its angle, so 0 to 2π turns a full circle.
enum TransformParts {
    static func extract(_ c: KeyPathComponent, from t: Transform3D) -> LayerValue {
        switch c {
        case .rotation, .rotationZ: return .number(atan2(t.m12, t.m11))
        case .rotationX: return .number(atan2(t.m23, t.m33))
        case .rotationY: return .number(atan2(-t.m13, t.m33))
        case .scale: return .number(length(t.m11, t.m12, t.m13))
        case .scaleX: return .number(length(t.m11, t.m12, t.m13))
        case .scaleY: return .number(length(t.m21, t.m22, t.m23))
        case .scaleZ: return .number(length(t.m31, t.m32, t.m33))
        case .translation: return .size(Size(width: t.m41, height: t.m42))
        case .translationX: return .number(t.m41)
        case .translationY: return .number(t.m42)
        case .translationZ: return .number(t.m43)
        default: return .number(entry(c, of: t))
        }
    }

    static func inject(_ part: LayerValue, _ c: KeyPathComponent, into t: Transform3D) -> Transform3D {
        var out = t
        switch (c, part) {
        case (.translation, .size(let s)): out.m41 = s.width; out.m42 = s.height; return out
        case (.translationX, .number(let v)): out.m41 = v; return out
        case (.translationY, .number(let v)): out.m42 = v; return out
        case (.translationZ, .number(let v)): out.m43 = v; return out
        case (.rotation, .number(let a)), (.rotationZ, .number(let a)): return replacingRotation(of: t, with: Transform3D(rotationAngle: a, x: 0, y: 0, z: 1))
        case (.rotationX, .number(let a)): return replacingRotation(of: t, with: Transform3D(rotationAngle: a, x: 1, y: 0, z: 0))
        case (.rotationY, .number(let a)): return replacingRotation(of: t, with: Transform3D(rotationAngle: a, x: 0, y: 1, z: 0))
        case (.scale, .number(let v)): return replacingScale(of: t, x: v, y: v, z: v)
        case (.scaleX, .number(let v)): return replacingScale(of: t, x: v, y: nil, z: nil)
        case (.scaleY, .number(let v)): return replacingScale(of: t, x: nil, y: v, z: nil)
        case (.scaleZ, .number(let v)): return replacingScale(of: t, x: nil, y: nil, z: v)
        case (_, .number(let v)): setEntry(c, of: &out, v); return out
        default: return t
        }
    }

    /// `t` with its rotation replaced by `rotation` (a pure rotation matrix), other parts kept.
    static func replacingRotation(of t: Transform3D, with rotation: Transform3D) -> Transform3D {
        if t.isIdentity { return rotation }
        guard var d = t.decomposed(), let r = rotation.decomposed() else { return rotation }
        d.quaternion = r.quaternion
        return Transform3D(d)
    }

    /// `t` with the given scale factors replaced, other parts kept.
    static func replacingScale(of t: Transform3D, x: Double?, y: Double?, z: Double?) -> Transform3D {
        if t.isIdentity { return Transform3D(scaleX: x ?? 1, y: y ?? 1, z: z ?? 1) }
        guard var d = t.decomposed() else { return Transform3D(scaleX: x ?? 1, y: y ?? 1, z: z ?? 1) }
        if let x { d.scale.x = x }
        if let y { d.scale.y = y }
        if let z { d.scale.z = z }
        return Transform3D(d)
    }

    static func length(_ a: Double, _ b: Double, _ c: Double) -> Double { (a * a + b * b + c * c).squareRoot() }

    static func entry(_ c: KeyPathComponent, of t: Transform3D) -> Double {
        switch c {
        case .m11: t.m11; case .m12: t.m12; case .m13: t.m13; case .m14: t.m14
        case .m21: t.m21; case .m22: t.m22; case .m23: t.m23; case .m24: t.m24
        case .m31: t.m31; case .m32: t.m32; case .m33: t.m33; case .m34: t.m34
        case .m41: t.m41; case .m42: t.m42; case .m43: t.m43; case .m44: t.m44
        default: 0
        }
    }

    static func setEntry(_ c: KeyPathComponent, of t: inout Transform3D, _ v: Double) {
        switch c {
        case .m11: t.m11 = v; case .m12: t.m12 = v; case .m13: t.m13 = v; case .m14: t.m14 = v
        case .m21: t.m21 = v; case .m22: t.m22 = v; case .m23: t.m23 = v; case .m24: t.m24 = v
        case .m31: t.m31 = v; case .m32: t.m32 = v; case .m33: t.m33 = v; case .m34: t.m34 = v
        case .m41: t.m41 = v; case .m42: t.m42 = v; case .m43: t.m43 = v; case .m44: t.m44 = v
        default: break
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Key-value access by key path (as `value(forKeyPath:)` and `setValue(_:forKeyPath:)`).
extension Layer {
    /// The value at `keyPath` ("position.x", "transform.rotation.z"), as `value(forKeyPath:)`;
    /// nil for a key path the layer does not have.
    public func value(forKeyPath keyPath: String) -> Any? {
        guard let k = LayerKeyPath(keyPath), type(of: self).hasProperty(k.property) else { return nil }
        return k.extract(from: value(for: k.property)).anyValue
    }

    /// Sets the value at `keyPath`, as `setValue(_:forKeyPath:)`. An unknown key path or a value
    /// of the wrong type is reported (naming the layer and key path) and ignored.
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        guard let k = LayerKeyPath(keyPath), type(of: self).hasProperty(k.property) else {
            report("setValue(_:forKeyPath:): \(debugName) has no animatable key path '\(keyPath)'; the call was ignored")
            return
        }
        guard let value, let typed = LayerValue(value, as: k.kind) else {
            report("setValue(_:forKeyPath:): '\(keyPath)' of \(debugName) takes a finite \(k.kind.rawValue); got \(value.map { "\($0)" } ?? "nil"). The call was ignored")
            return
        }
        setValue(k.inject(typed, into: self.value(for: k.property)), for: k.property)
    }
}
