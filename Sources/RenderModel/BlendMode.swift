/// How a group's flattened pixels combine with what is beneath them when it is composited: Core
/// Animation's `compositingFilter` with a blend-mode filter, CSS's `mix-blend-mode`, a Lottie
/// layer's `"bm"` (``GroupState/blendMode``).
///
/// The group is drawn on its own first (every sublayer in it, at full opacity), then laid over
/// the backdrop by W3C Compositing and Blending Level 1 (§5.8, source-over with blending): with
/// `Cs`, `Cb` the source's and backdrop's straight colours, `αs`, `αb` their alphas and `B` the
/// mode's function, the premultiplied result is `cs·(1 - αb) + cb·(1 - αs) + αs·αb·B(Cb, Cs)` and
/// its alpha `αs + αb·(1 - αs)`. Over a transparent backdrop the group shows as it is; where the
/// group is clear the backdrop stays. ``normal`` is plain source-over.
///
/// The separable modes apply `B` to each channel on its own (§9.1); ``hue``, ``saturation``,
/// ``color`` and ``luminosity`` mix the two colours as a whole (§9.2). ``add`` and ``hardMix`` are
/// After Effects' (Lottie's `bm` 16 and 17), which the W3C list lacks.
public enum BlendMode: Sendable, Equatable, Hashable, CaseIterable {
    /// Source-over: the group covers what is beneath by its alpha (`B = Cs`).
    case normal
    /// `Cb·Cs`: never lighter than either.
    case multiply
    /// `Cb + Cs - Cb·Cs`: never darker than either.
    case screen
    /// Multiply or screen by the backdrop: ``hardLight`` with the two swapped.
    case overlay
    /// `min(Cb, Cs)`.
    case darken
    /// `max(Cb, Cs)`.
    case lighten
    /// Brightens the backdrop by the source: `min(1, Cb / (1 - Cs))` (0 where `Cb` is 0).
    case colorDodge
    /// Darkens the backdrop by the source: `1 - min(1, (1 - Cb) / Cs)` (1 where `Cb` is 1).
    case colorBurn
    /// Multiply (`Cb·2Cs`) where the source is at most half, else screen (with `2Cs - 1`).
    case hardLight
    /// A softer hard light: darkens or lightens the backdrop by the source (W3C's formula).
    case softLight
    /// `|Cb - Cs|`.
    case difference
    /// `Cb + Cs - 2·Cb·Cs`.
    case exclusion
    /// The source's hue with the backdrop's saturation and luminosity.
    case hue
    /// The source's saturation with the backdrop's hue and luminosity.
    case saturation
    /// The source's hue and saturation with the backdrop's luminosity.
    case color
    /// The source's luminosity with the backdrop's hue and saturation.
    case luminosity
    /// After Effects' Add (linear dodge): `min(1, Cb + Cs)`.
    case add
    /// After Effects' Hard Mix: 1 where `Cb + Cs` is at least 1, else 0.
    case hardMix

    /// Whether `B` works on each channel on its own.
    public var isSeparable: Bool {
        switch self {
        case .hue, .saturation, .color, .luminosity: false
        default: true
        }
    }

    /// `B(Cb, Cs)` of a separable mode for one channel, straight values in 0...1; a
    /// non-separable mode answers the source.
    public func blend(backdrop cb: Double, source cs: Double) -> Double {
        switch self {
        case .normal, .hue, .saturation, .color, .luminosity: return cs
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        case .overlay: return BlendMode.hardLight.blend(backdrop: cs, source: cb)
        case .darken: return min(cb, cs)
        case .lighten: return max(cb, cs)
        case .colorDodge:
            if cb <= 0 { return 0 }
            return cs >= 1 ? 1 : min(1, cb / (1 - cs))
        case .colorBurn:
            if cb >= 1 { return 1 }
            return cs <= 0 ? 0 : 1 - min(1, (1 - cb) / cs)
        case .hardLight:
            return cs <= 0.5 ? cb * 2 * cs : BlendMode.screen.blend(backdrop: cb, source: 2 * cs - 1)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        case .difference: return abs(cb - cs)
        case .exclusion: return cb + cs - 2 * cb * cs
        case .add: return min(1, cb + cs)
        case .hardMix: return cb + cs >= 1 ? 1 : 0
        }
    }

    /// `B(Cb, Cs)` for a whole colour, straight red, green and blue in 0...1: each channel for a
    /// separable mode, W3C's `SetLum`/`SetSat` mixes for the others.
    public func blend(backdrop cb: SIMD3<Double>, source cs: SIMD3<Double>) -> SIMD3<Double> {
        switch self {
        case .hue: return Self.setLuminosity(Self.setSaturation(cs, Self.saturation(cb)), Self.luminosity(cb))
        case .saturation: return Self.setLuminosity(Self.setSaturation(cb, Self.saturation(cs)), Self.luminosity(cb))
        case .color: return Self.setLuminosity(cs, Self.luminosity(cb))
        case .luminosity: return Self.setLuminosity(cb, Self.luminosity(cs))
        default:
            return SIMD3(blend(backdrop: cb.x, source: cs.x), blend(backdrop: cb.y, source: cs.y), blend(backdrop: cb.z, source: cs.z))
        }
    }

    /// W3C's `Lum`: 0.3 R + 0.59 G + 0.11 B.
    static func luminosity(_ c: SIMD3<Double>) -> Double { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    /// W3C's `Sat`: the largest channel less the smallest.
    static func saturation(_ c: SIMD3<Double>) -> Double { max(c.x, c.y, c.z) - min(c.x, c.y, c.z) }

    /// W3C's `SetLum` (with `ClipColor`): `c` moved to luminosity `l`, brought back into 0...1
    /// toward its own luminosity.
    static func setLuminosity(_ c: SIMD3<Double>, _ l: Double) -> SIMD3<Double> {
        let d = l - luminosity(c)
        var out = c + SIMD3(repeating: d)
        let lum = luminosity(out)
        let lo = min(out.x, out.y, out.z), hi = max(out.x, out.y, out.z)
        if lo < 0, lum - lo > 0 { out = SIMD3(repeating: lum) + (out - SIMD3(repeating: lum)) * lum / (lum - lo) }
        if hi > 1, hi - lum > 0 { out = SIMD3(repeating: lum) + (out - SIMD3(repeating: lum)) * (1 - lum) / (hi - lum) }
        return out
    }

    /// W3C's `SetSat`: `c`'s largest channel set to `s`, its smallest to 0 and the middle one
    /// scaled between (all 0 when `c` is grey).
    static func setSaturation(_ c: SIMD3<Double>, _ s: Double) -> SIMD3<Double> {
        let hi = max(c.x, c.y, c.z), lo = min(c.x, c.y, c.z)
        guard hi > lo else { return .zero }
        var out = SIMD3<Double>.zero
        for k in 0..<3 { out[k] = (c[k] - lo) * s / (hi - lo) }
        return out
    }

    /// One premultiplied pixel of the group (`source`, alpha `sourceAlpha`) composited over one of
    /// the backdrop, every value in 0...1: W3C's source-over with this mode's blending.
    public func composite(source: SIMD3<Double>, sourceAlpha αs: Double,
                          over backdrop: SIMD3<Double>, backdropAlpha αb: Double) -> (color: SIMD3<Double>, alpha: Double) {
        let alpha = αs + αb * (1 - αs)
        guard αs > 0 else { return (backdrop, αb) }
        guard αb > 0 else { return (source, αs) }
        let zero = SIMD3<Double>.zero, one = SIMD3<Double>(repeating: 1)
        let straightSource = (source / αs).clamped(lowerBound: zero, upperBound: one)
        let straightBackdrop = (backdrop / αb).clamped(lowerBound: zero, upperBound: one)
        let mixed = blend(backdrop: straightBackdrop, source: straightSource)
        let color = source * (1 - αb) + backdrop * (1 - αs) + mixed * (αs * αb)
        return (color, alpha)
    }
}
