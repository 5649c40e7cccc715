import Geometry

/// The drawing surface a `View.draw(_:in:)` override records into (D2). Commands are kept as the
/// view's content and replayed into every frame's display list until the view is drawn again,
/// as a layer's backing store is.
///
/// A canvas only records values, so it belongs to no actor: code of any isolation may draw into
/// one it was handed, as Core Graphics lets any thread draw into a context (one at a time; a
/// canvas is not `Sendable`). Core Graphics drawing in nonisolated code compiles (RU3).
public final class Canvas {
    /// What was recorded since ``begin(_:)``.
    public private(set) var commands: [DrawCommand] = []
    /// The rectangle being redrawn (the union of the flagged rects).
    public private(set) var dirtyRect: Rect = .null

    /// The fonts ``text(_:at:fontSize:color:)`` lays out with (a window sets its own).
    public var fontSystem: FontSystem?

    /// An empty canvas. Without a `fontSystem` (a window sets its own) ``text(_:at:fontSize:color:)``
    /// draws nothing.
    public init(fontSystem: FontSystem? = nil) { self.fontSystem = fontSystem }

    /// Starts recording a redraw of `rect`, dropping what was recorded before (keeping storage).
    public func begin(_ rect: Rect) {
        commands.removeAll(keepingCapacity: true)
        dirtyRect = rect
    }

    /// Exchanges the recorded commands with `content` (a view's backing store): the view gets the
    /// new drawing, the canvas reuses the old storage. No copy, no allocation in a steady frame.
    public func swapCommands(with content: inout [DrawCommand]) {
        swap(&commands, &content)
    }

    /// Records a command as it is (Core Graphics' context in the UIKit facade builds its own).
    public func append(_ command: DrawCommand) { commands.append(command) }

    /// Fills `rect` (the view's points) with `color`, its corners rounded with `cornerRadius`
    /// points (0: square).
    public func fill(_ rect: Rect, color: Color, cornerRadius: Double = 0) {
        commands.append(.fillRect(rect, color, cornerRadius: cornerRadius))
    }
    /// Strokes `rect`'s outline `lineWidth` points wide, centred on the edge (half inside, half
    /// outside), its corners rounded with `cornerRadius` points.
    public func stroke(_ rect: Rect, color: Color, lineWidth: Double = 1, cornerRadius: Double = 0) {
        commands.append(.strokeRect(rect, color, lineWidth: lineWidth, cornerRadius: cornerRadius))
    }
    /// A straight segment from `a` to `b` in the view's points, `width` points wide, its ends cut
    /// square at the points.
    public func line(from a: Point, to b: Point, color: Color, width: Double = 1) {
        commands.append(.line(from: a, to: b, color, width: width))
    }
    /// Fills the ellipse inscribed in `rect`.
    public func fillEllipse(in rect: Rect, color: Color) { commands.append(.fillEllipse(rect, color)) }
    /// Strokes the ellipse inscribed in `rect`, `lineWidth` points wide, centred on its outline.
    public func strokeEllipse(in rect: Rect, color: Color, lineWidth: Double = 1) {
        commands.append(.strokeEllipse(rect, color, lineWidth: lineWidth))
    }
    /// Fills `path` with `color`, each subpath on its own (no fill rule: a subpath inside another
    /// does not cut a hole; ``fill(_:paint:rule:)`` follows a rule).
    public func fill(_ path: Path, color: Color) { commands.append(.fillPath(path, color)) }
    /// Strokes every segment of `path` `lineWidth` points wide, without caps or joins
    /// (``stroke(_:color:lineWidth:lineCap:lineJoin:miterLimit:)`` draws those).
    public func stroke(_ path: Path, color: Color, lineWidth: Double = 1) {
        commands.append(.strokePath(path, color, lineWidth: lineWidth))
    }
    /// Fills `path` with `paint`, inside by `rule`.
    public func fill(_ path: Path, paint: Paint, rule: FillRule = .nonZero) {
        commands.append(.fillShape(path, paint, rule))
    }
    /// Strokes `path` as Core Graphics does, with caps, joins and a miter limit.
    public func stroke(_ path: Path, color: Color, lineWidth: Double, lineCap: LineCap, lineJoin: LineJoin = .miter,
                       miterLimit: Double = 10) {
        let outline = path.copy(strokingWithWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit)
        commands.append(.fillShape(outline, .color(color), .nonZero))
    }
    /// A shadow of `path`'s silhouette, blurred by `radius`.
    public func shadow(_ path: Path, color: Color, radius: Double) {
        commands.append(.shadow(path, color, radius: radius))
    }
    /// Draws laid-out text with its top-left at `origin`: its glyph runs and decorations.
    public func draw(_ layout: TextLayout, at origin: Point = .zero) {
        for line in layout.lines {
            for run in line.runs { commands.append(.glyphs(run, at: origin)) }
            for d in line.decorations { commands.append(.fillRect(d.rect.offsetBy(dx: origin.x, dy: origin.y), d.color, cornerRadius: 0)) }
        }
    }
    /// One line of plain text in the system font with its top-left at `point`, laid out by
    /// ``fontSystem`` (nothing is drawn without one).
    public func text(_ string: String, at point: Point, fontSize: Double, color: Color) {
        guard let fontSystem, !string.isEmpty else { return }
        let layout = TextLayout(string, style: TextStyle(font: .systemFont(ofSize: fontSize), color: color), in: fontSystem)
        draw(layout, at: point)
    }
}
