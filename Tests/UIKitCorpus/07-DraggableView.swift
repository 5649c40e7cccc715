import UIKit

class DraggableView: UIView {

    private var initialCenter: CGPoint = .zero
    var snapsBackToOrigin = true

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemTeal
        layer.cornerRadius = frame.width / 2
        layer.shadowColor = UIColor.black.cgColor
        layer.shadowOpacity = 0.25
        layer.shadowRadius = 8
        layer.shadowOffset = CGSize(width: 0, height: 4)

        let pan = UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))
        addGestureRecognizer(pan)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    @objc private func handlePan(_ gesture: UIPanGestureRecognizer) {
        guard let superview = superview else { return }

        switch gesture.state {
        case .began:
            initialCenter = center
            UIView.animate(withDuration: 0.15) {
                self.transform = CGAffineTransform(scaleX: 1.1, y: 1.1)
                self.layer.shadowOpacity = 0.4
            }
        case .changed:
            let translation = gesture.translation(in: superview)
            center = CGPoint(x: initialCenter.x + translation.x,
                             y: initialCenter.y + translation.y)
        case .ended, .cancelled:
            let velocity = gesture.velocity(in: superview)
            let target: CGPoint
            if snapsBackToOrigin {
                target = initialCenter
            } else {
                let projectedX = center.x + velocity.x * 0.1
                let projectedY = center.y + velocity.y * 0.1
                let inset = bounds.width / 2
                target = CGPoint(x: min(max(projectedX, inset), superview.bounds.width - inset),
                                 y: min(max(projectedY, inset), superview.bounds.height - inset))
            }

            UIView.animate(withDuration: 0.5,
                           delay: 0,
                           usingSpringWithDamping: 0.7,
                           initialSpringVelocity: 0.5,
                           options: [.curveEaseOut],
                           animations: {
                self.center = target
                self.transform = .identity
                self.layer.shadowOpacity = 0.25
            })
        default:
            break
        }
    }
}

final class DragDemoViewController: UIViewController {

    private lazy var draggable = DraggableView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        draggable.snapsBackToOrigin = false
        view.addSubview(draggable)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        if draggable.center == .zero {
            draggable.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
        }
    }
}
