import UIKit

struct PieSlice {
    let value: CGFloat
    let color: UIColor
    let title: String
}

class PieChartView: UIView {

    var slices: [PieSlice] = [] {
        didSet { setNeedsDisplay() }
    }

    var holeRatio: CGFloat = 0.5 {
        didSet { setNeedsDisplay() }
    }

    var showsLabels = true

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .clear
        contentMode = .redraw
        isOpaque = false
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func draw(_ rect: CGRect) {
        let total = slices.reduce(0) { $0 + $1.value }
        guard total > 0 else { return }

        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = min(bounds.width, bounds.height) / 2 - 4
        var startAngle = -CGFloat.pi / 2

        for slice in slices {
            let endAngle = startAngle + 2 * .pi * (slice.value / total)

            let path = UIBezierPath()
            path.move(to: center)
            path.addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: true)
            path.close()

            slice.color.setFill()
            path.fill()

            UIColor.white.setStroke()
            path.lineWidth = 2
            path.stroke()

            if showsLabels {
                drawLabel(slice.title, center: center, radius: radius * 0.75, angle: (startAngle + endAngle) / 2)
            }

            startAngle = endAngle
        }

        if holeRatio > 0 {
            let holeRadius = radius * holeRatio
            let hole = UIBezierPath(ovalIn: CGRect(x: center.x - holeRadius,
                                                   y: center.y - holeRadius,
                                                   width: holeRadius * 2,
                                                   height: holeRadius * 2))
            UIColor.systemBackground.setFill()
            hole.fill()
        }
    }

    private func drawLabel(_ text: String, center: CGPoint, radius: CGFloat, angle: CGFloat) {
        let attributes: [NSAttributedString.Key: Any] = [
            .font: UIFont.systemFont(ofSize: 12, weight: .semibold),
            .foregroundColor: UIColor.white
        ]
        let string = NSAttributedString(string: text, attributes: attributes)
        let size = string.size()
        let point = CGPoint(x: center.x + cos(angle) * radius - size.width / 2,
                            y: center.y + sin(angle) * radius - size.height / 2)
        string.draw(at: point)
    }
}

final class PieChartViewController: UIViewController {

    private let chart = PieChartView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        chart.slices = [
            PieSlice(value: 40, color: .systemBlue, title: "Rent"),
            PieSlice(value: 25, color: .systemGreen, title: "Food"),
            PieSlice(value: 20, color: .systemOrange, title: "Fun"),
            PieSlice(value: 15, color: .systemPurple, title: "Other")
        ]
        chart.holeRatio = 0.4
        chart.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(chart)

        NSLayoutConstraint.activate([
            chart.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            chart.centerYAnchor.constraint(equalTo: view.centerYAnchor),
            chart.widthAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.8),
            chart.heightAnchor.constraint(equalTo: chart.widthAnchor)
        ])
    }
}
