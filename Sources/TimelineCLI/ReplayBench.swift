import ArgumentParser
import FrameTiming
import Foundation
import Geometry
import Timeline
import TimelineScene
import TimeTravel

/// `timeline bench replay` (IN6): the size of a busy recording per minute (target: at most
/// 1 MB) and the time of a step back in a long one (target: at most a second for ten minutes).
/// It records a scene headless for `--minutes` with input every frame (a drag with moves every
/// 1/120 s, released as a fling, every two seconds, wheel turns and keys between), replays it with
/// checkpoints every `--interval` frames, goes to the end once (leaving the checkpoints), then
/// steps back by one frame and jumps back to random frames, each timed; and for comparison times
/// a replay from the start to the end without checkpoints. It also sizes a minute of a 1000 Hz
/// mouse that never stops, the worst a window sends.
struct ReplayBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Measure time travel: a busy recording's bytes per minute, a step back in a long recording.")

    @Option(help: "The scene recorded (a scroll view named 'list' is dragged).") var scene = "Assets/scenes/fling.json"
    @Option(help: "Minutes recorded.") var minutes = 10.0
    @Option(help: "Frames between kept states.") var interval = 600
    @Option(help: "Steps back timed.") var steps = 20
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        guard minutes > 0, minutes <= 60 else { throw ValidationError("--minutes must be above 0 and at most 60; got \(minutes)") }
        guard interval >= 1 else { throw ValidationError("--interval must be at least 1; got \(interval)") }
        guard (1...1000).contains(steps) else { throw ValidationError("--steps must be 1 to 1000; got \(steps)") }
    }

    func run() throws {
        let loaded = try loadScene(scene)
        let (minutes, interval, steps, json, path) = (self.minutes, self.interval, self.steps, self.json, self.scene)
        let failure: String? = MainActor.assumeIsolated {
            let frames = Int(minutes * 3600)
            let recordStart = MonotonicClock.now()
            let recording = ReplayBench.record(loaded, path: path, frames: frames)
            let recordSeconds = Double(MonotonicClock.now() - recordStart) / 1e9
            let bytes = recording.jsonText().utf8.count
            let perMinute = Double(bytes) / minutes
            let mouse = ReplayBench.fastMouseMinute().jsonText().utf8.count
            do {
                // From the start to the end with no kept state: what a step back would cost without them.
                let fullStart = MonotonicClock.now()
                let host = ReplayHost(recording: recording, scene: loaded)
                try host.run(through: frames - 1)
                let fullSeconds = Double(MonotonicClock.now() - fullStart) / 1e9

                let session = try ReplaySession(recording: recording, scene: loaded, checkpointInterval: interval, timeout: 600)
                defer { session.close() }
                let forwardStart = MonotonicClock.now()
                try session.seek(to: frames - 1)
                let forwardSeconds = Double(MonotonicClock.now() - forwardStart) / 1e9
                var times: [Double] = []
                var rng = SystemRandomNumberGenerator()
                for k in 0..<steps {
                    // Alternately one frame back from where it stands, and a jump back to a random frame.
                    let from = session.frame!
                    let target = k % 2 == 0 ? from - 1 : Int.random(in: 0..<max(1, from), using: &rng)
                    let start = MonotonicClock.now()
                    try session.seek(to: target)
                    times.append(Double(MonotonicClock.now() - start) / 1e6)
                    if k % 2 == 1 { try session.seek(to: frames - 1 - Int.random(in: 0..<interval, using: &rng)) }
                }
                let sorted = times.sorted()
                let median = sorted[sorted.count / 2], worst = sorted.last!
                if json {
                    print("{\"minutes\": \(minutes), \"frames\": \(frames), \"events\": \(recording.events.count), \"bytes\": \(bytes), "
                          + "\"bytes_per_minute\": \(Int(perMinute)), \"fast_mouse_bytes_per_minute\": \(mouse), "
                          + "\"interval\": \(interval), \"record_s\": \(recordSeconds), "
                          + "\"replay_to_end_s\": \(fullSeconds), \"forward_with_checkpoints_s\": \(forwardSeconds), "
                          + "\"step_back_median_ms\": \(median), \"step_back_max_ms\": \(worst)}")
                } else {
                    print("replay: \(path), \(fmt(minutes, digits: 1)) minutes recorded headless (\(frames) frames, \(recording.events.count) events) in \(fmt(recordSeconds, digits: 1)) s")
                    print("  recording: \(bytes) bytes, \(fmt(perMinute / 1e6, digits: 3)) MB a minute (target <= 1 MB)")
                    print("  a 1000 Hz mouse moving for a whole minute, as a window sends it: \(fmt(Double(mouse) / 1e6, digits: 3)) MB")
                    print("  replay from the start to the last frame, no checkpoints: \(fmt(fullSeconds, digits: 2)) s")
                    print("  to the last frame once with a checkpoint every \(interval) frames: \(fmt(forwardSeconds, digits: 2)) s")
                    print("  \(steps) steps back (one frame, and jumps to random frames): median \(fmt(median, digits: 1)) ms, "
                          + "max \(fmt(worst, digits: 1)) ms (target <= 1000 ms)")
                }
            } catch {
                return "timeline bench replay: \(error)"
            }
            return nil
        }
        if let failure {
            printToStandardError(failure)
            throw ExitCode(1)
        }
    }

    /// A minute of a 1000 Hz mouse that never stops, as a window hands it over: 16 or 17 moves a
    /// frame, stamped by the loop with the frame's time, on a 1280x800 screen.
    static func fastMouseMinute() -> SessionRecording {
        var r = SessionRecording(rate: .fps60, frameRuns: [.init(index: 0, mediaTick: 0, count: 3600)])
        let frames = r.frames()
        var n = 0
        for (f, info) in frames.enumerated() {
            let stamp = Double(info.mediaTime) / 1e9
            while n * 60 < (f + 1) * 1000 {
                let u = Double(n) / 1000
                let p = Point(x: (640 + 600 * sin(u * 1.3)).rounded(), y: (400 + 380 * cos(u * 0.7)).rounded())
                r.events.append(.init(frame: f, event: InputEvent.pointerMoved(p, buttons: n % 3000 < 1500 ? 1 : 0).with(timestamp: stamp)))
                n += 1
            }
        }
        return r
    }

    /// `scene` run headless for `frames` frames with a recorder on and busy input sent as a
    /// window would send it (unstamped: the loop stamps each with its frame's time, except the
    /// drag's moves, which carry their 120 Hz times).
    @MainActor
    static func record(_ scene: Scene, path: String, frames: Int) -> SessionRecording {
        var quiet = scene
        quiet.input = []
        let run = SceneRun(quiet, size: scene.size, rate: .fps60)
        run.host.runLoop.diagnostics.handler = nil
        let recorder = SessionRecorder(rate: .fps60, scene: path, windowSize: scene.size)
        recorder.start(on: run.host.runLoop)
        let w = scene.size.width, h = scene.size.height
        for f in 0..<frames {
            // Every two seconds (120 frames): a 0.5 s drag up or down the middle, two moves a frame,
            // released moving (a fling); a wheel turn and a key press in between.
            let phase = f % 120, t = Double(f) / 60
            let up = (f / 120) % 2 == 0
            let x = w / 2, y0 = up ? h * 0.8 : h * 0.2, y1 = up ? h * 0.2 : h * 0.8
            func y(_ u: Double) -> Double { y0 + (y1 - y0) * u }
            if phase == 0 { run.host.runLoop.send(.pointerDown(Point(x: x, y: y0))) }
            if (1...30).contains(phase) {
                for half in 0..<2 {
                    let u = (Double(phase - 1) + Double(half + 1) / 2) / 30
                    run.host.runLoop.send(InputEvent.pointerMoved(Point(x: x, y: y(u)), buttons: 1).with(timestamp: t + Double(half) / 120))
                }
            }
            if phase == 31 { run.host.runLoop.send(.pointerUp(Point(x: x, y: y1))) }
            if phase == 60 { run.host.runLoop.send(.scroll(dx: 0, dy: up ? 3 : -3, at: Point(x: x, y: h / 2))) }
            if phase == 90 { run.host.runLoop.send(.keyDown(Key("down"))); run.host.runLoop.send(.keyUp(Key("down"))) }
            if phase > 31 && phase < 100 && phase % 2 == 0 {
                run.host.runLoop.send(.pointerMoved(Point(x: x + Double(phase), y: h / 2), buttons: 0))     // hovering
            }
            run.host.step()
        }
        withExtendedLifetime(run) {}
        return recorder.stop()
    }
}
