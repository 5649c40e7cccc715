import Testing
import Geometry
import RenderModel
import TimelineSDL
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Lottie

/// LT13: blend modes on shapes ("bm" on a group or a fill or stroke, as lottie-docs lists it and
/// lottie-web sets `mix-blend-mode` on the group's or style's element): what the item paints is
/// drawn on its own and blended over what the layer drew beneath it.
@Suite("LT13 shape blend modes")
@MainActor
struct LottieShapeBlendTests {
    /// A rectangle (x, y, width, height) and a fill of `rgb`, `bm` on the fill when given.
    func rect(_ r: [Double], _ rgb: [Double], fillBlend: Int? = nil, color: String? = nil) -> String {
        let c = color ?? #"{"a":0,"k":[\#(rgb[0]),\#(rgb[1]),\#(rgb[2]),1]}"#
        let bm = fillBlend.map { #","bm":\#($0)"# } ?? ""
        return #"{"ty":"rc","p":{"a":0,"k":[\#(r[0] + r[2] / 2),\#(r[1] + r[3] / 2)]},"s":{"a":0,"k":[\#(r[2]),\#(r[3])]}},"#
            + #"{"ty":"fl","c":\#(c),"o":{"a":0,"k":100}\#(bm)}"#
    }

    /// A group of `items` with `bm` when given.
    func group(_ items: String, blend: String? = nil) -> String {
        let bm = blend.map { #","bm":\#($0)"# } ?? ""
        return #"{"ty":"gr","nm":"g","it":[\#(items),{"ty":"tr","p":{"a":0,"k":[0,0]}}]\#(bm)}"#
    }

    /// The first frame (200 x 100) of a shape layer holding `shapes`, drawn over transparency.
    func render(_ shapes: String, frame: Double = 0) throws -> (pixel: (Int, Int) -> [Int], warnings: [String], list: DisplayList) {
        try Doc.render(Doc.animation(layers: Doc.shapeLayer(shapes)), frame: frame)
    }

    static let backdrop = [0.8, 0.4, 0.2], source = [0.2, 0.6, 1.0]

    /// W3C's result over the opaque backdrop, as bytes.
    static func expected(_ b: (Double, Double) -> Double) -> [Int] {
        (0..<3).map { Int((b(backdrop[$0], source[$0]) * 255).rounded()) } + [255]
    }

    func near(_ a: [Int], _ b: [Int]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= 1 } }

    func blendGroups(_ list: DisplayList) -> [BlendMode] {
        list.commands.compactMap { if case .beginGroup(let g) = $0, g.blendMode != .normal { g.blendMode } else { nil } }
    }

    @Test("LT13: a group with bm 1 multiplies its shapes over the layer's shapes beneath it; beside them the backdrop stays")
    func LT13_groupMultiply() throws {
        // The group is first (on top); the backdrop rectangle, later, is beneath it.
        let shapes = group(rect([0, 0, 100, 100], Self.source), blend: "1") + "," + group(rect([50, 0, 150, 100], Self.backdrop))
        let (pixel, warnings, list) = try render(shapes)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(blendGroups(list) == [.multiply])
        #expect(near(pixel(75, 50), Self.expected { $0 * $1 }), "multiplied: \(pixel(75, 50))")
        #expect(pixel(25, 50) == [51, 153, 255, 255], "over nothing the source as it is")
        #expect(pixel(150, 50) == [204, 102, 51, 255])
    }

    @Test("LT13: a fill with bm 2 screens what it paints over the shapes beneath; without bm no blend group is drawn")
    func LT13_fillScreen() throws {
        let shapes = group(rect([0, 0, 100, 100], Self.source, fillBlend: 2)) + "," + group(rect([50, 0, 150, 100], Self.backdrop))
        let (pixel, _, list) = try render(shapes)
        #expect(blendGroups(list) == [.screen])
        #expect(near(pixel(75, 50), Self.expected { $0 + $1 - $0 * $1 }), "screened: \(pixel(75, 50))")
        let plain = try render(group(rect([0, 0, 100, 100], Self.source)) + "," + group(rect([50, 0, 150, 100], Self.backdrop)))
        #expect(blendGroups(plain.list).isEmpty && plain.pixel(75, 50) == [51, 153, 255, 255])
    }

    @Test("LT13: nested blended items draw as nested groups, the group's mode outside the fill's; keyframed colours inside still move")
    func LT13_nestedAndAnimated() throws {
        let moving = #"{"a":1,"k":[{"t":0,"s":[0.2,0.6,1,1],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[1,1,1,1]}]}"#
        let shapes = group(rect([0, 0, 100, 100], Self.source, fillBlend: 1, color: moving), blend: "10") + "," + group(rect([50, 0, 150, 100], Self.backdrop))
        let first = try render(shapes, frame: 0)
        #expect(blendGroups(first.list) == [.difference, .multiply])
        let later = try render(shapes, frame: 10)
        // The outer group is drawn on its own, so the fill's multiply has nothing beneath it
        // there and stays white (as CSS isolates a blended group); white's difference with the
        // backdrop is 1 - backdrop.
        #expect(near(later.pixel(75, 50), [51, 153, 204, 255]), "\(later.pixel(75, 50))")
        #expect(near(first.pixel(75, 50), [153, 51, 204, 255]), "the source's difference: \(first.pixel(75, 50))")
        #expect(!near(first.pixel(75, 50), later.pixel(75, 50)))
    }

    @Test("LT13: a shape's blend mode blends within its layer only: over another layer beneath it the shape shows its own colour")
    func LT13_blendWithinLayer() throws {
        let top = Doc.shapeLayer(group(rect([0, 0, 100, 100], Self.source), blend: "1"))
        let beneath = #"{"ty":4,"nm":"beneath","ind":2,"ip":0,"op":60,"st":0,"ks":{},"shapes":[\#(group(rect([0, 0, 200, 100], Self.backdrop)))]}"#
        let pixel = try Doc.render(Doc.animation(layers: top + "," + beneath)).pixel
        #expect(pixel(50, 50) == [51, 153, 255, 255], "not multiplied with the layer beneath: \(pixel(50, 50))")
        #expect(pixel(150, 50) == [204, 102, 51, 255])
    }

    @Test("LT13: a shape's bm outside 0 to 17 is a warning naming its path and draws normally; bm on a rectangle is ignored as lottie-web ignores it")
    func LT13_badShapeBlend() throws {
        let shapes = group(rect([0, 0, 100, 100], Self.source), blend: "42") + "," + group(rect([50, 0, 150, 100], Self.backdrop))
        let (pixel, warnings, list) = try render(shapes)
        #expect(warnings.contains { $0.contains("shapes[0].bm") && $0.contains("42") }, "\(warnings)")
        #expect(blendGroups(list).isEmpty && pixel(75, 50) == [51, 153, 255, 255])
        let onGeometry = #"{"ty":"rc","bm":3,"p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[100,100]}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
        let g = try render(onGeometry)
        #expect(g.warnings.isEmpty && blendGroups(g.list).isEmpty)
        #expect(Doc.error(Doc.animation(layers: Doc.shapeLayer(group(rect([0, 0, 10, 10], Self.source), blend: #""x""#)))) == nil,
                "a string mode is a warning, not an error")
    }
}

/// LT13: the exporter writes a layer's blend mode (`compositingFilter`) back as its `"bm"`: a
/// file read, played in a window, recorded and exported reads again with the same modes.
@Suite("LT13 blend modes exported")
@MainActor
struct LottieBlendExportTests {
    @Test("LT13: import a file with bm, export what the window draws, import again: the same modes on the same layers", .endsIdle)
    func LT13_blendRoundTrip() throws {
        let modes = [1, 2, 3, 10, 16, 0]
        let layers = modes.enumerated().map { k, bm in
            let shapes = #"{"ty":"rc","p":{"a":0,"k":[\#(20 + 30 * k),50]},"s":{"a":0,"k":[40,40]}},{"ty":"fl","c":{"a":0,"k":[0.2,0.6,1,1]},"o":{"a":0,"k":100}}"#
            return #"{"ty":4,"nm":"layer \#(k)","ind":\#(k + 1),"ip":0,"op":60,"st":0,"ks":{},"shapes":[\#(shapes)],"bm":\#(bm)}"#
        }.joined(separator: ",")
        let animation = try Doc.read(Doc.animation(layers: layers))
        #expect(animation.layers.map { lottieBlendModes.firstIndex(of: $0.blendMode) } == modes)
        let composition = LottieComposition(animation: animation)
        let host = makeHost(width: 200, height: 100)
        host.window.rootView.layer.addSublayer(composition.rootLayer)
        let recorder = LottieRecorder(window: host.window)
        for k in 0..<3 {
            composition.setFrame(Double(k))
            host.step()
            recorder.recordFrame()
        }
        let (data, _) = try recorder.data(frameRate: 30, name: "bm")
        let again = try LottieAnimation(data: Array(data))
        var found: [String: Int] = [:]
        func collect(_ layers: [LottieLayer]) {
            for l in layers where l.name.hasPrefix("layer ") { found[l.name] = lottieBlendModes.firstIndex(of: l.blendMode) }
        }
        collect(again.layers)
        for case .precomposition(let inner) in again.assets.values { collect(inner) }
        for (k, bm) in modes.enumerated() { #expect(found["layer \(k)"] == bm, "layer \(k): \(String(describing: found["layer \(k)"]))") }
        #expect(!recorder.warnings.contains { $0.contains("blend") })
    }
}
