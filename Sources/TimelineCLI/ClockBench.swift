import ArgumentParser
import FrameStatistics
import FrameTiming
import Foundation
import TimelineSDL
import Synchronization
import Timeline

/// `timeline bench clock` (C1): runs each clock source for the same time, back to back, always
/// with the raw `clock_nanosleep` baseline, and reports wake lateness, interval deviation,
/// dropped ticks, drift and hitch time side by side.
struct ClockBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clock",
        abstract: "Measure the frame clocks against an absolute-deadline clock_nanosleep baseline.",
        discussion: """
        Sources: dispatch (the engine's DispatchSourceTimer clock), sdl (SDL vsync; needs a display), \
        baseline (clock_nanosleep to each grid tick), manual (the manual clock's model of the same run: \
        deterministic, no waiting, no baseline). 'all' runs baseline, dispatch and sdl (sdl is skipped \
        with a note when there is no display).
        """)

    @Option(help: "Seconds per source.") var seconds = 5.0
    @Option(help: "Frame rate in frames per second, 1 to 240.") var fps = 60
    @Option(help: "dispatch, sdl, baseline, manual or all.") var source = "dispatch"
    @Option(help: "Busy threads spinning during the measurement.") var load = 0
    @Option(help: "Inject one stall of this many milliseconds half way through each run.") var stall: Double?
    @Option(help: "Draw the frame-interval histogram and timeline into this PNG.") var plot: String?
    @Option(help: "Alternate the baseline and the dispatch clock in slices of this many seconds (until each has run --seconds), so both see the same machine.") var interleave: Double?
    @Flag(help: "Print JSON.") var json = false

    enum Source: String, CaseIterable { case dispatch, sdl, baseline, manual }

    var sources: [Source] {
        switch source {
        case "all": return [.baseline, .dispatch, .sdl]
        case "manual": return [.manual]
        case "baseline": return [.baseline]
        default: return [.baseline, Source(rawValue: source)!]
        }
    }

    func validate() throws {
        guard source == "all" || Source(rawValue: source) != nil else {
            throw ValidationError("unknown source '\(source)': expected dispatch, sdl, baseline, manual or all")
        }
        guard seconds > 0, seconds.isFinite else { throw ValidationError("--seconds must be greater than 0; got \(seconds)") }
        guard seconds <= 3600 else { throw ValidationError("--seconds must be at most 3600; got \(seconds)") }
        guard FrameRate(fps: fps) != nil else { throw ValidationError("--fps must be a whole number from 1 to 240; got \(fps)") }
        guard (0...64).contains(load) else { throw ValidationError("--load must be 0 to 64 threads; got \(load)") }
        if let stall { guard stall > 0, stall < seconds * 500 else { throw ValidationError("--stall must be positive and under half the run; got \(stall)") } }
        if let plot { try validatePlotPath(plot) }
        if let interleave {
            guard interleave >= 0.25, interleave <= seconds else { throw ValidationError("--interleave must be between 0.25 s and --seconds; got \(interleave)") }
            guard stall == nil else { throw ValidationError("--interleave and --stall cannot be combined") }
            guard source == "dispatch" || source == "all" else { throw ValidationError("--interleave alternates the baseline and the dispatch clock: use --source dispatch or all") }
        }
    }

    struct Measured {
        var name: String
        var stats: ClockStatistics
        var samples: [TickSample]
        var note: String?

        /// A source measured in one or more stretches.
        init(_ name: String, _ segments: [[TickSample]], rate: FrameRate, note: String? = nil) {
            self.name = name
            stats = ClockStatistics(segments: segments, rate: rate)
            samples = segments.flatMap { $0 }
            self.note = note
        }
    }

    /// What each live source does inside a frame: sleep through the injected stall at the tick
    /// half way through its run (counted from its first tick), and report progress.
    private func frameWork(_ rate: FrameRate, _ progress: Progress) -> (TickSample) -> Void {
        let stallAt = stall == nil ? nil : Int64(seconds / 2 * Double(rate.rawValue)), stall = self.stall
        var first: Int64?
        return { sample in
            if first == nil { first = sample.index }
            if let stallAt, let stall, sample.index - first! == stallAt { sleepMilliseconds(stall) }
            progress.update(sample)
        }
    }

    func run() throws {
        let rate = FrameRate(fps: fps)!
        let period = rate.nominalPeriodNanoseconds
        let load = BusyLoad(threads: self.load)
        defer { load.stop() }
        var results: [Measured] = []
        var skipped: [(String, String)] = []
        var remaining = sources
        if let slice = interleave {
            // Baseline and dispatch alternate, slice by slice; each slice is its own stretch.
            var base: [[TickSample]] = [], dispatch: [[TickSample]] = []
            var done = 0.0
            let progress = Progress(label: "baseline + dispatch, interleaved", seconds: seconds)
            while done < seconds - 1e-9 {
                let length = min(slice, seconds - done)
                base.append(SleepTicker.run(rate: rate, seconds: length, work: frameWork(rate, progress)))
                dispatch.append(runDispatch(rate: rate, seconds: length, progress: progress))
                done += length
            }
            progress.finish()
            let note = "interleaved in \(fmt(slice, digits: 2)) s slices"
            results.append(Measured("baseline", base, rate: rate, note: note))
            results.append(Measured("dispatch", dispatch, rate: rate, note: note))
            remaining.removeAll { $0 == .baseline || $0 == .dispatch }
        }
        for s in remaining {
            let progress = Progress(label: s.rawValue, seconds: seconds)
            switch s {
            case .baseline:
                results.append(Measured("baseline", [SleepTicker.run(rate: rate, seconds: seconds, work: frameWork(rate, progress))], rate: rate))
            case .dispatch:
                results.append(Measured("dispatch", [runDispatch(rate: rate, seconds: seconds, progress: progress)], rate: rate))
            case .manual:
                results.append(Measured("manual", [runManual(rate: rate)], rate: rate))
            case .sdl:
                let seconds = self.seconds, work = frameWork(rate, progress)
                let outcome: Result<([TickSample], Int), SDLError> = MainActor.assumeIsolated {
                    do throws(SDLError) {
                        let r = try VsyncProbe.run(rate: rate, seconds: seconds, work: work)
                        return .success((r.samples, r.refreshRate))
                    } catch { return .failure(error) }
                }
                switch outcome {
                case .success(let (raw, refresh)):
                    // Vsync's phase is the display's: measure lateness against a grid anchored at the first wake.
                    let samples = raw.map { s in
                        TickSample(index: s.index, scheduled: raw[0].woke + (s.index - raw[0].index) * period, woke: s.woke)
                    }
                    let note = refresh > 0 ? "display reports \(refresh) Hz" : "display reports no refresh rate: SDL fakes vsync with sleeps"
                    results.append(Measured("sdl", [samples], rate: rate, note: note))
                case .failure(let e):
                    if source == "sdl" {
                        printToStandardError("timeline bench clock: the sdl source needs a display: \(e)")
                        throw ExitCode(1)
                    }
                    skipped.append(("sdl", e.description))
                }
            }
            progress.finish()
        }
        if json {
            print(clockJSON(results, skipped: skipped, rate: rate, seconds: seconds))
        } else {
            print(clockTable(results, skipped: skipped, rate: rate))
        }
        if let plot {
            do { try renderClockPlot(results.map { ($0.name, $0.samples) }, period: period, to: plot) } catch {
                printToStandardError("timeline bench clock: \(error)")
                throw ExitCode(1)
            }
        }
    }

    private func runDispatch(rate: FrameRate, seconds: Double, progress: Progress) -> [TickSample] {
        let clock = DispatchFrameClock(rate: rate)
        clock.recordsLateness = true
        let end = clock.schedule.grid.origin + Int64(seconds * 1e9)
        let work = frameWork(rate, progress)
        var ticks: [(Int64, Int64)] = []
        ticks.reserveCapacity(Int(seconds * Double(rate.rawValue)) + 16)
        clock.frameHandler = { info in
            ticks.append((info.index, info.timestamp))
            work(TickSample(index: info.index, scheduled: info.timestamp, woke: info.timestamp))
            if info.targetTimestamp >= end { clock.stop() }
            return true
        }
        clock.run()
        return zip(ticks, clock.latenessSamples).map { t, late in TickSample(index: t.0, scheduled: t.1, woke: t.1 + late) }
    }

    /// The manual clock's model of the same run: it wakes exactly on the grid, so its lateness is
    /// zero and only the stall shows (as skipped ticks, never as a burst).
    private func runManual(rate: FrameRate) -> [TickSample] {
        let clock = ManualFrameClock(rate: rate)
        let stallAt = Int64(seconds / 2 * Double(rate.rawValue)), stall = self.stall
        var samples: [TickSample] = []
        clock.frameHandler = { info in
            samples.append(TickSample(index: info.index, scheduled: info.timestamp, woke: clock.now))
            if let stall, info.index == stallAt { clock.spend(.nanoseconds(Int64(stall * 1e6))) }
            return true
        }
        clock.advance(by: .nanoseconds(Int64(seconds * 1e9) - 1))
        return samples
    }
}

func sleepMilliseconds(_ ms: Double) {
    var request = timespec(tv_sec: Int(ms / 1000), tv_nsec: Int((ms.truncatingRemainder(dividingBy: 1000)) * 1e6))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 { request = remaining }
}

/// Checks up front that a PNG can be written at `path` (its folder exists and is writable).
func validatePlotPath(_ path: String) throws {
    let url = URL(fileURLWithPath: path)
    let dir = url.deletingLastPathComponent().path
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
        throw ValidationError("--plot: the folder '\(dir)' does not exist")
    }
    guard FileManager.default.isWritableFile(atPath: dir) else { throw ValidationError("--plot: the folder '\(dir)' is not writable") }
    if FileManager.default.fileExists(atPath: path), !FileManager.default.isWritableFile(atPath: path) {
        throw ValidationError("--plot: '\(path)' exists and is not writable")
    }
}

/// Threads that spin until stopped, to measure the clocks under contention (`--load`).
final class BusyLoad: Sendable {
    private let running = Atomic<Bool>(true)

    init(threads n: Int) {
        for i in 0..<n {
            Thread { [self] in
                var x = UInt64(i)
                while running.load(ordering: .relaxed) { for _ in 0..<10_000 { x = x &* 6364136223846793005 &+ 1 } }
                if x == 42 { print("") }            // keeps the loop from being optimised away
            }.start()
        }
    }

    func stop() { running.store(false, ordering: .relaxed) }
}

/// A progress line on stderr for runs longer than 2 s, when stderr is a terminal.
final class Progress: @unchecked Sendable {
    let label: String
    let seconds: Double
    let enabled: Bool
    private var first: Int64?
    private var lastPrinted: Int64 = 0

    init(label: String, seconds: Double) {
        self.label = label
        self.seconds = seconds
        enabled = seconds > 2 && isatty(2) != 0
    }

    func update(_ sample: TickSample) {
        guard enabled else { return }
        let now = MonotonicClock.now()
        if first == nil { first = now }
        guard now - lastPrinted > 250_000_000 else { return }
        lastPrinted = now
        let elapsed = Double(now - first!) / 1e9
        FileHandle.standardError.write(Data("\r\(label): \(String(format: "%.1f", elapsed)) / \(String(format: "%.1f", seconds)) s   ".utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\(String(repeating: " ", count: 40))\r".utf8))
    }
}

func clockJSON(_ results: [ClockBench.Measured], skipped: [(String, String)], rate: FrameRate, seconds: Double) -> String {
    func p(_ d: DurationPercentiles, p999: Bool) -> String {
        "{\"p50\": \(jsonNumber(d.p50)), \"p99\": \(jsonNumber(d.p99)), " + (p999 ? "\"p999\": \(jsonNumber(d.p999)), " : "") + "\"max\": \(jsonNumber(d.max))}"
    }
    var sources = results.map { r -> String in
        let s = r.stats
        var fields = "\"name\": \(jsonString(r.name)), \"frames\": \(s.frames), \"lateness_ms\": \(p(s.lateness, p999: true)), "
            + "\"interval_deviation_ms\": \(p(s.intervalDeviation, p999: false)), \"dropped\": \(s.dropped), "
            + "\"drift_ms\": \(jsonNumber(s.driftMilliseconds)), \"hitch_ms_per_s\": \(jsonNumber(s.hitchMillisecondsPerSecond)), "
            + "\"burst_frames\": \(s.burstFrames)"
        if let note = r.note { fields += ", \"note\": \(jsonString(note))" }
        return "{\(fields)}"
    }
    sources += skipped.map { "{\"name\": \(jsonString($0.0)), \"skipped\": \(jsonString($0.1))}" }
    return "{\"fps\": \(rate.rawValue), \"seconds\": \(jsonNumber(seconds)), \"sources\": [\(sources.joined(separator: ", "))]}"
}

func clockTable(_ results: [ClockBench.Measured], skipped: [(String, String)], rate: FrameRate) -> String {
    var rows = [["source", "frames", "late p50", "p99", "p99.9", "max", "interval dev p50", "p99", "max", "dropped", "drift", "hitch/s", "bursts"]]
    for r in results {
        let s = r.stats
        rows.append([r.name, String(s.frames), ms(s.lateness.p50), ms(s.lateness.p99), ms(s.lateness.p999), ms(s.lateness.max),
                     ms(s.intervalDeviation.p50), ms(s.intervalDeviation.p99), ms(s.intervalDeviation.max),
                     String(s.dropped), ms(s.driftMilliseconds), ms(s.hitchMillisecondsPerSecond), String(s.burstFrames)])
    }
    var out = "clock sources at \(rate.rawValue) fps, times in ms\n" + table(rows, rightAligned: Set(1...12))
    for r in results { if let note = r.note { out += "\n\(r.name): \(note)" } }
    for (name, why) in skipped { out += "\n\(name): skipped: \(why)" }
    if let base = results.first(where: { $0.name == "baseline" }) {
        for r in results where r.name != "baseline" && r.name != "manual" && base.stats.lateness.p99 > 0 {
            out += "\n\(r.name) p99 lateness is \(fmt(r.stats.lateness.p99 / base.stats.lateness.p99, digits: 2))x the baseline's"
        }
    }
    return out
}

private func ms(_ v: Double) -> String { fmt(v, digits: 3) }
