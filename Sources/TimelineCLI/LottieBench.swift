import ArgumentParser
import Foundation
import Geometry
import Lottie
import TimelineSDL
import Timeline
#if canImport(Glibc)
import Glibc
#endif

/// `timeline bench lottie FILE...` (LT3, LT6, LT12): every frame of each file rendered at its
/// native size, single-threaded, by us (a ``LottieAnimationView`` in a headless window: the layer
/// tree, the window's display list patched where layers changed, the software image renderer), by
/// rlottie (librlottie) and by ThorVG (a `libthorvg` the user names), both loaded at run time only
/// for this comparison (never linked into the product), round after round side by side; prints
/// the median milliseconds per frame of each and their ratios, per file, as a mean over files and
/// as geometric means of the per-file ratios.
///
/// Debian's librlottie (0.1) rasterises paths on worker threads of its own, as many as the
/// machine has cores, and its C API has no switch to stop that. Its frames are timed by the wall
/// clock as ours are, and beside that by the CPU time the process spent on them (all threads;
/// ours draws nothing meanwhile): the second is what its frames cost on one core. ThorVG's engine
/// is started with no worker threads, so its wall time is its one core's.
///
/// After the timed rounds, each file's middle frame is drawn once more by ours and by each peer
/// and compared (the share of pixels off by more than 48/255), so a blank or wrong peer frame,
/// which would flatter it, shows in the report: rlottie 0.1 ignores skew, rounded corners and
/// mask expansion, and a file that animates only those is a still picture to it. Beside the
/// files over twice the faster peer, the report counts those over twice the faster of the peers
/// whose middle frame matches ours (at most ``matchingFrameOff`` of its pixels off).
struct LottieBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lottie",
        abstract: "Render every frame of Lottie files at their size: ms per frame, ours beside rlottie's and ThorVG's.")

    @Argument(help: "Lottie files (Bodymovin JSON, or .lottie archives: their active animation; rlottie and ThorVG are given JSON only).") var files: [String]
    @Option(help: "Rounds per file (the median is reported).") var rounds = 5
    @Option(help: ArgumentHelp("ThorVG's C library to time beside ours (thorvg_python/libthorvg-1.so from PyPI's thorvg-python wheel); default: $TIMELINE_THORVG. Without either, ThorVG is left out.",
                               valueName: "path")) var thorvg: String?
    @Flag(help: "Print JSON: {\"files\": [{\"file\", \"frames\", \"ours_ms_per_frame\", \"rlottie_ms_per_frame\", \"rlottie_cpu_ms_per_frame\", \"thorvg_ms_per_frame\", \"thorvg_middle_frame_off\", \"rlottie_middle_frame_off\"}], \"overall\": {...}}.") var json = false
    @Flag(help: "Show no progress on stderr (shown for runs past a second, between timed rounds only).") var quiet = false

    func validate() throws {
        guard (1...100).contains(rounds) else { throw ValidationError("--rounds must be 1 to 100; got \(rounds)") }
        guard !files.isEmpty else { throw ValidationError("name at least one Lottie file") }
        if let thorvg, thorvg.isEmpty { throw ValidationError("--thorvg needs a path to libthorvg") }
    }

    /// One file's medians, ms per frame; nil where a peer is missing or cannot read the file.
    struct Row: Sendable, Equatable {
        var file: String, frames: Int, ours: Double, rlottie: Double?, rlottieCPU: Double?
        var thorvg: Double? = nil
        /// The share of pixels of the middle frame where ThorVG's differs from ours by more than 48/255.
        var thorvgMiddleFrameOff: Double? = nil
        /// The same for rlottie's middle frame.
        var rlottieMiddleFrameOff: Double? = nil

        /// The faster of rlottie's (wall) and ThorVG's times, where either has one.
        var fasterPeer: Double? {
            switch (rlottie, thorvg) {
            case let (r?, t?): min(r, t)
            case let (r, t): r ?? t
            }
        }

        /// The faster of the peers whose middle frame matches ours (a peer not compared counts
        /// as matching); nil when no peer timed the file or none matches.
        var fasterMatchingPeer: Double? {
            func matching(_ time: Double?, _ off: Double?) -> Double? { (off ?? 0) <= LottieBench.matchingFrameOff ? time : nil }
            switch (matching(rlottie, rlottieMiddleFrameOff), matching(thorvg, thorvgMiddleFrameOff)) {
            case let (r?, t?): return min(r, t)
            case let (r, t): return r ?? t
            }
        }
    }

    /// The most of a peer's middle frame that may be off from ours (pixels off by more than
    /// 48/255) for its time to count as drawing the same picture: 1%, what antialiasing and
    /// gradients' rounding leave between two right renderers (ThorVG is within it on 179 of the
    /// 190 files measured).
    static let matchingFrameOff = 0.01

    /// The library to load: `--thorvg`, else a non-empty `TIMELINE_THORVG`.
    static func thorvgPath(option: String?, environment: [String: String]) -> String? {
        option ?? environment["TIMELINE_THORVG"].flatMap { $0.isEmpty ? nil : $0 }
    }

    func run() throws {
        let rlottie = RLottie.load()
        if rlottie == nil { printToStandardError("timeline bench lottie: librlottie is not installed (apt-get install librlottie-dev); timing ours without it") }
        let thorvgAPI: ThorVG?
        if let path = Self.thorvgPath(option: thorvg, environment: ProcessInfo.processInfo.environment) {
            thorvgAPI = try ThorVG.load(path: path)
        } else {
            thorvgAPI = nil
            printToStandardError("timeline bench lottie: no ThorVG library named (--thorvg PATH or TIMELINE_THORVG, libthorvg-1.so from the thorvg-python wheel); timing ours without it")
        }
        defer { thorvgAPI?.terminate() }
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
                let isJSON = !files[k].lowercased().hasSuffix(".lottie")
                let theirs = rlottie.flatMap { $0.open(files[k]) }
                let tvg = isJSON ? thorvgAPI.flatMap { $0.open(files[k], width: w, height: h) } : nil
                var ours: [Double] = [], others: [Double] = [], othersCPU: [Double] = [], thorvgTimes: [Double] = []
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
                    if let tvg {
                        t = DispatchTime.now().uptimeNanoseconds
                        let total = tvg.frames
                        buffer.withUnsafeMutableBufferPointer { b in
                            for f in 0..<total { tvg.render(f, into: b.baseAddress!, width: w, height: h) }
                        }
                        thorvgTimes.append(Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6 / Double(max(total, 1)))
                    }
                }
                if let e = renderer.painter.lastError { throw e }
                var off: Double?, rlottieOff: Double?
                if let theirs {
                    rlottieOff = try Self.compareMiddleFrame(of: animation, peer: "rlottie", frames: theirs.frames, file: files[k], width: w, height: h,
                                                             layout: .argb) { theirs.render($0, into: $1, width: w, height: h) }
                    theirs.close()
                }
                if let tvg {
                    off = try Self.compareMiddleFrame(of: animation, peer: "ThorVG", frames: tvg.frames, file: files[k], width: w, height: h,
                                                      layout: .abgr) { tvg.render($0, into: $1, width: w, height: h) }
                    tvg.close()
                }
                func median(_ v: [Double]) -> Double? { v.isEmpty ? nil : v.sorted()[v.count / 2] }
                rows.append(Row(file: files[k], frames: frames, ours: median(ours) ?? 0, rlottie: median(others),
                                rlottieCPU: median(othersCPU), thorvg: median(thorvgTimes), thorvgMiddleFrameOff: off,
                                rlottieMiddleFrameOff: rlottieOff))
            }
            return rows
        }
        let summary = Summary(rows: rows)
        if json {
            print(Self.json(rows: rows, summary: summary, thorvgVersion: thorvgAPI?.version))
            return
        }
        func cell(_ v: Double?, _ format: String = "%.3f") -> String { v.map { String(format: format, $0) } ?? "-" }
        func ratio(_ a: Double, _ b: Double?) -> String { cell(b.map { a / $0 }, "%.2f") }
        // Right-aligned columns (String(format:)'s "%8@" does not pad on Linux).
        func columns(_ cells: [String], _ widths: [Int]) -> String {
            zip(cells, widths).map { String(repeating: " ", count: max(0, $1 - $0.count)) + $0 }.joined()
        }
        let widths = [6, 10, 10, 10, 14, 13, 13, 12, 12]
        print("Lottie: every frame at native size, median of \(rounds) rounds, ms per frame (ours: the player view in a headless window, software renderer; "
              + "ThorVG\(thorvgAPI.map { " " + $0.version } ?? ""): no worker threads)")
        print("file".padding(toLength: 40, withPad: " ", startingAt: 0)
              + columns(["frames", "ours", "rlottie", "thorvg", "ours/rlottie", "ours/thorvg", "rlottie cpu", "thorvg off", "rlottie off"], widths))
        for r in rows {
            let name = (r.file as NSString).lastPathComponent
            print(name.padding(toLength: 40, withPad: " ", startingAt: 0)
                  + columns(["\(r.frames)", cell(r.ours), cell(r.rlottie), cell(r.thorvg), ratio(r.ours, r.rlottie), ratio(r.ours, r.thorvg),
                             cell(r.rlottieCPU), cell(r.thorvgMiddleFrameOff.map { $0 * 100 }, "%.1f%%"),
                             cell(r.rlottieMiddleFrameOff.map { $0 * 100 }, "%.1f%%")], widths))
        }
        print("overall (mean of files)".padding(toLength: 40, withPad: " ", startingAt: 0)
              + columns(["", cell(summary.meanOurs), cell(summary.meanRlottie), cell(summary.meanThorVG), ratio(summary.meanOurs, summary.meanRlottie),
                         ratio(summary.meanOurs, summary.meanThorVG), cell(summary.meanRlottieCPU)], widths))
        print("geometric mean of ours over each: rlottie \(cell(summary.geometricMeanOverRlottie, "%.2f")), ThorVG \(cell(summary.geometricMeanOverThorVG, "%.2f")), "
              + "the faster of the two \(cell(summary.geometricMeanOverFasterPeer, "%.2f")); files over 2x the faster: \(summary.filesOverTwiceFasterPeer.count) "
              + "(over 2x the faster of the peers whose middle frame matches ours: \(summary.filesOverTwiceFasterMatchingPeer.count))")
    }

    /// How a peer lays out a pixel in a `UInt32`: rlottie's ARGB32 (`a << 24 | r << 16 | g << 8 | b`)
    /// or ThorVG's ABGR8888 (`a << 24 | b << 16 | g << 8 | r`), both premultiplied.
    enum PixelLayout { case argb, abgr }

    /// Draws `animation`'s middle frame (of the peer's `frames`) by ours (a composition's display
    /// list on a transparent background, as `timeline render` draws it) and by the peer (`render`
    /// draws its frame into a buffer), and returns the share of pixels off by more than 48/255 in
    /// a straight channel. Warns on stderr when the peer's frame is blank and ours is not.
    @MainActor
    static func compareMiddleFrame(of animation: LottieAnimation, peer: String, frames: Int, file: String, width: Int, height: Int,
                                   layout: PixelLayout, render: (Int, UnsafeMutablePointer<UInt32>) -> Void) throws -> Double {
        let middle = frames / 2
        let composition = LottieComposition(animation: animation)
        composition.setFrame(animation.startFrame + Double(middle))
        let renderer = try ImageRenderer(pixelWidth: width, pixelHeight: height)
        renderer.render(composition.displayList(scale: 1))
        let ours = renderer.image()
        var pixels = [UInt32](repeating: 0, count: width * height)
        pixels.withUnsafeMutableBufferPointer { render(middle, $0.baseAddress!) }
        var bytes = [UInt8]()
        bytes.reserveCapacity(4 * pixels.count)
        for p in pixels {
            let (first, last) = layout == .abgr ? (p, p >> 16) : (p >> 16, p)
            bytes += [UInt8(truncatingIfNeeded: first), UInt8(truncatingIfNeeded: p >> 8), UInt8(truncatingIfNeeded: last), UInt8(truncatingIfNeeded: p >> 24)]
        }
        var theirs = RGBAImage(width: width, height: height, bytes: bytes)!
        theirs.unpremultiply()
        let blank = { (image: RGBAImage) in stride(from: 3, to: image.bytes.count, by: 4).allSatisfy { image.bytes[$0] == 0 } }
        if blank(theirs) && !blank(ours) {
            printToStandardError("timeline bench lottie: \(peer) drew frame \(middle) of \(file) blank where ours is not; its time may not compare")
        }
        return theirs.difference(from: ours, tolerance: 48).fractionOff
    }

    /// The figures over all files.
    struct Summary: Sendable, Equatable {
        /// Arithmetic means over files, ms per frame (a peer's only when it timed every file).
        var meanOurs: Double, meanRlottie: Double?, meanRlottieCPU: Double?, meanThorVG: Double?
        /// Geometric means of ours over the peer's, per file, over the files the peer timed.
        var geometricMeanOverRlottie: Double?, geometricMeanOverThorVG: Double?, geometricMeanOverFasterPeer: Double?
        /// The files where ours took more than twice the faster peer's time (LT11's bound).
        var filesOverTwiceFasterPeer: [String]
        /// The files where ours took more than twice the time of the faster of the peers whose
        /// middle frame matches ours (``Row/fasterMatchingPeer``).
        var filesOverTwiceFasterMatchingPeer: [String]

        init(rows: [Row]) {
            func mean(_ values: [Double?]) -> Double? {
                let known = values.compactMap { $0 }
                return known.count == values.count && !known.isEmpty ? known.reduce(0, +) / Double(known.count) : nil
            }
            meanOurs = mean(rows.map(\.ours)) ?? 0
            meanRlottie = mean(rows.map(\.rlottie))
            meanRlottieCPU = mean(rows.map(\.rlottieCPU))
            meanThorVG = mean(rows.map(\.thorvg))
            func ratios(_ peer: (Row) -> Double?) -> Double? {
                Summary.geometricMean(rows.compactMap { r in peer(r).map { r.ours / $0 } })
            }
            geometricMeanOverRlottie = ratios(\.rlottie)
            geometricMeanOverThorVG = ratios(\.thorvg)
            geometricMeanOverFasterPeer = ratios(\.fasterPeer)
            filesOverTwiceFasterPeer = rows.filter { r in r.fasterPeer.map { r.ours > 2 * $0 } ?? false }.map(\.file)
            filesOverTwiceFasterMatchingPeer = rows.filter { r in r.fasterMatchingPeer.map { r.ours > 2 * $0 } ?? false }.map(\.file)
        }

        /// The geometric mean of the positive, finite `values`; nil when there is none. A ratio
        /// of zero or infinity (a time too small to measure) would decide the mean alone, so it
        /// is left out.
        static func geometricMean(_ values: [Double]) -> Double? {
            let usable = values.filter { $0 > 0 && $0.isFinite }
            guard !usable.isEmpty else { return nil }
            return exp(usable.reduce(0) { $0 + log($1) } / Double(usable.count))
        }
    }

    /// The `--json` report. Fields are only ever added (scripts read them): the files' own, then
    /// `overall` with the means, the geometric means and ThorVG's version.
    static func json(rows: [Row], summary: Summary, thorvgVersion: String?) -> String {
        func number(_ v: Double?) -> String { v.map { fmt($0, digits: 4) } ?? "null" }
        var out = "{\"files\": ["
        out += rows.map { r in
            "{\"file\": \"\(r.file.jsonEscaped)\", \"frames\": \(r.frames), \"ours_ms_per_frame\": \(number(r.ours)), "
                + "\"rlottie_ms_per_frame\": \(number(r.rlottie)), \"rlottie_cpu_ms_per_frame\": \(number(r.rlottieCPU)), "
                + "\"thorvg_ms_per_frame\": \(number(r.thorvg)), \"thorvg_middle_frame_off\": \(number(r.thorvgMiddleFrameOff)), "
                + "\"rlottie_middle_frame_off\": \(number(r.rlottieMiddleFrameOff))}"
        }.joined(separator: ", ")
        out += "], \"overall\": {\"ours_ms_per_frame\": \(number(summary.meanOurs)), \"rlottie_ms_per_frame\": \(number(summary.meanRlottie)), "
            + "\"rlottie_cpu_ms_per_frame\": \(number(summary.meanRlottieCPU)), \"thorvg_ms_per_frame\": \(number(summary.meanThorVG)), "
            + "\"geomean_ours_over_rlottie\": \(number(summary.geometricMeanOverRlottie)), "
            + "\"geomean_ours_over_thorvg\": \(number(summary.geometricMeanOverThorVG)), "
            + "\"geomean_ours_over_faster_peer\": \(number(summary.geometricMeanOverFasterPeer)), "
            + "\"files_over_2x_faster_peer\": [\(summary.filesOverTwiceFasterPeer.map { "\"\($0.jsonEscaped)\"" }.joined(separator: ", "))], "
            + "\"files_over_2x_faster_matching_peer\": [\(summary.filesOverTwiceFasterMatchingPeer.map { "\"\($0.jsonEscaped)\"" }.joined(separator: ", "))], "
            + "\"thorvg_version\": \(thorvgVersion.map { "\"\($0.jsonEscaped)\"" } ?? "null")}}"
        return out
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
