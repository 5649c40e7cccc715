/// The signed-area accumulation behind ``ShapeRasterizer``: a region's rows of pixel cells into
/// which edges add their cover and area, turned into coverage in place by a sweep along each row.
///
/// Coordinates are the region's: x in 0...width, y in 0...height, pixel (i, j) the square
/// [i, i + 1) × [j, j + 1). An edge crossing a row over a height `dy` (signed by its winding)
/// adds to each cell it crosses the part of its cover lying right of it inside that cell, and
/// carries the rest into the next cell; the running sum along the row is then, at every pixel,
/// the winding number integrated over the pixel's area. Edges beyond the left side count as
/// running along it (their whole cover carried into the region), edges beyond the right side
/// cover nothing in it, and rows above and below are not touched.
///
/// The sums are exact. Every y (an edge's end, where it crosses a side) is rounded to a
/// ``quantum`` of a pixel, so an edge's cover in a row is a multiple of it and a closed path's
/// covers in a row sum to exactly 0; every cell's share is rounded to the quantum as well, the
/// last cell of a piece taking what remains of its cover. Those multiples add exactly in
/// `Float`, so a wholly covered pixel sums to exactly 1 and one outside to exactly 0, with no
/// rounding left to tidy up by the sweep.
///
/// The cells are the rasteriser's coverage buffer, cleared before the first edge; ``first`` and
/// ``last`` are its per-row column bounds, the first and last cell written (first > last for a
/// row no edge crosses) while edges are added, and `[start, end)` of the covered columns after
/// ``sweep(evenOdd:)``.
@usableFromInline
struct CoverageCells {
    let base: UnsafeMutablePointer<Float>
    let width: Int, height: Int
    let first: UnsafeMutablePointer<Int32>, last: UnsafeMutablePointer<Int32>

    /// The grid y and areas are rounded to, a 4,096th of a pixel: far below what a byte of
    /// coverage shows, and coarse enough that sums of a few thousand windings stay exact in `Float`.
    static let quantum = 1.0 / 4096

    /// `v` (within ±2³⁹) rounded to a multiple of ``quantum``: adding 1.5·2⁴⁰ leaves a double
    /// whose last bit is worth the quantum.
    @inlinable @inline(__always) static func quantised(_ v: Double) -> Double {
        let shift = 1.5 * 1_099_511_627_776.0
        return (v + shift) - shift
    }

    /// `v` within 0...width; NaN (an edge of overflowing slope) reads as 0 rather than trapping.
    @inline(__always) private func clampX(_ v: Double) -> Double {
        v > 0 ? (v < Double(width) ? v : Double(width)) : 0
    }

    /// Adds the edge from (x0, y0) to (x1, y1) (finite, in region coordinates; downwards winds
    /// +1, upwards -1).
    func add(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        let fw = Double(width), fh = Double(height)
        var (xa, ya, xb, yb, winding) = y0 < y1 ? (x0, y0, x1, y1, 1.0) : (x1, y1, x0, y0, -1.0)
        guard ya < yb, yb > 0, ya < fh else { return }
        // Only the part within the region's rows.
        let dxdy = (xb - xa) / (yb - ya)
        if ya < 0 { xa += (0 - ya) * dxdy; ya = 0 }
        if yb > fh { xb -= (yb - fh) * dxdy; yb = fh }
        ya = Self.quantised(ya); yb = Self.quantised(yb)
        guard yb > ya else { return }
        // Split where it crosses a side, so that every piece lies on one side or inside and
        // its ends can be clamped to the region without changing the area it adds.
        let left = min(xa, xb), right = max(xa, xb)
        let crossesLeft = left < 0 && right > 0, crossesRight = left < fw && right > fw
        guard crossesLeft || crossesRight else {
            addPiece(clampX(xa), ya, clampX(xb), yb, winding)
            return
        }
        func y(atX v: Double) -> Double {
            let t = ya + (v - xa) * (yb - ya) / (xb - xa)
            return Self.quantised(t > ya ? (t < yb ? t : yb) : ya)
        }
        var c0 = crossesLeft ? y(atX: 0) : ya, c1 = crossesRight ? y(atX: fw) : yb
        if c0 > c1 { swap(&c0, &c1) }
        let x0c = clampX(xa + (c0 - ya) * dxdy), x1c = clampX(xa + (c1 - ya) * dxdy)
        addPiece(clampX(xa), ya, x0c, c0, winding)
        addPiece(x0c, c0, x1c, c1, winding)
        addPiece(x1c, c1, clampX(xb), yb, winding)
    }

    /// Adds a piece of an edge lying within the region, from its top (xa, ya) to its bottom
    /// (xb, yb) (both y on the quantum's grid), row by row.
    private func addPiece(_ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, _ winding: Double) {
        guard yb > ya else { return }
        let dxdy = (xb - xa) / (yb - ya)
        var row = Int(ya), top = ya, xTop = xa
        let lastRow = min(height - 1, Int(yb.rounded(.up)) - 1)
        while row < lastRow {
            let next = Double(row + 1)
            let xNext = clampX(xa + (next - ya) * dxdy)
            addSpan(row: row, xTop, xNext, winding * (next - top))
            row += 1; top = next; xTop = xNext
        }
        addSpan(row: row, xTop, xb, winding * (yb - top))
    }

    /// Adds a straight piece of edge inside one row, between columns `xa` and `xb` (either
    /// order), of signed height `cover` (a multiple of the quantum).
    @inline(__always) private func addSpan(row: Int, _ xa: Double, _ xb: Double, _ cover: Double) {
        let (p, q) = xa < xb ? (xa, xb) : (xb, xa)
        let line = base + row * width
        let i = min(Int(p), width - 1), j = min(Int(q), width - 1)
        if Int32(truncatingIfNeeded: i) < first[row] { first[row] = Int32(truncatingIfNeeded: i) }
        let written = Int32(truncatingIfNeeded: min(j + 1, width - 1))
        if written > last[row] { last[row] = written }
        if i == j {
            // The cell's part right of the piece is one minus the piece's mean x within it.
            let part = Self.quantised(cover * (Double(i + 1) - (p + q) / 2))
            line[i] += Float(part)
            if i + 1 < width { line[i + 1] += Float(cover - part) }
            return
        }
        // Across cells: each cell gets the cover of the piece's part within it times the
        // fraction of the cell right of that part (a trapezoid), plus the whole cover of the
        // parts left of it. Each cell adds the change of that running total, rounded, so the
        // shares add up to exactly the cover.
        let perColumn = cover / (q - p), half = perColumn / 2
        let firstWidth = Double(i + 1) - p
        let firstCover = perColumn * firstWidth
        var added = Self.quantised(firstCover * firstWidth / 2)
        line[i] += Float(added)
        var passed = firstCover                  // the cover of the cells passed
        var c = i + 1
        while c < j {
            let sum = Self.quantised(passed + half)
            line[c] += Float(sum - added)
            added = sum
            passed += perColumn
            c += 1
        }
        let lastWidth = q - Double(j)
        let sum = Self.quantised(passed + perColumn * lastWidth * (1 - lastWidth / 2))
        line[j] += Float(sum - added)
        if j + 1 < width { line[j + 1] += Float(cover - sum) }
    }

    /// Turns every row's cells into coverage by a running sum from its first written cell
    /// (non-zero: the sum's magnitude up to 1; even-odd: folded with period 2), filling the row
    /// to its end when the sum past its last written cell is not zero (a shape cut by the
    /// region's right side), and leaves ``first`` and ``last`` as the rows' covered columns.
    func sweep(evenOdd: Bool) {
        for row in 0..<height {
            let lo = Int(first[row]), hi = Int(last[row])
            guard lo <= hi else { first[row] = 0; last[row] = 0; continue }
            let line = base + row * width
            let sum = evenOdd ? Self.sweep(line + lo, count: hi + 1 - lo, fold: Self.evenOdd)
                : Self.sweep(line + lo, count: hi + 1 - lo, fold: Self.nonZero)
            let rest = evenOdd ? Self.evenOdd(sum) : Self.nonZero(sum)
            var end = hi + 1
            if rest > 0, end < width {
                (line + end).update(repeating: rest, count: width - end)
                end = width
            }
            first[row] = Int32(lo); last[row] = Int32(end)
        }
    }

    /// Turns `count` cells from `cells` into coverage by `fold` of their running sum, and returns
    /// the sum. Cells no edge reached hold exactly 0 and keep the sum, so a block of eight of them
    /// (found by one comparison) takes the same coverage at once: inside a large fill the sweep
    /// costs a load and a store per eight pixels, not a fold per pixel (LT11). The result is the
    /// one a cell-by-cell sum gives (adding 0 changes no sum).
    @inline(__always) private static func sweep(_ cells: UnsafeMutablePointer<Float>, count: Int, fold: (Float) -> Float) -> Float {
        var sum: Float = 0
        var k = 0
        while k + 8 <= count {
            let block = UnsafeMutableRawPointer(cells + k)
            if all(block.loadUnaligned(as: SIMD8<Float>.self) .== SIMD8<Float>()) {
                block.storeBytes(of: SIMD8<Float>(repeating: fold(sum)), as: SIMD8<Float>.self)
            } else {
                for i in k..<(k + 8) { sum += cells[i]; cells[i] = fold(sum) }
            }
            k += 8
        }
        while k < count { sum += cells[k]; cells[k] = fold(sum); k += 1 }
        return sum
    }

    /// Coverage of a winding area under the non-zero rule: its magnitude up to 1.
    @inlinable @inline(__always) static func nonZero(_ sum: Float) -> Float {
        min(1, abs(sum))
    }

    /// Coverage of a winding area under the even-odd rule: odd windings cover, even ones do not,
    /// so the area folds as a triangle wave of period 2.
    @inlinable @inline(__always) static func evenOdd(_ sum: Float) -> Float {
        let a = abs(sum)
        let t = a < 2 ? a : a - 2 * (a * 0.5).rounded(.down)
        return 1 - abs(1 - t)
    }
}
