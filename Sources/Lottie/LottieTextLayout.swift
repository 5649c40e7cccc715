#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry
import RenderModel
import TextEngine

/// A text document set for a ``LottieTextLayer`` (LT1), made once per document and font system:
/// its glyph runs as the text engine set them and, when the glyphs are drawn one by one (a
/// stroke, animators, a path, embedded glyphs), each glyph with its outline, its place and the
/// unit it is for each range-selector basis. A frame then only evaluates the selectors and
/// what they apply.
struct LottieTextLayout {
    /// One glyph, placed in the layer.
    struct Glyph {
        /// Its font face, nil for an embedded glyph (drawn from its outline).
        var face: FontFace?
        var size: Double
        var id: UInt32
        /// Its pen position.
        var pen: Point
        /// The middle of its anchor group's advance (its character's, word's or line's) on the
        /// baseline: animators turn and scale the character about it, as lottie-web does.
        var pivot: Point
        /// The advance of that group (the grouping alignment moves the pivot by shares of it).
        var groupWidth: Double
        /// The middle of its character's advance (x): what a path places.
        var middle = 0.0
        /// Its line, and its character among the text's (glyphs of one cluster share it).
        var line: Int, letter: Int
        /// Its unit for each basis (characters, without spaces, words, lines).
        var units: [Int]
        /// Its outline with the pen at the origin, in points (nil for colour glyphs, which
        /// are only moved).
        var outline: Path?
    }

    /// One line as set: its characters' extent, baseline and first character and count.
    struct Line {
        var minX = Double.infinity, maxX = -Double.infinity
        var baseline = 0.0
        var firstLetter = Int.max, letterCount = 0
    }

    /// The characters and glyphs of a document as placed, before units are counted: the
    /// characters in reading order with a break between lines, each character's advance.
    struct Placed {
        var letters: [(isBreak: Bool, isSpace: Bool)] = []
        var extents: [(minX: Double, maxX: Double)] = []
        var glyphs: [Glyph] = []
    }

    let document: LottieTextDocument
    /// The glyph runs as set, in the fill colour.
    let runs: [DrawCommand]
    /// Whether the glyphs are drawn one by one (``draws(at:animators:alignment:orders:path:)``), not as ``runs``.
    let isPerGlyph: Bool
    /// Whether the text is drawn from embedded glyphs (with the font's for the characters they lack).
    let isEmbedded: Bool
    let glyphs: [Glyph]
    let lines: [Line]
    /// How many units of each basis the text has (the selectors' 100%).
    let unitCounts: [Int]

    init(_ d: LottieTextDocument, in fonts: FontSystem, perGlyph: Bool, grouping: LottieText.AnchorPointGrouping = .characters,
         glyphs set: LottieGlyphSet = LottieGlyphSet()) {
        document = d
        isEmbedded = !set.isEmpty && d.paragraphs.contains { $0.contains { set.glyph(for: String($0), family: d.fontFamily, style: d.fontStyle) != nil } }
        isPerGlyph = perGlyph || isEmbedded
        var runs: [DrawCommand] = []
        var placed = Placed()
        if isEmbedded {
            placed = Self.embedded(d, in: fonts, glyphs: set)
        } else {
            let hasFill = (d.fillColor?.alpha ?? 0) > 0
            let lines = hasFill || perGlyph ? LottieTextLayer.lines(d, in: fonts) : []
            if hasFill {
                for l in lines { for run in l.line.runs { runs.append(.glyphs(run, at: l.origin)) } }
            }
            if perGlyph { placed = Self.shaped(lines) }
        }
        self.runs = runs
        guard isPerGlyph else { glyphs = []; lines = []; unitCounts = Array(repeating: 0, count: 4); return }
        let letters = placed.letters, extents = placed.extents
        var glyphs = placed.glyphs

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
        var lines: [Line] = []
        for k in glyphs.indices where glyphs[k].letter < letters.count {
            let letter = glyphs[k].letter, e = extents[letter]
            glyphs[k].units = units.map { $0[letter] }
            glyphs[k].middle = e.minX <= e.maxX ? (e.minX + e.maxX) / 2 : glyphs[k].pen.x
            let span = spans[group[letter]]
            if span.minX <= span.maxX {
                glyphs[k].pivot.x = (span.minX + span.maxX) / 2
                glyphs[k].groupWidth = span.maxX - span.minX
            }
            let n = glyphs[k].line
            while lines.count <= n { lines.append(Line()) }
            if lines[n].firstLetter == Int.max { lines[n].baseline = glyphs[k].pivot.y }
            if e.minX <= e.maxX { lines[n].minX = min(lines[n].minX, e.minX); lines[n].maxX = max(lines[n].maxX, e.maxX) }
            lines[n].firstLetter = min(lines[n].firstLetter, letter)
            lines[n].letterCount = max(lines[n].letterCount, letter - lines[n].firstLetter + 1)
        }
        self.glyphs = glyphs
        self.lines = lines
        unitCounts = counts
    }

    /// The characters and glyphs of `lines` as the text engine set them.
    static func shaped(_ lines: [LottieTextLayer.SetLine]) -> Placed {
        // The characters in reading order, with a line break between lines (one per paragraph
        // boundary, so an empty paragraph counts as lottie-web counts its "\r").
        var out = Placed()
        struct OutlineKey: Hashable { var face: ObjectIdentifier, id: UInt32 }
        var outlines: [OutlineKey: Path?] = [:]
        var paragraph: Int?
        for (n, set) in lines.enumerated() {
            if let p = paragraph {
                for _ in 0..<max(1, set.paragraph - p) { out.letters.append((true, false)); out.extents.append((.infinity, -.infinity)) }
            }
            paragraph = set.paragraph
            let range = set.line.range, first = out.letters.count
            var starts: [Int] = []                        // each character's UTF-16 offset
            var offset = 0
            for ch in set.text {
                if offset >= range.upperBound { break }
                if offset >= range.lowerBound {
                    starts.append(offset)
                    out.letters.append((false, ch.isWhitespace && !ch.isNewline))
                    out.extents.append((.infinity, -.infinity))
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
                    let letter = min(first + k, max(out.letters.count - 1, 0))
                    if letter < out.extents.count {
                        out.extents[letter].minX = min(out.extents[letter].minX, set.origin.x + (cell?.minX ?? p.x))
                        out.extents[letter].maxX = max(out.extents[letter].maxX, set.origin.x + (cell?.maxX ?? p.x))
                    }
                    out.glyphs.append(Glyph(face: run.face, size: run.size, id: id,
                                            pen: Point(x: set.origin.x + p.x, y: set.origin.y + p.y),
                                            pivot: Point(x: set.origin.x + p.x, y: baseline), groupWidth: 0,
                                            line: n, letter: letter, units: [], outline: outline))
                }
            }
        }
        return out
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
        /// Skews, flat 3D turns and turns, in the animators' order.
        var turn = AffineTransform.identity
        var opacity = 1.0
        var fill: Color?, stroke: Color?
        var strokeWidth: Double
        /// The blur radius (0: sharp).
        var blur = 0.0
    }

    /// The commands drawing the glyphs at composition frame `frame` with `animators` applied,
    /// each group's pivot moved by `alignment` (percent of its advance's half and of a line's
    /// height, lottie-web's grouping alignment), along `path` when there is one: font glyphs
    /// only moved are drawn as glyph runs, embedded ones only moved as one shape per colour,
    /// others from their outlines.
    /// `orders`: ``randomOrders(for:)`` of the same animators, made once by a caller drawing
    /// every frame (nil: made here).
    func draws(at frame: Double, animators: [LottieTextAnimator], alignment: Point = .zero,
               orders given: [[Int]?]? = nil, path: PathPlacement? = nil) -> [DrawCommand] {
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
        let spacing = lineSpacingOffsets(animators, values, coverage)
        var out: [DrawCommand] = []
        var pending: GlyphRun?
        var pendingShape: (path: Path, color: Color)?
        func flush() {
            if let run = pending { out.append(.glyphs(run, at: .zero)) }
            if let shape = pendingShape { out.append(.fillShape(shape.path, .color(shape.color), .nonZero)) }
            pending = nil
            pendingShape = nil
        }
        for (i, g) in glyphs.enumerated() {
            var s = Style(fill: d.fillColor, stroke: d.strokeColor, strokeWidth: d.strokeWidth)
            for k in animators.indices {
                let m = coverage(k, g)
                if m != 0 { values[k].apply(m, to: &s) }
            }
            let opacity = min(max(s.opacity, 0), 1)
            guard opacity > 0 else { continue }
            // Along a path: the turn and move that take the character's middle to its place.
            let placed = path.map { $0.transform(for: g, in: lines, shift: tracking[i]) } ?? .identity
            if path == nil { s.offset.x += tracking[i] }
            s.offset.y += spacing[i]
            let width = min(max(s.strokeWidth, 0), 16_384)
            let stroke = width > 0 && (s.stroke?.alpha ?? 0) > 0 && g.outline != nil ? s.stroke : nil
            let move = Point(x: s.offset.x - s.anchor.x + placed.tx, y: s.offset.y - s.anchor.y + placed.ty)
            guard move.x.isFinite, move.y.isFinite else { continue }
            let isMove = s.scaleX == 1 && s.scaleY == 1 && s.turn.isIdentity && placed.a == 1 && placed.b == 0 && placed.c == 0 && placed.d == 1
            let blur = s.blur.isFinite ? min(max(s.blur, 0), 1_000) : 0
            if stroke == nil, (isMove && blur == 0) || g.outline == nil {
                guard var color = s.fill else { continue }
                color.alpha *= opacity
                guard color.alpha > 0 else { continue }
                let pen = Point(x: g.pen.x + move.x, y: g.pen.y + move.y)
                if let face = g.face {
                    // A glyph of a run: consecutive ones of one face, size and colour share it.
                    if let p = pending, p.face === face, p.size == g.size, p.color == color {
                        pending?.glyphs.append(g.id)
                        pending?.positions.append(pen)
                    } else {
                        flush()
                        pending = GlyphRun(face: face, size: g.size, glyphs: [g.id], positions: [pen], color: color)
                    }
                } else if let outline = g.outline, !outline.isEmpty {
                    // An embedded glyph: consecutive ones of one colour fill one shape.
                    let placedOutline = outline.applying(AffineTransform(translationX: pen.x, y: pen.y))
                    if pending == nil, pendingShape?.color == color {
                        pendingShape?.path.addPath(placedOutline)
                    } else {
                        flush()
                        pendingShape = (placedOutline, color)
                    }
                }
                continue
            }
            flush()
            guard let outline = g.outline, !outline.isEmpty else { continue }     // a space draws nothing
            // About the pivot: anchor, scale, skews and turns, then moved (lottie-web's order),
            // then placed along the path.
            let pivot = Point(x: g.pivot.x + alignment.x / 200 * g.groupWidth, y: g.pivot.y + alignment.y / 100 * d.size * 1.2 * 0.714)
            let matrix = AffineTransform(translationX: g.pen.x - pivot.x - s.anchor.x, y: g.pen.y - pivot.y - s.anchor.y)
                .concatenating(AffineTransform(scaleX: s.scaleX, y: s.scaleY))
                .concatenating(s.turn)
                .concatenating(AffineTransform(translationX: pivot.x + s.offset.x, y: pivot.y + s.offset.y))
                .concatenating(placed)
            guard [matrix.a, matrix.b, matrix.c, matrix.d, matrix.tx, matrix.ty].allSatisfy(\.isFinite) else { continue }
            // Fill and stroke fade together: through a group when both are drawn and faded.
            let grouped = opacity < 1 && stroke != nil && (s.fill?.alpha ?? 0) > 0
            let alpha = grouped ? 1 : opacity
            var layers: [DrawCommand] = []
            if var fill = s.fill {
                fill.alpha *= alpha
                if fill.alpha > 0 {
                    let p = outline.applying(matrix)
                    layers.append(blur > 0 ? .shadow(p, fill, radius: blur) : .fillShape(p, .color(fill), .nonZero))
                }
            }
            if var color = stroke {
                color.alpha *= alpha
                let path = outline.copy(strokingWithWidth: width, lineCap: .butt, lineJoin: .miter, miterLimit: 4).applying(matrix)
                let drawn: DrawCommand = blur > 0 ? .shadow(path, color, radius: blur) : .fillShape(path, .color(color), .nonZero)
                if d.strokeOverFill { layers.append(drawn) } else { layers.insert(drawn, at: 0) }
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

    /// Each glyph's drop from the animators' line spacing: a line moves down by what the lines
    /// before it add, each the most any of its characters takes (ThorVG's reading).
    func lineSpacingOffsets(_ animators: [LottieTextAnimator], _ values: [Values],
                            _ coverage: (Int, Glyph) -> Double) -> [Double] {
        var out = [Double](repeating: 0, count: glyphs.count)
        let spaced = animators.indices.filter { animators[$0].lineSpacing != nil }
        guard !spaced.isEmpty, lines.count > 1 else { return out }
        var most = [Double](repeating: 0, count: lines.count)
        for g in glyphs {
            var add = 0.0
            for k in spaced { add += (values[k].lineSpacing ?? 0) * coverage(k, g) }
            if add.isFinite, add > most[g.line] { most[g.line] = add }
        }
        var drop = [Double](repeating: 0, count: lines.count)
        for n in lines.indices.dropFirst() { drop[n] = drop[n - 1] + most[n - 1] }
        for (i, g) in glyphs.enumerated() { out[i] = drop[g.line] }
        return out
    }

    /// An animator's properties at one frame.
    struct Values {
        var anchor: Point, position: Point, scale: LottieVector, rotation: Double, skew: Double, skewAxis: Double
        var opacity: Double?, fill: LottieVector?, stroke: LottieVector?, strokeWidth: Double?, tracking: Double?
        var fillOpacity: Double?, strokeOpacity: Double?, lineSpacing: Double?
        /// Hue (degrees), saturation and brightness (percent) shifts of the fill and the stroke.
        var fillHSB: LottieVector?, strokeHSB: LottieVector?
        var rotationX: Double, rotationY: Double
        /// The blur radius: the mean of the horizontal and vertical ones (or the one given).
        var blur: Double?

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
            lineSpacing = a.lineSpacing?.scalar(at: frame)
            func hsb(_ h: Animatable<LottieVector>?, _ s: Animatable<LottieVector>?, _ b: Animatable<LottieVector>?) -> LottieVector? {
                h == nil && s == nil && b == nil ? nil
                    : LottieVector(h?.scalar(at: frame) ?? 0, s?.scalar(at: frame) ?? 0, b?.scalar(at: frame) ?? 0, 0)
            }
            fillHSB = hsb(a.fillHue, a.fillSaturation, a.fillBrightness)
            strokeHSB = hsb(a.strokeHue, a.strokeSaturation, a.strokeBrightness)
            rotationX = a.rotationX?.scalar(at: frame) ?? 0
            rotationY = a.rotationY?.scalar(at: frame) ?? 0
            blur = a.blur.map { let v = $0.value(at: frame); return v.y == 0 ? v.x : v.x == 0 ? v.y : (v.x + v.y) / 2 }
        }

        /// Applies these values, `m` of the way (the selector's coverage), to `s`.
        func apply(_ m: Double, to s: inout Style) {
            s.anchor.x += anchor.x * m; s.anchor.y += anchor.y * m
            s.offset.x += position.x * m; s.offset.y += position.y * m
            s.scaleX *= 1 + (scale.x / 100 - 1) * m
            s.scaleY *= 1 + (scale.y / 100 - 1) * m
            if skew != 0 { s.turn = s.turn.concatenating(LottieTransform.skewMatrix(skew * m, axis: skewAxis * m)) }
            if rotationX != 0 || rotationY != 0 { s.turn = s.turn.concatenating(Self.flatTurn(x: rotationX * m, y: rotationY * m)) }
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
            if let v = fillHSB, let f = s.fill { s.fill = Self.shifted(f, v, m) }
            if let v = strokeHSB, let c = s.stroke { s.stroke = Self.shifted(c, v, m) }
            if let b = blur { s.blur += b * m }
        }

        /// A character turned `x` degrees about its x axis, then `y` about its y axis, seen
        /// flat (no perspective): its width shortened by cos y, its height by cos x, and a
        /// shear when both turn.
        static func flatTurn(x: Double, y: Double) -> AffineTransform {
            let a = x * .pi / 180, b = y * .pi / 180
            return AffineTransform(a: cos(b), b: 0, c: sin(a) * sin(b), d: cos(a), tx: 0, ty: 0)
        }

        /// `color` with `m` of the shift `v` in HSV (lottie-web's reading): hue turned by
        /// v.x degrees, saturation and value raised by v.y and v.z percent (clamped); alpha kept.
        static func shifted(_ color: Color, _ v: LottieVector, _ m: Double) -> Color {
            let r = color.red, g = color.green, b = color.blue
            let high = max(r, g, b), low = min(r, g, b), range = high - low
            var hue = 0.0
            if range > 0 {
                hue = high == r ? (g - b) / range : high == g ? 2 + (b - r) / range : 4 + (r - g) / range
                hue /= 6
            }
            var saturation = high > 0 ? range / high : 0, value = high
            hue += v.x * m / 360
            saturation = min(max(saturation + v.y * m / 100, 0), 1)
            value = min(max(value + v.z * m / 100, 0), 1)
            guard hue.isFinite, saturation.isFinite, value.isFinite else { return color }
            hue -= hue.rounded(.down)
            let h6 = hue * 6, sector = min(Int(h6), 5), f = h6 - Double(sector)
            let p = value * (1 - saturation), q = value * (1 - saturation * f), t = value * (1 - saturation * (1 - f))
            let (red, green, blue) = switch sector {
            case 0: (value, t, p)
            case 1: (q, value, p)
            case 2: (p, value, t)
            case 3: (p, q, value)
            case 4: (t, p, value)
            default: (value, p, q)
            }
            return Color(red: red, green: green, blue: blue, alpha: color.alpha)
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
