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

/// CN8: controls in scene files, clicked by scripted input.
@Suite("CN8 controls in scene files")
@MainActor
struct ControlSceneTests {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/scenes/controls.json").path

    @Test("CN8: every control kind builds with its values; scripted clicks toggle the switch and pick a segment")
    func controls() throws {
        let scene = try SceneLoader.load(path: Self.path)
        let host = HeadlessHost(size: scene.size)
        let built = SceneBuilder.build(scene, in: host.window)
        let animator = SceneAnimator(scene: scene, built: built, runLoop: host.runLoop)
        host.step()
        let go = try #require(built.views["go"] as? Button)
        #expect(go.configuration?.title == "Go" && go.configuration?.subtitle == "filled" && go.configuration?.style == .filled)
        #expect(go.cornerRadius > 0)                                             // its configuration's corners, not the file's 0
        let later = try #require(built.views["later"] as? Button)
        #expect(later.configuration?.style == .tinted && abs(later.tintColor.red - 1) < 0.01)
        let wifi = try #require(built.views["wifi"] as? Switch)
        #expect(!wifi.isOn)
        #expect(try #require(built.views["volume"] as? Slider).value == 0.3)
        let mode = try #require(built.views["mode"] as? SegmentedControl)
        #expect(mode.selectedSegmentIndex == 1 && mode.numberOfSegments == 3)
        let count = try #require(built.views["count"] as? Stepper)
        #expect(count.value == 3 && count.maximumValue == 10)
        #expect(try #require(built.views["busy"] as? ActivityIndicatorView).isAnimating)
        let pages = try #require(built.views["pages"] as? PageControl)
        #expect(pages.numberOfPages == 5 && pages.currentPage == 2)
        #expect(try #require(built.views["loading"] as? ProgressView).progress == 0.6)
        for _ in 0..<72 { host.step() }                                         // the clicks at 0.2 s and 0.6 s
        #expect(wifi.isOn && mode.selectedSegmentIndex == 2)
        withExtendedLifetime(animator) {}
    }

    @Test("CN8: bad control entries are located errors",
          arguments: [
            (#"{"size": [10, 10], "views": [{"id": "c", "control": {}}]}"#, "needs a \"kind\""),
            (#"{"size": [10, 10], "views": [{"id": "c", "control": {"kind": "knob"}}]}"#, "kind must be"),
            (#"{"size": [10, 10], "views": [{"id": "c", "control": {"kind": "slider", "min": 1, "max": 1}}]}"#, "min must be below max"),
            (#"{"size": [10, 10], "views": [{"id": "c", "control": {"kind": "segmented", "items": []}}]}"#, "1 to 100 titles"),
            (#"{"size": [10, 10], "views": [{"id": "c", "control": {"kind": "segmented", "items": ["a"], "selected": 3}}]}"#, "selected must be"),
            (#"{"size": [10, 10], "views": [{"id": "c", "control": {"kind": "progress", "progress": 2}}]}"#, "progress must lie"),
            (#"{"size": [10, 10], "views": [{"id": "c", "control": {"kind": "button", "style": "bold"}}]}"#, "style must be"),
            (#"{"size": [10, 10], "views": [{"id": "c", "control": {"kind": "switch", "value": 1}}]}"#, "value"),
            (#"{"size": [10, 10], "views": [{"id": "c", "control": {"kind": "stepper", "step": 0}}]}"#, "step must be positive"),
            (#"{"size": [10, 10], "views": [{"id": "c", "text": "a", "control": {"kind": "switch"}}]}"#, "more than one of"),
          ])
    func badControls(_ input: (String, String)) {
        #expect {
            _ = try SceneLoader.parse(input.0, file: "s.json")
        } throws: { "\($0)".contains(input.1) && "\($0)".contains("s.json:1:") }
    }
}
