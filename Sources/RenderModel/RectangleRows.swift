import Geometry

/// The coverage of an axis-aligned rectangle, row by row, as
/// ``ShapeRasterizer/rasterize(_:transform:rule:clip:margin:)`` writes it (LT11).
///
/// In a row the rectangle's two vertical edges cross over a height `cover`: every pixel between
/// them is covered by `cover`, and each edge's pixel by `cover` less the part the edge leaves
/// outside, rounded to the quantum the rasteriser's cells round to. Those values are the ones the
/// edges' accumulation and sweep give, bit for bit, so a compositor laying a solid rectangle can
/// read them here and write no coverage buffer, read none and clear none.
///
/// ```swift
/// var rows = RectangleRows(Point(x: 2.5, y: 3.25), Point(x: 22.5, y: 13.5), rule: .nonZero,
///                          clip: Rect(x: 0, y: 0, width: 64, height: 64), margin: 0)!
/// while let row = rows.next() { print(row.index, row.left, row.inside) }
/// ```
public struct RectangleRows: IteratorProtocol {
    /// One row of the region: pixel ``left`` holds ``leftValue``; when ``right`` lies past it,
    /// the pixels between them hold ``inside`` and pixel ``right`` holds ``rightValue``. Every
    /// other pixel of the row is uncovered.
    public struct Row: Sendable, Equatable {
        /// The row, counted from the region's top.
        public var index: Int
        /// The column (from the region's left) of the left edge's pixel, and of the right edge's.
        public var left: Int, right: Int
        /// The coverage of the left edge's pixel, of the pixels between the edges and of the
        /// right edge's pixel (0...1, the fill rule applied).
        public var leftValue: Float, inside: Float, rightValue: Float

        @usableFromInline
        init(index: Int, left: Int, right: Int, leftValue: Float, inside: Float, rightValue: Float) {
            (self.index, self.left, self.right) = (index, left, right)
            (self.leftValue, self.inside, self.rightValue) = (leftValue, inside, rightValue)
        }
    }

    /// The region, in device pixels: its first column and row, and its size (the rectangle's box
    /// grown by the margin and a pixel, cut to the clip), as the rasteriser's.
    public let x: Int, y: Int, width: Int, height: Int
    // Internal, not private, so that ``next()`` can be inlined into the compositor that reads
    // the rows (a call a row was 5% of a small rectangle's frame).
    @usableFromInline var row: Int, rowTop: Double
    @usableFromInline let lastRow: Int, bottom: Double, xl: Double, xr: Double, iL: Int, iR: Int, evenOdd: Bool

    /// The rows of the rectangle with opposite corners `p` and `q` (device pixels, finite) filled
    /// by `rule`, within `clip`, its region grown by `margin` pixels; nil when nothing lands in
    /// the clip (when ``ShapeRasterizer/rasterize(_:transform:rule:clip:margin:)`` returns
    /// false).
    public init?(_ p: Point, _ q: Point, rule: FillRule, clip: Rect, margin: Int) {
        let top = min(p.y, q.y), bottom = max(p.y, q.y), left = min(p.x, q.x), right = max(p.x, q.x)
        // No edge within a row of the clip (or a rectangle of no height): nothing, as in the
        // general case.
        guard top != bottom, bottom > clip.minY - 1, top < clip.maxY + 1,
              let r = ShapeRasterizer.region(minX: left, minY: top, maxX: right, maxY: bottom, clip: clip, margin: margin) else { return nil }
        (x, y, width, height) = (Int(r.x0), Int(r.y0), Int(r.x1 - r.x0), Int(r.y1 - r.y0))
        let fw = Double(width), fh = Double(height)
        // The edges' rows, cut to the region and on the quantum's grid (``CoverageCells/add``).
        var ya = top - r.y0, yb = bottom - r.y0
        let inRows = ya < yb && yb > 0 && ya < fh
        if ya < 0 { ya = 0 }
        if yb > fh { yb = fh }
        ya = CoverageCells.quantised(ya); yb = CoverageCells.quantised(yb)
        func clampX(_ v: Double) -> Double { v > 0 ? (v < fw ? v : fw) : 0 }
        xl = clampX(left - r.x0); xr = clampX(right - r.x0)
        iL = min(Int(xl), width - 1); iR = min(Int(xr), width - 1)
        evenOdd = rule != .nonZero
        self.bottom = yb
        if inRows, yb > ya {
            (row, rowTop, lastRow) = (Int(ya), ya, min(height - 1, Int(yb.rounded(.up)) - 1))
        } else {
            (row, rowTop, lastRow) = (0, 0, -1)
        }
    }

    /// The next row down; nil past the last.
    @inlinable @inline(__always)
    public mutating func next() -> Row? {
        guard row <= lastRow else { return nil }
        let next = row < lastRow ? Double(row + 1) : bottom
        let cover = next - rowTop
        let pL = CoverageCells.quantised(cover * (Double(iL + 1) - xl))
        let pR = CoverageCells.quantised(cover * (Double(iR + 1) - xr))
        let r = iL == iR
            ? Row(index: row, left: iL, right: iL, leftValue: fold(Float(pL - pR)), inside: 0, rightValue: 0)
            : Row(index: row, left: iL, right: iR, leftValue: fold(Float(pL)), inside: fold(Float(cover)), rightValue: fold(Float(cover - pR)))
        row += 1; rowTop = next
        return r
    }

    /// The next row down and how many rows from it, itself first, hold its values; nil past
    /// the last. The rows the edges cross over a pixel's whole height (all but the first and
    /// the last, usually) hold the same values, worked out once: laying or writing them costs a
    /// row's pixels, not a row's arithmetic as well.
    @inlinable @inline(__always)
    public mutating func nextRun() -> (row: Row, count: Int)? {
        let whole = rowTop == Double(row)
        guard let r = next() else { return nil }
        // `r` was crossed whole when it started on its top and `next()` moved to the next
        // row's top; so is every row before the last, and the last when the bottom is on
        // its row's foot. Each would give `r`'s values again.
        guard whole, rowTop == Double(row) else { return (r, 1) }
        let end = bottom == Double(lastRow + 1) ? lastRow + 1 : lastRow
        guard end > row else { return (r, 1) }
        let count = end - r.index
        row = end; rowTop = Double(end)
        return (r, count)
    }

    @inlinable @inline(__always)
    func fold(_ v: Float) -> Float { evenOdd ? CoverageCells.evenOdd(v) : CoverageCells.nonZero(v) }
}
