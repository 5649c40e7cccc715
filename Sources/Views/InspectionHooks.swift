import Geometry
import UpdateLoop

/// What an inspector (TimelineInspector) watches in one window: set on
/// ``Window/inspectionHooks`` while a client looks at the window, nil otherwise. Every hook is
/// called on the main actor, synchronously, where the change happens; none runs in a frame that
/// changed nothing.
@MainActor
public final class InspectionHooks {
    /// Called after `child` was inserted into (or moved within) `parent`'s subviews
    /// (`inserted` true), or before `child` leaves `parent` (false), for views in the window's
    /// tree. Views added to a tree in no window are not reported until their top joins the window.
    public var treeDidChange: ((_ parent: View, _ child: View, _ inserted: Bool) -> Void)?
    /// Sees each pointer event before the window dispatches it; returning true takes it from the
    /// app (an inspector's pick mode).
    public var pointerPick: ((InputEvent) -> Bool)?
    /// Called after the layout pass ran `view`'s `layoutSubviews()` (an inspector's layout
    /// flashing), in phase 5, with the view's bounds laid out.
    public var didLayout: ((_ view: View) -> Void)?
    /// Called after the display pass ran `view`'s `draw(_:in:)` on `rect` (its coordinates): an
    /// inspector's paint flashing, in phase 6.
    public var didDraw: ((_ view: View, _ rect: Rect) -> Void)?
    /// Whether the inspector's overlay changes in the next frame (a flash fading): the window
    /// then asks for that frame, as for its own pending work.
    public var overlayIsAnimating: (() -> Bool)?

    /// Hooks with none set.
    public init() {}

    /// Whether no hook is set (then the window can drop this object).
    public var isEmpty: Bool { treeDidChange == nil && pointerPick == nil && didLayout == nil && didDraw == nil
        && overlayIsAnimating == nil }
}
