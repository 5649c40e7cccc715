import ArgumentParser
import FrameTiming
import Foundation
import Geometry
import RenderModel
import TimelineScene
import TimelineSDL
import Timeline

/// What `timeline render --from T0 --to T1` exports (E1, E2): the frames of the range (frame
/// indices from the first whose time is at or after T0 to the last before T1, so frame k of the
/// export is the frame `render --time T0 + k/F` renders), into one output format chosen by the
/// path.
struct ExportRange {
    enum Format: Equatable {
        case apng, gif, directory, video(String), filmstrip(Int)
        /// A Lottie (Bodymovin) JSON file of the views and layers, not of pixels (LT4).
        case lottie
    }
    let first: Int, last: Int
    let fps: Int
    let format: Format
    let out: String

    init(from: Double?, to: Double?, fps: Int, filmstrip: Int?, out: String) throws {
        guard let from, let to else { throw ValidationError("give both --from T0 and --to T1 (seconds)") }
        guard from.isFinite, to.isFinite, from >= 0, to <= 3600 else {
            throw ValidationError("--from and --to must be times from 0 to 3600 seconds; got \(from) and \(to)")
        }
        guard FrameRate(fps: fps) != nil else { throw ValidationError("--fps must be a whole number from 1 to 240; got \(fps)") }
        let f = Double(fps)
        first = Int((from * f - 1e-9).rounded(.up))
        last = Int((to * f - 1e-9).rounded(.up)) - 1
        guard last >= first else {
            throw ValidationError("the range --from \(from) --to \(to) holds no frame at \(fps) fps (frame k is at k/\(fps) s; the range includes --from and excludes --to)")
        }
        self.fps = fps
        self.out = out
        let lower = out.lowercased()
        if let n = filmstrip {
            guard lower.hasSuffix(".png") else { throw ValidationError("--filmstrip writes one PNG: --out must end in .png; got '\(out)'") }
            guard n >= 1, n <= 64 else { throw ValidationError("--filmstrip takes 1 to 64 frames; got \(n)") }
            guard n <= last - first + 1 else { throw ValidationError("--filmstrip \(n) asks for more frames than the range holds (\(last - first + 1))") }
            format = .filmstrip(n)
        } else if out.hasSuffix("/") {
            format = .directory
        } else if lower.hasSuffix(".png") || lower.hasSuffix(".apng") {
            format = .apng
        } else if lower.hasSuffix(".gif") {
            format = .gif
        } else if lower.hasSuffix(".mp4") || lower.hasSuffix(".webm") {
            format = .video(lower.hasSuffix(".mp4") ? "mp4" : "webm")
        } else if lower.hasSuffix(".json") {
            format = .lottie
        } else {
            throw ValidationError("unsupported output '\(out)': expected a path ending in .png (APNG), .apng, .gif, .mp4, .webm, .json (Lottie), or / (a directory of numbered PNGs)")
        }
    }

    var count: Int { last - first + 1 }

    /// The frame indices written: all of them, or the filmstrip's evenly spaced ones.
    var indices: [Int] {
        guard case .filmstrip(let n) = format else { return Array(first...last) }
        if n == 1 { return [first] }
        return (0..<n).map { j in first + Int((Double(j) * Double(count - 1) / Double(n - 1)).rounded()) }
    }

    /// Steps the scene from frame 0 and writes the frames of the range.
    func export(_ scene: Scene, size: Size, rate: FrameRate, scale: Double, scenePath: String, quiet: Bool) throws {
        try export(size: size, scale: scale, inputPath: scenePath, quiet: quiet) { wanted, draw in
            let run = SceneRun(scene, size: size, rate: rate, scale: scale)
            var next = 0
            while next < wanted.count, let info = run.host.step() {
                try Interruption.process.check()
                guard Int(info.index) == wanted[next] else { continue }
                try draw(run.host.window.displayList, Int(info.index), info.time)
                next += 1
            }
            withExtendedLifetime(run) {}
        }
    }

    /// Writes the frames of the range that `frames` draws: it is given the wanted frame indices
    /// in order and calls its second argument with each one's display list, index and time.
    ///
    /// Shows progress on stderr unless `quiet` (DX3). Ctrl-C stops it between frames: what it
    /// made is removed (a video's temporary frames, ffmpeg's unfinished output; a directory export
    /// keeps the frames already written whole), `out` is left as it was, and the command exits
    /// with status 130.
    func export(size: Size, scale: Double, inputPath: String, quiet: Bool,
                frames: @MainActor ([Int], (DisplayList, Int, Double) throws -> Void) throws -> Void) throws {
        var ffmpeg: String?
        if case .video(let kind) = format {
            guard let path = Self.findFFmpeg() else {
                printToStandardError("timeline render: writing \(out) needs ffmpeg to encode \(kind), and it is not installed (apt-get install ffmpeg, or set TIMELINE_FFMPEG to its path); .png (APNG), .gif and DIR/ need nothing else")
                throw ExitCode(1)
            }
            ffmpeg = path
        }
        let wanted = indices
        let name = (inputPath as NSString).lastPathComponent
        let progress = ProgressReporter.standardError(label: "rendering \(name)", total: wanted.count, quiet: quiet)
        Interruption.process.watch()
        let failure: (message: String, status: Int32)? = MainActor.assumeIsolated {
            var sink: Sink?
            var done = 0
            do {
                let pixelWidth = Int((size.width * scale).rounded(.up)), pixelHeight = Int((size.height * scale).rounded(.up))
                let renderer = try ImageRenderer(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
                sink = try Sink(format: format, range: self, width: pixelWidth, height: pixelHeight, scenePath: inputPath)
                try frames(wanted) { list, index, time in
                    try Interruption.process.check()
                    renderer.render(list)
                    if let error = renderer.painter.lastError { throw error }
                    try sink!.add(renderer.image(), index: index, time: time, number: done)
                    done += 1
                    progress.advance()
                }
                progress.finish()
                try sink!.finish(ffmpeg: ffmpeg)
                return nil
            } catch is Interrupted {
                progress.finish()
                sink?.discard()
                let kept = format == .directory && done > 0 ? "; the \(done) frames written whole are kept in \(out)" : ""
                return ("timeline render: interrupted after \(done) of \(wanted.count) frames; \(format == .directory ? "the export is incomplete" : "\(out) was not written")\(kept)", 130)
            } catch {
                progress.finish()
                sink?.discard()
                return ("timeline render: \(error)", 1)
            }
        }
        if let failure {
            printToStandardError(failure.message)
            throw ExitCode(failure.status)
        }
    }

    /// ffmpeg: `TIMELINE_FFMPEG` when set, else the first `ffmpeg` on the PATH.
    static func findFFmpeg() -> String? {
        let env = ProcessInfo.processInfo.environment
        if let path = env["TIMELINE_FFMPEG"] { return FileManager.default.isExecutableFile(atPath: path) ? path : nil }
        for dir in (env["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}

/// Where exported frames go.
@MainActor
private struct Sink {
    let format: ExportRange.Format
    let range: ExportRange
    let width: Int, height: Int
    let scenePath: String
    var apng: APNGEncoder?
    /// The first frame's PNG: what a one-frame export writes.
    var firstPNG: [UInt8]?
    var gif: GIFEncoder?
    var strip: RGBAImage?
    var stripTimes: [Double] = []
    var directory: String?
    var temporaryDirectory: String?

    static let labelHeight = 28
    /// White space between a filmstrip's frames, in pixels.
    static let gap = 8

    init(format: ExportRange.Format, range: ExportRange, width: Int, height: Int, scenePath: String) throws {
        self.format = format; self.range = range; self.width = width; self.height = height; self.scenePath = scenePath
        switch format {
        case .apng: apng = APNGEncoder(width: width, height: height, fps: range.fps)
        case .gif:
            guard width <= 65_535, height <= 65_535 else { throw SDLError(operation: "writing \(range.out)", message: "a GIF is at most 65535 pixels a side") }
            gif = GIFEncoder(width: width, height: height, fps: range.fps)
            if !GIFEncoder.isExact(fps: range.fps) {
                printToStandardError("timeline render: note: GIF delays are whole 1/100 s, so \(range.fps) fps is written as delays of "
                    + "\(Set((0..<range.fps).map { GIFEncoder.delay(frame: $0, fps: range.fps) }).sorted().map(String.init).joined(separator: " and ")) "
                    + "hundredths that keep every frame's start time to the nearest 1/100 s; the true rate is \(range.fps) fps"
                    + (range.fps > 50 ? " (browsers slow delays under 2/100 s down: use --fps 50 or an APNG for exact timing)" : ""))
            }
        case .directory:
            directory = String(range.out.dropLast())
            try Self.makeDirectory(directory!)
        case .video:
            let template = NSTemporaryDirectory() + "timeline-export-XXXXXX"
            var chars = Array(template.utf8CString)
            guard mkdtemp(&chars) != nil else { throw SDLError(operation: "writing \(range.out)", message: "cannot make a temporary directory") }
            temporaryDirectory = String(cString: chars)
            Interruption.process.removeOnExit(temporaryDirectory!)
        case .filmstrip(let n):
            var image = RGBAImage(width: width * n + Self.gap * (n - 1), height: height + Self.labelHeight)
            image.fill(red: 255, green: 255, blue: 255)
            strip = image
        case .lottie:
            throw SDLError(operation: "writing \(range.out)", message: "a Lottie file is written from the views, not frame by frame (SceneLottieExport)")
        }
    }

    static func makeDirectory(_ path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw SDLError(operation: "writing frames into \(path)/", message: "that is a file, not a directory") }
            return
        }
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw SDLError(operation: "making directory \(path)", message: "\(error.localizedDescription)")
        }
    }

    /// Numbered frame names: frame-0000.png, from 0 in the export.
    func frameName(_ number: Int) -> String {
        let digits = max(4, String(range.count - 1).count)
        let n = String(number)
        return "frame-" + String(repeating: "0", count: max(0, digits - n.count)) + n + ".png"
    }

    mutating func add(_ image: RGBAImage, index: Int, time: Double, number: Int) throws {
        switch format {
        case .apng:
            let png = try image.pngData()
            if number == 0 { firstPNG = png }
            try apng!.append(png: png)
        case .gif: gif!.append(image)
        case .directory: try writeFileAtomically(image.pngData(), to: directory! + "/" + frameName(number), protecting: [scenePath])
        case .video: try writeFileAtomically(image.pngData(), to: temporaryDirectory! + "/" + frameName(number))
        case .filmstrip:
            strip!.draw(image, x: number * (width + Self.gap), y: 0)
            stripTimes.append(time)
        case .lottie: break
        }
    }

    /// Removes what the export made and will not finish: a video's temporary frames.
    mutating func discard() {
        guard let directory = temporaryDirectory else { return }
        try? FileManager.default.removeItem(atPath: directory)
        Interruption.process.forget(directory)
        temporaryDirectory = nil
    }

    mutating func finish(ffmpeg: String?) throws {
        let out = range.out
        switch format {
        case .apng:
            // One frame is a plain PNG.
            try writeFileAtomically(apng!.frameCount == 1 ? firstPNG! : apng!.data(), to: out, protecting: [scenePath])
            printToStandardError("wrote \(out): APNG, \(range.count) frames at \(range.fps) fps (each 1/\(range.fps) s)")
        case .gif:
            try writeFileAtomically(gif!.data(), to: out, protecting: [scenePath])
            printToStandardError("wrote \(out): GIF, \(range.count) frames at \(range.fps) fps")
        case .directory:
            printToStandardError("wrote \(range.count) PNG frames to \(out) (\(frameName(0)) ... \(frameName(range.count - 1)), \(range.fps) fps)")
        case .video(let kind):
            defer { discard() }
            let digits = max(4, String(range.count - 1).count)
            let codec = kind == "mp4" ? ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18"] : ["-c:v", "libvpx-vp9", "-pix_fmt", "yuv420p", "-b:v", "0", "-crf", "30"]
            // ffmpeg writes a hidden file beside `out`, renamed over it when whole, as every
            // other output is: a failed or interrupted encoding leaves `out` as it was.
            let slash = out.lastIndex(of: "/")
            let partial = (slash.map { String(out[...$0]) } ?? "") + ".\(slash.map { String(out[out.index(after: $0)...]) } ?? out).\(getpid()).tmp.\(kind)"
            Interruption.process.removeOnExit(partial)
            defer { unlink(partial); Interruption.process.forget(partial) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ffmpeg!)
            process.arguments = ["-hide_banner", "-loglevel", "error", "-y", "-framerate", String(range.fps),
                                 "-i", temporaryDirectory! + "/frame-%0\(digits)d.png",
                                 "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2"] + codec + ["-r", String(range.fps), partial]
            // Ctrl-C reaches ffmpeg as SIGTERM (it stops cleanly on it): SIGINT may be ignored in
            // it. The child inherits this thread's signal mask, which blocks SIGTERM when we were
            // started from a thread that blocks signals (a test runner's), so it is unblocked here.
            var terminate = sigset_t(), previous = sigset_t()
            sigemptyset(&terminate)
            sigaddset(&terminate, SIGTERM)
            pthread_sigmask(SIG_UNBLOCK, &terminate, &previous)
            defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
            do { try process.run() } catch { throw SDLError(operation: "running \(ffmpeg!)", message: error.localizedDescription) }
            let pid = process.processIdentifier
            Interruption.process.whileRunning(onInterrupt: { kill(pid, SIGTERM) }) { process.waitUntilExit() }
            try Interruption.process.check()
            guard process.terminationStatus == 0 else {
                throw SDLError(operation: "encoding \(out) with ffmpeg", message: "ffmpeg exited with status \(process.terminationStatus) (its messages are above)")
            }
            guard rename(partial, out) == 0 else { throw SDLError(operation: "writing \(out)", message: String(cString: strerror(errno))) }
            printToStandardError("wrote \(out): \(kind), \(range.count) frames at \(range.fps) fps (ffmpeg)")
        case .filmstrip(let n):
            try drawLabels(n)
            try writeFileAtomically(strip!.pngData(), to: out, protecting: [scenePath])
            printToStandardError("wrote \(out): a filmstrip of \(n) frames")
        case .lottie: break
        }
    }

    /// Each frame's time under it, drawn by the offscreen renderer with the built-in font.
    private mutating func drawLabels(_ n: Int) throws {
        let total = strip!.width
        let labels = try ImageRenderer(pixelWidth: total, pixelHeight: Self.labelHeight)
        var list = DisplayList()
        list.reset(size: Size(width: Double(total), height: Double(Self.labelHeight)), scale: 1, background: .white)
        let fonts = try FontSystem()
        let style = TextStyle(font: .systemFont(ofSize: 15), color: Color(red: 0.2, green: 0.2, blue: 0.24))
        for (j, t) in stripTimes.enumerated() {
            let layout = TextLayout("t = \(fmt(t)) s", style: style, in: fonts)
            let x = Double(j * (width + Self.gap)) + (Double(width) - layout.size.width) / 2
            for line in layout.lines { for run in line.runs { list.commands.append(.glyphs(run, at: Point(x: x, y: 5))) } }
        }
        labels.render(list)
        if let error = labels.painter.lastError { throw error }
        strip!.draw(labels.image(), x: 0, y: height)
    }
}
