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

/// `UIEdgeInsets`: insets in points from each edge; converts to and from the engine's `EdgeInsets`.
public struct UIEdgeInsets: Hashable, Sendable {
    /// The insets from the top, left, bottom and right edges, in points.
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    /// All four insets zero.
    public init() { top = 0; left = 0; bottom = 0; right = 0 }
    /// Insets from the four edges, in points.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// No inset on any edge.
    public static let zero = UIEdgeInsets()
    package var engine: EdgeInsets { EdgeInsets(top: top.double, left: left.double, bottom: bottom.double, right: right.double) }
    package init(_ e: EdgeInsets) { self.init(top: CGFloat(e.top), left: CGFloat(e.left), bottom: CGFloat(e.bottom), right: CGFloat(e.right)) }
}
/// Apple's `UIEdgeInsetsMake(_:_:_:_:)`: the same as `UIEdgeInsets(top:left:bottom:right:)`.
public func UIEdgeInsetsMake(_ top: CGFloat, _ left: CGFloat, _ bottom: CGFloat, _ right: CGFloat) -> UIEdgeInsets {
    UIEdgeInsets(top: top, left: left, bottom: bottom, right: right)
}
extension CGRect {
    /// `CGRect.inset(by:)`: the rectangle shrunk by `i` on each edge (grown where an inset is negative).
    public func inset(by i: UIEdgeInsets) -> CGRect {
        CGRect(x: minX + i.left, y: minY + i.top, width: width - i.left - i.right, height: height - i.top - i.bottom)
    }
}

/// `NSDirectionalEdgeInsets`: insets in points from the leading and trailing edges. The layout is
/// always left to right here, so leading is left and trailing right.
public struct NSDirectionalEdgeInsets: Hashable, Sendable {
    /// The insets from the top, leading, bottom and trailing edges, in points.
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    /// All four insets zero.
    public init() { top = 0; leading = 0; bottom = 0; trailing = 0 }
    /// Insets from the four edges, in points.
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    /// No inset on any edge.
    public static let zero = NSDirectionalEdgeInsets()
}

/// `UIOffset`: a horizontal and vertical offset in points (a plain value; the engine has none).
public struct UIOffset: Hashable, Sendable {
    /// The offsets along x and y, in points.
    public var horizontal: CGFloat, vertical: CGFloat
    /// No offset.
    public init() { horizontal = 0; vertical = 0 }
    /// An offset of `horizontal` and `vertical` points.
    public init(horizontal: CGFloat, vertical: CGFloat) { self.horizontal = horizontal; self.vertical = vertical }
    /// No offset.
    public static let zero = UIOffset()
}

/// `UIRectCorner`: which corners of a rectangle (for `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)`).
public struct UIRectCorner: OptionSet, Hashable, Sendable {
    /// The corners as bits: 1 top left, 2 top right, 4 bottom left, 8 bottom right.
    public let rawValue: UInt
    /// The corners whose bits `rawValue` sets.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top-left corner.
    public static let topLeft = UIRectCorner(rawValue: 1)
    /// The top-right corner.
    public static let topRight = UIRectCorner(rawValue: 2)
    /// The bottom-left corner.
    public static let bottomLeft = UIRectCorner(rawValue: 4)
    /// The bottom-right corner.
    public static let bottomRight = UIRectCorner(rawValue: 8)
    /// All four corners.
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// `UIUserInterfaceStyle`: light or dark; maps to and from the engine window's `interfaceStyle`.
public enum UIUserInterfaceStyle: Int, Sendable { case unspecified, light, dark }

/// `UITraitCollection`: the environment's traits. The style is light; size classes follow the
/// window's size as an iPhone's and an iPad's do (a width of 700 points or more is regular, a
/// height under 500 compact); the idiom is the device's.
public final class UITraitCollection: NSObject, @unchecked Sendable {
    /// `UITraitCollection.userInterfaceStyle`: light or dark (`.unspecified` when not set).
    public let userInterfaceStyle: UIUserInterfaceStyle
    /// `UITraitCollection.displayScale`: device pixels per point (0 or 1 when not set).
    public let displayScale: CGFloat
    /// `UITraitCollection.horizontalSizeClass`: regular from 700 points of width, else compact.
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    /// `UITraitCollection.verticalSizeClass`: compact under 500 points of height, else regular.
    public let verticalSizeClass: UIUserInterfaceSizeClass
    /// `UITraitCollection.userInterfaceIdiom`: the device's idiom (`UIDevice.current`).
    public let userInterfaceIdiom: UIUserInterfaceIdiom
    /// Traits that set only the interface style.
    public init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.userInterfaceStyle = userInterfaceStyle; displayScale = 1
        horizontalSizeClass = .unspecified; verticalSizeClass = .unspecified; userInterfaceIdiom = .unspecified
    }
    /// Traits that set only the horizontal size class.
    public init(horizontalSizeClass: UIUserInterfaceSizeClass) {
        userInterfaceStyle = .unspecified; displayScale = 1
        self.horizontalSizeClass = horizontalSizeClass; verticalSizeClass = .unspecified; userInterfaceIdiom = .unspecified
    }
    /// Traits that set only the vertical size class.
    public init(verticalSizeClass: UIUserInterfaceSizeClass) {
        userInterfaceStyle = .unspecified; displayScale = 1
        horizontalSizeClass = .unspecified; self.verticalSizeClass = verticalSizeClass; userInterfaceIdiom = .unspecified
    }
    /// Traits that set only the display scale (device pixels per point).
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
    /// `UITraitCollection.preferredContentSizeCategory`: always `.large`; Dynamic Type sizes are not
    /// followed on Linux.
    public var preferredContentSizeCategory: UIContentSizeCategory { .large }
    /// `UITraitCollection.layoutDirection`: always left to right; right-to-left layout is not supported.
    public var layoutDirection: UITraitEnvironmentLayoutDirection { .leftToRight }
    /// `UITraitCollection.accessibilityContrast`: always `.normal`; the system setting is not read.
    public var accessibilityContrast: UIAccessibilityContrast { .normal }
    /// `UITraitCollection.legibilityWeight`: always `.regular`; the bold-text setting is not read.
    public var legibilityWeight: UILegibilityWeight { .regular }
    /// `UITraitCollection.hasDifferentColorAppearance(comparedTo:)`: whether the interface styles differ.
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

/// `UIUserInterfaceSizeClass`: compact or regular, from the window's size (see `UITraitCollection`).
public enum UIUserInterfaceSizeClass: Int, Sendable { case unspecified, compact, regular }
/// `UITraitEnvironmentLayoutDirection`: left to right or right to left; always left to right here.
public enum UITraitEnvironmentLayoutDirection: Int, Sendable { case unspecified = -1, leftToRight, rightToLeft }
/// `UIAccessibilityContrast`: normal or high contrast; always normal here.
public enum UIAccessibilityContrast: Int, Sendable { case unspecified = -1, normal, high }
/// `UILegibilityWeight`: regular or bold text; always regular here.
public enum UILegibilityWeight: Int, Sendable { case unspecified = -1, regular, bold }
/// `UIContentSizeCategory`: a Dynamic Type size, ordered smallest to largest. Fonts here stay at
/// the default (`.large`) size whatever the category.
public struct UIContentSizeCategory: RawRepresentable, Hashable, Comparable, Sendable {
    /// UIKit's string for the category (`UICTContentSizeCategoryL` for `.large`).
    public let rawValue: String
    /// The category of UIKit's string `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    private static let order = ["UICTContentSizeCategoryXS", "UICTContentSizeCategoryS", "UICTContentSizeCategoryM",
                                "UICTContentSizeCategoryL", "UICTContentSizeCategoryXL", "UICTContentSizeCategoryXXL",
                                "UICTContentSizeCategoryXXXL", "UICTContentSizeCategoryAccessibilityM",
                                "UICTContentSizeCategoryAccessibilityL", "UICTContentSizeCategoryAccessibilityXL",
                                "UICTContentSizeCategoryAccessibilityXXL", "UICTContentSizeCategoryAccessibilityXXXL"]
    /// Orders categories smallest to largest; an unknown string counts as `.large`.
    public static func < (a: Self, b: Self) -> Bool { (order.firstIndex(of: a.rawValue) ?? 3) < (order.firstIndex(of: b.rawValue) ?? 3) }
    /// The three sizes below the default: extra small, small, medium.
    public static let extraSmall = Self(rawValue: order[0]), small = Self(rawValue: order[1]), medium = Self(rawValue: order[2])
    /// The default size (`large`) and the one above it.
    public static let large = Self(rawValue: order[3]), extraLarge = Self(rawValue: order[4])
    /// The two sizes above extra large.
    public static let extraExtraLarge = Self(rawValue: order[5]), extraExtraExtraLarge = Self(rawValue: order[6])
    /// The first two accessibility sizes.
    public static let accessibilityMedium = Self(rawValue: order[7]), accessibilityLarge = Self(rawValue: order[8])
    /// The third accessibility size.
    public static let accessibilityExtraLarge = Self(rawValue: order[9])
    /// The fourth accessibility size.
    public static let accessibilityExtraExtraLarge = Self(rawValue: order[10])
    /// The largest accessibility size.
    public static let accessibilityExtraExtraExtraLarge = Self(rawValue: order[11])
    /// Whether this is one of the accessibility sizes (`.accessibilityMedium` or larger).
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

    /// `UIColor(red:green:blue:alpha:)`: an engine `Color` of these components (each 0...1, sRGB).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        color = Color(red: red.double, green: green.double, blue: blue.double, alpha: alpha.double)
    }
    /// `UIColor(displayP3Red:green:blue:alpha:)`: approximated — the components are taken as sRGB;
    /// there is no Display P3 conversion.
    public convenience init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }
    /// `UIColor(white:alpha:)`: a grey of equal red, green and blue (0...1).
    public convenience init(white: CGFloat, alpha: CGFloat) { self.init(red: white, green: white, blue: white, alpha: alpha) }
    /// `UIColor(hue:saturation:brightness:alpha:)`: converted from HSB (each 0...1) to the engine's RGB.
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
    /// `UIColor(cgColor:)`: the `CGColor`'s engine colour.
    public convenience init(cgColor: CGColor) { self.init(cgColor.color) }
    /// `UIColor(patternImage:)`: unavailable; pattern colours are not drawn here.
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

    /// `UIColor.cgColor`: a `CGColor` over the same engine colour (a dynamic colour's current value).
    public var cgColor: CGColor { CGColor(color) }
    /// `UIColor.ciColor`: here a `CGColor` of the same colour, not a `CIColor`.
    public var ciColor: CGColor { cgColor }
    /// `UIColor.withAlphaComponent(_:)`: the same red, green and blue with `alpha` (0...1); the result is
    /// not dynamic.
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(Color(red: color.red, green: color.green, blue: color.blue, alpha: alpha.double))
    }
    /// `UIColor.resolvedColor(with:)`: a dynamic colour's value for `traits`; a plain colour is itself.
    public func resolvedColor(with traits: UITraitCollection) -> UIColor {
        provider.map { $0(traits).resolvedColor(with: traits) } ?? self
    }
    /// `UIColor.getRed(_:green:blue:alpha:)`: writes the engine colour's components (0...1); always true.
    @discardableResult
    public func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                       blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        red?.pointee = CGFloat(color.red); green?.pointee = CGFloat(color.green)
        blue?.pointee = CGFloat(color.blue); alpha?.pointee = CGFloat(color.alpha)
        return true
    }
    /// `UIColor.getWhite(_:alpha:)`: writes the mean of red, green and blue as white; always true.
    @discardableResult
    public func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        white?.pointee = CGFloat((color.red + color.green + color.blue) / 3); alpha?.pointee = CGFloat(color.alpha)
        return true
    }
    /// `UIColor.getHue(_:saturation:brightness:alpha:)`: writes the colour as HSB (each 0...1); always true.
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
    /// `UIColor.setFill()`: sets the current graphics context's fill colour; nothing without a context.
    public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }
    /// `UIColor.setStroke()`: sets the current graphics context's stroke colour; nothing without a context.
    public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }

    public override func isEqual(_ object: Any?) -> Bool { (object as? UIColor)?.color == color }
    public override var hash: Int { color.hashValue }
    public override var description: String { "UIColor(\(color.hexString))" }

    private static func rgb(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> UIColor {
        UIColor(Color(red: r / 255, green: g / 255, blue: b / 255, alpha: a))
    }
    /// `UIColor.black`: the engine's `Color.black`.
    public static let black = UIColor(.black)
    /// `UIColor.white`: the engine's `Color.white`.
    public static let white = UIColor(.white)
    /// `UIColor.clear`: the engine's `Color.clear` (alpha 0).
    public static let clear = UIColor(.clear)
    /// `UIColor.darkGray`: white 1/3.
    public static let darkGray = UIColor(white: 1.0 / 3, alpha: 1)
    /// `UIColor.lightGray`: white 2/3.
    public static let lightGray = UIColor(white: 2.0 / 3, alpha: 1)
    /// `UIColor.gray`: white 0.5.
    public static let gray = UIColor(white: 0.5, alpha: 1)
    /// `UIColor.red`: red 1, green 0, blue 0.
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    /// `UIColor.green`: pure green (0, 1, 0).
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    /// `UIColor.blue`: pure blue (0, 0, 1).
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    /// `UIColor.cyan`: green and blue 1 (0, 1, 1).
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    /// `UIColor.yellow`: red and green 1 (1, 1, 0).
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    /// `UIColor.magenta`: red and blue 1 (1, 0, 1).
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    /// `UIColor.orange`: (1, 0.5, 0).
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    /// `UIColor.purple`: (0.5, 0, 0.5).
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    /// `UIColor.brown`: (0.6, 0.4, 0.2).
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    // System colours: the engine's semantic colours (`DynamicColor.systemBackground` and the rest),
    // light or dark with the interface style of the view they are set on (DK5).
    /// `UIColor.systemRed`: the engine's `DynamicColor.systemRed`, light or dark with the view's style.
    public static let systemRed = UIColor(system: .systemRed)
    /// `UIColor.systemOrange`: the engine's `DynamicColor.systemOrange`, light or dark.
    public static let systemOrange = UIColor(system: .systemOrange)
    /// `UIColor.systemYellow`: the engine's `DynamicColor.systemYellow`, light or dark.
    public static let systemYellow = UIColor(system: .systemYellow)
    /// `UIColor.systemGreen`: the engine's `DynamicColor.systemGreen`, light or dark.
    public static let systemGreen = UIColor(system: .systemGreen)
    /// `UIColor.systemMint`: the engine's `DynamicColor.systemMint`, light or dark.
    public static let systemMint = UIColor(system: .systemMint)
    /// `UIColor.systemTeal`: the engine's `DynamicColor.systemTeal`, light or dark.
    public static let systemTeal = UIColor(system: .systemTeal)
    /// `UIColor.systemCyan`: the engine's `DynamicColor.systemCyan`, light or dark.
    public static let systemCyan = UIColor(system: .systemCyan)
    /// `UIColor.systemBlue`: the engine's `DynamicColor.systemBlue`, light or dark.
    public static let systemBlue = UIColor(system: .systemBlue)
    /// `UIColor.systemIndigo`: the engine's `DynamicColor.systemIndigo`, light or dark.
    public static let systemIndigo = UIColor(system: .systemIndigo)
    /// `UIColor.systemPurple`: the engine's `DynamicColor.systemPurple`, light or dark.
    public static let systemPurple = UIColor(system: .systemPurple)
    /// `UIColor.systemPink`: the engine's `DynamicColor.systemPink`, light or dark.
    public static let systemPink = UIColor(system: .systemPink)
    /// `UIColor.systemBrown`: the engine's `DynamicColor.systemBrown`, light or dark.
    public static let systemBrown = UIColor(system: .systemBrown)
    /// `UIColor.systemGray`: the engine's `DynamicColor.systemGray`, light or dark.
    public static let systemGray = UIColor(system: .systemGray)
    /// `UIColor.systemGray2`: the engine's `DynamicColor.systemGray2`, light or dark.
    public static let systemGray2 = UIColor(system: .systemGray2)
    /// `UIColor.systemGray3`: the engine's `DynamicColor.systemGray3`, light or dark.
    public static let systemGray3 = UIColor(system: .systemGray3)
    /// `UIColor.systemGray4`: the engine's `DynamicColor.systemGray4`, light or dark.
    public static let systemGray4 = UIColor(system: .systemGray4)
    /// `UIColor.systemGray5`: the engine's `DynamicColor.systemGray5`, light or dark.
    public static let systemGray5 = UIColor(system: .systemGray5)
    /// `UIColor.systemGray6`: the engine's `DynamicColor.systemGray6`, light or dark.
    public static let systemGray6 = UIColor(system: .systemGray6)
    /// `UIColor.systemBackground`: the engine's `DynamicColor.systemBackground`, light or dark.
    public static let systemBackground = UIColor(system: .systemBackground)
    /// `UIColor.secondarySystemBackground`: the engine's `DynamicColor.secondarySystemBackground`.
    public static let secondarySystemBackground = UIColor(system: .secondarySystemBackground)
    /// `UIColor.tertiarySystemBackground`: the engine's `DynamicColor.tertiarySystemBackground`.
    public static let tertiarySystemBackground = UIColor(system: .tertiarySystemBackground)
    /// `UIColor.systemGroupedBackground`: the engine's `DynamicColor.systemGroupedBackground`.
    public static let systemGroupedBackground = UIColor(system: .systemGroupedBackground)
    /// iOS 2's name of the grouped background, deprecated in iOS 13 for `systemGroupedBackground`.
    public static var groupTableViewBackground: UIColor { systemGroupedBackground }
    /// `UIColor.secondarySystemGroupedBackground`: the engine's `DynamicColor` of that name.
    public static let secondarySystemGroupedBackground = UIColor(system: .secondarySystemGroupedBackground)
    /// `UIColor.tertiarySystemGroupedBackground`: the engine's `DynamicColor` of that name.
    public static let tertiarySystemGroupedBackground = UIColor(system: .tertiarySystemGroupedBackground)
    /// `UIColor.label`: the engine's `DynamicColor.label`, the primary text colour, light or dark.
    public static let label = UIColor(system: .label)
    /// `UIColor.secondaryLabel`: the engine's `DynamicColor.secondaryLabel`.
    public static let secondaryLabel = UIColor(system: .secondaryLabel)
    /// `UIColor.tertiaryLabel`: the engine's `DynamicColor.tertiaryLabel`.
    public static let tertiaryLabel = UIColor(system: .tertiaryLabel)
    /// `UIColor.quaternaryLabel`: the engine's `DynamicColor.quaternaryLabel`.
    public static let quaternaryLabel = UIColor(system: .quaternaryLabel)
    /// `UIColor.placeholderText`: the engine's `DynamicColor.placeholderText`.
    public static let placeholderText = UIColor(system: .placeholderText)
    /// `UIColor.separator`: the engine's `DynamicColor.separator`.
    public static let separator = UIColor(system: .separator)
    /// `UIColor.opaqueSeparator`: the engine's `DynamicColor.opaqueSeparator`.
    public static let opaqueSeparator = UIColor(system: .opaqueSeparator)
    /// `UIColor.link`: the engine's `DynamicColor.link`.
    public static let link = UIColor(system: .link)
    /// `UIColor.systemFill`: the engine's `DynamicColor.systemFill`.
    public static let systemFill = UIColor(system: .systemFill)
    /// `UIColor.secondarySystemFill`: the engine's `DynamicColor.secondarySystemFill`.
    public static let secondarySystemFill = UIColor(system: .secondarySystemFill)
    /// `UIColor.tertiarySystemFill`: the engine's `DynamicColor.tertiarySystemFill`.
    public static let tertiarySystemFill = UIColor(system: .tertiarySystemFill)
    /// `UIColor.tintColor`: the engine's `DynamicColor.systemBlue` — a fixed blue, not the tint of the
    /// view it is used in.
    public static let tintColor = UIColor(system: .systemBlue)
}

/// `#colorLiteral(red:green:blue:alpha:)` makes a `UIColor`, as UIKit's literal does (sRGB).
extension UIColor: _ExpressibleByColorLiteral {
    /// The colour of a `#colorLiteral`'s sRGB components (0...1).
    public convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }
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
    /// `UIImage.draw(at:)`: draws the image at its size in points with its origin at `point`.
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

    /// `UIImage.RenderingMode`: whether the image is drawn in its colours or as a template in the tint;
    /// maps to the engine image's `renderingMode`.
    public enum RenderingMode: Int, Sendable { case automatic, alwaysOriginal, alwaysTemplate }
    /// `UIImage.ResizingMode`: how a resizable image fills its middle (tiled or stretched); the engine's
    /// resizing mode.
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
    /// `UIImage(contentsOfFile:)`: the engine's `Image(contentsOfFile:)`; nil when it cannot be decoded.
    public convenience init?(contentsOfFile path: String) {
        guard let img = Image(contentsOfFile: path) else { return nil }
        self.init(img)
    }
    /// `UIImage(data:)`: the engine image decoded from the file bytes; nil when they cannot be decoded.
    public convenience init?(data: Data) {
        guard let img = Image(data: [UInt8](data)) else { return nil }
        self.init(img)
    }
    /// `UIImage(data:scale:)`: decoded from the bytes with `scale` pixels per point.
    public convenience init?(data: Data, scale: CGFloat) {
        guard let img = Image(data: [UInt8](data), scale: scale.double) else { return nil }
        self.init(img)
    }
    /// `UIImage(cgImage:)`: the `CGImage`'s engine image.
    public convenience init(cgImage: CGImage) { self.init(cgImage.image) }
    /// `UIImage(cgImage:scale:orientation:)`: the bitmap at `scale` pixels per point; the orientation is
    /// ignored (the pixels are not rotated).
    public convenience init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        self.init(Image(bitmap: cgImage.image.bitmap, scale: scale.double))
    }
    /// `UIImage.Orientation`: how stored pixels are turned. Accepted, but images here are always drawn up.
    public enum Orientation: Int, Sendable { case up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored }
    /// SF Symbols are Apple's: no system image exists here.
    public convenience init?(systemName name: String) { return nil }
    /// `UIImage(systemName:withConfiguration:)`: always nil; there are no SF Symbols here.
    public convenience init?(systemName name: String, withConfiguration configuration: SymbolConfiguration?) { return nil }
    /// `UIImage.SymbolConfiguration`: accepted for source compatibility; with no symbol images it
    /// configures nothing.
    public final class SymbolConfiguration: NSObject, @unchecked Sendable {
        /// Accepted and ignored (no symbol images).
        public init(pointSize: CGFloat) {}
        /// Accepted and ignored (no symbol images).
        public init(pointSize: CGFloat, weight: UIImage.SymbolWeight) {}
        /// Accepted and ignored (no symbol images).
        public init(scale: UIImage.SymbolScale) {}
        /// Accepted and ignored (no symbol images).
        public init(weight: UIImage.SymbolWeight) {}
    }
    /// `UIImage.SymbolWeight`: a symbol's weight; accepted, but there are no symbol images here.
    public enum SymbolWeight: Int, Sendable { case unspecified, ultraLight, thin, light, regular, medium, semibold, bold, heavy, black }
    /// `UIImage.SymbolScale`: a symbol's scale; accepted, but there are no symbol images here.
    public enum SymbolScale: Int, Sendable { case `default`, unspecified, small, medium, large }

    /// `UIImage.size`: the engine image's `size` in points (pixels divided by `scale`).
    public var size: CGSize { CGSize(image.size) }
    /// `UIImage.scale`: the engine image's `scale`, pixels per point.
    public var scale: CGFloat { CGFloat(image.scale) }
    /// `UIImage.cgImage`: a `CGImage` over the engine image.
    public var cgImage: CGImage? { CGImage(image) }
    /// The image as layer contents (`CALayer.contents`): its `cgImage`.
    public var contentsImage: CGImage? { cgImage }
    /// `UIImage.renderingMode`: the engine image's `renderingMode`.
    public var renderingMode: RenderingMode {
        switch image.renderingMode { case .alwaysTemplate: .alwaysTemplate; case .alwaysOriginal: .alwaysOriginal; default: .automatic }
    }
    /// `UIImage.withRenderingMode(_:)`: the engine image with that `renderingMode`.
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
    /// `UIImage.withTintColor(_:renderingMode:)`: the image filled with `color`, then given that mode.
    public func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage {
        withTintColor(color).withRenderingMode(renderingMode)
    }
    /// `UIImage.resizableImage(withCapInsets:)`: the engine's resizable image with these caps (points),
    /// its middle tiled.
    public func resizableImage(withCapInsets insets: UIEdgeInsets) -> UIImage {
        UIImage(image.resizableImage(withCapInsets: insets.engine))
    }
    /// `UIImage.resizableImage(withCapInsets:resizingMode:)`: the engine's resizable image, its middle
    /// tiled or stretched.
    public func resizableImage(withCapInsets insets: UIEdgeInsets, resizingMode: ResizingMode) -> UIImage {
        UIImage(image.resizableImage(withCapInsets: insets.engine, resizingMode: resizingMode == .stretch ? .stretch : .tile))
    }
    /// `UIImage.animatedImage(with:duration:)`: the engine's `Image.animatedImage(with:duration:)`,
    /// `duration` seconds for the whole cycle.
    public static func animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage? {
        Image.animatedImage(with: images.map(\.image), duration: duration).map(UIImage.init)
    }
    /// `UIImage.images`: an animated image's frames; nil for a still one.
    public var images: [UIImage]? { image.images?.map(UIImage.init) }
    /// `UIImage.duration`: the engine image's `duration`, an animated image's cycle in seconds.
    public var duration: TimeInterval { image.duration }
}

// MARK: - UIScreen

/// `UIScreen`: the display the window opens on (its size is the window's, set at launch).
@preconcurrency @MainActor
public final class UIScreen: NSObject {
    /// `UIScreen.main`: the one screen.
    public static let main = UIScreen()
    /// `UIScreen.bounds`: the screen in points; 390 × 844 until the window's size is set at launch.
    public var bounds = CGRect(x: 0, y: 0, width: 390, height: 844)
    /// `UIScreen.nativeBounds`: `bounds` scaled by `scale`, in pixels.
    public var nativeBounds: CGRect { bounds.applying(CGAffineTransform(scaleX: scale, y: scale)) }
    /// Device pixels per point: the engine window's `scale` (DK2: the output's scale on Wayland,
    /// `TIMELINE_SCALE` or `GDK_SCALE` on X11; 1 headless unless a test sets it).
    public var scale: CGFloat { CGFloat(UIApplication.shared.screenWindow?.scale ?? 1) }
    /// `UIScreen.nativeScale`: the same as `scale`.
    public var nativeScale: CGFloat { scale }
    /// `UIScreen.maximumFramesPerSecond`: always 60.
    public var maximumFramesPerSecond: Int { 60 }
    /// `UIScreen.traitCollection`: `UITraitCollection.current`.
    public var traitCollection: UITraitCollection { .current }
    /// `UIScreen.brightness`: stored only (0...1); the display's brightness is not changed.
    public var brightness: CGFloat = 1
}

extension CIColor {
    /// A `UIColor`'s components, as UIKit's `CIColor(color:)`.
    public convenience init(color: UIColor) { self.init(cgColor: color.cgColor) }
}
