import Foundation
import FrameTiming

/// Progress of long work on standard error (DX3): units done of the total, the rate and the time
/// left, for `render` over a range, the Lottie export and `bench lottie`.
///
/// The work calls ``advance(by:)`` once per unit (a frame); that is an add and a compare, with no
/// allocation. The clock is read only when a stride of units has passed, and the stride adapts
/// so that it is read about every `checkInterval` (50 ms) whatever a unit costs: once per unit
/// when a frame takes longer than that, once per thousands when frames are cheap. Nothing is
/// drawn on a terminal before `delay` (1 s), so a short command prints nothing; then it gets one
/// line redrawn in place with `\r` (and erased to its end with `ESC [ K`, which also takes the
/// `^C` the terminal echoes) every `terminalInterval`. A file or a pipe gets a plain line
/// every `lineInterval` (2 s; the first after as long); `.off` (`--quiet`) gets nothing.
///
/// It writes only to its sink (standard error): a command's standard output and its `--json` are
/// never touched, and ``finish()`` blanks the terminal line, so the command's last line is what
/// it was before progress existed. The clock and the sink are injected: tests drive the reporter
/// with a hand-advanced clock and compare the exact text (`DX3` tests).
///
/// Not thread-safe: the thread doing the work owns it.
final class ProgressReporter {
    /// How progress is shown.
    enum Style: Equatable {
        /// One line redrawn in place, cut to `width` columns (the terminal's).
        case terminal(width: Int)
        /// A plain line every `lineInterval`, for logs and pipes.
        case lines
        /// Nothing (`--quiet`).
        case off
    }

    let label: String
    let total: Int
    let unit: String
    let style: Style
    /// Nanoseconds on a monotonic clock.
    let clock: () -> Int64
    /// Receives the text to write (already with its `\r` or `\n`).
    let sink: (String) -> Void

    /// Nothing is shown before this much time has passed since the reporter was made (ns).
    var delay: Int64 = 1_000_000_000
    /// Least time between two redraws of the terminal line (ns).
    var terminalInterval: Int64 = 250_000_000
    /// Time between two plain lines; the first comes after this long too (ns). Standard error's
    /// reporter takes it from `TIMELINE_PROGRESS_INTERVAL` (seconds) when set.
    var lineInterval: Int64 = 2_000_000_000
    /// About how often the clock is read while the work goes on (ns).
    var checkInterval: Int64 = 50_000_000
    /// The largest number of units between two clock reads.
    static let maximumStride = 4_096

    /// Units done so far.
    private(set) var done = 0
    /// How many times the clock has been read (the tests' measure of the reporter's cost).
    private(set) var clockReads = 0
    private let start: Int64
    private var nextCheck: Int
    private var lastCheck: (time: Int64, done: Int)
    /// When the first unit was done: the rate counts from there, so the time spent before it
    /// (loading, building, stepping to the first frame of a range) does not lower it.
    private var rateStart: (time: Int64, done: Int)?
    private var lastDraw: Int64?
    /// Whether a terminal line is on screen.
    private var isLineShown = false
    /// Erases from the cursor to the end of the line (VT100; not used for `TERM=dumb`).
    static let eraseToEnd = "\u{1B}[K"

    init(label: String, total: Int, unit: String = "frames", style: Style,
         clock: @escaping () -> Int64, sink: @escaping (String) -> Void) {
        self.label = label
        self.total = total
        self.unit = unit
        self.style = total > 0 ? style : .off
        self.clock = clock
        self.sink = sink
        start = clock()
        clockReads = 1
        lastCheck = (start, 0)
        nextCheck = self.style == .off ? .max : 1
    }

    /// Records `units` more units done; reads the clock and draws only when a stride has passed.
    ///
    /// - Complexity: O(1), no allocation, except on the rare calls that draw.
    @inline(__always)
    func advance(by units: Int = 1) {
        done += units
        if done >= nextCheck { check() }
    }

    /// Stops reporting and blanks the terminal line, if one is shown, so that what the command
    /// prints next starts at the beginning of an empty line; plain lines already written stay.
    /// Call it when the work ends, whether it succeeded or not; it may be called more than once.
    func finish() {
        nextCheck = .max
        clearLine()
    }

    /// Blanks the terminal line, if one is shown, before the command prints a line of its own;
    /// the next redraw shows it again.
    func clearLine() {
        guard isLineShown else { return }
        sink("\r" + Self.eraseToEnd)
        isLineShown = false
    }

    private func check() {
        let now = clock()
        clockReads += 1
        // The next stride: as many units as took about `checkInterval` since the last read.
        let units = done - lastCheck.done, elapsed = now - lastCheck.time
        let stride = elapsed > 0 ? Double(units) * Double(checkInterval) / Double(elapsed) : Double(units) * 2
        nextCheck = done + Int(min(Double(Self.maximumStride), max(1, stride.rounded(.down))))
        lastCheck = (now, done)
        if rateStart == nil { rateStart = (now, done) }
        draw(at: now)
    }

    private func draw(at now: Int64) {
        let elapsed = now - start
        switch style {
        case .off:
            return
        case .terminal(let width):
            guard elapsed >= delay, lastDraw.map({ now - $0 >= terminalInterval }) ?? true else { return }
            lastDraw = now
            var text = terminalLine(at: now)
            if text.count > width - 1 { text = String(text.prefix(max(0, width - 1))) }   // a wrapped line cannot be redrawn
            sink("\r" + text + Self.eraseToEnd)
            isLineShown = true
        case .lines:
            guard now - (lastDraw ?? start) >= lineInterval else { return }
            lastDraw = now
            sink(plainLine(at: now) + "\n")
        }
    }

    /// `rendering layers.json [######              ]  1200/3600 frames  33%  52.1 frames/s  0:46 left`
    func terminalLine(at now: Int64) -> String {
        let width = 20, filled = min(width, done * width / total)
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        let speed = rate(at: now).map { "  \($0.text)  \($0.left)" } ?? ""
        return "\(label) [\(bar)]  \(done)/\(total) \(unit)  \(done * 100 / total)%" + speed
    }

    /// `rendering layers.json: 1200/3600 frames (33%), 52.1 frames/s, 0:46 left`
    func plainLine(at now: Int64) -> String {
        let speed = rate(at: now).map { ", \($0.text), \($0.left)" } ?? ""
        return "\(label): \(done)/\(total) \(unit) (\(done * 100 / total)%)" + speed
    }

    /// The mean rate since the first unit and the time left at it; nil until a second unit is done.
    private func rate(at now: Int64) -> (text: String, left: String)? {
        guard let first = rateStart, done > first.done, now > first.time else { return nil }
        let perSecond = Double(done - first.done) * 1e9 / Double(now - first.time)
        return (String(format: perSecond >= 100 ? "%.0f" : "%.1f", perSecond) + " \(unit)/s",
                Self.duration(Double(total - done) / perSecond) + " left")
    }

    /// `7 s`, `1:05`, `2:03:04`: whole seconds, rounded up.
    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.up))
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        if s < 60 { return "\(s) s" }
        if s < 3600 { return "\(s / 60):\(two(s % 60))" }
        return "\(s / 3600):\(two(s / 60 % 60)):\(two(s % 60))"
    }
}

extension ProgressReporter {
    /// A reporter on standard error, as a command uses it: `.off` with `quiet`; else a terminal
    /// line when standard error is a terminal (and `TERM` is not `dumb`), plain lines when it is
    /// not. `TIMELINE_PROGRESS=terminal|lines|off` overrides the choice.
    static func standardError(label: String, total: Int, unit: String = "frames", quiet: Bool) -> ProgressReporter {
        let reporter = ProgressReporter(label: label, total: total, unit: unit, style: quiet ? .off : standardErrorStyle(),
                                        clock: MonotonicClock.now, sink: { text in
                                            _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
                                        })
        if let text = ProcessInfo.processInfo.environment["TIMELINE_PROGRESS_INTERVAL"], let seconds = Double(text),
           seconds >= 0, seconds <= 3600 {
            reporter.lineInterval = Int64(seconds * 1e9)
        }
        return reporter
    }

    static func standardErrorStyle(environment: [String: String] = ProcessInfo.processInfo.environment) -> Style {
        switch environment["TIMELINE_PROGRESS"] {
        case "off": return .off
        case "lines": return .lines
        case "terminal": return .terminal(width: terminalWidth())
        default:
            guard isatty(2) != 0, environment["TERM"] != "dumb" else { return .lines }
            return .terminal(width: terminalWidth())
        }
    }

    /// Columns of the terminal on standard error (80 when it cannot tell).
    static func terminalWidth() -> Int {
        var size = winsize()
        guard ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
