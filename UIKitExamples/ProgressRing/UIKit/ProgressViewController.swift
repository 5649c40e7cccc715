import UIKit

/// A progress ring drawn by a CAShapeLayer whose strokeEnd animates, with a percentage label
/// that counts up on a CADisplayLink.
final class ProgressRingView: UIView {
    private let trackLayer = CAShapeLayer()
    private let progressLayer = CAShapeLayer()
    private let percentLabel = UILabel()
    private var displayLink: CADisplayLink?
    private var animationStart: CFTimeInterval = 0
    private var fromValue: CGFloat = 0
    private var toValue: CGFloat = 0
    private let duration: CFTimeInterval = 1.2

    override init(frame: CGRect) {
        super.init(frame: frame)
        trackLayer.fillColor = UIColor.clear.cgColor
        trackLayer.strokeColor = UIColor.systemGray5.cgColor
        trackLayer.lineWidth = 18
        progressLayer.fillColor = UIColor.clear.cgColor
        progressLayer.strokeColor = UIColor.systemPink.cgColor
        progressLayer.lineWidth = 18
        progressLayer.lineCap = .round
        progressLayer.strokeEnd = 0
        layer.addSublayer(trackLayer)
        layer.addSublayer(progressLayer)

        percentLabel.font = .monospacedDigitSystemFont(ofSize: 36, weight: .bold)
        percentLabel.textColor = .label
        percentLabel.textAlignment = .center
        percentLabel.text = "0%"
        percentLabel.translatesAutoresizingMaskIntoConstraints = false
        addSubview(percentLabel)
        NSLayoutConstraint.activate([
            percentLabel.centerXAnchor.constraint(equalTo: centerXAnchor),
            percentLabel.centerYAnchor.constraint(equalTo: centerYAnchor),
        ])
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let radius = min(bounds.width, bounds.height) / 2 - 12
        let path = UIBezierPath(arcCenter: CGPoint(x: bounds.midX, y: bounds.midY), radius: radius,
                                startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: true)
        trackLayer.path = path.cgPath
        progressLayer.path = path.cgPath
    }

    func setProgress(_ progress: CGFloat, animated: Bool) {
        let animation = CABasicAnimation(keyPath: "strokeEnd")
        animation.fromValue = progressLayer.presentation()?.strokeEnd ?? progressLayer.strokeEnd
        animation.toValue = progress
        animation.duration = animated ? duration : 0
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        progressLayer.strokeEnd = progress
        progressLayer.add(animation, forKey: "progress")

        fromValue = toValue
        toValue = progress
        animationStart = CACurrentMediaTime()
        displayLink?.invalidate()
        displayLink = CADisplayLink(target: self, selector: #selector(updateLabel(_:)))
        displayLink?.add(to: .main, forMode: .common)
    }

    @objc private func updateLabel(_ link: CADisplayLink) {
        let t = min(1, (link.timestamp - animationStart) / duration)
        let eased = t < 0.5 ? 2 * t * t : 1 - pow(-2 * t + 2, 2) / 2
        let value = fromValue + (toValue - fromValue) * CGFloat(eased)
        percentLabel.text = "\(Int((value * 100).rounded()))%"
        if t >= 1 {
            link.invalidate()
            displayLink = nil
        }
    }
}

final class ProgressViewController: UIViewController {
    private let ring = ProgressRingView(frame: .zero)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        ring.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(ring)
        NSLayoutConstraint.activate([
            ring.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            ring.centerYAnchor.constraint(equalTo: view.centerYAnchor),
            ring.widthAnchor.constraint(equalToConstant: 240),
            ring.heightAnchor.constraint(equalToConstant: 240),
        ])
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        ring.setProgress(0.72, animated: true)
    }
}
