/// A view as something that may outlive it holds it (a block animation's delegate, a property
/// animator's track): ``view`` is nil once the view is gone. It stands in for a weak reference,
/// which would give the view a side table: every retain and release of the view would then take
/// the runtime's slow path, 0.63 M instructions a frame at 10,000 animated properties, where the
/// window retains each view it lists (AM4; `timeline bench animation --only-tick 10000`).
/// A constant `unowned` reference beside a flag the view's deinit clears, as
/// ``ObjectReference`` (an `unowned` variable keeps a run-time check on every read).
final class ViewReference {
    /// The view; loaded only while ``isAlive``.
    private unowned let storage: View
    /// Whether the view is alive: its deinit clears it (``clear()``).
    private var isAlive = true

    init(_ view: View) { storage = view }

    /// The view, nil once it is gone.
    var view: View? { isAlive ? storage : nil }

    /// Marks the view gone (its deinit, first).
    func clear() { isAlive = false }
}

extension View {
    /// The view's one ``ViewReference``, made on first use.
    var reference: ViewReference {
        if let r = referenceStorage { return r }
        let r = ViewReference(self)
        referenceStorage = r
        return r
    }
}
