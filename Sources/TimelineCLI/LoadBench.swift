import ArgumentParser
import FrameTiming
import TimelineScene

/// `timeline bench load`: Z2's reach. Parses generated one-line (minified) scenes of growing size,
/// views with no constraints, and reports the median parse time of each: linear loading means
/// the time per kilobyte stays flat as the line grows.
struct LoadBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Time the scene loader on one-line scenes of growing size (linear loading, Z2).")

    @Option(help: "The largest scene, in kilobytes (the run doubles up to it from an eighth of it).") var kilobytes = 500
    @Option(help: "Runs per size; the median is reported.") var runs = 5
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        guard (8...60_000).contains(kilobytes) else { throw ValidationError("--kilobytes must be 8 to 60000; got \(kilobytes)") }
        guard (1...100).contains(runs) else { throw ValidationError("--runs must be 1 to 100; got \(runs)") }
    }

    /// A minified scene of about `bytes` bytes: one line, views with frames, colours and text.
    static func scene(bytes: Int) -> String {
        var views: [String] = []
        var size = 40
        var i = 0
        while size < bytes {
            let v = ##"{"id":"v\##(i)","frame":[\##(i % 100),\##(i / 100 % 100),10,10],"color":"#3366ccff","text":"é\u00e9 \##(i)"}"##
            size += v.utf8.count + 1
            views.append(v)
            i += 1
        }
        return #"{"size":[800,600],"views":["# + views.joined(separator: ",") + "]}"
    }

    func run() throws {
        var rows = [["scene", "views", "median ms", "ms per 100 KB"]]
        var out: [String] = []
        var kb = max(8, kilobytes / 8)
        var sizes: [Int] = []
        while kb < kilobytes { sizes.append(kb); kb *= 2 }
        sizes.append(kilobytes)
        for kb in sizes {
            let text = Self.scene(bytes: kb * 1024)
            var samples: [Double] = []
            var views = 0
            for _ in 0..<runs {
                let t = MonotonicClock.now()
                let scene = try SceneLoader.parse(text, file: "bench.json")
                samples.append(Double(MonotonicClock.now() - t) / 1e6)
                views = scene.views.count
            }
            samples.sort()
            let median = samples[samples.count / 2]
            let per100 = median / (Double(text.utf8.count) / 102_400)
            rows.append(["\(text.utf8.count / 1024) KB, one line", "\(views)", fmt(median, digits: 2), fmt(per100, digits: 2)])
            out.append("{\"bytes\": \(text.utf8.count), \"views\": \(views), \"median_ms\": \(median), \"ms_per_100kb\": \(per100)}")
        }
        if json { print("{\"load\": [\(out.joined(separator: ", "))]}") } else { print(table(rows, rightAligned: [1, 2, 3])) }
    }
}
