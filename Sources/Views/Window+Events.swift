import Geometry
import UpdateLoop

// Input for a window (TX6-TX8): dispatch, pointer tracks and gesture arbitration, hover, focus
// and text input. The state these use is stored on Window (pointerTracks, heldPresses,
// arbitrated, hovered, firstResponder).
extension Window {
    /// The scales a `scaleChanged` input event may set: from a quarter of a pixel
    /// to 8 pixels a point (anything else is ignored as bad input).
    public static let scaleRange = 0.25...8.0

    // MARK: Events

    /// Dispatches an input event (TX6-TX8): pointer events are hit-tested per pointer id (a press
    /// captures its pointer until release) and bubble up the superview chain, after the gesture
    /// recognizers of the pressed view and its ancestors have seen them (and arbitrated); a
    /// scroll goes to the view under it; the mouse hovering updates ``View/isHovered``; keys and
    /// text go to the first responder (or the control Tab focused, AX3) and along the responder
    /// chain (the root view controller when there is no first responder), then ``onKey``; an
    /// unhandled Tab or shift-Tab moves focus. Returns whether something handled it.
    @discardableResult
    public func handle(_ event: InputEvent) -> Bool {
        switch event.kind {
        case .resize(let s):
            resize(to: s)
            return true
        case .scaleChanged(let s):
            // Views redraw at the new scale and hear traitCollectionDidChange (``scale``'s
            // setter); a scale that is not a number in range changes nothing.
            guard s.isFinite, (Window.scaleRange).contains(s) else { return false }
            scale = s
            return true
        case .keyDown(let k), .keyUp(let k):
            let down = if case .keyDown = event.kind { true } else { false }
            // Without a first responder, keys go to the controller on top: the last one
            // presented (an alert's Return and Escape), else the root.
            var top = rootViewController
            while let p = top?.presentedViewController, !p.isBeingDismissed { top = p }
            let start: Responder? = firstResponder ?? accessibilityState?.focusedControl.flatMap { $0.window === self ? $0 : nil } ?? top
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
            return deliver(event, to: rootView.hitTest(rootView.pointFromWindow(p)))
        case .filesDropped(let paths, let p):
            return dropFiles(paths, at: p)
        case .pointerDown(let p, _), .pointerMoved(let p, _), .pointerUp(let p, _), .pointerCancelled(let p):
            // An inspector picking a view takes the pointer from the app (one nil check otherwise).
            if let pick = inspectionHooks?.pointerPick, pick(event) { return true }
            if accessibilityState?.ringView != nil, case .pointerDown = event.kind { hideFocusRing() }
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
        /// Where the pointer last was, in window coordinates (for a cancel the window sends).
        var location = Point.zero
    }

    /// Presses on a subtree leaving the window are cancelled, as UIKit cancels them (MR0): each
    /// view of it that was following a press gets `pointerCancelled` (a control sends
    /// `touchCancel`, never `touchUpInside`), and its recognizers are cancelled (their actions
    /// called once with `.cancelled` if they had begun, else they fail) and see nothing more of
    /// the press. Recognizers of ancestors still in the window keep following it. Called while
    /// the window marks the subtree in ``leavingMarks``; it forgets them before calling out.
    func cancelPresses(inSubtreeLeaving view: View) {
        // Quick exit: most removals happen with no press down and nothing arbitrated.
        guard !pointerTracks.isEmpty || !arbitrated.isEmpty || !heldPresses.isEmpty else { return }
        let subtree = leavingSubtree
        func isLeaving(_ v: View?) -> Bool { subtree.contains(v) }
        func leaving(_ r: GestureRecognizer) -> Bool { r.view.map { isLeaving($0) } ?? true }
        var cancelledRecognizers: [GestureRecognizer] = []
        func collect(_ r: GestureRecognizer) {
            if leaving(r), !cancelledRecognizers.contains(where: { $0 === r }) { cancelledRecognizers.append(r) }
        }
        var cancelledViews: [(view: View, id: Int, at: Point)] = []
        for (id, track) in pointerTracks {
            var t = track
            if let v = t.view, isLeaving(v) {
                // The view saw the press (nothing held from it, no recognizer took it): it is told.
                if !t.takenByRecognizer, t.delayed.isEmpty { cancelledViews.append((v, id, t.location)) }
                t.view = nil
                t.delayed.removeAll()
            }
            t.recognizers.forEach(collect)
            t.recognizers.removeAll(where: leaving)
            pointerTracks[id] = t
        }
        heldPresses.removeAll { isLeaving($0.view) }
        for k in heldPresses.indices {
            heldPresses[k].recognizers.forEach(collect)
            heldPresses[k].recognizers.removeAll(where: leaving)
        }
        arbitrated.forEach(collect)
        arbitrated.removeAll(where: leaving)
        for c in cancelledViews {
            _ = deliver(InputEvent(.pointerCancelled(c.at), pointerID: c.id), to: c.view)
        }
        for r in cancelledRecognizers { r.viewWillLeaveWindow() }
    }

    private func handlePointer(_ event: InputEvent, at p: Point) -> Bool {
        let id = event.pointerID
        if case .pointerMoved(_, let buttons) = event.kind, buttons == 0, pointerTracks[id] == nil {
            // A hover: hit-tested once for the hover state and the delivery, bubbling, no recognizers.
            let hit = rootView.hitTest(rootView.pointFromWindow(p))
            if id == 0 { updateHover(hit: hit) }
            return deliver(event, to: hit)
        }
        if case .pointerDown = event.kind {
            if id == 0 { updateHover(hit: nil) }
            let target = rootView.hitTest(rootView.pointFromWindow(p))
            var track = PointerTrack(view: target, location: p)
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
        pointerTracks[id]?.location = p
        // One whose view left the window during this loop (an action removed it) is skipped.
        for r in track.recognizers where r.arbiter === self { r.receive(event) }
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

    /// Marks the view the mouse is over (nil: none) and its ancestors hovered, calling their
    /// enter and exit methods.
    private func updateHover(hit: View?) {
        var now = hoverScratch                    // empty (see below); `now` takes its storage
        hoverScratch = []
        var v = hit
        while let c = v { now.append(c); v = c.superview }
        for old in hovered where !now.contains(where: { $0 === old }) {
            old.isHovered = false
            old.pointerExited()
        }
        for new in now.reversed() where !new.isHovered {
            new.isHovered = true
            new.pointerEntered()
        }
        updatePointerShape(over: now)
        hoverScratch = hovered                    // its storage serves the next move
        hovered = now
        // Emptied now, not at the next move: the old set's views may be leaving (a page switched
        // under the pointer), and the scratch would keep them alive (MR1).
        hoverScratch.removeAll(keepingCapacity: true)
    }

    /// Sets the first responder (called by ``Responder/becomeFirstResponder()`` and resign).
    func setFirstResponder(_ r: Responder?) {
        firstResponder = r
        if accessibilityState != nil { firstResponderDidChange(to: r) }
        requestFrame()
    }

    /// Whether the first responder takes text input (the window backend then asks the platform
    /// for text and input-method events), and where its caret is.
    public var wantsTextInput: Bool { firstResponder?.acceptsTextInput ?? false }
    /// Nil when there is no caret to show, including a null or non-finite rectangle (a field
    /// scrolled or moved out of the window, MR0), which no platform can place.
    public var textInputRect: Rect? {
        guard let r = firstResponder?.textInputRect, !r.isNull, r.isFinite else { return nil }
        return r
    }
}

/// Points one wheel notch scrolls by default (a line of text), shared by scroll views and text
/// views.
package enum WheelScrolling {
    package static let lineHeight = 40.0
}
