import UIKit

// RU3: a weak proxy for a display link's target that answers for it and forwards to it, and a
// plain animation object (not a view) that overrides awakeFromNib as if a nib had made it.

final class WeakTarget: NSObject {
    weak var target: NSObjectProtocol?

    init(_ target: NSObjectProtocol) {
        self.target = target
        super.init()
    }

    override func responds(to aSelector: Selector!) -> Bool {
        guard let target = target else { return super.responds(to: aSelector) }
        return target.responds(to: aSelector)
    }

    override func forwardingTarget(for aSelector: Selector!) -> Any? {
        target
    }
}

open class TabIconAnimation: NSObject {
    open var duration: CFTimeInterval = 0.5
    open var frames: [UIImage] = []

    open override func awakeFromNib() {
        super.awakeFromNib()
        if frames.isEmpty { duration = 0 }
    }

    open func play(on imageView: UIImageView) {
        imageView.animationImages = frames
        imageView.animationDuration = duration
        imageView.startAnimating()
    }
}
