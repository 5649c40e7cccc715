import Foundation
import Testing

/// AM7: no type of the engine shadows another module's type of the same name. A file that
/// imports both modules would otherwise read one name as two things (Views once had structs
/// `PropertyAnimation` and `KeyframeAnimation` beside Layers' public classes). The scan reads the
/// top-level type declarations of every engine module (everything but the facade, the CLI and
/// the tools) and reports a name declared in two modules when either declaration is visible
/// outside its module (public, open or package).
@Suite("AM7 type names")
struct TypeNameTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// Modules that are not the engine: the UIKit facade and its Apple-named companions, which
    /// repeat Apple's names on purpose, the command-line tool, and the build and fuzzing tools.
    static let notEngine: Set<String> = ["UIKit", "QuartzCore", "CoreGraphics", "CoreImage", "ObjectiveC", "ObjCLowering",
                                         "UIKitCompatTool", "TimelineCLI", "FuzzDriver", "FuzzHarness", "CLibFuzzer"]

    struct Declaration: Equatable {
        let name: String
        let module: String
        /// Visible outside its module.
        let isShared: Bool
        let file: String
    }

    /// The top-level type declarations (at the start of a line) of one file's text.
    static func declarations(in text: String, module: String, file: String) -> [Declaration] {
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "actor", "typealias"]
        var out: [Declaration] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let first = line.first, first.isLetter || first == "@" else { continue }
            let words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "<" || $0 == "{" || $0 == "=" })
            guard let k = words.firstIndex(where: { kinds.contains($0) }), k + 1 < words.count else { continue }
            // Only modifiers and attributes may come before the keyword.
            let modifiers: Set<Substring> = ["public", "open", "package", "internal", "fileprivate", "private", "final", "indirect"]
            guard words[..<k].allSatisfy({ modifiers.contains($0) || $0.hasPrefix("@") }) else { continue }
            let name = String(words[k + 1])
            guard name.first?.isUppercase == true else { continue }
            let shared = words[..<k].contains { $0 == "public" || $0 == "open" || $0 == "package" }
            out.append(Declaration(name: name, module: module, isShared: shared, file: file))
        }
        return out
    }

    /// Names declared in two modules where one of the declarations is visible outside its module.
    static func shadowings(_ all: [Declaration]) -> [String] {
        Dictionary(grouping: all, by: \.name).compactMap { name, ds in
            let modules = Set(ds.map(\.module))
            guard modules.count > 1, ds.contains(where: \.isShared) else { return nil }
            return "\(name): " + ds.map { "\($0.file)\($0.isShared ? " (shared)" : "")" }.joined(separator: ", ")
        }.sorted()
    }

    static func engineDeclarations() throws -> [Declaration] {
        let root = sources.standardizedFileURL.path + "/"
        let items = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        return try items.filter { $0.pathExtension == "swift" }.flatMap { url -> [Declaration] in
            let path = String(url.standardizedFileURL.path.dropFirst(root.count))
            guard let module = path.split(separator: "/").first.map(String.init), !notEngine.contains(module) else { return [] }
            return declarations(in: try String(contentsOf: url, encoding: .utf8), module: module, file: "Sources/" + path)
        }
    }

    @Test("AM7: no engine type shadows another engine module's type of the same name")
    func AM7_noShadowedTypeNames() throws {
        let all = try Self.engineDeclarations()
        #expect(all.count > 300, "found only \(all.count) declarations under \(Self.sources.path)")
        #expect(all.contains { $0.name == "Layer" && $0.module == "Layers" && $0.isShared })
        let found = Self.shadowings(all)
        #expect(found.isEmpty, "type names declared in two modules:\n\(found.joined(separator: "\n"))")
    }

    @Test("AM7: the scan finds a shadowing struct, and leaves nested and module-private names alone")
    func AM7_scanFindsShadowing() {
        let layers = """
            /// A layer animation.
            @MainActor
            open class PropertyAnimation: Animation {
                struct Track {}
            }
            final class Cache {}
            """
        let views = """
            struct PropertyAnimation {
                var view: View?
            }
            struct Track {}
            private final class Cache {}
            """
        let all = TypeNameTests.declarations(in: layers, module: "Layers", file: "L.swift")
            + TypeNameTests.declarations(in: views, module: "Views", file: "V.swift")
        #expect(all.map(\.name) == ["PropertyAnimation", "Cache", "PropertyAnimation", "Track", "Cache"])
        #expect(TypeNameTests.shadowings(all) == ["PropertyAnimation: L.swift (shared), V.swift"])
    }
}
