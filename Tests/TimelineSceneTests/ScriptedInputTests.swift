import Foundation
import Testing
@testable import TimelineScene

/// RU5: a scene's scripted input is read by SceneReading, below TimelineScene, so the UIKit
/// facade's `UIKIT_INPUT` hook reads it without the scene loader. Scene files are a public
/// contract: read alone, the input gives the steps and the errors the whole scene gives.
@Suite("RU5 the scripted input is read without the scene loader")
struct ScriptedInputTests {
    nonisolated static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    nonisolated static func files(_ folder: String) -> [String] {
        let dir = repository.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { dir.appendingPathComponent($0).path }
    }

    /// The scenes of the repository that carry input, and the UIKit example's script.
    nonisolated static let scenesWithInput = (files("Tests/Fuzz/corpus") + files("Assets/scenes")
        + [repository.appendingPathComponent("UIKitExamples/SwipeToDelete/swipe.json").path])
        .filter { (try? String(contentsOfFile: $0, encoding: .utf8))?.contains("\"input\"") == true }

    @Test("RU5 a scene's input read alone gives exactly the steps the scene loader gives", arguments: scenesWithInput)
    func RU5_inputAloneMatchesTheScene(path: String) throws {
        let alone = try ScriptedInput.load(path: path)
        let scene = try SceneLoader.load(path: path)
        #expect(!alone.isEmpty)
        #expect(alone.map(\.at) == scene.input.map(\.at))
        #expect(alone.map(\.event) == scene.input.map(\.event))
    }

    @Test("RU5 bad input gets the same error, file, line and column read alone as in the whole scene", arguments: [
        #"{"size": [10, 10], "input": {"at": 0}}"#,
        #"{"size": [10, 10], "input": [{"down": [1, 2]}]}"#,
        "{\"size\": [10, 10],\n \"input\": [{\"at\": 0, \"down\": [1, 2], \"up\": [1, 2]}]}",
        #"{"size": [10, 10], "input": [{"at": -1, "down": [1, 2]}]}"#,
        #"{"size": [10, 10], "input": [{"at": 0, "key": "a", "modifiers": ["hyper"]}]}"#,
        #"{"size": [10, 10], "input": [{"at": 0, "fling": {"from": [0, 0], "to": [1, 1], "duration": 0}}]}"#,
        #"{"size": [10, 10], "input": [{"at": 0, "wheel": [0, 2e12]}]}"#,
        #"{"size": [10, 10], "input": [{"at": 0, "down": [1, 2], "pointer": 1.5}]}"#,
        #"{"size": [10, 10], "input": [{"at": 0, "tap": [1, 2]}]}"#,
        #"{"size": [10, 10], "input": [{"at": 0, "down": [1, 2]"#,
    ])
    func RU5_sameErrors(text: String) {
        var alone: SceneError?
        var whole: SceneError?
        do throws(SceneError) { _ = try ScriptedInput.parse(text, file: "s.json") } catch { alone = error }
        do throws(SceneError) { _ = try SceneLoader.parse(text, file: "s.json") } catch { whole = error }
        #expect(alone != nil)
        #expect(alone == whole, "\(String(describing: alone)) vs \(String(describing: whole))")
        #expect(alone?.description.hasPrefix("s.json:") == true)
    }

    @Test("RU5 read alone, only the input is checked: a file without input gives none, and one that is no object an error at 1:1")
    func RU5_onlyTheInputIsRead() throws {
        #expect(try ScriptedInput.parse(#"{"views": "not checked here"}"#).isEmpty)
        let steps = try ScriptedInput.parse(#"{"views": 3, "input": [{"at": 0.5, "up": [3, 4]}, {"at": 0.25, "down": [3, 4]}]}"#)
        #expect(steps.map(\.at) == [0.25, 0.5], "steps come in time order")
        #expect(throws: SceneError(file: "<scene>", location: SourceLocation(line: 1, column: 1),
                                   message: "the scene must be an object, found an array")) {
            _ = try ScriptedInput.parse("[1]")
        }
        #expect(throws: SceneError.self) { _ = try ScriptedInput.load(path: "/nonexistent/input.json") }
    }

    @Test("RU5 every committed input fuzz case and scene seed reads without trapping, into ordered steps or a placed error",
          arguments: files("Tests/Fuzz/input-regressions") + files("Tests/Fuzz/corpus"))
    func RU5_inputFuzzReplays(path: String) throws {
        let data = try #require(FileManager.default.contents(atPath: path))
        do throws(SceneError) {
            let steps = try ScriptedInput.parse(String(decoding: data, as: UTF8.self), file: path)
            // A recording's events (IN6, each with "frame") keep frame order; a script's, time order.
            #expect(zip(steps, steps.dropFirst()).allSatisfy { a, b in
                if let fa = a.frame, let fb = b.frame { return fa <= fb }
                return a.at <= b.at
            })
        } catch {
            #expect(error.location.line >= 1 && error.location.column >= 1 && !error.message.isEmpty)
        }
    }

    @Test("IN6 a recording whose frame runs pass the frame limit is an error at the run, not every frame laid out")
    func IN6_recordingFrameLimit() {
        let text = #"{"timelineRecording": 1, "fps": 60, "size": [900, 600], "app": "Gallery", "frames": [[0, 0, 1, 0], [4, 4, 522222222, 3]], "input": []}"#
        do throws(SceneError) {
            _ = try RecordingReader.parse(text, file: "long.json")
            Issue.record("a recording of 522,222,223 frames was read")
        } catch {
            #expect(error.message.contains("too many frames") && error.message.contains("4000000"), "\(error.message)")
            #expect(error.location.line == 1 && error.location.column > 1)
        }
    }

    @Test("RU5 the UIKit facade does not import TimelineScene, and its target does not depend on it")
    func RU5_facadeWithoutTimelineScene() throws {
        let facade = Self.repository.appendingPathComponent("Sources/UIKit")
        let names = try FileManager.default.contentsOfDirectory(atPath: facade.path).filter { $0.hasSuffix(".swift") }
        #expect(names.count > 40)
        for name in names {
            let text = try String(contentsOf: facade.appendingPathComponent(name), encoding: .utf8)
            #expect(!text.contains("import TimelineScene"), "\(name) imports TimelineScene")
        }
        let manifest = try String(contentsOf: Self.repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        let target = try #require(manifest.range(of: ".target(name: \"UIKit\", dependencies: ["))
        let list = manifest[target.upperBound...].prefix { $0 != "]" }
        #expect(list.contains("\"SceneReading\"") && !list.contains("\"TimelineScene\""))
    }
}
