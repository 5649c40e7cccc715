import Foundation
import FrameTiming
import Testing
import Timeline
import TimelineAccessibility
@testable import TimelineSDL
import TimelineTestSupport

/// AX2's bad input on the window's side: a desktop with no bus to serve a screen reader on.
@MainActor
@Suite("AX2 a window with no accessibility bus", .serialized, .tags(.xvfb))
struct AccessibilityBusTests {
    @Test("AX2 bad input: a session bus that is not there: the window opens at once with no bridge, no error, and runs its frames")
    func AX2_noBus() throws {
        let names: [String] = ["DBUS_SESSION_BUS_ADDRESS", "TIMELINE_ACCESSIBILITY", "NO_AT_BRIDGE"]
        let saved = names.map { name in (name, ProcessInfo.processInfo.environment[name]) }
        defer { for (name, value) in saved { if let value { setenv(name, value, 1) } else { unsetenv(name) } } }
        setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/timeline-\(UUID().uuidString)/bus", 1)
        unsetenv("TIMELINE_ACCESSIBILITY")
        unsetenv("NO_AT_BRIDGE")
        #expect(!AccessibilityBridge.isRequested())
        try onPrivateDisplay {
            let start = MonotonicClock.now()
            let host = try SDLWindowHost(title: "no bus", size: Size(width: 120, height: 80), software: true)
            #expect(Double(MonotonicClock.now() - start) / 1e9 < 1, "no wait for a bus that is not there")
            #expect(host.accessibility == nil)
            let view = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
            host.window.rootView.addSubview(view)
            _ = host.runLoop.schedule(after: .milliseconds(150)) { host.runLoop.stop() }
            _ = host.runLoop.schedule(after: .milliseconds(20)) { view.frame.origin.x = 40 }
            host.run()
            #expect((host.runLoop.lastFrame?.index ?? 0) > 0, "frames ran")
            #expect(host.window.displayList.commands.isEmpty == false)
        }
    }
}
