import Geometry
import Timeline

/// The `layers` and `layerAnimations` sections (CA11): layers of Core Animation's kinds on
/// views' layers, and animations by key path, every value typed by its key path's kind.
extension SceneLoader.Reader {
    /// The most layers a scene may declare, and the most layer animations.
    static let maximumLayers = 100_000
    /// The most instances a replicator may draw, and the most elements of a path or list value.
    static let maximumInstances = 10_000
    static let maximumElements = 100_000

    /// Keys a layer entry takes besides Core Animation's animatable property keys.
    static let layerKeys: Set<String> = ["id", "view", "parent", "type", "frame", "fillRule", "lineCap", "lineJoin",
                                         "lineDashPattern", "gradientType", "instanceCount", "doubleSided", "speed", "timeOffset",
                                         "emitterShape", "emitterMode", "renderMode", "seed", "emitterCells", "string",
                                         "alignmentMode", "truncationMode", "wrapped"]

    func layers(_ v: JSONValue, views: [String: Int]) throws(SceneError) -> [LayerSpec] {
        guard case .array(let items, _) = v else { throw fail(v, "layers must be an array, found \(v.typeName)") }
        guard items.count <= Self.maximumLayers else { throw fail(v, "the scene declares \(items.count) layers; the limit is \(Self.maximumLayers)") }
        var out: [LayerSpec] = []
        var kinds: [String: LayerSpec.Kind] = [:]
        for item in items {
            let spec = try layer(item, views: views, layers: kinds)
            kinds[spec.id] = spec.kind
            out.append(spec)
        }
        return out
    }

    func layer(_ v: JSONValue, views: [String: Int], layers: [String: LayerSpec.Kind]) throws(SceneError) -> LayerSpec {
        guard case .object(let members, _) = v else { throw fail(v, "a layer must be an object, found \(v.typeName)") }
        guard let idValue = v["id"] else { throw fail(v, "a layer needs an \"id\"") }
        let id = try string(idValue, "id")
        guard views[id] == nil, layers[id] == nil else { throw fail(idValue, "duplicate id '\(id)': a view or layer listed earlier has it") }
        var kind = LayerSpec.Kind.layer
        if let t = v["type"] {
            let name = try string(t, "type")
            guard let k = LayerSpec.Kind(rawValue: name) else {
                throw fail(t, "unknown layer type '\(name)'; expected one of \(LayerSpec.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            kind = k
        }
        let host: LayerSpec.Host
        switch (v["view"], v["parent"]) {
        case (let view?, nil):
            let name = try string(view, "view")
            guard views[name] != nil else { throw fail(view, "unknown view '\(name)': expected 'root' or the id of a view") }
            host = .view(name)
        case (nil, let parent?):
            let name = try string(parent, "parent")
            guard layers[name] != nil else { throw fail(parent, "unknown parent layer '\(name)': expected the id of a layer listed earlier") }
            host = .layer(name)
        case (nil, nil): throw fail(v, "layer '\(id)' needs \"view\" (a view whose layer hosts it) or \"parent\" (a layer listed earlier)")
        case (_, let parent?): throw fail(parent, "layer '\(id)' has both \"view\" and \"parent\"; give one")
        }
        var spec = LayerSpec(id: id, kind: kind, host: host, location: v.location)
        for (key, value) in members where !["id", "type", "view", "parent"].contains(key) {
            switch key {
            case "frame":
                let f = try numbers(value, "frame", count: 4)
                guard f[2] >= 0, f[3] >= 0 else { throw fail(value, "frame width and height must not be negative") }
                spec.frame = Rect(x: f[0], y: f[1], width: f[2], height: f[3])
            case "fillRule": spec.fillRule = try choice(value, key, FillRule.self)
            case "lineCap": spec.lineCap = try choice(value, key, LineCap.self)
            case "lineJoin": spec.lineJoin = try choice(value, key, LineJoin.self)
            case "gradientType": spec.gradientType = try choice(value, key, Gradient.Kind.self)
            case "lineDashPattern":
                let dashes = try numberList(value, key)
                guard dashes.allSatisfy({ $0 >= 0 }) else { throw fail(value, "lineDashPattern lengths must not be negative") }
                spec.lineDashPattern = dashes
            case "instanceCount":
                let n = try number(value, key)
                guard n >= 0, n <= Double(Self.maximumInstances), n == n.rounded() else {
                    throw fail(value, "instanceCount must be a whole number from 0 to \(Self.maximumInstances), found \(n)")
                }
                spec.instanceCount = Int(n)
            case "doubleSided": spec.isDoubleSided = try bool(value, key)
            case "string", "alignmentMode", "truncationMode", "wrapped":
                guard kind == .text else { throw fail(value, "'\(key)' belongs to text layers; this is a \(kind.rawValue) layer") }
                switch key {
                case "string":
                    let text = try string(value, key)
                    guard text.unicodeScalars.count <= Self.maximumElements else { throw fail(value, "string is longer than \(Self.maximumElements) characters") }
                    spec.string = text
                case "alignmentMode": spec.alignmentMode = try choice(value, key, TextLayer.AlignmentMode.self)
                case "truncationMode": spec.truncationMode = try choice(value, key, TextLayer.TruncationMode.self)
                default: spec.isWrapped = try bool(value, key)
                }
            case "emitterShape", "emitterMode", "renderMode", "seed", "emitterCells":
                guard kind == .emitter else { throw fail(value, "'\(key)' belongs to emitter layers; this is a \(kind.rawValue) layer") }
                switch key {
                case "emitterShape": spec.emitterShape = try choice(value, key, EmitterLayer.Shape.self)
                case "emitterMode": spec.emitterMode = try choice(value, key, EmitterLayer.Mode.self)
                case "renderMode": spec.renderMode = try choice(value, key, EmitterLayer.RenderMode.self)
                case "seed":
                    let n = try number(value, key, limit: Double(UInt32.max))
                    guard n >= 0, n == n.rounded() else { throw fail(value, "seed must be a whole number from 0 to \(UInt32.max)") }
                    spec.seed = UInt32(n)
                default: spec.emitterCells = try emitterCells(value)
                }
            case "speed": spec.speed = try number(value, key, limit: 1e6)
            case "timeOffset": spec.timeOffset = try number(value, key, limit: 1e6)
            default:
                guard let property = LayerProperty(key: key) else {
                    throw fail(value, "unknown key '\(key)' in a layer; expected a layer property (\(LayerProperty.allCases.filter { kind.has($0) }.map(\.key).joined(separator: ", "))) or one of \(Self.layerKeys.sorted().joined(separator: ", "))")
                }
                guard kind.has(property) else { throw fail(value, "a \(kind.rawValue) layer has no '\(key)'") }
                spec.values.append((property, try layerValue(value, kind: property.kind, key)))
            }
        }
        return spec
    }

    /// An emitter's cells: `[{"birthRate": 20, "lifetime": 2, "velocity": 80, "emissionRange": 6.28,
    /// "color": "#ffcc00ff", "alphaSpeed": -0.5, "contentsSize": [6, 6], "contentsShape": "circle"}]`.
    func emitterCells(_ v: JSONValue) throws(SceneError) -> [EmitterCellSpec] {
        guard case .array(let items, _) = v, items.count <= 64 else { throw fail(v, "emitterCells must be an array of at most 64 cells") }
        var out: [EmitterCellSpec] = []
        for item in items {
            let members = try object(item, "an emitter cell", keys: Set(EmitterCellSpec.numberKeys + ["color", "contentsSize", "contentsShape"]))
            var cell = EmitterCellSpec()
            for (key, value) in members {
                switch key {
                case "color": cell.color = try color(value, key)
                case "contentsSize":
                    let s = try numbers(value, key, count: 2)
                    guard s[0] >= 0, s[1] >= 0 else { throw fail(value, "contentsSize must not be negative") }
                    cell.contentsSize = Size(width: s[0], height: s[1])
                case "contentsShape": cell.contentsShape = try choice(value, key, EmitterCell.ContentsShape.self)
                case "birthRate", "lifetime":
                    let n = try number(value, key)
                    guard n >= 0 else { throw fail(value, "\(key) must not be negative, found \(n)") }
                    cell.numbers[key] = n
                default: cell.numbers[key] = try number(value, key)
                }
            }
            out.append(cell)
        }
        return out
    }

    func layerAnimations(_ v: JSONValue, layers: [LayerSpec]) throws(SceneError) -> [LayerAnimationSpec] {
        guard case .array(let items, _) = v else { throw fail(v, "layerAnimations must be an array, found \(v.typeName)") }
        guard items.count <= Self.maximumLayers else { throw fail(v, "the scene declares \(items.count) layer animations; the limit is \(Self.maximumLayers)") }
        var kinds: [String: LayerSpec.Kind] = [:]
        for l in layers { kinds[l.id] = l.kind }
        var out: [LayerAnimationSpec] = []
        for item in items { out.append(try layerAnimation(item, layers: kinds)) }
        return out
    }

    func layerAnimation(_ v: JSONValue, layers: [String: LayerSpec.Kind]) throws(SceneError) -> LayerAnimationSpec {
        let members = try object(v, "a layer animation", keys: [
            "layer", "keyPath", "key", "at", "from", "to", "by", "values", "keyTimes", "path", "calculationMode", "rotationMode",
            "timingFunction", "timingFunctions", "duration", "repeatCount", "repeatDuration", "autoreverses", "fillMode",
            "additive", "cumulative", "removedOnCompletion", "speed", "timeOffset", "spring",
        ])
        guard let layerValue = v["layer"] else { throw fail(v, "a layer animation needs \"layer\": the id of a layer") }
        let layerID = try string(layerValue, "layer")
        guard let kind = layers[layerID] else { throw fail(layerValue, "unknown layer '\(layerID)': expected the id of a layer in \"layers\"") }
        guard let pathValue = v["keyPath"] else { throw fail(v, "a layer animation needs \"keyPath\" (\"position.x\", \"strokeEnd\", …)") }
        let keyPathString = try string(pathValue, "keyPath")
        guard let keyPath = LayerKeyPath(keyPathString), kind.has(keyPath.property) else {
            throw fail(pathValue, "unknown key path '\(keyPathString)' for a \(kind.rawValue) layer")
        }
        var spec = LayerAnimationSpec(layer: layerID, keyPath: keyPathString, location: v.location)
        for (key, value) in members {
            switch key {
            case "layer", "keyPath": break
            case "key": spec.key = try string(value, key)
            case "at": spec.at = try timelineSeconds(value, key)
            case "from": spec.from = try self.layerValue(value, kind: keyPath.kind, key)
            case "to": spec.to = try self.layerValue(value, kind: keyPath.kind, key)
            case "by": spec.by = try self.layerValue(value, kind: keyPath.kind, key)
            case "values":
                guard case .array(let items, _) = value, !items.isEmpty, items.count <= Self.maximumElements else {
                    throw fail(value, "values must be a non-empty array of at most \(Self.maximumElements) values")
                }
                var list: [LayerValue] = []
                for item in items { list.append(try self.layerValue(item, kind: keyPath.kind, "each of values")) }
                spec.values = list
                spec.kind = .keyframes
            case "keyTimes": spec.keyTimes = try numberList(value, key)
            case "path":
                guard keyPath.kind == .point else { throw fail(value, "a path animates a point; '\(keyPathString)' is a \(keyPath.kind.rawValue)") }
                spec.path = try path(value, key)
                spec.kind = .keyframes
            case "calculationMode": spec.calculationMode = try choice(value, key, CalculationMode.self)
            case "rotationMode": spec.rotationMode = try choice(value, key, RotationMode.self)
            case "timingFunction": spec.timingFunction = try timingFunction(value)
            case "timingFunctions":
                guard case .array(let items, _) = value, items.count <= Self.maximumElements else { throw fail(value, "timingFunctions must be an array") }
                var list: [MediaTimingFunction] = []
                for item in items { list.append(try timingFunction(item)) }
                spec.timingFunctions = list
            case "duration": spec.duration = try timelineSeconds(value, key)
            case "repeatCount":
                if case .string("infinite", _) = value { spec.repeatCount = .infinity } else { spec.repeatCount = try timelineSeconds(value, key) }
            case "repeatDuration": spec.repeatDuration = try timelineSeconds(value, key)
            case "autoreverses": spec.autoreverses = try bool(value, key)
            case "fillMode":
                // Core Animation's four: the model's `auto` (UIKit's delay) is no layer's fill.
                let f = try string(value, key)
                guard let mode = MediaTimingFillMode(rawValue: f), mode != .auto else {
                    throw fail(value, "unknown \(key) '\(f)'; expected one of removed, forwards, backwards, both")
                }
                spec.fillMode = mode
            case "additive": spec.isAdditive = try bool(value, key)
            case "cumulative": spec.isCumulative = try bool(value, key)
            case "removedOnCompletion": spec.isRemovedOnCompletion = try bool(value, key)
            case "speed":
                spec.speed = try number(value, key, limit: 1e6)
                guard spec.speed != 0 else { throw fail(value, "an animation's speed must not be 0") }
            case "timeOffset": spec.timeOffset = try timelineSeconds(value, key)
            case "spring": spec.kind = try spring(value)
            default: break
            }
        }
        if spec.kind == .keyframes, v["spring"] != nil { throw fail(v["spring"]!, "a spring animates from a value to another; it takes no values or path") }
        if spec.kind == .keyframes, v["from"] ?? v["to"] ?? v["by"] != nil {
            throw fail(v["from"] ?? v["to"] ?? v["by"]!, "a keyframe animation (values or path) takes no from, to or by")
        }
        if spec.kind == .keyframes, spec.path == nil, let times = spec.keyTimes, let values = spec.values,
           spec.calculationMode != .paced, spec.calculationMode != .cubicPaced {
            // As Core Animation: one per value, one more in discrete mode.
            let needed = spec.calculationMode == .discrete ? values.count + 1 : values.count
            guard times.count == needed else { throw fail(v["keyTimes"]!, "keyTimes has \(times.count) entries and needs \(needed)") }
            guard zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }), times.allSatisfy({ (0...1).contains($0) }) else {
                throw fail(v["keyTimes"]!, "keyTimes must lie in 0...1, each not below the one before")
            }
        }
        if spec.kind != .keyframes, spec.keyTimes != nil || spec.timingFunctions != nil {
            throw fail(v["keyTimes"] ?? v["timingFunctions"]!, "keyTimes and timingFunctions belong to keyframe animations (values or path)")
        }
        return spec
    }

    /// A value of `kind` as JSON writes it: a number; `[x, y]`; `[w, h]`; `[x, y, w, h]`; a
    /// colour `"#rrggbb(aa)"` (null: none, drawn as clear); a transform object; a path; an
    /// array of colours or numbers.
    func layerValue(_ v: JSONValue, kind: LayerValue.Kind, _ what: String) throws(SceneError) -> LayerValue {
        switch kind {
        case .number:
            if case .bool(let b, _) = v { return .number(b ? 1 : 0) }     // hidden, masksToBounds
            return .number(try number(v, what))
        case .point:
            return .point(try point(v, "\(what) (a point)"))
        case .size:
            let s = try numbers(v, "\(what) (a size)", count: 2)
            return .size(Size(width: s[0], height: s[1]))
        case .rect:
            let r = try numbers(v, "\(what) (a rect)", count: 4)
            return .rect(Rect(x: r[0], y: r[1], width: r[2], height: r[3]))
        case .color:
            if case .null = v { return .color(.clear) }            // no colour: a shape's fill or stroke off
            return .color(try color(v, what))
        case .transform: return .transform(try transform(v, what))
        case .path: return .path(try path(v, what))
        case .colors:
            guard case .array(let items, _) = v, items.count <= Self.maximumElements else { throw fail(v, "\(what) must be an array of colours") }
            var out: [Color] = []
            for item in items { out.append(try color(item, "each colour of \(what)")) }
            return .colors(out)
        case .numbers: return .numbers(try numberList(v, what))
        }
    }

    /// A transform: `{"matrix": [16 numbers]}` (m11 … m44, row by row), or parts applied in
    /// this order: `"scale"` (a number or `[sx, sy]`), `"rotateX"`, `"rotateY"`, `"rotate"`
    /// (degrees, about z), `"translate"` (`[x, y]` or `[x, y, z]`), then `"perspective"` d
    /// (m34 = -1/d).
    func transform(_ v: JSONValue, _ what: String) throws(SceneError) -> Transform3D {
        let members = try object(v, what, keys: ["matrix", "scale", "rotate", "rotateX", "rotateY", "translate", "perspective"])
        if let m = v["matrix"] {
            guard members.count == 1 else { throw fail(v, "\(what): a matrix takes no other parts") }
            let e = try numbers(m, "matrix", count: 16)
            return Transform3D(m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
                               m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15])
        }
        var t = Transform3D.identity
        if let s = v["scale"] {
            if case .array = s {
                let xy = try numbers(s, "scale", count: 2)
                t = t.concatenating(Transform3D(scaleX: xy[0], y: xy[1], z: 1))
            } else {
                let k = try number(s, "scale")
                t = t.concatenating(Transform3D(scaleX: k, y: k, z: 1))
            }
        }
        for (key, axis) in [("rotateX", (1.0, 0.0, 0.0)), ("rotateY", (0.0, 1.0, 0.0)), ("rotate", (0.0, 0.0, 1.0))] {
            if let r = v[key] {
                let degrees = try number(r, key)
                t = t.concatenating(Transform3D(rotationAngle: degrees * .pi / 180, x: axis.0, y: axis.1, z: axis.2))
            }
        }
        if let tr = v["translate"] {
            guard case .array(let items, _) = tr, items.count == 2 || items.count == 3 else { throw fail(tr, "translate must be [x, y] or [x, y, z]") }
            let xyz = try numbers(tr, "translate", count: items.count)
            t = t.concatenating(Transform3D(translationX: xyz[0], y: xyz[1], z: items.count == 3 ? xyz[2] : 0))
        }
        if let p = v["perspective"] {
            let d = try number(p, "perspective")
            guard d > 0 else { throw fail(p, "perspective is the eye's distance and must be above 0, found \(d)") }
            t.m34 = -1 / d
        }
        return t
    }

    /// A path as a list of commands: `["move", x, y]`, `["line", x, y]`, `["curve", c1x, c1y,
    /// c2x, c2y, x, y]`, `["quad", cx, cy, x, y]`, `["arc", cx, cy, r, startDegrees,
    /// endDegrees, clockwise]` (Core Graphics' sense), `["rect", x, y, w, h]`,
    /// `["roundedRect", x, y, w, h, r]`, `["ellipse", x, y, w, h]` and `["close"]`.
    func path(_ v: JSONValue, _ what: String) throws(SceneError) -> Path {
        guard case .array(let commands, _) = v, commands.count <= Self.maximumElements else {
            throw fail(v, "\(what) must be an array of path commands such as [\"move\", 0, 0]")
        }
        var p = Path()
        for c in commands {
            guard case .array(let parts, _) = c, let first = parts.first, case .string(let name, _) = first else {
                throw fail(c, "each path command is an array starting with its name, such as [\"line\", 10, 20]")
            }
            // Numbers each command takes ("arc" takes a Boolean after its five).
            let counts = ["move": 2, "line": 2, "curve": 6, "quad": 4, "arc": 5, "rect": 4, "roundedRect": 5, "ellipse": 4, "close": 0]
            guard let n = counts[name] else { throw fail(first, "unknown path command '\(name)'; expected one of \(counts.keys.sorted().joined(separator: ", "))") }
            let expected = name == "arc" ? 7 : n + 1
            guard parts.count == expected else { throw fail(c, "'\(name)' takes \(expected - 1) arguments, found \(parts.count - 1)") }
            var a: [Double] = []
            for part in parts.dropFirst().prefix(n) { a.append(try number(part, "an argument of '\(name)'")) }
            switch name {
            case "move": p.move(to: Point(x: a[0], y: a[1]))
            case "line": p.addLine(to: Point(x: a[0], y: a[1]))
            case "curve": p.addCurve(to: Point(x: a[4], y: a[5]), control1: Point(x: a[0], y: a[1]), control2: Point(x: a[2], y: a[3]))
            case "quad": p.addQuadCurve(to: Point(x: a[2], y: a[3]), control: Point(x: a[0], y: a[1]))
            case "arc":
                let clockwise = try bool(parts[6], "the clockwise flag of 'arc'")
                guard a[2] >= 0 else { throw fail(parts[3], "an arc's radius must not be negative") }
                p.addArc(center: Point(x: a[0], y: a[1]), radius: a[2], startAngle: a[3] * .pi / 180, endAngle: a[4] * .pi / 180, clockwise: clockwise)
            case "rect": p.addRect(Rect(x: a[0], y: a[1], width: a[2], height: a[3]))
            case "roundedRect": p.addPath(Path(roundedRect: Rect(x: a[0], y: a[1], width: a[2], height: a[3]), cornerRadius: max(0, a[4])))
            case "ellipse": p.addEllipse(in: Rect(x: a[0], y: a[1], width: a[2], height: a[3]))
            default: p.close()
            }
        }
        return p
    }

    /// `"easeInEaseOut"` (Core Animation's names: linear, easeIn, easeOut, easeInEaseOut,
    /// default) or control points `[x1, y1, x2, y2]`.
    func timingFunction(_ v: JSONValue) throws(SceneError) -> MediaTimingFunction {
        if case .string(let name, _) = v {
            guard let n = MediaTimingFunction.Name(rawValue: name) else {
                throw fail(v, "unknown timing function '\(name)'; expected one of \(MediaTimingFunction.Name.allCases.map(\.rawValue).joined(separator: ", ")) or [x1, y1, x2, y2]")
            }
            return MediaTimingFunction(name: n)
        }
        let c = try numbers(v, "a timing function's control points", count: 4)
        guard (0...1).contains(c[0]), (0...1).contains(c[2]) else { throw fail(v, "control points' x values must lie in 0...1") }
        return MediaTimingFunction(controlPoints: c[0], c[1], c[2], c[3])
    }

    /// `{"mass", "stiffness", "damping", "initialVelocity"}` or `{"duration", "bounce"}`.
    func spring(_ v: JSONValue) throws(SceneError) -> LayerAnimationSpec.Kind {
        let members = try object(v, "spring", keys: ["mass", "stiffness", "damping", "initialVelocity", "duration", "bounce"])
        if v["duration"] != nil || v["bounce"] != nil {
            guard members.allSatisfy({ $0.key == "duration" || $0.key == "bounce" }) else {
                throw fail(v, "a spring is {\"duration\", \"bounce\"} or {\"mass\", \"stiffness\", \"damping\", \"initialVelocity\"}, not both")
            }
            let d = try v["duration"].map { (x: JSONValue) throws(SceneError) -> Double in try timelineSeconds(x, "duration") } ?? 0.5
            let b = try v["bounce"].map { (x: JSONValue) throws(SceneError) -> Double in try number(x, "bounce") } ?? 0
            guard d > 0, (-1...1).contains(b) else { throw fail(v, "a spring's duration must be above 0 and its bounce in -1...1") }
            return .perceptualSpring(duration: d, bounce: b)
        }
        func positive(_ key: String, _ fallback: Double) throws(SceneError) -> Double {
            guard let x = v[key] else { return fallback }
            let n = try number(x, key)
            guard n > 0 else { throw fail(x, "a spring's \(key) must be above 0, found \(n)") }
            return n
        }
        let velocity = try v["initialVelocity"].map { (x: JSONValue) throws(SceneError) -> Double in try number(x, "initialVelocity") } ?? 0
        return .spring(mass: try positive("mass", 1), stiffness: try positive("stiffness", 100), damping: try positive("damping", 10),
                       initialVelocity: velocity)
    }

    /// A value of an enumeration by its raw name.
    func choice<T: RawRepresentable & CaseIterable>(_ v: JSONValue, _ what: String, _ type: T.Type) throws(SceneError) -> T where T.RawValue == String {
        let s = try string(v, what)
        guard let c = T(rawValue: s) else {
            throw fail(v, "unknown \(what) '\(s)'; expected one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return c
    }

    /// An array of numbers of any length up to ``maximumElements``.
    func numberList(_ v: JSONValue, _ what: String) throws(SceneError) -> [Double] {
        guard case .array(let items, _) = v, items.count <= Self.maximumElements else {
            throw fail(v, "\(what) must be an array of at most \(Self.maximumElements) numbers")
        }
        var out: [Double] = []
        for item in items { out.append(try number(item, "each element of \(what)")) }
        return out
    }
}
