import Testing
import TimelineTestSupport
import RenderModel
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

/// SC7: only what is visible costs. A clipping view (a scroll view) lists and paints only the
/// subviews whose drawing reaches its bounds.
@Suite("SC7 content outside the viewport", .endsIdle)
@MainActor
struct ScrollCullingTests {
    /// A 200x300 scroll view over `rows` rows of 40 points, each a coloured view with a child.
    func setUp(rows: Int) -> (HeadlessHost, ScrollView, [View]) {
        let host = makeHost(width: 200, height: 300)
        let sv = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 300))
        sv.contentSize = Size(width: 200, height: Double(rows) * 40)
        var made: [View] = []
        for i in 0..<rows {
            let row = View(frame: Rect(x: 0, y: Double(i) * 40, width: 200, height: 40))
            row.identifier = "row\(i)"
            row.backgroundColor = Color(red: 0.2, green: 0.3, blue: Double(i % 10) / 10)
            let dot = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
            dot.identifier = "dot\(i)"
            dot.backgroundColor = .white
            row.addSubview(dot)
            sv.addSubview(row)
            made.append(row)
        }
        host.root.addSubview(sv)
        host.runUntilIdle()
        return (host, sv, made)
    }

    func listed(_ host: HeadlessHost) -> Set<String> {
        var names = Set<String>()
        for c in host.window.displayList.commands { if case .beginGroup(let g) = c, !g.name.isEmpty { names.insert(g.name) } }
        return names
    }

    @Test("SC7: of 1,000 rows only those reaching the viewport are in the display list; scrolling lists the ones that come")
    func SC7_listsOnlyVisibleRows() {
        let (host, sv, _) = setUp(rows: 1000)
        var names = listed(host)
        let rows = names.filter { $0.hasPrefix("row") }
        #expect(rows == Set((0..<8).map { "row\($0)" }))                       // 300 / 40: rows 0-7
        #expect(host.window.displayList.commands.count < 100)
        sv.contentOffset = Point(x: 0, y: 20_000)                               // rows 500-507
        host.runUntilIdle()
        names = listed(host)
        #expect(names.filter { $0.hasPrefix("row") } == Set((500..<508).map { "row\($0)" }))
        #expect(names.contains("dot503"))
    }

    @Test("SC7: a change under a skipped row that brings it into view draws it: boxes from before a change are not trusted")
    func SC7_changeUnderSkippedRow() {
        let (host, sv, rows) = setUp(rows: 100)
        #expect(!listed(host).contains("row20"))
        // A child of row 20 (at y 800, out of view) grows up into the viewport.
        let dot = rows[20].subviews[0]
        dot.frame = Rect(x: 10, y: -790, width: 20, height: 780)
        host.runUntilIdle()
        #expect(listed(host).contains("dot20"))
        #expect(host.window.displayList.commands.contains(.fillRect(Rect(x: 0, y: 0, width: 20, height: 780), .white, cornerRadius: 0)))
        // Moved out again, it is patched in place (clipped), and leaves the list at the next
        // rebuild (a scroll).
        dot.frame = Rect(x: 10, y: 10, width: 20, height: 20)
        host.runUntilIdle()
        sv.contentOffset = Point(x: 0, y: 1)
        host.runUntilIdle()
        #expect(!listed(host).contains("dot20") && !listed(host).contains("row20"))
    }

    @Test("SC7: a row animating out of view and back is drawn on the frames it shows, at its animated place")
    func SC7_animatedRow() {
        let (host, _, rows) = setUp(rows: 20)
        View.animate(withDuration: 1, curve: .linear, animations: { rows[2].center.y = 2000 })
        host.step()
        host.step(frames: 6)                                                    // 0.1 s: moving, still in view
        #expect(listed(host).contains("row2"))
        host.step(frames: 60)                                                   // done: far below the viewport
        host.runUntilIdle()
        #expect(!listed(host).contains("row2"))                                 // left the list as it left the view
        // Animating out of view, it neither rebuilds the list nor damages anything.
        View.animate(withDuration: 0.5, curve: .linear, animations: { rows[2].center.y = 3000 })
        host.step()
        host.step(frames: 5)
        #expect(host.window.displayList.damage == .zero)
        host.runUntilIdle()
        View.animate(withDuration: 0.5, curve: .linear, animations: { rows[2].center.y = 100 })
        host.runUntilIdle()
        #expect(listed(host).contains("row2"))
    }

    @Test("SC7: what the window draws with skipping equals what it draws without (every row kept)")
    func SC7_samePixels() {
        let (host, sv, rows) = setUp(rows: 60)
        sv.contentOffset = Point(x: 0, y: 430)
        host.runUntilIdle()
        let culled = host.window.displayList.commands.filter { if case .fillRect = $0 { true } else { false } }
        // The same fills as a tree without the clipping view's skip: every row listed, then the
        // ones outside the viewport taken out by hand.
        let visible = rows.filter { $0.frame.maxY > 430 && $0.frame.minY < 730 }
        #expect(culled.count == visible.count * 2)                                // a row and its dot
    }
}

@Suite("SC7 skipped views' layers", .endsIdle)
@MainActor
struct ScrollCullingLayerTests {
    @Test("SC7: a sublayer of a skipped row that animates into view is drawn")
    func layerGrowsIntoView() {
        let host = makeHost(width: 200, height: 300)
        let sv = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 300))
        sv.contentSize = Size(width: 200, height: 4000)
        let row = View(frame: Rect(x: 0, y: 1000, width: 200, height: 40))
        row.identifier = "far"
        sv.addSubview(row)
        host.root.addSubview(sv)
        let marker = Layer()
        marker.frame = Rect(x: 0, y: 0, width: 20, height: 20)
        marker.backgroundColor = Color(red: 0, green: 1, blue: 0)
        row.layer.addSublayer(marker)
        host.runUntilIdle()
        #expect(!host.window.displayList.commands.contains { if case .beginGroup(let g) = $0 { g.name == "far" } else { false } })
        marker.position = Point(x: 10, y: -950)                                  // up into the viewport (row y 1000)
        host.runUntilIdle()
        #expect(host.window.displayList.commands.contains { if case .beginGroup(let g) = $0 { g.name == "far" } else { false } })
    }
}
