import Foundation
import Testing
import TimelineTestSupport
import Geometry
@testable import TimelineScene
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

@Suite("S scene files")
@MainActor
struct SceneTests {
    static let example = """
    {
      "size": [800, 600],
      "views": [
        {"id": "panel", "parent": "root", "color": "#3366ccff", "cornerRadius": 12,
         "intrinsicSize": [120, 40], "hugging": [250, 250], "compression": [750, 750]},
        {"id": "title", "parent": "panel", "text": "Hello", "fontSize": 18},
        {"id": "free", "parent": "root", "frame": [10, 10, 50, 50]}
      ],
      "constraints": [
        "panel.leading == root.leading + 20",
        "panel.width == 0.5 * root.width @750",
        {"id": "slide", "expr": "panel.top == root.safeArea.top + 40"}
      ],
      "animations": [
        {"at": 0.5, "duration": 0.3, "curve": "easeInOut", "mode": "frames",
         "changes": [{"constraint": "slide", "constant": 300}, {"view": "panel", "alpha": 0.5}]},
        {"at": 1.0, "duration": 0.6, "curve": {"spring": {"dampingRatio": 0.6, "response": 0.4}},
         "mode": "constraints", "changes": [{"constraint": "slide", "constant": 40}]}
      ]
    }
    """

    @Test("S: the SPEC's example loads and lays out (C4)")
    func S_exampleLoadsAndLaysOut() throws {
        let scene = try SceneLoader.parse(Self.example, file: "example.json")
        #expect(scene.views.map(\.id) == ["panel", "title", "free"])
        #expect(scene.constraints.count == 3 && scene.constraints[1].priority == 750 && scene.constraints[1].multiplier == 0.5)
        #expect(scene.animations.count == 2)
        #expect(scene.animations[1].curve == .spring(dampingRatio: 0.6, response: 0.4, initialVelocity: 0))
        let host = HeadlessHost(size: scene.size)
        let built = SceneBuilder.build(scene, in: host.window)
        host.runUntilIdle()
        #expect(built.views["panel"]!.frame == Rect(x: 20, y: 40, width: 400, height: 40))
        #expect(built.views["free"]!.frame == Rect(x: 10, y: 10, width: 50, height: 50))
        // "Hello" at 18 points in the shipped DejaVu Sans, rounded up: as wide as its glyphs'
        // advances, as tall as the font's line (ascender + descender).
        let fonts = host.window.fontSystem
        let hello = TextLayout("Hello", style: TextStyle(font: .systemFont(ofSize: 18)), in: fonts).size
        #expect(built.views["title"]!.frame.size == Size(width: hello.width.rounded(.up), height: hello.height.rounded(.up)))
        #expect(built.views["title"]!.frame.size == Size(width: 46, height: 21))
        #expect(built.views["title"]!.hasAmbiguousLayout)            // the example leaves its position open
        #expect(built.constraints["slide"]!.constant == 40)
        #expect(host.isIdle)
    }

    @Test("S: ids in constraint expressions take any letters and digits, not only ASCII ones")
    func S_unicodeIdentifiers() throws {
        let scene = try SceneLoader.parse("""
            {"size": [200, 100], "views": [{"id": "café"}, {"id": "ラベル_2"}, {"id": "x-١٢"}],
             "constraints": ["café.leading == root.leading + 10", "café.width == 30", "café.top == root.top",
                             "café.height == 20", "ラベル_2.leading == café.trailing + 5", "ラベル_2.width == café.width",
                             "ラベル_2.top == root.top", "ラベル_2.height == 20",
                             "x-١٢.leading == ラベル_2.trailing", "x-١٢.width == 4", "x-١٢.top == root.top", "x-١٢.height == 4"]}
            """)
        let host = HeadlessHost(size: scene.size)
        let built = SceneBuilder.build(scene, in: host.window)
        host.runUntilIdle()
        #expect(built.views["ラベル_2"]!.frame == Rect(x: 45, y: 0, width: 30, height: 20))
        #expect(built.views["x-١٢"]!.frame == Rect(x: 75, y: 0, width: 4, height: 4))
    }

    static var badInputs: [(String, Int, Int, String)] { sceneBadInputs }
}

/// Each bad input, the location the error must name, and words the message must contain.
let sceneBadInputs: [(String, Int, Int, String)] = [
        (#"{"size": [800, 600], "views": [{"id": "a", "parent": "nobody"}]}"#, 1, 54, "unknown parent 'nobody'"),
        (#"{"size": [800, 600], "views": [{"id": "a", "parent": "b"}, {"id": "b", "parent": "a"}]}"#, 1, 54, "listed after it"),
        (#"{"size": [800, 600], "views": [{"id": "a", "parent": "a"}]}"#, 1, 54, "cycle"),
        (#"{"size": [800, 600], "views": [{"id": "a"}, {"id": "a"}]}"#, 1, 52, "duplicate view id"),
        (#"{"size": [800, 600], "views": [{"id": "a", "alpha": "x"}]}"#, 1, 53, "alpha must be a number"),
        (#"{"size": [800, 600], "views": [{"id": "a", "frame": [1, 2, 3]}]}"#, 1, 53, "array of 4 numbers"),
        (##"{"size": [800, 600], "views": [{"id": "a", "colour": "#fff"}]}"##, 1, 54, "unknown key 'colour'"),
        (#"{"size": [800, 600], "views": [{"id": "a", "color": "blue"}]}"#, 1, 53, "#rrggbb"),
        (#"{"size": [800, 600], "views": [{"id": "a", "alpha": 1e999}]}"#, 1, 53, "not finite"),
        (#"{"size": [800, 600], "constraints": ["ghost.leading == root.leading"]}"#, 1, 39, "unknown id 'ghost'"),
        (#"{"size": [800, 600], "constraints": ["root.leading = root.trailing"]}"#, 1, 52, "expected a relation"),
        (#"{"size": [800, 600], "constraints": ["root.lead == root.trailing"]}"#, 1, 44, "unknown anchor 'lead'"),
        (#"{"size": [800, 600], "constraints": ["root.width == root.top"]}"#, 1, 39, "different axes"),
        (#"{"size": [800, 600], "constraints": ["root.width == 10 @1001"]}"#, 1, 57, "priority 1...1000"),
        (#"{"size": [800, 600], "constraints": [42]}"#, 1, 38, "expression string"),
        (#"{"size": [800, 600], "animations": [{"at": 0, "duration": -1, "changes": [{"view": "root", "alpha": 1}]}]}"#, 1, 59, "must not be negative"),
        (#"{"size": [800, 600], "animations": [{"at": 0, "changes": [{"view": "root", "alpha": 1}], "curve": {"spring": {"dampingRatio": 0, "response": 0.3}}}]}"#, 1, 127, "dampingRatio must be above 0"),
        (#"{"size": [800, 600], "animations": [{"at": 0, "duration": 1, "changes": [{"view": "root", "spin": 1}]}]}"#, 1, 99, "unknown property 'spin'"),
        (#"{"size": [800, 600], "animations": [{"at": 0, "duration": 1, "changes": [{"view": "ghost", "alpha": 1}]}]}"#, 1, 83, "unknown view id 'ghost'"),
        (#"{"size": [800, 600], "animations": [{"at": 0, "duration": 1, "changes": [{"constraint": "nope", "constant": 1}]}]}"#, 1, 89, "unknown constraint id 'nope'"),
        (#"{"size": [800, 600], "animations": [{"at": 0, "changes": [{"view": "root", "alpha": 1}]}]}"#, 1, 37, "needs \"duration\""),
        ("{\"size\": [800, 600],\n \"views\": [\n  {\"id\": \"a\",}\n ]}", 3, 14, "member name"),
        (#"{"size": [0, 600]}"#, 1, 10, "size must be positive"),
        (#"{"size": [800, 600], "views": [{"id": "a", "scale": 0}]}"#, 1, 53, "scale must be positive"),
        (##"{"size": [800, 600], "views": [{"id": "a", "textColor": "red"}]}"##, 1, 57, "#rrggbb"),
        (#"{"size": [800, 600], "animations": [{"at": 0, "duration": 1, "changes": [{"view": "root", "scale": -2}]}]}"#, 1, 100, "scale must be positive"),
    ]

@MainActor
extension SceneTests {
    @Test("S/C5: bad input names the file, line and column and what was expected", arguments: 0..<sceneBadInputs.count)
    func S_badInputIsLocated(_ index: Int) {
        let (text, line, column, words) = sceneBadInputs[index]
        do {
            _ = try SceneLoader.parse(text, file: "bad.json")
            Issue.record("case \(index) loaded")
        } catch {
            #expect(error.file == "bad.json")
            #expect(error.location == SourceLocation(line: line, column: column), "case \(index): \(error)")
            #expect(error.message.contains(words), "case \(index): \(error.message)")
            #expect(error.description.hasPrefix("bad.json:\(line):\(column): error: "))
        }
    }

    @Test("S: the rotation, scale and textColor extensions build a view's transform and a label's colour, and animate")
    func S_transformExtensions() throws {
        let scene = try SceneLoader.parse(#"""
        {"size": [200, 200], "views": [
          {"id": "box", "frame": [50, 50, 20, 20], "rotation": 90, "scale": 2},
          {"id": "label", "frame": [0, 0, 40, 20], "text": "Hi", "textColor": "#ff0000"}],
         "animations": [{"at": 0, "duration": 1, "curve": "linear", "changes": [{"view": "box", "rotation": 0}]}]}
        """#, file: "ext.json")
        let host = HeadlessHost(size: scene.size)
        host.runLoop.keepsRunningWhenIdle = true
        let built = SceneBuilder.build(scene, in: host.window)
        let animator = SceneAnimator(scene: scene, built: built, runLoop: host.runLoop)
        let box = built.views["box"]!
        let t = box.transform
        #expect(abs(t.a) < 1e-12 && abs(t.b - 2) < 1e-12 && abs(t.c + 2) < 1e-12 && abs(t.d) < 1e-12)   // scale 2, then a quarter-turn
        #expect((built.views["label"] as? Label)?.textColor == Color(red: 1, green: 0, blue: 0))
        host.step(frames: 61)                                            // the animation ends at 1 s
        #expect(abs(box.presentation.affineTransform().a - 2) < 1e-9 && abs(box.presentation.affineTransform().b) < 1e-9)  // scale kept, rotation 0
        withExtendedLifetime(animator) {}
    }

    @Test("S: a missing file is an error naming it")
    func S_missingFile() {
        #expect(throws: SceneError.self) { try SceneLoader.load(path: "/nonexistent/scene.json") }
    }
}
