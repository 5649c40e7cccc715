import ArgumentParser
import Foundation
import FrameStatistics
import FrameTiming
import Geometry
import TimelineSDL
import Timeline
import TimelineInspector
import TimeTravel

#if canImport(Glibc)
import Glibc
#endif

/// The desktop gallery (issue 5): one window, seven scenes switched with the number keys, a HUD
/// with the frame clock's figures on every scene.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "Gallery",
        abstract: "The Timeline engine's desktop demo: constraints, springs, keyframes, a scrubbed animator, a timeline and a stress scene.")

    @Option(help: "First scene: \(SceneKind.allCases.map(\.rawValue).joined(separator: ", ")) (or 1-\(SceneKind.allCases.count)).") var scene = "panel"
    @Option(help: "Quit after this many seconds (default: run until the window closes).") var seconds: Double?
    @Option(help: "Save a PNG of the window just before quitting (needs --seconds).") var screenshot: String?
    @Option(help: "Window size in points, WxH.") var size = "1100x680"
    @Option(help: "Frame clock: dispatch (default) or sdl (vsync; only where the display reports a refresh rate).") var clock = "dispatch"
    @Flag(help: "Use SDL's software renderer.") var software = false
    @Option(help: "How many views the stress scene starts with.") var views = 500
    @Option(help: "How many still views the layers page puts behind its layers (issue 22's reach: 500).") var layerPageViews = 0
    @Flag(help: "At quit, print the frame rate and the median frame's commit, split into list, paint and present (the first second left out).")
    var report = false
    @Option(name: .customLong("cycle-pages"), help: "Show every page this many times, a page a frame, then print how many of the pages' scenes, views and layers are still alive and quit (exit 1 if any is).")
    var cyclePages: Int?
    @Option(help: "Raise a memory warning when resident memory passes this many MiB (MR5); each warning is printed with the resident memory and the painter's caches then and a second later.")
    var memoryBudget: Int?
    @Option(name: .customLong("chrome-trace"), help: "Write every frame's phases as a Chrome trace (Perfetto, chrome://tracing) to this JSON file, finished when the gallery quits.")
    var chromeTrace: String?
    @Option(name: .customLong("stats-every"), help: "With --stats-file: every this many seconds, append the period's frames, frame interval p99 and dropped frames to the file (scripts/soak reads it).")
    var statsEvery = 10.0
    @Option(name: .customLong("stats-file"), help: "Append a line per --stats-every period to this CSV file: seconds since start, frames, frame interval p99 and max in ms, dropped frames (interval over 1.5 periods), ticks the run loop skipped.")
    var statsFile: String?

    func validate() throws {
        guard SceneKind(argument: scene) != nil else {
            throw ValidationError("unknown scene '\(scene)': expected \(SceneKind.allCases.map(\.rawValue).joined(separator: ", ")) or 1-\(SceneKind.allCases.count)")
        }
        if let seconds { guard seconds > 0, seconds.isFinite else { throw ValidationError("--seconds must be positive; got \(seconds)") } }
        if screenshot != nil, seconds == nil { throw ValidationError("--screenshot needs --seconds (it is taken just before quitting)") }
        guard parseSize(size) != nil else { throw ValidationError("--size must be WxH, e.g. 1100x680; got '\(size)'") }
        guard SDLClockChoice(rawValue: clock) != nil else { throw ValidationError("--clock must be dispatch or sdl; got '\(clock)'") }
        guard (0...20_000).contains(views) else { throw ValidationError("--views must be 0 to 20000; got \(views)") }
        if let cyclePages { guard (1...10_000).contains(cyclePages) else { throw ValidationError("--cycle-pages must be 1 to 10000; got \(cyclePages)") } }
        if let memoryBudget { guard memoryBudget > 0, memoryBudget < 1 << 30 else { throw ValidationError("--memory-budget must be a number of MiB above zero; got \(memoryBudget)") } }
        guard (0...20_000).contains(layerPageViews) else { throw ValidationError("--layer-page-views must be 0 to 20000; got \(layerPageViews)") }
        guard statsEvery.isFinite, (0.1...3600).contains(statsEvery) else { throw ValidationError("--stats-every must be 0.1 to 3600 seconds; got \(statsEvery)") }
    }

    func run() throws {
        let (first, seconds, screenshot, software) = (SceneKind(argument: scene)!, self.seconds, self.screenshot, self.software)
        let report = self.report, views = self.views, layerPageViews = self.layerPageViews
        let tracePath = chromeTrace, cyclePages = self.cyclePages, memoryBudget = self.memoryBudget
        let statsFile = self.statsFile, statsEvery = self.statsEvery
        let size = parseSize(size)!, choice = SDLClockChoice(rawValue: clock)!
        let environment = ProcessInfo.processInfo.environment
        // The gallery in a recording: its name and the options that shape its first screen (IN6).
        let app = "Gallery --scene \(first.rawValue) --views \(views) --layer-page-views \(layerPageViews)"
        // A session that is recorded (or kept for the inspector) starts with the HUD hidden: its
        // figures are this machine's timings, which a replay cannot show again.
        let recorded = environment["TIMELINE_RECORD"] != nil || environment["TIMELINE_INSPECT"] != nil
        var replayStatus: Int32?
        let failure: String? = MainActor.assumeIsolated {
            // TIMELINE_REPLAY=rec.json: the gallery replays its own recording headless, its first
            // screen built as below on the replay's window, and quits (IN6).
            replayStatus = AppReplay.runIfRequested(app: app, size: size, environment: environment) { window, runLoop in
                StressScene.initialCount = views
                LayersScene.backgroundViews = layerPageViews
                window.rootViewController = GalleryController(runLoop: runLoop, hudHost: nil, first: first, showsHUD: false)
            }
            if replayStatus != nil { return nil }
            let host: SDLWindowHost
            do {
                host = try SDLWindowHost(title: "Timeline gallery", size: size, software: software, clock: choice)
            } catch {
                return "Gallery: \(error)"
            }
            StressScene.initialCount = views
            LayersScene.backgroundViews = layerPageViews
            let gallery = GalleryController(runLoop: host.runLoop, hudHost: host, first: first, showsHUD: !recorded)
            host.window.rootViewController = gallery
            host.runLoop.measuresPhases = true
            // TIMELINE_INSPECT=PORT: the live inspector (IN1), kept while the gallery runs.
            let inspector = Inspector.startIfRequested(on: host.runLoop, appName: "gallery")
            print("Gallery: \(host.rendererName) renderer, \(choice.rawValue) clock, display refresh \(host.displayRefreshRate) Hz, scale \(host.window.scale)")
            var saveError: String?
            if let seconds {
                _ = host.runLoop.schedule(after: .nanoseconds(Int64(seconds * 1e9))) {
                    if let screenshot {
                        do {
                            try host.saveScreenshot(to: screenshot)
                            print("Gallery: screenshot saved to \(screenshot)")
                        } catch { saveError = "Gallery: \(error)" }
                    }
                    host.runLoop.stop()
                }
            }
            if getenv("GALLERY_DEBUG") != nil {
                var n = 0
                _ = host.runLoop.addFrameObserver(keepsClockRunning: false) { info in
                    n += 1
                    if n % 30 == 0 {
                        print("frame \(info.index): \(host.runLoop.pendingWork)")
                    }
                }
            }
            var leaked: [String] = []
            if let cyclePages {
                _ = host.runLoop.schedule(after: .milliseconds(300)) {
                    gallery.cyclePages(cyclePages) { alive, resident in
                        leaked = alive
                        let rounds = resident.map { String(format: "%.1f", $0) }.joined(separator: ", ")
                        print("Gallery: showed every page \(cyclePages) times; resident MiB after rounds: \(rounds)")
                        if alive.isEmpty {
                            print("Gallery: every page's scene, views and layers were freed")
                        } else {
                            var kinds: [String: Int] = [:]
                            for name in alive { kinds[name, default: 0] += 1 }
                            let list = kinds.sorted { $0.value > $1.value }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
                            print("Gallery: \(alive.count) objects of pages already left are still alive: \(list)")
                        }
                        host.runLoop.stop()
                    }
                }
            }
            if let memoryBudget {
                host.window.memoryWarningBudget = memoryBudget << 20
                host.window.addMemoryWarningObserver {
                    // Told before the caches are emptied: what they held, then what is left.
                    let mib = { (MemoryMonitor.readResidentBytes() ?? 0) >> 20 }
                    print("Gallery: memory warning (\(host.window.lastMemoryWarningReason.map { "\($0)" } ?? "?")): resident \(mib()) MiB; painter: \(host.painter.cacheCounts)")
                    _ = host.runLoop.schedule(after: .seconds(1)) {
                        print("Gallery: a second after the warning: resident \(mib()) MiB; painter: \(host.painter.cacheCounts)")
                    }
                }
            }
            let frameReport = report ? FrameReport(host: host) : nil
            var frameStats: FrameStats?
            if let statsFile {
                guard let stats = FrameStats(host: host, path: statsFile, every: statsEvery) else {
                    return "Gallery: cannot open the stats file \(statsFile) (\(String(cString: strerror(errno))))"
                }
                frameStats = stats
            }
            var trace: ChromeTraceWriter?
            if let tracePath {
                do { trace = try ChromeTraceWriter(path: tracePath, processName: "Timeline gallery") } catch { return "Gallery: \(error)" }
                host.runLoop.phaseRecorder = trace
            }
            // TIMELINE_RECORD=path: the session's input and clock (IN6), written when it ends,
            // with the last frame's digest, which `TIMELINE_REPLAY=path Gallery ...` prints for it.
            let recorder = SessionRecorder.startIfRequested(on: host.runLoop, windowSize: size, app: app, environment: environment)
            withExtendedLifetime(inspector) { host.run() }
            if let recorder {
                do {
                    if let line = try AppReplay.finishRecording(recorder, window: host.window, who: "Gallery") { print(line) }
                } catch { return "Gallery: \(error)" }
            }
            frameStats?.close()
            if let frameReport { print(frameReport.summary()) }
            if let trace {
                do { try trace.finish() } catch { return "Gallery: \(error)" }
                print("Gallery: wrote \(trace.frames) frames to the Chrome trace \(trace.path)")
            }
            if !leaked.isEmpty { return "Gallery: pages left \(leaked.count) objects alive (see above)" }
            return saveError
        }
        if let failure {
            printToStandardError(failure)
            throw ExitCode(1)
        }
        if let replayStatus, replayStatus != 0 { throw ExitCode(replayStatus) }
    }
}

/// Frame rate, the median frame's commit split and the 99th percentile frame interval
/// (`--report`), from a frame observer.
@MainActor
final class FrameReport {
    private let host: SDLWindowHost
    private var start: Int64 = 0, last: Int64 = 0, frames = 0
    private var commit: [Double] = [], paint: [Double] = [], present: [Double] = [], intervals: [Double] = []

    init(host: SDLWindowHost) {
        self.host = host
        _ = host.runLoop.addFrameObserver(keepsClockRunning: false) { [weak self] _ in guard let self else { return }; self.frame() }
    }

    private func frame() {
        let now = MonotonicClock.now()
        if start == 0 { start = now }
        guard now - start >= 1_000_000_000 else { return }       // the first second warms up
        if last == 0 { last = now; return }
        intervals.append(Double(now - last) / 1e6)
        last = now
        frames += 1
        commit.append(Double(host.runLoop.lastFramePhaseNanoseconds[FramePhase.commit.rawValue]) / 1e6)
        paint.append(Double(host.lastPaintNanoseconds) / 1e6)
        present.append(Double(host.lastPresentNanoseconds) / 1e6)
    }

    func summary() -> String {
        guard frames > 0 else { return "Gallery: no frames after the first second" }
        func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
        let seconds = Double(last - start - 1_000_000_000) / 1e9
        let c = median(commit), p = median(paint), q = median(present)
        return "Gallery: \(frames) frames in \(String(format: "%.2f", seconds)) s, \(String(format: "%.1f", Double(frames) / seconds)) fps; "
            + "median commit \(String(format: "%.2f", c)) ms = list \(String(format: "%.2f", max(0, c - p - q))) + paint \(String(format: "%.2f", p)) + present \(String(format: "%.2f", q)); "
            + "frame interval p99 \(String(format: "%.1f", intervals.sorted()[min(intervals.count - 1, intervals.count * 99 / 100)])) ms"
    }
}

/// Frame figures per period (`--stats-every`, `--stats-file`), appended to a CSV file as they
/// come so that a soak can read them while the gallery runs: seconds since start, frames, the
/// frame interval's p99 and maximum (ms), dropped frames (an interval over 1.5 frame periods) and
/// the ticks the run loop skipped (`FrameInfo.droppedFrames`). A gap of more than 250 ms between
/// frames is an idle stretch (nothing asked for frames), not a frame interval, as in the HUD,
/// unless the run loop skipped ticks in it (a frame that overran).
@MainActor
final class FrameStats {
    private let host: SDLWindowHost
    private var file: UnsafeMutablePointer<FILE>?
    private let start = MonotonicClock.now()
    private var last: Int64 = 0
    private var intervals: [Int64] = []
    private var frames = 0, dropped = 0, skipped = 0
    private var observer: ObserverToken?
    private var timer: TimerToken?

    init?(host: SDLWindowHost, path: String, every seconds: Double) {
        guard let file = fopen(path, "a") else { return nil }
        self.host = host
        self.file = file
        if ftell(file) == 0 { fputs("seconds,frames,p99_ms,max_ms,dropped,skipped\n", file); fflush(file) }
        observer = host.runLoop.addFrameObserver(keepsClockRunning: false) { [weak self] info in self?.frame(info) }
        let period = Duration.nanoseconds(Int64(seconds * 1e9))
        timer = host.runLoop.schedule(after: period, repeating: period) { [weak self] in self?.flush() }
    }

    private func frame(_ info: FrameInfo) {
        let now = MonotonicClock.now()
        frames += 1
        skipped += info.droppedFrames
        // A long gap is idle time unless the run loop skipped ticks for it (a frame overran).
        if last != 0, now - last < 250_000_000 || info.droppedFrames > 0 {
            let interval = now - last
            intervals.append(interval)
            if 2 * interval > 3 * info.rate.nominalPeriodNanoseconds { dropped += 1 }
        }
        last = now
    }

    private func flush() {
        guard let file else { return }
        let p = DurationPercentiles(nanoseconds: intervals)
        let seconds = Double(MonotonicClock.now() - start) / 1e9
        fputs(String(format: "%.1f,%d,%.2f,%.2f,%d,%d\n", seconds, frames, p.p99, p.max, dropped, skipped), file)
        fflush(file)
        intervals.removeAll(keepingCapacity: true)
        frames = 0; dropped = 0; skipped = 0
    }

    /// Stops observing and closes the file (a partial last period is not written).
    func close() {
        if let timer { host.runLoop.cancel(timer) }
        if let observer { host.runLoop.removeFrameObserver(observer) }
        timer = nil; observer = nil
        if let file { fclose(file) }
        file = nil
    }
}

func parseSize(_ text: String) -> Size? {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w >= 320, h >= 240, w <= 8192, h <= 8192 else { return nil }
    return Size(width: w, height: h)
}

GalleryCommand.main()
