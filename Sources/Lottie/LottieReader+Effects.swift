import JSONParsing

extension LottieReader {
    /// The layer's effects ("ef") that are drawn (LT13): drop shadow, fill, tint and gaussian
    /// blur. A disabled effect ("en": 0) and an expression control (type 5, whose values
    /// expressions read) are skipped; one of another type is left out with a warning naming it.
    mutating func layerEffects(_ v: JSONValue?, _ path: String) throws(LottieError) -> [LottieEffect] {
        guard let v else { return [] }
        var out: [LottieEffect] = []
        for (i, e) in try array(v, path).enumerated() {
            let at = "\(path)[\(i)]"
            try requireObject(e, at)
            if let en = e["en"], !(try flag(en, at + ".en")) { continue }
            let type = try integer(e["ty"], at + ".ty", default: -1)
            let params = try e["ef"].map { (x) throws(LottieError) in try array(x, at + ".ef") } ?? []
            /// Parameter `k`'s value, or `fallback` when the effect has fewer.
            func parameter(_ k: Int, _ fallback: LottieVector) throws(LottieError) -> Animatable<LottieVector> {
                guard k < params.count, let value = params[k]["v"] else { return .fixed(fallback) }
                return try vector(value, "\(at).ef[\(k)].v")
            }
            switch type {
            case 25:
                out.append(.dropShadow(color: try parameter(0, LottieVector(0, 0, 0, 1)), opacity: try parameter(1, LottieVector(127.5, 0, 0, 0)),
                                       direction: try parameter(2, LottieVector(135, 0, 0, 0)), distance: try parameter(3, LottieVector(5, 0, 0, 0)),
                                       softness: try parameter(4, .zero)))
            case 21:
                out.append(.fill(color: try parameter(2, LottieVector(1, 0, 0, 1)), opacity: try parameter(6, LottieVector(1, 0, 0, 0))))
            case 20:
                out.append(.tint(black: try parameter(0, LottieVector(0, 0, 0, 1)), white: try parameter(1, LottieVector(1, 1, 1, 1)),
                                 amount: try parameter(2, LottieVector(100, 0, 0, 0))))
            case 29:
                // Blur dimensions (parameter 1): 1 both ways, 2 horizontal, 3 vertical.
                let dimensions = try parameter(1, LottieVector(1, 0, 0, 0))
                if dimensions.isAnimated || dimensions.value(at: 0).x != 1 {
                    warnings.append("\(at): a gaussian blur in one direction only is drawn blurred in both")
                }
                out.append(.gaussianBlur(blurriness: try parameter(0, .zero)))
            case 5:
                continue            // an expression control (slider, angle, colour...): read by expressions, not drawn
            default:
                let name = (e["nm"]).flatMap { if case .string(let s, _) = $0 { s } else { nil } } ?? "type \(type)"
                warnings.append("\(at): effect '\(name)' (type \(type)) is not drawn")
            }
        }
        return out
    }
}
