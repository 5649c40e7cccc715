import ArgumentParser
import Foundation
import Geometry
import Lottie
import TimelineSDL
import TimelineScene
import Timeline

/// Lottie files on the `render` command (LT3): a JSON file whose top level has a frame rate, in
/// and out points and layers is a Lottie animation, drawn at its own size on a transparent
/// background, frame K counted from its in-point; so is a `.lottie` archive (LT14), told by its
/// zip signature.
enum LottieInput {
    /// Whether `path` holds a Lottie animation rather than a scene (read only when it names the
    /// Bodymovin keys, so scenes are not parsed twice for nothing). The top-level keys are
    /// looked for in the first and the last 64 KiB: exporters write them before or after the
    /// (possibly long) assets and layers.
    static func isLottie(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let window: UInt64 = 1 << 16
        guard let head = try? handle.read(upToCount: Int(window)) else { return false }
        if DotLottieFile.isArchive([UInt8](head.prefix(4))) { return true }
        var text = String(decoding: head, as: UTF8.self)          // a character cut at an end does no harm
        if let size = try? handle.seekToEnd(), size > window {
            if (try? handle.seek(toOffset: max(size - window, window))) != nil, let tail = try? handle.readToEnd() {
                text += String(decoding: tail, as: UTF8.self)
            }
        }
        return text.contains("\"fr\"") && text.contains("\"op\"") && text.contains("\"ip\"")
    }

    /// Reads the animation (of a `.lottie` archive: the one `id` names, else the active one),
    /// printing the reader's error (with its JSON path, and the archive's entry) on failure and
    /// its warnings to standard error.
    static func load(_ path: String, command: String, animationID id: String? = nil) throws -> LottieAnimation {
        do {
            let animation: LottieAnimation
            if let id {
                animation = try DotLottieFile.load(contentsOfFile: path).animation(id: id)
            } else {
                animation = try LottieAnimation.load(contentsOfFile: path)
            }
            for w in animation.warnings { printToStandardError("warning: \(path): \(w)") }
            return animation
        } catch {
            // An archive's errors start with its path already.
            printToStandardError("timeline \(command): \(error.archive == nil ? "\(path): " : "")\(error.description)")
            throw ExitCode(1)
        }
    }

    /// `render ANIM.json --frame K[,K...] | --time T --out X.png`, or `--from/--to` to export.
    static func render(_ c: RenderCommand) throws {
        let animation = try load(c.scene, command: "render", animationID: c.animation)
        let size = animation.size
        if c.from != nil || c.to != nil {
            let range = try ExportRange(from: c.from, to: c.to, fps: c.fps, filmstrip: c.filmstrip, out: c.out)
            guard range.format != .lottie else {
                throw ValidationError("--out \(c.out): \(c.scene) is a Lottie file already; a .json export takes a scene (PNG, GIF or video export a Lottie file)")
            }
            let fps = Double(c.fps)
            try range.export(size: size, scale: c.scale, inputPath: c.scene, quiet: c.quiet) { wanted, draw in
                let composition = LottieComposition(animation: animation)
                for k in wanted {
                    let time = Double(k) / fps
                    composition.setFrame(animation.startFrame + time * animation.framerate)
                    try draw(composition.displayList(scale: c.scale), k, time)
                }
            }
            return
        }
        let frames: [Double]
        if let f = c.frame { frames = try RenderCommand.frameList(f).map(Double.init) } else { frames = [(c.time ?? 0) * animation.framerate] }
        let (scale, out, input) = (c.scale, c.out, c.scene)
        let failure: String? = MainActor.assumeIsolated {
            do {
                let writer = try FramePNGWriter(size: size, scale: scale, pattern: out, protecting: [input])
                let composition = LottieComposition(animation: animation)
                for k in frames {
                    composition.setFrame(animation.startFrame + k)
                    let path = try writer.write(composition.displayList(scale: scale), frame: Int64(k.rounded(.down)))
                    print("frame \(fmt(k, digits: 2)) (of \(fmt(animation.endFrame - animation.startFrame, digits: 0))) -> \(path)")
                }
                return nil
            } catch {
                return "timeline render: \(error)"
            }
        }
        if let failure {
            printToStandardError(failure)
            throw ExitCode(1)
        }
    }
}
