/// An sRGB colour with straight (non-premultiplied) alpha, each component in 0...1.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// The components, each in 0...1: sRGB-encoded (not linear light), with `alpha` straight, not
    /// premultiplied into the others. Values outside 0...1 are kept as given; ``hexString`` clamps
    /// them.
    public var red: Double, green: Double, blue: Double, alpha: Double

    /// A colour from sRGB components in 0...1, opaque unless `alpha` says otherwise.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    /// Transparent black: every component 0. Drawing it changes nothing.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black, `#000000ff`.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white, `#ffffffff`.
    public static let white = Color(red: 1, green: 1, blue: 1)

    /// Parses `#rrggbb` or `#rrggbbaa`; `nil` for anything else.
    public init?(hex: String) {
        guard hex.first == "#" else { return nil }
        let digits = hex.dropFirst()
        guard digits.count == 6 || digits.count == 8, let v = UInt32(digits, radix: 16) else { return nil }
        let full = digits.count == 6 ? (v << 8) | 0xff : v
        self.init(red: Double((full >> 24) & 0xff) / 255, green: Double((full >> 16) & 0xff) / 255,
                  blue: Double((full >> 8) & 0xff) / 255, alpha: Double(full & 0xff) / 255)
    }

    /// The colour as `#rrggbbaa`.
    public var hexString: String {
        func byte(_ c: Double) -> String {
            let v = Int((min(max(c, 0), 1) * 255).rounded())
            return (v < 16 ? "0" : "") + String(v, radix: 16)
        }
        return "#" + byte(red) + byte(green) + byte(blue) + byte(alpha)
    }

    /// The colour as ``hexString`` gives it, `#rrggbbaa`.
    public var description: String { hexString }

    /// The same colour with alpha multiplied by `opacity`.
    public func withAlphaMultiplied(by opacity: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * opacity)
    }

    /// The Rec. 709 luminance of the sRGB components `red`, `green` and `blue` as they are
    /// (encoded, not linear light): 0.2126, 0.7152 and 0.0722 of them. What a tint maps colours
    /// by, in the Lottie importer's shapes and the painter's layer filters alike.
    @inlinable
    public static func luminance(red: Double, green: Double, blue: Double) -> Double {
        0.2126 * red + 0.7152 * green + 0.0722 * blue
    }

    /// Component-wise interpolation in straight sRGB.
    public static func interpolate(_ from: Color, _ to: Color, _ t: Double) -> Color {
        Color(red: lerp(from.red, to.red, t), green: lerp(from.green, to.green, t),
              blue: lerp(from.blue, to.blue, t), alpha: lerp(from.alpha, to.alpha, t))
    }
}
