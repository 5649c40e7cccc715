import UIKit

class ProgressRingView: UIView {

    private let trackLayer = CAShapeLayer()
    private let progressLayer = CAShapeLayer()
    private let percentLabel = UILabel()

    var lineWidth: CGFloat = 12 {
        didSet { setNeedsLayout() }
    }

    var trackColor: UIColor = UIColor.systemGray5 {
        didSet { trackLayer.strokeColor = trackColor.cgColor }
    }

    var progressColor: UIColor = UIColor.systemGreen {
        didSet { progressLayer.strokeColor = progressColor.cgColor }
    }

    private(set) var progress: CGFloat = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private func commonInit() {
        trackLayer.fillColor = UIColor.clear.cgColor
        trackLayer.strokeColor = trackColor.cgColor
        layer.addSublayer(trackLayer)

        progressLayer.fillColor = UIColor.clear.cgColor
        progressLayer.strokeColor = progressColor.cgColor
        progressLayer.lineCap = .round
        progressLayer.strokeEnd = 0
        layer.addSublayer(progressLayer)

        percentLabel.font = UIFont.monospacedDigitSystemFont(ofSize: 24, weight: .semibold)
        percentLabel.textAlignment = .center
        percentLabel.text = "0%"
        addSubview(percentLabel)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = (min(bounds.width, bounds.height) - lineWidth) / 2
        let path = UIBezierPath(arcCenter: center,
                                radius: radius,
                                startAngle: -CGFloat.pi / 2,
                                endAngle: 3 * CGFloat.pi / 2,
                                clockwise: true)

        trackLayer.frame = bounds
        trackLayer.path = path.cgPath
        trackLayer.lineWidth = lineWidth

        progressLayer.frame = bounds
        progressLayer.path = path.cgPath
        progressLayer.lineWidth = lineWidth

        percentLabel.frame = bounds
    }

    func setProgress(_ value: CGFloat, animated: Bool, duration: CFTimeInterval = 0.8) {
        let clamped = max(0, min(1, value))
        let fromValue = progressLayer.presentation()?.strokeEnd ?? progressLayer.strokeEnd
        progress = clamped
        percentLabel.text = "\(Int(clamped * 100))%"

        progressLayer.strokeEnd = clamped

        guard animated else {
            progressLayer.removeAnimation(forKey: "progress")
            return
        }

        let animation = CABasicAnimation(keyPath: "strokeEnd")
        animation.fromValue = fromValue
        animation.toValue = clamped
        animation.duration = duration
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        progressLayer.add(animation, forKey: "progress")
    }
}

final class ProgressRingDemoViewController: UIViewController {
    private let ring = ProgressRingView(frame: CGRect(x: 0, y: 0, width: 160, height: 160))

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        ring.center = view.center
        ring.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin]
        view.addSubview(ring)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        ring.setProgress(0.72, animated: true)
    }
}
