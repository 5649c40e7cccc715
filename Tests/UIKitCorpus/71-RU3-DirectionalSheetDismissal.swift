import UIKit

// RU3: a recognizer subclass made with no arguments, UIImage() as an empty placeholder, the
// layout direction of a semantic attribute, and the old idiom macro.

final class SheetDismissalPan: UIPanGestureRecognizer {}

final class SheetViewController: UIViewController {
    private let grabber = UIImageView(image: UIImage())
    private let pan = SheetDismissalPan()

    override func viewDidLoad() {
        super.viewDidLoad()
        pan.addTarget(self, action: #selector(dragged(_:)))
        view.addGestureRecognizer(pan)
        view.addSubview(grabber)
        let rightToLeft = UIView.userInterfaceLayoutDirection(for: view.semanticContentAttribute) == .rightToLeft
        grabber.frame = CGRect(x: rightToLeft ? 16 : view.bounds.width - 52, y: 8, width: 36, height: 5)
        if UI_USER_INTERFACE_IDIOM() == .pad { preferredContentSize = CGSize(width: 540, height: 620) }
    }

    @objc private func dragged(_ pan: UIPanGestureRecognizer) {
        let y = max(0, pan.translation(in: view).y)
        view.transform = CGAffineTransform(translationX: 0, y: y)
        if pan.state == .ended { y > 120 ? dismiss(animated: true) : UIView.animate(withDuration: 0.2) { self.view.transform = .identity } }
    }
}
