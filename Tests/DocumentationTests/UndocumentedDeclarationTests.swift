import Foundation
import Testing

/// The package root, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// DX1: every public declaration of the engine's modules carries a doc comment, or is on the
/// committed list of those still to document (`undocumented.txt`, one `path:line: text` a line).
/// The list may only shrink: a new undocumented declaration fails, and so does a listed one that
/// has since been documented (take it off the list). Lines move as files change, so entries are
/// matched by file and text; the line numbers are there to find them. After documenting, rewrite
/// the list with `DX1_WRITE_LIST=1 swift test --skip-build --filter DX1`.
@Suite("DX1 documented public declarations")
struct UndocumentedDeclarationTests {
    /// The engine's modules: what an app reaches through Timeline, TimelineSDL, TimelineScene and
    /// Lottie, and the modules under them. The UIKit facade (Apple's names, docs/uikit.md) and the
    /// tools are not on it.
    static let engineModules = [
        "Geometry", "FrameTiming", "FrameStatistics", "LayoutSolver", "JSONParsing", "Archives", "UpdateLoop", "Motion",
        "TextEngine", "Images", "RenderModel", "Layers", "Views", "Controls", "Scrolling", "Lists", "Navigation",
        "Timeline", "TimelineAccessibility", "TimelineDesktop", "TimelineSDL", "SceneReading", "TimelineScene", "Lottie", "TimelineInspector", "TimeTravel",
    ]

    static let listURL = packageRoot.appendingPathComponent("Tests/DocumentationTests/undocumented.txt")

    /// The UIKit facade's modules: Apple's names over the engine (docs/uikit.md). Their doc
    /// comments say what each maps to; the list of those still without one only shrinks too.
    static let facadeModules = ["UIKit", "QuartzCore", "CoreGraphics", "CoreImage", "ObjectiveC"]
    static let facadeListURL = packageRoot.appendingPathComponent("Tests/DocumentationTests/undocumented-facade.txt")

    /// Per module: how many public declarations, and the undocumented ones.
    static func scanModules(_ names: [String] = engineModules) throws
        -> [(module: String, declarations: Int, undocumented: [DocCommentScanner.Finding])] {
        try names.map { module in
            let dir = packageRoot.appendingPathComponent("Sources/\(module)")
            let files = (FileManager.default.enumerator(atPath: dir.path)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".swift") }.sorted()
            var total = 0
            var found: [DocCommentScanner.Finding] = []
            for file in files {
                let source = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
                let result = DocCommentScanner.scan(source, path: "Sources/\(module)/\(file)")
                total += result.declarations
                found += result.undocumented
            }
            return (module, total, found)
        }
    }

    /// A finding's identity on the list: its file and its text (the line number drifts).
    static func key(_ line: Substring) -> String? {
        let parts = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        return "\(parts[0]):\(parts[2].trimmingCharacters(in: .whitespaces))"
    }

    @Test("DX1: no public declaration of the engine's modules lacks a doc comment beyond the shrinking list")
    func DX1_undocumentedDeclarations() throws {
        try Self.check(Self.engineModules, list: Self.listURL)
    }

    @Test("DX1: no public declaration of the UIKit facade lacks a doc comment beyond its shrinking list")
    func DX1_undocumentedFacadeDeclarations() throws {
        try Self.check(Self.facadeModules, list: Self.facadeListURL)
    }

    /// Scans `names` and compares what lacks a doc comment with the committed `list`.
    static func check(_ names: [String], list listURL: URL) throws {
        let modules = try Self.scanModules(names)
        let findings = modules.flatMap(\.undocumented).sorted()
        if ProcessInfo.processInfo.environment["DX1_WRITE_LIST"] != nil {
            let text = findings.map(\.description).joined(separator: "\n") + "\n"
            try text.write(to: listURL, atomically: true, encoding: .utf8)
        }
        let summary = modules.map { m in
            let documented = m.declarations - m.undocumented.count
            return "\(m.module) \(documented)/\(m.declarations)"
        }.joined(separator: ", ")
        print("DX1 documented public declarations: \(summary)")

        let listed = try String(contentsOf: listURL, encoding: .utf8).split(separator: "\n")
        var allowed: [String: Int] = [:]
        for line in listed { if let k = Self.key(line) { allowed[k, default: 0] += 1 } }
        var unlisted: [String] = []
        var remaining = allowed
        for f in findings {
            let k = "\(f.path):\(f.text)"
            if let n = remaining[k], n > 0 { remaining[k] = n - 1 } else { unlisted.append(f.description) }
        }
        let documentedSince = listed.filter { line in
            guard let k = Self.key(line), let n = remaining[k], n > 0 else { return false }
            remaining[k] = n - 1
            return true
        }
        if !unlisted.isEmpty { Issue.record("""
            \(unlisted.count) public declarations have no doc comment (say what it is, its units, \
            its cost per frame where that matters):
            \(unlisted.joined(separator: "\n"))
            """) }
        if !documentedSince.isEmpty { Issue.record("""
            \(documentedSince.count) declarations on \(listURL.lastPathComponent) are documented \
            now; take them off the list (DX1_WRITE_LIST=1 rewrites it):
            \(documentedSince.joined(separator: "\n"))
            """) }
    }

    @Test("DX1: the scanner sees doc comments past attributes, and skips overrides and conformances")
    func DX1_scannerRules() {
        let source = """
            /// A documented type.
            public struct A {
                public var undocumented: Int
                /// Documented.
                @MainActor
                public func documented() {}
                /** Documented too. */
                public init() {}
                // An ordinary comment is not documentation.
                public static let plain = 1
                var hidden: Int
                public func body() { let s = "public var notADeclaration: Int {"; _ = s }
            }
            struct Internal { public var notVisible: Int }
            extension A: Equatable { public static func == (a: A, b: A) -> Bool { true } }
            open class B { open func f() {} }
            public final class C: B { public override func f() {} }
            public enum E { case one, two
                /// Documented.
                case three }
            """
        let found = DocCommentScanner.undocumented(in: source, path: "x.swift").map(\.line)
        // 12: the string's text is not a declaration, the function is; 16 and 18: one declaration a line.
        #expect(found == [3, 10, 12, 16, 17, 18])
    }
}
