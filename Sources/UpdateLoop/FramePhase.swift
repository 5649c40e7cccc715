/// The ordered phases of one frame (R5). Work runs in this order, every frame.
public enum FramePhase: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
    /// Outside any frame (setup code, tests between steps).
    case idle = 0
    /// (1) Queued events, first in first out: input events, posted closures, then due timers.
    case events
    /// (2) Frame observers and the animation tick to the frame time.
    case animation
    /// (3) Completion handlers of animations that ended in this frame.
    case completions
    /// (4) The constraints pass: `updateConstraints`, leaf views first, then the solver.
    case constraints
    /// (5) The layout pass: `layoutSubviews`, root first.
    case layout
    /// (6) The display pass: `draw(_:in:)` on flagged views.
    case display
    /// (7) Commit: the display list of the presentation tree goes to the renderer.
    case commit

    /// Phases order as they run in a frame.
    public static func < (a: FramePhase, b: FramePhase) -> Bool { a.rawValue < b.rawValue }

    /// The name used in traces and JSON output.
    public var description: String {
        switch self {
        case .idle: "idle"
        case .events: "events"
        case .animation: "animation"
        case .completions: "completions"
        case .constraints: "constraints"
        case .layout: "layout"
        case .display: "display"
        case .commit: "commit"
        }
    }
}
