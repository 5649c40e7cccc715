import Layers
import Views

/// What a CDP node id stands for.
@MainActor
enum InspectedNode {
    case document
    case window(Window)
    case view(View)
    /// A layer beneath a view (a sublayer of its layer, or deeper), with that view.
    case layer(Layer, owner: View)
}

/// The node ids of one inspector: a view, layer or window keeps its id while it lives, so a
/// client's selection survives a new document. Ids are held weakly: a node whose object is gone
/// resolves to nothing, and its id is never given again.
@MainActor
final class NodeRegistry {
    /// The document's id; windows, views and layers count up from 2.
    static let documentID = 1

    private struct Entry {
        weak var object: AnyObject?
        weak var owner: View?
    }
    private var entries: [Int: Entry] = [:]
    private var ids: [ObjectIdentifier: Int] = [:]
    private var nextID = 2

    /// How many live objects have ids.
    var count: Int { entries.count }

    /// The id of `object` (a window, view or layer), given now if it had none. `owner` is the
    /// view a layer lies beneath.
    func id(for object: AnyObject, owner: View? = nil) -> Int {
        let key = ObjectIdentifier(object)
        // An identifier is an address: a dead object's may be reused, so check the entry's object.
        if let id = ids[key], entries[id]?.object === object { return id }
        let id = nextID
        nextID += 1
        ids[key] = id
        entries[id] = Entry(object: object, owner: owner)
        return id
    }

    /// The id `object` has, without giving one.
    func existingID(for object: AnyObject) -> Int? {
        guard let id = ids[ObjectIdentifier(object)], entries[id]?.object === object else { return nil }
        return id
    }

    /// What `id` stands for, or nil when it names nothing alive.
    func resolve(_ id: Int) -> InspectedNode? {
        if id == Self.documentID { return .document }
        guard let entry = entries[id], let object = entry.object else { return nil }
        if let window = object as? Window { return .window(window) }
        if let view = object as? View { return .view(view) }
        if let layer = object as? Layer, let owner = entry.owner { return .layer(layer, owner: owner) }
        return nil
    }

    /// The constraint `id` names (ids of constraints come from ``id(for:owner:)`` too), or nil.
    func constraint(_ id: Int) -> LayoutConstraint? {
        entries[id]?.object as? LayoutConstraint
    }

    /// Drops the entries of objects that are gone. Called before a new document is sent.
    func prune() {
        for (id, entry) in entries where entry.object == nil { entries[id] = nil }
        for (key, id) in ids where entries[id] == nil { ids[key] = nil }
    }
}
