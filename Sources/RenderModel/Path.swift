import Geometry

/// A path made of lines and cubic curves, in the drawing view's coordinates.
public struct Path: Sendable, Hashable {
    /// One step of a path, as Core Graphics' `CGPathElement`.
    public enum Element: Sendable, Hashable {
        /// Starts a subpath at the point.
        case move(Point)
        /// A straight segment from the current point to the point.
        case line(Point)
        /// A cubic Bézier from the current point: the first control point, the second, then the end point.
        case curve(Point, Point, Point)
        /// Closes the subpath with a straight segment back to its start, which becomes the current point.
        case close
    }
    /// The elements in the order they were added, in the drawing view's points.
    public private(set) var elements: [Element] = []
    /// The box of the elements' points, control points included, kept as they are added, so
    /// that ``bounds(pad:)`` costs nothing: a stroke outline of thousands of points had its box
    /// walked several times a frame (its group's bounds, the shape budget, the layer's box: LT11).
    private var box = Box()
    /// An empty path.
    public init() {}
    /// Starts a new subpath at `p`, leaving the one before open.
    public mutating func move(to p: Point) { elements.append(.move(p)); box.add(p) }
    /// A straight segment from the current point to `p` (from (0, 0) in an empty path).
    public mutating func addLine(to p: Point) { elements.append(.line(p)); box.add(p) }
    /// A cubic Bézier from the current point to `p`, pulled toward `control1` leaving and `control2` arriving.
    public mutating func addCurve(to p: Point, control1: Point, control2: Point) {
        elements.append(.curve(control1, control2, p))
        box.add(control1); box.add(control2); box.add(p)
    }
    /// Closes the current subpath with a straight segment back to its start.
    public mutating func close() { elements.append(.close) }
    /// Makes room for `n` elements in all, so that building a path of about that many does not
    /// reallocate as it grows.
    public mutating func reserveCapacity(_ n: Int) { elements.reserveCapacity(n) }
    /// Empties the path, keeping its elements' storage (a buffer built in again and again).
    mutating func removeAll(keepingCapacity: Bool) { elements.removeAll(keepingCapacity: keepingCapacity); box = Box() }
    /// The same path in storage of its own, just large enough: what a kept buffer built.
    func copiedToFit() -> Path {
        var p = Path()
        p.elements.reserveCapacity(elements.count)
        p.elements.append(contentsOf: elements)
        p.box = box
        return p
    }
    /// Appends `other`'s elements as they are (its subpaths become this path's last ones).
    mutating func appendElements(of other: Path) { elements.append(contentsOf: other.elements); box.add(other.box) }

    /// Two paths are equal when their elements are (the box follows from them).
    public static func == (a: Path, b: Path) -> Bool { a.elements == b.elements }
    /// Hashes the elements.
    public func hash(into hasher: inout Hasher) { hasher.combine(elements) }

    /// The least and greatest x and y of points added. `min` and `max` pass over a NaN
    /// coordinate (the running value stays), so a box built point by point and one merged from
    /// two halves' boxes are the same, NaN or not.
    struct Box: Sendable {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        @inline(__always) mutating func add(_ q: Point) {
            x0 = min(x0, q.x); y0 = min(y0, q.y); x1 = max(x1, q.x); y1 = max(y1, q.y)
        }
        @inline(__always) mutating func add(_ b: Box) {
            x0 = min(x0, b.x0); y0 = min(y0, b.y0); x1 = max(x1, b.x1); y1 = max(y1, b.y1)
        }
    }

    /// A closed polygon through `points`.
    public static func polygon(_ points: [Point]) -> Path {
        var p = Path()
        guard let first = points.first else { return p }
        p.move(to: first)
        for q in points.dropFirst() { p.addLine(to: q) }
        p.close()
        return p
    }
}

/// How the inside of a path is decided where subpaths overlap or a path crosses itself, as Core
/// Graphics' `CGPathFillRule` (`kCAFillRuleNonZero`, `kCAFillRuleEvenOdd`).
public enum FillRule: String, Sendable, Hashable, CaseIterable {
    /// Inside where the winding number is not zero.
    case nonZero
    /// Inside where the winding number is odd.
    case evenOdd
}

/// The shape of a stroke's open ends, as Core Graphics' `CGLineCap`.
public enum LineCap: String, Sendable, Equatable, CaseIterable {
    /// `butt` stops at the end point; `round` adds a half circle of half the line width; `square`
    /// extends the stroke by half its width.
    case butt, round, square
}

/// The shape of a stroke's corners, as Core Graphics' `CGLineJoin`.
public enum LineJoin: String, Sendable, Equatable, CaseIterable {
    /// `miter` extends the outer edges to a point (bevelled past the miter limit); `round` adds a
    /// circular arc; `bevel` cuts the corner straight.
    case miter, round, bevel
}

extension Path {
    /// The box of the path's points (control points included), grown by `pad`.
    public func bounds(pad: Double) -> Rect {
        let (x0, y0, x1, y1) = (box.x0, box.y0, box.x1, box.y1)
        guard x0 <= x1, y0 <= y1 else { return .null }
        return Rect(x: x0 - pad, y: y0 - pad, width: x1 - x0 + 2 * pad, height: y1 - y0 + 2 * pad)
    }
}

extension Path {
    /// Two opposite corners of the rectangle the path outlines when it is one closed
    /// axis-aligned rectangle (a move, three lines and a close, or four lines back to the start),
    /// as the path gives them (its first point and the third), else nil. Allocates nothing: the
    /// rasteriser and the painter ask it of every fill.
    public var axisAlignedCorners: (Point, Point)? {
        let e = elements
        guard e.count == 5 || e.count == 6, case .move(let a) = e[0], case .close = e[e.count - 1],
              case .line(let b) = e[1], case .line(let c) = e[2], case .line(let d) = e[3] else { return nil }
        if e.count == 6 { guard case .line(let back) = e[4], back == a else { return nil } }
        // Each side horizontal or vertical, turning at every corner, the sides closing up.
        func side(_ p: Point, _ q: Point) -> Bool { (p.x == q.x) != (p.y == q.y) }
        guard side(a, b), side(b, c), side(c, d), side(d, a), a.x != c.x, a.y != c.y else { return nil }
        return (a, c)
    }

    /// The rectangle the path outlines when it is one closed axis-aligned rectangle
    /// (``axisAlignedCorners``), else nil.
    public var axisAlignedRectangle: Rect? {
        guard let (a, c) = axisAlignedCorners else { return nil }
        return Rect(x: min(a.x, c.x), y: min(a.y, c.y), width: abs(c.x - a.x), height: abs(c.y - a.y))
    }
}
