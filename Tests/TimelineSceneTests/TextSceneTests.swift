import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation
@testable import TimelineScene

/// TX11: attributed and multi-line text in scene files.
@Suite("TX11 text in scene files")
@MainActor
struct TextSceneTests {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/scenes/rich-text.json").path

    @Test("TX11: runs become attributed text; font, alignment, line breaks and spacing reach the label")
    func TX11_richTextScene() throws {
        let scene = try SceneLoader.load(path: Self.path)
        let host = HeadlessHost(size: scene.size)
        let built = SceneBuilder.build(scene, in: host.window)
        host.runUntilIdle()
        let title = try #require(built.views["title"] as? Label)
        #expect(title.text == "Rich text in a scene")
        let styled = StyledText(title.attributedText!, style: TextStyle(font: title.font))
        #expect(styled.runs.count == 3)
        #expect(styled.runs[1].style.color == Color(hex: "#ffc857") && styled.runs[1].style.font.isItalic)
        #expect(styled.runs[2].style.underline == .single)
        #expect(title.font.weight == .bold)
        let justified = try #require(built.views["justified"] as? Label)
        #expect(justified.textAlignment == .justified && justified.lineSpacing == 2 && justified.numberOfLines == 0)
        let layout = justified.textLayout(width: justified.bounds.width)
        #expect(layout.lines.count == 3)
        // Justified lines but the last reach the width.
        #expect(abs(layout.lines[0].width - justified.bounds.width) < 0.01)
        #expect(layout.lines[2].width < justified.bounds.width - 20)
        for (id, mode) in [("head", LineBreakMode.byTruncatingHead), ("middle", .byTruncatingMiddle), ("tail", .byTruncatingTail)] {
            let l = try #require(built.views[id] as? Label)
            #expect(l.lineBreakMode == mode)
            #expect(l.textLayout(width: l.bounds.width, height: l.bounds.height).isTruncated)
        }
        let styles = try #require(built.views["styles"] as? Label)
        let runs = StyledText(styles.attributedText!, style: TextStyle(font: styles.font)).runs
        #expect(runs.contains { $0.style.kern == 2 } && runs.contains { $0.style.strikethrough == .single })
        #expect(runs.contains { $0.style.baselineOffset == 6 && $0.style.font.pointSize == 10 })
        #expect(runs.contains { $0.style.font.familyName == "DejaVu Sans Mono" })
    }

    @Test("TX11: bad text in a scene names the place: both text and runs, an unknown weight, a bad underline",
          arguments: [
            (#"{"size": [10, 10], "views": [{"id": "a", "text": "x", "runs": [{"text": "y"}]}]}"#, "both \"text\" and \"runs\""),
            (#"{"size": [10, 10], "views": [{"id": "a", "text": "x", "font": {"weight": "hefty"}}]}"#, "weight must be one of"),
            (#"{"size": [10, 10], "views": [{"id": "a", "runs": [{"text": "y", "underline": "wavy"}]}]}"#, "underline must be single"),
            (#"{"size": [10, 10], "views": [{"id": "a", "runs": []}]}"#, "runs must not be empty"),
            (##"{"size": [10, 10], "views": [{"id": "a", "runs": [{"color": "#fff"}]}]}"##, "needs \"text\""),
          ])
    func TX11_badTextInScenes(_ input: (String, String)) {
        #expect {
            _ = try SceneLoader.parse(input.0, file: "t.json")
        } throws: { "\($0)".contains(input.1) && "\($0)".contains("t.json:1:") }
    }

    @Test("TX bad input: invalid UTF-8 in a scene file is an error with its place, not a crash")
    func TX_invalidUTF8Scene() throws {
        var bytes = Array(#"{"size": [10, 10], "views": [{"id": "a", "text": "ab"#.utf8)
        bytes += [0xC3, 0x28, 0xFF]
        bytes += Array(#""}]}"#.utf8)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tx-bad-utf8-\(getpid()).json")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect {
            _ = try SceneLoader.load(path: url.path)
        } throws: { "\($0)".contains("UTF-8") }
    }
}

import Foundation
