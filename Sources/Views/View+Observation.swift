// Observation of a view's values (RU5), the engine's side of UIKit's key-value observing: code
// watches a value of a view (a scroll view's `contentOffset` as it scrolls, a view's `frame`)
// and is told, with the old and the new value, when it changes. Values are compared, not
// intercepted: the engine checks a view's observed values after the layout pass lays the view
// out, and a scroll view checks its own when its offset, content size or inset is set, so what
// is reported is every change that scrolling, layout or code setting those values makes.
// `notifyValueObservers()` checks at once (after code sets another observed value).

/// One observation made with ``View/observe(key:initial:handler:)`` or
/// ``ValueObserving/observe(_:initial:handler:)``; the view holds it weakly, so it lasts while
/// the caller keeps it, until ``invalidate()`` is called or the view goes.
@MainActor
public final class ValueObservation {
    private weak var view: View?
    init(view: View) { self.view = view }
    /// Ends the observation; the handler is not called again.
    public func invalidate() {
        view?.changeValueObservers { list in list.removeAll { $0.token === self } }
        view = nil
    }
    /// Whether the observation still reports changes.
    public var isValid: Bool { view?.valueObservers.contains { $0.token === self } ?? false }
}

/// What a view keeps of one observation: how to read the value, the last value seen, whom to tell.
struct ValueObserver {
    weak var token: ValueObservation?
    let read: @MainActor (View) -> Any?
    let handler: @MainActor (_ old: Any?, _ new: Any?) -> Void
    var last: Any?
    /// The key observed, for an observation made by key.
    var key: String? = nil
}

/// Whether two observed values differ (values that are not hashable always do).
private func differ(_ a: Any?, _ b: Any?) -> Bool {
    guard let a = a as? AnyHashable, let b = b as? AnyHashable else { return true }
    return a != b
}

extension View {
    /// The values every view offers observers (``observableValue(forKey:)``'s default):
    /// `frame`, `bounds`, `center` and `alpha`.
    func viewValue(forKey key: String) -> Any? {
        switch key {
        case "frame": frame
        case "bounds": bounds
        case "center": center
        case "alpha": alpha
        default: nil
        }
    }

    /// Calls `handler` with the old and new value whenever the value under `key` (see
    /// ``observableValue(forKey:)``) changes; with `initial`, once at once with no old value.
    /// A key the view does not know is accepted and never reported.
    /// - Returns: the observation, which lasts while it is kept (see ``ValueObservation``).
    public func observe(key: String, initial: Bool = false,
                        handler: @escaping @MainActor (_ old: Any?, _ new: Any?) -> Void) -> ValueObservation {
        addObserver(key: key, reading: { $0.observableValue(forKey: key) }, initial: initial, handler: handler)
    }

    /// Tells the observations made by `key` that the value was set, changed or not: UIKit's
    /// key-value observing reports every set of a property, an equal value included, where the
    /// engine's checks report changes only. A facade calls it when code sets an observed
    /// property to the value it already has; the engine's own sets never do.
    /// - Complexity: O(observations of this view).
    public func notifyValueSet(forKey key: String) {
        guard !valueObservers.isEmpty else { return }
        var i = 0
        while i < valueObservers.count {
            let o = valueObservers[i]
            if o.token != nil, o.key == key {
                let now = o.read(self)
                changeValueObservers { $0[i].last = now }
                o.handler(o.last, now)
            }
            i += 1
        }
    }

    /// Calls `handler` with the old and new value whenever `read` gives a different value
    /// (compared as `AnyHashable`; a value that is not hashable counts as changed each check).
    /// The general form the key and key-path observations are made of; a facade reads its own
    /// properties through it.
    public func observe(reading read: @escaping @MainActor (View) -> Any?, initial: Bool = false,
                        handler: @escaping @MainActor (_ old: Any?, _ new: Any?) -> Void) -> ValueObservation {
        addObserver(key: nil, reading: read, initial: initial, handler: handler)
    }

    private func addObserver(key: String?, reading read: @escaping @MainActor (View) -> Any?, initial: Bool,
                             handler: @escaping @MainActor (_ old: Any?, _ new: Any?) -> Void) -> ValueObservation {
        let token = ValueObservation(view: self)
        let now = read(self)
        let observer = ValueObserver(token: token, read: read, handler: handler, last: now, key: key)
        changeValueObservers { $0.append(observer) }
        if initial { handler(nil, now) }
        return token
    }

    /// Runs `body` on the observations taken out of the view and stores them back: no access to
    /// the stored list then spans a call, so the check of every laid-out view's list (empty,
    /// mostly) is the compiler's, not the runtime's (AM4).
    func changeValueObservers(_ body: (inout [ValueObserver]) -> Void) {
        var list = valueObservers
        valueObservers = []
        body(&list)
        valueObservers = list
    }

    /// Reports the observed values that changed since they were last reported. The layout pass
    /// calls it after laying a view out and a scroll view after its offset, content size or
    /// inset is set; it does nothing when nothing observes the view.
    /// - Complexity: O(observations of this view).
    public func notifyValueObservers() {
        guard !valueObservers.isEmpty else { return }
        changeValueObservers { list in list.removeAll { $0.token == nil } }
        var i = 0
        // A handler may add or end observations: the list is read afresh at each step.
        while i < valueObservers.count {
            let o = valueObservers[i]
            let now = o.read(self)
            if now != nil, differ(o.last, now) {
                changeValueObservers { $0[i].last = now }
                o.handler(o.last, now)
            }
            i += 1
        }
    }
}

/// Views observed through key paths of their own type.
@MainActor
public protocol ValueObserving: View {}
extension View: ValueObserving {}

extension ValueObserving {
    /// Calls `handler` with this view, the old and the new value whenever the value at
    /// `keyPath` changes (checked as ``View/notifyValueObservers()`` says); the observation
    /// lasts while the returned object is kept.
    public func observe<Value: Hashable>(_ keyPath: KeyPath<Self, Value>, initial: Bool = false,
                                         handler: @escaping @MainActor (Self, _ old: Value?, _ new: Value) -> Void) -> ValueObservation {
        observe(reading: { ($0 as? Self)?[keyPath: keyPath] }, initial: initial) { [weak self] old, new in
            guard let self, let new = new as? Value else { return }
            handler(self, old as? Value, new)
        }
    }
}
