import Foundation
import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

/// SC4: self-sizing rows. A row of automaticDimension takes its estimate until its cell shows, then
/// the height its content view's constraints give at the row's width.
@Suite("SC4 self-sizing rows", .endsIdle)
@MainActor
struct TableSelfSizingTests {
    /// A cell whose content is a box of a given height pinned 8 points inside the content view.
    final class TallCell: TableViewCell {
        let box = View()
        var boxHeight: LayoutConstraint!
        required init(reuseIdentifier: String?) {
            super.init(reuseIdentifier: reuseIdentifier)
            box.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(box)
            boxHeight = box.heightAnchor.constraint(equalToConstant: 20)
            LayoutConstraint.activate([
                box.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
                box.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
                box.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
                contentView.bottomAnchor.constraint(equalTo: box.bottomAnchor, constant: 8),
                boxHeight,
            ])
        }
    }

    final class Source: TableViewDataSource, TableViewDelegate {
        let count: Int
        init(count: Int) { self.count = count }
        func tableView(_ t: TableView, numberOfRowsInSection s: Int) -> Int { count }
        /// Row r's box is 20 + 10·(r mod 4) points: rows of 36, 46, 56 and 66.
        func tableView(_ t: TableView, cellForRowAt p: IndexPath) -> TableViewCell {
            let c = t.dequeueReusableCell(withIdentifier: "tall", for: p) as! TallCell
            c.boxHeight.constant = 20 + 10 * Double(p.row % 4)
            return c
        }
    }

    static func height(_ row: Int) -> Double { 36 + 10 * Double(row % 4) }

    func setUp(count: Int) -> (HeadlessHost, TableView, Source) {
        let host = makeHost(width: 300, height: 500)
        let t = TableView(frame: Rect(x: 0, y: 0, width: 300, height: 400))
        t.register(TallCell.self, forCellReuseIdentifier: "tall")
        t.rowHeight = TableView.automaticDimension
        t.estimatedRowHeight = 50
        host.root.addSubview(t)
        let source = Source(count: count)
        t.dataSource = source
        t.tableDelegate = source
        host.runUntilIdle()
        return (host, t, source)
    }

    @Test("SC4: shown rows take the heights their constraints give; rows not yet shown keep the estimate")
    func SC4_measuredRows() {
        let (host, t, source) = setUp(count: 1000)
        withExtendedLifetime(source) {
            var y = 0.0
            for r in 0..<6 {
                let rect = t.rectForRow(at: IndexPath(row: r, section: 0))
                #expect(rect == Rect(x: 0, y: y, width: 300, height: Self.height(r)), "row \(r)")
                #expect(t.cellForRow(at: IndexPath(row: r, section: 0))?.frame == rect)
                y += Self.height(r)
            }
            // Far below: still the estimate, and the content is the measured rows plus estimates.
            #expect(t.rectForRow(at: IndexPath(row: 900, section: 0)).height == 50)
            let measured = (0..<1000).filter { t.rectForRow(at: IndexPath(row: $0, section: 0)).height != 50 }
            let sum = measured.reduce(0.0) { $0 + Self.height($1) }
            #expect(abs(t.contentSize.height - (sum + 50 * Double(1000 - measured.count))) < 1e-9)
            #expect(measured.count < 20)                                        // only what showed
            // The cell's content view was put back: in its cell, at the row's size.
            let cell = t.cellForRow(at: IndexPath(row: 2, section: 0))!
            #expect(cell.contentView.superview === cell && cell.contentView.frame.size == Size(width: 300, height: 56))
        }
    }

    @Test("SC4: scrolling measures the rows that come, once; a reload asks again")
    func SC4_measuredOnScroll() {
        let (host, t, source) = setUp(count: 200)
        withExtendedLifetime(source) {
            t.setContentOffset(Point(x: 0, y: 2000), animated: false)
            host.runUntilIdle()
            for p in t.indexPathsForVisibleRows {
                #expect(t.rectForRow(at: p).height == Self.height(p.row), "row \(p.row)")
                #expect(t.cellForRow(at: p)?.frame == t.rectForRow(at: p))
            }
            // Rows keep strictly increasing tops with no gap.
            var y = 0.0
            for r in 0..<200 {
                let rect = t.rectForRow(at: IndexPath(row: r, section: 0))
                #expect(abs(rect.minY - y) < 1e-9)
                y = rect.maxY
            }
            t.reloadData()
            host.runUntilIdle()
            // Estimated again; the rows on screen measured again, the first (off screen) not.
            #expect(t.rectForRow(at: IndexPath(row: 0, section: 0)).height == 50)
            let shown = t.indexPathsForVisibleRows
            #expect(!shown.isEmpty && shown.allSatisfy { t.rectForRow(at: $0).height == Self.height($0.row) })
        }
    }

    @Test("SC4: a cell whose content does not reach its bottom keeps the estimate; fixed rows beside it are untouched")
    func SC4_unconstrainedCellKeepsEstimate() {
        final class Mixed: TableViewDataSource, TableViewDelegate {
            func tableView(_ t: TableView, numberOfRowsInSection s: Int) -> Int { 10 }
            func tableView(_ t: TableView, cellForRowAt p: IndexPath) -> TableViewCell {
                let c = t.dequeueReusableCell(withIdentifier: "plain", for: p)
                c.textLabel?.text = "Row \(p.row)"                               // a frame-laid label: no constraints
                return c
            }
            func tableView(_ t: TableView, heightForRowAt p: IndexPath) -> Double { p.row == 0 ? 80 : TableView.automaticDimension }
            func tableView(_ t: TableView, estimatedHeightForRowAt p: IndexPath) -> Double { 60 }
        }
        let host = makeHost(width: 300, height: 500)
        let t = TableView(frame: Rect(x: 0, y: 0, width: 300, height: 400))
        t.register(TableViewCell.self, forCellReuseIdentifier: "plain")
        host.root.addSubview(t)
        let source = Mixed()
        t.dataSource = source
        t.tableDelegate = source
        host.runUntilIdle()
        #expect(t.rectForRow(at: IndexPath(row: 0, section: 0)).height == 80)
        #expect(t.rectForRow(at: IndexPath(row: 1, section: 0)) == Rect(x: 0, y: 80, width: 300, height: 60))
        #expect(t.contentSize.height == 80 + 9 * 60)
        withExtendedLifetime(source) {}
    }
}
