import Observation

// The properties pass (RU3): iOS 26's `updateProperties()`, a step of the update cycle before
// the constraints pass, root first. What a view's override reads of `Observable` objects is
// tracked, so a change to any of it flags the view again: state drives the view without the
// code calling `setNeedsUpdateProperties()` itself.

extension View {
    /// Flags the view for the next properties pass and returns at once; however often it is
    /// called before that pass, ``updateProperties()`` runs once.
    public func setNeedsUpdateProperties() {
        guard !needsUpdateProperties else { return }
        needsUpdateProperties = true
        var v: View? = self
        while let c = v, !c.subtreeNeedsUpdateProperties {
            c.subtreeNeedsUpdateProperties = true
            v = c.superview
        }
        window?.requestFrame()
    }

    /// Runs the properties pass on this view's subtree now, if anything in it is flagged.
    public func updatePropertiesIfNeeded() {
        UpdateCycle.propertiesPass(self, window: window)
    }
}

extension UpdateCycle {
    /// The properties pass: ``View/updateProperties()`` on flagged views, root first, each
    /// run tracked by Observation (a change to what it read flags the view again).
    static func propertiesPass(_ v: View, window: Window?) {
        guard v.subtreeNeedsUpdateProperties else { return }
        v.subtreeNeedsUpdateProperties = false
        if v.needsUpdateProperties {
            v.needsUpdateProperties = false
            // Not traced: every view runs it once on joining a window, most of them the base's
            // empty one, and the update-cycle trace lists the calls code overrides to act on.
            withObservationTracking {
                v.updateProperties()
            } onChange: { [weak v] in
                // Observation calls this as the value is about to change, on the thread that
                // changes it: the flag is set on the main actor, in the frame's event phase.
                Task { @MainActor in v?.setNeedsUpdateProperties() }
            }
        }
        for s in v.subviews { propertiesPass(s, window: window) }
    }
}
