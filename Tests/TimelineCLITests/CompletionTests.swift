import Foundation
import Testing

@Suite("DX4 shell completions and the man page")
struct CompletionAndManualTests {
    static let commands = ["layout", "step", "render", "play", "bench", "completions", "manual"]
    static let benches = ["clock", "frame", "cycle", "solver", "animation", "render", "load", "present", "layers", "text", "scroll",
                          "navigation", "lottie"]

    @Test("DX4 the completion script of each shell names every command and bench", arguments: ["bash", "zsh", "fish"])
    func DX4_completionScripts(shell: String) throws {
        let r = try CLI.run(["completions", shell])
        #expect(r.status == 0, "\(r.stderr)")
        for name in Self.commands + Self.benches { #expect(r.stdout.contains(name), "\(shell): \(name)") }
        #expect(r.stdout.contains("quiet") && r.stdout.contains("filmstrip"))
        let builtIn = try CLI.run(["--generate-completion-script", shell])
        #expect(r.stdout == builtIn.stdout)                               // the argument parser's script, as is
    }

    @Test("DX4 bash parses the bash script and it completes timeline")
    func DX4_bashLoadsScript() throws {
        guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return }
        let script = try CLI.run(["completions", "bash"]).stdout
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("dx4-\(UUID().uuidString).bash")
        try script.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", "source \(file.path) && complete -p timeline"]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0 && text.contains("_timeline timeline"), "\(text)")
    }

    @Test("DX4 completions --install writes where each shell looks for a user's completions")
    func DX4_install() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("dx4-home-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let environment: [String: String?] = ["HOME": home, "XDG_DATA_HOME": nil, "XDG_CONFIG_HOME": nil, "ZDOTDIR": nil]
        for (shell, path) in [("bash", "/.local/share/bash-completion/completions/timeline"), ("zsh", "/.zfunc/_timeline"),
                              ("fish", "/.config/fish/completions/timeline.fish")] {
            let r = try CLI.run(["completions", shell, "--install"], environment: environment)
            #expect(r.status == 0 && r.stdout == "", "\(r.stderr)")
            #expect(r.stderr.hasPrefix("wrote \(home + path): the \(shell) completion script"), "\(r.stderr)")
            let installed = try String(contentsOfFile: home + path, encoding: .utf8)
            #expect(installed == (try CLI.run(["completions", shell]).stdout))
        }
        let bad = try CLI.run(["completions", "tcsh"])
        #expect(bad.status != 0 && bad.stderr.contains("tcsh"))
    }

    @Test("DX4 the man page is mdoc with a section for every command, and groff reads it without a warning")
    func DX4_manualPage() throws {
        let r = try CLI.run(["manual", "--date", "May 4, 2026"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(6)) == [".Dd May 4, 2026", ".Dt TIMELINE 1", ".Os", ".Sh NAME", ".Nm timeline",
                                           ".Nd UIKit's update cycle, Auto Layout and Core-Animation-style animation on Linux: lay out, step, render and measure."])
        for section in ["SYNOPSIS", "DESCRIPTION", "COMMANDS", "ENVIRONMENT", "EXIT STATUS"] { #expect(lines.contains(".Sh \(section)")) }
        for name in Self.commands { #expect(lines.contains(".Ss timeline \(name)"), "\(name)") }
        for name in Self.benches { #expect(lines.contains(".Ss timeline bench \(name)"), "bench \(name)") }
        #expect(lines.contains(".It Fl -quiet") && lines.contains(".Op Fl -fps Ar fps"))
        // Every request is an mdoc macro this page uses; no text line could be read as one.
        let macros: Set = ["Dd", "Dt", "Os", "Sh", "Ss", "Nm", "Nd", "Ar", "Op", "Fl", "Pp", "Bl", "It", "El", "Ev", "Xr"]
        for line in lines where line.hasPrefix(".") || line.hasPrefix("'") {
            #expect(macros.contains(String(line.dropFirst().prefix { $0 != " " })), "\(line)")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") else { return }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("dx4-\(UUID().uuidString).1")
        try r.stdout.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/groff")
        p.arguments = ["-mdoc", "-Tutf8", "-ww", "-z", file.path]
        let err = Pipe()
        p.standardError = err
        try p.run()
        let warnings = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0 && warnings == "", "\(warnings)")
    }
}
