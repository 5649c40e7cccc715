/// The appearance proxies of one window (UIKit's `appearance()`): one object per class, made on
/// first use, that records the look instances of the class take when they are made. Each
/// ``Window`` owns one (``Window/appearance``), so two windows, or two test hosts, never share a
/// proxy and nothing is kept process-wide.
///
/// The registry stores and hands out proxies; what a proxy records and how a new instance takes
/// it is the proxy's class's business (a facade's bar copies its proxy's appearances, a tab bar
/// item its title attributes). It does not walk the class hierarchy: the proxy of a class is the
/// proxy of exactly that class.
@MainActor
public final class AppearanceRegistry {
    private var proxies: [ObjectIdentifier: AnyObject] = [:]

    /// An empty registry (a window makes its own).
    public init() {}

    /// The proxy of the class `type`, made by `make` the first time it is asked for; later calls
    /// return the same object and do not call `make`. The proxy is usually an instance of `type`,
    /// but need not be (a facade may record a subclass's look on an instance of its base class).
    ///
    /// - Precondition: a proxy already made for `type` is a `T`.
    /// - Complexity: O(1) on average.
    public func proxy<T: AnyObject>(for type: AnyClass, make: () -> T) -> T {
        let key = ObjectIdentifier(type)
        if let existing = proxies[key] {
            guard let proxy = existing as? T else {
                preconditionFailure("proxy(for:make:): the proxy of \(type) is a \(Swift.type(of: existing)), not a \(T.self); ask for it as that type")
            }
            return proxy
        }
        let made = make()
        proxies[key] = made
        return made
    }

    /// The proxy of the class `type` if one has been asked for and it is a `T`, else nil (an
    /// instance made then takes nothing from it). Never makes one.
    public func existingProxy<T: AnyObject>(for type: AnyClass, as proxyType: T.Type = T.self) -> T? {
        proxies[ObjectIdentifier(type)] as? T
    }

    /// How many classes have a proxy.
    public var count: Int { proxies.count }

    /// Forgets every proxy: instances made afterwards take the classes' own defaults, and the
    /// next request makes a new proxy.
    public func removeAll() { proxies.removeAll() }
}
