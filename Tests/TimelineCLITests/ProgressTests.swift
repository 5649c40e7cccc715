import Foundation
import Testing
@testable import TimelineCLI

/// A progress reporter on a hand-advanced clock, writing into an array: what it draws is exact.
private final class Rig {
    var now: Int64 = 0
    var written: [String] = []
    var reporter: ProgressReporter!

    init(total: Int, style: ProgressReporter.Style) {
        reporter = ProgressReporter(label: "rendering x.json", total: total, style: style,
                                    clock: { [unowned self] in now }, sink: { [unowned self] in written.append($0) })
    }

    /// `frames` frames of `milliseconds` each.
    func run(_ frames: Int, milliseconds: Int64) {
        for _ in 0..<frames {
            now += milliseconds * 1_000_000
            reporter.advance()
        }
    }
}

/// VT100 erase to the end of the line.
private let erase = "\u{1B}[K"

@Suite("DX3 progress on long work")
struct ProgressReporterTests {
    @Test("DX3 a terminal sees nothing for a second, then one line redrawn in place, blanked at the end")
    func DX3_terminalLine() {
        let rig = Rig(total: 40, style: .terminal(width: 120))
        rig.run(9, milliseconds: 100)
        #expect(rig.written.isEmpty)                                   // 0.9 s: nothing yet
        rig.run(1, milliseconds: 100)
        let first = "rendering x.json [#####               ]  10/40 frames  25%  10.0 frames/s  3 s left"
        #expect(rig.written == ["\r" + first + erase])
        rig.run(2, milliseconds: 100)
        #expect(rig.written.count == 1)                                // redrawn at most every 250 ms
        rig.run(1, milliseconds: 100)
        let second = "rendering x.json [######              ]  13/40 frames  32%  10.0 frames/s  3 s left"
        #expect(rig.written.last == "\r" + second + erase)
        rig.run(27, milliseconds: 100)
        #expect(rig.written.allSatisfy { $0.hasPrefix("\r") && $0.hasSuffix(erase) && !$0.contains("\n") })
        rig.reporter.finish()
        #expect(rig.written.last == "\r" + erase)                     // the command's own last line starts clean
        let count = rig.written.count
        rig.run(10, milliseconds: 1000)
        rig.reporter.finish()
        #expect(rig.written.count == count)                            // finished: silent, and finish twice is harmless
    }

    @Test("DX3 the rate and the time left leave out the time before the first frame (loading, stepping to the range)")
    func DX3_rateFromFirstFrame() {
        let rig = Rig(total: 100, style: .lines)
        rig.now = 5_000_000_000                                         // 5 s of loading before frame 1 ends
        rig.reporter.advance()
        #expect(rig.written == ["rendering x.json: 1/100 frames (1%)\n"])   // no rate from one frame
        rig.run(20, milliseconds: 100)
        #expect(rig.written.last == "rendering x.json: 21/100 frames (21%), 10.0 frames/s, 8 s left\n")
    }

    @Test("DX3 a terminal line is cut to the terminal's width so that it never wraps")
    func DX3_terminalWidth() {
        let rig = Rig(total: 200, style: .terminal(width: 40))
        rig.run(10, milliseconds: 100)
        #expect(rig.written == ["\r" + "rendering x.json [#                   ]" + erase])   // 39 columns
    }

    @Test("DX3 not a terminal: a plain line every 2 s, nothing to blank at the end")
    func DX3_plainLines() {
        let rig = Rig(total: 10, style: .lines)
        rig.run(3, milliseconds: 500)
        #expect(rig.written.isEmpty)
        rig.run(5, milliseconds: 500)
        #expect(rig.written == ["rendering x.json: 4/10 frames (40%), 2.0 frames/s, 3 s left\n",
                                "rendering x.json: 8/10 frames (80%), 2.0 frames/s, 1 s left\n"])
        rig.run(2, milliseconds: 500)
        rig.reporter.finish()
        #expect(rig.written.count == 2)
    }

    @Test("DX3 --quiet (and an empty total) draws nothing and reads the clock once")
    func DX3_quiet() {
        for (total, style) in [(1000, ProgressReporter.Style.off), (0, .lines)] {
            let rig = Rig(total: total, style: style)
            rig.run(1000, milliseconds: 100)
            rig.reporter.finish()
            #expect(rig.written.isEmpty)
            #expect(rig.reporter.clockReads == 1)
        }
    }

    @Test("DX3 cheap frames read the clock at most once every 4096 frames; slow ones once a frame")
    func DX3_clockStride() {
        let cheap = Rig(total: 1_000_000, style: .terminal(width: 80))
        for _ in 0..<1_000_000 {
            cheap.now += 10_000                                         // 10 µs a frame
            cheap.reporter.advance()
        }
        #expect(cheap.reporter.clockReads <= 2 + 1_000_000 / ProgressReporter.maximumStride)
        let slow = Rig(total: 50, style: .lines)
        slow.run(50, milliseconds: 80)
        #expect(slow.reporter.clockReads == 51)
    }

    @Test("DX3 time left reads as seconds, m:ss or h:mm:ss, rounded up", arguments: [
        (0.2, "1 s"), (59, "59 s"), (59.5, "1:00"), (65, "1:05"), (3599, "59:59"), (3600, "1:00:00"), (3723, "1:02:03"),
    ])
    func DX3_duration(seconds: Double, text: String) {
        #expect(ProgressReporter.duration(seconds) == text)
    }

    @Test("DX3 TIMELINE_PROGRESS chooses the style; a dumb terminal gets plain lines")
    func DX3_style() {
        #expect(ProgressReporter.standardErrorStyle(environment: ["TIMELINE_PROGRESS": "off"]) == .off)
        #expect(ProgressReporter.standardErrorStyle(environment: ["TIMELINE_PROGRESS": "lines"]) == .lines)
        #expect(ProgressReporter.standardErrorStyle(environment: ["TERM": "dumb"]) == .lines)
        guard case .terminal = ProgressReporter.standardErrorStyle(environment: ["TIMELINE_PROGRESS": "terminal"]) else {
            Issue.record("TIMELINE_PROGRESS=terminal should draw a terminal line")
            return
        }
    }
}
