import Foundation
import Testing
@testable import TimelineSDL

/// E1-E3: exports and Chrome traces, through the built `timeline` executable.
@Suite("E1-E3 exporting animations and frame traces")
@MainActor
struct ExportTests {
    let scene = "Assets/scenes/hello.json"

    func temporaryDirectory() throws -> String {
        let dir = NSTemporaryDirectory() + "timeline-export-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// `render --time t` into a PNG, loaded.
    func rendered(time: Double, fps: Int, in dir: String) throws -> RGBAImage {
        let path = dir + "/single-\(time).png"
        let r = try CLI.run(["render", scene, "--time", String(time), "--fps", String(fps), "--out", path])
        #expect(r.status == 0, "\(r.stderr)")
        return try RGBAImage.load(path: path)
    }

    @Test("E1: an APNG holds every frame of the range, each shown 1/fps s, frame k equal to render --time T0 + k/F")
    func E1_apngFramesMatchRender() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/anim.png"
        let r = try CLI.run(["render", scene, "--from", "0.1", "--to", "0.4", "--fps", "30", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
        let chunks = try #require(PNGChunks.read(bytes))
        let ihdr = try #require(chunks.first { $0.type == "IHDR" }).data
        let actl = try #require(chunks.first { $0.type == "acTL" }).data
        let frames = Int(actl[actl.startIndex + 3])
        #expect(frames == 9)                                              // frames 3...11 of 30 fps: 0.1 <= t < 0.4
        // Every fcTL: delay 1/30 s exactly; rebuild each frame as a PNG and compare with a render.
        var images: [[UInt8]] = []
        var delays: [(Int, Int)] = []
        for (type, data) in chunks {
            let d = Array(data)
            if type == "fcTL" { delays.append((Int(d[20]) << 8 | Int(d[21]), Int(d[22]) << 8 | Int(d[23]))) }
            if type == "IDAT" || type == "fdAT" {
                var png = PNGChunks.signature
                PNGChunks.chunk("IHDR", Array(ihdr), to: &png)
                PNGChunks.chunk("IDAT", type == "IDAT" ? d : Array(d.dropFirst(4)), to: &png)
                PNGChunks.chunk("IEND", [], to: &png)
                images.append(png)
            }
        }
        #expect(delays.count == 9 && delays.allSatisfy { $0 == (1, 30) })
        #expect(images.count == 9)
        for k in [0, 4, 8] {
            let path = dir + "/frame\(k).png"
            try Data(images[k]).write(to: URL(fileURLWithPath: path))
            let frame = try RGBAImage.load(path: path)
            let expected = try rendered(time: 0.1 + Double(k) / 30, fps: 30, in: dir)
            #expect(frame == expected, "frame \(k) differs from render --time")
        }
    }

    @Test("E1: a directory gets numbered PNGs equal to the renders; a GIF has every frame with delays summing to the range")
    func E1_directoryAndGIF() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var r = try CLI.run(["render", scene, "--from", "0.5", "--to", "1", "--fps", "24", "--out", dir + "/frames/"])
        #expect(r.status == 0, "\(r.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/frames").sorted()
        #expect(names.count == 12 && names.first == "frame-0000.png" && names.last == "frame-0011.png")
        let third = try RGBAImage.load(path: dir + "/frames/frame-0002.png")
        #expect(third == (try rendered(time: 0.5 + 2.0 / 24, fps: 24, in: dir)))

        r = try CLI.run(["render", scene, "--from", "0", "--to", "1", "--fps", "60", "--out", dir + "/anim.gif"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("the true rate is 60 fps"))               // delays are in 1/100 s
        let gif = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/anim.gif")))
        #expect(Array(gif.prefix(6)) == Array("GIF89a".utf8))
        // Walk the blocks: count frames and add up their delays.
        var i = 13, frames = 0, centiseconds = 0
        while i < gif.count, gif[i] != 0x3B {
            if gif[i] == 0x21 {
                if gif[i + 1] == 0xF9 { centiseconds += Int(gif[i + 4]) | Int(gif[i + 5]) << 8 }
                i += 2
                while gif[i] != 0 { i += Int(gif[i]) + 1 }
                i += 1
            } else if gif[i] == 0x2C {
                frames += 1
                i += 10 + 768 + 1
                while gif[i] != 0 { i += Int(gif[i]) + 1 }
                i += 1
            } else {
                Issue.record("unexpected GIF block \(gif[i]) at \(i)"); break
            }
        }
        #expect(frames == 60)
        #expect(centiseconds == 100)                                        // 60 frames at 60 fps: one second
    }

    @Test("E2: a filmstrip lays N evenly spaced frames side by side, each under its time")
    func E2_filmstrip() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/strip.png"
        let r = try CLI.run(["render", scene, "--from", "0", "--to", "1", "--filmstrip", "3", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        let strip = try RGBAImage.load(path: out)
        #expect(strip.width == 3 * 800 + 2 * 8 && strip.height == 600 + 28)
        // The middle frame is frame 30 of 0...59 (rounded), at 808 pixels.
        let middle = try rendered(time: 30.0 / 60, fps: 60, in: dir)
        for (x, y) in [(100, 50), (400, 60), (700, 500)] {
            #expect(strip.color(x: 808 + x, y: y) == middle.color(x: x, y: y))
        }
        var label = 0
        for y in 600..<628 { for x in 0..<800 where strip.color(x: 808 + x, y: y).red < 0.6 { label += 1 } }
        #expect(label > 100)                                                // dark label text on white
    }

    @Test("E1: no frame in the range, an unsupported or unwritable path and a missing ffmpeg are clear errors")
    func E1_badExports() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cases: [([String], [String: String?], String)] = [
            (["--from", "0.501", "--to", "0.51", "--out", dir + "/a.png"], [:], "holds no frame at 60 fps"),
            (["--from", "1", "--to", "0.5", "--out", dir + "/a.png"], [:], "holds no frame"),
            (["--from", "0", "--out", dir + "/a.png"], [:], "give both --from T0 and --to T1"),
            (["--from", "0", "--to", "1", "--out", dir + "/a.bmp"], [:], "unsupported output"),
            (["--from", "0", "--to", "1", "--out", "/nonexistent-dir/a.png"], [:], "writing /nonexistent-dir/a.png"),
            (["--from", "0", "--to", "1", "--out", dir + "/a.mp4"], ["TIMELINE_FFMPEG": "/nonexistent/ffmpeg"], "needs ffmpeg"),
            (["--from", "0", "--to", "1", "--filmstrip", "4", "--out", dir + "/a.gif"], [:], "--out must end in .png"),
            (["--from", "0", "--to", "0.05", "--filmstrip", "9", "--out", dir + "/a.png"], [:], "more frames than the range holds"),
            (["--from", "0", "--to", "1", "--time", "0.5", "--out", dir + "/a.png"], [:], "not several"),
        ]
        for (arguments, environment, message) in cases {
            let r = try CLI.run(["render", scene] + arguments, environment: environment)
            #expect(r.status != 0, "\(arguments)")
            #expect(r.stderr.contains(message), "\(arguments): \(r.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)   // nothing half written
    }

    @Test("E1: MP4 and WebM through ffmpeg", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg")))
    func E1_video() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for ext in ["mp4", "webm"] {
            let r = try CLI.run(["render", scene, "--from", "0", "--to", "0.5", "--out", dir + "/a.\(ext)"])
            #expect(r.status == 0, "\(r.stderr)")
            let size = (try FileManager.default.attributesOfItem(atPath: dir + "/a.\(ext)")[.size] as? Int) ?? 0
            #expect(size > 1000)
        }
    }

    @Test("E3: step and bench frame write Chrome traces: one event per frame with its phases nested inside")
    func E3_chromeTrace() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (arguments, frames) in [(["step", scene, "--frames", "12"], 12), (["bench", "frame", scene, "--frames", "15"], 15)] {
            let path = dir + "/trace.json"
            let r = try CLI.run(arguments + ["--chrome-trace", path])
            #expect(r.status == 0, "\(r.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
            let events = try #require(json?["traceEvents"] as? [[String: Any]])
            let frameEvents = events.filter { $0["cat"] as? String == "frame" }
            #expect(frameEvents.count == frames, "\(arguments)")
            let phaseNames = Set(["events", "animation", "completions", "constraints", "layout", "display", "commit"])
            for frame in frameEvents {
                #expect(frame["ph"] as? String == "X")
                let args = try #require(frame["args"] as? [String: Any])
                let index = try #require(args["frame"] as? Int)
                #expect(args["dropped"] as? Int == 0)
                let ts = try #require(frame["ts"] as? Double), dur = try #require(frame["dur"] as? Double)
                let phases = events.filter { ($0["args"] as? [String: Any])?["frame"] as? Int == index && $0["cat"] as? String == "phase" }
                #expect(phases.count >= 5, "frame \(index): \(phases.count) phases")
                for p in phases {
                    #expect(phaseNames.contains(p["name"] as? String ?? ""))
                    let pts = try #require(p["ts"] as? Double), pdur = try #require(p["dur"] as? Double)
                    #expect(pts >= ts - 1e-3 && pts + pdur <= ts + dur + 1e-3, "phase outside its frame")
                }
            }
        }
    }

    @Test("P1: bench present (the window path's floor) needs a display and says so; its options are checked")
    func P1_benchPresentNeedsADisplay() throws {
        let r = try CLI.run(["bench", "present", "--frames", "10"], environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil, "SDL_VIDEODRIVER": nil])
        #expect(r.status == 1 && r.stderr.contains("No display was found"), "\(r.stderr)")
        let bad = try CLI.run(["bench", "present", "--renderer", "vulkan"])
        #expect(bad.status != 0 && bad.stderr.contains("--renderer must be software, opengl or all"))
    }
}
