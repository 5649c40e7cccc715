import FrameTiming

/// Something that takes part in every frame of a ``MainRunLoop``: the animation engine, each
/// window. The run loop calls these in the order of R5 and sets the phase before each group of
/// calls; a participant never sets a phase itself.
///
/// Every requirement has a default that does nothing, so a participant implements only the phases
/// it works in. Participants run in the order they were added, within each phase.
@MainActor
public protocol FrameParticipant: AnyObject {
    /// Phase 1: an input event the loop routes to this participant (see
    /// ``MainRunLoop/addParticipant(_:receivesInput:)``). Returns whether it was handled.
    func handle(_ event: InputEvent) -> Bool
    /// Phase 2: brings everything time-driven to the frame's time (after the frame observers).
    func advance(to frame: FrameInfo)
    /// Phase 3: completion handlers of what ended in this frame's phase 2.
    func runCompletions()
    /// Whether the constraints and layout passes have work. The loop repeats phases 4 and 5 while
    /// any participant answers yes (U7: a participant stops a feedback loop by clearing its flags).
    var needsUpdatePass: Bool { get }
    /// Phase 4: one constraints pass. `pass` counts the passes of this frame from 1.
    func constraintsPass(_ pass: Int)
    /// Phase 5: one layout pass.
    func layoutPass(_ pass: Int)
    /// Phase 6: the display pass.
    func displayPass()
    /// Phase 7: hands what the frame produced to its renderer.
    func commit(_ frame: FrameInfo)
    /// Whether the participant needs another frame (R6). Read at the end of every frame: keep it
    /// cheap and allocation-free.
    var hasPendingWork: Bool { get }
    /// What keeps the participant from idling, in words (for ``MainRunLoop/pendingWork``).
    func describePendingWork() -> [String]
}

extension FrameParticipant {
    /// By default a participant handles no input.
    public func handle(_ event: InputEvent) -> Bool { false }
    /// By default nothing is time-driven.
    public func advance(to frame: FrameInfo) {}
    /// By default there are no completions.
    public func runCompletions() {}
    /// By default there is no constraints or layout work.
    public var needsUpdatePass: Bool { false }
    /// By default nothing happens.
    public func constraintsPass(_ pass: Int) {}
    /// By default nothing happens.
    public func layoutPass(_ pass: Int) {}
    /// By default nothing happens.
    public func displayPass() {}
    /// By default nothing is committed.
    public func commit(_ frame: FrameInfo) {}
    /// By default "TYPE has work" while it has pending work.
    public func describePendingWork() -> [String] { hasPendingWork ? ["\(type(of: self)) has work"] : [] }
}
