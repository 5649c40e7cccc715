@_spi(Engine) import Views
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Geometry
import UpdateLoop

/// The changes gathered for one batch update: sections and items as UIKit names them (deleted,
/// reloaded and moved-from ones at their old index paths; inserted and moved-to ones at their
/// new), and who to tell when it ends.
struct CollectionUpdates {
    var insertedSections: [Int] = [], deletedSections: [Int] = [], reloadedSections: [Int] = []
    var movedSections: [(Int, Int)] = []
    var inserts: [IndexPath] = [], deletes: [IndexPath] = [], reloads: [IndexPath] = []
    var moves: [(IndexPath, IndexPath)] = []
    var completions: [(Bool) -> Void] = []
}

/// UIKit's "invalid update": what did not add up, in UIKit's words.
struct InvalidUpdate: Error { var message: String }

/// Where each old section and item of a batch update goes, checked against the counts before and
/// after as UIKit checks them. A reloaded section or item keeps its place but not its view.
struct CollectionUpdatePlan {
    private var sections = IndexShift()
    private var sectionMoves: [Int: Int] = [:], sectionMovesBack: [Int: Int] = [:]
    private(set) var reloadedSections = Set<Int>()
    /// The item shifts of the sections that stay, by new section.
    private var items: [Int: IndexShift] = [:]
    private var itemMoves: [IndexPath: IndexPath] = [:], itemMovesBack: [IndexPath: IndexPath] = [:]
    private(set) var reloadedItems = Set<IndexPath>()

    /// Checks `u` against each section's item count before (`old`) and after (`new`).
    init(_ u: CollectionUpdates, old: [Int], new: [Int]) throws(InvalidUpdate) {
        let deleted = Set(u.deletedSections), inserted = Set(u.insertedSections)
        reloadedSections = Set(u.reloadedSections)
        for s in deleted.union(reloadedSections).union(u.movedSections.map(\.0)) where !old.indices.contains(s) {
            throw InvalidUpdate(message: "invalid update: section \(s) is deleted, reloaded or moved, but there were \(old.count) sections before the update")
        }
        for s in inserted.union(u.movedSections.map(\.1)) where !new.indices.contains(s) {
            throw InvalidUpdate(message: "invalid update: section \(s) is inserted or moved to, but there are \(new.count) sections after the update")
        }
        guard new.count == old.count + inserted.count - deleted.count else {
            throw InvalidUpdate(message: "invalid update: invalid number of sections. The number of sections contained in the collection view after the update (\(new.count)) must be equal to the number of sections contained in the collection view before the update (\(old.count)), plus or minus the number of sections inserted or deleted (\(inserted.count) inserted, \(deleted.count) deleted)")
        }
        for (a, b) in u.movedSections { sectionMoves[a] = b; sectionMovesBack[b] = a }
        let leaving = Array(deleted) + u.movedSections.map(\.0), arriving = Array(inserted) + u.movedSections.map(\.1)
        guard Set(leaving).count == leaving.count, Set(arriving).count == arriving.count else {
            throw InvalidUpdate(message: "invalid update: a section is deleted or moved more than once, or inserted or moved to more than once")
        }
        sections = IndexShift(leaving: leaving, arriving: arriving)
        for (a, b) in u.moves {
            guard newSection(forOld: a.section) != nil, oldSection(forNew: b.section) != nil else {
                throw InvalidUpdate(message: "invalid update: item \(a.item) of section \(a.section) is moved out of a deleted section or into an inserted one")
            }
            itemMoves[a] = b; itemMovesBack[b] = a
        }
        guard itemMoves.count == u.moves.count, itemMovesBack.count == u.moves.count else {
            throw InvalidUpdate(message: "invalid update: an item is moved more than once, or two items are moved to one place")
        }
        reloadedItems = Set(u.reloads)
        // Each section that stays, as UIKit counts it.
        var insertsIn: [Int: [Int]] = [:], deletesIn: [Int: [Int]] = [:], reloadsIn: [Int: [Int]] = [:]
        for p in u.inserts { insertsIn[p.section, default: []].append(p.item) }
        for p in u.deletes { deletesIn[p.section, default: []].append(p.item) }
        for p in u.reloads { reloadsIn[p.section, default: []].append(p.item) }
        var movesOut: [Int: [Int]] = [:], movesIn: [Int: [Int]] = [:]
        for (a, b) in u.moves { movesOut[a.section, default: []].append(a.item); movesIn[b.section, default: []].append(b.item) }
        for n in new.indices {
            guard let o = oldSection(forNew: n), !reloadedSections.contains(o) else { continue }
            let before = old[o], after = new[n]
            let gone = deletesIn[o] ?? [], came = insertsIn[n] ?? []
            let out = movesOut[o] ?? [], into = movesIn[n] ?? []
            let leaving = gone + out, arriving = came + into
            let movedIn = u.moves.filter { $0.1.section == n && $0.0.section != o }.count
            let movedOut = u.moves.filter { $0.0.section == o && $0.1.section != n }.count
            guard after == before + came.count - gone.count + movedIn - movedOut else {
                throw InvalidUpdate(message: invalidCountMessage("items", section: n, before: before, after: after, inserted: came.count,
                                                                 deleted: gone.count, movedIn: movedIn, movedOut: movedOut))
            }
            if leaving.contains(where: { $0 < 0 || $0 >= before }) || (reloadsIn[o] ?? []).contains(where: { $0 < 0 || $0 >= before })
                || arriving.contains(where: { $0 < 0 || $0 >= after }) {
                throw InvalidUpdate(message: "invalid update: an item deleted, moved or reloaded in section \(o) is outside its \(before) items before the update, or one inserted or moved in section \(n) is outside its \(after) items after it")
            }
            guard Set(leaving).count == leaving.count, Set(arriving).count == arriving.count else {
                throw InvalidUpdate(message: "invalid update: an item of section \(o) is deleted or moved more than once, or one of section \(n) inserted or moved to more than once")
            }
            if !leaving.isEmpty || !arriving.isEmpty { items[n] = IndexShift(leaving: leaving, arriving: arriving) }
        }
    }

    /// The new index of an old section; nil when it is deleted.
    func newSection(forOld s: Int) -> Int? { sectionMoves[s] ?? sections.newIndex(forOld: s) }
    /// The old index of a new section; nil when it is inserted.
    func oldSection(forNew s: Int) -> Int? { sectionMovesBack[s] ?? sections.oldIndex(forNew: s) }

    /// Where an old item goes; nil when it is deleted or its section is deleted or reloaded.
    func newPath(forOld p: IndexPath) -> IndexPath? {
        if let m = itemMoves[p] { return m }
        guard let n = newSection(forOld: p.section), !reloadedSections.contains(p.section),
              let i = (items[n] ?? IndexShift()).newIndex(forOld: p.item) else { return nil }
        return IndexPath(item: i, section: n)
    }
    /// Where a new item was; nil when it is inserted or its section is inserted or reloaded.
    func oldPath(forNew p: IndexPath) -> IndexPath? {
        if let m = itemMovesBack[p] { return m }
        guard let o = oldSection(forNew: p.section), !reloadedSections.contains(o),
              let i = (items[p.section] ?? IndexShift()).oldIndex(forNew: p.item) else { return nil }
        return IndexPath(item: i, section: o)
    }
    /// Whether an old item keeps its cell: it stays and is not reloaded.
    func keepsCell(_ p: IndexPath) -> Bool { !reloadedItems.contains(p) && newPath(forOld: p) != nil }
}

extension CollectionView {
    // MARK: Batch updates (SC6)

    /// Inserts items the data source now has at `indexPaths`, animated.
    public func insertItems(at indexPaths: [IndexPath]) { batch { $0.inserts += indexPaths } }
    /// Deletes the items at `indexPaths` the data source no longer has, animated.
    public func deleteItems(at indexPaths: [IndexPath]) { batch { $0.deletes += indexPaths } }
    /// Items made again by the data source (a new cell fades in over the old one's place).
    public func reloadItems(at indexPaths: [IndexPath]) { batch { $0.reloads += indexPaths } }
    /// Moves an item, as the data source already has it; its cell is kept.
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { batch { $0.moves.append((indexPath, newIndexPath)) } }
    /// Inserts the sections at these indices, animated.
    public func insertSections(_ sections: some Sequence<Int>) { batch { $0.insertedSections += sections } }
    /// Deletes the sections at these indices, animated.
    public func deleteSections(_ sections: some Sequence<Int>) { batch { $0.deletedSections += sections } }
    /// Makes the items of these sections again.
    public func reloadSections(_ sections: some Sequence<Int>) { batch { $0.reloadedSections += sections } }
    /// Moves a section, as the data source already has it.
    public func moveSection(_ section: Int, toSection newSection: Int) { batch { $0.movedSections.append((section, newSection)) } }

    /// Adds a snapshot's changes to the batch: what a diffable data source (the engine's or a
    /// facade's) performs in ``performBatchUpdates(_:completion:)``.
    public func performChanges(_ c: SnapshotChanges) {
        batch {
            $0.deletedSections += c.sectionDeletes
            $0.insertedSections += c.sectionInserts
            $0.movedSections += c.sectionMoves
            $0.deletes += c.deletes
            $0.inserts += c.inserts
            $0.moves += c.moves
        }
    }

    /// Outside ``performBatchUpdates(_:completion:)`` each change is its own batch.
    private func batch(_ change: (inout CollectionUpdates) -> Void) {
        if pendingUpdates != nil { change(&pendingUpdates!); return }
        var u = CollectionUpdates()
        change(&u)
        commit(u)
    }

    /// Applies the inserts, deletes, reloads and moves of items and sections made in `updates`
    /// together, animated as UIKit animates them by default: the data source must already hold
    /// the new data. The layout is prepared again; the items that stay keep their cells and move
    /// from their old frames to their new ones, inserted items fade in at their places, deleted
    /// ones fade out at theirs and are then recycled, over 0.3 s on the window's clock; then
    /// `completion` runs once (with `true` unless an animation was interrupted). Counts that do not
    /// add up (items after ≠ items before + inserted − deleted ± moved, per section; sections
    /// likewise) are UIKit's "invalid update": reported to the window's diagnostics with the
    /// section and the counts, then the collection view reloads whole and `completion` gets
    /// `false`. A batch inside a batch joins it.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        if pendingUpdates != nil {
            updates?()
            if let completion { pendingUpdates!.completions.append(completion) }
            return
        }
        pendingUpdates = CollectionUpdates()
        updates?()
        var u = pendingUpdates!
        pendingUpdates = nil
        if let completion { u.completions.append(completion) }
        commit(u)
    }

    private func commit(_ u: CollectionUpdates) {
        let completions = u.completions
        func finish(_ ok: Bool) { for c in completions { c(ok) } }
        guard dataSource != nil else { finish(false); return }
        // Not loaded yet: the first load shows the data as it is (as UIKit's does).
        guard !needsReload else { reloadData(); finish(true); return }
        let old = itemCounts, new = loadItemCounts()
        let plan: CollectionUpdatePlan
        do { plan = try CollectionUpdatePlan(u, old: old, new: new) } catch {
            window?.report(misuse: "CollectionView \(traceName): \(error.message); the collection view was reloaded", views: [traceName])
            reloadData()
            finish(false)
            return
        }
        apply(plan, counts: new, finish: finish)
    }

    /// Re-keys the views on screen by their new index paths, prepares the layout again, places
    /// the views and animates them from where they were.
    private func apply(_ plan: CollectionUpdatePlan, counts: [Int], finish: @escaping (Bool) -> Void) {
        if let p = highlighted { cellForItem(at: p)?.isHighlighted = false; highlighted = nil }
        selected = Set(selected.compactMap { plan.newPath(forOld: $0) })
        // The frames of the items near the viewport in the old layout: an item that had no cell
        // and comes into view slides in from there.
        var oldFrames: [IndexPath: Rect] = [:]
        if layoutIsValid {
            let reach = max(bounds.width, bounds.height)
            wanted.removeAll(keepingCapacity: true)
            collectionViewLayout.appendLayoutAttributesForElements(in: bounds.inset(by: EdgeInsets(all: -reach)), to: &wanted)
            for a in wanted where a.representedElementCategory == .cell { oldFrames[a.indexPath] = a.frame }
        }
        // The views that stay, under their new index paths, at their old frames for now.
        var from: [ObjectIdentifier: Rect] = [:]
        var leavingCells: [CollectionViewCell] = []
        var leavingViews: [(ElementKey, CollectionReusableView)] = []
        var cells: [IndexPath: CollectionViewCell] = [:]
        for (p, c) in live {
            if plan.keepsCell(p), let n = plan.newPath(forOld: p) { cells[n] = c; from[ObjectIdentifier(c)] = c.frame } else { leavingCells.append(c) }
        }
        live = cells
        var views: [ElementKey: CollectionReusableView] = [:]
        for (k, v) in liveViews {
            guard let s = plan.newSection(forOld: k.indexPath.section), !plan.reloadedSections.contains(k.indexPath.section) else {
                leavingViews.append((k, v)); continue
            }
            var n = k
            n.indexPath = IndexPath(item: k.indexPath.item, section: s)
            views[n] = v
            from[ObjectIdentifier(v)] = v.frame
        }
        liveViews = views
        rekeyBands(plan)
        itemCounts = counts
        collectionViewLayout.itemsDidChange { plan.keepsCell($0) ? plan.newPath(forOld: $0) : nil }
        // Prepared and placed again; what leaves the viewport is kept to move away.
        departingCells = []
        departingViews = []
        layoutIsValid = false
        prepareIfNeeded()
        updateVisibleCells(force: true)
        let departing = departingCells ?? [], departingSupplementary = departingViews ?? []
        departingCells = nil
        departingViews = nil
        // Where each view starts (without animation) and ends.
        var targets: [(View, Rect, Double)] = []
        for (p, c) in live {
            targets.append((c, c.frame, c.alpha))
            if let f = from[ObjectIdentifier(c)] {
                c.frame = f
            } else if let o = plan.oldPath(forNew: p), !plan.reloadedItems.contains(o), let f = oldFrames[o] {
                c.frame = f
            } else {
                c.alpha = 0
            }
        }
        let pinnedKeys = Set(pinned.map(\.key))
        for (k, v) in liveViews where !pinnedKeys.contains(k) {
            targets.append((v, v.frame, v.alpha))
            if let f = from[ObjectIdentifier(v)] { v.frame = f } else { v.alpha = 0 }
        }
        // Cells that stay but leave the viewport move to their new places, then go to the pool.
        var departed: [CollectionViewCell] = []
        for (p, c) in departing {
            if let f = collectionViewLayout.layoutAttributesForItem(at: p)?.frame, from[ObjectIdentifier(c)] != nil {
                targets.append((c, f, c.alpha))
                departed.append(c)
            } else {
                leavingCells.append(c)
            }
        }
        for (k, v) in departingSupplementary { leavingViews.append((k, v)) }
        let animations = {
            for (v, frame, alpha) in targets { v.frame = frame; v.alpha = alpha }
            for c in leavingCells { c.alpha = 0 }
            for (_, v) in leavingViews { v.alpha = 0 }
        }
        let done = { [weak self] (finished: Bool) in
            for c in leavingCells { c.alpha = 1; self?.recycle(c) }
            for c in departed { self?.recycle(c) }
            for (k, v) in leavingViews { v.alpha = 1; self?.recycle(v, key: k) }
            finish(finished)
        }
        guard window != nil else { animations(); done(true); return }
        View.animate(withDuration: 0.3, animations: animations, completion: done)
    }

    /// The bands of orthogonal sections follow their sections; their cells that stay keep
    /// their cells (placed again, without animation, at the next update).
    private func rekeyBands(_ plan: CollectionUpdatePlan) {
        guard !bands.isEmpty || !bandOffsets.isEmpty else { return }
        var moved: [Int: OrthogonalScroller] = [:]
        for (s, band) in bands {
            guard let n = plan.newSection(forOld: s), !plan.reloadedSections.contains(s) else { retire(band, section: s); continue }
            var cells: [IndexPath: CollectionViewCell] = [:]
            for (p, c) in band.live {
                if plan.keepsCell(p), let q = plan.newPath(forOld: p), q.section == n { cells[q] = c } else { recycle(c) }
            }
            band.live = cells
            band.section = n
            band.queried = .null
            moved[n] = band
        }
        bands = moved
        var offsets: [Int: Point] = [:]
        for (s, o) in bandOffsets { if let n = plan.newSection(forOld: s) { offsets[n] = o } }
        bandOffsets = offsets
    }
}
