import Geometry
import Layers
import Motion
import RenderModel
import Testing

@Suite("CA4 explicit animations by key path")
@MainActor
struct AnimationTests {
    /// A hosted layer with actions off, so only explicit animations run.
    func hostedLayer(_ host: LayerHost, name: String = "subject") -> Layer {
        let l = Layer()
        l.name = name
        Transaction.begin()
        Transaction.setDisableActions(true)
        l.frame = Rect(x: 50, y: 50, width: 100, height: 100)      // position (100, 100)
        host.root.addSublayer(l)
        Transaction.commit()
        return l
    }

    func basic(_ keyPath: String, from: Any? = nil, to: Any? = nil, by: Any? = nil, duration: Double = 1) -> BasicAnimation {
        let a = BasicAnimation(keyPath: keyPath)
        a.fromValue = from; a.toValue = to; a.byValue = by
        a.duration = duration
        return a
    }

    @Test("CA4 CA5 a basic animation shows in the presentation at the frame's time and never changes the model")
    func basicOpacity() {
        let host = LayerHost()
        let l = hostedLayer(host)
        l.add(basic("opacity", from: 0.0, to: 1.0), forKey: "fade")
        host.run(to: 0.5)
        #expect(close(l.presentation()?.opacity ?? -1, 0.5, 1e-12))
        #expect(l.opacity == 1)
        #expect(l.animationKeys() == ["fade"])
        host.run(to: 1.1)
        #expect(l.animationKeys() == nil)
        #expect(l.presentation()?.opacity == 1)
        host.runUntilIdle()
    }

    @Test("CA4 fromValue, toValue and byValue in all eight combinations", arguments: [
        // (from, to, by, value at the half) with the model at 100
        (10.0 as Double?, 20.0 as Double?, nil as Double?, 15.0),
        (10, nil, 10, 15),
        (nil, 20, 10, 15),
        (10, nil, nil, 55),
        (nil, 20, nil, 60),
        (nil, nil, 10, 105),
        (nil, nil, nil, 100),
        (10, 20, 1000, 15),            // from and to win over by
    ])
    func eightCombinations(from: Double?, to: Double?, by: Double?, half: Double) {
        let host = LayerHost()
        let l = hostedLayer(host)
        l.add(basic("position.x", from: from, to: to, by: by), forKey: nil)
        host.run(to: 0.5)
        #expect(close(l.presentation()!.position.x, half, 1e-9))
        #expect(l.position.x == 100)
        host.runUntilIdle()
    }

    @Test("CA4 additive animations add to the model; cumulative repeats continue from the last end")
    func additiveAndCumulative() {
        let host = LayerHost()
        let l = hostedLayer(host)
        let add = basic("position.x", from: -50.0, to: 0.0)
        add.isAdditive = true
        l.add(add, forKey: "shake")
        let cum = basic("position.y", from: 0.0, to: 10.0)
        cum.isCumulative = true
        cum.repeatCount = 3
        l.add(cum, forKey: "stairs")
        host.run(to: 0.5)
        #expect(close(l.presentation()!.position.x, 75, 1e-9))
        #expect(close(l.presentation()!.position.y, 5, 1e-9))
        host.run(to: 1.5)
        #expect(close(l.presentation()!.position.y, 15, 1e-9))
        host.run(to: 2.5)
        #expect(close(l.presentation()!.position.y, 25, 1e-9))
        host.runUntilIdle()
    }

    @Test("CA4 autoreverse, repeat, fill modes and removal on completion follow media timing")
    func timingModes() {
        let host = LayerHost()
        let l = hostedLayer(host)
        let a = basic("opacity", from: 0.0, to: 1.0)
        a.autoreverses = true
        a.repeatCount = 2
        l.add(a, forKey: "pulse")
        host.run(to: 0.25)
        #expect(close(l.presentation()!.opacity, 0.25, 1e-9))
        host.run(to: 1.25)
        #expect(close(l.presentation()!.opacity, 0.75, 1e-9))
        host.run(to: 2.5)
        #expect(close(l.presentation()!.opacity, 0.5, 1e-9))
        host.run(to: 4.1)
        #expect(l.animationKeys() == nil && l.presentation()!.opacity == 1)
        let kept = basic("opacity", from: 1.0, to: 0.2, duration: 0.5)
        kept.fillMode = .forwards
        kept.isRemovedOnCompletion = false
        l.add(kept, forKey: "dim")
        host.run(to: 5)
        #expect(l.animationKeys() == ["dim"])
        #expect(close(l.presentation()!.opacity, 0.2, 1e-12))
        l.removeAnimation(forKey: "dim")
        host.step()
        #expect(l.presentation()!.opacity == 1)
        host.runUntilIdle()
    }

    @Test("CA4 a later beginTime waits; backwards fill shows the first value while waiting")
    func beginTimeAndBackwardsFill() {
        let host = LayerHost()
        let l = hostedLayer(host)
        host.step()
        let a = basic("opacity", from: 0.2, to: 1.0)
        a.beginTime = l.convertTime(host.runLoop.currentMediaTime, from: nil) + 1
        a.fillMode = .backwards
        l.add(a, forKey: "later")
        host.run(to: 0.5)
        #expect(close(l.presentation()!.opacity, 0.2, 1e-12))
        host.run(to: 1.5)
        #expect(close(l.presentation()!.opacity, 0.6, 1e-9))
        host.runUntilIdle()
    }

    @Test("CA4 timing functions are Core Animation's named curves and control points")
    func timingFunctions() {
        let host = LayerHost()
        let l = hostedLayer(host)
        let a = basic("opacity", from: 0.0, to: 1.0)
        a.timingFunction = MediaTimingFunction(name: .easeIn)
        l.add(a, forKey: nil)
        host.run(to: 0.5)
        let expected = CubicBezier(0.42, 0, 1, 1).progress(at: 0.5)
        #expect(close(l.presentation()!.opacity, expected, 1e-12))
        #expect(MediaTimingFunction(name: .default).controlPoint(at: 1) == (0.25, 0.1))
        #expect(MediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4).controlPoint(at: 2) == (0.3, 0.4))
        host.runUntilIdle()
    }

    @Test("CA4 keyframes: linear with key times, discrete, paced, and along a path turning with it")
    func keyframes() {
        let host = LayerHost()
        let l = hostedLayer(host)
        let k = KeyframeAnimation(keyPath: "position.x")
        k.values = [0.0, 100.0, 110.0]
        k.keyTimes = [0, 0.8, 1]
        k.duration = 1
        l.add(k, forKey: "linear")
        host.run(to: 0.4)
        #expect(close(l.presentation()!.position.x, 50, 1e-9))
        host.run(to: 0.9)
        #expect(close(l.presentation()!.position.x, 105, 1e-9))
        host.runUntilIdle()

        let h2 = LayerHost(), l2 = hostedLayer(h2)
        let d = KeyframeAnimation(keyPath: "opacity")
        d.values = [0.1, 0.5, 0.9]
        d.calculationMode = .discrete
        d.duration = 0.9
        l2.add(d, forKey: "steps")
        h2.run(to: 0.5)
        #expect(l2.presentation()!.opacity == 0.5)
        h2.runUntilIdle()

        let h3 = LayerHost(), l3 = hostedLayer(h3)
        let p = KeyframeAnimation(keyPath: "position.y")
        p.values = [0.0, 10.0, 40.0]             // 10 then 30: paced reaches 10 at a quarter
        p.calculationMode = .paced
        p.duration = 1
        l3.add(p, forKey: "paced")
        h3.run(to: 0.25)
        #expect(close(l3.presentation()!.position.y, 10, 1e-9))
        h3.runUntilIdle()

        let h4 = LayerHost(), l4 = hostedLayer(h4)
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 0, y: 100))      // straight down: the tangent is +y (π/2)
        let along = KeyframeAnimation(keyPath: "position")
        along.path = path
        along.rotationMode = .rotateAuto
        along.duration = 1
        l4.add(along, forKey: "path")
        h4.run(to: 0.5)
        let pres = l4.presentation()!
        #expect(close(pres.position, Point(x: 0, y: 50), 1e-9))
        #expect(close(atan2(pres.transform.m12, pres.transform.m11), .pi / 2, 1e-9))
        h4.runUntilIdle()
    }

    @Test("AM2: a keyframe animation evaluates through the one keyframe curve (values, key times, timing functions, mode)")
    func AM2_oneKeyframeInterpolation_layers() {
        let host = LayerHost()
        let l = hostedLayer(host)
        let k = KeyframeAnimation(keyPath: "position.x")
        k.values = [0.0, 100.0, 40.0, 70.0]
        k.keyTimes = [0, 0.2, 0.7, 1]
        k.timingFunctions = [MediaTimingFunction(name: .easeIn), MediaTimingFunction(controlPoints: 0.2, 0.8, 0.4, 1)]
        k.calculationMode = .cubic
        k.duration = 1
        l.add(k, forKey: "cubic")
        // The same keyframes as a curve by hand: the last timing function repeats.
        let easeIn = KeyframeEasing.curve(CubicBezier(0.42, 0, 1, 1)), last = KeyframeEasing.curve(CubicBezier(0.2, 0.8, 0.4, 1))
        let curve = KeyframeCurve<LayerValue>(times: [0, 0.2, 0.7, 1], values: [.number(0), .number(100), .number(40), .number(70)],
                                              segments: [KeyframeSegment(.catmullRom, easing: easeIn), KeyframeSegment(.catmullRom, easing: last),
                                                         KeyframeSegment(.catmullRom, easing: last)])
        for t in stride(from: 0.05, to: 1, by: 0.1) {
            host.run(to: t)
            #expect(close(l.presentation()!.position.x, curve.value(at: t).number!, 1e-9))
        }
        host.runUntilIdle()
    }

    @Test("CA4 a spring follows the damped oscillator of its mass, stiffness and damping")
    func spring() {
        let host = LayerHost()
        let l = hostedLayer(host)
        let s = SpringAnimation(keyPath: "position.x")
        s.fromValue = 0.0; s.toValue = 100.0
        s.mass = 1; s.stiffness = 100; s.damping = 20            // critically damped, ω = 10
        s.duration = s.settlingDuration
        #expect(s.settlingDuration > 0.5 && s.settlingDuration < 1.5)
        l.add(s, forKey: "spring")
        host.run(to: 0.1)
        // x(t) = 1 − (1 + ωt)·e^(−ωt) of the distance.
        #expect(close(l.presentation()!.position.x, 100 * (1 - 2 * exp(-1.0)), 1e-6))
        host.runUntilIdle()
        let p = SpringAnimation(perceptualDuration: 0.5, bounce: 0.3)
        #expect(close(p.stiffness, pow(2 * .pi / 0.5, 2), 1e-9) && close(p.damping, 4 * .pi * 0.7 / 0.5, 1e-9))
    }

    @Test("CA4 a group runs its children in its own time and cuts them at its duration")
    func group() {
        let host = LayerHost()
        let l = hostedLayer(host)
        let g = AnimationGroup()
        let a = basic("opacity", from: 0.0, to: 1.0, duration: 2)
        let b = basic("position.x", from: 0.0, to: 10.0, duration: 0.5)
        b.beginTime = 0.5
        g.animations = [a, b]
        g.duration = 1
        l.add(g, forKey: "group")
        host.run(to: 0.75)
        #expect(close(l.presentation()!.opacity, 0.375, 1e-9))
        #expect(close(l.presentation()!.position.x, 5, 1e-9))
        host.run(to: 1.2)
        #expect(l.animationKeys() == nil && l.presentation()!.opacity == 1)
        host.runUntilIdle()
    }

    @Test("CA4 delegates hear start and stop; a removed animation stops unfinished")
    func delegates() {
        let host = LayerHost()
        let l = hostedLayer(host)
        let d1 = RecordingDelegate(), d2 = RecordingDelegate()
        let a = basic("opacity", from: 0.0, to: 1.0, duration: 0.5)
        a.delegate = d1
        let b = basic("position.x", to: 0.0, duration: 5)
        b.delegate = d2
        l.add(a, forKey: "a")
        l.add(b, forKey: "b")
        host.step()
        host.step()
        #expect(d1.events == ["start"] && d2.events == ["start"])
        l.removeAnimation(forKey: "b")
        host.run(to: 1)
        #expect(d1.events == ["start", "stop true"])
        #expect(d2.events == ["start", "stop false"])
        // Adding under a key that is taken replaces the old one, which stops unfinished.
        let c = basic("opacity", from: 0.0, to: 1.0, duration: 5), e = basic("opacity", from: 1.0, to: 0.0, duration: 5)
        let d3 = RecordingDelegate()
        c.delegate = d3
        l.add(c, forKey: "same")
        host.step()
        l.add(e, forKey: "same")
        host.step()
        #expect(d3.events == ["start", "stop false"])
        l.removeAllAnimations()
        host.runUntilIdle()
    }

    @Test("CA4 bad animations are reported with the layer and key path, not added, and disturb nothing")
    func badInput() {
        let host = LayerHost()
        let l = hostedLayer(host, name: "target")
        l.add(basic("opacity", from: 0.0, to: 1.0), forKey: "good")
        l.add(basic("opacitee", from: 0.0, to: 1.0), forKey: "typo")
        l.add(basic("opacity", from: "zero", to: 1.0), forKey: "string")
        l.add(basic("position", from: Double.nan, to: 1.0), forKey: "nan")
        l.add(basic("bounds.size.width", to: Double.infinity), forKey: "inf")
        let neg = basic("opacity", to: 1.0, duration: -1)
        l.add(neg, forKey: "negative")
        let k = KeyframeAnimation(keyPath: "opacity")
        k.values = [0.0, 1.0]; k.keyTimes = [0, 0.5, 1]
        l.add(k, forKey: "keytimes")
        #expect(l.animationKeys() == ["good"])
        let m = host.messages
        #expect(m.count == 6)
        #expect(m.allSatisfy { $0.contains("'target'") })
        #expect(m.contains { $0.contains("'opacitee'") })
        #expect(m.contains { $0.contains("zero") && $0.contains("'opacity'") })
        #expect(m.contains { $0.contains("'position'") })
        #expect(m.contains { $0.contains("keyTimes") })
        host.run(to: 0.5)
        #expect(close(l.presentation()!.opacity, 0.5, 1e-12))
        host.runUntilIdle()
    }
}

#if canImport(Glibc)
import Glibc
#endif
