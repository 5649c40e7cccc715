import Foundation
import Testing

/// LT4 on the command line: `render SCENE --from --to --out X.json` writes a Lottie file, and bad
/// arguments or a scene with nothing to draw are errors naming what is wrong, with nothing
/// written.
@Suite("LT4 Lottie export on the command line")
struct LottieExportCLITests {
    /// A folder of the test's own (the suite's tests run in parallel).
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lt4-\(getpid())-\(UUID().uuidString)")

    func prepare() throws { try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true) }

    @Test("LT4 render SCENE --from --to --out X.json writes a Bodymovin 5.7 file of the range's frames and says what it holds")
    func LT4_writesLottie() throws {
        try prepare()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("hello.json").path
        let r = try CLI.run(["render", "Assets/scenes/hello.json", "--from", "0.4", "--to", "1.4", "--fps", "30", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("wrote \(out): Lottie, 30 frames at 30 fps"), "\(r.stderr)")
        #expect(!r.stderr.contains("text is not exported"))                       // the title goes as outlines
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any])
        #expect(json["v"] as? String == "5.7.0")
        #expect(json["fr"] as? Int == 30 && json["ip"] as? Int == 0 && json["op"] as? Int == 30)
        #expect(json["w"] as? Int == 800 && json["h"] as? Int == 600)
        let names = (json["layers"] as? [[String: Any]] ?? []).compactMap { $0["nm"] as? String }
        #expect(names.contains("window background") && names.contains("free"))
        // The file plays: render reads it back as a Lottie animation.
        let png = dir.appendingPathComponent("frame.png").path
        let back = try CLI.run(["render", out, "--frame", "10", "--out", png])
        #expect(back.status == 0, "\(back.stderr)")
        #expect(back.stdout.contains("(of 30)"))
    }

    @Test("LT4 a move on the scene's own cubic-bezier curve is one exact bezier keyframe pair")
    func LT4_sceneCurve() throws {
        try prepare()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("curve-scene.json")
        try #"""
        {"size": [200, 100], "views": [{"id": "box", "parent": "root", "frame": [10, 10, 30, 30], "color": "#3366ccff"}],
         "animations": [{"at": 0, "duration": 1, "curve": [0.2, 0.9, 0.3, 1], "changes": [{"view": "box", "frame": [150, 50, 30, 30]}]}]}
        """#.write(to: scene, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("curve.json").path
        let r = try CLI.run(["render", scene.path, "--from", "0", "--to", "1.5", "--fps", "30", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any])
        let box = try #require((json["layers"] as? [[String: Any]])?.first { $0["nm"] as? String == "box" })
        let keys = try #require(((box["ks"] as? [String: Any])?["p"] as? [String: Any])?["k"] as? [[String: Any]])
        #expect(keys.map { $0["t"] as? Int } == [0, 30, 44])               // the move, then at rest
        #expect((keys[0]["o"] as? [String: Any])?["x"] as? [Double] == [0.2])
        #expect((keys[0]["o"] as? [String: Any])?["y"] as? [Double] == [0.9])
        #expect((keys[0]["i"] as? [String: Any])?["x"] as? [Double] == [0.3])
    }

    @Test("LT4 an empty range, --from after --to and --fps 0 are errors naming the argument; nothing is written",
          arguments: [(["--from", "0.5", "--to", "0.5"], "--from 0.5 --to 0.5 holds no frame"),
                      (["--from", "1", "--to", "0.5"], "--from 1.0 --to 0.5 holds no frame"),
                      (["--from", "0", "--to", "1", "--fps", "0"], "--fps must be a whole number from 1 to 240")])
    func LT4_badArguments(_ arguments: [String], _ message: String) throws {
        try prepare()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("bad.json").path
        let r = try CLI.run(["render", "Assets/scenes/hello.json"] + arguments + ["--out", out])
        #expect(r.status != 0)
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("LT4 a scene that draws nothing is an error saying so; nothing is written")
    func LT4_emptyScene() throws {
        try prepare()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("empty-scene.json")
        try #"{"size": [100, 80], "views": []}"#.write(to: scene, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("empty.json").path
        let r = try CLI.run(["render", scene.path, "--from", "0", "--to", "0.5", "--out", out])
        #expect(r.status != 0)
        #expect(r.stderr.contains("the scene draws nothing in the range"), "\(r.stderr)")
        #expect(r.stderr.contains("nothing was written"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("LT4 a Lottie file cannot be exported as Lottie (a clear error, nothing written)")
    func LT4_lottieToLottie() throws {
        try prepare()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("again.json").path
        let r = try CLI.run(["render", "Tests/LottieTests/Corpus/shape_ellipse.json", "--from", "0", "--to", "0.5", "--out", out])
        #expect(r.status != 0)
        #expect(r.stderr.contains("is a Lottie file already"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
