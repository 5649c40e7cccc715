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

    static func run(_ arguments: [String]) throws -> Result {
        guard let exe = executable else { throw CLIError.notBuilt }
        let p = Process()
        p.executableURL = exe
        p.arguments = arguments
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
    @Test("C4: layout prints every view's frame as an aligned table")
    func C4_layoutTable() throws {
        let r = try CLI.run(["layout", "Assets/scenes/hello.json"])
        #expect(r.status == 0)
        #expect(r.stdout == """
        layout of Assets/scenes/hello.json at 800x600
        view   parent    x   y  width  height
        root   -         0   0    800     600
        panel  root     20  40    400      40
        title  panel   173   9     54      22
        free   root     10  10     50      50
        no diagnostics

        """)
    }

    @Test("C4/C5: layout --json prints the contract's shape, at the requested size")
    func C4_layoutJSON() throws {
        let r = try CLI.run(["layout", "Assets/scenes/hello.json", "--json", "--size", "400x300"])
        #expect(r.status == 0)
        #expect(r.stdout == """
        {"views": {"root": {"x": 0, "y": 0, "width": 400, "height": 300}, "panel": {"x": 20, "y": 40, "width": 200, "height": 40}, "title": {"x": 73, "y": 9, "width": 54, "height": 22}, "free": {"x": 10, "y": 10, "width": 50, "height": 50}}, "diagnostics": []}

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
        #expect(b.status != 0 && b.stderr.contains("--views must be at least 2"))
    }
}
