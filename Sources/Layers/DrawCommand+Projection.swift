import Geometry
import RenderModel

extension DrawCommand {
    /// The command with every colour multiplied by `tint` (a replicator copy's colour).
    public func tinted(by t: Color) -> DrawCommand {
        func m(_ c: Color) -> Color { Color(red: c.red * t.red, green: c.green * t.green, blue: c.blue * t.blue, alpha: c.alpha * t.alpha) }
        switch self {
        case .fillRect(let r, let c, let radius): return .fillRect(r, m(c), cornerRadius: radius)
        case .strokeRect(let r, let c, let lw, let radius): return .strokeRect(r, m(c), lineWidth: lw, cornerRadius: radius)
        case .line(let a, let b, let c, let w): return .line(from: a, to: b, m(c), width: w)
        case .fillEllipse(let r, let c): return .fillEllipse(r, m(c))
        case .strokeEllipse(let r, let c, let lw): return .strokeEllipse(r, m(c), lineWidth: lw)
        case .fillPath(let p, let c): return .fillPath(p, m(c))
        case .strokePath(let p, let c, let lw): return .strokePath(p, m(c), lineWidth: lw)
        case .glyphs(var run, let at): run.color = m(run.color); return .glyphs(run, at: at)
        case .strokeBorder(let r, let c, let w, let radius): return .strokeBorder(r, m(c), width: w, cornerRadius: radius)
        case .fillShape(let p, .color(let c), let rule): return .fillShape(p, .color(m(c)), rule)
        case .fillShape(let p, .gradient(var g), let rule):
            g.colors = g.colors.map(m)
            return .fillShape(p, .gradient(g), rule)
        case .shadow(let p, let c, let radius): return .shadow(p, m(c), radius: radius)
        case .image(var d): d.tint = m(d.tint); return .image(d)
        default: return self
        }
    }

    /// The command in window points for content whose map `h` has perspective: shapes become
    /// projected paths (curves flattened first), text moves with its origin. Group markers
    /// have no projection (nil).
    public func projected(by h: Homography) -> DrawCommand? {
        func project(_ p: Path) -> Path {
            var out = Path()
            // At most 16 pieces a curve (a circle as a 64-gon, within a quarter point of a
            // 200-point circle): a runaway size must not flatten into millions of points.
            for sub in p.flattened(tolerance: 0.25, maximumSegmentsPerCurve: 16) {
                guard let first = sub.points.first else { continue }
                out.move(to: h.apply(to: first))
                for q in sub.points.dropFirst() { out.addLine(to: h.apply(to: q)) }
                if sub.closed { out.close() }
            }
            return out
        }
        switch self {
        case .fillRect(let r, let c, let radius):
            return .fillShape(project(radius > 0 ? Path(roundedRect: r, cornerRadius: radius) : Path(rect: r)), .color(c), .nonZero)
        case .strokeRect(let r, let c, let lw, _):
            return .fillShape(project(Path(rect: r).copy(strokingWithWidth: lw, lineCap: .butt, lineJoin: .miter, miterLimit: 10)), .color(c), .nonZero)
        case .strokeBorder(let r, let c, let w, let radius):
            var ring = radius > 0 ? Path(roundedRect: r, cornerRadius: radius) : Path(rect: r)
            let inner = r.inset(by: EdgeInsets(all: w))
            if inner.width > 0, inner.height > 0 {
                ring.addPath(max(0, radius - w) > 0 ? Path(roundedRect: inner, cornerRadius: radius - w) : Path(rect: inner))
            }
            return .fillShape(project(ring), .color(c), .evenOdd)
        case .fillEllipse(let r, let c): return .fillShape(project(Path(ellipseIn: r)), .color(c), .nonZero)
        case .strokeEllipse(let r, let c, let lw):
            return .fillShape(project(Path(ellipseIn: r).copy(strokingWithWidth: lw, lineCap: .butt, lineJoin: .miter, miterLimit: 10)), .color(c), .nonZero)
        case .line(let a, let b, let c, let w):
            var p = Path(); p.move(to: a); p.addLine(to: b)
            return .fillShape(project(p.copy(strokingWithWidth: w, lineCap: .butt, lineJoin: .miter, miterLimit: 10)), .color(c), .nonZero)
        case .fillPath(let p, let c): return .fillShape(project(p), .color(c), .nonZero)
        case .strokePath(let p, let c, let lw):
            return .fillShape(project(p.copy(strokingWithWidth: lw, lineCap: .butt, lineJoin: .miter, miterLimit: 10)), .color(c), .nonZero)
        case .fillShape(let p, let paint, let rule):
            switch paint {
            case .color: return .fillShape(project(p), paint, rule)
            case .gradient(var g):
                g.startPoint = h.apply(to: g.startPoint); g.endPoint = h.apply(to: g.endPoint)
                return .fillShape(project(p), .gradient(g), rule)
            case .pattern(let pattern):
                // A pattern keeps its affine part: its tiles are not bent by the perspective.
                return .fillShape(project(p), .pattern(pattern.applying(h.affine)), rule)
            }
        case .shadow(let p, let c, let radius): return .shadow(project(p), c, radius: radius)
        case .glyphs(let run, let at):
            // Glyphs keep their shapes: each pen projected, the size scaled by the map's local
            // vertical scale at the run's first pen.
            guard let first = run.positions.first else { return nil }
            let p0 = Point(x: first.x + at.x, y: first.y + at.y)
            let o = h.apply(to: p0), below = h.apply(to: Point(x: p0.x, y: p0.y + run.size))
            let scale = abs(below.y - o.y) / max(run.size, 1e-9)
            let pens = run.positions.map { h.apply(to: Point(x: $0.x + at.x, y: $0.y + at.y)) }
            return .glyphs(GlyphRun(face: run.face, size: run.size * scale, glyphs: run.glyphs, positions: pens, color: run.color),
                           at: .zero)
        case .image(var d):
            // The rectangle's corners projected; the painter maps the pixels onto that quad.
            let r = d.rect
            let corners = d.corners ?? [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
                                        Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)]
            let projected = corners.map { h.apply(to: $0) }
            guard projected.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
            d.corners = projected
            d.rect = projected.dropFirst().reduce(Rect(origin: projected[0], size: .zero)) { $0.union(Rect(origin: $1, size: .zero)) }
            return .image(d)
        case .beginGroup, .endGroup: return nil
        }
    }

    /// The points a command ``projected(by:)`` returned holds: a projected path's elements, a
    /// glyph run's pens, an image's four corners; what the renderer's bounds on projected
    /// content count (each point is computed per frame and kept in the list).
    var projectedPointCount: Int {
        switch self {
        case .fillShape(let p, _, _), .shadow(let p, _, _): return p.elements.count
        case .glyphs(let run, _): return run.positions.count
        case .image: return 4
        default: return 1
        }
    }
}
