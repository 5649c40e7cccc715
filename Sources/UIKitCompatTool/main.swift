import Foundation

// uikit-compat (UK6): writes the UIKit compatibility table from the code. It reads the symbol
// graphs of the facade's modules (swift-symbolgraph-extract's JSON), the sources for the
// declarations marked unavailable (which symbol graphs leave out), and a list of Apple's type
// names; every public type and member is listed as provided, partial (its documentation
// says "Partial"), or unavailable (a compile-time message), and each listed Apple type we do
// not have as not provided.
//
// With `--measured FILE` it also writes the real corpus's figures (RU6), per library, from the
// measured table (docs/uikit-real-corpus-measured.tsv: what building each library gave), and
// with `--runs FILE` whether each ran as on iOS (docs/uikit-real-runs.tsv, RU4).
//
//   uikit-compat --graphs DIR --sources DIR... --reference FILE [--measured FILE] [--runs FILE] [--out FILE]

struct Options {
    var graphs = ""
    var sources: [String] = []
    var reference = ""
    var measured: String?
    var runs: String?
    var out: String?
}

func parseOptions() -> Options? {
    var o = Options()
    var args = CommandLine.arguments.dropFirst()
    while let a = args.popFirst() {
        switch a {
        case "--graphs": o.graphs = args.popFirst() ?? ""
        case "--reference": o.reference = args.popFirst() ?? ""
        case "--out": o.out = args.popFirst()
        case "--measured": o.measured = args.popFirst()
        case "--runs": o.runs = args.popFirst()
        case "--sources":
            while let next = args.first, !next.hasPrefix("--") { o.sources.append(next); args.removeFirst() }
        default:
            FileHandle.standardError.write(Data("uikit-compat: unknown argument \(a)\n".utf8))
            return nil
        }
    }
    guard !o.graphs.isEmpty, !o.reference.isEmpty, !o.sources.isEmpty else {
        FileHandle.standardError.write(Data("usage: uikit-compat --graphs DIR --sources DIR... --reference FILE [--measured FILE] [--runs FILE] [--out FILE]\n".utf8))
        return nil
    }
    return o
}

/// One public declaration.
struct Entry {
    enum Status: String { case provided = "provided", partial = "partial", unavailable = "unavailable" }
    var module: String
    var path: [String]
    var kind: String
    var title: String
    var status: Status
    var note: String
}

/// The first sentence of the documentation from "Partial" on, the reason a member is partial.
func partialNote(_ doc: String) -> String? {
    guard let r = doc.range(of: "Partial") else { return nil }
    var note = String(doc[r.lowerBound...])
    if let end = note.range(of: ". ") { note = String(note[..<end.lowerBound]) + "." }
    return note.replacingOccurrences(of: "\n", with: " ")
}

/// The public declarations in one symbol graph file.
func entries(inGraph url: URL) throws -> [Entry] {
    let data = try Data(contentsOf: url)
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
          let module = (root["module"] as? [String: Any])?["name"] as? String,
          let symbols = root["symbols"] as? [[String: Any]] else {
        throw NSError(domain: "uikit-compat", code: 1, userInfo: [NSLocalizedDescriptionKey: "\(url.path) is not a symbol graph"])
    }
    var out: [Entry] = []
    for s in symbols {
        guard let path = s["pathComponents"] as? [String], let kind = (s["kind"] as? [String: Any])?["displayName"] as? String,
              let title = (s["names"] as? [String: Any])?["title"] as? String else { continue }
        // Operators and implementation details are not UIKit's surface.
        if kind == "Operator" || path.contains(where: { $0.hasPrefix("_") }) { continue }
        let doc = ((s["docComment"] as? [String: Any])?["lines"] as? [[String: Any]])?.compactMap { $0["text"] as? String }.joined(separator: "\n") ?? ""
        if let note = partialNote(doc) {
            out.append(Entry(module: module, path: path, kind: kind, title: title, status: .partial, note: note))
        } else {
            out.append(Entry(module: module, path: path, kind: kind, title: title, status: .provided, note: ""))
        }
    }
    return out
}

/// Declarations marked `@available(*, unavailable, message:)` in Swift sources: the name
/// declared on the next declaration line, with the message.
func unavailable(inSources dirs: [String]) throws -> [Entry] {
    var out: [Entry] = []
    let decl = try NSRegularExpression(pattern: #"(?:(?:class|struct|enum|protocol|func|var|let|typealias)\s+([A-Za-z_][A-Za-z0-9_]*)|\b(init)\s*[(?])"#)
    let message = try NSRegularExpression(pattern: #"@available\(\*,\s*unavailable(?:,\s*message:\s*"((?:[^"\\]|\\.)*)")?"#)
    for dir in dirs {
        let files = (try FileManager.default.contentsOfDirectory(atPath: dir)).filter { $0.hasSuffix(".swift") }.sorted()
        for f in files {
            let text = try String(contentsOfFile: dir + "/" + f, encoding: .utf8)
            let module = URL(fileURLWithPath: dir).lastPathComponent
            let lines = text.components(separatedBy: "\n")
            for (i, line) in lines.enumerated() {
                let ns = line as NSString
                guard let m = message.firstMatch(in: line, range: NSRange(location: 0, length: ns.length)) else { continue }
                let note = m.range(at: 1).location == NSNotFound ? "" : ns.substring(with: m.range(at: 1))
                // The declaration: the rest of this line, or one of the next lines (past attributes).
                let following = lines[min(lines.count, i + 1)..<min(lines.count, i + 4)]
                for candidate in [ns.substring(from: m.range.location + m.range.length)] + following {
                    let c = candidate as NSString
                    if let d = decl.firstMatch(in: candidate, range: NSRange(location: 0, length: c.length)) {
                        let name = c.substring(with: d.range(at: d.range(at: 1).location != NSNotFound ? 1 : 2))
                        // A member is named by its declaration (up to its body), a type by its name.
                        var shown = candidate.trimmingCharacters(in: .whitespaces)
                        if let brace = shown.firstIndex(of: "{") { shown = String(shown[..<brace]).trimmingCharacters(in: .whitespaces) }
                        for prefix in ["public ", "open ", "static ", "final ", "class "] where shown.hasPrefix(prefix) { shown.removeFirst(prefix.count) }
                        let isType = ["class", "struct", "enum", "protocol"].contains { shown.hasPrefix($0 + " ") }
                        out.append(Entry(module: module, path: [isType ? name : shown], kind: "Declaration", title: name, status: .unavailable, note: note))
                        break
                    }
                }
            }
        }
    }
    return out
}

/// The real corpus's section (RU6): the overall figure and a row per library, from the measured
/// table's lines (`# measured DATE COMMIT COMPILER`, `# errors by kind LIST`, a header, then
/// repository, commit, files, compiled, errors and the commonest errors, tab-separated).
func realCorpusSection(_ table: String, runs: String? = nil) -> String {
    var date = "", commit = "", compiler = "", kinds = ""
    var rows: [[String]] = []
    for line in table.split(separator: "\n").map(String.init) {
        let fields = line.components(separatedBy: "\t")
        if fields.first == "# measured", fields.count >= 4 { (date, commit, compiler) = (fields[1], fields[2], fields[3]) }
        else if fields.first == "# errors by kind", fields.count >= 2 { kinds = fields[1] }
        else if fields.count >= 6, fields[0] != "repository", !line.hasPrefix("#") { rows.append(fields) }
    }
    let files = rows.reduce(0) { $0 + (Int($1[2]) ?? 0) }
    let compiled = rows.reduce(0) { $0 + (Int($1[3]) ?? 0) }
    let clean = rows.filter { $0[2] == $0[3] && $0[4] == "0" }.count
    let share = files == 0 ? 0 : 100 * compiled / files
    var s = "## Real code (RU1)\n\n"
    s += "\(rows.count) open-source UIKit libraries chosen by a rule fixed before any was measured "
    s += "([uikit-real-corpus.md](uikit-real-corpus.md)), each built as one target as the README tells a user "
    s += "(its files in `UIKit/`, the `ObjCLowering` plugin). Measured on \(date) on \(commit) (\(compiler)): "
    s += "**\(compiled) of \(files) files (\(share)%) compile with no error; \(clean) of \(rows.count) libraries build clean.** "
    s += "A file compiles when no error is located in it. Errors by kind: \(kinds). "
    let ran = runs.map(runResults) ?? (heading: "", byLibrary: [:])
    s += ran.heading.isEmpty ? "Runs: not checked yet (RU4).\n\n" : ran.heading + "\n\n"
    s += "| library | commit | files | compiled | runs | commonest errors |\n|---|---|---:|---:|---|---|\n"
    for r in rows {
        s += "| \(r[0]) | `\(r[1])` | \(r[2]) | \(r[3]) | \(ran.byLibrary[r[0]] ?? "not checked") | \(r[5].isEmpty ? "none" : r[5]) |\n"
    }
    return s + "\n"
}

/// The runs table's figures (RU4): its lines `# run DATE COMMIT COMPILER`, a header, then rows
/// whose first field is the repository and whose last is the result shown in the runs column
/// ("pass", "fail: why", "not run: why").
func runResults(_ table: String) -> (heading: String, byLibrary: [String: String]) {
    var date = "", commit = "", byLibrary: [String: String] = [:]
    for line in table.split(separator: "\n").map(String.init) {
        let fields = line.components(separatedBy: "\t")
        if fields.first == "# run", fields.count >= 3 { (date, commit) = (fields[1], fields[2]) }
        else if fields.count >= 3, fields[0] != "repository", !line.hasPrefix("#") { byLibrary[fields[0]] = fields[fields.count - 1] }
    }
    let pass = byLibrary.values.filter { $0 == "pass" }.count
    let fail = byLibrary.values.filter { $0.hasPrefix("fail") }.count
    let heading = "Runs (RU4, \(date) on \(commit)): \(pass + fail) libraries run headless as their READMEs show, checked in flight "
        + "and at rest against their documentation; **\(pass) pass, \(fail) fail** ([uikit-real-runs.md](uikit-real-runs.md))."
    return (heading, byLibrary)
}

func render(_ all: [Entry], reference: [String], measured: String? = nil, runs: String? = nil) -> String {
    var s = """
    # UIKit compatibility

    Generated by `scripts/uikit-compat` from the code (the symbol graphs of the `UIKit`,
    `QuartzCore`, `CoreGraphics`, `CoreImage` and `ObjectiveC` modules, and the declarations marked
    unavailable); do not edit by hand: `scripts/test` fails when this file is stale.

    - **provided**: the declaration exists with UIKit's name and signature and does what UIKit's
      does, over the engine (see [uikit.md](uikit.md) for how).
    - **partial**: it exists and compiles; its documentation says what it does not do (quoted).
    - **unavailable**: it exists so code names it, and compiling a use is an error with the
      message quoted (what Linux does not have).
    - **not provided**: an Apple type from the reference list (`docs/uikit-reference-types.txt`)
      that none of the modules declares; code that uses it does not compile.

    One-line changes: `main.swift` calls `UIApplication.main(AppDelegate())` where iOS code has
    `@main` (Linux has no runtime to make the delegate from its class name), or
    `UIApplication.main(AppDelegate(), sceneDelegate: SceneDelegate())` for an application with a
    scene delegate (iOS names it in the Info.plist); a table data source that relies on swipe to
    delete returns true from `tableView(_:canEditRowAt:)` (Swift cannot see whether `commit` is
    implemented); the line that makes a haptic feedback generator makes a `NoHaptics` one instead
    (`NoHaptics.SelectionFeedbackGenerator()`: haptics are unavailable below, and the stand-in
    says in its name that it does nothing). The corpus's changes are listed in
    `Tests/UIKitCorpus/one-line-changes.txt` and checked by `scripts/uikit-typecheck`.
    `DateComponentsFormatter`, which Foundation on Linux lacks, is supplied by `UIKit`.


    """
    let byType = Dictionary(grouping: all) { $0.path[0] }
    let provided = all.filter { $0.status == .provided }.count
    let partial = all.filter { $0.status == .partial }.count
    let unavailable = all.filter { $0.status == .unavailable }.count
    // "Name (Foundation)": Foundation on Linux declares it, and UIKit re-exports Foundation.
    let fromFoundation = reference.filter { $0.hasSuffix(" (Foundation)") }.map { String($0.dropLast(" (Foundation)".count)) }
    let names = reference.filter { !$0.hasSuffix(" (Foundation)") }
    let missing = names.filter { byType[$0] == nil }
    if let measured { s += realCorpusSection(measured, runs: runs) }
    s += "## Summary\n\n"
    s += "| | declarations |\n|---|---:|\n"
    s += "| provided | \(provided) |\n| partial | \(partial) |\n| unavailable | \(unavailable) |\n"
    s += "| Apple types not provided (of \(reference.count) listed) | \(missing.count) |\n\n"
    if !fromFoundation.isEmpty {
        s += "From Foundation (Linux's declares them; `import UIKit` re-exports it): " + fromFoundation.map { "`\($0)`" }.joined(separator: ", ") + ".\n\n"
    }
    s += "## Not provided\n\n"
    s += missing.isEmpty ? "None of the listed types.\n\n" : missing.map { "`\($0)`" }.joined(separator: ", ") + "\n\n"
    s += "## Unavailable\n\n| declaration | message |\n|---|---|\n"
    for e in all.filter({ $0.status == .unavailable }).sorted(by: { $0.path.joined(separator: ".") < $1.path.joined(separator: ".") }) {
        s += "| `\(e.path.joined(separator: "."))` | \(e.note) |\n"
    }
    s += "\n## Types and members\n\n"
    s += "Each top-level name with its members; partial ones follow with what their documentation says.\n\n"
    for module in ["UIKit", "QuartzCore", "CoreGraphics", "CoreImage", "ObjectiveC"] {
        let inModule = all.filter { $0.module == module && $0.status != .unavailable }
        guard !inModule.isEmpty else { continue }
        s += "### \(module)\n\n"
        let tops = Dictionary(grouping: inModule) { $0.path[0] }
        for name in tops.keys.sorted() {
            let group = tops[name]!
            let top = group.first { $0.path.count == 1 }
            let members = group.filter { $0.path.count > 1 }.sorted { $0.path.joined(separator: ".") < $1.path.joined(separator: ".") }
            let kind = top?.kind.lowercased() ?? "extension"
            let mark = top?.status == .partial ? " (partial: \(top!.note))" : ""
            s += "- **`\(name)`** \(kind)\(mark)"
            let full = members.filter { $0.status == .provided }.map { $0.path.dropFirst().joined(separator: ".") }
            let unique = full.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
            if !unique.isEmpty { s += ": " + unique.map { "`\($0)`" }.joined(separator: ", ") }
            s += "\n"
            for p in members where p.status == .partial {
                s += "  - partial `\(p.path.dropFirst().joined(separator: "."))`: \(p.note)\n"
            }
        }
        s += "\n"
    }
    return s
}

guard let options = parseOptions() else { exit(2) }
do {
    let graphs = try FileManager.default.contentsOfDirectory(atPath: options.graphs).filter { $0.hasSuffix(".symbols.json") }.sorted()
    var all: [Entry] = []
    for g in graphs { all += try entries(inGraph: URL(fileURLWithPath: options.graphs + "/" + g)) }
    all += try unavailable(inSources: options.sources)
    let reference = try String(contentsOfFile: options.reference, encoding: .utf8)
        .components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    let measured = try options.measured.map { try String(contentsOfFile: $0, encoding: .utf8) }
    let runs = try options.runs.map { try String(contentsOfFile: $0, encoding: .utf8) }
    let text = render(all, reference: reference, measured: measured, runs: runs)
    if let out = options.out { try text.write(toFile: out, atomically: true, encoding: .utf8) } else { print(text, terminator: "") }
} catch {
    FileHandle.standardError.write(Data("uikit-compat: \(error.localizedDescription)\n".utf8))
    exit(1)
}
