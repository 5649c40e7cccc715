import UIKit

class PulsingDotView: UIView {

    private let replicatorLayer = CAReplicatorLayer()
    private let pulseLayer = CALayer()
    private let centerDot = CALayer()

    var pulseColor: UIColor = .systemRed {
        didSet {
            pulseLayer.backgroundColor = pulseColor.cgColor
            centerDot.backgroundColor = pulseColor.cgColor
        }
    }

    var pulseCount: Int = 3
    var animationDuration: CFTimeInterval = 2.4

    override init(frame: CGRect) {
        super.init(frame: frame)
        setupLayers()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private func setupLayers() {
        pulseLayer.backgroundColor = pulseColor.cgColor
        pulseLayer.opacity = 0

        replicatorLayer.addSublayer(pulseLayer)
        layer.addSublayer(replicatorLayer)

        centerDot.backgroundColor = pulseColor.cgColor
        layer.addSublayer(centerDot)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let side = min(bounds.width, bounds.height)
        replicatorLayer.frame = bounds

        pulseLayer.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        pulseLayer.position = CGPoint(x: bounds.midX, y: bounds.midY)
        pulseLayer.cornerRadius = side / 2

        let dotSize = side * 0.25
        centerDot.bounds = CGRect(x: 0, y: 0, width: dotSize, height: dotSize)
        centerDot.position = CGPoint(x: bounds.midX, y: bounds.midY)
        centerDot.cornerRadius = dotSize / 2
    }

    func startPulsing() {
        replicatorLayer.instanceCount = pulseCount
        replicatorLayer.instanceDelay = animationDuration / Double(pulseCount)

        let scale = CABasicAnimation(keyPath: "transform.scale")
        scale.fromValue = 0.2
        scale.toValue = 1.0

        let fade = CAKeyframeAnimation(keyPath: "opacity")
        fade.values = [0.8, 0.45, 0.0]
        fade.keyTimes = [0, 0.3, 1]

        let group = CAAnimationGroup()
        group.animations = [scale, fade]
        group.duration = animationDuration
        group.repeatCount = .infinity
        group.timingFunction = CAMediaTimingFunction(name: .easeOut)

        pulseLayer.add(group, forKey: "pulse")
    }

    func stopPulsing() {
        pulseLayer.removeAllAnimations()
    }

    override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil {
            startPulsing()
        } else {
            stopPulsing()
        }
    }
}

final class LiveIndicatorViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .black
        let dot = PulsingDotView(frame: CGRect(x: 0, y: 0, width: 120, height: 120))
        dot.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
        dot.pulseColor = .systemGreen
        view.addSubview(dot)
    }
}
