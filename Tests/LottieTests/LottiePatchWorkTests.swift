import Testing
import Geometry
import Layers
import RenderModel
import Timeline
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
}
