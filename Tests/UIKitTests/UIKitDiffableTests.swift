import Testing
import Foundation
@testable import UIKit
import Timeline
import TimelineTestSupport

@MainActor
@Suite("UK1 diffable data sources and snapshots")
struct UIKitDiffableTests {
    enum Section: Hashable, Sendable { case main, archive }

    @Test("UK1 a snapshot keeps sections and unique items; inserts, moves and deletes by identifier; a repeated item is refused")
    func UK1_snapshot() {
        var s = NSDiffableDataSourceSnapshot<Section, String>()
        s.appendSections([.main, .archive])
        s.appendItems(["a", "b", "c"], toSection: .main)
        s.appendItems(["x"])                                               // the last section
        s.appendItems(["a"], toSection: .archive)                         // already there: skipped
        #expect(s.itemIdentifiers(inSection: .main) == ["a", "b", "c"] && s.itemIdentifiers(inSection: .archive) == ["x"])
        s.insertItems(["z"], beforeItem: "b")
        s.moveItem("a", afterItem: "x")
        s.deleteItems(["c"])
        #expect(s.itemIdentifiers == ["z", "b", "x", "a"] && s.sectionIdentifier(containingItem: "a") == .archive)
        #expect(s.indexOfItem("x") == 2 && s.numberOfItems == 4 && s.numberOfItems(inSection: .main) == 2)
        s.moveSection(.archive, beforeSection: .main)
        #expect(s.sectionIdentifiers == [.archive, .main] && s.indexOfItem("x") == 0)
        s.reconfigureItems(["b", "nope"])
        #expect(s.reconfiguredItemIdentifiers == ["b"])
    }

    final class Source: UITableViewDiffableDataSource<Section, String> {
        override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
            sectionIdentifier(for: section) == .main ? "Main" : nil
        }
    }

    @Test("UK1 a table's diffable source answers the table from its snapshot and applies differences as row updates; a subclass adds titles")
    func UK1_tableDiffableSource() {
        let (host, window) = makeApp(width: 320, height: 480)
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "c")
        var made: [String] = []
        let source = Source(tableView: table) { tv, indexPath, item in
            made.append(item)
            let cell = tv.dequeueReusableCell(withIdentifier: "c", for: indexPath)
            cell.textLabel?.text = item
            return cell
        }
        #expect(table.dataSource === source)
        window.addSubview(table)
        window.makeKeyAndVisible()
        var s = NSDiffableDataSourceSnapshot<Section, String>()
        s.appendSections([.main])
        s.appendItems(["one", "two", "three"])
        source.apply(s, animatingDifferences: false)
        host.step(frames: 2)
        #expect(table.numberOfRows(inSection: 0) == 3 && made.sorted() == ["one", "three", "two"])
        #expect(source.tableView(table, titleForHeaderInSection: 0) == "Main")
        var next = source.snapshot()
        next.deleteItems(["two"])
        next.insertItems(["zero"], beforeItem: "one")
        next.reconfigureItems(["three"])
        made.removeAll()
        var done = false
        source.apply(next) { done = true }
        host.step(frames: 40)
        #expect(done && table.numberOfRows(inSection: 0) == 3)
        #expect(source.itemIdentifier(for: IndexPath(row: 0, section: 0)) == "zero" && source.indexPath(for: "three") == IndexPath(row: 2, section: 0))
        #expect(made.contains("zero") && made.contains("three") && !made.contains("one"), "only the new and reconfigured rows were made")
        let texts = (0..<3).compactMap { table.cellForRow(at: IndexPath(row: $0, section: 0))?.textLabel?.text }
        #expect(texts == ["zero", "one", "three"])
    }

    @Test("UK1 a section snapshot is an outline: children show under expanded parents, depth first; deleting a parent deletes its subtree")
    func UK1_sectionSnapshot() {
        var s = NSDiffableDataSourceSectionSnapshot<String>()
        s.append(["Documents", "Photos"])
        s.append(["a.txt", "Work"], to: "Documents")
        s.append(["plan.md"], to: "Work")
        #expect(s.visibleItems == ["Documents", "Photos"])
        s.expand(["Documents"])
        #expect(s.visibleItems == ["Documents", "a.txt", "Work", "Photos"] && s.level(of: "plan.md") == 2)
        s.expand(["Work"])
        #expect(s.visibleItems == ["Documents", "a.txt", "Work", "plan.md", "Photos"] && s.parent(of: "plan.md") == "Work")
        #expect(s.snapshot(of: "Documents").items == ["a.txt", "Work", "plan.md"])
        s.delete(["Work"])
        #expect(s.items == ["Documents", "a.txt", "Photos"] && !s.contains("plan.md"))
    }

    @Test("UK1 RelativeDateTimeFormatter: numeric and named, full, short and abbreviated")
    func UK1_relativeDateTimeFormatter() {
        let f = RelativeDateTimeFormatter()
        let now = Date(timeIntervalSince1970: 1_000_000)
        #expect(f.localizedString(for: now.addingTimeInterval(-120), relativeTo: now) == "2 minutes ago")
        #expect(f.localizedString(for: now.addingTimeInterval(3 * 3600 + 5), relativeTo: now) == "in 3 hours")
        f.unitsStyle = .short
        #expect(f.localizedString(fromTimeInterval: -86400 * 3) == "3 days ago")
        f.unitsStyle = .abbreviated
        #expect(f.localizedString(fromTimeInterval: -90) == "1m ago")
        f.dateTimeStyle = .named
        f.unitsStyle = .full
        #expect(f.localizedString(fromTimeInterval: -86400) == "yesterday" && f.localizedString(fromTimeInterval: 2) == "now")
        #expect(f.localizedString(fromTimeInterval: 8 * 86400) == "next week")
    }
}

@MainActor
@Suite("UK1 collection diffable sources with registrations")
struct UIKitCollectionDiffableTests {
    final class Header: UICollectionReusableView {
        let title = UILabel()
        override init(frame: CGRect) { super.init(frame: frame); addSubview(title) }
        required init?(coder: NSCoder) { fatalError() }
    }

    @Test("UK1 a collection diffable source with cell and supplementary registrations: cells and headers made, configured and reused by the registrations")
    func UK1_collectionRegistrations() throws {
        let (host, window) = makeApp(width: 320, height: 480)
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 40)
        layout.headerReferenceSize = CGSize(width: 320, height: 30)
        let grid = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        let cells = UICollectionView.CellRegistration<UICollectionViewCell, String> { cell, _, item in cell.accessibilityLabel = item }
        let headers = UICollectionView.SupplementaryRegistration<Header>(elementKind: UICollectionView.elementKindSectionHeader) { h, _, ip in
            h.title.text = "Section \(ip.section)"
        }
        let source = UICollectionViewDiffableDataSource<Int, String>(collectionView: grid) { cv, ip, item in
            cv.dequeueConfiguredReusableCell(using: cells, for: ip, item: item)
        }
        source.supplementaryViewProvider = { cv, _, ip in cv.dequeueConfiguredReusableSupplementary(using: headers, for: ip) }
        window.addSubview(grid)
        window.makeKeyAndVisible()
        var s = NSDiffableDataSourceSnapshot<Int, String>()
        s.appendSections([0, 1])
        s.appendItems(["a", "b", "c"], toSection: 0)
        s.appendItems(["d"], toSection: 1)
        source.apply(s, animatingDifferences: false)
        host.step(frames: 2)
        #expect(grid.numberOfSections == 2 && grid.numberOfItems(inSection: 0) == 3)
        #expect(grid.cellForItem(at: IndexPath(item: 1, section: 0))?.accessibilityLabel == "b")
        let h1 = try #require(grid.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1)) as? Header)
        #expect(h1.title.text == "Section 1")
        #expect(source.itemIdentifier(for: IndexPath(item: 0, section: 1)) == "d" && source.indexPath(for: "c") == IndexPath(item: 2, section: 0))
    }
    /// A 320 x 480 collection view on screen over a diffable source whose cells come from `registration`.
    func showGrid<Cell: UICollectionViewCell, Item: Hashable & Sendable>(_ layout: UICollectionViewLayout,
                                                                          _ registration: UICollectionView.CellRegistration<Cell, Item>)
        -> (HeadlessHost, UIWindow, UICollectionView, UICollectionViewDiffableDataSource<Int, Item>) {
        let (host, window) = makeApp(width: 320, height: 480)
        let grid = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        let source = UICollectionViewDiffableDataSource<Int, Item>(collectionView: grid) { cv, ip, item in
            cv.dequeueConfiguredReusableCell(using: registration, for: ip, item: item)
        }
        window.addSubview(grid)
        window.makeKeyAndVisible()
        return (host, window, grid, source)
    }

    @Test("SC6 UIKit's collection batch updates and diffable applies are the engine's: cells kept, new ones fading in, bad counts reloaded")
    func SC6_facadeCollectionUpdates() throws {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 40)
        let cells = UICollectionView.CellRegistration<UICollectionViewCell, String> { cell, _, item in cell.accessibilityLabel = item }
        let (host, window, grid, source) = showGrid(layout, cells)
        defer { withExtendedLifetime(window) {} }
        var s = NSDiffableDataSourceSnapshot<Int, String>()
        s.appendSections([0])
        s.appendItems(["a", "b", "c"], toSection: 0)
        source.apply(s, animatingDifferences: false)
        host.step(frames: 2)
        let cellC = try #require(grid.cellForItem(at: IndexPath(item: 2, section: 0)))
        s.insertItems(["x"], beforeItem: "a")
        s.appendSections([1])
        s.appendItems(["d"], toSection: 1)
        var done = 0
        source.apply(s) { done += 1 }
        #expect(grid.cellForItem(at: IndexPath(item: 3, section: 0)) === cellC)          // kept, moving along
        let x = try #require(grid.cellForItem(at: IndexPath(item: 0, section: 0)))
        #expect(x.accessibilityLabel == "x")
        host.step(frames: 9)
        #expect(x.collectionCell.presentation.opacity > 0.1 && x.collectionCell.presentation.opacity < 0.9)
        runFor(host, seconds: 0.5)
        #expect(done == 1 && grid.numberOfSections == 2)
        #expect(grid.cellForItem(at: IndexPath(item: 0, section: 1))?.accessibilityLabel == "d")
        // An insert the data source does not hold: UIKit's invalid update, then a reload.
        var finished: Bool?
        grid.performBatchUpdates({ grid.insertItems(at: [IndexPath(item: 1, section: 1)]) }, completion: { finished = $0 })
        #expect(finished == false)
        #expect(host.window.diagnostics.entries.last?.message.contains("invalid number of items in section 1") == true)
        #expect(grid.numberOfItems(inSection: 1) == 1 && grid.cellForItem(at: IndexPath(item: 0, section: 1))?.accessibilityLabel == "d")
        runFor(host, seconds: 0.5)
    }
    /// A cell whose content is a box pinned 5 points inside its content view, its width set per item.
    final class BoxCell: UICollectionViewCell {
        let box = UIView()
        var width: NSLayoutConstraint!
        required override init(frame: CGRect) {
            super.init(frame: frame)
            box.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(box)
            width = box.widthAnchor.constraint(equalToConstant: 10)
            let trailing = contentView.trailingAnchor.constraint(equalTo: box.trailingAnchor, constant: 5)
            let bottom = contentView.bottomAnchor.constraint(equalTo: box.bottomAnchor, constant: 5)
            trailing.priority = UILayoutPriority(999)
            bottom.priority = UILayoutPriority(999)
            NSLayoutConstraint.activate([
                box.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 5),
                box.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 5),
                trailing, bottom, width, box.heightAnchor.constraint(equalToConstant: 30),
            ])
        }
        required init?(coder: NSCoder) { fatalError() }
    }

    @Test("SC6 UIKit's flow layout with an estimatedItemSize: cells size themselves by Auto Layout")
    func SC6_facadeSelfSizing() throws {
        let layout = UICollectionViewFlowLayout()
        layout.estimatedItemSize = UICollectionViewFlowLayout.automaticSize
        #expect(layout.estimatedItemSize == UICollectionViewFlowLayout.automaticSize)
        let cells = UICollectionView.CellRegistration<BoxCell, Int> { cell, _, item in cell.width.constant = CGFloat(item) }
        let (host, window, grid, source) = showGrid(layout, cells)
        defer { withExtendedLifetime(window) {} }
        var s = NSDiffableDataSourceSnapshot<Int, Int>()
        s.appendSections([0])
        s.appendItems([40, 90, 200], toSection: 0)
        source.apply(s, animatingDifferences: false)
        runFor(host, seconds: 0.2)
        let sizes = (0..<3).map { grid.cellForItem(at: IndexPath(item: $0, section: 0))?.frame.size }
        #expect(sizes == [CGSize(width: 50, height: 40), CGSize(width: 100, height: 40), CGSize(width: 210, height: 40)])
        #expect(abs(grid.contentSize.height - (40 + 10 + 40)) < 1e-6)                      // 50 + 100 on a line, 210 on the next
    }
}
