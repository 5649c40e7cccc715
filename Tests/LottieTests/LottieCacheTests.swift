import Testing
import Geometry
import Layers
import RenderModel
import TimelineSDL
@testable import Lottie

/// LT6: the composition evaluates only what can change: static layers once, held
/// precompositions not again; animated properties, value providers and remapped time still
/// reach the layers.
@Suite("LT6 static-content cache")
@MainActor
struct LottieCacheTests {
    /// A layer moving from x 0 to 120 over 60 frames.
    static let moving = Doc.shapeLayer(Doc.redRect, ks: #"{"p":{"a":1,"k":[{"t":0,"s":[0,0]},{"t":60,"s":[120,0]}]}}"#)
        .replacingOccurrences(of: #""nm":"shape","ind":1"#, with: #""nm":"moving","ind":2"#)

    /// The fill colours of the composition's display list at its current frame.
    static func fillColors(_ c: LottieComposition) -> [Color] {
        var out: [Color] = []
        for d in c.displayList().commands { if case .fillShape(_, .color(let color), _) = d { out.append(color) } }
        return out
    }

    @Test("LT6: a layer whose every property is static is evaluated once over 60 frames, and draws the same")
    func LT6_staticLayerEvaluatedOnce() throws {
        let c = LottieComposition(animation: try Doc.read(Doc.animation(layers: Doc.shapeLayer(Doc.redRect))))
        let first = c.displayList().commands
        for f in 0..<60 { c.setFrame(Double(f)) }
        #expect(c.evaluatedLayerCount == 1)
        #expect(c.displayList().commands == first)
    }

    @Test("LT6: an animated layer is evaluated every frame beside a static one, which is not")
    func LT6_animatedLayerEvaluatedEveryFrame() throws {
        let c = LottieComposition(animation: try Doc.read(Doc.animation(layers: Self.moving + "," + Doc.shapeLayer(Doc.redRect))))
        #expect(c.evaluatedLayerCount == 2)
        let moving = try #require(c.rootLayer.sublayers?.last { $0.name == "moving" })
        for f in 1..<60 {
            c.setFrame(Double(f))
            #expect(abs(moving.transform.m41 - Double(f) * 2) < 1e-9)
        }
        #expect(c.evaluatedLayerCount == 2 + 59)
        // Setting the frame shown again evaluates nothing.
        c.setFrame(59)
        #expect(c.evaluatedLayerCount == 61)
    }

    @Test("LT6: a value provider makes a static property animated (evaluated every frame); a new provider rebuilds the tree")
    func LT6_valueProvidersInvalidate() throws {
        let animation = try Doc.read(Doc.animation(layers: Doc.shapeLayer(Doc.redRect)))
        let fading = ColorValueProvider { frame in Color(red: 1 - frame / 100, green: 0, blue: 0) }
        let c = LottieComposition(animation: animation, providers: [(AnimationKeypath(keypath: "**.Fill 1.Color"), fading)])
        for f in 0..<10 { c.setFrame(Double(f)) }
        #expect(c.evaluatedLayerCount == 10)
        #expect(Self.fillColors(c) == [Color(red: 1 - 9.0 / 100, green: 0, blue: 0)])
        // The player view builds a new composition (and a new cache) for each provider set.
        let view = LottieAnimationView(animation: animation)
        view.currentFrame = 5
        let before = try #require(view.composition)
        #expect(Self.fillColors(before) == [Color(red: 1, green: 0, blue: 0)])
        view.setValueProvider(ColorValueProvider(Color(red: 0, green: 0, blue: 1)), keypath: AnimationKeypath(keypath: "**.Fill 1.Color"))
        let after = try #require(view.composition)
        #expect(after !== before)
        #expect(Self.fillColors(after) == [Color(red: 0, green: 0, blue: 1)])
        #expect(view.currentFrame == 5)
    }

    @Test("LT6: a precomposition held on one frame by time remapping is not re-entered; a changed remapped frame is shown")
    func LT6_timeRemappedPrecomposition() throws {
        // Inner time holds at 0.5 s (frame 15) until frame 30, then runs to 1.5 s (frame 45) at 60.
        let remap = #"{"a":1,"k":[{"t":0,"s":[0.5],"h":1},{"t":30,"s":[0.5]},{"t":60,"s":[1.5]}]}"#
        let precomp = #"{"ty":0,"nm":"pre","ind":1,"refId":"inner","w":200,"h":100,"ip":0,"op":60,"st":0,"ks":{},"tm":\#(remap)}"#
        let assets = #"[{"id":"inner","layers":[\#(Self.moving)]}]"#
        let c = LottieComposition(animation: try Doc.read(Doc.animation(layers: precomp, assets: assets)))
        let inner = try #require(c.rootLayer.sublayers?.first?.sublayers?.first)
        #expect(inner.name == "moving")
        let start = c.evaluatedLayerCount
        #expect(inner.transform.m41 == 30)                    // inner frame 15 of 60: x 30
        for f in 1..<30 { c.setFrame(Double(f)) }
        #expect(c.evaluatedLayerCount == start)               // held: nothing inside evaluated
        #expect(inner.transform.m41 == 30)
        c.setFrame(45)                                        // inner frame 15 + 15 = 30: x 60
        #expect(c.evaluatedLayerCount == start + 1)
        #expect(abs(inner.transform.m41 - 60) < 1e-9)
    }

    @Test("LT6: a masked layer's static shapes are rasterised once and their coverage laid again, drawing what a fresh renderer draws",
          arguments: ["mask_add.json", "mask_opacity.json", "mask_expansion.json", "matte_alpha.json"])
    func LT6_keptCoverage(_ file: String) throws {
        let animation = try LottieAnimation.load(contentsOfFile: Doc.folder.appendingPathComponent("Corpus/" + file).path)
        let composition = LottieComposition(animation: animation)
        let (w, h) = (Int(animation.width), Int(animation.height))
        let renderer = try ImageRenderer(pixelWidth: w, pixelHeight: h)
        var uses: [Int] = []
        for f in 0..<8 {
            composition.setFrame(animation.startFrame + Double(f))
            renderer.render(composition.displayList())
            uses.append(renderer.painter.lastKeptCoverageUses)
            // A renderer with no history rasterises everything.
            let fresh = try ImageRenderer(pixelWidth: w, pixelHeight: h)
            fresh.render(composition.displayList())
            #expect(fresh.painter.lastKeptCoverageUses == 0)
            let d = LottieSpeedTests.compare(renderer.image(), fresh.image(), tolerance: 2)
            #expect(d.worst <= 2, "\(file) frame \(f): worst \(d.worst)/255")
        }
        // Candidates the first frame, kept the second, laid from the third on.
        #expect(uses[0] == 0 && uses[1] == 0)
        #expect(uses[2...].allSatisfy { $0 > 0 }, "\(file): kept coverage uses per frame \(uses)")
    }

    @Test("LT6: shapes filled straight into the surface keep their coverage (and a gradient its pixels) while their path and transform stay, drawing every frame as a fresh renderer does",
          arguments: ["transform_opacity.json", "gradient_fill_radial.json", "gradient_stroke.json", "gradient_fill_linear.json",
                      "group_style_scope.json", "layer_start_time.json", "repeater.json"])
    func LT6_keptDirectShapes(_ file: String) throws {
        var uses = 0
        try Self.everyFrame(of: file) { f, renderer, fresh in
            uses += renderer.painter.lastKeptCoverageUses
            #expect(renderer.painter.lastDirectShapeCount > 0 || renderer.painter.lastDamage != nil)
            // Kept coverage is the coverage rasterised afresh (to a float's rounding), and kept
            // gradient pixels are the bytes the gradient lays.
            let d = LottieSpeedTests.compare(renderer.image(), fresh.image(), tolerance: 1)
            #expect(d.worst <= 1, "\(file) frame \(f): worst \(d.worst)/255")
        }
        #expect(uses > 0, "\(file): no kept coverage was laid")
    }

    @Test("LT11: a file of opaque solids lays them from their rows every frame, keeping no coverage, as a fresh renderer draws them")
    func LT11_solidsLaidFromRows() throws {
        var direct = 0
        try Self.everyFrame(of: "solid_layer.json") { f, renderer, fresh in
            direct += renderer.painter.lastDirectShapeCount
            #expect(renderer.painter.lastKeptCoverageUses == 0 && renderer.painter.cacheCounts.keptCoverage == 0, "frame \(f)")
            #expect(renderer.image().bytes == fresh.image().bytes, "frame \(f)")
        }
        #expect(direct > 0, "no solid went straight into the pixels")
    }

    /// Renders every frame of the corpus file `file` with one renderer, which keeps its history,
    /// and with a fresh one each, and hands both to `body` with the frame's index.
    static func everyFrame(of file: String, _ body: (Int, ImageRenderer, ImageRenderer) throws -> Void) throws {
        let animation = try LottieAnimation.load(contentsOfFile: Doc.folder.appendingPathComponent("Corpus/" + file).path)
        let composition = LottieComposition(animation: animation)
        let (w, h) = (Int(animation.width), Int(animation.height))
        let renderer = try ImageRenderer(pixelWidth: w, pixelHeight: h)
        for f in 0..<Int(animation.endFrame - animation.startFrame) {
            composition.setFrame(animation.startFrame + Double(f))
            renderer.render(composition.displayList())
            let fresh = try ImageRenderer(pixelWidth: w, pixelHeight: h)
            fresh.render(composition.displayList())
            try body(f, renderer, fresh)
        }
    }
}
