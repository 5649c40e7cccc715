import Foundation
import Testing
import TimelineTestSupport

/// Real input from outside (issue 39, MR7): `scripts/real-input` starts its own Xvfb, sends a
/// seeded xdotool stream (clicks, drags, every page's keys, typing, resizes from 320x240 to
/// 1600x1000) into the gallery's window, replays it and samples the gallery's resident memory
/// after each round. A shorter stream than the script's default keeps the suite short; it still
/// visits every page and sends each page's keys.
@MainActor
@Suite("MR7 real input into the gallery under Xvfb", .serialized, .tags(.xvfb))
struct RealInputTests {
    static let script = Rig.root.appendingPathComponent("scripts/real-input")

    /// Runs `scripts/real-input` with `arguments`; its exit status and its output (both streams).
    func realInput(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", Self.script.path] + arguments
        p.currentDirectoryURL = Rig.root
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, text)
    }

    @Test("MR7: the stream is seeded (same seed, same actions) and sends every page's keys on every page")
    func MR7_streamIsSeeded() throws {
        let a = try realInput(["--dump", "--seed", "11", "--actions", "264"])
        let b = try realInput(["--dump", "--seed", "11", "--actions", "264"])
        let c = try realInput(["--dump", "--seed", "12", "--actions", "264"])
        #expect(a.status == 0, "\(a.output)")
        #expect(a.output == b.output)
        #expect(a.output != c.output)
        let lines = a.output.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines.count == 264)
        // Every page's key, in order, and the keys of the pages that have their own.
        var pages: [String] = []
        for line in lines where line.hasPrefix("('page', ") { pages.append(String(line)) }
        for key in ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "minus", "equal"] {
            #expect(pages.contains("('page', '\(key)')"), "page key \(key) never sent")
        }
        for key in ["m", "c", "Left", "KP_Add", "shift+Tab", "BackSpace", "ctrl+z", "Prior", "o", "n", "l"] {
            #expect(lines.contains("('key', '\(key)')"), "key \(key) never sent")
        }
        for kind in ["click", "drag", "type", "resize", "wheel"] {
            #expect(lines.contains { $0.hasPrefix("('\(kind)', ") }, "no \(kind) in the stream")
        }
        #expect(!lines.contains { $0.contains("'q'") || $0.contains("'Escape'") }, "the stream would quit the gallery")
    }

    @Test("MR7: three replays of a 264-action real-input stream: the gallery lives, memory stays within 10% of round 1 and under 150 MiB")
    func MR7_realInputReplay() throws {
        let exe = try #require(GalleryDemoTests.gallery, "the Gallery demo is not built (swift build --build-tests builds it)")
        let csv = FileManager.default.temporaryDirectory.appendingPathComponent("real-input-\(getpid()).csv")
        defer { try? FileManager.default.removeItem(at: csv) }
        let run = try realInput(["--binary", exe.path, "--seed", "39", "--actions", "264", "--rounds", "3",
                                 "--settle", "1.5", "--out", csv.path])
        #expect(run.status == 0, "scripts/real-input failed:\n\(run.output)")
        // It ran every round: the start and three rounds, each with a memory figure.
        let rows = try String(contentsOf: csv, encoding: .utf8).split(whereSeparator: \.isNewline).dropFirst()
        #expect(rows.count == 4, "\(rows)")
        let rss = rows.compactMap { Double($0.split(separator: ",")[3]) }
        #expect(rss.count == 4 && rss.allSatisfy { $0 > 10 }, "\(rows)")
    }
}
