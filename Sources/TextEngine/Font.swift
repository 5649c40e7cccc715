/// A font as UIKit names one: a family (nil for the system font), a size in points, a weight and
/// an italic flag. It is a description: a ``FontSystem`` resolves it to faces, and gives its
/// metrics (``FontSystem/metrics(for:)``), so one value measures the same in every engine that
/// has the same fonts.
public struct Font: Hashable, Sendable, CustomStringConvertible {
    /// UIFont.Weight's scale: -1 (ultra light) ... 0 (regular) ... 1.
    public struct Weight: Hashable, Sendable, Comparable {
        public var rawValue: Double
        public init(rawValue: Double) { self.rawValue = rawValue }
        public static func < (a: Weight, b: Weight) -> Bool { a.rawValue < b.rawValue }
        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
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

    /// The family asked for; nil is the system font (the shipped DejaVu Sans).
    public var familyName: String?
    public var pointSize: Double
    public var weight: Weight
    public var isItalic: Bool

    /// The system font at a size and weight (UIFont.systemFont(ofSize:weight:)).
    public static func systemFont(ofSize size: Double, weight: Weight = .regular) -> Font {
        Font(family: nil, size: size, weight: weight, italic: false)
    }
    public static func boldSystemFont(ofSize size: Double) -> Font { systemFont(ofSize: size, weight: .bold) }
    public static func italicSystemFont(ofSize size: Double) -> Font {
        Font(family: nil, size: size, weight: .regular, italic: true)
    }
    /// A font by family name; a family the font system cannot find draws with the system font
    /// (``FontSystem/hasFamily(_:)`` says whether it is installed).
    public init(name: String, size: Double) {
        self.init(family: name, size: size, weight: .regular, italic: false)
    }
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
    public var capHeight: Double
    public var xHeight: Double
}
