import CText
import Geometry

/// One element of a glyph's outline, in ems with y growing downwards (the display's way), from
/// the glyph's pen position on the baseline.
public enum GlyphOutlineElement: Sendable, Equatable {
    /// Starts a contour at the point.
    case move(Point)
    /// A straight segment from the current point to the point.
    case line(Point)
    /// A quadratic Bézier segment from the current point through `control` to `to` (TrueType's curves).
    case quad(control: Point, to: Point)
    /// A cubic Bézier segment from the current point with two control points to `to` (CFF's curves).
    case cubic(control1: Point, control2: Point, to: Point)
    /// Closes the contour back to its starting point; every contour ends with one.
    case close
}

extension FontFace {
    /// The outline of `glyph`, unhinted, in ems: each contour a move, its segments and a close
    /// (TrueType's quadratic curves stay quadratic). Empty for a glyph with no outline (a space,
    /// a bitmap-only colour glyph) or when FreeType cannot load it. Exporters draw text with it
    /// as shapes (LT4); the screen uses ``rasterize(glyph:pixelSize:subpixel:)``.
    public func outline(of glyph: UInt32) -> [GlyphOutlineElement] {
        let flags = Int32(FT_LOAD_NO_SCALE) | Int32(FT_LOAD_NO_HINTING) | Int32(FT_LOAD_NO_BITMAP)
        guard FT_Load_Glyph(ftFace, glyph, flags) == 0, let slot = ftFace.pointee.glyph,
              slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return [] }
        final class Sink {
            var elements: [GlyphOutlineElement] = []
            let scale: Double
            init(scale: Double) { self.scale = scale }
            func point(_ v: UnsafePointer<FT_Vector>?) -> Point {
                guard let v else { return .zero }
                return Point(x: Double(v.pointee.x) * scale, y: -Double(v.pointee.y) * scale)
            }
            /// The sink FreeType hands back to each callback (alive for the whole decomposition).
            static func of(_ user: UnsafeMutableRawPointer?) -> Sink {
                Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue()   // context pointer through a C callback (AM4)
            }
        }
        let sink = Sink(scale: 1 / unitsPerEm)
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                let s = Sink.of(user)
                if !s.elements.isEmpty { s.elements.append(.close) }
                s.elements.append(.move(s.point(to)))
                return 0
            },
            line_to: { to, user in
                let s = Sink.of(user)
                s.elements.append(.line(s.point(to)))
                return 0
            },
            conic_to: { control, to, user in
                let s = Sink.of(user)
                s.elements.append(.quad(control: s.point(control), to: s.point(to)))
                return 0
            },
            cubic_to: { c1, c2, to, user in
                let s = Sink.of(user)
                s.elements.append(.cubic(control1: s.point(c1), control2: s.point(c2), to: s.point(to)))
                return 0
            },
            shift: 0, delta: 0)
        let status = withExtendedLifetime(sink) {
            // context pointer through a C callback (AM4)
            FT_Outline_Decompose(&slot.pointee.outline, &funcs, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard status == 0 else { return [] }
        if !sink.elements.isEmpty { sink.elements.append(.close) }
        return sink.elements
    }
}
