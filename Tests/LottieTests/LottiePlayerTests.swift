import Testing
import Geometry
import Layers
import RenderModel
import Timeline
import TimelineTestSupport
@testable import Lottie

/// LT2: the player view on the headless host's frame clock.
@Suite("LT2 player", .endsIdle)
@MainActor
struct LottiePlayerTests {
    /// A 30 fps, 60-frame animation of a rectangle moving from x 0 to 120.
    static let moving = Doc.animation(layers: Doc.shapeLayer(Doc.redRect, ks: #"{"p":{"a":1,"k":[{"t":0,"s":[0,0]},{"t":60,"s":[120,0]}]}}"#),
                                      extra: #","markers":[{"cm":"middle","tm":20,"dr":10}]"#)

    func place() throws -> (HeadlessHost, LottieAnimationView) {
        let host = makeHost(width: 400, height: 200)
        let v = LottieAnimationView(animation: try Doc.read(Self.moving))
        v.translatesAutoresizingMaskIntoConstraints = true
        v.frame = Rect(x: 0, y: 0, width: 400, height: 200)
        host.root.addSubview(v)
        host.runUntilIdle()
        return (host, v)
    }

    @Test("LT2: the frame shown is the layer time since the play began times the frame rate (two 60 Hz frames per 30 fps frame)")
    func LT2_frameFromTime() throws {
        let (host, v) = try place()
        var finished: [Bool] = []
        v.play { finished.append($0) }
        #expect(v.isAnimationPlaying)
        host.step()                                        // the play begins at this frame's time
        #expect(v.currentFrame == 0)
        host.step(frames: 30)
        #expect(abs(v.currentFrame - 15) < 1e-6)
        #expect(abs(v.currentProgress - 0.25) < 1e-6)
        host.runUntilIdle()
        #expect(v.currentFrame == 60 && !v.isAnimationPlaying && finished == [true])
    }

    @Test("LT2: loop modes fold the time into the range: loop, autoReverse, repeat(n)")
    func LT2_loopModes() {
        typealias V = LottieAnimationView
        func near(_ a: (frame: Double, done: Bool), _ b: (Double, Bool)) -> Bool { abs(a.frame - b.0) < 1e-9 && a.done == b.1 }
        #expect(near(V.frame(played: 70, from: 0, to: 60, mode: .loop), (10, false)))
        #expect(near(V.frame(played: 70, from: 0, to: 60, mode: .autoReverse), (50, false)))
        #expect(near(V.frame(played: 130, from: 0, to: 60, mode: .autoReverse), (10, false)))
        #expect(near(V.frame(played: 70, from: 0, to: 60, mode: .playOnce), (60, true)))
        #expect(near(V.frame(played: 150, from: 0, to: 60, mode: .repeat(2)), (60, true)))
        #expect(near(V.frame(played: 90, from: 0, to: 60, mode: .repeat(2)), (30, false)))
        #expect(near(V.frame(played: 90, from: 0, to: 60, mode: .repeatBackwards(1)), (30, false)))
        #expect(near(V.frame(played: 130, from: 0, to: 60, mode: .repeatBackwards(1)), (0, true)))
        // Backward ranges and negative speeds.
        #expect(near(V.frame(played: 15, from: 60, to: 0, mode: .playOnce), (45, false)))
        #expect(near(V.frame(played: -15, from: 0, to: 60, mode: .playOnce), (45, false)))
    }

    @Test("LT2: pause holds the frame; play resumes from it; stop returns to the start and completes with false")
    func LT2_pauseStop() throws {
        let (host, v) = try place()
        var results: [Bool] = []
        v.play(fromProgress: 0, toProgress: 1, loopMode: .loop) { results.append($0) }
        host.step(frames: 21)
        #expect(abs(v.currentFrame - 10) < 1e-6)
        v.pause()
        host.step(frames: 10)
        #expect(abs(v.currentFrame - 10) < 1e-6 && !v.isAnimationPlaying)
        #expect(results == [false])
        v.play(fromFrame: nil, toFrame: 30, loopMode: .playOnce)
        host.step(frames: 3)
        #expect(abs(v.currentFrame - 11) < 1e-6)
        v.stop()
        #expect(v.currentFrame == 0)
        host.runUntilIdle()
    }

    @Test("LT2: animationSpeed scales the play; a change mid-play keeps the frame shown")
    func LT2_speed() throws {
        let (host, v) = try place()
        v.animationSpeed = 2
        v.play(fromProgress: 0, toProgress: 1, loopMode: .playOnce)
        host.step(frames: 11)
        #expect(abs(v.currentFrame - 10) < 1e-6)
        v.animationSpeed = 0.5
        host.step(frames: 4)
        #expect(abs(v.currentFrame - 11) < 1e-6)
        host.runUntilIdle()
        #expect(v.currentFrame == 60)
    }

    @Test("LT2: markers name ranges; an unknown marker completes with false")
    func LT2_markers() throws {
        let (host, v) = try place()
        var results: [Bool] = []
        v.play(fromMarker: "middle", toMarker: "middle") { results.append($0) }
        host.step()
        #expect(v.currentFrame == 20)
        host.runUntilIdle()
        #expect(v.currentFrame == 30 && results == [true])
        v.play(toMarker: "nowhere") { results.append($0) }
        #expect(results == [true, false])
        host.runUntilIdle()
    }

    @Test("LT2: pausing the view's layer (speed 0) pauses the play, as it pauses layer animations (CA6)")
    func LT2_layerTime() throws {
        let (host, v) = try place()
        v.play()
        host.step(frames: 11)
        #expect(abs(v.currentFrame - 5) < 1e-6)
        let l = v.layer
        let paused = l.convertTime(host.runLoop.currentMediaTime, from: nil)
        l.speed = 0
        l.timeOffset = paused
        host.step(frames: 20)
        #expect(abs(v.currentFrame - 5) < 0.51)
        l.speed = 1
        l.timeOffset = 0
        l.beginTime = 0
        l.beginTime = l.convertTime(host.runLoop.currentMediaTime, from: nil) - paused
        host.runUntilIdle()
        #expect(v.currentFrame == 60)
    }

    @Test("LT2: the canvas is scaled into the view by contentMode (aspect fit by default)")
    func LT2_contentMode() throws {
        let (host, v) = try place()
        let root = try #require(v.composition?.rootLayer)
        // 200x100 into 400x200: scaled by 2 from the origin.
        #expect(root.transform == Transform3D(AffineTransform(scaleX: 2, y: 2)) && root.position == .zero)
        v.frame = Rect(x: 0, y: 0, width: 400, height: 400)
        host.runUntilIdle()
        #expect(root.position == Point(x: 0, y: 100))
    }

    @Test("LT2: the example in docs/app.md: a demo spinner looping, recoloured by a value provider")
    func LT2_readme() throws {
        let host = makeHost(width: 200, height: 200)
        let path = Doc.folder.appendingPathComponent("../../Assets/lottie/loader.json").standardizedFileURL.path
        // docs/app.md's code ("Lottie in a view"), with the path made absolute:
        let animation = try LottieAnimation.load(contentsOfFile: path)
        let spinner = LottieAnimationView(animation: animation)
        spinner.frame = Rect(x: 0, y: 0, width: 120, height: 120)
        spinner.loopMode = .loop
        spinner.setValueProvider(ColorValueProvider(.white), keypath: AnimationKeypath(keypath: "**.Stroke 1.Color"))
        spinner.play()
        host.root.addSubview(spinner)
        host.step(frames: 30)
        #expect(spinner.isAnimationPlaying && spinner.currentFrame > 0)
        var strokes: [Color] = []
        for c in spinner.composition!.displayList().commands { if case .fillShape(_, .color(let c), _) = c { strokes.append(c) } }
        #expect(strokes.contains(.white))
        spinner.stop()
        spinner.removeFromSuperview()
        host.runUntilIdle()
    }

    @Test("LT2: a colour value provider recolours the fills its keypath names")
    func LT2_valueProvider() throws {
        let (host, v) = try place()
        func fillColors() -> [Color] {
            var out: [Color] = []
            for c in v.composition!.displayList().commands { if case .fillShape(_, .color(let c), _) = c { out.append(c) } }
            return out
        }
        #expect(fillColors() == [Color(red: 1, green: 0, blue: 0)])
        v.setValueProvider(ColorValueProvider(Color(red: 0, green: 0.5, blue: 1)), keypath: AnimationKeypath(keypath: "**.Fill 1.Color"))
        #expect(fillColors() == [Color(red: 0, green: 0.5, blue: 1)])
        v.setValueProvider(FloatValueProvider(50), keypath: AnimationKeypath(keypath: "shape.*.Opacity"))
        #expect(fillColors() == [Color(red: 0, green: 0.5, blue: 1, alpha: 0.5)])
        #expect(AnimationKeypath(keypath: "a.**.c").matches(["a", "c"]) && AnimationKeypath(keypath: "a.**.c").matches(["a", "x", "y", "c"]))
        #expect(!AnimationKeypath(keypath: "a.*.c").matches(["a", "c"]))
        host.runUntilIdle()
    }
}
