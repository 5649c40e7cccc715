import Foundation
import Testing
import TimelineTestSupport
import Images
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation
@testable import TimelineScene

/// CN2: image views in scene files.
@Suite("CN2 images in scene files")
@MainActor
struct ImageSceneTests {
    static let scenes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/scenes")

    @Test("CN2: an \"image\" view is an image view of the file, relative to the scene, with its content mode and template tint")
    func imageViews() throws {
        let scene = try SceneLoader.load(path: Self.scenes.appendingPathComponent("images.json").path)
        let host = HeadlessHost(size: scene.size)
        let built = SceneBuilder.build(scene, in: host.window)
        host.runUntilIdle()
        let photo = try #require(built.views["photo"] as? ImageView)
        let sunset = try Images.Image.load(contentsOfFile: Self.scenes.appendingPathComponent("../images/sunset.png").path)
        #expect(photo.contentMode == .scaleAspectFill && photo.image?.size == sunset.size && photo.image?.bitmap.rgba == sunset.bitmap.rgba)
        let icon = try #require(built.views["icon"] as? ImageView)
        #expect(icon.image?.renderingMode == .alwaysTemplate && abs(icon.tintColor.blue - 1) < 0.01 && abs(icon.tintColor.red - 10.0 / 255) < 0.01 && icon.contentMode == .center)
    }

    @Test("CN2: bad image entries are located errors, and nothing but a regular file is read",
          arguments: [
            (#"{"size": [10, 10], "views": [{"id": "i", "image": "missing.png"}]}"#, "is not a readable file"),
            (#"{"size": [10, 10], "views": [{"id": "i", "image": "/etc/passwd"}]}"#, "must be a path relative"),
            (#"{"size": [10, 10], "views": [{"id": "i", "image": "../../../../../../../../dev/zero"}]}"#, "is not a readable file"),
            (#"{"size": [10, 10], "views": [{"id": "i", "image": {"contentMode": "center"}}]}"#, "needs a \"file\""),
            (#"{"size": [10, 10], "views": [{"id": "i", "image": {"file": "images.json"}}]}"#, "cannot be decoded"),
            (#"{"size": [10, 10], "views": [{"id": "i", "image": {"file": "../images/desk.png", "contentMode": "stretch"}}]}"#, "contentMode must be one of"),
            (#"{"size": [10, 10], "views": [{"id": "i", "text": "a", "image": "../images/desk.png"}]}"#, "more than one of"),
          ])
    func badImages(_ input: (String, String)) {
        let file = Self.scenes.appendingPathComponent("s.json").path
        #expect {
            _ = try SceneLoader.parse(input.0, file: file)
        } throws: { "\($0)".contains(input.1) && "\($0)".contains("s.json:1:") }
    }
}
