import Geometry
import RenderModel

/// `UIBezierPath`: a `CGMutablePath` with a line style; `fill()` and `stroke()` paint into the
/// current graphics context (the one `draw(_:)` pushed).
@preconcurrency @MainActor
open class UIBezierPath: NSObject {
    public var cgPath: CGPath {
        get { CGPath(mutable.path) }
        set { mutable = CGMutablePath(newValue.path) }
    }
    private var mutable = CGMutablePath()
    open var lineWidth: CGFloat = 1
    open var lineCapStyle: CGLineCap = .butt
    open var lineJoinStyle: CGLineJoin = .miter
    open var miterLimit: CGFloat = 10
    open var usesEvenOddFillRule = false
    open var flatness: CGFloat = 0.6
    private var dash: (pattern: [CGFloat], phase: CGFloat)?

    public override init() { super.init() }
    public convenience init(rect: CGRect) { self.init(); mutable.addRect(rect) }
    public convenience init(ovalIn rect: CGRect) { self.init(); mutable.addEllipse(in: rect) }
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        let r = min(cornerRadius, min(rect.width, rect.height) / 2)
        mutable = CGMutablePath(Path(roundedRect: rect.rect, cornerRadius: r.double))
    }
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        mutable = CGMutablePath(Path(roundedRect: rect.rect, byRoundingCorners: RectCorner(rawValue: Int(corners.rawValue)),
                                     cornerRadii: cornerRadii.size))
    }
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }
    public convenience init(cgPath: CGPath) { self.init(); mutable = CGMutablePath(cgPath.path) }

    open func move(to p: CGPoint) { mutable.move(to: p) }
    open func addLine(to p: CGPoint) { mutable.addLine(to: p) }
    open func addCurve(to end: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        mutable.addCurve(to: end, control1: controlPoint1, control2: controlPoint2)
    }
    open func addQuadCurve(to end: CGPoint, controlPoint: CGPoint) { mutable.addQuadCurve(to: end, control: controlPoint) }
    /// UIKit's `clockwise` is as seen on screen (angles increasing, y down), the opposite of
    /// Core Graphics' flag in UIKit's coordinates, which the path underneath takes.
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        mutable.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }
    open func close() { mutable.closeSubpath() }
    open func removeAllPoints() { mutable = CGMutablePath() }
    open func append(_ other: UIBezierPath) { mutable.addPath(other.cgPath) }
    open func apply(_ t: CGAffineTransform) { mutable = CGMutablePath(mutable.path.applying(t.affine)) }
    open func reversing() -> UIBezierPath {
        let r = UIBezierPath(cgPath: CGPath(mutable.path.reversed()))
        r.lineWidth = lineWidth; r.lineCapStyle = lineCapStyle; r.lineJoinStyle = lineJoinStyle
        r.miterLimit = miterLimit; r.usesEvenOddFillRule = usesEvenOddFillRule
        return r
    }
    open var bounds: CGRect { mutable.boundingBoxOfPath }
    open var currentPoint: CGPoint { mutable.currentPoint }
    open var isEmpty: Bool { mutable.isEmpty }
    open func contains(_ p: CGPoint) -> Bool { mutable.contains(p, using: usesEvenOddFillRule ? .evenOdd : .winding) }
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        dash = pattern.map { p in ((0..<count).map { p[$0] }, phase) }
    }

    open func fill() {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        ctx.beginPath(); ctx.addPath(cgPath)
        ctx.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
        ctx.restoreGState()
    }
    open func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState(); ctx.setAlpha(alpha); fill(); ctx.restoreGState()
    }
    open func stroke() {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        ctx.setLineWidth(lineWidth); ctx.setLineCap(lineCapStyle); ctx.setLineJoin(lineJoinStyle); ctx.setMiterLimit(miterLimit)
        if let dash { ctx.setLineDash(phase: dash.phase, lengths: dash.pattern) }
        ctx.beginPath(); ctx.addPath(cgPath); ctx.strokePath()
        ctx.restoreGState()
    }
    open func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState(); ctx.setAlpha(alpha); stroke(); ctx.restoreGState()
    }
    /// Only gradient fills are clipped (as `CGContext/clip(using:)`).
    open func addClip() {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.beginPath(); ctx.addPath(cgPath); ctx.clip()
    }
}
