import Foundation
import Testing
import Geometry
import Images
import Layers
import RenderModel
import TextEngine
import TimelineSDL
@testable import Lottie

/// LT1's embedded glyphs ("chars"), text on a mask's path, and the animator properties added
/// with them (hue, saturation, brightness, line spacing, flat 3D turns).
@Suite("LT1 embedded glyphs and text on a path")
@MainActor
struct LottieTextGlyphTests {
    /// A font list naming the hand-drawn family of Text/text_glyphs.json, and two of its glyphs:
    /// "I" (a bar from x 10 to 30, 70 high, advance 40) and "L" (advance 50).
    static let blocks = #","fonts":{"list":[{"fName":"B","fFamily":"Blocks","fStyle":"Regular","ascent":70}]},"chars":["#
        + #"{"ch":"I","size":100,"style":"Regular","fFamily":"Blocks","w":40,"data":{"shapes":[{"ty":"gr","it":[{"ty":"sh","ks":{"a":0,"k":{"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"v":[[10,-70],[30,-70],[30,0],[10,0]],"c":true}}},{"ty":"tr"}]}]}},"#
        + #"{"ch":"L","size":100,"style":"Regular","fFamily":"Blocks","w":50,"data":{"shapes":[{"ty":"gr","it":[{"ty":"sh","ks":{"a":0,"k":{"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"v":[[5,-70],[20,-70],[20,0],[5,0]],"c":true}}},{"ty":"tr"}]}]}}]"#

    static func glyphText(_ text: String, size: Double = 100, extra: String = "", layerExtra: String = "") throws -> LottieText {
        let document = #"{"s":{"t":"\#(text)","f":"B","s":\#(size),"fc":[1,0,0],"j":0\#(extra)}}"#
        let animation = try Doc.read(Doc.animation(layers: LottieTextTests.textLayer(document, extra: layerExtra), extra: blocks))
        guard case .text(let t) = animation.layers[0].kind else { throw LottieError(path: "", message: "not a text layer") }
        return t
    }

    /// The boxes of the shapes the draws fill.
    static func boxes(_ draws: [DrawCommand]) -> [Rect] {
        draws.compactMap { if case .fillShape(let p, _, _) = $0 { p.boundingBox } else { nil } }
    }

    static func near(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-6) -> Bool {
        abs(a.minX - b.minX) < tolerance && abs(a.minY - b.minY) < tolerance && abs(a.maxX - b.maxX) < tolerance && abs(a.maxY - b.maxY) < tolerance
    }

    @Test("LT1: embedded glyphs draw the characters they have, scaled by size/100 and advanced by w plus tracking; others fall back to the font")
    func LT1_embeddedGlyphs() throws {
        let fonts = try FontSystem()
        let text = try Self.glyphText("LIxI", size: 50, extra: #","tr":100"#)
        let i = try #require(text.glyphs.glyph(for: "I", family: "Blocks", style: "Regular"))
        #expect(i.advance == 40 && Self.near(i.outline.boundingBox, Rect(x: 10, y: -70, width: 20, height: 70)))
        #expect(text.glyphs.glyph(for: "I", family: "Blocks", style: "Bold")?.advance == 40, "another style of the family")
        #expect(text.glyphs.glyph(for: "I", family: "Other", style: "Regular") == nil)
        let d = try #require(text.document(at: 0))
        let layout = LottieTextLayout(d, in: fonts, perGlyph: false, glyphs: text.glyphs)
        #expect(layout.isEmbedded && layout.isPerGlyph && layout.runs.isEmpty)
        // L at 0, I at 25 + 5 (advance 50 x 0.5, tracking a tenth of 50), x at 20 + 5 further.
        let x = try #require(layout.glyphs.first { $0.face != nil }, "x is not embedded: the font sets it")
        let xAdvance = TextLayout("x", style: TextStyle(font: LottieTextLayer.font(d)), in: fonts).lines[0].width
        #expect(layout.glyphs.count == 4 && layout.glyphs.map(\.letter) == [0, 1, 2, 3])
        let pens = layout.glyphs.map(\.pen.x)
        #expect(abs(pens[0]) < 1e-9 && abs(pens[1] - 30) < 1e-9 && abs(x.pen.x - 55) < 1e-6)
        #expect(abs(pens[3] - (55 + xAdvance + 5)) < 1e-6)
        // Drawn: L and I fill one shape (moved only, one colour); x is a glyph run; the last I a shape.
        let draws = layout.draws(at: 0, animators: [])
        #expect(draws.count == 3)
        let boxes = Self.boxes(draws)
        #expect(boxes.count == 2 && Self.near(boxes[0], Rect(x: 2.5, y: -35, width: 42.5, height: 35)))
        #expect(Self.near(boxes[1], Rect(x: pens[3] + 5, y: -35, width: 10, height: 35)))
        // An animator moves and colours embedded glyphs as it does font glyphs.
        let lifted = layout.draws(at: 0, animators: [LottieTextAnimatorTests.animator {
            LottieTextAnimatorTests.indexRange(&$0, 1, 2)
            $0.transform.position = .fixed(LottieVector(0, -10, 0, 0))
            $0.transform.rotation = .fixed(LottieVector(180, 0, 0, 0))
            $0.fillColor = .fixed(LottieVector(0, 0, 1, 1))
        }])
        let turned = try #require(lifted.compactMap { c -> (Rect, Paint)? in
            if case .fillShape(let p, let paint, _) = c, p.boundingBox.minX > 20, p.boundingBox.maxX < 50 { (p.boundingBox, paint) } else { nil }
        }.first)
        // I turned half round about its advance's middle (x 40, on the baseline), raised 10.
        #expect(Self.near(turned.0, Rect(x: 35, y: -10, width: 10, height: 35)) && turned.1 == .color(Color(red: 0, green: 0, blue: 1)))
    }

    @Test("LT1: embedded glyphs draw as ThorVG draws them (hand-drawn glyphs, not the font): two lines, a moving animator, a stroke")
    func LT1_embeddedGlyphsAgainstThorVG() throws {
        let animation = try LottieAnimation.load(contentsOfFile: Doc.folder.appendingPathComponent("Text/text_glyphs.json").path)
        #expect(animation.warnings.isEmpty, "\(animation.warnings)")
        // 0.04% of pixels off in each frame.
        try LottieTextTests.expectLikeThorVG("text_glyphs", bands: [0..<80, 80..<150, 150..<200], centre: (0.5, 0.5), ink: 0.02)
        let composition = LottieComposition(animation: animation)
        let layers = (composition.rootLayer.sublayers ?? []).compactMap { $0 as? LottieTextLayer }
        for k in [0.0, 7, 15, 29] { composition.setFrame(k); _ = composition.displayList() }
        #expect(layers.allSatisfy { $0.layoutCount == 1 }, "each document set once for all frames")
    }

    @Test("LT1: embedded glyph errors name their JSON path")
    func LT1_embeddedGlyphsErrors() throws {
        func error(_ chars: String) -> String? {
            Doc.error(Doc.animation(layers: "", extra: #","chars":"# + chars)).map { "\($0.path): \($0.message)" }
        }
        #expect(error("{}")?.hasPrefix("chars: expected an array") == true)
        #expect(error(#"[{"ch":"","w":10}]"#)?.hasPrefix("chars[0].ch: a glyph needs its character") == true)
        #expect(error(#"[{"ch":"a","w":10},{"w":1}]"#)?.hasPrefix("chars[1].ch: missing") == true)
        #expect(error(#"[{"ch":"a","w":"wide"}]"#)?.hasPrefix("chars[0].w: expected a number") == true)
        #expect(error(#"[{"ch":"a","w":1e300}]"#)?.hasPrefix("chars[0].w: an advance must be at most") == true)
        #expect(error(#"[{"ch":"a","data":[]}]"#)?.hasPrefix("chars[0].data: expected an object") == true)
        #expect(error(#"[{"ch":"a","data":{"shapes":[{"ty":"sh","ks":{"a":0,"k":{"v":[[0,0]]}}}]}}]"#)?.hasPrefix("chars[0].data.shapes[0].ks.k") == true)
        #expect(error(#"[{"ch":"a","w":5,"data":{}}]"#) == nil, "a glyph without shapes (a space)")
    }

    /// A text layer along mask 0, a straight path from (50, 0) down to (50, 400).
    static func pathText(_ text: String, justify: Int = 0, path: String) throws -> (LottieText, LottieTextDocument) {
        let mask = #"{"mode":"n","pt":{"a":0,"k":{"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"v":[[50,0],[50,400]],"c":false}}}"#
        let document = #"{"s":{"t":"\#(text)","f":"B","s":100,"fc":[1,0,0],"j":\#(justify)}}"#
        let layer = #"{"ty":5,"ind":1,"ip":0,"op":60,"ks":{},"masksProperties":[\#(mask)],"t":{"d":{"k":[\#(document)]},"p":\#(path)}}"#
        let animation = try Doc.read(Doc.animation(layers: layer, extra: blocks))
        #expect(animation.warnings.isEmpty, "\(animation.warnings)")
        guard case .text(let t) = animation.layers[0].kind, let d = t.document(at: 0) else { throw LottieError(path: "", message: "not text") }
        return (t, d)
    }

    /// The shapes' boxes of `text` drawn along its path at frame 0.
    static func pathBoxes(_ t: LottieText, _ d: LottieTextDocument, fonts: FontSystem) throws -> [Rect] {
        let path = try #require(t.path)
        let layout = LottieTextLayout(d, in: fonts, perGlyph: true, glyphs: t.glyphs)
        let measure = TextPathMeasure(path.shape.value(at: 0), reversed: path.reversed.scalar(at: 0) != 0)
        let placement = LottieTextLayout.PathPlacement(path, at: 0, measure: measure, justification: d.justification)
        return boxes(layout.draws(at: 0, animators: [], path: placement))
    }

    @Test("LT1: text on a path puts each character's middle on the mask's path at its distance, turned with it when perpendicular")
    func LT1_textOnPath() throws {
        let fonts = try FontSystem()
        // "I" (advance 100, bar 10...30 of it... at size 100: x 10 to 30, middle 20) along a path
        // heading down (+90°): the bar's left edge (10 before the middle) turns to 10 above the
        // point, its top (70 up) to 70 right of it. First margin 30: the middle at y 50.
        var (t, d) = try Self.pathText("I", path: #"{"m":0,"f":{"a":0,"k":30},"p":{"a":0,"k":1}}"#)
        #expect(t.path?.mask == 0 && t.path?.firstMargin.scalar(at: 0) == 30)
        let turned = try Self.pathBoxes(t, d, fonts: fonts)
        #expect(turned.count == 1 && Self.near(turned[0], Rect(x: 50, y: 40, width: 70, height: 20), 1e-6), "\(turned)")
        // Not perpendicular: upright, its middle (20) on the point (50, 50), baseline there.
        (t, d) = try Self.pathText("I", path: #"{"m":0,"f":{"a":0,"k":30},"p":0}"#)
        #expect(Self.near(try Self.pathBoxes(t, d, fonts: fonts)[0], Rect(x: 40, y: -20, width: 20, height: 70)))
        // "LI": L's middle 25 along, I's at 50 + 20 = 70; reversed, from the path's end (400) up.
        (t, d) = try Self.pathText("LI", path: #"{"m":0,"p":0,"r":1}"#)
        let reversed = try Self.pathBoxes(t, d, fonts: fonts)
        #expect(reversed.count == 1 && abs(reversed[0].maxY - (400 - 25)) < 1e-6 && abs(reversed[0].minY - (400 - 70 - 70)) < 1e-6)
        // Right-justified with a last margin of 50: the line ends 50 before the end (I's middle
        // 20 before it); centred: the line's middle at the middle between the margins.
        (t, d) = try Self.pathText("LI", justify: 1, path: #"{"m":0,"p":0,"l":{"a":0,"k":50}}"#)
        #expect(abs(try Self.pathBoxes(t, d, fonts: fonts)[0].maxY - 0) > 0)
        let right = LottieTextLayout(d, in: fonts, perGlyph: true, glyphs: t.glyphs)
        let placementR = LottieTextLayout.PathPlacement(t.path!, at: 0, measure: TextPathMeasure(t.path!.shape.value(at: 0), reversed: false),
                                                        justification: d.justification)
        let iRight = placementR.transform(for: right.glyphs[1], in: right.lines, shift: 0)
        #expect(abs(iRight.ty + 0 - (350 - 20)) < 1e-6, "I's middle at 330: \(iRight)")
        (t, d) = try Self.pathText("LI", justify: 2, path: #"{"m":0,"p":0,"f":{"a":0,"k":100},"l":{"a":0,"k":100}}"#)
        let centre = LottieTextLayout(d, in: fonts, perGlyph: true, glyphs: t.glyphs)
        let placementC = LottieTextLayout.PathPlacement(t.path!, at: 0, measure: TextPathMeasure(t.path!.shape.value(at: 0), reversed: false),
                                                        justification: d.justification)
        // The line is 90 wide; its middle at 200: L's middle at 200 - 45 + 25 = 180.
        #expect(abs(placementC.transform(for: centre.glyphs[0], in: centre.lines, shift: 0).ty - 180) < 1e-6)
        // Force alignment: the first character starts at the first margin, the last ends at
        // the last margin (100 and 300): I's middle at 300 - 20.
        (t, d) = try Self.pathText("LI", path: #"{"m":0,"p":0,"a":1,"f":{"a":0,"k":100},"l":{"a":0,"k":100}}"#)
        let forced = LottieTextLayout(d, in: fonts, perGlyph: true, glyphs: t.glyphs)
        let placementF = LottieTextLayout.PathPlacement(t.path!, at: 0, measure: TextPathMeasure(t.path!.shape.value(at: 0), reversed: false),
                                                        justification: d.justification)
        #expect(abs(placementF.transform(for: forced.glyphs[0], in: forced.lines, shift: 0).ty - 125) < 1e-6)
        #expect(abs(placementF.transform(for: forced.glyphs[1], in: forced.lines, shift: 0).ty - 280) < 1e-6)
        // A closed path goes round again; the measure of a quarter circle is its arc length.
        var circle = TextPathMeasure(BezierShape(vertices: [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 10)],
                                                 inTangents: Array(repeating: .zero, count: 4), outTangents: Array(repeating: .zero, count: 4),
                                                 isClosed: true), reversed: false)
        #expect(circle.length == 40 && circle.place(45).point == Point(x: 5, y: 0) && abs(circle.place(15).angle - .pi / 2) < 1e-9)
        circle = TextPathMeasure(BezierShape(vertices: [], inTangents: [], outTangents: [], isClosed: false), reversed: false)
        #expect(circle.place(10).point == .zero, "an empty path places everything at the origin")
    }

    @Test("LT1: text on a path draws as ThorVG draws upright characters along a slope; its path errors name the JSON path")
    func LT1_textOnPathAgainstThorVG() throws {
        let url = Doc.folder.appendingPathComponent("Text/text_path.json")
        let animation = try LottieAnimation.load(contentsOfFile: url.path)
        #expect(animation.warnings.isEmpty, "\(animation.warnings)")
        // The upright text along the slope (rows 150 and below): 0 pixels off ThorVG 1.x's.
        // ThorVG does not sit perpendicular characters on the path (each one's baseline steps
        // off it, and on the arc's first curve they pile up), so the arc above is checked by
        // the arithmetic of LT1_textOnPath; there 1.9% to 2.7% of the frame is off.
        let composition = LottieComposition(animation: animation)
        for k in [0, 15, 29] {
            composition.setFrame(Double(k))
            let renderer = try ImageRenderer(pixelWidth: 200, pixelHeight: 200)
            renderer.render(composition.displayList())
            let ours = renderer.image()
            let theirs = try RGBAImage.load(path: Doc.folder.appendingPathComponent("Text/text_path-f\(k).png").path)
            var off = 0
            for p in (150 * 200)..<(200 * 200) {
                let aa = Int(ours.bytes[p * 4 + 3]), ba = Int(theirs.bytes[p * 4 + 3])
                let worst = (0..<3).map { abs(Int(ours.bytes[p * 4 + $0]) * aa / 255 - Int(theirs.bytes[p * 4 + $0]) * ba / 255) }.max()!
                if max(worst, abs(aa - ba)) > 48 { off += 1 }
            }
            let share = Double(off) / (50 * 200)
            #expect(share <= 0.005, "frame \(k): \(share * 100)% of the slope's pixels off")
            let a = LottieTextTests.ink(ours, rows: 150..<200), b = LottieTextTests.ink(theirs, rows: 150..<200)
            #expect(abs(a.box.minX - b.box.minX) <= 1 && abs(a.box.maxY - b.box.maxY) <= 1 && abs(a.mass - b.mass) / b.mass < 0.02)
        }
        let layer = #"{"ty":5,"ind":1,"ip":0,"op":60,"ks":{},"t":{"d":{"k":[{"s":{"t":"x","s":10}}]},"p":{"m":2}}}"#
        let wrong = Doc.error(Doc.animation(layers: layer, extra: Self.blocks))
        #expect(wrong?.path == "layers[0].t.p.m" && wrong?.message.contains("the layer has 0 masks") == true)
        #expect(Doc.error(Doc.animation(layers: layer.replacingOccurrences(of: #""m":2"#, with: #""m":-1"#)))?.path == "layers[0].t.p.m")
        #expect(Doc.error(Doc.animation(layers: layer.replacingOccurrences(of: #""m":2"#, with: #""m":0,"f":{"k":"far"}"#)))?.path == "layers[0].t.p.f.k")
    }
}
