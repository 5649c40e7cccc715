import Foundation
import Testing

/// DX2: the commands the article "Measure a frame from the CLI" (Sources/Timeline/Timeline.docc)
/// shows under `<!-- cli: NAME -->` run as written, and print what the article says they print.
@Suite("DX2 the CLI article's commands")
struct DocsCLITests {
    static let article = CLI.packageRoot.appendingPathComponent("Sources/Timeline/Timeline.docc/MeasureAFrameFromTheCLI.md")
    static let exportArticle = CLI.packageRoot.appendingPathComponent("Sources/Timeline/Timeline.docc/ExportASceneAsLottieGIFOrVideo.md")

    /// The article's `$ timeline …` command under each `<!-- cli: NAME -->` marker, as arguments.
    static func commands(in file: URL = article) throws -> [String: [String]] {
        let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        var result: [String: [String]] = [:]
        for (i, line) in lines.enumerated() where line.hasPrefix("<!-- cli: ") {
            let name = line.dropFirst("<!-- cli: ".count).replacingOccurrences(of: "-->", with: "").trimmingCharacters(in: .whitespaces)
            if let command = lines.dropFirst(i + 1).prefix(3).first(where: { $0.hasPrefix("$ timeline ") }) {
                result[name] = command.dropFirst("$ timeline ".count).split(separator: " ").map(String.init)
            }
        }
        return result
    }

    @Test("DX2: the article's `timeline step --json` prints fps and frames with every view's values")
    func DX2_stepJSON() throws {
        let args = try #require(try Self.commands()["step"])
        #expect(args.contains("--json"))
        let r = try CLI.run(args)
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(json["fps"] as? Int == 60)
        let frames = try #require(json["frames"] as? [[String: Any]])
        #expect(frames.count == 3)
        let panel = try #require((frames.first?["views"] as? [String: Any])?["panel"] as? [String: Any])
        for key in ["x", "y", "width", "height", "alpha", "cornerRadius", "color", "rotation", "scaleX", "scaleY"] {
            #expect(panel[key] != nil, "the article lists \(key)")
        }
        #expect(panel["y"] as? Double == 40 && panel["cornerRadius"] as? Double == 12 && panel["color"] as? String == "#3366ccff")
    }

    @Test("DX2: the article's `timeline bench frame` prints the phase table it shows")
    func DX2_benchFrame() throws {
        let args = try #require(try Self.commands()["bench"])
        let r = try CLI.run(args + ["--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.components(separatedBy: "\n")
        let header = try #require(lines.first { $0.hasPrefix("phase") })
        #expect(header.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                == "phase p50 ms p90 ms p99 ms max ms over budget")
        for phase in ["events", "animation", "constraints", "layout", "display", "render", "total"] {
            #expect(lines.contains { $0.hasPrefix(phase + " ") }, "the article lists the phase \(phase)")
        }
    }

    /// The export article's command `name`, its `--out` file moved into a fresh directory.
    static func exportCommand(_ name: String) throws -> (arguments: [String], out: URL) {
        var args = try #require(try commands(in: exportArticle)[name])
        let i = try #require(args.firstIndex(of: "--out"))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("dx2-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let out = dir.appendingPathComponent(args[i + 1])
        args[i + 1] = out.path
        return (args + ["--quiet"], out)
    }

    @Test("DX2: the export article's GIF, APNG and Lottie commands write what it says")
    func DX2_exportArticle() throws {
        let gif = try Self.exportCommand("gif")
        let g = try CLI.run(gif.arguments)
        #expect(g.status == 0 && (g.stdout + g.stderr).contains(": GIF, 25 frames at 25 fps"), "\(g.stdout)\(g.stderr)")
        #expect(try Data(contentsOf: gif.out).prefix(6) == Data("GIF89a".utf8))

        let apng = try Self.exportCommand("apng")
        let a = try CLI.run(apng.arguments)
        #expect(a.status == 0 && (a.stdout + a.stderr).contains(": APNG, 30 frames at 30 fps"), "\(a.stdout)\(a.stderr)")
        let png = try Data(contentsOf: apng.out)
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) && png.range(of: Data("acTL".utf8)) != nil)

        let lottie = try Self.exportCommand("lottie")
        let l = try CLI.run(lottie.arguments)
        #expect(l.status == 0 && (l.stdout + l.stderr).contains(": Lottie, 30 frames at 30 fps"), "\(l.stdout)\(l.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: lottie.out)) as? [String: Any])
        #expect((json["fr"] as? Double) == 30 && (json["op"] as? Double) == 30 && ((json["layers"] as? [Any])?.isEmpty == false))
        for dir in [gif.out, apng.out, lottie.out].map({ $0.deletingLastPathComponent() }) { try? FileManager.default.removeItem(at: dir) }
    }
}
