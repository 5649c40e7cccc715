import Foundation
import Testing
import TimelineTestSupport
@testable import Timeline
@testable import TimelineScene

/// SC8: scroll views and scripted, timestamped input in scene files.
@Suite("SC8 scrolling in scene files")
@MainActor
struct ScrollSceneTests {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/scenes/fling.json").path

    @Test("SC8: a scripted fling decelerates to the end of the list headless; a scripted drag held still moves it exactly")
    func SC8_flingInAScene() throws {
        let scene = try SceneLoader.load(path: Self.path)
        #expect(scene.input.count > 20 && scene.input.first?.at == 0.2)
        let host = HeadlessHost(size: scene.size)
        let built = SceneBuilder.build(scene, in: host.window)
        let animator = SceneAnimator(scene: scene, built: built, runLoop: host.runLoop)
        let list = try #require(built.views["list"] as? ScrollView)
        #expect(list.clipsToBounds && list.contentSize == Size(width: 280, height: 1800))
        var last = 0.0
        var offsets: [Double] = []
        for _ in 0..<180 {                                                      // to t = 3 s
            host.step()
            offsets.append(list.contentOffset.y)
        }
        // The fling moves the content down the list without ever going back, and reaches the end.
        for o in offsets where o <= 1440 { #expect(o >= last - 1e-9); last = o }
        #expect(abs(list.contentOffset.y - 1440) < 1)
        host.step(frames: 120)                                                  // the drag at 3.2 s, held, released
        host.runUntilIdle(limit: 600)
        #expect(list.contentOffset.y == 1240)
        withExtendedLifetime(animator) {}
    }

    @Test("SC8: bad scroll and input entries are located errors",
          arguments: [
            (#"{"size": [10, 10], "input": [{"at": 1}]}"#, "exactly one of"),
            (#"{"size": [10, 10], "input": [{"at": -1, "text": "x"}]}"#, "at must not be negative"),
            (#"{"size": [10, 10], "input": [{"at": 1, "fling": {"from": [0, 0]}}]}"#, "needs \"from\" and \"to\""),
            (#"{"size": [10, 10], "views": [{"id": "s", "scroll": {"rate": 2}}]}"#, "rate must lie between 0 and 1"),
            (#"{"size": [10, 10], "views": [{"id": "s", "scroll": {"contentSize": [-1, 5]}}]}"#, "contentSize must not be negative"),
          ])
    func SC8_badInput(_ input: (String, String)) {
        #expect {
            _ = try SceneLoader.parse(input.0, file: "s.json")
        } throws: { "\($0)".contains(input.1) && "\($0)".contains("s.json:1:") }
    }
}
