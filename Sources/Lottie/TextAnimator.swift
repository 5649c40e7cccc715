#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry
import Layers
import Motion

/// One of a text layer's animators (`t.a[]`, LT1): properties that move, turn, scale, fade and
/// colour the characters its range selector picks, each character as far as it is picked.
/// Names as lottie-ios's `TextAnimator`. Bodymovin writes one selector per animator.
public struct LottieTextAnimator: Sendable {
    /// Its name in After Effects ("nm").
    public var name: String
    /// Which characters it applies to, and how much ("s").
    public var selector: LottieTextRangeSelector
    /// Anchor ("a"), position ("p"), scale ("s", percent), rotation ("r", degrees) and skew
    /// ("sk", "sa") offsets; its opacity is not used (``opacity`` is the animator's).
    public var transform: LottieTransform
    /// Opacity in percent ("o"); nil leaves the characters' opacity alone.
    public var opacity: Animatable<LottieVector>?
    /// Colours ("fc", "sc") the picked characters are blended toward, 0...1.
    public var fillColor: Animatable<LottieVector>?
    /// The colour ("sc") the picked characters' stroke is blended toward, components 0...1; nil: unchanged.
    public var strokeColor: Animatable<LottieVector>?
    /// Opacities in percent the fill's and the stroke's alpha are blended toward ("fo", "so").
    public var fillOpacity: Animatable<LottieVector>?
    /// The opacity in percent ("so") the stroke's alpha is blended toward; nil: unchanged.
    public var strokeOpacity: Animatable<LottieVector>?
    /// Added to the document's stroke width ("sw").
    public var strokeWidth: Animatable<LottieVector>?
    /// Points added after each picked character ("t").
    public var tracking: Animatable<LottieVector>?
    /// Points added below each line, after the line, as far as its characters are picked
    /// (the most of them: "ls", as ThorVG applies it).
    public var lineSpacing: Animatable<LottieVector>?
    /// Hue shifts in degrees ("fh", "sh"), and saturation and brightness added in percent
    /// ("fs", "fb", "ss", "sb"), in HSV, to the fill's and the stroke's colours.
    public var fillHue: Animatable<LottieVector>?, fillSaturation: Animatable<LottieVector>?, fillBrightness: Animatable<LottieVector>?
    /// The stroke's hue shift in degrees ("sh") and saturation and brightness added in percent ("ss", "sb"); nil: unchanged.
    public var strokeHue: Animatable<LottieVector>?, strokeSaturation: Animatable<LottieVector>?, strokeBrightness: Animatable<LottieVector>?
    /// Turns about the character's x and y axes in degrees ("rx", "ry"), drawn flat: the
    /// projection without perspective (a turn about x shortens the character by its cosine).
    public var rotationX: Animatable<LottieVector>?, rotationY: Animatable<LottieVector>?
    /// Blur ("bl", horizontal and vertical, in points): the picked characters are drawn as
    /// Gaussian-blurred silhouettes of that radius (the mean of the two, or the one given: the
    /// renderer's blur is round), as far as they are picked.
    public var blur: Animatable<LottieVector>?

    /// Whether anything in it (its selector included) changes over time.
    var isAnimated: Bool {
        selector.isAnimated || !transform.isStatic
            || [opacity, fillColor, strokeColor, fillOpacity, strokeOpacity, strokeWidth, tracking, lineSpacing, fillHue,
                fillSaturation, fillBrightness, strokeHue, strokeSaturation, strokeBrightness, rotationX, rotationY, blur]
                .contains { $0?.isAnimated ?? false }
    }
}

/// A text animator's range selector (`t.a[].s`): which characters (or words, or lines) an
/// animator applies to, and how much, as lottie-web computes it. Start, end and offset are
/// percentages of the units or indices of them; the shape spreads the amount over the range
/// (each unit sampled at its middle), the eases bend it, the amount scales it.
public struct LottieTextRangeSelector: Sendable {
    /// Whether start, end and offset are percentages or unit indices ("r").
    public enum Units: Int, Sendable { case percentage = 1, index = 2 }
    /// What one unit of the range is ("b"): characters (with spaces), characters without
    /// spaces, words or lines. Line breaks are never units.
    public enum Basis: Int, Sendable, CaseIterable { case characters = 1, charactersExcludingSpaces = 2, words = 3, lines = 4 }
    /// How the amount spreads over the range ("sh").
    public enum Shape: Int, Sendable { case square = 1, rampUp = 2, rampDown = 3, triangle = 4, round = 5, smooth = 6 }
    /// How the selector combines with the text ("m"). Bodymovin writes one selector per
    /// animator, which After Effects combines with the whole text picked beneath: subtract
    /// and difference pick the characters outside the range (1 - s, |1 - s|); add, intersect,
    /// min and max pick the range itself.
    public enum Mode: Int, Sendable { case add = 1, subtract = 2, intersect = 3, min = 4, max = 5, difference = 6 }

    /// Whether start, end and offset are percentages (the default) or indices.
    public var units: Units = .percentage
    /// What one unit of the range is (characters by default).
    public var basis: Basis = .characters
    /// How the amount spreads over the range (all or nothing by default).
    public var shape: Shape = .square
    /// How the selection combines with the text (add by default).
    public var mode: Mode = .add
    /// Where the range starts ("s"), in ``units``.
    public var start: Animatable<LottieVector> = .fixed(.zero)
    /// Where it ends ("e"); nil: the end of the text (100%, or every unit).
    public var end: Animatable<LottieVector>?
    /// Added to both ends ("o"), in ``units``.
    public var offset: Animatable<LottieVector> = .fixed(.zero)
    /// Percent, -100...100 ("a").
    public var amount: Animatable<LottieVector> = .fixed(LottieVector(100, 0, 0, 0))
    /// Ease high and low ("xe", "ne"), percent -100...100: bend the shape's rise.
    public var easeHigh: Animatable<LottieVector> = .fixed(.zero)
    /// Ease low ("ne"), percent -100...100: bends the bottom of the shape's rise.
    public var easeLow: Animatable<LottieVector> = .fixed(.zero)
    /// Whether units are picked in a shuffled order ("rn"). lottie-web and ThorVG shuffle anew
    /// each time a file loads; here the shuffle is fixed (`order(count:seed:)`), so a frame
    /// always looks the same.
    public var randomizesOrder = false

    /// A selector of the whole text at full amount, as a file without one describes.
    public init() {}

    var isAnimated: Bool {
        start.isAnimated || (end?.isAnimated ?? false) || offset.isAnimated || amount.isAnimated
            || easeHigh.isAnimated || easeLow.isAnimated
    }

    /// The unit each of `count` units stands as when the order is shuffled: a permutation
    /// fixed by `count` and `seed` (the animator's index).
    static func order(count: Int, seed: Int) -> [Int] {
        var generator = SplitMix(seed: UInt64(truncatingIfNeeded: count) &* 31 &+ UInt64(truncatingIfNeeded: seed))
        return Array(0..<count).shuffled(using: &generator)
    }

    /// The selector at composition frame `frame` for a text of `count` units.
    func resolved(at frame: Double, count: Int) -> Resolved {
        let perUnit = units == .index ? 1 : Double(count) / 100
        let o = offset.scalar(at: frame) * perUnit
        var s = start.scalar(at: frame) * perUnit + o
        var e = (end.map { $0.scalar(at: frame) * perUnit } ?? Double(count)) + o
        if s > e { swap(&s, &e) }
        let high = min(max(easeHigh.scalar(at: frame), -100), 100) / 100
        let low = min(max(easeLow.scalar(at: frame), -100), 100) / 100
        // lottie-web's ease curve: a positive ease pulls the control point in x, a negative one in y.
        let easing = high == 0 && low == 0 ? nil
            : CubicBezier(low > 0 ? low : 0, low < 0 ? -low : 0, high > 0 ? 1 - high : 1, high < 0 ? 1 + high : 1)
        return Resolved(start: s, end: e, amount: min(max(amount.scalar(at: frame), -100), 100) / 100,
                        easing: easing, shape: shape, mode: mode)
    }

    /// A selector's values at one frame, in units.
    struct Resolved {
        var start: Double, end: Double, amount: Double
        var easing: CubicBezier?
        var shape: Shape, mode: Mode

        /// How much the unit at `index` is picked: the shape's value at the unit's middle
        /// (square: the share of the unit inside the range), eased, times the amount, then
        /// combined by the mode. 0 for values that are not finite.
        func coverage(_ index: Int) -> Double {
            let i = Double(index), s = start, e = end, span = e - s
            // Where the unit's middle lies along the range, 0...1.
            func along() -> Double { min(max((i + 0.5 - s) / span, 0), 1) }
            var m: Double
            switch shape {
            case .square: m = max(0, min(e, i + 1) - max(s, i))
            case .rampUp: m = span == 0 ? (i >= e ? 1 : 0) : along()
            case .rampDown: m = span == 0 ? (i >= e ? 0 : 1) : 1 - along()
            case .triangle: m = span == 0 ? 0 : 1 - abs(2 * along() - 1)
            case .round:
                let x = 2 * along() - 1
                m = span == 0 ? 0 : (1 - x * x).squareRoot()
            case .smooth: m = span == 0 ? 0 : (1 - cos(2 * .pi * along())) / 2
            }
            guard m.isFinite else { return 0 }
            m = min(max(m, 0), 1)
            if let easing { m = easing.progress(at: m) }
            m *= amount
            switch mode {
            case .add, .intersect, .min, .max: break
            case .subtract: m = 1 - m
            case .difference: m = abs(1 - m)
            }
            return m.isFinite ? m : 0
        }
    }
}

extension LottieTransform {
    /// After Effects' skew: a shear by `degrees` along the axis at `axis` degrees.
    static func skewMatrix(_ degrees: Double, axis: Double) -> AffineTransform {
        let a = axis * .pi / 180
        let shear = AffineTransform(a: 1, b: 0, c: tan(-degrees * .pi / 180), d: 1, tx: 0, ty: 0)
        return AffineTransform(rotationAngle: a).concatenating(shear).concatenating(AffineTransform(rotationAngle: -a))
    }
}
