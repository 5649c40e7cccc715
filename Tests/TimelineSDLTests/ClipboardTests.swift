import CSDL2
import Foundation
import Testing
import Timeline
import TimelineSDL
import TimelineTestSupport

/// DK3: the window's pasteboard is the X clipboard, shared with other applications. xclip (what
/// a shell script on the same desktop would use) reads what a text field copied and cut, and
/// offers text that Ctrl-V pastes into the field, while the window's run loop serves SDL's side
/// of the X selection protocol.
@MainActor
@Suite("DK3 the system clipboard through SDL", .serialized, .tags(.xvfb))
struct ClipboardTests {
    /// Runs the window's frames until `done` holds or `seconds` pass; false on the time limit.
    @discardableResult
    func spin(_ host: SDLWindowHost, seconds: Double = 5, until done: @escaping @MainActor () -> Bool) -> Bool {
        var met = false
        let start = Date()
        let token = host.runLoop.schedule(after: .zero, repeating: .milliseconds(20)) {
            if done() { met = true; host.runLoop.stop() } else if Date().timeIntervalSince(start) > seconds { host.runLoop.stop() }
        }
        host.run()
        host.runLoop.cancel(token)
        return met
    }

    /// Sends a key press with Control held, as SDL delivers one from the keyboard.
    func controlKey(_ host: SDLWindowHost, _ letter: Character) {
        for type in [SDL_KEYDOWN, SDL_KEYUP] {
            var e = SDL_Event()
            e.key.type = type.rawValue
            e.key.windowID = host.windowID
            e.key.state = UInt8(type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED)
            e.key.keysym.sym = SDL_Keycode(letter.asciiValue ?? 0)
            e.key.keysym.mod = UInt16(KMOD_LCTRL.rawValue)
            _ = SDL_PushEvent(&e)
        }
    }

    /// Sends a press and release of `button` at `p` (window points, which are SDL's window
    /// coordinates at scale 1), as SDL delivers a click.
    func click(_ host: SDLWindowHost, _ p: Point, button: UInt8 = 1) {
        for type in [SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP] {
            var e = SDL_Event()
            e.button.type = type.rawValue
            e.button.windowID = host.windowID
            e.button.button = button
            e.button.clicks = 1
            e.button.x = Int32(p.x); e.button.y = Int32(p.y)
            _ = SDL_PushEvent(&e)
        }
    }

    /// Opens the field's edit menu with a secondary click and clicks its item for `action`.
    func chooseFromMenu(_ host: SDLWindowHost, _ field: TextField, _ action: EditAction) -> Bool {
        click(host, field.convert(Point(x: 40, y: field.bounds.midY), to: nil), button: 3)
        guard spin(host, until: { field.editMenu != nil }), let menu = field.editMenu,
              let i = menu.actions.firstIndex(of: action) else { return false }
        spin(host, seconds: 0.1) { false }                   // laid out
        if let dir = ProcessInfo.processInfo.environment["TIMELINE_SCREENSHOTS"] {
            try? host.saveScreenshot(to: dir + "/dk3-menu-\(action.rawValue).png")
        }
        let b = menu.buttons[i]
        click(host, b.convert(Point(x: b.bounds.midX, y: b.bounds.midY), to: nil))
        return spin(host) { field.editMenu == nil }
    }

    /// Starts xclip (from scripts/test's packages) with `arguments`; stdin gets `input` when given.
    func xclip(_ arguments: [String], input: String? = nil) throws -> (process: Process, output: Pipe) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["xclip"] + arguments
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        let inPipe = Pipe()
        p.standardInput = input == nil ? FileHandle.nullDevice : inPipe
        try p.run()
        if let input {
            inPipe.fileHandleForWriting.write(Data(input.utf8))
            try inPipe.fileHandleForWriting.close()
        }
        return (p, out)
    }

    /// What `xclip -o -selection clipboard` prints, read while the window answers it; nil when it fails.
    func readWithXclip(_ host: SDLWindowHost) throws -> String? {
        let (p, out) = try xclip(["-o", "-selection", "clipboard"])
        let exited = spin(host) { !p.isRunning }
        if !exited { p.terminate() }
        p.waitUntilExit()
        guard exited, p.terminationStatus == 0 else { return nil }
        return String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    @Test("DK3 clipboard shared with xclip: Ctrl-C and Ctrl-X in a text field reach xclip; text xclip offers pastes with Ctrl-V; the edit menu copies and pastes too")
    func DK3_clipboardSharedWithXclip() throws {
        try onPrivateDisplay { try run() }
    }

    func run() throws {
        let host = try SDLWindowHost(title: "clipboard", size: Size(width: 320, height: 120), software: true)
        #expect(host.window.pasteboard is SDLPasteboard, "an SDL window's pasteboard is the system clipboard")
        let field = TextField(text: "copied from Timeline")
        field.translatesAutoresizingMaskIntoConstraints = true
        field.frame = Rect(x: 20, y: 20, width: 280, height: 36)
        host.window.rootView.addSubview(field)
        spin(host, seconds: 0.2) { false }
        #expect(field.becomeFirstResponder())

        // Copy: Ctrl-A, Ctrl-C; another program reads the clipboard.
        controlKey(host, "a"); controlKey(host, "c")
        #expect(spin(host) { host.window.pasteboard.string == "copied from Timeline" })
        #expect(try readWithXclip(host) == "copied from Timeline")

        // Paste: xclip owns the clipboard (in the foreground with -quiet, so it can be stopped).
        let offered = "from xclip: naïve café ✓"
        let (owner, _) = try xclip(["-quiet", "-i", "-selection", "clipboard"], input: offered)
        defer { if owner.isRunning { owner.terminate() }; owner.waitUntilExit() }
        #expect(spin(host) { host.window.pasteboard.string == offered }, "the engine's pasteboard reads the X clipboard")
        controlKey(host, "a"); controlKey(host, "v")
        #expect(spin(host) { field.text == offered }, "pasted: \(field.text)")

        // Cut: the field empties and the clipboard (taken back from xclip, which then exits) has the text.
        field.text = "cut me"
        controlKey(host, "a"); controlKey(host, "x")
        #expect(spin(host) { field.text.isEmpty })
        #expect(spin(host) { !owner.isRunning }, "xclip lost the selection to the window and exited")
        #expect(try readWithXclip(host) == "cut me")

        // The edit menu (a secondary click): Select All, then Copy, then Paste what xclip offers.
        field.text = "chosen from the menu"
        #expect(chooseFromMenu(host, field, .selectAll))
        #expect(field.selectedRange == 0..<20)
        #expect(chooseFromMenu(host, field, .copy))
        #expect(try readWithXclip(host) == "chosen from the menu")
        let (second, _) = try xclip(["-quiet", "-i", "-selection", "clipboard"], input: "menu paste")
        defer { if second.isRunning { second.terminate() }; second.waitUntilExit() }
        #expect(spin(host) { host.window.pasteboard.string == "menu paste" })
        #expect(chooseFromMenu(host, field, .paste))
        #expect(field.text == "menu paste")

        // Setting the engine's pasteboard in code (what UIPasteboard.general maps onto) is shared too.
        host.window.pasteboard.string = "set in code"
        #expect(spin(host) { !second.isRunning }, "xclip lost the selection to the window and exited")
        let read = try readWithXclip(host)
        #expect(read == "set in code", "xclip read \(read.map { "\"\($0)\"" } ?? "nothing")")
    }
}
