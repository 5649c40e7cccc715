import Geometry

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Path {
    /// The outline of the path stroked `width` wide, as Core Graphics' `copy(strokingWithWidth:
    /// lineCap:lineJoin:miterLimit:)`: a path that, filled by the non-zero rule, covers what the
    /// stroke paints.
    ///
    /// What it covers is the union of a quadrilateral per flattened segment, a wedge on the outer
    /// side of every corner (miter while the miter length over the width stays within
    /// `miterLimit`, else bevel; round as an arc), and caps on open ends (square extends by half
    /// the width, round adds a half disc). It is drawn as one contour per open subpath (down one
    /// side, round the end cap, back up the other side, round the start cap) and two per closed
    /// one (each side a loop), wound the way those pieces are: the sum of the pieces' outlines,
    /// whose shared edges cancel, so a rasteriser crosses each side once rather than every
    /// piece's ends. Its winding number is at least 1 wherever a piece covers and 0 elsewhere:
    /// an inner corner either passes through the corner's point (where the pieces there overlap
    /// beyond their neighbours) or cuts straight across (where they do not), and crossing
    /// contours never cancel. A subpath of zero length draws a dot with round or square caps, as
    /// Core Graphics does.
    /// Curves are flattened to within `strokeFlatness` and round parts to a fiftieth of a unit
    /// (finer for hairlines).
    public func copy(strokingWithWidth width: Double, lineCap: LineCap, lineJoin: LineJoin, miterLimit: Double) -> Path {
        var stroker = PathStroker()
        return stroker.outline(of: self, width: width, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit)
    }

    /// How far, in the path's units, a stroke outline's chords may stray from its curves (less
    /// for hairlines): a twentieth of a unit, a sixth of a device pixel at 3x, within the tenth
    /// of a pixel fills are flattened to at 1x and 2x. Halving it would give the rasteriser two
    /// fifths more edges (a fiftieth made strokes 1.4x slower, with the sample-row rasteriser).
    static let strokeFlatness = 0.05
}

/// Makes stroke outlines one after another (``Path/copy(strokingWithWidth:lineCap:lineJoin:miterLimit:)``)
/// with its working buffers kept between them: a Lottie layer stroking trimmed paths every frame
/// allocates only the outlines (LT11).
public struct PathStroker: Sendable {
    private var stroker = Stroker()
    private var points: [Point] = [], subpaths: [Path.FlatSubpathEnd] = []
    /// The outline being built, copied out when done: its round joins and caps outgrew any
    /// reservation made up front, a reallocation at a time.
    private var built = Path()

    /// A stroker with empty buffers; they grow to the largest outline made and are kept.
    public init() {}

    /// `path`'s stroke outline, as ``Path/copy(strokingWithWidth:lineCap:lineJoin:miterLimit:)`` makes it.
    public mutating func outline(of path: Path, width: Double, lineCap: LineCap, lineJoin: LineJoin, miterLimit: Double) -> Path {
        guard width > 0, width.isFinite else { return Path() }
        stroker.reset(halfWidth: width / 2, cap: lineCap, join: lineJoin, miterLimit: miterLimit.isFinite ? max(1, miterLimit) : 10)
        // Flattened into two arrays, not one per subpath, and the outline built in a kept
        // buffer, then copied out at its size: an outline grew its elements a reallocation at a
        // time, a tenth of a Lottie frame that strokes trimmed paths (LT11). The points and the
        // arithmetic are `flattened()`'s.
        path.flatten(tolerance: max(0.002, min(Path.strokeFlatness, width / 40)), points: &points, subpaths: &subpaths)
        built.removeAll(keepingCapacity: true)
        var start = 0
        for sub in subpaths {
            stroker.stroke(points[start..<sub.end], closed: sub.closed, into: &built)
            start = sub.end
        }
        return built.copiedToFit()
    }
}

/// Builds stroke outlines from flattened subpaths.
struct Stroker {
    private(set) var halfWidth = 0.5
    private(set) var cap = LineCap.butt
    private(set) var join = LineJoin.miter
    private(set) var miterLimit = 10.0
    private var poly: [Point] = []
    /// The contour being built.
    private var contour: [Point] = []
    /// Per segment of the subpath being stroked: its normal, half the width long, pointing to
    /// the left of its direction on a y-down screen, and its length.
    private var normals: [Point] = [], lengths: [Double] = []
    /// The subpath's distinct points (``stroke(_:closed:into:)``), kept for the next subpath.
    private var distinct: [Point] = []
    /// Points emitted so far (bounds the precision of round parts).
    private var roundPoints = 0

    init() {}

    init(halfWidth: Double, cap: LineCap, join: LineJoin, miterLimit: Double) {
        reset(halfWidth: halfWidth, cap: cap, join: join, miterLimit: miterLimit)
    }

    /// Sets the stroke for the next outline, keeping the buffers (and counting its round points
    /// afresh).
    mutating func reset(halfWidth: Double, cap: LineCap, join: LineJoin, miterLimit: Double) {
        self.halfWidth = halfWidth; self.cap = cap; self.join = join; self.miterLimit = miterLimit
        roundPoints = 0
    }

    /// Strokes one flattened subpath, `closed` or open, into `out`.
    mutating func stroke(_ points: ArraySlice<Point>, closed subpathClosed: Bool, into out: inout Path) {
        // Distinct consecutive points only: a zero-length segment has no direction. Gathered
        // in a buffer the stroker keeps between subpaths.
        var pts = distinct
        distinct = []
        defer { pts.removeAll(keepingCapacity: true); distinct = pts }
        pts.removeAll(keepingCapacity: true)
        pts.reserveCapacity(points.count)
        for p in points where p.x.isFinite && p.y.isFinite {
            if let l = pts.last, abs(l.x - p.x) < 1e-9, abs(l.y - p.y) < 1e-9 { continue }
            pts.append(p)
        }
        if subpathClosed, pts.count > 1, let f = pts.first, let l = pts.last, abs(f.x - l.x) < 1e-9, abs(f.y - l.y) < 1e-9 { pts.removeLast() }
        guard let first = pts.first else { return }
        if pts.count == 1 {
            dot(first, into: &out)
            return
        }
        let closed = subpathClosed && pts.count > 2
        let n = pts.count
        normals.removeAll(keepingCapacity: true)
        lengths.removeAll(keepingCapacity: true)
        for k in 0..<(closed ? n : n - 1) {
            let a = pts[k], b = pts[(k + 1) % n]
            let dx = b.x - a.x, dy = b.y - a.y
            let len = (dx * dx + dy * dy).squareRoot()
            normals.append(Point(x: -dy / len * halfWidth, y: dx / len * halfWidth))
            lengths.append(len)
        }
        // A segment's quadrilateral wound positively runs forward on its right side (less the
        // normal) and back on its left: the contours follow the same sides.
        contour.removeAll(keepingCapacity: true)
        // Room for both sides and two round caps, so the contour does not grow a step at a time.
        contour.reserveCapacity(2 * n + 2 * (cap == .round ? arcSteps(.pi) : 2) + 4)
        if closed {
            for k in 0..<n { corner(pts[k], from: (k + n - 1) % n, to: k, forward: true, into: &out) }
            close(into: &out)
            for k in stride(from: n - 1, through: 0, by: -1) { corner(pts[k], from: (k + n - 1) % n, to: k, forward: false, into: &out) }
            close(into: &out)
            return
        }
        add(pts[0] - normals[0])
        for k in 1..<(n - 1) { corner(pts[k], from: k - 1, to: k, forward: true, into: &out) }
        add(pts[n - 1] - normals[n - 2])
        capEnd(pts[n - 1], away: pts[n - 2])
        add(pts[n - 1] + normals[n - 2])
        for k in stride(from: n - 2, through: 1, by: -1) { corner(pts[k], from: k - 1, to: k, forward: false, into: &out) }
        add(pts[0] + normals[0])
        capEnd(pts[0], away: pts[1])
        close(into: &out)
    }

    /// Appends `p` to the contour unless it repeats the last point.
    private mutating func add(_ p: Point) {
        if let l = contour.last, l == p { return }
        contour.append(p)
    }

    /// Writes the contour to `out` as a closed subpath and starts the next.
    private mutating func close(into out: inout Path) {
        if contour.count > 1, contour[0] == contour[contour.count - 1] { contour.removeLast() }
        if contour.count >= 3 {
            out.move(to: contour[0])
            for q in contour.dropFirst() { out.addLine(to: q) }
            out.close()
        }
        contour.removeAll(keepingCapacity: true)
    }

    /// Adds the corner at `p` between segment `i` (arriving) and segment `j` (leaving) to one side
    /// of the contour: the right side walked `forward`, or the left walked back (from `j` to
    /// `i`). The outer side takes the join's wedge; the inner side passes through `p` unless the
    /// two quadrilaterals overlap there without reaching past their neighbours (a turn under a
    /// right angle, the segments longer than the overlap), where it turns where the two inner
    /// sides cross, as the union's edge does. A wedge wound the other way (never, short of
    /// rounding) is emitted on its own.
    private mutating func corner(_ p: Point, from i: Int, to j: Int, forward: Bool, into out: inout Path) {
        let n0 = normals[i], n1 = normals[j]
        let (arrive, leave) = forward ? (p - n0, p - n1) : (p + n1, p + n0)
        // Directions are the normals turned back a quarter (n = (-dy, dx)·hw/len).
        let u0 = Point(x: n0.y / halfWidth, y: -n0.x / halfWidth), u1 = Point(x: n1.y / halfWidth, y: -n1.x / halfWidth)
        let cross = u0.x * u1.y - u0.y * u1.x, dot = u0.x * u1.x + u0.y * u1.y
        if abs(cross) < 1e-12 && dot > 0 { add(leave); return }           // straight on
        // The outer side is the one the path turns away from.
        let s: Double = cross > 0 ? -1 : 1
        if s == (forward ? -1 : 1) {
            // Wound as the quadrilaterals, the wedge runs from `arrive` to `leave`: its signed
            // area from `e0` to `e1` is positive on the right side, negative on the left.
            let area = wedge(p, Point(x: n0.x * s, y: n0.y * s), Point(x: n1.x * s, y: n1.y * s)) * (forward ? 1 : -1)
            if area > 0 {
                // A miter's ends lie on the sides' lines: its point alone draws the same edges.
                if join == .miter, poly.count == 3 { add(poly[1]); return }
                if forward { for q in poly { add(q) } } else { for q in poly.reversed() { add(q) } }
                return
            }
            if area < 0 {
                poly.insert(p, at: 0)
                emit(poly, into: &out)
            }
        } else if dot >= 0, halfWidth * abs(cross) <= min(lengths[i], lengths[j]) {
            // Where the inner sides' lines cross (as a miter's point, on the inside).
            let k = -s / (1 + dot)
            add(Point(x: p.x + (n0.x + n1.x) * k, y: p.y + (n0.y + n1.y) * k))
            return
        }
        add(arrive); add(p); add(leave)
    }

    /// Puts in ``poly`` the outer points of the join's wedge at `p` between the offsets `o0` and
    /// `o1` (the first `p + o0`, the last `p + o1`) and returns twice the signed area of the
    /// wedge from `p` through them (positive: wound as ``emit(_:into:)`` winds polygons).
    private mutating func wedge(_ p: Point, _ o0: Point, _ o1: Point) -> Double {
        poly.removeAll(keepingCapacity: true)
        let e0 = Point(x: p.x + o0.x, y: p.y + o0.y), e1 = Point(x: p.x + o1.x, y: p.y + o1.y)
        poly.append(e0)
        switch join {
        case .bevel:
            break
        case .miter:
            // The miter's length over the width is 1 / sin(θ/2) for the angle θ between the
            // segments, i.e. 1 / cos(α/2) for the turn α.
            let dot = (o0.x * o1.x + o0.y * o1.y) / (halfWidth * halfWidth)
            let cosHalf = ((1 + dot) / 2).squareRoot()
            if cosHalf > 1e-9, 1 / cosHalf <= miterLimit {
                let mx = o0.x + o1.x, my = o0.y + o1.y
                let ml = (mx * mx + my * my).squareRoot()
                if ml > 0 {
                    let reach = halfWidth / cosHalf
                    poly.append(Point(x: p.x + mx / ml * reach, y: p.y + my / ml * reach))
                }
            }
        case .round:
            // The turn from o0 to o1, within ±π, and the arc between them in equal steps.
            let sweep = atan2(o0.x * o1.y - o0.y * o1.x, o0.x * o1.x + o0.y * o1.y)
            let n = max(1, arcSteps(abs(sweep)))
            roundPoints += n
            arc(around: p, from: o0, steps: n, of: sweep / Double(n)) { poly.append($0) }
        }
        poly.append(e1)
        var area = 0.0
        var prev = p
        for q in poly { area += prev.x * q.y - q.x * prev.y; prev = q }
        return area + prev.x * p.y - p.x * prev.y
    }

    /// A zero-length subpath: a disc for round caps, a square for square caps, nothing for butt.
    private mutating func dot(_ p: Point, into out: inout Path) {
        switch cap {
        case .butt: return
        case .square:
            emit([Point(x: p.x - halfWidth, y: p.y - halfWidth), Point(x: p.x + halfWidth, y: p.y - halfWidth),
                  Point(x: p.x + halfWidth, y: p.y + halfWidth), Point(x: p.x - halfWidth, y: p.y + halfWidth)], into: &out)
        case .round:
            poly.removeAll(keepingCapacity: true)
            let n = arcSteps(2 * .pi)
            poly.append(Point(x: p.x + halfWidth, y: p.y))
            arc(around: p, from: Point(x: halfWidth, y: 0), steps: n, of: 2 * .pi / Double(n)) { poly.append($0) }
            emit(poly, into: &out)
        }
    }

    /// Adds to the contour the cap at the open end `p` of a segment coming from `q`, between
    /// the segment's corners there: from its right (`p` less the normal of its direction away
    /// from `q`) to its left, which the contour adds itself.
    private mutating func capEnd(_ p: Point, away q: Point) {
        let dx = p.x - q.x, dy = p.y - q.y
        let len = (dx * dx + dy * dy).squareRoot()
        guard len > 0 else { return }
        let ux = dx / len, uy = dy / len
        let nx = -uy * halfWidth, ny = ux * halfWidth
        switch cap {
        case .butt: return
        case .square:
            let ex = ux * halfWidth, ey = uy * halfWidth
            add(Point(x: p.x - nx + ex, y: p.y - ny + ey))
            add(Point(x: p.x + nx + ex, y: p.y + ny + ey))
        case .round:
            // From the right corner round the front to the left one.
            let n = arcSteps(.pi)
            roundPoints += n
            arc(around: p, from: Point(x: -nx, y: -ny), steps: n, of: .pi / Double(n)) { add($0) }
        }
    }

    /// Calls `body` with the points between the ends of an arc around `p`: `from` (an offset
    /// of the half width) turned by `step` radians, `steps - 1` times. The offset is turned by
    /// one rotation applied again and again, each point from the one before (a cosine and a
    /// sine an arc, not a pair a point: round caps cost a twentieth of a frame of dotted
    /// bursts, LT11); over the at most 256 steps of an arc the rounding this gathers stays
    /// within 10⁻¹³ of the half width, far below what a pixel's coverage shows.
    @inline(__always)
    private func arc(around p: Point, from: Point, steps: Int, of step: Double, _ body: (Point) -> Void) {
        let c = cos(step), s = sin(step)
        var v = from
        for _ in stride(from: 1, to: steps, by: 1) {
            v = Point(x: v.x * c - v.y * s, y: v.x * s + v.y * c)
            body(Point(x: p.x + v.x, y: p.y + v.y))
        }
    }

    /// Chords for an arc of `sweep` radians on the stroke's half width, within a fiftieth of a
    /// unit (a tenth of the half width for hairlines): finer than ``Path/strokeFlatness``, as
    /// a round cap's chords all fall inside its disc (a dot would lose area) and there are few.
    /// Past ``roundBudget`` points of round caps and joins in one outline (thousands of dashes
    /// with round caps of a huge width, say), each arc takes 8 chords: a bounded outline, coarse
    /// only where nothing finer could be drawn in time.
    private func arcSteps(_ sweep: Double) -> Int {
        if roundPoints > Self.roundBudget { return 8 }
        let tol = max(0.001, min(0.02, halfWidth / 10))
        let step = 2 * acos(max(-1, min(1, 1 - tol / max(halfWidth, 1e-9))))
        let n = step > 0 ? (sweep / step).rounded(.up) : 64
        return n.isFinite ? max(2, Int(min(256, n))) : 64
    }

    /// The round points one outline may have at full precision.
    static let roundBudget = 100_000

    /// Appends `points` as a closed polygon wound positively (clockwise on a y-down screen).
    private mutating func emit(_ points: [Point], into out: inout Path) {
        guard points.count >= 3 else { return }
        roundPoints += points.count
        var area = 0.0
        for k in points.indices {
            let a = points[k], b = points[(k + 1) % points.count]
            area += a.x * b.y - b.x * a.y
        }
        if area == 0 { return }
        if area > 0 {
            out.move(to: points[0])
            for q in points.dropFirst() { out.addLine(to: q) }
        } else {
            out.move(to: points[points.count - 1])
            for q in points.dropLast().reversed() { out.addLine(to: q) }
        }
        out.close()
    }
}
