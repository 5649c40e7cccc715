import ArgumentParser
import FrameTiming
import Geometry
import Timeline

/// `timeline bench cycle`: steps N frames of a generated view tree on the manual clock with one
/// view invalidated per frame (issue 2's reach: 10,000 frames of 200 views in under 1 s).
struct CycleBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cycle",
        abstract: "Step frames of a generated tree with one view invalidated per frame.")

    @Option(help: "Views in the tree.") var views = 200
    @Option(help: "Frames to step per run.") var frames = 10_000
    @Option(help: "Runs; the median and the best are reported.") var runs = 5
    @Option(help: "What each frame invalidates: layout, display, constraint (a constraint constant).")
    var invalidate: Invalidation = .layout
    @Flag(help: "Print JSON.") var json = false

    enum Invalidation: String, ExpressibleByArgument, CaseIterable { case layout, display, constraint }

    func validate() throws {
        guard (2...100_000).contains(views) else { throw ValidationError("--views must be 2 to 100000; got \(views)") }
        guard (1...10_000_000).contains(frames) else { throw ValidationError("--frames must be 1 to 10000000; got \(frames)") }
        guard (1...1_000).contains(runs) else { throw ValidationError("--runs must be 1 to 1000; got \(runs)") }
    }

    func run() throws {
        let (views, frames, runs, invalidate, json) = (self.views, self.frames, self.runs, self.invalidate, self.json)
        MainActor.assumeIsolated {
            var seconds: [Double] = []
            var perFrameCalls = 0
            for _ in 0..<runs {
                let (s, calls) = CycleBench.measure(views: views, frames: frames, invalidate: invalidate)
                seconds.append(s)
                perFrameCalls = calls
            }
            seconds.sort()
            let median = seconds[seconds.count / 2]
            if json {
                print("{\"views\": \(views), \"frames\": \(frames), \"invalidate\": \"\(invalidate.rawValue)\", \"runs\": \(runs), \"median_s\": \(median), \"best_s\": \(seconds[0]), \"per_frame_us\": \(median / Double(frames) * 1e6), \"calls_per_frame\": \(perFrameCalls)}")
            } else {
                print("update cycle: \(views) views, \(frames) frames, one \(invalidate.rawValue) invalidation per frame, \(runs) runs")
                print("  median \(fmt(median)) s   best \(fmt(seconds[0])) s   per frame \(fmt(median / Double(frames) * 1e6)) us   update-cycle calls per frame \(perFrameCalls)")
            }
        }
    }

    @MainActor
    static func measure(views: Int, frames: Int, invalidate: Invalidation) -> (Double, Int) {
        let host = HeadlessHost(size: Size(width: 1280, height: 720))
        var all: [View] = []
        var constants: [LayoutConstraint] = []
        // A tree of depth 3: containers of up to 20 children.
        var parent = host.root
        for i in 0..<(views - 1) {
            if i % 20 == 0 {
                let container = View(frame: Rect(x: Double(i % 7) * 10, y: Double(i / 20) * 60, width: 600, height: 50))
                host.root.addSubview(container)
                parent = container
                all.append(container)
                continue
            }
            let v: View
            if invalidate == .constraint {
                v = View(identifier: "v\(i)")
                parent.addSubview(v)
                let c = v.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: Double(i % 20) * 25)
                LayoutConstraint.activate([c, v.topAnchor.constraint(equalTo: parent.topAnchor),
                                           v.widthAnchor.constraint(equalToConstant: 20), v.heightAnchor.constraint(equalToConstant: 20)])
                constants.append(c)
            } else {
                v = View(frame: Rect(x: Double(i % 20) * 25, y: 0, width: 20, height: 20))
                parent.addSubview(v)
            }
            v.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.8)
            all.append(v)
        }
        host.runUntilIdle()
        var calls = 0
        host.runLoop.trace.onEvent = nil
        let start = MonotonicClock.now()
        for f in 0..<frames {
            switch invalidate {
            case .layout: all[f % all.count].setNeedsLayout()
            case .display: all[f % all.count].setNeedsDisplay()
            case .constraint: constants[f % constants.count].constant += f % 2 == 0 ? 1 : -1
            }
            host.step()
        }
        let elapsed = Double(MonotonicClock.now() - start) / 1e9
        // Count the calls of one more frame with the trace on.
        host.runLoop.trace.isRecording = true
        switch invalidate {
        case .layout: all[0].setNeedsLayout()
        case .display: all[0].setNeedsDisplay()
        case .constraint: constants[0].constant += 1
        }
        host.step()
        calls = host.runLoop.trace.events.count
        return (elapsed, calls)
    }
}

func fmt(_ v: Double, digits: Int = 3) -> String {
    var s = String(format: "%.\(digits)f", v)
    if s == "-0.000" { s = "0.000" }
    return s
}

import Foundation
