/// An object as something that may outlive it holds it: ``object`` is nil once the object is
/// gone, as through a weak reference, but without one.
///
/// A weak reference gives its object a side table for good, and every later retain and release
/// of the object then takes the runtime's slow path. The objects a frame retains over and over
/// (the run loop, the layer engine, a window) are therefore held through their one
/// `ObjectReference`, whose `unowned` reference the object's deinit clears: nothing reads it
/// after the object is gone, and the object keeps its reference counts inline (AM4;
/// docs/animation-model.md, "No weak reference to what a frame retains"). Compare two holders'
/// references with `===` to ask whether they hold the same object without touching its counts.
///
/// The owner makes its reference once, sets it in its initialiser and clears it first thing in
/// its deinit; ``ViewReference`` and the layout's references (LayoutReferences.swift) are the
/// same pattern, kept as their own types where a hot loop reads them.
public final class ObjectReference<Object: AnyObject> {
    /// The object; cleared by its deinit, so never loaded once the object is gone.
    private unowned var storage: Object?

    /// A reference to nothing yet: the owner sets itself with ``set(_:)`` once initialised.
    package init() {}

    /// The object, nil once it is gone.
    public var object: Object? { storage }

    /// Points the reference at `object` (the owner's initialiser) or at nothing (its deinit).
    package func set(_ object: Object?) { storage = object }
}
