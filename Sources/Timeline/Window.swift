import FrameTiming
import Geometry
import RenderModel
import UpdateLoop

/// A window: a root view sized to the window, the update cycle for its tree (constraints, layout,
/// display passes), one layout engine (one solver per window), and the display list it commits.
/// Add it to a ``MainRunLoop`` (``MainRunLoop/add(_:)``) to have frames run: it is a
/// ``FrameParticipant`` of phases 1 (events) and 4-7 (constraints, layout, display, commit).
@MainActor
public final class Window: FrameParticipant {
    /// The size in points. Changing it resizes the root view and flags it for layout (U3).
    public private(set) var size: Size
    /// Device pixels per point (high-DPI).
    public var scale: Double = 1 { didSet { presentationDidChange() } }
    public var backgroundColor: Color = Color(red: 0.08, green: 0.08, blue: 0.1) { didSet { presentationDidChange() } }
    /// Insets of the safe area from the window's edges (A4).
    public var safeAreaInsets: EdgeInsets = .zero {
        didSet { if safeAreaInsets != oldValue { rootView.safeAreaInsets = safeAreaInsets; layoutEngine.safeAreaDidChange() } }
    }
    /// The root view, sized to the window. A root view controller's view replaces it.
    public private(set) var rootView: View
    /// The controller whose view is the root view.
    public var rootViewController: ViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            // The controller replaced leaves the screen (CN3).
            if let old = oldValue, isVisible {
                old.beginAppearanceTransition(false, animated: false)
                old.endAppearanceTransition()
            }
            guard let vc = rootViewController else { return }
            install(rootView: vc.view)
            if isVisible { pendingAppearance = true; requestFrame() }
        }
    }
    public private(set) var isVisible = false
    /// The run loop running this window's frames.
    public internal(set) weak var runLoop: MainRunLoop?
    /// The animation engine of that run loop (block, keyframe and constant animations).
    public internal(set) weak var animations: AnimationEngine?
    /// The run loop's layer engine, which runs the layer trees of this window's views.
    public internal(set) weak var layers: LayerEngine? {
        didSet { layerRenderer.engine = layers; layers?.fontSystem = fontSystem }
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
    public private(set) lazy var layoutEngine = LayoutEngine(window: self)
    /// Where the commit phase sends the display list.
    public var renderer: (any FrameRenderer)?
    /// The last committed display list.
    public var displayList: DisplayList { current == 0 ? listA : listB }
    /// Two lists used in turn, so a renderer that keeps the last one presented (as the recording
    /// renderer does) never forces the next rebuild to copy its storage.
    private var listA = DisplayList(), listB = DisplayList()
    private var current = 0
    /// The list being built (the one not presented last).
    private var building: DisplayList {
        get { current == 0 ? listA : listB }
        _modify { if current == 0 { yield &listA } else { yield &listB } }
    }
    /// Passes of constraints+layout one frame may take before it is a feedback loop (U7).
    public var feedbackLoopThreshold = 100
    /// Records update-cycle calls (U9); shared with the run loop when added to one.
    public internal(set) var trace = TraceRecorder()
    /// Reports the engine recovered from; shared with the run loop when added to one.
    public internal(set) var diagnostics = DiagnosticLog()
    /// The fonts this window's text lays out with (TX2): the shipped DejaVu Sans and the
    /// machine's fonts for fallback, the same headless and on screen. Tests that want sizes free
    /// of any font set ``FontSystem/fixed(_:)`` here before adding views.
    public lazy var fontSystem: FontSystem = FontSystem.standard() {
        didSet { canvas.fontSystem = fontSystem; layers?.fontSystem = fontSystem; rootView.setNeedsLayout() }
    }
    /// Called for key events no view controller handled.
    public var onKey: ((Key, Bool) -> Bool)?

    var displayQueue: [View] = []
    /// Whether something visible changed since the display list was built.
    @exclusivity(unchecked) private var displayListIsStale = true
    /// Whether the next commit must rebuild the whole list (a structural change: views added,
    /// removed, hidden or shown, clipping, the window's scale or background).
    private var needsFullBuild = true
    /// Views whose presentation or content changed since the last commit; the commit re-emits
    /// their subtrees in place when their command counts are unchanged (P1).
    @exclusivity(unchecked) private var changedViews: [View] = []
    /// Counts full builds; a view's list indices are valid when its generation is the current one.
    private var buildGeneration = 0
    private var scratchCommands: [DrawCommand] = []
    /// Sublayers of views' layers whose drawing changed, with the view hosting them: the next
    /// commit patches their groups (CA10).
    private var changedLayers: [(layer: Layer, view: View)] = []
    /// Set by ``layersDidAnimate()`` until the commit collects the engine's changed layers.
    private var layersAnimated = false
    /// How many changed layers a commit patches; past it their views re-emit.
    static let maximumQueuedLayers = 4_096
    /// Whether commits patch the list for the views that changed instead of rebuilding it, and
    /// report the damaged region to the renderer. Off, every commit rebuilds (for tests that
    /// compare the two).
    public var patchesDisplayList = true
    var pendingAppearance = false
    private var appearing = false
    private let canvas = Canvas()
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
    private var heldPresses: [PointerTrack] = []
    /// Recognizers this window arbitrates: following a press, or deciding after it.
    private var arbitrated: [GestureRecognizer] = []
    /// The views under the mouse, innermost first.
    private var hovered: [View] = []
    /// Copy, cut and paste go through this (TX9); the SDL backend connects the system clipboard.
    public var pasteboard: any Pasteboard = MemoryPasteboard()
    /// How long a text field's caret stays on and off while editing; nil: it does not blink
    /// (headless windows, so that stepping to idle ends). The SDL backend sets 0.5 s.
    public var caretBlinkPeriod: Double?
    /// The responder key and text events go to first (TX7).
    public private(set) weak var firstResponder: Responder?

    /// A window of `size` points with a plain root view.
    public init(size: Size) {
        self.size = size
        let root = View(frame: Rect(origin: .zero, size: size))
        root.identifier = "root"
        self.rootView = root
        install(rootView: root)
    }

    private func install(rootView newRoot: View) {
        if rootView !== newRoot {
            viewWillLeaveWindow(rootView)
            rootView.moveToWindow(nil)
        }
        if newRoot.identifier == nil { newRoot.identifier = "root" }
        newRoot.translatesAutoresizingMaskIntoConstraints = true
        newRoot.frame = Rect(origin: .zero, size: size)
        newRoot.safeAreaInsets = safeAreaInsets
        rootView = newRoot
        newRoot.moveToWindow(self)
        layoutEngine.viewDidMoveToWindow(newRoot)
        layoutEngine.rootViewDidChange()
        newRoot.setNeedsLayout()
        requestFrame()
    }

    /// Shows the window: the root view controller appears in the next frame (U6).
    public func makeKeyAndVisible() {
        guard !isVisible else { return }
        isVisible = true
        if rootViewController != nil { pendingAppearance = true }
        requestFrame()
    }

    /// Resizes the window and its root view; the root is flagged for layout (U3).
    public func resize(to newSize: Size) {
        guard newSize != size else { return }
        size = newSize
        rootView.frame = Rect(origin: .zero, size: newSize)
        rootView.setNeedsLayout()
        requestFrame()
    }

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
        if changedViews.count < Self.maximumQueuedViews { changedViews.append(view) } else { needsFullBuild = true }
        guard !displayListIsStale else { return }
        displayListIsStale = true
        runLoop?.requestFrame()
    }

    /// `layer`, in the tree of `view`'s layer, changed its drawing: the next commit patches
    /// its group (or its view's, past ``maximumQueuedLayers``).
    func layerDidChange(_ layer: Layer, in view: View) {
        guard changedLayers.count < Self.maximumQueuedLayers else { viewDidChange(view); return }
        changedLayers.append((layer, view))
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
        loopLog.append("\(view.traceName).\(what)()\(by)")
    }

    func enqueueDisplay(_ view: View) { displayQueue.append(view) }

    /// `view`'s subtree leaves this window: its animations end and its constraints leave the
    /// solver. The subtree is marked once so that both engines find its members in O(1) each,
    /// which keeps removing a large subtree linear (P2).
    func viewWillLeaveWindow(_ view: View) {
        view.setLeavingWindow(true)
        defer { view.setLeavingWindow(false) }
        animations?.subtreeWillLeaveWindow()
        layoutEngine.subtreeWillLeaveWindow(view)
        for (id, track) in pointerTracks where track.view?.isLeavingWindow == true { pointerTracks[id]?.view = nil }
        hovered.removeAll { $0.isLeavingWindow }
        if let f = firstResponder as? View, f.isLeavingWindow { _ = f.resignFirstResponder(); if firstResponder === f { firstResponder = nil } }
    }

    // MARK: The update cycle (R5 phases 4-7, run by the run loop)

    /// Whether the constraints and layout passes have work: flagged views, pending solver changes,
    /// or a controller about to appear.
    public var needsUpdatePass: Bool {
        guard !feedbackLoopStopped else { return false }
        return rootView.subtreeNeedsUpdateConstraints || rootView.subtreeNeedsLayout || layoutEngine.hasPendingChanges
            || pendingAppearance
    }

    /// Phase 4: one constraints pass (`updateConstraints()` leaf views first, then the solver).
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
        loopLog.removeAll(keepingCapacity: true)
        guard !displayQueue.isEmpty else { return }
        var i = 0
        // Views flagged while drawing land in the next frame: only the ones queued now are drawn.
        let count = displayQueue.count
        if count > 0 { canvas.fontSystem = fontSystem }
        while i < count {
            let v = displayQueue[i]
            i += 1
            guard v.needsDisplay, v.window === self else { continue }
            v.needsDisplay = false
            let rect = v.dirtyRect.isNull ? v.bounds : v.dirtyRect.intersection(v.bounds)
            v.dirtyRect = .null
            canvas.begin(rect.isNull ? .zero : rect)
            call("draw", on: v) { v.draw(rect.isNull ? .zero : rect, in: canvas) }
            canvas.swapCommands(with: &v.content)
            v.presentationChanged()
        }
        displayQueue.removeFirst(count)
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
                buildDisplayList()
                building.revision = revision + 1
                building.damage = nil
                building.damageRects.removeAll(keepingCapacity: true)
            }
            for v in changedViews { v.isQueuedForRepaint = false }
            changedViews.removeAll(keepingCapacity: true)
            changedLayers.removeAll(keepingCapacity: true)
            needsFullBuild = false
            displayListIsStale = false
        } else if patchesDisplayList {
            // Nothing changed: the same list again, one revision on, with nothing damaged.
            presentedList.revision += 1
            presentedList.damage = .zero
            presentedList.damageRects.removeAll(keepingCapacity: true)
        }
        renderer?.present(displayList, frame: FrameContext(index: frame.index, time: frame.time))
        if appearing, let vc = rootViewController {
            appearing = false
            call("viewDidAppear", on: vc.view) { vc.endAppearanceTransition() }
        }
    }

    /// Whether the window has flagged views or pending constraint changes.
    public var hasPendingWork: Bool {
        rootView.subtreeNeedsLayout || rootView.subtreeNeedsUpdateConstraints || !displayQueue.isEmpty
            || layoutEngine.hasPendingChanges || pendingAppearance
    }

    /// What ``hasPendingWork`` found, in words.
    public func describePendingWork() -> [String] {
        var parts: [String] = []
        if rootView.subtreeNeedsLayout { parts.append("views need layout") }
        if rootView.subtreeNeedsUpdateConstraints { parts.append("views need updateConstraints") }
        if !displayQueue.isEmpty { parts.append("\(displayQueue.count) views need display") }
        if layoutEngine.hasPendingChanges { parts.append("constraint changes pending") }
        if pendingAppearance { parts.append("a controller is appearing") }
        guard !parts.isEmpty else { return [] }
        let index = runLoop?.windows.firstIndex { $0 === self } ?? 0
        return ["window \(index): " + parts.joined(separator: ", ")]
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

    private func reportFeedbackLoop(top: View, passes: Int) {
        var dirty: [String] = []
        UpdateCycle.collectDirty(top, into: &dirty)
        var calls: [String] = []
        for entry in loopLog where !calls.contains(entry) { calls.append(entry) }
        let message = "Layout feedback loop in frame \(frameIndex): still dirty after \(passes) passes; "
            + "views: \(dirty.joined(separator: ", ")); invalidations: \(calls.joined(separator: "; ")). "
            + "The remaining flags were cleared so the app keeps running."
        diagnostics.report(Diagnostic(kind: .layoutFeedbackLoop, frame: frameIndex, message: message, views: dirty))
        UpdateCycle.clearLayoutFlags(top)
    }

    /// ``View/layoutIfNeeded()`` on a view in this window (U2).
    func layoutIfNeeded(_ view: View) {
        if let c = currentCall, c.call == "draw" {
            diagnostics.report(Diagnostic(
                kind: .misuse, frame: frameIndex,
                message: "layoutIfNeeded() on \(view.traceName) was called from \(c.view.traceName).draw(_:in:); layout cannot run during the display pass. The call was ignored: invalidate layout with setNeedsLayout() instead.",
                views: [view.traceName]))
            return
        }
        // Constraints first: the whole tree's, since constraints cross subtrees.
        runConstraintsAndLayout(from: view)
    }

    /// ``View/updateConstraintsIfNeeded()`` on a view in this window.
    func updateConstraintsIfNeeded(_ view: View) {
        guard view.subtreeNeedsUpdateConstraints || layoutEngine.hasPendingChanges else { return }
        UpdateCycle.constraintsPass(view, window: self)
        layoutEngine.solve()
    }

    // MARK: Commit

    /// The list presented last (patched in place between full builds).
    private var presentedList: DisplayList {
        get { current == 0 ? listA : listB }
        _modify { if current == 0 { yield &listA } else { yield &listB } }
    }

    /// Numbers windows, for ``DisplayList/origin``.
    /// Which window's lists these are: a number from the run loop, unique among its windows
    /// (a window not yet on a run loop numbers itself by its identity).
    private lazy var listOrigin: Int = runLoop?.makeSerialNumber() ?? ObjectIdentifier(self).hashValue

    private func buildDisplayList() {
        buildGeneration &+= 1
        building.reset(size: size, scale: scale, background: backgroundColor)
        building.origin = listOrigin
        layerRenderer.generation = buildGeneration
        layerRenderer.fontSystem = fontSystem
        canvas.fontSystem = fontSystem
        _ = emit(rootView, parent: .identity, into: &building.commands, offset: 0)
    }

    /// Appends `v`'s subtree to `list` (whose first element will sit at `offset` in the display
    /// list) and returns the box of what it draws in window points.
    private func emit(_ v: View, parent: AffineTransform, into list: inout [DrawCommand], offset: Int) -> Rect {
        var p = v.presentation
        if let vl = v.loadedLayer, vl.hasRunningAnimations { vl.overlayAnimations(on: &p) }
        guard !v.isHidden, p.alpha > 0 else { return .null }
        let t = p.transformToSuperview.concatenating(parent)
        let local = Rect(origin: p.bounds.origin, size: p.bounds.size)
        let start = list.count
        v.listStart = offset + start
        v.listGeneration = buildGeneration
        v.isQueuedForRepaint = false
        list.append(.endGroup)                              // the group marker, written below
        var box = Rect.null
        if p.backgroundColor.alpha > 0 {
            list.append(.fillRect(local, p.backgroundColor, cornerRadius: p.cornerRadius))
            box = t.apply(to: local)
        }
        if !v.content.isEmpty {
            list.append(contentsOf: v.content)
            for c in v.content {
                // A group inside drawn content has no box here: everything, to be safe.
                if let b = c.localBounds { box = box.union(t.apply(to: b)) } else { box = Rect(x: -1e15, y: -1e15, width: 2e15, height: 2e15); break }
            }
        }
        if let vl = v.loadedLayer, !vl.children.isEmpty {
            // Sublayers added to the view's layer draw above its content, below its subviews.
            layerRenderer.listOffset = offset
            box = box.union(layerRenderer.emitSublayers(of: vl, transform: Homography(t), into: &list))
            layerRenderer.listOffset = 0
        }
        for s in v.subviews { box = box.union(emit(s, parent: t, into: &list, offset: offset)) }
        if p.borderWidth > 0, p.borderColor.alpha > 0 {
            list.append(.strokeBorder(local, p.borderColor, width: p.borderWidth, cornerRadius: p.cornerRadius))
            box = box.union(t.apply(to: local))
        }
        if v.clipsToBounds { box = box.intersection(t.apply(to: local)) }
        list.append(.endGroup)
        var g = GroupState(transform: t, opacity: p.alpha, clip: v.clipsToBounds ? local : nil,
                           clipCornerRadius: p.cornerRadius, name: v.identifier ?? "")
        g.bounds = box
        g.end = offset + list.count - 1
        list[start] = .beginGroup(g)
        return box
    }

    /// Re-emits the subtrees of the changed views in place and sets the list's damage to the
    /// union of their old and new boxes; false when that cannot be done (a subtree's command
    /// count changed, a view was not in the list, or so many changed that a rebuild is cheaper),
    /// and the caller rebuilds.
    private func patchChangedViews() -> Bool {
        guard changedViews.count <= 16 || changedViews.count * 8 <= presentedList.commands.count else { return false }
        presentedList.damage = nil
        presentedList.damageRects.removeAll(keepingCapacity: true)
        for v in changedViews where v.window === self {
            guard v.listGeneration == buildGeneration, v.listStart >= 0, v.superview != nil || v === rootView else { return false }
            guard case .beginGroup(let old) = presentedList.commands[v.listStart], old.end >= v.listStart else { return false }
            let parent: AffineTransform
            if let s = v.superview {
                guard s.listGeneration == buildGeneration, case .beginGroup(let pg) = presentedList.commands[s.listStart] else { return false }
                parent = pg.transform
            } else {
                parent = .identity
            }
            scratchCommands.removeAll(keepingCapacity: true)
            let box = emit(v, parent: parent, into: &scratchCommands, offset: v.listStart)
            let count = old.end + 1 - v.listStart
            guard scratchCommands.count == count else { return false }
            presentedList.commands.withUnsafeMutableBufferPointer { list in
                for k in 0..<count { list[v.listStart + k] = scratchCommands[k] }
            }
            presentedList.addDamage(old.bounds.union(box))
            growGroups(from: v.superview, toHold: box)
        }
        for (layer, v) in changedLayers where v.window === self && !v.isQueuedForRepaint {
            // A view not in the list (hidden) draws none of its layers.
            guard v.listGeneration == buildGeneration, v.listStart >= 0, let host = v.loadedLayer else { continue }
            guard let (old, box) = layerRenderer.patch(layer, host: host, in: &presentedList.commands, scratch: &scratchCommands)
            else { return false }
            presentedList.addDamage(old.union(box))
            growGroups(from: v, toHold: box)
        }
        presentedList.revision += 1
        if presentedList.damage == nil || presentedList.damage!.isNull { presentedList.damage = .zero }
        return true
    }

    /// Grows the boxes of `view`'s group and its ancestors' to hold `box` (a patched group's).
    private func growGroups(from view: View?, toHold box: Rect) {
        var a = view
        while let c = a, c.listGeneration == buildGeneration, case .beginGroup(var g) = presentedList.commands[c.listStart] {
            let grown = g.bounds.union(box)
            guard grown != g.bounds else { break }
            g.bounds = c.clipsToBounds ? grown.intersection(g.transform.apply(to: c.presentation.bounds)) : grown
            presentedList.commands[c.listStart] = .beginGroup(g)
            a = c.superview
        }
    }

    // MARK: Events

    /// Dispatches an input event (TX6-TX8): pointer events are hit-tested per pointer id (a press
    /// captures its pointer until release) and bubble up the superview chain, after the gesture
    /// recognizers of the pressed view and its ancestors have seen them (and arbitrated); a
    /// scroll goes to the view under it; the mouse hovering updates ``View/isHovered``; keys and
    /// text go to the first responder and along the responder chain (the root view controller
    /// when there is no first responder), then ``onKey``; an unhandled Tab or shift-Tab moves
    /// focus. Returns whether something handled it.
    @discardableResult
    public func handle(_ event: InputEvent) -> Bool {
        switch event.kind {
        case .resize(let s):
            resize(to: s)
            return true
        case .keyDown(let k), .keyUp(let k):
            let down = if case .keyDown = event.kind { true } else { false }
            let start: Responder? = firstResponder ?? rootViewController
            if let start, start.keyEvent(event) { return true }
            if down, k.name == "tab", event.modifiers.isDisjoint(with: [.control, .alt, .command]) {
                if moveFocus(backwards: event.modifiers.contains(.shift)) { return true }
            }
            return onKey?(k, down) ?? false
        case .textInput(let text):
            return firstResponder?.insertText(text) ?? false
        case .textComposition(let text, let selection):
            return firstResponder?.setMarkedText(text, selectedRange: selection) ?? false
        case .scroll(_, _, let p):
            var v = rootView.hitTest(rootView.pointFromWindow(p))
            while let c = v {
                if c.handle(event, at: c.pointFromWindow(p)) { return true }
                v = c.superview
            }
            return false
        case .pointerDown(let p, _), .pointerMoved(let p, _), .pointerUp(let p, _), .pointerCancelled(let p):
            return handlePointer(event, at: p)
        case .quit:
            return false
        }
    }

    // MARK: Pointers and gesture arbitration (TX8)

    /// What one pointer's press is doing: the view it captured, the recognizers following it,
    /// whether recognizers took it from the view, and events held from the view.
    struct PointerTrack {
        var view: View?
        var recognizers: [GestureRecognizer] = []
        var takenByRecognizer = false
        var delayed: [InputEvent] = []
    }

    private func handlePointer(_ event: InputEvent, at p: Point) -> Bool {
        let id = event.pointerID
        if case .pointerMoved(_, let buttons) = event.kind, buttons == 0, pointerTracks[id] == nil {
            if id == 0 { updateHover(at: p) }
            // A hover: hit-tested, bubbling, no recognizers.
            var v = rootView.hitTest(rootView.pointFromWindow(p))
            while let c = v {
                if c.handle(event, at: c.pointFromWindow(p)) { return true }
                v = c.superview
            }
            return false
        }
        if case .pointerDown = event.kind {
            if id == 0 { updateHover(at: nil) }
            let target = rootView.hitTest(rootView.pointFromWindow(p))
            var track = PointerTrack(view: target)
            // The recognizers of the hit view and its ancestors follow this press (K2), with
            // those already following another pointer on the same views (two-finger gestures).
            var a = target
            while let c = a {
                for r in c.gestureRecognizers where r.isEnabled && r.delegate?.gestureRecognizer(r, shouldReceive: event) != false {
                    track.recognizers.append(r)
                }
                a = c.superview
            }
            pointerTracks[id] = track
            for r in track.recognizers {
                r.arbiter = self
                if !arbitrated.contains(where: { $0 === r }) { arbitrated.append(r) }
            }
        }
        guard var track = pointerTracks[id] else { return false }
        for r in track.recognizers { r.receive(event) }
        track = pointerTracks[id] ?? track
        var handled = false
        if !track.takenByRecognizer {
            if track.recognizers.contains(where: { $0.delaysTouchesBegan && $0.state == .possible }) {
                track.delayed.append(event)
                handled = true
            } else {
                for e in track.delayed { _ = deliver(e, to: track.view) }
                track.delayed.removeAll()
                handled = deliver(event, to: track.view)
            }
        }
        switch event.kind {
        case .pointerUp, .pointerCancelled:
            pointerTracks[id] = nil
            // A press still held from the view waits for its recognizers to decide.
            if !track.delayed.isEmpty, !track.takenByRecognizer { heldPresses.append(track) }
            flushHeldPresses()
            releaseSettledRecognizers()
        default:
            pointerTracks[id] = track
        }
        return handled || track.takenByRecognizer
    }

    /// Sends a pointer event to `view` and up its superviews until one handles it.
    private func deliver(_ event: InputEvent, to view: View?) -> Bool {
        guard let p = event.location else { return false }
        var v = view
        while let c = v {
            if c.handle(event, at: c.pointFromWindow(p)) { return true }
            v = c.superview
        }
        return false
    }

    /// Called by a recognizer whose state changed: when it began or recognised, the others
    /// following the same presses yield unless a delegate lets both recognise, those requiring it
    /// to fail fail, and the view's press is cancelled; when it failed, those waiting on it decide.
    func recognizerDidChange(_ r: GestureRecognizer) {
        let following = arbitrated
        switch r.state {
        case .began, .ended:
            for o in following where o !== r && o.arbiter === self {
                if o.requires(r) { o.requirementChanged(); continue }
                let together = r.delegate?.gestureRecognizer(r, shouldRecognizeSimultaneouslyWith: o) == true
                    || o.delegate?.gestureRecognizer(o, shouldRecognizeSimultaneouslyWith: r) == true
                // A continuous gesture beginning takes the presses from every other; a discrete
                // one recognising cancels only gestures in progress (a double tap beside a single
                // tap stays possible, as in UIKit, unless one requires the other to fail).
                let active = o.state == .began || o.state == .changed
                if !together, active || (o.state == .possible && r.state == .began) { o.yield() }
            }
            if r.cancelsTouchesInView { heldPresses.removeAll { $0.recognizers.contains { $0 === r } } }
            if r.cancelsTouchesInView {
                for (id, track) in pointerTracks where track.recognizers.contains(where: { $0 === r }) && !track.takenByRecognizer {
                    var t = track
                    t.takenByRecognizer = true
                    if t.delayed.isEmpty, let p = r.touches.first(where: { $0.id == id })?.location ?? t.view.map({ _ in r.locationInWindow }) {
                        _ = deliver(InputEvent(.pointerCancelled(p), pointerID: id), to: t.view)
                    }
                    t.delayed.removeAll()
                    pointerTracks[id] = t
                }
            }
        case .failed:
            for o in following where o !== r && o.requires(r) { o.requirementChanged() }
            // Held presses go to the view once no delaying recognizer can still take them.
            for (id, track) in pointerTracks where !track.delayed.isEmpty && !track.takenByRecognizer {
                if !track.recognizers.contains(where: { $0.delaysTouchesBegan && $0.state == .possible }) {
                    var t = track
                    for e in t.delayed { _ = deliver(e, to: t.view) }
                    t.delayed.removeAll()
                    pointerTracks[id] = t
                }
            }
            flushHeldPresses()
            releaseSettledRecognizers()
        default:
            break
        }
    }

    /// Delivers presses held from their views once no recognizer may still take them.
    private func flushHeldPresses() {
        for (k, held) in heldPresses.enumerated().reversed()
        where !held.recognizers.contains(where: { $0.delaysTouchesBegan && $0.state == .possible }) {
            for e in held.delayed { _ = deliver(e, to: held.view) }
            heldPresses.remove(at: k)
        }
    }

    /// Lets go of recognizers that no pointer follows and that have decided (or, possible, wait
    /// for nothing): one still possible with no pointer down may yet recognise or fail on a timer
    /// (a double tap's interval), or wait for another to fail, and stays arbitrated.
    private func releaseSettledRecognizers() {
        arbitrated.removeAll { r in
            guard r.numberOfTouches == 0, !pointerTracks.values.contains(where: { $0.recognizers.contains { $0 === r } }) else {
                return false
            }
            let settled = r.state == .ended || r.state == .cancelled || r.state == .failed
            if settled || r.view?.window !== self { r.arbiter = nil; return true }
            return false
        }
    }

    // MARK: Hover and focus (TX7)

    /// Marks the views under the mouse (nil: none) hovered, calling their enter and exit methods.
    private func updateHover(at p: Point?) {
        var now: [View] = []
        if let p {
            var v = rootView.hitTest(rootView.pointFromWindow(p))
            while let c = v { now.append(c); v = c.superview }
        }
        for old in hovered where !now.contains(where: { $0 === old }) {
            old.isHovered = false
            old.pointerExited()
        }
        for new in now.reversed() where !new.isHovered {
            new.isHovered = true
            new.pointerEntered()
        }
        hovered = now
    }

    /// Sets the first responder (called by ``Responder/becomeFirstResponder()`` and resign).
    func setFirstResponder(_ r: Responder?) {
        firstResponder = r
        requestFrame()
    }

    /// Moves focus to the next (or previous) view that can become first responder, in the
    /// order of the view tree (depth first); true when focus moved.
    func moveFocus(backwards: Bool) -> Bool {
        var candidates: [View] = []
        func collect(_ v: View) {
            guard !v.isHidden else { return }
            if v.takesTabFocus { candidates.append(v) }
            for s in v.subviews { collect(s) }
        }
        collect(rootView)
        guard !candidates.isEmpty else { return false }
        let current = candidates.firstIndex { $0 === firstResponder }
        let next: Int = switch (current, backwards) {
        case (nil, false): 0
        case (nil, true): candidates.count - 1
        case (let i?, false): (i + 1) % candidates.count
        case (let i?, true): (i - 1 + candidates.count) % candidates.count
        }
        return candidates[next].becomeFirstResponder()
    }

    /// Whether the first responder takes text input (the window backend then asks the platform
    /// for text and input-method events), and where its caret is.
    public var wantsTextInput: Bool { firstResponder?.acceptsTextInput ?? false }
    public var textInputRect: Rect? { firstResponder?.textInputRect }
}
