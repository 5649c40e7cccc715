import CDesktopShim
import UpdateLoop
import Views

/// What the desktop asks of the app's appearance and motion (AX4, DK5).
public struct DesktopAppearance: Equatable, Sendable, CustomStringConvertible {
    /// Light or dark (`.light` when the desktop has no preference).
    public var interfaceStyle: InterfaceStyle
    /// Less motion: the engine's transitions cross-fade (`UIAccessibility.isReduceMotionEnabled`).
    public var reduceMotion: Bool

    /// Settings of `interfaceStyle`, asking for less motion when `reduceMotion`.
    public init(interfaceStyle: InterfaceStyle = .light, reduceMotion: Bool = false) {
        self.interfaceStyle = interfaceStyle
        self.reduceMotion = reduceMotion
    }

    /// The style, and ", reduce motion" when it is asked for.
    public var description: String { "\(interfaceStyle)\(reduceMotion ? ", reduce motion" : "")" }

    /// The portal's values (-1: absent) over the defaults: `color-scheme` 1 is dark, 0 and 2
    /// light; reduce motion from `org.freedesktop.appearance reduced-motion` where the portal
    /// has it, else GNOME's `enable-animations` (false: reduce).
    init(portal v: TLDesktopValues) {
        interfaceStyle = v.colorScheme == 1 ? .dark : .light
        reduceMotion = v.reducedMotion >= 0 ? v.reducedMotion == 1 : v.enableAnimations == 0
    }

    /// `TIMELINE_COLOR_SCHEME` (dark, light) and `TIMELINE_REDUCE_MOTION` (1, 0) override what
    /// the portal says; other values are ignored.
    func overridden(by environment: [String: String]) -> DesktopAppearance {
        var a = self
        switch environment["TIMELINE_COLOR_SCHEME"]?.lowercased() {
        case "dark": a.interfaceStyle = .dark
        case "light": a.interfaceStyle = .light
        default: break
        }
        switch environment["TIMELINE_REDUCE_MOTION"]?.lowercased() {
        case "1", "true", "yes", "on": a.reduceMotion = true
        case "0", "false", "no", "off": a.reduceMotion = false
        default: break
        }
        return a
    }
}

/// The desktop's appearance and motion settings, read from the XDG settings portal
/// (`org.freedesktop.portal.Settings` on the session bus: `org.freedesktop.appearance
/// color-scheme`, and reduce motion as ``DesktopAppearance`` says) when made, and followed
/// through the portal's `SettingChanged` signal: GDBus's worker thread only wakes the run loop,
/// which dispatches the change and sets the windows' ``Window/interfaceStyle`` and
/// ``Window/prefersReducedMotion`` between frames. No bus (or no portal): the defaults, or the
/// environment's override, and no error. Costs nothing per frame.
@MainActor
public final class DesktopSettings {
    /// What applies now (the portal's, with the environment's override).
    public private(set) var appearance: DesktopAppearance
    /// Whether a bus answered (the portal may still be absent on it).
    public var isConnected: Bool { handle != nil }
    /// Told after the appearance changed while running (after the windows were updated).
    public var onChange: ((DesktopAppearance) -> Void)?

    private var handle: OpaquePointer?
    private let environment: [String: String]
    private var windows: [WeakWindow] = []
    /// The wake's target, retained by the shim until ``close()``.
    private var waker: Waker?

    private struct WeakWindow { weak var window: Window? }

    /// Reads the settings from the bus at `busAddress` (nil: the session bus), each read waiting at
    /// most `timeout` (whole milliseconds, rounded up, at the bus call). Changes are dispatched on
    /// `runLoop` (none followed without one).
    public init(runLoop: MainRunLoop?, busAddress: String? = nil, environment: [String: String] = [:],
                timeout: Duration = .milliseconds(500)) {
        self.environment = environment
        appearance = DesktopAppearance().overridden(by: environment)
        // The worker thread's wake posts the dispatch to the run loop; it holds this object weakly.
        let waker = runLoop.map { runLoop in
            Waker { [weak self, weak runLoop] in runLoop?.post { self?.dispatchPending() } }
        }
        // The waker's context pointer through a C callback (AM4): retained here, released in close().
        let context = waker.map { Unmanaged.passRetained($0).toOpaque() }
        let wake: TLDesktopWake? = waker == nil ? nil : { context in
            guard let context else { return }
            // The waker's context pointer through a C callback (AM4), unretained: close() releases it.
            Unmanaged<Waker>.fromOpaque(context).takeUnretainedValue().body()
        }
        handle = busAddress.withOptionalCString { tl_desktop_open($0, timeout.roundedUpMilliseconds, wake, context) }
        if handle == nil, let context {
            // The waker's context pointer through a C callback (AM4): no connection holds it.
            Unmanaged<Waker>.fromOpaque(context).release()
        } else {
            self.waker = waker
        }
        if let handle { appearance = DesktopAppearance(portal: tl_desktop_values(handle)).overridden(by: environment) }
    }

    /// Sets `window`'s style and motion to the desktop's now and on every change.
    public func apply(to window: Window) {
        windows.removeAll { $0.window == nil || $0.window === window }
        windows.append(WeakWindow(window: window))
        window.interfaceStyle = appearance.interfaceStyle
        window.prefersReducedMotion = appearance.reduceMotion
    }

    /// Delivers the changes that arrived (the run loop calls it after a wake). Returns whether
    /// the appearance changed.
    @discardableResult
    public func dispatchPending() -> Bool {
        guard let handle, tl_desktop_dispatch(handle) > 0 else { return false }
        let next = DesktopAppearance(portal: tl_desktop_values(handle)).overridden(by: environment)
        guard next != appearance else { return false }
        appearance = next
        for entry in windows {
            guard let w = entry.window else { continue }
            w.interfaceStyle = next.interfaceStyle
            w.prefersReducedMotion = next.reduceMotion
        }
        onChange?(next)
        return true
    }

    /// Stops following the portal (the last values stay).
    public func close() {
        guard let h = handle else { return }
        handle = nil
        tl_desktop_close(h)
        if let waker {
            // The waker's context pointer through a C callback (AM4): the shim no longer calls it.
            Unmanaged.passUnretained(waker).release()
        }
        waker = nil
    }

    isolated deinit { close() }
}

/// What the worker thread calls: it only posts to the run loop.
private final class Waker: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

extension Optional where Wrapped == String {
    fileprivate func withOptionalCString<R>(_ body: (UnsafePointer<CChar>?) -> R) -> R {
        guard let s = self else { return body(nil) }
        return s.withCString { body($0) }
    }
}
