import Geometry
@testable import TimelineSDL
import Testing
@testable import Timeline

/// LT13 (engine first): a layer's `filters` run over the layer drawn as a group with its
/// sublayers, clipped first, before its opacity; lengths scale with the layer's transform.
@MainActor
@Suite("LT13 layer filters")
struct LayerFilterTests {
    /// A 40 x 20 red layer at (10, 10) holding a green 10 x 10 sublayer at its top-left corner,
    /// with `filters`, in a 100 x 100 root whose sublayers are scaled by `scale` about its origin.
    func tree(_ filters: [Filter], scale: Double = 1, clips: Bool = false) -> Layer {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let holder = Layer()
        holder.anchorPoint = .zero
        holder.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        holder.transform = Transform3D(AffineTransform(scaleX: scale, y: scale))
        let layer = Layer()
        layer.frame = Rect(x: 10, y: 10, width: 40, height: 20)
        layer.backgroundColor = Color(red: 1, green: 0, blue: 0)
        layer.masksToBounds = clips
        let inner = Layer()
        inner.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        inner.backgroundColor = Color(red: 0, green: 1, blue: 0)
        layer.addSublayer(inner)
        layer.filters = filters
        holder.addSublayer(layer)
        root.addSublayer(holder)
        return root
    }

    func pixel(_ i: RGBAImage, _ x: Int, _ y: Int) -> [Int] { (0..<4).map { Int(i.bytes[(y * i.width + x) * 4 + $0]) } }

    @Test("LT13: a colour fill repaints the layer and its sublayers; a drop shadow of both falls under them, offset")
    func LT13_fillAndShadow() throws {
        let blue = Color(red: 0, green: 0, blue: 1)
        let filled = try renderedLayerTree(tree([.colorFill(blue)]))
        #expect(filled.painter.lastUnfilteredGroupCount == 0)
        let f = filled.image()
        #expect(pixel(f, 15, 15) == [0, 0, 255, 255] && pixel(f, 40, 25) == [0, 0, 255, 255], "the sublayer and the layer are blue")
        let shadowed = try renderedLayerTree(tree([.dropShadow(color: blue, offset: Size(width: 0, height: 30), deviation: 0)])).image()
        #expect(pixel(shadowed, 15, 15) == [0, 255, 0, 255] && pixel(shadowed, 40, 25) == [255, 0, 0, 255], "the layer as drawn")
        #expect(pixel(shadowed, 40, 50) == [0, 0, 255, 255], "the shadow 30 below: \(pixel(shadowed, 40, 50))")
        #expect(pixel(shadowed, 40, 35) == [0, 0, 0, 0] && pixel(shadowed, 55, 50) == [0, 0, 0, 0])
    }

    @Test("LT13: filter lengths scale with the layer's transform: twice as large, the shadow falls twice as far")
    func LT13_scaledShadow() throws {
        let blue = Color(red: 0, green: 0, blue: 1)
        // Scaled by 2: the layer covers (20, 20)...(100, 60), its shadow 2 x 15 = 30 lower.
        let i = try renderedLayerTree(tree([.dropShadow(color: blue, offset: Size(width: 0, height: 15), deviation: 0)], scale: 2)).image()
        #expect(pixel(i, 60, 70) == [0, 0, 255, 255], "\(pixel(i, 60, 70))")
        #expect(pixel(i, 60, 95) == [0, 0, 0, 0])
    }

    @Test("LT13: a blur runs after the layer's clip: a clipped sublayer's cut edge is blurred, not what the clip hid")
    func LT13_blurAfterClip() throws {
        let t = tree([.gaussianBlur(deviation: 3)], clips: true)
        // A blue sublayer reaching far below the layer: clipped at y 30 before the blur.
        let tall = Layer()
        tall.frame = Rect(x: 20, y: 0, width: 10, height: 60)
        tall.backgroundColor = Color(red: 0, green: 0, blue: 1)
        t.sublayers?.first?.sublayers?.first?.addSublayer(tall)
        let i = try renderedLayerTree(t).image()
        #expect(pixel(i, 35, 20)[3] > 200)
        #expect(abs(pixel(i, 35, 30)[3] - 128) < 40, "the clipped edge half covered: \(pixel(i, 35, 30))")
        #expect(pixel(i, 35, 45)[3] == 0, "what the clip hid stays hidden: \(pixel(i, 35, 45))")
    }

    @Test("LT13: a blurred layer reaching past the target does not fade at the target's edge; at its own edges it does")
    func LT13_blurPastTarget() throws {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let wide = Layer()
        wide.frame = Rect(x: -50, y: 40, width: 200, height: 20)
        wide.backgroundColor = Color(red: 1, green: 0, blue: 0)
        wide.filters = [.gaussianBlur(deviation: 3)]
        root.addSublayer(wide)
        let renderer = try renderedLayerTree(root)
        let i = renderer.image()
        #expect(renderer.painter.lastUnfilteredGroupCount == 0)
        #expect(pixel(i, 0, 50)[3] > 245 && pixel(i, 99, 50)[3] > 245, "the target's edges: \(pixel(i, 0, 50)) \(pixel(i, 99, 50))")
        #expect(abs(pixel(i, 50, 40)[3] - 128) < 40 && pixel(i, 50, 32)[3] < 30, "its own edge fades: \(pixel(i, 50, 40))")
    }
}
