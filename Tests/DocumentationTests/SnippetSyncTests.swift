import Foundation
import Testing

/// DX2: every code block an article marks `<!-- snippet: NAME -->` is, line for line, the region
/// `// snippet: NAME` … `// end snippet` of a test file (indentation removed), and every code file
/// a tutorial step shows (`@Code(name:file:)` in a `.tutorial` page) is the region named after the
/// file, so the code a reader copies is code the suite compiled and ran.
@Suite("DX2 articles and tutorials quote tested code")
struct SnippetSyncTests {
    /// The regions of every Swift file under `Tests/` and `UIKitExamples/` (built and run by the
    /// UIKit tests, UK5), by name.
    static func regions() throws -> [String: [String]] {
        var result: [String: [String]] = [:]
        for folder in ["Tests", "UIKitExamples"] {
            let root = packageRoot.appendingPathComponent(folder)
            for case let file as String in FileManager.default.enumerator(atPath: root.path) ?? .init() where file.hasSuffix(".swift") {
                let lines = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8).components(separatedBy: "\n")
                var name: String?
                var body: [String] = []
                for line in lines {
                    let t = line.trimmingCharacters(in: .whitespaces)
                    if t.hasPrefix("// snippet: ") {
                        name = String(t.dropFirst("// snippet: ".count)); body = []
                    } else if t == "// end snippet", let n = name {
                        result[n] = dedent(body); name = nil
                    } else if name != nil {
                        body.append(line)
                    }
                }
            }
        }
        return result
    }

    static func dedent(_ lines: [String]) -> [String] {
        let indent = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
        return lines.map { $0.count >= indent ? String($0.dropFirst(indent)) : $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Every article's marked code blocks: (article, name, lines).
    static func quotedBlocks() throws -> [(article: String, name: String, lines: [String])] {
        var found: [(String, String, [String])] = []
        let sources = packageRoot.appendingPathComponent("Sources")
        for case let file as String in FileManager.default.enumerator(atPath: sources.path) ?? .init()
        where file.hasSuffix(".md") && file.contains(".docc/") {
            let lines = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8).components(separatedBy: "\n")
            var i = 0
            while i < lines.count {
                let t = lines[i].trimmingCharacters(in: .whitespaces)
                if t.hasPrefix("<!-- snippet: "), t.hasSuffix("-->") {
                    let name = t.dropFirst("<!-- snippet: ".count).dropLast(3).trimmingCharacters(in: .whitespaces)
                    var j = i + 1
                    guard j < lines.count, lines[j].hasPrefix("```") else { found.append((file, name, ["(no code block follows)"])); i += 1; continue }
                    j += 1
                    var body: [String] = []
                    while j < lines.count, !lines[j].hasPrefix("```") { body.append(lines[j]); j += 1 }
                    found.append((file, name, body))
                    i = j
                }
                i += 1
            }
        }
        return found
    }

    @Test("DX2: each article's marked code is the tested region it names")
    func DX2_articlesQuoteTestedCode() throws {
        let regions = try Self.regions()
        let blocks = try Self.quotedBlocks()
        #expect(blocks.count >= 6, "the articles quote \(blocks.count) tested blocks")
        for block in blocks {
            guard let region = regions[block.name] else {
                Issue.record("\(block.article) quotes snippet '\(block.name)', which no test file has")
                continue
            }
            #expect(block.lines == region, """
                \(block.article): the block under snippet '\(block.name)' differs from the tested code; paste:
                \(region.joined(separator: "\n"))
                """)
        }
    }

    /// Every `@Code(name:file:)` of every `.tutorial` page in the catalogs: (page, file, the
    /// file's lines). DocC finds a code file by name anywhere in the page's catalog.
    static func tutorialCode() throws -> [(page: String, file: String, lines: [String]?)] {
        var found: [(String, String, [String]?)] = []
        let sources = packageRoot.appendingPathComponent("Sources")
        let files = (FileManager.default.enumerator(atPath: sources.path)?.allObjects as? [String]) ?? []
        let code = try Regex(#"@Code\(\s*name:\s*"[^"]*",\s*file:\s*"?([^",)\s]+)"?"#)
        for page in files where page.hasSuffix(".tutorial") {
            guard let catalog = page.range(of: ".docc/").map({ String(page[..<$0.upperBound]) }) else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(page), encoding: .utf8)
            for match in text.matches(of: code) {
                let name = String(text[match.output[1].range!])
                let path = files.first { $0.hasPrefix(catalog) && ($0 as NSString).lastPathComponent == name }
                var lines = try path.map { try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8).components(separatedBy: "\n") }
                if lines?.last == "" { lines?.removeLast() }
                found.append((page, name, lines))
            }
        }
        return found
    }

    @Test("DX2: each tutorial step's code file is the tested region named after it")
    func DX2_tutorialsShowTestedCode() throws {
        let regions = try Self.regions()
        let steps = try Self.tutorialCode()
        let pages = Set(steps.map(\.page))
        #expect(pages.count >= 2, "tutorial pages with code: \(pages.sorted())")
        for step in steps {
            guard let lines = step.lines else {
                Issue.record("\(step.page) shows \(step.file), which is not in its catalog")
                continue
            }
            let name = (step.file as NSString).deletingPathExtension
            guard let region = regions[name] else {
                Issue.record("\(step.page) shows \(step.file), but no test file has the region '// snippet: \(name)'")
                continue
            }
            #expect(lines == region, """
                \(step.page): \(step.file) differs from the tested region '\(name)'; write:
                \(region.joined(separator: "\n"))
                """)
        }
    }
}

/// DX2: the README's "Use it in your app" shows the example app's screen and window as they are
/// in `Demos/ExampleApp`, which `scripts/test` builds and tests, so the README's code compiles.
@Suite("DX2 the README's app code is the example app's")
struct ReadmeAppCodeTests {
    /// The README's Swift code blocks.
    static func readmeBlocks() throws -> [String] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        return text.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    }

    @Test("DX2: the README's PanelViewController and main.swift are the example app's files", arguments: [
        "Demos/ExampleApp/Sources/PanelApp/PanelViewController.swift",
        "Demos/ExampleApp/Sources/ExampleApp/main.swift",
    ])
    func DX2_readmeShowsTheExampleApp(file: String) throws {
        let code = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
        #expect(try Self.readmeBlocks().contains(code), "README.md has no ```swift block equal to \(file)")
    }
}
