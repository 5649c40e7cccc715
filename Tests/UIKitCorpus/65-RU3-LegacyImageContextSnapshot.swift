import UIKit

// RU3: drawing with the image context functions older than UIGraphicsImageRenderer, an image
// looked up in a bundle, the grouped background's old name, and NSString measuring.

extension UIView {
    func snapshotImage() -> UIImage? {
        UIGraphicsBeginImageContextWithOptions(bounds.size, isOpaque, 0)
        defer { UIGraphicsEndImageContext() }
        guard let context = UIGraphicsGetCurrentContext() else { return nil }
        layer.render(in: context)
        return UIGraphicsGetImageFromCurrentImageContext()
    }
}

final class StampView: UIView {
    var caption: NSString = "PAID"
    private let seal = UIImageView(image: UIImage(named: "seal", in: Bundle(for: StampView.self), compatibleWith: nil))

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIColor.groupTableViewBackground
        addSubview(seal)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func draw(_ rect: CGRect) {
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.boldSystemFont(ofSize: 24), .foregroundColor: UIColor.red]
        let size = caption.size(withAttributes: attributes)
        caption.draw(at: CGPoint(x: (bounds.width - size.width) / 2, y: (bounds.height - size.height) / 2), withAttributes: attributes)
    }

    func flattened() -> UIImage? {
        UIGraphicsBeginImageContext(bounds.size)
        draw(bounds)
        let image = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        return image
    }
}
