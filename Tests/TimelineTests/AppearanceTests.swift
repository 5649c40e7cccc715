import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

/// CN3: view controller appearance with UIKit's signatures, and containment.
@Suite("CN3 appearance and containment", .endsIdle)
@MainActor
struct AppearanceTests {
    final class Logged: ViewController {
        let name: String
        init(_ name: String) { self.name = name; super.init() }
        override func viewWillAppear(_ animated: Bool) { shared.append("\(name).willAppear(\(animated))") }
        override func viewDidAppear(_ animated: Bool) { shared.append("\(name).didAppear(\(animated))") }
        override func viewWillDisappear(_ animated: Bool) { shared.append("\(name).willDisappear(\(animated))") }
        override func viewDidDisappear(_ animated: Bool) { shared.append("\(name).didDisappear(\(animated))") }
        override func willMove(toParent parent: ViewController?) { shared.append("\(name).willMove(\(parent == nil ? "nil" : "parent"))") }
        override func didMove(toParent parent: ViewController?) { shared.append("\(name).didMove(\(parent == nil ? "nil" : "parent"))") }
    }
    /// The calls of every controller of a test, in order.
    nonisolated(unsafe) static var shared: [String] = []

    @Test("CN3: a root controller and its child appear in UIKit's order; replacing the root makes the old one disappear")
    func CN3_appearanceOrder() {
        Self.shared = []
        let host = makeHost()
        let parent = Logged("parent"), child = Logged("child")
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        #expect(child.parent === parent && parent.children.count == 1)
        host.window.rootViewController = parent
        host.runUntilIdle()
        #expect(Self.shared == ["child.willMove(parent)", "child.didMove(parent)",
                                "parent.willAppear(false)", "child.willAppear(false)",
                                "child.didAppear(false)", "parent.didAppear(false)"])
        Self.shared = []
        let next = Logged("next")
        host.window.rootViewController = next
        host.runUntilIdle()
        #expect(Self.shared == ["parent.willDisappear(false)", "child.willDisappear(false)", "child.didDisappear(false)",
                                "parent.didDisappear(false)", "next.willAppear(false)", "next.didAppear(false)"])
        Self.shared = []
        // Each call once: a second begin does nothing; removal from the parent.
        next.beginAppearanceTransition(true, animated: true)
        #expect(Self.shared.isEmpty)
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(Self.shared == ["child.willMove(nil)", "child.didMove(nil)"] && parent.children.isEmpty && child.parent == nil)
        host.runUntilIdle()
    }
}
