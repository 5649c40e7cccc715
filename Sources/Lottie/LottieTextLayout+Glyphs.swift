import Geometry
import RenderModel
import TextEngine

/// Text drawn from the animation's embedded glyphs (`chars`, LT1), as lottie-web, lottie-ios
/// and ThorVG draw it: each character's outline scaled by the size over 100, advanced by its
/// "w" at that scale plus the tracking. A character the glyphs lack is set by the text engine
/// in the document's font, alone (no kerning across it, as lottie-web measures it alone).
/// Lines break at hard breaks and, in a box, before the word that would cross its right edge.
extension LottieTextLayout {
    /// One character to set: its advance at the document's size and what draws it.
    private struct Piece {
        var isSpace: Bool
        var advance: Double
        /// The embedded glyph's outline at the document's size, pen at the origin.
        var outline: Path?
        /// Or the font's glyphs, pens from the character's origin on the baseline.
        var fontGlyphs: [(face: FontFace, size: Double, id: UInt32, pen: Point, outline: Path?)] = []
    }

    /// The characters and glyphs of `d` set from the embedded glyphs `set`, the font for the rest.
    static func embedded(_ d: LottieTextDocument, in fonts: FontSystem, glyphs set: LottieGlyphSet) -> Placed {
        var out = Placed()
        guard d.size > 0 else { return out }
        let scale = d.size / 100, tracking = d.tracking / 1000 * d.size
        var made: [String: Piece] = [:]
        func piece(_ ch: Character) -> Piece {
            let key = String(ch)
            if let p = made[key] { return p }
            var p: Piece
            if let g = set.glyph(for: key, family: d.fontFamily, style: d.fontStyle) {
                let advance = g.advance * scale
                p = Piece(isSpace: ch.isWhitespace, advance: advance.isFinite ? advance : 0,
                          outline: g.outline.applying(AffineTransform(scaleX: scale, y: scale)))
            } else {
                let layout = TextLayout(key, style: TextStyle(font: LottieTextLayer.font(d), color: d.fillColor ?? .clear), in: fonts)
                p = Piece(isSpace: ch.isWhitespace, advance: 0, outline: nil)
                if let line = layout.lines.first {
                    p.advance = line.width
                    for run in line.runs {
                        for (id, pen) in zip(run.glyphs, run.positions) {
                            p.fontGlyphs.append((run.face, run.size, id, Point(x: pen.x - line.x, y: pen.y - line.baseline),
                                                 outline(id, of: run.face, size: run.size)))
                        }
                    }
                }
            }
            made[key] = p
            return p
        }
        // Lines: each paragraph's characters, broken before a word that would cross the box.
        var lines: [(paragraph: Int, pieces: [Piece])] = []
        for (n, text) in d.paragraphs.enumerated() {
            let pieces = text.map(piece)
            guard let box = d.box else { lines.append((n, pieces)); continue }
            var current: [Piece] = [], width = 0.0, lastSpace: Int?
            for p in pieces {
                if !p.isSpace, !current.isEmpty, width + p.advance > box.width {
                    if let s = lastSpace {
                        lines.append((n, Array(current[...s])))
                        current = Array(current[(s + 1)...])
                    } else {
                        lines.append((n, current))
                        current = []
                    }
                    width = current.reduce(0) { $0 + $1.advance + tracking }
                    lastSpace = nil
                }
                current.append(p)
                width += p.advance + tracking
                if p.isSpace { lastSpace = current.count - 1 }
            }
            lines.append((n, current))
        }
        let ascent = d.ascent.map { $0 * d.size } ?? fonts.metrics(for: LottieTextLayer.font(d)).ascender
        var paragraph: Int?
        var index = 0
        for (k, line) in lines.enumerated() {
            let baseline: Double
            if let box = d.box {
                baseline = box.minY + ascent + Double(k) * d.lineHeight - d.baselineShift
                if baseline - ascent > box.maxY { break }                  // past the box's bottom
            } else {
                baseline = Double(k) * d.lineHeight - d.baselineShift
            }
            guard !line.pieces.isEmpty else { continue }
            // Its width: every advance and the tracking after each character (a box's line
            // without its trailing spaces).
            var counted = line.pieces[...]
            if d.box != nil { while counted.last?.isSpace == true { counted = counted.dropLast() } }
            let width = counted.reduce(0) { $0 + $1.advance + tracking }
            let room = d.box?.width ?? 0
            var x: Double = switch d.justification {
            case .right, .justifyLastRight: room - width
            case .center, .justifyLastCenter: (room - width) / 2
            default: 0
            }
            x += d.box?.minX ?? 0
            if let p = paragraph {
                for _ in 0..<max(1, line.paragraph - p) { out.letters.append((true, false)); out.extents.append((.infinity, -.infinity)) }
            }
            paragraph = line.paragraph
            for p in line.pieces {
                let letter = out.letters.count
                out.letters.append((false, p.isSpace))
                out.extents.append((x, x + p.advance))
                if let outline = p.outline {
                    out.glyphs.append(Glyph(face: nil, size: d.size, id: 0, pen: Point(x: x, y: baseline), pivot: Point(x: x, y: baseline),
                                            groupWidth: 0, line: index, letter: letter, units: [], outline: outline))
                }
                for g in p.fontGlyphs {
                    out.glyphs.append(Glyph(face: g.face, size: g.size, id: g.id, pen: Point(x: x + g.pen.x, y: baseline + g.pen.y),
                                            pivot: Point(x: x + g.pen.x, y: baseline), groupWidth: 0, line: index, letter: letter,
                                            units: [], outline: g.outline))
                }
                x += p.advance + tracking
            }
            index += 1
        }
        return out
    }
}

extension LottieGlyph {
    /// The paths of an embedded glyph's shapes as one path: each group's transform applied
    /// (at frame 0: glyphs do not move), fills and strokes left out (the text's own colours
    /// paint it).
    static func outline(of items: [ShapeItem]) -> Path {
        var out = Path()
        func add(_ items: [ShapeItem], _ matrix: AffineTransform, depth: Int) {
            guard depth < 64 else { return }
            for item in items {
                if case .group(_, let inner, let t) = item {
                    add(inner, t.matrix(at: 0).concatenating(matrix), depth: depth + 1)
                } else if case .blended(let inner, _) = item {
                    add([inner], matrix, depth: depth + 1)
                } else if let p = ShapeContents.geometry(item, at: 0) {
                    out.addPath(matrix.isIdentity ? p : p.applying(matrix))
                }
            }
        }
        add(items, .identity, depth: 0)
        return out
    }
}
