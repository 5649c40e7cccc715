import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Scrolling
@testable import Lists

/// RU4: Auto Layout in a scroll view follows UIKit's rule (pages of a walkthrough pinned to the
/// scroll view's own edges): edges relate to the content area, sizes and centres to the frame.
@Suite("RU4 scroll view layout", .endsIdle)
@MainActor
struct ScrollLayoutRU4Tests {
    /// Three pages of the scroll view's size laid side by side by constraints to its own edges.
    func pagedScrollView(_ host: HeadlessHost) -> (ScrollView, [View]) {
        let s = ScrollView(frame: Rect(x: 50, y: 50, width: 300, height: 200))
        host.root.addSubview(s)
        var pages: [View] = []
        var constraints: [LayoutConstraint] = []
        for k in 0..<3 {
            let page = View()
            page.translatesAutoresizingMaskIntoConstraints = false
            s.addSubview(page)
            constraints += [page.topAnchor.constraint(equalTo: s.topAnchor), page.bottomAnchor.constraint(equalTo: s.bottomAnchor),
                            page.widthAnchor.constraint(equalTo: s.widthAnchor), page.heightAnchor.constraint(equalTo: s.heightAnchor),
                            page.leadingAnchor.constraint(equalTo: pages.last?.trailingAnchor ?? s.leadingAnchor)]
            pages.append(page)
        }
        constraints.append(pages[2].trailingAnchor.constraint(equalTo: s.trailingAnchor))
        LayoutConstraint.activate(constraints)
        return (s, pages)
    }

    @Test("RU4 constraints to a scroll view's edges relate to its content area and set contentSize")
    func RU4_edgesRelateToTheContentArea() {
        let host = makeHost(width: 400, height: 300)
        let (s, pages) = pagedScrollView(host)
        let badge = View()
        badge.translatesAutoresizingMaskIntoConstraints = false
        s.addSubview(badge)
        LayoutConstraint.activate([badge.centerXAnchor.constraint(equalTo: s.centerXAnchor), badge.centerYAnchor.constraint(equalTo: s.centerYAnchor),
                                   badge.widthAnchor.constraint(equalToConstant: 20), badge.heightAnchor.constraint(equalToConstant: 10)])
        host.runUntilIdle()
        #expect(pages.map(\.frame) == [Rect(x: 0, y: 0, width: 300, height: 200), Rect(x: 300, y: 0, width: 300, height: 200),
                                       Rect(x: 600, y: 0, width: 300, height: 200)])
        #expect(s.contentSize == Size(width: 900, height: 200))
        #expect(s.window!.layoutEngine.brokenConstraints.isEmpty)
        #expect(host.runLoop.diagnostics.entries(of: .unsatisfiableConstraints).isEmpty)
        // Centres stay the frame's.
        #expect(badge.frame == Rect(x: 140, y: 95, width: 20, height: 10))
        #expect(s.contentLayoutGuide.layoutFrame == Rect(x: 0, y: 0, width: 900, height: 200))
        // Paging to the second page shows it where the scroll view is.
        s.contentOffset = Point(x: 300, y: 0)
        host.runUntilIdle()
        #expect(pages[1].convert(Point.zero, to: nil) == Point(x: 50, y: 50))
        #expect(pages[1].frame.minX == 300)
        // A fourth page widens the content.
        let extra = View()
        extra.translatesAutoresizingMaskIntoConstraints = false
        s.addSubview(extra)
        s.constraints.first { $0.firstItem === pages[2] && $0.firstAttribute == .trailing }?.isActive = false
        LayoutConstraint.activate([extra.leadingAnchor.constraint(equalTo: pages[2].trailingAnchor), extra.trailingAnchor.constraint(equalTo: s.trailingAnchor),
                                   extra.topAnchor.constraint(equalTo: s.topAnchor), extra.widthAnchor.constraint(equalToConstant: 100),
                                   extra.heightAnchor.constraint(equalToConstant: 50)])
        host.runUntilIdle()
        #expect(s.contentSize.width == 1000 && extra.frame == Rect(x: 900, y: 0, width: 100, height: 50))
    }

    @Test("RU4 a scroll view's own constraints to its superview stay its frame's; an axis the content leaves free keeps the contentSize set in code")
    func RU4_frameConstraintsAndFreeAxes() {
        let host = makeHost(width: 400, height: 300)
        let s = ScrollView()
        s.translatesAutoresizingMaskIntoConstraints = false
        host.root.addSubview(s)
        s.contentSize = Size(width: 1000, height: 1000)
        let header = View()
        header.translatesAutoresizingMaskIntoConstraints = false
        s.addSubview(header)
        LayoutConstraint.activate([
            s.leadingAnchor.constraint(equalTo: host.root.leadingAnchor, constant: 10), s.trailingAnchor.constraint(equalTo: host.root.trailingAnchor, constant: -10),
            s.topAnchor.constraint(equalTo: host.root.topAnchor), s.bottomAnchor.constraint(equalTo: host.root.bottomAnchor),
            header.leadingAnchor.constraint(equalTo: s.leadingAnchor), header.topAnchor.constraint(equalTo: s.topAnchor, constant: 5),
            header.widthAnchor.constraint(equalToConstant: 50), header.heightAnchor.constraint(equalToConstant: 40),
            header.bottomAnchor.constraint(equalTo: s.bottomAnchor, constant: -15),
        ])
        host.runUntilIdle()
        #expect(s.frame == Rect(x: 10, y: 0, width: 380, height: 300))
        #expect(header.frame == Rect(x: 0, y: 5, width: 50, height: 40))
        // The height is pinned through the header (5 + 40 + 15); the width is left to the code.
        #expect(s.contentSize == Size(width: 1000, height: 60))
    }

    @Test("RU4 what is pinned to a scroll view's frameLayoutGuide stays in place while the content scrolls")
    func RU4_frameGuideFollowsTheOffset() {
        let host = makeHost(width: 400, height: 300)
        let (s, _) = pagedScrollView(host)
        let badge = View()
        badge.translatesAutoresizingMaskIntoConstraints = false
        s.addSubview(badge)
        LayoutConstraint.activate([badge.trailingAnchor.constraint(equalTo: s.frameLayoutGuide.trailingAnchor, constant: -10),
                                   badge.topAnchor.constraint(equalTo: s.frameLayoutGuide.topAnchor, constant: 10),
                                   badge.widthAnchor.constraint(equalToConstant: 20), badge.heightAnchor.constraint(equalToConstant: 20)])
        host.runUntilIdle()
        #expect(badge.convert(Point.zero, to: nil) == Point(x: 320, y: 60))
        s.contentOffset = Point(x: 450, y: 0)
        host.runUntilIdle()
        #expect(badge.frame.minX == 720)
        #expect(badge.convert(Point.zero, to: nil) == Point(x: 320, y: 60))
        #expect(s.contentSize == Size(width: 900, height: 200))
    }

    @Test("RU4 a table keeps the content size of its rows when a view inside it is pinned to its edges")
    func RU4_tableSizesItsOwnContent() {
        let host = makeHost(width: 400, height: 600)
        let source = TableViewTests.Source(rows: [30])
        let t = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 440))
        t.register(TableViewCell.self, forCellReuseIdentifier: "row")
        host.root.addSubview(t)
        t.dataSource = source
        let empty = View()
        empty.translatesAutoresizingMaskIntoConstraints = false
        t.addSubview(empty)
        LayoutConstraint.activate([empty.topAnchor.constraint(equalTo: t.topAnchor), empty.bottomAnchor.constraint(equalTo: t.bottomAnchor),
                                   empty.leadingAnchor.constraint(equalTo: t.leadingAnchor), empty.trailingAnchor.constraint(equalTo: t.trailingAnchor),
                                   empty.widthAnchor.constraint(equalToConstant: 400), empty.heightAnchor.constraint(equalToConstant: 100)])
        host.runUntilIdle()
        #expect(t.contentSize == Size(width: 400, height: 30 * 44))
        #expect(empty.frame == Rect(x: 0, y: 0, width: 400, height: 100))
    }
}
