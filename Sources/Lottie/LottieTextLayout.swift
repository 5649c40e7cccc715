import Geometry
import RenderModel
import TextEngine

/// A text document set for a ``LottieTextLayer`` (LT1), made once per document and font system:
/// its glyph runs as the text engine set them and, when the glyphs are drawn one by one (a
/// stroke, animators), each glyph with its outline, its place and the unit it is for each
/// range-selector basis. A frame then only evaluates the selectors and what they apply.
struct LottieTextLayout {
    /// One glyph, placed in the layer.
    struct Glyph {
        var face: FontFace
        var size: Double
        var id: UInt32
        /// Its pen position.
        var pen: Point
        /// The middle of its anchor group's advance (its character's, word's or line's) on the
        /// baseline: animators turn and scale the character about it, as lottie-web does.
        var pivot: Point
        /// The advance of that group (the grouping alignment moves the pivot by shares of it).
        var groupWidth: Double
        /// Its line, and its character among the text's (glyphs of one cluster share it).
        var line: Int, letter: Int
        /// Its unit for each basis (characters, without spaces, words, lines).
        var units: [Int]
        /// Its outline with the pen at the origin, in points (nil for colour glyphs, which
        /// are only moved).
        var outline: Path?
    }

    let document: LottieTextDocument
    /// The glyph runs as set, in the fill colour.
    let runs: [DrawCommand]
    /// Whether the glyphs are drawn one by one (``draws(at:animators:)``), not as ``runs``.
    let isPerGlyph: Bool
    let glyphs: [Glyph]
    /// How many units of each basis the text has (the selectors' 100%).
    let unitCounts: [Int]

    init(_ d: LottieTextDocument, in fonts: FontSystem, perGlyph: Bool, grouping: LottieText.AnchorPointGrouping = .characters) {
        document = d
        isPerGlyph = perGlyph
        let hasFill = (d.fillColor?.alpha ?? 0) > 0
        let lines = hasFill || perGlyph ? LottieTextLayer.lines(d, in: fonts) : []
        var runs: [DrawCommand] = []
        if hasFill {
            for l in lines { for run in l.line.runs { runs.append(.glyphs(run, at: l.origin)) } }
        }
        self.runs = runs
        guard perGlyph else { glyphs = []; unitCounts = Array(repeating: 0, count: 4); return }

        // The characters in reading order, with a line break between lines (one per paragraph
        // boundary, so an empty paragraph counts as lottie-web counts its "\r").
        var letters: [(isBreak: Bool, isSpace: Bool)] = []
        var extents: [(minX: Double, maxX: Double)] = []    // each character's advance in the layer
        var glyphs: [Glyph] = []
        struct OutlineKey: Hashable { var face: ObjectIdentifier, id: UInt32 }
        var outlines: [OutlineKey: Path?] = [:]
        var paragraph: Int?
        for (n, set) in lines.enumerated() {
            if let p = paragraph {
                for _ in 0..<max(1, set.paragraph - p) { letters.append((true, false)); extents.append((.infinity, -.infinity)) }
            }
            paragraph = set.paragraph
            let range = set.line.range, first = letters.count
            var starts: [Int] = []                        // each character's UTF-16 offset
            var offset = 0
            for ch in set.text {
                if offset >= range.upperBound { break }
                if offset >= range.lowerBound {
                    starts.append(offset)
                    letters.append((false, ch.isWhitespace && !ch.isNewline))
                    extents.append((.infinity, -.infinity))
                }
                offset += ch.utf16.count
            }
            let cells = set.line.cells
            let baseline = set.origin.y + set.line.baseline
            for run in set.line.runs {
                for (id, p) in zip(run.glyphs, run.positions) {
                    // Its cell: the one whose extent holds its pen, else the nearest.
                    let cell = cells.first { p.x >= $0.minX && p.x < $0.maxX }
                        ?? cells.min { abs($0.minX - p.x) < abs($1.minX - p.x) }
                    let cluster = cell?.range.lowerBound ?? range.lowerBound
                    let k = starts.lastIndex { $0 <= cluster } ?? 0
                    let key = OutlineKey(face: ObjectIdentifier(run.face), id: id)
                    let outline: Path?
                    if let o = outlines[key] { outline = o } else {
                        outline = Self.outline(id, of: run.face, size: run.size)
                        outlines[key] = outline
                    }
                    let letter = min(first + k, max(letters.count - 1, 0))
                    if letter < extents.count {
                        extents[letter].minX = min(extents[letter].minX, set.origin.x + (cell?.minX ?? p.x))
                        extents[letter].maxX = max(extents[letter].maxX, set.origin.x + (cell?.maxX ?? p.x))
                    }
                    glyphs.append(Glyph(face: run.face, size: run.size, id: id,
                                        pen: Point(x: set.origin.x + p.x, y: set.origin.y + p.y),
                                        pivot: Point(x: set.origin.x + p.x, y: baseline), groupWidth: 0,
                                        line: n, letter: letter, units: [], outline: outline))
                }
            }
        }
        // Each basis's unit of each character, as lottie-web counts them: a character is the
        // unit the count has reached, and the count moves on after a character (not a break),
        // a character other than a space, a word's end (a space, a break, the last character),
        // a line's end (a break, the last character).
        var units: [[Int]] = []
        var counts: [Int] = []
        for basis in LottieTextRangeSelector.Basis.allCases {
            var unit = 0
            var column: [Int] = []
            column.reserveCapacity(letters.count)
            for (k, l) in letters.enumerated() {
                column.append(unit)
                let last = k == letters.count - 1
                let counted = switch basis {
                case .characters: !l.isBreak
                case .charactersExcludingSpaces: !l.isBreak && !l.isSpace
                case .words: l.isBreak || l.isSpace || last
                case .lines: l.isBreak || last
                }
                if counted { unit += 1 }
            }
            units.append(column)
            counts.append(unit)
        }
        // Anchor groups: each character, or the characters of a word (spaces and breaks end
        // it) or of a line (breaks end it), spanning their advances.
        var group = [Int](repeating: 0, count: letters.count)
        var spans: [(minX: Double, maxX: Double)] = []
        for (k, l) in letters.enumerated() {
            let ends = switch grouping {
            case .characters, .all: true
            case .words: l.isBreak || l.isSpace || (k > 0 && (letters[k - 1].isBreak || letters[k - 1].isSpace))
            case .lines: l.isBreak || (k > 0 && letters[k - 1].isBreak)
            }
            if ends || spans.isEmpty { spans.append((.infinity, -.infinity)) }
            group[k] = spans.count - 1
            spans[spans.count - 1].minX = min(spans[spans.count - 1].minX, extents[k].minX)
            spans[spans.count - 1].maxX = max(spans[spans.count - 1].maxX, extents[k].maxX)
        }
        for k in glyphs.indices where glyphs[k].letter < letters.count {
            glyphs[k].units = units.map { $0[glyphs[k].letter] }
            let span = spans[group[glyphs[k].letter]]
            if span.minX <= span.maxX {
                glyphs[k].pivot.x = (span.minX + span.maxX) / 2
                glyphs[k].groupWidth = span.maxX - span.minX
            }
        }
        self.glyphs = glyphs
        unitCounts = counts
    }

    /// The outline of glyph `id` of `face` at `size` points, the pen at the origin; nil for a
    /// colour glyph.
    static func outline(_ id: UInt32, of face: FontFace, size: Double) -> Path? {
        if face.hasColor { return nil }
        var path = Path()
        path.addGlyph(id, of: face, size: size, at: .zero)
        return path
    }

    /// What the animators make of each glyph at composition frame `frame`, in order.
    struct Style {
        var offset = Point.zero
        var anchor = Point.zero
        var scaleX = 1.0, scaleY = 1.0
        /// Skews and turns, in the animators' order.
        var turn = AffineTransform.identity
        var opacity = 1.0
        var fill: Color?, stroke: Color?
        var strokeWidth: Double
    }

    /// The commands drawing the glyphs at composition frame `frame` with `animators` applied,
    /// each group's pivot moved by `alignment` (percent of its advance's half and of a line's
    /// height, lottie-web's grouping alignment): glyphs only moved are drawn as glyph runs,
    /// others from their outlines.
    /// `orders`: ``randomOrders(for:)`` of the same animators, made once by a caller drawing
    /// every frame (nil: made here).
    func draws(at frame: Double, animators: [LottieTextAnimator], alignment: Point = .zero,
               orders given: [[Int]?]? = nil) -> [DrawCommand] {
        let d = document
        let counts = animators.map { unitCounts[$0.selector.basis.rawValue - 1] }
        let selectors = animators.indices.map { animators[$0].selector.resolved(at: frame, count: counts[$0]) }
        let orders = given ?? randomOrders(for: animators)
        let values = animators.map { Values($0, at: frame) }
        func coverage(_ k: Int, _ g: Glyph) -> Double {
            guard !g.units.isEmpty else { return 0 }
            let unit = g.units[animators[k].selector.basis.rawValue - 1]
            return selectors[k].coverage(orders[k].map { unit < $0.count ? $0[unit] : unit } ?? unit)
        }
        let tracking = trackingOffsets(animators, values, coverage)
        var out: [DrawCommand] = []
        var pending: GlyphRun?
        func flush() {
            if let run = pending { out.append(.glyphs(run, at: .zero)) }
            pending = nil
        }
        for (i, g) in glyphs.enumerated() {
            var s = Style(fill: d.fillColor, stroke: d.strokeColor, strokeWidth: d.strokeWidth)
            for k in animators.indices {
                let m = coverage(k, g)
                if m != 0 { values[k].apply(m, to: &s) }
            }
            s.offset.x += tracking[i]
            let opacity = min(max(s.opacity, 0), 1)
            guard opacity > 0 else { continue }
            let width = min(max(s.strokeWidth, 0), 16_384)
            let stroke = width > 0 && (s.stroke?.alpha ?? 0) > 0 && g.outline != nil ? s.stroke : nil
            let move = Point(x: s.offset.x - s.anchor.x, y: s.offset.y - s.anchor.y)
            guard move.x.isFinite, move.y.isFinite else { continue }
            let isMove = s.scaleX == 1 && s.scaleY == 1 && s.turn.isIdentity
            if stroke == nil, isMove || g.outline == nil {
                // A glyph of a run: consecutive ones of one face, size and colour share it.
                guard var color = s.fill else { continue }
                color.alpha *= opacity
                guard color.alpha > 0 else { continue }
                let pen = Point(x: g.pen.x + move.x, y: g.pen.y + move.y)
                if let p = pending, p.face === g.face, p.size == g.size, p.color == color {
                    pending?.glyphs.append(g.id)
                    pending?.positions.append(pen)
                } else {
                    flush()
                    pending = GlyphRun(face: g.face, size: g.size, glyphs: [g.id], positions: [pen], color: color)
                }
                continue
            }
            flush()
            guard let outline = g.outline, !outline.isEmpty else { continue }     // a space draws nothing
            // About the pivot: anchor, scale, skews and turns, then moved (lottie-web's order).
            let pivot = Point(x: g.pivot.x + alignment.x / 200 * g.groupWidth, y: g.pivot.y + alignment.y / 100 * d.size * 1.2 * 0.714)
            let matrix = AffineTransform(translationX: g.pen.x - pivot.x - s.anchor.x, y: g.pen.y - pivot.y - s.anchor.y)
                .concatenating(AffineTransform(scaleX: s.scaleX, y: s.scaleY))
                .concatenating(s.turn)
                .concatenating(AffineTransform(translationX: pivot.x + s.offset.x, y: pivot.y + s.offset.y))
            guard [matrix.a, matrix.b, matrix.c, matrix.d, matrix.tx, matrix.ty].allSatisfy(\.isFinite) else { continue }
            // Fill and stroke fade together: through a group when both are drawn and faded.
            let grouped = opacity < 1 && stroke != nil && (s.fill?.alpha ?? 0) > 0
            let alpha = grouped ? 1 : opacity
            var layers: [DrawCommand] = []
            if var fill = s.fill {
                fill.alpha *= alpha
                if fill.alpha > 0 { layers.append(.fillShape(outline.applying(matrix), .color(fill), .nonZero)) }
            }
            if var color = stroke {
                color.alpha *= alpha
                let path = outline.copy(strokingWithWidth: width, lineCap: .butt, lineJoin: .miter, miterLimit: 4).applying(matrix)
                if d.strokeOverFill { layers.append(.fillShape(path, .color(color), .nonZero)) } else { layers.insert(.fillShape(path, .color(color), .nonZero), at: 0) }
            }
            if grouped {
                out.append(.beginGroup(GroupState(transform: .identity, opacity: opacity, clip: nil, clipCornerRadius: 0, name: "glyph")))
                out.append(contentsOf: layers)
                out.append(.endGroup)
            } else {
                out.append(contentsOf: layers)
            }
        }
        flush()
        return out
    }

    /// The fixed shuffle of its units each animator that randomises its order takes (nil for
    /// the others): the same for a text and animator every frame.
    func randomOrders(for animators: [LottieTextAnimator]) -> [[Int]?] {
        animators.indices.map { k in
            let selector = animators[k].selector
            return selector.randomizesOrder ? LottieTextRangeSelector.order(count: unitCounts[selector.basis.rawValue - 1], seed: k) : nil
        }
    }

    /// Each glyph's shift from the animators' tracking: a character after the first of its line
    /// moves by what the characters up to it add (lottie-web adds it before placing each); a
    /// right-aligned line moves back by all of its line's, a centred one by half.
    func trackingOffsets(_ animators: [LottieTextAnimator], _ values: [Values],
                         _ coverage: (Int, Glyph) -> Double) -> [Double] {
        var out = [Double](repeating: 0, count: glyphs.count)
        let tracked = animators.indices.filter { animators[$0].tracking != nil }
        guard !tracked.isEmpty else { return out }
        let back: Double = switch document.justification {
        case .right, .justifyLastRight: 1
        case .center, .justifyLastCenter: 0.5
        default: 0
        }
        var start = 0
        while start < glyphs.count {
            let line = glyphs[start].line, first = glyphs[start].letter
            var end = start, shift = 0.0, letter = first
            while end < glyphs.count, glyphs[end].line == line {
                let g = glyphs[end]
                if g.letter != letter {
                    letter = g.letter
                    for k in tracked { shift += (values[k].tracking ?? 0) * coverage(k, g) }
                }
                out[end] = shift
                end += 1
            }
            for k in start..<end { out[k] -= shift * back }
            start = end
        }
        return out
    }

    /// An animator's properties at one frame.
    struct Values {
        var anchor: Point, position: Point, scale: LottieVector, rotation: Double, skew: Double, skewAxis: Double
        var opacity: Double?, fill: LottieVector?, stroke: LottieVector?, strokeWidth: Double?, tracking: Double?
        var fillOpacity: Double?, strokeOpacity: Double?

        init(_ a: LottieTextAnimator, at frame: Double) {
            let t = a.transform
            anchor = t.anchor.point(at: frame)
            position = t.positionValue(at: frame)
            scale = t.scale.value(at: frame)
            rotation = t.rotation.scalar(at: frame)
            skew = t.skew.scalar(at: frame)
            skewAxis = t.skewAxis.scalar(at: frame)
            opacity = a.opacity?.scalar(at: frame)
            fill = a.fillColor?.value(at: frame)
            stroke = a.strokeColor?.value(at: frame)
            strokeWidth = a.strokeWidth?.scalar(at: frame)
            tracking = a.tracking?.scalar(at: frame)
            fillOpacity = a.fillOpacity?.scalar(at: frame)
            strokeOpacity = a.strokeOpacity?.scalar(at: frame)
        }

        /// Applies these values, `m` of the way (the selector's coverage), to `s`.
        func apply(_ m: Double, to s: inout Style) {
            s.anchor.x += anchor.x * m; s.anchor.y += anchor.y * m
            s.offset.x += position.x * m; s.offset.y += position.y * m
            s.scaleX *= 1 + (scale.x / 100 - 1) * m
            s.scaleY *= 1 + (scale.y / 100 - 1) * m
            if skew != 0 { s.turn = s.turn.concatenating(LottieTransform.skewMatrix(skew * m, axis: skewAxis * m)) }
            if rotation != 0 { s.turn = s.turn.concatenating(AffineTransform(rotationAngle: rotation * m * .pi / 180)) }
            // Toward the animator's opacity (After Effects' and ThorVG's; lottie-web agrees
            // wherever the opacity is 0 or the coverage whole).
            if let o = opacity { s.opacity += (o / 100 - s.opacity) * m }
            if let c = fill, let f = s.fill { s.fill = Self.blend(f, c, m) }
            if let c = stroke { s.stroke = Self.blend(s.stroke ?? .black, c, m) }
            if let w = strokeWidth { s.strokeWidth += w * m }
            // Fill and stroke opacity as ThorVG blends them (lottie-web has neither).
            if let o = fillOpacity, var f = s.fill {
                f.alpha = Self.toward(f.alpha, o / 100, m)
                s.fill = f
            }
            if let o = strokeOpacity {
                var c = s.stroke ?? .black
                c.alpha = Self.toward(c.alpha, o / 100, m)
                s.stroke = c
            }
        }

        /// `a` `m` of the way toward `b`, in 0...1 (`a` when that is not a number).
        static func toward(_ a: Double, _ b: Double, _ m: Double) -> Double {
            let x = a + (b - a) * m
            return x.isFinite ? min(max(x, 0), 1) : a
        }

        /// `base`'s colour `m` of the way to `target` (0...1 channels), its alpha kept.
        static func blend(_ base: Color, _ target: LottieVector, _ m: Double) -> Color {
            Color(red: toward(base.red, target.x, m), green: toward(base.green, target.y, m), blue: toward(base.blue, target.z, m),
                  alpha: base.alpha)
        }
    }
}

extension Path {
    /// Adds the outline of glyph `id` of `face` at `size` points, its pen at `pen` (quadratic
    /// curves as the cubics that trace them). Colour bitmap glyphs have none.
    mutating func addGlyph(_ id: UInt32, of face: FontFace, size: Double, at pen: Point) {
        func at(_ p: Point) -> Point { Point(x: pen.x + p.x * size, y: pen.y + p.y * size) }
        var current = pen
        for e in face.outline(of: id) {
            switch e {
            case .move(let p): current = at(p); move(to: current)
            case .line(let p): current = at(p); addLine(to: current)
            case .quad(let c, let p):
                let c0 = at(c), end = at(p)
                addCurve(to: end, control1: Point(x: current.x + (c0.x - current.x) * 2 / 3, y: current.y + (c0.y - current.y) * 2 / 3),
                         control2: Point(x: end.x + (c0.x - end.x) * 2 / 3, y: end.y + (c0.y - end.y) * 2 / 3))
                current = end
            case .cubic(let c1, let c2, let p): current = at(p); addCurve(to: current, control1: at(c1), control2: at(c2))
            case .close: close()
            }
        }
    }
}
