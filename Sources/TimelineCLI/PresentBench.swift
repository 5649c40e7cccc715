import ArgumentParser
import Foundation
import FrameStatistics
import FrameTiming
import Geometry
import Timeline
import TimelineSDL

/// `timeline bench present`: the window path's floor (issue 12) — a bare SDL frame (clear, one
/// full-window fill, present) at a window size, with the software and the OpenGL renderer, so the
/// gallery HUD's paint and present figures can be read against what SDL costs alone. Needs a
/// display (Xvfb will do).
struct PresentBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "present",
        abstract: "Measure a bare SDL frame (clear, fill, present) in a window: the floor of the window path.")

    @Option(help: "Window size in points, WxH (the gallery's by default).") var size = "1100x680"
    @Option(help: "Frames measured (after 10 warm-up frames).") var frames = 300
    @Option(help: "software, opengl or all.") var renderer = "all"
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        guard WindowSize(size) != nil else { throw ValidationError("\(WindowSize.help); got '\(size)'") }
        guard frames >= 10, frames <= 100_000 else { throw ValidationError("--frames must be 10 to 100000; got \(frames)") }
        guard ["software", "opengl", "all"].contains(renderer) else { throw ValidationError("--renderer must be software, opengl or all; got '\(renderer)'") }
    }

    func run() throws {
        let size = WindowSize(size)!.size
        let (frames, which, json) = (self.frames, renderer, self.json)
        let output: Result<String, SDLError> = MainActor.assumeIsolated {
            var rows = [["renderer", "draw p50 ms", "draw p99 ms", "present p50 ms", "present p99 ms", "frame p50 ms"]]
            var objects: [String] = []
            for software in which == "all" ? [true, false] : [which == "software"] {
                do throws(SDLError) {
                    let r = try PresentFloor.measure(size: size, software: software, frames: frames)
                    let draw = DurationPercentiles(nanoseconds: r.draw), present = DurationPercentiles(nanoseconds: r.present)
                    let total = DurationPercentiles(nanoseconds: zip(r.draw, r.present).map { $0 + $1 })
                    rows.append([r.renderer, fmt(draw.p50), fmt(draw.p99), fmt(present.p50), fmt(present.p99), fmt(total.p50)])
                    objects.append("{\"renderer\": \(jsonString(r.renderer)), \"draw_ms\": {\"p50\": \(jsonNumber(draw.p50)), \"p99\": \(jsonNumber(draw.p99))}, "
                                   + "\"present_ms\": {\"p50\": \(jsonNumber(present.p50)), \"p99\": \(jsonNumber(present.p99))}, \"frame_ms_p50\": \(jsonNumber(total.p50))}")
                } catch {
                    if which != "all" || software { return .failure(error) }
                    rows.append(["opengl", "-", "-", "-", "-", "unavailable: \(error.message)"])
                }
            }
            if json {
                return .success("{\"size\": [\(Int(size.width)), \(Int(size.height))], \"frames\": \(frames), \"renderers\": [\(objects.joined(separator: ", "))]}")
            }
            return .success("bare SDL frames at \(Int(size.width))x\(Int(size.height)), \(frames) frames\n" + table(rows, rightAligned: [1, 2, 3, 4, 5]))
        }
        switch output {
        case .success(let text): print(text)
        case .failure(let error):
            printToStandardError("timeline bench present: \(error)")
            throw ExitCode(1)
        }
    }
}
