import ArgumentParser
import Foundation
import Timeline
import TimelineSDL

/// `timeline completions bash|zsh|fish [--install]` (DX4): the shell completion script that
/// swift-argument-parser generates from the command tree (the same text as
/// `timeline --generate-completion-script SHELL`), printed, or written where the shell looks for
/// a user's completions.
struct CompletionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completions",
        abstract: "Print (or --install) the completion script for bash, zsh or fish.",
        discussion: """
            Printed to stdout, e.g. `source <(timeline completions bash)`. With --install it is \
            written to $XDG_DATA_HOME/bash-completion/completions/timeline (bash-completion 2 loads \
            it), $ZDOTDIR/.zfunc/_timeline (add ~/.zfunc to fpath before compinit) or \
            $XDG_CONFIG_HOME/fish/completions/timeline.fish.
            """)

    enum Shell: String, ExpressibleByArgument, CaseIterable {
        case bash, zsh, fish
        var completionShell: CompletionShell { CompletionShell(rawValue: rawValue)! }
    }

    @Argument(help: "The shell: bash, zsh or fish.") var shell: Shell
    @Flag(help: "Write the script into the user's completion directory for the shell instead of printing it.") var install = false

    func run() throws {
        var script = TimelineCommand.completionScript(for: shell.completionShell)
        if !script.hasSuffix("\n") { script += "\n" }
        guard install else {
            print(script, terminator: "")
            return
        }
        let path = Self.installPath(for: shell, environment: ProcessInfo.processInfo.environment)
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try writeFileAtomically(Array(script.utf8), to: path)
        } catch {
            printToStandardError("timeline completions: cannot write \(path): \(error)")
            throw ExitCode(1)
        }
        printToStandardError("wrote \(path): the \(shell.rawValue) completion script"
                             + (shell == .zsh ? " (add `fpath=(\(directory) $fpath)` before `compinit` in .zshrc)" : ""))
    }

    /// Where each shell looks for a user's completion scripts.
    static func installPath(for shell: Shell, environment: [String: String]) -> String {
        let home = environment["HOME"] ?? NSHomeDirectory()
        func nonEmpty(_ key: String) -> String? { environment[key].flatMap { $0.isEmpty ? nil : $0 } }
        switch shell {
        case .bash:
            return (nonEmpty("XDG_DATA_HOME") ?? home + "/.local/share") + "/bash-completion/completions/timeline"
        case .zsh:
            return (nonEmpty("ZDOTDIR") ?? home) + "/.zfunc/_timeline"
        case .fish:
            return (nonEmpty("XDG_CONFIG_HOME") ?? home + "/.config") + "/fish/completions/timeline.fish"
        }
    }
}
