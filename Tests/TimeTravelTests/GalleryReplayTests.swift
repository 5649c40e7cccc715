import Foundation
import Testing
import TimelineTestSupport

/// The gallery replays its own recording (IN6): recorded in its SDL window under Xvfb while
/// xdotool switches pages and clicks, then replayed headless by the same binary with
/// `TIMELINE_REPLAY`, stepping forward to the last frame, back and forward again.
@Suite("IN6 the gallery replays itself", .serialized, .tags(.xvfb))
struct GalleryReplayTests {
    @Test("IN6 the gallery's replay of its own recording shows its last frame, after a step back too, as the live session did")
    func IN6_galleryReplay() throws {
        let exe = try #require(BuiltDemos.gallery, "the Gallery demo is not built (swift build --product Gallery)")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-replay-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let rec = dir.appendingPathComponent("rec.json").path, out = dir.appendingPathComponent("out.txt").path
        // Page 8 (layers: a shape layer's strokeEnd, a gradient, a replicator, an emitter), a
        // click, page 2 (springs), page 7 (controls) with a click on it.
        let script = """
            TIMELINE_RECORD="\(rec)" "\(exe.path)" --scene panel --size 900x600 --seconds 9 > "\(out)" 2>&1 & pid=$!
            w=$(xdotool search --sync --onlyvisible --pid $pid --name '^Timeline gallery$' | head -1)
            xdotool windowfocus --sync $w; sleep 1
            xdotool mousemove --window $w 300 300 key 8; sleep 0.8
            xdotool click 1 key 2; sleep 0.8
            xdotool key 7 mousemove --window $w 120 200 click 1; sleep 0.5
            wait $pid
            """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", "sh", "-c", script]
        p.currentDirectoryURL = BuiltDemos.packageRoot
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        let live = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        #expect(p.terminationStatus == 0, "\(live)")
        // "Gallery: recorded N frames and E events, B bytes, to PATH; the last frame's digest D"
        let recorded = try #require(live.split(separator: "\n").first { $0.hasPrefix("Gallery: recorded ") }, "\(live)")
        let words = recorded.split(separator: " ")
        let frames = try #require(Int(words[2])), events = try #require(Int(words[5]))
        let digest = String(try #require(words.last))
        #expect(frames > 60 && events >= 4, "\(recorded)")
        let text = try String(contentsOfFile: rec, encoding: .utf8)
        #expect(text.contains(#""app": "Gallery --scene panel --views 500 --layer-page-views 0""#))
        #expect(text.contains(#""keyDown": "8""#) && text.contains(#""keyDown": "7""#), "the page keys were not recorded")

        // The replay, headless: no display, commands on standard input.
        let last = frames - 1
        let (status, shown) = try Self.replay(exe, rec, ["--scene", "panel", "--size", "900x600"],
                                              input: "g \(last)\nb \(min(150, last))\ng \(last)\nq\n")
        #expect(status == 0, "\(shown)")
        let lastLines = shown.split(separator: "\n").filter { $0.hasPrefix("frame \(last) ") }
        #expect(lastLines.count == 2, "\(shown)")
        for line in lastLines { #expect(line.contains("digest \(digest) "), "live \(digest); replay: \(line)") }
        #expect(shown.contains("frame \(last - min(150, last)) "), "\(shown)")
        // The gallery with other options refuses it, naming the file, the place and the command.
        let (refused, said) = try Self.replay(exe, rec, ["--scene", "springs"], input: "")
        #expect(refused == 1)
        #expect(said.contains("\(rec):1:") && said.contains("not 'Gallery --scene springs --views 500 --layer-page-views 0'")
                && said.contains("TIMELINE_REPLAY=\(rec) Gallery --scene panel"), "\(said)")
    }

    /// Runs the gallery with `TIMELINE_REPLAY=rec` and no display, `input` on its standard input:
    /// its exit status and what it printed.
    static func replay(_ exe: URL, _ rec: String, _ arguments: [String], input text: String) throws -> (Int32, String) {
        let replay = Process()
        replay.executableURL = exe
        replay.arguments = arguments
        replay.currentDirectoryURL = BuiltDemos.packageRoot
        var env = ProcessInfo.processInfo.environment
        env["TIMELINE_REPLAY"] = rec
        env["TIMELINE_REPLAY_INTERVAL"] = "120"
        env.removeValue(forKey: "DISPLAY")
        replay.environment = env
        let input = Pipe(), output = Pipe()
        replay.standardInput = input
        replay.standardOutput = output
        replay.standardError = output
        try replay.run()
        if !text.isEmpty { input.fileHandleForWriting.write(Data(text.utf8)) }
        try input.fileHandleForWriting.close()
        let shown = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        replay.waitUntilExit()
        return (replay.terminationStatus, shown)
    }
}
