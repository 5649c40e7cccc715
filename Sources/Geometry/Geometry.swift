/// Points, sizes and rectangles in UIKit's coordinate convention: origin top-left, y grows down.
///
/// All values are `Double` points. Rectangles with negative sizes are allowed as values (UIKit's
/// `CGRect` allows them too); ``Rect/standardized`` turns them into a positive-size rectangle.

/// A location in a two-dimensional coordinate space.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate in points; x grows to the right.
    public var x: Double
    /// The vertical coordinate in points; y grows downward, from the top edge.
    public var y: Double
    /// The point `x` points right of and `y` points below the origin.
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// The origin `(0, 0)`: the top-left corner of the coordinate space.
    public static let zero = Point(x: 0, y: 0)
    /// `(x, y)`, with whole numbers printed without a trailing `.0`: the form logs and test failures show.
    public var description: String { "(\(fmt(x)), \(fmt(y)))" }

    /// The component-wise sum: `a` moved by the offset `b`.
    @inlinable public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// The component-wise difference: the offset that moves `b` to `a`.
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
}

/// A width and a height.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal extent in points. May be negative; nothing clamps it.
    public var width: Double
    /// The vertical extent in points, measured downward. May be negative; nothing clamps it.
    public var height: Double
    /// A size of `width` by `height` points, kept as given (negative values included).
    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }
    /// No width and no height.
    public static let zero = Size(width: 0, height: 0)
    /// `widthxheight`, e.g. `320x480`, with whole numbers printed without a trailing `.0`.
    public var description: String { "\(fmt(width))x\(fmt(height))" }
}

/// An axis-aligned rectangle.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The corner at (``minX``, ``minY``): the top-left one when the size is positive.
    public var origin: Point
    /// The width and height in points; a negative one extends the rectangle left or up from ``origin``.
    public var size: Size
    /// A rectangle from the corner at `origin` spanning `size`, kept as given (not standardized).
    @inlinable public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    /// The rectangle with its origin corner at (`x`, `y`) and a size of `width` by `height` points,
    /// kept as given.
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y); size = Size(width: width, height: height)
    }
    /// The empty rectangle at the origin. Unlike ``Rect/null`` it has a position, so it is not the
    /// identity of ``union(_:)``.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The rectangle UIKit calls `CGRect.null`: the identity of ``union(_:)``.
    public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)

    /// The x of ``origin``: the left edge when the width is positive.
    @inlinable public var minX: Double { origin.x }
    /// The y of ``origin``: the top edge when the height is positive (y grows down).
    @inlinable public var minY: Double { origin.y }
    /// ``minX`` plus the width: the right edge when the width is positive.
    @inlinable public var maxX: Double { origin.x + size.width }
    /// ``minY`` plus the height: the bottom edge when the height is positive.
    @inlinable public var maxY: Double { origin.y + size.height }
    /// The x halfway between ``minX`` and ``maxX``.
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    /// The y halfway between ``minY`` and ``maxY``.
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    /// The stored width, sign included (UIKit's `CGRect.width` returns its absolute value; this does not).
    @inlinable public var width: Double { size.width }
    /// The stored height, sign included (UIKit's `CGRect.height` returns its absolute value; this does not).
    @inlinable public var height: Double { size.height }
    /// The point halfway across and halfway down: (``midX``, ``midY``).
    @inlinable public var center: Point { Point(x: midX, y: midY) }
    /// Whether this is ``Rect/null``: an infinite origin, what ``intersection(_:)`` returns for
    /// rectangles that do not overlap.
    public var isNull: Bool { origin.x == .infinity || origin.y == .infinity }
    /// Whether the rectangle covers no area: it is null, or its width or height is zero or negative.
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

    /// `[x, y, width, height]`, with whole numbers printed without a trailing `.0`.
    public var description: String { "[\(fmt(minX)), \(fmt(minY)), \(fmt(width)), \(fmt(height))]" }
}

/// Insets for the four edges of a rectangle.
public struct EdgeInsets: Hashable, Sendable {
    /// How far each edge moves inward, in points; a negative inset moves the edge outward.
    public var top: Double, left: Double, bottom: Double, right: Double
    /// Insets of the given points on each edge, zero on the edges not named.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// No inset on any edge.
    public static let zero = EdgeInsets()
    /// The same inset on every edge.
    public init(all value: Double) { self.init(top: value, left: value, bottom: value, right: value) }
}

/// Insets named by reading direction (leading/trailing) rather than by side, as UIKit's
/// `NSDirectionalEdgeInsets`. With left-to-right layout, leading is left.
public struct DirectionalEdgeInsets: Hashable, Sendable {
    /// How far each edge moves inward, in points (negative moves it outward); `leading` and
    /// `trailing` are the sides text starts and ends on.
    public var top: Double, leading: Double, bottom: Double, trailing: Double
    /// Insets of the given points on each edge, zero on the edges not named.
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    /// No inset on any edge.
    public static let zero = DirectionalEdgeInsets()
    /// The insets by side, for a left-to-right layout direction.
    public var leftToRight: EdgeInsets { EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing) }
}

/// Formats a coordinate without a trailing `.0` for whole numbers (used in descriptions).
@usableFromInline func fmt(_ v: Double) -> String {
    if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    return String(v)
}
