import UIKit

/// Drop-in view that rains confetti from its top edge.
final class ConfettiView: UIView {

    enum Shape: CaseIterable {
        case rectangle, circle, triangle
    }

    var colors: [UIColor] = [.systemRed, .systemBlue, .systemGreen, .systemYellow, .systemPink, .systemPurple]
    var intensity: Float = 0.7

    private var emitter: CAEmitterLayer?

    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        backgroundColor = .clear
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        emitter?.emitterPosition = CGPoint(x: bounds.midX, y: -10)
        emitter?.emitterSize = CGSize(width: bounds.width, height: 1)
    }

    func start(duration: TimeInterval = 2.5) {
        stop()
        let layer = CAEmitterLayer()
        layer.emitterShape = .line
        layer.emitterPosition = CGPoint(x: bounds.midX, y: -10)
        layer.emitterSize = CGSize(width: bounds.width, height: 1)
        layer.beginTime = CACurrentMediaTime()
        layer.emitterCells = colors.flatMap { color in
            Shape.allCases.map { makeCell(color: color, shape: $0) }
        }
        self.layer.addSublayer(layer)
        emitter = layer

        DispatchQueue.main.asyncAfter(deadline: .now() + duration) { [weak self, weak layer] in
            layer?.birthRate = 0
            DispatchQueue.main.asyncAfter(deadline: .now() + 5) {
                if self?.emitter === layer { self?.stop() }
            }
        }
    }

    func stop() {
        emitter?.removeFromSuperlayer()
        emitter = nil
    }

    private func makeCell(color: UIColor, shape: Shape) -> CAEmitterCell {
        let cell = CAEmitterCell()
        cell.birthRate = 6 * intensity
        cell.lifetime = 7
        cell.velocity = CGFloat(320 * intensity)
        cell.velocityRange = 80
        cell.emissionLongitude = .pi
        cell.emissionRange = .pi / 4
        cell.spin = 3.5
        cell.spinRange = 4
        cell.scale = 0.6
        cell.scaleRange = 0.3
        cell.yAcceleration = 120
        cell.color = color.cgColor
        cell.contents = image(for: shape).cgImage
        return cell
    }

    private func image(for shape: Shape) -> UIImage {
        let size = CGSize(width: 14, height: 10)
        let renderer = UIGraphicsImageRenderer(size: size)
        return renderer.image { context in
            UIColor.white.setFill()
            let rect = CGRect(origin: .zero, size: size)
            switch shape {
            case .rectangle:
                context.fill(rect)
            case .circle:
                UIBezierPath(ovalIn: rect.insetBy(dx: 2, dy: 0)).fill()
            case .triangle:
                let path = UIBezierPath()
                path.move(to: CGPoint(x: rect.midX, y: 0))
                path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
                path.addLine(to: CGPoint(x: 0, y: rect.maxY))
                path.close()
                path.fill()
            }
        }
    }
}

// MARK: - Usage

final class CelebrationViewController: UIViewController {

    private let confettiView = ConfettiView()
    private let trophyLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        trophyLabel.text = "🏆"
        trophyLabel.font = .systemFont(ofSize: 96)
        trophyLabel.alpha = 0
        trophyLabel.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(trophyLabel)
        NSLayoutConstraint.activate([
            trophyLabel.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            trophyLabel.centerYAnchor.constraint(equalTo: view.centerYAnchor)
        ])

        confettiView.frame = view.bounds
        confettiView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(confettiView)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        confettiView.start()
        trophyLabel.transform = CGAffineTransform(scaleX: 0.2, y: 0.2)

        UIView.animateKeyframes(withDuration: 1.2, delay: 0, options: [.calculationModeCubic]) {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.4) {
                self.trophyLabel.alpha = 1
                self.trophyLabel.transform = CGAffineTransform(scaleX: 1.3, y: 1.3)
            }
            UIView.addKeyframe(withRelativeStartTime: 0.4, relativeDuration: 0.2) {
                self.trophyLabel.transform = CGAffineTransform(rotationAngle: -.pi / 12)
            }
            UIView.addKeyframe(withRelativeStartTime: 0.6, relativeDuration: 0.2) {
                self.trophyLabel.transform = CGAffineTransform(rotationAngle: .pi / 12)
            }
            UIView.addKeyframe(withRelativeStartTime: 0.8, relativeDuration: 0.2) {
                self.trophyLabel.transform = .identity
            }
        }
    }
}
