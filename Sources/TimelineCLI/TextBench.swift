import ArgumentParser
import FrameTiming
import Foundation
import Geometry
@_spi(Bench) import TextEngine
import TimelineSDL
import Timeline

/// `timeline bench text`: issue 23's reach. (1) Shaping 1,000 paragraphs of 200 characters as
/// layout does, against HarfBuzz called directly on the same runs, side by side; (2) a steady
/// frame of 1,000 unchanged labels: shaping calls and glyph rasterisations counted (both must
/// be 0); (3) a paragraph whose width changes every frame: the whole frame's cost.
struct TextBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "text",
        abstract: "Measure text: shaping against HarfBuzz alone, steady frames of labels, a reflowing paragraph.")

    @Option(help: "Paragraphs shaped per round.") var paragraphs = 1_000
    @Option(help: "Rounds of the shaping comparison (medians are printed).") var rounds = 15
    @Option(help: "Labels in the steady-frame case.") var labels = 1_000
    @Option(help: "Frames measured in the frame cases.") var frames = 120
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        guard (1...100_000).contains(paragraphs) else { throw ValidationError("--paragraphs must be 1 to 100000; got \(paragraphs)") }
        guard (3...1_000).contains(rounds) else { throw ValidationError("--rounds must be 3 to 1000; got \(rounds)") }
        guard (1...100_000).contains(labels) else { throw ValidationError("--labels must be 1 to 100000; got \(labels)") }
        guard frames >= 10 else { throw ValidationError("--frames must be at least 10; got \(frames)") }
    }

    /// Deterministic paragraphs of `length` characters from a word list.
    static func paragraphs(_ n: Int, length: Int = 200) -> [String] {
        let words = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "typography", "kerning", "AVATAR",
                     "office", "affluent", "layout", "engine", "frame", "Wave", "To", "glyph", "shaping", "paragraph"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        return (0..<n).map { _ in
            var s = ""
            while s.count < length { s += (s.isEmpty ? "" : " ") + words[next() % words.count] }
            return String(s.prefix(length))
        }
    }

    func run() throws {
        let (paragraphs, rounds, labels, frames, json) = (self.paragraphs, self.rounds, self.labels, self.frames, self.json)
        let text: String = MainActor.assumeIsolated {
            do {
                let shaping = try TextBench.shaping(paragraphs: paragraphs, rounds: rounds)
                let steady = try TextBench.steady(labels: labels, frames: frames)
                let reflow = try TextBench.reflow(frames: frames)
                let ratio = shaping.ours / shaping.direct
                if json {
                    return "{\"text\": [{\"case\": \"shaping\", \"paragraphs\": \(paragraphs), \"ours_ms\": \(shaping.ours), "
                        + "\"harfbuzz_ms\": \(shaping.direct), \"ratio\": \(ratio), \"layout_ms\": \(shaping.layout)}, "
                        + "{\"case\": \"steady_labels\", \"labels\": \(labels), \"shaping_calls\": \(steady.shaped), "
                        + "\"glyph_rasterizations\": \(steady.rasterized), \"p50_ms\": \(steady.p50)}, "
                        + "{\"case\": \"reflow\", \"p50_ms\": \(reflow.p50), \"p99_ms\": \(reflow.p99)}]}"
                }
                let rows = [["case", "figure", "note"],
                            ["shape \(paragraphs) paragraphs of 200 characters", "\(fmt(shaping.ours, digits: 2)) ms",
                             "median of \(rounds); HarfBuzz alone on the same runs \(fmt(shaping.direct, digits: 2)) ms: "
                             + "\(fmt(ratio, digits: 2))x (target 1.25x)"],
                            ["lay out the same at 320 points", "\(fmt(shaping.layout, digits: 2)) ms", "shaping, bidi, UAX #14 breaks, lines"],
                            ["\(labels) unchanged labels, \(frames) frames", "\(steady.shaped) shaped, \(steady.rasterized) rasterised",
                             "all repainted each frame: p50 \(fmt(steady.p50, digits: 3)) ms (target: 0 and 0)"],
                            ["a paragraph reflowing every frame", "p50 \(fmt(reflow.p50, digits: 3)) ms",
                             "p99 \(fmt(reflow.p99, digits: 3)) ms: whole frame, 1280x720 (60 fps: under 16.7 ms)"]]
                return table(rows, rightAligned: [1])
            } catch {
                return "error: \(error)"
            }
        }
        if text.hasPrefix("error: ") {
            printToStandardError("timeline bench text: \(text.dropFirst(7))")
            throw ExitCode(1)
        }
        print(text)
    }

    /// Median milliseconds per round: ours, HarfBuzz alone, and a whole layout at 320 points.
    @MainActor static func shaping(paragraphs n: Int, rounds: Int) throws -> (ours: Double, direct: Double, layout: Double) {
        let fonts = try FontSystem()
        let style = TextStyle(font: .systemFont(ofSize: 15))
        let texts = Self.paragraphs(n).map { StyledText($0, style: style) }
        let runs = texts.map { fonts.shapingRuns($0) }
        var ours: [Double] = [], direct: [Double] = [], layout: [Double] = []
        var sink = 0
        for _ in 0..<rounds {
            // Side by side, alternating, so drift on a shared machine hits both alike.
            var t = DispatchTime.now().uptimeNanoseconds
            for s in texts { sink &+= fonts.shapeAsLayoutDoes(s) }
            ours.append(Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6)
            t = DispatchTime.now().uptimeNanoseconds
            for (s, r) in zip(texts, runs) { sink &+= fonts.shapeDirectly(s, runs: r) }
            direct.append(Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6)
            t = DispatchTime.now().uptimeNanoseconds
            for s in texts { sink &+= TextLayout(s, in: fonts, width: 320).lines.count }
            layout.append(Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6)
        }
        if sink == 42 { print("") }                                    // keeps the work observable
        func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
        return (median(ours), median(direct), median(layout))
    }

    /// `n` labels in a 1280x720 window painted by the image renderer; after warming up, frames in
    /// which the labels are unchanged but all repainted (a translucent veil over the window changes
    /// colour every frame): shaping calls and rasterisations in them, and the frame's p50.
    @MainActor static func steady(labels n: Int, frames: Int) throws -> (shaped: Int, rasterized: Int, p50: Double) {
        let size = Size(width: 1280, height: 720)
        let image = try ImageRenderer(pixelWidth: Int(size.width), pixelHeight: Int(size.height))
        let host = HeadlessHost(size: size)
        host.window.renderer = image
        host.runLoop.keepsRunningWhenIdle = true
        host.runLoop.measuresPhases = true
        let words = Self.paragraphs(n, length: 14)
        for i in 0..<n {
            let label = Label(text: words[i], fontSize: 11)
            label.translatesAutoresizingMaskIntoConstraints = true
            label.frame = Rect(x: Double(i % 12) * 106, y: Double(i / 12 % 48) * 15, width: 104, height: 15)
            host.root.addSubview(label)
        }
        let veil = View(frame: Rect(origin: .zero, size: size))
        veil.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.1)
        host.root.addSubview(veil)
        host.step(frames: 30)
        let shaped0 = host.window.fontSystem.shapingCount, raster0 = image.painter.glyphsRasterized
        var samples: [Double] = []
        for k in 0..<frames {
            veil.backgroundColor = Color(red: 0, green: 0, blue: Double(k % 2), alpha: 0.1)
            host.step()
            samples.append(Double(host.runLoop.phaseNanoseconds.reduce(0, +)) / 1e6)
        }
        return (host.window.fontSystem.shapingCount - shaped0, image.painter.glyphsRasterized - raster0,
                AnimationBench.percentiles(samples).0)
    }

    /// A 200-word paragraph whose width changes every frame (between 200 and 600 points).
    @MainActor static func reflow(frames: Int) throws -> (p50: Double, p99: Double) {
        let size = Size(width: 1280, height: 720)
        let image = try ImageRenderer(pixelWidth: Int(size.width), pixelHeight: Int(size.height))
        let host = HeadlessHost(size: size)
        host.window.renderer = image
        host.runLoop.keepsRunningWhenIdle = true
        host.runLoop.measuresPhases = true
        let label = Label(text: Self.paragraphs(1, length: 1_200)[0], fontSize: 15)
        label.numberOfLines = 0
        label.translatesAutoresizingMaskIntoConstraints = true
        host.root.addSubview(label)
        var samples: [Double] = []
        for k in 0..<(frames + 30) {
            let w = 400 + 200 * sin(Double(k) / 20)
            label.frame = Rect(x: 20, y: 20, width: w, height: 680)
            host.step()
            if k >= 30 { samples.append(Double(host.runLoop.phaseNanoseconds.reduce(0, +)) / 1e6) }
        }
        return AnimationBench.percentiles(samples)
    }
}
