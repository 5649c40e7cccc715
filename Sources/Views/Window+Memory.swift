import FrameTiming
import Images
import RenderModel
import TextEngine
import UpdateLoop

/// Something holding memory it can make again, emptied by a window's memory warning (MR5).
@MainActor
public protocol CacheReleasing: AnyObject {
    /// Empties the cache; what it held is made again when next needed.
    func releaseCaches()
}

/// A cache registered with a window, held weakly so the window keeps nothing alive.
struct WeakReleasableCache {
    weak var cache: (any CacheReleasing)?
}

/// Identifies a memory-warning observer, for removing it.
public struct MemoryWarningObserverToken: Hashable, Sendable { let id: Int }

extension Window {
    /// The window's memory monitor (MR5): made on first use; no budget and no pressure trigger
    /// until the app sets them.
    public var memoryMonitor: MemoryMonitor {
        if let m = memoryMonitorStorage { return m }
        let m = MemoryMonitor()
        let window = reference                        // not weakly: see ``ObjectReference``
        m.onWarning = { reason in window.object?.raiseMemoryWarning(reason) }
        m.report = { message in window.object?.report(misuse: message) }
        memoryMonitorStorage = m
        return m
    }

    /// Resident bytes past which the window raises a memory warning (nil, the default: none),
    /// checked about once a second of frames (``MemoryMonitor``); warns once per crossing.
    public var memoryWarningBudget: Int? {
        get { memoryMonitorStorage?.budget }
        set { memoryMonitor.budget = newValue }
    }

    /// Whether the kernel's memory-pressure notification (PSI) raises memory warnings. Off by
    /// default; where the kernel has none or refuses the trigger it stays off without error
    /// (``MemoryMonitor/pressureUnavailableReason`` says why).
    public var monitorsMemoryPressure: Bool {
        get { memoryMonitorStorage?.isWatchingPressure ?? false }
        set { if newValue { memoryMonitor.startWatchingPressure() } else { memoryMonitorStorage?.stopWatchingPressure() } }
    }

    /// Memory warnings raised so far (by the budget, the kernel or a simulation).
    public var memoryWarningCount: Int { memoryWarningsRaised }

    /// Raises a memory warning now, as the budget or the kernel would (for tests and for apps
    /// that watch memory their own way).
    public func simulateMemoryWarning() { raiseMemoryWarning(.simulated) }

    /// Calls `body` on each memory warning (before the controllers'
    /// ``ViewController/didReceiveMemoryWarning()``), until removed. The window holds `body`:
    /// capture its owner weakly.
    @discardableResult
    public func addMemoryWarningObserver(_ body: @escaping @MainActor () -> Void) -> MemoryWarningObserverToken {
        nextMemoryWarningObserver += 1
        memoryWarningObservers.append((nextMemoryWarningObserver, body))
        return MemoryWarningObserverToken(id: nextMemoryWarningObserver)
    }

    /// Removes a memory-warning observer.
    public func removeMemoryWarningObserver(_ token: MemoryWarningObserverToken) {
        memoryWarningObservers.removeAll { $0.id == token.id }
    }

    /// Has `cache` emptied by each memory warning, held weakly (an app's `Images` asset
    /// catalogue, say). Registering one twice registers it once.
    public func releasesOnMemoryWarning(_ cache: any CacheReleasing) {
        releasableCaches.removeAll { $0.cache == nil }
        guard !releasableCaches.contains(where: { $0.cache === cache }) else { return }
        releasableCaches.append(WeakReleasableCache(cache: cache))
    }

    /// Phase 2: the memory monitor checks when its interval has passed (nothing else: a window
    /// without a monitor does no work here).
    public func advance(to frame: FrameInfo) {
        memoryMonitorStorage?.frameDidStart(at: frame.mediaTime)
    }

    /// The memory warning: observers (the facade's notification), then every controller of the
    /// hierarchy, then what caches can make again: the views' own (``View/releaseCaches()``),
    /// the font system's lookups, registered caches and the renderer's (glyph atlases,
    /// textures, cached paths).
    func raiseMemoryWarning(_ reason: MemoryWarningReason) {
        memoryWarningsRaised += 1
        lastMemoryWarningReason = reason
        for o in memoryWarningObservers { o.body() }
        if let root = rootViewController { Self.warn(root) }
        Self.releaseCaches(in: rootView)
        fontSystem.releaseCaches()
        releasableCaches.removeAll { $0.cache == nil }
        for c in releasableCaches { c.cache?.releaseCaches() }
        renderer?.releaseCaches()
        presentationDidChange()
    }

    private static func warn(_ c: ViewController) {
        c.receiveMemoryWarning()
        for child in c.children { warn(child) }
        if let p = c.presentedViewController { warn(p) }
    }

    private static func releaseCaches(in v: View) {
        v.releaseCaches()
        for s in v.subviews { releaseCaches(in: s) }
    }
}

/// A window's memory warning empties an asset catalogue registered with
/// ``Window/releasesOnMemoryWarning(_:)``.
extension ImageAssets: CacheReleasing {}
