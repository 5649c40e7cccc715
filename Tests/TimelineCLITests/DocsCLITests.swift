import Foundation
import Testing

/// DX2: the commands the article "Measure a frame from the CLI" (Sources/Timeline/Timeline.docc)
/// shows under `<!-- cli: NAME -->` run as written, and print what the article says they print.
@Suite("DX2 the CLI article's commands")
struct DocsCLITests {
    static let article = CLI.packageRoot.appendingPathComponent("Sources/Timeline/Timeline.docc/MeasureAFrameFromTheCLI.md")

    /// The article's `$ timeline …` command under each `<!-- cli: NAME -->` marker, as arguments.
    static func commands() throws -> [String: [String]] {
        let lines = try String(contentsOf: article, encoding: .utf8).components(separatedBy: "\n")
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
}
