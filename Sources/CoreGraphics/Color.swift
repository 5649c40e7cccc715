import Geometry

/// A colour space; only device RGB and gray exist here (every colour is sRGB underneath).
public final class CGColorSpace: @unchecked Sendable {
    public let name: String
    public let numberOfComponents: Int
    init(name: String, components: Int) { self.name = name; numberOfComponents = components }
    public static let sRGB = "kCGColorSpaceSRGB"
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    public init?(name: String) {
        switch name {
        case CGColorSpace.sRGB: self.name = name; numberOfComponents = 3
        case CGColorSpace.genericGrayGamma2_2: self.name = name; numberOfComponents = 1
        default: return nil
        }
    }
}

public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace(name: "kCGColorSpaceDeviceRGB", components: 3) }
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace(name: "kCGColorSpaceDeviceGray", components: 1) }

/// An immutable colour, as `CGColor` (RGBA, components 0...1).
public final class CGColor: Hashable, CustomStringConvertible, @unchecked Sendable {
    package let color: Color
    package init(_ color: Color) { self.color = color }

    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(Color(red: red.double, green: green.double, blue: blue.double, alpha: alpha.double))
    }
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(Color(red: gray.double, green: gray.double, blue: gray.double, alpha: alpha.double))
    }
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }
    public convenience init?(colorSpace: CGColorSpace, components: UnsafePointer<CGFloat>) {
        let n = colorSpace.numberOfComponents
        if n == 1 { self.init(gray: components[0], alpha: components[1]) }
        else { self.init(red: components[0], green: components[1], blue: components[2], alpha: components[3]) }
    }

    public static let black = CGColor(.black)
    public static let white = CGColor(.white)
    public static let clear = CGColor(.clear)

    public var alpha: CGFloat { CGFloat(color.alpha) }
    public var numberOfComponents: Int { 4 }
    public var components: [CGFloat]? { [CGFloat(color.red), CGFloat(color.green), CGFloat(color.blue), CGFloat(color.alpha)] }
    public var colorSpace: CGColorSpace? { CGColorSpaceCreateDeviceRGB() }
    public func copy(alpha: CGFloat) -> CGColor? {
        CGColor(Color(red: color.red, green: color.green, blue: color.blue, alpha: alpha.double))
    }

    public static func == (a: CGColor, b: CGColor) -> Bool { a.color == b.color }
    public func hash(into hasher: inout Hasher) { hasher.combine(color) }
    public var description: String { "CGColor(\(color.hexString))" }
}
