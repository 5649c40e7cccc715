import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

/// SC2: UIKit's published scroll physics, number for number.
@Suite("SC2 scroll physics")
struct ScrollPhysicsTests {
    @Test("SC2: projection, deceleration and its velocity follow d per millisecond")
    func SC2_deceleration() {
        // On the engine's time (AM2): seconds and points per second, UIKit's rate converted once.
        let d = ScrollPhysics.Deceleration(ratePerMillisecond: 0.998), v = 2.0 * 1000   // 2 points per ms
        #expect(abs(ScrollPhysics.projectedOffset(100, velocity: v, deceleration: d) - (100 + 2 * 0.998 / 0.002)) < 1e-9)
        #expect(abs(ScrollPhysics.decelerating(100, velocity: v, deceleration: d, at: 250 / 1000) - (100 + 2 * 0.998 * (1 - pow(0.998, 250)) / 0.002)) < 1e-9)
        #expect(abs(ScrollPhysics.decelerating(100, velocity: v, deceleration: d, at: 1e6 / 1000) - ScrollPhysics.projectedOffset(100, velocity: v, deceleration: d)) < 1e-6)
        // The velocity is the derivative of the offset (1e-6 points per ms).
        let h = 1e-4 / 1000
        let numeric = (ScrollPhysics.decelerating(0, velocity: v, deceleration: d, at: 0.3 + h)
                       - ScrollPhysics.decelerating(0, velocity: v, deceleration: d, at: 0.3 - h)) / (2 * h)
        #expect(abs(numeric - ScrollPhysics.deceleratingVelocity(v, deceleration: d, at: 0.3)) < 1e-6 * 1000)
        // .fast stops sooner and shorter.
        #expect(ScrollPhysics.projectedOffset(0, velocity: v, deceleration: .init(ratePerMillisecond: 0.99))
                < ScrollPhysics.projectedOffset(0, velocity: v, deceleration: d))
        let t = ScrollPhysics.timeToReach(500, from: 0, velocity: v, deceleration: d)!
        #expect(abs(ScrollPhysics.decelerating(0, velocity: v, deceleration: d, at: t) - 500) < 1e-6)
        #expect(ScrollPhysics.timeToReach(5_000, from: 0, velocity: v, deceleration: d) == nil)   // rests before it
    }

    @Test("SC2: the rubber band is (1 − 1/(x·0.55/D + 1))·D, and the spring back never crosses the edge")
    func SC2_rubberBandAndSpring() {
        #expect(abs(ScrollPhysics.rubberBand(400, dimension: 400) - (1 - 1 / 1.55) * 400) < 1e-9)
        #expect(abs(ScrollPhysics.rubberBand(-400, dimension: 400) + (1 - 1 / 1.55) * 400) < 1e-9)
        #expect(ScrollPhysics.rubberBand(1e9, dimension: 400) < 400)
        // Velocities in points per ms, times in ms, handed over in points per second and seconds.
        for (x0, v0) in [(80.0, 0.0), (80.0, -5.0), (-60.0, 3.0), (0.0, 2.0), (0.0, -2.0)] {
            var t = 0.0
            while t < 3000 {
                let x = ScrollPhysics.springBack(x0, velocity: v0 * 1000, at: t / 1000)
                if x0 > 0 || (x0 == 0 && v0 > 0) { #expect(x >= -1e-9) } else { #expect(x <= 1e-9) }
                t += 1
            }
            #expect(abs(ScrollPhysics.springBack(x0, velocity: v0 * 1000, at: 3000 / 1000)) < 0.01)
        }
    }

    @Test("SC2: paging picks the projected page, never more than one page a flick; a short fast flick advances")
    func SC2_paging() {
        #expect(ScrollPhysics.targetPage(current: 2, offset: 800, velocity: 0, pageSize: 400, pageCount: 10) == 2)
        #expect(ScrollPhysics.targetPage(current: 2, offset: 1000, velocity: 0, pageSize: 400, pageCount: 10) == 3)
        #expect(ScrollPhysics.targetPage(current: 2, offset: 820, velocity: 20 * 1000, pageSize: 400, pageCount: 10) == 3)
        #expect(ScrollPhysics.targetPage(current: 2, offset: 780, velocity: -20 * 1000, pageSize: 400, pageCount: 10) == 1)
        #expect(ScrollPhysics.targetPage(current: 2, offset: 805, velocity: 0.8 * 1000, pageSize: 400, pageCount: 10) == 3)
        #expect(ScrollPhysics.targetPage(current: 9, offset: 3600, velocity: 5 * 1000, pageSize: 400, pageCount: 10) == 9)
    }
}

/// SC1, SC3: the scroll view driven by timestamped events.
@Suite("SC1-SC3 scroll view", .endsIdle)
@MainActor
struct ScrollViewTests {
    final class Recorder: ScrollViewDelegate {
        var log: [String] = []
        var target: Point?
        var velocity = Point.zero
        func scrollViewWillBeginDragging(_ s: ScrollView) { log.append("willBeginDragging") }
        func scrollViewWillEndDragging(_ s: ScrollView, withVelocity v: Point, targetContentOffset: inout Point) {
            velocity = v
            log.append("willEndDragging")
            if let target { targetContentOffset = target }
        }
        func scrollViewDidEndDragging(_ s: ScrollView, willDecelerate d: Bool) { log.append("didEndDragging(\(d))") }
        func scrollViewWillBeginDecelerating(_ s: ScrollView) { log.append("willBeginDecelerating") }
        func scrollViewDidEndDecelerating(_ s: ScrollView) { log.append("didEndDecelerating") }
        func scrollViewDidEndScrollingAnimation(_ s: ScrollView) { log.append("didEndScrollingAnimation") }
        func scrollViewDidScrollToTop(_ s: ScrollView) { log.append("didScrollToTop") }
    }

    func setUp(content: Size = Size(width: 300, height: 3000)) -> (HeadlessHost, ScrollView, Recorder) {
        let host = makeHost(width: 400, height: 600)
        let s = ScrollView(frame: Rect(x: 50, y: 50, width: 300, height: 400))
        s.contentSize = content
        s.delaysContentTouches = false
        let r = Recorder()
        s.delegate = r
        host.root.addSubview(s)
        host.runUntilIdle()
        return (host, s, r)
    }

    /// A drag of `dy` points over `steps` moves `dt` seconds apart, released at the last one.
    func drag(_ host: HeadlessHost, from p: Point, dy: Double, steps: Int = 10, dt: Double = 0.008, holdBeforeRelease: Double = 0) {
        var t = Double(host.runLoop.currentMediaTimeNanoseconds) / 1e9
        host.runLoop.send(InputEvent(.pointerDown(p, button: 1), timestamp: t))
        for k in 1...steps {
            t += dt
            host.runLoop.send(InputEvent(.pointerMoved(Point(x: p.x, y: p.y + dy * Double(k) / Double(steps)), buttons: 1), timestamp: t))
        }
        t += holdBeforeRelease
        host.runLoop.send(InputEvent(.pointerUp(Point(x: p.x, y: p.y + dy), button: 1), timestamp: t))
        host.step()
    }

    @Test("SC2/SC3: a fling decelerates as offset + v·d·(1−dᵗ)/(1−d), with UIKit's delegate calls in order")
    func SC2_flingFollowsTheFormula() {
        let (host, s, r) = setUp()
        drag(host, from: Point(x: 200, y: 400), dy: -200)                      // finger up: content scrolls down
        let v = r.velocity.y
        #expect(abs(v - 2.5) < 1e-9)                                           // 200 points in 80 ms
        let o = s.contentOffset.y
        #expect(s.isDecelerating)
        let released = host.runLoop.currentMediaTimeNanoseconds
        for _ in 0..<20 {
            host.step()
            let t = Double(host.runLoop.currentMediaTimeNanoseconds - released) / 1e6
            #expect(abs(s.contentOffset.y - ScrollPhysics.decelerating(o, velocity: v * 1000, deceleration: .init(ratePerMillisecond: 0.998),
                                                                       at: t / 1000)) < 1e-6)
        }
        host.runUntilIdle()
        #expect(r.log == ["willBeginDragging", "willEndDragging", "didEndDragging(true)", "willBeginDecelerating", "didEndDecelerating"])
        #expect(!s.isDecelerating && !s.isDragging)
    }

    @Test("SC2: a finger held still before release gives no velocity")
    func SC2_heldStill() {
        let (host, s, r) = setUp()
        drag(host, from: Point(x: 200, y: 400), dy: -150, holdBeforeRelease: 0.2)
        #expect(r.velocity == .zero && !s.isDecelerating)
        #expect(r.log.contains("didEndDragging(false)"))
        host.runUntilIdle()
    }

    @Test("SC2: dragged past the top the content follows the rubber band; released, it springs back without crossing")
    func SC2_rubberBandAndBounceBack() {
        let (host, s, _) = setUp()
        drag(host, from: Point(x: 200, y: 100), dy: 300, holdBeforeRelease: 0.2)  // pull down at the top
        let expected = -ScrollPhysics.rubberBand(300 - 8, dimension: 400)         // after the pan's 8-point slop
        #expect(abs(s.contentOffset.y - expected) < 30)
        #expect(s.contentOffset.y < -50)
        var last = s.contentOffset.y
        while host.step() != nil {
            #expect(s.contentOffset.y <= 1e-9 && s.contentOffset.y >= last - 1e-9)  // back up, never past 0
            last = s.contentOffset.y
            if !s.isDecelerating { break }
        }
        host.runUntilIdle()
        #expect(s.contentOffset.y == 0)
    }

    @Test("SC3: scrollToTop animates to the top and tells didScrollToTop once; at the top, or with scrollsToTop off, nothing; an interrupted one never tells")
    func SC3_scrollToTop() {
        let (host, s, r) = setUp()
        s.scrollToTop()
        host.runUntilIdle()
        #expect(r.log.isEmpty, "already at the top")
        s.contentOffset = Point(x: 0, y: 900)
        s.scrollToTop()
        host.runUntilIdle()
        #expect(s.contentOffset.y == 0 && r.log == ["didEndScrollingAnimation", "didScrollToTop"])
        r.log.removeAll()
        s.contentOffset = Point(x: 0, y: 900)
        s.scrollToTop()
        host.step(frames: 3)
        s.setContentOffset(Point(x: 0, y: 500), animated: true)           // interrupts it
        host.runUntilIdle()
        #expect(r.log == ["didEndScrollingAnimation"] && s.contentOffset.y == 500)
        r.log.removeAll()
        s.scrollsToTop = false
        s.scrollToTop()
        host.runUntilIdle()
        #expect(r.log.isEmpty && s.contentOffset.y == 500)
    }

    @Test("SC3: a delegate's target offset is where the scroll view comes to rest")
    func SC3_targetOffset() {
        let (host, s, r) = setUp()
        r.target = Point(x: 0, y: 777)
        drag(host, from: Point(x: 200, y: 400), dy: -200)
        host.runUntilIdle()
        #expect(s.contentOffset.y == 777)
    }

    @Test("SC1/SC2: paging moves one page a flick")
    func SC2_pagingView() {
        let (host, s, _) = setUp(content: Size(width: 300, height: 4000))
        s.isPagingEnabled = true
        drag(host, from: Point(x: 200, y: 400), dy: -60, steps: 4, dt: 0.01)  // a short fast flick
        host.runUntilIdle()
        #expect(s.contentOffset.y == 400)
        drag(host, from: Point(x: 200, y: 400), dy: -300, steps: 5, dt: 0.005)  // a hard one: still one page
        host.runUntilIdle()
        #expect(s.contentOffset.y == 800)
    }

    @Test("SC1: a tap on a button inside reaches it; a drag that starts on it scrolls and cancels its press")
    func SC1_contentTouches() {
        let (host, s, _) = setUp()
        s.delaysContentTouches = true
        let button = Button(title: "Go", fontSize: 14)
        button.translatesAutoresizingMaskIntoConstraints = true
        button.frame = Rect(x: 20, y: 20, width: 120, height: 40)
        var taps = 0
        _ = button.addAction(for: .primaryActionTriggered) { _ in taps += 1 }
        s.addSubview(button)
        host.runUntilIdle()
        let c = button.convert(Point(x: 60, y: 20), to: nil)
        host.runLoop.send(.pointerDown(c)); host.runLoop.send(.pointerUp(c))
        host.step()
        #expect(taps == 1 && s.contentOffset.y == 0)
        drag(host, from: c, dy: -120, holdBeforeRelease: 0.2)
        host.runUntilIdle()
        #expect(taps == 1 && s.contentOffset.y > 100)
    }

    @Test("SC1: the wheel scrolls the view under it, clamped; page down and home scroll by keys; indicators show and fade")
    func SC1_wheelKeysIndicators() {
        let (host, s, r) = setUp()
        host.runLoop.send(.scroll(dx: 0, dy: -2.5, at: Point(x: 200, y: 300)))   // towards the user: down the content
        host.step()
        #expect(s.contentOffset.y == 100 && s.isShowingIndicators)
        host.runLoop.send(.scroll(dx: 0, dy: 50, at: Point(x: 200, y: 300)))
        host.step()
        #expect(s.contentOffset.y == 0)
        #expect(s.becomeFirstResponder())
        host.runLoop.send(.keyDown(Key("page down")))
        host.runUntilIdle()
        #expect(s.contentOffset.y == 360 && r.log.last == "didEndScrollingAnimation")
        #expect(!s.isShowingIndicators)
        host.runLoop.send(.keyDown(Key("end")))
        host.runUntilIdle()
        #expect(s.contentOffset.y == 2600)
        s.scrollRectToVisible(Rect(x: 0, y: 100, width: 10, height: 10), animated: false)
        #expect(s.contentOffset.y == 100)
    }

    @Test("SC1 bad input: a NaN or negative content size is clamped with a diagnostic; a NaN offset is refused")
    func SC_badInput() {
        let (host, s, _) = setUp()
        s.contentSize = Size(width: -5, height: .nan)
        #expect(s.contentSize == .zero)
        #expect(host.window.diagnostics.entries.contains { $0.message.contains("contentSize") })
        s.contentOffset = Point(x: .nan, y: 3)
        #expect(s.contentOffset == .zero)
        host.runUntilIdle()
    }

    @Test("SC3 bad input: a delegate's NaN target offset is ignored with a diagnostic; the fling rests where it would have")
    func SC3_nanTarget() {
        let (host, s, r) = setUp()
        r.target = Point(x: .nan, y: .nan)
        drag(host, from: Point(x: 200, y: 400), dy: -100)
        host.runUntilIdle()
        #expect(host.window.diagnostics.entries.contains { $0.message.contains("target offset") && $0.message.contains("not finite") })
        #expect(s.contentOffset.x == 0 && s.contentOffset.y.isFinite && s.contentOffset.y > 100)
        #expect(r.log.last == "didEndDecelerating")
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// SC8: pull to refresh.
@Suite("SC8 refresh control", .endsIdle)
@MainActor
struct RefreshControlTests {
    @Test("SC8: pulling past the trigger begins refreshing once, holds the content open, and endRefreshing lets it go")
    func SC8_pullToRefresh() {
        let host = makeHost(width: 400, height: 600)
        let s = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 500))
        s.contentSize = Size(width: 400, height: 2000)
        s.delaysContentTouches = false
        let refresh = RefreshControl()
        var fired = 0
        _ = refresh.addAction(for: .valueChanged) { _ in fired += 1 }
        s.refreshControl = refresh
        host.root.addSubview(s)
        host.runUntilIdle()
        // A pull of 400 points: the rubber band takes the content past the 70-point trigger.
        var t = Double(host.runLoop.currentMediaTimeNanoseconds) / 1e9
        host.runLoop.send(InputEvent(.pointerDown(Point(x: 200, y: 50), button: 1), timestamp: t))
        for k in 1...20 {
            t += 0.016
            host.runLoop.send(InputEvent(.pointerMoved(Point(x: 200, y: 50 + Double(k) * 20), buttons: 1), timestamp: t))
        }
        host.runLoop.send(InputEvent(.pointerUp(Point(x: 200, y: 450), button: 1), timestamp: t + 0.2))
        host.step(frames: 120)                                                  // the spinner spins: never idle
        #expect(fired == 1 && refresh.isRefreshing)
        #expect(s.contentOffset.y == -56)                                       // held open above the content
        refresh.endRefreshing()
        host.runUntilIdle()
        #expect(!refresh.isRefreshing && s.contentOffset.y == 0 && fired == 1)
    }
}
