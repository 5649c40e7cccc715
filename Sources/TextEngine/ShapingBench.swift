import CText

/// What `timeline bench text` compares: the text engine's shaping stage (levels, clusters,
/// itemisation with fallback, HarfBuzz per item, advances per index) against calling HarfBuzz
/// directly on the very runs that stage produced, in the same font system.
@_spi(Bench)
public struct ShapingRun: Sendable {
    /// The run's UTF-16 range in the text, `start..<end`, and whether it is shaped right to left.
    public let start: Int, end: Int, rtl: Bool
    let face: FontFace
}

@_spi(Bench)
extension FontSystem {
    /// Analyses every paragraph of `text` as layout does; returns the glyphs made.
    public func shapeAsLayoutDoes(_ text: StyledText) -> Int {
        var glyphs = 0
        for (s, e, n) in Self.paragraphs(text.utf16) {
            glyphs += analyze(text, start: s, end: e, next: n).items.reduce(0) { $0 + $1.glyphs.count }
        }
        return glyphs
    }

    /// The runs layout shapes for `text` (to shape them again directly).
    public func shapingRuns(_ text: StyledText) -> [ShapingRun] {
        var runs: [ShapingRun] = []
        for (s, e, n) in Self.paragraphs(text.utf16) {
            for item in analyze(text, start: s, end: e, next: n).items {
                runs.append(ShapingRun(start: item.start, end: item.end, rtl: item.isRTL, face: item.face))
            }
        }
        return runs
    }

    /// HarfBuzz alone on the runs: one buffer, add, direction, guessed script, shape, read.
    public func shapeDirectly(_ text: StyledText, runs: [ShapingRun]) -> Int {
        var glyphs = 0
        text.utf16.withUnsafeBufferPointer { p in
            for r in runs {
                hb_buffer_clear_contents(buffer)
                hb_buffer_add_utf16(buffer, p.baseAddress, Int32(p.count), UInt32(r.start), Int32(r.end - r.start))
                hb_buffer_set_direction(buffer, r.rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
                hb_buffer_guess_segment_properties(buffer)
                hb_shape(r.face.hbFont, buffer, nil, 0)
                var count: UInt32 = 0
                _ = hb_buffer_get_glyph_positions(buffer, &count)
                glyphs += Int(count)
            }
        }
        return glyphs
    }
}
