import UIKit

/// A circular knob that behaves like a UISlider: drag around the dial to change `value`.
final class RotaryKnobControl: UIControl {
    var minimumValue: Float = 0
    var maximumValue: Float = 100
    var isContinuous = true

    private(set) var value: Float = 0

    /// 135° (bottom-left) through 405° (bottom-right), clockwise in UIKit's flipped coordinate space.
    private let startAngle = CGFloat.pi * 3 / 4
    private let endAngle = CGFloat.pi * 9 / 4

    private let trackLayer = CAShapeLayer()
    private let progressLayer = CAShapeLayer()
    private let pointerLayer = CAShapeLayer()
    private let feedback = UISelectionFeedbackGenerator()
    private var lastFeedbackStep = 0

    var lineWidth: CGFloat = 6 {
        didSet { setNeedsLayout() }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        for shape in [trackLayer, progressLayer] {
            shape.fillColor = UIColor.clear.cgColor
            shape.lineCap = .round
            layer.addSublayer(shape)
        }
        trackLayer.strokeColor = UIColor.systemGray5.cgColor
        pointerLayer.lineCap = .round
        pointerLayer.fillColor = UIColor.clear.cgColor
        layer.addSublayer(pointerLayer)

        isAccessibilityElement = true
        accessibilityTraits = .adjustable
        accessibilityLabel = "Volume"
        tintColorDidChange()
    }

    override func tintColorDidChange() {
        super.tintColorDidChange()
        progressLayer.strokeColor = tintColor.cgColor
        pointerLayer.strokeColor = tintColor.cgColor
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = (min(bounds.width, bounds.height) - lineWidth) / 2
        let arc = UIBezierPath(arcCenter: center, radius: radius,
                               startAngle: startAngle, endAngle: endAngle, clockwise: true)

        for shape in [trackLayer, progressLayer] {
            shape.frame = bounds
            shape.path = arc.cgPath
            shape.lineWidth = lineWidth
        }

        let pointer = UIBezierPath()
        pointer.move(to: CGPoint(x: center.x + radius * 0.35, y: center.y))
        pointer.addLine(to: CGPoint(x: center.x + radius * 0.75, y: center.y))
        pointerLayer.frame = bounds
        pointerLayer.path = pointer.cgPath
        pointerLayer.lineWidth = lineWidth / 2

        updateLayers(animated: false)
    }

    // MARK: - Value

    func setValue(_ newValue: Float, animated: Bool = false) {
        value = min(maximumValue, max(minimumValue, newValue))
        accessibilityValue = "\(Int(value.rounded()))"
        updateLayers(animated: animated)
    }

    private var fraction: CGFloat {
        guard maximumValue > minimumValue else { return 0 }
        return CGFloat((value - minimumValue) / (maximumValue - minimumValue))
    }

    private func updateLayers(animated: Bool) {
        let angle = startAngle + (endAngle - startAngle) * fraction
        CATransaction.begin()
        CATransaction.setDisableActions(!animated)
        CATransaction.setAnimationDuration(0.25)
        progressLayer.strokeEnd = fraction
        pointerLayer.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
        CATransaction.commit()
    }

    /// Converts a touch location into a value, clamping the dead zone at the bottom of the dial.
    private func valueForTouch(at location: CGPoint) -> Float {
        var angle = atan2(location.y - bounds.midY, location.x - bounds.midX)
        while angle < startAngle { angle += 2 * .pi }
        if angle > endAngle {
            let distanceToEnd = angle - endAngle
            let distanceToStart = startAngle + 2 * .pi - angle
            angle = distanceToEnd < distanceToStart ? endAngle : startAngle
        }
        let progress = Float((angle - startAngle) / (endAngle - startAngle))
        return minimumValue + progress * (maximumValue - minimumValue)
    }

    // MARK: - Touch tracking

    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let location = touch.location(in: self)
        let distance = hypot(location.x - bounds.midX, location.y - bounds.midY)
        // Ignore touches in the very middle where the angle is unstable.
        guard distance > min(bounds.width, bounds.height) * 0.15 else { return false }
        feedback.prepare()
        setValue(valueForTouch(at: location))
        if isContinuous { sendActions(for: .valueChanged) }
        return true
    }

    override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        setValue(valueForTouch(at: touch.location(in: self)))

        let step = Int(value / 10)
        if step != lastFeedbackStep {
            lastFeedbackStep = step
            feedback.selectionChanged()
        }
        if isContinuous { sendActions(for: .valueChanged) }
        return true
    }

    override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        if let touch = touch {
            setValue(valueForTouch(at: touch.location(in: self)))
        }
        sendActions(for: isContinuous ? .editingDidEnd : .valueChanged)
    }

    override func cancelTracking(with event: UIEvent?) {
        super.cancelTracking(with: event)
        sendActions(for: .editingDidEnd)
    }

    // MARK: - Accessibility

    override func accessibilityIncrement() {
        setValue(value + (maximumValue - minimumValue) / 20, animated: true)
        sendActions(for: .valueChanged)
    }

    override func accessibilityDecrement() {
        setValue(value - (maximumValue - minimumValue) / 20, animated: true)
        sendActions(for: .valueChanged)
    }
}

/// Small demo screen showing the knob wired up with target-action.
final class KnobDemoViewController: UIViewController {
    private let knob = RotaryKnobControl(frame: CGRect(x: 0, y: 0, width: 220, height: 220))
    private let valueLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        knob.tintColor = .systemPink
        knob.setValue(35)
        knob.addTarget(self, action: #selector(knobChanged(_:)), for: .valueChanged)
        valueLabel.font = .monospacedDigitSystemFont(ofSize: 44, weight: .bold)
        valueLabel.text = "35"
        view.addSubview(knob)
        view.addSubview(valueLabel)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        knob.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
        valueLabel.sizeToFit()
        valueLabel.center = knob.center
    }

    @objc private func knobChanged(_ sender: RotaryKnobControl) {
        valueLabel.text = "\(Int(sender.value.rounded()))"
        view.setNeedsLayout()
    }
}
