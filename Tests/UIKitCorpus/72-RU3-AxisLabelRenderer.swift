import UIKit

// RU3: a chart's axis renderer, a plain class and not main-actor code, measures and draws its
// labels with the string drawing functions, reads the font's line height, draws the marker image
// into the current context and cuts pie slices with relative arcs, as chart libraries do on iOS.

final class AxisLabelRenderer {
    var font = UIFont.systemFont(ofSize: 10)
    var color = UIColor.darkGray

    private var attributes: [NSAttributedString.Key: Any] { [.font: font, .foregroundColor: color] }

    func labelSize(_ text: String) -> CGSize {
        let size = (text as NSString).size(withAttributes: attributes)
        return CGSize(width: size.width, height: max(size.height, font.lineHeight))
    }

    func drawLabels(_ labels: [String], along rect: CGRect, marker: UIImage?) {
        guard let context = UIGraphicsGetCurrentContext(), !labels.isEmpty else { return }
        context.saveGState()
        defer { context.restoreGState() }
        let step = rect.width / CGFloat(labels.count)
        for (i, label) in labels.enumerated() {
            let size = labelSize(label)
            let origin = CGPoint(x: rect.minX + step * CGFloat(i) + (step - size.width) / 2, y: rect.minY)
            label.draw(at: origin, withAttributes: attributes)
        }
        let wrapped = "a longer caption that wraps" as NSString
        let box = wrapped.boundingRect(with: CGSize(width: rect.width, height: .greatestFiniteMagnitude),
                                       options: .usesLineFragmentOrigin, attributes: attributes, context: nil)
        wrapped.draw(with: CGRect(origin: CGPoint(x: rect.minX, y: rect.maxY), size: box.size),
                     options: [.usesLineFragmentOrigin, .usesFontLeading], attributes: attributes, context: nil)
        marker?.draw(in: CGRect(x: rect.maxX - 8, y: rect.minY, width: 8, height: 8))
    }

    func slice(center: CGPoint, radius: CGFloat, from start: CGFloat, sweep: CGFloat) -> CGPath {
        let path = CGMutablePath()
        path.move(to: center)
        path.addRelativeArc(center: center, radius: radius, startAngle: start, delta: sweep)
        path.closeSubpath()
        return path
    }
}

final class AxisView: UIView {
    let renderer = AxisLabelRenderer()

    override func draw(_ rect: CGRect) {
        renderer.drawLabels(["Mon", "Tue", "Wed"], along: bounds.insetBy(dx: 4, dy: 4), marker: nil)
        UIGraphicsGetCurrentContext()?.addPath(renderer.slice(center: CGPoint(x: 20, y: 20), radius: 10, from: 0, sweep: .pi / 2))
    }
}
