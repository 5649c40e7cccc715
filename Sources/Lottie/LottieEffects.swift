#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry
import RenderModel

/// A layer effect ("ef") the renderer draws (LT13), with its parameters keyframed as the file
/// gives them. The parameters are read by their position in the effect, as After Effects
/// exports them and lottie-web and Skottie read them. Effects apply in the file's order, each
/// to what the ones before it made.
public enum LottieEffect: Sendable {
    /// Drop shadow (type 25): the layer's silhouette in `color`, `opacity` 0...255, offset by
    /// `distance` along `direction` (degrees clockwise from up) and blurred by `softness`.
    case dropShadow(color: Animatable<LottieVector>, opacity: Animatable<LottieVector>, direction: Animatable<LottieVector>,
                    distance: Animatable<LottieVector>, softness: Animatable<LottieVector>)
    /// Fill (type 21): every painted pixel in `color`, its alpha times `opacity` (0...1).
    case fill(color: Animatable<LottieVector>, opacity: Animatable<LottieVector>)
    /// Tint (type 20): colours mapped by luminance from `black` to `white`, mixed with the
    /// original by `amount` (percent).
    case tint(black: Animatable<LottieVector>, white: Animatable<LottieVector>, amount: Animatable<LottieVector>)
    /// Gaussian blur (type 29): the layer blurred by a Gaussian whose standard deviation is 0.3
    /// of `blurriness` (lottie-web's reading), in both directions, as one picture mixed in
    /// linear light (a layer with a blur runs all its effects as its layer's filters).
    case gaussianBlur(blurriness: Animatable<LottieVector>)

    /// The effects a shape layer applies to its shapes' commands (``apply(_:to:at:)``: colour
    /// effects map each paint, a drop shadow lays each shape's silhouette under it), the same
    /// picture as the layer's filters at no offscreen pass: all of them, or none when they
    /// include a blur. A shape blurred on its own leaves a seam where it meets another and mixes
    /// in encoded values, so a layer with a blur runs its effects as filters over its content.
    static func shapeEffects(_ effects: [LottieEffect]) -> [LottieEffect] {
        effects.contains { if case .gaussianBlur = $0 { true } else { false } } ? [] : effects
    }

    /// Whether a parameter is keyframed.
    var isAnimated: Bool {
        switch self {
        case .dropShadow(let c, let o, let d, let l, let s): c.isAnimated || o.isAnimated || d.isAnimated || l.isAnimated || s.isAnimated
        case .fill(let c, let o): c.isAnimated || o.isAnimated
        case .tint(let b, let w, let a): b.isAnimated || w.isAnimated || a.isAnimated
        case .gaussianBlur(let b): b.isAnimated
        }
    }

    /// Applies `effects` at `frame` to a shape layer's commands (its coordinates), in order.
    /// Colour effects map every paint; a drop shadow puts the silhouette of each painted shape
    /// under the layer's contents. A blur is never among them (``shapeEffects(_:)``).
    static func apply(_ effects: [LottieEffect], to draws: inout [DrawCommand], at frame: Double) {
        for effect in effects {
            switch effect {
            case .fill(let color, let opacity):
                let c = color.value(at: frame), o = min(max(opacity.scalar(at: frame), 0), 1)
                mapPaints(&draws) { Color(red: unit(c.x), green: unit(c.y), blue: unit(c.z), alpha: $0.alpha * o) }
            case .tint(let black, let white, let amount):
                let b = black.value(at: frame), w = white.value(at: frame)
                let k = min(max(amount.scalar(at: frame) / 100, 0), 1)
                guard k > 0 else { continue }
                mapPaints(&draws) { c in
                    // Rec. 709 luminance, as Skottie's tint reads it.
                    let l = Color.luminance(red: c.red, green: c.green, blue: c.blue)
                    func mix(_ x: Double, _ lo: Double, _ hi: Double) -> Double { x + (unit(lo + (hi - lo) * l) - x) * k }
                    return Color(red: mix(c.red, b.x, w.x), green: mix(c.green, b.y, w.y), blue: mix(c.blue, b.z, w.z), alpha: c.alpha)
                }
            case .dropShadow(let color, let opacity, let direction, let distance, let softness):
                let c = color.value(at: frame)
                let alpha = min(max(opacity.scalar(at: frame) / 255, 0), 1)
                guard alpha > 0 else { continue }
                // Direction is clockwise from up; 90 degrees less is the angle from the x axis.
                let angle = (direction.scalar(at: frame) - 90) * .pi / 180, d = distance.scalar(at: frame)
                let offset = AffineTransform(translationX: d * cos(angle), y: d * sin(angle))
                // The blur's standard deviation is a quarter of the softness (lottie-web's); a
                // shadow command's radius is twice its standard deviation.
                let radius = max(0, softness.scalar(at: frame)) / 2
                var shadows: [DrawCommand] = []
                var depth = 0
                for command in draws {
                    switch command {
                    case .beginGroup: depth += 1
                    case .endGroup: depth -= 1
                    case .fillShape(let path, let paint, _) where depth == 0:
                        let a = alpha * unit(c.w == 0 ? 1 : c.w) * paintAlpha(paint)
                        if a > 0 { shadows.append(.shadow(path.applying(offset), Color(red: unit(c.x), green: unit(c.y), blue: unit(c.z), alpha: a), radius: radius)) }
                    default: break
                    }
                }
                draws.insert(contentsOf: shadows, at: 0)
            case .gaussianBlur:
                // Never here: a layer with a blur runs its effects as filters (shapeEffects).
                continue
            }
        }
    }

    /// `effects` at `frame` as the layer renderer's filters, run over the layer's whole
    /// composited content (an image, a precomposition flattened, text): how After Effects and
    /// lottie-web apply an effect to a layer that is not made of shapes. Lengths are in the
    /// layer's coordinates; the parameters read as ``apply(_:to:at:)`` reads them.
    static func filters(_ effects: [LottieEffect], at frame: Double) -> [Filter] {
        var out: [Filter] = []
        out.reserveCapacity(effects.count)
        for effect in effects {
            switch effect {
            case .fill(let color, let opacity):
                let c = color.value(at: frame), o = unit(opacity.scalar(at: frame))
                out.append(.colorFill(Color(red: unit(c.x), green: unit(c.y), blue: unit(c.z), alpha: o)))
            case .tint(let black, let white, let amount):
                let b = black.value(at: frame), w = white.value(at: frame), k = unit(amount.scalar(at: frame) / 100)
                guard k > 0 else { continue }
                out.append(.tint(black: Color(red: unit(b.x), green: unit(b.y), blue: unit(b.z)),
                                 white: Color(red: unit(w.x), green: unit(w.y), blue: unit(w.z)), amount: k))
            case .dropShadow(let color, let opacity, let direction, let distance, let softness):
                let c = color.value(at: frame)
                let alpha = unit(opacity.scalar(at: frame) / 255) * unit(c.w == 0 ? 1 : c.w)
                guard alpha > 0 else { continue }
                let angle = (direction.scalar(at: frame) - 90) * .pi / 180, d = distance.scalar(at: frame)
                let offset = Size(width: d * cos(angle), height: d * sin(angle))
                guard offset.width.isFinite, offset.height.isFinite else { continue }
                let deviation = max(0, softness.scalar(at: frame)) / 4
                out.append(.dropShadow(color: Color(red: unit(c.x), green: unit(c.y), blue: unit(c.z), alpha: alpha), offset: offset,
                                       deviation: deviation.isFinite ? deviation : 0))
            case .gaussianBlur(let blurriness):
                // Mixed in linear light, as lottie-web's blur is: the browser's feGaussianBlur,
                // which lottie-web leaves at SVG's default color-interpolation-filters.
                let sigma = max(0, blurriness.scalar(at: frame)) * 0.3
                guard sigma > 0, sigma.isFinite else { continue }
                out.append(.gaussianBlur(deviation: sigma, space: .linearRGB))
            }
        }
        return out
    }

    private static func unit(_ x: Double) -> Double { x.isNaN ? 0 : min(max(x, 0), 1) }

    /// The most opaque a paint is.
    private static func paintAlpha(_ paint: Paint) -> Double {
        switch paint {
        case .color(let c): c.alpha
        case .gradient(let g): g.colors.map(\.alpha).max() ?? 0
        case .pattern(let p): p.opacity
        }
    }

    /// Every colour of every fill (and gradient stop) through `map`.
    private static func mapPaints(_ draws: inout [DrawCommand], _ map: (Color) -> Color) {
        for i in draws.indices {
            switch draws[i] {
            case .fillShape(let path, .color(let c), let rule):
                draws[i] = .fillShape(path, .color(map(c)), rule)
            case .fillShape(let path, .gradient(var g), let rule):
                g.colors = g.colors.map(map)
                draws[i] = .fillShape(path, .gradient(g), rule)
            case .shadow(let path, let c, let radius):
                draws[i] = .shadow(path, map(c), radius: radius)
            default:
                break
            }
        }
    }
}
