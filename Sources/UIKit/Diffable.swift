import Foundation
import Timeline

// UIKit's diffable data sources: snapshots of section and item identifiers, applied to a table
// or collection view as the differences between the shown snapshot and the new one. A table
// animates them as one batch update (deletes, inserts and moves per section, the Myers diff of
// the standard library's `CollectionDifference`, then reloads and reconfigures); a change of the
// table's sections reloads it. A collection view animates changes of its sections too.

/// The state of a list as identifiers, as `NSDiffableDataSourceSnapshot`: sections in order and
/// their items, each identifier unique. Lookups by identifier are constant time.
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    /// The snapshot's section identifier type.
    public typealias Section = SectionIdentifierType
    /// The snapshot's item identifier type.
    public typealias Item = ItemIdentifierType
    /// `NSDiffableDataSourceSnapshot.sectionIdentifiers`: the sections, in order.
    public private(set) var sectionIdentifiers: [Section] = []
    private var items: [[Item]] = []
    /// Each item's section index.
    private var sectionOfItem: [Item: Int] = [:]
    /// `NSDiffableDataSourceSnapshot.reloadedItemIdentifiers`: items marked with `reloadItems(_:)`.
    public private(set) var reloadedItemIdentifiers: [Item] = []
    /// `NSDiffableDataSourceSnapshot.reconfiguredItemIdentifiers`: items marked with
    /// `reconfigureItems(_:)`.
    public private(set) var reconfiguredItemIdentifiers: [Item] = []
    /// `NSDiffableDataSourceSnapshot.reloadedSectionIdentifiers`: sections marked with `reloadSections(_:)`.
    public private(set) var reloadedSectionIdentifiers: [Section] = []

    /// An empty snapshot: no sections, no items.
    public init() {}

    /// `NSDiffableDataSourceSnapshot.numberOfSections`: how many sections.
    public var numberOfSections: Int { sectionIdentifiers.count }
    /// `NSDiffableDataSourceSnapshot.numberOfItems`: how many items in all sections.
    public var numberOfItems: Int { sectionOfItem.count }
    /// `NSDiffableDataSourceSnapshot.itemIdentifiers`: every item, section by section.
    public var itemIdentifiers: [Item] { items.flatMap { $0 } }
    /// `NSDiffableDataSourceSnapshot.numberOfItems(inSection:)`: the section's item count (0 when absent).
    public func numberOfItems(inSection identifier: Section) -> Int {
        sectionIdentifiers.firstIndex(of: identifier).map { items[$0].count } ?? 0
    }
    /// `NSDiffableDataSourceSnapshot.itemIdentifiers(inSection:)`: the section's items (empty when absent).
    public func itemIdentifiers(inSection identifier: Section) -> [Item] {
        sectionIdentifiers.firstIndex(of: identifier).map { items[$0] } ?? []
    }
    /// `NSDiffableDataSourceSnapshot.sectionIdentifier(containingItem:)`: the item's section, or nil.
    public func sectionIdentifier(containingItem identifier: Item) -> Section? {
        sectionOfItem[identifier].map { sectionIdentifiers[$0] }
    }
    /// The item's index among all items.
    public func indexOfItem(_ identifier: Item) -> Int? {
        guard let s = sectionOfItem[identifier], let i = items[s].firstIndex(of: identifier) else { return nil }
        return items[..<s].reduce(0) { $0 + $1.count } + i
    }
    /// `NSDiffableDataSourceSnapshot.indexOfSection(_:)`: the section's index, or nil.
    public func indexOfSection(_ identifier: Section) -> Int? { sectionIdentifiers.firstIndex(of: identifier) }
    /// Index path of an item (section index, item index), for the data sources.
    func indexPath(of identifier: Item) -> IndexPath? {
        guard let s = sectionOfItem[identifier], let i = items[s].firstIndex(of: identifier) else { return nil }
        return IndexPath(item: i, section: s)
    }
    func item(at indexPath: IndexPath) -> Item? {
        guard items.indices.contains(indexPath.section), items[indexPath.section].indices.contains(indexPath.item) else { return nil }
        return items[indexPath.section][indexPath.item]
    }
    func items(inSectionAt index: Int) -> [Item] { items.indices.contains(index) ? items[index] : [] }

    // MARK: Items

    /// Appends items to `section` (default: the last section). An identifier already in the
    /// snapshot is skipped with a diagnostic (UIKit raises; nothing is half-applied here).
    public mutating func appendItems(_ identifiers: [Item], toSection sectionIdentifier: Section? = nil) {
        guard let s = sectionIdentifier.flatMap({ sectionIdentifiers.firstIndex(of: $0) }) ?? (items.isEmpty ? nil : items.count - 1) else {
            report("appendItems: there is no section\(sectionIdentifier.map { " \($0)" } ?? "") to append to; nothing was added")
            return
        }
        items[s].append(contentsOf: fresh(identifiers, s))
    }
    /// `NSDiffableDataSourceSnapshot.insertItems(_:beforeItem:)`: inserts new items before an item.
    public mutating func insertItems(_ identifiers: [Item], beforeItem beforeIdentifier: Item) {
        insert(identifiers, at: beforeIdentifier, offset: 0)
    }
    /// `NSDiffableDataSourceSnapshot.insertItems(_:afterItem:)`: inserts new items after an item.
    public mutating func insertItems(_ identifiers: [Item], afterItem afterIdentifier: Item) {
        insert(identifiers, at: afterIdentifier, offset: 1)
    }
    /// `NSDiffableDataSourceSnapshot.deleteItems(_:)`: removes the items.
    public mutating func deleteItems(_ identifiers: [Item]) {
        var touched = Set<Int>()
        var gone = Set<Item>()
        for i in identifiers { if let s = sectionOfItem.removeValue(forKey: i) { touched.insert(s); gone.insert(i) } }
        for s in touched { items[s].removeAll { gone.contains($0) } }
    }
    /// `NSDiffableDataSourceSnapshot.deleteAllItems()`: removes every section and item.
    public mutating func deleteAllItems() {
        sectionIdentifiers.removeAll(); items.removeAll(); sectionOfItem.removeAll()
    }
    /// `NSDiffableDataSourceSnapshot.moveItem(_:beforeItem:)`: moves an item before another.
    public mutating func moveItem(_ identifier: Item, beforeItem toIdentifier: Item) { move(identifier, to: toIdentifier, offset: 0) }
    /// `NSDiffableDataSourceSnapshot.moveItem(_:afterItem:)`: moves an item after another.
    public mutating func moveItem(_ identifier: Item, afterItem toIdentifier: Item) { move(identifier, to: toIdentifier, offset: 1) }
    /// Marks items to be reloaded (their cells made again) when the snapshot is applied.
    public mutating func reloadItems(_ identifiers: [Item]) { reloadedItemIdentifiers += identifiers.filter { sectionOfItem[$0] != nil } }
    /// Marks items whose cells are updated in place when the snapshot is applied.
    public mutating func reconfigureItems(_ identifiers: [Item]) {
        reconfiguredItemIdentifiers += identifiers.filter { sectionOfItem[$0] != nil }
    }

    // MARK: Sections

    /// `NSDiffableDataSourceSnapshot.appendSections(_:)`: adds new sections at the end (present ones are
    /// skipped).
    public mutating func appendSections(_ identifiers: [Section]) {
        for s in identifiers where !sectionIdentifiers.contains(s) { sectionIdentifiers.append(s); items.append([]) }
    }
    /// `NSDiffableDataSourceSnapshot.insertSections(_:beforeSection:)`: inserts sections before another.
    public mutating func insertSections(_ identifiers: [Section], beforeSection toIdentifier: Section) {
        insertSections(identifiers, at: toIdentifier, offset: 0)
    }
    /// `NSDiffableDataSourceSnapshot.insertSections(_:afterSection:)`: inserts sections after another.
    public mutating func insertSections(_ identifiers: [Section], afterSection toIdentifier: Section) {
        insertSections(identifiers, at: toIdentifier, offset: 1)
    }
    /// `NSDiffableDataSourceSnapshot.deleteSections(_:)`: removes the sections and their items.
    public mutating func deleteSections(_ identifiers: [Section]) {
        for s in identifiers {
            guard let i = sectionIdentifiers.firstIndex(of: s) else { continue }
            sectionIdentifiers.remove(at: i)
            items.remove(at: i)
        }
        reindex()
    }
    /// `NSDiffableDataSourceSnapshot.moveSection(_:beforeSection:)`: moves a section before another.
    public mutating func moveSection(_ identifier: Section, beforeSection toIdentifier: Section) {
        moveSection(identifier, to: toIdentifier, offset: 0)
    }
    /// `NSDiffableDataSourceSnapshot.moveSection(_:afterSection:)`: moves a section after another.
    public mutating func moveSection(_ identifier: Section, afterSection toIdentifier: Section) {
        moveSection(identifier, to: toIdentifier, offset: 1)
    }
    /// `NSDiffableDataSourceSnapshot.reloadSections(_:)`: marks sections to be reloaded when applied.
    public mutating func reloadSections(_ identifiers: [Section]) {
        reloadedSectionIdentifiers += identifiers.filter { sectionIdentifiers.contains($0) }
    }
    /// `NSDiffableDataSourceSnapshot.reconfigureSections(_:)`: the same as `reloadSections(_:)` here.
    public mutating func reconfigureSections(_ identifiers: [Section]) { reloadSections(identifiers) }

    // MARK: Helpers

    private func report(_ message: String) { print("NSDiffableDataSourceSnapshot: \(message)") }
    /// The identifiers not yet in the snapshot (recorded in section `s`), without repeats.
    private mutating func fresh(_ identifiers: [Item], _ s: Int) -> [Item] {
        var out: [Item] = []
        for i in identifiers {
            if sectionOfItem[i] != nil { report("item \(i) is already in the snapshot; it was not added again"); continue }
            sectionOfItem[i] = s
            out.append(i)
        }
        return out
    }
    private mutating func insert(_ identifiers: [Item], at anchor: Item, offset: Int) {
        guard let s = sectionOfItem[anchor], let i = items[s].firstIndex(of: anchor) else {
            report("insertItems: \(anchor) is not in the snapshot; nothing was inserted")
            return
        }
        items[s].insert(contentsOf: fresh(identifiers, s), at: i + offset)
    }
    private mutating func move(_ identifier: Item, to anchor: Item, offset: Int) {
        guard identifier != anchor, let from = sectionOfItem[identifier], sectionOfItem[anchor] != nil else {
            report("moveItem: \(identifier) or \(anchor) is not in the snapshot; nothing moved")
            return
        }
        items[from].removeAll { $0 == identifier }
        let s = sectionOfItem[anchor]!, i = items[s].firstIndex(of: anchor)!
        items[s].insert(identifier, at: i + offset)
        sectionOfItem[identifier] = s
    }
    private mutating func insertSections(_ identifiers: [Section], at anchor: Section, offset: Int) {
        guard let i = sectionIdentifiers.firstIndex(of: anchor) else {
            report("insertSections: \(anchor) is not in the snapshot; nothing was inserted")
            return
        }
        let new = identifiers.filter { !sectionIdentifiers.contains($0) }
        sectionIdentifiers.insert(contentsOf: new, at: i + offset)
        items.insert(contentsOf: Array(repeating: [], count: new.count), at: i + offset)
        reindex()
    }
    private mutating func moveSection(_ identifier: Section, to anchor: Section, offset: Int) {
        guard identifier != anchor, let from = sectionIdentifiers.firstIndex(of: identifier), sectionIdentifiers.contains(anchor) else { return }
        let moved = items.remove(at: from)
        sectionIdentifiers.remove(at: from)
        let i = sectionIdentifiers.firstIndex(of: anchor)! + offset
        sectionIdentifiers.insert(identifier, at: i)
        items.insert(moved, at: i)
        reindex()
    }
    private mutating func reindex() {
        sectionOfItem.removeAll(keepingCapacity: true)
        for (s, list) in items.enumerated() { for i in list { sectionOfItem[i] = s } }
    }
    /// Replaces one section's items (a section snapshot's visible items).
    mutating func setItems(_ list: [Item], inSectionAt s: Int) {
        for i in items[s] where sectionOfItem[i] == s { sectionOfItem[i] = nil }
        var kept: [Item] = []
        for i in list where sectionOfItem[i] == nil { sectionOfItem[i] = s; kept.append(i) }
        items[s] = kept
    }
    func clearingMarks() -> Self {
        var c = self
        c.reloadedItemIdentifiers = []; c.reconfiguredItemIdentifiers = []; c.reloadedSectionIdentifiers = []
        return c
    }

    /// The per-section changes from `old` to this snapshot when their sections are the same
    /// (the engine's `sectionItemChanges`); nil when sections differ.
    func changes(from old: Self) -> (deletes: [IndexPath], inserts: [IndexPath], moves: [(IndexPath, IndexPath)])? {
        guard old.sectionIdentifiers == sectionIdentifiers else { return nil }
        return sectionItemChanges(from: old.items, to: items)
    }
}

extension NSDiffableDataSourceSnapshot {
    /// The section and item changes from `old` to this snapshot (the engine's ``SnapshotChanges``).
    func allChanges(from old: Self) -> SnapshotChanges {
        SnapshotChanges(from: (old.sectionIdentifiers, old.items), to: (sectionIdentifiers, items))
    }
}

extension NSDiffableDataSourceSnapshot: Sendable where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}

/// One section's items as a tree (outline lists), as `NSDiffableDataSourceSectionSnapshot`:
/// items with children, expanded or collapsed; the visible items are those whose ancestors are
/// all expanded, in depth-first order.
public struct NSDiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable> {
    /// The section snapshot's item identifier type.
    public typealias Item = ItemIdentifierType
    private struct Node { var item: Item; var parent: Item?; var children: [Item] }
    private var nodes: [Item: Node] = [:]
    /// `NSDiffableDataSourceSectionSnapshot.rootItems`: the top-level items, in order.
    public private(set) var rootItems: [Item] = []
    private var expanded = Set<Item>()

    /// An empty section snapshot.
    public init() {}

    /// Every item, depth first.
    public var items: [Item] { rootItems.flatMap { subtree($0) } }
    /// The items shown: the roots and the children of expanded items, depth first.
    public var visibleItems: [Item] {
        var out: [Item] = []
        func walk(_ i: Item) { out.append(i); if expanded.contains(i) { for c in nodes[i]?.children ?? [] { walk(c) } } }
        for r in rootItems { walk(r) }
        return out
    }
    /// `NSDiffableDataSourceSectionSnapshot.contains(_:)`: whether the item is in the snapshot.
    public func contains(_ item: Item) -> Bool { nodes[item] != nil }
    /// `NSDiffableDataSourceSectionSnapshot.index(of:)`: the item's place in depth-first order, or nil.
    public func index(of item: Item) -> Int? { items.firstIndex(of: item) }
    /// `NSDiffableDataSourceSectionSnapshot.parent(of:)`: the item's parent; nil for a root item.
    public func parent(of child: Item) -> Item? { nodes[child]?.parent }
    /// `NSDiffableDataSourceSectionSnapshot.level(of:)`: how deep the item is (0 for a root item).
    public func level(of item: Item) -> Int {
        var n = 0, p = nodes[item]?.parent
        while let x = p { n += 1; p = nodes[x]?.parent }
        return n
    }
    /// `NSDiffableDataSourceSectionSnapshot.isExpanded(_:)`: whether the item's children show.
    public func isExpanded(_ item: Item) -> Bool { expanded.contains(item) }
    /// `NSDiffableDataSourceSectionSnapshot.isVisible(_:)`: whether every ancestor of the item is
    /// expanded.
    public func isVisible(_ item: Item) -> Bool {
        var p = nodes[item]?.parent
        while let x = p { if !expanded.contains(x) { return false }; p = nodes[x]?.parent }
        return nodes[item] != nil
    }
    /// The subtree of `item` (it and its descendants) as a section snapshot.
    public func snapshot(of parent: Item, includingParent: Bool = false) -> Self {
        var s = Self()
        guard nodes[parent] != nil else { return s }
        func copy(_ i: Item, under p: Item?) {
            s.append([i], to: p)
            if expanded.contains(i) { s.expanded.insert(i) }
            for c in nodes[i]?.children ?? [] { copy(c, under: i) }
        }
        if includingParent { copy(parent, under: nil) } else { for c in nodes[parent]?.children ?? [] { copy(c, under: nil) } }
        return s
    }

    /// `NSDiffableDataSourceSectionSnapshot.append(_:to:)`: adds new items under `parent` (nil: as
    /// roots); nothing when the parent is absent.
    public mutating func append(_ items: [Item], to parent: Item? = nil) {
        if let p = parent, nodes[p] == nil { return }
        for i in items where nodes[i] == nil {
            nodes[i] = Node(item: i, parent: parent, children: [])
            if let p = parent { nodes[p]!.children.append(i) } else { rootItems.append(i) }
        }
    }
    /// `NSDiffableDataSourceSectionSnapshot.insert(_:before:)`: inserts items before a sibling.
    public mutating func insert(_ items: [Item], before item: Item) { insert(items, at: item, offset: 0) }
    /// `NSDiffableDataSourceSectionSnapshot.insert(_:after:)`: inserts items after a sibling.
    public mutating func insert(_ items: [Item], after item: Item) { insert(items, at: item, offset: 1) }
    private mutating func insert(_ items: [Item], at anchor: Item, offset: Int) {
        guard let a = nodes[anchor] else { return }
        let new = items.filter { nodes[$0] == nil }
        for i in new { nodes[i] = Node(item: i, parent: a.parent, children: []) }
        if let p = a.parent {
            let at = nodes[p]!.children.firstIndex(of: anchor)! + offset
            nodes[p]!.children.insert(contentsOf: new, at: at)
        } else {
            rootItems.insert(contentsOf: new, at: rootItems.firstIndex(of: anchor)! + offset)
        }
    }
    /// Deletes items and their descendants.
    public mutating func delete(_ items: [Item]) {
        for i in items {
            guard let n = nodes[i] else { continue }
            if let p = n.parent { nodes[p]?.children.removeAll { $0 == i } } else { rootItems.removeAll { $0 == i } }
            for d in subtree(i) { nodes[d] = nil; expanded.remove(d) }
        }
    }
    /// `NSDiffableDataSourceSectionSnapshot.deleteAll()`: removes every item.
    public mutating func deleteAll() { nodes.removeAll(); rootItems.removeAll(); expanded.removeAll() }
    /// `NSDiffableDataSourceSectionSnapshot.expand(_:)`: shows the items' children.
    public mutating func expand(_ items: [Item]) { for i in items where nodes[i] != nil { expanded.insert(i) } }
    /// `NSDiffableDataSourceSectionSnapshot.collapse(_:)`: hides the items' children.
    public mutating func collapse(_ items: [Item]) { for i in items { expanded.remove(i) } }
    /// Replaces the children of `parent` (nil: the roots) with a section snapshot's items.
    public mutating func replace(childrenOf parent: Item, using snapshot: Self) {
        guard nodes[parent] != nil else { return }
        for c in nodes[parent]!.children { for d in subtree(c) { nodes[d] = nil; expanded.remove(d) } }
        nodes[parent]!.children = []
        func copy(_ i: Item, under p: Item) {
            append([i], to: p)
            if snapshot.expanded.contains(i) { expanded.insert(i) }
            for c in snapshot.nodes[i]?.children ?? [] { copy(c, under: i) }
        }
        for r in snapshot.rootItems { copy(r, under: parent) }
    }
    private func subtree(_ i: Item) -> [Item] { [i] + (nodes[i]?.children ?? []).flatMap { subtree($0) } }
}

extension NSDiffableDataSourceSectionSnapshot: Sendable where ItemIdentifierType: Sendable {}

/// What reordering hands back: the change and the snapshot after it.
public struct NSDiffableDataSourceTransaction<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    /// `NSDiffableDataSourceTransaction.initialSnapshot`: the snapshot before the change.
    public let initialSnapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// `NSDiffableDataSourceTransaction.finalSnapshot`: the snapshot after the change.
    public let finalSnapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// `NSDiffableDataSourceTransaction.difference`: the items inserted and removed.
    public let difference: CollectionDifference<ItemIdentifierType>
}

// MARK: - Table

/// A table's data source driven by snapshots, as `UITableViewDiffableDataSource`. Making one
/// makes it the table's data source; keep a reference to it (the table's is weak).
@preconcurrency @MainActor
open class UITableViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: NSObject, UITableViewDataSource {
    /// Makes the cell for an item (the table, its index path, the item).
    public typealias CellProvider = (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?
    private weak var tableView: UITableView?
    private let cellProvider: CellProvider
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()
    /// The row animation applied differences use.
    open var defaultRowAnimation: UITableView.RowAnimation = .automatic

    /// `UITableViewDiffableDataSource(tableView:cellProvider:)`: becomes `tableView`'s data source, with
    /// `cellProvider` making the cells.
    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        super.init()
        tableView.dataSource = self
    }

    /// `UITableViewDiffableDataSource.snapshot()`: the current snapshot (without reload marks).
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current.clearingMarks() }
    /// `UITableViewDiffableDataSource.itemIdentifier(for:)`: the item at a row's index path, or nil.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        current.item(at: IndexPath(item: indexPath.row, section: indexPath.section))
    }
    /// `UITableViewDiffableDataSource.indexPath(for:)`: the row's index path of an item, or nil.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        current.indexPath(of: itemIdentifier).map { IndexPath(row: $0.item, section: $0.section) }
    }
    /// `UITableViewDiffableDataSource.sectionIdentifier(for:)`: the section at an index, or nil.
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        current.sectionIdentifiers.indices.contains(index) ? current.sectionIdentifiers[index] : nil
    }
    /// `UITableViewDiffableDataSource.index(for:)`: the index of a section, or nil.
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? { current.indexOfSection(sectionIdentifier) }

    /// Shows `snapshot`: the differences animated as one batch update when the sections are the
    /// same (then reloaded and reconfigured rows made again), else a reload.
    open func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                    animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        let old = current
        current = snapshot.clearingMarks()
        guard let tableView else { completion?(); return }
        let redo = (snapshot.reloadedItemIdentifiers + snapshot.reconfiguredItemIdentifiers).compactMap { indexPath(for: $0) }
        guard animatingDifferences, let c = snapshot.changes(from: old) else {
            tableView.reloadData()
            completion?()
            return
        }
        let animation = defaultRowAnimation
        func rows(_ paths: [IndexPath]) -> [IndexPath] { paths.map { IndexPath(row: $0.item, section: $0.section) } }
        tableView.performBatchUpdates({
            if !c.deletes.isEmpty { tableView.deleteRows(at: rows(c.deletes), with: animation) }
            if !c.inserts.isEmpty { tableView.insertRows(at: rows(c.inserts), with: animation) }
            for (a, b) in c.moves { tableView.moveRow(at: IndexPath(row: a.item, section: a.section), to: IndexPath(row: b.item, section: b.section)) }
        }, completion: { _ in
            if !redo.isEmpty { tableView.reloadRows(at: redo, with: .none) }
            completion?()
        })
    }
    /// Shows `snapshot` by reloading the table.
    open func applySnapshotUsingReloadData(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                                           completion: (() -> Void)? = nil) {
        apply(snapshot, animatingDifferences: false, completion: completion)
    }

    // MARK: UITableViewDataSource (override to add titles, editing and moving)

    /// The snapshot's section count.
    open func numberOfSections(in tableView: UITableView) -> Int { current.numberOfSections }
    /// The section's item count in the snapshot.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { current.items(inSectionAt: section).count }
    /// The cell from the cell provider (an empty cell, with a message, when it gives none).
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        guard let item = itemIdentifier(for: indexPath), let cell = cellProvider(tableView, indexPath, item) else {
            print("UITableViewDiffableDataSource: the cell provider gave no cell for \(indexPath); an empty cell is shown")
            return UITableViewCell(style: .default, reuseIdentifier: nil)
        }
        return cell
    }
    /// Nil by default; override for a header title.
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// Nil by default; override for a footer title.
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    /// False by default, as UIKit's (swipe actions need a subclass that returns true).
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { false }
    /// Does nothing by default; override to delete rows.
    open func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
    /// False by default; override to let rows move.
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    /// Does nothing by default; override to handle a move.
    open func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
}

// MARK: - Collection

/// A collection view's data source driven by snapshots, as `UICollectionViewDiffableDataSource`.
/// Partial: reordering handlers are kept but no drag reorders items.
@preconcurrency @MainActor
open class UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: NSObject,
    UICollectionViewDataSource {
    /// Makes the cell for an item (the collection view, its index path, the item).
    public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    /// Makes a supplementary view (the collection view, the kind, the index path).
    public typealias SupplementaryViewProvider = (UICollectionView, String, IndexPath) -> UICollectionReusableView?
    /// Makes headers, footers and other supplementary views.
    open var supplementaryViewProvider: SupplementaryViewProvider?
    private weak var collectionView: UICollectionView?
    private let cellProvider: CellProvider
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()
    /// Per-section outlines applied with `apply(_:to:animatingDifferences:completion:)`.
    private var sectionSnapshots: [SectionIdentifierType: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>] = [:]
    /// `UICollectionViewDiffableDataSource.reorderingHandlers`: stored only; items are not reordered
    /// by dragging here.
    open var reorderingHandlers = ReorderingHandlers()
    /// `UICollectionViewDiffableDataSource.sectionSnapshotHandlers`: asked when an outline item expands
    /// or collapses.
    open var sectionSnapshotHandlers = SectionSnapshotHandlers()

    /// `UICollectionViewDiffableDataSource.ReorderingHandlers`: reordering callbacks; stored only here.
    public struct ReorderingHandlers {
        /// Whether the item may be dragged to a new place (not asked here).
        public var canReorderItem: ((ItemIdentifierType) -> Bool)?
        /// Called before a reorder is applied (not called here).
        public var willReorder: ((NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?
        /// Called after a reorder is applied (not called here).
        public var didReorder: ((NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?
        /// Handlers all nil.
        public init() {}
    }
    /// `UICollectionViewDiffableDataSource.SectionSnapshotHandlers`: callbacks as outline items expand
    /// and collapse.
    public struct SectionSnapshotHandlers {
        /// Whether the item may expand (nil: yes).
        public var shouldExpandItem: ((ItemIdentifierType) -> Bool)?
        /// Called before the item expands.
        public var willExpandItem: ((ItemIdentifierType) -> Void)?
        /// Whether the item may collapse (nil: yes).
        public var shouldCollapseItem: ((ItemIdentifierType) -> Bool)?
        /// Called before the item collapses.
        public var willCollapseItem: ((ItemIdentifierType) -> Void)?
        /// Gives the children to show when a parent expands.
        public var snapshotForExpandingParent: ((ItemIdentifierType, NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>)
            -> NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>)?
        /// Handlers all nil.
        public init() {}
    }

    /// `UICollectionViewDiffableDataSource(collectionView:cellProvider:)`: becomes `collectionView`'s
    /// data source, with `cellProvider` making the cells.
    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        super.init()
        collectionView.dataSource = self
    }

    /// `UICollectionViewDiffableDataSource.snapshot()`: the current snapshot (without reload marks).
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current.clearingMarks() }
    /// `UICollectionViewDiffableDataSource.itemIdentifier(for:)`: the item at an index path, or nil.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { current.item(at: indexPath) }
    /// `UICollectionViewDiffableDataSource.indexPath(for:)`: the index path of an item, or nil.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { current.indexPath(of: itemIdentifier) }
    /// `UICollectionViewDiffableDataSource.sectionIdentifier(for:)`: the section at an index, or nil.
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        current.sectionIdentifiers.indices.contains(index) ? current.sectionIdentifiers[index] : nil
    }
    /// `UICollectionViewDiffableDataSource.index(for:)`: the index of a section, or nil.
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? { current.indexOfSection(sectionIdentifier) }

    /// Shows `snapshot`: the differences (sections and items) animated as one batch update of the
    /// engine's, then reloaded and reconfigured items made again; a reload when not animated.
    open func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                    animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        let old = current
        current = snapshot.clearingMarks()
        for s in sectionSnapshots.keys where !current.sectionIdentifiers.contains(s) { sectionSnapshots[s] = nil }
        guard let collectionView else { completion?(); return }
        guard animatingDifferences else {
            collectionView.reloadData()
            completion?()
            return
        }
        let redo = (snapshot.reloadedItemIdentifiers + snapshot.reconfiguredItemIdentifiers).compactMap { indexPath(for: $0) }
        let c = snapshot.allChanges(from: old)
        collectionView.performBatchUpdates({ collectionView.collection.performChanges(c) }, completion: { _ in
            if !redo.isEmpty { collectionView.reloadItems(at: redo) }
            completion?()
        })
    }
    /// `UICollectionViewDiffableDataSource.applySnapshotUsingReloadData(_:completion:)`: applies the
    /// snapshot without animating the differences.
    open func applySnapshotUsingReloadData(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                                           completion: (() -> Void)? = nil) {
        apply(snapshot, animatingDifferences: false, completion: completion)
    }
    /// Shows a section as an outline: its visible items become the section's items (the section
    /// is appended when the snapshot lacks it).
    open func apply(_ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType,
                    animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        sectionSnapshots[section] = snapshot
        var next = current.clearingMarks()
        if next.indexOfSection(section) == nil { next.appendSections([section]) }
        next.setItems(snapshot.visibleItems, inSectionAt: next.indexOfSection(section)!)
        apply(next, animatingDifferences: animatingDifferences, completion: completion)
    }
    /// The outline of a section (its items as a flat list when none was applied).
    open func snapshot(for section: SectionIdentifierType) -> NSDiffableDataSourceSectionSnapshot<ItemIdentifierType> {
        if let s = sectionSnapshots[section] { return s }
        var s = NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>()
        s.append(current.itemIdentifiers(inSection: section))
        return s
    }
    /// Expands or collapses an outline item (what an outline disclosure accessory's tap does),
    /// asking the section snapshot handlers.
    func toggleExpansion(of item: ItemIdentifierType) {
        guard let section = current.sectionIdentifier(containingItem: item), var s = sectionSnapshots[section] else { return }
        if s.isExpanded(item) {
            guard sectionSnapshotHandlers.shouldCollapseItem?(item) ?? true else { return }
            sectionSnapshotHandlers.willCollapseItem?(item)
            s.collapse([item])
        } else {
            guard sectionSnapshotHandlers.shouldExpandItem?(item) ?? true else { return }
            sectionSnapshotHandlers.willExpandItem?(item)
            if let provide = sectionSnapshotHandlers.snapshotForExpandingParent {
                s.replace(childrenOf: item, using: provide(item, s.snapshot(of: item)))
            }
            s.expand([item])
        }
        apply(s, to: section)
    }

    // MARK: UICollectionViewDataSource

    /// The snapshot's section count.
    open func numberOfSections(in collectionView: UICollectionView) -> Int { current.numberOfSections }
    /// The section's item count in the snapshot.
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        current.items(inSectionAt: section).count
    }
    /// The cell from the cell provider (an empty cell, with a message, when it gives none).
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        guard let item = itemIdentifier(for: indexPath), let cell = cellProvider(collectionView, indexPath, item) else {
            print("UICollectionViewDiffableDataSource: the cell provider gave no cell for \(indexPath); an empty cell is shown")
            return UICollectionViewCell(frame: .zero)
        }
        return cell
    }
    /// The view from `supplementaryViewProvider` (a placeholder view when there is none).
    open func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                             at indexPath: IndexPath) -> UICollectionReusableView {
        supplementaryViewProvider?(collectionView, kind, indexPath) ?? collectionView.missingSupplementaryView(ofKind: kind, at: indexPath)
    }
}

// MARK: - Registrations

extension UICollectionView {
    /// A cell class and how to configure it for an item, as `UICollectionView.CellRegistration`:
    /// the class is registered under an identifier of its own the first time it is dequeued.
    @preconcurrency @MainActor
    public struct CellRegistration<Cell: UICollectionViewCell, Item> {
        /// Configures a dequeued cell (the cell, its index path, the item).
        public typealias Handler = (Cell, IndexPath, Item) -> Void
        let identifier = "CellRegistration-\(UUID().uuidString)"
        let handler: Handler
        let registered = RegisteredViews()
        /// A registration configuring its cells with `handler`.
        public init(handler: @escaping Handler) { self.handler = handler }
    }

    /// A header or footer class and how to configure it, as
    /// `UICollectionView.SupplementaryRegistration`.
    @preconcurrency @MainActor
    public struct SupplementaryRegistration<Supplementary: UICollectionReusableView> {
        /// Configures a dequeued view (the view, its kind, its index path).
        public typealias Handler = (Supplementary, String, IndexPath) -> Void
        /// The kind of supplementary view registered.
        public let elementKind: String
        let identifier = "SupplementaryRegistration-\(UUID().uuidString)"
        let handler: Handler
        let registered = RegisteredViews()
        /// A registration of views of `elementKind` configured with `handler`.
        public init(elementKind: String, handler: @escaping Handler) {
            self.elementKind = elementKind
            self.handler = handler
        }
    }

    /// A reused (or new) header or footer of the registration's class, configured.
    public func dequeueConfiguredReusableSupplementary<Supplementary: UICollectionReusableView>(
        using registration: SupplementaryRegistration<Supplementary>, for indexPath: IndexPath) -> Supplementary {
        if !registration.registered.contains(self) {
            register(Supplementary.self, forSupplementaryViewOfKind: registration.elementKind, withReuseIdentifier: registration.identifier)
            registration.registered.add(self)
        }
        let view = dequeueReusableSupplementaryView(ofKind: registration.elementKind, withReuseIdentifier: registration.identifier,
                                                    for: indexPath) as! Supplementary
        registration.handler(view, registration.elementKind, indexPath)
        return view
    }

    /// A reused (or new) cell of the registration's class, configured for `item`.
    public func dequeueConfiguredReusableCell<Cell: UICollectionViewCell, Item>(using registration: CellRegistration<Cell, Item>,
                                                                              for indexPath: IndexPath, item: Item?) -> Cell {
        if !registration.registered.contains(self) {
            register(Cell.self, forCellWithReuseIdentifier: registration.identifier)
            registration.registered.add(self)
        }
        let cell = dequeueReusableCell(withReuseIdentifier: registration.identifier, for: indexPath) as! Cell
        if let item { registration.handler(cell, indexPath, item) }
        return cell
    }
}

/// The views a registration's class was registered with (held weakly).
@MainActor
final class RegisteredViews {
    private var views: [Weak] = []
    private struct Weak { weak var view: UIView? }
    func contains(_ v: UIView) -> Bool { views.contains { $0.view === v } }
    func add(_ v: UIView) { views.removeAll { $0.view == nil }; views.append(Weak(view: v)) }
}
