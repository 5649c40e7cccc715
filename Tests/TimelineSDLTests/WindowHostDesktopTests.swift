import Foundation
import Geometry
import Testing
import Timeline
import TimelineDesktop
import TimelineSDL
import TimelineTestSupport

/// Records the styles its traitCollectionDidChange heard as previous.
@MainActor
final class StyleRecordingView: View {
    var previousStyles: [InterfaceStyle?] = []
    override func traitCollectionDidChange(_ previous: TraitCollection?) { previousStyles.append(previous?.userInterfaceStyle) }
}

/// AX4 and DK5 in the app's own window: an SDLWindowHost on a private X server and a private
/// session bus whose settings portal says dark and reduce motion, then changes while the window
/// runs (the wake reaches SDL's idle wait).
@MainActor
@Suite("AX4 DK5 the SDL window host follows the settings portal", .serialized, .tags(.xvfb, .dbus))
struct WindowHostDesktopTests {
    @Test("AX4 DK5 a window opens dark with reduce motion from the portal, and follows SettingChanged while it runs")
    func AX4_DK5_windowFollowsPortal() throws {
        try onPrivateDisplay {
            let bus = try PortalBus()
            defer { bus.stop() }
            try bus.startPortal(["--color-scheme", "1", "--enable-animations", "false"])
            // The host reads the session bus's address when it opens; set only around that.
            let saved = getenv("DBUS_SESSION_BUS_ADDRESS").map { String(cString: $0) }
            setenv("DBUS_SESSION_BUS_ADDRESS", bus.address, 1)
            let made = Result { try SDLWindowHost(title: "desktop", size: Size(width: 200, height: 150), software: true) }
            if let saved { setenv("DBUS_SESSION_BUS_ADDRESS", saved, 1) } else { unsetenv("DBUS_SESSION_BUS_ADDRESS") }
            let host = try made.get()
            #expect(host.desktop.isConnected)
            #expect(host.window.interfaceStyle == .dark && host.window.prefersReducedMotion)
            let view = StyleRecordingView(frame: Rect(x: 0, y: 0, width: 20, height: 20))
            host.window.rootView.addSubview(view)
            host.desktop.onChange = { _ in host.runLoop.stop() }
            _ = host.runLoop.schedule(after: .milliseconds(100)) {
                #expect(throws: Never.self) {
                    try bus.set("org.freedesktop.appearance", "color-scheme", "u", "2")
                    try bus.set("org.gnome.desktop.interface", "enable-animations", "b", "true")
                }
            }
            _ = host.runLoop.schedule(after: .seconds(5)) { host.runLoop.stop() }   // never hang a test run
            host.run()
            // Both changes may come in one dispatch or two: run on until both are in.
            if host.window.prefersReducedMotion {
                host.desktop.onChange = { _ in host.runLoop.stop() }
                _ = host.runLoop.schedule(after: .seconds(2)) { host.runLoop.stop() }
                host.run()
            }
            #expect(host.window.interfaceStyle == .light && !host.window.prefersReducedMotion)
            #expect(view.previousStyles == [.dark])
        }
    }
}
