import Testing
import Foundation
@testable import UIKit
import BadgeKit

/// The `objc-lower` tool the plugin runs: next to the test bundle after `swift build --build-tests`.
func objcLowerTool() -> URL? {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let candidates = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("objc-lower"),
                      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("objc-lower"),
                      root.appendingPathComponent(".build/debug/objc-lower")]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

/// Runs a program to its end and returns its status and standard error.
func run(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, errors: String) {
    let p = Process()
    p.executableURL = executable
    p.arguments = arguments
    let errors = Pipe()
    p.standardError = errors
    p.standardOutput = FileHandle.nullDevice
    try p.run()
    let data = errors.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: data, as: UTF8.self))
}

@MainActor
@Suite("RU2 a UIKit library laid out as docs/uikit.md says: its files in UIKit/, its module file beside them")
struct UIKitLibraryLayoutTests {
    @Test("RU2 a library whose every file is in UIKit/ builds with the plugin, and its #selector target-action runs")
    func RU2_libraryInUIKitFolderBuildsAndRuns() {
        // BadgeKit (UIKitExamples/BadgeKit) is a target of this package: that this file compiles
        // is the build; the taps check the lowered #selector and @IBInspectable.
        let button = BadgeButton(frame: CGRect(x: 0, y: 0, width: 80, height: 40))
        #expect(button.badge.isHidden)
        button.badgeColor = .systemBlue
        button.sendActions(for: .touchUpInside)
        button.sendActions(for: .touchUpInside)
        #expect(button.count == 2)
        #expect(button.badge.text == "2")
        #expect(!button.badge.isHidden)
        #expect(button.badge.backgroundColor == .systemBlue)
    }

    @Test("RU2 the compiler's messages about a lowered file name the user's file and line, not the copy's")
    func RU2_messagesNameTheUsersFileAndLine() throws {
        guard let tool = objcLowerTool() else { Issue.record("objc-lower is not built"); return }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ru2-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = dir.appendingPathComponent("Probe.swift"), lowered = dir.appendingPathComponent("UIKit_Probe.swift")
        try """
        final class Probe {
            @objc func tap() {}
            @IBInspectable var
                radius: Double = 2
            func broken() -> Int { return "three" }
        }
        """.write(to: original, atomically: true, encoding: .utf8)
        #expect(try run(tool, [original.path, lowered.path]).status == 0)
        let swiftc = ["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let swiftc else { Issue.record("no swiftc"); return }
        // The lowered file imports UIKit first (as an umbrella header would); an empty module of
        // that name stands in for it here, this test being about lines, not UIKit.
        let stub = dir.appendingPathComponent("UIKitStub.swift")
        try "".write(to: stub, atomically: true, encoding: .utf8)
        #expect(try run(URL(fileURLWithPath: swiftc), ["-emit-module", "-module-name", "UIKit", "-emit-module-path",
                                                       dir.appendingPathComponent("UIKit.swiftmodule").path, stub.path]).status == 0)
        let result = try run(URL(fileURLWithPath: swiftc), ["-typecheck", "-I", dir.path, lowered.path])
        #expect(result.status != 0)
        #expect(result.errors.contains("\(original.path):5:35: error: cannot convert return expression"))
        #expect(!result.errors.contains(lowered.lastPathComponent))
    }
}
