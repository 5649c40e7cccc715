import Testing
import Geometry
import RenderModel
import TimelineSDL
@testable import Lottie

/// LT13: a layer's blend mode ("bm") composites the layer, drawn on its own, over the layers
/// beneath it by W3C Compositing and Blending's formulas (lottie-web sets the same modes as
/// `mix-blend-mode`); a track matte is the layer directly above, marked "td" or not.
@Suite("LT13 layer blend modes and mattes")
@MainActor
struct LottieBlendModeTests {
    /// A shape layer numbered `index` filling `rect` (x, y, width, height) in `rgb` (0...1),
    /// with `extra` JSON members (a blend mode, an opacity, a matte mark).
    func layer(_ index: Int, _ rect: [Double], _ rgb: [Double], extra: String = "", opacity: Double = 100) -> String {
        let shapes = #"{"ty":"rc","nm":"r","p":{"a":0,"k":[\#(rect[0] + rect[2] / 2),\#(rect[1] + rect[3] / 2)]},"s":{"a":0,"k":[\#(rect[2]),\#(rect[3])]}},"#
            + #"{"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[\#(rgb[0]),\#(rgb[1]),\#(rgb[2]),1]},"o":{"a":0,"k":100}}"#
        let ks = #"{"p":{"a":0,"k":[0,0]},"o":{"a":0,"k":\#(opacity)}}"#
        return #"{"ty":4,"nm":"layer \#(index)","ind":\#(index),"ip":0,"op":60,"st":0,"ks":\#(ks),"shapes":[\#(shapes)]\#(extra)}"#
    }

    /// The animation's first frame (200 x 100) drawn over transparency, and its warnings.
    func render(_ layers: [String]) throws -> (pixel: (Int, Int) -> [Int], warnings: [String]) {
        let frame = try Doc.render(Doc.animation(layers: layers.joined(separator: ",")))
        return (frame.pixel, frame.warnings)
    }

    /// The backdrop's and the source's colours: multiples of 0.2, so whole bytes.
    static let backdrop = [0.8, 0.4, 0.2], source = [0.2, 0.6, 1.0]

    /// W3C's B(Cb, Cs) for the modes tested, written out here.
    static func blend(_ mode: String, _ cb: Double, _ cs: Double) -> Double {
        switch mode {
        case "screen": cb + cs - cb * cs
        case "multiply": cb * cs
        default: cb <= 0.5 ? cs * 2 * cb : cs + (2 * cb - 1) - cs * (2 * cb - 1)   // overlay: hard light, swapped
        }
    }

    /// The bytes of `B` over an opaque backdrop at the layer's opacity `o`: `o·B + (1 - o)·Cb`.
    static func expected(_ mode: String, opacity o: Double = 1) -> [Int] {
        (0..<3).map { k in Int(((o * blend(mode, backdrop[k], source[k]) + (1 - o) * backdrop[k]) * 255).rounded()) } + [255]
    }

    func near(_ a: [Int], _ b: [Int]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= 1 } }

    @Test("LT13: screen, multiply and overlay layers over a solid give W3C's blended pixel; a half-opaque one half of it")
    func LT13_blendOverSolid() throws {
        let (pixel, warnings) = try render([
            layer(1, [0, 0, 40, 100], Self.source, extra: #","bm":2"#),
            layer(2, [50, 0, 40, 100], Self.source, extra: #","bm":1"#),
            layer(3, [100, 0, 40, 100], Self.source, extra: #","bm":3"#),
            layer(4, [150, 0, 40, 100], Self.source, extra: #","bm":2"#, opacity: 50),
            layer(5, [0, 0, 200, 100], Self.backdrop),
        ])
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(near(pixel(20, 50), Self.expected("screen")), "screen: \(pixel(20, 50)) against \(Self.expected("screen"))")
        #expect(near(pixel(70, 50), Self.expected("multiply")), "multiply: \(pixel(70, 50)) against \(Self.expected("multiply"))")
        #expect(near(pixel(120, 50), Self.expected("overlay")), "overlay: \(pixel(120, 50)) against \(Self.expected("overlay"))")
        #expect(near(pixel(170, 50), Self.expected("screen", opacity: 0.5)), "half screen: \(pixel(170, 50))")
        #expect(pixel(45, 50) == [204, 102, 51, 255], "between the layers the backdrop stays")
    }

    @Test("LT13: a blended layer over nothing shows its own colour; where it draws nothing the backdrop stays")
    func LT13_blendOverNothing() throws {
        let (pixel, _) = try render([
            layer(1, [0, 0, 100, 100], Self.source, extra: #","bm":1"#),
            layer(2, [50, 0, 150, 100], Self.backdrop),
        ])
        #expect(pixel(20, 50) == [51, 153, 255, 255], "multiply over a transparent page: the source as it is")
        #expect(near(pixel(70, 50), Self.expected("multiply")))
        #expect(pixel(150, 50) == [204, 102, 51, 255])
    }

    @Test("LT13: blend modes 0 to 17 read as After Effects' list; another value is a warning and draws normally")
    func LT13_readBlendModes() throws {
        let expected: [BlendMode] = [.normal, .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .hardLight,
                                     .softLight, .difference, .exclusion, .hue, .saturation, .color, .luminosity, .add, .hardMix]
        for (k, mode) in expected.enumerated() {
            let animation = try Doc.read(Doc.animation(layers: layer(1, [0, 0, 10, 10], Self.source, extra: #","bm":\#(k)"#)))
            #expect(animation.layers[0].blendMode == mode, "bm \(k)")
        }
        let bad = try Doc.read(Doc.animation(layers: layer(1, [0, 0, 10, 10], Self.source, extra: #","bm":18"#)))
        #expect(bad.layers[0].blendMode == .normal)
        #expect(bad.warnings.contains { $0.contains("layers[0].bm") && $0.contains("18") }, "\(bad.warnings)")
    }

    @Test("LT13: a track-matted layer's matte is the layer above, marked td or not; that layer is drawn only as the matte")
    func LT13_matteWithoutMark() throws {
        // The green layer above has no "td": it still mattes the red layer below (left half only).
        let (pixel, warnings) = try render([
            layer(1, [0, 0, 100, 100], [0, 1, 0]),
            layer(2, [0, 0, 200, 100], [1, 0, 0], extra: #","tt":1"#),
        ])
        #expect(pixel(50, 50) == [255, 0, 0, 255], "inside the matte: the matted layer")
        #expect(pixel(150, 50)[3] == 0, "outside the matte: nothing, not the layer unmatted")
        #expect(warnings.contains { $0.contains("layers[0]") && $0.contains("tt") }, "\(warnings)")
    }
}
