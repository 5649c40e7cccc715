import Geometry

/// The drawing surface a ``View/draw(_:in:)`` override records into (D2). Commands are kept as the
/// view's content and replayed into every frame's display list until the view is drawn again,
/// as a layer's backing store is.
@MainActor
public final class Canvas {
    /// What was recorded since ``begin(_:)``.
    public private(set) var commands: [DrawCommand] = []
    /// The rectangle being redrawn (the union of the flagged rects).
    public private(set) var dirtyRect: Rect = .null

    public init() {}

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

    public func fill(_ rect: Rect, color: Color, cornerRadius: Double = 0) {
        commands.append(.fillRect(rect, color, cornerRadius: cornerRadius))
    }
    public func stroke(_ rect: Rect, color: Color, lineWidth: Double = 1, cornerRadius: Double = 0) {
        commands.append(.strokeRect(rect, color, lineWidth: lineWidth, cornerRadius: cornerRadius))
    }
    public func line(from a: Point, to b: Point, color: Color, width: Double = 1) {
        commands.append(.line(from: a, to: b, color, width: width))
    }
    public func fillEllipse(in rect: Rect, color: Color) { commands.append(.fillEllipse(rect, color)) }
    public func strokeEllipse(in rect: Rect, color: Color, lineWidth: Double = 1) {
        commands.append(.strokeEllipse(rect, color, lineWidth: lineWidth))
    }
    public func fill(_ path: Path, color: Color) { commands.append(.fillPath(path, color)) }
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
    public func text(_ string: String, at point: Point, fontSize: Double, color: Color) {
        commands.append(.text(string, at: point, fontSize: fontSize, color))
    }
}
