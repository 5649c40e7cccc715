import Testing
import Timeline

/// A headless host for a test: `width` x `height` points at `rate`. Inside a test that carries
/// the ``Trait/endsIdle`` trait it is checked when the test ends, and a ``HeadlessHost/runUntilIdle(limit:)``
/// that hits its limit records an issue.
@MainActor
public func makeHost(width: Double = 400, height: Double = 300, rate: FrameRate = .fps60) -> HeadlessHost {
    let host = HeadlessHost(size: Size(width: width, height: height), rate: rate)
    host.runUntilIdleLimitHandler = { limit, pending in
        Issue.record("runUntilIdle hit its limit of \(limit) frames; still pending: \(pending.joined(separator: "; "))")
    }
    IdleCheck.current?.register(host)
    return host
}

/// The hosts a test made, checked for idleness when it ends.
final class IdleCheck: @unchecked Sendable {
    @TaskLocal static var current: IdleCheck?
    @MainActor private(set) var hosts: [HeadlessHost] = []
    @MainActor func register(_ host: HeadlessHost) { hosts.append(host) }
}

/// Checks that every host the test made with ``makeHost(width:height:rate:)`` is idle when the
/// test ends (nothing queued, scheduled, observed, animating or dirty: Flutter's test binding
/// fails a test that leaves timers pending; this is ours) and reported no internal error.
public struct EndsIdleTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> EndsIdleTrait? {
        testCase == nil ? nil : self
    }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        let check = IdleCheck()
        try await IdleCheck.$current.withValue(check) { try await function() }
        await MainActor.run {
            for (i, host) in check.hosts.enumerated() {
                if !host.isIdle {
                    Issue.record("host \(i) of the test is not idle at its end: \(host.runLoop.pendingWork.joined(separator: "; "))")
                }
                for d in host.runLoop.diagnostics.entries(of: .internalError) {
                    Issue.record("host \(i) reported an internal error: \(d.message)")
                }
            }
        }
    }
}

extension Trait where Self == EndsIdleTrait {
    /// Every headless host the test makes must be idle when it ends.
    public static var endsIdle: EndsIdleTrait { EndsIdleTrait() }
}

extension Tag {
    /// Tests that start an X server (Xvfb) and open SDL windows. The fast suite skips them:
    /// `swift test --skip "WindowHostTests|GalleryDemoTests|AtspiTests|DropAndCursorTests|ClipboardTests|HiDPIX11Tests"`.
    @Tag public static var xvfb: Self
    /// Tests that start a private D-Bus session bus (dbus-daemon) and a service on it (the
    /// settings portal stand-in, scripts/fake-portal). The fast suite skips them with the above
    /// and `|DesktopPortalTests|WindowHostDesktopTests`.
    @Tag public static var dbus: Self
    /// Tests that start a Wayland compositor (weston) and open SDL windows through SDL's Wayland
    /// driver (DK1). The fast suite skips them with the above and `|WaylandTests`.
    @Tag public static var wayland: Self
}
