import Geometry
import RenderModel

/// `CGLineCap`: how open stroke ends are drawn; the engine's `LineCap`.
public enum CGLineCap: Int32, Sendable { case butt, round, square }
/// `CGLineJoin`: how stroke corners are drawn; the engine's `LineJoin`.
public enum CGLineJoin: Int32, Sendable { case miter, round, bevel }
/// `CGPathFillRule`: which points are inside a path: non-zero winding or even-odd (the engine's rule).
public enum CGPathFillRule: Int, Sendable { case winding, evenOdd }
/// `CGPathDrawingMode`: fill, even-odd fill, stroke, or both (see `CGContext.drawPath(using:)`).
public enum CGPathDrawingMode: Int32, Sendable { case fill, eoFill, stroke, fillStroke, eoFillStroke }
/// `CGBlendMode`: how drawing combines with what is under it; only normal blending is drawn here.
public enum CGBlendMode: Int32, Sendable {
    /// The blend modes of Core Graphics; every one but `.normal` draws as normal here.
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight,
         difference, exclusion, hue, saturation, color, luminosity, clear, copy, sourceIn, sourceOut,
         sourceAtop, destinationOver, destinationIn, destinationOut, destinationAtop, xor, plusDarker, plusLighter
}

/// One element of a path, as `CGPath.applyWithBlock` and `forEach` hand it out.
public enum CGPathElementType: Int32, Sendable { case moveToPoint, addLineToPoint, addQuadCurveToPoint, addCurveToPoint, closeSubpath }

package extension CGLineCap {
    var engine: LineCap { switch self { case .butt: .butt; case .round: .round; case .square: .square } }
}
package extension CGLineJoin {
    var engine: LineJoin { switch self { case .miter: .miter; case .round: .round; case .bevel: .bevel } }
}
package extension CGPathFillRule {
    var engine: FillRule { self == .evenOdd ? .evenOdd : .nonZero }
}

/// An immutable path (`CGPath`); ``CGMutablePath`` builds one.
public class CGPath: Hashable, CustomStringConvertible, @unchecked Sendable {
    package var path: Path
    package init(_ path: Path) { self.path = path }

    /// `CGPath(rect:transform:)`: a rectangle path, transformed when a transform is given.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(Path(rect: rect.rect).applying(transform?.pointee.affine ?? .identity))
    }
    /// `CGPath(ellipseIn:transform:)`: an ellipse path inside `rect`, transformed when a transform is
    /// given.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(Path(ellipseIn: rect.rect).applying(transform?.pointee.affine ?? .identity))
    }
    /// `CGPath(roundedRect:cornerWidth:cornerHeight:transform:)`: a rounded rectangle with corner radii of
    /// these widths and heights (points).
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>?) {
        self.init(Path(roundedRect: rect.rect, byRoundingCorners: .allCorners,
                       cornerRadii: Size(width: cornerWidth.double, height: cornerHeight.double))
            .applying(transform?.pointee.affine ?? .identity))
    }

    /// `CGPath.isEmpty`: whether the engine path has no elements.
    public var isEmpty: Bool { path.isEmpty }
    /// `CGPath.boundingBox`: the engine path's bounds, control points included; `.null` when empty.
    public var boundingBox: CGRect { path.isEmpty ? .null : CGRect(path.boundingBox) }
    /// `CGPath.boundingBoxOfPath`: the engine path's tight bounds; `.null` when empty.
    public var boundingBoxOfPath: CGRect { path.isEmpty ? .null : CGRect(path.boundingBoxOfPath) }
    /// `CGPath.currentPoint`: the end of the last element; zero when there is none.
    public var currentPoint: CGPoint { path.currentPoint.map(CGPoint.init) ?? .zero }

    /// `CGPath.contains(_:using:transform:)`: whether the point is inside the transformed path under
    /// `rule`.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding, transform: CGAffineTransform = .identity) -> Bool {
        path.applying(transform.affine).contains(point.point, using: rule.engine)
    }
    /// `CGPath.copy()`: an immutable copy.
    public func copy() -> CGPath? { CGPath(path) }
    /// `CGPath.mutableCopy()`: a mutable copy.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(path) }
    /// `CGPath.copy(using:)`: a copy transformed by the transform given.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        CGPath(path.applying(transform?.pointee.affine ?? .identity))
    }
    /// `CGPath.copy(strokingWithWidth:lineCap:lineJoin:miterLimit:transform:)`: the outline a stroke of
    /// this path paints, from the engine's stroker.
    public func copy(strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin,
                     miterLimit: CGFloat, transform: CGAffineTransform = .identity) -> CGPath {
        CGPath(path.copy(strokingWithWidth: lineWidth.double, lineCap: lineCap.engine, lineJoin: lineJoin.engine,
                         miterLimit: miterLimit.double).applying(transform.affine))
    }
    /// `CGPath.copy(dashingWithPhase:lengths:transform:)`: the dashes of this path, as a path.
    public func copy(dashingWithPhase phase: CGFloat, lengths: [CGFloat], transform: CGAffineTransform = .identity) -> CGPath {
        CGPath(path.copy(dashingWithPhase: phase.double, lengths: lengths.map(\.double)).applying(transform.affine))
    }

    /// Calls `body` with each element's kind and points (one for move and line, two for a
    /// quadratic, three for a cubic, none for close).
    public func forEach(body: (CGPathElementType, [CGPoint]) -> Void) {
        for e in path.elements {
            switch e {
            case .move(let p): body(.moveToPoint, [CGPoint(p)])
            case .line(let p): body(.addLineToPoint, [CGPoint(p)])
            case .curve(let c1, let c2, let p): body(.addCurveToPoint, [CGPoint(c1), CGPoint(c2), CGPoint(p)])
            case .close: body(.closeSubpath, [])
            }
        }
    }

    /// Whether the two engine paths have the same elements.
    public static func == (a: CGPath, b: CGPath) -> Bool { a.path == b.path }
    /// Hashes the element count (equal paths hash alike).
    public func hash(into hasher: inout Hasher) { hasher.combine(path.elements.count) }
    /// "CGPath(n elements)".
    public var description: String { "CGPath(\(path.elements.count) elements)" }
}

/// A path being built (`CGMutablePath`), with Core Graphics' building calls.
public final class CGMutablePath: CGPath, @unchecked Sendable {
    /// An empty mutable path.
    public init() { super.init(Path()) }
    package override init(_ path: Path) { super.init(path) }

    /// `CGMutablePath.move(to:transform:)`: starts a subpath at the transformed point.
    public func move(to p: CGPoint, transform: CGAffineTransform = .identity) { path.move(to: p.applying(transform).point) }
    /// `CGMutablePath.addLine(to:transform:)`: a line to the point (a move when there is no current
    /// point).
    public func addLine(to p: CGPoint, transform: CGAffineTransform = .identity) {
        if path.currentPoint == nil { path.move(to: p.applying(transform).point) } else { path.addLine(to: p.applying(transform).point) }
    }
    /// `CGMutablePath.addLines(between:transform:)`: a polyline through the points.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        path.addLines(between: points.map { $0.applying(transform).point })
    }
    /// `CGMutablePath.addCurve(to:control1:control2:transform:)`: a cubic Bézier to `end`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        path.addCurve(to: end.applying(transform).point, control1: control1.applying(transform).point,
                      control2: control2.applying(transform).point)
    }
    /// `CGMutablePath.addQuadCurve(to:control:transform:)`: a quadratic Bézier to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        path.addQuadCurve(to: end.applying(transform).point, control: control.applying(transform).point)
    }
    /// `CGMutablePath.addRect(_:transform:)`: a closed rectangle subpath.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        path.addPath(Path(rect: rect.rect), transform: transform.affine)
    }
    /// `CGMutablePath.addRects(_:transform:)`: a closed subpath for each rectangle.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for r in rects { addRect(r, transform: transform) }
    }
    /// `CGMutablePath.addEllipse(in:transform:)`: an ellipse inside `rect`.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        path.addPath(Path(ellipseIn: rect.rect), transform: transform.affine)
    }
    /// `CGMutablePath.addRoundedRect(in:cornerWidth:cornerHeight:transform:)`: a rounded rectangle.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity) {
        path.addPath(Path(roundedRect: rect.rect, byRoundingCorners: .allCorners,
                          cornerRadii: Size(width: cornerWidth.double, height: cornerHeight.double)), transform: transform.affine)
    }
    /// An arc of a circle; `clockwise` in Core Graphics' sense on a y-down surface (as UIKit).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform: CGAffineTransform = .identity) {
        if transform.isIdentity {
            path.addArc(center: center.point, radius: radius.double, startAngle: startAngle.double, endAngle: endAngle.double,
                        clockwise: clockwise)
        } else {
            var arc = Path()
            arc.addArc(center: center.point, radius: radius.double, startAngle: startAngle.double, endAngle: endAngle.double,
                       clockwise: clockwise)
            path.addPath(arc, transform: transform.affine)
        }
    }
    /// An arc of `delta` radians from `startAngle`: positive turns as angles grow (Core
    /// Graphics' counter-clockwise), the arc `addArc` draws to `startAngle + delta`.
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                               transform: CGAffineTransform = .identity) {
        addArc(center: center, radius: radius, startAngle: startAngle, endAngle: startAngle + delta, clockwise: delta < 0,
               transform: transform)
    }
    /// A rounded corner between the current point, `tangent1End` and `tangent2End`.
    public func addArc(tangent1End t1: CGPoint, tangent2End t2: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity) {
        guard let p0 = path.currentPoint else { move(to: t1, transform: transform); return }
        let a = t1.applying(transform).point, b = t2.applying(transform).point
        let v1 = Point(x: p0.x - a.x, y: p0.y - a.y), v2 = Point(x: b.x - a.x, y: b.y - a.y)
        let l1 = (v1.x * v1.x + v1.y * v1.y).squareRoot(), l2 = (v2.x * v2.x + v2.y * v2.y).squareRoot()
        let r = radius.double
        guard l1 > 0, l2 > 0, r > 0 else { path.addLine(to: a); return }
        let cosTheta = (v1.x * v2.x + v1.y * v2.y) / (l1 * l2)
        let theta = Foundation.acos(max(-1, min(1, cosTheta)))
        guard theta > 1e-9, theta < .pi - 1e-9 else { path.addLine(to: a); return }
        let d = r / Foundation.tan(theta / 2)
        let s = Point(x: a.x + v1.x / l1 * d, y: a.y + v1.y / l1 * d)
        let e = Point(x: a.x + v2.x / l2 * d, y: a.y + v2.y / l2 * d)
        path.addLine(to: s)
        // A cubic approximating the circular arc from s to e.
        let k = 4.0 / 3.0 * Foundation.tan((.pi - theta) / 4)
        let c1 = Point(x: s.x - v1.x / l1 * r * k, y: s.y - v1.y / l1 * r * k)
        let c2 = Point(x: e.x - v2.x / l2 * r * k, y: e.y - v2.y / l2 * r * k)
        path.addCurve(to: e, control1: c1, control2: c2)
    }
    /// `CGMutablePath.addPath(_:transform:)`: appends another path's elements, transformed.
    public func addPath(_ other: CGPath, transform: CGAffineTransform = .identity) { path.addPath(other.path, transform: transform.affine) }
    /// `CGMutablePath.closeSubpath()`: closes the current subpath.
    public func closeSubpath() { path.close() }
}
