import Foundation
import Testing

/// AM6: the comment at the head of Package.swift, which a reader takes as the map of the modules,
/// is true. Each of its module lines is `Name <- A, B   what it holds` (no arrow: nothing of
/// ours; a list ending in a comma goes on at the next line); the test reads them and the
/// manifest's targets as text and compares the arrows with each target's dependencies.
@Suite("AM6 package header")
struct PackageHeaderTests {
    static let manifest = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Package.swift")

    /// A target of the manifest: its kind (`target`, `executableTarget`, `testTarget`,
    /// `systemLibrary`, `plugin`), its name, and the names in its dependency list (products of
    /// other packages left out).
    struct Target: Equatable {
        var kind: String
        var name: String
        var dependencies: [String]
    }

    /// A module line of the header: the module, the modules after its arrow, and its line number.
    struct Entry: Equatable {
        var name: String
        var dependencies: [String]
        var line: Int
    }

    /// The text from just after the opening bracket at `open` to its matching closing bracket,
    /// skipping brackets inside string literals.
    static func bracketed(_ text: Substring, from open: String.Index) -> Substring {
        let (opener, closer): (Character, Character) = text[open] == "(" ? ("(", ")") : ("[", "]")
        var depth = 0, inString = false
        var i = open
        while i < text.endIndex {
            let c = text[i]
            if c == "\"" { inString.toggle() } else if !inString {
                if c == opener { depth += 1 }
                if c == closer { depth -= 1; if depth == 0 { return text[text.index(after: open)..<i] } }
            }
            i = text.index(after: i)
        }
        return text[text.index(after: open)...]
    }

    /// The targets in the manifest's `targets:` list, in order.
    static func targets(inManifest text: String) -> [Target] {
        guard let list = text.range(of: #"\n\s*targets:\s*\["#, options: .regularExpression) else { return [] }
        let body = bracketed(text[...], from: text.index(before: list.upperBound))
        let call = #/\.(target|executableTarget|testTarget|systemLibrary|plugin)\(/#
        return body.matches(of: call).compactMap { match in
            let arguments = bracketed(body, from: body.index(before: match.range.upperBound))
            guard let name = arguments.firstMatch(of: #/name:\s*"([^"]+)"/#)?.1 else { return nil }
            var dependencies: [String] = []
            if let start = arguments.firstMatch(of: #/dependencies:\s*\[/#) {
                let list = bracketed(arguments, from: arguments.index(before: start.range.upperBound))
                let ours = list.replacing(#/\.product\([^)]*\)/#, with: "")
                dependencies = ours.matches(of: #/"([^"]+)"/#).map { String($0.1) }
            }
            return Target(kind: String(match.1), name: String(name), dependencies: dependencies)
        }
    }

    /// The header's module lines, or the lines that look like module lines and do not read as one
    /// (as "line N: ..." problems). The header is the comment after `import PackageDescription`;
    /// a module line starts with `//` and exactly three spaces, prose with one.
    static func header(ofManifest text: String) -> (entries: [Entry], problems: [String]) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("import PackageDescription") }) else {
            return ([], ["no `import PackageDescription`"])
        }
        let name = #/[A-Za-z][A-Za-z0-9_-]*/#
        var entries: [Entry] = [], problems: [String] = []
        /// The names up to two spaces or the end, and whether the list goes on (ends in a comma).
        func list(_ text: Substring, line: Int) -> (names: [String], goesOn: Bool) {
            let s = text.drop { $0 == " " }
            let part = s.firstRange(of: #/\s{2,}/#).map { s[..<$0.lowerBound] } ?? s
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            let goesOn = trimmed.hasSuffix(",") && part.endIndex == s.endIndex
            let names = trimmed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            for n in names where (try? name.wholeMatch(in: n)) == nil { problems.append("line \(line): '\(n)' is not a module name") }
            return (names, goesOn)
        }
        var index = start + 1
        while index < lines.count, lines[index].allSatisfy(\.isWhitespace) { index += 1 }
        while index < lines.count, lines[index].hasPrefix("//") {
            let line = lines[index], number = index + 1
            index += 1
            guard line.hasPrefix("//   "), let first = line.dropFirst(5).first, first != " " else { continue }
            let rest = line.dropFirst(5)
            guard let module = rest.prefixMatch(of: name) else { problems.append("line \(number): no module name"); continue }
            let after = rest[module.range.upperBound...]
            var entry = Entry(name: String(module.output), dependencies: [], line: number)
            if let arrow = after.prefixMatch(of: #/\s+<-\s+/#) {
                var (names, goesOn) = list(after[arrow.range.upperBound...], line: number)
                entry.dependencies = names
                while goesOn, index < lines.count, lines[index].hasPrefix("//") {
                    (names, goesOn) = list(lines[index].dropFirst(2), line: index + 1)
                    entry.dependencies += names
                    index += 1
                }
            } else if !after.isEmpty && after.prefixMatch(of: #/\s{2,}/#) == nil {
                problems.append("line \(number): '\(rest)' is neither 'Name <- A, B  text' nor 'Name  text'")
                continue
            }
            entries.append(entry)
        }
        return (entries, problems)
    }

    /// Where the header and the targets disagree, one sentence each.
    static func disagreements(manifest text: String) -> [String] {
        let targets = targets(inManifest: text)
        let (entries, problems) = header(ofManifest: text)
        let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        /// Ours: targets with sources in this package (system libraries wrap the system's).
        let ours = Set(targets.filter { ["target", "executableTarget"].contains($0.kind) }.map(\.name))
        var found = problems
        var listed: [String: Int] = [:]
        for entry in entries {
            guard let target = byName[entry.name], ours.contains(entry.name) else {
                found.append("line \(entry.line): \(entry.name) is no library or executable target of the package"); continue
            }
            if let earlier = listed[entry.name] { found.append("line \(entry.line): \(entry.name) is listed already at line \(earlier)") }
            listed[entry.name] = entry.line
            let says = Set(entry.dependencies), has = Set(target.dependencies.filter(ours.contains))
            if says != has {
                let missing = has.subtracting(says).sorted(), extra = says.subtracting(has).sorted()
                found.append("line \(entry.line): \(entry.name) depends on \(has.sorted().joined(separator: ", "))"
                             + (missing.isEmpty ? "" : "; the header misses \(missing.joined(separator: ", "))")
                             + (extra.isEmpty ? "" : "; the header adds \(extra.joined(separator: ", "))"))
            }
            // Dependencies point one way: every module stands below the lines that use it.
            for d in entry.dependencies where ours.contains(d) && listed[d] == nil {
                found.append("line \(entry.line): \(entry.name) depends on \(d), which is not listed above it")
            }
        }
        for target in targets where target.kind == "target" && listed[target.name] == nil {
            found.append("the header does not list the library target \(target.name)")
        }
        return found
    }

    @Test("AM6: each module line of Package.swift's header gives exactly its target's dependencies on our targets, and every library target has a line")
    func AM6_packageHeaderMatchesTargets() throws {
        let text = try String(contentsOf: Self.manifest, encoding: .utf8)
        let targets = Self.targets(inManifest: text)
        #expect(targets.filter { $0.kind == "target" }.count > 25, "read only \(targets.count) targets")
        #expect(targets.first { $0.name == "TimelineScene" }?.dependencies.contains("JSONParsing") == true)
        #expect(Self.header(ofManifest: text).entries.count > 30)
        let disagreements = Self.disagreements(manifest: text)
        #expect(disagreements.isEmpty, "Package.swift's header is false:\n\(disagreements.joined(separator: "\n"))")
    }

    @Test("AM6: the header check reads wrapped lists and catches a false arrow, a missing target and a phrase in place of a list")
    func AM6_packageHeaderCheckCatchesFalseHeaders() {
        func manifest(_ header: String) -> String {
            """
            // swift-tools-version:6.1
            import PackageDescription

            \(header)
            let package = Package(
                name: "P",
                products: [.library(name: "B", targets: ["B"])],
                targets: [
                    .target(name: "A"),
                    .systemLibrary(name: "CSys", pkgConfig: "sys"),
                    .target(name: "B", dependencies: ["A", "CSys", .product(name: "Logging", package: "swift-log")]),
                    .target(name: "C", dependencies: ["A", "B"], swiftSettings: [.define("X(")]),
                    .executableTarget(name: "tool", dependencies: ["C"]),
                    .testTarget(name: "CTests", dependencies: ["C"]),
                ]
            )
            """
        }
        let good = manifest("""
            // Prose, with an arrow <- in it.
            //   A                  values
            //   B      <- A        on A (CSys is a system library)
            //   C      <- A,
            //             B
            //                      wrapped
            //   tool   <- C
            """)
        #expect(Self.targets(inManifest: good).map(\.name) == ["A", "CSys", "B", "C", "tool", "CTests"])
        #expect(Self.targets(inManifest: good)[2].dependencies == ["A", "CSys"])
        #expect(Self.header(ofManifest: good).entries == [
            Entry(name: "A", dependencies: [], line: 5), Entry(name: "B", dependencies: ["A"], line: 6),
            Entry(name: "C", dependencies: ["A", "B"], line: 7), Entry(name: "tool", dependencies: ["C"], line: 10),
        ])
        #expect(Self.disagreements(manifest: good) == [])

        let falseArrow = manifest("//   A  values\n//   B <- A  on A\n//   C <- B  on B alone")
        #expect(Self.disagreements(manifest: falseArrow) == ["line 6: C depends on A, B; the header misses A"])
        let missing = manifest("//   A  values\n//   B <- A  on A")
        #expect(Self.disagreements(manifest: missing) == ["the header does not list the library target C"])
        let phrase = manifest("//   A  values\n//   B <- A  on A\n//   C <- all of the above  text")
        #expect(Self.disagreements(manifest: phrase).first == "line 6: 'all of the above' is not a module name")
        let upsideDown = manifest("//   C <- A, B  text\n//   A  values\n//   B <- A  on A")
        #expect(Self.disagreements(manifest: upsideDown).contains("line 4: C depends on A, which is not listed above it"))
        let together = manifest("//   A, B <- A  two at once\n//   C <- A, B  text")
        #expect(Self.disagreements(manifest: together).first == "line 4: 'A, B <- A  two at once' is neither 'Name <- A, B  text' nor 'Name  text'")
    }
}
