import UIKit

class SunsetDrawingView: UIView {

    var skyTopColor: UIColor = UIColor(red: 0.13, green: 0.16, blue: 0.38, alpha: 1)
    var skyBottomColor: UIColor = UIColor(red: 0.98, green: 0.55, blue: 0.35, alpha: 1)
    var sunColor: UIColor = UIColor(red: 1.0, green: 0.85, blue: 0.4, alpha: 1)

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = true
        contentMode = .redraw
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }

        drawSky(in: context)
        drawSun(in: context)
        drawHills(in: context)
        drawGrid(in: context)
    }

    private func drawSky(in context: CGContext) {
        let colorSpace = CGColorSpaceCreateDeviceRGB()
        let colors = [skyTopColor.cgColor, skyBottomColor.cgColor] as CFArray
        let locations: [CGFloat] = [0.0, 1.0]
        guard let gradient = CGGradient(colorsSpace: colorSpace, colors: colors, locations: locations) else { return }

        context.saveGState()
        context.addRect(bounds)
        context.clip()
        context.drawLinearGradient(gradient,
                                   start: CGPoint(x: bounds.midX, y: bounds.minY),
                                   end: CGPoint(x: bounds.midX, y: bounds.maxY * 0.7),
                                   options: [.drawsAfterEndLocation])
        context.restoreGState()
    }

    private func drawSun(in context: CGContext) {
        let center = CGPoint(x: bounds.midX, y: bounds.height * 0.6)
        let radius = bounds.width * 0.22
        let colorSpace = CGColorSpaceCreateDeviceRGB()
        let colors = [sunColor.cgColor, sunColor.withAlphaComponent(0).cgColor] as CFArray
        guard let glow = CGGradient(colorsSpace: colorSpace, colors: colors, locations: [0.4, 1.0]) else { return }

        context.saveGState()
        context.drawRadialGradient(glow,
                                   startCenter: center, startRadius: 0,
                                   endCenter: center, endRadius: radius * 1.8,
                                   options: [])
        context.setFillColor(sunColor.cgColor)
        context.fillEllipse(in: CGRect(x: center.x - radius, y: center.y - radius, width: radius * 2, height: radius * 2))
        context.restoreGState()
    }

    private func drawHills(in context: CGContext) {
        context.saveGState()
        context.setFillColor(UIColor(red: 0.2, green: 0.1, blue: 0.25, alpha: 1).cgColor)
        context.move(to: CGPoint(x: 0, y: bounds.height * 0.7))
        context.addQuadCurve(to: CGPoint(x: bounds.width, y: bounds.height * 0.68),
                             control: CGPoint(x: bounds.width * 0.5, y: bounds.height * 0.55))
        context.addLine(to: CGPoint(x: bounds.width, y: bounds.height))
        context.addLine(to: CGPoint(x: 0, y: bounds.height))
        context.closePath()
        context.fillPath()
        context.restoreGState()
    }

    private func drawGrid(in context: CGContext) {
        context.saveGState()
        context.setStrokeColor(UIColor.systemPink.withAlphaComponent(0.6).cgColor)
        context.setLineWidth(1)
        context.setLineDash(phase: 0, lengths: [4, 4])
        let horizon = bounds.height * 0.8
        var y = horizon
        while y < bounds.height {
            context.move(to: CGPoint(x: 0, y: y))
            context.addLine(to: CGPoint(x: bounds.width, y: y))
            y += (y - horizon) * 0.4 + 6
        }
        context.strokePath()
        context.restoreGState()
    }
}
