import ArgumentParser
import Foundation
import Geometry
import TimelineSDL
import Timeline

/// `timeline bench scroll`: issue 24's reach. A frame of scrolling (the offset moves, rows come
/// and go, the window repaints) in a 100,000-row table against the same frame in a 100-row table,
/// alternating rounds side by side; both keep the same number of cells alive.
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

    func validate() throws {
        guard frames >= 10 else { throw ValidationError("--frames must be at least 10; got \(frames)") }
        guard (1...100).contains(rounds) else { throw ValidationError("--rounds must be 1 to 100; got \(rounds)") }
        guard (100...10_000_000).contains(rows) else { throw ValidationError("--rows must be 100 to 10000000; got \(rows)") }
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
        let text: String = MainActor.assumeIsolated {
            do throws(SDLError) {
                var big: [Double] = [], small: [Double] = [], cells = (0, 0)
                for _ in 0..<rounds {
                    let b = try ScrollBench.scroll(rows: rows, frames: frames, amplitude: amplitude)
                    let s = try ScrollBench.scroll(rows: 100, frames: frames, amplitude: amplitude)
                    big.append(b.p50); small.append(s.p50); cells = (b.cells, s.cells)
                }
                func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
                let ratio = median(big) / median(small)
                if json {
                    return "{\"scroll\": {\"rows\": \(rows), \"large_p50_ms\": \(median(big)), \"small_p50_ms\": \(median(small)), "
                        + "\"ratio\": \(ratio), \"cells_alive\": [\(cells.0), \(cells.1)]}}"
                }
                return table([["case", "p50 ms", "note"],
                              ["\(rows) rows, scrolling", fmt(median(big), digits: 3), "\(cells.0) cells alive"],
                              ["100 rows, scrolling", fmt(median(small), digits: 3), "\(cells.1) cells alive"],
                              ["ratio", fmt(ratio, digits: 2) + "x", "median of \(rounds) alternating rounds (target 1.5x)"]],
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

    /// A 400x600 window with a table of `rows` rows, scrolled up and down through `amplitude`
    /// points from offset 1,000, a few points a frame; the whole frame's p50 and the cells alive.
    @MainActor static func scroll(rows: Int, frames: Int, amplitude: Double = 3000) throws(SDLError) -> (p50: Double, cells: Int) {
        let size = Size(width: 400, height: 600)
        let image = try ImageRenderer(pixelWidth: Int(size.width), pixelHeight: Int(size.height))
        let host = HeadlessHost(size: size)
        host.window.renderer = image
        host.runLoop.keepsRunningWhenIdle = true
        host.runLoop.measuresPhases = true
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
        return (AnimationBench.percentiles(samples).0, t.visibleCells.count)
    }
}
