/// An object as something that may outlive it holds it: ``object`` is nil once the object is
/// gone, as through a weak reference, but without one.
///
/// A weak reference gives its object a side table for good, and every later retain and release
/// of the object then takes the runtime's slow path. The objects a frame retains over and over
/// (the run loop, the layer engine, a window) are therefore held through their one
/// `ObjectReference`, made by the object's initialiser and cleared first thing in its deinit:
/// nothing loads the object after it is gone, and it keeps its reference counts inline (AM4;
/// docs/animation-model.md, "No weak reference to what a frame retains"). Compare two holders'
/// references with `===` to ask whether they hold the same object without touching its counts.
///
/// The reference is a constant `unowned` one beside a flag the deinit clears, not an `unowned`
/// variable set to nil: every access to a class's `unowned` variable keeps a run-time
/// exclusivity check (a store releases the old value inside it), while a constant needs none
/// and the flag is a plain bit. The price is the object's memory, not its contents, which stays
/// allocated until its last reference goes. Views, layout guides and the layout engine hand
/// out theirs the same way (Views' ItemReferences.swift).
public final class ObjectReference<Object: AnyObject> {
    /// The object; loaded only while ``isAlive``.
    private unowned let storage: Object
    /// Whether the object is alive: its deinit clears it (``clear()``).
    private var isAlive = true

    /// A reference to `object`, which makes it in its initialiser and clears it in its deinit.
    package init(_ object: Object) { storage = object }

    /// The object, nil once it is gone.
    public var object: Object? { isAlive ? storage : nil }

    /// Marks the object gone: its deinit calls this first, so ``object`` reads nil from then on.
    package func clear() { isAlive = false }
}
