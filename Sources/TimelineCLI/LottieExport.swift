import ArgumentParser
import Foundation
import FrameTiming
import Geometry
import Lottie
import TimelineSDL
import TimelineScene
import Timeline

/// `timeline render SCENE --from T0 --to T1 [--fps F] --out X.json` (LT4): steps the scene on the
/// manual clock from frame 0, as every export does, records the views and layers of each frame
/// of the range with ``LottieRecorder`` and writes them as one Lottie file: frame k of the range
/// is Lottie frame k, at F frames per second. Nothing is written on an error.
enum SceneLottieExport {
    static func write(_ scene: Scene, size: Size, rate: FrameRate, range: ExportRange, scenePath: String, quiet: Bool) throws {
        let name = URL(fileURLWithPath: scenePath).deletingPathExtension().lastPathComponent
        // Progress counts every frame stepped, from 0 to the range's last (DX3).
        let progress = ProgressReporter.standardError(label: "recording \(name)", total: range.last + 1, quiet: quiet)
        Interruption.process.watch()
        let failure: String? = MainActor.assumeIsolated {
            defer { progress.finish() }
            do {
                let run = SceneRun(scene, size: size, rate: rate)
                let recorder = LottieRecorder(window: run.host.window)
                recorder.curves += curves(of: scene).filter { !recorder.curves.contains($0) }
                while let info = run.host.step() {
                    try Interruption.process.check()
                    let k = Int(info.index)
                    if k > range.last { break }
                    if k >= range.first { recorder.recordFrame() }
                    progress.advance()
                }
                progress.finish()
                withExtendedLifetime(run) {}
                let (data, summary) = try recorder.data(frameRate: range.fps, name: name)
                for w in recorder.warnings { printToStandardError("timeline render: note: \(w)") }
                try writeFileAtomically(Array(data), to: range.out, protecting: [scenePath])
                printToStandardError("wrote \(range.out): Lottie, \(count(summary.frames, "frame")) at \(range.fps) fps, "
                                     + "\(count(summary.layers, "layer")), \(count(summary.animatedProperties, "animated property", "animated properties")) "
                                     + "in \(count(summary.keyframes, "keyframe")), \(summary.constantProperties) constant, \(data.count) bytes")
                return nil
            } catch is Interrupted {
                return "timeline render: interrupted; \(range.out) was not written"
            } catch let error as LottieExportError {
                return "timeline render: \(scenePath): \(error.message); nothing was written"
            } catch {
                return "timeline render: \(error)"
            }
        }
        if let failure {
            printToStandardError(failure)
            throw ExitCode(Interruption.process.isRequested ? 130 : 1)
        }
    }

    /// The cubic-bezier curves the scene's animations, timelines and layer animations name
    /// (`[x1, y1, x2, y2]`, `cubic-bezier(...)`, timing functions), in order, each once: the
    /// recorder writes moves on them as exact bezier keyframes.
    static func curves(of scene: Scene) -> [CubicBezier] {
        var found: [CubicBezier] = []
        func add(_ c: CubicBezier) { if !found.contains(c) { found.append(c) } }
        func add(_ spec: CurveSpec) { if case .bezier(let a, let b, let c, let d) = spec { add(CubicBezier(a, b, c, d)) } }
        func add(_ timeline: TimelineSpec) {
            for item in timeline.items {
                switch item.kind {
                case .tween(let t): add(t.curve)
                case .stagger(_, let tweens): for t in tweens { add(t.curve) }
                case .timeline(let nested): add(nested)
                case .label: break
                }
            }
        }
        for a in scene.animations { add(a.curve) }
        for t in scene.timelines { add(t) }
        for a in scene.layerAnimations {
            for f in (a.timingFunctions ?? []) + (a.timingFunction.map { [$0] } ?? []) { add(f.bezier) }
        }
        return found
    }

    /// "1 layer", "2 layers".
    static func count(_ n: Int, _ one: String, _ many: String? = nil) -> String { "\(n) \(n == 1 ? one : many ?? one + "s")" }
}
