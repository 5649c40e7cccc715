import Testing
import TimelineTestSupport
@testable import TimelineScene
@testable import Timeline
@testable import Views

/// AM3: a scene's animator is an animation of the scene root's layer.
@Suite("AM3 the scene animator on the root layer")
@MainActor
struct SceneAnimatorMotionTests {
    @Test("AM3: a scene animator is an animation of the scene root's layer until everything in the scene has started")
    func AM3_sceneAnimatorOnTheRootLayer() throws {
        let scene = try SceneLoader.parse(#"{"size": [100, 100], "animations": [{"at": 0.5, "duration": 0.25, "changes": [{"view": "root", "alpha": 0}]}]}"#)
        let host = HeadlessHost(size: scene.size)
        let built = SceneBuilder.build(scene, in: host.window)
        let root = try #require(built.views["root"])
        let animator = SceneAnimator(scene: scene, built: built, runLoop: host.runLoop)
        #expect(root.layer.animationKeys() == [SceneAnimator.animationKey])
        host.step(frames: 40)
        #expect(root.layer.animationKeys()?.contains(SceneAnimator.animationKey) != true)
        host.runUntilIdle()
        #expect(root.alpha == 0)
        // Its root layer paused before its time, nothing starts.
        let paused = SceneAnimator(scene: try SceneLoader.parse(#"{"size": [100, 100], "animations": [{"at": 2, "duration": 0.25, "changes": [{"view": "root", "alpha": 1}]}]}"#),
                                   built: built, runLoop: host.runLoop)
        root.layer.timeOffset = root.layer.convertTime(host.runLoop.currentMediaTime, from: nil)
        root.layer.speed = 0
        host.step(frames: 180)
        #expect(root.alpha == 0 && root.layer.animationKeys() == [SceneAnimator.animationKey])
        root.layer.removeAllAnimations()
        host.step(frames: 2)
        #expect(root.alpha == 0 && root.layer.animationKeys() == nil)
        withExtendedLifetime((animator, paused)) {}
    }
}
