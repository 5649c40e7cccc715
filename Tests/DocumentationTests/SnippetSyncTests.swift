import Foundation
import Testing

/// DX2: every code block an article marks `<!-- snippet: NAME -->` is, line for line, the region
/// `// snippet: NAME` … `// end snippet` of a test file (indentation removed), so the code a reader
/// copies is code the suite compiled and ran.
@Suite("DX2 articles quote tested code")
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
}
