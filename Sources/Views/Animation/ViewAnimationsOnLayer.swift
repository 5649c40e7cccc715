import Geometry
import Layers
import Motion

/// A view's block animations as its layer shows them (CA8). Core Animation runs UIKit's view
/// animations as animations of the view's layer, and code ported from UIKit relies on it: it
/// lists them with `layer.animationKeys()`, reads one with `animation(forKey:)`, stops them
/// with `removeAllAnimations()` (the block's completion then hears `false`) and pauses them
/// with the layer's speed and time offset. The engine keeps its own compact records (P2's bulk
/// figures depend on them) and answers for them here, by the layer's key paths. (A keyframe
/// block's animations are already the layer's: ``AnimationEngine/startKeyframes(of:timing:)``.)
extension AnimationEngine {
    /// One of a view's running animations, as its layer lists it.
    enum LayerEntry {
        /// A block animation: its index in ``running``.
        case block(Int)
        /// A property animator's track: the animator and the track's index in it.
        case animator(PropertyAnimator, Int)
        /// A playing timeline whose ``AnimationTimeline/timingView`` is the view.
        case timeline(AnimationTimeline)
    }

    /// The layer key path of a view property: Core Animation's names (`center` is "position",
    /// `alpha` is "opacity").
    static func layerKeyPath(_ property: AnimatableProperty) -> String { property.layerProperty.key }

    /// `view`'s running animations with their keys, in the order they were made: a property's
    /// first animation under its key path, further (additive) ones under "-2", "-3", …; then
    /// the timelines playing on its layer's time, "timeline", "timeline-2", …
    /// - Complexity: O(running animations) when the view animates; when it does not, O(1)
    ///   until a timeline of the loop has had a timing view, then O(timelines and scroll motions).
    func layerEntries(of view: View) -> [(key: String, entry: LayerEntry)] {
        var out: [(key: String, entry: LayerEntry)] = []
        if timelinesRunOnViews {
            for case let tl as AnimationTimeline in driven.lazy.compactMap(\.value) where tl.timingView === view && tl.isPlaying {
                out.append((out.isEmpty ? "timeline" : "timeline-\(out.count + 1)", .timeline(tl)))
            }
        }
        // A view none of whose properties animates has no other (and a layer animation added to
        // one of a thousand still views costs no scan of the running list).
        guard view.animatedProperties != 0 else { return out }
        let timelines = out
        out.removeAll()
        var counts = [Int](repeating: 0, count: AnimatableProperty.allCases.count)
        func key(_ p: AnimatableProperty) -> String {
            counts[p.rawValue] += 1
            let n = counts[p.rawValue]
            return n == 1 ? Self.layerKeyPath(p) : "\(Self.layerKeyPath(p))-\(n)"
        }
        for (i, a) in running.enumerated()
        where a.view === view && !a.isFinished && a.epoch == view.animationEpochs[a.property.rawValue] {
            out.append((key(a.property), .block(i)))
        }
        for animator in animators where animator.state == .active {
            for (i, t) in animator.tracks.enumerated() where t.view === view { out.append((key(t.property), .animator(animator, i))) }
        }
        return out + timelines
    }

    func layerAnimationKeys(of view: View) -> [String] { layerEntries(of: view).map(\.key) }

    /// A description of the view animation under `key` as a Core Animation animation: a
    /// ``BasicAnimation`` (a ``SpringAnimation`` for a spring) or a ``KeyframeAnimation``, with
    /// its key path, values, timing and begin time on the layer's time (0 until its first
    /// frame). A new object each call: changing it changes nothing.
    func layerAnimation(forKey key: String, of view: View) -> Animation? {
        guard let entry = layerEntries(of: view).first(where: { $0.key == key })?.entry else { return nil }
        switch entry {
        case .block(let i): return describe(running[i])
        case .animator(let animator, let i): return describe(animator, track: animator.tracks[i])
        case .timeline(let tl): return describe(tl, on: view)
        }
    }

    /// Stops the view animation under `key`: the property shows its model value (unless another
    /// animation of it runs on), and the block's completion hears `false`; a timeline pauses
    /// where it is (its values are model values, as a timeline's tweens set them). Returns
    /// whether there was one.
    func removeLayerAnimation(forKey key: String, of view: View) -> Bool {
        guard let entry = layerEntries(of: view).first(where: { $0.key == key })?.entry else { return false }
        remove([entry], of: view)
        return true
    }

    /// Stops every animation of `view` as ``removeLayerAnimation(forKey:of:)`` does.
    func removeLayerAnimations(of view: View) {
        let entries = layerEntries(of: view).map(\.entry)
        if !entries.isEmpty { remove(entries, of: view) }
    }

    private func remove(_ entries: [LayerEntry], of view: View) {
        var blocks: [Int] = []
        var properties: UInt16 = 0
        for e in entries {
            switch e {
            case .block(let i): blocks.append(i)
            case .animator(let animator, let i):
                // The animator runs on with its other tracks; without any it ends (see
                // ``PropertyAnimator/dropRemovedTracks()``).
                properties |= animator.tracks[i].property.bit
                animator.tracks[i].view = nil
            case .timeline(let tl): tl.pause()
            }
        }
        guard properties != 0 || !blocks.isEmpty else { return }
        for i in blocks.reversed() {
            let a = running.remove(at: i)
            properties |= a.property.bit
            abandon(a.group)
        }
        // A property no animation drives any more shows its model now.
        for a in running where a.view === view && a.epoch == view.animationEpochs[a.property.rawValue] {
            properties &= ~a.property.bit
        }
        for p in AnimatableProperty.allCases where properties & p.bit != 0 {
            view.animatedProperties &= ~p.bit
            view.keyframedProperties &= ~p.bit
            view.showModel(p)
        }
        view.presentationChanged()
        runLoop?.requestFrame()                 // the blocks' completions run in the next frame's phase 3
        // Last, with the lists settled: an animator left with no tracks ends now, and its
        // completions may remove animations again.
        for animator in animators { animator.dropRemovedTracks() }
    }

    // MARK: Descriptions

    private func describe(_ a: BlockAnimation) -> Animation {
        let basic = Self.basic(a.property, from: a.from, to: a.to, curve: a.timing.curve)
        basic.isAdditive = a.additive
        describeTiming(a.timing, begin: a.begin, on: basic)
        return basic
    }

    /// A playing timeline, as the animation group Core Animation would run it as: one
    /// iteration's duration, its repeats (autoreversing pairs for a yoyo), its time scale as
    /// the speed (negative reversed), and its playhead now as the time offset from a begin time
    /// of now. Its tweens are the app's closures, so the group lists no animations.
    private func describe(_ tl: AnimationTimeline, on view: View) -> Animation {
        let g = AnimationGroup()
        g.duration = tl.duration
        let plays = tl.repeatCount + 1
        g.autoreverses = tl.yoyo
        g.repeatCount = tl.yoyo ? plays / 2 : plays
        g.speed = tl.isReversed ? -tl.timeScale : tl.timeScale
        g.timeOffset = tl.totalTime
        g.beginTime = MediaTime.seconds(time(on: view, at: runLoop?.currentMediaTimeNanoseconds ?? 0))
        g.fillMode = .both
        return g
    }

    /// A property animator's track: paused animators show as animations of speed 0 held at
    /// their progress (UIKit pauses an animator's layer animations that way).
    private func describe(_ animator: PropertyAnimator, track t: PropertyAnimator.Track) -> Animation {
        let basic = Self.basic(t.property, from: t.from, to: t.to, curve: animator.curve)
        basic.duration = animator.duration
        basic.speed = animator.isRunning ? (animator.isReversed ? -1 : 1) : 0
        basic.timeOffset = animator.fractionComplete * animator.duration
        basic.fillMode = .both
        return basic
    }

    /// A basic animation of `property` from one value to another along `curve`: a spring
    /// (mass 1, its stiffness and damping) for a spring curve, else with its timing function.
    private static func basic(_ property: AnimatableProperty, from: AnimatableValue, to: AnimatableValue,
                              curve: TimingCurve) -> BasicAnimation {
        let basic: BasicAnimation
        if case .spring(let s) = curve {
            let spring = SpringAnimation()
            spring.mass = 1
            spring.stiffness = s.stiffness
            spring.damping = 4 * Double.pi * s.dampingRatio / s.response
            spring.initialVelocity = s.initialVelocity
            basic = spring
        } else {
            basic = BasicAnimation()
            basic.timingFunction = timingFunction(curve)
        }
        basic.keyPath = layerKeyPath(property)
        basic.fromValue = layerValue(from)
        basic.toValue = layerValue(to)
        return basic
    }

    private func describeTiming(_ timing: AnimationTiming, begin: Int64?, on animation: Animation) {
        animation.duration = timing.singleDuration
        animation.beginTime = begin.map { MediaTime.seconds($0) + timing.delay } ?? 0
        animation.repeatCount = timing.repeatCount
        animation.autoreverses = timing.autoreverses
        if timing.usesWebModel {
            animation.speed = timing.playbackRate
            animation.repeatCount = timing.effectiveIterations
            animation.autoreverses = timing.effectiveDirection == .alternate
            animation.timeOffset = timing.iterationStart * timing.iterationDuration
        }
        animation.fillMode = timing.delay > 0 ? .backwards : .removed
    }

    /// The Core Animation timing function of a curve; nil (linear) for curves it has none for
    /// (steps and piecewise-linear curves, which only Web Animations timing makes).
    static func timingFunction(_ curve: TimingCurve) -> MediaTimingFunction? {
        switch curve {
        case .linear: MediaTimingFunction(name: .linear)
        case .cubicBezier(let b): MediaTimingFunction(controlPoints: b.x1, b.y1, b.x2, b.y2)
        case .spring, .steps, .piecewiseLinear: nil
        }
    }

    /// A view value as the layer's value.
    static func layerValueTyped(_ v: AnimatableValue) -> LayerValue {
        switch v {
        case .scalar(let x): .number(x)
        case .point(let p): .point(p)
        case .rect(let r): .rect(r)
        case .color(let c): .color(c)
        case .transform(let t): .transform(Transform3D(t))
        }
    }

    /// A view value as the layer property's value type.
    static func layerValue(_ v: AnimatableValue) -> Any { layerValueTyped(v).anyValue }
}

extension View {
    /// The layer whose time this view's animations run on: its own, or the nearest superview's
    /// (a view whose layer was never asked for has none of its own).
    var timingLayer: Layer? {
        var v: View? = self
        while let c = v {
            if let l = c.loadedLayer { return l }
            v = c.superview
        }
        return nil
    }
}
