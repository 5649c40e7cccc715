import UIKit

class RippleView: UIView {

    var rippleColor: UIColor = UIColor.white.withAlphaComponent(0.35)
    var rippleDuration: CFTimeInterval = 0.6

    override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
        layer.cornerRadius = 14
        backgroundColor = .systemIndigo
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesBegan(touches, with: event)
        guard let touch = touches.first else { return }
        let point = touch.location(in: self)
        addRipple(at: point)
    }

    private func addRipple(at point: CGPoint) {
        let maxRadius = hypot(max(point.x, bounds.width - point.x),
                              max(point.y, bounds.height - point.y))
        let startRadius: CGFloat = 4

        let startPath = UIBezierPath(arcCenter: point, radius: startRadius,
                                     startAngle: 0, endAngle: .pi * 2, clockwise: true)
        let endPath = UIBezierPath(arcCenter: point, radius: maxRadius,
                                   startAngle: 0, endAngle: .pi * 2, clockwise: true)

        let rippleLayer = CAShapeLayer()
        rippleLayer.path = endPath.cgPath
        rippleLayer.fillColor = rippleColor.cgColor
        rippleLayer.opacity = 0
        layer.insertSublayer(rippleLayer, at: 0)

        let pathAnimation = CABasicAnimation(keyPath: "path")
        pathAnimation.fromValue = startPath.cgPath
        pathAnimation.toValue = endPath.cgPath

        let opacityAnimation = CABasicAnimation(keyPath: "opacity")
        opacityAnimation.fromValue = 1.0
        opacityAnimation.toValue = 0.0

        let group = CAAnimationGroup()
        group.animations = [pathAnimation, opacityAnimation]
        group.duration = rippleDuration
        group.timingFunction = CAMediaTimingFunction(name: .easeOut)
        group.fillMode = .forwards
        group.isRemovedOnCompletion = false
        group.delegate = RippleAnimationDelegate(layer: rippleLayer)

        rippleLayer.add(group, forKey: "ripple")
    }
}

private final class RippleAnimationDelegate: NSObject, CAAnimationDelegate {

    private weak var layer: CALayer?

    init(layer: CALayer) {
        self.layer = layer
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        layer?.removeFromSuperlayer()
    }
}

final class RippleButtonViewController: UIViewController {

    private let rippleView = RippleView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        rippleView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(rippleView)

        NSLayoutConstraint.activate([
            rippleView.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            rippleView.centerYAnchor.constraint(equalTo: view.centerYAnchor),
            rippleView.widthAnchor.constraint(equalToConstant: 240),
            rippleView.heightAnchor.constraint(equalToConstant: 120)
        ])
    }
}
