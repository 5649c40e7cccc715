import Foundation
import Geometry
import Images
import CoreGraphics

// The `CoreImage` module of the UIKit facade (RU3): images as recipes of filters over the
// engine's bitmaps (``Bitmap/blurred(sigma:)``, ``Bitmap/colorControlled(brightness:saturation:
// contrast:)``, ``Bitmap/falseColored(dark:light:)``), filters by name, filters registered by
// name, and a context that renders an image into a `CGImage`. What Core Image cannot do here is
// said once on standard error and passes its input through: a kernel written in the Core Image
// Kernel Language (not compiled on Linux), a built-in filter other than those above, and a
// filter of yours given parameters by key (that needs key-value coding, which Swift on Linux
// does not have: set its properties instead).

/// Says once per message what Core Image does not do here.
private final class Diagnostics: @unchecked Sendable {
    static let shared = Diagnostics()
    private let lock = NSLock()
    private var said: Set<String> = []
    func once(_ message: String) {
        lock.lock(); defer { lock.unlock() }
        guard said.insert(message).inserted else { return }
        fputs("CoreImage: " + message + "\n", stderr)
    }
}

/// `CIImage`: pixels and the rectangle they cover (the extent, in pixels).
public final class CIImage: @unchecked Sendable {
    /// The pixels, nil for the empty image.
    package let bitmap: Bitmap?
    /// Where the pixels lie: origin and size in pixels.
    public let extent: CGRect
    package init(bitmap: Bitmap?, extent: CGRect) { self.bitmap = bitmap; self.extent = extent }
    /// An image of a `CGImage`'s pixels, at the origin.
    public convenience init(cgImage: CGImage) {
        self.init(bitmap: cgImage.image.bitmap, extent: CGRect(x: 0, y: 0, width: cgImage.width, height: cgImage.height))
    }
    /// An image of one colour; its extent is `extent`.
    public convenience init(color: CIColor, extent: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)) {
        let w = max(0, Int(extent.width)), h = max(0, Int(extent.height))
        let px = [color.red, color.green, color.blue, color.alpha].map { UInt8(max(0, min(255, ($0 * 255).rounded()))) }
        self.init(bitmap: Bitmap(width: w, height: h, rgba: Array((0..<(w * h)).map { _ in px }.joined())), extent: extent)
    }
    /// The image with nothing in it.
    public static func empty() -> CIImage { CIImage(bitmap: nil, extent: .zero) }

    /// The part of the image inside `rect`.
    public func cropped(to rect: CGRect) -> CIImage {
        guard let bitmap else { return self }
        let r = rect.intersection(extent)
        guard !r.isNull, r.width >= 1, r.height >= 1 else { return .empty() }
        let x0 = Int(r.minX - extent.minX), y0 = Int(r.minY - extent.minY), w = Int(r.width), h = Int(r.height)
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            let from = ((y0 + y) * bitmap.width + x0) * 4
            rgba.replaceSubrange(y * w * 4 ..< (y + 1) * w * 4, with: bitmap.rgba[from ..< from + w * 4])
        }
        return CIImage(bitmap: Bitmap(width: w, height: h, rgba: rgba), extent: CGRect(x: r.minX, y: r.minY, width: CGFloat(w), height: CGFloat(h)))
    }
    /// Blurred by a Gaussian of standard deviation `sigma` pixels (the engine's `Bitmap/blurred(sigma:)`).
    public func applyingGaussianBlur(sigma: Double) -> CIImage {
        guard let bitmap else { return self }
        return CIImage(bitmap: bitmap.blurred(sigma: sigma), extent: extent)
    }
    /// The output of the filter named `filterName` with this image as its input image and
    /// `parameters` (see `CIFilter/init(name:parameters:)`).
    public func applyingFilter(_ filterName: String, parameters: [String: Any] = [:]) -> CIImage {
        var all = parameters
        all[kCIInputImageKey] = self
        return CIFilter(name: filterName, parameters: all)?.outputImage ?? self
    }
}

/// `CIColor`: a colour's components, 0 to 1.
public final class CIColor: @unchecked Sendable {
    /// The red component.
    public let red: CGFloat
    /// The green component.
    public let green: CGFloat
    /// The blue component.
    public let blue: CGFloat
    /// The alpha component.
    public let alpha: CGFloat
    /// A colour of these components.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    /// A `CGColor`'s components.
    public convenience init(cgColor: CGColor) {
        let c = cgColor.components ?? [0, 0, 0, 1]
        self.init(red: c[0], green: c.count > 2 ? c[1] : c[0], blue: c.count > 2 ? c[2] : c[0], alpha: c.last ?? 1)
    }
    fileprivate var tuple: (Double, Double, Double, Double) { (Double(red), Double(green), Double(blue), Double(alpha)) }
}

/// The input image's key.
public let kCIInputImageKey = "inputImage"
/// The brightness of `CIColorControls`.
public let kCIInputBrightnessKey = "inputBrightness"
/// The saturation of `CIColorControls`.
public let kCIInputSaturationKey = "inputSaturation"
/// The contrast of `CIColorControls`.
public let kCIInputContrastKey = "inputContrast"
/// The radius of a blur.
public let kCIInputRadiusKey = "inputRadius"

/// Makes the filters of a name registered with `CIFilter/registerName(_:constructor:classAttributes:)`.
public protocol CIFilterConstructor: AnyObject {
    /// The filter of `name`, or nil.
    func filter(withName name: String) -> CIFilter?
}

/// `CIFilter`: an image recipe. A filter made by name runs a built-in filter (`CIGaussianBlur`,
/// `CIColorControls`, `CIFalseColor`) or one registered under the name; a subclass of yours
/// overrides `outputImage`.
open class CIFilter: NSObject, @unchecked Sendable {
    /// The filter's name (the class name for a subclass of yours).
    public private(set) var name: String
    private var values: [String: Any] = [:]
    private var registered: CIFilter?
    private static let registry = Registry()

    /// A filter of your subclass.
    public override init() { name = ""; super.init(); name = String(describing: type(of: self)) }
    /// The built-in or registered filter of `name`, or nil for a name neither.
    public init?(name: String) {
        self.name = name
        registered = CIFilter.registry.constructor(for: name)?.filter(withName: name)
        super.init()
        guard registered != nil || ["CIGaussianBlur", "CIColorControls", "CIFalseColor"].contains(name) else {
            Diagnostics.shared.once("no filter named \(name) here: CIGaussianBlur, CIColorControls, CIFalseColor and registered names are")
            return nil
        }
    }
    /// The filter of `name` with `parameters` set.
    public convenience init?(name: String, parameters: [String: Any]?) {
        self.init(name: name)
        for (k, v) in parameters ?? [:] { setValue(v, forKey: k) }
    }
    /// Registers `constructor` to make the filters named `name`.
    public class func registerName(_ name: String, constructor: any CIFilterConstructor, classAttributes: [String: Any] = [:]) {
        registry.register(constructor, for: name)
    }
    /// Sets a parameter of a filter made by name. A registered filter of yours cannot be given
    /// parameters by key (no key-value coding on Linux): said once, and ignored.
    open func setValue(_ value: Any?, forKey key: String) {
        if registered != nil { Diagnostics.shared.once("\(name) cannot take \(key) by key (no key-value coding on Linux); set its properties"); return }
        values[key] = value
    }
    /// A parameter set by key, or nil.
    open func value(forKey key: String) -> Any? { values[key] }

    /// The filtered image: a built-in filter's result, or a registered filter's output.
    open var outputImage: CIImage? {
        if let registered { return registered.outputImage }
        guard let input = values[kCIInputImageKey] as? CIImage else { return nil }
        guard let bitmap = input.bitmap else { return input }
        func number(_ key: String, _ otherwise: Double) -> Double {
            switch values[key] {
            case let d as Double: d
            case let f as CGFloat: Double(f)
            case let i as Int: Double(i)
            case let f as Float: Double(f)
            case let n as NSNumber: n.doubleValue
            default: otherwise
            }
        }
        switch name {
        case "CIGaussianBlur": return CIImage(bitmap: bitmap.blurred(sigma: number(kCIInputRadiusKey, 10)), extent: input.extent)
        case "CIColorControls":
            return CIImage(bitmap: bitmap.colorControlled(brightness: number(kCIInputBrightnessKey, 0), saturation: number(kCIInputSaturationKey, 1),
                                                          contrast: number(kCIInputContrastKey, 1)), extent: input.extent)
        case "CIFalseColor":
            let dark = (values["inputColor0"] as? CIColor) ?? CIColor(red: 0.3, green: 0, blue: 0)
            let light = (values["inputColor1"] as? CIColor) ?? CIColor(red: 1, green: 0.9, blue: 0.8)
            return CIImage(bitmap: bitmap.falseColored(dark: dark.tuple, light: light.tuple), extent: input.extent)
        default: return input
        }
    }
}

/// The constructors registered by name, behind a lock.
private final class Registry: @unchecked Sendable {
    private let lock = NSLock()
    private var constructors: [String: any CIFilterConstructor] = [:]
    func register(_ constructor: any CIFilterConstructor, for name: String) {
        lock.lock(); defer { lock.unlock() }
        constructors[name] = constructor
    }
    func constructor(for name: String) -> (any CIFilterConstructor)? {
        lock.lock(); defer { lock.unlock() }
        return constructors[name]
    }
}

/// `CIColorKernel`: a per-pixel kernel in the Core Image Kernel Language. Partial: the language
/// is not compiled on Linux; the kernel is made (so code holding one runs) and, applied, passes
/// its first image argument through, which is said once on standard error.
public final class CIColorKernel: @unchecked Sendable {
    private let source: String
    /// A kernel of `source` (kept, not compiled).
    public init?(source: String) { self.source = source }
    /// The first image among `arguments`, cropped to `extent`: the kernel is not run here.
    public func apply(extent: CGRect, arguments: [Any]) -> CIImage? {
        Diagnostics.shared.once("Core Image Kernel Language kernels are not compiled on Linux; the kernel passes its image through")
        return (arguments.first { $0 is CIImage } as? CIImage)?.cropped(to: extent)
    }
}

/// `CIContext`: renders images into `CGImage`s.
public final class CIContext: @unchecked Sendable {
    /// A context (options are kept for nothing: rendering is on the CPU).
    public init(options: [String: Any]? = nil) {}
    /// The part of `image` inside `rect` as a `CGImage`, or nil when nothing of it is there.
    public func createCGImage(_ image: CIImage, from rect: CGRect) -> CGImage? {
        let part = image.cropped(to: rect)
        guard let bitmap = part.bitmap else { return nil }
        return CGImage(Image(bitmap: bitmap))
    }
}
