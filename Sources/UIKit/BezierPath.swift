import Geometry
import RenderModel

/// `UIBezierPath`: a `CGMutablePath` with a line style; `fill()` and `stroke()` paint into the
/// current graphics context (the one `draw(_:)` pushed).
@preconcurrency @MainActor
open class UIBezierPath: NSObject {
    /// `UIBezierPath.cgPath`: the path as a `CGPath` (a copy); setting replaces it.
    public var cgPath: CGPath {
        get { CGPath(mutable.path) }
        set { mutable = CGMutablePath(newValue.path) }
    }
    private var mutable = CGMutablePath()
    /// `UIBezierPath.lineWidth`: the stroke width in points (1 by default).
    open var lineWidth: CGFloat = 1
    /// `UIBezierPath.lineCapStyle`: how open stroke ends are drawn.
    open var lineCapStyle: CGLineCap = .butt
    /// `UIBezierPath.lineJoinStyle`: how stroke corners are drawn.
    open var lineJoinStyle: CGLineJoin = .miter
    /// `UIBezierPath.miterLimit`: the miter limit of stroke corners (10 by default).
    open var miterLimit: CGFloat = 10
    /// `UIBezierPath.usesEvenOddFillRule`: fill and hit-test by even-odd instead of non-zero winding.
    open var usesEvenOddFillRule = false
    /// `UIBezierPath.flatness`: stored only; curves are flattened by the engine's own tolerance.
    open var flatness: CGFloat = 0.6
    private var dash: (pattern: [CGFloat], phase: CGFloat)?

    public override init() { super.init() }
    /// `UIBezierPath(rect:)`: a closed rectangle path.
    public convenience init(rect: CGRect) { self.init(); mutable.addRect(rect) }
    /// `UIBezierPath(ovalIn:)`: an ellipse inside `rect`.
    public convenience init(ovalIn rect: CGRect) { self.init(); mutable.addEllipse(in: rect) }
    /// `UIBezierPath(roundedRect:cornerRadius:)`: a rounded rectangle, the radius at most half the
    /// shorter side (points).
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        let r = min(cornerRadius, min(rect.width, rect.height) / 2)
        mutable = CGMutablePath(Path(roundedRect: rect.rect, cornerRadius: r.double))
    }
    /// `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)`: a rectangle with the chosen corners
    /// rounded.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        mutable = CGMutablePath(Path(roundedRect: rect.rect, byRoundingCorners: RectCorner(rawValue: Int(corners.rawValue)),
                                     cornerRadii: cornerRadii.size))
    }
    /// `UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)`: an arc (radians), clockwise as
    /// seen on screen.
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }
    /// `UIBezierPath(cgPath:)`: a path of a `CGPath`'s elements.
    public convenience init(cgPath: CGPath) { self.init(); mutable = CGMutablePath(cgPath.path) }

    /// `UIBezierPath.move(to:)`: starts a subpath at `p`.
    open func move(to p: CGPoint) { mutable.move(to: p) }
    /// `UIBezierPath.addLine(to:)`: a line to `p`.
    open func addLine(to p: CGPoint) { mutable.addLine(to: p) }
    /// `UIBezierPath.addCurve(to:controlPoint1:controlPoint2:)`: a cubic Bézier to `end`.
    open func addCurve(to end: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        mutable.addCurve(to: end, control1: controlPoint1, control2: controlPoint2)
    }
    /// `UIBezierPath.addQuadCurve(to:controlPoint:)`: a quadratic Bézier to `end`.
    open func addQuadCurve(to end: CGPoint, controlPoint: CGPoint) { mutable.addQuadCurve(to: end, control: controlPoint) }
    /// UIKit's `clockwise` is as seen on screen (angles increasing, y down), the opposite of
    /// Core Graphics' flag in UIKit's coordinates, which the path underneath takes.
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        mutable.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }
    /// `UIBezierPath.close()`: closes the current subpath.
    open func close() { mutable.closeSubpath() }
    /// `UIBezierPath.removeAllPoints()`: empties the path.
    open func removeAllPoints() { mutable = CGMutablePath() }
    /// `UIBezierPath.append(_:)`: appends another path's elements.
    open func append(_ other: UIBezierPath) { mutable.addPath(other.cgPath) }
    /// `UIBezierPath.apply(_:)`: transforms every point of the path.
    open func apply(_ t: CGAffineTransform) { mutable = CGMutablePath(mutable.path.applying(t.affine)) }
    /// `UIBezierPath.reversing()`: the path drawn the other way, with the same line style.
    open func reversing() -> UIBezierPath {
        let r = UIBezierPath(cgPath: CGPath(mutable.path.reversed()))
        r.lineWidth = lineWidth; r.lineCapStyle = lineCapStyle; r.lineJoinStyle = lineJoinStyle
        r.miterLimit = miterLimit; r.usesEvenOddFillRule = usesEvenOddFillRule
        return r
    }
    /// `UIBezierPath.bounds`: the path's tight bounds (`.null` when empty).
    open var bounds: CGRect { mutable.boundingBoxOfPath }
    /// `UIBezierPath.currentPoint`: the end of the last element; zero when there is none.
    open var currentPoint: CGPoint { mutable.currentPoint }
    /// `UIBezierPath.isEmpty`: whether the path has no elements.
    open var isEmpty: Bool { mutable.isEmpty }
    /// `UIBezierPath.contains(_:)`: whether the point is inside, by the path's fill rule.
    open func contains(_ p: CGPoint) -> Bool { mutable.contains(p, using: usesEvenOddFillRule ? .evenOdd : .winding) }
    /// `UIBezierPath.setLineDash(_:count:phase:)`: dashes of `count` lengths in points from `phase`
    /// (nil: solid).
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        dash = pattern.map { p in ((0..<count).map { p[$0] }, phase) }
    }

    /// `UIBezierPath.fill()`: fills the path in the current context's fill colour; nothing without a
    /// context.
    open func fill() {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        ctx.beginPath(); ctx.addPath(cgPath)
        ctx.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
        ctx.restoreGState()
    }
    /// `UIBezierPath.fill(with:alpha:)`: fills at `alpha`; the blend mode draws as normal.
    open func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState(); ctx.setAlpha(alpha); fill(); ctx.restoreGState()
    }
    /// `UIBezierPath.stroke()`: strokes the path in the current context's stroke colour with this line
    /// style; nothing without a context.
    open func stroke() {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        ctx.setLineWidth(lineWidth); ctx.setLineCap(lineCapStyle); ctx.setLineJoin(lineJoinStyle); ctx.setMiterLimit(miterLimit)
        if let dash { ctx.setLineDash(phase: dash.phase, lengths: dash.pattern) }
        ctx.beginPath(); ctx.addPath(cgPath); ctx.strokePath()
        ctx.restoreGState()
    }
    /// `UIBezierPath.stroke(with:alpha:)`: strokes at `alpha`; the blend mode draws as normal.
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
