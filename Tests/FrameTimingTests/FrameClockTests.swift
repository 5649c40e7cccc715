import Testing
import FrameTiming

@Suite("R1-R4 frame clock")
struct FrameClockTests {
    @Test("R1: tick times come from the grid, with no drift after an hour of frames")
    func R1_gridHasNoDrift() {
        for rate in FrameRate.allCases {
            let grid = FrameGrid(rate: rate, origin: 1_000)
            let hour = Int64(rate.rawValue) * 3600
            #expect(grid.time(ofTick: hour) == 1_000 + 3_600_000_000_000)
            // Adding the rounded period would drift by up to a period per 1.5 s at 60 fps:
            var summed: Int64 = 1_000
            for _ in 0..<hour { summed += rate.nominalPeriodNanoseconds }
            if rate != .fps30 { #expect(summed != grid.time(ofTick: hour)) }
            #expect(grid.lastTick(atOrBefore: grid.time(ofTick: 12_345)) == 12_345)
            #expect(grid.firstTick(after: grid.time(ofTick: 12_345)) == 12_346)
            #expect(grid.lastTick(atOrBefore: 999) == -1)
        }
    }

    @Test("E4: any whole rate from 1 to 240 fps is a rate; anything else is refused", arguments: [0, -60, 241, 1000])
    func E4_unsupportedRates(fps: Int) {
        #expect(FrameRate(fps: fps) == nil)
    }

    @Test("E4: 1, 24, 50, 90, 144 and 240 fps run on the integer grid", arguments: [1, 24, 50, 90, 144, 240])
    func E4_anyRate(fps: Int) throws {
        let rate = try #require(FrameRate(fps: fps))
        let grid = FrameGrid(rate: rate, origin: 0)
        #expect(grid.time(ofTick: Int64(fps)) == 1_000_000_000)
        #expect(grid.lastTick(atOrBefore: 1_000_000_000) == Int64(fps))
    }

    @Test("R1: frame k of a manual clock falls at k / fps", arguments: FrameRate.allCases)
    func R1_manualFrameTimes(rate: FrameRate) {
        let clock = ManualFrameClock(rate: rate)
        var times: [Double] = []
        clock.frameHandler = { info in times.append(info.time); return true }
        clock.step(frames: 5)
        #expect(times == (0..<5).map { Double($0) / Double(rate.rawValue) })
    }

    @Test("R2: frame info carries the grid time, the next grid time and the index")
    func R2_frameInfo() {
        let clock = ManualFrameClock(rate: .fps60)
        var infos: [FrameInfo] = []
        clock.frameHandler = { infos.append($0); return true }
        clock.step(frames: 3)
        #expect(infos.map(\.index) == [0, 1, 2])
        #expect(infos[1].timestamp == 16_666_666)
        #expect(infos[1].targetTimestamp == 33_333_333)
        #expect(infos[2].timestamp == infos[1].targetTimestamp)
    }

    @Test("R3: a slow frame skips to the next future tick and counts the skipped ones as dropped")
    func R3_slowFrameSkipsAhead() {
        let clock = ManualFrameClock(rate: .fps60)
        var infos: [FrameInfo] = []
        clock.frameHandler = { info in
            infos.append(info)
            if info.index == 1 { clock.spend(.milliseconds(40)) }   // 16.7 ms + 40 ms = 56.7 ms
            return true
        }
        clock.step(frames: 3)
        #expect(infos.map(\.index) == [0, 1, 4])                    // ticks 2 (33.3) and 3 (50) missed
        #expect(infos[2].droppedFrames == 2)
        #expect(infos[2].totalDroppedFrames == 2)
        #expect(infos[2].time == 4.0 / 60)                          // dropped frames still advance time
    }

    @Test("R3: after a stall over 0.5 s animation time advances by a single frame, without a burst")
    func R3_stallAdvancesOneFrame() {
        let clock = ManualFrameClock(rate: .fps60)
        var infos: [FrameInfo] = []
        clock.frameHandler = { info in
            infos.append(info)
            if info.index == 2 { clock.spend(.seconds(2)) }        // a debugger pause
            return true
        }
        clock.step(frames: 5)
        #expect(infos.count == 5)
        #expect(infos[3].time == 3.0 / 60)                         // one frame after frame 2, not 2 s later
        #expect(infos[4].time == 4.0 / 60)
        #expect(infos[3].index > 120)                              // the grid moved on: no catch-up burst
        #expect(infos[4].index == infos[3].index + 1)
        #expect(clock.schedule.stallCount == 1)
    }

    @Test("R4: the manual clock is synchronous: step, step(frames:) and advance(by:) run frames before returning")
    func R4_manualClockIsSynchronous() {
        let clock = ManualFrameClock(rate: .fps60)
        var count = 0
        clock.frameHandler = { _ in count += 1; return true }
        clock.step()
        #expect(count == 1)
        #expect(clock.step(frames: 4) == 4)
        #expect(count == 5)
        clock.advance(by: .milliseconds(100))                      // ticks 5...10 fall in (66.7, 166.7] ms
        #expect(count == 11)
        #expect(clock.now == 66_666_666 + 100_000_000)
    }

    @Test("R6: a clock whose handler wants no more frames idles until woken")
    func R6_idleUntilWoken() {
        let clock = ManualFrameClock(rate: .fps60)
        var count = 0
        clock.frameHandler = { _ in count += 1; return false }
        clock.step()
        #expect(!clock.hasScheduledFrame)
        #expect(clock.step() == nil)                               // time passes, nothing runs
        #expect(count == 1)
        clock.wake()
        #expect(clock.hasScheduledFrame)
        let info = clock.step()
        #expect(count == 2)
        #expect(info?.droppedFrames == 0)                          // idle ticks are not dropped frames
    }

    @Test("R4: the dispatch clock wakes on the grid of the monotonic clock")
    func R4_dispatchClockOnGrid() {
        let clock = DispatchFrameClock(rate: .fps120)
        clock.recordsLateness = true
        var infos: [FrameInfo] = []
        clock.frameHandler = { info in
            infos.append(info)
            if infos.count == 12 { clock.stop() }
            return true
        }
        clock.run()
        #expect(infos.count == 12)
        let grid = clock.schedule.grid
        for info in infos {
            #expect(info.timestamp == grid.time(ofTick: info.index))
            #expect(info.targetTimestamp == grid.time(ofTick: info.index + 1))
        }
        #expect(clock.latenessSamples.allSatisfy { $0 >= 0 })     // never early
        #expect(infos.last!.index >= 11)
    }

    @Test("R4: the dispatch clock stops waking while idle and resumes on wake()")
    func R4_dispatchClockIdles() {
        let clock = DispatchFrameClock(rate: .fps120)
        var count = 0
        clock.frameHandler = { _ in
            count += 1
            if count == 1 {
                let c = clock
                Thread.detachNewThread { usleep(50_000); c.wake() }
                return false
            }
            clock.stop()
            return true
        }
        let start = MonotonicClock.now()
        clock.run()
        #expect(count == 2)
        #expect(MonotonicClock.now() - start >= 45_000_000)        // it slept until woken
    }

    @Test("AM2: a Duration becomes a C API's milliseconds only at the call, rounded up, never negative")
    func AM2_durationToCMilliseconds() {
        #expect(Duration.milliseconds(500).roundedUpMilliseconds == 500)
        #expect(Duration.microseconds(4_001).roundedUpMilliseconds == 5)       // never shorter than asked
        #expect(Duration.nanoseconds(1).roundedUpMilliseconds == 1)
        #expect(Duration.seconds(2).roundedUpMilliseconds == 2_000)
        #expect(Duration.zero.roundedUpMilliseconds == 0)
        #expect(Duration.milliseconds(-3).roundedUpMilliseconds == 0)
        #expect(Duration.seconds(10_000_000).roundedUpMilliseconds == .max)
    }
}

#if canImport(Glibc)
import Glibc
#endif
import Foundation
