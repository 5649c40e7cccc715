import Foundation
import Testing

/// A UIKit app records through `UIApplication.main` and replays itself (IN6): the swipe-to-delete
/// example, run headless with its swipe and `TIMELINE_RECORD`, then with `TIMELINE_REPLAY`.
@Suite("IN6 a UIKit app records and replays itself")
struct UIKitReplayTests {
    @Test("IN6 UIApplication.main records with TIMELINE_RECORD and replays with TIMELINE_REPLAY: the last frame and a step back match")
    func IN6_uikitReplay() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let rec = FileManager.default.temporaryDirectory.appendingPathComponent("uikit-swipe-\(getpid()).json").path
        defer { try? FileManager.default.removeItem(atPath: rec) }
        let script = root.appendingPathComponent("UIKitExamples/SwipeToDelete/swipe.json").path
        let r = try runExample("SwipeToDelete", seconds: 1.5, environment: ["UIKIT_INPUT": script, "TIMELINE_RECORD": rec])
        #expect(r.status == 0, "\(r.output)")
        // "UIApplication: recorded 90 frames and E events, B bytes, to PATH; the last frame's digest D"
        let line = try #require(r.output.split(separator: "\n").first { $0.hasPrefix("UIApplication: recorded ") }, "\(r.output)")
        let words = line.split(separator: " ")
        let frames = try #require(Int(words[2])), events = try #require(Int(words[5]))
        #expect(frames == 90 && events > 5, "\(line)")
        let digest = String(try #require(words.last))
        let text = try String(contentsOfFile: rec, encoding: .utf8)
        #expect(text.contains(#""app": "SwipeToDeleteExample""#), "\(text.prefix(200))")

        let exe = root.appendingPathComponent(".build/debug/SwipeToDeleteExample")
        let candidates = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("SwipeToDeleteExample"), exe]
        let binary = try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) })
        let p = Process()
        p.executableURL = binary
        var env = ProcessInfo.processInfo.environment
        env["TIMELINE_REPLAY"] = rec
        env["TIMELINE_REPLAY_INTERVAL"] = "30"
        env.removeValue(forKey: "DISPLAY")
        p.environment = env
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        p.standardError = output
        try p.run()
        input.fileHandleForWriting.write(Data("g \(frames - 1)\nb 40\ng \(frames - 1)\nq\n".utf8))
        try input.fileHandleForWriting.close()
        let shown = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(shown)")
        let last = shown.split(separator: "\n").filter { $0.hasPrefix("frame \(frames - 1) ") }
        #expect(last.count == 2, "\(shown)")
        for l in last { #expect(l.contains("digest \(digest) "), "recorded \(digest); replayed: \(l)") }
        #expect(shown.contains("frame \(frames - 41) "), "\(shown)")
    }
}
