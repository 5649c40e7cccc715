import UIKit

// RU3: a line chart's renderer that strokes its line with a gradient: the line's stroked outline
// replaces the path, becomes the clip, and a linear gradient is drawn through it.

final class GradientLineRenderer {
    var points: [CGPoint] = []
    var lineWidth: CGFloat = 3
    var colors: [UIColor] = [.systemBlue, .systemPurple]

    func draw(in context: CGContext, rect: CGRect) {
        guard points.count > 1 else { return }
        context.saveGState()
        defer { context.restoreGState() }
        context.beginPath()
        context.move(to: points[0])
        for p in points.dropFirst() { context.addLine(to: p) }
        context.setLineWidth(lineWidth)
        context.setLineCap(.round)
        context.setLineJoin(.round)
        context.replacePathWithStrokedPath()
        context.clip()
        let space = CGColorSpaceCreateDeviceRGB()
        guard let gradient = CGGradient(colorsSpace: space, colors: colors.map(\.cgColor) as CFArray, locations: [0, 1]) else { return }
        context.drawLinearGradient(gradient, start: CGPoint(x: rect.minX, y: rect.midY),
                                   end: CGPoint(x: rect.maxX, y: rect.midY), options: [])
    }
}

final class SparklineView: UIView {
    let renderer = GradientLineRenderer()

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        renderer.draw(in: context, rect: bounds)
    }
}
