/// A view as something that may outlive it holds it (a block animation's delegate, a property
/// animator's track): ``view`` is nil once the view is gone. It stands in for a weak reference,
/// which would give the view a side table: every retain and release of the view would then take
/// the runtime's slow path, 0.63 M instructions a frame at 10,000 animated properties, where the
/// window retains each view it lists (AM4; `timeline bench animation --only-tick 10000`).
final class ViewReference {
    /// The view; the view's deinit clears it, so it is never read after the view is gone.
    unowned var view: View?

    init(_ view: View) { self.view = view }
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
