#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TextEngine
import FrameTiming
import Geometry
import Logging
import Motion
import UpdateLoop

/// Runs the layer trees of one run loop (CA6, CA7, CA8): it evaluates every running layer
/// animation from the frame's one time in the animation phase, runs delegates and transaction
/// completions in the completions phase, lays out and displays flagged layers in their passes,
/// and marks layers committed. A `FrameParticipant`, one per run loop; nothing is static.
///
/// A steady frame costs in proportion to the running animations: the engine keeps the list of
/// animated layers, never walks a tree to find them, and evaluates into each layer's
/// presentation copy without allocating.
@MainActor
public final class LayerEngine: FrameParticipant {
    /// The views' animation engine of the same run loop (Views' `AnimationEngine`, which makes
    /// a view's animations into its layer's): kept here, made by Views on first use, so the loop
    /// has one. It advances nothing per frame: everything animated is this engine's (AM3).
    package var viewAnimations: AnyObject?
    /// The layers' motions (``MotionTrack``: timelines, scroll motions, …), in the order they
    /// began, advanced from each frame's time (LayerEngine+Motions.swift, AM3).
    var motions: [LayerMotion] = [] { didSet { note(.motions, motions.isEmpty) } }
    /// The run loop whose frames drive the engine (it asks it for frames).
    public var runLoop: MainRunLoop? { runLoopReference.object }
    private let runLoopReference: ObjectReference<MainRunLoop>
    /// The open transactions of the thread the engine was made on, kept so that a property set
    /// there asks them whether actions are off without a thread-dictionary lookup. Main-actor
    /// code can run on another thread (the inspector's handlers do), whose own transactions a
    /// set there reads, as Core Animation's per-thread transactions are read.
    private let transactions = Transaction.stack
    private let transactionsThread = pthread_self()
    /// How layers, windows and renderers hold the engine (never weakly: a weak reference would
    /// put every retain of the engine on the slow path, AM4).
    package var reference: ObjectReference<LayerEngine> { referenceStorage! }
    private var referenceStorage: ObjectReference<LayerEngine>?
    /// Problems found in layer calls: unknown key paths, values of the wrong type, cycles.
    public let diagnostics = DiagnosticLog()
    /// The fonts layers' drawing lays out text with (the window's).
    public var fontSystem: FontSystem?
    /// Told of each animation added to a layer this engine runs, with its key, when it is added
    /// (the inspector's Animation domain, IN3). Nil unless an inspector asks: no work per frame.
    public var animationAdded: ((Layer, String?, Animation) -> Void)?
    /// Layers with running animations that the general evaluation runs (those whose every
    /// animation is in ``offsets`` are not listed).
    private var animated: [Layer] = [] { didSet { note(.animated, animated.isEmpty) } }
    /// View block offsets evaluated from one table (``ViewOffset``), in the order they began.
    var offsets: [ViewOffset] = [] { didSet { note(.offsets, offsets.isEmpty) } }
    var offsetObjects = ViewOffsetObjects()
    var offsetsHaveStopped = false
    /// Scratch of a walk of ``offsets``: layers whose offsets ended.
    var endedOffsetLayers: [Layer] = []
    /// Layers whose presentation copy must be refreshed from the model before the commit.
    private var stalePresentations: [Layer] = []
    private var displayQueue: [Layer] = [] { didSet { note(.display, displayQueue.isEmpty) } }
    private var layoutQueue: [Layer] = [] { didSet { note(.layout, layoutQueue.isEmpty) } }
    /// Layers attached since the last commit (``Layer/hasBeenCommitted`` is set at the commit).
    private var uncommitted: [Layer] = [] { didSet { note(.uncommitted, uncommitted.isEmpty) } }
    /// What the next completions phase calls, in order: delegates' start and stop calls are
    /// stored as values (no closure made, or checked for its actor, per ended animation: P2).
    /// Optional only so that the completions phase can move each one out as it runs it
    /// (``runCompletions()``); a queued callback is never nil.
    private var callbacks: [PendingCallback?] = [] { didSet { note(.callbacks, callbacks.isEmpty) } }
    private var readyCallbacks: [PendingCallback?] = []
    private enum PendingCallback {
        case started(Animation, any AnimationDelegate)
        case stopped(Animation, any AnimationDelegate, finished: Bool)
        case body(() -> Void)
    }
    /// The lists above that hold items, one bit per ``WorkList``, kept by the lists' observers
    /// as items are queued and taken: ``hasPendingWork`` reads this one word, not eight arrays
    /// each behind a run-time exclusivity check (770 instructions a call, twice a frame; AM4).
    private var listsWithWork: UInt8 = 0
    /// The engine's work lists, as bits of ``listsWithWork``.
    private enum WorkList: UInt8 {
        case animated = 1, offsets = 2, callbacks = 4, display = 8, layout = 16, uncommitted = 32
        case continuous = 64, motions = 128
    }
    private func note(_ list: WorkList, _ isEmpty: Bool) {
        if isEmpty { listsWithWork &= ~list.rawValue } else { listsWithWork |= list.rawValue }
    }

    /// Media time of the frame being evaluated, in seconds.
    public var frameTime: Double { evaluationTime }
    private(set) var evaluationTime = 0.0
    /// The same time in whole nanoseconds, the clock's: an animation that begins at a frame
    /// measures its time from there in them while layer time is media time, so that 30 frames
    /// after its begin it is exactly at 0.5 s, not a rounding below (a discrete keyframe there
    /// shows its value).
    private(set) var evaluationNanoseconds: Int64 = 0
    /// Counts the animations evaluated in the last frame (for benches).
    public var evaluatedLastFrame: Int { evaluationCount }
    private var evaluationCount = 0

    /// An engine driven by `runLoop`'s frames (it joins the loop as a participant).
    public init(runLoop: MainRunLoop) {
        runLoopReference = runLoop.reference
        referenceStorage = ObjectReference(self)
        runLoop.addParticipant(self)
    }

    isolated deinit {
        referenceStorage?.clear()
    }

    /// Media time now, in seconds (the running frame's, else the last frame's).
    public var currentMediaTime: Double { runLoop?.currentMediaTime ?? frameTime }

    /// Hosts `root`'s tree: its animations run and its changes are tracked from now on.
    public func host(_ root: Layer) { root.attach(to: self) }

    /// Stops hosting `root`'s tree (its animations stop unfinished).
    public func unhost(_ root: Layer) { if root.engine === self { root.detach() } }

    // MARK: Reports from layers

    func report(_ message: String) {
        diagnostics.report(Diagnostic(kind: .misuse, frame: runLoop?.currentFrame?.index ?? -1, message: message))
    }

    /// Where a layer outside any engine reports (logged; nothing kept).
    static func reportDetached(_ message: String) {
        Logger(label: "timeline.layers").warning("\(message)")
    }

    func layerDidAttach(_ layer: Layer) {
        if !layer.hasBeenCommitted {
            var list = uncommitted
            uncommitted = []
            list.append(layer)
            uncommitted = list
        }
        if layer.hasOwnTiming { layersHaveOwnTime = true }
        if layer.changesContinuously { layerChangesContinuously(layer) }
        if !layer.running.isEmpty { list(layer) }
        if layer.needsDisplayFlag { queueDisplay(layer) }
        if layer.needsLayoutFlag { queueLayout(layer) }
        runLoop?.requestFrame()
    }

    func layerWillDetach(_ layer: Layer) {
        if !layer.running.isEmpty {
            while !layer.running.isEmpty { layer.stopAnimation(at: layer.running.count - 1, finished: false, leavingEngine: true) }
            layer.animationsDidShrink()
        }
        // The lists drop it lazily (entries whose engine is not this one are skipped).
    }

    func layerDidAddAnimation(_ layer: Layer, key: String?, _ animation: Animation) {
        list(layer)
        if runningMotions, layer.keepsPresentation {
            var kept = keptAddedByMotions
            if !kept.contains(where: { $0 === layer }) {
                keptAddedByMotions = []
                kept.append(layer)
                keptAddedByMotions = kept
            }
        }
        runLoop?.requestFrame()
        animationAdded?(layer, key, animation)
    }

    func list(_ layer: Layer) {
        if layer.keepsPresentation { hasKeptPresentations = true }
        guard !layer.isListedAsAnimated else { return }
        layer.isListedAsAnimated = true
        var list = animated
        animated = []
        list.append(layer)
        animated = list
    }

    func layerNeedsRender(_ layer: Layer) {
        if layer.presented != nil, !layer.running.isEmpty, !isEvaluating { queueRefresh(layer) }
        if !isEvaluating { runLoop?.requestFrame() }
    }

    /// The batch of changes hosts are collecting now (LT11): a layer a host has queued in it
    /// (``Layer/hostDidQueue(in:)``) does not tell the host again until ``endHostBatch()``.
    /// Starts at 1, so that no layer counts as queued before a host queues it.
    package var hostBatch: Int { hostBatchNumber }
    private var hostBatchNumber = 1

    /// A host committed what it queued (a window's commit): the layers queued so far tell their
    /// hosts of their next change again. Any host of the engine may end the batch; a layer
    /// another host still holds then only tells it twice.
    package func endHostBatch() { hostBatchNumber &+= 1 }

    private var isEvaluating = false
    /// Counts evaluation passes (per-layer memos of one pass compare with it).
    public var pass: Int { passNumber }
    private(set) var passNumber = 0
    /// The layers whose presentation the last evaluation pass changed (a mask as its owner),
    /// for hosts that patch what they draw of them; ``Layer/rootInPass(_:)`` finds each one's
    /// root. Kept until the next pass.
    public var changedInLastPass: [Layer] { changedLayers }
    private var changedLayers: [Layer] = []
    private func queueRefresh(_ layer: Layer) {
        guard !layer.presentationIsStale else { return }
        layer.presentationIsStale = true
        var list = stalePresentations
        stalePresentations = []
        list.append(layer)
        stalePresentations = list
    }

    func layerNeedsDisplay(_ layer: Layer) { queueDisplay(layer); runLoop?.requestFrame() }
    func layerNeedsLayout(_ layer: Layer) { queueLayout(layer); runLoop?.requestFrame() }

    // The engine's lists are changed through a local copy, taken out (the stored one left
    // empty, so the copy is unique), changed and put back, and read whole: no access to them
    // then has a call inside it, and the optimiser drops their run-time exclusivity checks
    // (AM4; a `timeline bench cycle` frame made 20 of them here).
    private func queueDisplay(_ layer: Layer) {
        var queue = displayQueue
        displayQueue = []
        queue.append(layer)
        displayQueue = queue
    }

    private func queueLayout(_ layer: Layer) {
        var queue = layoutQueue
        layoutQueue = []
        queue.append(layer)
        layoutQueue = queue
    }
    func layerTimingDidChange(_ layer: Layer) {
        if layer.hasOwnTiming { layersHaveOwnTime = true }
        if !layer.running.isEmpty || !layer.children.isEmpty { runLoop?.requestFrame() }
    }

    /// Whether a layer of this engine has had a time of its own (a begin time, speed or
    /// offset): until then every layer's time is the media time and a pass computes none.
    /// It stays set (a layer's time may be reset and set again in any frame).
    private(set) var layersHaveOwnTime = false {
        didSet { if layersHaveOwnTime && !oldValue { untableOffsets() } }
    }

    /// Hands the table's animations back to their layers' general evaluation (a layer time
    /// of its own makes a view's offset depend on more than the frame's time).
    private func untableOffsets() {
        for (layer, r) in zip(offsetObjects.layers, offsetObjects.running) where r.isTabled {
            r.isTabled = false
            layer.tabledAnimations -= 1
            list(layer)
        }
        offsets.removeAll()
        offsetObjects.removeAll()
        offsetsHaveStopped = false
    }

    /// A model property changed: run its action (CA7) unless actions are off.
    func propertyDidChange(_ layer: Layer, _ property: LayerProperty, from old: LayerValue) {
        // A layer that runs no implicit actions (a Lottie frame's, a view's) has no action to
        // find: asked first, so its changes do not read the transactions (LT11).
        guard layer.runsImplicitActions else { return }
        let open = pthread_equal(pthread_self(), transactionsThread) != 0 ? transactions : Transaction.stack
        guard !open.disablesActions else { return }
        let key = property.key
        guard let action = layer.action(forKey: key) else { return }
        if let b = action as? BasicAnimation, b.keyPath == key, b.fromValue == nil, b.toValue == nil, b.byValue == nil {
            // Core Animation's implicit animation starts from what is on screen.
            let onScreen = layer.animatedProperties & property.bit != 0 ? layer.shown.value(for: property) : old
            b.fromValue = onScreen.anyValue
        }
        action.run(forKey: key, object: layer, arguments: nil)
    }

    /// `r` stopped: its transactions count it, and its delegate hears of it in the next
    /// completions phase.
    func animationDidStop(_ r: RunningAnimation, finished: Bool) {
        for g in r.completions { g.animationEnded() }
        animationDidStop(r.animation, finished: finished, started: r.didStart)
    }

    func animationDidStop(_ animation: Animation, finished: Bool, started: Bool) {
        guard let d = animation.delegate else { return }
        // The first callback of a batch asks for the frame that runs them all (P2: when 500
        // animations end in one pass, one request, not 500).
        if enqueue(.stopped(animation, d, finished: finished)) { runLoop?.requestFrame() }
    }

    /// Runs `body` in the next completions phase (phase 3), as animation delegates are told.
    public func enqueueCallback(_ body: @escaping () -> Void) {
        enqueue(.body(body))
        runLoop?.requestFrame()
    }

    /// Appends `callback` to ``callbacks`` and returns whether it is the first of a batch. The
    /// list is taken out to grow it, so that every access to it is one read or one write, which
    /// the compiler checks instead of the run time (P2: 500 animations ending in one frame
    /// queue 500 callbacks).
    /// The callback is consumed (moved into the list, not copied: two retains and two releases
    /// fewer per ended animation).
    @discardableResult
    private func enqueue(_ callback: consuming PendingCallback) -> Bool {
        var list = callbacks
        callbacks = []
        let first = list.isEmpty
        list.append(callback)
        callbacks = list
        return first
    }

    // MARK: Frame phases

    /// Layers whose drawing changes every frame by itself (emitters), re-rendered each frame.
    private var continuous: [Layer] = [] { didSet { note(.continuous, continuous.isEmpty) } }

    /// Lists `layer` as changing every frame (once).
    func layerChangesContinuously(_ layer: Layer) {
        var list = continuous
        guard !list.contains(where: { $0 === layer }) else { return }
        continuous = []
        list.append(layer)
        continuous = list
        runLoop?.requestFrame()
    }

    /// Hosts that read ``changedInLastPass`` for roots they collect themselves
    /// (``Layer/hostCollectsPasses``), told once after each pass that changed a presentation.
    private var passObservers: [() -> Bool] = []

    /// Calls `body` after each evaluation that changed a presentation (the frame's pass, and a
    /// refresh at the commit), until it returns false (its host is gone).
    package func addPassObserver(_ body: @escaping () -> Bool) {
        var list = passObservers
        passObservers = []
        list.append(body)
        passObservers = list
    }

    private func notifyPassObservers() {
        guard !changedLayers.isEmpty else { return }
        var list = passObservers
        passObservers = []
        list.removeAll { !$0() }
        let added = passObservers                   // added by an observer while told
        if !added.isEmpty { list.append(contentsOf: added) }
        passObservers = list
    }

    /// Phase 2: every running animation at the frame's time.
    public func advance(to frame: FrameInfo) {
        let t = Double(frame.mediaTime) / 1e9
        beginPass(at: t, nanoseconds: frame.mediaTime)
        // Layers whose presentation their owner also writes (a view's layer) first: the owner's
        // animations, advanced next, add onto what the layer's own animations show, as a view's
        // block animations are additive animations added after them in Core Animation.
        if hasKeptPresentations {
            evaluateTable()
            evaluateAnimated(at: t, keptPresentations: true)
        }
        runningMotions = true
        if !motions.isEmpty { advanceMotions(at: t) }
        runningMotions = false
        // What the motions gave a kept layer after its evaluation above shows in this frame.
        if !keptAddedByMotions.isEmpty { evaluateKeptAddedByMotions(at: t) }
        evaluateContinuous(at: t)
        evaluateAnimated(at: t, keptPresentations: hasKeptPresentations ? false : nil)
        notifyPassObservers()
    }

    /// Evaluates every animated layer at media time `t` (seconds). Tests without a run loop
    /// call it directly.
    public func evaluate(at t: Double) {
        beginPass(at: t, nanoseconds: MediaTime.nanoseconds(t))
        evaluateContinuous(at: t)
        evaluateAnimated(at: t, keptPresentations: nil)
        notifyPassObservers()
    }

    /// Whether a layer with a kept presentation (``Layer/adoptPresentation(_:)``) has
    /// had animations in this engine.
    private var hasKeptPresentations = false

    private func beginPass(at t: Double, nanoseconds: Int64) {
        evaluationTime = t
        evaluationNanoseconds = nanoseconds
        evaluationCount = 0
        if !changedLayers.isEmpty {
            var list = changedLayers
            changedLayers = []
            list.removeAll(keepingCapacity: true)
            changedLayers = list
        }
        passNumber += 1            // every frame: the motions may list layers after this
    }

    /// Walks the offset table (before the general evaluation, which lists the layers it runs).
    private func evaluateTable() {
        guard !offsets.isEmpty || offsetsHaveStopped else { return }
        isEvaluating = true
        var changed = changedLayers
        changedLayers = []
        var count = evaluationCount
        var rootCache = Layer.RootCache()
        evaluateOffsets(changed: &changed, count: &count, rootCache: &rootCache)
        changedLayers = changed
        evaluationCount = count
        isEvaluating = false
    }

    private func evaluateContinuous(at t: Double) {
        guard !continuous.isEmpty else { return }
        let pass = passNumber
        isEvaluating = true
        var changed = changedLayers
        changedLayers = []
        let id = ObjectIdentifier(self)
        var list = continuous
        continuous = []
        list.removeAll { $0.engineID != id || !$0.changesContinuously }
        continuous = list
        for layer in list {
            if let content = layer.timedContent, content.isRunning {
                content.show(atLocalTime: layer.localTime(forMediaTime: t, pass: pass), of: layer)
            }
            if let c = layer.presentationDidChange(pass: pass) { changed.append(c) }
        }
        changedLayers = changed
        isEvaluating = false
    }

    /// Whether the driven motions are advancing (in ``advance(to:)``).
    private var runningMotions = false
    /// Layers with kept presentations that the motions gave animations in this pass, after the
    /// kept layers were evaluated (a scene's animator animating a view): evaluated again, so
    /// the new animations show their first frame in this one, as the other layers' do.
    private var keptAddedByMotions: [Layer] = []

    private func evaluateKeptAddedByMotions(at t: Double) {
        let pass = passNumber, id = ObjectIdentifier(self)
        isEvaluating = true
        var changed = changedLayers
        changedLayers = []
        var count = evaluationCount
        var rootCache = Layer.RootCache()
        var kept = keptAddedByMotions
        keptAddedByMotions = []                      // nothing lists more: the motions have run
        for layer in kept where layer.engineID == id && !layer.running.isEmpty {
            evaluate(layer, at: t, pass: pass, changed: &changed, count: &count, rootCache: &rootCache)
        }
        kept.removeAll(keepingCapacity: true)
        keptAddedByMotions = kept
        changedLayers = changed
        evaluationCount = count
        isEvaluating = false
    }

    /// Evaluates the animated layers (those with kept presentations, the others, or all for nil).
    private func evaluateAnimated(at t: Double, keptPresentations kept: Bool?) {
        guard !animated.isEmpty else { return }
        let pass = passNumber
        isEvaluating = true
        // The lists are taken out for the pass and put back after: an element reached in a
        // stored array costs a runtime exclusivity check, one in a local costs none.
        var changed = changedLayers
        changedLayers = []
        let id = ObjectIdentifier(self)
        var list = animated
        animated = []
        var w = 0, count = evaluationCount
        var rootCache = Layer.RootCache()
        for r in 0..<list.count {
            let layer = list[r]
            guard layer.engineID == id, !layer.running.isEmpty else { layer.isListedAsAnimated = false; continue }
            if kept == nil || layer.keepsPresentation == kept {
                evaluate(layer, at: t, pass: pass, changed: &changed, count: &count, rootCache: &rootCache)
                // A layer whose animations are all in the offset table, or all held, leaves the list.
                let n = layer.running.count
                if n == 0 || layer.tabledAnimations == n || layer.heldAnimations == n {
                    layer.isListedAsAnimated = false
                    continue
                }
            }
            list[w] = layer
            w += 1
        }
        list.removeLast(list.count - w)
        if !animated.isEmpty { list.append(contentsOf: animated) }     // listed while evaluating
        animated = list
        changedLayers = changed
        evaluationCount = count
        isEvaluating = false
    }

    /// Writes `layer`'s presentation at media time `t`: the driven properties reset to the
    /// model, then each animation applied in order; ended animations that are removed on
    /// completion go, and their delegates hear of it in the completions phase.
    private func evaluate(_ layer: Layer, at t: Double, pass: Int, changed: inout [Layer], count: inout Int,
                          rootCache: inout Layer.RootCache) {
        guard let pres = layer.presented else { return }
        let local = layersHaveOwnTime ? layer.localTime(forMediaTime: t, pass: pass) : t
        pres.resetDriven(layer.animatedProperties, from: layer)
        var ended = false
        let now = evaluationNanoseconds, inMediaTime = !layersHaveOwnTime
        for r in layer.running {
            if r.awaitsBegin { r.begin(atLocalTime: local, nanoseconds: inMediaTime ? now : nil) }
            let state = r.apply(at: r.parentTime(local: local, now: now, inMediaTime: inMediaTime), to: pres)
            count += 1
            if state != .pending, !r.didStart {
                r.didStart = true
                if let d = r.animation.delegate { enqueue(.started(r.animation, d)) }
            }
            if state == .ended {
                if r.animation.isRemovedOnCompletion { ended = true } else if !r.didReportEnd { layer.reportEnd(of: r) }
            }
            if state == .running, mayTable(r, of: layer) { table(r, of: layer) }
        }
        if ended && layer.keepsPresentation {
            if let c = layer.presentationDidChange(pass: pass, cache: &rootCache) { changed.append(c) }
            removeEnded(from: layer, local: local, now: now, inMediaTime: inMediaTime, listedInPass: true)
        } else if ended {
            removeEnded(from: layer, local: local, now: now, inMediaTime: inMediaTime)
        } else {
            // (layerNeedsRender does nothing while evaluating.)
            if let c = layer.presentationDidChange(pass: pass, cache: &rootCache) { changed.append(c) }
        }
    }

    /// Removes `layer`'s animations that are over and removed on completion, in the order they
    /// were added (their delegates hear of it in that order).
    ///
    /// One pass compacts the layer's list in place (P2: when 500 animations end in one frame,
    /// no removal shifts the list or stores it back, and the engine is `self`, not a weak load
    /// per ended animation); what the layer does once its list shrank (a transition's end, the
    /// model shown again) it does once.
    func removeEnded(from layer: Layer, local: Double, now: Int64, inMediaTime: Bool, listedInPass: Bool = false) {
        var list = layer.takeAnimations()
        var kept = 0, endedTransition = false, remaining: UInt64 = 0
        for i in 0..<list.count {
            let r = list[i]
            if r.isOver(at: r.parentTime(local: local, now: now, inMediaTime: inMediaTime)), r.animation.isRemovedOnCompletion {
                layer.uncount(r, engine: self)
                if r.isTransition { endedTransition = true }
                if !r.didReportEnd { animationDidStop(r, finished: true) }
            } else {
                if kept != i { list[kept] = r }
                kept += 1
                remaining |= r.compiled.properties
            }
        }
        // One at a time: `removeLast(_:)` goes through a generic range replacement that cost
        // more than the removal it replaced.
        while list.count > kept { list.removeLast() }
        layer.running = list
        if endedTransition, !list.contains(where: { $0.isTransition }) { layer.transitionDidEnd() }
        layer.animationsDidShrink(to: remaining, listedInPass: listedInPass)
    }

    /// `layer` as it is at media time `t` (seconds), for a renderer drawing a copy of it at
    /// another time than the frame's (a replicator instance with a delay): evaluated into a
    /// scratch copy, with no callbacks and nothing removed.
    public func presentation(of layer: Layer, atMediaTime t: Double) -> Layer {
        guard !layer.running.isEmpty else { return layer.shown }
        let s = layer.scratch ?? type(of: layer).init(layer: layer)
        layer.scratch = s
        s.copyProperties(from: layer)
        let local = layer.localTime(forMediaTime: t)
        for r in layer.running where !r.awaitsBegin { _ = r.apply(at: local - r.beginShift, to: s) }
        return s
    }

    /// Phase 3: animation delegates and transaction completions.
    public func runCompletions() {
        guard !callbacks.isEmpty else { return }
        // The batch is taken out whole (the storage of the last one takes new callbacks).
        var ready = callbacks
        callbacks = readyCallbacks
        readyCallbacks = []
        // Each callback is moved out of the list (`take()`) and consumed by its call: read in
        // place, each was copied out, two retains and two releases, and released again as the
        // list emptied (P2, 500 animations ending in one frame).
        for i in ready.indices {
            if let c = ready[i].take() { Self.run(c) }
        }
        // Emptied one at a time: `removeAll(keepingCapacity:)` destroys each (nil) element
        // through the runtime's generic value witness.
        while !ready.isEmpty { ready.removeLast() }
        readyCallbacks = ready
    }

    /// Makes the call `callback` stands for. Not inlined: inlined, the compiler copied each
    /// callback before the call instead of handing it over.
    @inline(never)
    private static func run(_ callback: consuming PendingCallback) {
        switch callback {
        case .started(let a, let d): d.animationDidStart(a)
        case .stopped(let a, let d, let finished): d.animationDidStop(a, finished: finished)
        case .body(let body): body()
        }
    }

    /// Phase 5: flagged layers lay out their sublayers.
    public func layoutPass(_ pass: Int) {
        guard !layoutQueue.isEmpty else { return }
        var queue = layoutQueue
        layoutQueue = []
        for l in queue where l.engine === self { l.layoutIfNeeded() }
        queue.removeAll(keepingCapacity: true)
        if layoutQueue.isEmpty { layoutQueue = queue }   // its storage takes the next frame's
    }

    /// Whether layers wait for layout in the next update pass.
    public var needsUpdatePass: Bool { !layoutQueue.isEmpty }

    /// Phase 6: flagged layers redraw their content.
    public func displayPass() {
        guard !displayQueue.isEmpty else { return }
        var queue = displayQueue
        displayQueue = []
        for l in queue where l.engine === self && l.needsDisplayFlag { l.display() }
        queue.removeAll(keepingCapacity: true)
        if displayQueue.isEmpty { displayQueue = queue }
    }

    /// Phase 7: refreshes presentations whose model changed after the animation phase, and
    /// marks attached layers committed (``Layer/presentation()`` is non-nil from now on).
    public func commit(_ frame: FrameInfo) {
        if !stalePresentations.isEmpty {
            let t = evaluationTime
            isEvaluating = true
            var changed = changedLayers
            changedLayers = []
            var count = 0
            var rootCache = Layer.RootCache()
            var stale = stalePresentations
            stalePresentations = []
            for l in stale {
                l.presentationIsStale = false
                guard l.engine === self, let p = l.presented else { continue }
                p.copyProperties(from: l)
                evaluate(l, at: t, pass: passNumber, changed: &changed, count: &count, rootCache: &rootCache)
            }
            changedLayers = changed
            evaluationCount += count
            isEvaluating = false
            stale.removeAll(keepingCapacity: true)
            if stalePresentations.isEmpty { stalePresentations = stale }
            notifyPassObservers()
        }
        if !uncommitted.isEmpty {
            var list = uncommitted
            uncommitted = []
            for l in list where l.engine === self { l.isCommitted = true }
            list.removeAll(keepingCapacity: true)
            if uncommitted.isEmpty { uncommitted = list }
        }
    }

    /// Whether a frame would do anything: layers to lay out or commit, or animations running.
    public var hasPendingWork: Bool {
        listsWithWork != 0
    }

    /// What keeps the engine from idling, one line each, for a test whose host never goes idle.
    public func describePendingWork() -> [String] {
        var out: [String] = []
        if !motions.isEmpty { out.append("\(motions.count) driven motions (timelines, scroll motions, ...)") }
        if !animated.isEmpty || !offsets.isEmpty { out.append("\(animatedLayerCount) layers with running animations") }
        if !callbacks.isEmpty { out.append("\(callbacks.count) animation callbacks") }
        if !displayQueue.isEmpty { out.append("\(displayQueue.count) layers need display") }
        if !layoutQueue.isEmpty { out.append("\(layoutQueue.count) layers need layout") }
        return out
    }

    /// How many layers have running animations.
    public var animatedLayerCount: Int { animated.count + tabledLayerCount }
}
