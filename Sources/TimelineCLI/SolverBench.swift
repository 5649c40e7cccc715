import ArgumentParser
import Foundation
import FrameTiming
import LayoutSolver

/// `timeline bench solver`: the solver workloads W1-W6 (issue 3). `--emit DIR` also writes them as
/// JSON for `scripts/kiwi_bench.py`, which replays them through kiwisolver; `scripts/bench-solver`
/// runs both in one go and prints them side by side.
struct SolverBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "solver",
        abstract: "Run the solver workloads W1-W6 (build time, per-frame cost).")

    @Option(help: "Write the workloads as JSON into this directory (for kiwisolver).") var emit: String?
    @Option(help: "Only workloads whose name contains this.") var only: String?
    @Option(help: "Timed passes over each workload's frames; the median is reported.") var passes = 5
    @Option(help: "Run W6 for this many frames and report memory (the soak test).") var soak: Int?
    @Flag(help: "Few frames, for a smoke test.") var quick = false
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        guard passes >= 1 else { throw ValidationError("--passes must be at least 1; got \(passes)") }
        if let soak, soak < 1 { throw ValidationError("--soak must be positive; got \(soak)") }
    }

    func run() throws {
        if let soak { try runSoak(frames: soak); return }
        var workloads = Workloads.all(quick: quick)
        if let only { workloads = workloads.filter { $0.name.contains(only) } }
        if let emit {
            try FileManager.default.createDirectory(atPath: emit, withIntermediateDirectories: true)
            let data = try JSONEncoder().encode(workloads)
            let path = emit + "/workloads.json"
            guard FileManager.default.createFile(atPath: path, contents: data) else {
                throw ValidationError("cannot write \(path)")
            }
        }
        var rows: [String] = []
        if !json { print("workload".padding(toLength: 40, withPad: " ", startingAt: 0) + "  build ms   frame us (median of \(passes))") }
        for w in workloads {
            var runner = WorkloadRunner(w)
            let t0 = MonotonicClock.now()
            try runner.build()
            let build = Double(MonotonicClock.now() - t0) / 1e6
            for f in 0..<runner.frameCount { try runner.runFrame(f) }          // warm-up pass
            if ProcessInfo.processInfo.environment["SOLVER_STATS"] != nil {
                let p0 = runner.solver.pivotCount
                for f in 0..<runner.frameCount { try runner.runFrame(f) }
                print("  \(w.name): rows \(runner.solver.rowCount) cells \(runner.solver.cellCount) pivots/frame \(Double(runner.solver.pivotCount - p0) / Double(runner.frameCount))")
            }
            var perFrame: [Double] = []
            for _ in 0..<passes {
                let s = MonotonicClock.now()
                for f in 0..<runner.frameCount { try runner.runFrame(f) }
                perFrame.append(Double(MonotonicClock.now() - s) / 1e3 / Double(runner.frameCount))
            }
            perFrame.sort()
            let median = perFrame[perFrame.count / 2]
            if json {
                rows.append("{\"name\": \(jsonQuote(w.name)), \"build_ms\": \(build), \"frame_us\": \(median), \"frames\": \(w.frames.count), \"constraints\": \(w.constraints.count), \"variables\": \(w.variables)}")
            } else {
                print(w.name.padding(toLength: 40, withPad: " ", startingAt: 0) + "  " + fmt(build, digits: 2).leftPad(8) + "   " + fmt(median, digits: 2).leftPad(10))
            }
        }
        if json { print("{\"solver\": \"timeline\", \"workloads\": [\(rows.joined(separator: ", "))]}") }
    }

    /// W6 for `frames` frames: resident memory and tableau size must not grow.
    func runSoak(frames: Int) throws {
        let w = Workloads.readd(n: 100, perFrame: 8, frames: 1000)
        var runner = WorkloadRunner(w)
        try runner.build()
        var firstRSS = 0, firstRows = 0
        for f in 0..<frames {
            try runner.runFrame(f % w.frames.count)
            if f == 999 { firstRSS = residentBytes(); firstRows = runner.solver.rowCount }
            if ProcessInfo.processInfo.environment["SOLVER_STATS"] != nil, f % 1000 == 999 {
                print(f + 1, residentBytes() / 1024, runner.solver.tableSizes.sorted { $0.key < $1.key })
            }
        }
        let rss = residentBytes()
        if json {
            print("{\"frames\": \(frames), \"rss_after_1000\": \(firstRSS), \"rss_end\": \(rss), \"rows_after_1000\": \(firstRows), \"rows_end\": \(runner.solver.rowCount)}")
        } else {
            print("W6 soak: \(frames) frames, 8 constraints removed and re-added per frame")
            print("  resident memory after 1,000 frames \(firstRSS / 1024) KiB, at the end \(rss / 1024) KiB; tableau rows \(firstRows) -> \(runner.solver.rowCount)")
        }
    }
}

/// Resident set size of this process in bytes (Linux `/proc/self/statm`).
func residentBytes() -> Int {
    guard let s = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let parts = s.split(separator: " ")
    return parts.count > 1 ? (Int(parts[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}

func jsonQuote(_ s: String) -> String {
    "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}

extension String {
    func leftPad(_ n: Int) -> String { count >= n ? self : String(repeating: " ", count: n - count) + self }
}
