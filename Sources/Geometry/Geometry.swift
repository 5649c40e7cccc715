/// Points, sizes and rectangles in UIKit's coordinate convention: origin top-left, y grows down.
///
/// All values are `Double` points. Rectangles with negative sizes are allowed as values (UIKit's
/// `CGRect` allows them too); ``Rect/standardized`` turns them into a positive-size rectangle.

/// A location in a two-dimensional coordinate space.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
    public var description: String { "(\(fmt(x)), \(fmt(y)))" }

    @inlinable public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
}

/// A width and a height.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
    public var description: String { "\(fmt(width))x\(fmt(height))" }
}

/// An axis-aligned rectangle.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size
    @inlinable public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y); size = Size(width: width, height: height)
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The rectangle UIKit calls `CGRect.null`: the identity of ``union(_:)``.
    public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)

    @inlinable public var minX: Double { origin.x }
    @inlinable public var minY: Double { origin.y }
    @inlinable public var maxX: Double { origin.x + size.width }
    @inlinable public var maxY: Double { origin.y + size.height }
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    @inlinable public var width: Double { size.width }
    @inlinable public var height: Double { size.height }
    @inlinable public var center: Point { Point(x: midX, y: midY) }
    public var isNull: Bool { origin.x == .infinity || origin.y == .infinity }
    public var isEmpty: Bool { isNull || size.width <= 0 || size.height <= 0 }

    /// The same rectangle with a non-negative width and height.
    public var standardized: Rect {
        Rect(x: min(minX, maxX), y: min(minY, maxY), width: abs(width), height: abs(height))
    }

    /// The smallest rectangle containing both; ``Rect/null`` is the identity.
    public func union(_ other: Rect) -> Rect {
        if isNull { return other }
        if other.isNull { return self }
        let a = standardized, b = other.standardized
        let x0 = min(a.minX, b.minX), y0 = min(a.minY, b.minY)
        return Rect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0)
    }

    /// The overlap of both, or ``Rect/null`` when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        if isNull || other.isNull { return .null }
        let a = standardized, b = other.standardized
        let x0 = max(a.minX, b.minX), y0 = max(a.minY, b.minY)
        let x1 = min(a.maxX, b.maxX), y1 = min(a.maxY, b.maxY)
        if x1 < x0 || y1 < y0 { return .null }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether the point lies inside (min edges inclusive, max edges exclusive, as UIKit).
    public func contains(_ p: Point) -> Bool {
        let r = standardized
        return p.x >= r.minX && p.x < r.maxX && p.y >= r.minY && p.y < r.maxY
    }

    /// The rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// The rectangle shrunk by `insets` (grown where they are negative).
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: minX + insets.left, y: minY + insets.top,
             width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
    }

    /// Whether every coordinate is within `tolerance` of `other`'s.
    public func isClose(to other: Rect, tolerance: Double = 1e-6) -> Bool {
        abs(minX - other.minX) <= tolerance && abs(minY - other.minY) <= tolerance
            && abs(width - other.width) <= tolerance && abs(height - other.height) <= tolerance
    }

    public var description: String { "[\(fmt(minX)), \(fmt(minY)), \(fmt(width)), \(fmt(height))]" }
}

/// Insets for the four edges of a rectangle.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double, left: Double, bottom: Double, right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = EdgeInsets()
    /// The same inset on every edge.
    public init(all value: Double) { self.init(top: value, left: value, bottom: value, right: value) }
}

/// Insets named by reading direction (leading/trailing) rather than by side, as UIKit's
/// `NSDirectionalEdgeInsets`. With left-to-right layout, leading is left.
public struct DirectionalEdgeInsets: Hashable, Sendable {
    public var top: Double, leading: Double, bottom: Double, trailing: Double
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public static let zero = DirectionalEdgeInsets()
    /// The insets by side, for a left-to-right layout direction.
    public var leftToRight: EdgeInsets { EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing) }
}

/// Formats a coordinate without a trailing `.0` for whole numbers (used in descriptions).
@usableFromInline func fmt(_ v: Double) -> String {
    if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    return String(v)
}
