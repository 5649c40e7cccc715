import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views

/// AM2: a view block's timing is the one model's, converted once at `View.animate`: the delay is
/// the begin time with the auto fill (the old value shows), the extra repetitions the total.
@Suite("AM2 a view block on the one timing model", .endsIdle)
@MainActor
struct OneTimingModelViewTests {
    func near(_ a: Double?, _ b: Double) -> Bool { abs((a ?? .nan) - b) < 1e-9 }

    @Test("AM2: a block's delay shows the old value; one extra autoreversing repeat is two cycles, described as Core Animation's total")
    func AM2_blockDelayShowsOldValue() throws {
        let host = makeHost()
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        host.root.addSubview(v)
        host.runUntilIdle()
        var finished: Bool?
        View.animate(withDuration: 1, delay: 0.5, curve: .linear, repeatCount: 1, autoreverses: true,
                     animations: { v.alpha = 0 }, completion: { finished = $0 })
        let a = try #require(v.layer.animation(forKey: "opacity"))
        #expect(a.repeatCount == 2 && a.autoreverses && a.duration == 1 && a.fillMode == .backwards)
        host.step()                                                   // begins
        host.step(frames: 15)                                         // 0.25 s: in the delay
        #expect(v.alpha == 0 && near(v.layer.presentation()?.opacity, 1))
        host.step(frames: 45)                                         // 1 s: half way there
        #expect(near(v.layer.presentation()?.opacity, 0.5))
        host.step(frames: 60)                                         // 2 s: half way back
        #expect(near(v.layer.presentation()?.opacity, 0.5))
        host.step(frames: 75)                                         // 3.25 s: the second cycle, 3/4 there
        #expect(near(v.layer.presentation()?.opacity, 0.25) && finished == nil)
        host.runUntilIdle()                                           // ends at 4.5 s on the model
        #expect(finished == true && v.layer.presentation()?.opacity == 0)
    }
}
