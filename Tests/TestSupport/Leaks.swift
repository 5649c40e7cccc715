import Testing

/// A weak reference to an object a leak test watches, with the name of its type for the report.
public struct WeakReference {
    public weak var object: AnyObject?
    public let typeName: String

    public init(_ object: AnyObject) {
        self.object = object
        typeName = String(describing: type(of: object))
    }

    /// Whether the object is still alive.
    public var isAlive: Bool { object != nil }
}

/// Weak references to what `make` returns, taken once `make` has returned, so the caller holds
/// no strong reference to them (for leak tests: MR2, MR3).
@MainActor
public func weakReferences(_ make: () throws -> [AnyObject]) rethrows -> [WeakReference] {
    try make().map(WeakReference.init)
}

/// The names of the types still alive among `references`, with their counts, for a report:
/// "ViewController ×3, View ×6".
public func describeAlive(_ references: [WeakReference]) -> String {
    var counts: [String: Int] = [:]
    var order: [String] = []
    for r in references where r.isAlive {
        if counts[r.typeName] == nil { order.append(r.typeName) }
        counts[r.typeName, default: 0] += 1
    }
    return order.map { "\($0) ×\(counts[$0]!)" }.joined(separator: ", ")
}

/// Records an issue naming every object `make` returned that is still alive once `make` has
/// returned and `settle` has run (a leak test: everything `make` made was let go by its owner).
/// `make` returns the objects to watch; `settle` runs frames on whatever engine outlives `make`
/// (so a release the engine defers to its next frame counts as a release).
@MainActor
public func expectFreed(_ what: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation,
                        settle: () -> Void = {}, _ make: () throws -> [AnyObject]) rethrows {
    let refs = try weakReferences(make)
    settle()
    let alive = refs.filter(\.isAlive)
    #expect(!refs.isEmpty, "expectFreed: nothing was watched", sourceLocation: sourceLocation)
    if !alive.isEmpty {
        Issue.record("\(what.map { "\($0): " } ?? "")\(alive.count) of \(refs.count) objects are still alive: \(describeAlive(refs))",
                     sourceLocation: sourceLocation)
    }
}

/// Counts instances of a type that are alive: a class increments ``made`` in its initialiser and
/// ``freed`` in its deinit (for objects a test cannot reach to watch weakly, such as cells a
/// table made).
public final class LifeCounter: @unchecked Sendable {
    public private(set) var made = 0
    public private(set) var freed = 0
    public init() {}
    public var alive: Int { made - freed }
    public func didMake() { made += 1 }
    public func didFree() { freed += 1 }
}

extension Array where Element == WeakReference {
    /// Whether every watched object is alive.
    public var allAlive: Bool { allSatisfy { $0.isAlive } }
    /// Whether any watched object is alive.
    public var anyAlive: Bool { contains { $0.isAlive } }
}
