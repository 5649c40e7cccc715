#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry
import RenderModel

/// The shape modifiers that change paths in place: trim paths and rounded corners.
extension ShapeContents {
    /// Trim paths: the window from `start` to `end` percent, turned by `offset` degrees (a
    /// full turn is the whole length), of each path (simultaneously) or of all of them end to end
    /// (individually). One path out per path in (empty where nothing is left).
    static func trim(_ paths: [Path], measures: [PathMeasure]? = nil, start: Double, end: Double, offset: Double,
                     individually: Bool) -> [Path] {
        var s = min(max(start, 0), 100) / 100, e = min(max(end, 0), 100) / 100
        if s > e { swap(&s, &e) }
        if e - s >= 1 { return paths }
        if e <= s { return paths.map { _ in Path() } }
        var shift = offset / 360
        shift -= shift.rounded(.down)
        let a = s + shift, b = e + shift
        // The window as up to two ranges within 0...1 (it may wrap past the end).
        let ranges: [(Double, Double)] = b <= 1 ? [(a, b)] : a >= 1 ? [(a - 1, b - 1)] : [(a, 1), (0, b - 1)]
        if !individually {
            return paths.indices.map { k in
                // A window that wraps cuts the path twice: measured once for both.
                let measure = measures?[k] ?? (ranges.count > 1 ? paths[k].measured() : nil)
                var out = Path()
                for (x, y) in ranges { out.addPath(paths[k].trimmed(from: x, to: y, measure: measure)) }
                return out
            }
        }
        let measured = measures ?? paths.map { $0.measured() }
        let lengths = measured.map(\.length)
        let total = lengths.reduce(0, +)
        guard total > 0 else { return paths.map { _ in Path() } }
        var out: [Path] = []
        var before = 0.0
        for (k, p) in paths.enumerated() {
            let l = lengths[k]
            defer { before += l }
            var piece = Path()
            for (x, y) in ranges {
                let from = (x * total - before) / l, to = (y * total - before) / l
                if to <= 0 || from >= 1 { continue }
                piece.addPath(p.trimmed(from: max(from, 0), to: min(to, 1), measure: measured[k]))
            }
            out.append(piece)
        }
        return out
    }

    /// The path with each corner between two straight segments rounded by `radius` (at most
    /// half of either segment).
    static func roundingCorners(_ path: Path, radius: Double) -> Path {
        var out = Path()
        var subpath: [Path.Element] = []
        func flush(closed: Bool) {
            defer { subpath.removeAll() }
            guard case .move(let start)? = subpath.first else { return }
            var points = [start]
            var allLines = true
            for e in subpath.dropFirst() {
                if case .line(let p) = e { points.append(p) } else { allLines = false }
            }
            guard allLines, points.count >= 3 else {
                for e in subpath {
                    switch e {
                    case .move(let p): out.move(to: p)
                    case .line(let p): out.addLine(to: p)
                    case .curve(let c1, let c2, let p): out.addCurve(to: p, control1: c1, control2: c2)
                    case .close: out.close()
                    }
                }
                if closed { out.close() }
                return
            }
            if closed, points.count > 1, points.last == points.first { points.removeLast() }
            let n = points.count
            func corner(_ k: Int) -> (before: Point, control1: Point, control2: Point, after: Point)? {
                guard closed || (k > 0 && k < n - 1) else { return nil }
                let p = points[k], a = points[(k - 1 + n) % n], b = points[(k + 1) % n]
                let la = hypot(a.x - p.x, a.y - p.y), lb = hypot(b.x - p.x, b.y - p.y)
                guard la > 0, lb > 0 else { return nil }
                let r = min(radius, la / 2, lb / 2)
                let before = Point(x: p.x + (a.x - p.x) * r / la, y: p.y + (a.y - p.y) * r / la)
                let after = Point(x: p.x + (b.x - p.x) * r / lb, y: p.y + (b.y - p.y) * r / lb)
                // A quarter-circle's handles: kappa of the way from each end toward the corner.
                return (before, Point(x: before.x + (p.x - before.x) * kappa, y: before.y + (p.y - before.y) * kappa),
                        Point(x: after.x + (p.x - after.x) * kappa, y: after.y + (p.y - after.y) * kappa), after)
            }
            for k in 0..<n {
                if let c = corner(k) {
                    if k == 0 { out.move(to: c.before) } else { out.addLine(to: c.before) }
                    out.addCurve(to: c.after, control1: c.control1, control2: c.control2)
                } else if k == 0 {
                    out.move(to: points[k])
                } else {
                    out.addLine(to: points[k])
                }
            }
            if closed { out.close() }
        }
        for e in path.elements {
            switch e {
            case .move:
                flush(closed: false)
                subpath.append(e)
            case .close:
                flush(closed: true)
            default:
                subpath.append(e)
            }
        }
        flush(closed: false)
        return out
    }
}
