import Geometry

/// A colour space; only device RGB and gray exist here (every colour is sRGB underneath).
public final class CGColorSpace: @unchecked Sendable {
    /// `CGColorSpace.name`: the space's Core Graphics name.
    public let name: String
    /// `CGColorSpace.numberOfComponents`: colour components without alpha (3 for RGB, 1 for grey).
    public let numberOfComponents: Int
    init(name: String, components: Int) { self.name = name; numberOfComponents = components }
    /// The name of the sRGB space.
    public static let sRGB = "kCGColorSpaceSRGB"
    /// The name of the grey space.
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    /// `CGColorSpace(name:)`: sRGB or grey; nil for another name.
    public init?(name: String) {
        switch name {
        case CGColorSpace.sRGB: self.name = name; numberOfComponents = 3
        case CGColorSpace.genericGrayGamma2_2: self.name = name; numberOfComponents = 1
        default: return nil
        }
    }
}

/// Apple's `CGColorSpaceCreateDeviceRGB()`; every colour here is device RGB, so this names that space.
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace(name: "kCGColorSpaceDeviceRGB", components: 3) }
/// Apple's `CGColorSpaceCreateDeviceGray()`: a one-component grey space.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace(name: "kCGColorSpaceDeviceGray", components: 1) }

/// An immutable colour, as `CGColor` (RGBA, components 0...1).
public final class CGColor: Hashable, CustomStringConvertible, @unchecked Sendable {
    package let color: Color
    package init(_ color: Color) { self.color = color }

    /// `CGColor(red:green:blue:alpha:)`: an engine `Color` of these components (0...1).
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(Color(red: red.double, green: green.double, blue: blue.double, alpha: alpha.double))
    }
    /// `CGColor(gray:alpha:)`: a grey (0...1).
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(Color(red: gray.double, green: gray.double, blue: gray.double, alpha: alpha.double))
    }
    /// `CGColor(srgbRed:green:blue:alpha:)`: the same as `init(red:green:blue:alpha:)`.
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }
    /// `CGColor(colorSpace:components:)`: grey and alpha for a one-component space, else red, green,
    /// blue and alpha.
    public convenience init?(colorSpace: CGColorSpace, components: UnsafePointer<CGFloat>) {
        let n = colorSpace.numberOfComponents
        if n == 1 { self.init(gray: components[0], alpha: components[1]) }
        else { self.init(red: components[0], green: components[1], blue: components[2], alpha: components[3]) }
    }

    /// Black.
    public static let black = CGColor(.black)
    /// White.
    public static let white = CGColor(.white)
    /// Transparent black.
    public static let clear = CGColor(.clear)

    /// `CGColor.alpha`: the alpha (0...1).
    public var alpha: CGFloat { CGFloat(color.alpha) }
    /// `CGColor.numberOfComponents`: always 4 (red, green, blue, alpha), even for a grey.
    public var numberOfComponents: Int { 4 }
    /// `CGColor.components`: red, green, blue and alpha (0...1).
    public var components: [CGFloat]? { [CGFloat(color.red), CGFloat(color.green), CGFloat(color.blue), CGFloat(color.alpha)] }
    /// `CGColor.colorSpace`: always device RGB.
    public var colorSpace: CGColorSpace? { CGColorSpaceCreateDeviceRGB() }
    /// `CGColor.copy(alpha:)`: the same colour with `alpha`.
    public func copy(alpha: CGFloat) -> CGColor? {
        CGColor(Color(red: color.red, green: color.green, blue: color.blue, alpha: alpha.double))
    }

    /// Whether the engine colours are equal.
    public static func == (a: CGColor, b: CGColor) -> Bool { a.color == b.color }
    /// Hashes the engine colour.
    public func hash(into hasher: inout Hasher) { hasher.combine(color) }
    /// "CGColor(#rrggbbaa)", the engine colour's hex string.
    public var description: String { "CGColor(\(color.hexString))" }
}
