import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Navigation

/// RU4: the window's structure is UIKit's, so transitions written for UIKit can move the
/// presenting controller's view into their container.
@Suite("RU4 window structure", .endsIdle)
@MainActor
struct WindowStructureRU4Tests {
    @Test("RU4 the root view controller's view is a subview of the window's own view, filling it; presentations go above it and may re-parent it")
    func RU4_rootControllerViewInTheWindow() {
        let host = makeHost(width: 320, height: 480)
        let root = host.window.rootView
        let a = ViewController(), b = ViewController()
        host.window.rootViewController = a
        host.runUntilIdle()
        #expect(host.window.rootView === root && a.view.superview === root && root.subviews.first === a.view)
        #expect(a.view.frame == Rect(x: 0, y: 0, width: 320, height: 480) && a.view.window === host.window)
        host.window.resize(to: Size(width: 400, height: 300))
        host.runUntilIdle()
        #expect(a.view.frame == Rect(x: 0, y: 0, width: 400, height: 300))
        // A presentation's views go over the root controller's view, in the window's view.
        b.modalPresentationStyle = .fullScreen
        a.present(b, animated: false)
        host.runUntilIdle()
        #expect(b.view.superview === root && root.subviews.last === b.view && a.view.superview === root)
        b.dismiss(animated: false)
        host.runUntilIdle()
        // A transition's container, another subview of the window, can take the root view in.
        let container = View(frame: root.bounds)
        root.addSubview(container)
        container.addSubview(a.view)
        #expect(a.view.superview === container && a.view.window === host.window)
        root.insertSubview(a.view, at: 0)
        container.removeFromSuperview()
        // Another root controller's view replaces the first one's.
        let c = ViewController()
        host.window.rootViewController = c
        host.runUntilIdle()
        #expect(a.view.superview == nil && c.view.superview === root && root.subviews.count == 1)
    }
}
