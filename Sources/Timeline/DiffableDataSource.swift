#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The state of a list as identifiers (SC5), as `NSDiffableDataSourceSnapshot`: sections and
/// their items, each identifier unique in the snapshot.
public struct DiffableDataSourceSnapshot<SectionIdentifier: Hashable & Sendable, ItemIdentifier: Hashable & Sendable>: Sendable {
    public private(set) var sectionIdentifiers: [SectionIdentifier] = []
    private var items: [[ItemIdentifier]] = []
    /// Items asked to be reloaded when the snapshot is applied.
    public private(set) var reloadedItemIdentifiers: Set<ItemIdentifier> = []

    public init() {}

    public var numberOfSections: Int { sectionIdentifiers.count }
    public var numberOfItems: Int { items.reduce(0) { $0 + $1.count } }
    public var itemIdentifiers: [ItemIdentifier] { items.flatMap { $0 } }

    public func numberOfItems(inSection section: SectionIdentifier) -> Int {
        sectionIdentifiers.firstIndex(of: section).map { items[$0].count } ?? 0
    }
    public func itemIdentifiers(inSection section: SectionIdentifier) -> [ItemIdentifier] {
        sectionIdentifiers.firstIndex(of: section).map { items[$0] } ?? []
    }
    public func indexOfItem(_ item: ItemIdentifier) -> Int? { itemIdentifiers.firstIndex(of: item) }
    public func sectionIdentifier(containingItem item: ItemIdentifier) -> SectionIdentifier? {
        items.firstIndex { $0.contains(item) }.map { sectionIdentifiers[$0] }
    }

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

    public mutating func insertItems(_ identifiers: [ItemIdentifier], beforeItem: ItemIdentifier) {
        insert(identifiers, at: beforeItem, after: false)
    }
    public mutating func insertItems(_ identifiers: [ItemIdentifier], afterItem: ItemIdentifier) {
        insert(identifiers, at: afterItem, after: true)
    }
    private mutating func insert(_ identifiers: [ItemIdentifier], at anchor: ItemIdentifier, after: Bool) {
        let present = Set(itemIdentifiers)
        let new = identifiers.filter { !present.contains($0) }
        for s in items.indices { if let i = items[s].firstIndex(of: anchor) { items[s].insert(contentsOf: new, at: after ? i + 1 : i); return } }
    }

    public mutating func deleteItems(_ identifiers: [ItemIdentifier]) {
        let gone = Set(identifiers)
        for s in items.indices { items[s].removeAll { gone.contains($0) } }
    }
    public mutating func deleteAllItems() { sectionIdentifiers.removeAll(); items.removeAll() }

    public mutating func moveItem(_ identifier: ItemIdentifier, afterItem: ItemIdentifier) {
        guard identifier != afterItem, itemIdentifiers.contains(afterItem) else { return }
        deleteItems([identifier])
        insert([identifier], at: afterItem, after: true)
    }
    public mutating func moveItem(_ identifier: ItemIdentifier, beforeItem: ItemIdentifier) {
        guard identifier != beforeItem, itemIdentifiers.contains(beforeItem) else { return }
        deleteItems([identifier])
        insert([identifier], at: beforeItem, after: false)
    }

    public mutating func reloadItems(_ identifiers: [ItemIdentifier]) { reloadedItemIdentifiers.formUnion(identifiers) }
}

/// The changes that turn one list of sections' items into another with the same sections: the
/// fewest deletes (old index paths) and inserts (new ones) per section, the standard library's
/// `CollectionDifference` (a Myers diff), with moves inferred. Shared by the engine's and the
/// UIKit facade's diffable data sources.
public func sectionItemChanges<Item: Hashable>(from old: [[Item]], to new: [[Item]])
    -> (deletes: [IndexPath], inserts: [IndexPath], moves: [(IndexPath, IndexPath)]) {
    var deletes: [IndexPath] = [], inserts: [IndexPath] = [], moves: [(IndexPath, IndexPath)] = []
    for s in new.indices where old.indices.contains(s) {
        for change in new[s].difference(from: old[s]).inferringMoves() {
            switch change {
            case .remove(let offset, _, let to):
                if let to { moves.append((IndexPath(item: offset, section: s), IndexPath(item: to, section: s))) }
                else { deletes.append(IndexPath(item: offset, section: s)) }
            case .insert(let offset, _, let from):
                if from == nil { inserts.append(IndexPath(item: offset, section: s)) }
            }
        }
    }
    return (deletes, inserts, moves)
}

/// A table's data source driven by snapshots (SC5), as `UITableViewDiffableDataSource`: applying
/// a snapshot computes the fewest inserts and deletes per section (the standard library's
/// `CollectionDifference`, a Myers diff) with moves inferred, and animates them as a batch update.
@MainActor
public final class TableViewDiffableDataSource<SectionIdentifier: Hashable & Sendable, ItemIdentifier: Hashable & Sendable>:
    TableViewDataSource {
    public typealias CellProvider = (TableView, IndexPath, ItemIdentifier) -> TableViewCell?
    private weak var tableView: TableView?
    private let cellProvider: CellProvider
    private var current = DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>()
    /// Row animation for applied differences.
    public var defaultRowAnimation: TableView.RowAnimation = .automatic

    public init(tableView: TableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        tableView.dataSource = self
    }

    public func snapshot() -> DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier> { current }

    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifier? {
        guard current.sectionIdentifiers.indices.contains(indexPath.section) else { return nil }
        let items = current.itemIdentifiers(inSection: current.sectionIdentifiers[indexPath.section])
        return items.indices.contains(indexPath.row) ? items[indexPath.row] : nil
    }

    public func indexPath(for item: ItemIdentifier) -> IndexPath? {
        for (s, section) in current.sectionIdentifiers.enumerated() {
            if let r = current.itemIdentifiers(inSection: section).firstIndex(of: item) { return IndexPath(row: r, section: s) }
        }
        return nil
    }

    /// Shows `snapshot`: with differences animated (inserts, deletes, moves, reloads) when the
    /// sections are the same, else by reloading.
    public func apply(_ snapshot: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>, animatingDifferences: Bool = true,
                      completion: (() -> Void)? = nil) {
        let old = current
        // What it reloads is done once: the reload path too must not carry them to the next apply.
        current = snapshot.clearingReloads()
        guard let tableView else { completion?(); return }
        guard animatingDifferences, old.sectionIdentifiers == snapshot.sectionIdentifiers else {
            tableView.reloadData()
            completion?()
            return
        }
        let c = sectionItemChanges(from: old.sectionIdentifiers.map { old.itemIdentifiers(inSection: $0) },
                                   to: snapshot.sectionIdentifiers.map { snapshot.itemIdentifiers(inSection: $0) })
        let deletes = c.deletes.map { IndexPath(row: $0.item, section: $0.section) }
        let inserts = c.inserts.map { IndexPath(row: $0.item, section: $0.section) }
        let moves = c.moves.map { (IndexPath(row: $0.0.item, section: $0.0.section), IndexPath(row: $0.1.item, section: $0.1.section)) }
        let reloads = snapshot.reloadedItemIdentifiers.compactMap { indexPath(for: $0) }
        let animation = defaultRowAnimation
        tableView.performBatchUpdates({
            if !deletes.isEmpty { tableView.deleteRows(at: deletes, with: animation) }
            if !inserts.isEmpty { tableView.insertRows(at: inserts, with: animation) }
            for (a, b) in moves { tableView.moveRow(at: a, to: b) }
        }, completion: { _ in
            if !reloads.isEmpty { tableView.reloadRows(at: reloads, with: .none) }
            completion?()
        })
    }

    // MARK: TableViewDataSource

    public func numberOfSections(in tableView: TableView) -> Int { current.numberOfSections }
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        current.sectionIdentifiers.indices.contains(section) ? current.numberOfItems(inSection: current.sectionIdentifiers[section]) : 0
    }
    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        guard let item = itemIdentifier(for: indexPath), let cell = cellProvider(tableView, indexPath, item) else {
            return TableViewCell(reuseIdentifier: nil)
        }
        return cell
    }
}

extension DiffableDataSourceSnapshot {
    func clearingReloads() -> Self {
        var s = self
        s.reloadedItemIdentifiers = []
        return s
    }
}
