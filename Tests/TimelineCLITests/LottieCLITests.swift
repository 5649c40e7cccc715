import Foundation
import Testing
import TimelineSDL

/// LT3: Lottie files on the command line: frames rendered at the animation's size on a
/// transparent background, bad files' errors with their JSON path, the bench's JSON contract.
@Suite("LT3 Lottie on the command line")
struct LottieCLITests {
    /// A folder of the test's own (the suite's tests run in parallel).
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("lt3-\(getpid())-\(UUID().uuidString)")

    @Test("LT3: render ANIM.json --frame K draws frame K from the in-point at its own size, transparent around the shapes, colours straight")
    @MainActor
    func LT3_renderFrame() throws {
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        let png = out.appendingPathComponent("solid.png").path
        let r = try CLI.run(["render", "Tests/LottieTests/Corpus/transform_opacity.json", "--frame", "15", "--out", png])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("frame 15.00 (of 30)"))
        let image = try RGBAImage.load(path: png)
        #expect(image.width == 200 && image.height == 200)
        #expect(image.bytes[3] == 0)                                          // the corner is transparent
        // Some pixel is translucent (the fading shape) with its colour as drawn, not darkened.
        var translucentStraight = false
        for p in 0..<(image.width * image.height) where image.bytes[p * 4 + 3] > 20 && image.bytes[p * 4 + 3] < 235 {
            if max(image.bytes[p * 4], image.bytes[p * 4 + 1], image.bytes[p * 4 + 2]) > 200 { translucentStraight = true; break }
        }
        #expect(translucentStraight)
    }

    @Test("LT3/LT8: a bad Lottie file is an error naming the JSON path, with a non-zero exit")
    func LT3_badFile() throws {
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        let bad = out.appendingPathComponent("bad.json")
        try #"{"v":"5","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ks":{"o":{"a":0,"k":"x"}},"shapes":[]}]}"#
            .write(to: bad, atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", bad.path, "--frame", "0", "--out", out.appendingPathComponent("x.png").path])
        #expect(r.status != 0)
        #expect(r.stderr.contains("layers[0].ks.o.k: expected a number or an array of numbers, found a string"), "\(r.stderr)")
    }

    @Test("LT3: a Lottie file whose frame rate and points come after 64 KiB of layers is still drawn as Lottie")
    @MainActor
    func LT3_keysAtTheEnd() throws {
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        // Exporters may write "assets" and "layers" first; 70 KiB of layer names push the keys past the head.
        let layer = #"{"ty":4,"nm":"\#(String(repeating: "x", count: 70_000))","ip":0,"op":10,"st":0,"ks":{},"shapes":[]}"#
        let file = out.appendingPathComponent("late.json")
        try #"{"assets":[],"layers":[\#(layer)],"v":"5.7.0","fr":30,"ip":0,"op":10,"w":40,"h":30}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let png = out.appendingPathComponent("late.png").path
        let r = try CLI.run(["render", file.path, "--frame", "0", "--out", png])
        #expect(r.status == 0, "\(r.stderr)")
        let image = try RGBAImage.load(path: png)
        #expect(image.width == 40 && image.height == 30)
    }

    @Test("LT3: bench lottie --json prints the issue's fields per file and overall")
    func LT3_benchJSON() throws {
        let r = try CLI.run(["bench", "lottie", "Tests/LottieTests/Corpus/shape_ellipse.json", "--rounds", "1", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.count == 1)
        #expect(files[0]["file"] as? String == "Tests/LottieTests/Corpus/shape_ellipse.json")
        #expect(files[0]["frames"] as? Int == 30)
        #expect((files[0]["ours_ms_per_frame"] as? Double ?? 0) > 0)
        #expect(files[0].keys.contains("rlottie_ms_per_frame"))              // null when librlottie is not installed
        #expect(files[0].keys.contains("rlottie_cpu_ms_per_frame"))          // its CPU time, every thread's
        #expect(json["overall"] is [String: Any])
    }
}
