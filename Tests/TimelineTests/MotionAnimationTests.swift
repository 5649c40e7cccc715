import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Scrolling
@testable import Layers

/// AM3: the driven motions (a scroll view's deceleration, bounce, paging and animated scroll; a
/// timeline; UIKit Dynamics; a scene's animator) are animations of their owners' layers: listed
/// by `animationKeys()`, moved by the layer's timing, stopped by their removal.
@Suite("AM3 motions as layer animations", .endsIdle)
@MainActor
struct MotionAnimationTests {
    /// Tells the test of a deceleration's end.
    final class Ends: ScrollViewDelegate {
        var decelerationEnds = 0
        func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { decelerationEnds += 1 }
    }

    // The scroll view and the fling of the CA8 tests.
    func scrollView(in host: HeadlessHost) -> ScrollView { OneDriverTests().scrollView(in: host) }
    func fling(_ host: HeadlessHost, _ s: ScrollView, dy: Double) { OneDriverTests().fling(host, s, dy: dy) }

    @Test("AM3: a fling is an animation of the scroll view's layer, listed under its key while it decelerates and gone after")
    func AM3_flingIsALayerAnimation() {
        let host = makeHost(width: 400, height: 600)
        let s = scrollView(in: host)
        #expect(s.layer.animationKeys() == nil)
        fling(host, s, dy: -200)
        #expect(s.isDecelerating)
        #expect(s.layer.animationKeys() == [ScrollView.scrollingAnimationKey])
        #expect(s.layer.animation(forKey: ScrollView.scrollingAnimationKey) != nil)
        host.step(frames: 5)
        #expect(s.layer.animationKeys() == [ScrollView.scrollingAnimationKey])
        host.runUntilIdle()
        #expect(!s.isDecelerating && s.layer.animationKeys() == nil)
        // An animated scroll is one too.
        s.setContentOffset(Point(x: 0, y: 100), animated: true)
        #expect(s.layer.animationKeys() == [ScrollView.scrollingAnimationKey])
        host.runUntilIdle()
        #expect(s.contentOffset.y == 100 && s.layer.animationKeys() == nil)
    }

    @Test("AM3: the scroll view's layer's speed 0 holds a deceleration where it is; speed 1 goes on from there")
    func AM3_layerSpeedHoldsADeceleration() {
        let host = makeHost(width: 400, height: 600)
        let s = scrollView(in: host)
        fling(host, s, dy: -200)
        host.step(frames: 4)
        let paused = s.layer.convertTime(host.runLoop.currentMediaTime, from: nil)
        s.layer.speed = 0
        s.layer.timeOffset = paused
        host.step()
        let held = s.contentOffset.y
        host.step(frames: 20)
        #expect(s.contentOffset.y == held && s.isDecelerating)
        // Core Animation's resume: the motion goes on from the time it stood at.
        s.layer.speed = 1
        s.layer.timeOffset = 0
        s.layer.beginTime = 0
        s.layer.beginTime = s.layer.convertTime(host.runLoop.currentMediaTime, from: nil) - paused
        host.step(frames: 2)
        #expect(s.contentOffset.y > held)
        host.runUntilIdle()
        #expect(!s.isDecelerating)
    }

    @Test("AM3: removing the scroll view's layer's animations stops a deceleration where it is, as a touch does")
    func AM3_removeAllAnimationsStopsADeceleration() {
        let host = makeHost(width: 400, height: 600)
        let s = scrollView(in: host)
        let ends = Ends()
        s.delegate = ends
        fling(host, s, dy: -200)
        host.step(frames: 3)
        let offset = s.contentOffset.y
        s.layer.removeAllAnimations()
        #expect(!s.isDecelerating && ends.decelerationEnds == 1)
        host.runUntilIdle()
        #expect(s.contentOffset.y == offset && s.layer.animationKeys() == nil)
        #expect(!host.runLoop.animations.hasPendingWork)
        // Removing it by its key does the same.
        fling(host, s, dy: -200)
        host.step(frames: 3)
        s.layer.removeAnimation(forKey: ScrollView.scrollingAnimationKey)
        #expect(!s.isDecelerating && ends.decelerationEnds == 2)
        host.runUntilIdle()
    }

    @Test("AM3: a dynamic animator's run is an animation of its reference view's layer; removing it pauses the animator")
    func AM3_dynamicAnimatorOnItsViewsLayer() {
        let host = makeHost()
        let v = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        host.root.addSubview(v)
        host.runUntilIdle()
        let animator = DynamicAnimator(referenceView: v)
        let item = PointItem(Point(x: 100, y: 100))
        let spring = AttachmentBehavior(item: item, attachedToAnchor: Point(x: 100, y: 100))
        spring.frequency = 2
        spring.damping = 1
        animator.addBehavior(spring)
        item.center = Point(x: 100, y: 150)
        animator.updateItem(usingCurrentState: item)
        #expect(animator.isRunning && v.layer.animationKeys() == [DynamicAnimator.animationKey])
        host.step(frames: 3)
        #expect(item.center.y < 150)
        // The layer's speed 0 holds the run where it is.
        v.layer.timeOffset = v.layer.convertTime(host.runLoop.currentMediaTime, from: nil)
        v.layer.speed = 0
        host.step()
        let held = item.center.y
        host.step(frames: 10)
        #expect(item.center.y == held && animator.isRunning)
        v.layer.removeAllAnimations()
        #expect(!animator.isRunning && v.layer.animationKeys() == nil)
        host.runUntilIdle()
        #expect(item.center.y == held)
    }

    @Test("AM3: a timeline with a timing view is an animation of that view's layer; removing all its animations pauses it")
    func AM3_timelineOnItsTimingViewsLayer() {
        let host = makeHost()
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        host.root.addSubview(v)
        host.runUntilIdle()
        var x = 0.0
        let tl = AnimationTimeline()
        tl.add(Tween.value(from: 0, to: 1, duration: 1, curve: .linear) { x = $0 })
        tl.timingView = v
        tl.play(on: host.runLoop)
        #expect(v.layer.animationKeys() == [AnimationTimeline.animationKey])
        host.step()
        host.step(frames: 15)
        #expect(abs(x - 0.25) < 1e-9 && tl.isPlaying)
        v.layer.removeAllAnimations()
        #expect(!tl.isPlaying && v.layer.animationKeys() == nil)
        host.step(frames: 5)
        #expect(abs(x - 0.25) < 1e-9)
        // Played again, then its view leaves the window: it plays on in media time.
        tl.play(on: host.runLoop)
        host.step(frames: 3)
        v.removeFromSuperview()
        #expect(tl.isPlaying && v.layer.animationKeys() == nil)
        host.runUntilIdle()
        #expect(x == 1 && !tl.isPlaying)
    }
}
