import Testing
import TimelineTestSupport
import Geometry
@testable import Views

/// An item of the animator's: a centre and a size.
@MainActor
final class PointItem: DynamicItem {
    var center: Point
    let bounds = Rect(x: 0, y: 0, width: 10, height: 10)
    init(_ center: Point) { self.center = center }
}

/// The engine's physics-driven motion, which UIKit Dynamics names (RU3: real collection layouts
/// hang their cells on attachment springs).
@Suite("RU3 dynamic animator: attachments as springs and rods, run on a window's frames and paused at rest", .endsIdle)
@MainActor
struct DynamicAnimatorRU3Tests {
    @Test("RU3 a critically damped spring brings a displaced item back to its anchor without overshoot")
    func RU3_springReturnsToAnchor() {
        let animator = DynamicAnimator(referenceView: nil)
        let item = PointItem(Point(x: 100, y: 100))
        let spring = AttachmentBehavior(item: item, attachedToAnchor: Point(x: 100, y: 100))
        spring.frequency = 2
        spring.damping = 1
        animator.addBehavior(spring)
        #expect(!animator.isRunning)                    // no window to run on: stepped by hand
        #expect(spring.length == 0)
        item.center = Point(x: 100, y: 150)
        animator.step(by: 0.1)
        #expect(item.center.y < 150 && item.center.y > 100)
        var lowest = item.center.y
        for _ in 0..<90 { animator.step(by: 1.0 / 60); lowest = min(lowest, item.center.y) }
        #expect(abs(item.center.y - 100) < 0.5)
        #expect(lowest > 99.5)
        #expect(abs(animator.elapsedTime - 1.6) < 1e-6)
    }

    @Test("RU3 a rigid attachment keeps its length from the anchor; a weak spring overshoots")
    func RU3_rodAndUnderdampedSpring() {
        let animator = DynamicAnimator(referenceView: nil)
        let held = PointItem(Point(x: 30, y: 40))
        let rod = AttachmentBehavior(item: held, attachedToAnchor: Point(x: 0, y: 0))
        #expect(rod.length == 50)
        animator.addBehavior(rod)
        held.center = Point(x: 0, y: 80)
        animator.step(by: 1.0 / 60)
        #expect(abs(held.center.y - 50) < 1e-9 && abs(held.center.x) < 1e-9)

        let bouncy = PointItem(Point(x: 0, y: 0))
        let spring = AttachmentBehavior(item: bouncy, attachedToAnchor: Point(x: 0, y: 0))
        spring.frequency = 1.5
        spring.damping = 0.2
        animator.addBehavior(spring)
        bouncy.center = Point(x: 40, y: 0)
        var lowest = 40.0
        for _ in 0..<60 { animator.step(by: 1.0 / 60); lowest = min(lowest, bouncy.center.x) }
        #expect(lowest < -10)                           // it swings past the anchor
        #expect(animator.items(in: Rect(x: -100, y: -100, width: 200, height: 200)).count == 2)
        #expect(animator.items(in: Rect(x: 500, y: 500, width: 10, height: 10)).isEmpty)
    }

    @Test("RU3 on a window the animator runs from the next frame while the item moves, acts each step, and pauses at rest")
    func RU3_runsOnFramesAndPauses() {
        let host = makeHost()
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        host.root.addSubview(view)
        let animator = DynamicAnimator(referenceView: view)
        var states: [Bool] = []
        animator.runningChanged = { states.append($0) }
        let item = PointItem(Point(x: 50, y: 50))
        let spring = AttachmentBehavior(item: item, attachedToAnchor: Point(x: 50, y: 50))
        spring.frequency = 3
        spring.damping = 0.8
        var actions = 0
        spring.action = { actions += 1 }
        animator.addBehavior(spring)
        item.center = Point(x: 50, y: 90)
        animator.updateItem(usingCurrentState: item)
        #expect(animator.isRunning)
        _ = host.runUntilIdle()
        #expect(!animator.isRunning)
        #expect(states == [true, false])
        #expect(actions > 10)
        #expect(abs(item.center.y - 50) < 0.05)
    }
}
