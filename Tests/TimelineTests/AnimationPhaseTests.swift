import Foundation
import Testing

/// AM3: the README's list of what runs in the animation phase is the whole list. The test reads
/// the library sources as text: every type that the layer engine or the views' engine advances
/// each frame (a conformance to `LayerMotionOwner` (the owner of a motion of a layer),
/// `TimedContent` or
/// `DrivenProgress`, a clock the layer engine reads)
/// must be named on the list, and no library code may register a frame observer (that is the
/// app's hook, as a display link is; the engine's own motions run inside the one engine).
@Suite("AM3 animation phase")
struct AnimationPhaseTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The per-frame protocols whose conformers the animation phase advances.
    static let driverProtocols = ["LayerMotionOwner", "TimedContent", "DrivenProgress"]

    /// Library sources: everything under Sources but the CLI, the fuzzers and their harness,
    /// whose benches may observe frames to measure them.
    static func librarySources() throws -> [(path: String, text: String)] {
        let sources = root.appendingPathComponent("Sources")
        let skipped = ["TimelineCLI", "FuzzHarness", "FuzzDriver"]
        var out: [(String, String)] = []
        let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let relative = String(url.path.dropFirst(sources.path.count + 1))
            let module = relative.split(separator: "/").first.map(String.init) ?? ""
            if skipped.contains(module) || module.hasSuffix("Fuzzer") { continue }
            out.append((relative, try String(contentsOf: url, encoding: .utf8)))
        }
        return out.sorted { $0.0 < $1.0 }
    }

    /// The types `text` declares or extends with a conformance to one of `protocols`, from
    /// `class Name: A, B {` and `extension Name: A {` headers (comments skipped).
    static func conformers(in text: String, to protocols: [String]) -> [String] {
        var names: [String] = []
        for raw in text.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("//") { continue }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "{" })
            guard let k = words.firstIndex(where: { ["class", "struct", "enum", "actor", "extension"].contains($0) }),
                  k + 1 < words.count, let colon = line.firstIndex(of: ":") else { continue }
            let name = String(words[k + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            let header = line[line.index(after: colon)...].prefix { $0 != "{" && $0 != "<" }
            let inherited = header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if inherited.contains(where: { protocols.contains($0) }) { names.append(name) }
        }
        return names
    }

    /// The README's list: the lines from "What runs in the animation phase" to the next blank
    /// line after the numbered items.
    static func readmeList() throws -> String {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "What runs in the animation phase") else { return "" }
        let rest = readme[start.lowerBound...]
        guard let items = rest.range(of: "\n1. ") else { return "" }
        let end = rest[items.lowerBound...].range(of: "\n\n")?.lowerBound ?? rest.endIndex
        return String(rest[items.lowerBound..<end])
    }

    @Test("AM3: every per-frame driver in the library sources is on the README's list of the animation phase")
    func everyDriverIsListed() throws {
        let list = try Self.readmeList()
        #expect(!list.isEmpty, "README.md has no list under 'What runs in the animation phase'")
        var found: [String: String] = [:]
        for (path, text) in try Self.librarySources() {
            for name in Self.conformers(in: text, to: Self.driverProtocols) { found[name] = path }
        }
        // The drivers known today: the scan must find them, or it has stopped reading the sources.
        // (The views' `AnimationEngine` is no longer one: it advances nothing per frame.)
        for known in ["AnimationTimeline", "ScrollView", "SceneAnimator", "LottieAnimationView", "PropertyAnimator"] {
            #expect(found[known] != nil, "the scan no longer finds \(known)'s conformance")
        }
        let missing = found.keys.sorted().filter { !list.contains("`\($0)`") }
        #expect(missing.isEmpty, "per-frame drivers not on the README's list: \(missing.map { "\($0) (\(found[$0]!))" })")
    }

    @Test("AM3: no library code registers a frame observer; the engine's motions run inside the one engine")
    func noLibraryFrameObservers() throws {
        var callers: [String] = []
        for (path, text) in try Self.librarySources() where !path.hasPrefix("UpdateLoop/") {
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                if !code.hasPrefix("//"), code.contains("addFrameObserver(") { callers.append("\(path):\(n + 1)") }
            }
        }
        #expect(callers.isEmpty, "frame observers registered in library code: \(callers)")
    }

    @Test("AM3: the scan reads conformances from class and extension headers, comments skipped")
    func scanReadsHeaders() {
        let text = """
        public final class A: LayerMotionOwner {
        open class B: View, TimedContent, Equatable {
        // class C: LayerMotionOwner {
        extension D: DrivenProgress {}
        struct E: Equatable {
        final class F<T>: LayerMotionOwner {
        """
        #expect(Self.conformers(in: text, to: Self.driverProtocols) == ["A", "B", "D", "F"])
    }
}
