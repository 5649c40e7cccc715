import Foundation
import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

/// A 300 x 400 collection view of 80-point items registered as "item", three a line: x 10, 110,
/// 210 (a section's last line keeps the minimum spacing: 10, 100, 190); lines 90 apart.
@MainActor
func makeGrid() -> (HeadlessHost, CollectionView) {
    let host = makeHost(width: 400, height: 600)
    let layout = CollectionViewFlowLayout()
    layout.itemSize = Size(width: 80, height: 80)
    layout.sectionInset = EdgeInsets(all: 10)
    let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 300, height: 400), collectionViewLayout: layout)
    cv.register(CollectionViewCell.self, forCellWithReuseIdentifier: "item")
    host.root.addSubview(cv)
    return (host, cv)
}

/// SC6, SC5: a collection view's batch updates and its diffable data source.
@Suite("SC6 collection view batch updates", .endsIdle)
@MainActor
struct CollectionUpdateTests {
    /// Sections of named items; each cell is named after its item.
    final class Names: CollectionViewDataSource {
        var sections: [[String]]
        init(_ s: [[String]]) { sections = s }
        func numberOfSections(in c: CollectionView) -> Int { sections.count }
        func collectionView(_ c: CollectionView, numberOfItemsInSection s: Int) -> Int { sections[s].count }
        func collectionView(_ c: CollectionView, cellForItemAt p: IndexPath) -> CollectionViewCell {
            let cell = c.dequeueReusableCell(withReuseIdentifier: "item", for: p)
            cell.identifier = sections[p.section][p.item]
            return cell
        }
    }

    func setUp(_ sections: [[String]]) -> (HeadlessHost, CollectionView, Names) {
        let (host, cv) = makeGrid()
        let source = Names(sections)
        cv.dataSource = source
        host.runUntilIdle()
        return (host, cv, source)
    }

    /// The names of the cells showing, in reading order.
    func shown(_ cv: CollectionView) -> [String] {
        cv.visibleCells.filter { !$0.isHidden }.sorted { ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX) }
            .map { $0.identifier ?? "" }
    }

    func path(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

    @Test("SC6 batch updates animate inserted items: fade in at their places, the others move, deleted ones fade out, cells kept")
    func SC6_batchUpdatesAnimate() {
        let (host, cv, source) = setUp([["a", "b", "c", "d", "e", "f"]])
        let cellA = cv.cellForItem(at: path(0))!, cellB = cv.cellForItem(at: path(1))!, cellE = cv.cellForItem(at: path(4))!
        #expect(cv.cellsCreated == 6)
        var calls: [Bool] = []
        cv.performBatchUpdates({
            source.sections = [["x", "a", "c", "d", "f", "e"]]
            cv.deleteItems(at: [path(1)])
            cv.insertItems(at: [path(0)])
            cv.moveItem(at: path(4), to: path(5))
        }, completion: { calls.append($0) })
        // Re-keyed at once: the items that stay keep their cells; one new cell for the insert.
        #expect(cv.cellForItem(at: path(1)) === cellA)
        #expect(cv.cellForItem(at: path(5)) === cellE)
        let cellX = cv.cellForItem(at: path(0))!
        #expect(cellX.identifier == "x" && cv.cellsCreated == 7)
        #expect(cellA.frame == Rect(x: 110, y: 10, width: 80, height: 80))                 // the model is final
        #expect(cellA.presentation.frame == Rect(x: 10, y: 10, width: 80, height: 80))     // still where it was
        #expect(cellX.presentation.opacity == 0)
        host.step(frames: 9)                                                                // about half of 0.3 s
        let a = cellA.presentation.frame, e = cellE.presentation.frame
        #expect(a.minX > 20 && a.minX < 100 && a.minY == 10)
        #expect(e.minX > 110 && e.minX < 180 && e.minY == 100)                             // 100 -> 190 on the last line
        #expect(cellX.presentation.opacity > 0.1 && cellX.presentation.opacity < 0.9 && cellX.alpha == 1)
        #expect(cellX.presentation.frame == Rect(x: 10, y: 10, width: 80, height: 80))     // fading in where it ends
        #expect(cellB.presentation.opacity > 0.1 && cellB.presentation.opacity < 0.9)          // fading out where it was
        #expect(cellB.presentation.frame == Rect(x: 110, y: 10, width: 80, height: 80) && !cellB.isHidden)
        #expect(calls.isEmpty)
        host.runUntilIdle()
        #expect(calls == [true])
        #expect(cellA.presentation.frame == Rect(x: 110, y: 10, width: 80, height: 80))
        #expect(cellE.presentation.frame == Rect(x: 190, y: 100, width: 80, height: 80))
        #expect(cellB.isHidden && cellB.alpha == 1)                                         // recycled
        #expect(shown(cv) == ["x", "a", "c", "d", "f", "e"])
        #expect(cv.indexPath(for: cellE) == path(5))
        // Each call outside a batch is a batch of its own; the pool gives the deleted cell back.
        source.sections[0].append("g")
        cv.insertItems(at: [path(6)])
        #expect(cv.cellForItem(at: path(6)) === cellB && cellB.identifier == "g" && cv.cellsCreated == 7)
        host.runUntilIdle()
        #expect(shown(cv) == ["x", "a", "c", "d", "f", "e", "g"])
        #expect(host.window.diagnostics.entries.allSatisfy { !$0.message.contains("invalid update") })
    }

    @Test("SC6 bad input: counts that do not add up are an invalid update naming the section and counts, then a full reload")
    func SC6_invalidUpdate() {
        let (host, cv, source) = setUp([["a", "b", "c"]])
        var calls: [Bool] = []
        cv.performBatchUpdates({
            source.sections = [["a", "b", "c", "d", "e"]]
            cv.insertItems(at: [path(3)])                                                  // one of the two
        }, completion: { calls.append($0) })
        #expect(calls == [false])
        let report = host.window.diagnostics.entries.last?.message ?? ""
        #expect(report.contains("invalid update: invalid number of items in section 0") && report.contains("after the update (5)")
                && report.contains("before the update (3)") && report.contains("(1 inserted, 0 deleted)")
                && report.contains("the collection view was reloaded"))
        #expect(shown(cv) == ["a", "b", "c", "d", "e"])                                   // reloaded whole
        #expect(cv.loadedCells.allSatisfy { $0.alpha == 1 && $0.presentation.opacity == 1 })
        // A section added without insertSections.
        source.sections.append(["z"])
        cv.deleteItems(at: [path(4)])
        let sections = host.window.diagnostics.entries.last?.message ?? ""
        #expect(sections.contains("invalid number of sections") && sections.contains("after the update (2)")
                && sections.contains("before the update (1)") && sections.contains("(0 inserted, 0 deleted)"))
        #expect(cv.numberOfSections == 2 && cv.cellForItem(at: path(0, 1))?.identifier == "z")
        // An item outside the section.
        source.sections[1].append("y")
        cv.insertItems(at: [path(5, 1)])
        #expect(host.window.diagnostics.entries.last?.message.contains("outside its 2 items after it") == true)
        host.runUntilIdle()
    }

    @Test("SC6 sections inserted, deleted and moved in one batch: items of the sections that stay keep their cells and move")
    func SC6_sectionUpdates() {
        let (host, cv, source) = setUp([["a", "b"], ["c", "d"], ["e"]])
        // Sections start at y 10, 110 and 210 (one line each, insets 10).
        let cellC = cv.cellForItem(at: path(0, 1))!, cellE = cv.cellForItem(at: path(0, 2))!, cellA = cv.cellForItem(at: path(0, 0))!
        #expect(cellC.frame.minY == 110 && cellE.frame.minY == 210)
        var calls: [Bool] = []
        cv.performBatchUpdates({
            source.sections = [["e"], ["c", "d", "k"], ["n"]]
            cv.deleteSections([0])
            cv.moveSection(2, toSection: 0)
            cv.insertSections([2])
            cv.insertItems(at: [path(2, 1)])
        }, completion: { calls.append($0) })
        #expect(cv.cellForItem(at: path(0, 1)) === cellC && cv.cellForItem(at: path(0, 0)) === cellE)
        #expect(cv.indexPath(for: cellA) == nil)
        host.step(frames: 9)
        #expect(cellE.presentation.frame.minY > 20 && cellE.presentation.frame.minY < 200)  // 210 -> 10
        #expect(cellA.presentation.opacity > 0.1 && cellA.presentation.opacity < 0.9)
        host.runUntilIdle()
        #expect(calls == [true])
        #expect(cellC.frame.minY == 110 && cellE.frame.minY == 10)
        #expect(shown(cv) == ["e", "c", "d", "k", "n"])
        // Reloading a section makes its cells again.
        source.sections[2] = ["n2", "n3"]
        cv.reloadSections([2])
        host.runUntilIdle()
        #expect(shown(cv) == ["e", "c", "d", "k", "n2", "n3"])
        #expect(cv.cellForItem(at: path(0, 1)) === cellC)
        #expect(host.window.diagnostics.entries.allSatisfy { !$0.message.contains("invalid update") })
    }

    @Test("SC6 an item moved far keeps its cell and slides; the selection follows its item")
    func SC6_moveKeepsCellAndSelection() {
        let (host, cv, source) = setUp([(0..<9).map { "i\($0)" }])
        cv.selectItem(at: path(8), animated: false)
        let cell8 = cv.cellForItem(at: path(8))!
        source.sections[0].insert(source.sections[0].remove(at: 8), at: 0)
        cv.moveItem(at: path(8), to: path(0))
        #expect(cv.cellForItem(at: path(0)) === cell8 && cell8.isSelected)
        #expect(cv.indexPathsForSelectedItems == [path(0)])
        host.step(frames: 9)
        let f = cell8.presentation.frame
        #expect(f.minX > 10 && f.minX < 210 && f.minY > 10 && f.minY < 190)                 // from (190, 190) to (10, 10)
        host.runUntilIdle()
        #expect(cell8.frame.origin == Point(x: 10, y: 10) && cv.cellsCreated == 9)
    }
}

/// SC5 for collections: an engine diffable data source.
@Suite("SC5 collection diffable data source", .endsIdle)
@MainActor
struct CollectionDiffableTests {
    @Test("SC5 a collection diffable source applies the fewest changes as one animated batch update, keeping cells")
    func SC5_collectionDiffable() {
        let (host, cv) = makeGrid()
        let source = CollectionViewDiffableDataSource<String, Int>(collectionView: cv) { cv, path, item in
            let c = cv.dequeueReusableCell(withReuseIdentifier: "item", for: path)
            c.identifier = "\(item)"
            return c
        }
        var s = DiffableDataSourceSnapshot<String, Int>()
        s.appendSections(["main"])
        s.appendItems([1, 2, 3, 4, 5])
        source.apply(s, animatingDifferences: false)
        host.runUntilIdle()
        let cellOf3 = cv.cellForItem(at: source.indexPath(for: 3)!)!, cellOf5 = cv.cellForItem(at: source.indexPath(for: 5)!)!
        let c = s.changes(from: s)
        #expect(c.deletes.isEmpty && c.inserts.isEmpty && c.moves.isEmpty && c.sectionInserts.isEmpty)
        var next = s
        next.deleteItems([2])
        next.moveItem(5, beforeItem: 1)
        next.appendItems([6])
        next.appendSections(["more"])
        next.appendItems([7], toSection: "more")
        let d = next.changes(from: s)
        #expect(d.deletes == [IndexPath(item: 1, section: 0)] && d.inserts == [IndexPath(item: 4, section: 0)])
        #expect(d.moves.count == 1 && d.moves[0].0 == IndexPath(item: 4, section: 0) && d.moves[0].1 == IndexPath(item: 0, section: 0))
        #expect(d.sectionInserts == [1])
        var done = 0
        source.apply(next) { done += 1 }
        #expect(cv.cellForItem(at: IndexPath(item: 0, section: 0)) === cellOf5)
        #expect(cv.cellForItem(at: IndexPath(item: 2, section: 0)) === cellOf3)
        host.step(frames: 9)
        let cellOf6 = cv.cellForItem(at: source.indexPath(for: 6)!)!
        #expect(cellOf6.presentation.opacity > 0.1 && cellOf6.presentation.opacity < 0.9)
        let f5 = cellOf5.presentation.frame                                                  // (100, 100) -> (10, 10)
        #expect(f5.minX > 10 && f5.minX < 110 && f5.minY > 10 && f5.minY < 100)
        host.runUntilIdle()
        #expect(done == 1)
        #expect(cv.numberOfSections == 2 && source.itemIdentifier(for: IndexPath(item: 0, section: 1)) == 7)
        let names = cv.visibleCells.sorted { ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX) }.map { $0.identifier ?? "" }
        #expect(names == ["5", "1", "3", "4", "6", "7"])
        // An item that changes section keeps its cell (a move, not a delete and an insert).
        var third = next
        third.moveItem(3, afterItem: 7)
        let e = third.changes(from: next)
        #expect(e.deletes.isEmpty && e.inserts.isEmpty && e.moves.count == 1)
        source.apply(third) { done += 1 }
        #expect(cv.cellForItem(at: IndexPath(item: 1, section: 1)) === cellOf3)
        host.runUntilIdle()
        #expect(done == 2)
        #expect(host.window.diagnostics.entries.allSatisfy { !$0.message.contains("invalid update") })
        withExtendedLifetime(source) {}
    }
}

/// SC6: self-sizing items in the flow layout.
@Suite("SC6 collection view self-sizing items", .endsIdle)
@MainActor
struct CollectionSelfSizingTests {
    /// A cell whose content is a box pinned 5 points inside its content view, its size set per item.
    final class BoxCell: CollectionViewCell {
        let box = View()
        var width: LayoutConstraint!
        required init(reuseIdentifier: String?) {
            super.init(reuseIdentifier: reuseIdentifier)
            box.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(box)
            width = box.widthAnchor.constraint(equalToConstant: 10)
            // The far edges at 999, as in UIKit: the cell shows at its estimated size first.
            let trailing = contentView.trailingAnchor.constraint(equalTo: box.trailingAnchor, constant: 5)
            let bottom = contentView.bottomAnchor.constraint(equalTo: box.bottomAnchor, constant: 5)
            trailing.priority = 999
            bottom.priority = 999
            LayoutConstraint.activate([
                box.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 5),
                box.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 5),
                trailing, bottom, width, box.heightAnchor.constraint(equalToConstant: 30),
            ])
        }
    }

    final class Widths: CollectionViewDataSource {
        var widths: [Double]
        init(_ w: [Double]) { widths = w }
        func collectionView(_ c: CollectionView, numberOfItemsInSection s: Int) -> Int { widths.count }
        func collectionView(_ c: CollectionView, cellForItemAt p: IndexPath) -> CollectionViewCell {
            let cell = c.dequeueReusableCell(withReuseIdentifier: "box", for: p) as! BoxCell
            cell.width.constant = widths[p.item]
            return cell
        }
    }

    @Test("SC6 estimated self-sizing items: cells measured with Auto Layout as they show, the lines and content size follow")
    func SC6_selfSizingItems() {
        let host = makeHost(width: 400, height: 600)
        let layout = CollectionViewFlowLayout()
        layout.estimatedItemSize = CollectionViewFlowLayout.automaticSize            // estimated with itemSize
        layout.itemSize = Size(width: 80, height: 80)
        layout.sectionInset = EdgeInsets(all: 10)
        let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 300, height: 400), collectionViewLayout: layout)
        cv.register(BoxCell.self, forCellWithReuseIdentifier: "box")
        host.root.addSubview(cv)
        let source = Widths([40, 50, 60, 70, 80, 90])                               // cells 50 ... 100 wide, 40 high
        cv.dataSource = source
        host.runUntilIdle()
        let frames = (0..<6).map { cv.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
        #expect(frames.map(\.size) == (0..<6).map { Size(width: 50 + Double($0) * 10, height: 40) })
        // Lines of 50 60 70 (spread over 280), 80 90 (spread), 100; 40 high, 10 apart.
        #expect(frames[0].origin == Point(x: 10, y: 10) && frames[2].maxX == 290)
        #expect(frames[3].origin == Point(x: 10, y: 60) && frames[5].origin == Point(x: 10, y: 110))
        #expect(cv.contentSize == Size(width: 300, height: 10 + 3 * 40 + 2 * 10 + 10))
        #expect(cv.visibleCells.allSatisfy { c in frames.contains(c.frame) } && cv.visibleCells.count == 6)
        let cell1 = cv.cellForItem(at: IndexPath(item: 1, section: 0))!
        #expect((cell1 as! BoxCell).box.frame == Rect(x: 5, y: 5, width: 50, height: 30))
        // A batch update: the measured sizes go with their items; the new item measures as it shows.
        source.widths.insert(110, at: 0)
        cv.insertItems(at: [IndexPath(item: 0, section: 0)])
        host.runUntilIdle()
        #expect(cv.cellForItem(at: IndexPath(item: 2, section: 0)) === cell1 && cell1.frame.size == Size(width: 60, height: 40))
        #expect(cv.cellForItem(at: IndexPath(item: 0, section: 0))?.frame.size == Size(width: 120, height: 40))
        #expect(host.window.diagnostics.entries.allSatisfy { $0.kind != .unsatisfiableConstraints })
        withExtendedLifetime(source) {}
    }
}
