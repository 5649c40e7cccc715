import Geometry

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A colour ramp over a plane, as Core Animation's gradient layer draws it: ``colors`` at
/// ``locations`` (0...1), laid out by ``kind`` between ``startPoint`` and ``endPoint``, both in
/// the drawing group's coordinates.
///
/// - axial: the ramp runs along the line from start to end; beyond either end the end colour
///   continues.
/// - radial: an ellipse centred at start whose radii are the distances of end from start along
///   each axis (Core Animation's `kCAGradientLayerRadial`); with either radius 0 it is all the
///   end colour.
/// - conic: start is the centre, the ramp runs clockwise (on screen, y down) once round it,
///   beginning at the direction of end.
public struct Gradient: Sendable, Hashable {
    /// How the ramp is laid over the plane; the raw values are Core Animation's `CAGradientLayerType` names.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Along the line from start to end, on ellipses around start, or round start (see ``Gradient``).
        case axial, radial, conic
    }
    /// How the ramp is laid over the plane: along a line, on ellipses or round a point.
    public var kind: Kind
    /// The ramp's colours, from parameter 0 to 1 (sRGB, straight alpha, interpolated component-wise).
    /// One colour fills everywhere; none draws nothing.
    public var colors: [Color]
    /// One per colour, ascending; nil spaces the colours evenly.
    public var locations: [Double]?
    /// The start of an axial ramp or the centre of a radial or conic one, in the drawing group's coordinates.
    public var startPoint: Point
    /// The end of an axial ramp, the point that sets a radial one's radii, or the direction a conic
    /// one starts toward, in the drawing group's coordinates.
    public var endPoint: Point
    /// A radial gradient's focal point, where the ramp starts (nil: the centre, the start
    /// point). The ramp runs on circles growing from the focal point to the end circle, as SVG's
    /// `fx`/`fy` and Lottie's highlight; it must lie inside the end circle.
    public var focalPoint: Point?

    /// A gradient; unless given, axial, with the colours evenly spaced and no focal point.
    public init(kind: Kind = .axial, colors: [Color], locations: [Double]? = nil, startPoint: Point, endPoint: Point,
                focalPoint: Point? = nil) {
        self.kind = kind; self.colors = colors; self.locations = locations
        self.startPoint = startPoint; self.endPoint = endPoint; self.focalPoint = focalPoint
    }

    /// The ramp parameter (not clamped) at `p`.
    public func parameter(at p: Point) -> Double {
        let dx = endPoint.x - startPoint.x, dy = endPoint.y - startPoint.y
        switch kind {
        case .axial:
            let len2 = dx * dx + dy * dy
            guard len2 > 0 else { return 0 }
            return ((p.x - startPoint.x) * dx + (p.y - startPoint.y) * dy) / len2
        case .radial:
            // Core Animation's ellipse: centred at the start point, radii |end - start| per axis.
            let rx = abs(dx), ry = abs(dy)
            guard rx > 0, ry > 0 else { return 1 }
            let px = (p.x - startPoint.x) / rx, py = (p.y - startPoint.y) / ry
            guard let f = focalPoint else { return (px * px + py * py).squareRoot() }
            // In the unit circle's space: the t whose circle, centred at f + t(c - f) with radius
            // t, passes through p: t²(|d|² - 1) - 2t(q·d) + |q|² = 0, d = c - f, q = p - f.
            let fx = (f.x - startPoint.x) / rx, fy = (f.y - startPoint.y) / ry
            let qx = px - fx, qy = py - fy, ddx = -fx, ddy = -fy
            let a = ddx * ddx + ddy * ddy - 1, qd = qx * ddx + qy * ddy, qq = qx * qx + qy * qy
            if abs(a) < 1e-12 { return qd != 0 ? qq / (2 * qd) : 0 }
            let disc = qd * qd - a * qq
            return (qd - disc.squareRoot()) / a
        case .conic:
            let a0 = atan2(dy, dx), a = atan2(p.y - startPoint.y, p.x - startPoint.x)
            var f = (a - a0) / (2 * .pi)
            f -= f.rounded(.down)
            return f
        }
    }

    /// The colour of the ramp at parameter `t` (clamped to 0...1); clear with no colours.
    public func color(at t: Double) -> Color {
        guard let first = colors.first else { return .clear }
        let n = colors.count
        if n == 1 { return first }
        let u = t.isNaN ? 0 : min(max(t, 0), 1)
        func location(_ k: Int) -> Double {
            if let l = locations, l.count == n { return l[k] }
            return Double(k) / Double(n - 1)
        }
        if u <= location(0) { return first }
        for k in 1..<n {
            let l1 = location(k)
            if u <= l1 {
                let l0 = location(k - 1)
                let f = l1 > l0 ? (u - l0) / (l1 - l0) : 1
                return Color.interpolate(colors[k - 1], colors[k], f)
            }
        }
        return colors[n - 1]
    }

    /// The colour at `p`.
    public func color(at p: Point) -> Color { color(at: parameter(at: p)) }

    /// The gradient with its points mapped by `t`.
    public func applying(_ t: AffineTransform) -> Gradient {
        var g = self
        g.startPoint = t.apply(to: startPoint)
        g.endPoint = t.apply(to: endPoint)
        g.focalPoint = focalPoint.map { t.apply(to: $0) }
        return g
    }
}

/// What fills a shape: one colour, a gradient or a repeated image.
public enum Paint: Sendable, Hashable {
    /// One colour everywhere (sRGB, straight alpha).
    case color(Color)
    /// A colour ramp, laid out in the drawing group's coordinates.
    case gradient(Gradient)
    /// An image repeated edge to edge, laid out in the drawing group's coordinates (Core
    /// Graphics' tiled image drawing, RU3).
    case pattern(ImagePattern)
}
