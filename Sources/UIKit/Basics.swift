// UIKit's values: insets, colours, fonts, images, the screen, Bézier paths and the current
// graphics context (UK1, UK2). Each stands on an engine value and converts at the boundary.
@_exported import Foundation
@_exported import CoreGraphics
@_exported import QuartzCore
@_exported import CoreImage
@_exported import ObjectiveC
// On iOS `import UIKit` brings URLSession with Foundation; on Linux it lives in FoundationNetworking.
#if canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif
import Geometry
import RenderModel
import TextEngine
import Images
import Timeline

public struct UIEdgeInsets: Hashable, Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init() { top = 0; left = 0; bottom = 0; right = 0 }
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = UIEdgeInsets()
    package var engine: EdgeInsets { EdgeInsets(top: top.double, left: left.double, bottom: bottom.double, right: right.double) }
    package init(_ e: EdgeInsets) { self.init(top: CGFloat(e.top), left: CGFloat(e.left), bottom: CGFloat(e.bottom), right: CGFloat(e.right)) }
}
public func UIEdgeInsetsMake(_ top: CGFloat, _ left: CGFloat, _ bottom: CGFloat, _ right: CGFloat) -> UIEdgeInsets {
    UIEdgeInsets(top: top, left: left, bottom: bottom, right: right)
}
extension CGRect {
    public func inset(by i: UIEdgeInsets) -> CGRect {
        CGRect(x: minX + i.left, y: minY + i.top, width: width - i.left - i.right, height: height - i.top - i.bottom)
    }
}

public struct NSDirectionalEdgeInsets: Hashable, Sendable {
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    public init() { top = 0; leading = 0; bottom = 0; trailing = 0 }
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public static let zero = NSDirectionalEdgeInsets()
}

public struct UIOffset: Hashable, Sendable {
    public var horizontal: CGFloat, vertical: CGFloat
    public init() { horizontal = 0; vertical = 0 }
    public init(horizontal: CGFloat, vertical: CGFloat) { self.horizontal = horizontal; self.vertical = vertical }
    public static let zero = UIOffset()
}

public struct UIRectCorner: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let topLeft = UIRectCorner(rawValue: 1)
    public static let topRight = UIRectCorner(rawValue: 2)
    public static let bottomLeft = UIRectCorner(rawValue: 4)
    public static let bottomRight = UIRectCorner(rawValue: 8)
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

public enum UIUserInterfaceStyle: Int, Sendable { case unspecified, light, dark }

/// `UITraitCollection`: the environment's traits. The style is light; size classes follow the
/// window's size as an iPhone's and an iPad's do (a width of 700 points or more is regular, a
/// height under 500 compact); the idiom is the device's.
public final class UITraitCollection: NSObject, @unchecked Sendable {
    public let userInterfaceStyle: UIUserInterfaceStyle
    public let displayScale: CGFloat
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    public let verticalSizeClass: UIUserInterfaceSizeClass
    public let userInterfaceIdiom: UIUserInterfaceIdiom
    public init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.userInterfaceStyle = userInterfaceStyle; displayScale = 1
        horizontalSizeClass = .unspecified; verticalSizeClass = .unspecified; userInterfaceIdiom = .unspecified
    }
    public init(horizontalSizeClass: UIUserInterfaceSizeClass) {
        userInterfaceStyle = .unspecified; displayScale = 1
        self.horizontalSizeClass = horizontalSizeClass; verticalSizeClass = .unspecified; userInterfaceIdiom = .unspecified
    }
    public init(verticalSizeClass: UIUserInterfaceSizeClass) {
        userInterfaceStyle = .unspecified; displayScale = 1
        horizontalSizeClass = .unspecified; self.verticalSizeClass = verticalSizeClass; userInterfaceIdiom = .unspecified
    }
    public init(displayScale: CGFloat) {
        userInterfaceStyle = .unspecified; self.displayScale = displayScale
        horizontalSizeClass = .unspecified; verticalSizeClass = .unspecified; userInterfaceIdiom = .unspecified
    }
    /// The traits of a window of this size.
    init(size: CGSize, idiom: UIUserInterfaceIdiom = .unspecified, style: UIUserInterfaceStyle = .light, scale: CGFloat = 1) {
        userInterfaceStyle = style; displayScale = scale
        horizontalSizeClass = size.width >= 700 ? .regular : .compact
        verticalSizeClass = size.height < 500 ? .compact : .regular
        userInterfaceIdiom = idiom
    }
    /// Traits merged: each set (non-unspecified) trait of a later collection wins.
    public init(traitsFrom collections: [UITraitCollection]) {
        var style = UIUserInterfaceStyle.unspecified, scale: CGFloat = 0
        var h = UIUserInterfaceSizeClass.unspecified, v = UIUserInterfaceSizeClass.unspecified, idiom = UIUserInterfaceIdiom.unspecified
        for c in collections {
            if c.userInterfaceStyle != .unspecified { style = c.userInterfaceStyle }
            if c.displayScale != 0 { scale = c.displayScale }
            if c.horizontalSizeClass != .unspecified { h = c.horizontalSizeClass }
            if c.verticalSizeClass != .unspecified { v = c.verticalSizeClass }
            if c.userInterfaceIdiom != .unspecified { idiom = c.userInterfaceIdiom }
        }
        userInterfaceStyle = style; displayScale = scale; horizontalSizeClass = h; verticalSizeClass = v; userInterfaceIdiom = idiom
    }
    /// The traits of the main screen (off the main queue, where the screen cannot be read, light
    /// traits with no size classes; asking there does not trap).
    public static var current: UITraitCollection {
        guard isOnMainQueue else { return UITraitCollection(userInterfaceStyle: .light) }
        return MainActor.assumeIsolated {
            UITraitCollection(size: UIScreen.main.bounds.size, idiom: UIDevice.current.userInterfaceIdiom,
                              style: UIUserInterfaceStyle(UIApplication.shared.keyWindow?.engineWindow.interfaceStyle ?? .light),
                              scale: CGFloat(UIApplication.shared.keyWindow?.engineWindow.scale ?? 1))
        }
    }
    public var preferredContentSizeCategory: UIContentSizeCategory { .large }
    public var layoutDirection: UITraitEnvironmentLayoutDirection { .leftToRight }
    public var accessibilityContrast: UIAccessibilityContrast { .normal }
    public var legibilityWeight: UILegibilityWeight { .regular }
    public func hasDifferentColorAppearance(comparedTo other: UITraitCollection?) -> Bool {
        userInterfaceStyle != other?.userInterfaceStyle
    }
    /// Whether every trait `trait` sets is the same here.
    public func containsTraits(in trait: UITraitCollection?) -> Bool {
        guard let t = trait else { return true }
        return (t.userInterfaceStyle == .unspecified || t.userInterfaceStyle == userInterfaceStyle)
            && (t.horizontalSizeClass == .unspecified || t.horizontalSizeClass == horizontalSizeClass)
            && (t.verticalSizeClass == .unspecified || t.verticalSizeClass == verticalSizeClass)
            && (t.userInterfaceIdiom == .unspecified || t.userInterfaceIdiom == userInterfaceIdiom)
    }
    /// Runs `actions` with these traits current. Partial: ``UITraitCollection/current`` stays
    /// the key window's (resolve with `resolvedColor(with:)`).
    public func performAsCurrent(_ actions: () throws -> Void) rethrows { try actions() }
}

public enum UIUserInterfaceSizeClass: Int, Sendable { case unspecified, compact, regular }
public enum UITraitEnvironmentLayoutDirection: Int, Sendable { case unspecified = -1, leftToRight, rightToLeft }
public enum UIAccessibilityContrast: Int, Sendable { case unspecified = -1, normal, high }
public enum UILegibilityWeight: Int, Sendable { case unspecified = -1, regular, bold }
public struct UIContentSizeCategory: RawRepresentable, Hashable, Comparable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    private static let order = ["UICTContentSizeCategoryXS", "UICTContentSizeCategoryS", "UICTContentSizeCategoryM",
                                "UICTContentSizeCategoryL", "UICTContentSizeCategoryXL", "UICTContentSizeCategoryXXL",
                                "UICTContentSizeCategoryXXXL", "UICTContentSizeCategoryAccessibilityM",
                                "UICTContentSizeCategoryAccessibilityL", "UICTContentSizeCategoryAccessibilityXL",
                                "UICTContentSizeCategoryAccessibilityXXL", "UICTContentSizeCategoryAccessibilityXXXL"]
    public static func < (a: Self, b: Self) -> Bool { (order.firstIndex(of: a.rawValue) ?? 3) < (order.firstIndex(of: b.rawValue) ?? 3) }
    public static let extraSmall = Self(rawValue: order[0]), small = Self(rawValue: order[1]), medium = Self(rawValue: order[2])
    public static let large = Self(rawValue: order[3]), extraLarge = Self(rawValue: order[4])
    public static let extraExtraLarge = Self(rawValue: order[5]), extraExtraExtraLarge = Self(rawValue: order[6])
    public static let accessibilityMedium = Self(rawValue: order[7]), accessibilityLarge = Self(rawValue: order[8])
    public static let accessibilityExtraLarge = Self(rawValue: order[9])
    public static let accessibilityExtraExtraLarge = Self(rawValue: order[10])
    public static let accessibilityExtraExtraExtraLarge = Self(rawValue: order[11])
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }
}

// MARK: - UIColor

/// `UIColor`: an sRGB colour. System colours have their light-mode values; a dynamic colour
/// (`UIColor { traits in ... }`) is resolved once, for light traits.
public final class UIColor: NSObject, CGColorConvertible, @unchecked Sendable {
    package let color: Color
    package init(_ color: Color) { self.color = color }
    /// A dynamic colour's provider (DK5); `color` is what it gave for the traits it was made in.
    package private(set) var provider: ((UITraitCollection) -> UIColor)?
    /// The engine's side of a dynamic colour, which views resolve again when their style changes.
    package var engineDynamic: DynamicColor? {
        guard let provider else { return nil }
        return DynamicColor { traits in provider(UITraitCollection(engine: traits)).color }
    }
    /// Hands a dynamic colour to `dynamic` (an engine binding that follows the style) and a
    /// plain one to `plain`: how a facade colour property sets its engine view.
    package func bind(dynamic: (DynamicColor) -> Void, plain: (Color) -> Void) {
        if let d = engineDynamic { dynamic(d) } else { plain(color) }
    }

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        color = Color(red: red.double, green: green.double, blue: blue.double, alpha: alpha.double)
    }
    public convenience init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }
    public convenience init(white: CGFloat, alpha: CGFloat) { self.init(red: white, green: white, blue: white, alpha: alpha) }
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let hue = hue.double.isFinite ? hue.double : 0
        let h = (hue.truncatingRemainder(dividingBy: 1) + 1).truncatingRemainder(dividingBy: 1) * 6
        let s = saturation.double, v = brightness.double
        let i = Int(h), f = h - Double(i)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double) = switch i % 6 {
        case 0: (v, t, p)
        case 1: (q, v, p)
        case 2: (p, v, t)
        case 3: (p, q, v)
        case 4: (t, p, v)
        default: (v, p, q)
        }
        self.init(red: CGFloat(r), green: CGFloat(g), blue: CGFloat(b), alpha: alpha)
    }
    public convenience init(cgColor: CGColor) { self.init(cgColor.color) }
    @available(*, unavailable, message: "pattern colours are not drawn on Linux; tile a UIImageView or a layer's contents instead")
    public convenience init(patternImage image: UIImage) { self.init(.clear) }
    /// A dynamic colour (DK5): `color` and `cgColor` resolve it for the current traits; set on
    /// a view (background, tint), it resolves again when the view's style changes.
    public convenience init(dynamicProvider: @escaping (UITraitCollection) -> UIColor) {
        self.init(dynamicProvider(UITraitCollection.current).color)
        provider = dynamicProvider
    }
    /// A system colour (`systemBackground`, `label`, ...): the engine's pair, light and dark.
    package convenience init(system: DynamicColor) {
        let (light, dark) = system.appearances ?? (.black, .black)
        self.init(light)
        provider = { UIColor($0.userInterfaceStyle == .dark ? dark : light) }
    }
    /// Asset catalogues do not exist here: no named colour is found.
    public convenience init?(named name: String) { return nil }

    public var cgColor: CGColor { CGColor(color) }
    public var ciColor: CGColor { cgColor }
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(Color(red: color.red, green: color.green, blue: color.blue, alpha: alpha.double))
    }
    public func resolvedColor(with traits: UITraitCollection) -> UIColor {
        provider.map { $0(traits).resolvedColor(with: traits) } ?? self
    }
    @discardableResult
    public func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                       blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        red?.pointee = CGFloat(color.red); green?.pointee = CGFloat(color.green)
        blue?.pointee = CGFloat(color.blue); alpha?.pointee = CGFloat(color.alpha)
        return true
    }
    @discardableResult
    public func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        white?.pointee = CGFloat((color.red + color.green + color.blue) / 3); alpha?.pointee = CGFloat(color.alpha)
        return true
    }
    @discardableResult
    public func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
                       brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let r = color.red, g = color.green, b = color.blue
        let mx = max(r, g, b), mn = min(r, g, b), d = mx - mn
        var h = 0.0
        if d > 0 {
            if mx == r { h = ((g - b) / d).truncatingRemainder(dividingBy: 6) }
            else if mx == g { h = (b - r) / d + 2 } else { h = (r - g) / d + 4 }
            h /= 6; if h < 0 { h += 1 }
        }
        hue?.pointee = CGFloat(h); saturation?.pointee = CGFloat(mx == 0 ? 0 : d / mx)
        brightness?.pointee = CGFloat(mx); alpha?.pointee = CGFloat(color.alpha)
        return true
    }

    /// Sets the fill and stroke colour of the current graphics context.
    public func set() { setFill(); setStroke() }
    public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }
    public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }

    public override func isEqual(_ object: Any?) -> Bool { (object as? UIColor)?.color == color }
    public override var hash: Int { color.hashValue }
    public override var description: String { "UIColor(\(color.hexString))" }

    private static func rgb(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> UIColor {
        UIColor(Color(red: r / 255, green: g / 255, blue: b / 255, alpha: a))
    }
    public static let black = UIColor(.black)
    public static let white = UIColor(.white)
    public static let clear = UIColor(.clear)
    public static let darkGray = UIColor(white: 1.0 / 3, alpha: 1)
    public static let lightGray = UIColor(white: 2.0 / 3, alpha: 1)
    public static let gray = UIColor(white: 0.5, alpha: 1)
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    // System colours: the engine's semantic colours (`DynamicColor.systemBackground` and the rest),
    // light or dark with the interface style of the view they are set on (DK5).
    public static let systemRed = UIColor(system: .systemRed)
    public static let systemOrange = UIColor(system: .systemOrange)
    public static let systemYellow = UIColor(system: .systemYellow)
    public static let systemGreen = UIColor(system: .systemGreen)
    public static let systemMint = UIColor(system: .systemMint)
    public static let systemTeal = UIColor(system: .systemTeal)
    public static let systemCyan = UIColor(system: .systemCyan)
    public static let systemBlue = UIColor(system: .systemBlue)
    public static let systemIndigo = UIColor(system: .systemIndigo)
    public static let systemPurple = UIColor(system: .systemPurple)
    public static let systemPink = UIColor(system: .systemPink)
    public static let systemBrown = UIColor(system: .systemBrown)
    public static let systemGray = UIColor(system: .systemGray)
    public static let systemGray2 = UIColor(system: .systemGray2)
    public static let systemGray3 = UIColor(system: .systemGray3)
    public static let systemGray4 = UIColor(system: .systemGray4)
    public static let systemGray5 = UIColor(system: .systemGray5)
    public static let systemGray6 = UIColor(system: .systemGray6)
    public static let systemBackground = UIColor(system: .systemBackground)
    public static let secondarySystemBackground = UIColor(system: .secondarySystemBackground)
    public static let tertiarySystemBackground = UIColor(system: .tertiarySystemBackground)
    public static let systemGroupedBackground = UIColor(system: .systemGroupedBackground)
    /// iOS 2's name of the grouped background, deprecated in iOS 13 for `systemGroupedBackground`.
    public static var groupTableViewBackground: UIColor { systemGroupedBackground }
    public static let secondarySystemGroupedBackground = UIColor(system: .secondarySystemGroupedBackground)
    public static let tertiarySystemGroupedBackground = UIColor(system: .tertiarySystemGroupedBackground)
    public static let label = UIColor(system: .label)
    public static let secondaryLabel = UIColor(system: .secondaryLabel)
    public static let tertiaryLabel = UIColor(system: .tertiaryLabel)
    public static let quaternaryLabel = UIColor(system: .quaternaryLabel)
    public static let placeholderText = UIColor(system: .placeholderText)
    public static let separator = UIColor(system: .separator)
    public static let opaqueSeparator = UIColor(system: .opaqueSeparator)
    public static let link = UIColor(system: .link)
    public static let systemFill = UIColor(system: .systemFill)
    public static let secondarySystemFill = UIColor(system: .secondarySystemFill)
    public static let tertiarySystemFill = UIColor(system: .tertiarySystemFill)
    public static let tintColor = UIColor(system: .systemBlue)
}

/// `#colorLiteral(red:green:blue:alpha:)` makes a `UIColor`, as UIKit's literal does (sRGB).
extension UIColor: _ExpressibleByColorLiteral {
    public convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }
}

// MARK: - UIFont

/// `UIFont`: a font of the engine's font system (the system font is the bundled one).
public final class UIFont: NSObject, FontConvertible, @unchecked Sendable {
    package let font: Font
    package init(_ font: Font) { self.font = font }

    public struct Weight: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        // UIKit's weight scale is the engine's (Font.Weight), so the values are taken from it.
        public static let ultraLight = Weight(Font.Weight.ultraLight)
        public static let thin = Weight(Font.Weight.thin)
        public static let light = Weight(Font.Weight.light)
        public static let regular = Weight(Font.Weight.regular)
        public static let medium = Weight(Font.Weight.medium)
        public static let semibold = Weight(Font.Weight.semibold)
        public static let bold = Weight(Font.Weight.bold)
        public static let heavy = Weight(Font.Weight.heavy)
        public static let black = Weight(Font.Weight.black)
        init(_ w: Font.Weight) { rawValue = CGFloat(w.rawValue) }
        var engine: Font.Weight { Font.Weight(rawValue: rawValue.double) }
    }
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
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

    public init?(name fontName: String, size: CGFloat) { font = Font(name: fontName, size: size.double) }
    public static func systemFont(ofSize size: CGFloat) -> UIFont { UIFont(.systemFont(ofSize: size.double)) }
    public static func systemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        UIFont(.systemFont(ofSize: size.double, weight: weight.engine))
    }
    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(.boldSystemFont(ofSize: size.double)) }
    public static func italicSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(.italicSystemFont(ofSize: size.double)) }
    public static func monospacedSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        UIFont(Font(family: "DejaVu Sans Mono", size: size.double, weight: weight.engine))
    }
    public static func monospacedDigitSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        systemFont(ofSize: size, weight: weight)
    }
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        let m = style.metrics
        return systemFont(ofSize: m.size, weight: m.weight)
    }
    public static func preferredFont(forTextStyle style: TextStyle, compatibleWith traits: UITraitCollection?) -> UIFont {
        preferredFont(forTextStyle: style)
    }
    public static var systemFontSize: CGFloat { 17 }
    public static var labelFontSize: CGFloat { 17 }
    public static var buttonFontSize: CGFloat { 18 }
    public static var smallSystemFontSize: CGFloat { 12 }

    public var pointSize: CGFloat { CGFloat(font.pointSize) }
    public var fontName: String { font.fontName }
    public var familyName: String { font.familyName ?? "System" }
    public func withSize(_ size: CGFloat) -> UIFont {
        var f = font; f.pointSize = size.double; return UIFont(f)
    }
    /// Metrics from the font system of the application's window (its faces, as text is laid
    /// out with them; off the main thread, from a font system made for the call).
    private var metrics: FontMetrics { currentFontSystem().metrics(for: font) }
    public var lineHeight: CGFloat { CGFloat(metrics.lineHeight) }
    public var ascender: CGFloat { CGFloat(metrics.ascender) }
    public var descender: CGFloat { CGFloat(metrics.descender) }
    public var leading: CGFloat { CGFloat(metrics.leading) }
    public var capHeight: CGFloat { CGFloat(metrics.capHeight) }
    public var xHeight: CGFloat { CGFloat(metrics.xHeight) }
    public var engineFontName: String { font.fontName }
    public var engineFontSize: Double { font.pointSize }
    public override func isEqual(_ object: Any?) -> Bool { (object as? UIFont)?.font == font }
    public override var hash: Int { font.hashValue }
}

/// `UIFontMetrics`: Dynamic Type is fixed at the default size, so fonts scale by 1.
public final class UIFontMetrics: @unchecked Sendable {
    public static let `default` = UIFontMetrics(forTextStyle: .body)
    public init(forTextStyle style: UIFont.TextStyle) {}
    public func scaledFont(for font: UIFont) -> UIFont { font }
    public func scaledValue(for value: CGFloat) -> CGFloat { value }
}

// MARK: - UIImage

/// `UIImage`: a decoded engine image (PNG, JPEG, GIF, WebP... through SDL2_image).
public final class UIImage: NSObject, ContentsImageConvertible, @unchecked Sendable {
    package let image: Image
    package init(_ image: Image) { self.image = image }
    /// An empty image (no pixels, size zero), as `UIImage()` gives.
    public convenience override init() { self.init(Image(bitmap: Bitmap(width: 0, height: 0, rgba: []))) }
    /// Draws the image into the current context (a `draw(_:)` override's or an image renderer's)
    /// filling `rect`; nothing without a context.
    public func draw(in rect: CGRect) { UIGraphicsGetCurrentContext()?.draw(CGImage(image), in: rect) }
    public func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }
    /// The image as PNG file bytes (the engine's encoder); nil for an empty image.
    public func pngData() -> Data? { image.bitmap.pngData().map { Data($0) } }
    /// The image as JPEG file bytes at `compressionQuality` (0 smallest ... 1 best, the engine's
    /// encoder); nil for an empty image.
    public func jpegData(compressionQuality: CGFloat) -> Data? {
        image.bitmap.jpegData(quality: compressionQuality.double).map { Data($0) }
    }
    /// Partial: the blend mode draws as normal; the alpha applies.
    public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        ctx.setAlpha(alpha)
        ctx.draw(CGImage(image), in: rect)
        ctx.restoreGState()
    }
    /// The image drawn at `size` points (its aspect kept inside it, as a thumbnail); nil for an
    /// empty size.
    public func preparingThumbnail(of size: CGSize) -> UIImage? {
        guard size.width > 0, size.height > 0, self.size.width > 0, self.size.height > 0 else { return nil }
        let k = min(size.width / self.size.width, size.height / self.size.height)
        let target = CGSize(width: (self.size.width * k).rounded(), height: (self.size.height * k).rounded())
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        return UIGraphicsImageRenderer(size: target, format: format).image { _ in self.draw(in: CGRect(origin: .zero, size: target)) }
    }

    public enum RenderingMode: Int, Sendable { case automatic, alwaysOriginal, alwaysTemplate }
    public enum ResizingMode: Int, Sendable { case tile, stretch }

    /// Looks for `name` (with or without an extension: png, jpg, gif, webp) in the working
    /// directory and in `Resources/` beside it; there are no asset catalogues. A name without
    /// an extension takes the `@2x` or `@3x` file for `UIScreen.main.scale` first (DK2).
    public convenience init?(named name: String) {
        let fm = FileManager.default
        let candidates = [name] + ["png", "jpg", "jpeg", "gif", "webp"].map { "\(name).\($0)" }
        for dir in ["", "Resources/"] {
            if let img = UIImage.variant(named: name, in: dir, scale: UIScreen.main.scale) { self.init(img); return }
            for c in candidates where fm.fileExists(atPath: dir + c) {
                if let img = Image(contentsOfFile: dir + c) { self.init(img); return }
            }
        }
        return nil
    }
    /// Looks for `name` as `init(named:)` does, then in the bundle's resource directory, where
    /// the `@2x` or `@3x` file for the traits' `displayScale` (else the screen's) comes first.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        let scale = traitCollection.map { $0.displayScale > 0 ? $0.displayScale : UIScreen.main.scale } ?? UIScreen.main.scale
        if let dir = bundle?.resourcePath, let img = UIImage.variant(named: name, in: dir, scale: scale) { self.init(img); return }
        if let found = UIImage(named: name) { self.init(found.image); return }
        let fm = FileManager.default
        let dir = (bundle?.resourcePath).map { $0 + "/" } ?? ""
        for c in [name] + ["png", "jpg", "jpeg", "gif", "webp"].map({ "\(name).\($0)" }) where !dir.isEmpty && fm.fileExists(atPath: dir + c) {
            if let img = Image(contentsOfFile: dir + c) { self.init(img); return }
        }
        return nil
    }
    /// The file for `name` (no extension) in `dir` at `scale`, through the engine's
    /// `ImageAssets` (the variant for the scale, then larger, then smaller); nil when none.
    private static func variant(named name: String, in dir: String, scale: CGFloat) -> Image? {
        guard !name.contains("."), !name.contains("/") else { return nil }
        let assets = ImageAssets(directory: dir.isEmpty ? "." : dir, displayScale: Double(scale))
        return try? assets.load(named: name)
    }
    public convenience init?(contentsOfFile path: String) {
        guard let img = Image(contentsOfFile: path) else { return nil }
        self.init(img)
    }
    public convenience init?(data: Data) {
        guard let img = Image(data: [UInt8](data)) else { return nil }
        self.init(img)
    }
    public convenience init?(data: Data, scale: CGFloat) {
        guard let img = Image(data: [UInt8](data), scale: scale.double) else { return nil }
        self.init(img)
    }
    public convenience init(cgImage: CGImage) { self.init(cgImage.image) }
    public convenience init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        self.init(Image(bitmap: cgImage.image.bitmap, scale: scale.double))
    }
    public enum Orientation: Int, Sendable { case up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored }
    /// SF Symbols are Apple's: no system image exists here.
    public convenience init?(systemName name: String) { return nil }
    public convenience init?(systemName name: String, withConfiguration configuration: SymbolConfiguration?) { return nil }
    public final class SymbolConfiguration: NSObject, @unchecked Sendable {
        public init(pointSize: CGFloat) {}
        public init(pointSize: CGFloat, weight: UIImage.SymbolWeight) {}
        public init(scale: UIImage.SymbolScale) {}
        public init(weight: UIImage.SymbolWeight) {}
    }
    public enum SymbolWeight: Int, Sendable { case unspecified, ultraLight, thin, light, regular, medium, semibold, bold, heavy, black }
    public enum SymbolScale: Int, Sendable { case `default`, unspecified, small, medium, large }

    public var size: CGSize { CGSize(image.size) }
    public var scale: CGFloat { CGFloat(image.scale) }
    public var cgImage: CGImage? { CGImage(image) }
    public var contentsImage: CGImage? { cgImage }
    public var renderingMode: RenderingMode {
        switch image.renderingMode { case .alwaysTemplate: .alwaysTemplate; case .alwaysOriginal: .alwaysOriginal; default: .automatic }
    }
    public func withRenderingMode(_ mode: RenderingMode) -> UIImage {
        UIImage(image.withRenderingMode(mode == .alwaysTemplate ? .alwaysTemplate : mode == .alwaysOriginal ? .alwaysOriginal : .automatic))
    }
    /// The image's shape (its alpha) in `color`, as an original image.
    public func withTintColor(_ color: UIColor) -> UIImage {
        let c = color.color, src = image.bitmap.rgba
        var rgba = [UInt8](repeating: 0, count: src.count)
        func byte(_ v: Double) -> UInt8 { v.isFinite ? UInt8(min(255, max(0, (v * 255).rounded()))) : 0 }
        let r = byte(c.red), g = byte(c.green), b = byte(c.blue), a = c.alpha.isFinite ? min(1, max(0, c.alpha)) : 0
        for i in stride(from: 0, to: src.count, by: 4) {
            rgba[i] = r; rgba[i + 1] = g; rgba[i + 2] = b
            rgba[i + 3] = UInt8((Double(src[i + 3]) * a).rounded())
        }
        return UIImage(Image(bitmap: Bitmap(width: image.bitmap.width, height: image.bitmap.height, rgba: rgba), scale: image.scale,
                             renderingMode: .alwaysOriginal))
    }
    public func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage {
        withTintColor(color).withRenderingMode(renderingMode)
    }
    public func resizableImage(withCapInsets insets: UIEdgeInsets) -> UIImage {
        UIImage(image.resizableImage(withCapInsets: insets.engine))
    }
    public func resizableImage(withCapInsets insets: UIEdgeInsets, resizingMode: ResizingMode) -> UIImage {
        UIImage(image.resizableImage(withCapInsets: insets.engine, resizingMode: resizingMode == .stretch ? .stretch : .tile))
    }
    public static func animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage? {
        Image.animatedImage(with: images.map(\.image), duration: duration).map(UIImage.init)
    }
    public var images: [UIImage]? { image.images?.map(UIImage.init) }
    public var duration: TimeInterval { image.duration }
}

// MARK: - UIScreen

/// `UIScreen`: the display the window opens on (its size is the window's, set at launch).
@preconcurrency @MainActor
public final class UIScreen: NSObject {
    public static let main = UIScreen()
    public var bounds = CGRect(x: 0, y: 0, width: 390, height: 844)
    public var nativeBounds: CGRect { bounds.applying(CGAffineTransform(scaleX: scale, y: scale)) }
    /// Device pixels per point: the engine window's `scale` (DK2: the output's scale on Wayland,
    /// `TIMELINE_SCALE` or `GDK_SCALE` on X11; 1 headless unless a test sets it).
    public var scale: CGFloat { CGFloat(UIApplication.shared.screenWindow?.scale ?? 1) }
    public var nativeScale: CGFloat { scale }
    public var maximumFramesPerSecond: Int { 60 }
    public var traitCollection: UITraitCollection { .current }
    public var brightness: CGFloat = 1
}

extension CIColor {
    /// A `UIColor`'s components, as UIKit's `CIColor(color:)`.
    public convenience init(color: UIColor) { self.init(cgColor: color.cgColor) }
}
