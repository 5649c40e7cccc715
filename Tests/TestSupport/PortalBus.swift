import Foundation
import Testing

/// A private session bus (dbus-daemon) with scripts/fake-portal serving the XDG settings portal
/// on it (AX4, DK5 tests); ``stop()`` ends both.
@MainActor
public final class PortalBus {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public let address: String
    private let daemon: Process
    private var portal: Process?
    private var portalInput: FileHandle?
    private var portalOutput: FileHandle?

    public init() throws {
        daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--nopidfile", "--print-address=1"]
        let out = Pipe()
        daemon.standardOutput = out
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        address = try Self.line(from: out.fileHandleForReading)
        #expect(address.hasPrefix("unix:"), "dbus-daemon printed \(address)")
    }

    /// Starts the portal with `arguments` (its settings) and waits until it owns its name.
    public func startPortal(_ arguments: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        p.arguments = [Self.root.appendingPathComponent("scripts/fake-portal").path, "--address", address] + arguments
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        try p.run()
        portal = p
        portalInput = input.fileHandleForWriting
        portalOutput = output.fileHandleForReading
        let ready = try Self.line(from: output.fileHandleForReading)
        try #require(ready == "ready", "the fake portal did not start (python3-gi installed?): \(ready)")
    }

    /// Changes a setting in the portal, which emits SettingChanged.
    public func set(_ namespace: String, _ key: String, _ type: String, _ value: String) throws {
        try portalInput?.write(contentsOf: Data("set \(namespace) \(key) \(type) \(value)\n".utf8))
        #expect(try Self.line(from: portalOutput!) == "sent")
    }

    /// Ends both with SIGKILL: the test runner's threads block SIGTERM, and its children inherit
    /// the mask (scripts/atspi-session says the same of dbus-run-session).
    public func stop() {
        for p in [portal, daemon].compactMap({ $0 }) where p.isRunning {
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
        }
    }

    /// One line from `handle` (blocking; the helpers print theirs at once).
    static func line(from handle: FileHandle) throws -> String {
        var bytes = Data()
        while let b = try handle.read(upToCount: 1), let c = b.first, c != UInt8(ascii: "\n") { bytes.append(c) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
