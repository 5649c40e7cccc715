import Geometry
import Layers
import Motion

/// A view's timelines as its layer shows them (CA8). Core Animation runs UIKit's view
/// animations as animations of the view's layer, and code ported from UIKit relies on it: it
/// lists them with `layer.animationKeys()`, reads one with `animation(forKey:)`, stops them with
/// `removeAllAnimations()` and pauses them with the layer's speed and time offset. A block's,
/// a keyframe block's and a property animator's animations are the layer's own
/// (``AnimationEngine/startBlockAnimation(of:on:from:to:additive:_:)``); timelines are
/// answered for here, by the layer's key paths, until they are too.
extension AnimationEngine {
    /// The timelines playing on `view`'s layer time, with their keys in the order they were
    /// made: "timeline", "timeline-2", …
    /// - Complexity: O(1) until a timeline of the loop has had a timing view, then
    ///   O(timelines and scroll motions).
    func layerTimelines(of view: View) -> [(key: String, timeline: AnimationTimeline)] {
        guard timelinesRunOnViews else { return [] }
        var out: [(key: String, timeline: AnimationTimeline)] = []
        for case let tl as AnimationTimeline in runLoop?.layers.drivenMotions ?? [] where tl.timingView === view && tl.isPlaying {
            out.append((out.isEmpty ? "timeline" : "timeline-\(out.count + 1)", tl))
        }
        return out
    }

    func layerAnimationKeys(of view: View) -> [String] { layerTimelines(of: view).map(\.key) }

    /// A description of the timeline under `key` as a Core Animation animation. A new object
    /// each call: changing it changes nothing.
    func layerAnimation(forKey key: String, of view: View) -> Animation? {
        guard let tl = layerTimelines(of: view).first(where: { $0.key == key })?.timeline else { return nil }
        return describe(tl, on: view)
    }

    /// Pauses the timeline under `key` where it is (its values are model values, as a
    /// timeline's tweens set them). Returns whether there was one.
    func removeLayerAnimation(forKey key: String, of view: View) -> Bool {
        guard let tl = layerTimelines(of: view).first(where: { $0.key == key })?.timeline else { return false }
        tl.pause()
        return true
    }

    /// Pauses every timeline on `view`'s layer time.
    func removeLayerAnimations(of view: View) {
        for (_, tl) in layerTimelines(of: view) { tl.pause() }
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
