#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The state of a list as identifiers (SC5), as `NSDiffableDataSourceSnapshot`: sections and
/// their items, each identifier unique in the snapshot.
public struct DiffableDataSourceSnapshot<SectionIdentifier: Hashable & Sendable, ItemIdentifier: Hashable & Sendable>: Sendable {
    /// The sections, in order.
    public private(set) var sectionIdentifiers: [SectionIdentifier] = []
    private var items: [[ItemIdentifier]] = []
    /// Items asked to be reloaded when the snapshot is applied.
    public private(set) var reloadedItemIdentifiers: Set<ItemIdentifier> = []

    /// An empty snapshot: no sections, no items.
    public init() {}

    /// How many sections there are.
    public var numberOfSections: Int { sectionIdentifiers.count }
    /// How many items there are, all sections together.
    public var numberOfItems: Int { items.reduce(0) { $0 + $1.count } }
    /// Every item, section by section.
    public var itemIdentifiers: [ItemIdentifier] { items.flatMap { $0 } }

    /// How many items `section` has; 0 for a section not in the snapshot.
    public func numberOfItems(inSection section: SectionIdentifier) -> Int {
        sectionIdentifiers.firstIndex(of: section).map { items[$0].count } ?? 0
    }
    /// The items of `section`, in order; none for a section not in the snapshot.
    public func itemIdentifiers(inSection section: SectionIdentifier) -> [ItemIdentifier] {
        sectionIdentifiers.firstIndex(of: section).map { items[$0] } ?? []
    }
    /// Where `item` is among all the items, counted across sections; nil when absent.
    public func indexOfItem(_ item: ItemIdentifier) -> Int? { itemIdentifiers.firstIndex(of: item) }
    /// The section holding `item`; nil when absent.
    public func sectionIdentifier(containingItem item: ItemIdentifier) -> SectionIdentifier? {
        items.firstIndex { $0.contains(item) }.map { sectionIdentifiers[$0] }
    }

    /// Appends empty sections; identifiers already present are skipped.
    public mutating func appendSections(_ sections: [SectionIdentifier]) {
        for s in sections where !sectionIdentifiers.contains(s) { sectionIdentifiers.append(s); items.append([]) }
    }

    /// Appends items to `section` (default: the last); identifiers already present are skipped.
    public mutating func appendItems(_ identifiers: [ItemIdentifier], toSection section: SectionIdentifier? = nil) {
        guard let s = section.flatMap({ sectionIdentifiers.firstIndex(of: $0) }) ?? (items.isEmpty ? nil : items.count - 1) else { return }
        let present = Set(itemIdentifiers)
        var seen = Set<ItemIdentifier>()
        items[s].append(contentsOf: identifiers.filter { !present.contains($0) && seen.insert($0).inserted })
    }

    /// Inserts items just before `beforeItem`, in its section; identifiers already present are skipped.
    public mutating func insertItems(_ identifiers: [ItemIdentifier], beforeItem: ItemIdentifier) {
        insert(identifiers, at: beforeItem, after: false)
    }
    /// Inserts items just after `afterItem`, in its section; identifiers already present are skipped.
    public mutating func insertItems(_ identifiers: [ItemIdentifier], afterItem: ItemIdentifier) {
        insert(identifiers, at: afterItem, after: true)
    }
    private mutating func insert(_ identifiers: [ItemIdentifier], at anchor: ItemIdentifier, after: Bool) {
        let present = Set(itemIdentifiers)
        let new = identifiers.filter { !present.contains($0) }
        for s in items.indices { if let i = items[s].firstIndex(of: anchor) { items[s].insert(contentsOf: new, at: after ? i + 1 : i); return } }
    }

    /// Removes the items wherever they are; absent ones are ignored.
    public mutating func deleteItems(_ identifiers: [ItemIdentifier]) {
        let gone = Set(identifiers)
        for s in items.indices { items[s].removeAll { gone.contains($0) } }
    }
    /// Removes every section and item.
    public mutating func deleteAllItems() { sectionIdentifiers.removeAll(); items.removeAll() }

    /// Moves an item to just after `afterItem` (possibly into another section).
    public mutating func moveItem(_ identifier: ItemIdentifier, afterItem: ItemIdentifier) {
        guard identifier != afterItem, itemIdentifiers.contains(afterItem) else { return }
        deleteItems([identifier])
        insert([identifier], at: afterItem, after: true)
    }
    /// Moves an item to just before `beforeItem` (possibly into another section).
    public mutating func moveItem(_ identifier: ItemIdentifier, beforeItem: ItemIdentifier) {
        guard identifier != beforeItem, itemIdentifiers.contains(beforeItem) else { return }
        deleteItems([identifier])
        insert([identifier], at: beforeItem, after: false)
    }

    /// Marks items whose cells are made again when the snapshot is applied, though their identifiers did not change.
    public mutating func reloadItems(_ identifiers: [ItemIdentifier]) { reloadedItemIdentifiers.formUnion(identifiers) }

    /// The item at `indexPath` (an item, or a row: they are the same index path).
    public func itemIdentifier(at indexPath: IndexPath) -> ItemIdentifier? {
        guard items.indices.contains(indexPath.section), items[indexPath.section].indices.contains(indexPath.item) else { return nil }
        return items[indexPath.section][indexPath.item]
    }
    /// Where `item` is. - Complexity: O(n) in the items.
    public func indexPath(of item: ItemIdentifier) -> IndexPath? {
        for (s, list) in items.enumerated() { if let i = list.firstIndex(of: item) { return IndexPath(item: i, section: s) } }
        return nil
    }
    /// The changes that turn `old` into this snapshot as one batch update.
    public func changes(from old: Self) -> SnapshotChanges {
        SnapshotChanges(from: (old.sectionIdentifiers, old.items), to: (sectionIdentifiers, items))
    }
}

/// The changes that turn one list of sections' items into another with the same sections: the
/// fewest deletes (old index paths) and inserts (new ones) per section, the standard library's
/// `CollectionDifference` (a Myers diff), with moves inferred. Shared by the engine's and the
/// UIKit facade's diffable data sources.
public func sectionItemChanges<Item: Hashable>(from old: [[Item]], to new: [[Item]])
    -> (deletes: [IndexPath], inserts: [IndexPath], moves: [(IndexPath, IndexPath)]) {
    var c = SnapshotChanges()
    for s in new.indices where old.indices.contains(s) { c.appendItemChanges(from: old[s], section: s, to: new[s], section: s) }
    return (c.deletes, c.inserts, c.moves)
}

/// What turns one snapshot into another as one batch update (SC5, SC6): sections deleted (old
/// indices), inserted (new indices) and moved, then the items of the sections that stay deleted
/// (old index paths), inserted (new ones) and moved, each the fewest by the standard library's
/// `CollectionDifference` (a Myers diff) with moves inferred; an item that leaves one section
/// that stays for another is a move too, so its cell is kept.
public struct SnapshotChanges {
    /// Sections deleted (old indices), inserted (new indices) and moved (old to new).
    public var sectionDeletes: [Int] = [], sectionInserts: [Int] = [], sectionMoves: [(Int, Int)] = []
    /// Items deleted (old index paths), inserted (new ones) and moved (old to new).
    public var deletes: [IndexPath] = [], inserts: [IndexPath] = [], moves: [(IndexPath, IndexPath)] = []

    /// No changes.
    public init() {}

    /// The changes from `old` sections (identifiers and their items) to `new`.
    /// - Complexity: O((n + d) · d) per list for n identifiers and d differences.
    public init<Section: Hashable, Item: Hashable>(from old: (sections: [Section], items: [[Item]]),
                                                   to new: (sections: [Section], items: [[Item]])) {
        var oldIndex: [Section: Int] = [:]
        for (i, s) in old.sections.enumerated() { oldIndex[s] = i }
        for change in new.sections.difference(from: old.sections).inferringMoves() {
            switch change {
            case .remove(let offset, _, let to):
                if let to { sectionMoves.append((offset, to)) } else { sectionDeletes.append(offset) }
            case .insert(let offset, _, let from):
                if from == nil { sectionInserts.append(offset) }
            }
        }
        for (n, s) in new.sections.enumerated() {
            guard let o = oldIndex[s] else { continue }
            appendItemChanges(from: old.items[o], section: o, to: new.items[n], section: n)
        }
        // An item deleted from one section and inserted into another is moved.
        var deleted: [Item: IndexPath] = [:]
        for p in deletes { deleted[old.items[p.section][p.item]] = p }
        var movedFrom = Set<IndexPath>(), stayingInserts: [IndexPath] = []
        for p in inserts {
            if let from = deleted[new.items[p.section][p.item]] { moves.append((from, p)); movedFrom.insert(from) } else { stayingInserts.append(p) }
        }
        if !movedFrom.isEmpty {
            inserts = stayingInserts
            deletes.removeAll { movedFrom.contains($0) }
        }
    }

    /// Appends the changes from one section's items (at `o` before) to another's (at `n` after).
    mutating func appendItemChanges<Item: Hashable>(from old: [Item], section o: Int, to new: [Item], section n: Int) {
        for change in new.difference(from: old).inferringMoves() {
            switch change {
            case .remove(let offset, _, let to):
                if let to { moves.append((IndexPath(item: offset, section: o), IndexPath(item: to, section: n))) }
                else { deletes.append(IndexPath(item: offset, section: o)) }
            case .insert(let offset, _, let from):
                if from == nil { inserts.append(IndexPath(item: offset, section: n)) }
            }
        }
    }
}

/// What the table's and the collection view's diffable data sources share (SC5): the snapshot
/// shown, lookups by index path and identifier, and applying a snapshot: a reload when not
/// animated, else the differences (``SnapshotChanges``) as one batch update, which each subclass
/// performs on its view, then the items the snapshot reloads made again. Not made directly.
@MainActor
public class DiffableDataSourceBase<SectionIdentifier: Hashable & Sendable, ItemIdentifier: Hashable & Sendable> {
    /// The snapshot type of this data source.
    public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>
    private var current = Snapshot()

    init() {}

    /// The snapshot shown now (a copy: change it and apply it to show the change).
    public func snapshot() -> Snapshot { current }
    /// The item shown at `indexPath`; nil when there is none.
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifier? { current.itemIdentifier(at: indexPath) }
    /// Where `item` is shown; nil when absent.
    public func indexPath(for item: ItemIdentifier) -> IndexPath? { current.indexPath(of: item) }
    /// The items in the section at `index` (none past the end).
    func numberOfItems(inSectionAt index: Int) -> Int {
        current.sectionIdentifiers.indices.contains(index) ? current.numberOfItems(inSection: current.sectionIdentifiers[index]) : 0
    }

    /// Shows `snapshot`: its differences from the one shown animated as one batch update, or a
    /// reload when `animatingDifferences` is false (or the view cannot animate them).
    /// `completion` runs once, after the animation.
    public func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        let old = current
        // What it reloads is done once: the reload path too must not carry them to the next apply.
        current = snapshot.clearingReloads()
        guard animatingDifferences, canAnimate(from: old, to: snapshot) else {
            reload()
            completion?()
            return
        }
        let reloads = snapshot.reloadedItemIdentifiers.compactMap { indexPath(for: $0) }
        perform(snapshot.changes(from: old), reloading: reloads) { completion?() }
    }

    /// Whether the view animates the change from `old` to `new` (overridden).
    func canAnimate(from old: Snapshot, to new: Snapshot) -> Bool { true }
    /// Reloads the view (overridden).
    func reload() {}
    /// Performs `changes` as one batch update, then reloads `reloads` (new index paths) and
    /// calls `completion` (overridden).
    func perform(_ changes: SnapshotChanges, reloading reloads: [IndexPath], completion: @escaping () -> Void) { completion() }
}

/// A table's data source driven by snapshots (SC5), as `UITableViewDiffableDataSource`: applying
/// a snapshot computes the fewest inserts and deletes per section (the standard library's
/// `CollectionDifference`, a Myers diff) with moves inferred, and animates them as a batch update;
/// a change of the sections reloads.
@MainActor
public final class TableViewDiffableDataSource<SectionIdentifier: Hashable & Sendable, ItemIdentifier: Hashable & Sendable>:
    DiffableDataSourceBase<SectionIdentifier, ItemIdentifier>, TableViewDataSource {
    /// Makes (dequeues and configures) the cell of an item; nil shows an empty cell.
    public typealias CellProvider = (TableView, IndexPath, ItemIdentifier) -> TableViewCell?
    private weak var tableView: TableView?
    private let cellProvider: CellProvider
    /// Row animation for applied differences.
    public var defaultRowAnimation: TableView.RowAnimation = .automatic

    /// Becomes `tableView`'s data source; keep a reference to it (the table's is weak).
    public init(tableView: TableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        super.init()
        tableView.dataSource = self
    }

    override func canAnimate(from old: Snapshot, to new: Snapshot) -> Bool { old.sectionIdentifiers == new.sectionIdentifiers }
    override func reload() { tableView?.reloadData() }
    override func perform(_ c: SnapshotChanges, reloading reloads: [IndexPath], completion: @escaping () -> Void) {
        guard let tableView else { completion(); return }
        let animation = defaultRowAnimation
        tableView.performBatchUpdates({
            if !c.deletes.isEmpty { tableView.deleteRows(at: c.deletes, with: animation) }
            if !c.inserts.isEmpty { tableView.insertRows(at: c.inserts, with: animation) }
            for (a, b) in c.moves { tableView.moveRow(at: a, to: b) }
        }, completion: { _ in
            if !reloads.isEmpty { tableView.reloadRows(at: reloads, with: .none) }
            completion()
        })
    }

    // MARK: TableViewDataSource

    /// The snapshot's section count.
    public func numberOfSections(in tableView: TableView) -> Int { snapshot().numberOfSections }
    /// The snapshot's item count in the section.
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { numberOfItems(inSectionAt: section) }
    /// The cell provider's cell for the row's item.
    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        guard let item = itemIdentifier(for: indexPath), let cell = cellProvider(tableView, indexPath, item) else {
            return TableViewCell(reuseIdentifier: nil)
        }
        return cell
    }
}

/// A collection view's data source driven by snapshots (SC5, SC6), as
/// `UICollectionViewDiffableDataSource`: applying a snapshot computes the fewest section and item
/// inserts, deletes and moves (``SnapshotChanges``) and animates them as one batch update, the
/// items that stay keeping their cells; reloaded items are made again after it.
@MainActor
public final class CollectionViewDiffableDataSource<SectionIdentifier: Hashable & Sendable, ItemIdentifier: Hashable & Sendable>:
    DiffableDataSourceBase<SectionIdentifier, ItemIdentifier>, CollectionViewDataSource {
    /// Makes (dequeues and configures) the cell of an item; nil shows an empty cell.
    public typealias CellProvider = (CollectionView, IndexPath, ItemIdentifier) -> CollectionViewCell?
    /// Makes a header, footer or other supplementary view of a kind at an index path; nil: none.
    public typealias SupplementaryViewProvider = (CollectionView, String, IndexPath) -> CollectionReusableView?
    private weak var collectionView: CollectionView?
    private let cellProvider: CellProvider
    /// Makes headers, footers and other supplementary views (none when nil).
    public var supplementaryViewProvider: SupplementaryViewProvider?

    /// Becomes `collectionView`'s data source; keep a reference to it (the collection view's is weak).
    public init(collectionView: CollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        super.init()
        collectionView.dataSource = self
    }

    override func reload() { collectionView?.reloadData() }
    override func perform(_ c: SnapshotChanges, reloading reloads: [IndexPath], completion: @escaping () -> Void) {
        guard let collectionView else { completion(); return }
        collectionView.performBatchUpdates({ collectionView.performChanges(c) }, completion: { _ in
            if !reloads.isEmpty { collectionView.reloadItems(at: reloads) }
            completion()
        })
    }

    // MARK: CollectionViewDataSource

    /// The snapshot's section count.
    public func numberOfSections(in collectionView: CollectionView) -> Int { snapshot().numberOfSections }
    /// The snapshot's item count in the section.
    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { numberOfItems(inSectionAt: section) }
    /// The cell provider's cell for the item.
    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        guard let item = itemIdentifier(for: indexPath), let cell = cellProvider(collectionView, indexPath, item) else {
            return CollectionViewCell(reuseIdentifier: nil)
        }
        return cell
    }
    /// The supplementary view provider's view.
    public func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> CollectionReusableView? {
        supplementaryViewProvider?(collectionView, kind, indexPath)
    }
}

extension DiffableDataSourceSnapshot {
    func clearingReloads() -> Self {
        var s = self
        s.reloadedItemIdentifiers = []
        return s
    }
}
