import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Scrolling

/// CA8: every motion is advanced by the one animation engine from the frame's time; nothing
/// animates from a frame observer of its own.
@Suite("CA8 one animation driver", .endsIdle)
@MainActor
struct OneDriverTests {
    /// A fling of `dy` points over 80 ms, released at once.
    func fling(_ host: HeadlessHost, _ s: ScrollView, dy: Double) {
        var t = Double(host.runLoop.currentMediaTimeNanoseconds) / 1e9
        let p = Point(x: 200, y: 400)
        host.runLoop.send(InputEvent(.pointerDown(p, button: 1), timestamp: t))
        for k in 1...10 {
            t += 0.008
            host.runLoop.send(InputEvent(.pointerMoved(Point(x: p.x, y: p.y + dy * Double(k) / 10), buttons: 1), timestamp: t))
        }
        host.runLoop.send(InputEvent(.pointerUp(Point(x: p.x, y: p.y + dy), button: 1), timestamp: t))
        host.step()
    }

    func scrollView(in host: HeadlessHost) -> ScrollView {
        let s = ScrollView(frame: Rect(x: 50, y: 50, width: 300, height: 400))
        s.contentSize = Size(width: 300, height: 5000)
        s.delaysContentTouches = false
        host.root.addSubview(s)
        host.runUntilIdle()
        return s
    }

    @Test("CA8: a playing timeline and a decelerating scroll view advance in the engine's tick, with no frame observer")
    func CA8_timelineAndDecelerationOnTheEngine() {
        let host = makeHost(width: 400, height: 600)
        let s = scrollView(in: host)
        var x = 0.0
        let tl = AnimationTimeline()
        tl.add(Tween.value(from: 0, to: 1, duration: 1, curve: .linear) { x = $0 })
        tl.play(on: host.runLoop)
        host.step()                                                 // the timeline's baseline frame
        let started = host.runLoop.currentMediaTimeNanoseconds
        fling(host, s, dy: -200)
        #expect(s.isDecelerating)
        let released = host.runLoop.currentMediaTimeNanoseconds
        let o = s.contentOffset.y
        for _ in 0..<12 {
            host.step()
            #expect(!host.runLoop.pendingWork.contains { $0.contains("frame observer") })
            #expect(host.runLoop.animations.hasPendingWork)
            let now = host.runLoop.currentMediaTimeNanoseconds
            // Both are functions of the frame's time and their start.
            #expect(abs(x - Double(now - started) / 1e9) < 1e-9)
            let t = Double(now - released) / 1e6
            #expect(abs(s.contentOffset.y - ScrollPhysics.decelerating(o, velocity: 2.5 * 1000, deceleration: .init(ratePerMillisecond: 0.998),
                                                                       at: t / 1000)) < 1e-6)
        }
        host.runUntilIdle()
        #expect(x == 1 && !tl.isPlaying && !s.isDecelerating)
        #expect(!host.runLoop.animations.hasPendingWork)
    }

    @Test("CA8: a scroll view taken out of its window mid-fling ends its motion and lets the loop go idle")
    func CA8_motionEndsWithTheWindow() {
        let host = makeHost(width: 400, height: 600)
        let s = scrollView(in: host)
        fling(host, s, dy: -200)
        #expect(s.isDecelerating)
        host.step(frames: 3)
        let offset = s.contentOffset.y
        s.removeFromSuperview()
        host.runUntilIdle()
        #expect(host.isIdle)
        #expect(s.contentOffset.y == offset)                       // no motion after it left
        #expect(!host.runLoop.animations.hasPendingWork)
    }

    @Test("CA8: the layer engine is the loop's one animation participant; view and layer animations share its frame time")
    func CA8_oneParticipant() {
        let host = makeHost()
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        host.root.addSubview(v)
        let sub = Layer()
        sub.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        v.layer.addSublayer(sub)
        host.runUntilIdle()
        let loop = host.runLoop
        #expect(loop.participants.first === loop.layers)
        #expect(!loop.participants.contains { $0 is AnimationEngine })
        #expect(loop.participants.filter { !($0 is Window) }.count == 1)
        #expect(loop.layers.viewAnimations === loop.animations)
        // A view block and a layer animation made in the same frame move together.
        View.animate(withDuration: 1, delay: 0, options: [], curve: .linear) { v.alpha = 0 }
        let fade = BasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0
        fade.toValue = 0.0
        fade.duration = 1
        fade.timingFunction = MediaTimingFunction(name: .linear)
        sub.add(fade, forKey: "fade")
        Transaction.begin()
        Transaction.setDisableActions(true)
        sub.opacity = 0
        Transaction.commit()
        host.step()
        host.step(frames: 30)
        let viewAlpha = v.presentation.opacity
        let layerOpacity = sub.presentation()?.opacity ?? -1
        #expect(abs(viewAlpha - 0.5) < 1e-9)
        #expect(abs(viewAlpha - layerOpacity) < 1e-9)
        host.runUntilIdle()
    }
}
