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
            #expect(abs(s.contentOffset.y - ScrollPhysics.decelerating(o, velocity: 2.5, rate: 0.998, at: t)) < 1e-6)
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
}
