import Testing
import TimelineTestSupport
import FrameTiming
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists

/// MR3 (its `unowned` part) and MR0: closures the engine hands out hold their owners weakly
/// where the closure can outlive them, so code that keeps a clock, an animation engine, a view's
/// layer or a list's recognizer after the owner is gone meets no trap.
@Suite("MR3 closures outliving their owners", .endsIdle)
@MainActor
struct OutlivedOwnerTests {
    @Test("MR3: a clock stepped after its run loop is gone runs the frame and then idles (it read an unowned loop)")
    func MR3_clockOutlivesItsRunLoop() {
        let clock = ManualFrameClock()
        weak var gone: MainRunLoop?
        do {
            let loop = MainRunLoop(clock: clock)
            gone = loop
            loop.requestFrame()
        }
        #expect(gone == nil)
        // The frames already asked for run (the handler found no loop, asking for no more), then
        // the clock idles.
        let ran = clock.step(frames: 5)
        #expect(ran >= 1 && ran <= 2)
        #expect(!clock.hasScheduledFrame)
    }


    @Test("MR3: the animation engine kept past its run loop takes animations without a trap (it read an unowned loop)")
    func MR3_animationEngineOutlivesItsRunLoop() {
        var engine: AnimationEngine?
        var layers: LayerEngine?
        weak var gone: MainRunLoop?
        do {
            let loop = MainRunLoop(clock: ManualFrameClock())
            gone = loop
            engine = loop.animations
            layers = loop.layers
        }
        #expect(gone == nil && engine?.runLoop == nil && layers?.runLoop == nil)
        // Motions are the layer engine's (AM3); the views' engine keeps making animations.
        // A motion that ends at once, on a layer the orphaned engine hosts:
        let layer = Layer()
        layers?.host(layer)
        layer.addMotion(Animation(), forKey: "motion", advance: { _ in false }, interrupted: { _ in })  // asks its (gone) loop for a frame
        #expect(layers?.hasPendingWork == true)
        #expect(engine?.hasPendingWork == true)      // the motion its loop's layer engine took
    }

    @Test("MR3: a view's layer kept and changed after the view is freed tells no one (it read an unowned view)")
    func MR3_layerOutlivesItsView() {
        let host = makeHost()
        var kept: Layer?
        var keptSub: Layer?
        weak var gone: View?
        do {
            let v = View(frame: Rect(x: 0, y: 0, width: 40, height: 40))
            host.root.addSubview(v)
            let sub = Layer()
            v.layer.addSublayer(sub)
            kept = v.layer
            keptSub = sub
            host.runUntilIdle()
            v.removeFromSuperview()
            gone = v
        }
        host.runUntilIdle()
        #expect(gone == nil)
        // A change of the layer or of its sublayer reaches the layer's change hooks, which
        // read the view.
        keptSub?.backgroundColor = Color(red: 1, green: 0, blue: 0)
        kept?.backgroundColor = Color(red: 0, green: 1, blue: 0)
        kept?.opacity = 0.5
        kept?.addSublayer(Layer())
        host.runUntilIdle()
        #expect(kept?.opacity == 0.5 && keptSub?.superlayer === kept)
    }

    @Test("MR3: a table's and a scroll view's recognizers kept after their view is freed act on nothing")
    func MR3_listRecognizersOutliveTheirViews() {
        var kept: [GestureRecognizer] = []
        weak var goneTable: TableView?
        weak var goneScroll: ScrollView?
        do {
            let t = TableView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            let s = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            kept = t.gestureRecognizers + s.gestureRecognizers
            goneTable = t
            goneScroll = s
        }
        #expect(goneTable == nil && goneScroll == nil)
        #expect(!kept.isEmpty)
        // Their actions run with their views gone (as a cancel would call them).
        for r in kept { r.isEnabled = true; r.state = .began; r.state = .cancelled }
        #expect(kept.allSatisfy { $0.state == .cancelled || $0.state == .failed })
    }
}
