// How what may outlive an object refers to it without a weak reference: a weak reference gives
// its object a side table for good, and every later retain and release of the object takes the
// runtime's slow path. A frame retains the views it lists, the layout engine and the views it
// lays out many times over (0.63 M instructions a frame at 10,000 animated properties, AM4;
// `timeline bench animation --only-tick 10000`), so such objects hand out one small box each
// whose `unowned` reference their deinit clears (docs/animation-model.md "No weak reference
// to what a frame retains"; AM4, AM5).

/// An object as something that may outlive it holds it (a block animation's delegate, a
/// property animator's track, a constraint's items, owning view and engine, the engine's item
/// for a view or guide): ``object`` is nil once the object is gone. The object keeps its one
/// box (``shared(by:in:)``) and clears it in its deinit; boxes compare by identity (`===`),
/// which reads no reference count.
final class UnownedReference<Object: AnyObject> {
    /// The object; its deinit clears it, so it is never read after the object is gone.
    unowned var object: Object?

    init(_ object: Object?) { self.object = object }

    /// `object`'s one box, kept in `storage` (the object's own property), made on first use.
    @inline(__always)
    static func shared(by object: Object, in storage: inout UnownedReference?) -> UnownedReference {
        if let r = storage { return r }
        let r = UnownedReference(object)
        storage = r
        return r
    }
}

extension View {
    /// The view's one ``UnownedReference``, made on first use.
    var reference: UnownedReference<View> { .shared(by: self, in: &referenceStorage) }
}

extension LayoutGuide {
    /// The guide's one ``UnownedReference``, made on first use.
    var reference: UnownedReference<LayoutGuide> { .shared(by: self, in: &referenceStorage) }
}

/// A constraint's item: a view or a guide through its reference object, or (for an item of
/// another kind, which activation refuses with an error) a weak reference, as before.
@MainActor
enum LayoutOwnerReference {
    case view(UnownedReference<View>)
    case guide(UnownedReference<LayoutGuide>)
    case other(WeakLayoutItemOwner)

    init(_ owner: any LayoutItemOwner) {
        if let v = owner as? View {
            self = .view(v.reference)
        } else if let g = owner as? LayoutGuide {
            self = .guide(g.reference)
        } else {
            self = .other(WeakLayoutItemOwner(owner))
        }
    }

    /// The item, nil once it is gone.
    var owner: (any LayoutItemOwner)? {
        switch self {
        case .view(let r): r.object
        case .guide(let r): r.object
        case .other(let r): r.owner
        }
    }
}

/// An item of a kind the engine does not lay out, held weakly until activation refuses it.
final class WeakLayoutItemOwner {
    weak var owner: (any LayoutItemOwner)?
    init(_ owner: any LayoutItemOwner) { self.owner = owner }
}
