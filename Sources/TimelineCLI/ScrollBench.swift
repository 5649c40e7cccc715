import ArgumentParser
import Foundation
import Geometry
import TimelineSDL
import Timeline

/// `timeline bench scroll`: issue 24's reach. A frame of scrolling (the offset moves, rows come
/// and go, the window repaints) in a 100,000-row table against the same frame in a 100-row table,
/// alternating rounds side by side; both keep the same number of cells alive. Then the same for a
/// plain scroll view holding 10,000 row views against one holding 100 (SC7: what is out of view
/// is not listed or painted), and flings through a 10,000-row table, whose frame p50 and p99 are
/// printed (headless on the software image renderer, or with `--window` in an SDL window on the
/// live 60 fps clock with the frames it dropped).
struct ScrollBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scroll",
        abstract: "Measure scrolling frames in a large table against a small one.")

    @Option(help: "Frames measured per round.") var frames = 240
    @Option(help: "Alternating rounds (medians are printed).") var rounds = 5
    @Option(help: "Rows of the large table.") var rows = 100_000
    @Flag(help: "Print JSON.") var json = false
    @Option(help: "Points the offset sweeps up and down (within the preload margin, 80, no row enters).")
    var amplitude = 3000.0
    @Flag(help: "Run only the large table once (for allocation counts under valgrind: scripts/count-allocations).")
    var onlyLarge = false
    @Flag(help: "Run only flings, headless, for --frames frames after a warm-up: one fling every --fling-period frames (a per-frame figure under callgrind: 150 minus 50 frames).")
    var onlyFling = false
    @Option(help: "With --only-fling: frames from one fling to the next (its release to the next press).")
    var flingPeriod = 50
    @Option(help: "Flings measured (each from release to rest).") var flings = 6
    @Flag(help: "Flings in an SDL window on the live clock (needs a display; Xvfb will do).") var window = false
    @Flag(help: "With --window: SDL's software renderer.") var software = false

    func validate() throws {
        guard frames >= 10 else { throw ValidationError("--frames must be at least 10; got \(frames)") }
        guard (1...100).contains(rounds) else { throw ValidationError("--rounds must be 1 to 100; got \(rounds)") }
        guard (100...10_000_000).contains(rows) else { throw ValidationError("--rows must be 100 to 10000000; got \(rows)") }
        guard (1...100).contains(flings) else { throw ValidationError("--flings must be 1 to 100; got \(flings)") }
        guard (10...10_000).contains(flingPeriod) else { throw ValidationError("--fling-period must be 10 to 10000; got \(flingPeriod)") }
        guard !(onlyLarge && onlyFling) else { throw ValidationError("--only-large and --only-fling run one part each; give one of them") }
    }

    @MainActor final class Source: TableViewDataSource {
        let rows: Int
        init(rows: Int) { self.rows = rows }
        func tableView(_ t: TableView, numberOfRowsInSection s: Int) -> Int { rows }
        func tableView(_ t: TableView, cellForRowAt p: IndexPath) -> TableViewCell {
            let c = t.dequeueReusableCell(withIdentifier: "row", for: p)
            c.textLabel?.text = "Row \(p.row)"
            c.detailTextLabel?.text = "\(p.row % 97)"
            return c
        }
    }

    func run() throws {
        let (frames, rounds, rows, json, amplitude) = (self.frames, self.rounds, self.rows, self.json, self.amplitude)
        if onlyLarge {
            let r: String = MainActor.assumeIsolated {
                do throws(SDLError) {
                    return "p50 \(fmt(try ScrollBench.scroll(rows: rows, frames: frames, amplitude: amplitude).p50, digits: 3)) ms"
                }
                catch { return "error: \(error)" }
            }
            print("scrolling \(rows) rows: \(r)")
            return
        }
        if onlyFling {
            let period = flingPeriod
            let r: String = MainActor.assumeIsolated {
                do throws(SDLError) {
                    let f = try ScrollBench.flingFrames(frames: frames, period: period)
                    return "p50 \(fmt(f.p50, digits: 3)) ms, p99 \(fmt(f.p99, digits: 3)) ms, \(f.flings) flings"
                }
                catch { return "error: \(error)" }
            }
            print("flinging 10000 rows for \(frames) frames: \(r)")
            return
        }
        let (flings, window, software) = (self.flings, self.window, self.software)
        let text: String = MainActor.assumeIsolated {
            do throws(SDLError) {
                var big: [Double] = [], small: [Double] = [], cells = (0, 0)
                var plainBig: [Double] = [], plainSmall: [Double] = [], plainAll: [Double] = []
                for _ in 0..<rounds {
                    let b = try ScrollBench.scroll(rows: rows, frames: frames, amplitude: amplitude)
                    let s = try ScrollBench.scroll(rows: 100, frames: frames, amplitude: amplitude)
                    big.append(b.p50); small.append(s.p50); cells = (b.cells, s.cells)
                    plainBig.append(try ScrollBench.plain(rows: 10_000, frames: frames))
                    plainSmall.append(try ScrollBench.plain(rows: 100, frames: frames))
                    plainAll.append(try ScrollBench.plain(rows: 10_000, frames: frames, skipping: false))
                }
                let fling = window ? try ScrollBench.flingInWindow(flings: flings, software: software)
                                   : try ScrollBench.fling(flings: flings)
                func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
                let ratio = median(big) / median(small)
                let plainRatio = median(plainBig) / median(plainSmall)
                if json {
                    return "{\"scroll\": {\"rows\": \(rows), \"large_p50_ms\": \(median(big)), \"small_p50_ms\": \(median(small)), "
                        + "\"ratio\": \(ratio), \"cells_alive\": [\(cells.0), \(cells.1)], "
                        + "\"plain\": {\"views\": [10000, 100], \"large_p50_ms\": \(median(plainBig)), \"small_p50_ms\": \(median(plainSmall)), \"ratio\": \(plainRatio), \"unskipped_p50_ms\": \(median(plainAll))}, "
                        + "\"fling\": {\"rows\": 10000, \"flings\": \(flings), \"frames\": \(fling.frames), \"p50_ms\": \(fling.p50), \"p99_ms\": \(fling.p99), "
                        + "\"window\": \(window), \"dropped_frames\": \(fling.dropped)}}}"
                }
                return table([["case", "p50 ms", "note"],
                              ["\(rows) rows, scrolling", fmt(median(big), digits: 3), "\(cells.0) cells alive"],
                              ["100 rows, scrolling", fmt(median(small), digits: 3), "\(cells.1) cells alive"],
                              ["ratio", fmt(ratio, digits: 2) + "x", "median of \(rounds) alternating rounds (target 1.5x)"],
                              ["scroll view of 10,000 views", fmt(median(plainBig), digits: 3), "SC7: out of view, not listed or painted"],
                              ["scroll view of 100 views", fmt(median(plainSmall), digits: 3), ""],
                              ["ratio", fmt(plainRatio, digits: 2) + "x", "median of \(rounds) alternating rounds"],
                              ["10,000 views, every one listed", fmt(median(plainAll), digits: 3), "the same frame without SC7's skipping"],
                              ["fling, 10,000 rows: p50", fmt(fling.p50, digits: 3), "\(flings) flings, \(fling.frames) frames"],
                              ["fling, 10,000 rows: p99", fmt(fling.p99, digits: 3),
                               window ? "in a window, \(fling.dropped) frames dropped" : "software image renderer, headless (16.7 ms a frame at 60 fps)"]],
                             rightAligned: [1])
            } catch {
                return "error: \(error)"
            }
        }
        if text.hasPrefix("error: ") {
            printToStandardError("timeline bench scroll: \(text.dropFirst(7))")
            throw ExitCode(1)
        }
        print(text)
    }

    /// A headless 400x600 window painted by the software image renderer, running every frame and
    /// timing its phases.
    @MainActor static func benchHost() throws(SDLError) -> (HeadlessHost, Size) {
        let size = Size(width: 400, height: 600)
        let image = try ImageRenderer(pixelWidth: Int(size.width), pixelHeight: Int(size.height))
        let host = HeadlessHost(size: size)
        host.window.renderer = image
        host.runLoop.keepsRunningWhenIdle = true
        host.runLoop.measuresPhases = true
        return (host, size)
    }

    /// A 400x600 window with a table of `rows` rows, scrolled up and down through `amplitude`
    /// points from offset 1,000, a few points a frame; the whole frame's p50 and the cells alive.
    @MainActor static func scroll(rows: Int, frames: Int, amplitude: Double = 3000) throws(SDLError) -> (p50: Double, cells: Int) {
        let (host, size) = try benchHost()
        let t = TableView(frame: Rect(origin: .zero, size: size))
        t.register(TableViewCell.self, forCellReuseIdentifier: "row")
        let source = Source(rows: rows)
        host.root.addSubview(t)
        t.dataSource = source
        host.step(frames: 30)
        var samples: [Double] = []
        samples.reserveCapacity(frames)
        for k in 0..<(frames + 60) {
            let phase = Double(k % 400) / 400
            t.contentOffset = Point(x: 0, y: 1000 + (phase < 0.5 ? phase : 1 - phase) * 2 * min(amplitude, 3000))
            host.step()
            if k >= 60 { samples.append(Double(host.runLoop.phaseNanoseconds.reduce(0, +)) / 1e6) }
        }
        withExtendedLifetime(source) {}
        return (AnimationBench.percentiles(samples).0, t.loadedCells.count)
    }

    /// A 400x600 scroll view holding `rows` row views of 44 points (each a background and a
    /// label), swept like ``scroll(rows:frames:amplitude:)`` within the first 100 rows; the p50
    /// of the whole frame. Without SC7 its cost grows with the views out of view.
    @MainActor static func plain(rows: Int, frames: Int, skipping: Bool = true) throws(SDLError) -> Double {
        let (host, size) = try benchHost()
        host.window.skipsSubviewsOutOfView = skipping
        let sv = ScrollView(frame: Rect(origin: .zero, size: size))
        sv.contentSize = Size(width: size.width, height: Double(rows) * 44)
        for i in 0..<rows {
            let row = View(frame: Rect(x: 0, y: Double(i) * 44, width: size.width, height: 44))
            row.backgroundColor = i % 2 == 0 ? Color(red: 0.12, green: 0.14, blue: 0.2) : Color(red: 0.15, green: 0.17, blue: 0.24)
            let label = Label(text: "Row \(i)", fontSize: 16)
            label.translatesAutoresizingMaskIntoConstraints = true
            label.frame = Rect(x: 16, y: 12, width: 200, height: 20)
            row.addSubview(label)
            sv.addSubview(row)
        }
        host.root.addSubview(sv)
        host.step(frames: 30)
        var samples: [Double] = []
        samples.reserveCapacity(frames)
        for k in 0..<(frames + 60) {
            let phase = Double(k % 400) / 400
            sv.contentOffset = Point(x: 0, y: 200 + (phase < 0.5 ? phase : 1 - phase) * 2 * 3000)
            host.step()
            if k >= 60 { samples.append(Double(host.runLoop.phaseNanoseconds.reduce(0, +)) / 1e6) }
        }
        return AnimationBench.percentiles(samples).0
    }

    /// A finger's fling up a table: a press, ten moves 8 ms apart covering 300 points, a release,
    /// stamped from `t` seconds.
    @MainActor static func sendFling(to runLoop: MainRunLoop, at t: Double, x: Double = 200) {
        var t = t
        runLoop.send(InputEvent(.pointerDown(Point(x: x, y: 500), button: 1), timestamp: t))
        for k in 1...10 {
            t += 0.008
            runLoop.send(InputEvent(.pointerMoved(Point(x: x, y: 500 - 30 * Double(k)), buttons: 1), timestamp: t))
        }
        runLoop.send(InputEvent(.pointerUp(Point(x: x, y: 200), button: 1), timestamp: t))
    }

    /// The table of the flings: 10,000 rows of a title and a detail in a 400x600 window.
    @MainActor static func flingTable(in window: Window, size: Size) -> (TableView, Source) {
        let t = TableView(frame: Rect(origin: .zero, size: size))
        t.register(TableViewCell.self, forCellReuseIdentifier: "row")
        let source = Source(rows: 10_000)
        window.rootView.addSubview(t)
        t.dataSource = source
        return (t, source)
    }

    /// `flings` flings through a 10,000-row table, headless: every frame from each release until
    /// the table rests (or 4 s), all phases; the p50 and p99 of those frames.
    @MainActor static func fling(flings: Int) throws(SDLError) -> (p50: Double, p99: Double, frames: Int, dropped: Int) {
        let (host, size) = try benchHost()
        let (t, source) = flingTable(in: host.window, size: size)
        host.step(frames: 30)
        var samples: [Double] = []
        for _ in 0..<flings {
            sendFling(to: host.runLoop, at: Double(host.runLoop.currentMediaTimeNanoseconds) / 1e9)
            var n = 0
            repeat {
                host.step()
                samples.append(Double(host.runLoop.phaseNanoseconds.reduce(0, +)) / 1e6)
                n += 1
            } while (t.isDecelerating || t.isTracking) && n < 240
        }
        withExtendedLifetime(source) {}
        let (p50, p99) = AnimationBench.percentiles(samples)
        return (p50, p99, samples.count, 0)
    }

    /// Flings through the 10,000-row table of ``fling(flings:)`` for exactly `frames` frames, a
    /// new one every `period` frames (a press stops the one before where it is, as a finger does),
    /// after a warm-up of one whole period: the cost grows by the frames asked for and nothing
    /// else, so the difference of two runs under callgrind is a per-frame figure (`--only-fling`).
    @MainActor static func flingFrames(frames: Int, period: Int) throws(SDLError) -> (p50: Double, p99: Double, flings: Int) {
        let (host, size) = try benchHost()
        let (t, source) = flingTable(in: host.window, size: size)
        host.step(frames: 30)
        var samples: [Double] = []
        samples.reserveCapacity(frames)
        var flings = 0
        for k in 0..<(period + frames) {
            if k % period == 0 {
                // Back to the top half when the table is far down, so any run length stays away
                // from the bottom edge (a jump, not a fling: it is not measured, it lands on a
                // frame that starts a period).
                if t.contentOffset.y > 200_000 { t.setContentOffset(Point(x: 0, y: 1_000), animated: false) }
                sendFling(to: host.runLoop, at: Double(host.runLoop.currentMediaTimeNanoseconds) / 1e9)
                flings += 1
            }
            host.step()
            if k >= period { samples.append(Double(host.runLoop.phaseNanoseconds.reduce(0, +)) / 1e6) }
        }
        withExtendedLifetime(source) {}
        let (p50, p99) = AnimationBench.percentiles(samples)
        return (p50, p99, flings)
    }

    /// The same flings in an SDL window on the live clock: each frame's work from release to rest
    /// and the frames the clock dropped meanwhile.
    @MainActor static func flingInWindow(flings: Int, software: Bool) throws(SDLError) -> (p50: Double, p99: Double, frames: Int, dropped: Int) {
        let size = Size(width: 400, height: 600)
        let host = try SDLWindowHost(title: "timeline bench scroll", size: size, software: software)
        let runLoop = host.runLoop
        runLoop.measuresPhases = true
        let (t, source) = flingTable(in: host.window, size: size)
        var samples: [Double] = [], dropped = 0, started = 0, settle = 30, running = false
        let observer = runLoop.addFrameObserver { info in
            if running {
                samples.append(Double(runLoop.lastFramePhaseNanoseconds.reduce(0, +)) / 1e6)
                dropped += info.droppedFrames
                if t.isDecelerating || t.isTracking { return }
                running = false
                settle = 10
            }
            settle -= 1
            guard settle <= 0 else { return }
            if started == flings { runLoop.stop(); return }
            sendFling(to: runLoop, at: Double(runLoop.currentMediaTimeNanoseconds) / 1e9)
            running = true
            started += 1
        }
        host.run()
        runLoop.removeFrameObserver(observer)
        withExtendedLifetime(source) {}
        let (p50, p99) = AnimationBench.percentiles(samples.isEmpty ? [0] : samples)
        return (p50, p99, samples.count, dropped)
    }
}
