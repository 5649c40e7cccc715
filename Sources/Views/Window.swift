import FrameTiming
import Geometry
import RenderModel
import UpdateLoop

/// A window: a root view sized to the window, the update cycle for its tree (constraints, layout,
/// display passes), one layout engine (one solver per window), and the display list it commits.
/// Add it to a `MainRunLoop` (`MainRunLoop/add(_:)`) to have frames run: it is a
/// `FrameParticipant` of phases 1 (events) and 4-7 (constraints, layout, display, commit).
@MainActor
public final class Window: FrameParticipant {
    /// The size in points. Changing it resizes the root view and flags it for layout (U3).
    public private(set) var size: Size { get { frameValues.size } set { frameValues.size = newValue } }
    /// Device pixels per point (high-DPI). A change (the window moved to an output of another
    /// scale) redraws every view, which hears ``View/traitCollectionDidChange(_:)`` (DK2).
    public var scale: Double {
        get { frameValues.scale }
        set {
            let oldValue = frameValues.scale
            frameValues.scale = newValue
            presentationDidChange()
            if newValue != oldValue { rootView.propagateScaleChange(from: oldValue) }
        }
    }
    /// The storage of the public values every frame reads (size, scale, the feedback-loop
    /// threshold): private, each access one read or write, so none is checked at run time, as a
    /// public stored property's access is (AM4).
    private var frameValues: (size: Size, scale: Double, feedbackLoopThreshold: Int) = (.zero, 1, 100)
    /// The colour behind the root view, filling the window (a dark grey by default).
    public var backgroundColor: Color = Color(red: 0.08, green: 0.08, blue: 0.1) { didSet { presentationDidChange() } }
    /// The desktop's light or dark (DK5): views' traits follow it and hear a change.
    public var interfaceStyle = InterfaceStyle.light { didSet { if interfaceStyle != oldValue { interfaceStyleDidChange(from: oldValue) } } }
    /// The desktop asks for less motion (AX4): the engine's transitions cross-fade.
    public var prefersReducedMotion = false { didSet { if prefersReducedMotion != oldValue { reduceMotionObserver?() } } }
    /// Told after ``interfaceStyle`` changed (with the old one) and after ``prefersReducedMotion`` did (a facade's notifications).
    public var interfaceStyleObserver: ((InterfaceStyle) -> Void)?
    /// Told after ``prefersReducedMotion`` changed (a facade's notification).
    public var reduceMotionObserver: (() -> Void)?
    /// Insets of the safe area from the window's edges (A4).
    public var safeAreaInsets: EdgeInsets = .zero {
        didSet { if safeAreaInsets != oldValue { rootView.rootSafeAreaInsets = safeAreaInsets; layoutEngine.safeAreaDidChange() } }
    }
    /// What an inspector watches (the tree's changes, a pick with the pointer); nil, the
    /// default, costs one nil check per tree change and pointer event.
    public var inspectionHooks: InspectionHooks? {
        get { inspectionHooksStorage }
        set { inspectionHooksStorage = newValue }
    }
    // What the frame path reads is internal storage behind public accessors: a public stored
    // property keeps a run-time exclusivity check on every access (docs/animation-model.md).
    private var inspectionHooksStorage: InspectionHooks?
    /// The pointer's shape over the hovered view (DK4): the first ``View/pointerShape`` up from it, else the arrow.
    public internal(set) var pointerShape: PointerShape = .arrow
    /// Called when ``pointerShape`` changes (a desktop host sets the system cursor).
    public var onPointerShapeChange: ((PointerShape) -> Void)?
    /// The window's own view, sized to the window, as a `UIWindow` is a view: the root view
    /// controller's view fills it as its back subview, and presentations go above that.
    public var rootView: View { rootViewStorage }
    private let rootViewStorage: View
    /// The object that stands for this window in a facade over the engine (a `UIWindow`),
    /// weak as ``View/facade`` is.
    public weak var facade: AnyObject?

    /// The controller whose view fills the window, as the back subview of ``rootView`` (as in
    /// UIKit, where it is a subview of the window); setting it replaces the old controller's
    /// view there, and the old controller disappears.
    public var rootViewController: ViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            // The controller replaced leaves the screen (CN3).
            if let old = oldValue, isVisible {
                old.beginAppearanceTransition(false, animated: false)
                old.endAppearanceTransition()
            }
            if let old = oldValue, old.isViewLoaded, old.view.superview === rootView { old.view.removeFromSuperview() }
            guard let vc = rootViewController else { return }
            let v = vc.view
            if v.identifier == nil { v.identifier = "rootViewController.view" }
            v.translatesAutoresizingMaskIntoConstraints = true
            v.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            v.frame = rootView.bounds
            rootView.insertSubview(v, at: 0)
            if isVisible { pendingAppearance = true; requestFrame() }
        }
    }
    /// Whether ``makeKeyAndVisible()`` has shown the window.
    public private(set) var isVisible = false
    /// The run loop running this window's frames (nil once it is gone).
    public package(set) var runLoop: MainRunLoop? {
        get { runLoopReference?.object }
        set { runLoopReference = newValue?.reference }
    }
    // The run loop, the layer engine and this window are held through their
    // ``ObjectReference``s, never weakly: a weak reference gives its object a side table, and
    // every retain of it in a frame then takes the runtime's slow path (AM4).
    private var runLoopReference: ObjectReference<MainRunLoop>?
    private var layersReference: ObjectReference<LayerEngine>?
    /// How views, recognizers and the window's own callbacks hold the window: ``View/window``
    /// reads nil once the window is gone.
    package var reference: ObjectReference<Window> { referenceStorage! }
    private var referenceStorage: ObjectReference<Window>?
    /// The animation engine of that run loop (block, keyframe and constant animations).
    public package(set) var animations: AnimationEngine? {
        get { animationsStorage }
        set { animationsStorage = newValue }
    }
    /// ``animations``, private: every model change a view makes reads it, and a public stored
    /// property keeps a run-time exclusivity check on each access (AM4).
    private weak var animationsStorage: AnimationEngine?
    /// The run loop's layer engine, which runs the layer trees of this window's views.
    public package(set) var layers: LayerEngine? {
        get { layersReference?.object }
        set {
            let oldValue = layersReference?.object
            layersReference = newValue?.reference
            layerRenderer.engine = newValue
            newValue?.fontSystem = fontSystem
            // Views' layers leave their passes to the window: it hears once per pass, not once
            // per animated view (a view's layer roots a tree of its own).
            guard let newValue, newValue !== oldValue else { return }
            let window = reference
            newValue.addPassObserver {
                guard let self = window.object else { return false }
                self.layersDidAnimate()
                return true
            }
        }
    }
    /// Draws the sublayers of views' layers into the display list.
    var layerRenderer = LayerRenderer(engine: nil)
    /// Set while the layout engine sets frames from its solution (a frame set otherwise leaves
    /// the layout until the superview's next layout, ``View/frameLeftLayout(_:)``).
    var isApplyingLayoutFrames = false
    /// Numbers views without an identifier for traces, in the order they join the window.
    private var viewOrdinals = 0
    func makeViewOrdinal() -> Int { viewOrdinals += 1; return viewOrdinals }
    /// The window's Auto Layout engine (one solver per window).
    public var layoutEngine: LayoutEngine {
        if let e = layoutEngineStorage { return e }
        let e = LayoutEngine(window: self)
        layoutEngineStorage = e
        return e
    }
    private var layoutEngineStorage: LayoutEngine?
    /// Where the commit phase sends the display list.
    public var renderer: (any FrameRenderer)? { get { rendererStorage } set { rendererStorage = newValue } }
    private var rendererStorage: (any FrameRenderer)?
    /// The last committed display list.
    public var displayList: DisplayList { current == 0 ? listA : listB }
    /// Two lists used in turn, so a renderer that keeps the last one presented (as the recording
    /// renderer does) never forces the next rebuild to copy its storage. Only ever read or
    /// written whole (``withPresentedList(_:)``), so no access to them is checked at run time.
    var listA = DisplayList(), listB = DisplayList()
    /// Which of them is presented (0: ``listA``).
    var current = 0
    /// Passes of constraints+layout one frame may take before it is a feedback loop (U7).
    public var feedbackLoopThreshold: Int {
        get { frameValues.feedbackLoopThreshold }
        set { frameValues.feedbackLoopThreshold = newValue }
    }
    /// Records update-cycle calls (U9); shared with the run loop when added to one.
    public package(set) var trace: TraceRecorder { get { traceStorage } set { traceStorage = newValue } }
    private var traceStorage = TraceRecorder()
    /// Reports the engine recovered from; shared with the run loop when added to one.
    public package(set) var diagnostics = DiagnosticLog()
    /// The fonts this window's text lays out with (TX2): the shipped DejaVu Sans and the
    /// machine's fonts for fallback, the same headless and on screen. Tests that want sizes free
    /// of any font set `FontSystem/fixed(_:)` here before adding views.
    public lazy var fontSystem: FontSystem = FontSystem.standard() {
        didSet { canvas.fontSystem = fontSystem; layers?.fontSystem = fontSystem; rootView.setNeedsLayout() }
    }
    /// Called for key events no view controller handled.
    public var onKey: ((Key, Bool) -> Bool)?

    var displayQueue: [View] = []
    /// Whether something visible changed since the display list was built.
    private var displayListIsStale = true
    /// Whether the next commit must rebuild the whole list (a structural change: views added,
    /// removed, hidden or shown, clipping, the window's scale or background).
    private var needsFullBuild = true
    /// Views whose presentation or content changed since the last commit; the commit re-emits
    /// their subtrees in place when their command counts are unchanged (P1).
    /// Like the other queues here, appended to on a local copy and stored back whole: no access
    /// to it spans a call, and the compiler drops its run-time checks (AM4).
    var changedViews: [View] = []
    /// Counts full builds; a view's list indices are valid when its generation is the current one.
    var buildGeneration = 0
    /// Sublayers of views' layers whose drawing changed, with the view hosting them: the next
    /// commit patches their groups (CA10).
    var changedLayers: [(layer: Layer, view: View)] = []
    /// The commit's working storage for a patch (Window+DisplayList.swift).
    var commitScratch = CommitScratch()
    /// How many of the layer renderer's ``LayerRenderer/listShifts`` the views' places in the
    /// render table have been moved by (LT11).
    var appliedListShifts = 0
    /// Set by ``layersDidAnimate()`` until the commit collects the engine's changed layers.
    private var layersAnimated = false
    /// How many changed layers a commit patches; past it their views re-emit.
    static let maximumQueuedLayers = 4_096
    /// Whether commits patch the list for the views that changed instead of rebuilding it, and
    /// report the damaged region to the renderer. Off, every commit rebuilds (for tests that
    /// compare the two).
    public var patchesDisplayList: Bool { get { patchesStorage } set { patchesStorage = newValue } }
    private var patchesStorage = true   // read by every commit: private (AM4)
    var pendingAppearance = false
    /// Set when this window began the root controller's appearance (in a constraints pass), so
    /// the commit ends it; not the controller's own state, which a presentation also moves.
    private var appearing = false
    let canvas = Canvas()
    /// The override running now, for traces, misuse checks and feedback reports.
    var currentCall: (view: View, call: String)?
    /// Invalidations seen during a feedback loop, for its report.
    private var loopLog: [String] = []
    /// The frame's constraints-and-layout pass running now (0 outside the frame's passes).
    private var loopPass = 0
    /// A feedback loop was reported in this frame: no more passes until the next frame.
    private var feedbackLoopStopped = false
    /// Each pointer's press in progress, by pointer id.
    var pointerTracks: [Int: PointerTrack] = [:]
    /// Presses that ended while a recognizer held them from their view (delaysTouchesBegan).
    var heldPresses: [PointerTrack] = []
    /// Recognizers this window arbitrates: following a press, or deciding after it.
    var arbitrated: [GestureRecognizer] = []
    /// The views under the mouse, innermost first.
    var hovered: [View] = []
    /// Storage for the next hover set (kept between moves).
    var hoverScratch: [View] = []
    /// Copy, cut and paste go through this (TX9); the SDL backend connects the system clipboard.
    public var pasteboard: any Pasteboard = MemoryPasteboard()
    /// How long a text field's caret stays on and off while editing; nil: it does not blink
    /// (headless windows, so that stepping to idle ends). The SDL backend sets 0.5 s.
    public var caretBlinkPeriod: Double?
    /// The appearance proxies of this window's views, by class (UIKit's `appearance()`).
    public let appearance = AppearanceRegistry()
    /// The responder key and text events go to first (TX7).
    public package(set) weak var firstResponder: Responder?
    /// The memory monitor, made on first use (Window+Memory.swift, MR5).
    var memoryMonitorStorage: MemoryMonitor?
    /// Called on each memory warning, by token (Window+Memory.swift).
    var memoryWarningObservers: [(id: Int, body: @MainActor () -> Void)] = []
    var nextMemoryWarningObserver = 0
    var memoryWarningsRaised = 0
    /// Why the last memory warning was raised.
    public internal(set) var lastMemoryWarningReason: MemoryWarningReason?
    /// Caches emptied on a memory warning, held weakly.
    var releasableCaches: [WeakReleasableCache] = []
    /// Accessibility observers and keyboard focus, made on first use (Window+Accessibility.swift).
    var accessibilityState: WindowAccessibility?

    /// A window of `size` points with its own root view.
    public init(size: Size) {
        frameValues.size = size
        let root = View(frame: Rect(origin: .zero, size: size))
        root.identifier = "root"
        root.rootSafeAreaInsets = safeAreaInsets
        self.rootViewStorage = root
        referenceStorage = ObjectReference(self)
        root.moveToWindow(self)
        layoutEngine.viewDidMoveToWindow(root)
        layoutEngine.rootViewDidChange()
        root.setNeedsLayout()
        requestFrame()
    }

    isolated deinit {
        referenceStorage?.clear()
    }

    /// Shows the window: the root view controller appears in the next frame (U6).
    public func makeKeyAndVisible() {
        guard !isVisible else { return }
        isVisible = true
        if rootViewController != nil { pendingAppearance = true }
        requestFrame()
    }

    /// Resizes the window and its root view; the root is flagged for layout (U3).
    public func resize(to proposed: Size) {
        // A size a platform reported wrongly or a caller computed from nothing: refused when
        // not finite, negative sides as zero (MR0).
        guard proposed.isFinite else {
            report(misuse: "resize(to: \(proposed)) refused: a window's size must be finite")
            return
        }
        let newSize = Size(width: max(0, proposed.width), height: max(0, proposed.height))
        guard newSize != size else { return }
        rootViewController?.viewWillTransition(to: newSize)
        let old = size
        size = newSize
        rootView.frame = Rect(origin: .zero, size: newSize)
        rootView.setNeedsLayout()
        requestFrame()
        didResize?(old, newSize)
    }
    /// Told after the window took a new size (the old one, the new one): a facade's screen and traits.
    public var didResize: ((Size, Size) -> Void)?

    func requestFrame() { runLoop?.requestFrame() }

    /// Something visible changed in the structure: the next commit rebuilds the display list.
    func presentationDidChange() {
        displayListIsStale = true
        needsFullBuild = true
        runLoop?.requestFrame()
    }

    /// How many changed views a commit patches in place; past it the list is rebuilt, which is
    /// cheaper than patching each (its emit clears the flags of the views not listed).
    static let maximumQueuedViews = 256

    /// `view`'s presentation or content changed: the next commit re-emits its subtree.
    func viewDidChange(_ view: View) {
        view.isQueuedForRepaint = true
        markAncestorsChanged(of: view)
        if changedViews.count < Self.maximumQueuedViews {
            var queue = changedViews
            changedViews = []
            queue.append(view)
            changedViews = queue
        } else {
            needsFullBuild = true
        }
        guard !displayListIsStale else { return }
        displayListIsStale = true
        runLoop?.requestFrame()
    }

    /// Whether clipping views list only the subviews that reach their bounds (SC7; on). Off, every
    /// subview is listed and the painter clips it away (for comparisons in benches).
    public var skipsSubviewsOutOfView = true { didSet { needsFullBuild = true } }

    /// Flags the ancestors of a changed view, so that no clipping ancestor skips the subtree
    /// holding it by a box from before the change (SC7). Stops at the first one already flagged:
    /// a walk per subtree between emissions, not per change.
    private func markAncestorsChanged(of view: View) {
        var a = view.superview
        while let c = a, !c.hasChangedDescendant {
            c.hasChangedDescendant = true
            a = c.superview
        }
    }

    /// `layer`, in the tree of `view`'s layer, changed its drawing: the next commit patches
    /// its group (or its view's, past ``maximumQueuedLayers``).
    func layerDidChange(_ layer: Layer, in view: View) {
        markAncestorsChanged(of: view)
        guard changedLayers.count < Self.maximumQueuedLayers else { viewDidChange(view); return }
        var queue = changedLayers
        changedLayers = []
        queue.append((layer, view))
        changedLayers = queue
        // The commit re-emits the layer's group as it is then: its further changes before it
        // need not reach the window (LT11).
        if let e = layers { layer.hostDidQueue(in: e) }
        guard !displayListIsStale else { return }
        displayListIsStale = true
        runLoop?.requestFrame()
    }

    /// Layer animations changed presentations in views' layer trees this frame: the commit
    /// patches what the engine lists (``LayerEngine/changedInLastPass``).
    func layersDidAnimate() {
        layersAnimated = true
        guard !displayListIsStale else { return }
        displayListIsStale = true
        runLoop?.requestFrame()
    }

    /// Queues the layers of this window's views that the layer engine's last pass changed:
    /// a view's own layer re-emits the view, a sublayer patches its group.
    private func collectAnimatedLayers() {
        layersAnimated = false
        guard let engine = layers else { return }
        // Past as many as a commit patches, the list is rebuilt whole: no need to queue each.
        if engine.changedInLastPass.count > Self.maximumQueuedViews { presentationDidChange(); return }
        let pass = engine.pass
        for l in engine.changedInLastPass {
            guard let root = l.rootInPass(pass) as? ViewLayer, let v = root.view, v.window === self, !v.isQueuedForRepaint else { continue }
            if l === root { viewDidChange(v) } else { layerDidChange(l, in: v) }
        }
    }

    var frameIndex: Int64 { runLoop?.currentFrame?.index ?? -1 }
    var phase: FramePhase { runLoop?.phase ?? .idle }

    // MARK: Calls into overrides

    /// Runs one override, tracing it and remembering it as the current call.
    @inline(__always)
    func call(_ name: String, on view: View, _ body: () -> Void) {
        trace.record(frame: frameIndex, phase: phase, view: view.traceName, call: name)
        let saved = currentCall
        currentCall = (view, name)
        body()
        currentCall = saved
    }

    // MARK: Invalidation bookkeeping

    func layoutWasInvalidated(_ view: View) { noteLoop(view, "setNeedsLayout") }
    func constraintsWereInvalidated(_ view: View) { noteLoop(view, "setNeedsUpdateConstraints") }

    private func noteLoop(_ view: View, _ what: String) {
        guard loopPass > 1, loopLog.count < 64 else { return }
        let by = currentCall.map { " from \($0.view.traceName).\($0.call)()" } ?? ""
        var log = loopLog
        loopLog = []
        log.append("\(view.traceName).\(what)()\(by)")
        loopLog = log
    }

    func enqueueDisplay(_ view: View) {
        // Appended on a local copy (the stored one left empty, so the copy is unique): no access
        // to the queue holds a call, and the compiler drops its run-time checks (AM4).
        var queue = displayQueue
        displayQueue = []
        queue.append(view)
        displayQueue = queue
    }

    /// `view`'s subtree leaves this window: its constraints leave the solver (its layers leave
    /// the layer engine as the views leave the window, which ends their animations). The
    /// subtree's members are marked once in ``leavingMarks`` so that the layout engine finds
    /// each in O(1), which keeps removing a large subtree linear (P2).
    func viewWillLeaveWindow(_ view: View) {
        // A removal nested in another's call-outs (a responder resigning removes a view) marks
        // its own subtree only, and the outer one's marks come back after it.
        let outer = leavingDepth > 0 ? leavingMarks : nil
        var marks = outer.map { [Bool](repeating: false, count: $0.count) } ?? leavingMarks
        leavingMarks = []
        leavingDepth += 1
        withRenderTable { table in mark(view, &table, &marks) }
        leavingMarks = marks
        defer {
            leavingDepth -= 1
            if let outer {
                leavingMarks = outer
            } else {
                var cleared = leavingMarks
                leavingMarks = []
                cleared.withUnsafeMutableBufferPointer { $0.update(repeating: false) }
                leavingMarks = cleared
            }
        }
        do {    // `leaving` shares the marks' storage: let go before the clearing above
            let leaving = leavingSubtree
            layoutEngine.subtreeWillLeaveWindow(view, leaving: leaving)
            hovered.removeAll { leaving.contains($0) }
            if let f = firstResponder as? View, leaving.contains(f) { _ = f.resignFirstResponder(); if firstResponder === f { firstResponder = nil } }
        }
        cancelPresses(inSubtreeLeaving: view)
    }

    /// The subtree leaving the window now (``viewWillLeaveWindow(_:)``); empty otherwise.
    var leavingSubtree: LeavingSubtree { LeavingSubtree(marks: leavingMarks) }

    /// Marks `v` and every view under it by render slot (a view not listed yet gets its slot
    /// here; it gives it back when it leaves).
    private func mark(_ v: View, _ table: inout RenderTable, _ marks: inout [Bool]) {
        let slot = table.slot(v)
        if slot >= marks.count { marks.append(contentsOf: repeatElement(false, count: table.records.count - marks.count)) }
        marks[slot] = true
        for s in v.subviews { mark(s, &table, &marks) }
    }

    // MARK: The update cycle (R5 phases 4-7, run by the run loop)

    /// Whether the constraints and layout passes have work: flagged views, pending solver changes,
    /// or a controller about to appear.
    public var needsUpdatePass: Bool {
        guard !feedbackLoopStopped else { return false }
        return rootView.subtreeNeedsUpdateConstraints || rootView.subtreeNeedsLayout || layoutEngine.hasPendingChanges
            || pendingAppearance || rootView.subtreeNeedsUpdateProperties
    }

    /// Phase 4: the properties pass (`updateProperties()` root first, RU3), then one constraints
    /// pass (`updateConstraints()` leaf views first, then the solver).
    /// The first pass of a frame in which the root controller appears calls `viewWillAppear`.
    /// Past ``feedbackLoopThreshold`` passes it reports a feedback loop and clears the flags (U7).
    public func constraintsPass(_ pass: Int) {
        if pendingAppearance, let vc = rootViewController {
            appearing = true
            call("viewWillAppear", on: vc.view) { vc.beginAppearanceTransition(true, animated: false) }
        }
        pendingAppearance = false
        loopPass = pass
        if pass > feedbackLoopThreshold {
            // What is still dirty waits for the next frame, which may report it again.
            reportFeedbackLoop(top: rootView, passes: pass - 1)
            feedbackLoopStopped = true
            return
        }
        UpdateCycle.propertiesPass(rootView, window: self)
        UpdateCycle.constraintsPass(rootView, window: self)
        layoutEngine.solve()
    }

    /// Phase 5: one layout pass (`layoutSubviews()` root first).
    public func layoutPass(_ pass: Int) {
        UpdateCycle.layoutPass(rootView, window: self)
    }

    /// Phase 6: `draw(_:in:)` on the views flagged for display.
    public func displayPass() {
        loopPass = 0
        feedbackLoopStopped = false
        if !loopLog.isEmpty {
            // Emptied on a copy, as it is appended to: no access to it spans a call (AM4).
            var log = loopLog
            loopLog = []
            log.removeAll(keepingCapacity: true)
            loopLog = log
        }
        guard !displayQueue.isEmpty else { return }
        // Views flagged while drawing land in the next frame: only the ones queued now are
        // drawn, taken out of the queue (the views flagged meanwhile go to the stored one).
        var queue = displayQueue
        displayQueue = []
        var i = 0
        let count = queue.count
        if count > 0 { canvas.fontSystem = fontSystem }
        while i < count {
            let v = queue[i]
            i += 1
            guard v.needsDisplay, v.window === self else { continue }
            v.needsDisplay = false
            let rect = v.dirtyRect.isNull ? v.bounds : v.dirtyRect.intersection(v.bounds)
            v.dirtyRect = .null
            canvas.begin(rect.isNull ? .zero : rect)
            call("draw", on: v) { v.draw(rect.isNull ? .zero : rect, in: canvas) }
            // Taken out and put back, so that every access to a view's content is one read or
            // one write, checked by the compiler (the emission reads it every frame).
            var drawn = v.content
            v.content = []
            canvas.swapCommands(with: &drawn)
            v.content = drawn
            v.presentationChanged()
            if let hook = inspectionHooks?.didDraw { hook(v, rect.isNull ? .zero : rect) }
        }
        queue.removeAll(keepingCapacity: true)
        let flagged = displayQueue
        if !flagged.isEmpty { queue.append(contentsOf: flagged) }
        displayQueue = queue
    }

    /// Phase 7: commits the presentation tree to the renderer and finishes an appearance.
    public func commit(_ frame: FrameInfo) {
        // A frame that changed nothing visible (say, a layout pass that moved nothing) presents
        // the list it already has.
        let resized = displayList.size != size || displayList.scale != scale
        if layersAnimated { collectAnimatedLayers() }
        if displayListIsStale || resized {
            if needsFullBuild || resized || !patchesDisplayList || !patchChangedViews() {
                let revision = displayList.revision
                current ^= 1
                withPresentedList { list in
                    buildDisplayList(into: &list)
                    list.revision = revision + 1
                    list.damage = nil
                    list.damageRects.removeAll(keepingCapacity: true)
                }
                // The list built before holds the commands of views that may be gone (a page
                // just left, its images): empty it now, not at the next full build (MR1). Its
                // storage stays for that build unless a renderer kept the list.
                var before = takeList(current ^ 1)
                before.commands.removeAll(keepingCapacity: true)
                putList(before, current ^ 1)
            }
            var views = changedViews, changed = changedLayers
            changedViews = []
            changedLayers = []
            for v in views { v.isQueuedForRepaint = false }
            views.removeAll(keepingCapacity: true)
            changed.removeAll(keepingCapacity: true)
            changedViews = views
            changedLayers = changed
            layers?.endHostBatch()
            needsFullBuild = false
            displayListIsStale = false
        } else if patchesDisplayList {
            // Nothing changed: the same list again, one revision on, with nothing damaged.
            withPresentedList { list in
                list.revision += 1
                list.damage = .zero
                list.damageRects.removeAll(keepingCapacity: true)
            }
        }
        renderer?.present(displayList, frame: FrameContext(index: frame.index, time: frame.time))
        if appearing, let vc = rootViewController {
            appearing = false
            call("viewDidAppear", on: vc.view) { vc.endAppearanceTransition() }
        }
    }

    /// The constraints and layout passes over `top`'s subtree now, repeated while they leave dirty
    /// views behind, up to ``feedbackLoopThreshold`` passes (U7). For ``layoutIfNeeded()``.
    private func runConstraintsAndLayout(from top: View) {
        var pass = 0
        while top.subtreeNeedsUpdateConstraints || top.subtreeNeedsLayout || layoutEngine.hasPendingChanges {
            pass += 1
            if pass > feedbackLoopThreshold {
                reportFeedbackLoop(top: top, passes: pass - 1)
                break
            }
            UpdateCycle.constraintsPass(top, window: self)
            layoutEngine.solve()
            UpdateCycle.layoutPass(top, window: self)
        }
    }

    /// Reports an API used where it must not be: a diagnostic of kind misuse (the call was
    /// refused and nothing changed).
    public func report(misuse message: String, views: [String] = []) {
        diagnostics.report(Diagnostic(kind: .misuse, frame: frameIndex, message: message, views: views))
    }

    private func reportFeedbackLoop(top: View, passes: Int) {
        var dirty: [String] = []
        UpdateCycle.collectDirty(top, into: &dirty)
        var calls: [String] = []
        for entry in loopLog where !calls.contains(entry) { calls.append(entry) }
        let message = "Layout feedback loop in frame \(frameIndex): still dirty after \(passes) passes; "
            + "views: \(dirty.joined(separator: ", ")); invalidations: \(calls.joined(separator: "; ")). "
            + "The remaining flags were cleared so the app keeps running."
        diagnostics.report(Diagnostic(kind: .layoutFeedbackLoop, frame: frameIndex, message: message, views: dirty))
        UpdateCycle.clearLayoutFlags(top, engine: layoutEngine)
    }

    /// ``View/layoutIfNeeded()`` on a view in this window (U2).
    func layoutIfNeeded(_ view: View) {
        if let c = currentCall, c.call == "draw" {
            report(misuse: "layoutIfNeeded() on \(view.traceName) was called from \(c.view.traceName).draw(_:in:); layout cannot run during the display pass. The call was ignored: invalidate layout with setNeedsLayout() instead.",
                   views: [view.traceName])
            return
        }
        // Constraints first: the whole tree's, since constraints cross subtrees.
        runConstraintsAndLayout(from: view)
    }

    /// Which window's lists these are: a number from the run loop, unique among its windows
    /// (a window not yet on a run loop numbers itself by its identity).
    lazy var listOrigin: Int = runLoop?.makeSerialNumber() ?? ObjectIdentifier(self).hashValue

    /// Where each view this window lists sits in its display list, at the view's
    /// ``View/renderSlot`` (Window+DisplayList.swift). Only ever read or written whole: an
    /// emission takes it out and puts it back, so no access to it spans a call.
    var renderTable = RenderTable()
    /// By render slot, whether the view there is in a subtree leaving this window now (all false
    /// otherwise): the window's and the layout engine's clean-up finds the subtree's members with
    /// an array read, with no mark on each view and nothing hashed (AM5, P2).
    var leavingMarks: [Bool] = []
    /// How many removals are marking now (more than one when one nests in another's call-outs).
    var leavingDepth = 0
}
