import UpdateLoop

// How what may outlive an object refers to it without a weak reference: a weak reference gives
// its object a side table for good, and every later retain and release of the object takes the
// runtime's slow path. A frame retains the views it lists, the layout engine and the views it
// lays out many times over (0.63 M instructions a frame at 10,000 animated properties, AM4;
// `timeline bench animation --only-tick 10000`), so such objects hand out one small box each
// (``ObjectReference``, UpdateLoop) that their deinit clears (docs/animation-model.md "No weak
// reference to what a frame retains"; AM4, AM5).

extension View {
    /// The view's one ``ObjectReference``, made on first use; the view's deinit clears it.
    package var reference: ObjectReference<View> { .shared(by: self, in: &referenceStorage) }
}

extension LayoutGuide {
    /// The guide's one ``ObjectReference``, made on first use; the guide's deinit clears it.
    var reference: ObjectReference<LayoutGuide> { .shared(by: self, in: &referenceStorage) }
}

extension LayoutConstraint {
    /// The constraint's one ``ObjectReference``, made on first use; its deinit clears it.
    var reference: ObjectReference<LayoutConstraint> { .shared(by: self, in: &referenceStorage) }
}

extension ObjectReference {
    /// `object`'s one reference, kept in `storage` (the object's own property), made on first
    /// use.
    @inline(__always)
    static func shared(by object: Object, in storage: inout ObjectReference?) -> ObjectReference {
        if let r = storage { return r }
        let r = ObjectReference(object)
        storage = r
        return r
    }
}

/// A constraint's item: a view or a guide through its reference object, or (for an item of
/// another kind, which activation refuses with an error) a weak reference, as before.
@MainActor
enum LayoutOwnerReference {
    case view(ObjectReference<View>)
    case guide(ObjectReference<LayoutGuide>)
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
