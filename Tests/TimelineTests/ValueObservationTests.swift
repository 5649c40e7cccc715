import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Scrolling

/// RU5: observation of a view's values is the engine's (the UIKit facade's key-value observing
/// names it).
@MainActor
@Suite("RU5 the engine observes view values")
struct ValueObservationTests {
    @Test("RU5 observing a scroll view's contentOffset by key reports each change once, at once with initial, until invalidated")
    func RU5_observeContentOffsetByKey() {
        let host = HeadlessHost(size: Size(width: 300, height: 300))
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        scroll.contentSize = Size(width: 200, height: 1000)
        host.window.rootView.addSubview(scroll)
        var seen: [(Point?, Point)] = []
        let observation = scroll.observe(key: "contentOffset", initial: true) { old, new in
            seen.append((old as? Point, new as! Point))
        }
        #expect(seen.count == 1 && seen[0].0 == nil && seen[0].1 == .zero)
        scroll.contentOffset = Point(x: 0, y: 120)
        scroll.contentOffset = Point(x: 0, y: 120)                             // no change: no report
        host.step()
        #expect(seen.count == 2 && seen[1].0 == .zero && seen[1].1 == Point(x: 0, y: 120))
        #expect(observation.isValid)
        observation.invalidate()
        #expect(!observation.isValid)
        scroll.contentOffset = Point(x: 0, y: 10)
        #expect(seen.count == 2)
        #expect(scroll.observableValue(forKey: "contentSize") as? Size == Size(width: 200, height: 1000))
        #expect(scroll.observableValue(forKey: "no such key") == nil)
        host.runUntilIdle()
        #expect(host.isIdle)
    }

    @Test("RU4 notifyValueSet(forKey:) reports a set of an equal value to the observations by that key only (UIKit tells every set; AirBar counts on it)")
    func RU4_valueSetReportedToKeyObservers() {
        let host = HeadlessHost(size: Size(width: 300, height: 300))
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        scroll.contentSize = Size(width: 200, height: 1000)
        host.window.rootView.addSubview(scroll)
        scroll.contentOffset = Point(x: 0, y: 40)
        var byKey: [(Point?, Point)] = [], byReading = 0, otherKey = 0
        let a = scroll.observe(key: "contentOffset") { old, new in byKey.append((old as? Point, new as! Point)) }
        let b = scroll.observe(reading: { ($0 as! ScrollView).contentOffset }) { _, _ in byReading += 1 }
        let c = scroll.observe(key: "contentSize") { _, _ in otherKey += 1 }
        scroll.notifyValueSet(forKey: "contentOffset")
        #expect(byKey.count == 1 && byKey[0].0 == Point(x: 0, y: 40) && byKey[0].1 == Point(x: 0, y: 40))
        #expect(byReading == 0 && otherKey == 0)
        a.invalidate()
        scroll.notifyValueSet(forKey: "contentOffset")
        #expect(byKey.count == 1)
        _ = (b, c)
        host.runUntilIdle()
        #expect(host.isIdle)
    }

    @Test("RU5 a key-path observation sees a frame that layout changed, and ends when its object goes")
    func RU5_observeFrameThroughLayout() {
        let host = HeadlessHost(size: Size(width: 300, height: 300))
        let parent = ResizingView(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let child = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        parent.addSubview(child)
        parent.child = child
        host.window.rootView.addSubview(parent)
        var frames: [Rect] = []
        var observation: ValueObservation? = child.observe(\.frame) { _, _, new in frames.append(new) }
        #expect(observation != nil)
        parent.width = 50
        parent.setNeedsLayout()
        host.step()
        #expect(frames == [Rect(x: 0, y: 0, width: 50, height: 10)])
        observation = nil                                                      // dropped: no more reports
        parent.width = 70
        parent.setNeedsLayout()
        host.step()
        #expect(frames.count == 1)
        #expect(child.valueObservers.isEmpty)
        host.runUntilIdle()
        #expect(host.isIdle)
    }
}

/// Sets its child's width in layout.
final class ResizingView: View {
    var child: View?
    var width = 10.0
    override func layoutSubviews() {
        super.layoutSubviews()
        child?.frame = Rect(x: 0, y: 0, width: width, height: 10)
    }
}
