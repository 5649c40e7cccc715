import Foundation
import Testing
import Timeline
import TimelineDesktop
import TimelineTestSupport

/// AX4 and DK5 through the real mechanism: a settings portal on a session bus of the test's own,
/// read when the settings are made and followed through SettingChanged while the run loop runs.
@Suite("AX4 DK5 the desktop's settings portal on a private bus", .serialized, .tags(.dbus), .endsIdle)
@MainActor
struct DesktopPortalTests {
    /// Steps `host` until `done` (the wake comes from GDBus's thread), for at most 5 s.
    func stepUntil(_ host: HeadlessHost, _ done: () -> Bool) async throws {
        for _ in 0..<500 where !done() {
            host.step()
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    @Test("AX4 DK5 at start: dark from color-scheme 1 and reduce motion from GNOME's enable-animations false")
    func AX4_DK5_readsAtStart() async throws {
        let bus = try PortalBus()
        defer { bus.stop() }
        try bus.startPortal(["--color-scheme", "1", "--enable-animations", "false"])
        let host = makeHost()
        let settings = DesktopSettings(runLoop: host.runLoop, busAddress: bus.address)
        defer { settings.close() }
        #expect(settings.isConnected)
        #expect(settings.appearance == DesktopAppearance(interfaceStyle: .dark, reduceMotion: true))
        settings.apply(to: host.window)
        #expect(host.window.interfaceStyle == .dark && host.window.prefersReducedMotion)
        #expect(host.root.traitCollection.userInterfaceStyle == .dark)
        host.runUntilIdle()
    }

    @Test("AX4 DK5 a SettingChanged while running reaches the window on the run loop: traitCollectionDidChange, redraw, reduce motion")
    func AX4_DK5_followsChanges() async throws {
        let bus = try PortalBus()
        defer { bus.stop() }
        try bus.startPortal(["--color-scheme", "2", "--reduced-motion", "0"])
        let host = makeHost()
        let view = TraitRecordingView(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        view.dynamicBackgroundColor = DynamicColor(light: .white, dark: .black)
        host.root.addSubview(view)
        let settings = DesktopSettings(runLoop: host.runLoop, busAddress: bus.address)
        defer { settings.close() }
        settings.apply(to: host.window)
        host.runUntilIdle()
        #expect(host.window.interfaceStyle == .light && !host.window.prefersReducedMotion && view.backgroundColor == .white)
        var heard: [DesktopAppearance] = []
        settings.onChange = { heard.append($0) }

        try bus.set("org.freedesktop.appearance", "color-scheme", "u", "1")
        try await stepUntil(host) { host.window.interfaceStyle == .dark }
        #expect(host.window.interfaceStyle == .dark && view.backgroundColor == .black)
        #expect(view.previousStyles == [.light])
        try bus.set("org.freedesktop.appearance", "reduced-motion", "u", "1")
        try await stepUntil(host) { host.window.prefersReducedMotion }
        #expect(host.window.prefersReducedMotion)
        #expect(heard == [DesktopAppearance(interfaceStyle: .dark), DesktopAppearance(interfaceStyle: .dark, reduceMotion: true)])
        // A setting the engine does not use changes nothing.
        try bus.set("org.freedesktop.appearance", "contrast", "u", "1")
        for _ in 0..<20 { host.step(); try await Task.sleep(for: .milliseconds(10)) }
        #expect(heard.count == 2)
        host.runUntilIdle()
    }

    @Test("AX4 an old portal (version 1: Read only, the value in a variant) is read too")
    func AX4_oldPortal() async throws {
        let bus = try PortalBus()
        defer { bus.stop() }
        try bus.startPortal(["--old", "--enable-animations", "false", "--color-scheme", "1"])
        let settings = DesktopSettings(runLoop: nil, busAddress: bus.address)
        defer { settings.close() }
        #expect(settings.appearance == DesktopAppearance(interfaceStyle: .dark, reduceMotion: true))
    }

    @Test("AX4 DK5 no bus, or a bus with no portal: no error, the defaults (or the environment's override), and quickly")
    func AX4_DK5_noBus() throws {
        let start = ContinuousClock.now
        let none = DesktopSettings(runLoop: nil, busAddress: "unix:path=/nonexistent/bus")
        #expect(!none.isConnected && none.appearance == DesktopAppearance())
        let overridden = DesktopSettings(runLoop: nil, busAddress: "unix:path=/nonexistent/bus",
                                         environment: ["TIMELINE_COLOR_SCHEME": "dark", "TIMELINE_REDUCE_MOTION": "1"])
        #expect(overridden.appearance == DesktopAppearance(interfaceStyle: .dark, reduceMotion: true))
        let bus = try PortalBus()
        defer { bus.stop() }
        let empty = DesktopSettings(runLoop: nil, busAddress: bus.address)
        #expect(empty.isConnected && empty.appearance == DesktopAppearance())
        empty.close()
        #expect(ContinuousClock.now - start < .seconds(3))
    }
}

/// Records the styles its traitCollectionDidChange heard as previous.
@MainActor
final class TraitRecordingView: View {
    var previousStyles: [InterfaceStyle?] = []
    override func traitCollectionDidChange(_ previous: TraitCollection?) { previousStyles.append(previous?.userInterfaceStyle) }
}
