import Foundation
import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

/// SC4, SC7: a table with UIKit's data source, delegate and cell reuse.
@Suite("SC4 SC7 table view", .endsIdle)
@MainActor
struct TableViewTests {
    final class Source: TableViewDataSource, TableViewDelegate {
        var rows: [Int]
        var titles: [String?]
        var variable = false
        var selected: [IndexPath] = []
        var asked = 0
        init(rows: [Int], titles: [String?] = []) { self.rows = rows; self.titles = titles }
        func numberOfSections(in t: TableView) -> Int { rows.count }
        func tableView(_ t: TableView, numberOfRowsInSection s: Int) -> Int { rows[s] }
        func tableView(_ t: TableView, titleForHeaderInSection s: Int) -> String? { titles.indices.contains(s) ? titles[s] : nil }
        func tableView(_ t: TableView, cellForRowAt p: IndexPath) -> TableViewCell {
            asked += 1
            let c = t.dequeueReusableCell(withIdentifier: "row", for: p)
            c.textLabel?.text = "\(p.section).\(p.row)"
            return c
        }
        func tableView(_ t: TableView, heightForRowAt p: IndexPath) -> Double { variable ? Double(30 + p.row % 3 * 10) : 44 }
        func tableView(_ t: TableView, didSelectRowAt p: IndexPath) { selected.append(p) }
    }

    func setUp(_ source: Source) -> (HeadlessHost, TableView) {
        let host = makeHost(width: 400, height: 600)
        let t = TableView(frame: Rect(x: 0, y: 100, width: 400, height: 440))
        t.register(TableViewCell.self, forCellReuseIdentifier: "row")
        host.root.addSubview(t)
        t.dataSource = source
        t.tableDelegate = source
        host.runUntilIdle()
        return (host, t)
    }

    @Test("SC7: 100,000 rows keep only the visible rows' cells, reused as the table scrolls")
    func SC7_onlyVisibleRowsHaveCells() {
        let source = Source(rows: [100_000])
        let (host, t) = setUp(source)
        #expect(t.contentSize.height == 4_400_000)
        t.contentOffset = Point(x: 0, y: 1000)
        host.step()
        let alive = t.loadedCells.count                                        // the visible rows and the margins
        #expect(alive <= 440 / 44 + 2 * 88 / 44 + 2)
        let created = t.cellsCreated
        for k in 30...90 {
            t.contentOffset = Point(x: 0, y: Double(k) * 37)
            host.step()
        }
        t.setContentOffset(Point(x: 0, y: 2_000_000), animated: false)
        host.runUntilIdle()
        #expect(t.loadedCells.count == alive)
        #expect(t.cellsCreated <= created + 2)                                   // reused, not made
        let first = t.indexPathsForVisibleRows.first!
        #expect(first == IndexPath(row: Int(2_000_000 / 44), section: 0))
        #expect(t.loadedCells.first?.textLabel?.text == "0.\(Int(2_000_000 / 44) - 2)")     // the margin above
    }

    @Test("SC4: rows, rects and hit tests agree across sections and variable heights; scrollToRow; selection by tap")
    func SC4_geometryAndSelection() {
        let source = Source(rows: [5, 0, 40], titles: ["First", nil, "Third"])
        source.variable = true
        let (host, t) = setUp(source)
        #expect(t.numberOfSections == 3 && t.numberOfRows(inSection: 2) == 40)
        for p in [IndexPath(row: 0, section: 0), IndexPath(row: 4, section: 0), IndexPath(row: 17, section: 2)] {
            let r = t.rectForRow(at: p)
            #expect(t.indexPathForRow(at: Point(x: 10, y: r.midY)) == p)
            #expect(r.height == Double(30 + p.row % 3 * 10))
        }
        t.scrollToRow(at: IndexPath(row: 17, section: 2), at: .top, animated: false)
        #expect(t.contentOffset.y == t.rectForRow(at: IndexPath(row: 17, section: 2)).minY)
        host.runUntilIdle()
        let r = t.rectForRow(at: IndexPath(row: 18, section: 2))
        let p = t.convert(Point(x: 100, y: r.midY), to: nil)
        host.runLoop.send(.pointerDown(p)); host.runLoop.send(.pointerUp(p))
        host.step()
        #expect(source.selected == [IndexPath(row: 18, section: 2)])
        #expect(t.indexPathForSelectedRow == IndexPath(row: 18, section: 2))
        #expect(t.cellForRow(at: IndexPath(row: 18, section: 2))?.isSelected == true)
        host.runUntilIdle()
    }

    @Test("SC4: a plain table's section header floats at the top while its section scrolls past")
    func SC4_stickyHeaders() {
        let source = Source(rows: [30, 30], titles: ["A", "B"])
        let (host, t) = setUp(source)
        t.contentOffset = Point(x: 0, y: 300)
        host.runUntilIdle()
        let header = t.subviews.compactMap { $0 as? Label }.first { $0.text == "A" }
        #expect(header?.frame.minY == 300)
        // Above the cells, below the scroll indicators.
        #expect(t.subviews.firstIndex { $0 === header } == t.subviews.count - 3)
    }

    /// A source whose rows are names, for batch updates.
    final class Names: TableViewDataSource {
        var names: [String]
        init(_ n: [String]) { names = n }
        func tableView(_ t: TableView, numberOfRowsInSection s: Int) -> Int { names.count }
        func tableView(_ t: TableView, cellForRowAt p: IndexPath) -> TableViewCell {
            let c = t.dequeueReusableCell(withIdentifier: "row", for: p)
            c.textLabel?.text = names[p.row]
            return c
        }
    }

    func shown(_ t: TableView) -> [String] {
        t.visibleCells.sorted { $0.frame.minY < $1.frame.minY }.compactMap { $0.isHidden ? nil : $0.textLabel?.text }
    }

    @Test("SC4: batch updates insert, delete, move and reload rows, animated, keeping the survivors' cells")
    func SC4_batchUpdates() {
        let host = makeHost(width: 400, height: 600)
        let t = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        t.register(TableViewCell.self, forCellReuseIdentifier: "row")
        let source = Names(["a", "b", "c", "d", "e"])
        host.root.addSubview(t)
        t.dataSource = source
        host.runUntilIdle()
        let cellC = t.cellForRow(at: IndexPath(row: 2, section: 0))
        var finished = false
        t.performBatchUpdates({
            source.names = ["a", "x", "c", "e", "d", "y"]
            t.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
            t.insertRows(at: [IndexPath(row: 1, section: 0), IndexPath(row: 5, section: 0)], with: .fade)
            t.moveRow(at: IndexPath(row: 3, section: 0), to: IndexPath(row: 4, section: 0))
        }, completion: { finished = $0 })
        host.step(frames: 5)
        let midway = t.cellForRow(at: IndexPath(row: 1, section: 0))!
        #expect(midway.presentation.opacity > 0 && midway.presentation.opacity < 1 && midway.alpha == 1)   // fading in
        host.runUntilIdle()
        #expect(finished)
        #expect(shown(t) == ["a", "x", "c", "e", "d", "y"])
        #expect(t.cellForRow(at: IndexPath(row: 2, section: 0)) === cellC)       // the survivor kept its cell
        for (i, c) in t.visibleCells.enumerated() { #expect(c.frame.minY == Double(i) * 44) }
        source.names[0] = "A"
        t.reloadRows(at: [IndexPath(row: 0, section: 0)], with: .none)
        #expect(shown(t).first == "A")
        host.runUntilIdle()
    }

    @Test("SC4 bad input: counts that do not add up are UIKit's invalid update, reported, then a full reload")
    func SC_invalidUpdate() {
        let host = makeHost(width: 400, height: 600)
        let t = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        t.register(TableViewCell.self, forCellReuseIdentifier: "row")
        let source = Names(["a", "b", "c"])
        host.root.addSubview(t)
        t.dataSource = source
        host.runUntilIdle()
        var finished: Bool?
        t.performBatchUpdates({
            source.names = ["a", "b", "c", "d", "e"]
            t.insertRows(at: [IndexPath(row: 3, section: 0)], with: .automatic)  // one of the two
        }, completion: { finished = $0 })
        #expect(finished == false)
        let report = host.window.diagnostics.entries.last?.message ?? ""
        #expect(report.contains("invalid number of rows in section 0") && report.contains("(5)") && report.contains("(3)")
                && report.contains("1 inserted, 0 deleted"))
        #expect(shown(t) == ["a", "b", "c", "d", "e"])                          // reloaded whole
        host.runUntilIdle()
    }

    /// Sections with footers.
    final class Footed: TableViewDataSource {
        func numberOfSections(in t: TableView) -> Int { 3 }
        func tableView(_ t: TableView, numberOfRowsInSection s: Int) -> Int { 4 }
        func tableView(_ t: TableView, titleForHeaderInSection s: Int) -> String? { "Header \(s)" }
        func tableView(_ t: TableView, titleForFooterInSection s: Int) -> String? { s == 1 ? "Footer" : nil }
        func tableView(_ t: TableView, cellForRowAt p: IndexPath) -> TableViewCell {
            t.dequeueReusableCell(withIdentifier: "row", for: p)
        }
    }

    @Test("SC4: footers follow their rows, grouped sections are spaced, a floating header is pushed by the next section")
    func SC4_footersAndGrouped() {
        for style in [TableView.Style.plain, .grouped] {
            let host = makeHost(width: 400, height: 600)
            let t = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 300), style: style)
            t.register(TableViewCell.self, forCellReuseIdentifier: "row")
            let source = Footed()
            host.root.addSubview(t)
            t.dataSource = source
            host.runUntilIdle()
            let gap = style == .grouped ? 18.0 : 0
            // Section 1: gap, header 28, four rows of 44, footer 28.
            let s1 = gap + 28 + 4 * 44
            #expect(t.rectForRow(at: IndexPath(row: 0, section: 1)).minY == s1 + gap + 28)
            #expect(t.contentSize.height == 3 * (gap + 28 + 4 * 44) + 28)
            let footer = t.subviews.compactMap { $0 as? Label }.first { $0.text == "Footer" }
            #expect(footer?.frame.minY == t.rectForRow(at: IndexPath(row: 3, section: 1)).maxY)
            if style == .plain {
                // Scrolled to 10 points before section 1 starts: header 0 is pushed up by it.
                t.contentOffset = Point(x: 0, y: s1 - 10)
                host.runUntilIdle()
                let h0 = t.subviews.compactMap { $0 as? Label }.first { $0.text == "Header 0" }
                #expect(h0?.frame.maxY == s1)
            }
            host.runUntilIdle()
        }
    }

    @Test("SC4 bad input: dequeuing an unregistered identifier is a diagnostic naming it, and a plain cell")
    func SC_unregistered() {
        let source = Source(rows: [3])
        let (host, t) = setUp(source)
        let c = t.dequeueReusableCell(withIdentifier: "nope", for: IndexPath(row: 0, section: 0))
        #expect(c.reuseIdentifier == "nope")
        #expect(host.window.diagnostics.entries.contains { $0.message.contains("'nope'") })
        host.runUntilIdle()
    }
}

/// SC5: a diffable data source.
@Suite("SC5 diffable data source", .endsIdle)
@MainActor
struct DiffableDataSourceTests {
    @Test("SC5: applying a snapshot animates the fewest inserts and deletes, moves inferred, and keeps cells")
    func SC5_applySnapshots() {
        let host = makeHost(width: 400, height: 600)
        let t = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        t.register(TableViewCell.self, forCellReuseIdentifier: "row")
        host.root.addSubview(t)
        let source = TableViewDiffableDataSource<String, Int>(tableView: t) { table, path, item in
            let c = table.dequeueReusableCell(withIdentifier: "row", for: path)
            c.textLabel?.text = "item \(item)"
            return c
        }
        var s = DiffableDataSourceSnapshot<String, Int>()
        s.appendSections(["main"])
        s.appendItems([1, 2, 3, 4, 5])
        s.appendItems([3])                                                       // already there: skipped
        source.apply(s, animatingDifferences: false)
        host.runUntilIdle()
        #expect(t.numberOfRows(inSection: 0) == 5)
        let cellOf3 = t.cellForRow(at: source.indexPath(for: 3)!)
        s.deleteItems([4])
        s.moveItem(2, afterItem: 3)
        s.appendItems([6])
        #expect(s.itemIdentifiers == [1, 3, 2, 5, 6])
        var done = false
        source.apply(s) { done = true }
        host.runUntilIdle()
        #expect(done)
        let texts = t.visibleCells.sorted { $0.frame.minY < $1.frame.minY }.map { $0.textLabel?.text ?? "" }
        #expect(texts == ["item 1", "item 3", "item 2", "item 5", "item 6"])
        #expect(t.cellForRow(at: IndexPath(row: 1, section: 0)) === cellOf3)
        #expect(source.itemIdentifier(for: IndexPath(row: 4, section: 0)) == 6)
        #expect(host.window.diagnostics.entries.allSatisfy { !$0.message.contains("invalid update") })
        withExtendedLifetime(source) {}
    }

    @Test("SC5: a reload asked in one snapshot is done once, whether applied animated or not")
    func SC5_reloadsAreDoneOnce() {
        let host = makeHost(width: 400, height: 600)
        let t = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        t.register(TableViewCell.self, forCellReuseIdentifier: "row")
        host.root.addSubview(t)
        let source = TableViewDiffableDataSource<String, Int>(tableView: t) { table, path, item in
            table.dequeueReusableCell(withIdentifier: "row", for: path)
        }
        var s = DiffableDataSourceSnapshot<String, Int>()
        s.appendSections(["main"])
        s.appendItems([1, 2, 3])
        s.reloadItems([2])
        source.apply(s, animatingDifferences: false)                       // the reload path
        host.runUntilIdle()
        #expect(source.snapshot().reloadedItemIdentifiers.isEmpty)
        source.apply(s)
        host.runUntilIdle()
        #expect(source.snapshot().reloadedItemIdentifiers.isEmpty)
        withExtendedLifetime(source) {}
    }

    /// A source whose rows swipe open on a Delete and an Archive action.
    final class SwipeSource: TableViewDataSource, TableViewDelegate {
        var rows = (0..<20).map { "row \($0)" }
        var log: [String] = []
        var fullSwipe = true
        func tableView(_ t: TableView, numberOfRowsInSection s: Int) -> Int { rows.count }
        func tableView(_ t: TableView, cellForRowAt p: IndexPath) -> TableViewCell {
            let c = t.dequeueReusableCell(withIdentifier: "row", for: p)
            c.textLabel?.text = rows[p.row]
            return c
        }
        func tableView(_ t: TableView, didSelectRowAt p: IndexPath) { log.append("select \(p.row)") }
        func tableView(_ t: TableView, trailingSwipeActionsConfigurationForRowAt p: IndexPath) -> SwipeActionsConfiguration? {
            let delete = ContextualAction(style: .destructive, title: "Delete") { [unowned self] _, _, done in
                self.log.append("delete \(p.row)")
                self.rows.remove(at: p.row)
                t.deleteRows(at: [p], with: .automatic)
                done(true)
            }
            let archive = ContextualAction(style: .normal, title: "Archive") { [unowned self] _, _, done in
                self.log.append("archive \(p.row)")
                done(false)
            }
            var c = SwipeActionsConfiguration(actions: [delete, archive])
            c.performsFirstActionWithFullSwipe = fullSwipe
            return c
        }
    }

    func swipeTable(_ source: SwipeSource) -> (HeadlessHost, TableView) {
        let host = makeHost(width: 400, height: 600)
        let t = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        t.register(TableViewCell.self, forCellReuseIdentifier: "row")
        host.root.addSubview(t)
        t.dataSource = source
        t.tableDelegate = source
        host.runUntilIdle()
        return (host, t)
    }

    func hDrag(_ host: HeadlessHost, _ t: TableView, row: Int, dx: Double, steps: Int = 10) {
        let y = t.rectForRow(at: IndexPath(row: row, section: 0)).midY
        let p = t.convert(Point(x: 350, y: y), to: nil)
        var time = Double(host.runLoop.currentMediaTimeNanoseconds) / 1e9
        host.runLoop.send(InputEvent(.pointerDown(p, button: 1), timestamp: time))
        for k in 1...steps {
            time += 0.03
            host.runLoop.send(InputEvent(.pointerMoved(Point(x: p.x + dx * Double(k) / Double(steps), y: p.y), buttons: 1), timestamp: time))
            host.step()
        }
        host.runLoop.send(InputEvent(.pointerUp(Point(x: p.x + dx, y: p.y), button: 1), timestamp: time + 0.05))
        host.step()
    }

    @Test("SC4: a row swiped toward the leading edge opens on its actions, first nearest the edge; a tap runs one and closes the row")
    func SC4_swipeActions() {
        let source = SwipeSource()
        source.fullSwipe = false
        let (host, t) = swipeTable(source)
        hDrag(host, t, row: 2, dx: -120)
        host.runUntilIdle()
        #expect(t.indexPathForSwipedRow == IndexPath(row: 2, section: 0))
        let cell = try! #require(t.cellForRow(at: IndexPath(row: 2, section: 0)))
        let open = try! #require(t.swipe)
        #expect(cell.contentView.transform.tx == -open.openWidth && open.openWidth >= 2 * TableView.actionMinimumWidth)
        #expect(t.contentOffset.y == 0)                                        // the table did not scroll
        // Delete is the first action, nearest the trailing edge.
        let delete = open.buttons[0], archive = open.buttons[1]
        #expect(delete.frame.maxX == open.actionsView.bounds.width && archive.frame.maxX == delete.frame.minX)
        archive.sendActions(for: .primaryActionTriggered)
        host.runUntilIdle()
        #expect(source.log == ["archive 2"] && t.indexPathForSwipedRow == nil && cell.contentView.transform == .identity)
        // A tap on another row while one is open closes it and selects nothing.
        hDrag(host, t, row: 4, dx: -120)
        host.runUntilIdle()
        #expect(t.indexPathForSwipedRow?.row == 4)
        let p = t.convert(Point(x: 100, y: t.rectForRow(at: IndexPath(row: 8, section: 0)).midY), to: nil)
        host.runLoop.send(.pointerDown(p)); host.runLoop.send(.pointerUp(p))
        host.runUntilIdle()
        #expect(t.indexPathForSwipedRow == nil && !source.log.contains("select 8"))
        // Opened again, Delete removes the row through the data source.
        hDrag(host, t, row: 4, dx: -120)
        host.runUntilIdle()
        t.swipe?.buttons[0].sendActions(for: .primaryActionTriggered)
        host.runUntilIdle()
        #expect(source.log.last == "delete 4" && t.numberOfRows(inSection: 0) == 19 && t.indexPathForSwipedRow == nil)
    }

    @Test("SC4: a full swipe performs the first action; a vertical drag scrolls and opens nothing; a row without actions does not swipe")
    func SC4_fullSwipeAndVerticalDrag() {
        let source = SwipeSource()
        let (host, t) = swipeTable(source)
        hDrag(host, t, row: 1, dx: -320)
        host.runUntilIdle()
        #expect(source.log == ["delete 1"] && t.numberOfRows(inSection: 0) == 19)
        let p = t.convert(Point(x: 200, y: 300), to: nil)
        var time = Double(host.runLoop.currentMediaTimeNanoseconds) / 1e9
        host.runLoop.send(InputEvent(.pointerDown(p, button: 1), timestamp: time))
        for k in 1...10 {
            time += 0.02
            host.runLoop.send(InputEvent(.pointerMoved(Point(x: p.x - Double(k), y: p.y - 20 * Double(k)), buttons: 1), timestamp: time))
            host.step()
        }
        host.runLoop.send(InputEvent(.pointerUp(Point(x: p.x - 10, y: p.y - 200), button: 1), timestamp: time + 0.2))
        host.runUntilIdle()
        #expect(t.contentOffset.y > 100 && t.indexPathForSwipedRow == nil)
        // Plain rows (a delegate without actions) ignore a horizontal drag.
        let plain = TableViewTests.Source(rows: [10])
        t.dataSource = plain
        t.tableDelegate = plain
        host.runUntilIdle()
        hDrag(host, t, row: 0, dx: -150)
        host.runUntilIdle()
        #expect(t.indexPathForSwipedRow == nil)
    }
}
