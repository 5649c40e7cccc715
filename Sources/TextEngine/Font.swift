/// A font as UIKit names one: a family (nil for the system font), a size in points, a weight and
/// an italic flag. It is a description: a ``FontSystem`` resolves it to faces, and gives its
/// metrics (``FontSystem/metrics(for:)``), so one value measures the same in every engine that
/// has the same fonts.
public struct Font: Hashable, Sendable, CustomStringConvertible {
    /// UIFont.Weight's scale: -1 (ultra light) ... 0 (regular) ... 1.
    public struct Weight: Hashable, Sendable, Comparable {
        /// The weight on UIKit's scale, -1 (lightest) to 1 (heaviest), 0 regular. Values in between
        /// pick the nearest face the family has: 0.3 (semibold) and above draws the bold face of the
        /// system font.
        public var rawValue: Double
        /// A weight at `rawValue` on UIKit's -1...1 scale, kept as given.
        public init(rawValue: Double) { self.rawValue = rawValue }
        /// Orders weights from light to heavy by ``rawValue``.
        public static func < (a: Weight, b: Weight) -> Bool { a.rawValue < b.rawValue }
        /// -0.8, `UIFont.Weight.ultraLight`: the system font draws it with DejaVu Sans ExtraLight.
        public static let ultraLight = Weight(rawValue: -0.8)
        /// -0.6, `UIFont.Weight.thin`: the system font draws it with DejaVu Sans ExtraLight.
        public static let thin = Weight(rawValue: -0.6)
        /// -0.4, `UIFont.Weight.light`: fontconfig's light (50); the system font draws it with its
        /// ExtraLight face, the nearest it has.
        public static let light = Weight(rawValue: -0.4)
        /// 0, `UIFont.Weight.regular`: the system font's Book face.
        public static let regular = Weight(rawValue: 0)
        /// 0.23, `UIFont.Weight.medium`: the system font draws it with its regular face (no medium).
        public static let medium = Weight(rawValue: 0.23)
        /// 0.3, `UIFont.Weight.semibold`: the lightest weight ``Font/fontName`` calls bold.
        public static let semibold = Weight(rawValue: 0.3)
        /// 0.4, `UIFont.Weight.bold`: what ``Font/boldSystemFont(ofSize:)`` uses.
        public static let bold = Weight(rawValue: 0.4)
        /// 0.56, `UIFont.Weight.heavy`: a family's extra-bold face, or the nearest it has.
        public static let heavy = Weight(rawValue: 0.56)
        /// 0.62, `UIFont.Weight.black`: a family's black face, or the nearest it has.
        public static let black = Weight(rawValue: 0.62)

        /// fontconfig's weight for this one (80 regular, 200 bold).
        var fontconfigWeight: Int32 {
            switch rawValue {
            case ..<(-0.7): 40
            case ..<(-0.5): 0
            case ..<(-0.2): 50
            case ..<0.15: 80
            case ..<0.27: 100
            case ..<0.35: 180
            case ..<0.5: 200
            case ..<0.6: 205
            default: 210
            }
        }
        /// Whether the system font draws this weight with its bold face.
        var isBold: Bool { rawValue >= Weight.semibold.rawValue }
    }

    /// The family asked for; nil is the system font (the shipped DejaVu Sans). A comma-separated
    /// list (`Gotham, Times New Roman`) is read as a CSS font-family list: the first installed
    /// family draws; when none is, the last is taken as fontconfig resolves it, whatever family
    /// that gives (a generic `serif` or `sans-serif`, or a name fontconfig substitutes, such as
    /// Times New Roman for Liberation Serif), at the weight and slant asked.
    public var familyName: String?
    /// The size in points: the em square's height, which every metric scales with. The
    /// initialisers and ``withSize(_:)`` turn a negative or non-finite size into 0.
    public var pointSize: Double
    /// How heavy the strokes are; the nearest face the family has draws them.
    public var weight: Weight
    /// Whether the italic (or oblique) style is asked for.
    public var isItalic: Bool

    /// The system font at a size and weight (UIFont.systemFont(ofSize:weight:)).
    public static func systemFont(ofSize size: Double, weight: Weight = .regular) -> Font {
        Font(family: nil, size: size, weight: weight, italic: false)
    }
    /// The system font's bold face at `size` points (`UIFont.boldSystemFont(ofSize:)`).
    public static func boldSystemFont(ofSize size: Double) -> Font { systemFont(ofSize: size, weight: .bold) }
    /// The system font's italic at `size` points, regular weight (`UIFont.italicSystemFont(ofSize:)`).
    public static func italicSystemFont(ofSize size: Double) -> Font {
        Font(family: nil, size: size, weight: .regular, italic: true)
    }
    /// A font by family name; a family the font system cannot find draws with the system font's
    /// family at the same weight (``FontSystem/hasFamily(_:)`` says whether it is installed).
    public init(name: String, size: Double) {
        self.init(family: name, size: size, weight: .regular, italic: false)
    }
    /// A font from all its parts. `family` nil is the system font; `size` is in points, negative or
    /// non-finite sizes becoming 0.
    public init(family: String?, size: Double, weight: Weight = .regular, italic: Bool = false) {
        familyName = family
        pointSize = size.isFinite ? max(0, size) : 0
        self.weight = weight
        isItalic = italic
    }

    /// The same font at another size.
    public func withSize(_ size: Double) -> Font {
        var f = self
        f.pointSize = size.isFinite ? max(0, size) : 0
        return f
    }

    /// The name UIKit would give it.
    public var fontName: String {
        let family = familyName ?? "System"
        let style = [weight.isBold ? "Bold" : nil, isItalic ? "Italic" : nil].compactMap { $0 }.joined()
        return style.isEmpty ? family : "\(family)-\(style)"
    }

    /// ``fontName`` and the size, e.g. `System-Bold 17.0pt`.
    public var description: String { "\(fontName) \(pointSize)pt" }
}

/// A font's vertical metrics in points, as UIFont reports them.
public struct FontMetrics: Hashable, Sendable {
    /// Top of the tallest glyphs above the baseline.
    public var ascender: Double
    /// Bottom of the deepest glyphs below the baseline, negative as UIFont's.
    public var descender: Double
    /// Extra space the font asks for between lines.
    public var leading: Double
    /// The height of one line: ascender − descender + leading.
    public var lineHeight: Double { ascender - descender + leading }
    /// The height of flat capitals such as H above the baseline, in points (from OS/2, or measured
    /// from the glyph).
    public var capHeight: Double
    /// The height of flat lowercase letters such as x above the baseline, in points.
    public var xHeight: Double
}
