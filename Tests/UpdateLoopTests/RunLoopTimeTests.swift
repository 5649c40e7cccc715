import FrameTiming
import Testing
import UpdateLoop

/// A participant that records what the loop hands it, for tests of the loop alone (no views).
@MainActor
final class Recorder: FrameParticipant {
    var calls: [String] = []
    var dirtyPasses = 0
    var hasPendingWork: Bool { dirtyPasses > 0 }
    var needsUpdatePass: Bool { dirtyPasses > 0 }
    let loop: MainRunLoop
    init(_ loop: MainRunLoop) { self.loop = loop }
    func advance(to frame: FrameInfo) { calls.append("advance@\(loop.phase)") }
    func runCompletions() { calls.append("completions@\(loop.phase)") }
    func constraintsPass(_ pass: Int) { calls.append("constraints\(pass)@\(loop.phase)") }
    func layoutPass(_ pass: Int) { calls.append("layout\(pass)@\(loop.phase)"); dirtyPasses -= 1 }
    func displayPass() { calls.append("display@\(loop.phase)") }
    func commit(_ frame: FrameInfo) { calls.append("commit@\(loop.phase)") }
}

@Suite("R5, R6 the update loop alone")
@MainActor
struct RunLoopTimeTests {
    @Test("R6: a timer scheduled after the loop idled for 10 s waits its whole delay from the frame that takes it")
    func R6_timerAfterIdleWaitsItsDelay() {
        let clock = ManualFrameClock()
        let loop = MainRunLoop(clock: clock)
        clock.step(frames: 3)                                  // a few frames, then idle
        #expect(loop.isIdle)
        clock.advance(by: .seconds(10))                        // ten seconds pass with no frame
        var firedAt: Int64?
        loop.schedule(after: .seconds(1)) { firedAt = loop.currentFrame!.mediaTime }
        let first = clock.step()!                              // the frame that takes the timer
        #expect(firedAt == nil)
        clock.advance(by: .milliseconds(990))
        #expect(firedAt == nil)                                // not before a second has passed
        clock.advance(by: .milliseconds(20))
        #expect(firedAt == first.mediaTime + 1_000_000_000)    // exactly a second after, on the grid
        #expect(loop.isIdle)
    }

    @Test("R6: a timer scheduled inside a frame counts from that frame's time")
    func R6_timerInsideFrame() {
        let clock = ManualFrameClock()
        let loop = MainRunLoop(clock: clock)
        var scheduledAt: Int64 = 0
        var firedAt: Int64?
        loop.post {
            scheduledAt = loop.currentFrame!.mediaTime
            loop.schedule(after: .milliseconds(100)) { firedAt = loop.currentFrame!.mediaTime }
        }
        clock.advance(by: .milliseconds(500))
        #expect(firedAt == scheduledAt + 100_000_000)
    }

    @Test("R5: the loop alone sets the phases and calls participants in order, repeating constraints and layout while dirty")
    func R5_loopOwnsThePhases() {
        let clock = ManualFrameClock()
        let loop = MainRunLoop(clock: clock)
        let p = Recorder(loop)
        loop.addParticipant(p)
        p.dirtyPasses = 2
        clock.step()
        #expect(p.calls == ["advance@animation", "completions@completions",
                            "constraints1@constraints", "layout1@layout", "constraints2@constraints", "layout2@layout",
                            "display@display", "commit@commit"])
        #expect(loop.phase == .idle)
        #expect(loop.isIdle)
    }

    @Test("R5: a participant that never gets clean stops at maximumUpdatePasses and the frame ends")
    func R5_boundedPasses() {
        let clock = ManualFrameClock()
        let loop = MainRunLoop(clock: clock)
        loop.maximumUpdatePasses = 5
        let p = Recorder(loop)
        loop.addParticipant(p)
        p.dirtyPasses = 1_000_000
        clock.step()
        #expect(p.calls.filter { $0.hasPrefix("layout") }.count == 5)
        #expect(p.calls.last == "commit@commit")
        loop.removeParticipant(p)
    }
}
