import Geometry

/// The tree walks of the update cycle. Each walk only descends into subtrees whose
/// "something below needs it" bit is set, so a frame with one dirty view costs its depth, not the
/// tree's size.
@MainActor
enum UpdateCycle {
    /// Calls the override through the window (traced) or directly for a detached view.
    @inline(__always)
    static func call(_ name: String, on view: View, window: Window?, _ body: () -> Void) {
        if let window { window.call(name, on: view, body) } else { body() }
    }

    /// The constraints pass: `updateConstraints()` on flagged views, leaf views first (U5).
    static func constraintsPass(_ v: View, window: Window?) {
        guard v.subtreeNeedsUpdateConstraints else { return }
        v.subtreeNeedsUpdateConstraints = false
        let children = v.subviews
        for s in children { constraintsPass(s, window: window) }
        if v.needsUpdateConstraints {
            v.needsUpdateConstraints = false
            runUpdateConstraints(v, window: window)
        }
        if v.needsUpdateConstraints || children.contains(where: { $0.subtreeNeedsUpdateConstraints }) {
            v.subtreeNeedsUpdateConstraints = true
        }
    }

    private static func runUpdateConstraints(_ v: View, window: Window?) {
        v.didCallSuperUpdateConstraints = false
        if let vc = v.viewController, vc.isViewLoaded, vc.view === v {
            vc.didCallSuperUpdateViewConstraints = false
            call("updateViewConstraints", on: v, window: window) { vc.updateViewConstraints() }
            if !vc.didCallSuperUpdateViewConstraints {
                reportMissingSuper(v, method: "\(type(of: vc)).updateViewConstraints()", window: window)
                return
            }
        } else {
            call("updateConstraints", on: v, window: window) { v.updateConstraints() }
        }
        if !v.didCallSuperUpdateConstraints {
            reportMissingSuper(v, method: "\(type(of: v)).updateConstraints()", window: window)
        }
    }

    private static func reportMissingSuper(_ v: View, method: String, window: Window?) {
        guard let window else { return }
        window.diagnostics.report(Diagnostic(
            kind: .missingSuperCall, frame: window.frameIndex,
            message: "\(method) on \(v.traceName) did not call super as its last step. UIKit raises an exception here; this engine reports it and continues, but the view's own constraint bookkeeping was skipped.",
            views: [v.traceName]))
    }

    /// The layout pass: `layoutSubviews()` on flagged views, root first (U1, U6).
    ///
    /// In a window it goes to the flagged children through their superview's list in the
    /// window's layout table: one flagged child among thousands costs one visit. Two or more are
    /// visited in subview order (UIKit's), found by a scan of the subviews' flags, as are the
    /// flagged children of a tree in no window, which keeps no lists (AM5).
    static func layoutPass(_ v: View, window: Window?) {
        layoutPass(v, window: window, engine: window?.layoutEngine)
    }

    private static func layoutPass(_ v: View, window: Window?, engine: LayoutEngine?) {
        guard v.subtreeNeedsLayout else { return }
        if v.needsLayout {
            v.needsLayout = false
            runLayout(v, window: window)
        }
        // Cleared after the view's own layout, so that the subviews it flags stop propagating here.
        v.subtreeNeedsLayout = v.needsLayout
        // The window stays optional: binding it would retain it (through its side table).
        guard let engine else {
            for s in v.subviews where s.subtreeNeedsLayout { layoutPass(s, window: nil, engine: nil) }
            if v.subviews.contains(where: { $0.subtreeNeedsLayout }) { v.subtreeNeedsLayout = true }
            return
        }
        switch engine.childrenNeedingLayoutCount(of: v) {
        case 0:
            return                                     // nothing listed: nothing below is flagged
        case 1:
            // The usual case (one flagged view among many): the list is emptied in place.
            let s = engine.takeOnlyChildNeedingLayout(of: v)
            if s.superview === v { layoutChild(s, of: v, window: window, engine: engine) }
        default:
            var listed: [View] = []
            engine.takeChildrenNeedingLayout(of: v, leaving: &listed)
            for s in listed where s.superview === v { engine.unlistForLayout(s) }
            for s in v.subviews where s.subtreeNeedsLayout { layoutChild(s, of: v, window: window, engine: engine) }
            listed.removeAll(keepingCapacity: true)
            engine.returnChildrenNeedingLayoutStorage(of: v, &listed)
        }
        // Views flagged while the children were laid out were listed afresh.
        if engine.childrenNeedingLayoutCount(of: v) != 0 { v.subtreeNeedsLayout = true }
    }

    private static func layoutChild(_ s: View, of v: View, window: Window?, engine: LayoutEngine) {
        engine.unlistForLayout(s)
        layoutPass(s, window: window, engine: engine)
        // Its own layout flagged it again: keep it listed, for the next pass.
        if s.subtreeNeedsLayout { engine.listForLayout(s, in: v) }
    }

    private static func runLayout(_ v: View, window: Window?) {
        if let vc = v.viewController, vc.isViewLoaded, vc.view === v {
            call("viewWillLayoutSubviews", on: v, window: window) {
                vc.viewWillLayoutSubviews()
                vc.lifecycleObserver?.controllerViewWillLayoutSubviews()
            }
            call("layoutSubviews", on: v, window: window) { v.layoutSubviews() }
            call("viewDidLayoutSubviews", on: v, window: window) {
                vc.viewDidLayoutSubviews()
                vc.lifecycleObserver?.controllerViewDidLayoutSubviews()
            }
        } else {
            call("layoutSubviews", on: v, window: window) { v.layoutSubviews() }
        }
        v.notifyValueObservers()
        if let hook = window?.inspectionHooks?.didLayout { hook(v) }
    }

    /// `layoutIfNeeded()` on a view outside any window: its own subtree only, no solver.
    static func layoutDetached(_ v: View) {
        var passes = 0
        while v.subtreeNeedsUpdateConstraints || v.subtreeNeedsLayout {
            passes += 1
            if passes > 100 { clearLayoutFlags(v, engine: nil); return }
            constraintsPass(v, window: nil)
            layoutPass(v, window: nil)
        }
    }

    static func updateConstraintsDetached(_ v: View) { constraintsPass(v, window: nil) }

    /// Names of the views still flagged for layout or constraints.
    static func collectDirty(_ v: View, into out: inout [String]) {
        guard v.subtreeNeedsLayout || v.subtreeNeedsUpdateConstraints else { return }
        if v.needsLayout || v.needsUpdateConstraints { out.append(v.traceName) }
        for s in v.subviews { collectDirty(s, into: &out) }
    }

    /// Clears every layout and constraints flag in the subtree (after a feedback-loop report),
    /// and its lists in `engine`'s layout table (nil for a tree in no window).
    static func clearLayoutFlags(_ v: View, engine: LayoutEngine?) {
        guard v.subtreeNeedsLayout || v.subtreeNeedsUpdateConstraints else { return }
        v.needsLayout = false; v.subtreeNeedsLayout = false
        engine?.clearLayoutLists(v)
        v.needsUpdateConstraints = false; v.subtreeNeedsUpdateConstraints = false
        for s in v.subviews { clearLayoutFlags(s, engine: engine) }
    }
}

extension Window {
    /// ``View/updateConstraintsIfNeeded()`` on a view in this window.
    func updateConstraintsIfNeeded(_ view: View) {
        guard view.subtreeNeedsUpdateConstraints || layoutEngine.hasPendingChanges else { return }
        UpdateCycle.constraintsPass(view, window: self)
        layoutEngine.solve()
    }
}

/// A view's update-cycle flags and the Auto Layout inputs the layout engine reads for each
/// frame it sets, stored as one private property of ``View`` behind its public accessors:
/// each access reads or writes one field and calls nothing meanwhile, so the optimiser proves
/// it exclusive and drops the run-time check that a public stored property keeps (AM4).
struct ViewCycleState {
    var needsLayout = true
    var needsUpdateConstraints = false
    var needsUpdateProperties = false
    var needsDisplay = true
    var translatesAutoresizingMask = true
    var autoresizingMask: AutoresizingMask = []
    var alignmentRectInsets: EdgeInsets = .zero
}
