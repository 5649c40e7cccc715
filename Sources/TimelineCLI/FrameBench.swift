import ArgumentParser
import FrameStatistics
import FrameTiming
import Foundation
import Geometry
import TimelineScene
import TimelineSDL
import Timeline

/// `timeline bench frame (SCENE | --views N)` (C2): the cost of each phase of a frame (events,
/// animation, constraints, layout, display, render) over K frames, with the display list rendered
/// by the offscreen software renderer, on the manual clock as fast as possible or on the real
/// clock with `--realtime`.
struct FrameBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frame",
        abstract: "Measure the cost of each phase of a frame for a scene or N generated views.")

    @Argument(help: "A scene file (JSON); or use --views.") var scene: String?
    @Option(help: "Generate this many constraint-pinned views, each with an animated constant.") var views: Int?
    @Option(help: "How constraint changes animate: frames (solve once, interpolate frames) or constraints (the solver every frame). For a scene, overrides its animations' modes.") var mode: String?
    @Option(help: "Frames measured (after 10 warm-up frames).") var frames = 600
    @Flag(help: "Run on the real (dispatch) clock at 60 fps instead of the manual clock.") var realtime = false
    @Flag(help: "Print JSON.") var json = false
    @Flag(help: "Show no progress on stderr (shown for runs past a second, outside the measured phases).") var quiet = false
    @Option(name: .customLong("chrome-trace"), help: "Also write the measured frames as a Chrome trace (Perfetto, chrome://tracing) to this JSON file.")
    var chromeTrace: String?

    func validate() throws {
        switch (scene, views) {
        case (nil, nil): throw ValidationError("give a scene file or --views N")
        case (.some, .some): throw ValidationError("give either a scene file or --views, not both")
        default: break
        }
        if let views { guard (1...20_000).contains(views) else { throw ValidationError("--views must be 1 to 20000; got \(views)") } }
        if let mode { guard mode == "frames" || mode == "constraints" else { throw ValidationError("--mode must be frames or constraints; got '\(mode)'") } }
        guard (10...1_000_000).contains(frames) else { throw ValidationError("--frames must be 10 to 1000000; got \(frames)") }
    }

    /// The phases reported, and the engine phases each one sums.
    static let phases: [(String, [FramePhase])] = [
        ("events", [.events]), ("animation", [.animation, .completions]), ("constraints", [.constraints]),
        ("layout", [.layout]), ("display", [.display]), ("render", [.commit]),
    ]

    func run() throws {
        var loaded: Scene?
        if let scene {
            loaded = try loadScene(scene)
            if let mode, let m = AnimationSpec.Mode(rawValue: mode) {
                for i in loaded!.animations.indices { loaded!.animations[i].mode = m }
            }
        }
        let (views, frames, realtime, json) = (self.views, self.frames, self.realtime, self.json)
        let mode = self.mode ?? "frames"
        let tracePath = chromeTrace
        let progress = ProgressReporter.standardError(label: "bench frame", total: frames, quiet: quiet)
        let outcome: Result<(samples: [[Int64]], framesSet: Int), SDLError> = MainActor.assumeIsolated {
            do throws(SDLError) {
                return .success(try FrameBench.measure(scene: loaded, views: views, constraintMode: mode == "constraints",
                                                       frames: frames, realtime: realtime, chromeTrace: tracePath, progress: progress))
            } catch { return .failure(error) }
        }
        let samples: [[Int64]], framesSet: Int
        switch outcome {
        case .success(let s): (samples, framesSet) = s
        case .failure(let e):
            printToStandardError("timeline bench frame: \(e)")
            throw ExitCode(1)
        }
        // E5: p90 and the frames over the budget (one frame period), per phase and in total.
        let budget = FrameRate.fps60.nominalPeriodNanoseconds
        let perPhase = Self.phases.map { name, members -> (String, DurationPercentiles, Int) in
            let times = samples.map { frame in members.reduce(0) { $0 + frame[$1.rawValue] } }
            return (name, DurationPercentiles(nanoseconds: times), times.filter { $0 > budget }.count)
        }
        let totals = samples.map { $0.reduce(0, +) }
        let total = DurationPercentiles(nanoseconds: totals)
        let totalOver = totals.filter { $0 > budget }.count
        let modeName = scene != nil && self.mode == nil ? "scene" : mode
        if json {
            func p(_ d: DurationPercentiles, _ over: Int) -> String {
                "{\"p50\": \(jsonNumber(d.p50)), \"p90\": \(jsonNumber(d.p90)), \"p99\": \(jsonNumber(d.p99)), \"max\": \(jsonNumber(d.max)), \"over_budget\": \(over)}"
            }
            let phases = perPhase.map { "\(jsonString($0.0)): \(p($0.1, $0.2))" }.joined(separator: ", ")
            let subject = scene.map { "\"scene\": \(jsonString($0))" } ?? "\"views\": \(views!)"
            print("{\"frames\": \(samples.count), \"mode\": \(jsonString(modeName)), \(subject), \"clock\": \(jsonString(realtime ? "dispatch" : "manual")), \"budget_ms\": \(jsonNumber(Double(budget) / 1e6)), \"phases_ms\": {\(phases)}, \"total_ms\": \(p(total, totalOver)), \"frames_set_per_frame\": \(jsonNumber(Double(framesSet) / Double(max(1, samples.count))))}")
        } else {
            let subject = scene ?? "\(views!) views"
            var rows = [["phase", "p50 ms", "p90 ms", "p99 ms", "max ms", "over budget"]]
            for (name, d, over) in perPhase {
                rows.append([name, fmt(d.p50, digits: 4), fmt(d.p90, digits: 4), fmt(d.p99, digits: 4), fmt(d.max, digits: 4), "\(over)"])
            }
            rows.append(["total", fmt(total.p50, digits: 4), fmt(total.p90, digits: 4), fmt(total.p99, digits: 4), fmt(total.max, digits: 4), "\(totalOver)"])
            print("frame phases: \(subject), mode \(modeName), \(samples.count) frames on the \(realtime ? "dispatch (real) clock" : "manual clock, as fast as possible"); budget \(fmt(Double(budget) / 1e6, digits: 2)) ms a frame")
            print(table(rows, rightAligned: [1, 2, 3, 4, 5]))
            print("view frames set from the solver: \(fmt(Double(framesSet) / Double(max(1, samples.count)), digits: 1)) a frame")
        }
    }

    /// Per measured frame, nanoseconds per engine phase; and how many frames the layout engine
    /// set from the solution in the measured frames (P1).
    @MainActor
    static func measure(scene: Scene?, views: Int?, constraintMode: Bool, frames: Int, realtime: Bool,
                        chromeTrace: String? = nil, progress: ProgressReporter? = nil) throws(SDLError) -> (samples: [[Int64]], framesSet: Int) {
        defer { progress?.finish() }
        let size = scene?.size ?? Size(width: 1280, height: 720)
        let image = try ImageRenderer(pixelWidth: Int(size.width), pixelHeight: Int(size.height))
        let clock: any FrameClock = realtime ? DispatchFrameClock(rate: .fps60) : ManualFrameClock(rate: .fps60)
        let runLoop = MainRunLoop(clock: clock)
        let window = Window(size: size)
        window.renderer = image
        runLoop.add(window)
        window.makeKeyAndVisible()
        runLoop.keepsRunningWhenIdle = true
        runLoop.measuresPhases = true
        runLoop.diagnostics.logger = nil

        var animator: SceneAnimator?
        if let scene {
            let built = SceneBuilder.build(scene, in: window)
            animator = SceneAnimator(scene: scene, built: built, runLoop: runLoop)
        } else if let n = views {
            buildViews(n, in: window, constraintMode: constraintMode)
        }
        var samples: [[Int64]] = []
        samples.reserveCapacity(frames)
        let warmUp = 10
        var trace: ChromeTraceWriter?
        if let chromeTrace {
            do { trace = try ChromeTraceWriter(path: chromeTrace, processName: "timeline bench frame") } catch {
                throw SDLError(operation: "--chrome-trace", message: error.message)
            }
        }
        defer {
            if let trace { do { try trace.finish() } catch { printToStandardError("timeline bench frame: \(error)") } }
        }
        var framesSetBefore = 0
        if realtime {
            var seen = 0
            _ = runLoop.addFrameObserver { _ in
                seen += 1
                if seen == warmUp + 1 { runLoop.phaseRecorder = trace; framesSetBefore = window.layoutEngine.framesApplied }
                // Read in phase 2 of the next frame: the previous frame's finished phase times.
                if seen > warmUp + 1 { samples.append(runLoop.lastFramePhaseNanoseconds); progress?.advance() }
                if samples.count >= frames { runLoop.stop() }
            }
            runLoop.run()
        } else {
            let manual = clock as! ManualFrameClock
            manual.step(frames: warmUp)
            runLoop.phaseRecorder = trace
            framesSetBefore = window.layoutEngine.framesApplied
            for _ in 0..<frames {
                manual.step()
                samples.append(runLoop.phaseNanoseconds)
                progress?.advance()                 // between frames, after the phases are read
            }
        }
        withExtendedLifetime(animator) {}
        return (samples, window.layoutEngine.framesApplied - framesSetBefore)
    }

    /// `n` rounded views on a grid, each pinned by constraints, each with its leading constant
    /// animating back and forth forever, in the chosen commit mode.
    @MainActor
    static func buildViews(_ n: Int, in window: Window, constraintMode: Bool) {
        let root = window.rootView
        let columns = max(1, Int((window.size.width - 80) / 36))
        var leads: [LayoutConstraint] = []
        for i in 0..<n {
            let v = View()
            v.translatesAutoresizingMaskIntoConstraints = false
            v.cornerRadius = 8
            v.backgroundColor = Color(red: Double(i % 7) / 7, green: 0.5, blue: 1 - Double(i % 5) / 5)
            root.addSubview(v)
            let lead = v.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10 + Double(i % columns) * 36)
            LayoutConstraint.activate([
                lead, v.topAnchor.constraint(equalTo: root.topAnchor, constant: 10 + Double(i / columns % 19) * 36),
                v.widthAnchor.constraint(equalToConstant: 30), v.heightAnchor.constraint(equalToConstant: 30),
            ])
            leads.append(lead)
        }
        root.layoutIfNeeded()
        if constraintMode {
            for c in leads {
                c.animateConstant(to: c.constant + 60, duration: 0.8, curve: .easeInOut, repeatCount: .infinity, autoreverses: true)
            }
        } else {
            for c in leads { c.constant += 60 }
            View.animate(withDuration: 0.8, curve: .easeInOut, repeatCount: .infinity, autoreverses: true) { root.layoutIfNeeded() }
        }
    }
}
