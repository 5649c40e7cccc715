import Geometry

/// A path made of lines and cubic curves, in the drawing view's coordinates.
public struct Path: Sendable, Hashable {
    public enum Element: Sendable, Hashable {
        case move(Point)
        case line(Point)
        case curve(Point, Point, Point)
        case close
    }
    public private(set) var elements: [Element] = []
    public init() {}
    public mutating func move(to p: Point) { elements.append(.move(p)) }
    public mutating func addLine(to p: Point) { elements.append(.line(p)) }
    public mutating func addCurve(to p: Point, control1: Point, control2: Point) { elements.append(.curve(control1, control2, p)) }
    public mutating func close() { elements.append(.close) }

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
    case butt, round, square
}

/// The shape of a stroke's corners, as Core Graphics' `CGLineJoin`.
public enum LineJoin: String, Sendable, Equatable, CaseIterable {
    case miter, round, bevel
}

extension Path {
    /// The box of the path's points (control points included), grown by `pad`.
    public func bounds(pad: Double) -> Rect {
        var box = Rect.null
        func add(_ q: Point) { box = box.union(Rect(x: q.x, y: q.y, width: 0, height: 0)) }
        for e in elements {
            switch e {
            case .move(let q), .line(let q): add(q)
            case .curve(let a, let b, let c): add(a); add(b); add(c)
            case .close: break
            }
        }
        return box.inset(by: EdgeInsets(all: -pad))
    }
}
