import Geometry

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which corners of a rectangle are rounded, as UIKit's `UIRectCorner`.
public struct RectCorner: OptionSet, Sendable, Hashable {
    /// The bits: 1 top-left, 2 top-right, 4 bottom-left, 8 bottom-right, as UIKit's.
    public let rawValue: Int
    /// Corners from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The corner at (`minX`, `minY`): top-left, y growing down.
    public static let topLeft = RectCorner(rawValue: 1)
    /// The corner at (`maxX`, `minY`).
    public static let topRight = RectCorner(rawValue: 2)
    /// The corner at (`minX`, `maxY`).
    public static let bottomLeft = RectCorner(rawValue: 4)
    /// The corner at (`maxX`, `maxY`).
    public static let bottomRight = RectCorner(rawValue: 8)
    /// Every corner.
    public static let allCorners: RectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// One subpath flattened into straight segments.
public struct FlatSubpath: Sendable, Equatable {
    /// The points in order, curves replaced by segments within the flattening tolerance; a closed
    /// subpath does not repeat its first point at the end.
    public var points: [Point]
    /// Whether the subpath ends with a close (its last point joins its first).
    public var closed: Bool
}

/// The circle's cubic approximation constant: a quarter circle of radius 1 has control points
/// this far along the tangents (4/3 · tan(π/8)).
let kappa = 0.552_284_749_830_793_4

// MARK: Building, as Core Graphics' path functions

extension Path {
    /// A closed rectangle, clockwise on screen (y down) from its top-left corner.
    public init(rect: Rect) {
        self.init()
        addRect(rect)
    }

    /// A rectangle with circular corners of `cornerRadius` (clamped to half the shorter side).
    public init(roundedRect rect: Rect, cornerRadius: Double) {
        self.init(roundedRect: rect, byRoundingCorners: .allCorners, cornerRadii: Size(width: cornerRadius, height: cornerRadius))
    }

    /// A rectangle whose `corners` are elliptical arcs of `cornerRadii` (each clamped to half the
    /// side), the others square; clockwise on screen from the top edge.
    public init(roundedRect r: Rect, byRoundingCorners corners: RectCorner, cornerRadii: Size) {
        self.init()
        let rx = max(0, min(cornerRadii.width.isFinite ? cornerRadii.width : 0, r.width / 2))
        let ry = max(0, min(cornerRadii.height.isFinite ? cornerRadii.height : 0, r.height / 2))
        func radii(_ c: RectCorner) -> (Double, Double) { corners.contains(c) && rx > 0 && ry > 0 ? (rx, ry) : (0, 0) }
        let (tlx, tly) = radii(.topLeft), (trx, try_) = radii(.topRight)
        let (brx, bry) = radii(.bottomRight), (blx, bly) = radii(.bottomLeft)
        move(to: Point(x: r.minX + tlx, y: r.minY))
        addLine(to: Point(x: r.maxX - trx, y: r.minY))
        if trx > 0 {
            addCurve(to: Point(x: r.maxX, y: r.minY + try_), control1: Point(x: r.maxX - trx + trx * kappa, y: r.minY),
                     control2: Point(x: r.maxX, y: r.minY + try_ - try_ * kappa))
        }
        addLine(to: Point(x: r.maxX, y: r.maxY - bry))
        if brx > 0 {
            addCurve(to: Point(x: r.maxX - brx, y: r.maxY), control1: Point(x: r.maxX, y: r.maxY - bry + bry * kappa),
                     control2: Point(x: r.maxX - brx + brx * kappa, y: r.maxY))
        }
        addLine(to: Point(x: r.minX + blx, y: r.maxY))
        if blx > 0 {
            addCurve(to: Point(x: r.minX, y: r.maxY - bly), control1: Point(x: r.minX + blx - blx * kappa, y: r.maxY),
                     control2: Point(x: r.minX, y: r.maxY - bly + bly * kappa))
        }
        addLine(to: Point(x: r.minX, y: r.minY + tly))
        if tlx > 0 {
            addCurve(to: Point(x: r.minX + tlx, y: r.minY), control1: Point(x: r.minX, y: r.minY + tly - tly * kappa),
                     control2: Point(x: r.minX + tlx - tlx * kappa, y: r.minY))
        }
        close()
    }

    /// The ellipse inscribed in `rect`: four cubic quarters from the right-hand point, clockwise
    /// on screen.
    public init(ellipseIn rect: Rect) {
        self.init()
        addEllipse(in: rect)
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// Where the next element starts: the end of the last one (after a close, the subpath's
    /// start); nil for an empty path.
    public var currentPoint: Point? {
        var current: Point?, start: Point?
        for e in elements {
            switch e {
            case .move(let p): current = p; start = p
            case .line(let p), .curve(_, _, let p): current = p
            case .close: current = start
            }
        }
        return current
    }

    /// Adds `r` as a closed subpath of four lines, clockwise on screen from its top-left corner.
    public mutating func addRect(_ r: Rect) {
        move(to: Point(x: r.minX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.maxY))
        addLine(to: Point(x: r.minX, y: r.maxY))
        close()
    }

    /// Adds the ellipse inscribed in `r` as a closed subpath of four cubic quarters, clockwise on
    /// screen from its rightmost point.
    public mutating func addEllipse(in r: Rect) {
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        let kx = rx * kappa, ky = ry * kappa
        move(to: Point(x: cx + rx, y: cy))
        addCurve(to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + ky), control2: Point(x: cx + kx, y: cy + ry))
        addCurve(to: Point(x: cx - rx, y: cy), control1: Point(x: cx - kx, y: cy + ry), control2: Point(x: cx - rx, y: cy + ky))
        addCurve(to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - ky), control2: Point(x: cx - kx, y: cy - ry))
        addCurve(to: Point(x: cx + rx, y: cy), control1: Point(x: cx + kx, y: cy - ry), control2: Point(x: cx + rx, y: cy - ky))
        close()
    }

    /// Straight lines through `points`, starting a new subpath at the first.
    public mutating func addLines(between points: [Point]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { addLine(to: p) }
    }

    /// A quadratic Bézier to `p` (stored as the equivalent cubic).
    public mutating func addQuadCurve(to p: Point, control c: Point) {
        let p0 = currentPoint ?? c
        let c1 = Point(x: p0.x + 2 / 3 * (c.x - p0.x), y: p0.y + 2 / 3 * (c.y - p0.y))
        let c2 = Point(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
        addCurve(to: p, control1: c1, control2: c2)
    }

    /// An arc of the circle at `center`, from `startAngle` to `endAngle` (radians, measured from
    /// the x axis towards the y axis), as Core Graphics' `addArc(center:radius:startAngle:
    /// endAngle:clockwise:)`: `clockwise` false sweeps with increasing angle (clockwise on a
    /// y-down screen, as in a UIKit view), true with decreasing angle. A line joins the current
    /// point to the arc's start; with no current point the arc starts a subpath. Drawn as cubic
    /// pieces of at most a quarter turn each.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        guard center.x.isFinite, center.y.isFinite, radius.isFinite, startAngle.isFinite, endAngle.isFinite else { return }
        let r = abs(radius)
        var sweep = endAngle - startAngle
        let full = 2 * Double.pi
        if clockwise {
            if sweep > 0 { sweep -= (sweep / full).rounded(.up) * full }
            if sweep > 0 { sweep -= full }
        } else {
            if sweep < 0 { sweep += (-sweep / full).rounded(.up) * full }
            if sweep < 0 { sweep += full }
        }
        sweep = max(-full, min(full, sweep))
        let start = Point(x: center.x + r * cos(startAngle), y: center.y + r * sin(startAngle))
        if currentPoint == nil { move(to: start) } else { addLine(to: start) }
        guard r > 0, sweep != 0 else { return }
        let pieces = max(1, Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(pieces)
        let k = 4 / 3 * tan(step / 4)
        var a = startAngle
        for _ in 0..<pieces {
            let b = a + step
            let p0 = Point(x: cos(a), y: sin(a)), p1 = Point(x: cos(b), y: sin(b))
            let c1 = Point(x: center.x + r * (p0.x - k * p0.y), y: center.y + r * (p0.y + k * p0.x))
            let c2 = Point(x: center.x + r * (p1.x + k * p1.y), y: center.y + r * (p1.y - k * p1.x))
            addCurve(to: Point(x: center.x + r * p1.x, y: center.y + r * p1.y), control1: c1, control2: c2)
            a = b
        }
    }

    /// Appends `other`'s elements, mapped by `transform`.
    public mutating func addPath(_ other: Path, transform: AffineTransform = .identity) {
        appendElements(of: other.applying(transform))
    }

    /// The path with every point mapped by `t`.
    public func applying(_ t: AffineTransform) -> Path {
        if t == .identity { return self }
        var out = Path()
        out.reserveCapacity(elements.count)
        for e in elements {
            switch e {
            case .move(let p): out.move(to: t.apply(to: p))
            case .line(let p): out.addLine(to: t.apply(to: p))
            case .curve(let a, let b, let c): out.addCurve(to: t.apply(to: c), control1: t.apply(to: a), control2: t.apply(to: b))
            case .close: out.close()
            }
        }
        return out
    }

    /// The box of the path's points, control points included (Core Graphics' `boundingBox`);
    /// `.null` for an empty path.
    public var boundingBox: Rect { bounds(pad: 0) }

    /// The smallest box holding the drawn path (curves by their extent, not their control points;
    /// Core Graphics' `boundingBoxOfPath`), to a hundredth of a unit.
    public var boundingBoxOfPath: Rect {
        var box = Rect.null
        for sub in flattened(tolerance: 0.01) {
            for q in sub.points { box = box.union(Rect(x: q.x, y: q.y, width: 0, height: 0)) }
        }
        return box
    }

    /// Whether `point` is inside the path by `rule` (curves flattened to a hundredth of a unit).
    public func contains(_ point: Point, using rule: FillRule = .nonZero) -> Bool {
        var winding = 0
        for sub in flattened(tolerance: 0.01) {
            let pts = sub.points
            guard pts.count >= 2 else { continue }
            for k in pts.indices {
                let a = pts[k], b = pts[(k + 1) % pts.count]
                if a.y <= point.y {
                    if b.y > point.y, (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y) > 0 { winding += 1 }
                } else if b.y <= point.y, (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y) < 0 {
                    winding -= 1
                }
            }
        }
        return rule == .nonZero ? winding != 0 : winding & 1 == 1
    }
}

// MARK: Flattening and length

extension Path {
    /// The path as polylines: each curve split into enough straight pieces that none strays more
    /// than `tolerance` from it (Wang's bound), at most `maximumSegmentsPerCurve` per curve. Subpaths with fewer than
    /// two points are kept (a lone move is a dot for round and square caps).
    public func flattened(tolerance: Double, maximumSegmentsPerCurve: Int = 1_000) -> [FlatSubpath] {
        var points: [Point] = [], subpaths: [FlatSubpathEnd] = []
        flatten(tolerance: tolerance, maximumSegmentsPerCurve: maximumSegmentsPerCurve, points: &points, subpaths: &subpaths)
        var start = 0
        return subpaths.map { s in
            defer { start = s.end }
            return FlatSubpath(points: Array(points[start..<s.end]), closed: s.closed)
        }
    }

    /// Where a subpath of ``flatten(tolerance:maximumSegmentsPerCurve:points:subpaths:)`` ends in
    /// its points (it starts where the one before it ends), and whether it was closed.
    public struct FlatSubpathEnd: Sendable, Equatable {
        /// The index in the points one past the subpath's last point.
        public var end: Int
        /// Whether the subpath ends with a close.
        public var closed: Bool
    }

    /// The polylines ``flattened(tolerance:maximumSegmentsPerCurve:)`` returns, the same points,
    /// written one after another into `points` with where each subpath ends in `subpaths`
    /// (both emptied first, their capacity kept): a caller flattening every frame (the
    /// rasteriser, per shape) keeps the two buffers and allocates nothing (LT11).
    public func flatten(tolerance: Double, maximumSegmentsPerCurve: Int = 1_000, points: inout [Point], subpaths: inout [FlatSubpathEnd]) {
        points.removeAll(keepingCapacity: true)
        subpaths.removeAll(keepingCapacity: true)
        var current = Point.zero, start = Point.zero
        var hasSub = false, first = 0
        func emit(_ closed: Bool) {
            if hasSub { subpaths.append(FlatSubpathEnd(end: points.count, closed: closed)) }
            first = points.count; hasSub = false
        }
        let tol = tolerance > 1e-6 && tolerance.isFinite ? tolerance : 1e-6
        for e in elements {
            switch e {
            case .move(let p):
                emit(false); current = p; start = p; points.append(p); hasSub = true
            case .line(let p):
                if !hasSub { points.append(current); start = current; hasSub = true }
                current = p; points.append(p)
            case .curve(let c1, let c2, let p):
                if !hasSub { points.append(current); start = current; hasSub = true }
                let n = min(Self.segmentCount(current, c1, c2, p, tolerance: tol), max(1, maximumSegmentsPerCurve))
                for k in 1...n { points.append(Self.cubicPoint(current, c1, c2, p, Double(k) / Double(n))) }
                current = p
            case .close:
                if hasSub {
                    if points.count - first > 1, points[first] == points[points.count - 1] { points.removeLast() }
                    emit(true)
                }
                current = start
            }
        }
        emit(false)
    }

    /// Pieces for a cubic so that the polyline stays within `tolerance`.
    static func segmentCount(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, tolerance: Double) -> Int {
        let ddx = max(abs(p0.x - 2 * c1.x + c2.x), abs(c1.x - 2 * c2.x + p3.x))
        let ddy = max(abs(p0.y - 2 * c1.y + c2.y), abs(c1.y - 2 * c2.y + p3.y))
        let dd = (ddx * ddx + ddy * ddy).squareRoot()
        let n = (0.75 * dd / tolerance).squareRoot().rounded(.up)
        return n.isFinite ? max(1, Int(min(1_000, n))) : 1
    }

    @inline(__always)
    static func cubicPoint(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, _ t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Point(x: a * p0.x + b * c1.x + c * c2.x + d * p3.x, y: a * p0.y + b * c1.y + c * c2.y + d * p3.y)
    }

    /// The part of the cubic between parameters `t0` and `t1`, as its four control points.
    static func cubicSegment(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, _ t0: Double, _ t1: Double) -> (Point, Point, Point, Point) {
        func split(_ p: (Point, Point, Point, Point), _ t: Double) -> (left: (Point, Point, Point, Point), right: (Point, Point, Point, Point)) {
            func mix(_ a: Point, _ b: Point) -> Point { Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
            let ab = mix(p.0, p.1), bc = mix(p.1, p.2), cd = mix(p.2, p.3)
            let abc = mix(ab, bc), bcd = mix(bc, cd), m = mix(abc, bcd)
            return ((p.0, ab, abc, m), (m, bcd, cd, p.3))
        }
        var seg = (p0, c1, c2, p3)
        if t1 < 1 { seg = split(seg, t1).left }
        if t0 > 0 { seg = split(seg, t1 > 0 ? t0 / t1 : 0).right }
        return seg
    }

    /// One drawable piece of the path, with its length.
    struct Piece {
        var subpath: Int
        var p0: Point, c1: Point, c2: Point, p3: Point
        var isCurve: Bool
        /// True for the segment a close adds back to the subpath's start.
        var closes: Bool
        var length: Double
        /// For curves: cumulative lengths at parameters k/n, k = 0...n.
        var table: [Double]
    }

    /// The path's drawable pieces (moves start subpaths; a close adds its closing line).
    func pieces() -> [Piece] {
        var out: [Piece] = []
        var current = Point.zero, start = Point.zero, sub = -1
        var started = false
        for e in elements {
            switch e {
            case .move(let p):
                current = p; start = p; sub += 1; started = true
            case .line(let p):
                if !started { sub += 1; start = current; started = true }
                out.append(Piece(subpath: sub, p0: current, c1: current, c2: p, p3: p, isCurve: false, closes: false,
                                 length: hypot(p.x - current.x, p.y - current.y), table: []))
                current = p
            case .curve(let c1, let c2, let p):
                if !started { sub += 1; start = current; started = true }
                let n = max(8, Self.segmentCount(current, c1, c2, p, tolerance: 0.01))
                var table = [0.0], last = current, total = 0.0
                table.reserveCapacity(n + 1)
                for k in 1...n {
                    let q = Self.cubicPoint(current, c1, c2, p, Double(k) / Double(n))
                    total += hypot(q.x - last.x, q.y - last.y); table.append(total); last = q
                }
                out.append(Piece(subpath: sub, p0: current, c1: c1, c2: c2, p3: p, isCurve: true, closes: false, length: total, table: table))
                current = p
            case .close:
                if started {
                    out.append(Piece(subpath: sub, p0: current, c1: current, c2: start, p3: start, isCurve: false, closes: true,
                                     length: hypot(start.x - current.x, start.y - current.y), table: []))
                }
                current = start; started = false
            }
        }
        return out
    }

    /// The length of the drawn path (curves to a hundredth of a unit).
    public var length: Double { pieces().reduce(0) { $0 + $1.length } }

    /// The path's pieces and their lengths, measured once for trimming it at many fractions
    /// (``trimmed(from:to:measure:)``): a Lottie trim animating along a still path measures it
    /// once, not every frame.
    public func measured() -> PathMeasure { PathMeasure(pieces: pieces()) }

    /// The part of the path between the fractions `from` and `to` of its length (clamped to
    /// 0...1), as a shape layer's strokeStart and strokeEnd select it: curves are cut exactly
    /// (de Casteljau) at the parameter where the arc length is reached; a subpath that lies
    /// wholly inside keeps its close.
    public func trimmed(from: Double, to: Double) -> Path {
        trimmed(from: from, to: to, measure: nil)
    }

    /// ``trimmed(from:to:)`` with the path's pieces measured before (``measured()``, of this
    /// very path); the same result.
    public func trimmed(from: Double, to: Double, measure: PathMeasure?) -> Path {
        let a = from.isNaN ? 0 : min(max(from, 0), 1), b = to.isNaN ? 1 : min(max(to, 0), 1)
        guard b > a else { return Path() }
        if a == 0 && b == 1 { return self }
        let m = measure ?? measured()
        let ps = m.pieces
        let total = m.length
        guard total > 0 else { return Path() }
        let s0 = a * total, s1 = b * total
        var out = Path()
        // About the share of the pieces kept, and a start for each subpath: grown an element
        // at a time, a trimmed path reallocated as it went (LT11).
        out.reserveCapacity(Int(Double(ps.count) * (b - a)) + 4)
        var offset = 0.0
        var openSub = -1
        // Where the current subpath starts along the path (pieces come subpath by subpath).
        var sub = -1, subStart = 0.0
        for p in ps {
            if p.subpath != sub { sub = p.subpath; subStart = offset }
            let pStart = offset, pEnd = offset + p.length
            offset = pEnd
            if p.closes, openSub == p.subpath, subStart >= s0, pEnd <= s1 {
                // The whole subpath, closing segment included, is inside: keep it closed.
                out.close()
                openSub = -1
                continue
            }
            if p.length == 0 || pEnd <= s0 || pStart >= s1 { continue }
            let t0 = max(0, (s0 - pStart) / p.length), t1 = min(1, (s1 - pStart) / p.length)
            let u0 = p.isCurve ? Self.parameter(p, atFraction: t0) : t0
            let u1 = p.isCurve ? Self.parameter(p, atFraction: t1) : t1
            let startPoint = p.isCurve ? Self.cubicPoint(p.p0, p.c1, p.c2, p.p3, u0)
                : Point(x: p.p0.x + (p.p3.x - p.p0.x) * u0, y: p.p0.y + (p.p3.y - p.p0.y) * u0)
            if openSub != p.subpath || t0 > 0 {
                out.move(to: startPoint)
                openSub = p.subpath
            }
            if p.isCurve {
                let (_, c1, c2, e) = Self.cubicSegment(p.p0, p.c1, p.c2, p.p3, u0, u1)
                out.addCurve(to: e, control1: c1, control2: c2)
            } else {
                out.addLine(to: Point(x: p.p0.x + (p.p3.x - p.p0.x) * u1, y: p.p0.y + (p.p3.y - p.p0.y) * u1))
            }
            if t1 < 1 { openSub = -1 }
        }
        return out
    }

    /// The curve parameter where the arc length reaches `f` of the piece's length.
    static func parameter(_ p: Piece, atFraction f: Double) -> Double {
        if f <= 0 { return 0 }
        if f >= 1 { return 1 }
        let target = f * p.length, t = p.table
        var lo = 0, hi = t.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if t[mid] < target { lo = mid } else { hi = mid }
        }
        let span = t[hi] - t[lo]
        let frac = span > 0 ? (target - t[lo]) / span : 0
        return (Double(lo) + frac) / Double(t.count - 1)
    }

    /// The most dashes ``copy(dashingWithPhase:lengths:)`` makes.
    public static let maximumDashes = 10_000

    /// The path cut into dashes, as Core Graphics' `copy(dashingWithPhase:lengths:)`: `lengths`
    /// alternate painted and skipped lengths (repeating), `phase` shifts the pattern's start.
    /// Curves are flattened to a twentieth of a unit. A pattern with no positive total, or a
    /// negative or non-finite entry, returns the path unchanged, as does one with no gaps; at
    /// most ``maximumDashes`` dashes (a pattern far finer than the path is long would otherwise
    /// make millions).
    public func copy(dashingWithPhase phase: Double, lengths: [Double]) -> Path {
        guard !lengths.isEmpty, lengths.allSatisfy({ $0 >= 0 && $0.isFinite }), phase.isFinite else { return self }
        let pattern = lengths.count % 2 == 0 ? lengths : lengths + lengths
        let period = pattern.reduce(0, +)
        guard period > 0 else { return self }
        // No gaps: the line is solid.
        if stride(from: 1, to: pattern.count, by: 2).allSatisfy({ pattern[$0] == 0 }) { return self }
        var out = Path()
        var dashes = 0
        for sub in flattened(tolerance: 0.05) {
            var pts = sub.points
            if sub.closed, let f = pts.first { pts.append(f) }
            guard pts.count >= 2 else { continue }
            // Position in the pattern at the subpath's start.
            var into = phase.truncatingRemainder(dividingBy: period)
            if into < 0 { into += period }
            var index = 0
            while into >= pattern[index] { into -= pattern[index]; index = (index + 1) % pattern.count }
            var remaining = pattern[index] - into
            var on = index % 2 == 0
            var drawing = false
            for k in 1..<pts.count {
                var a = pts[k - 1]
                let b = pts[k]
                var segLeft = hypot(b.x - a.x, b.y - a.y)
                let total = segLeft
                guard total > 0 else { continue }
                let dx = (b.x - a.x) / total, dy = (b.y - a.y) / total
                while segLeft > 0 {
                    let step = min(segLeft, remaining)
                    let q = Point(x: a.x + dx * step, y: a.y + dy * step)
                    if on {
                        if !drawing { out.move(to: a); drawing = true; dashes += 1 }
                        out.addLine(to: q)
                    }
                    a = q; segLeft -= step; remaining -= step
                    if remaining <= 1e-12 {
                        index = (index + 1) % pattern.count
                        remaining = pattern[index]
                        on = index % 2 == 0
                        drawing = false
                        if dashes >= Self.maximumDashes { return out }
                    }
                }
            }
        }
        return out
    }

    /// The path a fraction `t` of the way from `a` to `b`, point by point, when they have the
    /// same elements (a shape layer's path morph, CA3); nil when they differ in kind or count.
    public static func interpolate(_ a: Path, _ b: Path, _ t: Double) -> Path? {
        guard a.elements.count == b.elements.count else { return nil }
        func mix(_ p: Point, _ q: Point) -> Point { Point(x: lerp(p.x, q.x, t), y: lerp(p.y, q.y, t)) }
        var out = Path()
        for (ea, eb) in zip(a.elements, b.elements) {
            switch (ea, eb) {
            case (.move(let p), .move(let q)): out.move(to: mix(p, q))
            case (.line(let p), .line(let q)): out.addLine(to: mix(p, q))
            case (.curve(let p1, let p2, let p3), .curve(let q1, let q2, let q3)):
                out.addCurve(to: mix(p3, q3), control1: mix(p1, q1), control2: mix(p2, q2))
            case (.close, .close): out.close()
            default: return nil
            }
        }
        return out
    }
}

extension Path {
    /// The same outline drawn the other way: each subpath from its end to its start (curves with
    /// their control points swapped), closed subpaths still closed, as `UIBezierPath.reversing()`.
    public func reversed() -> Path {
        var out = Path()
        var start: Point?
        var segments: [Element] = []      // .line or .curve, each ending at its end point
        var closed = false
        var lastMove = Point.zero           // where a segment after a close starts, as in Core Graphics
        func flush() {
            guard let s = start else { return }
            var ends = [s]
            for e in segments {
                if case .line(let p) = e { ends.append(p) } else if case .curve(_, _, let p) = e { ends.append(p) }
            }
            out.move(to: ends[ends.count - 1])
            for (i, e) in segments.enumerated().reversed() {
                switch e {
                case .line: out.addLine(to: ends[i])
                case .curve(let c1, let c2, _): out.addCurve(to: ends[i], control1: c2, control2: c1)
                default: break
                }
            }
            if closed { out.close() }
            start = nil; segments = []; closed = false
        }
        for e in elements {
            switch e {
            case .move(let p): flush(); start = p; lastMove = p
            case .line, .curve:
                if start == nil { start = lastMove }
                segments.append(e)
            case .close: closed = true; flush()
            }
        }
        flush()
        return out
    }
}

/// A path's drawable pieces with their lengths (``Path/measured()``), to trim it at many
/// fractions without measuring it again.
public struct PathMeasure: Sendable {
    let pieces: [Path.Piece]
    /// The path's length (``Path/length``).
    public let length: Double

    init(pieces: [Path.Piece]) {
        self.pieces = pieces
        length = pieces.reduce(0) { $0 + $1.length }
    }
}
