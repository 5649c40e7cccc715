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
    /// The outline is a union of pieces all wound the same way (so overlaps never cancel): a
    /// quadrilateral per flattened segment, a wedge on the outer side of every corner (miter
    /// while the miter length over the width stays within `miterLimit`, else bevel; round as an
    /// arc), and caps on open ends (square extends by half the width, round adds a half disc).
    /// A subpath of zero length draws a dot with round or square caps, as Core Graphics does.
    /// Curves are flattened to within ``strokeFlatness`` and round parts to a fiftieth of a unit
    /// (finer for hairlines).
    public func copy(strokingWithWidth width: Double, lineCap: LineCap, lineJoin: LineJoin, miterLimit: Double) -> Path {
        var out = Path()
        guard width > 0, width.isFinite else { return out }
        let hw = width / 2
        var stroker = Stroker(halfWidth: hw, cap: lineCap, join: lineJoin, miterLimit: miterLimit.isFinite ? max(1, miterLimit) : 10)
        for sub in flattened(tolerance: max(0.002, min(Self.strokeFlatness, width / 40))) {
            stroker.stroke(sub, into: &out)
        }
        return out
    }

    /// How far, in the path's units, a stroke outline's chords may stray from its curves (less
    /// for hairlines): a twentieth of a unit, a sixth of a device pixel at 3x, within the tenth
    /// of a pixel fills are flattened to at 1x and 2x. Halving it would give the rasteriser two
    /// fifths more edges to cross on every sample row (a fiftieth made strokes 1.4x slower).
    static let strokeFlatness = 0.05
}

/// Builds stroke outlines from flattened subpaths.
struct Stroker {
    let halfWidth: Double
    let cap: LineCap
    let join: LineJoin
    let miterLimit: Double
    private var poly: [Point] = []
    /// Points emitted so far (bounds the precision of round parts).
    private var roundPoints = 0

    init(halfWidth: Double, cap: LineCap, join: LineJoin, miterLimit: Double) {
        self.halfWidth = halfWidth; self.cap = cap; self.join = join; self.miterLimit = miterLimit
    }

    mutating func stroke(_ sub: FlatSubpath, into out: inout Path) {
        // Distinct consecutive points only: a zero-length segment has no direction.
        var pts: [Point] = []
        pts.reserveCapacity(sub.points.count)
        for p in sub.points where p.x.isFinite && p.y.isFinite {
            if let l = pts.last, abs(l.x - p.x) < 1e-9, abs(l.y - p.y) < 1e-9 { continue }
            pts.append(p)
        }
        if sub.closed, pts.count > 1, let f = pts.first, let l = pts.last, abs(f.x - l.x) < 1e-9, abs(f.y - l.y) < 1e-9 { pts.removeLast() }
        guard let first = pts.first else { return }
        if pts.count == 1 {
            dot(first, into: &out)
            return
        }
        let closed = sub.closed && pts.count > 2
        let n = pts.count
        let segments = closed ? n : n - 1
        for k in 0..<segments {
            segment(pts[k], pts[(k + 1) % n], into: &out)
        }
        if closed {
            for k in 0..<n { corner(pts[(k + n - 1) % n], pts[k], pts[(k + 1) % n], into: &out) }
        } else {
            if n > 2 { for k in 1..<(n - 1) { corner(pts[k - 1], pts[k], pts[k + 1], into: &out) } }
            capEnd(pts[0], away: pts[1], into: &out)
            capEnd(pts[n - 1], away: pts[n - 2], into: &out)
        }
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
            for k in 0..<n {
                let a = Double(k) / Double(n) * 2 * .pi
                poly.append(Point(x: p.x + halfWidth * cos(a), y: p.y + halfWidth * sin(a)))
            }
            emit(poly, into: &out)
        }
    }

    private mutating func segment(_ a: Point, _ b: Point, into out: inout Path) {
        let dx = b.x - a.x, dy = b.y - a.y
        let len = (dx * dx + dy * dy).squareRoot()
        guard len > 0 else { return }
        let nx = -dy / len * halfWidth, ny = dx / len * halfWidth
        emit([Point(x: a.x + nx, y: a.y + ny), Point(x: b.x + nx, y: b.y + ny),
              Point(x: b.x - nx, y: b.y - ny), Point(x: a.x - nx, y: a.y - ny)], into: &out)
    }

    /// The wedge filling the outer side of the corner at `p` between the segments from `a` and
    /// to `b`.
    private mutating func corner(_ a: Point, _ p: Point, _ b: Point, into out: inout Path) {
        let d0x = p.x - a.x, d0y = p.y - a.y, d1x = b.x - p.x, d1y = b.y - p.y
        let l0 = (d0x * d0x + d0y * d0y).squareRoot(), l1 = (d1x * d1x + d1y * d1y).squareRoot()
        guard l0 > 0, l1 > 0 else { return }
        let u0 = Point(x: d0x / l0, y: d0y / l0), u1 = Point(x: d1x / l1, y: d1y / l1)
        let cross = u0.x * u1.y - u0.y * u1.x, dot = u0.x * u1.x + u0.y * u1.y
        if abs(cross) < 1e-12 && dot > 0 { return }          // straight on
        // The outer side is the one the path turns away from.
        let s: Double = cross > 0 ? -1 : 1
        let o0 = Point(x: -u0.y * halfWidth * s, y: u0.x * halfWidth * s)
        let o1 = Point(x: -u1.y * halfWidth * s, y: u1.x * halfWidth * s)
        let e0 = Point(x: p.x + o0.x, y: p.y + o0.y), e1 = Point(x: p.x + o1.x, y: p.y + o1.y)
        switch join {
        case .bevel:
            emit([p, e0, e1], into: &out)
        case .miter:
            // The miter's length over the width is 1 / sin(θ/2) for the angle θ between the
            // segments, i.e. 1 / cos(α/2) for the turn α.
            let cosHalf = ((1 + dot) / 2).squareRoot()
            if cosHalf > 1e-9, 1 / cosHalf <= miterLimit {
                let mx = o0.x + o1.x, my = o0.y + o1.y
                let ml = (mx * mx + my * my).squareRoot()
                if ml > 0 {
                    let reach = halfWidth / cosHalf
                    emit([p, e0, Point(x: p.x + mx / ml * reach, y: p.y + my / ml * reach), e1], into: &out)
                    return
                }
            }
            emit([p, e0, e1], into: &out)
        case .round:
            let a0 = atan2(o0.y, o0.x)
            var sweep = atan2(o1.y, o1.x) - a0
            if sweep > .pi { sweep -= 2 * .pi }
            if sweep < -.pi { sweep += 2 * .pi }
            poly.removeAll(keepingCapacity: true)
            poly.append(p)
            let n = max(1, arcSteps(abs(sweep)))
            for k in 0...n {
                let ang = a0 + sweep * Double(k) / Double(n)
                poly.append(Point(x: p.x + halfWidth * cos(ang), y: p.y + halfWidth * sin(ang)))
            }
            emit(poly, into: &out)
        }
    }

    /// The cap at the open end `p` of a segment coming from `q`.
    private mutating func capEnd(_ p: Point, away q: Point, into out: inout Path) {
        let dx = p.x - q.x, dy = p.y - q.y
        let len = (dx * dx + dy * dy).squareRoot()
        guard len > 0 else { return }
        let ux = dx / len, uy = dy / len
        let nx = -uy * halfWidth, ny = ux * halfWidth
        switch cap {
        case .butt: return
        case .square:
            let ex = ux * halfWidth, ey = uy * halfWidth
            emit([Point(x: p.x + nx, y: p.y + ny), Point(x: p.x + nx + ex, y: p.y + ny + ey),
                  Point(x: p.x - nx + ex, y: p.y - ny + ey), Point(x: p.x - nx, y: p.y - ny)], into: &out)
        case .round:
            poly.removeAll(keepingCapacity: true)
            let a0 = atan2(ny, nx)
            let n = arcSteps(.pi)
            for k in 0...n {
                let ang = a0 - .pi * Double(k) / Double(n)
                poly.append(Point(x: p.x + halfWidth * cos(ang), y: p.y + halfWidth * sin(ang)))
            }
            emit(poly, into: &out)
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
