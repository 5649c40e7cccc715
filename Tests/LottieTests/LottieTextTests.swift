import Foundation
import Testing
import Geometry
import Images
import Layers
import RenderModel
import TextEngine
import TimelineSDL
@testable import Lottie

/// LT1's text layers: documents read with their JSON paths, set by the text engine in the
/// fonts the font list names, placed as After Effects places point and paragraph text.
@Suite("LT1 text layers")
@MainActor
struct LottieTextTests {
    static let fontList = #","fonts":{"list":[{"fName":"Sans","fFamily":"DejaVu Sans","fStyle":"Book","ascent":75},{"fName":"Sans-Bold","fFamily":"DejaVu Sans","fStyle":"Bold"}]}"#

    static func textLayer(_ documents: String, extra: String = "") -> String {
        #"{"ty":5,"nm":"text","ind":1,"ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[20,50]}},"t":{"d":{"k":[\#(documents)]}\#(extra)}}"#
    }

    static func document(_ text: String, size: Double = 20, justify: Int = 0, extra: String = "") -> String {
        #"{"t":"\#(text)","f":"Sans","s":\#(size),"fc":[1,0,0],"j":\#(justify)\#(extra)}"#
    }

    /// Black left-justified point text in DejaVu Sans.
    static func plain(_ text: String, size: Double, lineHeight: Double) -> LottieTextDocument {
        LottieTextDocument(text: text, fontName: "Sans", fontFamily: "DejaVu Sans", fontStyle: "Book", ascent: nil,
                           size: size, fillColor: .black, strokeColor: nil, strokeWidth: 0, justification: .left,
                           tracking: 0, lineHeight: lineHeight, baselineShift: 0, allCaps: false, box: nil)
    }

    /// The glyph runs a document draws: each run's first pen position in the layer.
    static func pens(_ d: LottieTextDocument, _ fonts: FontSystem) -> [(x: Double, baseline: Double, run: GlyphRun)] {
        LottieTextLayout(d, in: fonts, perGlyph: false).runs.compactMap {
            guard case .glyphs(let run, let o) = $0, let p = run.positions.first else { return nil }
            return (o.x + p.x, o.y + p.y, run)
        }
    }

    @Test("LT1: a text layer's documents are read with their fonts, and change at their frames")
    func LT1_textDocuments() throws {
        let documents = #"{"s":{"t":"Hello\rworld","f":"Sans","s":24,"fc":[1,0,0],"j":2,"tr":50,"lh":30,"ls":2,"ca":1},"t":0},"#
            + #"{"s":{"t":"Bye","f":"Sans-Bold","s":20,"fc":[1,0,0]},"t":20}"#
        let fixed = Doc.animation(layers: Self.textLayer(documents), extra: Self.fontList)
        let animation = try Doc.read(fixed)
        guard case .text(let text) = animation.layers[0].kind else { Issue.record("not a text layer"); return }
        #expect(text.documents.count == 2 && text.isAnimated)
        let first = try #require(text.document(at: 0))
        #expect(first.text == "Hello\rworld" && first.paragraphs == ["HELLO", "WORLD"])
        #expect(first.fontFamily == "DejaVu Sans" && first.fontStyle == "Book" && first.ascent == 0.75)
        #expect(first.size == 24 && first.justification == .center && first.tracking == 50 && first.lineHeight == 30)
        #expect(first.baselineShift == 2 && first.fillColor == Color(red: 1, green: 0, blue: 0) && first.box == nil)
        #expect(text.document(at: 19.9)?.text == "Hello\rworld")
        let bye = try #require(text.document(at: 20))
        #expect(bye.text == "Bye" && bye.fontStyle == "Bold" && LottieTextLayer.font(bye).weight == .bold)
        #expect(!animation.warnings.contains { $0.contains("text layers") })
    }

    @Test("LT1: text errors name their JSON path; unknown fonts warn")
    func LT1_textErrorsAndWarnings() throws {
        func error(_ layer: String) -> String? { Doc.error(Doc.animation(layers: layer, extra: Self.fontList)).map { "\($0.path): \($0.message)" } }
        #expect(error(#"{"ty":5,"ind":1,"ip":0,"op":60,"ks":{}}"#)?.hasPrefix("layers[0].t: missing") == true)
        #expect(error(Self.textLayer(#"{"s":"# + Self.document("x", justify: 9) + "}"))?.hasPrefix("layers[0].t.d.k[0].s.j:") == true)
        #expect(error(Self.textLayer(#"{"s":{"t":"x","s":-3}}"#))?.hasPrefix("layers[0].t.d.k[0].s.s:") == true)
        #expect(error(Self.textLayer(#"{"s":{"t":"x","s":10,"fc":[1,0]}}"#))?.hasPrefix("layers[0].t.d.k[0].s.fc:") == true)
        #expect(error(Self.textLayer(#"{"s":{"t":"x","s":10},"t":5},{"s":{"t":"y","s":10},"t":2}"#))?.hasPrefix("layers[0].t.d.k[1].t:") == true)
        #expect(error(Self.textLayer(""))?.hasPrefix("layers[0].t.d.k: a text layer needs at least one document") == true)
        let animation = try Doc.read(Doc.animation(layers: Self.textLayer(
            #"{"s":{"t":"x","s":10,"f":"Nowhere","sc":[0,0,0],"sw":2}}"#, extra: #","a":[{"s":{}}]"#), extra: Self.fontList))
        #expect(!animation.warnings.contains { $0.contains("animators") || $0.contains("strokes") }, "both are drawn (LottieTextAnimatorTests)")
        #expect(animation.warnings.contains { $0.hasPrefix("layers[0].t.d.k[0].s.f: 'Nowhere' is not in the font list") })
    }

    @Test("LT9: a font the machine lacks is drawn as lottie-web's browser draws it: Times New Roman through fontconfig, at the list's CSS weight")
    func LT9_missingFontFollowsTheBrowser() throws {
        // 24243.json of the expression corpus names Gotham Ultra (fWeight "700"), on neither
        // machine: Chromium draws lottie-web's SVG text in Liberation Serif Bold (DevTools'
        // CSS.getPlatformFontsForNode), its standard font at weight 700.
        let list = #","fonts":{"list":[{"fName":"Gotham-Ultra","fFamily":"Gotham","fStyle":"Ultra","fWeight":"700"},"#
            + #"{"fName":"Gotham-Black","fFamily":"Gotham","fStyle":"Black"},{"fName":"Odd","fFamily":"Gotham","fWeight":"heavyish"}]}"#
        let documents = #"{"s":{"t":"10+","f":"Gotham-Ultra","s":450,"fc":[0,0,0]},"t":0},{"s":{"t":"x","f":"Gotham-Black","s":45},"t":10},"#
            + #"{"s":{"t":"y","f":"Odd","s":45},"t":20}"#
        let animation = try Doc.read(Doc.animation(layers: Self.textLayer(documents), extra: list))
        guard case .text(let text) = animation.layers[0].kind else { Issue.record("not a text layer"); return }
        let ultra = try #require(text.document(at: 0)), black = try #require(text.document(at: 10)), odd = try #require(text.document(at: 20))
        #expect(ultra.fontWeight == 700 && LottieTextLayer.font(ultra).weight == .bold, "fWeight wins over the style, as lottie-web's")
        #expect(black.fontWeight == nil && LottieTextLayer.font(black).weight == .black)
        #expect(odd.fontWeight == nil && animation.warnings.contains { $0.hasPrefix("fonts.list[2].fWeight: 'heavyish' is not a CSS font weight") })
        let fonts = try FontSystem()
        #expect(!fonts.hasFamily("Gotham"))
        let face = fonts.primaryFace(for: LottieTextLayer.font(ultra))
        #expect(face.familyName == "Liberation Serif" && face.styleName == "Bold", "fonts-liberation (scripts/test); got \(face)")
        #expect(fonts.primaryFace(for: LottieTextLayer.font(black)).styleName.contains("Bold"))
        // An installed family is still drawn in itself.
        #expect(fonts.primaryFace(for: LottieTextLayer.font(Self.plain("x", size: 20, lineHeight: 24))).familyName == "DejaVu Sans")
        #expect(LottieTextLayer.cssWeight(400) == .regular && LottieTextLayer.cssWeight(900) == .black && LottieTextLayer.cssWeight(100) == .ultraLight)
    }

    @Test("LT1: point text sits on the origin's baseline: left from it, right up to it, centred on it; lines the line height apart")
    func LT1_pointTextPlacement() throws {
        let fonts = try FontSystem()
        var d = Self.plain("Ab\rCde", size: 20, lineHeight: 31)
        let left = Self.pens(d, fonts)
        #expect(left.count == 2)
        #expect(abs(left[0].x) < 1e-9 && abs(left[0].baseline) < 1e-9)
        #expect(abs(left[1].x) < 1e-9 && abs(left[1].baseline - 31) < 1e-9)
        // Each line's advance: right-justified lines end on the origin, centred ones straddle it.
        let advances = left.map { p in TextLayout(p.run.glyphs.count == 2 ? "Ab" : "Cde", style: TextStyle(font: LottieTextLayer.font(d)), in: fonts).lines[0].width }
        d.justification = .right
        let right = Self.pens(d, fonts)
        for k in 0..<2 { #expect(abs(right[k].x + advances[k]) < 1e-6) }
        d.justification = .center
        let centre = Self.pens(d, fonts)
        for k in 0..<2 { #expect(abs(centre[k].x + advances[k] / 2) < 1e-6) }
        // A baseline shift raises every line.
        d.baselineShift = 4
        #expect(Self.pens(d, fonts).map(\.baseline) == [-4, 27])
    }

    @Test("LT1: tracking adds thousandths of an em after each character")
    func LT1_tracking() throws {
        let fonts = try FontSystem()
        var d = Self.plain("mmmm", size: 20, lineHeight: 24)
        let plain = try #require(Self.pens(d, fonts).first).run.positions.map(\.x)
        d.tracking = 100                                            // a tenth of an em: 2 points
        let tracked = try #require(Self.pens(d, fonts).first).run.positions.map(\.x)
        for k in 0..<4 { #expect(abs((tracked[k] - tracked[0]) - (plain[k] - plain[0]) - Double(k) * 2) < 1e-6) }
    }

    @Test("LT1: paragraph text wraps in its box, its first baseline the font list's ascent below the top, lines past the bottom dropped")
    func LT1_boxText() throws {
        let fonts = try FontSystem()
        let box = Rect(x: 10, y: 5, width: 60, height: 50)
        var d = Self.plain("one two three four five six seven", size: 12, lineHeight: 20)
        d.ascent = 0.75
        d.box = box
        let lines = Self.pens(d, fonts)
        #expect(lines.count == 3, "three lines fit: baselines 14, 34, 54; the fourth would start below the box")
        for (k, l) in lines.enumerated() {
            #expect(abs(l.x - 10) < 1e-6 && abs(l.baseline - (5 + 9 + 20 * Double(k))) < 1e-6)
            #expect(l.run.positions.last!.x - l.run.positions.first!.x < 60)
        }
    }

    @Test("LT1: a text layer shows each document from its frame; a static one is evaluated once")
    func LT1_textLayerSwitchesDocuments() throws {
        let url = Doc.folder.appendingPathComponent("Text/text_layer.json")
        let animation = try LottieAnimation.load(contentsOfFile: url.path)
        let composition = LottieComposition(animation: animation)
        func glyphCounts() -> [Int] {
            composition.displayList().commands.compactMap { c in
                if case .glyphs(let run, _) = c { run.glyphs.count } else { nil }
            }.sorted()
        }
        #expect(glyphCounts() == [4, 6, 6], "'Bold', 'Centre' and 'Lottie' before frame 15")
        composition.setFrame(14)
        #expect(glyphCounts() == [4, 6, 6])
        composition.setFrame(15)
        #expect(glyphCounts() == [6, 6, 6], "'Bolder' from frame 15")
        let evaluated = composition.evaluatedLayerCount
        composition.setFrame(16)
        // The turning layer and the one whose text changes; 'Lottie' never changes.
        #expect(composition.evaluatedLayerCount - evaluated == 2)
    }

    @Test("LT1: text layers draw as ThorVG draws them (its text in DejaVu Sans): the corpus tolerance, each block's box within a pixel")
    func LT1_textAgainstThorVG() throws {
        // 0% of pixels off at frame 0, the turning text about 1%. Turned glyphs go through SDL's
        // textured triangles (axis-aligned ones are copied), which carry up to a tenth more ink
        // than ThorVG's outlines.
        try Self.expectLikeThorVG("text_layer", bands: [0..<70, 70..<140, 140..<200], centre: (2.5, 1), ink: 0.12)
    }

    /// Checks our frames 0, 15 and 29 of Text/`name`.json against ThorVG's
    /// (scripts/lottie-text-references): at most 2% of pixels off by more than 48/255 (the
    /// corpus tolerance) and, in each band of rows (one text block each), the ink's box within
    /// a pixel, its centre within `centre` and its mass within the share `ink`.
    static func expectLikeThorVG(_ name: String, bands: [Range<Int>], centre: (x: Double, y: Double), ink: Double,
                                 sourceLocation: SourceLocation = #_sourceLocation) throws {
        let animation = try LottieAnimation.load(contentsOfFile: Doc.folder.appendingPathComponent("Text/\(name).json").path)
        let composition = LottieComposition(animation: animation)
        for k in [0, 15, 29] {
            composition.setFrame(Double(k))
            let renderer = try ImageRenderer(pixelWidth: Int(animation.width), pixelHeight: Int(animation.height))
            renderer.render(composition.displayList())
            let ours = renderer.image()
            let theirs = try RGBAImage.load(path: Doc.folder.appendingPathComponent("Text/\(name)-f\(k).png").path)
            let share = LottieConformanceTests.offShare(ours, theirs)
            #expect(share <= 0.02, "frame \(k): \(String(format: "%.2f", share * 100))% of pixels off ThorVG's", sourceLocation: sourceLocation)
            for band in bands {
                let a = Self.ink(ours, rows: band), b = Self.ink(theirs, rows: band)
                let at = "frame \(k), rows \(band): \(a.box) vs \(b.box), centre \(a.centre) vs \(b.centre), ink \(a.mass) vs \(b.mass)"
                #expect(abs(a.box.minX - b.box.minX) <= 1 && abs(a.box.maxX - b.box.maxX) <= 1, "\(at)", sourceLocation: sourceLocation)
                #expect(abs(a.box.minY - b.box.minY) <= 1 && abs(a.box.maxY - b.box.maxY) <= 1, "\(at)", sourceLocation: sourceLocation)
                #expect(abs(a.centre.x - b.centre.x) <= centre.x && abs(a.centre.y - b.centre.y) <= centre.y, "\(at)", sourceLocation: sourceLocation)
                #expect(abs(a.mass - b.mass) / b.mass < ink, "\(at)", sourceLocation: sourceLocation)
            }
        }
    }

    /// The ink of `rows` (alpha, or distance from `background` when given): its bounding box
    /// (pixels above a quarter), centre and mass (in whole pixels).
    static func ink(_ image: RGBAImage, rows: Range<Int>, against background: Color? = nil) -> (box: Rect, centre: Point, mass: Double) {
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        var mass = 0.0, sx = 0.0, sy = 0.0
        for y in rows {
            for x in 0..<image.width {
                let p = (y * image.width + x) * 4
                let a: Double
                if let bg = background {
                    let d = [bg.red, bg.green, bg.blue].enumerated().map { abs(Double(image.bytes[p + $0.offset]) / 255 - $0.element) }
                    a = min(1, d.max()! / (1 - min(bg.red, bg.green, bg.blue)))
                } else {
                    a = Double(image.bytes[p + 3]) / 255
                }
                mass += a; sx += a * Double(x); sy += a * Double(y)
                if a > 0.25 { minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y) }
            }
        }
        guard mass > 0, minX <= maxX else { return (.zero, .zero, 0) }
        return (Rect(x: Double(minX), y: Double(minY), width: Double(maxX - minX), height: Double(maxY - minY)),
                Point(x: sx / mass, y: sy / mass), mass)
    }
}

/// lottie-ios's text providers on text layers.
@Suite("LT2 text providers")
@MainActor
struct LottieTextProviderTests {
    final class Upper: AnimationKeypathTextProvider {
        var asked: [String] = []
        func text(for keypath: AnimationKeypath, sourceText: String) -> String? {
            asked.append(keypath.description)
            return keypath.keys.last == "left" ? sourceText.uppercased() : nil
        }
    }

    static func glyphCounts(_ c: LottieComposition) -> [Int] {
        c.displayList().commands.compactMap { if case .glyphs(let run, _) = $0 { run.glyphs.count } else { nil } }.sorted()
    }

    @Test("LT2: a dictionary text provider replaces a text layer's text by keypath or layer name; others keep theirs")
    func LT2_dictionaryTextProvider() throws {
        let animation = try LottieAnimation.load(contentsOfFile: Doc.folder.appendingPathComponent("Text/text_layer.json").path)
        let plain = LottieComposition(animation: animation)
        #expect(Self.glyphCounts(plain) == [4, 6, 6])
        let named = LottieComposition(animation: animation, textProvider: DictionaryTextProvider(["left": "Hi", "right bold": "B"]))
        #expect(Self.glyphCounts(named) == [1, 2, 6], "'B', 'Hi' and 'Centre'")
        named.setFrame(20)
        #expect(Self.glyphCounts(named) == [1, 2, 6], "every document of the layer is replaced")
        let upper = Upper()
        let c = LottieComposition(animation: animation, textProvider: upper)
        #expect(upper.asked == ["left", "centre, turning", "right bold", "right bold"])
        let shown = (c.rootLayer.sublayers ?? []).compactMap { ($0 as? LottieTextLayer)?.document?.text }
        #expect(shown.contains("LOTTIE"))
    }

    @Test("LT2: setting the view's text provider rebuilds it at the same frame")
    func LT2_viewTextProvider() throws {
        let animation = try LottieAnimation.load(contentsOfFile: Doc.folder.appendingPathComponent("Text/text_layer.json").path)
        let view = LottieAnimationView(animation: animation)
        view.currentFrame = 20
        view.textProvider = DictionaryTextProvider(["Centre": "x", "centre, turning": "Middle"])
        #expect(view.currentFrame == 20)
        let root = try #require(view.composition?.rootLayer)
        let texts = (root.sublayers ?? []).compactMap { ($0 as? LottieTextLayer)?.document?.text }
        #expect(texts.contains("Middle") && texts.contains("Bolder") && !texts.contains("Centre"))
    }
}
