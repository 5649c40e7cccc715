import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Navigation

/// RU5: appearance proxies belong to an engine window (the UIKit facade's `appearance()` names
/// its registry), never to the process.
@MainActor
@Suite("RU5 each window owns its appearance proxies")
struct AppearanceRegistryTests {
    @Test("RU5 a registry makes one proxy per class on first use and hands the same one back without making another")
    func RU5_oneProxyPerClass() {
        let registry = AppearanceRegistry()
        var made = 0
        #expect(registry.existingProxy(for: NavigationBar.self, as: NavigationBar.self) == nil)
        let bar = registry.proxy(for: NavigationBar.self) { made += 1; return NavigationBar() }
        let again = registry.proxy(for: NavigationBar.self) { made += 1; return NavigationBar() }
        #expect(bar === again && made == 1)
        #expect(registry.existingProxy(for: NavigationBar.self, as: NavigationBar.self) === bar)
        // A subclass has its own proxy, and its base class's is not it.
        let tabBar = registry.proxy(for: TabBar.self) { TabBar() }
        #expect(tabBar !== bar as View && registry.count == 2)
        #expect(registry.existingProxy(for: View.self, as: View.self) == nil)
        // A proxy may be an instance of a base class, asked for under the subclass.
        final class Badge: View {}
        let base = registry.proxy(for: Badge.self) { View() }
        #expect(type(of: base) == View.self && registry.existingProxy(for: Badge.self, as: View.self) === base)
        #expect(registry.existingProxy(for: Badge.self, as: Badge.self) == nil, "asked for as the wrong type: none")
        registry.removeAll()
        #expect(registry.count == 0 && registry.existingProxy(for: NavigationBar.self, as: NavigationBar.self) == nil)
        #expect(registry.proxy(for: NavigationBar.self) { NavigationBar() } !== bar, "after removeAll a new proxy is made")
    }

    @Test("RU5 two windows keep separate proxies: what one records does not reach the other")
    func RU5_windowsDoNotShareProxies() {
        let first = HeadlessHost(size: Size(width: 200, height: 200))
        let second = HeadlessHost(size: Size(width: 200, height: 200))
        let proxy = first.window.appearance.proxy(for: NavigationBar.self) { NavigationBar() }
        proxy.tintColor = Color(red: 1, green: 0, blue: 0)
        #expect(first.window.appearance.existingProxy(for: NavigationBar.self, as: NavigationBar.self)?.tintColor == Color(red: 1, green: 0, blue: 0))
        #expect(second.window.appearance.existingProxy(for: NavigationBar.self, as: NavigationBar.self) == nil)
        #expect(second.window.appearance.proxy(for: NavigationBar.self) { NavigationBar() } !== proxy)
        first.runUntilIdle()
        second.runUntilIdle()
        #expect(first.isIdle && second.isIdle)
    }
}
