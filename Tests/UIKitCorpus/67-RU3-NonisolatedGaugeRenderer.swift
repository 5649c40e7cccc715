import UIKit

// RU3: a chart library's renderer is a plain class, not main-actor code, that draws with the
// Core Graphics context a view hands it, as on iOS.

struct GaugeStyle {
    var track = UIColor.systemGray5.cgColor
    var fill = UIColor.systemTeal.cgColor
    var lineWidth: CGFloat = 10
}

final class GaugeRenderer {
    var style = GaugeStyle()

    func drawGauge(context: CGContext, in rect: CGRect, value: CGFloat) {
        let center = CGPoint(x: rect.midX, y: rect.midY)
        let radius = min(rect.width, rect.height) / 2 - style.lineWidth
        context.saveGState()
        defer { context.restoreGState() }
        context.setLineWidth(style.lineWidth)
        context.setLineCap(.round)
        context.setStrokeColor(style.track)
        context.addArc(center: center, radius: radius, startAngle: .pi * 0.75, endAngle: .pi * 2.25, clockwise: false)
        context.strokePath()
        context.setStrokeColor(style.fill)
        context.addArc(center: center, radius: radius, startAngle: .pi * 0.75,
                       endAngle: .pi * 0.75 + .pi * 1.5 * max(0, min(1, value)), clockwise: false)
        context.strokePath()
        context.setLineDash(phase: 0, lengths: [2, 4])
        context.setStrokeColor(UIColor.secondaryLabel.cgColor)
        context.strokeEllipse(in: rect.insetBy(dx: style.lineWidth * 2.5, dy: style.lineWidth * 2.5))
    }
}

final class GaugeView: UIView {
    let renderer = GaugeRenderer()
    var value: CGFloat = 0.4 { didSet { setNeedsDisplay() } }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        renderer.drawGauge(context: context, in: bounds, value: value)
    }
}
