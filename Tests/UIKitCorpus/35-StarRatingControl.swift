import UIKit

/// A star rating control that supports tap and drag to choose a value,
/// including half-star precision.
@IBDesignable
final class StarRatingControl: UIControl {

    @IBInspectable var maximumRating: Int = 5 {
        didSet {
            invalidateIntrinsicContentSize()
            setNeedsDisplay()
        }
    }

    @IBInspectable var allowsHalfStars: Bool = true
    @IBInspectable var starSpacing: CGFloat = 6
    @IBInspectable var filledColor: UIColor = .systemYellow
    @IBInspectable var emptyColor: UIColor = .systemGray4

    private(set) var rating: Double = 0

    private let feedbackGenerator = UISelectionFeedbackGenerator()

    override init(frame: CGRect) {
        super.init(frame: frame)
        configure()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        configure()
    }

    private func configure() {
        backgroundColor = .clear
        contentMode = .redraw
        isAccessibilityElement = true
        accessibilityTraits = .adjustable
        accessibilityLabel = "Rating"
    }

    func setRating(_ newValue: Double, sendEvents: Bool = false) {
        let clamped = min(max(newValue, 0), Double(maximumRating))
        guard clamped != rating else { return }
        rating = clamped
        accessibilityValue = "\(rating) of \(maximumRating) stars"
        setNeedsDisplay()
        if sendEvents {
            feedbackGenerator.selectionChanged()
            sendActions(for: .valueChanged)
        }
    }

    override var intrinsicContentSize: CGSize {
        let starSize: CGFloat = 32
        let width = CGFloat(maximumRating) * starSize + CGFloat(maximumRating - 1) * starSpacing
        return CGSize(width: width, height: starSize)
    }

    // MARK: - Touch tracking

    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        feedbackGenerator.prepare()
        updateRating(for: touch)
        return true
    }

    override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        updateRating(for: touch)
        return true
    }

    override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        if let touch = touch { updateRating(for: touch) }
        sendActions(for: .editingDidEnd)
    }

    override func cancelTracking(with event: UIEvent?) {
        sendActions(for: .editingDidEnd)
    }

    private func updateRating(for touch: UITouch) {
        let x = min(max(touch.location(in: self).x, 0), bounds.width)
        let starWidth = starSide
        let step = starWidth + starSpacing
        let index = floor(x / step)
        let offsetInStar = min((x - index * step) / starWidth, 1)
        var value = Double(index) + Double(offsetInStar)
        value = allowsHalfStars ? (value * 2).rounded(.up) / 2 : value.rounded(.up)
        setRating(value, sendEvents: true)
    }

    // MARK: - Accessibility

    override func accessibilityIncrement() {
        setRating(rating + (allowsHalfStars ? 0.5 : 1), sendEvents: true)
    }

    override func accessibilityDecrement() {
        setRating(rating - (allowsHalfStars ? 0.5 : 1), sendEvents: true)
    }

    // MARK: - Drawing

    private var starSide: CGFloat {
        let available = bounds.width - CGFloat(maximumRating - 1) * starSpacing
        return min(available / CGFloat(maximumRating), bounds.height)
    }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), maximumRating > 0 else { return }
        let side = starSide

        for index in 0..<maximumRating {
            let origin = CGPoint(x: CGFloat(index) * (side + starSpacing), y: (bounds.height - side) / 2)
            let starRect = CGRect(origin: origin, size: CGSize(width: side, height: side))
            let path = starPath(in: starRect)

            emptyColor.setFill()
            path.fill()

            let fill = CGFloat(min(max(rating - Double(index), 0), 1))
            guard fill > 0 else { continue }
            context.saveGState()
            UIBezierPath(rect: CGRect(x: starRect.minX, y: starRect.minY,
                                      width: starRect.width * fill, height: starRect.height)).addClip()
            filledColor.setFill()
            path.fill()
            context.restoreGState()
        }
    }

    private func starPath(in rect: CGRect) -> UIBezierPath {
        let center = CGPoint(x: rect.midX, y: rect.midY)
        let outerRadius = min(rect.width, rect.height) / 2
        let innerRadius = outerRadius * 0.42
        let path = UIBezierPath()
        for point in 0..<10 {
            let radius = point.isMultiple(of: 2) ? outerRadius : innerRadius
            let angle = CGFloat(point) * .pi / 5 - .pi / 2
            let vertex = CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
            point == 0 ? path.move(to: vertex) : path.addLine(to: vertex)
        }
        path.close()
        path.lineJoinStyle = .round
        return path
    }
}
