import Foundation
import FuzzHarness
import Testing
@testable import TimelineScene

/// Z1, Z5: every committed fuzz input (the seed corpus and every input that ever crashed, hung or
/// ran out of memory) goes through what the fuzzer runs: loader, layout, ten frames, a render.
@Suite("Z1, Z5 fuzz inputs replayed")
@MainActor
struct FuzzRegressionTests {
    nonisolated static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    nonisolated static func inputs(_ folder: String) -> [String] {
        let dir = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { dir.appendingPathComponent($0).path }
    }

    @Test("Z5: every committed crash input and every seed goes through loader, layout, frames and a render",
          arguments: inputs("regressions") + inputs("corpus"))
    func Z5_replay(path: String) throws {
        let data = try #require(FileManager.default.contents(atPath: path))
        let outcome = FuzzHarness.run(bytes: [UInt8](data))
        if case .renderFailed(let why) = outcome { Issue.record("render failed: \(why)") }
    }


    /// A scene whose `count` views each sit inside the previous one.
    nonisolated static func chain(_ count: Int) -> String {
        var views: [String] = []
        for k in 0..<count {
            let parent = k > 0 ? ", \"parent\": \"v\(k - 1)\"" : ""
            views.append("{\"id\": \"v\(k)\"\(parent)}")
        }
        return "{\"size\": [10, 10], \"views\": [" + views.joined(separator: ", ") + "]}"
    }

    @Test("Z5: bytes that are not JSON generate scenes the loader accepts, so fuzzing reaches the engine",
          arguments: 0..<64)
    func Z5_generatorWritesValidScenes(seed: Int) {
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1
        // Long enough that the later choices (keyframes, timelines) are reached too.
        var bytes = (0..<(seed % 2 == 0 ? 200 : 1_200)).map { _ -> UInt8 in
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return UInt8(truncatingIfNeeded: state)
        }
        if bytes[0] == UInt8(ascii: "{") { bytes[0] = 0 }              // '{' first means a scene file
        let outcome = FuzzHarness.run(bytes: bytes)
        if case .rejected(let why) = outcome { Issue.record("generated scene rejected: \(why)\n\(FuzzHarness.generatedScene(bytes))") }
        if case .renderFailed(let why) = outcome { Issue.record("render failed: \(why)") }
    }

    @Test("Z5: the generator reaches the timing model, keyframes and timelines (N10, N11)")
    func Z5_generatorReachesTimelines() {
        var sawTimeline = false, sawKeyframes = false, sawWebTiming = false
        for seed in 0..<64 {
            var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1
            let bytes = (0..<1_200).map { _ -> UInt8 in
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                return UInt8(truncatingIfNeeded: state)
            }
            let scene = FuzzHarness.generatedScene(bytes)
            if scene.contains("\"items\"") { sawTimeline = true }
            if scene.contains("\"keyframes\"") { sawKeyframes = true }
            if scene.contains("\"fill\"") || scene.contains("\"playbackRate\"") { sawWebTiming = true }
        }
        #expect(sawTimeline && sawKeyframes && sawWebTiming)
    }

    @Test("Z5: the regressions and seeds are there to replay")
    func Z5_inputsExist() {
        #expect(Self.inputs("regressions").count >= 8)
        #expect(Self.inputs("corpus").count >= 4)
    }

    @Test("Z1: each limit is an error that names it and the value",
          arguments: [
            ("{\"size\": [20000, 20000]}", "over the limit of 16384 points per side"),
            ("{\"size\": [1e19, 1]}", "limited to ±1e9"),
            ("{\"size\": [100, 100], \"views\": [{\"id\": \"t\", \"text\": \"x\", \"fontSize\": 1e19}]}", "fontSize is 1e+19; numbers in a scene are limited to ±4096"),
            (String(repeating: "[", count: 300), "nested more than 256 deep (the limit)"),
            (Self.chain(1_025), "view 'v1024' is nested 1025 views deep; the limit is 1024"),
            ("{\"size\": [10, 10], \"views\": [{\"id\": \"a\"}], \"constraints\": [\"a.width == 1e12 * root.width\"]}", "the multiplier 1000000000000.0 is over the limit of ±1e9"),
          ])
    func Z1_limitsAreNamed(input: String, message: String) {
        #expect(throws: SceneError.self) { try SceneLoader.parse(input) }
        do { _ = try SceneLoader.parse(input) } catch { #expect(error.message.contains(message), "\(error.message)") }
    }

    @Test("Z2: columns count Unicode scalars of the file, right after multi-byte text and escapes")
    func Z2_columnsInScalars() {
        // "é" is two UTF-8 bytes and one scalar; the escape \u00e9 is six scalars of the file.
        let text = #"{"size": [10, 10], "views": [{"id": "é\u00e9", "frame": [0, 0, -1, 1]}]}"#
        let scalars = Array(text.unicodeScalars), target = Array("[0, 0, -1, 1]".unicodeScalars)
        let expected = scalars.indices.first { scalars[$0...].starts(with: target) }.map { $0 + 1 }
        do { _ = try SceneLoader.parse(text); Issue.record("expected an error") } catch {
            #expect(error.location == SourceLocation(line: 1, column: expected ?? -1), "\(error)")
            #expect(error.message.contains("frame width and height must not be negative"))
        }
    }

    @Test("Z1: a file over the size limit is refused before it is read")
    func Z1_fileSizeLimit() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("z1-big-\(getpid()).json").path
        try #require(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(SceneLoader.Limits.fileBytes) + 1)   // sparse: no disk used
        try handle.close()
        defer { unlink(path) }
        do { _ = try SceneLoader.load(path: path); Issue.record("expected an error") } catch {
            #expect(error.message.contains("scene files are limited to \(SceneLoader.Limits.fileBytes) bytes"))
        }
    }
}
