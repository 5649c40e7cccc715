import Geometry

/// A filter run over a group's flattened pixels before it is composited (Core Animation's
/// `filters` on a layer; After Effects' layer effects as Lottie files carry them): the group is
/// drawn on its own, clipped and masked, then each filter of ``GroupState/filters`` runs in
/// order on what the ones before it made, then the result is laid over the backdrop with the
/// group's opacity and blend mode.
///
/// Lengths (offsets, deviations) are in the group's own coordinates; a painter scales them to
/// device pixels by the group's transform, so a filter on a scaled layer scales with it.
public enum Filter: Sendable, Equatable {
    /// Every pixel in `color`, its alpha the pixel's times the colour's (After Effects' Fill).
    case colorFill(Color)
    /// Colours mapped by their Rec. 709 luminance from `black` to `white`, mixed with the
    /// original by `amount` (0...1); alpha kept (After Effects' Tint).
    case tint(black: Color, white: Color, amount: Double)
    /// The pixels blurred by a Gaussian of standard deviation `deviation`, both ways, their
    /// colours mixed in `space` (the pixels' own sRGB values unless it says otherwise).
    case gaussianBlur(deviation: Double, space: FilterColorSpace = .sRGB)
    /// The group's silhouette (its alpha) in `color`, moved by `offset`, blurred by a Gaussian
    /// of standard deviation `deviation`, drawn under the group.
    case dropShadow(color: Color, offset: Size, deviation: Double)

    /// How far past the group's drawings the filter can draw, in the group's coordinates (zero
    /// for colour filters; three deviations, plus the offset, for blurs and shadows).
    public var reach: Double {
        switch self {
        case .colorFill, .tint: 0
        case .gaussianBlur(let d, _): Self.finite(3 * d)
        case .dropShadow(_, let offset, let d):
            Self.finite(3 * d + max(abs(offset.width), abs(offset.height)))
        }
    }

    /// How far past the drawings a list of filters, run in order, can draw.
    public static func reach(of filters: [Filter]) -> Double {
        var r = 0.0
        for f in filters { r += f.reach }
        return r
    }

    private static func finite(_ x: Double) -> Double { x.isFinite ? max(0, min(x, 1e6)) : 0 }
}

/// The colours a filter mixes pixels in (SVG's `color-interpolation-filters`).
public enum FilterColorSpace: Sendable, Equatable {
    /// The pixels' sRGB-encoded values as they are, as Core Animation's filters mix them.
    case sRGB
    /// Linear light: each colour channel decoded from sRGB before the pixels are mixed and
    /// encoded again after, as SVG filters mix by default (a browser's blur of a bright shape
    /// on a dark ground keeps more of the bright one's light than a mix of encoded values).
    case linearRGB
}
