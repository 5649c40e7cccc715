import Foundation
import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Scrolling

/// AM2: scrolling runs on the engine's time, seconds of the layer's time and points per second
/// from the release, as every other motion; UIKit's per-millisecond conventions stay at its API.
@Suite("AM2 scrolling on the engine's time", .endsIdle)
@MainActor
struct ScrollTimeAM2Tests {
    final class Recorder: ScrollViewDelegate {
        var velocity = Point.zero
        var target = Point.zero
        func scrollViewWillEndDragging(_ s: ScrollView, withVelocity v: Point, targetContentOffset: inout Point) {
            velocity = v
            target = targetContentOffset
        }
    }

    func scrollView(in host: HeadlessHost) -> (ScrollView, Recorder) {
        let s = ScrollView(frame: Rect(x: 50, y: 50, width: 300, height: 400))
        s.contentSize = Size(width: 300, height: 20_000)
        s.delaysContentTouches = false
        let r = Recorder()
        s.delegate = r
        host.root.addSubview(s)
        host.runUntilIdle()
        return (s, r)
    }

    /// A finger moving up 200 points over 80 ms, released at once: 2.5 points per millisecond.
    func fling(_ host: HeadlessHost, _ s: ScrollView) { OneDriverTests().fling(host, s, dy: -200) }

    @Test("AM2: a fling sampled on a 60 and a 120 fps grid equals the closed form in seconds", arguments: [FrameRate.fps60, .fps120])
    func AM2_flingOnTheFrameGrid(rate: FrameRate) {
        let host = makeHost(width: 400, height: 600, rate: rate)
        let (s, r) = scrollView(in: host)
        fling(host, s)
        let o = s.contentOffset.y, released = host.runLoop.currentMediaTimeNanoseconds
        // UIKit's 0.998 a millisecond as a function of seconds: velocity decays as e^(−λt) with
        // λ = −1000·ln 0.998 per second, and travels v·τ in all, τ = 0.998/0.002 ms.
        let v = r.velocity.y * 1000, lambda = -1000 * log(0.998), tau = 0.998 / 0.002 / 1000
        var frames = 0
        while s.isDecelerating {
            host.step()
            frames += 1
            let t = Double(host.runLoop.currentMediaTimeNanoseconds - released) / 1e9
            if s.isDecelerating { #expect(abs(s.contentOffset.y - (o + v * tau * (1 - exp(-lambda * t)))) < 1e-6) }
        }
        // It rests where UIKit's projection says, after the time the speed takes to fall to 5
        // points per second.
        let duration = log(v * tau * lambda / 5) / lambda
        #expect(abs(s.contentOffset.y - (o + v * tau)) < 1e-9)
        #expect(abs(Double(frames) - duration * Double(rate.framesPerSecond)) <= 1)
        host.runUntilIdle()
    }

    @Test("AM2: the delegate still hears UIKit's points per millisecond, and the target the engine projects from them")
    func AM2_delegateInPointsPerMillisecond() {
        let host = makeHost(width: 400, height: 600)
        let (s, r) = scrollView(in: host)
        let before = s.contentOffset.y
        fling(host, s)
        #expect(abs(r.velocity.y - 2.5) < 1e-9)                      // 200 points in 80 ms, not 2500
        #expect(r.velocity.x == 0)
        // The natural target offered: the release offset plus 2.5 · 0.998 / 0.002 points.
        let released = s.contentOffset.y
        #expect(released > before)
        #expect(abs(r.target.y - (released + 2.5 * 0.998 / 0.002)) < 1e-6)
        host.runUntilIdle()
    }

    @Test("AM2: the scrolling animation's duration is the motion's, in seconds; an animated scroll takes 0.3 s")
    func AM2_motionTimesInSeconds() {
        let host = makeHost(width: 400, height: 600)
        let (s, _) = scrollView(in: host)
        fling(host, s)
        let fling = s.layer.animation(forKey: ScrollView.scrollingAnimationKey)
        let lambda = -1000 * log(0.998), tau = 0.998 / 0.002 / 1000
        #expect(abs((fling?.duration ?? 0) - log(2500 * tau * lambda / 5) / lambda) < 1e-9)     // about 3.3 s
        host.runUntilIdle()
        let start = host.runLoop.currentMediaTimeNanoseconds
        s.setContentOffset(Point(x: 0, y: 100), animated: true)
        #expect(s.layer.animation(forKey: ScrollView.scrollingAnimationKey)?.duration == 0.3)
        // It begins at the next frame and lands exactly on its target on the first frame 0.3 s later.
        var frames = 0
        while s.contentOffset.y != 100, frames < 600 {
            host.step()
            frames += 1
        }
        let took = Double(host.runLoop.currentMediaTimeNanoseconds - start) / 1e9
        #expect(took >= 0.3 && took < 0.3 + 2.0 / 60)
        #expect(s.layer.animation(forKey: ScrollView.scrollingAnimationKey) == nil)
        host.runUntilIdle()
    }

    @Test("AM2: a deceleration given by its per-millisecond rate or by its coasting time is the same one")
    func AM2_decelerationConversions() {
        for rate in [0.998, 0.99, 0.9] {
            let k = ScrollPhysics.Deceleration(ratePerMillisecond: rate)
            // UIKit's projection: v per ms times d/(1−d); here v per second times the coast time.
            #expect(abs(ScrollPhysics.projectedOffset(0, velocity: 1000, deceleration: k) - rate / (1 - rate)) < 1e-9)
            let same = ScrollPhysics.Deceleration(coastTime: k.coastTime)
            #expect(abs(same.decay - k.decay) < 1e-9 * k.decay)
            // One second keeps rate^1000 of the speed.
            let kept = ScrollPhysics.deceleratingVelocity(1, deceleration: k, at: 1) / ScrollPhysics.deceleratingVelocity(1, deceleration: k, at: 0)
            #expect(abs(kept - pow(rate, 1000)) < 1e-12)
        }
        #expect(!ScrollPhysics.Deceleration(ratePerMillisecond: 1).moves)
        #expect(ScrollPhysics.projectedOffset(7, velocity: 1000, deceleration: .init(ratePerMillisecond: 1.5)) == 7)
        // A delegate's target: the deceleration that travels exactly there from the release velocity.
        let k = ScrollPhysics.deceleration(toTravel: 300, velocity: 1500)!
        #expect(abs(ScrollPhysics.projectedOffset(0, velocity: 1500, deceleration: k) - 300) < 1e-9)
        #expect(ScrollPhysics.deceleration(toTravel: -300, velocity: 1500) == nil)
    }
}
