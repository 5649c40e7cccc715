import UpdateLoop

/// What an inspector (TimelineInspector) watches in one window: set on
/// ``Window/inspectionHooks`` while a client looks at the window, nil otherwise. Every hook is
/// called on the main actor, synchronously, where the change happens; none runs per frame.
@MainActor
public final class InspectionHooks {
    /// Called after `child` was inserted into (or moved within) `parent`'s subviews
    /// (`inserted` true), or before `child` leaves `parent` (false), for views in the window's
    /// tree. Views added to a tree in no window are not reported until their top joins the window.
    public var treeDidChange: ((_ parent: View, _ child: View, _ inserted: Bool) -> Void)?
    /// Sees each pointer event before the window dispatches it; returning true takes it from the
    /// app (an inspector's pick mode).
    public var pointerPick: ((InputEvent) -> Bool)?

    /// Hooks with none set.
    public init() {}

    /// Whether no hook is set (then the window can drop this object).
    public var isEmpty: Bool { treeDidChange == nil && pointerPick == nil }
}
