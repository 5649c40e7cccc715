import UIKit

// RU3: what libraries override or call on UIKit's classes: awakeFromNib and
// prepareForInterfaceBuilder, layoutSublayers(of:), a button's content rectangles, a flow
// layout's target offset, a scroll view's pan recognizer, and a container that drives its
// child's appearance callbacks by hand.

@IBDesignable final class RingButton: UIButton {
    private let ring = CAShapeLayer()
    override func awakeFromNib() { super.awakeFromNib(); setUp() }
    override func prepareForInterfaceBuilder() { super.prepareForInterfaceBuilder(); setUp() }
    private func setUp() { ring.fillColor = nil; ring.strokeColor = tintColor.cgColor; layer.addSublayer(ring) }
    override func layoutSublayers(of layer: CALayer) {
        super.layoutSublayers(of: layer)
        ring.path = UIBezierPath(ovalIn: bounds.insetBy(dx: 2, dy: 2)).cgPath
    }
    override func imageRect(forContentRect contentRect: CGRect) -> CGRect {
        CGRect(x: contentRect.minX, y: contentRect.midY - 8, width: 16, height: 16)
    }
    override func titleRect(forContentRect contentRect: CGRect) -> CGRect {
        contentRect.inset(by: UIEdgeInsets(top: 0, left: 22, bottom: 0, right: 0))
    }
}

final class SnappingLayout: UICollectionViewFlowLayout {
    override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint,
                                      withScrollingVelocity velocity: CGPoint) -> CGPoint {
        let page = itemSize.width + minimumLineSpacing
        guard page > 0 else { return proposedContentOffset }
        return CGPoint(x: (proposedContentOffset.x / page).rounded() * page, y: proposedContentOffset.y)
    }
}

final class DrawerContainer: UIViewController {
    private let content: UIViewController
    init(content: UIViewController) { self.content = content; super.init(nibName: nil, bundle: nil) }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func awakeFromNib() { super.awakeFromNib() }

    func show(in scrollView: UIScrollView) {
        scrollView.panGestureRecognizer.addTarget(self, action: #selector(dragged(_:)))
        addChild(content)
        content.beginAppearanceTransition(true, animated: true)
        view.addSubview(content.view)
        UIView.animate(withDuration: 0.25, animations: { self.content.view.alpha = 1 }) { _ in
            self.content.endAppearanceTransition()
            self.content.didMove(toParent: self)
        }
    }

    @objc private func dragged(_ pan: UIPanGestureRecognizer) {
        content.view.transform = CGAffineTransform(translationX: pan.translation(in: view).x, y: 0)
    }
}
