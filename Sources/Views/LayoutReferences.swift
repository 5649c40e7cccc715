// How the layout's objects refer to what they must not keep alive (a constraint to its items,
// its owning view and its engine; a guide to its view; the engine's item to its view or
// guide) without a weak reference: a weak reference gives its object a side table for good,
// and every later retain and release of the object takes the runtime's slow path. A frame
// retains the layout engine and the views it lays out many times over, so they hold small
// reference objects instead, whose `unowned` reference the referent's deinit clears (the
// ``ViewReference`` pattern, docs/animation-model.md "No weak reference to what a frame
// retains"; AM5).

/// A layout guide as something that may outlive it holds it (a constraint on it, the engine's
/// item for it): ``guide`` is nil once the guide is gone.
final class LayoutGuideReference {
    /// The guide; its deinit clears it, so it is never read after the guide is gone.
    unowned var guide: LayoutGuide?

    init(_ guide: LayoutGuide) { self.guide = guide }
}

/// The layout engine as its constraints hold it: ``engine`` is nil once the engine is gone.
/// Compared by identity (`===`) to tell whether a constraint is still in an engine, which
/// reads no reference count.
final class LayoutEngineReference {
    /// The engine; its deinit clears it.
    unowned var engine: LayoutEngine?

    init() {}
}

/// A constraint's item: a view or a guide through its reference object, or (for an item of
/// another kind, which activation refuses with an error) a weak reference, as before.
@MainActor
enum LayoutOwnerReference {
    case view(ViewReference)
    case guide(LayoutGuideReference)
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
        case .view(let r): r.view
        case .guide(let r): r.guide
        case .other(let r): r.owner
        }
    }
}

/// An item of a kind the engine does not lay out, held weakly until activation refuses it.
final class WeakLayoutItemOwner {
    weak var owner: (any LayoutItemOwner)?
    init(_ owner: any LayoutItemOwner) { self.owner = owner }
}

extension LayoutGuide {
    /// The guide's one ``LayoutGuideReference``, made on first use.
    var reference: LayoutGuideReference {
        if let r = referenceStorage { return r }
        let r = LayoutGuideReference(self)
        referenceStorage = r
        return r
    }
}
