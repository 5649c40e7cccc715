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

    /// An opaque 100 x 60 layer, its left half white and its right half black, blurred in `space`.
    func halves(_ space: FilterColorSpace) -> Layer {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let layer = Layer()
        layer.frame = Rect(x: 0, y: 20, width: 100, height: 60)
        layer.backgroundColor = Color(red: 0, green: 0, blue: 0)
        layer.masksToBounds = true
        let white = Layer()
        white.frame = Rect(x: 0, y: 0, width: 50, height: 60)
        white.backgroundColor = Color(red: 1, green: 1, blue: 1)
        layer.addSublayer(white)
        layer.filters = [.gaussianBlur(deviation: 4, space: space)]
        root.addSublayer(layer)
        return root
    }

    @Test("LT13: a blur in linear light mixes white and black into a brighter grey than a blur of encoded values, as a browser's SVG blur does")
    func LT13_blurInLinearLight() throws {
        let encoded = try renderedLayerTree(halves(.sRGB)).image()
        let linear = try renderedLayerTree(halves(.linearRGB)).image()
        // At the seam the blur mixes the two halves about equally: 50% grey is 128 encoded,
        // and 50% of white's light is encoded as 188.
        let e = pixel(encoded, 50, 50), l = pixel(linear, 50, 50)
        #expect(abs(e[0] - 128) <= 12 && e[0] == e[1] && e[1] == e[2], "encoded mix: \(e)")
        #expect(abs(l[0] - 188) <= 12 && l[0] == l[1] && l[1] == l[2], "linear mix: \(l)")
        // Far from the seam nothing is mixed, and the round trip through linear bytes keeps it.
        #expect(pixel(linear, 20, 50) == [255, 255, 255, 255] && pixel(linear, 80, 50) == [0, 0, 0, 255])
        #expect(l[3] == 255, "opaque stays opaque")
    }
}
