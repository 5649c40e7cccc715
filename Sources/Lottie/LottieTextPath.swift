#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry
import RenderModel

/// A mask path measured for text along it (LT1, After Effects' path options): its first
/// subpath as a polyline a twentieth of a point from the curve, with the length at each point.
/// Made once for a path that does not change, once a frame for one that does.
struct TextPathMeasure {
    private var points: [Point] = []
    private var lengths: [Double] = []
    let isClosed: Bool
    var length: Double { lengths.last ?? 0 }

    /// `shape` measured from its start, or from its end when `reversed`.
    init(_ shape: BezierShape, reversed: Bool) {
        let flat = ShapeContents.path(shape).flattened(tolerance: 0.05).first
        var points = flat?.points ?? []
        isClosed = flat?.closed ?? false
        if isClosed, let first = points.first { points.append(first) }
        if reversed { points.reverse() }
        // Points that repeat add nothing but a direction of zero length: dropped.
        var kept: [Point] = []
        kept.reserveCapacity(points.count)
        for p in points where p.x.isFinite && p.y.isFinite && kept.last != p { kept.append(p) }
        var lengths = [0.0]
        for k in kept.indices.dropFirst() { lengths.append(lengths[k - 1] + hypot(kept[k].x - kept[k - 1].x, kept[k].y - kept[k - 1].y)) }
        self.points = kept
        self.lengths = kept.isEmpty ? [] : lengths
    }

    /// The point `distance` along the path and the path's direction there (radians from +x).
    /// A closed path goes round again; an open one goes on straight past its ends.
    func place(_ distance: Double) -> (point: Point, angle: Double) {
        guard points.count > 1, length > 0, distance.isFinite else { return (points.first ?? .zero, 0) }
        var s = distance
        if isClosed { s -= (s / length).rounded(.down) * length }
        // The segment holding s (the first or last one past the ends).
        var lo = 0, hi = lengths.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if lengths[mid] <= s { lo = mid } else { hi = mid }
        }
        let a = points[lo], b = points[hi], span = lengths[hi] - lengths[lo]
        let t = span > 0 ? (s - lengths[lo]) / span : 0
        return (Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t), atan2(b.y - a.y, b.x - a.x))
    }
}

extension LottieTextLayout {
    /// A text path's values at one frame, with its measured path.
    struct PathPlacement {
        var measure: TextPathMeasure
        var firstMargin: Double, lastMargin: Double
        var isPerpendicular: Bool, forcesAlignment: Bool
        var justification: LottieTextDocument.Justification

        /// `path` at composition frame `frame`; `measure`: its path measured at that frame.
        init(_ path: LottieTextPath, at frame: Double, measure: TextPathMeasure, justification: LottieTextDocument.Justification) {
            self.measure = measure
            firstMargin = path.firstMargin.scalar(at: frame)
            lastMargin = path.lastMargin.scalar(at: frame)
            isPerpendicular = path.perpendicular.scalar(at: frame) != 0
            forcesAlignment = path.forceAlignment.scalar(at: frame) != 0
            self.justification = justification
        }

        /// The turn and move taking glyph `g` from its place on its line to its place on the
        /// path: its character's middle goes to the point at its distance along the path, the
        /// first line's baseline on the path (later lines below it), turned with the path when
        /// perpendicular. The distance: the first margin plus its middle's offset in its line
        /// (left), the path's length less the last margin less what follows it (right), the
        /// middle between the margins (centred); force alignment spreads each line from
        /// margin to margin. `shift`: what the animators' tracking adds.
        func transform(for g: Glyph, in lines: [Line], shift: Double) -> AffineTransform {
            guard g.line < lines.count, let top = lines.first else { return .identity }
            let line = lines[g.line]
            let start = firstMargin, end = measure.length - lastMargin
            let width = line.maxX - line.minX
            var distance: Double
            if forcesAlignment, line.letterCount > 1 {
                let gap = (end - start - width) / Double(line.letterCount - 1)
                distance = start + (g.middle - line.minX) + Double(g.letter - line.firstLetter) * gap
            } else {
                distance = switch justification {
                case .right, .justifyLastRight: end - (line.maxX - g.middle)
                case .center, .justifyLastCenter: (start + end) / 2 + (g.middle - (line.minX + line.maxX) / 2)
                default: start + (g.middle - line.minX)
                }
            }
            distance += shift
            let (point, angle) = measure.place(distance)
            var m = AffineTransform(translationX: -g.middle, y: -top.baseline)
            if isPerpendicular, angle != 0 { m = m.concatenating(AffineTransform(rotationAngle: angle)) }
            m = m.concatenating(AffineTransform(translationX: point.x, y: point.y))
            let ok = [m.a, m.b, m.c, m.d, m.tx, m.ty].allSatisfy(\.isFinite)
            return ok ? m : .identity
        }
    }
}
