import Testing
import TimelineTestSupport
@testable import TimelineScene
@testable import Timeline

@Suite("N4, N10, N12 scene time", .endsIdle)
@MainActor
struct SceneTimeTests {
    func play(_ json: String, frames: Int, each: (Int, BuiltScene) -> Void = { _, _ in }) throws -> BuiltScene {
        let scene = try SceneLoader.parse(json)
        let host = makeHost(width: scene.size.width, height: scene.size.height)
        let built = SceneBuilder.build(scene, in: host.window)
        let animator = SceneAnimator(scene: scene, built: built, runLoop: host.runLoop)
        for k in 0..<frames { host.step(); each(k, built) }
        host.runUntilIdle()
        withExtendedLifetime(animator) {}
        return built
    }

    static func autoreverse(mode: String) -> String {
        """
        {"size": [400, 300], "views": [{"id": "a"}],
         "constraints": [{"id": "slide", "expr": "a.leading == root.leading + 10"}, "a.top == root.top", "a.width == 50", "a.height == 20"],
         "animations": [{"at": 0, "duration": 0.2, "curve": "linear", "mode": "\(mode)", "autoreverse": true,
                         "changes": [{"constraint": "slide", "constant": 110}]}]}
        """
    }

    @Test("N4/N10: an autoreversing animation ends at the model value in frame mode and in constraint mode alike",
          arguments: ["frames", "constraints"])
    func N4_autoreverseEndsAtModelInBothModes(mode: String) throws {
        var farthest = 0.0
        let built = try play(Self.autoreverse(mode: mode), frames: 40) { _, built in
            farthest = max(farthest, built.views["a"]!.presentation.frame.minX)
        }
        let a = built.views["a"]!
        #expect(farthest > 100)                                            // it went there...
        #expect(a.presentation.frame.minX == 110)                          // ...and ends at the model value
        #expect(a.frame.minX == 110)
        #expect(built.constraints["slide"]!.constant == 110)
    }

    static let atZero = """
        {"size": [400, 300], "views": [{"id": "panel"}],
         "constraints": ["panel.leading == root.leading + 20", "panel.top == root.top + 20",
                         "panel.width == 200", {"id": "h", "expr": "panel.height == 100"}],
         "animations": [{"at": 0, "duration": 0.25, "curve": "linear", "mode": "frames", "repeat": 3,
                         "changes": [{"view": "panel", "alpha": 0.5}]}]}
        """

    @Test("N12: an animation at 'at': 0 starts from the laid-out frames, never from zero-sized views, and repeats there")
    func N12_initialLayoutBeforeAnimations() throws {
        var sizes: [Size] = []
        let built = try play(Self.atZero, frames: 70) { _, built in sizes.append(built.views["panel"]!.presentation.bounds.size) }
        #expect(sizes.allSatisfy { $0 == Size(width: 200, height: 100) }, "\(Set(sizes.map { "\($0)" }))")
        let panel = built.views["panel"]!
        #expect(panel.presentation.frame == Rect(x: 20, y: 20, width: 200, height: 100))
        #expect(panel.presentation.alpha == 0.5)
    }

    @Test("N12: a frame-mode constraint change at 'at': 0 animates from the first layout, not from 0x0")
    func N12_constraintChangeAtZero() throws {
        let json = """
            {"size": [400, 300], "views": [{"id": "panel"}],
             "constraints": ["panel.leading == root.leading", "panel.top == root.top", "panel.width == 100", {"id": "h", "expr": "panel.height == 50"}],
             "animations": [{"at": 0, "duration": 0.5, "curve": "linear", "mode": "frames", "changes": [{"constraint": "h", "constant": 150}]}]}
            """
        var heights: [Double] = []
        _ = try play(json, frames: 40) { _, built in heights.append(built.views["panel"]!.presentation.bounds.height) }
        #expect(heights[0] == 50)                                          // frame 0: progress 0 of 50 -> 150
        #expect(heights.allSatisfy { $0 >= 50 && $0 <= 150 })
        #expect(heights == heights.sorted())
    }
}

@Suite("N9 springs by duration in scenes")
struct SceneSpringTests {
    @Test("N9: {\"spring\": {\"duration\", \"bounce\"}} is SwiftUI's spring; mixing both forms or a bad bounce is a located error")
    func N9_sceneSpringKeys() throws {
        let ok = try SceneLoader.parse(#"{"size": [10, 10], "views": [{"id": "a"}], "animations": [{"at": 0, "curve": {"spring": {"duration": 0.5, "bounce": 0.3}}, "changes": [{"view": "a", "alpha": 0.5}]}]}"#)
        guard case .spring(let z, let r, _) = ok.animations[0].curve else { Issue.record("not a spring"); return }
        #expect(abs(z - 0.7) < 1e-12 && r == 0.5)
        let cases: [(String, String)] = [
            (#"{"spring": {"duration": 0.5, "bounce": 0.3, "response": 0.4}}"#, "either by \"duration\" and \"bounce\" or by \"dampingRatio\" and \"response\", not both"),
            (#"{"spring": {"duration": 0.5, "bounce": 1}}"#, "bounce must lie between -1 and 1 (exclusive), found 1.0"),
            (#"{"spring": {"bounce": 0.2}}"#, "a spring with \"bounce\" needs \"duration\""),
            (#"{"spring": {"duration": 0}}"#, "the spring's duration must be above 0, found 0.0"),
        ]
        for (curve, message) in cases {
            let text = #"{"size": [10, 10], "views": [{"id": "a"}], "animations": [{"at": 0, "curve": "# + curve + #", "changes": [{"view": "a", "alpha": 0.5}]}]}"#
            do { _ = try SceneLoader.parse(text); Issue.record("accepted \(curve)") } catch {
                #expect(error.message.contains(message), "\(error.message)")
                #expect(error.location.line == 1 && error.location.column > 1)
            }
        }
    }
}

@Suite("K3 stack views in scenes")
@MainActor
struct SceneStackTests {
    @Test("K3: \"stack\" on a view makes its children arranged subviews, laid out as the keys say")
    func K3_sceneStack() throws {
        let scene = try SceneLoader.parse("""
            {"size": [300, 200], "views": [
               {"id": "s", "stack": {"axis": "horizontal", "spacing": 8, "alignment": "center"}},
               {"id": "a", "parent": "s", "intrinsicSize": [40, 20]},
               {"id": "b", "parent": "s", "intrinsicSize": [60, 30]}],
             "constraints": ["s.leading == root.leading + 10", "s.top == root.top + 10"]}
            """)
        let host = HeadlessHost(size: scene.size)
        let built = SceneBuilder.build(scene, in: host.window)
        host.runUntilIdle()
        #expect(built.views["s"] is StackView)
        #expect((built.views["s"] as! StackView).arrangedSubviews.map(\.identifier) == ["a", "b"])
        #expect(built.views["a"]!.frame == Rect(x: 0, y: 5, width: 40, height: 20))
        #expect(built.views["b"]!.frame == Rect(x: 48, y: 0, width: 60, height: 30))
        #expect(built.views["s"]!.frame == Rect(x: 10, y: 10, width: 108, height: 30))
        #expect(host.isIdle)
    }

    @Test("K3: a bad stack key is a located error")
    func K3_badStack() {
        let text = #"{"size": [10, 10], "views": [{"id": "s", "stack": {"axis": "diagonal"}}]}"#
        do { _ = try SceneLoader.parse(text); Issue.record("accepted") } catch {
            #expect(error.message.contains("axis must be \"horizontal\" or \"vertical\", found 'diagonal'"))
            #expect(error.location.column > 1)
        }
    }
}

@Suite("T1 text keys in scenes")
@MainActor
struct SceneTextTests {
    @Test("T1: lines, align and lineBreak set a label's layout; bad values are located errors")
    func T1_sceneTextKeys() throws {
        let scene = try SceneLoader.parse(#"{"size": [100, 100], "views": [{"id": "t", "text": "x", "lines": 3, "align": "center", "lineBreak": "char"}]}"#)
        let host = HeadlessHost(size: scene.size)
        let built = SceneBuilder.build(scene, in: host.window)
        let label = try #require(built.views["t"] as? Label)
        #expect(label.numberOfLines == 3 && label.textAlignment == .center && label.lineBreakMode == .byCharWrapping)
        for (members, message) in [(#""lines": 1.5"#, "lines must be a whole number from 0 (any) to 10000, found 1.5"),
                                   (#""align": "justified""#, "align must be left, center or right, found 'justified'"),
                                   (#""lineBreak": "clip""#, "lineBreak must be word, char or truncateTail, found 'clip'")] {
            do {
                _ = try SceneLoader.parse(#"{"size": [10, 10], "views": [{"id": "t", "text": "x", "# + members + "}]}")
                Issue.record("accepted \(members)")
            } catch { #expect(error.message.contains(message), "\(error.message)") }
        }
        host.runUntilIdle()
    }
}
