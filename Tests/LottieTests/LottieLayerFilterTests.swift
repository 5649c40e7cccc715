import Testing
import Geometry
import RenderModel
import TimelineSDL
@testable import Lottie

/// LT13: effects on image and precomposition layers run over the layer's whole composited
/// content (a precomposition flattened, clipped to its size), as After Effects and lottie-web
/// apply them: the layer renderer's filters (`Layer.filters`), run by the painter over the
/// layer's pixels after its clip and masks, before its opacity and blend mode.
@Suite("LT13 effects on image and precomposition layers")
@MainActor
struct LottieLayerFilterTests {
    /// A parameter of an effect, fixed at `value`.
    func param(_ value: String) -> String { #"{"ty":0,"v":{"a":0,"k":\#(value)}}"# }

    /// A drop shadow of `rgb` at full opacity, `direction` degrees clockwise from up, `distance`
    /// and `softness` long.
    func shadow(_ rgb: String, direction: Double, distance: Double, softness: Double = 0) -> String {
        let values = ["[\(rgb),1]", "255", "\(direction)", "\(distance)", "\(softness)"].map(param).joined(separator: ",")
        return #"{"ty":25,"nm":"Drop Shadow","ef":[\#(values)]}"#
    }

    /// A 1 x 1 red PNG drawn as a 40 x 20 image asset.
    static let redImage = #"{"id":"img","w":40,"h":20,"e":1,"u":"","p":"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg=="}"#

    /// An image layer showing the red image with its top-left corner at (30, 20), carrying `effects`.
    func imageLayer(_ effects: String) -> String {
        #"{"ty":2,"nm":"image","ind":1,"refId":"img","ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[30,20]}},"ef":[\#(effects)]}"#
    }

    /// A precomposition 100 x 50 at (20, 10) holding a red 40 x 40 rectangle at (40, 30)...(80, 70),
    /// cut by its bottom edge at 50, and a green one at (0, 0)...(20, 20); the layer carries `effects`.
    func precompDocument(_ effects: String, extra: String = "") -> String {
        let red = #"{"ty":"rc","p":{"a":0,"k":[60,50]},"s":{"a":0,"k":[40,40]}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
        let green = #"{"ty":"rc","p":{"a":0,"k":[10,10]},"s":{"a":0,"k":[20,20]}},{"ty":"fl","c":{"a":0,"k":[0,1,0,1]},"o":{"a":0,"k":100}}"#
        let inner = #"{"ty":4,"nm":"red","ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[\#(red)]},{"ty":4,"nm":"green","ind":2,"ip":0,"op":60,"st":0,"ks":{},"shapes":[\#(green)]}"#
        let assets = #"[{"id":"pre","layers":[\#(inner)]}]"#
        let layer = #"{"ty":0,"nm":"pre","ind":1,"refId":"pre","w":100,"h":50,"ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[20,10]}},"ef":[\#(effects)]\#(extra)}"#
        return Doc.animation(layers: layer, assets: assets)
    }

    /// The animation's frame drawn over transparency (200 x 100), as RGBA bytes per pixel, with
    /// its warnings and its display list.
    func render(_ json: String, frame: Double = 0) throws -> (pixel: (Int, Int) -> [Int], warnings: [String], list: DisplayList) {
        try Doc.render(json, frame: frame)
    }

    func filters(_ list: DisplayList) -> [[Filter]] {
        list.commands.compactMap { if case .beginGroup(let g) = $0, !g.filters.isEmpty { g.filters } else { nil } }
    }

    func near(_ a: [Int], _ b: [Int], _ tolerance: Int = 2) -> Bool { a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance } }

    @Test("LT13: a drop shadow on an image layer draws the image's silhouette under it, offset along its direction")
    func LT13_imageDropShadow() throws {
        // Direction 180: straight down; 30 below the image's 20-high box.
        let json = Doc.animation(layers: imageLayer(shadow("0,0,1", direction: 180, distance: 30)), assets: "[\(Self.redImage)]")
        let (pixel, warnings, list) = try render(json)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(filters(list).count == 1, "the image layer's group carries the shadow")
        #expect(near(pixel(50, 30), [255, 0, 0, 255]), "the image: \(pixel(50, 30))")
        #expect(near(pixel(50, 60), [0, 0, 255, 255]), "its shadow 30 below: \(pixel(50, 60))")
        #expect(pixel(50, 45) == [0, 0, 0, 0], "between them nothing")
        #expect(pixel(25, 60) == [0, 0, 0, 0], "beside the shadow nothing")
    }

    @Test("LT13: a soft drop shadow on an image layer is blurred by a quarter of its softness")
    func LT13_imageSoftShadow() throws {
        let json = Doc.animation(layers: imageLayer(shadow("0,0,1", direction: 180, distance: 40, softness: 16)), assets: "[\(Self.redImage)]")
        let (pixel, _, _) = try render(json)
        // The shadow's box is (30, 60)...(70, 80), blurred by a deviation of 4.
        #expect(near(pixel(50, 30), [255, 0, 0, 255]), "the image stays sharp: \(pixel(50, 30))")
        #expect(pixel(50, 70)[3] > 200, "the shadow's middle: \(pixel(50, 70))")
        #expect(abs(pixel(50, 80)[3] - 128) < 40, "its edge half covered: \(pixel(50, 80))")
        #expect(pixel(50, 86)[3] > 0 && pixel(50, 86)[3] < 60, "faint past it: \(pixel(50, 86))")
    }

    @Test("LT13: a tint on an image layer maps its colours by luminance; a fill repaints them")
    func LT13_imageTintAndFill() throws {
        let tint = #"{"ty":20,"nm":"Tint","ef":[\#(param("[0,0,0,1]")),\#(param("[1,1,1,1]")),\#(param("100"))]}"#
        let (pixel, _, _) = try render(Doc.animation(layers: imageLayer(tint), assets: "[\(Self.redImage)]"))
        let grey = Int((0.2126 * 255).rounded())                    // red's Rec. 709 luminance
        #expect(near(pixel(50, 30), [grey, grey, grey, 255]), "tinted: \(pixel(50, 30))")
        let fill = #"{"ty":21,"nm":"Fill","ef":[\#(param("0")),\#(param("0")),\#(param("[0,1,0,1]")),\#(param("0")),\#(param("0")),\#(param("0")),\#(param("0.5"))]}"#
        let (filled, _, _) = try render(Doc.animation(layers: imageLayer(fill), assets: "[\(Self.redImage)]"))
        #expect(near(filled(50, 30), [0, 255, 0, 128]), "filled green at half (straight alpha): \(filled(50, 30))")
    }

    @Test("LT13: a precomposition's effects apply to its flattened content: a fill repaints both shapes, a shadow falls past its clip")
    func LT13_precompositionFlattened() throws {
        let fill = #"{"ty":21,"nm":"Fill","ef":[\#(param("0")),\#(param("0")),\#(param("[0,0,1,1]")),\#(param("0")),\#(param("0")),\#(param("0")),\#(param("1"))]}"#
        let (pixel, warnings, _) = try render(precompDocument(fill))
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(near(pixel(80, 50), [0, 0, 255, 255]), "the red shape is blue: \(pixel(80, 50))")
        #expect(near(pixel(30, 20), [0, 0, 255, 255]), "the green one too: \(pixel(30, 20))")
        // The red shape is cut by the precomposition's bottom edge (y 60); the shadow of what
        // shows, 20 below, lies outside the precomposition, as After Effects draws it.
        let (shadowed, _, _) = try render(precompDocument(shadow("0,0,1", direction: 180, distance: 20)))
        #expect(near(shadowed(80, 50), [255, 0, 0, 255]), "the shape: \(shadowed(80, 50))")
        #expect(near(shadowed(80, 70), [0, 0, 255, 255]), "its shadow past the clip: \(shadowed(80, 70))")
        #expect(shadowed(80, 85) == [0, 0, 0, 0])
    }

    @Test("LT13: a blurred precomposition is blurred as one picture after its clip; the blurriness animates")
    func LT13_precompositionBlur() throws {
        let blur = #"{"ty":29,"nm":"Gaussian Blur","ef":[{"ty":0,"v":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[20]}]}},\#(param("1")),\#(param("0"))]}"#
        let sharp = try render(precompDocument(blur), frame: 0)
        #expect(filters(sharp.list).isEmpty, "no blur at frame 0")
        #expect(near(sharp.pixel(80, 59), [255, 0, 0, 255]) && sharp.pixel(80, 61) == [0, 0, 0, 0])
        let blurred = try render(precompDocument(blur), frame: 10)
        #expect(filters(blurred.list) == [[.gaussianBlur(deviation: 6, space: .linearRGB)]])
        // The clip cuts the shape at y 60 before the blur: below the edge alpha fades.
        let at = { (y: Int) in blurred.pixel(80, y)[3] }
        #expect(at(50) > 160, "inside \(at(50))")
        #expect(abs(at(60) - 128) < 40, "at the clipped edge \(at(60))")
        #expect(at(66) > 0 && at(66) < 60, "a deviation out \(at(66))")
        #expect(at(85) == 0)
    }

    @Test("LT13: a layer without effects has no filters; an image's disabled effect is skipped")
    func LT13_noFilters() throws {
        let plain = try render(Doc.animation(layers: imageLayer(""), assets: "[\(Self.redImage)]"))
        #expect(filters(plain.list).isEmpty)
        let disabled = #"{"ty":25,"en":0,"ef":[\#(param("[0,0,1,1]")),\#(param("255")),\#(param("180")),\#(param("30")),\#(param("0"))]}"#
        let off = try render(Doc.animation(layers: imageLayer(disabled), assets: "[\(Self.redImage)]"))
        #expect(filters(off.list).isEmpty && off.pixel(50, 60) == [0, 0, 0, 0])
    }
}
