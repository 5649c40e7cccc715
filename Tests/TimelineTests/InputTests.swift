import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

/// TX6-TX8: events with timestamps, modifiers and pointer ids; the responder chain, focus and
/// hover; gesture arbitration as UIKit's.
@Suite("TX6-TX8 input", .endsIdle)
@MainActor
struct InputTests {
    final class Recorder: View {
        var events: [InputEvent] = []
        var keys: [String] = []
        var entered = 0, exited = 0
        var focusable = false
        override var canBecomeFirstResponder: Bool { focusable }
        override func handle(_ event: InputEvent, at point: Point) -> Bool { events.append(event); return true }
        override func keyEvent(_ event: InputEvent) -> Bool {
            if case .keyDown(let k) = event.kind, k.name == "x" { keys.append("\(identifier ?? "?"):x"); return true }
            return super.keyEvent(event)
        }
        override func pointerEntered() { entered += 1 }
        override func pointerExited() { exited += 1 }
    }

    func setUp() -> (HeadlessHost, Recorder) {
        let host = makeHost()
        let v = Recorder(frame: Rect(x: 50, y: 50, width: 200, height: 100))
        v.identifier = "target"
        host.root.addSubview(v)
        host.runUntilIdle()
        return (host, v)
    }

    @Test("TX6: events carry the frame time, modifiers, pointer id, click count; wheel events reach the view under them")
    func TX6_eventFields() {
        let (host, v) = setUp()
        host.step(frames: 5)
        host.runLoop.send(InputEvent(.pointerDown(Point(x: 60, y: 60), button: 1), modifiers: [.shift, .alt], pointerID: 3,
                                     clickCount: 2))
        let frame = host.step()!
        #expect(v.events.count == 1)
        let e = v.events[0]
        #expect(e.timestamp == Double(frame.mediaTime) / 1e9)
        #expect(e.modifiers == [.shift, .alt] && e.pointerID == 3 && e.clickCount == 2)
        host.runLoop.send(InputEvent(.pointerUp(Point(x: 60, y: 60), button: 1), pointerID: 3))
        host.runLoop.send(.scroll(dx: 0.25, dy: -1.5, at: Point(x: 100, y: 100)))
        host.runLoop.send(.scroll(dx: 0, dy: 1, at: Point(x: 5, y: 5)))          // over the root: unhandled
        host.step()
        #expect(v.events.count == 3)
        #expect(v.events[2].kind == .scroll(dx: 0.25, dy: -1.5, at: Point(x: 100, y: 100)))
        host.runUntilIdle()
    }

    @Test("TX7: key events go to the first responder, then along the chain to the view controller and the window")
    func TX7_responderChain() {
        final class Controller: ViewController {
            var keys: [String] = []
            override func handleKey(_ key: Key, isDown: Bool) -> Bool {
                if isDown, key.name == "y" { keys.append("vc:y"); return true }
                return false
            }
        }
        let host = makeHost()
        let vc = Controller()
        host.window.rootViewController = vc
        let outer = Recorder(frame: Rect(x: 0, y: 0, width: 300, height: 200)); outer.identifier = "outer"
        let inner = Recorder(frame: Rect(x: 10, y: 10, width: 50, height: 50)); inner.identifier = "inner"
        inner.focusable = true
        vc.view.addSubview(outer); outer.addSubview(inner)
        var windowKeys: [String] = []
        host.window.onKey = { k, down in if down { windowKeys.append(k.name) }; return true }
        host.runUntilIdle()
        #expect(!outer.becomeFirstResponder())                                  // it cannot
        #expect(inner.becomeFirstResponder() && inner.isFirstResponder && host.window.firstResponder === inner)
        for k in ["x", "y", "z"] { host.runLoop.send(.keyDown(Key(k))) }
        host.step()
        #expect(inner.keys == ["inner:x"] && vc.keys == ["vc:y"] && windowKeys == ["z"])
        #expect(inner.resignFirstResponder() && host.window.firstResponder == nil)
        // Leaving the window resigns.
        _ = inner.becomeFirstResponder()
        inner.removeFromSuperview()
        #expect(host.window.firstResponder == nil)
        host.runUntilIdle()
    }

    @Test("TX7: Tab and shift-Tab move focus through the views that accept it, in tree order")
    func TX7_tabFocus() {
        let host = makeHost()
        let views = (0..<3).map { i -> Recorder in
            let r = Recorder(frame: Rect(x: 0, y: Double(i) * 40, width: 100, height: 30))
            r.identifier = "f\(i)"
            r.focusable = i != 1
            host.root.addSubview(r)
            return r
        }
        let extra = Recorder(frame: Rect(x: 200, y: 0, width: 50, height: 30)); extra.focusable = true
        views[1].addSubview(extra)
        host.runUntilIdle()
        var order: [Recorder?] = []
        for _ in 0..<4 {
            host.runLoop.send(.keyDown(Key("tab")))
            host.step()
            order.append(host.window.firstResponder as? Recorder)
        }
        #expect(order.map { $0 === views[0] } == [true, false, false, true])
        #expect(order[1] === extra && order[2] === views[2])
        host.runLoop.send(.keyDown(Key("tab"), modifiers: .shift))
        host.step()
        #expect(host.window.firstResponder === views[2])
        host.runUntilIdle()
    }

    @Test("TX7: the hovering mouse enters and exits views, ancestors included")
    func TX7_hover() {
        let (host, v) = setUp()
        host.runLoop.send(.pointerMoved(Point(x: 60, y: 60)))
        host.step()
        #expect(v.isHovered && v.entered == 1 && host.root.isHovered)
        host.runLoop.send(.pointerMoved(Point(x: 70, y: 70)))
        host.step()
        #expect(v.entered == 1)
        host.runLoop.send(.pointerMoved(Point(x: 5, y: 5)))
        host.step()
        #expect(!v.isHovered && v.exited == 1 && host.root.isHovered)
        host.runUntilIdle()
    }
}

/// TX8: arbitration between recognizers, and the multi-pointer ones.
@Suite("TX8 gesture arbitration", .endsIdle)
@MainActor
struct GestureArbitrationTests {
    func setUp(_ recognizers: [GestureRecognizer], on view: View? = nil) -> (HeadlessHost, View) {
        let host = makeHost()
        let v = view ?? View()
        v.frame = Rect(x: 50, y: 50, width: 200, height: 100)
        host.root.addSubview(v)
        for r in recognizers { v.addGestureRecognizer(r) }
        host.runUntilIdle()
        return (host, v)
    }

    func press(_ host: HeadlessHost, _ points: [Point], id: Int = 0, dt: Double = 1.0 / 60) {
        var t = Double(host.runLoop.currentMediaTimeNanoseconds) / 1e9
        host.runLoop.send(InputEvent(.pointerDown(points[0], button: 1), timestamp: t, pointerID: id))
        for p in points.dropFirst() {
            t += dt
            host.runLoop.send(InputEvent(.pointerMoved(p, buttons: 1), timestamp: t, pointerID: id))
        }
        host.runLoop.send(InputEvent(.pointerUp(points[points.count - 1], button: 1), timestamp: t, pointerID: id))
        host.step()
    }

    @Test("TX8: a single tap that requires a double tap to fail waits for it; the double tap wins two taps")
    func TX8_requireToFail() {
        let single = TapGestureRecognizer(), double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        var log: [String] = []
        single.addAction { _ in log.append("single") }
        double.addAction { _ in log.append("double") }
        let (host, _) = setUp([single, double])
        press(host, [Point(x: 100, y: 80)])
        #expect(log.isEmpty)                                                    // waiting for the double tap
        host.step(frames: 30)                                                   // its interval passes
        #expect(log == ["single"])
        log.removeAll()
        press(host, [Point(x: 100, y: 80)])
        press(host, [Point(x: 100, y: 80)])
        host.runUntilIdle()
        #expect(log == ["double"])
    }

    @Test("TX8: a pan that begins makes a tap fail; the delegate can let both recognise, or stop one beginning")
    func TX8_exclusionAndDelegate() {
        final class Both: GestureRecognizerDelegate {
            var simultaneous = false, allowBegin = true, receive = true
            func gestureRecognizer(_ r: GestureRecognizer, shouldRecognizeSimultaneouslyWith o: GestureRecognizer) -> Bool { simultaneous }
            func gestureRecognizerShouldBegin(_ r: GestureRecognizer) -> Bool { allowBegin }
            func gestureRecognizer(_ r: GestureRecognizer, shouldReceive event: InputEvent) -> Bool { receive }
        }
        let pan = PanGestureRecognizer(), long = LongPressGestureRecognizer()
        long.minimumPressDuration = 0.05
        long.allowableMovement = 1000
        let d = Both()
        pan.delegate = d
        var log: [String] = []
        pan.addAction { r in log.append("pan \(r.state)") }
        long.addAction { r in log.append("long \(r.state)") }
        let (host, _) = setUp([pan, long])
        let drag = (0...6).map { Point(x: 100 + Double($0) * 10, y: 80) }
        press(host, drag)
        #expect(log.first == "pan began" && !log.contains { $0.hasPrefix("long") })
        #expect(long.state == .failed || long.state == .possible)
        host.runUntilIdle()
        log.removeAll()
        // Held past the long press's time, then dragged: the long press began; a pan allowed to
        // recognise with it begins too.
        d.simultaneous = true
        var t = Double(host.runLoop.currentMediaTimeNanoseconds) / 1e9
        host.runLoop.send(InputEvent(.pointerDown(Point(x: 100, y: 80), button: 1), timestamp: t))
        host.step(frames: 10)
        for k in 1...4 {
            t = Double(host.runLoop.currentMediaTimeNanoseconds) / 1e9
            host.runLoop.send(InputEvent(.pointerMoved(Point(x: 100 + Double(k) * 10, y: 80), buttons: 1), timestamp: t))
            host.step()
        }
        host.runLoop.send(.pointerUp(Point(x: 140, y: 80)))
        host.step()
        #expect(log.contains("long began") && log.contains("pan began") && log.contains("pan ended"))
        host.runUntilIdle()
        log.removeAll()
        d.allowBegin = false
        press(host, drag)
        #expect(!log.contains("pan began") && pan.state == .failed)
        d.allowBegin = true
        d.receive = false
        press(host, drag)
        #expect(!log.contains("pan began"))
        host.runUntilIdle()
    }

    @Test("TX8: pan velocity comes from the events' timestamps, in points per second")
    func TX8_panVelocity() {
        let pan = PanGestureRecognizer()
        var velocity = Point.zero
        pan.addAction { r in if r.state == .changed { velocity = (r as! PanGestureRecognizer).velocity(in: nil) } }
        let (host, _) = setUp([pan])
        // 5 points every 10 ms: 500 points per second, whatever the frames.
        press(host, (0...10).map { Point(x: 60 + Double($0) * 5, y: 80) }, dt: 0.01)
        #expect(abs(velocity.x - 500) < 1e-6 && velocity.y == 0)
        host.runUntilIdle()
    }

    @Test("TX8: cancelsTouchesInView cancels a button's press when a pan begins; delaysTouchesBegan holds it until the tap fails")
    func TX8_touchesInView() {
        let button = Button(title: "Go", fontSize: 12)
        button.translatesAutoresizingMaskIntoConstraints = true
        var events: [String] = []
        _ = button.addAction(for: .touchDown) { _ in events.append("down") }
        _ = button.addAction(for: .touchCancel) { _ in events.append("cancel") }
        _ = button.addAction(for: .touchUpInside) { _ in events.append("up") }
        let pan = PanGestureRecognizer()
        let (host, _) = setUp([pan], on: button)
        press(host, (0...5).map { Point(x: 60 + Double($0) * 8, y: 80) })
        #expect(events == ["down", "cancel"])
        host.runUntilIdle()

        events.removeAll()
        button.removeGestureRecognizer(pan)
        let tap = TapGestureRecognizer()
        tap.numberOfTapsRequired = 2
        tap.delaysTouchesBegan = true
        tap.cancelsTouchesInView = true
        button.addGestureRecognizer(tap)
        host.runLoop.send(.pointerDown(Point(x: 60, y: 60)))
        host.step()
        #expect(events.isEmpty)                                                // held
        host.runLoop.send(.pointerUp(Point(x: 60, y: 60)))
        host.step(frames: 40)                                                  // the double tap times out
        #expect(events == ["down", "up"])
        host.runUntilIdle()
    }

    @Test("TX8: pinch and rotation follow two pointer ids; a swipe recognises its direction")
    func TX8_pinchRotationSwipe() {
        let pinch = PinchGestureRecognizer(), rotation = RotationGestureRecognizer()
        final class Together: GestureRecognizerDelegate {
            func gestureRecognizer(_ r: GestureRecognizer, shouldRecognizeSimultaneouslyWith o: GestureRecognizer) -> Bool { true }
        }
        let d = Together()
        pinch.delegate = d
        var scales: [Double] = [], angles: [Double] = []
        pinch.addAction { r in scales.append((r as! PinchGestureRecognizer).scale) }
        rotation.addAction { r in angles.append((r as! RotationGestureRecognizer).rotation) }
        let (host, _) = setUp([pinch, rotation])
        // Two fingers 40 points apart about (150, 100), spreading to 80 and turning 90°.
        host.runLoop.send(InputEvent(.pointerDown(Point(x: 130, y: 100), button: 1), pointerID: 1))
        host.runLoop.send(InputEvent(.pointerDown(Point(x: 170, y: 100), button: 1), pointerID: 2))
        host.step()
        for k in 1...10 {
            let a = Double(k) / 10 * .pi / 2, r = 20 + Double(k) * 2
            host.runLoop.send(InputEvent(.pointerMoved(Point(x: 150 - r * cos(a), y: 100 - r * sin(a)), buttons: 1), pointerID: 1))
            host.runLoop.send(InputEvent(.pointerMoved(Point(x: 150 + r * cos(a), y: 100 + r * sin(a)), buttons: 1), pointerID: 2))
            host.step()
        }
        host.runLoop.send(InputEvent(.pointerUp(Point(x: 150, y: 60), button: 1), pointerID: 1))
        host.runLoop.send(InputEvent(.pointerUp(Point(x: 150, y: 140), button: 1), pointerID: 2))
        host.step()
        #expect(abs((scales.last ?? 0) - 2) < 1e-9)
        #expect(abs((angles.last ?? 0) - .pi / 2) < 1e-9)
        #expect(pinch.state == .ended && rotation.state == .ended)
        host.runUntilIdle()

        let swipe = SwipeGestureRecognizer()
        swipe.direction = .left
        var swiped = 0
        swipe.addAction { _ in swiped += 1 }
        let (host2, _) = setUp([swipe])
        press(host2, (0...6).map { Point(x: 200 - Double($0) * 12, y: 80 + Double($0)) })
        press(host2, (0...6).map { Point(x: 100 + Double($0) * 12, y: 80) })   // the wrong way
        #expect(swiped == 1)
        host2.runUntilIdle()
    }
}

#if canImport(Glibc)
import Glibc
#endif
