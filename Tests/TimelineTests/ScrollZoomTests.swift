import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

/// SC1: zooming by pinch and by control and the wheel, the directional lock, and the adjusted
/// content inset.
@Suite("SC1 zoom, directional lock, adjusted insets", .endsIdle)
@MainActor
struct ScrollZoomTests {
    final class Zoomer: ScrollViewDelegate {
        let view: View
        var zooms = 0
        init(_ v: View) { view = v }
        func viewForZooming(in s: ScrollView) -> View? { view }
        func scrollViewDidZoom(_ s: ScrollView) { zooms += 1 }
    }

    /// A 200x200 scroll view at the window's origin over a 400x400 view that zooms 0.5-4.
    func setUp() -> (HeadlessHost, ScrollView, View, Zoomer) {
        let host = makeHost(width: 300, height: 300)
        let s = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let content = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        s.addSubview(content)
        s.contentSize = Size(width: 400, height: 400)
        s.minimumZoomScale = 0.5
        s.maximumZoomScale = 4
        let z = Zoomer(content)
        s.delegate = z
        host.root.addSubview(s)
        host.runUntilIdle()
        return (host, s, content, z)
    }

    func t(_ host: HeadlessHost) -> Double { Double(host.runLoop.currentMediaTimeNanoseconds) / 1e9 }

    @Test("SC1: a pinch zooms by the fingers' spread about the point between them, which stays under them")
    func SC1_pinchZoom() {
        let (host, s, content, z) = setUp()
        let now = t(host)
        host.runLoop.send(InputEvent(.pointerDown(Point(x: 80, y: 100), button: 1), timestamp: now, pointerID: 0))
        host.runLoop.send(InputEvent(.pointerDown(Point(x: 120, y: 100), button: 1), timestamp: now, pointerID: 1))
        // Each finger 2 points out: the spread changes by 4, and the pinch begins with the point
        // between them at (100, 100); then out to 120 apart.
        host.runLoop.send(InputEvent(.pointerMoved(Point(x: 78, y: 100), buttons: 1), timestamp: now + 0.01, pointerID: 0))
        host.runLoop.send(InputEvent(.pointerMoved(Point(x: 122, y: 100), buttons: 1), timestamp: now + 0.01, pointerID: 1))
        for k in 1...4 {
            let d = 2 + 9.5 * Double(k)
            host.runLoop.send(InputEvent(.pointerMoved(Point(x: 80 - d, y: 100), buttons: 1), timestamp: now + 0.01 * Double(k + 1), pointerID: 0))
            host.runLoop.send(InputEvent(.pointerMoved(Point(x: 120 + d, y: 100), buttons: 1), timestamp: now + 0.01 * Double(k + 1), pointerID: 1))
        }
        host.step()
        #expect(s.isZooming)
        #expect(abs(s.zoomScale - 3) < 1e-9)
        #expect(s.contentSize == Size(width: 1200, height: 1200))
        #expect(content.frame == Rect(x: 0, y: 0, width: 1200, height: 1200))
        // Content point (100, 100) was between the fingers at the start; at 3x it is at 300, and
        // the offset keeps it at viewport (100, 100).
        #expect(abs(s.contentOffset.x - 200) < 1e-9 && abs(s.contentOffset.y - 200) < 1e-9, "\(s.contentOffset)")
        #expect(z.zooms > 0)
        host.runLoop.send(InputEvent(.pointerUp(Point(x: 40, y: 100), button: 1), timestamp: now + 0.05, pointerID: 0))
        host.runLoop.send(InputEvent(.pointerUp(Point(x: 160, y: 100), button: 1), timestamp: now + 0.05, pointerID: 1))
        host.runUntilIdle()
        #expect(!s.isZooming && abs(s.zoomScale - 3) < 1e-9)
        // A second pinch whose fingers move together pans as it zooms: the content under them
        // follows them.
        let before = s.contentOffset
        let t2 = t(host)
        host.runLoop.send(InputEvent(.pointerDown(Point(x: 80, y: 100), button: 1), timestamp: t2, pointerID: 0))
        host.runLoop.send(InputEvent(.pointerDown(Point(x: 120, y: 100), button: 1), timestamp: t2, pointerID: 1))
        host.runLoop.send(InputEvent(.pointerMoved(Point(x: 78, y: 100), buttons: 1), timestamp: t2 + 0.01, pointerID: 0))
        host.runLoop.send(InputEvent(.pointerMoved(Point(x: 122, y: 100), buttons: 1), timestamp: t2 + 0.01, pointerID: 1))
        host.runLoop.send(InputEvent(.pointerMoved(Point(x: 58, y: 80), buttons: 1), timestamp: t2 + 0.02, pointerID: 0))
        host.runLoop.send(InputEvent(.pointerMoved(Point(x: 102, y: 80), buttons: 1), timestamp: t2 + 0.02, pointerID: 1))
        host.step()
        // Spread 44 of 40 at the press: 3 · 1.1. The content that was at viewport (100, 100) when
        // it began is now under the fingers at (80, 80).
        #expect(abs(s.zoomScale - 3.3) < 1e-9)
        let expected = Point(x: (before.x + 100) / 3 * 3.3 - 80, y: (before.y + 100) / 3 * 3.3 - 80)
        #expect(abs(s.contentOffset.x - expected.x) < 1e-9 && abs(s.contentOffset.y - expected.y) < 1e-9)
        host.runLoop.send(InputEvent(.pointerUp(Point(x: 58, y: 80), button: 1), timestamp: t2 + 0.03, pointerID: 0))
        host.runLoop.send(InputEvent(.pointerUp(Point(x: 102, y: 80), button: 1), timestamp: t2 + 0.03, pointerID: 1))
        host.runUntilIdle()
    }

    @Test("SC1: control and the wheel zoom about the pointer, clamped to the maximum")
    func SC1_wheelZoom() {
        let (host, s, _, zoomer) = setUp()
        defer { withExtendedLifetime(zoomer) {} }                              // the delegate is weak
        host.runLoop.send(InputEvent(.scroll(dx: 0, dy: 10, at: Point(x: 50, y: 150)), modifiers: [.control]))   // 1 + 10·0.1: 2x
        host.runUntilIdle()
        #expect(abs(s.zoomScale - 2) < 1e-9)
        // Content (50, 150) under the pointer stays there: at 2x it is at (100, 300).
        #expect(abs(s.contentOffset.x - 50) < 1e-9 && abs(s.contentOffset.y - 150) < 1e-9)
        host.runLoop.send(InputEvent(.scroll(dx: 0, dy: 30, at: Point(x: 50, y: 150)), modifiers: [.control]))   // 8x, clamped to 4
        host.runUntilIdle()
        #expect(s.zoomScale == 4)
        #expect(abs(s.contentOffset.x - 150) < 1e-9 && abs(s.contentOffset.y - 450) < 1e-9)
        #expect(s.contentSize == Size(width: 1600, height: 1600))
    }

    @Test("SC1: with the directional lock a diagonal drag moves along the axis it started on; without, along both")
    func SC1_directionalLock() {
        for lock in [true, false] {
            let host = makeHost(width: 300, height: 300)
            let s = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
            s.contentSize = Size(width: 1000, height: 1000)
            s.isDirectionalLockEnabled = lock
            s.decelerationRate = ScrollView.DecelerationRate(rawValue: 0.5)       // stops at once
            host.root.addSubview(s)
            host.runUntilIdle()
            var now = t(host)
            host.runLoop.send(InputEvent(.pointerDown(Point(x: 150, y: 150), button: 1), timestamp: now))
            for k in 1...10 {                                                  // mostly up, a little left
                now += 0.016
                host.runLoop.send(InputEvent(.pointerMoved(Point(x: 150 - 3 * Double(k), y: 150 - 10 * Double(k)), buttons: 1), timestamp: now))
            }
            host.step()
            if lock {
                #expect(s.contentOffset.x == 0 && s.contentOffset.y > 80)
            } else {
                #expect(s.contentOffset.x > 20 && s.contentOffset.y > 80)
            }
            host.runLoop.send(InputEvent(.pointerUp(Point(x: 120, y: 50), button: 1), timestamp: now + 0.2))
            host.runUntilIdle()
        }
    }

    @Test("SC1: the adjusted content inset adds the safe area as contentInsetAdjustmentBehavior says, and bounds the offset")
    func SC1_adjustedInsets() {
        let host = makeHost(width: 300, height: 400)
        host.window.safeAreaInsets = EdgeInsets(top: 44, left: 10, bottom: 34, right: 10)
        let s = ScrollView(frame: Rect(x: 0, y: 0, width: 300, height: 400))
        s.contentSize = Size(width: 300, height: 2000)                          // scrolls vertically only
        s.contentInset = EdgeInsets(top: 5, left: 0, bottom: 5, right: 0)
        host.root.addSubview(s)
        host.runUntilIdle()
        #expect(s.contentInsetAdjustmentBehavior == .automatic)
        // automatic: the vertical axis always, the horizontal when it scrolls (it does not).
        #expect(s.adjustedContentInset == EdgeInsets(top: 49, left: 0, bottom: 39, right: 0))
        s.contentInsetAdjustmentBehavior = .always
        #expect(s.adjustedContentInset == EdgeInsets(top: 49, left: 10, bottom: 39, right: 10))
        s.contentInsetAdjustmentBehavior = .never
        #expect(s.adjustedContentInset == EdgeInsets(top: 5, left: 0, bottom: 5, right: 0))
        s.contentInsetAdjustmentBehavior = .scrollableAxes
        s.contentSize = Size(width: 300, height: 100)                           // scrolls along neither
        #expect(s.adjustedContentInset == EdgeInsets(top: 5, left: 0, bottom: 5, right: 0))
        s.alwaysBounceVertical = true                                           // now the vertical counts
        #expect(s.adjustedContentInset == EdgeInsets(top: 49, left: 0, bottom: 39, right: 0))
        // The offset's range: from −top to contentHeight + bottom − height.
        s.contentInsetAdjustmentBehavior = .automatic
        s.contentSize = Size(width: 300, height: 2000)
        s.setContentOffset(Point(x: 0, y: -1000), animated: false)
        #expect(s.contentOffset.y == -49)
        s.setContentOffset(Point(x: 0, y: 5000), animated: false)
        #expect(s.contentOffset.y == 2000 + 39 - 400)
        host.runUntilIdle()
    }
}
