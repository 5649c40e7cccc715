// Whether a window has work left for a frame, and what, in words: what the run loop's idle
// check and a headless test's "ends idle" check ask.

extension Window {
    /// Whether the window has flagged views or pending constraint changes.
    public var hasPendingWork: Bool {
        rootView.subtreeNeedsLayout || rootView.subtreeNeedsUpdateConstraints || !displayQueue.isEmpty
            || layoutEngine.hasPendingChanges || pendingAppearance || inspectionHooks?.overlayIsAnimating?() == true
    }

    /// What ``hasPendingWork`` found, in words.
    public func describePendingWork() -> [String] {
        var parts: [String] = []
        if rootView.subtreeNeedsLayout { parts.append("views need layout") }
        if rootView.subtreeNeedsUpdateConstraints { parts.append("views need updateConstraints") }
        if !displayQueue.isEmpty { parts.append("\(displayQueue.count) views need display") }
        if layoutEngine.hasPendingChanges { parts.append("constraint changes pending") }
        if pendingAppearance { parts.append("a controller is appearing") }
        if inspectionHooks?.overlayIsAnimating?() == true { parts.append("an inspector's overlay is fading") }
        guard !parts.isEmpty else { return [] }
        let index = runLoop?.windows.firstIndex { $0 === self } ?? 0
        return ["window \(index): " + parts.joined(separator: ", ")]
    }
}
