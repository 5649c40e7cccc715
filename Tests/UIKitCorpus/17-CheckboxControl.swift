import UIKit

class CheckboxControl: UIControl {

    private let boxLayer = CAShapeLayer()
    private let checkmarkLayer = CAShapeLayer()

    var isChecked: Bool = false {
        didSet { updateAppearance(animated: true) }
    }

    var checkedColor: UIColor = .systemGreen {
        didSet { updateAppearance(animated: false) }
    }

    var borderColor: UIColor = .systemGray3 {
        didSet { updateAppearance(animated: false) }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        setup()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private func setup() {
        boxLayer.lineWidth = 2
        layer.addSublayer(boxLayer)

        checkmarkLayer.strokeColor = UIColor.white.cgColor
        checkmarkLayer.fillColor = UIColor.clear.cgColor
        checkmarkLayer.lineWidth = 3
        checkmarkLayer.lineCap = .round
        checkmarkLayer.lineJoin = .round
        checkmarkLayer.strokeEnd = 0
        layer.addSublayer(checkmarkLayer)

        updateAppearance(animated: false)
    }

    override var intrinsicContentSize: CGSize {
        return CGSize(width: 28, height: 28)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        boxLayer.frame = bounds
        boxLayer.path = UIBezierPath(roundedRect: bounds.insetBy(dx: 1, dy: 1), cornerRadius: 6).cgPath

        let check = UIBezierPath()
        check.move(to: CGPoint(x: bounds.width * 0.25, y: bounds.height * 0.52))
        check.addLine(to: CGPoint(x: bounds.width * 0.43, y: bounds.height * 0.70))
        check.addLine(to: CGPoint(x: bounds.width * 0.76, y: bounds.height * 0.32))
        checkmarkLayer.frame = bounds
        checkmarkLayer.path = check.cgPath
    }

    private func updateAppearance(animated: Bool) {
        boxLayer.fillColor = isChecked ? checkedColor.cgColor : UIColor.clear.cgColor
        boxLayer.strokeColor = isChecked ? checkedColor.cgColor : borderColor.cgColor

        let target: CGFloat = isChecked ? 1 : 0
        if animated {
            let animation = CABasicAnimation(keyPath: "strokeEnd")
            animation.fromValue = checkmarkLayer.strokeEnd
            animation.toValue = target
            animation.duration = 0.25
            checkmarkLayer.add(animation, forKey: "check")
        }
        checkmarkLayer.strokeEnd = target
        accessibilityValue = isChecked ? "checked" : "unchecked"
    }

    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        UIView.animate(withDuration: 0.1) { self.transform = CGAffineTransform(scaleX: 0.9, y: 0.9) }
        return true
    }

    override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        UIView.animate(withDuration: 0.1) { self.transform = .identity }

        guard let touch = touch, bounds.insetBy(dx: -10, dy: -10).contains(touch.location(in: self)) else { return }
        isChecked.toggle()
        sendActions(for: .valueChanged)
    }

    override func cancelTracking(with event: UIEvent?) {
        super.cancelTracking(with: event)
        UIView.animate(withDuration: 0.1) { self.transform = .identity }
    }
}
