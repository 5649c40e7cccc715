import Geometry
import RenderModel

// Keyboard focus as on iPadOS and Mac Catalyst (AX3). Tab and shift-Tab move between the views
// that take it (``View/takesTabFocus``: text fields, and enabled controls), depth first with
// siblings in reading order. A view that can become first responder does; another (a button)
// becomes the window's focused control, which key events reach first, so the responder chain
// routes space, return and the arrows to it (``Control`` handles them). Focus that the keyboard
// moved shows a ring around the view, drawn in the view's group of the display list (so it
// follows its transforms and clips); a press of the pointer hides it, as on the Mac.

extension Window {
    /// The view keyboard focus is on: the first responder when it is a view, else the control
    /// Tab moved to.
    public var focusedView: View? {
        if let v = firstResponder as? View { return v }
        guard let c = accessibilityState?.focusedControl, c.window === self else { return nil }
        return c
    }

    /// The view the focus ring is drawn around, if any.
    public var focusRingView: View? {
        guard let v = accessibilityState?.ringView, v.window === self else { return nil }
        return v
    }

    /// Moves focus to the next (or previous) view that takes it, in reading order, wrapping;
    /// true when focus moved. Called for an unhandled Tab.
    func moveFocus(backwards: Bool) -> Bool {
        var candidates: [View] = []
        func collect(_ v: View) {
            guard !v.isHidden, v.alpha > 0, v.isUserInteractionEnabled else { return }
            if v.takesTabFocus { candidates.append(v) }
            var subs = v.subviews
            View.sortInReadingOrder(&subs)
            for s in subs { collect(s) }
        }
        collect(rootView)
        guard !candidates.isEmpty else { return false }
        let current = focusedView.flatMap { f in candidates.firstIndex { $0 === f } }
        let next: Int = switch (current, backwards) {
        case (nil, false): 0
        case (nil, true): candidates.count - 1
        case (let i?, false): (i + 1) % candidates.count
        case (let i?, true): (i - 1 + candidates.count) % candidates.count
        }
        return focus(candidates[next])
    }

    /// Puts keyboard focus on `view` and shows the ring around it: it becomes first responder
    /// when it can, else the focused control (the first responder resigns); false when the
    /// first responder refuses to let go.
    @discardableResult
    public func focus(_ view: View) -> Bool {
        if view.canBecomeFirstResponder {
            guard view.becomeFirstResponder() else { return false }
        } else {
            if let r = firstResponder, !r.resignFirstResponder() || firstResponder != nil { return false }
            accessibility.focusedControl = view
        }
        showFocusRing(around: view)
        postAccessibilityNotification(.focusChanged(view))
        return true
    }

    /// Called when the first responder changes: a control keeps focus only while nothing else
    /// is first responder, and the ring leaves a view that lost focus.
    func firstResponderDidChange(to r: Responder?) {
        guard let a = accessibilityState else { return }
        if r != nil { a.focusedControl = nil }
        if let ring = a.ringView, ring !== r, ring !== a.focusedControl { hideFocusRing() }
    }

    private func showFocusRing(around view: View) {
        let a = accessibility
        if let old = a.ringView, old !== view { setRing(false, on: old) }
        a.ringView = view
        setRing(true, on: view)
    }

    /// Hides the focus ring (a pointer press; focus itself stays).
    func hideFocusRing() {
        guard let a = accessibilityState, let old = a.ringView else { return }
        a.ringView = nil
        setRing(false, on: old)
    }

    private func setRing(_ shown: Bool, on view: View) {
        guard view.accessibilitySettings?.showsFocusRing ?? false != shown else { return }
        view.settings.showsFocusRing = shown
        if view.window === self { viewDidChange(view) }
    }

    /// Appends the focus ring of `v` (called by the display list's build for a view whose
    /// settings show one) and returns its box in window points: a 3-point stroke in the tint
    /// colour just outside the bounds, or just inside them when the view clips.
    func emitFocusRing(_ v: View, _ p: DrawingValues, _ local: Rect, _ t: AffineTransform,
                       into list: inout [DrawCommand]) -> Rect {
        guard accessibilityState?.ringView === v else { return .null }
        let width = 3.0
        let outset = p.clipsToBounds ? 0 : width
        let ring = local.inset(by: EdgeInsets(all: -outset))
        list.append(.strokeBorder(ring, v.tintColor.withAlphaMultiplied(by: 0.8), width: width, cornerRadius: p.cornerRadius + outset))
        return t.apply(to: ring)
    }
}
