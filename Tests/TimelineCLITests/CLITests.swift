import Foundation
import Testing

/// Runs the built `timeline` executable (it sits next to the test bundle after
/// `swift build --build-tests`) and compares whole outputs.
struct CLI {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var executable: URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("timeline"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("timeline"),
            packageRoot.appendingPathComponent(".build/debug/timeline"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    struct Result { var status: Int32; var stdout: String; var stderr: String }

    static func run(_ arguments: [String], environment: [String: String?] = [:]) throws -> Result {
        guard let exe = executable else { throw CLIError.notBuilt }
        let p = Process()
        p.executableURL = exe
        p.arguments = arguments
        if !environment.isEmpty {
            var env = ProcessInfo.processInfo.environment
            for (k, v) in environment { env[k] = v }
            p.environment = env
        }
        p.currentDirectoryURL = packageRoot
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    enum CLIError: Error { case notBuilt }
}

@Suite("C4, C5 the timeline command")
struct CLITests {
    @Test("C4: layout prints every view's frame as an aligned table (text measured with the shipped font)")
    func C4_layoutTable() throws {
        let r = try CLI.run(["layout", "Assets/scenes/hello.json"])
        #expect(r.status == 0)
        #expect(r.stdout == """
        layout of Assets/scenes/hello.json at 800x600
        view   parent    x    y  width  height
        root   -         0    0    800     600
        panel  root     20   40    400      40
        title  panel   177  9.5     46      21
        free   root     10   10     50      50
        no diagnostics

        """)
    }

    @Test("C4/C5: layout --json prints the contract's shape, at the requested size")
    func C4_layoutJSON() throws {
        let r = try CLI.run(["layout", "Assets/scenes/hello.json", "--json", "--size", "400x300"])
        #expect(r.status == 0)
        #expect(r.stdout == """
        {"views": {"root": {"x": 0, "y": 0, "width": 400, "height": 300}, "panel": {"x": 20, "y": 40, "width": 200, "height": 40}, "title": {"x": 77, "y": 9.5, "width": 46, "height": 21}, "free": {"x": 10, "y": 10, "width": 50, "height": 50}}, "diagnostics": []}

        """)
        let parsed = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect((parsed?["views"] as? [String: Any])?.count == 4)
    }

    @Test("C4: unsatisfiable and ambiguous layouts are reported in the JSON diagnostics")
    func C4_diagnostics() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("conflict.json")
        try """
        {"size": [300, 200], "views": [{"id": "a"}, {"id": "loose"}],
         "constraints": ["a.leading == root.leading", "a.top == root.top", "a.height == 10",
                         {"id": "narrow", "expr": "a.width == 10"}, {"id": "wide", "expr": "a.width == 20"},
                         "loose.width == 5", "loose.height == 5"]}
        """.write(to: file, atomically: true, encoding: .utf8)
        let r = try CLI.run(["layout", file.path, "--json"])
        #expect(r.status == 0)
        let parsed = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let diagnostics = parsed["diagnostics"] as! [[String: Any]]
        #expect(diagnostics.map { $0["kind"] as! String } == ["unsatisfiableConstraints", "ambiguousLayout"])
        #expect(diagnostics[0]["broken"] as? String == "wide")
        #expect(diagnostics[1]["views"] as? [String] == ["loose"])
        let a = (parsed["views"] as! [String: Any])["a"] as! [String: Double]
        #expect(a["width"] == 10)
    }

    @Test("C5: a bad scene names file, line and column on stderr and exits non-zero")
    func C5_badScene() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("bad.json")
        try "{\"size\": [800, 600],\n \"constraints\": [\"panel.top == root.top\"]}".write(to: file, atomically: true, encoding: .utf8)
        let r = try CLI.run(["layout", file.path])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == "\(file.path):2:19: error: in constraint \"panel.top == root.top\": unknown id 'panel': expected 'root' or a view id\n")
        let missing = try CLI.run(["layout", dir.appendingPathComponent("none.json").path])
        #expect(missing.status == 1 && missing.stderr.contains("cannot read the file"))
    }

    @Test("C5: bad arguments are validation errors with a clear message")
    func C5_badArguments() throws {
        let r = try CLI.run(["layout", "Assets/scenes/hello.json", "--size", "0x600"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("--size must be WxH"))
        let b = try CLI.run(["bench", "cycle", "--views", "1"])
        #expect(b.status != 0 && b.stderr.contains("--views must be 2 to 100000; got 1"))
    }

    @Test("Z1: size arguments past the canvas limit are errors that name it, for every command that takes one",
          arguments: [["layout", "Assets/scenes/hello.json"], ["step", "Assets/scenes/hello.json"],
                      ["render", "Assets/scenes/hello.json", "--frame", "0", "--out", "/tmp/z1.png"], ["bench", "render"]])
    func Z1_sizeLimits(command: [String]) throws {
        for size in ["3000000000x10", "1e19x1", "16385x10", "nanx10"] {
            let r = try CLI.run(command + ["--size", size])
            #expect(r.status != 0, "\(command) \(size)")
            #expect(r.stderr.contains("--size must be WxH with positive numbers up to 16384"), "\(command) \(size): \(r.stderr)")
        }
    }

    @Test("Z3: render refuses to write over its input scene, and leaves no partial file behind")
    func Z3_outputNeverOverwritesInput() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("z3-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("scene.json").path
        try FileManager.default.copyItem(atPath: "Assets/scenes/hello.json", toPath: scene)
        let before = try Data(contentsOf: URL(fileURLWithPath: scene))
        let r = try CLI.run(["render", scene, "--frame", "0", "--out", scene])
        #expect(r.status != 0 && r.stderr.contains("that is the input file"), "\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: scene)) == before)
        // Through a symbolic link to the input, too: the link is resolved when comparing.
        let link = dir.appendingPathComponent("link.png").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: scene)
        let l = try CLI.run(["render", scene, "--frame", "0", "--out", link])
        #expect(l.status != 0 && l.stderr.contains("that is the input file"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: scene)) == before)
        // A symbolic link to another file is replaced, not followed.
        let other = dir.appendingPathComponent("other.txt").path
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: other))
        let link2 = dir.appendingPathComponent("out.png").path
        try FileManager.default.createSymbolicLink(atPath: link2, withDestinationPath: other)
        let ok = try CLI.run(["render", scene, "--frame", "0", "--out", link2])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(try String(contentsOfFile: other, encoding: .utf8) == "keep me")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link2)) == nil)   // now a file
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }
}

@Suite("C3 timeline step")
struct StepCLITests {
    @Test("C3: step --json prints every view's presentation values at every frame")
    func C3_stepJSON() throws {
        let r = try CLI.run(["step", "Assets/scenes/hello.json", "--frames", "40", "--json"])
        #expect(r.status == 0)
        let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        #expect(doc["fps"] as? Int == 60)
        let frames = doc["frames"] as! [[String: Any]]
        #expect(frames.count == 40)
        #expect((frames[0]["index"] as? Int) == 0 && (frames[0]["time"] as? Double) == 0)
        let panel = { (i: Int) in (frames[i]["views"] as! [String: [String: Any]])["panel"]! }
        #expect(panel(30)["y"] as? Double == 40)                                 // t = 0.5: progress 0
        #expect((panel(39)["y"] as! Double) > 40)
        #expect(panel(0)["alpha"] as? Double == 1)
        #expect(Set((frames[0]["views"] as! [String: Any]).keys) == ["root", "panel", "title", "free"])
    }

    @Test("C3: --trace streams the update-cycle calls as JSON lines")
    func C3_trace() throws {
        let r = try CLI.run(["step", "Assets/scenes/hello.json", "--frames", "2", "--trace"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").filter { $0.hasPrefix("{\"frame\"") }
        #expect(lines.first == #"{"frame": 0, "phase": "constraints", "view": "root", "call": "updateConstraints"}"#)
        #expect(lines.contains(#"{"frame": 0, "phase": "layout", "view": "panel", "call": "layoutSubviews"}"#))
    }

    @Test("C3: step renders chosen frames to PNG and keeps stdout the JSON")
    func C3_stepRendersFrames() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-step-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLI.run(["step", "Assets/scenes/hello.json", "--frames", "5", "--json", "--png", "0,4", "--out", dir.path + "/s{frame}.png"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) is [String: Any])
        #expect(r.stderr == "frame 0 -> \(dir.path)/s0.png\nframe 4 -> \(dir.path)/s4.png\n")
        let missing = try CLI.run(["step", "Assets/scenes/hello.json", "--png", "3"])
        #expect(missing.status != 0 && missing.stderr.contains("--png needs --out"))
    }

    @Test("C5/E4: step rejects an fps outside 1...240 and a frame count below 1")
    func C5_stepValidation() throws {
        let r = try CLI.run(["step", "Assets/scenes/hello.json", "--fps", "241"])
        #expect(r.status != 0 && r.stderr.contains("--fps must be a whole number from 1 to 240; got 241"))
        let z = try CLI.run(["step", "Assets/scenes/hello.json", "--frames", "0"])
        #expect(z.status != 0 && z.stderr.contains("--frames must be at least 1"))
    }
}

@Suite("D1, C3 timeline render")
struct RenderCLITests {
    func tempDir() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test("D1: render writes a PNG of the chosen frame with no window, at the requested scale")
    func D1_renderFrame() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("hello.png").path
        let r = try CLI.run(["render", "Assets/scenes/hello.json", "--time", "0.7", "--out", out, "--scale", "2"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "frame 42 t=0.700 -> \(out)\n")                 // the first frame at or after 0.7 s
        let png = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        // IHDR: width and height, big-endian, at bytes 16...23: 1600 x 1200 at scale 2.
        let w = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, h = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(w == 1600 && h == 1200)
    }

    @Test("C3: several frames go to files named by frame index")
    func C3_renderSeveral() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLI.run(["render", "Assets/scenes/hello.json", "--frame", "0,30,45", "--out", dir.path + "/f{frame}.png"])
        #expect(r.status == 0, "\(r.stderr)")
        for f in [0, 30, 45] { #expect(FileManager.default.fileExists(atPath: dir.path + "/f\(f).png")) }
    }

    @Test("C5: render's bad input: no frame or time, both, several frames without {frame}, an unwritable path")
    func C5_renderErrors() throws {
        let none = try CLI.run(["render", "Assets/scenes/hello.json", "--out", "/tmp/x.png"])
        #expect(none.status != 0 && none.stderr.contains("give --frame N or --time T"))
        let both = try CLI.run(["render", "Assets/scenes/hello.json", "--frame", "1", "--time", "1", "--out", "/tmp/x.png"])
        #expect(both.status != 0 && both.stderr.contains("not both"))
        let many = try CLI.run(["render", "Assets/scenes/hello.json", "--frame", "1,2", "--out", "/tmp/x.png"])
        #expect(many.status != 0 && many.stderr.contains("{frame}"))
        let bad = try CLI.run(["render", "Assets/scenes/hello.json", "--frame", "0", "--out", "/nonexistent-dir/x.png"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("writing PNG /nonexistent-dir/x.png failed"))
        let scene = try CLI.run(["render", "Assets/scenes/none.json", "--frame", "0", "--out", "/tmp/x.png"])
        #expect(scene.status == 1 && scene.stderr.contains("cannot read the file"))
    }
}

@Suite("C1, C2 timeline bench clock and bench frame")
struct BenchCLITests {
    @Test("C1: a short deterministic run (the manual clock's model, with a stall) prints exactly this table")
    func C1_manualTable() throws {
        let r = try CLI.run(["bench", "clock", "--source", "manual", "--seconds", "1", "--stall", "100"])
        #expect(r.status == 0)
        #expect(r.stdout == """
        clock sources at 60 fps, times in ms
        source  frames  late p50    p99  p99.9    max  interval dev p50      p99      max  dropped  drift  hitch/s  bursts
        manual      54     0.000  0.000  0.000  0.000             0.000  100.000  100.000        6  0.000  101.695       0

        """)
    }

    @Test("C1/C5: and exactly this JSON (the contract's fields, plus burst_frames)")
    func C1_manualJSON() throws {
        let r = try CLI.run(["bench", "clock", "--source", "manual", "--seconds", "1", "--stall", "100", "--json"])
        #expect(r.status == 0)
        #expect(r.stdout == """
        {"fps": 60, "seconds": 1, "sources": [{"name": "manual", "frames": 54, "lateness_ms": {"p50": 0, "p99": 0, "p999": 0, "max": 0}, "interval_deviation_ms": {"p50": 0, "p99": 99.999999, "max": 99.999999}, "dropped": 6, "drift_ms": 0, "hitch_ms_per_s": 101.69491528871013, "burst_frames": 0}]}

        """)
    }

    @Test("C1: the dispatch source runs next to the clock_nanosleep baseline, in that order")
    func C1_dispatchWithBaseline() throws {
        let r = try CLI.run(["bench", "clock", "--seconds", "0.3", "--json"])
        #expect(r.status == 0)
        let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let sources = doc["sources"] as! [[String: Any]]
        #expect(sources.map { $0["name"] as! String } == ["baseline", "dispatch"])
        for s in sources {
            #expect((s["frames"] as! Int) >= 10)
            #expect(Set(s.keys).isSuperset(of: ["name", "frames", "lateness_ms", "interval_deviation_ms", "dropped", "drift_ms", "hitch_ms_per_s"]))
            #expect(Set((s["lateness_ms"] as! [String: Any]).keys) == ["p50", "p99", "p999", "max"])
            #expect(Set((s["interval_deviation_ms"] as! [String: Any]).keys) == ["p50", "p99", "max"])
        }
    }

    @Test("C1: --interleave alternates the baseline and the dispatch clock in slices and says so")
    func C1_interleave() throws {
        let r = try CLI.run(["bench", "clock", "--seconds", "0.5", "--interleave", "0.25", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let sources = doc["sources"] as! [[String: Any]]
        #expect(sources.map { $0["name"] as! String } == ["baseline", "dispatch"])
        #expect(sources.allSatisfy { ($0["note"] as? String) == "interleaved in 0.25 s slices" && ($0["frames"] as! Int) >= 20 })
        let bad = try CLI.run(["bench", "clock", "--interleave", "1", "--stall", "50"])
        #expect(bad.status != 0 && bad.stderr.contains("--interleave and --stall cannot be combined"))
    }

    @Test("R4/C1: the sdl source needs a display: an error with exit 1 without one, a note about faked vsync under Xvfb")
    func C1_sdlSource() throws {
        let none = try CLI.run(["bench", "clock", "--source", "sdl", "--seconds", "0.3"],
                               environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil, "SDL_VIDEODRIVER": nil])
        #expect(none.status == 1)
        #expect(none.stderr.contains("the sdl source needs a display") && none.stderr.contains("Xvfb"))
        let exe = try #require(CLI.executable)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["xvfb-run", "-a", exe.path, "bench", "clock", "--source", "sdl", "--seconds", "0.5", "--json"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let doc = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        let sdl = (doc["sources"] as! [[String: Any]]).first { $0["name"] as? String == "sdl" }
        #expect((sdl?["frames"] as? Int ?? 0) >= 10)
        #expect((sdl?["note"] as? String)?.contains("no refresh rate") == true)
    }

    @Test("D2: bench render reports the render time of N animated rounded views as JSON")
    func D2_benchRender() throws {
        let r = try CLI.run(["bench", "render", "--views", "50", "--frames", "10", "--size", "320x240", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        #expect(doc["views"] as? Int == 50 && doc["frames"] as? Int == 10)
        #expect(((doc["render_ms"] as? [String: Double])?["p50"] ?? 0) > 0)
        #expect(doc["triangles"] as? Int == 0)                           // the software fast path: no triangles
    }

    @Test("C1: --plot draws the interval histogram and timeline into a PNG")
    func C1_plot() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("clock-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try CLI.run(["bench", "clock", "--source", "manual", "--seconds", "1", "--stall", "50", "--plot", out])
        #expect(r.status == 0, "\(r.stderr)")
        let png = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    @Test("C5: bench clock's bad input: unknown source, seconds of zero or less, an fps of 0, an unwritable plot path")
    func C5_clockValidation() throws {
        let cases: [([String], String)] = [
            (["--source", "vsync"], "unknown source 'vsync'"),
            (["--seconds", "0"], "--seconds must be greater than 0"),
            (["--seconds=-1"], "--seconds must be greater than 0"),
            (["--fps", "0"], "--fps must be a whole number from 1 to 240; got 0"),
            (["--plot", "/nonexistent-dir/p.png"], "--plot: the folder '/nonexistent-dir' does not exist"),
        ]
        for (args, message) in cases {
            let r = try CLI.run(["bench", "clock"] + args)
            #expect(r.status != 0, "\(args)")
            #expect(r.stderr.contains(message), "\(args): \(r.stderr)")
            #expect(r.stdout.isEmpty)
        }
    }

    @Test("C2: bench frame reports every phase for N views in constraint mode, as JSON")
    func C2_frameJSON() throws {
        let r = try CLI.run(["bench", "frame", "--views", "50", "--mode", "constraints", "--frames", "20", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        #expect(doc["frames"] as? Int == 20 && doc["mode"] as? String == "constraints")
        let phases = doc["phases_ms"] as! [String: [String: Double]]
        #expect(Set(phases.keys) == ["events", "animation", "constraints", "layout", "display", "render"])
        #expect(phases["constraints"]!["p50"]! > 0)                   // the solver runs every frame
        #expect(phases["render"]!["p50"]! > 0)                        // the software renderer draws every frame
        #expect(Set((doc["total_ms"] as! [String: Double]).keys) == ["p50", "p90", "p99", "max", "over_budget"])
    }

    @Test("AM2: bench scroll --only-fling runs --frames frames of flings, one every --fling-period, and nothing else")
    func AM2_onlyFlingBench() throws {
        let r = try CLI.run(["bench", "scroll", "--only-fling", "--frames", "20", "--fling-period", "10"])
        #expect(r.status == 0, "\(r.stderr)")
        // A warm-up period and the 20 frames: three flings, and none of the other parts' rows.
        #expect(r.stdout.hasPrefix("flinging 10000 rows for 20 frames: p50 "), "\(r.stdout)")
        #expect(r.stdout.hasSuffix(" ms, 3 flings\n"), "\(r.stdout)")
        #expect(!r.stdout.contains("scrolling"))
        let both = try CLI.run(["bench", "scroll", "--only-fling", "--only-large", "--frames", "20"])
        #expect(both.status != 0 && both.stderr.contains("give one of them"), "\(both.stderr)")
        let short = try CLI.run(["bench", "scroll", "--only-fling", "--fling-period", "5"])
        #expect(short.status != 0 && short.stderr.contains("--fling-period must be 10 to 10000; got 5"), "\(short.stderr)")
    }

    @Test("P1: bench frame reports the view frames the solver set per frame: each moving view in constraint mode, none in frame mode")
    func P1_frameBenchFramesSet() throws {
        func framesSet(_ mode: String) throws -> Double {
            let r = try CLI.run(["bench", "frame", "--views", "50", "--mode", mode, "--frames", "20", "--json"])
            #expect(r.status == 0, "\(r.stderr)")
            let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
            return doc["frames_set_per_frame"] as! Double
        }
        let constraints = try framesSet("constraints"), frames = try framesSet("frames")
        #expect(constraints >= 40 && constraints <= 50, "\(constraints)")   // the 50 pinned views, each animated
        #expect(frames == 0)                                               // solved once; the frames are interpolated
        let table = try CLI.run(["bench", "frame", "--views", "20", "--frames", "20"])
        #expect(table.stdout.contains("view frames set from the solver:"))
    }

    @Test("E5: bench frame reports p90 and the frames over budget, per phase and in total, in the table and the JSON")
    func E5_frameSummaries() throws {
        let r = try CLI.run(["bench", "frame", "--views", "20", "--frames", "30", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        #expect(abs((doc["budget_ms"] as! Double) - 16.666666) < 1e-5)
        let phases = doc["phases_ms"] as! [String: [String: Double]]
        for (name, p) in phases {
            #expect(p["p50"]! <= p["p90"]! && p["p90"]! <= p["p99"]! + 1e-9, "\(name)")
            #expect(p["over_budget"]! >= 0 && p["over_budget"]! <= 30, "\(name)")
        }
        let table = try CLI.run(["bench", "frame", "--views", "20", "--frames", "30"])
        #expect(table.stdout.contains("budget 16.67 ms a frame"))
        #expect(table.stdout.contains("p90 ms") && table.stdout.contains("over budget"))
    }

    @Test("C2: bench frame on a scene prints the phase table")
    func C2_frameScene() throws {
        let r = try CLI.run(["bench", "frame", "Assets/scenes/hello.json", "--frames", "10"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("frame phases: Assets/scenes/hello.json, mode scene, 10 frames on the manual clock"))
        for phase in ["events", "animation", "constraints", "layout", "display", "render", "total"] {
            #expect(r.stdout.contains("\n\(phase) "))
        }
    }

    @Test("C5: bench frame's bad input: no subject, both, a bad mode, an unknown scene")
    func C5_frameValidation() throws {
        let none = try CLI.run(["bench", "frame"])
        #expect(none.status != 0 && none.stderr.contains("give a scene file or --views N"))
        let both = try CLI.run(["bench", "frame", "Assets/scenes/hello.json", "--views", "3"])
        #expect(both.status != 0 && both.stderr.contains("not both"))
        let mode = try CLI.run(["bench", "frame", "--views", "3", "--mode", "fast"])
        #expect(mode.status != 0 && mode.stderr.contains("--mode must be frames or constraints"))
        let scene = try CLI.run(["bench", "frame", "Assets/scenes/nope.json"])
        #expect(scene.status == 1 && scene.stderr.contains("cannot read the file"))
    }

    @Test("L2: the CLI copied anywhere and run from anywhere still draws text: the font is built in")
    func L2_fontFromAnyLocation() throws {
        guard let exe = CLI.executable else { Issue.record("timeline is not built"); return }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("l2-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let copy = dir.appendingPathComponent("timeline")
        try FileManager.default.copyItem(at: exe, to: copy)
        let scene = dir.appendingPathComponent("text.json")
        try Data(#"{"size": [120, 40], "views": [{"id": "t", "frame": [0, 0, 120, 40], "text": "Hello", "fontSize": 20}]}"#.utf8).write(to: scene)
        let p = Process()
        p.executableURL = copy
        p.arguments = ["render", scene.path, "--frame", "0", "--out", dir.appendingPathComponent("t.png").path]
        p.currentDirectoryURL = dir
        var environment = ProcessInfo.processInfo.environment
        environment["TIMELINE_ASSETS"] = nil
        p.environment = environment
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(message)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("t.png").path))
    }
}
