import Testing
import Geometry
import RenderModel
import TimelineSDL
@testable import Lottie

/// LT13: the layer effects real files carry, drawn by the layer renderer: drop shadow, fill and
/// tint, with parameters read by position as After Effects exports them (lottie-web's reading:
/// shadow opacity out of 255, direction clockwise from up, blur deviation a quarter of softness).
@Suite("LT13 layer effects")
@MainActor
struct LottieEffectTests {
    /// A parameter of an effect, fixed at `value`.
    func param(_ value: String) -> String { #"{"ty":0,"v":{"a":0,"k":\#(value)}}"# }

    /// The commands the composition draws at `frame` of a red 40 x 20 rectangle centred at
    /// (50, 50) whose layer carries `effects`.
    func draws(_ effects: String, frame: Double = 0) throws -> (commands: [DrawCommand], warnings: [String]) {
        let animation = try Doc.read(Doc.animation(layers: Doc.shapeLayer(Doc.redRect, extra: #","ef":[\#(effects)]"#)))
        let composition = LottieComposition(animation: animation)
        composition.setFrame(frame)
        return (composition.displayList().commands, animation.warnings)
    }

    func fills(_ commands: [DrawCommand]) -> [Color] {
        commands.compactMap { if case .fillShape(_, .color(let c), _) = $0 { c } else { nil } }
    }

    func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    @Test("LT13: a drop shadow draws the shape's silhouette under it, offset along its direction, blurred by its softness")
    func LT13_dropShadow() throws {
        let shadow = #"{"ty":25,"nm":"Drop Shadow","ef":[\#(param("[0,0,0.5,1]")),\#(param("127.5")),\#(param("135")),\#(param("10")),\#(param("8"))]}"#
        let (commands, _) = try draws(shadow)
        guard let i = commands.firstIndex(where: { if case .shadow = $0 { true } else { false } }),
              case .shadow(let path, let color, let radius) = commands[i] else {
            Issue.record("no shadow in \(commands)")
            return
        }
        let box = path.boundingBox
        let d = 10 / 2.0.squareRoot()                                       // 135 degrees: down and right
        #expect(near(box.minX, 30 + d) && near(box.minY, 40 + d) && near(box.width, 40) && near(box.height, 20))
        #expect(near(color.alpha, 0.5) && color.blue == 0.5 && color.red == 0)
        #expect(radius == 4)                                                 // deviation 2 = softness / 4
        let fill = commands.firstIndex { if case .fillShape = $0 { true } else { false } }
        #expect(fill.map { $0 > i } == true, "the shadow is under the shape")
    }

    @Test("LT13: a fill effect paints every fill in its colour, the alpha times its opacity")
    func LT13_fill() throws {
        let fill = #"{"ty":21,"nm":"Fill","ef":[\#(param("0")),\#(param("0")),\#(param("[0,0,1,1]")),\#(param("0")),\#(param("0")),\#(param("0")),\#(param("0.5"))]}"#
        let colors = fills(try draws(fill).commands)
        #expect(colors == [Color(red: 0, green: 0, blue: 1, alpha: 0.5)])
    }

    @Test("LT13: a tint maps colours by luminance from its black to its white, mixed by its amount")
    func LT13_tint() throws {
        func tint(_ amount: Double) throws -> Color? {
            let effect = #"{"ty":20,"nm":"Tint","ef":[\#(param("[0,0,0,1]")),\#(param("[0,1,0,1]")),\#(param(String(amount)))]}"#
            return fills(try draws(effect).commands).first
        }
        let full = try #require(try tint(100))
        #expect(near(full.red, 0) && near(full.green, 0.2126) && full.blue == 0)   // red's luminance, on the black-to-green ramp
        let half = try #require(try tint(50))
        #expect(near(half.red, 0.5) && near(half.green, 0.1063) && half.alpha == 1)
        #expect(try tint(0) == Color(red: 1, green: 0, blue: 0))
    }

    @Test("LT13: keyframed effect parameters are evaluated at each frame")
    func LT13_animated() throws {
        let fill = #"{"ty":21,"ef":[\#(param("0")),\#(param("0")),\#(param("[0,0,1,1]")),\#(param("0")),\#(param("0")),\#(param("0")),{"v":{"a":1,"k":[{"t":0,"s":[0]},{"t":10,"s":[1]}]}}]}"#
        let animation = try Doc.read(Doc.animation(layers: Doc.shapeLayer(Doc.redRect, extra: #","ef":[\#(fill)]"#)))
        let composition = LottieComposition(animation: animation)
        composition.setFrame(5)
        #expect(fills(composition.displayList().commands).map(\.alpha) == [0.5])
        composition.setFrame(10)
        #expect(fills(composition.displayList().commands).map(\.alpha) == [1])
    }

    /// The filters of the display list's groups that carry any.
    func filters(_ commands: [DrawCommand]) -> [[Filter]] {
        commands.compactMap { if case .beginGroup(let g) = $0, !g.filters.isEmpty { g.filters } else { nil } }
    }

    @Test("LT13: a gaussian blur on a shape layer blurs the layer as one picture in linear light, 0.3 of the blurriness its deviation; one way only is named in a warning")
    func LT13_gaussianBlur() throws {
        let blur = { (dimensions: String) in #"{"ty":29,"nm":"Gaussian Blur","ef":[\#(self.param("10")),\#(self.param(dimensions)),\#(self.param("0"))]}"# }
        let (commands, warnings) = try draws(blur("1"))
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(fills(commands) == [Color(red: 1, green: 0, blue: 0)], "the shape stays sharp; its layer blurs it")
        #expect(!commands.contains { if case .shadow = $0 { true } else { false } })
        #expect(filters(commands) == [[.gaussianBlur(deviation: 3, space: .linearRGB)]])
        #expect(try draws(blur("2")).warnings.contains { $0.contains("layers[0].ef[0]") && $0.contains("one direction") })
        // A drop shadow before the blur runs as the layer's filter too, in the file's order.
        let shadow = #"{"ty":25,"ef":[\#(param("[0,0,0,1]")),\#(param("255")),\#(param("135")),\#(param("10")),\#(param("16"))]}"#
        let both = filters(try draws(shadow + "," + blur("1")).commands)
        #expect(both.count == 1 && both.first?.count == 2)
        if case .dropShadow(let color, let offset, let deviation)? = both.first?.first {
            #expect(color == Color(red: 0, green: 0, blue: 0) && near(deviation, 4))
            #expect(near(offset.width, 10 * 0.5.squareRoot()) && near(offset.height, 10 * 0.5.squareRoot()))
        } else {
            Issue.record("the shadow first: \(both)")
        }
        #expect(both.first?.last == .gaussianBlur(deviation: 3, space: .linearRGB))
        // Rendered: the middle stays red, the edge is half covered, a deviation outside is faint.
        let image = try render(Doc.redRect, blur("1"))
        func alpha(_ x: Int, _ y: Int) -> Int { Int(image.bytes[(y * image.width + x) * 4 + 3]) }
        #expect(alpha(50, 50) > 200)
        #expect(abs(alpha(30, 50) - 128) < 40, "edge alpha \(alpha(30, 50))")
        #expect(alpha(24, 50) < 60 && alpha(24, 50) > 0, "alpha two deviations out \(alpha(24, 50))")
    }

    @Test("LT13: two shapes of a blurred layer that meet leave no seam where they meet (blurred as one picture, not shape by shape)")
    func LT13_blurredShapesMeetWithoutSeam() throws {
        // Two 20 x 20 squares, red and blue, meeting at x 50; blurred by a deviation of 3.
        let squares = #"{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[40,50]},"s":{"a":0,"k":[20,20]}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]},{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[60,50]},"s":{"a":0,"k":[20,20]}},{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]}"#
        let blur = #"{"ty":29,"ef":[\#(param("10")),\#(param("1")),\#(param("0"))]}"#
        let image = try render(squares, blur)
        func alpha(_ x: Int, _ y: Int) -> Int { Int(image.bytes[(y * image.width + x) * 4 + 3]) }
        // Each square blurred alone would be half covered at the shared edge, and the two
        // halves laid one over the other three quarters (about 191).
        #expect(alpha(50, 50) > 245, "alpha where the squares meet \(alpha(50, 50))")
        #expect(abs(alpha(30, 50) - 128) < 40, "the outer edge is still half covered: \(alpha(30, 50))")
    }

    /// The composition of one shape layer holding `shapes` with `effects`, rendered at frame 0
    /// on a 200 x 100 canvas.
    func render(_ shapes: String, _ effects: String) throws -> RGBAImage {
        let animation = try Doc.read(Doc.animation(layers: Doc.shapeLayer(shapes, extra: #","ef":[\#(effects)]"#)))
        let composition = LottieComposition(animation: animation)
        composition.setFrame(0)
        let renderer = try ImageRenderer(pixelWidth: 200, pixelHeight: 100)
        renderer.render(composition.displayList())
        return renderer.image()
    }

    @Test("LT13: a disabled effect is skipped; one not drawn (a tritone) is named in a warning; a bad list is an error with its path")
    func LT13_skippedAndBad() throws {
        let disabled = #"{"ty":21,"en":0,"ef":[\#(param("0")),\#(param("0")),\#(param("[0,0,1,1]"))]}"#
        #expect(fills(try draws(disabled).commands) == [Color(red: 1, green: 0, blue: 0)])
        let tritone = #"{"ty":23,"nm":"Tritone","ef":[\#(param("[1,1,1,1]")),\#(param("[0.5,0.5,0.5,1]")),\#(param("[0,0,0,1]")),\#(param("0"))]}"#
        let (commands, warnings) = try draws(tritone)
        #expect(fills(commands) == [Color(red: 1, green: 0, blue: 0)])
        #expect(warnings.contains { $0.contains("layers[0].ef[0]") && $0.contains("Tritone") })
        let error = Doc.error(Doc.animation(layers: Doc.shapeLayer(Doc.redRect, extra: #","ef":{"ty":25}"#)))
        #expect(error?.path.hasSuffix("layers[0].ef") == true)
        let badParam = Doc.error(Doc.animation(layers: Doc.shapeLayer(Doc.redRect, extra: #","ef":[{"ty":25,"ef":[{"v":{"a":0,"k":"black"}}]}]"#)))
        #expect(badParam?.path.contains("ef[0].ef[0].v") == true)
    }
}

/// LT13: 3D layers ("ddd": 1) are composed as the layer model's 3D transforms: turns about x and
/// y, orientation and depth, with no perspective (no camera is read), so a layer turned about y
/// narrows as in an orthographic view.
@Suite("LT13 3D layers")
@MainActor
struct Lottie3DLayerTests {
    func transform(_ ks: String, ddd: Bool = true, extraLayers: String = "") throws -> (Transform3D, [String]) {
        let layer = Doc.shapeLayer(Doc.redRect, ks: ks, extra: ddd ? #","ddd":1"# : "")
        let animation = try Doc.read(Doc.animation(layers: layer + extraLayers, extra: #","ddd":1"#))
        let composition = LottieComposition(animation: animation)
        composition.setFrame(0)
        return (try #require(composition.rootLayer.sublayers?.first).transform, animation.warnings)
    }

    func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    @Test("LT13: a turn about y narrows the layer by its cosine, about x shortens it; the file reads without the 'drawn flat' warning")
    func LT13_turns() throws {
        let (ry, warnings) = try transform(#"{"ry":{"a":0,"k":60}}"#)
        #expect(near(ry.m11, 0.5) && near(ry.m22, 1))
        #expect(!warnings.contains { $0.contains("ddd") })
        let (rx, _) = try transform(#"{"rx":{"a":0,"k":60}}"#)
        #expect(near(rx.m11, 1) && near(rx.m22, 0.5))
        let (or, _) = try transform(#"{"or":{"a":0,"k":[0,60,0]}}"#)
        #expect(near(or.m11, 0.5))
    }

    @Test("LT13: a 3D layer's anchor, scale, z rotation and position match the 2D transform when it does not turn; depth moves z")
    func LT13_flatAgrees() throws {
        let ks = #"{"a":{"a":0,"k":[10,5,0]},"p":{"a":0,"k":[60,40,25]},"s":{"a":0,"k":[200,50,100]},"r":{"a":0,"k":30}}"#
        let (t3, _) = try transform(ks)
        let (t2, _) = try transform(ks, ddd: false)
        #expect(near(t3.m11, t2.m11) && near(t3.m12, t2.m12) && near(t3.m21, t2.m21) && near(t3.m22, t2.m22))
        #expect(near(t3.m41, t2.m41) && near(t3.m42, t2.m42))
        #expect(t3.m43 == 25 && t2.m43 == 0)
    }

    @Test("LT13: x and y turns on a 2D layer are ignored, as After Effects shows a 2D layer")
    func LT13_twoDIgnoresTurns() throws {
        let (t, _) = try transform(#"{"ry":{"a":0,"k":60}}"#, ddd: false)
        #expect(t.m11 == 1 && t.m22 == 1)
    }
}
