import Geometry
import Motion
import RenderModel

extension Layer {
    // MARK: Explicit animations (CA4)

    /// Adds a view's animation (CA8): it begins at `begin` (the layer's time), or when nil at
    /// the first frame that evaluates it, `startDelay` seconds later either way.
    package func addViewAnimation(_ animation: Animation, forKey key: String?, beginsAt begin: Double?, startDelay: Double) {
        animation.beginTime = begin.map { $0 + startDelay } ?? 0
        addAnimation(animation, forKey: key, awaitsBegin: begin == nil, startDelay: begin == nil ? startDelay : 0, byView: true)
    }

    /// Adds a view block's animation of `property` (AM1): UIKit's additive offset from `from`
    /// (the value on screen before the change) to `to` (the new model value) on `timing`, which
    /// the block's other animations share. `description` is what ``animation(forKey:)`` returns;
    /// its delegate hears the end. It begins at the running frame (the next one when none
    /// runs), under the property's key path, or "-2", "-3", … when that key is taken.
    ///
    /// With `offsetsModel` false it is a property animator's (AM3): the value itself goes from
    /// `from` to `to` at the progress `timing`'s driver decides.
    package func addBlockAnimation(_ description: BasicAnimation, of property: LayerProperty, from: LayerValue, to: LayerValue,
                                   timing: SharedTiming, offsetsModel: Bool = true) {
        let base = property.key
        var key = base
        if running.contains(where: { $0.key == key }) {
            var n = 2
            while running.contains(where: { $0.key == "\(base)-\(n)" }) { n += 1 }
            key = "\(base)-\(n)"
        }
        description.keyPath = base
        let track = BasicTrack(keyPath: LayerKeyPath(property), from: from, to: to, by: nil, spring: nil,
                               isAdditive: offsetsModel, isCumulative: false, offsetsModel: offsetsModel)
        var compiled = CompiledAnimation(timing: description.mediaTiming, function: nil, track: .basic(track))
        compiled.shared = timing
        installViewAnimation(description, key: key, compiled)
    }

    /// Installs a view's animation under `key`, begun at the running frame or awaiting the next.
    private func installViewAnimation(_ description: Animation, key: String, _ compiled: CompiledAnimation) {
        let frame = engine?.runLoop?.currentFrame
        let entry = RunningAnimation(key: key, animation: description, compiled: compiled, awaitsBegin: frame == nil)
        entry.isViewAnimation = true
        if let frame, let engine {
            entry.begin(atLocalTime: localTime(forMediaTime: MediaTime.seconds(frame.mediaTime)),
                        nanoseconds: engine.layersHaveOwnTime ? nil : frame.mediaTime)
        }
        install(entry, compiled)
    }

    /// Adds an animation of a number outside the layer under `key` (a view's constraint constant,
    /// AM1): `set` gets its value at each evaluation on the layer's time, from `from` to `to` with
    /// `timing` along `curve`, begun at the running frame or the next. An animation already under `key` is
    /// removed first, unfinished (its delegate hears `false`), as ``add(_:forKey:)`` replaces one.
    package func addValueAnimation(_ description: BasicAnimation, forKey key: String, from: Double, to: Double,
                                   timing: MediaTiming, curve: TimingCurve, set: @escaping @MainActor (Double) -> Bool) {
        if let i = running.firstIndex(where: { $0.key == key }) {
            stopAnimation(at: i, finished: false)
            animationsDidShrink()
        }
        let track = ValueTrack(from: from, to: to, timing: timing, curve: curve, set: set)
        var compiled = CompiledAnimation(timing: description.mediaTiming, function: nil, track: .value(track))
        compiled.shared = SharedTiming(timing, curve: curve)
        installViewAnimation(description, key: key, compiled)
    }

    /// Stops the animations a view made of `property` (its block and keyframe animations),
    /// unfinished: a newer one of the view interrupts them (their delegates hear `false`).
    /// - Complexity: O(animations of the layer).
    package func removeViewAnimations(of property: LayerProperty) {
        var removed = false
        var i = running.count - 1
        while i >= 0 {
            let r = running[i]
            if r.isViewAnimation, r.compiled.properties & property.bit != 0 { stopAnimation(at: i, finished: false); removed = true }
            i -= 1
        }
        if removed { animationsDidShrink() }
    }

    /// Holds or releases the view animation `description` names (a property animator's, as it
    /// pauses or runs, AM3). A layer all of whose animations are held leaves the engine's
    /// per-frame list (nothing in it changes while its driver stands still); one released lists
    /// it again.
    /// - Complexity: O(animations of the layer).
    package func setViewAnimation(_ description: Animation, held: Bool) {
        guard let r = running.first(where: { $0.animation === description }), r.isHeld != held else { return }
        r.isHeld = held
        heldAnimations += held ? 1 : -1
        if !held, let engine {
            engine.list(self)
            engine.runLoop?.requestFrame()
        }
    }

    /// Removes the view animation `description` names, unfinished.
    /// - Complexity: O(animations of the layer).
    package func removeViewAnimation(_ description: Animation) {
        guard let i = running.firstIndex(where: { $0.animation === description }) else { return }
        stopAnimation(at: i, finished: false)
        animationsDidShrink()
    }

    /// Whether an animation a view made drives `property`.
    package func hasViewAnimation(of property: LayerProperty) -> Bool {
        // No animation drives it (the end delegate's usual case: P2): no need to look.
        guard animatedProperties & property.bit != 0 else { return false }
        return running.contains { $0.isViewAnimation && $0.compiled.properties & property.bit != 0 }
    }

    /// What ``add(_:forKey:)`` does.
    func addAnimation(_ animation: Animation, forKey key: String?, awaitsBegin: Bool? = nil, startDelay: Double = 0, byView: Bool = false) {
        let copy = animation.copy()
        let compiled: CompiledAnimation
        do { compiled = try CompiledAnimation.compile(copy, for: self) } catch {
            report(error.message)
            return
        }
        if let key, let i = running.firstIndex(where: { $0.key == key }) { stopAnimation(at: i, finished: false) }
        let entry = RunningAnimation(key: key, animation: copy, compiled: compiled, awaitsBegin: awaitsBegin ?? (copy.beginTime == 0))
        entry.startDelay = startDelay
        entry.isViewAnimation = byView
        install(entry, compiled)
    }

    /// Lists a compiled animation as running, with the open transactions' completions.
    func install(_ entry: RunningAnimation, _ compiled: CompiledAnimation) {
        let animation = entry.animation
        if Transaction.isOpen {
            entry.completions = Transaction.openCompletions
            for g in entry.completions { g.pending += 1; if g.engine == nil { g.engine = engine } }
        }
        var list = takeAnimations()
        // A kept presentation holds only what its owner wrote while nothing animated: it takes
        // the model's other values now (a view's layer keeps what the view's animations write).
        // What a view's new animation drives stays as it is on screen until the next frame
        // evaluates it from there.
        if keepsPresentation, list.isEmpty, let p = presented {
            if entry.isViewAnimation {
                let kept = compiled.properties
                let values = LayerProperty.allCases.filter { kept & $0.bit != 0 }.map { ($0, p.engineValue(for: $0)) }
                p.copyProperties(from: self)
                for (property, v) in values { p.setPresentationValue(v, for: property) }
            } else {
                p.copyProperties(from: self)
            }
        }
        list.append(entry)
        running = list
        animatedProperties |= compiled.properties
        if presented == nil { presented = type(of: self).init(layer: self) }
        if animation is TransitionAnimation {
            // The rendering the transition replaces: the layer as it is now, in its coordinates.
            var renderer = LayerRenderer(engine: engine)
            var snapshot: [DrawCommand] = []
            _ = renderer.snapshot(self, into: &snapshot)
            transitionSnapshot = snapshot
            presented?.transitionState = nil
        }
        engine?.layerDidAddAnimation(self, key: entry.key, animation)
    }

    /// What ``animation(forKey:)`` does.
    func runningAnimation(forKey key: String) -> Animation? {
        guard let r = running.first(where: { $0.key == key }) else { return nil }
        if case .motion(let m) = r.compiled.track, let describe = m.describe { return describe() ?? r.animation }
        return r.animation
    }

    /// What ``animationKeys()`` does.
    func runningAnimationKeys() -> [String]? {
        let keys = running.compactMap(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// What ``removeAnimation(forKey:)`` does.
    func removeRunningAnimation(forKey key: String) {
        guard let i = running.firstIndex(where: { $0.key == key }) else { return }
        stopAnimation(at: i, finished: false)
        animationsDidShrink()
    }

    /// What ``removeAllAnimations()`` does.
    func removeRunningAnimations() {
        guard !running.isEmpty else { return }
        while !running.isEmpty { stopAnimation(at: running.count - 1, finished: false) }
        animationsDidShrink()
    }

    /// Removes entry `i` and tells its delegate.
    func stopAnimation(at i: Int, finished: Bool, leavingEngine: Bool = false) {
        var list = takeAnimations()
        let r = list.remove(at: i)
        running = list
        let engine = self.engine              // one weak load
        let wasHeld = r.isHeld
        uncount(r, engine: engine)
        if r.isTransition, !running.contains(where: { $0.isTransition }) { transitionDidEnd() }
        reportStop(of: r, finished: finished, engine: engine)
        // A motion removed by anyone but its owner stops its owner (AM3).
        if wasHeld, case .motion(let m) = r.compiled.track, !m.isOver {
            m.isOver = true
            m.interrupted(leavingEngine)
        }
    }

    /// `r`, just taken off ``running``, no longer counts as held or tabled (the engine's next
    /// walk of its offset table drops a tabled one).
    @inline(__always)
    func uncount(_ r: RunningAnimation, engine: LayerEngine?) {
        if r.isHeld {
            r.isHeld = false
            heldAnimations -= 1
            if case .motion = r.compiled.track { engine?.motionDidStop(r) }
        }
        if r.isTabled {
            r.isTabled = false
            tabledAnimations -= 1
            engine?.tabledAnimationDidStop()
        }
    }

    /// The last running transition was removed: the layer draws itself again.
    func transitionDidEnd() {
        transitionSnapshot = nil
        presented?.transitionState = nil
        contentDidChange()
    }

    /// Tells `r`'s transactions and delegate that it stopped (through `engine`'s completions
    /// phase when there is one), unless they heard of its end already.
    func reportStop(of r: RunningAnimation, finished: Bool, engine: LayerEngine?) {
        guard !r.didReportEnd else { return }
        tell(r, finished: finished, engine: engine)
    }

    private func tell(_ r: RunningAnimation, finished: Bool, engine: LayerEngine?) {
        if let e = engine { return e.animationDidStop(r, finished: finished) }
        for g in r.completions { g.animationEnded() }
        if let d = r.animation.delegate { d.animationDidStop(r.animation, finished: finished) }
    }

    /// An animation kept after its end (``Animation/isRemovedOnCompletion`` false) has reached
    /// it: its delegate hears `finished: true` and its transactions' completions count it, as
    /// Core Animation does at the end and not when the animation is removed later. It stays
    /// listed, holding its last value (fill mode forwards).
    func reportEnd(of r: RunningAnimation) {
        r.didReportEnd = true
        tell(r, finished: true, engine: engine)
    }

    /// After removals: the properties no animation drives show the model again. `listedInPass`:
    /// an evaluation pass has listed the layer as changed (``presentationDidChange(pass:)``), so
    /// a layer keeping its presentation (a view's) needs no other notice: its host patches it
    /// from the pass's list, as in any frame that animates it.
    func animationsDidShrink(listedInPass: Bool = false) {
        animationsDidShrink(to: running.reduce(0) { $0 | $1.compiled.properties }, listedInPass: listedInPass)
    }

    /// ``animationsDidShrink(listedInPass:)`` when the caller knows the properties the running
    /// animations still drive (the engine's removal of ended ones gathers them as it compacts
    /// the list).
    func animationsDidShrink(to remaining: UInt64, listedInPass: Bool) {
        let before = animatedProperties
        animatedProperties = remaining
        if running.isEmpty && !keepsPresentation {
            presented = nil
        } else if let p = presented, before & ~animatedProperties != 0 {
            var gone = before & ~animatedProperties
            while gone != 0 {
                let k = gone.trailingZeroBitCount
                gone &= gone - 1
                guard let prop = LayerProperty(rawValue: k) else { continue }
                if !p.copyLanes(prop, from: self) { p.setPresentationValue(engineValue(for: prop), for: prop) }
            }
        }
        if listedInPass && keepsPresentation { return }
        contentDidChange()
    }

    /// Makes `presentation` this layer's presentation for good: animations are evaluated into
    /// it, it stays when none runs, and its values of the properties no animation drives are
    /// the owner's to keep (a view's layer, whose presentation is what the view shows, CA8).
    /// Every animation of the owner's is one of the layer's, so a property none drives any more
    /// shows the model.
    package func adoptPresentation(_ presentation: Layer) {
        presented = presentation
        keepsPresentation = true
    }

    /// Writes a presentation value (the engine calls this on presentation copies only):
    /// straight into ``state`` for the base layer's properties.
    @inline(__always)
    func setPresentationValue(_ v: LayerValue, for property: LayerProperty) {
        if !setState(v, for: property) { setValue(v, for: property) }
    }

    /// The model value of `property` for the engine: from ``state`` for the base layer's
    /// properties, else through ``value(for:)``.
    @inline(__always)
    func engineValue(for property: LayerProperty) -> LayerValue {
        if let v = stateValue(for: property) { return v }
        return value(for: property)
    }

    // MARK: Model and presentation (CA5)

    /// A copy of the layer as it is on screen at the current frame: the model with every running
    /// animation applied, sublayers included, as `presentation()`; nil before the layer was
    /// first committed by an engine (as in Core Animation). Animations never change the model.
    public func presentation() -> Self? {
        guard hasBeenCommitted || modelLayer != nil else { return nil }
        return makePresentationCopy() as? Self
    }

    private func makePresentationCopy() -> Layer {
        let source = presentationLayer ?? self
        let copy = type(of: self).init(layer: source)
        copy.modelLayer = modelLayer ?? self
        copy.name = name
        for c in children {
            let cc = c.makePresentationCopy()
            cc.parent = copy
            var list = copy.takeSublayers()
            list.append(cc)
            copy.sublayerList = list
        }
        if let m = maskLayer { copy.maskLayer = m.makePresentationCopy() }
        return copy
    }

    /// The model layer: itself for a model layer, the layer it was made from for a
    /// presentation copy, as `model()`.
    public func model() -> Self { (modelLayer as? Self) ?? self }

    /// The layer holding the presentation values while animations run (nil when nothing
    /// animates: then the model is what shows; a view's layer has one for good, what the view
    /// shows). Hosts that draw a layer themselves read it.
    public var presentationLayer: Layer? { keepsPresentation && running.isEmpty ? nil : presented }

    /// Whether a running animation drives `property`.
    public func isAnimating(_ property: LayerProperty) -> Bool { animatedProperties & property.bit != 0 }

    /// The values the renderer shows: the presentation copy while animations run, else the model.
    var shown: Layer { presented ?? self }

    /// The sublayers in the order they are drawn: by their presentation's zPosition, ties in
    /// tree order (as Core Animation flattens siblings).
    public var sublayersInDrawingOrder: [Layer] {
        let kids = children
        guard kids.count > 1 else { return kids }
        var sorted = true
        var z = -Double.infinity
        for c in kids { let cz = c.shown.zPosition; if cz < z { sorted = false; break }; z = cz }
        if sorted { return kids }
        return kids.enumerated().sorted { a, b in
            let za = a.element.shown.zPosition, zb = b.element.shown.zPosition
            return za != zb ? za < zb : a.offset < b.offset
        }.map(\.element)
    }

    // MARK: Layer time (CA6)

    /// The layer's local time for media time `t` (seconds): each ancestor's, then its own
    /// `(parent − beginTime) · speed + timeOffset`.
    public func localTime(forMediaTime t: Double) -> Double {
        // An `if let`, not `Optional.map`: a closure formed here checks at run time that it
        // runs on the main actor, which cost more than the rest of the call.
        var parent = t
        if let p = timeParent { parent = p.localTime(forMediaTime: t) }
        return (parent - beginTime) * speed + timeOffset
    }

    /// ``localTime(forMediaTime:)`` during the engine's evaluation pass `stamp`, remembered per
    /// layer so that a thousand animated siblings compute their parent's time once.
    /// - Complexity: O(1) amortised over the pass.
    func localTime(forMediaTime t: Double, pass stamp: Int) -> Double {
        if evaluationStamp == stamp { return evaluationLocalTime }
        var parent = t
        if let p = timeParent { parent = p.localTime(forMediaTime: t, pass: stamp) }
        evaluationLocalTime = (parent - state.beginTime) * state.speed + state.timeOffset
        evaluationStamp = stamp
        return evaluationLocalTime
    }

    /// Records, during evaluation pass `stamp`, that this layer's presentation changed: the
    /// tree's root hears once per pass through ``layersDidAnimate`` (a host then patches the
    /// listed layers of its tree). Returns the layer for the engine to list
    /// (``LayerEngine/changedInLastPass``): a mask animated on its own as its owner; nil for a
    /// presentation copy.
    /// - Complexity: O(1) amortised over the pass.
    func presentationDidChange(pass stamp: Int) -> Layer? {
        var cache = RootCache()
        return presentationDidChange(pass: stamp, cache: &cache)
    }

    /// The last parent an evaluation sweep found the root of, and that root: the next layer
    /// with the same parent (a thousand animated siblings) takes it without a lookup, and its
    /// root has heard of the pass already.
    struct RootCache {
        var parent: Layer?
        var root: Layer?
    }

    /// ``presentationDidChange(pass:)`` in a sweep that keeps `cache`.
    func presentationDidChange(pass stamp: Int, cache: inout RootCache) -> Layer? {
        changesSinceEmission = .max          // what changed is not known: the group is drawn again
        if isMasking { maskedLayer?.changesSinceEmission = .max }
        // A root whose host reads the pass's list itself (a view's layer) needs no more.
        if hostCollectsPasses, !isMasking { return self }
        guard !isCopy else { return nil }
        let up = parent
        if let up, up === cache.parent, cache.root != nil { return self }
        let root = self.root(pass: stamp)
        if root.notifiedStamp != stamp {
            root.notifiedStamp = stamp
            if !root.hostCollectsPasses {
                if let hook = root.animationHook { hook() } else { root.renderingHook?(root) }
            }
        }
        cache.parent = up
        cache.root = root
        return up == nil ? (maskedLayer ?? self) : self
    }

    /// The root of the tree the layer is in during evaluation pass `stamp` (for hosts reading
    /// ``LayerEngine/changedInLastPass``): the one that pass found, else found now.
    public func rootInPass(_ stamp: Int) -> Layer? {
        if rootStamp == stamp, let r = passRoot { return r }
        var l = self
        while let p = l.parent ?? l.maskedLayer { l = p }
        return l
    }

    /// The root of the tree during pass `stamp`, remembered per layer.
    func root(pass stamp: Int) -> Layer {
        if parent == nil && maskedLayer == nil { return self }
        if rootStamp == stamp, let r = passRoot { return r }
        let r = (parent ?? maskedLayer)?.root(pass: stamp) ?? self
        rootStamp = stamp
        passRoot = r
        return r
    }

    /// Media time for the layer's local time `t` (the inverse of ``localTime(forMediaTime:)``;
    /// a paused ancestor maps every local time to its begin time).
    public func mediaTime(forLocalTime t: Double) -> Double {
        let parent = speed == 0 ? beginTime : (t - timeOffset) / speed + beginTime
        if let s = timeParent { return s.mediaTime(forLocalTime: parent) }
        return parent
    }

    /// Converts `t` from `layer`'s time (nil: media time) to this layer's, as
    /// `convertTime(_:from:)`.
    public func convertTime(_ t: Double, from layer: Layer?) -> Double {
        let media = layer.map { $0.mediaTime(forLocalTime: t) } ?? t
        return localTime(forMediaTime: media)
    }

    /// Converts `t` from this layer's time to `layer`'s (nil: media time), as `convertTime(_:to:)`.
    public func convertTime(_ t: Double, to layer: Layer?) -> Double {
        let media = mediaTime(forLocalTime: t)
        return layer.map { $0.localTime(forMediaTime: media) } ?? media
    }

    // MARK: Actions (CA7)



    /// The animation Core Animation makes for a property change with no other action: a basic
    /// animation from the value on screen to the new model value, with the transaction's
    /// duration and timing function (default 0.25 s, `.default`). Paths and the Booleans are
    /// not implicitly animated, as in Core Animation.
    func implicitAnimation(forKey event: String) -> (any Action)? {
        guard let p = LayerProperty(key: event), type(of: self).hasProperty(p) else { return nil }
        switch p {
        case .path, .shadowPath, .hidden, .masksToBounds: return nil
        default: break
        }
        let a = BasicAnimation(keyPath: event)
        a.duration = Transaction.animationDuration()
        a.timingFunction = Transaction.animationTimingFunction() ?? MediaTimingFunction(name: .default)
        return a
    }
}
