import Foundation
import Lottie
import Testing
import TimelineScene
import TimeTravel
import Timeline

/// One kind of animation in a scene (and, for what a scene file cannot say, its set-up code).
struct AnimationKind: Sendable, CustomTestStringConvertible {
    let name: String
    let scene: String
    let setUp: ReplayHost.SetUp?
    var testDescription: String { name }

    static let box = ##""views": [{"id": "a", "frame": [0, 0, 20, 20], "color": "#3366ccff"}]"##

    static let all: [AnimationKind] = [
        AnimationKind(name: "block", scene: ##"{"size": [300, 200], \##(box), "animations": [{"at": 0.2, "duration": 1, "curve": "easeInOut", "changes": [{"view": "a", "frame": [200, 100, 40, 40]}, {"view": "a", "alpha": 0.3}]}]}"##, setUp: nil),
        AnimationKind(name: "spring", scene: ##"{"size": [300, 200], \##(box), "animations": [{"at": 0.1, "duration": 1.2, "curve": {"spring": {"dampingRatio": 0.4, "response": 0.5}}, "changes": [{"view": "a", "frame": [180, 60, 20, 20]}]}]}"##, setUp: nil),
        AnimationKind(name: "keyframe", scene: ##"{"size": [300, 200], \##(box), "animations": [{"at": 0, "duration": 1.5, "calculation": "cubic", "keyframes": [{"start": 0, "duration": 0.4, "changes": [{"view": "a", "frame": [100, 0, 20, 20]}]}, {"start": 0.4, "duration": 0.6, "changes": [{"view": "a", "frame": [100, 150, 20, 20]}, {"view": "a", "alpha": 0.5}]}]}]}"##, setUp: nil),
        AnimationKind(name: "layer animation", scene: ##"{"size": [300, 200], \##(box), "layers": [{"id": "dot", "view": "a", "frame": [2, 2, 8, 8], "backgroundColor": "#ffffffff"}], "layerAnimations": [{"layer": "dot", "keyPath": "opacity", "values": [1, 0.2, 1], "keyTimes": [0, 0.25, 1], "duration": 0.8, "repeatCount": "infinite", "at": 0.1}, {"layer": "dot", "keyPath": "position", "from": [6, 6], "to": [60, 40], "duration": 1.1, "spring": {"duration": 0.5, "bounce": 0.3}}]}"##, setUp: nil),
        AnimationKind(name: "property animator", scene: ##"{"size": [300, 200], \##(box)}"##, setUp: { built, runLoop in
            let a = built.views["a"]!
            runLoop.schedule(after: .milliseconds(150)) {
                let animator = PropertyAnimator(duration: 0.9, curve: .easeOut) { a.frame = Rect(x: 150, y: 80, width: 60, height: 30) }
                animator.startAnimation()
                runLoop.schedule(after: .milliseconds(400)) { animator.pauseAnimation(); animator.fractionComplete = 0.8; animator.startAnimation() }
            }
        }),
        AnimationKind(name: "timeline", scene: SceneKinds.timeline, setUp: nil),
        AnimationKind(name: "Lottie", scene: ##"{"size": [300, 200]}"##, setUp: { built, _ in
            let view = LottieAnimationView(filePath: packageRoot + "/Assets/lottie/loader.json")
            view.frame = Rect(x: 0, y: 0, width: 200, height: 200)
            built.views["root"]!.addSubview(view)
            view.loopMode = .loop
            view.play()
        }),
        AnimationKind(name: "scroll deceleration", scene: (try? String(contentsOfFile: packageRoot + "/Assets/scenes/fling.json", encoding: .utf8)) ?? "{}",
                      setUp: nil),
    ]
}

enum SceneKinds {
    static let timeline = """
        {"size": [400, 300], "views": [{"id": "a", "frame": [0, 0, 10, 10]}, {"id": "b", "frame": [0, 50, 10, 10]}],
         "timelines": [{"at": 0.2, "repeat": 1, "yoyo": true, "items": [
            {"tween": {"duration": 0.5, "curve": "easeIn", "changes": [{"view": "a", "frame": [100, 0, 10, 10]}]}},
            {"tween": {"duration": 0.5, "curve": "linear", "changes": [{"view": "b", "alpha": 0}]}, "position": "<"}]}]}
        """
}

@Suite("IN6 time travel: steps back", .serialized)
@MainActor
struct StepBackTests {
    /// Frames recorded per kind, and the checkpoint interval: a step back from 100 to 37 resumes
    /// the checkpoint at 32 (frames 32-37 re-run), one to 36 the same, one to 15 the one at 0.
    static let frames = 120, interval = 16

    @Test("IN6 a step back shows what a headless replay to that frame shows, for each kind of animation",
          arguments: AnimationKind.all)
    func IN6_stepBack(kind: AnimationKind) throws {
        let session = try RecordedSession(kind.scene, file: "\(kind.name).json", frames: Self.frames, setUp: kind.setUp)
        // Something moves: the kind is exercised, not a still scene.
        #expect(Set(session.snapshots[10...90]).count > 20, "\(kind.name) barely changes")
        let replay = try ReplaySession(recording: session.recording, scene: session.scene, setUp: kind.setUp,
                                       checkpointInterval: Self.interval, timeout: 120)
        defer { replay.close() }
        try replay.seek(to: 100)
        #expect(try replay.snapshot() == session.snapshots[100])
        let resumes = replay.resumeCount
        let targets = [37, 36, 15, 64, 63]
        let headless = try session.replayed(through: targets)
        for target in targets {
            try replay.seek(to: target)
            let shown = try replay.snapshot()
            #expect(shown == headless[target], "\(kind.name) frame \(target)")
            #expect(shown == session.snapshots[target], "\(kind.name) frame \(target) differs from the recorded session")
        }
        // Each step back resumed a kept state; 64 after 15 ran forward from the checkpoint at 64.
        #expect(replay.resumeCount - resumes == 5)
        try replay.step(by: 1)
        #expect(try replay.snapshot() == session.snapshots[64])
    }
}
