import ArgumentParser
import FrameTiming
import Foundation
import Geometry
import TimelineScene
import TimelineSDL
import Timeline

/// `timeline render SCENE (--frame N[,N...] | --time T) --out FILE.png` (D1, C3): steps a scene on
/// the manual clock and renders chosen frames into PNG files with the offscreen software
/// renderer. No window or display is needed. `--from T0 --to T1` exports every frame of a range
/// (E1: APNG, GIF, numbered PNGs, MP4/WebM through ffmpeg) or `--filmstrip N` of them (E2), or
/// writes the range as a Lottie file of the views and layers (`--out X.json`, LT4).
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render frames of a scene to PNG with no window (offscreen software renderer).")

    @Argument(help: "The scene file (JSON), or a Lottie animation (Bodymovin JSON or a .lottie archive: frame K counts from its in-point).") var scene: String
    @Option(help: "For a .lottie archive: the id of the animation to draw (default: the manifest's active one).") var animation: String?
    @Option(help: "Frame index, or a comma-separated list (frame k's time is k / fps).") var frame: String?
    @Option(help: "Time in seconds: renders the first frame whose time is at or after it.") var time: Double?
    @Option(help: "Export from this time (s): every frame from the first at or after it...") var from: Double?
    @Option(help: "...to the last before this time (s). --out: .png (APNG), .gif, DIR/ (numbered PNGs), .mp4 or .webm (ffmpeg), .json (Lottie).")
    var to: Double?
    @Option(help: "With --from/--to: N evenly spaced frames of the range side by side in one PNG, each labelled with its time.")
    var filmstrip: Int?
    @Option(help: "Output PNG. With several frames, '{frame}' in the name is replaced by the index.") var out: String
    @Option(help: "Frame rate in frames per second, 1 to 240.") var fps = 60
    @Option(help: "Window size in points, WxH (default: the scene's size).") var size: String?
    @Option(help: "Device pixels per point (1 to 4).") var scale = 1.0
    @Flag(help: "Show no progress on stderr (shown for runs past a second: a line redrawn on a terminal, else a line every 2 s).")
    var quiet = false

    func validate() throws {
        guard FrameRate(fps: fps) != nil else { throw ValidationError("--fps must be a whole number from 1 to 240; got \(fps)") }
        if let size, WindowSize(size) == nil { throw ValidationError("\(WindowSize.help); got '\(size)'") }
        guard scale >= 1, scale <= 4 else { throw ValidationError("--scale must be between 1 and 4; got \(scale)") }
        if from != nil || to != nil {
            guard frame == nil, time == nil else { throw ValidationError("give --frame, --time or --from/--to, not several") }
            _ = try ExportRange(from: from, to: to, fps: fps, filmstrip: filmstrip, out: out)
            return
        }
        if filmstrip != nil { throw ValidationError("--filmstrip needs --from T0 --to T1") }
        switch (frame, time) {
        case (nil, nil): throw ValidationError("give --frame N or --time T (or --from T0 --to T1 to export a range)")
        case (.some, .some): throw ValidationError("give either --frame or --time, not both")
        case (let f?, nil):
            let frames = try Self.frameList(f)
            if frames.count > 1, !out.contains("{frame}") {
                throw ValidationError("--out must contain '{frame}' when rendering several frames; got '\(out)'")
            }
        case (nil, let t?):
            guard t.isFinite, t >= 0, t <= 3600 else { throw ValidationError("--time must be between 0 and 3600 seconds; got \(t)") }
        }
        guard !out.isEmpty else { throw ValidationError("--out must name a file") }
    }

    static func frameList(_ text: String) throws -> [Int] {
        var frames: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let n = Int(part.trimmingCharacters(in: .whitespaces)), n >= 0, n <= 216_000 else {
                throw ValidationError("--frame takes whole numbers from 0 to 216000, comma-separated; got '\(text)'")
            }
            frames.append(n)
        }
        return frames.sorted()
    }

    func run() throws {
        if LottieInput.isLottie(scene) { return try LottieInput.render(self) }
        if animation != nil { throw ValidationError("--animation picks an animation of a .lottie archive; \(scene) is a scene") }
        let loaded = try loadScene(scene)
        let rate = FrameRate(fps: fps)!
        if from != nil || to != nil {
            let range = try ExportRange(from: from, to: to, fps: fps, filmstrip: filmstrip, out: out)
            let size = self.size.flatMap(WindowSize.init)?.size ?? loaded.size
            if range.format == .lottie {
                return try SceneLottieExport.write(loaded, size: size, rate: rate, range: range, scenePath: scene, quiet: quiet)
            }
            try range.export(loaded, size: size, rate: rate, scale: scale, scenePath: scene, quiet: quiet)
            return
        }
        let targets: [Int]
        if let frame { targets = try Self.frameList(frame) } else {
            targets = [Int((time! * Double(rate.rawValue) - 1e-9).rounded(.up)).clamped(min: 0)]
        }
        let size = self.size.flatMap(WindowSize.init)?.size ?? loaded.size
        let (scale, out, scenePath) = (self.scale, self.out, self.scene)
        // Progress counts the frames stepped up to the last one asked for (DX3).
        let progress = ProgressReporter.standardError(label: "rendering \((scene as NSString).lastPathComponent)",
                                                      total: targets.last! + 1, quiet: quiet)
        Interruption.process.watch()
        let failure: (message: String, status: Int32)? = MainActor.assumeIsolated {
            defer { progress.finish() }
            var next = 0
            do {
                let writer = try FramePNGWriter(size: size, scale: scale, pattern: out, protecting: [scenePath])
                let run = SceneRun(loaded, size: size, rate: rate, scale: scale)
                while next < targets.count, let info = run.host.step() {
                    try Interruption.process.check()
                    progress.advance()
                    while next < targets.count, targets[next] == Int(info.index) {
                        let path = try writer.write(run.host.window.displayList, frame: info.index)
                        progress.clearLine()
                        print("frame \(info.index) t=\(fmt(info.time)) -> \(path)")
                        next += 1
                    }
                }
                withExtendedLifetime(run) {}          // the animator schedules the scene's animations
                return nil
            } catch is Interrupted {
                return ("timeline render: interrupted; \(next) of \(targets.count) frames were written", 130)
            } catch {
                return ("timeline render: \(error)", 1)
            }
        }
        if let failure {
            printToStandardError(failure.message)
            throw ExitCode(failure.status)
        }
    }
}

extension Int {
    func clamped(min lower: Int) -> Int { Swift.max(self, lower) }
}
