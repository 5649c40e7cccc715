import Foundation
import Testing

/// AM4: the engine's speed comes from its data layout, not from switching Swift's checks off. The
/// scan reads every Swift file under `Sources/` for the annotations that turn a check off
/// (`@exclusivity(unchecked)`, `unowned(unsafe)`, `nonisolated(unsafe)`) and for `Unmanaged`, and
/// accepts only two kinds of site: an `Unmanaged` that carries a context pointer through a C
/// callback, marked as such, and at most ``benchAllowance`` sites whose comment names the bench
/// and the figure that pays for them.
@Suite("AM4 escape hatches")
struct EscapeHatchTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// What switches a check off, as written in code.
    static let hatches = ["@exclusivity(unchecked)", "unowned(unsafe)", "nonisolated(unsafe)", "Unmanaged"]

    /// The comment an `Unmanaged` that only passes a context pointer through a C callback carries,
    /// on its line or the line before.
    static let contextPointerMarker = "context pointer through a C callback (AM4)"

    /// How many sites may be paid for by a bench figure, in all.
    static let benchAllowance = 12

    /// One use of a hatch, and why it is allowed (nil: it is not).
    struct Site: CustomStringConvertible {
        enum Reason { case contextPointer, bench }
        var file: String
        var line: Int
        var hatch: String
        var reason: Reason?
        var description: String { "\(file):\(line): \(hatch)" }
    }

    /// The code of a line without its `//` comment, and the comment (empty when none).
    static func split(_ line: Substring) -> (code: Substring, comment: Substring) {
        guard let slashes = line.range(of: "//") else { return (line, "") }
        return (line[..<slashes.lowerBound], line[slashes.upperBound...])
    }

    /// Whether a comment gives a bench and a figure: the word "bench" and a digit.
    static func citesBench(_ comment: Substring) -> Bool {
        comment.range(of: "bench", options: .caseInsensitive) != nil && comment.contains { $0.isNumber }
    }

    /// Every hatch in `text` (a file's contents, named `file` in the sites), with its reason.
    static func sites(in text: String, file: String) -> [Site] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var found: [Site] = []
        for (index, line) in lines.enumerated() {
            let (code, comment) = split(line)
            // The comment that may justify it: this line's, or the line before when it is a comment.
            var comments = [comment]
            if index > 0 {
                let previous = lines[index - 1].drop { $0 == " " }
                if previous.hasPrefix("//") { comments.append(previous) }
            }
            for hatch in hatches where code.contains(hatch) {
                var reason: Site.Reason?
                if hatch == "Unmanaged", comments.contains(where: { $0.contains(contextPointerMarker) }) {
                    reason = .contextPointer
                } else if comments.contains(where: citesBench) {
                    reason = .bench
                }
                found.append(Site(file: file, line: index + 1, hatch: hatch, reason: reason))
            }
        }
        return found
    }

    /// The sites that break the rule: every unjustified one, and the bench-justified ones past
    /// the allowance (all of them, so the list says what to look at).
    static func violations(_ sites: [Site]) -> [Site] {
        let bench = sites.filter { $0.reason == .bench }
        return sites.filter { $0.reason == nil } + (bench.count > benchAllowance ? bench : [])
    }

    /// Every Swift file under `Sources/`, as a path from the package's root and its text.
    static func scannedFiles() throws -> [(path: String, text: String)] {
        let items = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        let root = sources.deletingLastPathComponent().standardizedFileURL.path + "/"
        return try items.filter { $0.pathExtension == "swift" }.map { url in
            let path = String(url.standardizedFileURL.path.dropFirst(root.count))
            return (path, try String(contentsOf: url, encoding: .utf8))
        }.sorted { $0.path < $1.path }
    }

    @Test("AM4: no source uses a hatch that is neither a marked C context pointer nor paid for by a bench")
    func AM4_noUncheckedEscapeHatches() throws {
        let files = try Self.scannedFiles()
        #expect(files.count > 200, "found only \(files.count) files under \(Self.sources.path)")
        #expect(files.contains { $0.path.hasPrefix("Sources/Layers/") } && files.contains { $0.path.hasPrefix("Sources/Views/") },
                "the core (Layers, Views) is scanned")
        let sites = files.flatMap { Self.sites(in: $0.text, file: $0.path) }
        let violations = Self.violations(sites)
        #expect(violations.isEmpty, "unchecked escape hatches:\n\(violations.map(\.description).joined(separator: "\n"))")
        // The C callbacks that carry a context pointer are still found, so the scan sees them.
        #expect(sites.contains { $0.reason == .contextPointer && $0.file.hasPrefix("Sources/TextEngine/") })
    }

    @Test("AM4: the scan flags a new hatch, and accepts one only with the context-pointer marker or a bench figure")
    func AM4_scanFlagsNewHatches() {
        let text = """
            final class Cache {
                @exclusivity(unchecked) var rows: [Int] = []
                nonisolated(unsafe) static var shared = Cache()   // faster
                unowned(unsafe) var owner: Cache?
                // Unmanaged is mentioned in a comment only: no site.
                let box = Unmanaged.passUnretained(self).toOpaque()   // \(Self.contextPointerMarker)
                // \(Self.contextPointerMarker)
                nonisolated(unsafe) var wrongMarker = 0
                // bench render: 14 % faster without the check
                @exclusivity(unchecked) var paid: [Int] = []
                @exclusivity(unchecked) var claimed: [Int] = []   // bench says so
            }
            """
        let sites = Self.sites(in: text, file: "Sources/X/Cache.swift")
        #expect(sites.map(\.line) == [2, 3, 4, 6, 8, 10, 11])
        #expect(Self.violations(sites).map(\.description) == [
            "Sources/X/Cache.swift:2: @exclusivity(unchecked)", "Sources/X/Cache.swift:3: nonisolated(unsafe)",
            "Sources/X/Cache.swift:4: unowned(unsafe)", "Sources/X/Cache.swift:8: nonisolated(unsafe)",
            "Sources/X/Cache.swift:11: @exclusivity(unchecked)",
        ])
        // Past the allowance, every bench-paid site is listed.
        let many = (0...Self.benchAllowance).map { "@exclusivity(unchecked) var v\($0) = 0   // bench solver: 3 % faster" }
        #expect(Self.violations(Self.sites(in: many.joined(separator: "\n"), file: "F.swift")).count == Self.benchAllowance + 1)
        let enough = many.dropLast()
        #expect(Self.violations(Self.sites(in: enough.joined(separator: "\n"), file: "F.swift")).isEmpty)
    }
}
