import JSONParsing

/// What `content(name)` reads (LT9): a shape layer's groups and items as After Effects names
/// them, each with its vector properties registered with the expression engine, so an
/// expression can read another group's transform, an ellipse's size or a trim's end.
extension LottieReader {
    /// Each shape item's properties as expressions name them, by the item's type ("ty"):
    /// the JSON key, the After Effects name, and the value a missing component takes.
    static let expressionContentProperties: [String: [(key: String, name: String, fill: LottieVector)]] = [
        "el": [("p", "position", .zero), ("s", "size", .zero)],
        "rc": [("p", "position", .zero), ("s", "size", .zero), ("r", "roundness", .zero)],
        "sr": [("p", "position", .zero), ("pt", "points", .zero), ("r", "rotation", .zero), ("ir", "innerRadius", .zero),
               ("or", "outerRadius", .zero), ("is", "innerRoundness", .zero), ("os", "outerRoundness", .zero)],
        "fl": [("c", "color", LottieVector(0, 0, 0, 1)), ("o", "opacity", .zero)],
        "st": [("c", "color", LottieVector(0, 0, 0, 1)), ("o", "opacity", .zero), ("w", "strokeWidth", .zero)],
        "gf": [("o", "opacity", .zero), ("s", "startPoint", .zero), ("e", "endPoint", .zero)],
        "gs": [("o", "opacity", .zero), ("s", "startPoint", .zero), ("e", "endPoint", .zero), ("w", "strokeWidth", .zero)],
        "tm": [("s", "start", .zero), ("e", "end", .zero), ("o", "offset", .zero)],
        "rp": [("c", "copies", .zero), ("o", "offset", .zero)],
        "rd": [("r", "radius", .zero)],
        "tr": [("a", "anchorPoint", .zero), ("p", "position", .zero), ("s", "scale", LottieVector(100, 100, 100, 0)),
               ("r", "rotation", .zero), ("o", "opacity", .zero), ("sk", "skew", .zero), ("sa", "skewAxis", .zero),
               ("so", "startOpacity", .zero), ("eo", "endOpacity", .zero)],
    ]

    /// The shape items at `path` as a tree for `content(...)`, hidden ones included (an
    /// expression may read them). A property that carries an expression is already registered
    /// under its path; the others are read again here without one. Only called for files with
    /// expressions; their keyframes do not count twice against the limit.
    mutating func expressionContent(_ v: JSONValue?, _ path: String) -> [ExpressionEngine.ContentNode] {
        guard case .array(let items, _)? = v else { return [] }
        let counted = keyframes
        defer { keyframes = counted }
        var out: [ExpressionEngine.ContentNode] = []
        for (k, item) in items.enumerated() { if let node = expressionContentNode(item, "\(path)[\(k)]", depth: 0) { out.append(node) } }
        return out
    }

    private mutating func expressionContentNode(_ v: JSONValue, _ path: String, depth: Int) -> ExpressionEngine.ContentNode? {
        guard depth < 64, case .string(let type, _)? = v["ty"] else { return nil }
        func text(_ x: JSONValue?) -> String { if case .string(let s, _)? = x { s } else { "" } }
        func index(_ x: JSONValue?) -> Int? { if case .number(let n, _)? = x, n.isFinite, abs(n) < 1e9 { Int(n) } else { nil } }
        var node = ExpressionEngine.ContentNode(name: text(v["nm"]), matchName: text(v["mn"]), type: type, index: index(v["ix"]))
        for (key, name, fill) in Self.expressionContentProperties[type] ?? [] {
            guard let raw = v[key], case .object = raw else { continue }
            let at = path + "." + key
            var id = expressions.idByPath[at]
            if id == nil, let read = try? keyframedProperty(raw, at, { (value, p) throws(LottieError) in try Self.numbers(value, p, fill: fill) }) {
                id = expressions.register(read, dimensions: Self.expressionDimensions(raw), path: at, layer: expressionLayer)
            }
            if let id { node.properties.append(.init(name: name, index: index(raw["ix"]), id: id)) }
        }
        if type == "sh", let raw = v["ks"], case .object = raw {
            let at = path + ".ks", limit = limits.maximumVertices
            var id = expressions.idByPath[at]
            if id == nil, let read = try? keyframedProperty(raw, at, { (value, p) throws(LottieError) -> BezierShape in
                if case .array(let items, _) = value, let first = items.first { return try Self.bezier(first, p + "[0]", limit: limit) }
                return try Self.bezier(value, p, limit: limit)
            }) {
                id = expressions.registerPath(read, path: at, layer: expressionLayer)
            }
            if let id { node.properties.append(.init(name: "path", index: index(raw["ix"]), id: id, isPath: true)) }
        }
        if type == "gr", case .array(let children, _)? = v["it"] {
            for (k, child) in children.enumerated() {
                guard let c = expressionContentNode(child, "\(path).it[\(k)]", depth: depth + 1) else { continue }
                if c.type == "tr" { node.transform = c.properties } else { node.items.append(c) }
            }
        }
        if type == "rp", let tr = v["tr"], let c = expressionContentNode(tr, path + ".tr", depth: depth + 1) { node.transform = c.properties }
        return node
    }

    /// Whether any property of the document carries an expression (an object with a string
    /// "x" beside a "k"): only then are shape contents registered for `content(...)`.
    static func containsExpression(_ root: JSONValue) -> Bool {
        var stack = [root]
        while let v = stack.popLast() {
            switch v {
            case .object(let members, _):
                if case .string(let s, _)? = v["x"], !s.isEmpty, v["k"] != nil { return true }
                for m in members { if case .number = m.value {} else if case .string = m.value {} else { stack.append(m.value) } }
            case .array(let items, _):
                for item in items { if case .number = item {} else { stack.append(item) } }
            default: break
            }
        }
        return false
    }
}
