import Foundation
import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation
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
            (#"{"size": [10, 10], "views": [{"id": "s", "list": {"rowHeight": 0}}]}"#, "rowHeight must be positive"),
            (#"{"size": [10, 10], "views": [{"id": "s", "list": {"style": "inset"}}]}"#, "style must be \"plain\" or \"grouped\""),
            (#"{"size": [10, 10], "views": [{"id": "s", "list": {"sections": [{"rows": {"text": "x"}}]}}]}"#, "need a \"count\""),
            (#"{"size": [10, 10], "views": [{"id": "s", "list": {"sections": [{"rows": {"count": 2.5}}]}}]}"#, "whole number of rows"),
            (#"{"size": [10, 10], "views": [{"id": "s", "list": {"sections": [{"rows": {"count": 600000}}, {"rows": {"count": 600000}}]}}]}"#, "more than 1000000 rows"),
            (#"{"size": [10, 10], "views": [{"id": "s", "list": {"sections": [{"rows": [{"text": "a", "accessory": "star"}]}]}}]}"#, "accessory must be"),
            (#"{"size": [10, 10], "views": [{"id": "s", "list": {"sections": [{"rows": [{"txt": "a"}]}]}}]}"#, "txt"),
            (#"{"size": [10, 10], "views": [{"id": "s", "text": "a", "list": {}}]}"#, "is more than one of"),
          ])
    func SC8_badInput(_ input: (String, String)) {
        #expect {
            _ = try SceneLoader.parse(input.0, file: "s.json")
        } throws: { "\($0)".contains(input.1) && "\($0)".contains("s.json:1:") }
    }

    static let listPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/scenes/list.json").path

    @Test("SC8: a list in a scene file is a table whose rows come from the file, generated rows made only as they show, and a scripted fling scrolls it")
    func SC8_listInAScene() throws {
        let scene = try SceneLoader.load(path: Self.listPath)
        let host = HeadlessHost(size: scene.size)
        let built = SceneBuilder.build(scene, in: host.window)
        let animator = SceneAnimator(scene: scene, built: built, runLoop: host.runLoop)
        let table = try #require(built.views["list"] as? TableView)
        host.step()
        #expect(table.numberOfSections == 2 && table.numberOfRows(inSection: 0) == 3 && table.numberOfRows(inSection: 1) == 10_000)
        let banana = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        #expect(banana.textLabel?.text == "Banana" && banana.detailTextLabel?.text == "yellow" && banana.accessoryType == .checkmark)
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.accessoryType == .disclosureIndicator)
        let row4 = try #require(table.cellForRow(at: IndexPath(row: 4, section: 1)))
        #expect(row4.textLabel?.text == "Row 4" && row4.detailTextLabel?.text == "section 1")
        // Content: two headers of 28, 10,003 rows of 44, one footer of 28.
        #expect(table.contentSize.height == 28 * 3 + 44 * 10_003)
        let created = table.cellsCreated
        #expect(created < 20)                                                  // a screen and a margin
        for _ in 0..<240 { host.step() }                                        // the fling at 0.2 s, 4 s in all
        #expect(table.contentOffset.y > 1000)                                   // flung far down the list
        #expect(table.cellsCreated <= created + 4)                              // rows reused, not made
        let first = try #require(table.indexPathsForVisibleRows.first)
        let cell = try #require(table.cellForRow(at: first))
        #expect(cell.textLabel?.text == "Row \(first.row)")
        withExtendedLifetime(animator) {}
    }
}
