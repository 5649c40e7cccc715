import Testing
import Geometry
import Layers
import RenderModel
import Timeline
import TimelineSDL
import TimelineTestSupport
@testable import Views
@testable import Lottie

/// LT11: a frame's work follows the file, not the square of it. A track matte made of many
/// moving layers (a burst of dots, say) is drawn inside the group of the layer it mattes, so
/// every dot that moves asks for that group to be drawn again; the window draws it once a frame.
@Suite("LT11 work per frame", .endsIdle)
@MainActor
struct LottiePatchWorkTests {
    static let dots = 24

    /// `dots` circles in a precomposition, each moving from the middle outwards over 60 frames;
    /// the precomposition mattes a rectangle (alpha matte) and is also drawn once more on its
    /// own, growing, over it.
    static var burst: String {
        var inner: [String] = []
        for k in 0..<dots {
            let dx = Double(k % 6) * 12 - 30, dy = Double(k / 6) * 10 - 15
            let ks = #"{"p":{"a":1,"k":[{"t":0,"s":[100,50]},{"t":60,"s":[\#(100 + dx),\#(50 + dy)]}]}}"#
            let dot = #"{"ty":"el","nm":"e","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[6,6]}},{"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100}}"#
            inner.append(#"{"ty":4,"nm":"dot \#(k)","ind":\#(k + 1),"ip":0,"op":60,"st":0,"ks":\#(ks),"shapes":[\#(dot)]}"#)
        }
        let assets = #"[{"id":"burst","layers":[\#(inner.joined(separator: ","))]}]"#
        let matte = #"{"ty":0,"nm":"matte","ind":1,"td":1,"refId":"burst","w":200,"h":100,"ip":0,"op":60,"st":0,"ks":{}}"#
        let card = Doc.shapeLayer(#"{"ty":"rc","nm":"r","p":{"a":0,"k":[100,50]},"s":{"a":0,"k":[200,100]}},{"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100}}"#)
            .replacingOccurrences(of: #""nm":"shape","ind":1"#, with: #""nm":"card","ind":2,"tt":1"#)
        let grow = #"{"a":{"a":0,"k":[100,50]},"p":{"a":0,"k":[100,50]},"s":{"a":1,"k":[{"t":0,"s":[100,100]},{"t":60,"s":[150,150]}]}}"#
        let direct = #"{"ty":0,"nm":"direct","ind":3,"refId":"burst","w":200,"h":100,"ip":0,"op":60,"st":0,"ks":\#(grow)}"#
        return Doc.animation(layers: [direct, matte, card].joined(separator: ","), assets: assets)
    }

    /// The player of `burst` in a headless window of its size.
    static func place(patching: Bool) throws -> (HeadlessHost, LottieAnimationView) {
        let host = makeHost(width: 200, height: 100)
        host.window.patchesDisplayList = patching
        let view = LottieAnimationView(animation: try Doc.read(burst))
        view.translatesAutoresizingMaskIntoConstraints = true
        view.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        host.root.addSubview(view)
        host.runUntilIdle()
        return (host, view)
    }

    /// The layers below `layer`, masks included (what one full drawing of it emits at most).
    static func count(below layer: Layer) -> Int {
        var n = 0
        for s in layer.sublayers ?? [] { n += 1 + count(below: s) }
        if let m = layer.mask { n += 1 + count(below: m) }
        return n
    }

    @Test("LT11: with every layer of a matte and of its precomposition moving, a frame emits each layer at most once, and the patched list is the rebuilt one")
    func LT11_matteOfMovingLayersEmittedOncePerFrame() throws {
        let (host, view) = try Self.place(patching: true)
        let (rebuilt, same) = try Self.place(patching: false)
        let layers = Self.count(below: view.layer)
        // Both precompositions' dots, the card, its matte and the two precomposition layers.
        #expect(layers >= 2 * Self.dots + 4)
        var most = 0
        for f in 1..<60 {
            view.currentFrame = Double(f)
            same.currentFrame = Double(f)
            let before = host.window.layerRenderer.emittedLayerCount
            host.step()
            rebuilt.step()
            most = max(most, host.window.layerRenderer.emittedLayerCount - before)
            #expect(host.window.displayList.commands == rebuilt.window.displayList.commands, "frame \(f)")
        }
        // Once per changed dot, the card's group (with the whole matte) would be drawn 24 times a
        // frame (over 600 layers), the growing precomposition's dots twice.
        #expect(most > 0 && most <= layers, "\(most) layers emitted in a frame, of \(layers)")
        host.runUntilIdle()
        rebuilt.runUntilIdle()
    }

    /// A closed polygon path item through `points`.
    static func polygon(_ points: [(Double, Double)]) -> String {
        let v = points.map { "[\($0.0),\($0.1)]" }.joined(separator: ","), zero = points.map { _ in "[0,0]" }.joined(separator: ",")
        return #"{"ty":"sh","nm":"p","ks":{"a":0,"k":{"c":true,"v":[\#(v)],"i":[\#(zero)],"o":[\#(zero)]}}}"#
    }

    @Test("LT11: an intersect merge of a dot with a clip group of two canvas-sized rectangles draws the dot alone, filling only its box")
    func LT11_intersectMergeWithClipRectangles() throws {
        // As designers' files clip: the shape, then a subgroup of the canvas rectangle twice
        // (wound opposite ways), intersected. A dot of 10 at (50, 50) on a 200 x 100 canvas.
        let canvas = [(-10.0, -10.0), (210, -10), (210, 110), (-10, 110)]
        let clip = #"{"ty":"gr","nm":"clip","it":[\#(Self.polygon(canvas)),\#(Self.polygon(canvas.reversed())),{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}"#
        let shapes = [Self.polygon([(45, 45), (55, 45), (55, 55), (45, 55)]), clip, #"{"ty":"mm","nm":"merge","mm":4}"#,
                      #"{"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#].joined(separator: ",")
        let composition = LottieComposition(animation: try Doc.read(Doc.animation(layers: Doc.shapeLayer(shapes))))
        // The fill through the merge's mask covers the dot's box, not the canvas.
        var filled: [Rect] = []
        for c in composition.displayList().commands { if case .fillShape(let p, _, _) = c { filled.append(p.boundingBox) } }
        #expect(filled.count == 1 && filled.allSatisfy { $0.width <= 12 && $0.height <= 12 }, "\(filled)")
        let renderer = try ImageRenderer(pixelWidth: 200, pixelHeight: 100)
        renderer.render(composition.displayList())
        let image = renderer.image()
        func alpha(_ x: Int, _ y: Int) -> UInt8 { image.bytes[(y * image.width + x) * 4 + 3] }
        #expect(alpha(50, 50) == 255 && alpha(10, 10) == 0 && alpha(150, 80) == 0)
    }
}
