import Foundation
import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

/// L3: anchors are typed as UIKit's are. The mismatched calls are checked by compiling snippets
/// against the built modules: the test passes when they fail to compile, and the control snippet
/// (the same calls with matching kinds) compiles.
@Suite("L3 typed anchors")
struct TypedAnchorTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Type-checks `source` against the package's debug modules; returns the exit status and stderr.
    static func typecheck(_ source: String) throws -> (status: Int32, stderr: String) {
        let modules = root.appendingPathComponent(".build/debug/Modules").path
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("l3-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("snippet.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules] + cModuleSearchPaths().flatMap { ["-I", $0] }
            + ["/usr/include/harfbuzz", "/usr/include/freetype2", "/usr/include/SDL2"].flatMap { ["-Xcc", "-I\($0)"] } + [file.path]
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = "/opt/swift/usr/bin:" + (environment["PATH"] ?? "/usr/bin:/bin")
        p.environment = environment
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The include folders of the C modules the package's dependencies bring (swift-numerics'
    /// shims, under hdrhistogram), which a client compiling against the modules must see.
    static func cModuleSearchPaths() -> [String] {
        let checkouts = root.appendingPathComponent(".build/checkouts")
        var found: [String] = []
        let packages = (try? FileManager.default.contentsOfDirectory(atPath: checkouts.path)) ?? []
        for package in packages {
            let sources = checkouts.appendingPathComponent(package).appendingPathComponent("Sources")
            for target in (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? [] {
                let include = sources.appendingPathComponent(target).appendingPathComponent("include")
                if FileManager.default.fileExists(atPath: include.appendingPathComponent("module.modulemap").path) { found.append(include.path) }
            }
        }
        // The package's own C modules: the text libraries' module map and the shims SwiftPM
        // wrote module maps for, with the system headers they include.
        found.append(root.appendingPathComponent("Sources/CText").path)
        found.append(root.appendingPathComponent("Sources/CImageCodecs").path)
        found.append(root.appendingPathComponent("Sources/CCmark").path)
        for target in ["CTextShim", "CTimelineFont"] {
            found.append(root.appendingPathComponent(".build/debug/\(target).build").path)
        }
        return found
    }

    static func snippet(_ body: String) -> String {
        """
        import Timeline
        @MainActor func make(_ a: View, _ b: View) -> LayoutConstraint {
            \(body)
        }
        """
    }

    @Test("L3: anchors of matching kinds compile (the control for the tests below)")
    func L3_matchingKindsCompile() throws {
        let r = try Self.typecheck(Self.snippet("""
            _ = a.leadingAnchor.constraint(equalTo: b.trailingAnchor, constant: 8)
            _ = a.topAnchor.constraint(greaterThanOrEqualTo: b.firstBaselineAnchor)
            return a.widthAnchor.constraint(equalTo: b.heightAnchor, multiplier: 0.5, constant: 2)
            """))
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test("L3: relating an x-axis anchor to a y-axis anchor does not compile",
          arguments: ["return a.leadingAnchor.constraint(equalTo: b.topAnchor)",
                      "return a.centerYAnchor.constraint(lessThanOrEqualTo: b.centerXAnchor, constant: 1)"])
    func L3_axisMismatchDoesNotCompile(body: String) throws {
        let r = try Self.typecheck(Self.snippet(body))
        #expect(r.status != 0)
        #expect(r.stderr.contains("XAxisAnchorKind") && r.stderr.contains("YAxisAnchorKind"), "\(r.stderr)")
    }

    @Test("L3: a position cannot take a multiplier or a dimension, nor a constant value",
          arguments: ["return a.leadingAnchor.constraint(equalTo: b.leadingAnchor, multiplier: 2)",
                      "return a.topAnchor.constraint(equalTo: b.heightAnchor)",
                      "return a.leadingAnchor.constraint(equalToConstant: 10)"])
    func L3_positionsTakeOnlyAConstant(body: String) throws {
        let r = try Self.typecheck(Self.snippet(body))
        #expect(r.status != 0, "\(body) compiled")
        #expect(r.stderr.contains("error:"), "\(r.stderr)")
    }

    @Test("L3: the run-time initialiser relates attributes chosen at run time, multipliers included")
    @MainActor
    func L3_runtimeInitializer() {
        let host = makeHost()
        let a = View(identifier: "a")
        host.root.addSubview(a)
        LayoutConstraint.activate([
            LayoutConstraint(item: a, attribute: .leading, relatedBy: .equal, toItem: host.root, attribute: .centerX, multiplier: 0.5),
            LayoutConstraint(item: a, attribute: .top, relatedBy: .equal, toItem: nil, attribute: nil, constant: 7),
            a.widthAnchor.constraint(equalToConstant: 20), a.heightAnchor.constraint(equalToConstant: 10),
        ])
        host.runUntilIdle()
        #expect(a.frame == Rect(x: 100, y: 7, width: 20, height: 10))          // half of the root's centre, 200
        #expect(host.isIdle)
    }

    /// A type of the user's own that adopts the public protocol but is neither a view nor a guide.
    final class ForeignOwner: LayoutItemOwner {
        let host: View
        init(host: View) { self.host = host }
        var hierarchyView: View? { host }
        var layoutName: String { "foreign" }
    }

    @Test("L3: a constraint on an owner that is neither a view nor a layout guide is refused, not a trap")
    @MainActor
    func L3_foreignOwnerRefused() {
        let host = makeHost()
        let a = View(identifier: "a")
        host.root.addSubview(a)
        let foreign = ForeignOwner(host: host.root)
        let c = LayoutConstraint(item: a, attribute: .leading, relatedBy: .equal, toItem: foreign, attribute: .leading)
        do {
            try LayoutConstraint.activateChecked([c])
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("ForeignOwner; only views and layout guides can be laid out"), "\(error)")
        }
        #expect(!c.isActive)
        host.runUntilIdle()
        #expect(host.isIdle)
    }
}
