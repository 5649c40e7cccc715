import ArgumentParser
import FrameTiming
import Foundation
import Geometry
import TimelineScene
import TimelineSDL
import Timeline

/// `timeline step SCENE --frames N [--fps F] [--json] [--trace] [--png 0,30 --out 'f{frame}.png']`
/// (C3): runs a scene on the manual clock and prints every view's presentation values after each
/// frame's update cycle; renders chosen frames to PNG (the file names go to stderr, so stdout stays
/// the table or the JSON).
struct StepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "step",
        abstract: "Run a scene frame by frame on the manual clock and print presentation values.")

    @Argument(help: "The scene file (JSON).") var scene: String
    @Option(help: "Frames to run (frame k's time is k / fps).") var frames = 60
    @Option(help: "Frame rate in frames per second, 1 to 240.") var fps = 60
    @Option(help: "Window size in points, WxH (default: the scene's size).") var size: String?
    @Flag(help: "Print JSON.") var json = false
    @Flag(help: "Also print the update-cycle trace, one JSON object a line, as calls happen.") var trace = false
    @Option(help: "Also render these frames (comma-separated indices) to PNG; needs --out.") var png: String?
    @Option(help: "With --png: the output file, '{frame}' replaced by the frame index.") var out: String?
    @Option(name: .customLong("chrome-trace"), help: "Also write every frame's phases as a Chrome trace (Perfetto, chrome://tracing) to this JSON file.")
    var chromeTrace: String?

    func validate() throws {
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1; got \(frames)") }
        guard FrameRate(fps: fps) != nil else { throw ValidationError("--fps must be a whole number from 1 to 240; got \(fps)") }
        if let size, WindowSize(size) == nil { throw ValidationError("\(WindowSize.help); got '\(size)'") }
        switch (png, out) {
        case (nil, nil): break
        case (.some, nil): throw ValidationError("--png needs --out FILE.png")
        case (nil, .some): throw ValidationError("--out is only used with --png")
        case (let p?, let o?):
            let frames = try RenderCommand.frameList(p)
            if frames.count > 1, !o.contains("{frame}") { throw ValidationError("--out must contain '{frame}' when rendering several frames; got '\(o)'") }
        }
    }

    func run() throws {
        let loaded = try loadScene(scene)
        let (frames, rate, json, trace) = (self.frames, FrameRate(fps: fps)!, self.json, self.trace)
        let size = self.size.flatMap(WindowSize.init)?.size ?? loaded.size
        let pngFrames = Set(try png.map(RenderCommand.frameList) ?? []), out = self.out, scenePath = self.scene
        let tracePath = chromeTrace
        let failure: String? = MainActor.assumeIsolated {
            let run = SceneRun(loaded, size: size, rate: rate)
            let (host, built) = (run.host, run.built)
            var chrome: ChromeTraceWriter?
            if let tracePath {
                do { chrome = try ChromeTraceWriter(path: tracePath, processName: "timeline step") } catch { return "timeline step: \(error)" }
                host.runLoop.phaseRecorder = chrome
            }
            defer {
                if let chrome {
                    do { try chrome.finish() } catch { printToStandardError("timeline step: \(error)") }
                    printToStandardError("wrote \(chrome.frames) frames to the Chrome trace \(chrome.path) (open it in ui.perfetto.dev or chrome://tracing)")
                }
            }
            if trace {
                host.runLoop.trace.isRecording = true
                host.runLoop.trace.keepsEvents = false            // streamed, not kept (Z4)
                host.runLoop.trace.onEvent = { print($0.json) }
            }
            var writer: FramePNGWriter?
            if let out, !pngFrames.isEmpty {
                do { writer = try FramePNGWriter(size: size, scale: 1, pattern: out, protecting: [scenePath]) } catch { return "timeline step: \(error)" }
            }
            // The JSON is written as it goes (Z4): memory stays flat however many frames run.
            if json { print("{\"fps\": \(rate.rawValue), \"frames\": [", terminator: "") }
            var first = true
            defer { if json { print("]}") } }
            for _ in 0..<frames {
                guard let info = host.step() else { break }
                if let writer, pngFrames.contains(Int(info.index)) {
                    do {
                        printToStandardError("frame \(info.index) -> \(try writer.write(host.window.displayList, frame: info.index))")
                    } catch { return "timeline step: \(error)" }
                }
                if json {
                    let views = built.order.map { id in "\(jsonString(id)): \(presentationJSON(built.views[id]!))" }.joined(separator: ", ")
                    // CA11: a scene with layers adds each layer's presentation values.
                    let layers = built.layers.isEmpty ? ""
                        : ", \"layers\": {" + loaded.layers.map { "\(jsonString($0.id)): \(presentationJSON(built.layers[$0.id]!))" }.joined(separator: ", ") + "}"
                    print((first ? "" : ", ") + "{\"index\": \(info.index), \"time\": \(jsonNumber(info.time)), \"views\": {\(views)}\(layers)}", terminator: "")
                    first = false
                } else {
                    print("frame \(info.index)  t=\(fmt(info.time))")
                    var rows = [["  view", "x", "y", "width", "height", "alpha"]]
                    for id in built.order {
                        let p = built.views[id]!.presentation
                        let f = p.frame
                        rows.append(["  " + id, num(f.minX), num(f.minY), num(f.width), num(f.height), num(p.opacity)])
                    }
                    print(table(rows, rightAligned: [1, 2, 3, 4, 5]))
                }
            }
            withExtendedLifetime(run) {}              // the animator schedules the scene's animations
            return nil
        }
        if let failure {
            printToStandardError(failure)
            throw ExitCode(1)
        }
    }
}

/// A view's presentation values as the `step --json` contract prints them.
@MainActor
func presentationJSON(_ v: View) -> String {
    let p = v.presentation
    let f = p.frame
    // CA9: the transform's rotation (radians) and scale, from its decomposition.
    let d = p.affineTransform().decomposed
    return "{\"x\": \(jsonNumber(f.minX)), \"y\": \(jsonNumber(f.minY)), \"width\": \(jsonNumber(f.width)), \"height\": \(jsonNumber(f.height)), \"alpha\": \(jsonNumber(p.opacity)), \"cornerRadius\": \(jsonNumber(p.cornerRadius)), \"color\": \(jsonString((p.backgroundColor ?? .clear).hexString)), \"rotation\": \(jsonNumber(d.angle)), \"scaleX\": \(jsonNumber(d.sx)), \"scaleY\": \(jsonNumber(d.sy))}"
}

/// A layer's presentation values as `step --json` prints them (CA11): position, bounds size,
/// opacity, zPosition, the transform's rotation about z (radians) and scale, and a shape
/// layer's stroke range.
@MainActor
func presentationJSON(_ layer: Layer) -> String {
    let p = layer.presentation() ?? layer
    var fields = ["\"x\": \(jsonNumber(p.position.x))", "\"y\": \(jsonNumber(p.position.y))",
                  "\"width\": \(jsonNumber(p.bounds.width))", "\"height\": \(jsonNumber(p.bounds.height))",
                  "\"opacity\": \(jsonNumber(p.opacity))", "\"zPosition\": \(jsonNumber(p.zPosition))"]
    if let d = p.transform.decomposed() {
        let q = d.quaternion
        // The turn about z of a transform that only turns about z: 2·atan2(qz, qw).
        fields.append("\"rotation\": \(jsonNumber(2 * atan2(q.z, q.w)))")
        fields.append("\"scaleX\": \(jsonNumber(d.scale.x))")
        fields.append("\"scaleY\": \(jsonNumber(d.scale.y))")
    }
    if let s = p as? ShapeLayer {
        fields.append("\"strokeStart\": \(jsonNumber(s.strokeStart))")
        fields.append("\"strokeEnd\": \(jsonNumber(s.strokeEnd))")
    }
    return "{" + fields.joined(separator: ", ") + "}"
}
