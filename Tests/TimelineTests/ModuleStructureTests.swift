import Foundation
import Testing

/// CA12: the view engine's structure: no source file over 700 lines, and the Timeline module
/// only re-exports the view modules (each of which stands on the ones below it).
@Suite("CA12 module structure")
struct ModuleStructureTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    static func swiftFiles(under folder: URL) -> [URL] {
        let items = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        return items.filter { $0.pathExtension == "swift" }
    }

    static func lineCount(_ file: URL) throws -> Int {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count
    }

    @Test("CA12: no source file is over 700 lines")
    func CA12_fileSizes() throws {
        let files = Self.swiftFiles(under: Self.sources)
        #expect(files.count > 100)
        for f in files {
            let n = try Self.lineCount(f)
            #expect(n <= 700, "\(f.path) has \(n) lines")
        }
    }

    @Test("CA12: Timeline only re-exports Views, Controls, Scrolling, Lists and Navigation; each of those exists")
    func CA12_timelineReexports() throws {
        let timeline = Self.swiftFiles(under: Self.sources.appendingPathComponent("Timeline"))
        let code = try timeline.map { try String(contentsOf: $0, encoding: .utf8) }.joined()
        let lines = code.split(separator: "\n").filter { !$0.hasPrefix("//") }
        #expect(Set(lines) == ["@_exported import Controls", "@_exported import Lists", "@_exported import Navigation",
                               "@_exported import Scrolling", "@_exported import Views"])
        for module in ["Views", "Controls", "Scrolling", "Lists", "Navigation"] {
            #expect(!Self.swiftFiles(under: Self.sources.appendingPathComponent(module)).isEmpty, "no module \(module)")
        }
    }
}
