import Geometry
import Layers
import Motion

/// A view's property animators and timelines as its layer shows them (CA8). Core Animation
/// runs UIKit's view animations as animations of the view's layer, and code ported from UIKit
/// relies on it: it lists them with `layer.animationKeys()`, reads one with
/// `animation(forKey:)`, stops them with `removeAllAnimations()` and pauses them with the
/// layer's speed and time offset. A block's and a keyframe block's animations are the layer's
/// own (``AnimationEngine/startBlockAnimation(of:on:from:to:additive:_:)``); property animators
/// and timelines are answered for here, by the layer's key paths, until they are too.
extension AnimationEngine {
    /// One of a view's running animations, as its layer lists it.
    enum LayerEntry {
        /// A property animator's track: the animator and the track's index in it.
        case animator(PropertyAnimator, Int)
        /// A playing timeline whose ``AnimationTimeline/timingView`` is the view.
        case timeline(AnimationTimeline)
    }

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
        var properties: UInt16 = 0
        for e in entries {
            switch e {
            case .animator(let animator, let i):
                // The animator runs on with its other tracks; without any it ends (see
                // ``PropertyAnimator/dropRemovedTracks()``).
                properties |= animator.tracks[i].property.bit
                animator.tracks[i].view = nil
            case .timeline(let tl): tl.pause()
            }
        }
        guard properties != 0 else { return }
        // A property no animation of the view drives any more shows its model now.
        properties &= ~view.blockProperties
        for p in AnimatableProperty.allCases where properties & p.bit != 0 {
            view.animatedProperties &= ~p.bit
            view.showModel(p)
        }
        view.presentationChanged()
        runLoop?.requestFrame()
        // Last, with the lists settled: an animator left with no tracks ends now, and its
        // completions may remove animations again.
        for animator in animators { animator.dropRemovedTracks() }
    }

    // MARK: Descriptions

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
