import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

@Suite("K2 gesture recognizers", .endsIdle)
@MainActor
struct GestureTests {
    /// A 200x100 view at (50, 50) with `recognizer`, laid out.
    func setUp(_ recognizer: GestureRecognizer) -> (HeadlessHost, View) {
        let host = makeHost()
        let v = View(frame: Rect(x: 50, y: 50, width: 200, height: 100))
        v.identifier = "target"
        host.root.addSubview(v)
        v.addGestureRecognizer(recognizer)
        host.runUntilIdle()
        return (host, v)
    }

    @Test("K2: a tap recognises on release in the events phase; a double tap needs two within the interval")
    func K2_tap() {
        let tap = TapGestureRecognizer()
        let (host, _) = setUp(tap)
        var log: [String] = []
        tap.addAction { r in log.append("\(r.state)@\(host.runLoop.phase)") }
        host.runLoop.send(.pointerDown(Point(x: 100, y: 80), button: 1))
        host.step()
        host.runLoop.send(.pointerUp(Point(x: 102, y: 81), button: 1))
        host.step()
        #expect(log == ["ended@events"])
        #expect(tap.location(in: tap.view) == Point(x: 52, y: 31))

        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        var doubles = 0
        double.addAction { _ in doubles += 1 }
        tap.view!.addGestureRecognizer(double)
        for _ in 0..<2 {
            host.runLoop.send(.pointerDown(Point(x: 100, y: 80), button: 1))
            host.runLoop.send(.pointerUp(Point(x: 100, y: 80), button: 1))
            host.step(frames: 3)
        }
        #expect(doubles == 1)
        host.runUntilIdle()
    }

    @Test("K2: a tap fails when the press moves too far or lasts too long")
    func K2_tapFails() {
        let tap = TapGestureRecognizer()
        let (host, _) = setUp(tap)
        host.runLoop.send(.pointerDown(Point(x: 100, y: 80), button: 1))
        host.runLoop.send(.pointerMoved(Point(x: 140, y: 80), buttons: 1))
        host.runLoop.send(.pointerUp(Point(x: 140, y: 80), button: 1))
        host.step()
        #expect(tap.state == .failed)
        host.runLoop.send(.pointerDown(Point(x: 100, y: 80), button: 1))
        host.step()
        host.clock.advance(by: .seconds(1))
        host.runLoop.send(.pointerUp(Point(x: 100, y: 80), button: 1))
        host.step()
        #expect(tap.state == .failed)
        host.runUntilIdle()
    }

    @Test("K2: a long press begins after its duration on the frame clock, changes as it moves, ends on release")
    func K2_longPress() {
        let press = LongPressGestureRecognizer()
        let (host, _) = setUp(press)
        var states: [GestureRecognizer.State] = []
        press.addAction { states.append($0.state) }
        host.runLoop.send(.pointerDown(Point(x: 100, y: 80), button: 1))
        host.step()
        host.step(frames: 20)                                       // 0.33 s: not yet
        #expect(states.isEmpty && press.state == .possible)
        host.step(frames: 15)                                       // past 0.5 s
        #expect(states == [.began])
        host.runLoop.send(.pointerMoved(Point(x: 104, y: 80), buttons: 1))
        host.runLoop.send(.pointerUp(Point(x: 104, y: 80), button: 1))
        host.step()
        #expect(states == [.began, .changed, .ended])
        host.runUntilIdle()
    }

    @Test("K2: a pan begins past its minimum distance, reports translation and a velocity from frame times, and ends")
    func K2_pan() {
        let pan = PanGestureRecognizer()
        let (host, v) = setUp(pan)
        var states: [GestureRecognizer.State] = []
        pan.addAction { states.append($0.state) }
        host.runLoop.send(.pointerDown(Point(x: 100, y: 80), button: 1))
        host.step()
        host.runLoop.send(.pointerMoved(Point(x: 106, y: 80), buttons: 1))
        host.step()
        #expect(states.isEmpty)                                      // 6 points: under the threshold
        for k in 0..<10 {                                            // then 2 points a frame: 120 points a second
            host.runLoop.send(.pointerMoved(Point(x: 112 + Double(2 * k), y: 80), buttons: 1))
            host.step()
        }
        #expect(states.first == .began && states.dropFirst().allSatisfy { $0 == .changed })
        #expect(pan.translation(in: v) == Point(x: 30, y: 0))
        let velocity = pan.velocity(in: v)
        #expect(abs(velocity.x - 120) < 1e-3, "\(velocity)")        // frame times are whole nanoseconds
        host.runLoop.send(.pointerUp(Point(x: 130, y: 80), button: 1))
        host.step()
        #expect(states.last == .ended)
        host.runUntilIdle()
    }
}
