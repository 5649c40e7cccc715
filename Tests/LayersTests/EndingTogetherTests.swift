import Geometry
import Layers
import RenderModel
import Testing

/// P2: the animations that end in one frame leave their layers' lists in one pass per layer.
/// What their delegates hear, and in which order, is what one removal at a time gave.
@Suite("P2 layer animations ending in one frame")
@MainActor
struct EndingTogetherTests {
    /// Records every delegate's stop in one shared log, under the name it was given.
    final class Log {
        var entries: [String] = []
    }

    final class NamedDelegate: AnimationDelegate {
        let name: String
        let log: Log
        init(_ name: String, _ log: Log) { self.name = name; self.log = log }
        func animationDidStop(_ animation: Animation, finished: Bool) { log.entries.append("\(name) \(finished)") }
    }

    func layer(in host: LayerHost, x: Double) -> Layer {
        let l = Layer()
        Transaction.begin()
        Transaction.setDisableActions(true)
        l.frame = Rect(x: x, y: 10, width: 40, height: 40)
        host.root.addSublayer(l)
        Transaction.commit()
        return l
    }

    func fade(_ keyPath: String, duration: Double, _ name: String, _ log: Log, kept: Bool = false) -> BasicAnimation {
        let a = BasicAnimation(keyPath: keyPath)
        a.fromValue = 0.0; a.toValue = 1.0
        a.duration = duration
        a.isRemovedOnCompletion = !kept
        if kept { a.fillMode = .forwards }
        a.delegate = NamedDelegate(name, log)
        return a
    }

    @Test("P2: delegates of animations ending in one frame hear it in the engine's order, and the ones still running keep theirs")
    func P2_endingInOneFrameKeepsTheOrder() {
        let host = LayerHost()
        let log = Log()
        let a = layer(in: host, x: 10), b = layer(in: host, x: 60)
        // On `a`: two that end at 0.5 s around one that runs to 1 s, then one that ends at
        // 0.5 s but is kept; on `b`, one that ends at 0.5 s, added between them.
        a.add(fade("opacity", duration: 0.5, "a1", log), forKey: "a1")
        b.add(fade("opacity", duration: 0.5, "b1", log), forKey: "b1")
        a.add(fade("position.x", duration: 1, "a2", log), forKey: "a2")
        a.add(fade("cornerRadius", duration: 0.5, "a3", log), forKey: "a3")
        a.add(fade("borderWidth", duration: 0.5, "a4", log, kept: true), forKey: "a4")
        host.run(to: 0.25)
        #expect(log.entries.isEmpty)
        host.run(to: 0.55)
        // Layer by layer, in the order the engine listed them; within a layer, the kept one
        // first (it reports its end as it is evaluated and stays), then those removed, in the
        // order they were added.
        #expect(log.entries == ["a4 true", "a1 true", "a3 true", "b1 true"])
        #expect(a.animationKeys() == ["a2", "a4"])
        #expect(b.animationKeys() == nil)
        // What ended shows the model again; the survivor goes on from where it was.
        let p = a.presentation()!
        #expect(p.opacity == 1 && p.cornerRadius == 0)
        #expect(p.borderWidth == 1)                          // the kept one holds its end value
        #expect(p.position.x > 0.5 && p.position.x < 1)
        #expect(b.presentation()?.opacity == 1)
        host.run(to: 1.1)
        #expect(log.entries == ["a4 true", "a1 true", "a3 true", "b1 true", "a2 true"])
        #expect(a.animationKeys() == ["a4"])
        a.removeAllAnimations()
        #expect(log.entries.count == 5)                      // a kept one's end is told once
        host.runUntilIdle()
    }

    /// The groups directly inside the layer's own group as the renderer emits it.
    func innerGroups(_ l: Layer, _ host: LayerHost) -> Int {
        var r = LayerRenderer(engine: host.engine)
        var list: [DrawCommand] = []
        _ = r.emit(l, parent: .identity, into: &list)
        var n = 0, i = 1
        while i < list.count - 1 {
            if case .beginGroup(let g) = list[i] { n += 1; i = g.end + 1 } else { i += 1 }
        }
        return n
    }

    @Test("P2: a transition ending in one frame with another animation of its layer gives the layer back its own drawing")
    func P2_transitionEndingWithOthers() {
        let host = LayerHost()
        let log = Log()
        let l = layer(in: host, x: 10)
        l.backgroundColor = Color(red: 1, green: 0, blue: 0)
        host.step()
        let t = TransitionAnimation()
        t.type = .push; t.subtype = .fromRight; t.duration = 0.5
        t.delegate = NamedDelegate("t", log)
        l.add(t, forKey: TransitionAnimation.key)
        l.add(fade("opacity", duration: 0.5, "o", log), forKey: "o")
        l.add(fade("cornerRadius", duration: 1, "r", log), forKey: "r")
        host.run(to: 0.25)
        #expect(innerGroups(l, host) == 2)                   // the old rendering and the new
        host.run(to: 0.6)
        #expect(log.entries == ["t true", "o true"])
        #expect(l.animationKeys() == ["r"])
        #expect(innerGroups(l, host) == 0)                   // its own drawing again
        host.runUntilIdle()
        #expect(log.entries == ["t true", "o true", "r true"])
    }
}
