import Foundation
import Testing

/// `timeline replay` beside the apps that replay themselves (IN6).
@Suite("IN6 timeline replay and the apps' recordings")
struct ReplayCLITests {
    /// Runs `timeline replay REC` with `input` on its standard input.
    func replay(_ text: String, input: String) throws -> CLI.Result {
        let exe = try #require(CLI.executable, "timeline is not built")
        let rec = FileManager.default.temporaryDirectory.appendingPathComponent("cli-replay-\(getpid())-\(UUID().uuidString).json").path
        try text.write(toFile: rec, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: rec) }
        let p = Process()
        p.executableURL = exe
        p.arguments = ["replay", rec]
        p.currentDirectoryURL = CLI.packageRoot
        let stdin = Pipe(), out = Pipe(), err = Pipe()
        p.standardInput = stdin
        p.standardOutput = out
        p.standardError = err
        try p.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return CLI.Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                          stderr: String(decoding: e, as: UTF8.self).replacingOccurrences(of: rec, with: "REC"))
    }

    @Test("IN6 timeline replay refuses an app's recording, naming the file, the place and the command that replays it")
    func IN6_refusesAppRecording() throws {
        let r = try replay(#"{"timelineRecording": 1, "fps": 60, "app": "Gallery --scene panel", "frames": [[0, 0, 3, 0]]}"#, input: "")
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == "timeline replay: REC:1:44: error: this recording is of the app 'Gallery --scene panel', not of a scene file; "
                + "the app replays it itself: run it as TIMELINE_REPLAY=REC Gallery --scene panel\n")
    }

    @Test("IN6 timeline replay opens a marked recording at its mark, then reads commands")
    func IN6_opensAtMark() throws {
        let r = try replay(#"{"timelineRecording": 1, "fps": 60, "scene": "Assets/scenes/fling.json", "mark": 20, "frames": [[0, 0, 30, 0]]}"#,
                           input: "b 5\nq\n")
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "timeline replay: 30 frames at 60 fps, 0 events, checkpoints every 600 frames; "
                + "opens at frame 20, marked when the inspector began recording", "\(r.stdout)")
        #expect(lines.count == 3 && lines[1].hasPrefix("frame 20  t=0.333  digest ") && lines[2].hasPrefix("frame 15  t=0.250  digest "),
                "\(r.stdout)")
    }
}
