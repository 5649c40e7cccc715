import ArgumentParser
import FrameTiming
import Foundation
import Geometry
import Timeline

/// `timeline bench animation`: issue 4's reach. The animation tick for 1,000 and 10,000 animated
/// properties; constraint mode against frame mode per frame at 100 and 1,000 views; headless
/// stepping speed against real time.
struct AnimationBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animation",
        abstract: "Measure the animation tick, both constraint commit modes, and headless stepping speed.")

    @Option(help: "Frames measured per case.") var frames = 600
    @Option(help: "Only the tick case with this many properties (for allocation counting).") var onlyTick: Int?
    @Option(help: "Only the bulk end (P2): 1,000 animations, 500 ending in one frame, over this many fresh hosts.")
    var onlyBulkEnd: Int?
    @Option(help: "Only the subtree removal (P2) with this many constrained, animating views.")
    var onlyRemoval: Int?
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        guard frames >= 10 else { throw ValidationError("--frames must be at least 10; got \(frames)") }
        if let runs = onlyBulkEnd, runs < 1 { throw ValidationError("--only-bulk-end must be at least 1; got \(runs)") }
        if let n = onlyRemoval, n < 1 { throw ValidationError("--only-removal must be at least 1; got \(n)") }
    }

    func run() throws {
        let frames = self.frames, json = self.json
        if let n = onlyTick {
            MainActor.assumeIsolated { let (p50, _) = AnimationBench.tick(properties: n, frames: frames); print("tick \(n): \(p50) ms") }
            return
        }
        if let runs = onlyBulkEnd {
            MainActor.assumeIsolated {
                let b = AnimationBench.bulkEnd(views: 1_000, runs: runs)
                print("bulk end: end frame \(b.end) ms, steady frame \(b.steady) ms, \(b.end / b.steady)x")
            }
            return
        }
        if let n = onlyRemoval {
            MainActor.assumeIsolated { print("remove a subtree of \(n) views: \(AnimationBench.removeSubtree(views: n)) ms") }
            return
        }
        try AnimationBench.checkSteppingScene()
        try MainActor.assumeIsolated {
            var rows: [[String]] = [["case", "per frame p50 ms", "p99 ms", "note"]]
            var out: [String] = []
            for n in [1_000, 10_000] {
                let (p50, p99) = AnimationBench.tick(properties: n, frames: frames)
                rows.append(["tick, \(n) properties", fmt(p50, digits: 4), fmt(p99, digits: 4), "animation phase only"])
                out.append("{\"case\": \"tick\", \"properties\": \(n), \"p50_ms\": \(p50), \"p99_ms\": \(p99)}")
            }
            for n in [100, 1_000] {
                for mode in ["frames", "constraints"] {
                    let (p50, p99) = AnimationBench.modes(views: n, constraintMode: mode == "constraints", frames: frames)
                    rows.append(["\(mode) mode, \(n) views", fmt(p50, digits: 4), fmt(p99, digits: 4), "whole frame"])
                    out.append("{\"case\": \"\(mode)\", \"views\": \(n), \"p50_ms\": \(p50), \"p99_ms\": \(p99)}")
                }
            }
            let bulk = AnimationBench.bulkEnd(views: 1_000, runs: 15)
            let ratio = bulk.end / bulk.steady
            rows.append(["1,000 running, 500 end in one frame", fmt(bulk.end, digits: 4), "",
                         "steady frame \(fmt(bulk.steady, digits: 4)) ms: \(fmt(ratio, digits: 2))x (P2)"])
            out.append("{\"case\": \"bulk_end\", \"running\": 1000, \"ending\": 500, \"end_frame_p50_ms\": \(bulk.end), \"steady_frame_p50_ms\": \(bulk.steady), \"ratio\": \(ratio)}")
            let small = AnimationBench.removeSubtree(views: 1_000), large = AnimationBench.removeSubtree(views: 4_000)
            rows.append(["remove a subtree of 1,000 / 4,000 views", fmt(small, digits: 3), fmt(large, digits: 3),
                         "ms, removal and the next frame: \(fmt(large / small, digits: 1))x for 4x the views (P2)"])
            out.append("{\"case\": \"remove_subtree\", \"views_1000_ms\": \(small), \"views_4000_ms\": \(large), \"ratio\": \(large / small)}")
            let speed = try AnimationBench.stepping()
            rows.append(["step Assets/scenes/hello.json", "", "", "\(fmt(speed, digits: 0))x real time"])
            out.append("{\"case\": \"stepping\", \"scene\": \"Assets/scenes/hello.json\", \"times_real_time\": \(speed)}")
            if json { print("{\"animation\": [\(out.joined(separator: ", "))]}") } else { print(table(rows, rightAligned: [1, 2])) }
        }
    }

    static func percentiles(_ v: [Double]) -> (Double, Double) {
        let s = v.sorted()
        return (s[s.count / 2], s[min(s.count - 1, Int(Double(s.count) * 0.99))])
    }

    /// `n` properties animating forever (two per view: alpha and centre), phase 2 timed alone.
    @MainActor static func tick(properties n: Int, frames: Int) -> (Double, Double) {
        let host = HeadlessHost(size: Size(width: 1280, height: 720))
        var views: [View] = []
        for i in 0..<(n / 2) {
            let v = View(frame: Rect(x: Double(i % 100) * 12, y: Double(i / 100 % 60) * 12, width: 10, height: 10))
            host.root.addSubview(v)
            views.append(v)
        }
        host.runUntilIdle()
        View.animate(withDuration: 0.5, curve: .easeInOut, repeatCount: .infinity, autoreverses: true) {
            for v in views { v.alpha = 0.2; v.center.x += 40 }
        }
        host.runLoop.keepsRunningWhenIdle = true        // with n = 0: empty frames (allocation baseline)
        // Allocation counting (scripts/count-allocations) runs without the phase timer, whose
        // array this harness reads each frame.
        let counting = ProcessInfo.processInfo.environment["COUNT_ALLOCATIONS"] != nil
        host.runLoop.measuresPhases = !counting
        // Nor the recording renderer: it keeps each frame's list, so the window's emptying of
        // the list it built the frame before (MR1) must give it new storage, an allocation a
        // real window's painter, which keeps nothing, never causes. (Timing keeps it, as the
        // figures before were measured.)
        if counting { host.window.renderer = nil }
        host.step(frames: 30)
        var samples: [Double] = []
        samples.reserveCapacity(frames)
        for _ in 0..<frames {
            host.step()
            samples.append(counting ? 0 : Double(host.runLoop.phaseNanoseconds[FramePhase.animation.rawValue]) / 1e6)
        }
        return percentiles(samples)
    }

    /// P2: `views` views each running its own alpha animation with a completion, half of them
    /// ending in the same frame. Returns the median whole-frame cost (all phases) of that frame and
    /// of the steady frames before it, over `runs` fresh hosts.
    @MainActor static func bulkEnd(views n: Int, runs: Int) -> (steady: Double, end: Double) {
        var steady: [Double] = [], ends: [Double] = []
        for _ in 0..<runs {
            let host = HeadlessHost(size: Size(width: 1280, height: 720))
            var views: [View] = []
            for i in 0..<n {
                let v = View(frame: Rect(x: Double(i % 100) * 12, y: Double(i / 100 % 60) * 12, width: 10, height: 10))
                host.root.addSubview(v)
                views.append(v)
            }
            host.runUntilIdle()
            host.runLoop.measuresPhases = true
            var completed = 0
            for (i, v) in views.enumerated() {
                View.animate(withDuration: i % 2 == 0 ? 0.5 : 1, curve: .linear, animations: { v.alpha = 0.2 },
                             completion: { _ in completed += 1 })
            }
            var frame = 0
            while host.runLoop.animations.runningCount == n {
                host.step()
                let cost = Double(host.runLoop.phaseNanoseconds.reduce(0, +)) / 1e6
                if host.runLoop.animations.runningCount < n {
                    ends.append(cost)
                } else if frame >= 5 {
                    steady.append(cost)
                }
                frame += 1
            }
            precondition(host.runLoop.animations.runningCount == n / 2 && completed == n / 2,
                         "bench animation: expected half of the animations to end in one frame")
        }
        return (percentiles(steady).0, percentiles(ends).0)
    }

    /// P2: the median cost of removing a container whose `views` children are laid out by
    /// constraints (their own, and constraints the root owns that refer into the subtree) and
    /// animating, plus the frame after it, over 5 fresh hosts.
    @MainActor static func removeSubtree(views n: Int) -> Double {
        var samples: [Double] = []
        for _ in 0..<5 {
            let host = HeadlessHost(size: Size(width: 1280, height: 720))
            let container = View(identifier: "container")
            host.root.addSubview(container)
            var constraints = [container.leadingAnchor.constraint(equalTo: host.root.leadingAnchor),
                               container.topAnchor.constraint(equalTo: host.root.topAnchor),
                               container.widthAnchor.constraint(equalToConstant: 1200),
                               container.heightAnchor.constraint(equalToConstant: 700)]
            var views: [View] = []
            for i in 0..<n {
                let v = View(identifier: "v\(i)")
                container.addSubview(v)
                views.append(v)
                constraints += [v.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: Double(i % 100) * 12),
                                v.topAnchor.constraint(equalTo: host.root.topAnchor, constant: Double(i / 100 % 60) * 11),
                                v.widthAnchor.constraint(equalToConstant: 10), v.heightAnchor.constraint(equalToConstant: 10)]
            }
            LayoutConstraint.activate(constraints)
            host.runUntilIdle()
            View.animate(withDuration: 10, animations: { for v in views { v.alpha = 0.5 } })
            host.step()
            let t = MonotonicClock.now()
            container.removeFromSuperview()
            host.step()
            samples.append(Double(MonotonicClock.now() - t) / 1e6)
        }
        return percentiles(samples).0
    }

    /// A row of `views` chained views whose first gap animates back and forth, per frame total.
    @MainActor static func modes(views: Int, constraintMode: Bool, frames: Int) -> (Double, Double) {
        let host = HeadlessHost(size: Size(width: 1280, height: 720))
        var previous = host.root
        var first: LayoutConstraint!
        for i in 0..<views {
            let v = View(identifier: "v\(i)")
            host.root.addSubview(v)
            let lead = i == 0 ? v.leadingAnchor.constraint(equalTo: host.root.leadingAnchor, constant: 10)
                : v.leadingAnchor.constraint(equalTo: previous.trailingAnchor, constant: 1)
            if i == 0 { first = lead }
            LayoutConstraint.activate([lead, v.topAnchor.constraint(equalTo: host.root.topAnchor, constant: Double(i % 50) * 10),
                                       v.widthAnchor.constraint(equalToConstant: 1), v.heightAnchor.constraint(equalToConstant: 8)])
            previous = v
        }
        host.runUntilIdle()
        if constraintMode {
            first.animateConstant(to: 200, duration: 0.5, curve: .easeInOut, repeatCount: .infinity, autoreverses: true)
        } else {
            first.constant = 200
            View.animate(withDuration: 0.5, curve: .easeInOut, repeatCount: .infinity, autoreverses: true) { host.root.layoutIfNeeded() }
        }
        host.step(frames: 30)
        var samples: [Double] = []
        for _ in 0..<frames {
            let t = MonotonicClock.now()
            host.step()
            samples.append(Double(MonotonicClock.now() - t) / 1e6)
        }
        return percentiles(samples)
    }

    /// Frames of the example scene per second of wall time, over simulated seconds.
    static let steppingScene = "Assets/scenes/hello.json"

    /// The stepping case reads its scene from the package's root: said before anything is measured.
    static func checkSteppingScene() throws {
        guard FileManager.default.fileExists(atPath: steppingScene) else {
            printToStandardError("timeline bench animation: \(steppingScene) not found: run it from the package's root directory")
            throw ExitCode(1)
        }
    }

    /// Headless stepping speed of the hello scene, in multiples of real time.
    @MainActor static func stepping() throws -> Double {
        let scene = try loadScene(steppingScene)
        let run = SceneRun(scene, size: scene.size, rate: .fps60)
        let host = run.host
        let frames = 600
        let t = MonotonicClock.now()
        host.step(frames: frames)
        let wall = Double(MonotonicClock.now() - t) / 1e9
        withExtendedLifetime(run) {}
        return (Double(frames) / 60) / wall
    }
}

import TimelineScene
