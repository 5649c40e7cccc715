/// CA11: layers of every kind on views' layers and on each other, and animations of them by
/// key path with values of each key path's kind, so the fuzzer reaches the layer engine and
/// its renderer (3D transforms, replicators, shapes, gradients and shadows included).
extension SceneGenerator {
    /// Key paths with the kind of value each takes, per layer type ("layer": every type).
    private static let keyPaths: [(path: String, kind: String, type: String)] = [
        ("opacity", "unit", "layer"), ("position", "point", "layer"), ("position.x", "number", "layer"),
        ("bounds.size.width", "number", "layer"), ("bounds", "rect", "layer"), ("transform.rotation.z", "number", "layer"),
        ("transform.rotation.y", "number", "layer"), ("transform.scale", "number", "layer"), ("transform", "transform", "layer"),
        ("sublayerTransform.m34", "number", "layer"), ("cornerRadius", "number", "layer"), ("backgroundColor", "color", "layer"),
        ("shadowOpacity", "unit", "layer"), ("shadowRadius", "number", "layer"), ("shadowOffset", "point", "layer"),
        ("zPosition", "number", "layer"), ("anchorPoint", "point", "layer"),
        ("strokeEnd", "unit", "shape"), ("strokeStart", "unit", "shape"), ("lineWidth", "number", "shape"),
        ("path", "path", "shape"), ("fillColor", "color", "shape"), ("lineDashPhase", "number", "shape"),
        ("colors", "colors", "gradient"), ("locations", "numbers", "gradient"), ("startPoint", "point", "gradient"),
        ("instanceDelay", "unit", "replicator"), ("instanceTransform", "transform", "replicator"),
        ("instanceAlphaOffset", "unit", "replicator"), ("birthRate", "unit", "emitter"), ("emitterPosition", "point", "emitter"),
        ("velocity", "number", "emitter"),
    ]

    /// The `layers` and `layerAnimations` members for the bytes (empty when the next byte says
    /// none, as it does past the end of the input, so older inputs make the scenes they made).
    mutating func layerSections(views: [String]) -> String {
        guard byte() % 4 == 1 else { return "" }
        var layers: [String] = [], ids: [String] = [], types: [String] = []
        for k in 0..<(byte() % 6 + 1) {
            let id = "l\(k)", type = pick(["layer", "shape", "gradient", "replicator", "emitter"])
            var m = ["\"id\": \"\(id)\"", "\"type\": \"\(type)\""]
            if !ids.isEmpty, byte() % 2 == 0 { m.append("\"parent\": \"\(pick(ids))\"") } else { m.append("\"view\": \"\(pick(views))\"") }
            m.append("\"frame\": [\(json(number())), \(json(number())), \(json(abs(number()))), \(json(abs(number())))]")
            if byte() % 2 == 0 { m.append("\"backgroundColor\": \(color())") }
            if byte() % 3 == 0 { m.append("\"opacity\": \(json(Double(byte() % 11) / 10))") }
            if byte() % 3 == 0 { m.append("\"cornerRadius\": \(json(abs(number())))") }
            if byte() % 4 == 0 { m.append("\"masksToBounds\": true") }
            if byte() % 4 == 0 { m.append("\"transform\": \(transform())") }
            if byte() % 4 == 0 { m.append("\"sublayerTransform\": \(transform())") }
            if byte() % 4 == 0 { m.append("\"shadowOpacity\": \(json(Double(byte() % 11) / 10)), \"shadowRadius\": \(json(abs(number())))") }
            if byte() % 5 == 0 { m.append("\"borderWidth\": \(json(abs(number()))), \"borderColor\": \(color())") }
            if byte() % 6 == 0 { m.append("\"hidden\": true") }
            if byte() % 5 == 0 { m.append("\"zPosition\": \(json(number()))") }
            if byte() % 6 == 0 { m.append("\"speed\": \(pick(["0", "2", "-1", "0.5"]))") }
            switch type {
            case "shape":
                m.append("\"path\": \(path())")
                m.append("\"fillColor\": \(byte() % 3 == 0 ? "null" : color())")
                if byte() % 2 == 0 { m.append("\"strokeColor\": \(color()), \"lineWidth\": \(json(abs(number())))") }
                if byte() % 3 == 0 { m.append("\"lineCap\": \(pick(["\"butt\"", "\"round\"", "\"square\""]))") }
                if byte() % 3 == 0 { m.append("\"lineJoin\": \(pick(["\"miter\"", "\"round\"", "\"bevel\""]))") }
                if byte() % 4 == 0 { m.append("\"lineDashPattern\": [\(json(abs(number()))), \(json(abs(number())))]") }
                if byte() % 3 == 0 { m.append("\"strokeStart\": \(json(Double(byte() % 11) / 10)), \"strokeEnd\": \(json(Double(byte() % 11) / 10))") }
                if byte() % 4 == 0 { m.append("\"fillRule\": \(pick(["\"nonZero\"", "\"evenOdd\""]))") }
            case "gradient":
                m.append("\"colors\": [\(color()), \(color()), \(color())]")
                if byte() % 2 == 0 { m.append("\"locations\": [\(json(number())), \(json(number())), \(json(number()))]") }
                if byte() % 2 == 0 { m.append("\"startPoint\": [\(json(number())), \(json(number()))]") }
                if byte() % 3 == 0 { m.append("\"gradientType\": \(pick(["\"axial\"", "\"radial\"", "\"conic\""]))") }
            case "replicator":
                m.append("\"instanceCount\": \(byte() % 40)")
                if byte() % 2 == 0 { m.append("\"instanceTransform\": \(transform())") }
                if byte() % 2 == 0 { m.append("\"instanceDelay\": \(json(Double(byte() % 10) / 20))") }
                if byte() % 3 == 0 { m.append("\"instanceAlphaOffset\": \(json(-Double(byte() % 10) / 10))") }
            case "emitter":
                m.append("\"emitterPosition\": [\(json(number())), \(json(number()))], \"emitterSize\": [\(json(abs(number()))), \(json(abs(number())))]")
                m.append("\"emitterShape\": \(pick(["\"point\"", "\"line\"", "\"rectangle\"", "\"circle\""])), \"seed\": \(byte())")
                if byte() % 3 == 0 { m.append("\"emitterMode\": \(pick(["\"outline\"", "\"volume\""]))") }
                m.append("\"emitterCells\": [{\"birthRate\": \(json(abs(number()))), \"lifetime\": \(json(Double(byte() % 40) / 10)), "
                         + "\"velocity\": \(json(number())), \"emissionRange\": \(json(number())), \"yAcceleration\": \(json(number())), "
                         + "\"spin\": \(json(number())), \"scaleSpeed\": \(json(number())), \"color\": \(color()), "
                         + "\"contentsShape\": \(pick(["\"circle\"", "\"square\""]))}]")
            default: break
            }
            layers.append("{" + m.joined(separator: ", ") + "}")
            ids.append(id); types.append(type)
        }
        var animations: [String] = []
        for _ in 0..<(byte() % 5) {
            let index = byte() % ids.count
            let (id, type) = (ids[index], types[index])
            let choices = Self.keyPaths.filter { $0.type == "layer" || $0.type == type }
            let key = pick(choices)
            var m = ["\"layer\": \"\(id)\"", "\"keyPath\": \"\(key.path)\"", "\"at\": \(json(Double(byte() % 12) / 60))"]
            switch byte() % 4 {
            case 0:
                let values = (0..<(byte() % 4 + 1)).map { _ in value(key.kind) }
                m.append("\"values\": [\(values.joined(separator: ", "))]")
                m.append("\"calculationMode\": \(pick(["\"linear\"", "\"discrete\"", "\"paced\"", "\"cubic\"", "\"cubicPaced\""]))")
            case 1:
                m.append("\"from\": \(value(key.kind)), \"to\": \(value(key.kind))")
                m.append("\"spring\": \(pick(["{\"duration\": 0.3, \"bounce\": 0.4}", "{\"mass\": 1, \"stiffness\": 300, \"damping\": 5}", "{\"stiffness\": 1e6, \"damping\": 1e-3}"]))")
            case 2:
                m.append("\"by\": \(value(key.kind))")
                if byte() % 2 == 0 { m.append("\"additive\": true") }
                if byte() % 2 == 0 { m.append("\"cumulative\": true") }
            default:
                m.append("\"from\": \(value(key.kind)), \"to\": \(value(key.kind))")
            }
            m.append("\"duration\": \(json(Double(byte() % 20) / 40))")
            if byte() % 2 == 0 { m.append("\"repeatCount\": \(pick(["\"infinite\"", "2.5", "0", "1"]))") }
            if byte() % 3 == 0 { m.append("\"autoreverses\": true") }
            if byte() % 3 == 0 { m.append("\"fillMode\": \(pick(["\"forwards\"", "\"backwards\"", "\"both\"", "\"removed\""]))") }
            if byte() % 3 == 0 { m.append("\"timingFunction\": \(pick(["\"easeInEaseOut\"", "\"linear\"", "[0.2, 1.8, 0.3, -1]"]))") }
            if byte() % 4 == 0 { m.append("\"speed\": \(pick(["2", "-1", "0.5", "1e-6"]))") }
            if byte() % 4 == 0 { m.append("\"timeOffset\": \(json(Double(byte() % 10) / 10))") }
            animations.append("{" + m.joined(separator: ", ") + "}")
        }
        return ", \"layers\": [" + layers.joined(separator: ", ") + "], \"layerAnimations\": [" + animations.joined(separator: ", ") + "]"
    }

    private mutating func transform() -> String {
        switch byte() % 4 {
        case 0: return "{\"rotate\": \(json(number()))}"
        case 1: return "{\"rotateY\": \(json(number())), \"perspective\": \(json(positive(1e9)))}"
        case 2: return "{\"scale\": \(json(number())), \"translate\": [\(json(number())), \(json(number())), \(json(number()))]}"
        default: return "{\"matrix\": [\((0..<16).map { _ in json(number()) }.joined(separator: ", "))]}"
        }
    }

    private mutating func path() -> String {
        var commands: [String] = []
        for _ in 0..<(byte() % 6 + 1) {
            switch byte() % 7 {
            case 0: commands.append("[\"move\", \(json(number())), \(json(number()))]")
            case 1: commands.append("[\"line\", \(json(number())), \(json(number()))]")
            case 2: commands.append("[\"curve\", \((0..<6).map { _ in json(number()) }.joined(separator: ", "))]")
            case 3: commands.append("[\"arc\", \(json(number())), \(json(number())), \(json(abs(number()))), \(json(number())), \(json(number())), \(byte() % 2 == 0)]")
            case 4: commands.append("[\"rect\", \(json(number())), \(json(number())), \(json(number())), \(json(number()))]")
            case 5: commands.append("[\"ellipse\", \(json(number())), \(json(number())), \(json(abs(number()))), \(json(abs(number())))]")
            default: commands.append("[\"close\"]")
            }
        }
        return "[" + commands.joined(separator: ", ") + "]"
    }

    /// A value of a key path's kind.
    private mutating func value(_ kind: String) -> String {
        switch kind {
        case "unit": return json(Double(byte() % 11) / 10)
        case "point": return "[\(json(number())), \(json(number()))]"
        case "rect": return "[\(json(number())), \(json(number())), \(json(abs(number()))), \(json(abs(number())))]"
        case "color": return color()
        case "transform": return transform()
        case "path": return path()
        case "colors": return "[\(color()), \(color())]"
        case "numbers": return "[\(json(number())), \(json(number()))]"
        default: return json(number())
        }
    }
}
