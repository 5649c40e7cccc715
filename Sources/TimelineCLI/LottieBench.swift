import ArgumentParser
import Foundation
import Geometry
import Lottie
import TimelineSDL
import Timeline
#if canImport(Glibc)
import Glibc
#endif

/// `timeline bench lottie FILE...` (LT3, LT6): every frame of each file rendered at its native
/// size, single-threaded, by us (a ``LottieAnimationView`` in a headless window: the layer tree,
/// the window's display list patched where layers changed, the software image renderer) and by
/// rlottie (librlottie, loaded at run time only for this comparison: it is
/// never linked into the product), round after round side by side; prints the median
/// milliseconds per frame of each and their ratio, per file and overall.
///
/// Debian's librlottie (0.1) rasterises paths on worker threads of its own, as many as the
/// machine has cores, and its C API has no switch to stop that. Its frames are timed by the wall
/// clock as ours are, and beside that by the CPU time the process spent on them (all threads;
/// ours draws nothing meanwhile): the second is what its frames cost on one core.
struct LottieBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lottie",
        abstract: "Render every frame of Lottie files at their size: ms per frame, ours beside rlottie's.")

    @Argument(help: "Lottie files (Bodymovin JSON, or .lottie archives: their active animation; rlottie reads JSON only).") var files: [String]
    @Option(help: "Rounds per file (the median is reported).") var rounds = 5
    @Flag(help: "Print JSON: {\"files\": [{\"file\", \"frames\", \"ours_ms_per_frame\", \"rlottie_ms_per_frame\", \"rlottie_cpu_ms_per_frame\"}]}.") var json = false
    @Flag(help: "Show no progress on stderr (shown for runs past a second, between timed rounds only).") var quiet = false

    func validate() throws {
        guard (1...100).contains(rounds) else { throw ValidationError("--rounds must be 1 to 100; got \(rounds)") }
        guard !files.isEmpty else { throw ValidationError("name at least one Lottie file") }
    }

    struct Row { var file: String, frames: Int, ours: Double, rlottie: Double?, rlottieCPU: Double? }

    func run() throws {
        let rlottie = RLottie.load()
        if rlottie == nil { printToStandardError("timeline bench lottie: librlottie is not installed (apt-get install librlottie-dev); timing ours only") }
        let animations = try files.map { try LottieInput.load($0, command: "bench lottie") }
        let (rounds, files) = (self.rounds, self.files)
        // Progress in frames of ours, all files and rounds (DX3); advanced after each timed
        // round, so a redraw never falls inside one.
        let total = animations.reduce(0) { $0 + Int(($1.endFrame - $1.startFrame).rounded(.up)) * rounds }
        let progress = ProgressReporter.standardError(label: "bench lottie (\(files.count) files)", total: total, quiet: quiet)
        let rows: [Row] = try MainActor.assumeIsolated {
            defer { progress.finish() }
            var rows: [Row] = []
            for (k, animation) in animations.enumerated() {
                let frames = Int((animation.endFrame - animation.startFrame).rounded(.up))
                let w = Int(animation.width.rounded(.up)), h = Int(animation.height.rounded(.up))
                // The product's path: the player view in a headless window drawn by the software
                // image renderer, so unchanged layers are not repainted (CA10's damage).
                let renderer = try ImageRenderer(pixelWidth: w, pixelHeight: h)
                let host = HeadlessHost(size: animation.size)
                host.window.renderer = renderer
                host.runLoop.diagnostics.logger = nil
                let view = LottieAnimationView(animation: animation)
                view.translatesAutoresizingMaskIntoConstraints = true
                view.frame = Rect(x: 0, y: 0, width: animation.width, height: animation.height)
                host.root.addSubview(view)
                _ = host.runUntilIdle()
                let theirs = rlottie.flatMap { $0.open(files[k]) }
                var ours: [Double] = [], others: [Double] = [], othersCPU: [Double] = []
                var buffer = [UInt32](repeating: 0, count: w * h)
                for _ in 0..<rounds {
                    var t = DispatchTime.now().uptimeNanoseconds
                    for f in 0..<frames {
                        view.currentFrame = animation.startFrame + Double(f)
                        host.step()
                    }
                    ours.append(Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6 / Double(max(frames, 1)))
                    progress.advance(by: frames)
                    if let theirs {
                        t = DispatchTime.now().uptimeNanoseconds
                        let cpu = Self.processCPUMilliseconds()
                        let total = theirs.frames
                        buffer.withUnsafeMutableBufferPointer { b in
                            for f in 0..<total { theirs.render(f, into: b.baseAddress!, width: w, height: h) }
                        }
                        others.append(Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6 / Double(max(total, 1)))
                        othersCPU.append((Self.processCPUMilliseconds() - cpu) / Double(max(total, 1)))
                    }
                }
                if let e = renderer.painter.lastError { throw e }
                theirs?.close()
                func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
                rows.append(Row(file: files[k], frames: frames, ours: median(ours), rlottie: others.isEmpty ? nil : median(others),
                                rlottieCPU: othersCPU.isEmpty ? nil : median(othersCPU)))
            }
            return rows
        }
        let meanOurs = rows.map(\.ours).reduce(0, +) / Double(rows.count)
        let theirs = rows.compactMap(\.rlottie)
        let meanTheirs = theirs.count == rows.count ? theirs.reduce(0, +) / Double(rows.count) : nil
        let theirsCPU = rows.compactMap(\.rlottieCPU)
        let meanTheirsCPU = theirsCPU.count == rows.count ? theirsCPU.reduce(0, +) / Double(rows.count) : nil
        if json {
            var out = "{\"files\": ["
            out += rows.map { r in
                "{\"file\": \"\(r.file.jsonEscaped)\", \"frames\": \(r.frames), \"ours_ms_per_frame\": \(fmt(r.ours, digits: 4)), "
                    + "\"rlottie_ms_per_frame\": \(r.rlottie.map { fmt($0, digits: 4) } ?? "null"), "
                    + "\"rlottie_cpu_ms_per_frame\": \(r.rlottieCPU.map { fmt($0, digits: 4) } ?? "null")}"
            }.joined(separator: ", ")
            out += "], \"overall\": {\"ours_ms_per_frame\": \(fmt(meanOurs, digits: 4)), \"rlottie_ms_per_frame\": \(meanTheirs.map { fmt($0, digits: 4) } ?? "null"), "
                + "\"rlottie_cpu_ms_per_frame\": \(meanTheirsCPU.map { fmt($0, digits: 4) } ?? "null")}}"
            print(out)
            return
        }
        print("Lottie: every frame at native size, median of \(rounds) rounds, ms per frame (ours: the player view in a headless window, software renderer)")
        print("file".padding(toLength: 40, withPad: " ", startingAt: 0) + "frames      ours   rlottie   ours/rlottie   rlottie cpu")
        for r in rows {
            let name = (r.file as NSString).lastPathComponent
            print(name.padding(toLength: 40, withPad: " ", startingAt: 0) + String(format: "%6d  %8.3f  %8@  %8@      %8@", r.frames, r.ours,
                  r.rlottie.map { String(format: "%.3f", $0) } ?? "-", r.rlottie.map { String(format: "%.2f", r.ours / $0) } ?? "-",
                  r.rlottieCPU.map { String(format: "%.3f", $0) } ?? "-"))
        }
        print("overall (mean of files)".padding(toLength: 40, withPad: " ", startingAt: 0)
              + String(format: "        %8.3f  %8@  %8@      %8@", meanOurs, meanTheirs.map { String(format: "%.3f", $0) } ?? "-",
                       meanTheirs.map { String(format: "%.2f", meanOurs / $0) } ?? "-", meanTheirsCPU.map { String(format: "%.3f", $0) } ?? "-"))
    }

    /// User and system CPU time of the whole process (every thread) so far, in milliseconds.
    static func processCPUMilliseconds() -> Double {
        var usage = rusage()
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
        func ms(_ t: timeval) -> Double { Double(t.tv_sec) * 1e3 + Double(t.tv_usec) / 1e3 }
        return ms(usage.ru_utime) + ms(usage.ru_stime)
    }
}

extension String {
    var jsonEscaped: String { replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") }
}

/// rlottie's C API, looked up in librlottie at run time (the bench's reference only).
struct RLottie {
    typealias FromFile = @convention(c) (UnsafePointer<CChar>) -> OpaquePointer?
    typealias Destroy = @convention(c) (OpaquePointer) -> Void
    typealias TotalFrames = @convention(c) (OpaquePointer) -> Int
    typealias Render = @convention(c) (OpaquePointer, Int, UnsafeMutablePointer<UInt32>, Int, Int, Int) -> Void
    let fromFile: FromFile, destroy: Destroy, totalFrames: TotalFrames, render: Render

    static func load() -> RLottie? {
        guard let lib = dlopen("librlottie.so.0", RTLD_NOW) ?? dlopen("librlottie.so", RTLD_NOW) else { return nil }
        func symbol<T>(_ name: String, _: T.Type) -> T? { dlsym(lib, name).map { unsafeBitCast($0, to: T.self) } }
        guard let a = symbol("lottie_animation_from_file", FromFile.self), let b = symbol("lottie_animation_destroy", Destroy.self),
              let c = symbol("lottie_animation_get_totalframe", TotalFrames.self), let d = symbol("lottie_animation_render", Render.self)
        else { return nil }
        return RLottie(fromFile: a, destroy: b, totalFrames: c, render: d)
    }

    final class Animation {
        let api: RLottie, handle: OpaquePointer
        init(api: RLottie, handle: OpaquePointer) { self.api = api; self.handle = handle }
        var frames: Int { api.totalFrames(handle) }
        func render(_ frame: Int, into buffer: UnsafeMutablePointer<UInt32>, width: Int, height: Int) {
            api.render(handle, frame, buffer, width, height, width * 4)
        }
        func close() { api.destroy(handle) }
    }

    func open(_ path: String) -> Animation? { fromFile(path).map { Animation(api: self, handle: $0) } }
}
