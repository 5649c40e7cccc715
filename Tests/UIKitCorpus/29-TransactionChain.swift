import UIKit

class ChainedAnimationView: UIView {

    private let boxLayer = CALayer()
    private let statusLayer = CATextLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemBackground

        boxLayer.backgroundColor = UIColor.systemBlue.cgColor
        boxLayer.cornerRadius = 10
        boxLayer.bounds = CGRect(x: 0, y: 0, width: 80, height: 80)
        layer.addSublayer(boxLayer)

        statusLayer.fontSize = 16
        statusLayer.alignmentMode = .center
        statusLayer.foregroundColor = UIColor.label.cgColor
        statusLayer.contentsScale = UIScreen.main.scale
        statusLayer.string = "Idle"
        layer.addSublayer(statusLayer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        boxLayer.position = CGPoint(x: 60, y: bounds.midY)
        statusLayer.frame = CGRect(x: 0, y: bounds.height - 40, width: bounds.width, height: 24)
        CATransaction.commit()
    }

    func runSequence() {
        let endPosition = CGPoint(x: bounds.width - 60, y: bounds.midY)
        statusLayer.string = "Moving..."

        CATransaction.begin()
        CATransaction.setAnimationDuration(0.8)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeInEaseOut))
        CATransaction.setCompletionBlock { [weak self] in
            self?.runSecondStep()
        }

        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = NSValue(cgPoint: boxLayer.position)
        move.toValue = NSValue(cgPoint: endPosition)
        boxLayer.position = endPosition
        boxLayer.add(move, forKey: "move")

        CATransaction.commit()
    }

    private func runSecondStep() {
        statusLayer.string = "Spinning..."

        CATransaction.begin()
        CATransaction.setAnimationDuration(0.6)
        CATransaction.setCompletionBlock { [weak self] in
            self?.statusLayer.string = "Done"
        }

        let spin = CABasicAnimation(keyPath: "transform.rotation")
        spin.fromValue = 0
        spin.toValue = CGFloat.pi
        boxLayer.add(spin, forKey: "spin")

        let color = CABasicAnimation(keyPath: "backgroundColor")
        color.fromValue = boxLayer.backgroundColor
        color.toValue = UIColor.systemPink.cgColor
        boxLayer.backgroundColor = UIColor.systemPink.cgColor
        boxLayer.add(color, forKey: "color")

        boxLayer.cornerRadius = 40

        CATransaction.commit()
    }
}

final class TransactionDemoViewController: UIViewController {

    private let animationView = ChainedAnimationView()

    override func loadView() {
        view = animationView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        let tap = UITapGestureRecognizer(target: self, action: #selector(handleTap(_:)))
        view.addGestureRecognizer(tap)
    }

    @objc private func handleTap(_ sender: UITapGestureRecognizer) {
        animationView.runSequence()
    }
}
