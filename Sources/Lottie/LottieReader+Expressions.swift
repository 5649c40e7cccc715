import JSONParsing

/// Reading what expressions need (LT9): each composition and layer as `thisComp` and
/// `thisLayer` see them, every layer's transform and effect values (which expressions read
/// through `transform` and `effect(...)`), and the properties that carry an expression ("x"),
/// which are then read through the file's ``ExpressionEngine``.
extension LottieReader {
    /// Starts a composition (the main one, or a precomposition asset); returns its number.
    @discardableResult
    mutating func beginExpressionComposition(_ v: JSONValue, name: String) throws(LottieError) -> Int {
        let width = (try? Self.number(v["w"], "w", default: 0)) ?? 0, height = (try? Self.number(v["h"], "h", default: 0)) ?? 0
        let ip = (try? Self.number(v["ip"], "ip", default: 0)) ?? 0, op = (try? Self.number(v["op"], "op", default: 0)) ?? 0
        expressions.compositions.append(.init(name: name, width: width, height: height, frames: max(op - ip, 0), markers: []))
        return expressions.compositions.count - 1
    }

    /// Starts layer `v` at `path`: properties read until ``endExpressionLayer(_:_:_:)`` belong to it.
    mutating func beginExpressionLayer(_ v: JSONValue, _ path: String) throws(LottieError) {
        var name = ""
        if case .string(let s, _)? = v["nm"] { name = s }
        expressionLayer = expressions.addLayer(.init(name: name, composition: max(expressions.compositions.count - 1, 0), index: nil, parent: nil))
    }

    /// Records the layer's timing, transform and effect values for expressions to read.
    mutating func endExpressionLayer(_ layer: LottieLayer, _ v: JSONValue, _ path: String) {
        let k = expressionLayer
        let t = layer.transform
        var transform: [String: Int] = [:]
        let ks = v["ks"]
        func add(_ key: String, _ sub: String, _ value: Animatable<LottieVector>?, _ raw: JSONValue?, _ dims: Int) {
            guard let value else { return }
            let at = path + ".ks" + sub
            transform[key] = expressions.idByPath[at]
                ?? expressions.register(value, dimensions: raw.map(Self.expressionDimensions) ?? dims, path: at, layer: k)
        }
        add("a", ".a", t.anchor, ks?["a"], 2)
        if t.positionX != nil {
            add("px", ".p.x", t.positionX, ks?["p"]?["x"], 1)
            add("py", ".p.y", t.positionY, ks?["p"]?["y"], 1)
        } else {
            add("p", ".p", t.position, ks?["p"], 2)
        }
        add("s", ".s", t.scale, ks?["s"], 2)
        add("r", ks?["r"] == nil && ks?["rz"] != nil ? ".rz" : ".r", t.rotation, ks?["r"] ?? ks?["rz"], 1)
        add("o", ".o", t.opacity, ks?["o"], 1)
        add("sk", ".sk", t.skew, ks?["sk"], 1)
        add("sa", ".sa", t.skewAxis, ks?["sa"], 1)
        let effects = expressionEffects(v["ef"], path + ".ef")
        let content = hasExpressions ? expressionContent(v["shapes"], path + ".shapes") : []
        expressions.updateLayer(k) {
            $0.index = layer.index; $0.parent = layer.parent
            $0.inPoint = layer.inPoint; $0.outPoint = layer.outPoint; $0.startTime = layer.startTime
            $0.transform = transform; $0.effects = effects; $0.content = content
        }
        expressionLayer = -1
    }

    /// The layer's effects ("ef") as `effect(name)(parameter)` reads them: each parameter with a
    /// value ("v") and its type ("ty": 10 is a layer control, which reads as the layer it names).
    /// Effects are not drawn, so one that cannot be read is left out, silently.
    mutating func expressionEffects(_ v: JSONValue?, _ path: String) -> [(name: String, matchName: String, parameters: [(name: String, matchName: String, id: Int, type: Int)])] {
        guard case .array(let list, _)? = v else { return [] }
        var out: [(name: String, matchName: String, parameters: [(name: String, matchName: String, id: Int, type: Int)])] = []
        func text(_ x: JSONValue?) -> String { if case .string(let s, _)? = x { s } else { "" } }
        for (i, e) in list.enumerated() {
            guard case .array(let params, _)? = e["ef"] else { continue }
            var parameters: [(name: String, matchName: String, id: Int, type: Int)] = []
            for (j, q) in params.enumerated() {
                let at = "\(path)[\(i)].ef[\(j)].v"
                guard let value = q["v"], case .object = value, let read = try? vector(value, at) else { continue }
                let id = expressions.idByPath[at] ?? expressions.register(read, dimensions: Self.expressionDimensions(value), path: at, layer: expressionLayer)
                var type = -1
                if case .number(let t, _)? = q["ty"], t.isFinite, abs(t) < 1e6 { type = Int(t) }
                parameters.append((text(q["nm"]), text(q["mn"]), id, type))
            }
            out.append((text(e["nm"]), text(e["mn"]), parameters))
        }
        return out
    }

    /// A property read with its expression: vectors go through the engine; shapes and gradient
    /// stops keep their keyframes, with a warning.
    mutating func expressionProperty<V: LottieValue>(_ keyframes: Animatable<V>, source: String, _ v: JSONValue, _ path: String) -> Animatable<V> {
        if let shape = keyframes as? Animatable<BezierShape>, expressionLayer >= 0 {
            let id = expressions.registerPath(shape, path: path, layer: expressionLayer, expression: source)
            return expressions.pathAnimatable(id) as? Animatable<V> ?? keyframes
        }
        guard let vector = keyframes as? Animatable<LottieVector>, expressionLayer >= 0 else {
            warnings.append("\(path).x: expressions on shapes and gradients are not run; the keyframes are shown")
            return keyframes
        }
        let id = expressions.register(vector, dimensions: Self.expressionDimensions(v), path: path, layer: expressionLayer, expression: source)
        return expressions.animatable(id) as? Animatable<V> ?? keyframes
    }

    /// Compiles the file's expressions, if it has any; their load-time problems become warnings.
    mutating func finishExpressions(main: Int, markers: [LottieMarker], framerate: Double) -> ExpressionEngine? {
        guard expressions.expressionCount > 0 else { return nil }
        expressions.compositions[main].markers = markers
        warnings.append(contentsOf: expressions.start(framerate: framerate).map(\.description))
        return expressions
    }

    /// How many components a property object's value has as the file writes it (a number, or a
    /// one-number array, is a scalar).
    static func expressionDimensions(_ v: JSONValue) -> Int {
        guard let k = v["k"] else { return 1 }
        switch k {
        case .number: return 1
        case .array(let items, _):
            if case .object? = items.first {
                if case .array(let s, _)? = items.first?["s"] { return s.count }
                return 1
            }
            return items.count
        default: return 1
        }
    }
}
