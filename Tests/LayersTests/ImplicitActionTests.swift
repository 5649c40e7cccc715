import Geometry
import Layers
import Motion
import Testing

/// A delegate that turns off the animation of one key and animates another its own way.
@MainActor
final class ActionDelegate: LayerDelegate {
    func action(for layer: Layer, forKey event: String) -> (any Action)? {
        switch event {
        case "opacity": return NullAction()
        case "position":
            let a = BasicAnimation(keyPath: "position")
            a.duration = 2
            return a
        default: return nil
        }
    }
}

@Suite("CA7 implicit actions and transactions")
@MainActor
struct ImplicitActionTests {
    @Test("CA7 a standalone layer animates a property change for 0.25 s with the default timing")
    func implicitAnimation() {
        let host = LayerHost()
        let l = Layer()
        host.root.addSublayer(l)
        host.runUntilIdle()
        l.opacity = 0
        #expect(l.opacity == 0)
        #expect(l.animationKeys() == ["opacity"])
        let a = l.animation(forKey: "opacity") as? BasicAnimation
        #expect(a?.duration == 0.25 && a?.fromValue as? Double == 1)
        #expect(a?.timingFunction == MediaTimingFunction(name: .default))
        host.step()                                            // the commit frame: progress 0
        let begin = host.runLoop.currentMediaTime
        #expect(l.presentation()?.opacity == 1)
        for _ in 0..<8 { host.step() }
        let elapsed = host.runLoop.currentMediaTime - begin
        #expect(close(elapsed, 8.0 / 60, 1e-6))
        let p = MediaTimingFunction(name: .default).progress(at: elapsed / 0.25)
        #expect(close(l.presentation()!.opacity, 1 - p, 1e-9))
        host.runUntilIdle()
        #expect(l.presentation()?.opacity == 0)
    }

    @Test("CA7 transactions set the duration and timing, disable actions, nest, and run completion blocks")
    func transactions() {
        let host = LayerHost()
        let l = Layer()
        host.root.addSublayer(l)
        host.runUntilIdle()
        var completed = 0
        Transaction.begin()
        Transaction.setAnimationDuration(1)
        Transaction.setAnimationTimingFunction(MediaTimingFunction(name: .linear))
        Transaction.setCompletionBlock { completed += 1 }
        l.position = Point(x: 100, y: 0)
        Transaction.begin()                                   // inherits 1 s, linear
        #expect(Transaction.animationDuration() == 1)
        l.opacity = 0.5
        Transaction.setDisableActions(true)
        l.cornerRadius = 4                                     // no action
        Transaction.commit()
        Transaction.commit()
        #expect(Set(l.animationKeys() ?? []) == ["position", "opacity"])
        #expect(l.animation(forKey: "position")?.duration == 1)
        #expect(Transaction.animationDuration() == 0.25 && !Transaction.disableActions())
        let start = host.runLoop.currentMediaTime
        host.step()
        host.run(to: start + 1.0 / 60 + 0.5)
        #expect(close(l.presentation()!.position.x, 50, 1e-9))
        #expect(completed == 0)
        host.runUntilIdle()
        #expect(completed == 1)
        // A transaction that adds no animation completes at once.
        Transaction.begin()
        Transaction.setCompletionBlock { completed += 1 }
        Transaction.commit()
        #expect(completed == 2)
    }

    @Test("CA7 the delegate's action and the actions dictionary decide before the default")
    func actionSearch() {
        let host = LayerHost()
        let l = Layer()
        let delegate = ActionDelegate()
        l.delegate = delegate
        l.actions = ["cornerRadius": NullAction()]
        host.root.addSublayer(l)
        host.runUntilIdle()
        l.opacity = 0.3
        l.cornerRadius = 9
        l.position = Point(x: 10, y: 10)
        #expect(l.animationKeys() == ["position"])
        #expect(l.animation(forKey: "position")?.duration == 2)
        l.removeAllAnimations()
        host.runUntilIdle()
    }

    @Test("CA7 an implicit change while animating starts from what is on screen")
    func interruptFromPresentation() {
        let host = LayerHost()
        let l = Layer()
        host.root.addSublayer(l)
        host.runUntilIdle()
        Transaction.begin()
        Transaction.setAnimationDuration(1)
        Transaction.setAnimationTimingFunction(MediaTimingFunction(name: .linear))
        l.position = Point(x: 100, y: 0)
        Transaction.commit()
        let start = host.runLoop.currentMediaTime
        host.step()
        host.run(to: start + 1.0 / 60 + 0.5)
        l.position = Point(x: 0, y: 0)
        let a = l.animation(forKey: "position") as? BasicAnimation
        #expect(close((a?.fromValue as? Point)?.x ?? -1, 50, 1e-9))
        host.runUntilIdle()
    }
}
