import JSONParsing
import RenderModel

/// Lottie's blend modes ("bm") by number, in After Effects' menu order: the reader reads them
/// and the exporter writes them with this one list (LT13).
let lottieBlendModes: [BlendMode] = [.normal, .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn,
                                     .hardLight, .softLight, .difference, .exclusion, .hue, .saturation, .color, .luminosity,
                                     .add, .hardMix]

extension LottieReader {
    /// A layer's blend mode ("bm", LT13): Bodymovin's numbers, in After Effects' menu order, as
    /// the engine's `BlendMode` (0 normal, 1 multiply, 2 screen, 3 overlay, 4 darken,
    /// 5 lighten, 6 colour dodge, 7 colour burn, 8 hard light, 9 soft light, 10 difference,
    /// 11 exclusion, 12 hue, 13 saturation, 14 colour, 15 luminosity, 16 add, 17 hard mix).
    /// Missing is normal; anything else is a warning naming the value and the layer is drawn
    /// normally, as lottie-web draws a mode it does not know.
    mutating func blendMode(_ v: JSONValue?, _ path: String) -> BlendMode {
        guard let v else { return .normal }
        let modes = lottieBlendModes
        if case .number(let n, _) = v, n.rounded() == n, n >= 0, n < Double(modes.count) { return modes[Int(n)] }
        let shown = if case .number(let n, _) = v {
            n.rounded() == n && abs(n) < 1e9 ? "\(Int(n))" : "\(n)"
        } else {
            "\(v.typeName)"
        }
        warnings.append("\(path): \(shown) is not one of Lottie's blend modes (0 to 17); drawn normal")
        return .normal
    }

    /// A shape item with its blend mode ("bm", LT13): a group, fill, stroke, gradient fill or
    /// gradient stroke with a mode other than normal is wrapped to be drawn blended; on other
    /// items lottie-web ignores `bm`, and so does this. A bad value is a warning (drawn normal).
    mutating func shapeItem(_ v: JSONValue, _ path: String) throws(LottieError) -> ShapeItem? {
        guard let item = try plainShapeItem(v, path) else { return nil }
        guard let bm = v["bm"] else { return item }
        switch item {
        case .group, .fill, .stroke, .gradientFill, .gradientStroke:
            let mode = blendMode(bm, path + ".bm")
            return mode == .normal ? item : .blended(item, mode: mode)
        default:
            return item
        }
    }
}

extension LottieReader {
    /// `layers` with each layer above a track-matted one (a "tt") made its matte, as
    /// lottie-web's loader makes it (LT13): the layer directly above is the matte whether or
    /// not the file marks it "td", and it is then drawn only as the matte. Exporters leave the
    /// mark off when layers were reordered; drawing such a layer on its own (and the matted
    /// layer unmatted) showed what the animation hides. Each one is a warning naming both.
    mutating func markingTrackMattes(_ layers: [LottieLayer], _ path: String) -> [LottieLayer] {
        var out = layers
        for k in out.indices.dropFirst() where out[k].matteMode != nil && !out[k - 1].isMatte {
            out[k - 1].isMatte = true
            warnings.append("\(path)[\(k - 1)]: the track matte of \(path)[\(k)] (its \"tt\") without \"td\"; drawn as the matte only")
        }
        return out
    }
}
