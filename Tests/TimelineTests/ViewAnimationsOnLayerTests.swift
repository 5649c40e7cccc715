import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views

/// CA8: a view's block and keyframe animations are animations of its layer: listed and read by
/// Core Animation's key paths, stopped through the layer, and run on the layer's time.
@Suite("CA8 view animations on the view's layer", .endsIdle)
@MainActor
struct ViewAnimationsOnLayerTests {
    func hosted(_ host: HeadlessHost, in parent: View? = nil) -> View {
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        (parent ?? host.root).addSubview(v)
        host.runUntilIdle()
        return v
    }

    func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    @Test("CA8: a view block's changes are animations of its layer, by Core Animation's key paths")
    func CA8_blockAnimationsAreLayerAnimations() throws {
        let host = makeHost()
        let v = hosted(host)
        var finished: Bool?
        View.animate(withDuration: 1, curve: .linear, animations: {
            v.alpha = 0
            v.center = Point(x: 250, y: 50)
        }, completion: { finished = $0 })
        #expect(v.layer.animationKeys() == ["opacity", "position"])
        let a = try #require(v.layer.animation(forKey: "opacity") as? BasicAnimation)
        #expect(a.keyPath == "opacity" && a.duration == 1 && !a.isAdditive)
        #expect(a.fromValue as? Double == 1 && a.toValue as? Double == 0)
        #expect(a.timingFunction == MediaTimingFunction(name: .linear))
        #expect(a.beginTime == 0)                                      // not yet begun
        let p = try #require(v.layer.animation(forKey: "position") as? BasicAnimation)
        #expect(p.fromValue as? Point == Point(x: 50, y: 50) && p.toValue as? Point == Point(x: 250, y: 50))
        #expect(v.layer.animation(forKey: "bounds") == nil)

        host.step()
        let begun = try #require(v.layer.animation(forKey: "opacity"))
        #expect(near(begun.beginTime, host.runLoop.currentMediaTime))
        host.step(frames: 30)
        // The layer's presentation is the view's.
        let shown = try #require(v.layer.presentation())
        #expect(near(shown.opacity, v.presentation.opacity) && v.presentation.opacity > 0.4 && v.presentation.opacity < 0.6)
        host.runUntilIdle()
        #expect(v.layer.animationKeys() == nil && finished == true)
    }

    @Test("CA8: removeAllAnimations on a view's layer stops its block animations; the completion hears false")
    func CA8_removeAllAnimationsStopsBlocks() {
        let host = makeHost()
        let v = hosted(host)
        let sub = Layer()
        v.layer.addSublayer(sub)
        let spin = BasicAnimation(keyPath: "opacity")
        spin.fromValue = 0.0; spin.toValue = 1.0; spin.duration = 5
        v.layer.add(spin, forKey: "fade")
        var finished: Bool?
        View.animate(withDuration: 1, animations: { v.alpha = 0.2; v.cornerRadius = 10 }, completion: { finished = $0 })
        #expect(v.layer.animationKeys() == ["fade", "opacity", "cornerRadius"])          // in the order added (AM1)
        host.step(frames: 10)
        #expect(v.presentation.opacity > 0.2 && v.presentation.opacity < 1)
        v.layer.removeAllAnimations()
        #expect(v.layer.animationKeys() == nil)
        #expect(v.presentation.opacity == 0.2 && v.presentation.cornerRadius == 10)   // the model, at once
        #expect(finished == nil)                                       // completions run in a frame's phase 3
        host.runUntilIdle()
        #expect(finished == false)
        #expect(!host.runLoop.animations.hasPendingWork)
    }

    @Test("CA8: overlapping additive animations are keyed position, position-2; removing one leaves the other")
    func CA8_additiveKeys() throws {
        let host = makeHost()
        let v = hosted(host)                                           // centre (50, 50)
        var first: Bool?, second: Bool?
        View.animate(withDuration: 1, curve: .linear, animations: { v.center = Point(x: 150, y: 50) }, completion: { first = $0 })
        host.step()
        let begin = host.runLoop.currentMediaTimeNanoseconds
        host.step(frames: 6)
        View.animate(withDuration: 1, curve: .linear, animations: { v.center = Point(x: 150, y: 250) }, completion: { second = $0 })
        #expect(v.layer.animationKeys() == ["position", "position-2"])
        let a2 = try #require(v.layer.animation(forKey: "position-2") as? BasicAnimation)
        #expect(a2.isAdditive && a2.fromValue as? Point == Point(x: 150, y: 50) && a2.toValue as? Point == Point(x: 150, y: 250))
        host.step(frames: 6)
        v.layer.removeAnimation(forKey: "position-2")
        #expect(v.layer.animationKeys() == ["position"])
        host.step()
        // What shows is the first animation alone, on top of the model: (50, 50) → (150, 50)
        // as an offset of (-100, 0)·(1 − p) from (150, 250).
        let p = Double(host.runLoop.currentMediaTimeNanoseconds - begin) / 1e9
        #expect(abs(v.presentation.position.x - (150 - 100 * (1 - p))) < 1e-6)
        #expect(abs(v.presentation.position.y - 250) < 1e-6)
        host.runUntilIdle()
        #expect(first == true && second == false)
        #expect(v.presentation.position == Point(x: 150, y: 250))
    }

    @Test("CA8: pausing a superview's layer (speed 0, time offset) pauses the view and layer animations under it")
    func CA8_layerTimePausesViewAnimations() throws {
        let host = makeHost()
        let container = hosted(host)
        let v = hosted(host, in: container)
        let dot = Layer()
        v.layer.addSublayer(dot)
        let fade = BasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0; fade.toValue = 0.0; fade.duration = 1
        var finished: Bool?
        View.animate(withDuration: 1, curve: .linear, animations: { v.alpha = 0 }, completion: { finished = $0 })
        dot.add(fade, forKey: "fade")
        host.step()
        host.step(frames: 18)                                          // 0.3 s in
        let alpha = v.presentation.opacity
        let dotOpacity = try #require(dot.presentation()).opacity
        #expect(near(alpha, 0.7) && near(dotOpacity, 0.7))

        // Core Animation's recipe for pausing a layer's animations.
        let layer = container.layer
        let pausedTime = layer.convertTime(host.runLoop.currentMediaTime, from: nil)
        layer.speed = 0
        layer.timeOffset = pausedTime
        host.step(frames: 30)
        #expect(near(v.presentation.opacity, alpha))
        #expect(near(try #require(dot.presentation()).opacity, dotOpacity))
        #expect(finished == nil && v.layer.animationKeys() == ["opacity"])

        // And for resuming it.
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        layer.beginTime = layer.convertTime(host.runLoop.currentMediaTime, from: nil) - pausedTime
        host.step(frames: 21)                                          // 0.35 s after resuming
        #expect(abs(v.presentation.opacity - 0.35) < 1e-6)
        #expect(abs(try #require(dot.presentation()).opacity - 0.35) < 1e-6)
        host.runUntilIdle()
        #expect(finished == true && v.presentation.opacity == 0)
    }

    @Test("CA8: a spring block reads as a SpringAnimation, a keyframe block as a KeyframeAnimation")
    func CA8_springAndKeyframeDescriptions() throws {
        let host = makeHost()
        let v = hosted(host)
        View.animate(springDuration: 0.5, bounce: 0.2, animations: { v.center = Point(x: 90, y: 50) })
        let s = try #require(v.layer.animation(forKey: "position") as? SpringAnimation)
        let omega = 2 * Double.pi / 0.5
        #expect(abs(s.stiffness - omega * omega) < 1e-9 && abs(s.damping - 2 * 0.8 * omega) < 1e-9 && s.mass == 1)
        View.animateKeyframes(withDuration: 2, animations: {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { v.alpha = 0.5 }
            View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) { v.alpha = 0 }
        })
        let k = try #require(v.layer.animation(forKey: "opacity") as? Layers.KeyframeAnimation)
        #expect(k.keyPath == "opacity" && k.duration == 2 && k.calculationMode == .linear)
        #expect(k.values?.compactMap { $0 as? Double } == [1, 0.5, 0, 0])
        #expect(k.keyTimes == [0, 0.5, 0.75, 1])
        host.runUntilIdle()
    }

    @Test("CA8: a property animator's changes are listed on the layer too, paused at its progress; removing one ends that track")
    func CA8_animatorOnLayer() throws {
        let host = makeHost()
        let v = hosted(host)
        var ended: PropertyAnimator.Position?
        let animator = PropertyAnimator(duration: 1, curve: .linear) {
            v.alpha = 0
            v.center = Point(x: 150, y: 50)
        }
        animator.addCompletion { ended = $0 }
        animator.fractionComplete = 0.25
        #expect(v.layer.animationKeys() == ["opacity", "position"])
        let a = try #require(v.layer.animation(forKey: "opacity") as? BasicAnimation)
        #expect(a.speed == 0 && near(a.timeOffset, 0.25) && a.duration == 1 && a.fromValue as? Double == 1 && a.toValue as? Double == 0)
        v.layer.removeAnimation(forKey: "opacity")
        #expect(v.layer.animationKeys() == ["position"] && v.presentation.opacity == 0)
        #expect(near(v.presentation.position.x, 75))
        animator.startAnimation()
        host.step()
        #expect((v.layer.animation(forKey: "position") as? BasicAnimation)?.speed == 1)
        host.runUntilIdle()
        #expect(v.presentation.position == Point(x: 150, y: 50) && ended == .end && v.layer.animationKeys() == nil)
    }

    @Test("CA8: a layer animation added under a view animation's key replaces it")
    func CA8_explicitAnimationReplacesBlock() throws {
        let host = makeHost()
        let v = hosted(host)
        var finished: Bool?
        View.animate(withDuration: 1, animations: { v.alpha = 0.5 }, completion: { finished = $0 })
        host.step(frames: 5)
        let a = BasicAnimation(keyPath: "opacity")
        a.fromValue = 0.0; a.toValue = 0.0; a.duration = 0.5
        v.layer.add(a, forKey: "opacity")
        #expect(v.layer.animationKeys() == ["opacity"])
        #expect(v.layer.animation(forKey: "opacity")?.duration == 0.5)
        host.step(frames: 3)
        #expect(try #require(v.layer.presentation()).opacity == 0)
        host.runUntilIdle()
        #expect(finished == false && v.presentation.opacity == 0.5)
    }

    // MARK: Animators, constants and timelines on layer time

    /// Core Animation's pause recipe on `layer`; returns the paused time.
    @discardableResult
    func pause(_ layer: Layer, _ host: HeadlessHost) -> Double {
        let paused = layer.convertTime(host.runLoop.currentMediaTime, from: nil)
        layer.speed = 0
        layer.timeOffset = paused
        return paused
    }

    /// Core Animation's resume recipe.
    func resume(_ layer: Layer, pausedAt paused: Double, _ host: HeadlessHost) {
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        layer.beginTime = layer.convertTime(host.runLoop.currentMediaTime, from: nil) - paused
    }

    @Test("CA8: a property animator runs on its view's layer time: a paused superview layer holds it, resuming continues")
    func CA8_animatorRunsOnLayerTime() {
        let host = makeHost()
        let container = hosted(host)
        let v = hosted(host, in: container)
        var ended: PropertyAnimator.Position?
        let animator = PropertyAnimator(duration: 1, curve: .linear) { v.alpha = 0 }
        animator.addCompletion { ended = $0 }
        animator.startAnimation()
        host.step()
        host.step(frames: 18)                                          // 0.3 s in
        #expect(near(animator.fractionComplete, 0.3) && near(v.presentation.opacity, 0.7))
        let paused = pause(container.layer, host)
        host.step(frames: 60)                                          // a second of layer time standing still
        #expect(near(animator.fractionComplete, 0.3) && near(v.presentation.opacity, 0.7))
        #expect(animator.isRunning && animator.state == .active && ended == nil)
        resume(container.layer, pausedAt: paused, host)
        host.step(frames: 21)                                          // 0.35 s after resuming
        #expect(abs(animator.fractionComplete - 0.65) < 1e-6 && abs(v.presentation.opacity - 0.35) < 1e-6)
        host.runUntilIdle()
        #expect(ended == .end && v.presentation.opacity == 0)
    }

    @Test("CA8: a layer speed of 2 runs an animator twice as fast; a layer time running back runs it back, not before its start")
    func CA8_animatorFollowsLayerSpeed() {
        let host = makeHost()
        let container = hosted(host)
        let v = hosted(host, in: container)
        host.step()
        // Speed 2 from now on, continuous with the time so far (as a resume is).
        let layer = container.layer
        let now = host.runLoop.currentMediaTime
        layer.speed = 0
        layer.timeOffset = now
        layer.beginTime = now
        layer.speed = 2
        let animator = PropertyAnimator(duration: 1, curve: .linear) { v.alpha = 0 }
        animator.startAnimation()
        host.step()                                                    // begins here
        host.step(frames: 15)                                          // 0.25 s of frames, 0.5 s of layer time
        #expect(abs(animator.fractionComplete - 0.5) < 1e-6)
        // Backwards at speed 1 from where it is: 0.2 s of frames takes 0.2 of the progress back.
        let here = layer.localTime(forMediaTime: host.runLoop.currentMediaTime)
        layer.speed = 0
        layer.timeOffset = here
        layer.beginTime = layer.timeParent?.localTime(forMediaTime: host.runLoop.currentMediaTime) ?? host.runLoop.currentMediaTime
        layer.speed = -1
        host.step(frames: 12)
        #expect(abs(animator.fractionComplete - 0.3) < 1e-6 && abs(v.presentation.opacity - 0.7) < 1e-6)
        host.step(frames: 60)                                          // past its start: it holds there
        #expect(animator.fractionComplete == 0 && v.presentation.opacity == 1 && animator.isRunning)
        animator.stopAnimation(true)
        animator.finishAnimation(at: .end)
        host.runUntilIdle()
    }

    @Test("CA8: a constraint-constant animation runs on the layer time of the view holding the constraint")
    func CA8_constantAnimationRunsOnLayerTime() {
        let host = makeHost()
        let container = hosted(host)
        let v = View()
        v.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(v)
        let leading = v.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 0)
        LayoutConstraint.activate([
            leading, v.topAnchor.constraint(equalTo: container.topAnchor),
            v.widthAnchor.constraint(equalToConstant: 10), v.heightAnchor.constraint(equalToConstant: 10),
        ])
        host.runUntilIdle()
        var finished: Bool?
        leading.animateConstant(to: 100, duration: 1, curve: .linear) { finished = $0 }
        host.step()
        host.step(frames: 18)
        #expect(near(leading.constant, 30) && near(v.frame.minX, 30))
        let paused = pause(container.layer, host)
        host.step(frames: 60)
        #expect(near(leading.constant, 30) && finished == nil)
        resume(container.layer, pausedAt: paused, host)
        host.step(frames: 21)
        #expect(abs(leading.constant - 65) < 1e-6)
        host.runUntilIdle()
        #expect(finished == true && leading.constant == 100 && v.frame.minX == 100)
    }

    @Test("CA8: a timeline played in a view runs on its layer time: pausing the layer holds the playhead")
    func CA8_timelineRunsOnLayerTime() {
        let host = makeHost()
        let container = hosted(host)
        let v = hosted(host, in: container)
        var hits: [Double] = []
        let tl = AnimationTimeline()
        tl.add(Tween.value(from: 1, to: 0, duration: 1, curve: .linear) { v.alpha = $0 })
        tl.addCallback(at: .at(0.5)) { hits.append(host.runLoop.currentMediaTime) }
        tl.timingView = v
        tl.play(on: host.runLoop)
        host.step()
        host.step(frames: 18)
        #expect(near(tl.totalTime, 0.3) && near(v.alpha, 0.7))
        let paused = pause(container.layer, host)
        host.step(frames: 60)
        #expect(near(tl.totalTime, 0.3) && hits.isEmpty && tl.isPlaying)
        // Listed on the view's layer as a group paused at its playhead (its layer time stands).
        #expect(v.layer.animationKeys() == ["timeline"])
        let g = v.layer.animation(forKey: "timeline") as? AnimationGroup
        #expect(g?.duration == 1 && g?.repeatCount == 1 && g?.autoreverses == false && near(g?.timeOffset ?? -1, 0.3))
        resume(container.layer, pausedAt: paused, host)
        host.step(frames: 21)
        #expect(abs(tl.totalTime - 0.65) < 1e-6 && hits.count == 1)
        host.runUntilIdle()
        #expect(!tl.isPlaying && v.alpha == 0)
        // Without a timing view the same timeline keeps the media time whatever the layers do.
        let plain = AnimationTimeline()
        plain.add(Tween.value(from: 0, to: 1, duration: 1, curve: .linear) { v.alpha = $0 })
        pause(container.layer, host)
        plain.play(on: host.runLoop)
        host.step()
        host.step(frames: 30)
        #expect(near(plain.totalTime, 0.5) && v.layer.animationKeys() == nil)
        host.runUntilIdle()
    }

    @Test("CA8: a timeline on a view's layer time is listed as a layer animation; removing it pauses it")
    func CA8_timelineListedOnLayer() throws {
        let host = makeHost()
        let v = hosted(host)
        let tl = AnimationTimeline()
        tl.add(Tween.value(from: 0, to: 10, duration: 0.5, curve: .linear) { v.cornerRadius = $0 })
        tl.repeatCount = 2
        tl.yoyo = true
        tl.timeScale = 2
        tl.timingView = v
        View.animate(withDuration: 1, animations: { v.alpha = 0.5 })
        tl.play(on: host.runLoop)
        host.step()
        host.step(frames: 6)                                           // 0.1 s: 0.2 s of timeline time
        #expect(v.layer.animationKeys() == ["opacity", "timeline"])
        let g = try #require(v.layer.animation(forKey: "timeline") as? AnimationGroup)
        // Three plays alternating: one and a half autoreversing pairs, at twice the speed.
        #expect(g.duration == 0.5 && g.autoreverses && g.repeatCount == 1.5 && g.speed == 2)
        #expect(near(g.timeOffset, 0.2) && near(g.beginTime, host.runLoop.currentMediaTime))
        v.layer.removeAnimation(forKey: "timeline")
        #expect(!tl.isPlaying && v.layer.animationKeys() == ["opacity"])
        let held = v.cornerRadius
        host.step(frames: 6)
        #expect(v.cornerRadius == held && near(held, 4))
        host.runUntilIdle()
    }

    @Test("CA8: an animator whose completion removes animations again, while its tracks are being removed, disturbs nothing")
    func CA8_reentrantRemoval() {
        let host = makeHost()
        let v = hosted(host)
        View.animate(withDuration: 1, animations: { v.cornerRadius = 10 })
        View.animate(withDuration: 1, animations: { v.borderWidth = 2 })
        let animator = PropertyAnimator(duration: 1, curve: .linear) { v.alpha = 0 }
        var ended: PropertyAnimator.Position?
        animator.addCompletion { p in ended = p; v.layer.removeAllAnimations() }
        animator.startAnimation()
        host.step(frames: 10)
        v.layer.removeAllAnimations()
        #expect(ended == .current && v.layer.animationKeys() == nil && v.presentation.cornerRadius == 10)
        host.runUntilIdle()
    }

    @Test("CA8: an animator whose first view goes away keeps its progress; its clock becomes the next view's layer time")
    func CA8_animatorClockViewGoesAway() {
        let host = makeHost()
        let container = hosted(host)
        var first: View? = hosted(host, in: container)
        let second = hosted(host)
        let animator = PropertyAnimator(duration: 1, curve: .linear) {
            first!.alpha = 0
            second.alpha = 0
        }
        animator.startAnimation()
        host.step()
        host.step(frames: 6)                                           // 0.1 s
        let paused = pause(container.layer, host)
        host.step(frames: 60)                                          // held by the first view's paused layer
        #expect(abs(animator.fractionComplete - 0.1) < 1e-6)
        first!.removeFromSuperview()
        first = nil
        host.step()                                                     // the new clock starts here
        host.step(frames: 6)
        #expect(abs(animator.fractionComplete - 0.2) < 1e-6, "no jump by the paused time: \(animator.fractionComplete)")
        _ = paused
        host.runUntilIdle()
    }

    @Test("CA8: a timeline whose timing view goes away keeps its playhead and goes on in media time")
    func CA8_timelineClockViewGoesAway() {
        let host = makeHost()
        let container = hosted(host)
        var v: View? = hosted(host, in: container)
        var values: [Double] = []
        let tl = AnimationTimeline()
        tl.add(Tween.value(from: 0, to: 1, duration: 2, curve: .linear) { values.append($0) })
        tl.timingView = v
        tl.play(on: host.runLoop)
        host.step()
        host.step(frames: 18)                                          // 0.3 s
        pause(container.layer, host)
        host.step(frames: 60)
        #expect(abs(tl.totalTime - 0.3) < 1e-6)
        v!.removeFromSuperview()
        v = nil
        host.step()
        host.step(frames: 6)
        #expect(abs(tl.totalTime - 0.4) < 1e-6, "no jump by the paused time: \(tl.totalTime)")
        tl.pause()
        host.runUntilIdle()
    }

    @Test("CA8 bad input: layer times far past a lifetime (time offsets of ±1e10 s) do not overflow the animations' clocks")
    func CA8_hugeLayerTimes() {
        let host = makeHost()
        let container = hosted(host)
        let v = hosted(host, in: container)
        let animator = PropertyAnimator(duration: 1, curve: .linear) { v.alpha = 0 }
        animator.startAnimation()
        View.animate(withDuration: 1, animations: { v.cornerRadius = 5 })
        host.step(frames: 3)
        container.layer.timeOffset = 1e10
        host.step(frames: 3)
        container.layer.timeOffset = -1e10
        host.step(frames: 3)
        container.layer.timeOffset = 0
        host.runUntilIdle()
        #expect(v.presentation.cornerRadius == 5)
    }
}
