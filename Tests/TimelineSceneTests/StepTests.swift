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

@Suite("N2 constraint animation in both commit modes, C3 stepping")
@MainActor
struct StepTests {
    static func scene(mode: String) -> String {
        """
        {"size": [400, 300],
         "views": [{"id": "a"}, {"id": "b"}],
         "constraints": [{"id": "slide", "expr": "a.leading == root.leading + 10"}, "a.top == root.top", "a.width == 50", "a.height == 20",
                         "b.leading == a.trailing + 8", "b.top == a.bottom", "b.trailing <= root.trailing - 10", "b.width == 100 @500", "b.height == 20"],
         "animations": [{"at": 0.1, "duration": 0.5, "curve": "easeInOut", "mode": "\(mode)", "changes": [{"constraint": "slide", "constant": 300}]}]}
        """
    }

    func run(mode: String, frames: Int, each: (HeadlessHost, BuiltScene) -> Void) throws {
        let scene = try SceneLoader.parse(Self.scene(mode: mode))
        let host = HeadlessHost(size: scene.size)
        let built = SceneBuilder.build(scene, in: host.window)
        let animator = SceneAnimator(scene: scene, built: built, runLoop: host.runLoop)
        for _ in 0..<frames { host.step(); each(host, built) }
        host.runUntilIdle()
        #expect(host.isIdle)
        withExtendedLifetime(animator) {}
    }

    @Test("N2: in constraint mode every intermediate frame satisfies every constraint (U8)")
    func N2_constraintModeSatisfiesConstraints() throws {
        var moving = 0
        try run(mode: "constraints", frames: 50) { host, built in
            let a = built.views["a"]!, b = built.views["b"]!
            #expect(host.window.layoutEngine.requiredConstraintViolations().isEmpty)
            #expect([a, b].allSatisfy { $0.presentation.position == $0.center && $0.presentation.bounds == $0.bounds })  // frames are not interpolated
            #expect(abs(b.frame.minX - (a.frame.maxX + 8)) < 1e-9)                     // the relation holds in every frame
            #expect(b.frame.maxX <= 390 + 1e-9)
            if a.frame.minX > 10 && a.frame.minX < 300 { moving += 1 }
        }
        #expect(moving > 20)
    }

    @Test("N2: in frame mode the layout is solved once and every frame interpolates the start and end frames")
    func N2_frameModeInterpolates() throws {
        let startA = Rect(x: 10, y: 0, width: 50, height: 20), endA = Rect(x: 300, y: 0, width: 50, height: 20)
        let startB = Rect(x: 68, y: 20, width: 100, height: 20), endB = Rect(x: 358, y: 20, width: 32, height: 20)
        var checked = 0
        try run(mode: "frames", frames: 50) { host, built in
            let a = built.views["a"]!.presentation.frame, b = built.views["b"]!.presentation.frame
            guard a != startA && a != endA else { return }
            let t = (a.minX - startA.minX) / (endA.minX - startA.minX)                 // the curve's progress this frame
            let expectB = Rect(x: lerp(startB.minX, endB.minX, t), y: 20, width: lerp(startB.width, endB.width, t), height: 20)
            #expect(b.isClose(to: expectB, tolerance: 1e-9))
            #expect(built.views["a"]!.frame == endA)                                    // the model is final from the start
            checked += 1
        }
        #expect(checked > 20)
    }

    @Test("N8: an animation starts in the first frame at or after its 'at' and that frame shows progress 0")
    func N8_startFrameShowsProgressZero() throws {
        var xs: [Double] = []
        try run(mode: "frames", frames: 10) { _, built in xs.append(built.views["a"]!.presentation.frame.minX) }
        #expect(Array(xs[0...6]) == Array(repeating: 10, count: 7))   // frames 0-6: before, and frame 6 (t = 0.1) at progress 0
        #expect(xs[7] > 10)
    }
}
