import Geometry
import RenderModel
import Testing

/// LT11: a rectangle the transform keeps axis-aligned has its coverage written row by row
/// rather than accumulated edge by edge and swept. It must be the coverage the general
/// rasteriser gives, bit for bit, with the same rows' extents: checked against the same
/// rectangle drawn with an extra point on its top side (which the general rasteriser takes,
/// the shortcut does not), over rectangles at fractional places and sizes, scaled either way,
/// cut by clips on every side, with margins, by both rules and wound both ways.
@Suite("LT11 axis-aligned rectangles rasterised directly")
struct RectangleCoverageTests {
    /// A small deterministic generator (SplitMix64), so that a failure names a reproducible case.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        /// A value in `range`, on a grid of 1/64 (edges on and between pixel and quantum lines).
        mutating func value(_ range: ClosedRange<Double>) -> Double {
            let steps = Int((range.upperBound - range.lowerBound) * 64)
            return range.lowerBound + Double(Int(next() % UInt64(steps + 1))) / 64
        }
    }

    /// The rectangle from (x0, y0) to (x1, y1) as four lines from (x0, y0), visiting (x1, y0)
    /// then (x1, y1) (clockwise when x1 > x0 and y1 > y0), or the other way round.
    static func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, reversed: Bool, midpoint: Bool) -> Path {
        var p = Path()
        p.move(to: Point(x: x0, y: y0))
        if reversed {
            p.addLine(to: Point(x: x0, y: y1)); p.addLine(to: Point(x: x1, y: y1)); p.addLine(to: Point(x: x1, y: y0))
            if midpoint { p.addLine(to: Point(x: (x0 + x1) / 2, y: y0)) }
        } else {
            if midpoint { p.addLine(to: Point(x: (x0 + x1) / 2, y: y0)) }
            p.addLine(to: Point(x: x1, y: y0)); p.addLine(to: Point(x: x1, y: y1)); p.addLine(to: Point(x: x0, y: y1))
        }
        p.close()
        return p
    }

    @Test("LT11 a rectangle's direct coverage is the general rasteriser's, bit for bit")
    func LT11_directRectangleMatchesGeneral() {
        var g = Generator(state: 44)
        var direct = ShapeRasterizer(), general = ShapeRasterizer()
        var checked = 0
        for round in 0..<3_000 {
            let x0 = g.value(-20...120), y0 = g.value(-20...120)
            let x1 = x0 + g.value(-40...40), y1 = y0 + g.value(-40...40)
            guard x0 != x1, y0 != y1 else { continue }
            let reversed = g.next() % 2 == 0
            let scale = [1.0, 2, 0.5, -1, -1.5, 3.25][Int(g.next() % 6)]
            // Centred on a device point in or near the target, so most land in the clip.
            let (sx, sy) = (scale, g.next() % 3 == 0 ? -scale : scale)
            let transform = AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: g.value(-10...110) - sx * (x0 + x1) / 2,
                                            ty: g.value(-10...110) - sy * (y0 + y1) / 2)
            let clip = g.next() % 2 == 0 ? Rect(x: 0, y: 0, width: 100, height: 100)
                : Rect(x: g.value(-10...60), y: g.value(-10...60), width: g.value(1...70), height: g.value(1...70))
            let margin = Int(g.next() % 3)
            let rule: FillRule = g.next() % 2 == 0 ? .nonZero : .evenOdd
            let shortcut = Self.rectangle(x0, y0, x1, y1, reversed: reversed, midpoint: false)
            let long = Self.rectangle(x0, y0, x1, y1, reversed: reversed, midpoint: true)
            #expect(shortcut.axisAlignedCorners != nil && long.axisAlignedCorners == nil)
            let a = direct.rasterize(shortcut, transform: transform, rule: rule, clip: clip, margin: margin)
            let b = general.rasterize(long, transform: transform, rule: rule, clip: clip, margin: margin)
            #expect(a == b, "round \(round): laid \(a) against \(b)")
            guard a, b else { continue }
            #expect((direct.x, direct.y, direct.width, direct.height) == (general.x, general.y, general.width, general.height),
                    "round \(round): region")
            guard direct.width == general.width, direct.height == general.height else { continue }
            let n = direct.width * direct.height
            #expect(Array(direct.coverage.prefix(n)).map(\.bitPattern) == Array(general.coverage.prefix(n)).map(\.bitPattern),
                    "round \(round): coverage of \(x0), \(y0) to \(x1), \(y1) under \(transform), clip \(clip), margin \(margin), \(rule)")
            #expect(Array(direct.rowStarts.prefix(direct.height)) == Array(general.rowStarts.prefix(general.height)), "round \(round): starts")
            #expect(Array(direct.rowEnds.prefix(direct.height)) == Array(general.rowEnds.prefix(general.height)), "round \(round): ends")
            checked += 1
        }
        #expect(checked > 1_500)
    }

    @Test("LT11 a rectangle's whole inside is named, and every pixel named is whole")
    func LT11_wholeInsideIsKnown() {
        var g = Generator(state: 45)
        var r = ShapeRasterizer()
        var named = 0
        for round in 0..<2_000 {
            let x0 = g.value(-20...120), y0 = g.value(-20...120)
            let x1 = x0 + g.value(-40...40), y1 = y0 + g.value(-40...40)
            guard x0 != x1, y0 != y1 else { continue }
            let scale = [1.0, 2, 0.5, -1, 3.25][Int(g.next() % 5)]
            let transform = AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: g.value(-10...110) - scale * (x0 + x1) / 2,
                                            ty: g.value(-10...110) - scale * (y0 + y1) / 2)
            let clip = Rect(x: g.value(-10...60), y: g.value(-10...60), width: g.value(1...70), height: g.value(1...70))
            let rule: FillRule = g.next() % 2 == 0 ? .nonZero : .evenOdd
            let path = Self.rectangle(x0, y0, x1, y1, reversed: g.next() % 2 == 0, midpoint: false)
            guard r.rasterize(path, transform: transform, rule: rule, clip: clip, margin: Int(g.next() % 3)) else { continue }
            let (rows, columns) = (r.wholeRows, r.wholeColumns)
            #expect(rows.isEmpty || (rows.lowerBound >= 0 && rows.upperBound <= r.height), "round \(round): rows \(rows)")
            #expect(columns.isEmpty || (columns.lowerBound >= 0 && columns.upperBound <= r.width), "round \(round): columns \(columns)")
            guard !rows.isEmpty, !columns.isEmpty else { continue }
            named += 1
            var partial = 0
            for row in rows {
                for column in columns where r.coverage[row * r.width + column] < 1 { partial += 1 }
                #expect(Int(r.rowStarts[row]) <= columns.lowerBound && columns.upperBound <= Int(r.rowEnds[row]), "round \(round): row \(row)")
            }
            #expect(partial == 0, "round \(round): \(partial) pixels named whole are not")
        }
        #expect(named > 300)
        // A path that is no rectangle, or blurred coverage, names nothing; a snapshot keeps
        // what its rasterisation named, and trading it in brings that back.
        let laid = r.rasterize(Path(rect: Rect(x: 2.5, y: 3.5, width: 20, height: 10)), transform: .identity, rule: .nonZero,
                               clip: Rect(x: 0, y: 0, width: 64, height: 64))
        #expect(laid && !r.wholeRows.isEmpty && !r.wholeColumns.isEmpty)
        var kept = r.snapshot()
        let triangle = r.rasterize(.polygon([Point(x: 0, y: 0), Point(x: 30, y: 0), Point(x: 0, y: 30)]), transform: .identity,
                                   rule: .nonZero, clip: Rect(x: 0, y: 0, width: 64, height: 64))
        #expect(triangle && r.wholeRows.isEmpty && r.wholeColumns.isEmpty)
        r.trade(&kept)
        #expect(r.wholeRows == 2..<11 && r.wholeColumns == 2..<21, "\(r.wholeRows) \(r.wholeColumns)")
        r.trade(&kept)
        let again = r.rasterize(Path(rect: Rect(x: 2.5, y: 3.5, width: 20, height: 10)), transform: .identity, rule: .nonZero,
                                clip: Rect(x: 0, y: 0, width: 64, height: 64))
        #expect(again && !r.wholeRows.isEmpty)
        r.blur(sigma: 1.5)
        #expect(r.wholeRows.isEmpty && r.wholeColumns.isEmpty)
    }

    @Test("LT11 a rectangle's runs of rows are its rows one by one")
    func LT11_runsAreTheRows() {
        var g = Generator(state: 46)
        var runs = 0, longest = 0
        for round in 0..<3_000 {
            // Corners on whole pixels half the time: a bottom on a row's foot ends the last
            // run with the last row.
            var (x0, y0) = (g.value(-20...120), g.value(-20...120))
            var (x1, y1) = (x0 + g.value(-40...40), y0 + g.value(-40...40))
            if g.next() % 2 == 0 { (x0, y0, x1, y1) = (x0.rounded(), y0.rounded(), x1.rounded(), y1.rounded()) }
            let clip = g.next() % 2 == 0 ? Rect(x: 0, y: 0, width: 100, height: 100)
                : Rect(x: g.value(-10...60), y: g.value(-10...60), width: g.value(1...70), height: g.value(1...70))
            let rule: FillRule = g.next() % 2 == 0 ? .nonZero : .evenOdd
            let margin = Int(g.next() % 3)
            let rows = RectangleRows(Point(x: x0, y: y0), Point(x: x1, y: y1), rule: rule, clip: clip, margin: margin)
            guard var one = rows, var run = rows else { continue }
            var single: [RectangleRows.Row] = [], expanded: [RectangleRows.Row] = []
            while let r = one.next() { single.append(r) }
            while let (r, count) = run.nextRun() {
                #expect(count >= 1, "round \(round): a run of \(count)")
                for k in 0..<max(count, 0) { var copy = r; copy.index += k; expanded.append(copy) }
                runs += 1; longest = max(longest, count)
            }
            #expect(expanded == single, "round \(round): \(x0), \(y0) to \(x1), \(y1) in \(clip), margin \(margin), \(rule)")
        }
        // Runs were taken, and rows of whole runs were not counted one by one.
        #expect(runs > 2_000 && longest > 30, "\(runs) runs, the longest \(longest)")
    }

    @Test("LT11 coverage outside the rows' extents stays zero after a rectangle, for the next shape")
    func LT11_rectangleLeavesCoverageClear() {
        var r = ShapeRasterizer()
        let clip = Rect(x: 0, y: 0, width: 64, height: 64)
        // A large rectangle, then a small one inside its old region, then a triangle: each
        // reads exactly its own area (what was left of the one before would add to it).
        let laid1 = r.rasterize(Path(rect: Rect(x: 2.5, y: 3.25, width: 50, height: 40)), transform: .identity, rule: .nonZero, clip: clip)
        #expect(laid1)
        let laid2 = r.rasterize(Path(rect: Rect(x: 10, y: 10, width: 4.5, height: 2)), transform: .identity, rule: .nonZero, clip: clip)
        #expect(laid2)
        var total = 0.0
        for v in r.coverage.prefix(r.width * r.height) { total += Double(v) }
        #expect(abs(total - 9) < 1e-6)
        let laid3 = r.rasterize(.polygon([Point(x: 0, y: 0), Point(x: 8, y: 0), Point(x: 0, y: 8)]), transform: .identity, rule: .nonZero, clip: clip)
        #expect(laid3)
        total = 0
        for v in r.coverage.prefix(r.width * r.height) { total += Double(v) }
        #expect(abs(total - 32) < 1e-3)
    }

    @Test("LT11 a rectangle under a rotation is not taken for an axis-aligned one")
    func LT11_rotatedRectangleTakesGeneralPath() {
        var r = ShapeRasterizer()
        // A 10 x 10 square turned 45 degrees about the origin: a diamond of area 100.
        let turn = AffineTransform(a: 0.5.squareRoot(), b: 0.5.squareRoot(), c: -(0.5.squareRoot()), d: 0.5.squareRoot(), tx: 30, ty: 10)
        let laid = r.rasterize(Path(rect: Rect(x: 0, y: 0, width: 10, height: 10)), transform: turn, rule: .nonZero,
                               clip: Rect(x: 0, y: 0, width: 64, height: 64))
        #expect(laid)
        var total = 0.0
        for v in r.coverage.prefix(r.width * r.height) { total += Double(v) }
        #expect(abs(total - 100) < 0.05)
        // Its middle row is covered across the diamond's width there (about 14 pixels), which
        // no axis-aligned 10-pixel square would cover.
        let row = 17 - r.y
        let covered = (0..<r.width).filter { r.coverage[row * r.width + $0] > 0.5 }.count
        #expect(covered >= 12)
    }
}
