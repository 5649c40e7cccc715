import Testing
import Geometry
import Layers
import RenderModel
import Timeline
import TimelineSDL
import TimelineTestSupport
@testable import Views
@testable import Lottie

/// LT11: a layer that only moves (its position, anchor point, scale or rotation, that is its
/// transform) draws the same commands in its own coordinates: the window rewrites the transforms
/// and boxes of its group and the groups under it, and emits nothing.
@Suite("LT11 moved groups", .endsIdle)
@MainActor
struct LottieMovedGroupTests {
    /// A still backdrop over the whole canvas, a square sliding right, one turning and growing
    /// about its middle with a child square hanging from it, and one fading while it slides.
    static var document: String {
        func layer(_ name: String, _ index: Int, size: (Double, Double), color: String, ks: String, parent: Int? = nil) -> String {
            let p = parent.map { #","parent":\#($0)"# } ?? ""
            return #"{"ty":4,"nm":"\#(name)","ind":\#(index)\#(p),"ip":0,"op":60,"st":0,"ks":{\#(ks)},"shapes":[{"ty":"rc","nm":"r","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[\#(size.0),\#(size.1)]}},{"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[\#(color)]},"o":{"a":0,"k":100}}]}"#
        }
        return Doc.animation(layers: [
            layer("sliding", 1, size: (20, 20), color: "0.9,0.2,0.2,1",
                  ks: #""p":{"a":1,"k":[{"t":0,"s":[20,20]},{"t":59,"s":[60,25]}]}"#),
            layer("child", 2, size: (10, 10), color: "0.2,0.8,0.2,1", ks: #""p":{"a":0,"k":[15,0]}"#, parent: 3),
            layer("turning", 3, size: (24, 24), color: "0.2,0.2,0.9,1",
                  ks: #""p":{"a":0,"k":[100,40]},"r":{"a":1,"k":[{"t":0,"s":[0]},{"t":59,"s":[120]}]},"s":{"a":1,"k":[{"t":0,"s":[100,100]},{"t":59,"s":[140,120]}]}"#),
            layer("fading", 4, size: (16, 16), color: "0.9,0.7,0.1,1",
                  ks: #""p":{"a":1,"k":[{"t":0,"s":[40,60]},{"t":59,"s":[50,58]}]},"o":{"a":1,"k":[{"t":0,"s":[100]},{"t":59,"s":[40]}]}"#),
            layer("backdrop", 5, size: (200, 100), color: "0.95,0.95,0.95,1", ks: #""p":{"a":0,"k":[100,50]}"#),
        ].joined(separator: ","))
    }

    @Test("LT11: layers whose only changes are their transforms and opacity are moved in place: no layer emitted, each list the rebuilt one's, each picture a full repaint's, the damage their boxes")
    func LT11_transformOnlyChangesMoveTheGroups() throws {
        try LottieResizedPatchTests.playBesideRebuilt(Self.document) { f, host, renderer, before in
            #expect(host.window.layerRenderer.emittedLayerCount == before.emitted, "frame \(f)")
            // The sliding, turning, child and fading squares.
            #expect(host.window.layerRenderer.movedGroupCount == before.moved + 4, "frame \(f)")
            let d = try #require(renderer.painter.lastDamage, "frame \(f): a damaged repaint, not a full one")
            #expect(Int(d.w) * Int(d.h) < 200 * 100 / 2, "frame \(f): \(d) repainted")
        }
    }
}
