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

@Suite("R2, R5-R7 run loop", .endsIdle)
@MainActor
struct RunLoopTests {
    @Test("R2: every callback in a frame sees the same frame time")
    func R2_oneTimePerFrame() {
        let host = makeHost()
        let probe = ProbeView("probe")
        host.root.addSubview(probe)
        host.runUntilIdle()
        var seen: [Double] = []
        let loop = host.runLoop
        loop.post { seen.append(loop.currentFrame!.time) }
        loop.schedule(after: .zero) { seen.append(loop.currentFrame!.time) }
        let token = loop.addFrameObserver { info in seen.append(info.time) }
        probe.onLayout = { seen.append(loop.currentFrame!.time) }
        probe.onDraw = { seen.append(loop.currentFrame!.time) }
        probe.setNeedsLayout()
        probe.setNeedsDisplay()
        host.step()
        #expect(seen.count == 5)
        #expect(Set(seen).count == 1)
        loop.removeFrameObserver(token)
        host.runUntilIdle()
        #expect(host.isIdle)
    }

    @Test("R5: phases run in order: events, timers, observers, constraints, layout, display, commit")
    func R5_phaseOrder() {
        let host = makeHost()
        let probe = ProbeView("probe")
        host.root.addSubview(probe)
        host.runUntilIdle()
        var order: [String] = []
        let loop = host.runLoop
        probe.log = { order.append("\($0)@\(loop.phase)") }
        loop.schedule(after: .zero) { order.append("timer@\(loop.phase)") }
        loop.post { order.append("posted@\(loop.phase)") }
        let token = loop.addFrameObserver { _ in order.append("observer@\(loop.phase)") }
        probe.setNeedsUpdateConstraints()
        probe.setNeedsLayout()
        probe.setNeedsDisplay()
        host.step()
        #expect(order == ["posted@events", "timer@events", "observer@animation",
                          "probe.updateConstraints@constraints", "probe.layoutSubviews@layout", "probe.draw@display"])
        #expect(host.renderer.presentedFrames >= 2)
        loop.removeFrameObserver(token)
        host.runUntilIdle()
        #expect(host.isIdle)
    }

    @Test("R5: posted work runs first in, first out, and work posted during a frame lands in the next")
    func R5_fifoAndNextFrame() {
        let host = makeHost()
        host.runUntilIdle()
        var log: [String] = []
        let loop = host.runLoop
        for i in 0..<5 { loop.post { log.append("a\(i)") } }
        loop.post {
            log.append("outer")
            loop.post { log.append("inner@\(loop.currentFrame!.index)") }
        }
        let first = host.step()!
        #expect(log == ["a0", "a1", "a2", "a3", "a4", "outer"])
        host.step()
        #expect(log.last == "inner@\(first.index + 1)")
        host.runUntilIdle()
        #expect(host.isIdle)
    }

    @Test("R5: input events are queued, hit-tested and bubble up the superview chain")
    func R5_inputEvents() {
        final class Tappable: View {
            var hits: [Point] = []
            override func handle(_ event: InputEvent, at point: Point) -> Bool {
                if case .pointerDown = event.kind { hits.append(point); return true }
                return false
            }
        }
        let host = makeHost()
        let parent = Tappable(frame: Rect(x: 50, y: 50, width: 200, height: 200))
        let child = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        parent.addSubview(child)
        host.root.addSubview(parent)
        host.runUntilIdle()
        host.runLoop.send(.pointerDown(Point(x: 65, y: 65), button: 1))
        #expect(parent.hits.isEmpty)                               // queued, not dispatched yet
        host.step()
        #expect(parent.hits == [Point(x: 15, y: 15)])             // child did not handle it; parent got it
        host.runLoop.send(.resize(Size(width: 640, height: 480)))
        host.step()
        #expect(host.root.bounds.size == Size(width: 640, height: 480))
        host.runUntilIdle()
        #expect(host.isIdle)
    }

    @Test("R5: timers fire on the frame timeline, repeating ones once per period")
    func R5_timers() {
        let host = makeHost()
        host.runUntilIdle()
        var fired: [Int64] = []
        let loop = host.runLoop
        let token = loop.schedule(after: .milliseconds(50), repeating: .milliseconds(100)) {
            fired.append(loop.currentFrame!.index)
        }
        host.step(frames: 20)
        #expect(fired.count == 3)                                  // at +50 ms, +150 ms, +250 ms
        #expect(fired[1] == fired[0] + 6 && fired[2] == fired[0] + 12)
        loop.cancel(token)
        host.runUntilIdle()
        #expect(host.isIdle)
    }

    @Test("D1/R5: the commit turns the presentation tree into a display list, rebuilt only when something visible changed")
    func D1_commitBuildsDisplayListOnlyWhenChanged() {
        let host = makeHost()
        let v = ProbeView("v", frame: Rect(x: 10, y: 20, width: 30, height: 40))
        v.backgroundColor = Color(red: 1, green: 0, blue: 0)
        host.root.addSubview(v)
        host.runUntilIdle()
        let before = host.window.displayList
        #expect(before.commands.contains(.fillRect(Rect(x: 0, y: 0, width: 30, height: 40), Color(red: 1, green: 0, blue: 0), cornerRadius: 0)))
        v.setNeedsLayout()                                        // a frame that changes nothing visible
        host.step()
        #expect(host.window.displayList == before)
        v.backgroundColor = Color(red: 0, green: 1, blue: 0)
        host.step()
        #expect(host.window.displayList != before)
        #expect(host.window.displayList.commands.contains(.fillRect(Rect(x: 0, y: 0, width: 30, height: 40), Color(red: 0, green: 1, blue: 0), cornerRadius: 0)))
        v.isHidden = true
        host.step()
        #expect(!host.window.displayList.commands.contains { if case .fillRect(_, let c, _) = $0 { c == Color(red: 0, green: 1, blue: 0) } else { false } })
        host.runUntilIdle()
        #expect(host.isIdle)
    }

    @Test("R6: with nothing dirty, queued or animating the clock stops; an invalidation wakes it")
    func R6_idle() {
        let host = makeHost()
        let probe = ProbeView("probe")
        host.root.addSubview(probe)
        host.runUntilIdle()
        #expect(!host.clock.hasScheduledFrame)
        #expect(host.step() == nil)
        probe.setNeedsLayout()
        #expect(host.clock.hasScheduledFrame)
        #expect(host.step() != nil)
        #expect(probe.layouts == 2)
        host.runLoop.post {}
        #expect(host.clock.hasScheduledFrame)
        host.runUntilIdle()
        #expect(host.isIdle)
    }

    @Test("R6: measurement mode keeps frames coming when idle")
    func R6_measurementMode() {
        let host = makeHost()
        host.runLoop.keepsRunningWhenIdle = true
        #expect(host.step(frames: 10) == 10)
        #expect(host.clock.hasScheduledFrame)
        host.runLoop.keepsRunningWhenIdle = false
        host.runUntilIdle()
        #expect(host.isIdle)
    }

    @Test("R7: frame observers run each frame with the frame info until removed")
    func R7_frameObservers() {
        let host = makeHost()
        host.runUntilIdle()
        var indices: [Int64] = []
        let token = host.runLoop.addFrameObserver { indices.append($0.index) }
        host.step(frames: 3)
        #expect(indices.count == 3)
        #expect(indices == [indices[0], indices[0] + 1, indices[0] + 2])
        host.runLoop.removeFrameObserver(token)
        host.step(frames: 3)
        #expect(indices.count == 3)
        host.runUntilIdle()
        #expect(host.isIdle)
    }

    @Test("R7/R6: a passive observer sees the frames that run anyway, redraws in them, and lets the loop idle")
    func R7_passiveObserver() {
        let host = makeHost()
        host.runUntilIdle()
        let gauge = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        host.root.addSubview(gauge)
        host.runUntilIdle()
        var seen = 0
        _ = host.runLoop.addFrameObserver(keepsClockRunning: false) { _ in
            seen += 1
            gauge.setNeedsDisplay()            // a HUD redrawing: consumed in the same frame's display pass
        }
        #expect(host.isIdle)
        #expect(host.step() == nil)            // nothing wakes the clock
        #expect(seen == 0)
        View.animate(withDuration: 0.1, curve: .linear) { gauge.alpha = 0.5 }
        let ran = host.runUntilIdle()
        #expect(ran >= 6 && ran <= 8)          // 0.1 s of animation at 60 fps, and nothing more
        #expect(seen == ran)                   // it saw every frame the animation caused
        #expect(host.isIdle)                   // and its own redraws did not keep the loop alive
    }

    @Test("R6: pendingWork says what keeps the loop awake, and is empty exactly when it is idle")
    func R6_pendingWorkSaysWhy() {
        let host = makeHost()
        host.runUntilIdle()
        #expect(host.runLoop.pendingWork.isEmpty && host.isIdle)
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        host.root.addSubview(v)
        let timer = host.runLoop.schedule(after: .seconds(1)) {}
        let observer = host.runLoop.addFrameObserver { _ in }
        let why = host.runLoop.pendingWork
        #expect(why.contains("1 pending timers") && why.contains("1 frame observers"))
        #expect(why.contains { $0.hasPrefix("window 0:") && $0.contains("need layout") })
        host.runLoop.cancel(timer)
        host.runLoop.removeFrameObserver(observer)
        host.runUntilIdle()
        #expect(host.runLoop.pendingWork.isEmpty && host.isIdle)
    }
}

@Suite("R4-R6 the live run loop", .endsIdle)
@MainActor
struct LiveRunLoopTests {
    @Test("R4/R5: the run loop runs in real time on the dispatch clock and a quit event ends it cleanly")
    func R4_liveLoopOnDispatchClock() {
        let clock = DispatchFrameClock(rate: .fps120)
        let loop = MainRunLoop(clock: clock)
        let window = Window(size: Size(width: 100, height: 100))
        let renderer = RecordingRenderer()
        window.renderer = renderer
        loop.add(window)
        let probe = ProbeView("probe")
        window.rootView.addSubview(probe)
        var frames: [FrameInfo] = []
        let token = loop.addFrameObserver { info in
            frames.append(info)
            if frames.count == 3 { probe.setNeedsLayout() }
            if frames.count == 6 { loop.send(.quit) }
        }
        loop.run()                                                 // returns after the quit frame
        loop.removeFrameObserver(token)
        #expect(loop.isStopped)
        #expect(frames.count == 7)
        #expect(probe.layouts == 2)                                // first layout, then the one flagged in frame 3
        #expect(renderer.presentedFrames == 7)
        let grid = clock.schedule.grid
        #expect(frames.allSatisfy { $0.timestamp == grid.time(ofTick: $0.index) })
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.index < $1.index })
    }
}
