import Geometry

/// A drawing recorded once and drawn again wherever it is needed, at any place and scale: the
/// engine's side of Core Graphics' `CGLayer` (RU3), which records into a context of its own
/// and is then drawn into other contexts, as many times as the code likes.
///
/// The commands are in the picture's own coordinates, from (0, 0) to ``size``. Replaying maps
/// each one by a transform (``DrawCommand/applying(_:)``); group markers are not part of a
/// picture (what records it, a Core Graphics context, makes none) and are left out.
public struct Picture: Sendable, Equatable {
    /// The picture's extent, in its own coordinates from the origin.
    public var size: Size
    /// What was recorded, in the picture's coordinates.
    public var commands: [DrawCommand]

    /// A picture of `size` holding `commands`.
    public init(size: Size, commands: [DrawCommand]) {
        self.size = size
        self.commands = commands
    }

    /// The transform that lays the picture's extent over `rect` (each axis scaled on its own),
    /// or nil when the picture or `rect` is empty or not finite.
    public func transform(toFill rect: Rect) -> AffineTransform? {
        guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite,
              rect.width.isFinite, rect.height.isFinite, rect.minX.isFinite, rect.minY.isFinite else { return nil }
        return AffineTransform(a: rect.width / size.width, b: 0, c: 0, d: rect.height / size.height, tx: rect.minX, ty: rect.minY)
    }
}

extension Canvas {
    /// Records `picture`'s commands mapped by `transform` (from the picture's coordinates to
    /// this canvas's). Nothing is clipped to the picture's extent.
    ///
    /// - Complexity: O(commands); each shape other than a plain fill or image under a
    ///   transform that is not a translation becomes a filled outline (strokes are outlined).
    public func draw(_ picture: Picture, transform: AffineTransform) {
        for command in picture.commands {
            switch command {
            case .beginGroup, .endGroup: continue
            default: append(command.applying(transform))
            }
        }
    }
}

extension DrawCommand {
    /// The command with its geometry mapped by `t`, drawing what the command draws seen
    /// through `t`: shapes become filled paths (strokes their outlines, with the widths they
    /// had before the map), gradients and patterns move with them, an image keeps its
    /// rectangle when `t` keeps axes (and its orientation), and otherwise carries the corners
    /// it lands on. Glyphs keep upright shapes: their pens move and their size scales by the
    /// square root of the map's area scale. Group markers are returned as they are.
    public func applying(_ t: AffineTransform) -> DrawCommand {
        if t.isIdentity { return self }
        let scale = abs(t.a * t.d - t.b * t.c).squareRoot()
        func outline(_ p: Path, _ width: Double) -> Path {
            p.copy(strokingWithWidth: width, lineCap: .butt, lineJoin: .miter, miterLimit: 10).applying(t)
        }
        func paint(_ p: Paint) -> Paint {
            switch p {
            case .color: return p
            case .gradient(let g): return .gradient(g.applying(t))
            case .pattern(let pattern): return .pattern(pattern.applying(t))
            }
        }
        func rectPath(_ r: Rect, _ radius: Double) -> Path { radius > 0 ? Path(roundedRect: r, cornerRadius: radius) : Path(rect: r) }
        switch self {
        case .beginGroup, .endGroup: return self
        case .fillRect(let r, let c, let radius): return .fillShape(rectPath(r, radius).applying(t), .color(c), .nonZero)
        case .strokeRect(let r, let c, let lw, let radius): return .fillShape(outline(rectPath(r, radius), lw), .color(c), .nonZero)
        case .line(let a, let b, let c, let w):
            var p = Path(); p.move(to: a); p.addLine(to: b)
            return .fillShape(outline(p, w), .color(c), .nonZero)
        case .fillEllipse(let r, let c): return .fillShape(Path(ellipseIn: r).applying(t), .color(c), .nonZero)
        case .strokeEllipse(let r, let c, let lw): return .fillShape(outline(Path(ellipseIn: r), lw), .color(c), .nonZero)
        case .fillPath(let p, let c): return .fillPath(p.applying(t), c)
        case .strokePath(let p, let c, let lw): return .fillShape(outline(p, lw), .color(c), .nonZero)
        case .glyphs(let run, let at):
            let pens = run.positions.map { t.apply(to: Point(x: $0.x + at.x, y: $0.y + at.y)) }
            return .glyphs(GlyphRun(face: run.face, size: run.size * scale, glyphs: run.glyphs, positions: pens, color: run.color), at: .zero)
        case .strokeBorder(let r, let c, let w, let radius):
            var ring = rectPath(r, radius)
            let inner = r.inset(by: EdgeInsets(all: w))
            if inner.width > 0, inner.height > 0 { ring.addPath(rectPath(inner, max(0, radius - w))) }
            return .fillShape(ring.applying(t), .color(c), .evenOdd)
        case .fillShape(let p, let p2, let rule): return .fillShape(p.applying(t), paint(p2), rule)
        case .shadow(let p, let c, let radius): return .shadow(p.applying(t), c, radius: radius * scale)
        case .image(var d):
            let r = d.rect
            if d.corners == nil, t.b == 0, t.c == 0, t.a > 0, t.d > 0 {
                d.rect = t.apply(to: r)
                return .image(d)
            }
            let corners = (d.corners ?? [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
                                         Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)]).map { t.apply(to: $0) }
            d.corners = corners
            d.rect = corners.dropFirst().reduce(Rect(origin: corners[0], size: .zero)) { $0.union(Rect(origin: $1, size: .zero)) }
            return .image(d)
        }
    }
}
