import Testing
import TimelineTestSupport
import Geometry
import FrameTiming
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

@Suite("N7 timelines", .endsIdle)
@MainActor
struct AnimationTimelineTests {
    @Test("N7: absolute and relative positions, labels, stagger and nesting place children in time")
    func N7_positions() {
        let tl = AnimationTimeline()
        var log: [String] = []
        func tween(_ name: String, _ d: Double) -> Tween { Tween(duration: d, curve: .linear) { p in if p == 1 { log.append(name) } } }
        tl.add(tween("a", 0.5))                                  // 0 ... 0.5
        tl.add(tween("b", 0.5))                                  // 0.5 ... 1.0
        tl.addLabel("mid", at: .at(0.5))
        tl.add(tween("c", 0.2), at: .label("mid", 0.1))          // 0.6 ... 0.8
        tl.add(tween("d", 0.1), at: .withPrevious(-0.2))         // 0.4 ... 0.5
        tl.stagger([tween("s0", 0.1), tween("s1", 0.1), tween("s2", 0.1)], each: 0.05, at: .end(0.1))   // 1.1, 1.15, 1.2
        let inner = AnimationTimeline()
        inner.add(tween("i", 0.3))
        tl.add(inner, at: .at(2))
        #expect(tl.duration == 2.3)
        #expect(tl.time(ofLabel: "mid") == 0.5)
        tl.seek(to: 0.55)
        #expect(Set(log) == ["a", "d"])
        tl.seek(to: 1.25)
        #expect(Set(log).isSuperset(of: ["b", "c", "s0", "s1"]) && !log.contains("s2"))
        tl.seek(to: 2.3)
        #expect(log.contains("i") && log.contains("s2"))
    }

    @Test("N7/N8: values follow the playhead; seeking to a time or label renders there; one step or many agree")
    func N7_seekAndPureFunction() {
        var x = 0.0
        let tl = AnimationTimeline()
        tl.add(Tween.value(from: 0, to: 100, duration: 1, curve: .easeInOut) { x = $0 })
        tl.addLabel("three quarters", at: .at(0.75))
        tl.seek(toLabel: "three quarters")
        let direct = x
        #expect(direct == 100 * TimingCurve.easeInOut.progress(fraction: 0.75))
        tl.seek(to: 0)
        for _ in 0..<75 { tl.advance(by: 0.01) }
        #expect(abs(x - direct) < 1e-9)
    }

    @Test("N7: play, pause, reverse and time scale drive the playhead from the frame clock")
    func N7_playbackOnFrames() {
        let host = makeHost()
        host.runUntilIdle()
        var x = 0.0
        let tl = AnimationTimeline()
        tl.add(Tween.value(from: 0, to: 1, duration: 1, curve: .linear) { x = $0 })
        tl.timeScale = 2
        tl.play(on: host.runLoop)
        host.step()                                          // the first frame sets the baseline
        host.step(frames: 15)                                // 0.25 s at double speed
        #expect(abs(x - 0.5) < 1e-9)
        tl.pause()
        host.step(frames: 10)
        #expect(abs(x - 0.5) < 1e-9)
        #expect(!host.clock.hasScheduledFrame || host.runLoop.isIdle)   // paused: nothing keeps the loop awake
        tl.reverse()
        host.step()
        host.step(frames: 6)
        #expect(abs(x - 0.3) < 1e-9)
        host.runUntilIdle()
        #expect(x == 0 && !tl.isPlaying)
        #expect(host.isIdle)
    }

    @Test("N7: callbacks fire once per crossing, in time order, even when a late frame skips several")
    func N7_callbacksInOrder() {
        let host = makeHost()
        host.runUntilIdle()
        var fired: [String] = []
        let tl = AnimationTimeline()
        tl.add(Tween(duration: 1, curve: .linear) { _ in })
        for (name, t) in [("c", 0.3), ("a", 0.1), ("b", 0.2), ("d", 0.9)] { tl.addCallback(at: .at(t)) { fired.append(name) } }
        tl.play(on: host.runLoop)
        host.step()
        host.step(frames: 3)                                 // 0.05 s
        #expect(fired.isEmpty)
        let stall = host.runLoop.addFrameObserver { _ in }
        host.clock.spend(.milliseconds(250))                 // the next frame comes late, past a, b and c
        host.step()
        #expect(fired == ["a", "b", "c"])
        host.runLoop.removeFrameObserver(stall)
        host.runUntilIdle()
        #expect(fired == ["a", "b", "c", "d"])
        tl.reverse()
        host.runUntilIdle()
        #expect(fired == ["a", "b", "c", "d", "d", "c", "b", "a"])   // backwards: reverse order
        #expect(host.isIdle)
    }

    @Test("N7: repeat and yoyo mirror the odd iterations; callbacks fire in every iteration")
    func N7_repeatYoyo() {
        var x = 0.0
        var crossings = 0
        let tl = AnimationTimeline()
        tl.add(Tween.value(from: 0, to: 10, duration: 1, curve: .linear) { x = $0 })
        tl.addCallback(at: .at(0.25)) { crossings += 1 }
        tl.repeatCount = 2
        tl.yoyo = true
        #expect(tl.totalDuration == 3)
        tl.advance(by: 0.5); #expect(abs(x - 5) < 1e-9)
        tl.advance(by: 0.75); #expect(abs(x - 7.5) < 1e-9)  // 1.25: second iteration runs backwards
        tl.advance(by: 1.75); #expect(x == 10)               // 3.0: the end of a forward third iteration
        #expect(crossings == 3)
    }

    @Test("N11: a nested timeline's callbacks follow the parent's playhead, through repeats, yoyo and its time scale")
    func N11_nestedCallbacks() {
        var fired: [String] = []
        let child = AnimationTimeline()
        child.add(Tween(duration: 1, curve: .linear) { _ in })
        child.addCallback(at: .at(0.5)) { fired.append("child 0.5") }
        child.timeScale = 2                                   // 0.5 s long in the parent
        let parent = AnimationTimeline()
        parent.add(Tween(duration: 1, curve: .linear) { _ in })
        parent.add(child, at: .at(0.25))                      // its callback at 0.25 + 0.25 = 0.5
        parent.addCallback(at: .at(0.75)) { fired.append("parent 0.75") }
        parent.repeatCount = 1
        parent.yoyo = true
        #expect(parent.duration == 1)
        parent.advance(by: 0.4); #expect(fired.isEmpty)
        parent.advance(by: 0.2); #expect(fired == ["child 0.5"])
        parent.advance(by: 0.3); #expect(fired == ["child 0.5", "parent 0.75"])
        // The second iteration runs backwards: the parent's mark at 0.75 (local) comes first.
        parent.advance(by: 1.1)
        #expect(fired == ["child 0.5", "parent 0.75", "parent 0.75", "child 0.5"])
    }
}
