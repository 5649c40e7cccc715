import Testing
import Foundation
@testable import UIKit
import Timeline
import TimelineTestSupport
import Geometry
import UpdateLoop

/// MR5 in the facade: the engine window's memory warning is UIKit's.
@MainActor
@Suite("MR5 UIKit's memory warning over the engine's")
struct UIKitMemoryWarningTests {
    final class Screen: UIViewController {
        var warnings = 0
        override func didReceiveMemoryWarning() { super.didReceiveMemoryWarning(); warnings += 1 }
    }
    final class Navigation: UINavigationController {
        var warnings = 0
        override func didReceiveMemoryWarning() { super.didReceiveMemoryWarning(); warnings += 1 }
    }
    final class Delegate: UIResponder, UIApplicationDelegate {
        var warnings = 0
        func applicationDidReceiveMemoryWarning(_ application: UIApplication) { warnings += 1 }
    }

    @Test("MR5: UIViewController.didReceiveMemoryWarning() and UIApplication.didReceiveMemoryWarningNotification follow the window's warning")
    func MR5_facadeMemoryWarning() {
        let (host, window) = makeApp()
        let delegate = Delegate()
        let previous = UIApplication.shared.delegate
        UIApplication.shared.delegate = delegate
        defer { UIApplication.shared.delegate = previous }
        let root = Screen(), pushed = Screen()
        let nav = Navigation(rootViewController: root)
        window.rootViewController = nav
        window.makeKeyAndVisible()
        host.step()
        nav.pushViewController(pushed, animated: false)
        host.step(frames: 5)
        var posted = 0
        var order: [String] = []
        let token = NotificationCenter.default.addObserver(forName: UIApplication.didReceiveMemoryWarningNotification,
                                                           object: nil, queue: nil) { note in
            MainActor.assumeIsolated {
                posted += 1
                if note.object as AnyObject? === UIApplication.shared { order.append("notification") }
                if root.warnings == 0 { order.append("before controllers") }
            }
        }
        defer { NotificationCenter.default.removeObserver(token) }

        // The resident budget, read from a figure the test sets.
        var resident = 10 << 20
        host.window.memoryMonitor.residentReader = { resident }
        host.window.memoryWarningBudget = 64 << 20
        host.step(frames: 70)
        #expect(posted == 0 && root.warnings == 0)
        resident = 80 << 20
        host.step(frames: 70)
        #expect(posted == 1)
        #expect(order == ["notification", "before controllers"], "the notification comes first, as UIKit's")
        #expect(delegate.warnings == 1)
        #expect(root.warnings == 1 && pushed.warnings == 1 && nav.warnings == 1)

        // A simulated one (UIKit has no public call; the engine window has).
        host.window.simulateMemoryWarning()
        #expect(posted == 2 && delegate.warnings == 2)
        #expect(root.warnings == 2 && pushed.warnings == 2 && nav.warnings == 2)
    }
}
