// Fonts: `UIFont` over the engine's font system, and fixed Dynamic Type metrics (UK1).
import Geometry
import RenderModel
import TextEngine
import Images
import Timeline

// MARK: - UIFont

/// `UIFont`: a font of the engine's font system (the system font is the bundled one).
public final class UIFont: NSObject, FontConvertible, @unchecked Sendable {
    package let font: Font
    package init(_ font: Font) { self.font = font }

    /// `UIFont.Weight`: a font weight on UIKit's scale (-1 ultra light ... 1 black), the engine's
    /// `Font.Weight` scale.
    public struct Weight: RawRepresentable, Hashable, Sendable {
        /// The weight's value (0 is regular).
        public let rawValue: CGFloat
        /// The weight of value `rawValue`.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// The weight of value `rawValue`.
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        // UIKit's weight scale is the engine's (Font.Weight), so the values are taken from it.
        /// `UIFont.Weight.ultraLight`: the engine's `Font.Weight.ultraLight`.
        public static let ultraLight = Weight(Font.Weight.ultraLight)
        /// `UIFont.Weight.thin`: the engine's `Font.Weight.thin`.
        public static let thin = Weight(Font.Weight.thin)
        /// `UIFont.Weight.light`: the engine's `Font.Weight.light`.
        public static let light = Weight(Font.Weight.light)
        /// `UIFont.Weight.regular`: the engine's `Font.Weight.regular`.
        public static let regular = Weight(Font.Weight.regular)
        /// `UIFont.Weight.medium`: the engine's `Font.Weight.medium`.
        public static let medium = Weight(Font.Weight.medium)
        /// `UIFont.Weight.semibold`: the engine's `Font.Weight.semibold`.
        public static let semibold = Weight(Font.Weight.semibold)
        /// `UIFont.Weight.bold`: the engine's `Font.Weight.bold`.
        public static let bold = Weight(Font.Weight.bold)
        /// `UIFont.Weight.heavy`: the engine's `Font.Weight.heavy`.
        public static let heavy = Weight(Font.Weight.heavy)
        /// `UIFont.Weight.black`: the engine's `Font.Weight.black`.
        public static let black = Weight(Font.Weight.black)
        init(_ w: Font.Weight) { rawValue = CGFloat(w.rawValue) }
        var engine: Font.Weight { Font.Weight(rawValue: rawValue.double) }
    }
    /// `UIFont.TextStyle`: a Dynamic Type style; `preferredFont(forTextStyle:)` gives its default-size
    /// system font.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        /// UIKit's string for the style (`UICTFontTextStyleBody` for `.body`).
        public let rawValue: String
        /// The style of UIKit's string `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Large title: 34 points, regular.
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        /// Title 1: 28 points, regular.
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        /// Title 2: 22 points, regular.
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        /// Title 3: 20 points, regular.
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        /// Headline: 17 points, semibold.
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        /// Subheadline: 15 points, regular.
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        /// Body: 17 points, regular.
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        /// Callout: 16 points, regular.
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        /// Footnote: 13 points, regular.
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        /// Caption 1: 12 points, regular.
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        /// Caption 2: 11 points, regular.
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")
        /// The large (default) Dynamic Type size and weight of each style.
        var metrics: (size: CGFloat, weight: Weight) {
            switch self {
            case .largeTitle: (34, .regular)
            case .title1: (28, .regular)
            case .title2: (22, .regular)
            case .title3: (20, .regular)
            case .headline: (17, .semibold)
            case .subheadline: (15, .regular)
            case .callout: (16, .regular)
            case .footnote: (13, .regular)
            case .caption1: (12, .regular)
            case .caption2: (11, .regular)
            default: (17, .regular)
            }
        }
    }

    /// `UIFont(name:size:)`: the engine's `Font(name:size:)` (size in points); nil when no face has that
    /// name.
    public init?(name fontName: String, size: CGFloat) { font = Font(name: fontName, size: size.double) }
    /// `UIFont.systemFont(ofSize:)`: the engine's `Font.systemFont(ofSize:)`, the bundled face, in points.
    public static func systemFont(ofSize size: CGFloat) -> UIFont { UIFont(.systemFont(ofSize: size.double)) }
    /// `UIFont.systemFont(ofSize:weight:)`: the engine's system font at `size` points and `weight`.
    public static func systemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        UIFont(.systemFont(ofSize: size.double, weight: weight.engine))
    }
    /// `UIFont.boldSystemFont(ofSize:)`: the engine's `Font.boldSystemFont(ofSize:)`, in points.
    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(.boldSystemFont(ofSize: size.double)) }
    /// `UIFont.italicSystemFont(ofSize:)`: the engine's `Font.italicSystemFont(ofSize:)`, in points.
    public static func italicSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(.italicSystemFont(ofSize: size.double)) }
    /// `UIFont.monospacedSystemFont(ofSize:weight:)`: the engine's font of family "DejaVu Sans Mono".
    public static func monospacedSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        UIFont(Font(family: "DejaVu Sans Mono", size: size.double, weight: weight.engine))
    }
    /// `UIFont.monospacedDigitSystemFont(ofSize:weight:)`: approximated — the plain system font; its
    /// digits are not made monospaced.
    public static func monospacedDigitSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        systemFont(ofSize: size, weight: weight)
    }
    /// `UIFont.preferredFont(forTextStyle:)`: the system font at the style's default size and weight
    /// (Dynamic Type is fixed at `.large`).
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        let m = style.metrics
        return systemFont(ofSize: m.size, weight: m.weight)
    }
    /// `UIFont.preferredFont(forTextStyle:compatibleWith:)`: as `preferredFont(forTextStyle:)`; the
    /// traits are ignored.
    public static func preferredFont(forTextStyle style: TextStyle, compatibleWith traits: UITraitCollection?) -> UIFont {
        preferredFont(forTextStyle: style)
    }
    /// `UIFont.systemFontSize`: 17 points.
    public static var systemFontSize: CGFloat { 17 }
    /// `UIFont.labelFontSize`: 17 points.
    public static var labelFontSize: CGFloat { 17 }
    /// `UIFont.buttonFontSize`: 18 points.
    public static var buttonFontSize: CGFloat { 18 }
    /// `UIFont.smallSystemFontSize`: 12 points.
    public static var smallSystemFontSize: CGFloat { 12 }

    /// `UIFont.pointSize`: the engine font's `pointSize`, in points.
    public var pointSize: CGFloat { CGFloat(font.pointSize) }
    /// `UIFont.fontName`: the engine font's `fontName`.
    public var fontName: String { font.fontName }
    /// `UIFont.familyName`: the engine font's `familyName`, or "System" for the system font.
    public var familyName: String { font.familyName ?? "System" }
    /// `UIFont.withSize(_:)`: the same engine font at `size` points.
    public func withSize(_ size: CGFloat) -> UIFont {
        var f = font; f.pointSize = size.double; return UIFont(f)
    }
    /// Metrics from the font system of the application's window (its faces, as text is laid
    /// out with them; off the main thread, from a font system made for the call).
    private var metrics: FontMetrics { currentFontSystem().metrics(for: font) }
    /// `UIFont.lineHeight`: the engine's `FontMetrics.lineHeight`, in points.
    public var lineHeight: CGFloat { CGFloat(metrics.lineHeight) }
    /// `UIFont.ascender`: the engine's `FontMetrics.ascender`, in points above the baseline.
    public var ascender: CGFloat { CGFloat(metrics.ascender) }
    /// `UIFont.descender`: the engine's `FontMetrics.descender`, in points (negative, below the baseline).
    public var descender: CGFloat { CGFloat(metrics.descender) }
    /// `UIFont.leading`: the engine's `FontMetrics.leading` (line gap), in points.
    public var leading: CGFloat { CGFloat(metrics.leading) }
    /// `UIFont.capHeight`: the engine's `FontMetrics.capHeight`, in points.
    public var capHeight: CGFloat { CGFloat(metrics.capHeight) }
    /// `UIFont.xHeight`: the engine's `FontMetrics.xHeight`, in points.
    public var xHeight: CGFloat { CGFloat(metrics.xHeight) }
    /// Not UIKit: the engine font's `fontName`, for code that bridges to the engine.
    public var engineFontName: String { font.fontName }
    /// Not UIKit: the engine font's `pointSize` (points), for code that bridges to the engine.
    public var engineFontSize: Double { font.pointSize }
    public override func isEqual(_ object: Any?) -> Bool { (object as? UIFont)?.font == font }
    public override var hash: Int { font.hashValue }
}

/// `UIFontMetrics`: Dynamic Type is fixed at the default size, so fonts scale by 1.
public final class UIFontMetrics: @unchecked Sendable {
    /// `UIFontMetrics.default`: the body style's metrics; it scales by 1 like every other.
    public static let `default` = UIFontMetrics(forTextStyle: .body)
    /// `UIFontMetrics(forTextStyle:)`: the style is ignored; every metrics scales by 1.
    public init(forTextStyle style: UIFont.TextStyle) {}
    /// `UIFontMetrics.scaledFont(for:)`: returns `font` unchanged (Dynamic Type is fixed).
    public func scaledFont(for font: UIFont) -> UIFont { font }
    /// `UIFontMetrics.scaledValue(for:)`: returns `value` unchanged (Dynamic Type is fixed).
    public func scaledValue(for value: CGFloat) -> CGFloat { value }
}
