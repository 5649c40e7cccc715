import Testing
import TimelineTestSupport
@testable import TimelineScene
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

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
        #expect(panel.presentation.opacity == 0.5)
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

@Suite("N10 the whole timing model in scene files", .endsIdle)
@MainActor
struct SceneWebTimingTests {
    func play(_ json: String, frames: Int, each: (Int, BuiltScene) -> Void = { _, _ in }) throws -> BuiltScene {
        try SceneTimeTests().play(json, frames: frames, each: each)
    }

    static func slide(mode: String, timing: String) -> String {
        """
        {"size": [400, 300], "views": [{"id": "a"}],
         "constraints": [{"id": "slide", "expr": "a.leading == root.leading + 10"}, "a.top == root.top", "a.width == 50", "a.height == 20"],
         "animations": [{"at": 0, "duration": 0.2, "curve": "linear", "mode": "\(mode)", \(timing),
                         "changes": [{"constraint": "slide", "constant": 110}, {"view": "a", "alpha": 0.5}]}]}
        """
    }

    @Test("N10: a forwards fill ending mid-iteration holds that value, the same in frame and constraint mode",
          arguments: ["frames", "constraints"])
    func N10_fillForwardsSameInBothModes(mode: String) throws {
        let built = try play(Self.slide(mode: mode, timing: #""iterations": 1.5, "direction": "alternate", "fill": "forwards""#), frames: 40)
        let a = built.views["a"]!
        // 1.5 alternate iterations end half way back: constant 10 + 100 * 0.5.
        #expect(abs(a.presentation.frame.minX - 60) < 1e-9, "\(a.presentation.frame)")
        #expect(abs(a.frame.minX - 60) < 1e-9)
        #expect(abs(built.constraints["slide"]!.constant - 60) < 1e-9)
        #expect(abs(a.presentation.opacity - 0.75) < 1e-9 && abs(a.alpha - 0.75) < 1e-9)
    }

    @Test("N10: without a fill the model shows after the end, whatever the direction ended in", arguments: ["frames", "constraints"])
    func N10_noFillEndsAtModel(mode: String) throws {
        let built = try play(Self.slide(mode: mode, timing: #""iterations": 1.5, "direction": "alternate-reverse", "fill": "none""#), frames: 40)
        #expect(built.views["a"]!.presentation.frame.minX == 110)
        #expect(built.constraints["slide"]!.constant == 110)
    }

    @Test("N10: during a delay, fill none shows the model, auto the old value, backwards the start of the active interval")
    func N10_delayByFill() throws {
        func minX(_ timing: String) throws -> Double {
            var seen = 0.0
            _ = try play(Self.slide(mode: "frames", timing: #""delay": 0.5, "# + timing), frames: 3) { k, built in
                if k == 2 { seen = built.views["a"]!.presentation.frame.minX }
            }
            return seen
        }
        #expect(try minX(#""fill": "none""#) == 110)
        #expect(try minX(#""fill": "auto""#) == 10)
        #expect(try minX(#""fill": "backwards", "iterationStart": 0.25"#) == 35)
        #expect(try minX(#""fill": "both", "direction": "reverse""#) == 110)
    }

    @Test("N10: playbackRate 2 ends in half the time; -1 plays from the end to the start")
    func N10_playbackRate() throws {
        var xs: [Double] = []
        _ = try play(Self.slide(mode: "frames", timing: #""playbackRate": 2"#), frames: 12) { _, b in xs.append(b.views["a"]!.presentation.frame.minX) }
        #expect(abs(xs[3] - (10 + 100 * 3.0 / 6)) < 1e-9, "\(xs)")       // 3 frames at 2x: 0.1 s of 0.2
        #expect(xs[6] == 110)
        xs = []
        _ = try play(Self.slide(mode: "constraints", timing: #""playbackRate": -1, "fill": "backwards""#), frames: 20) { _, b in
            xs.append(b.views["a"]!.presentation.frame.minX)
        }
        #expect(xs[0] == 110 && abs(xs[3] - (10 + 100 * (1 - 3.0 / 12))) < 1e-9, "\(xs)")
        #expect(xs.last == 10)                                              // held at the start
    }

    @Test("N10: a delay is in the animation's own time: playbackRate 2 halves it; -1 plays from the end at once")
    func N10_delayUnderPlaybackRate() throws {
        var xs: [Double] = []
        _ = try play(Self.slide(mode: "frames", timing: #""delay": 0.2, "playbackRate": 2"#), frames: 16) { _, b in
            xs.append(b.views["a"]!.presentation.frame.minX)
        }
        // The delay is over after 0.1 s (6 frames); 3 frames later a quarter of the 0.2 s run is done at 2x.
        #expect(xs[5] == 10 && xs[6] == 10, "\(xs)")
        #expect(abs(xs[9] - (10 + 100 * 3.0 / 6)) < 1e-9, "\(xs)")
        #expect(xs[12] == 110)
        xs = []
        _ = try play(Self.slide(mode: "constraints", timing: #""delay": 0.5, "playbackRate": -1, "fill": "backwards""#), frames: 20) { _, b in
            xs.append(b.views["a"]!.presentation.frame.minX)
        }
        #expect(xs[0] == 110 && abs(xs[3] - (10 + 100 * (1 - 3.0 / 12))) < 1e-9, "\(xs)")
        #expect(xs.last == 10)
    }

    @Test("N10: steps() and linear() easings in a scene")
    func N10_sceneEasings() throws {
        var xs: [Double] = []
        let steps = Self.slide(mode: "constraints", timing: #""iterations": 1"#).replacingOccurrences(of: #""linear""#, with: #""steps(4, jump-end)""#)
        _ = try play(steps, frames: 14) { _, b in xs.append(b.views["a"]!.presentation.frame.minX) }
        #expect(Set(xs).isSubset(of: [10, 35, 60, 85, 110]), "\(xs)")
        #expect(xs[0] == 10 && xs[3] == 35 && xs[12] == 110)
        xs = []
        let linear = Self.slide(mode: "constraints", timing: #""iterations": 1"#).replacingOccurrences(of: #""linear""#, with: #""linear(0, 0.8 50%, 1)""#)
        _ = try play(linear, frames: 14) { _, b in xs.append(b.views["a"]!.presentation.frame.minX) }
        #expect(abs(xs[6] - 90) < 1e-9, "\(xs)")                           // half way in time: 80% of the way
    }

    @Test("N10: bad timing values are located errors; existing keys keep their meaning")
    func N10_badTiming() throws {
        func error(_ timing: String) -> String {
            do { _ = try SceneLoader.parse(Self.slide(mode: "frames", timing: timing)); return "" } catch { return "\(error)" }
        }
        #expect(error(#""fill": "sideways""#).contains("fill must be none, forwards, backwards, both or auto"))
        #expect(error(#""direction": "up""#).contains("direction must be normal, reverse, alternate or alternate-reverse"))
        #expect(error(#""iterations": 2, "repeat": 1"#).contains("\"iterations\" or \"repeat\", not both"))
        #expect(error(#""direction": "alternate", "autoreverse": true"#).contains("not both"))
        #expect(error(#""iterations": -1"#).contains("iterations"))
        #expect(error(#""iterations": "lots""#).contains("iterations"))
        #expect(error(#""playbackRate": 0"#).contains("playbackRate must not be 0"))
        #expect(error(#""playbackRate": 1e999"#) != "")
        #expect(error(#""iterationStart": -0.5"#).contains("iterationStart"))
        for (curve, message) in [("bounce(2)", "unknown easing function 'bounce()'"), ("steps(0)", "at least 1 step"),
                                 ("steps(1, jump-none)", "at least 2 steps"), ("steps(2, middle)", "unknown step position 'middle'"),
                                 ("linear(1)", "at least two stops"), ("linear(0, x, 1)", "linear(): each stop"),
                                 ("linear(0, 0.5 50, 1)", "percentage"), ("cubic-bezier(2, 0, 1, 1)", "x1 and x2"), ("wobbly", "unknown curve 'wobbly'")] {
            let json = Self.slide(mode: "frames", timing: #""iterations": 1"#).replacingOccurrences(of: #""linear""#, with: "\"\(curve)\"")
            var message2 = ""
            do { _ = try SceneLoader.parse(json) } catch { message2 = "\(error)" }
            #expect(message2.contains(message), "\(curve): \(message2)")
            #expect(message2.contains("<scene>:3:"), "\(curve): \(message2)")     // located on its line
        }
        for ok in [#""fill": "both""#, #""iterations": "infinite""#, #""endDelay": -0.1"#, #""direction": "alternate-reverse""#] {
            #expect(error(ok) == "", "\(ok)")
        }
        for curve in ["ease", "ease-in", "ease-out", "ease-in-out", "step-start", "step-end", "steps(3)", "steps(3, start)", "cubic-bezier(0.1, 0.7, 1, 0.1)"] {
            let json = Self.slide(mode: "frames", timing: #""iterations": 1"#).replacingOccurrences(of: #""linear""#, with: "\"\(curve)\"")
            #expect(throws: Never.self, "\(curve)") { _ = try SceneLoader.parse(json) }
        }
    }
}

@Suite("N11 keyframes and timelines in scene files", .endsIdle)
@MainActor
struct SceneTimelineTests {
    func play(_ json: String, frames: Int, each: (Int, BuiltScene) -> Void = { _, _ in }) throws -> BuiltScene {
        try SceneTimeTests().play(json, frames: frames, each: each)
    }

    @Test("N11: a keyframe animation takes a view through its keyframes, constraint constants included")
    func N11_sceneKeyframes() throws {
        let json = """
            {"size": [400, 300], "views": [{"id": "a"}],
             "constraints": [{"id": "x", "expr": "a.leading == root.leading"}, "a.top == root.top", "a.width == 20", "a.height == 20"],
             "animations": [{"at": 0, "duration": 1, "calculation": "linear", "keyframes": [
                {"start": 0, "duration": 0.5, "changes": [{"constraint": "x", "constant": 100}, {"view": "a", "alpha": 0.5}]},
                {"start": 0.5, "duration": 0.5, "changes": [{"constraint": "x", "constant": 40}, {"view": "a", "color": "#ff0000ff"}]}]}]}
            """
        var xs: [Double] = [], alphas: [Double] = []
        let built = try play(json, frames: 70) { _, b in
            xs.append(b.views["a"]!.presentation.frame.minX); alphas.append(b.views["a"]!.presentation.opacity)
        }
        #expect(abs(xs[15] - 50) < 1e-6, "\(xs[15])")                    // half way to 100 at t = 0.25
        #expect(abs(xs[30] - 100) < 1e-6)                                 // the first keyframe's value at 0.5
        #expect(abs(xs[45] - 70) < 1e-6)                                  // half way back to 40
        #expect(abs(alphas[15] - 0.75) < 1e-6 && abs(alphas[45] - 0.5) < 1e-6)
        let a = built.views["a"]!
        #expect(a.presentation.frame.minX == 40 && a.frame.minX == 40)    // ends at the model value
        #expect(a.presentation.backgroundColor == Color(red: 1, green: 0, blue: 0))
    }

    static let timeline = """
        {"size": [400, 300], "views": [{"id": "a", "frame": [0, 0, 10, 10]}, {"id": "b", "frame": [0, 50, 10, 10]},
                                       {"id": "c", "frame": [0, 100, 10, 10]}],
         "timelines": [{"at": 0.5, "items": [
            {"label": "intro"},
            {"tween": {"duration": 0.5, "curve": "linear", "changes": [{"view": "a", "frame": [100, 0, 10, 10]}]}},
            {"tween": {"duration": 0.5, "curve": "linear", "changes": [{"view": "b", "alpha": 0}]}, "position": "<"},
            {"tween": {"duration": 0.25, "curve": "linear", "changes": [{"view": "a", "frame": [100, 100, 10, 10]}]}, "position": "+=0.25"},
            {"label": "later", "position": "intro+=1"},
            {"stagger": {"each": 0.25, "tweens": [
                {"duration": 0.25, "curve": "linear", "changes": [{"view": "b", "cornerRadius": 5}]},
                {"duration": 0.25, "curve": "linear", "changes": [{"view": "c", "cornerRadius": 5}]}]}, "position": "later"},
            {"timeline": {"repeat": 1, "yoyo": true, "timeScale": 2, "items": [
                {"tween": {"duration": 0.5, "curve": "linear", "changes": [{"view": "c", "frame": [50, 100, 10, 10]}]}}]}, "position": ">"}
         ]}]}
        """

    @Test("N11: a timeline places tweens at absolute, relative and label positions, staggers, nests with repeat, yoyo and time scale")
    func N11_sceneTimeline() throws {
        var samples: [(ax: Double, ay: Double, balpha: Double, bradius: Double, cradius: Double, cx: Double)] = []
        let built = try play(Self.timeline, frames: 200) { _, b in
            let (a, bv, c) = (b.views["a"]!, b.views["b"]!, b.views["c"]!)
            samples.append((a.frame.minX, a.frame.minY, bv.alpha, bv.cornerRadius, c.cornerRadius, c.frame.minX))
        }
        // Starts at 0.5 s (frame 30): a and b move together ("<"), 0.5 s long.
        #expect(samples[30].ax == 0 && abs(samples[45].ax - 50) < 1e-6 && abs(samples[45].balpha - 0.5) < 1e-6)
        // "+=0.25": a's second tween runs from 1.25 s to 1.5 s of scene time.
        #expect(samples[72].ay == 0 && abs(samples[81].ay - 40) < 1e-6 && samples[92].ay == 100)
        // The stagger at "later" (intro + 1 = 1.5 s scene time): b, then c a quarter second after.
        #expect(abs(samples[96].bradius - 2) < 1e-6 && samples[96].cradius == 0)
        #expect(abs(samples[111].cradius - 2) < 1e-6)
        // The nested timeline after the stagger (2 s scene time, frame 120): twice as fast, there
        // in 0.25 s and back (yoyo) in the next 0.25 s.
        #expect(abs(samples[126].cx - 20) < 1e-6 && abs(samples[135].cx - 50) < 1e-6)
        #expect(abs(samples[141].cx - 30) < 1e-6 && samples[150].cx == 0 && samples[199].cx == 0)
        #expect(built.views["a"]!.frame == Rect(x: 100, y: 100, width: 10, height: 10))
    }

    @Test("CA8: a scene's timelines run on its root view's layer time: pausing the root layer holds them")
    func CA8_sceneTimelineOnLayerTime() throws {
        let json = """
            {"size": [100, 100], "views": [{"id": "a", "frame": [0, 0, 10, 10]}],
             "timelines": [{"at": 0, "items": [{"tween": {"duration": 1, "curve": "linear", "changes": [{"view": "a", "alpha": 0}]}}]}]}
            """
        let scene = try SceneLoader.parse(json)
        let host = makeHost(width: 100, height: 100)
        let built = SceneBuilder.build(scene, in: host.window)
        let animator = SceneAnimator(scene: scene, built: built, runLoop: host.runLoop)
        let a = built.views["a"]!, root = built.views["root"]!.layer
        host.step()
        host.step(frames: 18)
        #expect(abs(a.alpha - 0.7) < 1e-9)
        let paused = root.convertTime(host.runLoop.currentMediaTime, from: nil)
        root.speed = 0
        root.timeOffset = paused
        host.step(frames: 60)
        #expect(abs(a.alpha - 0.7) < 1e-9 && animator.timelines.first?.isPlaying == true)
        root.speed = 1
        root.timeOffset = 0
        root.beginTime = 0
        root.beginTime = root.convertTime(host.runLoop.currentMediaTime, from: nil) - paused
        host.step(frames: 21)
        #expect(abs(a.alpha - 0.35) < 1e-6)
        host.runUntilIdle()
        #expect(a.alpha == 0)
    }

    @Test("N11: a nested timeline that repeats forever, placed late, and items after it play without overflow")
    func N11_foreverNested() throws {
        let json = """
            {"size": [100, 100], "views": [{"id": "a", "frame": [0, 0, 10, 10]}],
             "timelines": [{"at": 0, "repeat": 3, "items": [
                {"timeline": {"repeat": "forever", "timeScale": 0.001, "items": [
                    {"tween": {"duration": 86400, "changes": [{"view": "a", "alpha": 0.5}]}}]}, "position": 86400},
                {"tween": {"duration": 1, "changes": [{"view": "a", "cornerRadius": 4}]}, "position": "+=86400"},
                {"stagger": {"each": 86400, "tweens": [{"duration": 86400, "changes": [{"view": "a", "cornerRadius": 2}]},
                                                       {"duration": 86400, "changes": [{"view": "a", "cornerRadius": 3}]}]}, "position": ">86400"}]}]}
            """
        let scene = try SceneLoader.parse(json)
        let host = makeHost(width: 100, height: 100)
        let built = SceneBuilder.build(scene, in: host.window)
        let animator = SceneAnimator(scene: scene, built: built, runLoop: host.runLoop)
        host.step(frames: 5)
        #expect(animator.timelines.first?.totalDuration == .infinity)
        animator.timelines.first?.pause()
        host.runUntilIdle()
    }

    @Test("N11: bad timelines and keyframes are located errors")
    func N11_badTimelines() throws {
        func error(_ timeline: String) -> String {
            let json = #"{"size": [100, 100], "views": [{"id": "a"}], "timelines": ["# + timeline + "]}"
            do { _ = try SceneLoader.parse(json); return "" } catch { return "\(error)" }
        }
        let tween = #"{"tween": {"duration": 1, "changes": [{"view": "a", "alpha": 0}]}}"#
        #expect(error(#"{"items": []}"#).contains("needs \"at\"") || error(#"{"items": []}"#).contains("items"))
        #expect(error(#"{"at": 0, "items": [\#(tween.dropLast()), "position": "intro"}, {"label": "intro"}]}"#).contains("unknown label 'intro'"))
        #expect(error(#"{"at": 0, "items": [\#(tween.dropLast()), "position": "<"}]}"#).contains("the previous item"))
        #expect(error(#"{"at": 0, "items": [\#(tween.dropLast()), "position": "+=x"}]}"#).contains("position '+=x'"))
        #expect(error(#"{"at": 0, "timeScale": 0, "items": [\#(tween)]}"#).contains("timeScale must lie above 0"))
        #expect(error(#"{"at": 0, "items": [{"label": "x", "tween": {"duration": 1, "changes": []}}]}"#).contains("one of tween, stagger, timeline or label"))
        #expect(error(#"{"at": 0, "items": [{"tween": {"duration": 1, "changes": [{"view": "zz", "alpha": 0}]}}]}"#).contains("unknown view id 'zz'"))
        var nested = tween
        for _ in 0..<17 { nested = #"{"timeline": {"items": [\#(nested)]}}"# }
        #expect(error(#"{"at": 0, "items": [\#(nested)]}"#).contains("the limit is 16"))
        let keyframes = #"{"size": [100, 100], "views": [{"id": "a"}], "animations": [{"at": 0, "duration": 1, "repeat": 2, "keyframes": [{"start": 0, "duration": 1, "changes": [{"view": "a", "alpha": 0}]}]}]}"#
        #expect(throws: SceneError.self) { _ = try SceneLoader.parse(keyframes) }
        let late = #"{"size": [100, 100], "views": [{"id": "a"}], "animations": [{"at": 0, "duration": 1, "keyframes": [{"start": 0.8, "duration": 0.5, "changes": [{"view": "a", "alpha": 0}]}]}]}"#
        do { _ = try SceneLoader.parse(late); Issue.record("accepted") } catch { #expect("\(error)".contains("must lie in 0...1")) }
    }
}

@Suite("N9 springs by duration in scenes")
struct SceneSpringTests {
    @Test("N9: a spring animation given a duration runs for it (the physics in seconds, as CASpringAnimation); without one it runs until it settles")
    @MainActor
    func N9_springDurationIsUsed() throws {
        func ends(_ duration: String) throws -> (last: Int, values: [Double]) {
            let json = """
                {"size": [200, 100], "views": [{"id": "a", "frame": [0, 0, 10, 10]}],
                 "animations": [{"at": 0, \(duration) "curve": {"spring": {"dampingRatio": 0.3, "response": 0.5}},
                                 "changes": [{"view": "a", "frame": [100, 0, 10, 10]}]}]}
                """
            var values: [Double] = []
            _ = try SceneTimeTests().play(json, frames: 200) { _, b in values.append(b.views["a"]!.presentation.frame.minX) }
            return (values.lastIndex { $0 != 100 } ?? -1, values)
        }
        let cut = try ends(#""duration": 0.5,"#), settled = try ends("")
        let spring = Spring(dampingRatio: 0.3, response: 0.5)
        #expect(cut.last == 29)                                            // frame 30 (0.5 s) shows the model
        #expect(abs(cut.values[12] - 100 * spring.progress(at: 0.2)) < 1e-9)   // the spring's own time
        #expect(settled.last == Int((spring.settlingDuration * 60).rounded(.up)) - 1)
        #expect(settled.values[12] == cut.values[12])
    }

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
                                   (#""align": "full""#, "align must be left, center, right, natural or justified, found 'full'"),
                                   (#""lineBreak": "wrap""#,
                                    "lineBreak must be word, char, clip, truncateHead, truncateTail or truncateMiddle, found 'wrap'")] {
            do {
                _ = try SceneLoader.parse(#"{"size": [10, 10], "views": [{"id": "t", "text": "x", "# + members + "}]}")
                Issue.record("accepted \(members)")
            } catch { #expect(error.message.contains(message), "\(error.message)") }
        }
        host.runUntilIdle()
    }
}
