import Foundation
import Testing
import Timeline
import TimelineTestSupport

/// A screen that records its appearance calls into a shared log.
@MainActor
final class RecordingScreen: ViewController {
    let name: String
    let log: Log
    final class Log { var entries: [String] = [] }

    init(_ name: String, log: Log) {
        self.name = name; self.log = log
        super.init()
        title = name
    }

    override func viewWillAppear(_ animated: Bool) { log.entries.append("\(name) willAppear\(isMovingToParent ? " moving" : "")") }
    override func viewDidAppear(_ animated: Bool) { log.entries.append("\(name) didAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.entries.append("\(name) willDisappear\(isMovingFromParent ? " moving" : "")") }
    override func viewDidDisappear(_ animated: Bool) { log.entries.append("\(name) didDisappear") }
    override func didMove(toParent parent: ViewController?) { log.entries.append("\(name) didMove(\(parent == nil ? "nil" : "nav"))") }
}

@Suite("CN4 CN5 navigation: push, pop, the bar, the interactive pop", .endsIdle)
@MainActor
struct NavigationControllerTests {
    let log = RecordingScreen.Log()

    func setUp() -> (HeadlessHost, NavigationController, RecordingScreen) {
        let host = makeHost(width: 320, height: 480)
        let root = RecordingScreen("A", log: log)
        let nav = NavigationController(rootViewController: root)
        host.window.rootViewController = nav
        host.runUntilIdle()
        log.entries.removeAll()
        return (host, nav, root)
    }

    @Test("CN4 a push slides the new screen in from the right edge while the old one moves a third left under a dimming")
    func push() {
        let (host, nav, a) = setUp()
        let b = RecordingScreen("B", log: log)
        nav.pushViewController(b, animated: true)
        #expect(nav.viewControllers.count == 2 && nav.topViewController === b && nav.isTransitioning)
        #expect(log.entries == ["A willDisappear", "B willAppear moving"])
        host.step()
        #expect(b.view.presentation.frame.minX > 250 && a.view.presentation.frame.minX <= 0)   // the first frame: B at the right edge
        var previousB = b.view.presentation.frame.minX
        var sawMiddle = false
        for _ in 0..<12 {
            host.step()
            let bx = b.view.presentation.frame.minX, ax = a.view.presentation.frame.minX
            #expect(bx <= previousB + 1e-9)                               // B only moves left
            previousB = bx
            // The old screen moves at 0.3 the speed: when B has gone a fraction f of the way,
            // A has gone -0.3·w·f.
            let f = 1 - bx / 320
            if f > 0.2 && f < 0.8 { sawMiddle = true; #expect(abs(ax - (-0.3 * 320 * f)) < 2) }
        }
        #expect(sawMiddle)
        host.runUntilIdle()
        #expect(!nav.isTransitioning)
        #expect(b.view.frame == Rect(x: 0, y: 44, width: 320, height: 436))
        #expect(a.view.superview == nil && b.view.superview === nav.view)
        #expect(log.entries == ["A willDisappear", "B willAppear moving", "A didDisappear", "B didAppear", "B didMove(nav)"])
        #expect(nav.navigationBar.titleLabel.text == "B")
        #expect(nav.navigationBar.backButton.configuration?.title == "‹ A" && !nav.navigationBar.backButton.isHidden)
        #expect(b.navigationController === nav)
    }

    @Test("CN4 a pop reverses the push; the back button pops; popping the root or pushing twice is refused with a diagnostic")
    func popAndMisuse() {
        let (host, nav, a) = setUp()
        let b = RecordingScreen("B", log: log), c = RecordingScreen("C", log: log)
        nav.pushViewController(b, animated: false)
        host.runUntilIdle()
        #expect(b.view.frame.minX == 0 && log.entries == ["A willDisappear", "B willAppear moving", "A didDisappear", "B didAppear", "B didMove(nav)"])
        log.entries.removeAll()
        nav.pushViewController(b, animated: true)                          // already on the stack
        #expect(nav.viewControllers.count == 2 && host.window.diagnostics.entries.last?.message.contains("already on the stack") == true)
        nav.navigationBar.backButton.sendActions(for: .primaryActionTriggered)
        #expect(nav.isTransitioning && nav.viewControllers.count == 1)
        host.step(frames: 4)
        #expect((b.view.presentation.frame.minX) > 20)       // B leaves to the right
        host.runUntilIdle()
        #expect(log.entries == ["B willDisappear moving", "A willAppear", "B didDisappear", "A didAppear", "B didMove(nil)"])
        #expect(a.view.superview === nav.view && b.view.superview == nil && b.parent == nil)
        #expect(nav.popViewController(animated: true) == nil)
        #expect(host.window.diagnostics.entries.last?.message.contains("root view controller cannot be popped") == true)
        // popToRoot and setViewControllers.
        nav.setViewControllers([a, b, c], animated: false)
        host.runUntilIdle()
        #expect(nav.topViewController === c && c.view.superview === nav.view && nav.navigationBar.backButton.configuration?.title == "‹ B")
        let popped = nav.popToRootViewController(animated: true)
        #expect(popped?.count == 2 && nav.viewControllers.count == 1)
        host.runUntilIdle()
        #expect(a.view.superview === nav.view && c.view.superview == nil && b.parent == nil && c.parent == nil)
        #expect(nav.navigationBar.backButton.isHidden && nav.navigationBar.titleLabel.text == "A")
    }

    /// Drags from `x0` to `x1` at mid height, a frame per step.
    func drag(_ host: HeadlessHost, from x0: Double, to x1: Double, steps: Int, release: Bool = true) {
        let y = 240.0
        host.runLoop.send(.pointerDown(Point(x: x0, y: y), button: 1))
        host.step()
        for k in 1...steps {
            host.runLoop.send(.pointerMoved(Point(x: x0 + (x1 - x0) * Double(k) / Double(steps), y: y), buttons: 1))
            host.step()
        }
        if release {
            host.runLoop.send(.pointerUp(Point(x: x1, y: y), button: 1))
            host.step()
        }
    }

    @Test("CN5 an edge pan drives the pop by the share of the width travelled; released short and slow it cancels, with UIKit's calls")
    func interactiveCancel() {
        let (host, nav, a) = setUp()
        let b = RecordingScreen("B", log: log)
        nav.pushViewController(b, animated: false)
        host.runUntilIdle()
        log.entries.removeAll()
        // Slowly to 40% of the width: the top screen follows the finger.
        drag(host, from: 5, to: 5 + 0.4 * 320, steps: 40, release: false)
        #expect(abs(b.view.frame.minX - 0.4 * 320) < 1)
        #expect(abs(a.view.frame.minX - (-0.3 * 320 * 0.6)) < 1)
        #expect(nav.isTransitioning)
        host.step(frames: 10)                                              // held still: no fling
        host.runLoop.send(.pointerUp(Point(x: 5 + 0.4 * 320, y: 240), button: 1))
        host.runUntilIdle()
        #expect(nav.topViewController === b && nav.viewControllers.count == 2 && !nav.isTransitioning)
        #expect(b.view.frame.minX == 0 && a.view.superview == nil && b.parent === nav)
        let top = log.entries.filter { $0.hasPrefix("B") }, below = log.entries.filter { $0.hasPrefix("A") }
        #expect(top == ["B willDisappear moving", "B willAppear", "B didAppear", "B didMove(nav)"])
        #expect(below == ["A willAppear", "A willDisappear", "A didDisappear"])
    }

    @Test("CN5 past half the width the pop completes from where the finger left it; a pan away from the edge does nothing")
    func interactiveComplete() {
        let (host, nav, a) = setUp()
        let b = RecordingScreen("B", log: log)
        nav.pushViewController(b, animated: false)
        host.runUntilIdle()
        log.entries.removeAll()
        drag(host, from: 150, to: 300, steps: 20)                          // not from the edge
        host.runUntilIdle()
        #expect(nav.topViewController === b && log.entries.isEmpty && b.view.frame.minX == 0)
        drag(host, from: 4, to: 4 + 0.7 * 320, steps: 40, release: false)
        host.step(frames: 10)
        host.runLoop.send(.pointerUp(Point(x: 4 + 0.7 * 320, y: 240), button: 1))
        host.step()
        // The release animates from where the finger left it, on to the right edge.
        let x = b.view.presentation.frame.minX
        #expect(x >= 0.7 * 320 - 1 && x < 320)
        host.runUntilIdle()
        #expect(nav.topViewController === a && nav.viewControllers.count == 1 && b.parent == nil)
        #expect(a.view.frame == Rect(x: 0, y: 44, width: 320, height: 436) && b.view.superview == nil)
        #expect(log.entries.filter { $0.hasPrefix("B") } == ["B willDisappear moving", "B didDisappear", "B didMove(nil)"])
        #expect(log.entries.filter { $0.hasPrefix("A") } == ["A willAppear", "A didAppear"])
    }

    @Test("CN5 a fast flick completes the pop even when short")
    func interactiveFling() {
        let (host, nav, a) = setUp()
        let b = RecordingScreen("B", log: log)
        nav.pushViewController(b, animated: false)
        host.runUntilIdle()
        drag(host, from: 4, to: 100, steps: 3)                             // ~96 points in 3 frames
        host.runUntilIdle()
        #expect(nav.topViewController === a)
    }
}

/// A list screen for the container tests.
@MainActor
final class RowsScreen: ViewController, TableViewDataSource {
    override func loadView() {
        let t = TableView(frame: .zero)
        t.rowHeight = 64
        t.register(TableViewCell.self, forCellReuseIdentifier: "r")
        t.dataSource = self
        setView(t)
    }
    func numberOfSections(in tableView: TableView) -> Int { 1 }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 24 }
    func tableView(_ t: TableView, cellForRowAt p: IndexPath) -> TableViewCell {
        let c = t.dequeueReusableCell(withIdentifier: "r", for: p)
        c.textLabel?.text = "Row \(p.row)"
        return c
    }
}

@Suite("SC1 CN4 a table as a navigation controller's root", .endsIdle)
@MainActor
struct TableInNavigationTests {
    @Test("SC1 cells made before a container gave the table its width take the width when it comes")
    func cellsTakeTheTableWidth() throws {
        let host = makeHost(width: 400, height: 400)
        let nav = NavigationController(rootViewController: RowsScreen())
        nav.view.frame = Rect(x: 10, y: 10, width: 300, height: 380)
        host.root.addSubview(nav.view)
        nav.beginAppearanceTransition(true, animated: false)
        nav.endAppearanceTransition()
        host.runUntilIdle()
        let table = try #require(nav.topViewController?.view as? TableView)
        let cells = table.subviews.compactMap { $0 as? TableViewCell }
        #expect(cells.count >= 6)
        #expect(cells.allSatisfy { $0.frame.width == 300 })
    }
}

@Suite("CN4 the navigation bar follows the top screen's item; views insert by sibling", .endsIdle)
@MainActor
struct NavigationItemTests {
    @Test("CN4 changing the top screen's title or bar button items after the push shows in the bar")
    func itemChangesShow() {
        let host = makeHost(width: 320, height: 480)
        let a = ViewController(), b = ViewController()
        a.title = "A"; b.title = "B"
        let nav = NavigationController(rootViewController: a)
        host.window.rootViewController = nav
        nav.pushViewController(b, animated: false)
        host.runUntilIdle()
        b.navigationItem.title = "Renamed"
        #expect(nav.navigationBar.titleLabel.text == "Renamed")
        b.navigationItem.rightBarButtonItem = BarButtonItem(title: "Edit") { _ in }
        let titles = nav.navigationBar.subviews.compactMap { ($0 as? Button)?.configuration?.title }
        #expect(titles.contains("Edit"))
        a.navigationItem.backButtonTitle = "Home"
        #expect(nav.navigationBar.backButton.configuration?.title == "‹ Home")
        host.runUntilIdle()
    }

    @Test("CN4 insertSubview below and above a sibling, moving a view already there; convert(_:from:) undoes convert(_:to:)")
    func insertBySibling() {
        let host = makeHost()
        let a = View(), b = View(), c = View()
        for v in [a, b, c] { host.root.addSubview(v) }
        host.root.insertSubview(c, belowSubview: a)
        #expect(host.root.subviews.map { ObjectIdentifier($0) } == [c, a, b].map { ObjectIdentifier($0) })
        host.root.insertSubview(c, aboveSubview: b)                       // moving up past two
        #expect(host.root.subviews.map { ObjectIdentifier($0) } == [a, b, c].map { ObjectIdentifier($0) })
        host.root.insertSubview(a, aboveSubview: b)
        #expect(host.root.subviews.map { ObjectIdentifier($0) } == [b, a, c].map { ObjectIdentifier($0) })
        let d = View()
        host.root.insertSubview(d, belowSubview: View())                  // not a subview: on top
        #expect(host.root.subviews.last === d)
        b.frame = Rect(x: 30, y: 40, width: 100, height: 100)
        let inner = View(frame: Rect(x: 5, y: 7, width: 10, height: 10))
        b.addSubview(inner)
        let p = Point(x: 3, y: 4)
        #expect(inner.convert(p, to: nil) == Point(x: 38, y: 51))
        #expect(inner.convert(inner.convert(p, to: nil), from: nil) == p)
        #expect(inner.convert(Point(x: 1, y: 1), from: b) == Point(x: -4, y: -6))
        host.runUntilIdle()
    }
}
