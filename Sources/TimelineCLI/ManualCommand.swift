import ArgumentParser
import Foundation
import Timeline

/// `timeline manual` (DX4): the man page, written in mdoc from the command tree that
/// swift-argument-parser describes (`--experimental-dump-help`, its ToolInfo JSON), so it cannot
/// drift from `--help`. One page: every command and subcommand, its options with their defaults,
/// and the environment and exit status the CLI documents.
///
/// swift-argument-parser's own GenerateManual plugin renders the same JSON, but as a command
/// plugin that builds every product of the package first (the gallery, the fuzzers, the UIKit
/// examples), which costs minutes; printing the page from the binary costs nothing.
struct ManualCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manual",
        abstract: "Print the man page (mdoc) of timeline and all its commands.",
        discussion: "Install it with: timeline manual > ~/.local/share/man/man1/timeline.1; then: man timeline")

    @Option(help: "The date on the page, as mdoc writes it (default: today), e.g. 'May 4, 2026'.") var date: String?

    func run() throws {
        let json = TimelineCommand._dumpHelp()
        let tool: ManualPage.Tool
        do { tool = try JSONDecoder().decode(ManualPage.Tool.self, from: Data(json.utf8)) } catch {
            printToStandardError("timeline manual: cannot read the argument parser's description of the commands: \(error)")
            throw ExitCode(1)
        }
        let today: String = {
            let f = DateFormatter()
            f.locale = Locale(identifier: "en_US_POSIX")
            f.dateFormat = "MMMM d, yyyy"
            return f.string(from: Date())
        }()
        print(ManualPage.mdoc(tool.command, date: date ?? today), terminator: "")
    }
}

/// The mdoc writer of ``ManualCommand``: ToolInfo (version 0) in, a roff page out.
enum ManualPage {
    /// The part of swift-argument-parser's ToolInfoV0 that the page shows.
    struct Tool: Decodable { var command: Command }
    struct Command: Decodable {
        var commandName: String
        var superCommands: [String]?
        var abstract: String?
        var discussion: String?
        var shouldDisplay: Bool?
        var subcommands: [Command]?
        var arguments: [Argument]?
    }
    struct Argument: Decodable {
        struct Name: Decodable { var kind: String; var name: String }
        var kind: String
        var shouldDisplay: Bool
        var isOptional: Bool
        var isRepeating: Bool
        var names: [Name]?
        var valueName: String?
        var defaultValue: String?
        var abstract: String?
        var discussion: String?
    }

    /// What the CLI reads from the environment, and its exit statuses (as docs/cli.md and docs/testing.md give them).
    static let environment: [(String, String)] = [
        ("TIMELINE_PROGRESS", "terminal, lines or off: how progress is shown on stderr (default: a redrawn line on a terminal, a line every 2 s otherwise)."),
        ("TIMELINE_PROGRESS_INTERVAL", "Seconds between two progress lines when stderr is not a terminal (default: 2)."),
        ("TIMELINE_FFMPEG", "The ffmpeg that video export runs (default: the first ffmpeg on PATH)."),
        ("TIMELINE_ASSETS", "A directory whose fonts/DejaVuSans.ttf replaces the built-in font."),
        ("TIMELINE_RECORD", "With play: record the session's input and clock to this file when the player quits (IN6)."),
        ("TIMELINE_REPLAY", "With play: replay this recording of the player headless instead of opening a window, reading replay commands (n, b, g F, v, bisect, q) from standard input."),
    ]

    static func mdoc(_ root: Command, date: String) -> String {
        var page = [".Dd \(escape(date))", ".Dt \(root.commandName.uppercased()) 1", ".Os",
                    ".Sh NAME", ".Nm \(root.commandName)", ".Nd \(escape(root.abstract ?? root.commandName))",
                    ".Sh SYNOPSIS", ".Nm", ".Ar command", ".Op Ar options ...",
                    ".Sh DESCRIPTION"]
        page += text(root.abstract)
        page += text(root.discussion)
        page += [".Pp", "Each command is described below; `timeline help COMMAND` prints its help.", ".Sh COMMANDS"]
        for command in root.subcommands ?? [] { section(command, parents: [root.commandName], into: &page) }
        page += [".Sh ENVIRONMENT", ".Bl -tag -width Ds"]
        for (name, meaning) in environment { page += [".It Ev \(name)"] + text(meaning) }
        page += [".El", ".Sh EXIT STATUS",
                 "0 on success, 1 when the work failed (the message on stderr says why), 64 for a usage error, 130 when Ctrl-C stopped it (nothing half-written is left).",
                 ".Sh SEE ALSO", ".Xr ffmpeg 1"]
        return page.joined(separator: "\n") + "\n"
    }

    /// A subsection per command (`timeline bench clock`), its options as a tagged list.
    private static func section(_ command: Command, parents: [String], into page: inout [String]) {
        guard command.shouldDisplay ?? true, command.commandName != "help" else { return }
        let path = parents + [command.commandName]
        let arguments = (command.arguments ?? []).filter { $0.shouldDisplay && !isHelp($0) }
        page += [".Ss \(path.joined(separator: " "))"]
        // One macro line per argument: `Op` runs to the end of its line.
        page += [".Nm " + path.dropFirst().map { "Cm \($0)" }.joined(separator: " ")] + arguments.map { "." + synopsis($0) }
        page += [".Pp"] + text(command.abstract)
        if command.discussion?.isEmpty == false { page += [".Pp"] + text(command.discussion) }
        if !arguments.isEmpty {
            page += [".Bl -tag -width 6n"]
            for argument in arguments {
                page += [".It " + label(argument)]
                page += text(argument.abstract)
                if let more = argument.discussion, !more.isEmpty { page += text(more) }
                if let value = argument.defaultValue, !value.isEmpty, argument.kind != "flag" { page += text("Default: \(value).") }
            }
            page += [".El"]
        }
        for sub in command.subcommands ?? [] { section(sub, parents: path, into: &page) }
    }

    private static func isHelp(_ a: Argument) -> Bool { a.names?.contains { $0.name == "help" || $0.name == "version" } ?? false }

    /// `Fl -fps Ar fps`, or `Ar scene` for a positional argument.
    private static func label(_ a: Argument) -> String {
        let value = macroWord(a.valueName ?? "value")
        guard a.kind != "positional" else { return "Ar \(value)" + (a.isRepeating ? " ..." : "") }
        let names = (a.names ?? []).map { n in n.kind == "short" ? "Fl \(macroWord(n.name))" : "Fl -\(macroWord(n.name))" }
        return names.joined(separator: " , ") + (a.kind == "option" ? " Ar \(value)" : "")
    }

    /// The argument in a synopsis line: optional ones in `Op`.
    private static func synopsis(_ a: Argument) -> String {
        var s = label(a)
        if let comma = s.range(of: " , ") { s = String(s[..<comma.lowerBound]) + (a.kind == "option" ? " Ar \(macroWord(a.valueName ?? "value"))" : "") }
        return a.isOptional ? "Op \(s)" : s
    }

    /// Text lines: escapes, no line that roff would take as a request, paragraphs as `.Pp`.
    static func text(_ s: String?) -> [String] {
        guard let s, !s.isEmpty else { return [] }
        var lines: [String] = []
        for line in s.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { if lines.last != ".Pp", !lines.isEmpty { lines.append(".Pp") }; continue }
            lines.append(escape(trimmed))
        }
        if lines.last == ".Pp" { lines.removeLast() }
        return lines
    }

    /// A roff text line: backslashes as `\e`, and `\&` before a leading `.` or `'`.
    static func escape(_ s: String) -> String {
        let body = s.replacingOccurrences(of: "\\", with: "\\e")
        return body.hasPrefix(".") || body.hasPrefix("'") ? "\\&" + body : body
    }

    /// A word in a macro line that mdoc must not read as a macro name or a delimiter.
    private static func macroWord(_ s: String) -> String {
        let word = s.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: " ", with: "\\ ")
        return word.count <= 3 && word.first?.isUppercase == true ? "\\&" + word : word
    }
}
