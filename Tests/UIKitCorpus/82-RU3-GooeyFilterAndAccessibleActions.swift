import UIKit
import CoreImage

// RU3: a gooey slider's Core Image recipe (colour controls, a blur, a filter registered by name
// with a kernel, false colour, rendered by a context), swipe actions that carry accessibility
// labels as plain objects, and an animated tab item that overrides isEnabled and awakeFromNib.

final class GooThreshold: CIFilter {
    private final class Maker: NSObject, CIFilterConstructor {
        func filter(withName name: String) -> CIFilter? { name == "GooThreshold" ? GooThreshold() : nil }
    }
    var inputImage: CIImage?
    private let kernel = CIColorKernel(source: "kernel vec4 cut(__sample s) { return s.a > 0.5 ? vec4(1.0) : vec4(0.0); }")
    static func register() { CIFilter.registerName("GooThreshold", constructor: Maker(), classAttributes: [:]) }
    override var outputImage: CIImage? {
        guard let inputImage, let kernel else { return nil }
        return kernel.apply(extent: inputImage.extent, arguments: [inputImage])
    }
}

final class GooeyRenderer {
    private let context = CIContext()
    func render(_ snapshot: UIImage, tint: UIColor) -> UIImage? {
        guard let cg = snapshot.cgImage else { return nil }
        var image = CIFilter(name: "CIColorControls", parameters: [kCIInputImageKey: CIImage(cgImage: cg), kCIInputSaturationKey: 0])?.outputImage
        image = image?.applyingGaussianBlur(sigma: 8)
        GooThreshold.register()
        image = image?.applyingFilter("GooThreshold", parameters: [:])
        image = image?.applyingFilter("CIFalseColor", parameters: ["inputColor0": CIColor(color: .white), "inputColor1": CIColor(color: tint)])
        guard let output = image?.cropped(to: CGRect(x: 0, y: 0, width: cg.width, height: cg.height)),
              let rendered = context.createCGImage(output, from: output.extent) else { return nil }
        return UIImage(cgImage: rendered, scale: snapshot.scale, orientation: .up)
    }
}

public final class RowAction: NSObject {
    public var title: String?
    public var image: UIImage?
    public init(title: String?) { self.title = title }
}

final class RowActionButton: UIButton {
    func configure(with action: RowAction) {
        accessibilityLabel = action.accessibilityLabel ?? action.title ?? action.image?.accessibilityIdentifier
    }
}

open class BouncingTabItem: UITabBarItem {
    open override var isEnabled: Bool {
        didSet { badgeValue = isEnabled ? nil : "off" }
    }
    open override func awakeFromNib() {
        super.awakeFromNib()
        isEnabled = true
    }
}
