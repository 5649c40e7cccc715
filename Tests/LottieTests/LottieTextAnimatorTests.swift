import Foundation
import Testing
import Geometry
import Images
import Layers
import RenderModel
import TextEngine
import TimelineSDL
@testable import Lottie

/// LT1's text animators (range selectors and the properties they apply per character) and text
/// strokes.
@Suite("LT1 text animators and strokes")
@MainActor
struct LottieTextAnimatorTests {
    /// A selector over `count` units with fixed values.
    static func coverage(_ shape: LottieTextRangeSelector.Shape, start: Double, end: Double, offset: Double = 0,
                         units: LottieTextRangeSelector.Units = .percentage, amount: Double = 100,
                         mode: LottieTextRangeSelector.Mode = .add, easeHigh: Double = 0, easeLow: Double = 0,
                         count: Int = 10) -> [Double] {
        var s = LottieTextRangeSelector()
        s.shape = shape; s.units = units; s.mode = mode
        s.start = .fixed(LottieVector(start, 0, 0, 0)); s.end = .fixed(LottieVector(end, 0, 0, 0))
        s.offset = .fixed(LottieVector(offset, 0, 0, 0)); s.amount = .fixed(LottieVector(amount, 0, 0, 0))
        s.easeHigh = .fixed(LottieVector(easeHigh, 0, 0, 0)); s.easeLow = .fixed(LottieVector(easeLow, 0, 0, 0))
        let r = s.resolved(at: 0, count: count)
        return (0..<count).map { r.coverage($0) }
    }

    static func close(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-6 }
    }

    @Test("LT1: a range selector's amount per unit follows lottie-web's shapes, sampled at each unit's middle")
    func LT1_textAnimatorSelectorShapes() {
        // Ten units, start 20%, end 70%, offset 10%: the range is units 3 to 8.
        #expect(Self.close(Self.coverage(.square, start: 20, end: 70, offset: 10), [0, 0, 0, 1, 1, 1, 1, 1, 0, 0]))
        // A start at 3.5 units picks half of unit 3.
        #expect(Self.close(Self.coverage(.square, start: 25, end: 70, offset: 10), [0, 0, 0, 0.5, 1, 1, 1, 1, 0, 0]))
        // Ramp up: (i + 0.5 - 3) / 5, held at 0 before and 1 after.
        let up = [0, 0, 0, 0.1, 0.3, 0.5, 0.7, 0.9, 1, 1]
        #expect(Self.close(Self.coverage(.rampUp, start: 20, end: 70, offset: 10), up))
        #expect(Self.close(Self.coverage(.rampDown, start: 20, end: 70, offset: 10), up.map { 1 - $0 }))
        // Triangle: twice the ramp up to the middle, then down.
        #expect(Self.close(Self.coverage(.triangle, start: 20, end: 70, offset: 10), [0, 0, 0, 0.2, 0.6, 1, 0.6, 0.2, 0, 0]))
        // Round: a half circle, sqrt(1 - (2t - 1)^2).
        let round = up.map { t in t <= 0 || t >= 1 ? 0 : (1 - (2 * t - 1) * (2 * t - 1)).squareRoot() }
        #expect(Self.close(Self.coverage(.round, start: 20, end: 70, offset: 10), round))
        #expect(abs(round[3] - 0.6) < 1e-9 && abs(round[4] - 0.916515) < 1e-6)
        // Smooth: (1 - cos 2πt) / 2: 0.0954915 at t = 0.1, 1 at the middle.
        let smooth = Self.coverage(.smooth, start: 20, end: 70, offset: 10)
        #expect(abs(smooth[3] - 0.0954915) < 1e-6 && abs(smooth[5] - 1) < 1e-9 && smooth[0] == 0 && smooth[9] == 0)
        // Index units: units 1 and 2; start after end is the same range.
        #expect(Self.close(Self.coverage(.square, start: 1, end: 3, units: .index), [0, 1, 1, 0, 0, 0, 0, 0, 0, 0]))
        #expect(Self.close(Self.coverage(.square, start: 3, end: 1, units: .index), [0, 1, 1, 0, 0, 0, 0, 0, 0, 0]))
        // Amount scales it; subtract picks the rest; difference too, by its distance from 1.
        #expect(Self.close(Self.coverage(.square, start: 0, end: 50, amount: 50), [0.5, 0.5, 0.5, 0.5, 0.5, 0, 0, 0, 0, 0]))
        #expect(Self.close(Self.coverage(.square, start: 0, end: 50, mode: .subtract), [0, 0, 0, 0, 0, 1, 1, 1, 1, 1]))
        #expect(Self.close(Self.coverage(.square, start: 0, end: 50, amount: 50, mode: .difference), [0.5, 0.5, 0.5, 0.5, 0.5, 1, 1, 1, 1, 1]))
        // Ease high and low of 50%: the curve (0.5, 0, 0.5, 1), symmetric, slow at both ends.
        let eased = Self.coverage(.rampUp, start: 0, end: 100, easeHigh: 50, easeLow: 50)
        #expect(abs(eased[0] + eased[9] - 1) < 1e-6 && eased[0] < 0.05 && eased[9] > 0.95)
        // An empty range picks nothing but what the ramps hold past it.
        #expect(Self.close(Self.coverage(.triangle, start: 30, end: 30), Array(repeating: 0, count: 10)))
        #expect(Self.close(Self.coverage(.rampUp, start: 30, end: 30), [0, 0, 0, 1, 1, 1, 1, 1, 1, 1]))
    }

    static func document(_ text: String, size: Double = 20, justification: LottieTextDocument.Justification = .left) -> LottieTextDocument {
        var d = LottieTextTests.plain(text, size: size, lineHeight: size * 1.2)
        d.fillColor = Color(red: 1, green: 0, blue: 0)
        d.justification = justification
        return d
    }

    static func animator(_ configure: (inout LottieTextAnimator) -> Void) -> LottieTextAnimator {
        var a = LottieTextAnimator(name: "", selector: LottieTextRangeSelector(), transform: LottieTransform())
        configure(&a)
        return a
    }

    static func indexRange(_ a: inout LottieTextAnimator, _ start: Double, _ end: Double) {
        a.selector.units = .index
        a.selector.start = .fixed(LottieVector(start, 0, 0, 0))
        a.selector.end = .fixed(LottieVector(end, 0, 0, 0))
    }

    /// The glyphs drawn as runs: each glyph's pen and colour.
    static func runGlyphs(_ draws: [DrawCommand]) -> [(pen: Point, color: Color)] {
        draws.flatMap { c -> [(pen: Point, color: Color)] in
            guard case .glyphs(let run, let at) = c else { return [] }
            return run.positions.map { (Point(x: at.x + $0.x, y: at.y + $0.y), run.color) }
        }
    }

    @Test("LT1: random order picks as many units, in a shuffled order that is the same on every frame and every load")
    func LT1_textAnimatorRandomOrder() throws {
        let fonts = try FontSystem()
        let layout = LottieTextLayout(Self.document("abcdefghij"), in: fonts, perGlyph: true)
        let plain = Self.runGlyphs(layout.runs)
        func shown(_ frame: Double) -> [Double] {
            Self.runGlyphs(layout.draws(at: frame, animators: [Self.animator {
                $0.selector.randomizesOrder = true
                $0.selector.end = .fixed(LottieVector(40, 0, 0, 0))
                $0.opacity = .fixed(.zero)
            }])).map(\.pen.x)
        }
        // 40% of ten characters hidden: six left, not the last six, the same each time.
        let left = shown(0)
        #expect(left.count == 6 && left != Array(plain.map(\.pen.x).suffix(6)))
        #expect(shown(7) == left && shown(0) == left)
        let order = LottieTextRangeSelector.order(count: 10, seed: 0)
        #expect(order.sorted() == Array(0..<10) && order == LottieTextRangeSelector.order(count: 10, seed: 0))
    }

    @Test("LT1: units are characters, characters without spaces, words or lines, as lottie-web counts them")
    func LT1_textAnimatorUnits() throws {
        let fonts = try FontSystem()
        let layout = LottieTextLayout(Self.document("ab cd\ref"), in: fonts, perGlyph: true)
        // a b ␠ c d ⏎ e f: characters count all but the break; words end at spaces, breaks and
        // the last character; lines at breaks and the last character.
        #expect(layout.unitCounts == [7, 6, 3, 2])
        #expect(layout.glyphs.count == 7)
        #expect(layout.glyphs.map { $0.units[0] } == [0, 1, 2, 3, 4, 5, 6])
        #expect(layout.glyphs.map { $0.units[1] } == [0, 1, 2, 2, 3, 4, 5])
        #expect(layout.glyphs.map { $0.units[2] } == [0, 0, 0, 1, 1, 2, 2])
        #expect(layout.glyphs.map { $0.units[3] } == [0, 0, 0, 0, 0, 1, 1])
        #expect(layout.glyphs.map(\.line) == [0, 0, 0, 0, 0, 1, 1])
    }

    @Test("LT1: position, opacity, fill colour and opacity, and tracking apply to the picked characters as far as picked; moved glyphs stay glyph runs")
    func LT1_textAnimatorMovesFadesAndColours() throws {
        let fonts = try FontSystem()
        let layout = LottieTextLayout(Self.document("mmmm"), in: fonts, perGlyph: true)
        let plain = Self.runGlyphs(layout.runs)
        #expect(plain.count == 4)
        let moved = Self.runGlyphs(layout.draws(at: 0, animators: [Self.animator {
            Self.indexRange(&$0, 1, 3)
            $0.transform.position = .fixed(LottieVector(5, -10, 0, 0))
        }]))
        for k in 0..<4 {
            let d = k == 1 || k == 2 ? Point(x: 5, y: -10) : .zero
            #expect(abs(moved[k].pen.x - plain[k].pen.x - d.x) < 1e-9 && abs(moved[k].pen.y - plain[k].pen.y - d.y) < 1e-9)
        }
        // Opacity 0 over the first half removes two glyphs; a fill colour at half the amount
        // blends halfway.
        let faded = Self.runGlyphs(layout.draws(at: 0, animators: [Self.animator {
            $0.selector.end = .fixed(LottieVector(50, 0, 0, 0))
            $0.opacity = .fixed(.zero)
        }]))
        #expect(faded.count == 2 && abs(faded[0].pen.x - plain[2].pen.x) < 1e-9)
        let coloured = Self.runGlyphs(layout.draws(at: 0, animators: [Self.animator {
            $0.selector.amount = .fixed(LottieVector(50, 0, 0, 0))
            $0.fillColor = .fixed(LottieVector(0, 0, 1, 1))
        }]))
        #expect(coloured.allSatisfy { $0.color == Color(red: 0.5, green: 0, blue: 0.5) })
        let translucent = Self.runGlyphs(layout.draws(at: 0, animators: [Self.animator {
            $0.selector.amount = .fixed(LottieVector(50, 0, 0, 0))
            $0.fillOpacity = .fixed(LottieVector(20, 0, 0, 0))
        }]))
        #expect(translucent.allSatisfy { abs($0.color.alpha - 0.6) < 1e-9 }, "half way from 100% to 20%")
        // Tracking of 10 points on every character: each moves by 10 per character before it;
        // centred text moves back by half of the 30 added.
        let tracking = Self.animator { $0.tracking = .fixed(LottieVector(10, 0, 0, 0)) }
        let tracked = Self.runGlyphs(layout.draws(at: 0, animators: [tracking]))
        for k in 0..<4 { #expect(abs(tracked[k].pen.x - plain[k].pen.x - Double(k) * 10) < 1e-9) }
        let centred = LottieTextLayout(Self.document("mmmm", justification: .center), in: fonts, perGlyph: true)
        let centredPlain = Self.runGlyphs(centred.runs)
        let centredTracked = Self.runGlyphs(centred.draws(at: 0, animators: [tracking]))
        for k in 0..<4 { #expect(abs(centredTracked[k].pen.x - centredPlain[k].pen.x - (Double(k) * 10 - 15)) < 1e-9) }
    }

    @Test("LT1: rotation, scale and anchor turn and scale each character about the middle of its advance, drawn from its outline")
    func LT1_textAnimatorTransformsAboutTheCharacter() throws {
        let fonts = try FontSystem()
        let layout = LottieTextLayout(Self.document("HI", size: 40), in: fonts, perGlyph: true)
        let h = layout.glyphs[0]
        let outline = try #require(h.outline)
        let plainBox = outline.applying(AffineTransform(translationX: h.pen.x, y: h.pen.y)).boundingBox
        func shapes(_ a: LottieTextAnimator) -> [Rect] {
            layout.draws(at: 0, animators: [a]).compactMap { if case .fillShape(let p, _, _) = $0 { p.boundingBox } else { nil } }
        }
        // Half a turn of "H" only: its box mirrored about its pivot (the advance's middle on
        // the baseline); "I" stays a glyph of a run.
        let turned = layout.draws(at: 0, animators: [Self.animator { Self.indexRange(&$0, 0, 1); $0.transform.rotation = .fixed(LottieVector(180, 0, 0, 0)) }])
        #expect(Self.runGlyphs(turned).count == 1)
        let box = try #require(shapes(Self.animator { Self.indexRange(&$0, 0, 1); $0.transform.rotation = .fixed(LottieVector(180, 0, 0, 0)) }).first)
        let p = h.pivot
        #expect(abs(box.minX - (2 * p.x - plainBox.maxX)) < 1e-6 && abs(box.maxX - (2 * p.x - plainBox.minX)) < 1e-6)
        #expect(abs(box.minY - (2 * p.y - plainBox.maxY)) < 1e-6 && abs(box.maxY - (2 * p.y - plainBox.minY)) < 1e-6)
        // Twice the size: the box doubles about the pivot (x) and the baseline (y).
        let scaled = try #require(shapes(Self.animator { Self.indexRange(&$0, 0, 1); $0.transform.scale = .fixed(LottieVector(200, 200, 100, 0)) }).first)
        #expect(abs(scaled.minX - (p.x + 2 * (plainBox.minX - p.x))) < 1e-6 && abs(scaled.maxX - (p.x + 2 * (plainBox.maxX - p.x))) < 1e-6)
        #expect(abs(scaled.minY - (p.y + 2 * (plainBox.minY - p.y))) < 1e-6)
        // An anchor of (10, 0) with the scale: the pivot moves 10 points right, the glyph scales
        // about it and is drawn back 10 points left of it.
        let anchored = try #require(shapes(Self.animator {
            Self.indexRange(&$0, 0, 1)
            $0.transform.scale = .fixed(LottieVector(200, 200, 100, 0))
            $0.transform.anchor = .fixed(LottieVector(10, 0, 0, 0))
        }).first)
        #expect(abs(anchored.minX - (p.x + 2 * (plainBox.minX - p.x - 10))) < 1e-6)
        // Half the coverage (amount 50%): half the turn.
        let half = try #require(shapes(Self.animator {
            Self.indexRange(&$0, 0, 1)
            $0.selector.amount = .fixed(LottieVector(50, 0, 0, 0))
            $0.transform.rotation = .fixed(LottieVector(180, 0, 0, 0))
        }).first)
        let quarter = outline.applying(AffineTransform(translationX: h.pen.x - p.x, y: h.pen.y - p.y)
            .concatenating(AffineTransform(rotationAngle: .pi / 2)).concatenating(AffineTransform(translationX: p.x, y: p.y))).boundingBox
        #expect(abs(half.minX - quarter.minX) < 1e-6 && abs(half.maxY - quarter.maxY) < 1e-6)
    }

    @Test("LT1: anchor point grouping by words turns a word about its middle; the grouping alignment moves the pivot by shares of the advance")
    func LT1_textAnimatorGrouping() throws {
        let fonts = try FontSystem()
        let d = Self.document("ab cd", size: 40)
        let turn = Self.animator { $0.transform.rotation = .fixed(LottieVector(180, 0, 0, 0)) }
        func box(_ layout: LottieTextLayout, _ glyphs: Range<Int>, alignment: Point = .zero, _ a: LottieTextAnimator) -> Rect {
            let shapes = layout.draws(at: 0, animators: [a], alignment: alignment).compactMap { c -> Rect? in
                if case .fillShape(let p, _, _) = c { p.boundingBox } else { nil }
            }
            return shapes[glyphs].reduce(Rect.null) { $0.union($1) }
        }
        let words = LottieTextLayout(d, in: fonts, perGlyph: true, grouping: .words)
        let g = words.glyphs
        #expect(g[0].pivot == g[1].pivot && g[3].pivot == g[4].pivot && g[0].pivot.x < g[3].pivot.x)
        // "ab" turned half round about its word's middle: its ink mirrored as a whole.
        let plain = g[0..<2].reduce(Rect.null) { r, glyph in
            r.union(glyph.outline!.applying(AffineTransform(translationX: glyph.pen.x, y: glyph.pen.y)).boundingBox)
        }
        let p = g[0].pivot
        let turned = box(words, 0..<2, turn)      // shapes 0 and 1: "a" and "b" (a space draws none)
        #expect(abs(turned.minX - (2 * p.x - plain.maxX)) < 1e-6 && abs(turned.maxX - (2 * p.x - plain.minX)) < 1e-6)
        #expect(abs(turned.minY - (2 * p.y - plain.maxY)) < 1e-6)
        // By characters with an alignment of 100% across: each pivot moves to the right end of
        // its character's advance; a doubled "a" grows leftward from there.
        let chars = LottieTextLayout(d, in: fonts, perGlyph: true)
        let a = chars.glyphs[0]
        let right = a.pivot.x + a.groupWidth / 2
        let aBox = a.outline!.applying(AffineTransform(translationX: a.pen.x, y: a.pen.y)).boundingBox
        let scaled = box(chars, 0..<1, alignment: Point(x: 100, y: 0), Self.animator { $0.transform.scale = .fixed(LottieVector(200, 200, 100, 0)) })
        #expect(abs(scaled.minX - (right + 2 * (aBox.minX - right))) < 1e-6 && abs(scaled.maxX - (right + 2 * (aBox.maxX - right))) < 1e-6)
    }

    @Test("LT1: an animated animator is evaluated each frame from text shaped once; a layer without one draws its glyph runs")
    func LT1_textAnimatorPerFrameWithoutReshaping() throws {
        let selector = #"{"s":{"a":1,"k":[{"t":0,"s":[0]},{"t":10,"s":[100]}]},"e":{"a":0,"k":100},"r":1,"b":1,"sh":1}"#
        let animators = #","a":[{"nm":"fade in","s":\#(selector),"a":{"o":{"a":0,"k":0},"p":{"a":0,"k":[0,20]}}}]"#
        let layers = LottieTextTests.textLayer(#"{"s":"# + LottieTextTests.document("Hello") + "}", extra: animators)
        let animation = try Doc.read(Doc.animation(layers: layers, extra: LottieTextTests.fontList))
        #expect(!animation.warnings.contains { $0.contains("animator") }, "\(animation.warnings)")
        let composition = LottieComposition(animation: animation)
        let layer = try #require(composition.rootLayer.sublayers?.compactMap { $0 as? LottieTextLayer }.first)
        func glyphCount() -> Int {
            composition.displayList().commands.reduce(0) { n, c in if case .glyphs(let run, _) = c { n + run.glyphs.count } else { n } }
        }
        // The start sweeps from 0% to 100% over ten frames: the faded, moved characters are
        // those before it, so the word appears letter by letter.
        #expect(glyphCount() == 0)
        composition.setFrame(4)                        // start 40%: 2 of 5 characters shown
        #expect(glyphCount() == 2)
        composition.setFrame(10)
        #expect(glyphCount() == 5)
        #expect(layer.layoutCount == 1, "shaped once for the three frames")
        // A layer without animators keeps today's path: its runs as set.
        let still = LottieComposition(animation: try Doc.read(Doc.animation(layers: LottieTextTests.textLayer(
            #"{"s":"# + LottieTextTests.document("Hello") + "}"), extra: LottieTextTests.fontList)))
        let plain = try #require(still.rootLayer.sublayers?.compactMap { $0 as? LottieTextLayer }.first)
        _ = still.displayList()
        _ = still.displayList()
        #expect(plain.layoutCount == 1)
    }

    @Test("LT1: text strokes and a whole-text animator draw as ThorVG draws them: the corpus tolerance, each block's box within a pixel")
    func LT1_textStrokesAgainstThorVG() throws {
        // ThorVG 1.0.4 applies a range selector per character only to embedded glyphs
        // ("chars"); with font files it applies the selector's value at the first unit to the
        // whole text (its colour, opacity and stroke width). So its frames check strokes (under
        // and over the fill) and an animator picking every character (a keyframed fill colour
        // at 50% opacity); per-character selection is checked by the arithmetic above and by
        // the next test.
        let animation = try LottieAnimation.load(contentsOfFile: Doc.folder.appendingPathComponent("Text/text_stroke.json").path)
        #expect(animation.warnings.isEmpty, "\(animation.warnings)")
        // 0.37% of pixels off in each frame (ThorVG bevels the strokes' corners, we mitre them
        // as After Effects does); each block's ink within 1.1% of ThorVG's.
        try LottieTextTests.expectLikeThorVG("text_stroke", bands: [0..<70, 70..<135, 135..<200], centre: (1, 1), ink: 0.05)
    }

    @Test("LT1: per-character animators draw as ThorVG draws them with the same glyphs embedded: the corpus tolerance, each line's box within a pixel")
    func LT1_textAnimatorAgainstThorVG() throws {
        // ThorVG selects per character only in text set from embedded glyphs, so the file
        // carries DejaVu Sans's outlines as "chars" (scripts/lottie-text-references writes
        // them); both players draw those. Three lines: a ramp up raising "Hello" and blending its colour (keyframed), an
        // index range sliding along "minim" (keyframed offset) dimming and lowering two
        // letters, a triangle fading "tenth" to nothing in its middle. (ThorVG turns and scales
        // a character about its pen, lottie-web about its middle: those are checked by the
        // arithmetic above.)
        let url = Doc.folder.appendingPathComponent("Text/text_animator.json")
        let animation = try LottieAnimation.load(contentsOfFile: url.path)
        #expect(animation.warnings.isEmpty, "\(animation.warnings)")
        // No pixel off by more than the tolerance in any frame, now that both draw the embedded
        // outlines (0.39% to 0.66% when ours came from the font).
        try LottieTextTests.expectLikeThorVG("text_animator", bands: [0..<80, 80..<150, 150..<220], centre: (0.5, 0.5), ink: 0.02)
    }

    @Test("LT1: extreme animator values (huge, infinite, crossing infinities) draw and rasterise without trapping")
    func LT1_textAnimatorExtremeValues() throws {
        // Keyframes from -1e308 to 1e308 overflow to infinities in between, and infinities mix
        // to NaN: selectors, transforms, colours, widths and tracking must all survive that.
        let wild = #"{"a":1,"k":[{"t":0,"s":[-1e308,-1e308,0]},{"t":10,"s":[1e308,1e308,0]}]}"#
        let selector = #"{"s":\#(wild),"e":\#(wild),"o":\#(wild),"a":\#(wild),"xe":\#(wild),"ne":\#(wild),"r":2,"sh":5}"#
        let properties = #"{"p":\#(wild),"a":\#(wild),"s":\#(wild),"r":\#(wild),"sk":\#(wild),"sa":\#(wild),"o":\#(wild),"fc":\#(wild),"sc":\#(wild),"sw":\#(wild),"t":\#(wild)}"#
        let animators = #","a":[{"s":\#(selector),"a":\#(properties)},{"s":{"sh":6,"b":3},"a":\#(properties)}]"#
        let document = #"{"s":{"t":"Wild text\rhere","f":"Sans","s":20,"fc":[1,0,0],"sc":[0,0,1],"sw":16384,"j":2}}"#
        let animation = try Doc.read(Doc.animation(layers: LottieTextTests.textLayer(document, extra: animators), extra: LottieTextTests.fontList))
        let composition = LottieComposition(animation: animation)
        for frame in [0.0, 3, 5, 5.5, 10] {
            composition.setFrame(frame)
            let renderer = try ImageRenderer(pixelWidth: 64, pixelHeight: 64)
            renderer.render(composition.displayList(scale: 0.32))
            _ = renderer.image()
        }
    }

    @Test("LT1: animator errors name their JSON path; blur is read, not warned about")
    func LT1_textAnimatorErrorsAndWarnings() throws {
        func read(_ animators: String, document: String = LottieTextTests.document("x")) -> String {
            Doc.animation(layers: LottieTextTests.textLayer(#"{"s":"# + document + "}", extra: #","a":"# + animators), extra: LottieTextTests.fontList)
        }
        func error(_ animators: String) -> String? { Doc.error(read(animators)).map { "\($0.path): \($0.message)" } }
        #expect(error(#"{}"#)?.hasPrefix("layers[0].t.a: expected an array") == true)
        #expect(error(#"[{"a":{}}]"#)?.hasPrefix("layers[0].t.a[0].s: missing") == true)
        #expect(error(#"[{"s":{"sh":9}}]"#) == nil, "an unknown shape is drawn square, as lottie-web draws it")
        #expect(try LottieAnimation(data: Array(read(#"[{"s":{"sh":0}}]"#).utf8)).warnings.contains { $0.hasPrefix("layers[0].t.a[0].s.sh: unknown shape 0") })
        #expect(error(#"[{"s":{}},{"s":{"r":3}}]"#)?.hasPrefix("layers[0].t.a[1].s.r: unknown range unit") == true)
        #expect(error(#"[{"s":{},"a":{}},{"s":{"s":{"a":0,"k":"ten"}}}]"#)?.hasPrefix("layers[0].t.a[1].s.s.k: expected a number") == true)
        #expect(error(#"[{"s":{},"a":{"fc":{"a":0,"k":[1]}}}]"#) == nil, "a short colour takes the rest from black")
        #expect(error(#"[{"s":{"b":1.5}}]"#)?.hasPrefix("layers[0].t.a[0].s.b: expected a whole number") == true)
        #expect(Doc.error(Doc.animation(layers: LottieTextTests.textLayer(#"{"s":"# + LottieTextTests.document("x") + "}", extra: #","m":{"g":7}"#),
                                        extra: LottieTextTests.fontList))?.path == "layers[0].t.m.g")
        #expect(Doc.error(read("[]", document: #"{"t":"x","s":10,"sw":1e9}"#))?.path == "layers[0].t.d.k[0].s.sw")
        #expect(Doc.error(read("[]", document: #"{"t":"x","s":10,"sw":-1,"sc":[0,0,0]}"#)) == nil, "no stroke, as lottie-web reads it")
        let animation = try Doc.read(read(#"[{"s":{"rn":1},"a":{"fh":{"a":0,"k":30},"r":{"a":0,"k":10},"bl":{"a":0,"k":[2,2]}}}]"#))
        guard case .text(let text) = animation.layers[0].kind else { Issue.record("not a text layer"); return }
        #expect(text.animators[0].selector.randomizesOrder && text.animators[0].fillHue?.scalar(at: 0) == 30)
        #expect(animation.warnings.isEmpty && text.animators[0].blur?.value(at: 0).x == 2)
        #expect(error(#"[{"s":{},"a":{"bl":{"a":0,"k":"x"}}}]"#)?.hasPrefix("layers[0].t.a[0].a.bl.k: expected a number") == true)
        #expect(error(#"[{"s":{},"a":{"rx":{"a":0,"k":"x"}}}]"#)?.hasPrefix("layers[0].t.a[0].a.rx.k: expected a number") == true)
        #expect(error(#"[{"s":{},"a":{"ls":[]}}]"#)?.hasPrefix("layers[0].t.a[0].a.ls: expected an object") == true)
        #expect(!animation.warnings.contains { $0.contains("strokes") })
    }

    @Test("LT1: fill hue, saturation and brightness shift the picked characters' colour in HSV, as far as picked")
    func LT1_textAnimatorHue() throws {
        let fonts = try FontSystem()
        let layout = LottieTextLayout(Self.document("mmmm"), in: fonts, perGlyph: true)      // red (1, 0, 0)
        func colours(_ configure: (inout LottieTextAnimator) -> Void) -> [Color] {
            Self.runGlyphs(layout.draws(at: 0, animators: [Self.animator(configure)])).map(\.color)
        }
        func close(_ a: Color, _ b: Color) -> Bool { abs(a.red - b.red) < 1e-9 && abs(a.green - b.green) < 1e-9 && abs(a.blue - b.blue) < 1e-9 }
        // Hue +120°: red turns green; half the amount turns it 60°: yellow; -120°: blue.
        #expect(colours { $0.fillHue = .fixed(LottieVector(120, 0, 0, 0)) }.allSatisfy { close($0, Color(red: 0, green: 1, blue: 0)) })
        #expect(colours { $0.fillHue = .fixed(LottieVector(120, 0, 0, 0)); $0.selector.amount = .fixed(LottieVector(50, 0, 0, 0)) }
            .allSatisfy { close($0, Color(red: 1, green: 1, blue: 0)) })
        #expect(colours { $0.fillHue = .fixed(LottieVector(-120, 0, 0, 0)) }.allSatisfy { close($0, Color(red: 0, green: 0, blue: 1)) })
        // Saturation -100%: white (value stays 1); -40%: (1, 0.4, 0.4). Brightness -50%: (0.5, 0, 0).
        #expect(colours { $0.fillSaturation = .fixed(LottieVector(-100, 0, 0, 0)) }.allSatisfy { close($0, Color(red: 1, green: 1, blue: 1)) })
        #expect(colours { $0.fillSaturation = .fixed(LottieVector(-40, 0, 0, 0)) }.allSatisfy { close($0, Color(red: 1, green: 0.4, blue: 0.4)) })
        #expect(colours { $0.fillBrightness = .fixed(LottieVector(-50, 0, 0, 0)) }.allSatisfy { close($0, Color(red: 0.5, green: 0, blue: 0)) })
        // Only the picked characters: the first two turn green, the rest stay red.
        let picked = colours { Self.indexRange(&$0, 0, 2); $0.fillHue = .fixed(LottieVector(120, 0, 0, 0)) }
        #expect(close(picked[0], Color(red: 0, green: 1, blue: 0)) && close(picked[1], Color(red: 0, green: 1, blue: 0)) && close(picked[3], Color(red: 1, green: 0, blue: 0)))
        // Stroke hue on a stroke colour: blue turned 120° is red.
        let blue = LottieTextLayout.Values.shifted(Color(red: 0, green: 0, blue: 1), LottieVector(120, 0, 0, 0), 1)
        #expect(close(blue, Color(red: 1, green: 0, blue: 0)))
    }

    @Test("LT1: blur draws the picked characters as Gaussian-blurred silhouettes of the blur's radius, as far as they are picked")
    func LT1_textAnimatorBlur() throws {
        let fonts = try FontSystem()
        let layout = LottieTextLayout(Self.document("mmmm"), in: fonts, perGlyph: true)      // red (1, 0, 0)
        func shadows(_ configure: (inout LottieTextAnimator) -> Void) -> [(Path, Color, Double)] {
            layout.draws(at: 0, animators: [Self.animator(configure)]).compactMap {
                if case .shadow(let p, let c, let r) = $0 { return (p, c, r) } else { return nil }
            }
        }
        // Whole: every character a blurred silhouette of radius 6 (the mean of 4 and 8), red.
        let all = shadows { $0.blur = .fixed(LottieVector(4, 8, 0, 0)) }
        #expect(all.count == 4 && all.allSatisfy { $0.2 == 6 && $0.1 == Color(red: 1, green: 0, blue: 0) && !$0.0.isEmpty })
        // One value: that radius; half the amount: half the radius.
        #expect(shadows { $0.blur = .fixed(LottieVector(10, 0, 0, 0)) }.allSatisfy { $0.2 == 10 })
        #expect(shadows { $0.blur = .fixed(LottieVector(10, 10, 0, 0)); $0.selector.amount = .fixed(LottieVector(50, 0, 0, 0)) }.allSatisfy { $0.2 == 5 })
        // Only the picked characters blur; the others stay a glyph run.
        let picked = layout.draws(at: 0, animators: [Self.animator { Self.indexRange(&$0, 0, 2); $0.blur = .fixed(LottieVector(6, 6, 0, 0)) }])
        #expect(picked.filter { if case .shadow = $0 { true } else { false } }.count == 2)
        #expect(Self.runGlyphs(picked).count == 2)
        // Read from a file: no warning now, and the value lands on the animator.
        let json = #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[{"ty":5,"ind":1,"ip":0,"op":30,"st":0,"ks":{},"t":{"d":{"k":[{"t":0,"s":{"t":"ab","f":"DejaVu Sans","s":20,"fc":[1,0,0],"j":0}}]},"a":[{"s":{"t":0,"s":{"a":0,"k":0},"e":{"a":0,"k":100},"r":1,"b":1,"sh":1},"a":{"bl":{"a":0,"k":[3,3]}}}],"p":{},"m":{"a":{"a":0,"k":[0,0]}}}}]}"#
        let animation = try LottieAnimation(data: Array(json.utf8))
        #expect(!animation.warnings.contains { $0.contains("bl") })
    }

    @Test("LT1: line spacing moves the lines after a line down by the most its picked characters take")
    func LT1_textAnimatorLineSpacing() throws {
        let fonts = try FontSystem()
        let layout = LottieTextLayout(Self.document("ab\rcd\ref"), in: fonts, perGlyph: true)
        let plain = Self.runGlyphs(layout.runs).map(\.pen.y)
        // 10 points on the first line's second character only (index 1): lines 2 and 3 drop 10.
        let spaced = Self.runGlyphs(layout.draws(at: 0, animators: [Self.animator {
            Self.indexRange(&$0, 1, 2)
            $0.lineSpacing = .fixed(LottieVector(10, 0, 0, 0))
        }])).map(\.pen.y)
        #expect(zip(spaced, plain).map { $0 - $1 } == [0, 0, 10, 10, 10, 10])
        // On every character at half the amount: 5 per line, accumulating.
        let half = Self.runGlyphs(layout.draws(at: 0, animators: [Self.animator {
            $0.selector.amount = .fixed(LottieVector(50, 0, 0, 0))
            $0.lineSpacing = .fixed(LottieVector(10, 0, 0, 0))
        }])).map(\.pen.y)
        #expect(zip(half, plain).map { $0 - $1 } == [0, 0, 5, 5, 10, 10])
    }

    @Test("LT1: 3D rotations draw flat: a turn about x shortens a character by its cosine about the baseline, about y narrows it about its middle")
    func LT1_textAnimator3DRotation() throws {
        let fonts = try FontSystem()
        let layout = LottieTextLayout(Self.document("H", size: 40), in: fonts, perGlyph: true)
        let h = layout.glyphs[0], p = h.pivot
        let plain = try #require(h.outline).applying(AffineTransform(translationX: h.pen.x, y: h.pen.y)).boundingBox
        func box(_ configure: (inout LottieTextAnimator) -> Void) throws -> Rect {
            try #require(layout.draws(at: 0, animators: [Self.animator(configure)]).compactMap { c -> Rect? in
                if case .fillShape(let path, _, _) = c { path.boundingBox } else { nil }
            }.first)
        }
        let x = try box { $0.rotationX = .fixed(LottieVector(60, 0, 0, 0)) }
        #expect(abs(x.minY - (p.y + (plain.minY - p.y) * 0.5)) < 1e-6 && abs(x.minX - plain.minX) < 1e-6 && abs(x.maxX - plain.maxX) < 1e-6)
        let y = try box { $0.rotationY = .fixed(LottieVector(60, 0, 0, 0)) }
        #expect(abs(y.minX - (p.x + (plain.minX - p.x) * 0.5)) < 1e-6 && abs(y.maxX - (p.x + (plain.maxX - p.x) * 0.5)) < 1e-6)
        #expect(abs(y.minY - plain.minY) < 1e-6)
        // A quarter turn about y at half the amount: 45°, cos 45° of the width.
        let half = try box { $0.rotationY = .fixed(LottieVector(90, 0, 0, 0)); $0.selector.amount = .fixed(LottieVector(50, 0, 0, 0)) }
        #expect(abs(half.width - plain.width * 0.5.squareRoot()) < 1e-6)
    }
}
