import Testing
import Geometry
import Layers
import RenderModel
import Timeline
import TimelineSDL
import TimelineTestSupport
@testable import Views
@testable import Lottie

/// LT11: a frame's fixed cost. A layer shown or hidden changes its group's command count: the
/// window patches the group and moves what follows it instead of rebuilding the list, and
/// repaints only the group's box. A layer whose only change is its opacity has its group's
/// opacity rewritten, with nothing emitted again.
@Suite("LT11 resized patches and faded groups", .endsIdle)
@MainActor
struct LottieResizedPatchTests {
    /// Four squares side by side: a still one, one fading from 100% to 30% over the clip, one
    /// shown only from frame 20 to 39, and another still one after them in the list.
    static var document: String {
        func square(_ name: String, _ index: Int, x: Double, ks: String = "", ip: Int = 0, op: Int = 60) -> String {
            #"{"ty":4,"nm":"\#(name)","ind":\#(index),"ip":\#(ip),"op":\#(op),"st":0,"ks":{"p":{"a":0,"k":[\#(x),30]}\#(ks)},"shapes":[{"ty":"rc","nm":"r","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[30,30]}},{"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[0.2,0.4,0.9,1]},"o":{"a":0,"k":100}}]}"#
        }
        return Doc.animation(layers: [
            square("still", 1, x: 20),
            square("fading", 2, x: 60, ks: #","o":{"a":1,"k":[{"t":0,"s":[100]},{"t":59,"s":[30]}]}"#),
            square("blinking", 3, x: 100, ip: 20, op: 40),
            square("after", 4, x: 160),
        ].joined(separator: ","))
    }

    static func place(patching: Bool) throws -> (HeadlessHost, LottieAnimationView, ImageRenderer) {
        try LottieHeldFrameTests.place(document, patching: patching)
    }

    @Test("LT11: a layer shown at frame 20 and hidden at 40 is patched, not rebuilt, repainting its box only; each frame's list is the rebuilt one and its picture a full repaint's")
    func LT11_shownAndHiddenLayersArePatched() throws {
        try Self.playBesideRebuilt(Self.document) { f, host, renderer, before in
            if f == 20 || f == 40 {
                // The blinking square's group came or went: the list grew or shrank in place.
                #expect(host.window.displayList.commands.count != before.commands, "frame \(f)")
                let d = try #require(renderer.painter.lastDamage, "frame \(f): a damaged repaint, not a full one")
                #expect(Int(d.w) * Int(d.h) < 200 * 100 / 2, "frame \(f): \(d) repainted")
            }
        }
    }

    /// The patching window's counts before a frame of ``playBesideRebuilt(_:check:)``.
    struct Before {
        /// The commands in its list.
        var commands: Int
        /// Layers emitted so far.
        var emitted: Int
        /// Groups moved so far.
        var moved: Int
    }

    /// Frames 1...59 of `document` in a patching window beside one that rebuilds its list and
    /// repaints every pixel each frame: each frame's list must be the rebuilt one's and its
    /// picture the full repaint's, and the patching window must not rebuild its list. `check`
    /// sees each frame once it is drawn: its number, the patching window's host and renderer,
    /// and the window's counts before it.
    static func playBesideRebuilt(_ document: String,
                                  check: (Int, HeadlessHost, ImageRenderer, Before) throws -> Void) throws {
        let (host, view, renderer) = try LottieHeldFrameTests.place(document, patching: true)
        let (other, reference, referenceRenderer) = try LottieHeldFrameTests.place(document, patching: false)
        referenceRenderer.painter.repaintsDamageOnly = false
        let builds = host.window.buildGeneration
        for f in 1..<60 {
            let layers = host.window.layerRenderer
            let before = Before(commands: host.window.displayList.commands.count, emitted: layers.emittedLayerCount,
                                moved: layers.movedGroupCount)
            view.currentFrame = Double(f)
            reference.currentFrame = Double(f)
            host.step()
            other.step()
            #expect(host.window.displayList.commands == other.window.displayList.commands, "frame \(f)")
            #expect(renderer.image() == referenceRenderer.image(), "frame \(f)")
            try check(f, host, renderer, before)
        }
        #expect(host.window.buildGeneration == builds, "\(host.window.buildGeneration - builds) rebuilds")
        host.runUntilIdle()
        other.runUntilIdle()
    }

    /// A backdrop over the whole canvas, under it a square shown from frame 10 to 29 (the first
    /// drawn: no sublayer before it), over it one shown from frame 20 to 39 and one from 25 on.
    static var blinkingOverBackdrop: String {
        func square(_ name: String, _ index: Int, x: Double, ip: Int, op: Int, size: Double = 20) -> String {
            #"{"ty":4,"nm":"\#(name)","ind":\#(index),"ip":\#(ip),"op":\#(op),"st":0,"ks":{"p":{"a":0,"k":[\#(x),50]}},"shapes":[{"ty":"rc","nm":"r","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[\#(size),\#(size)]}},{"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[0.9,0.3,0.2,1]},"o":{"a":0,"k":100}}]}"#
        }
        return Doc.animation(layers: [
            square("late", 1, x: 150, ip: 25, op: 60),
            square("blinking", 2, x: 60, ip: 20, op: 40),
            square("backdrop", 3, x: 100, ip: 0, op: 60, size: 200),
            square("under", 4, x: 30, ip: 10, op: 30),
        ].joined(separator: ","))
    }

    @Test("LT11: a layer shown again is inserted beside its siblings' groups: its own box repainted, not its superlayer's; each list the rebuilt one's and each picture a full repaint's")
    func LT11_shownLayersInsertedBesideTheirSiblings() throws {
        try Self.playBesideRebuilt(Self.blinkingOverBackdrop) { f, host, renderer, before in
            if [10, 20, 25].contains(f) {
                #expect(host.window.displayList.commands.count > before.commands, "frame \(f)")
                let d = try #require(renderer.painter.lastDamage, "frame \(f): a damaged repaint, not a full one")
                #expect(Int(d.w) * Int(d.h) <= 24 * 24, "frame \(f): \(d) repainted")
            }
        }
    }

    @Test("LT11: a layer whose only change is its opacity is faded in place: no layer emitted, its box repainted, the picture a full repaint's")
    func LT11_opacityOnlyChangesFadeTheGroup() throws {
        let (host, view, renderer) = try Self.place(patching: true)
        let (other, reference, referenceRenderer) = try Self.place(patching: false)
        referenceRenderer.painter.repaintsDamageOnly = false
        for f in 1..<20 {
            let (emitted, faded) = (host.window.layerRenderer.emittedLayerCount, host.window.layerRenderer.fadedGroupCount)
            view.currentFrame = Double(f)
            reference.currentFrame = Double(f)
            host.step()
            other.step()
            #expect(host.window.layerRenderer.emittedLayerCount == emitted, "frame \(f)")
            #expect(host.window.layerRenderer.fadedGroupCount == faded + 1, "frame \(f)")
            #expect(host.window.displayList.commands == other.window.displayList.commands, "frame \(f)")
            #expect(renderer.image() == referenceRenderer.image(), "frame \(f)")
            let d = try #require(renderer.painter.lastDamage, "frame \(f)")
            #expect(Int(d.w) * Int(d.h) <= 40 * 40, "frame \(f): \(d) repainted")
        }
        host.runUntilIdle()
        other.runUntilIdle()
    }
}
