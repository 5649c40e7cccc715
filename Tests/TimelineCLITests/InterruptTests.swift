import Foundation
import Testing

/// A scratch directory removed at the end of a test.
private struct Scratch {
    let path: String
    init(_ name: String) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    func remove() { try? FileManager.default.removeItem(atPath: path) }
    /// Every file and directory under it, relative, sorted.
    var contents: [String] { ((try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? []).sorted() }
}

@Suite("DX3 progress and Ctrl-C in the timeline command")
struct CLIProgressTests {
    /// Plain progress lines at every clock read: as many as the run allows, never on stdout.
    static let chatty: [String: String?] = ["TIMELINE_PROGRESS": "lines", "TIMELINE_PROGRESS_INTERVAL": "0"]

    @Test("DX3 progress goes to stderr before the unchanged last line; stdout and --quiet are as before")
    func DX3_stderrOnly() throws {
        let dir = try Scratch("dx3-out")
        defer { dir.remove() }
        let gif = dir.path + "/a.gif"
        let quiet = try CLI.run(["render", "Assets/scenes/hello.json", "--from", "0", "--to", "0.5", "--fps", "50", "--out", gif, "--quiet"],
                                environment: Self.chatty)
        #expect(quiet.status == 0, "\(quiet.stderr)")
        #expect(quiet.stdout == "")
        #expect(quiet.stderr == "wrote \(gif): GIF, 25 frames at 50 fps\n")
        let loud = try CLI.run(["render", "Assets/scenes/hello.json", "--from", "0", "--to", "0.5", "--fps", "50", "--out", gif],
                               environment: Self.chatty)
        #expect(loud.status == 0 && loud.stdout == "")
        var lines = loud.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.removeLast() == "" && lines.removeLast() == "wrote \(gif): GIF, 25 frames at 50 fps")
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.hasPrefix("rendering hello.json: ") && $0.contains("/25 frames (") }, "\(lines)")

        let pattern = dir.path + "/f{frame}.png"
        let frames = try CLI.run(["render", "Assets/scenes/hello.json", "--frame", "0,20", "--out", pattern], environment: Self.chatty)
        let silent = try CLI.run(["render", "Assets/scenes/hello.json", "--frame", "0,20", "--out", pattern, "--quiet"])
        #expect(frames.status == 0 && frames.stdout == silent.stdout && silent.stderr == "")
        #expect(frames.stdout.hasPrefix("frame 0 t=") && frames.stdout.hasSuffix("/f20.png\n"), "\(frames.stdout)")
        #expect(frames.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("rendering hello.json: ") })
    }

    @Test("DX3 bench lottie --json keeps stdout the JSON while progress goes to stderr")
    func DX3_benchJSON() throws {
        let r = try CLI.run(["bench", "lottie", "Tests/LottieTests/Corpus/transform_opacity.json", "--rounds", "2", "--json"],
                            environment: Self.chatty)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) is [String: Any])
        #expect(r.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("bench lottie (1 files): ") || $0.contains("librlottie") || $0.contains("ThorVG") },
                "\(r.stderr)")
    }

    /// Starts an export, waits until `started` sees its first frame on disk, sends the child a
    /// real SIGINT and waits for it to end.
    static func interrupt(_ arguments: [String], environment: [String: String], started: () -> Bool) throws -> (Process, String) {
        guard let exe = CLI.executable else { throw CLI.CLIError.notBuilt }
        let p = Process()
        p.executableURL = exe
        p.arguments = arguments
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        p.currentDirectoryURL = CLI.packageRoot
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let deadline = Date().addingTimeInterval(120)                 // a bound on a hung test, not a measure
        while !started(), p.isRunning, Date() < deadline { usleep(20_000) }
        kill(p.processIdentifier, SIGINT)
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p, message)
    }

    @Test("DX3 Ctrl-C during a video export removes its temporary frames and writes no output")
    func DX3_interruptVideo() throws {
        let tmp = try Scratch("dx3-tmp"), out = try Scratch("dx3-video")
        defer { tmp.remove(); out.remove() }
        let mp4 = out.path + "/a.mp4"
        // 3600 frames: far more than are drawn before the signal. ffmpeg is never reached.
        let (p, message) = try Self.interrupt(["render", "Assets/scenes/hello.json", "--from", "0", "--to", "60", "--out", mp4],
                                              environment: ["TMPDIR": tmp.path, "TIMELINE_FFMPEG": "/bin/true"]) {
            tmp.contents.contains { $0.hasSuffix("/frame-0000.png") }
        }
        #expect(p.terminationReason == .exit && p.terminationStatus == 130, "\(message)")
        #expect(message.hasSuffix("was not written\n") && message.contains("interrupted after"), "\(message)")
        #expect(tmp.contents == [])
        #expect(out.contents == [])
    }

    @Test("DX3 Ctrl-C during a directory export keeps whole frames only, no temporary file")
    func DX3_interruptDirectory() throws {
        let out = try Scratch("dx3-dir")
        defer { out.remove() }
        let (p, message) = try Self.interrupt(["render", "Assets/scenes/hello.json", "--from", "0", "--to", "60", "--out", out.path + "/f/"],
                                              environment: [:]) {
            out.contents.contains("f/frame-0000.png")
        }
        #expect(p.terminationReason == .exit && p.terminationStatus == 130, "\(message)")
        #expect(message.contains("frames written whole are kept"), "\(message)")
        let files = out.contents.filter { $0 != "f" }
        #expect(!files.isEmpty && files.allSatisfy { $0.hasPrefix("f/frame-") && $0.hasSuffix(".png") }, "\(files)")
    }

    @Test("DX3 Ctrl-C while ffmpeg encodes stops it and removes its unfinished output")
    func DX3_interruptFFmpeg() throws {
        let dir = try Scratch("dx3-encode")
        defer { dir.remove() }
        let fake = dir.path + "/ffmpeg-slow"
        // It writes part of its output, then waits (a bound on a hung test) until it is told to stop.
        try """
            #!/bin/sh
            for a; do last=$a; done
            trap 'kill $waiting; echo stopped > "$0.stopped"; exit 255' TERM INT
            echo partial > "$last"
            sleep 300 >/dev/null 2>&1 &
            waiting=$!
            wait
            """.write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        let mp4 = dir.path + "/out/a.mp4"
        try FileManager.default.createDirectory(atPath: dir.path + "/out", withIntermediateDirectories: true)
        let (p, message) = try Self.interrupt(["render", "Assets/scenes/hello.json", "--from", "0", "--to", "0.1", "--out", mp4],
                                              environment: ["TIMELINE_FFMPEG": fake]) {
            dir.contents.contains { $0.hasPrefix("out/.a.mp4.") }
        }
        #expect(p.terminationReason == .exit && p.terminationStatus == 130, "\(message)")
        #expect(dir.contents == ["ffmpeg-slow", "ffmpeg-slow.stopped", "out"], "\(dir.contents)")   // stopped, not waited for
    }

    @Test("DX3 ffmpeg writes beside the output and is renamed over it only when it succeeds")
    func DX3_ffmpegAtomic() throws {
        let dir = try Scratch("dx3-ffmpeg")
        defer { dir.remove() }
        for (status, written) in [(0, true), (3, false)] {
            let fake = dir.path + "/ffmpeg-\(status)"
            try "#!/bin/sh\nfor a; do last=$a; done\necho partial > \"$last\"\nexit \(status)\n".write(toFile: fake, atomically: true, encoding: .utf8)
            chmod(fake, 0o755)
            let mp4 = dir.path + "/out-\(status).mp4"
            let r = try CLI.run(["render", "Assets/scenes/hello.json", "--from", "0", "--to", "0.1", "--out", mp4, "--quiet"],
                                environment: ["TIMELINE_FFMPEG": fake])
            #expect((r.status == 0) == written, "\(r.stderr)")
            #expect(FileManager.default.fileExists(atPath: mp4) == written)
            #expect(!dir.contents.contains { $0.hasPrefix(".") }, "\(dir.contents)")
        }
    }
}
