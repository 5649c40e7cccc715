import UIKit

// RU3: the area under a line chart filled the ways chart libraries offer: a small image
// repeated edge to edge over the clipped area, or a drawing cached once in a CGLayer and
// stretched over the area each time the chart draws.

protocol AreaFill {
    func fill(_ context: CGContext, rect: CGRect)
}

struct TiledImageFill: AreaFill {
    let image: CGImage
    func fill(_ context: CGContext, rect: CGRect) {
        context.saveGState()
        defer { context.restoreGState() }
        context.clip()
        context.draw(image, in: CGRect(x: rect.minX, y: rect.minY, width: 8, height: 8), byTiling: true)
    }
}

final class CachedLayerFill: AreaFill {
    private var cached: CGLayer?
    func fill(_ context: CGContext, rect: CGRect) {
        if cached == nil, let layer = CGLayer(context, size: CGSize(width: 16, height: 16), auxiliaryInfo: nil) {
            layer.context?.setFillColor(UIColor.systemTeal.cgColor)
            layer.context?.fill(CGRect(x: 0, y: 0, width: 16, height: 8))
            cached = layer
        }
        guard let cached else { return }
        context.saveGState()
        context.clip()
        context.draw(cached, in: rect)
        context.draw(cached, at: CGPoint(x: rect.maxX - cached.size.width, y: rect.minY))
        context.restoreGState()
    }
}

final class AreaChartView: UIView {
    var values: [CGFloat] = [0.2, 0.6, 0.4, 0.9, 0.5]
    var areaFill: AreaFill?

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), values.count > 1 else { return }
        let step = bounds.width / CGFloat(values.count - 1)
        context.move(to: CGPoint(x: 0, y: bounds.maxY))
        for (i, v) in values.enumerated() {
            context.addLine(to: CGPoint(x: CGFloat(i) * step, y: bounds.maxY - v * bounds.height))
        }
        context.addLine(to: CGPoint(x: bounds.maxX, y: bounds.maxY))
        context.closePath()
        areaFill?.fill(context, rect: bounds)
    }
}

func makeStripes() -> CGImage? {
    let renderer = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 8))
    let image = renderer.image { ctx in
        UIColor.systemBlue.setFill()
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 8))
    }
    return image.cgImage
}
