import UIKit

class SpinnerView: UIView {

    private let arcLayer = CAShapeLayer()
    private let rotationKey = "rotation"

    var color: UIColor = .systemBlue {
        didSet { arcLayer.strokeColor = color.cgColor }
    }

    var lineWidth: CGFloat = 4 {
        didSet { arcLayer.lineWidth = lineWidth; setNeedsLayout() }
    }

    var hidesWhenStopped = true

    private(set) var isAnimating = false

    override init(frame: CGRect) {
        super.init(frame: frame)
        arcLayer.fillColor = UIColor.clear.cgColor
        arcLayer.strokeColor = color.cgColor
        arcLayer.lineWidth = lineWidth
        arcLayer.lineCap = .round
        arcLayer.strokeStart = 0
        arcLayer.strokeEnd = 0.75
        layer.addSublayer(arcLayer)
        isHidden = hidesWhenStopped
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override var intrinsicContentSize: CGSize {
        return CGSize(width: 40, height: 40)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        arcLayer.frame = bounds
        let radius = (min(bounds.width, bounds.height) - lineWidth) / 2
        arcLayer.path = UIBezierPath(arcCenter: CGPoint(x: bounds.midX, y: bounds.midY),
                                     radius: radius,
                                     startAngle: 0,
                                     endAngle: 2 * CGFloat.pi,
                                     clockwise: true).cgPath
    }

    func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        isHidden = false

        let rotation = CABasicAnimation(keyPath: "transform.rotation.z")
        rotation.fromValue = 0
        rotation.toValue = CGFloat.pi * 2
        rotation.duration = 0.9
        rotation.repeatCount = .infinity
        rotation.isRemovedOnCompletion = false
        rotation.timingFunction = CAMediaTimingFunction(name: .linear)
        arcLayer.add(rotation, forKey: rotationKey)
    }

    func stopAnimating() {
        guard isAnimating else { return }
        isAnimating = false
        arcLayer.removeAnimation(forKey: rotationKey)
        if hidesWhenStopped {
            isHidden = true
        }
    }

    override func willMove(toWindow newWindow: UIWindow?) {
        super.willMove(toWindow: newWindow)
        if newWindow == nil {
            arcLayer.removeAnimation(forKey: rotationKey)
        } else if isAnimating {
            isAnimating = false
            startAnimating()
        }
    }
}

final class LoadingOverlayViewController: UIViewController {

    private let spinner = SpinnerView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor.black.withAlphaComponent(0.3)
        spinner.color = .white
        spinner.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(spinner)
        NSLayoutConstraint.activate([
            spinner.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            spinner.centerYAnchor.constraint(equalTo: view.centerYAnchor)
        ])
        spinner.startAnimating()
    }
}
