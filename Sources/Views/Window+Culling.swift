import Geometry
import RenderModel

// SC7's culling: a clipping view (a scroll view) lists only the subviews whose last drawing
// reaches its bounds, so content outside the viewport costs nothing to list or paint.
extension Window {
    /// Emits the subviews of clipping view `v` whose box from their last emission meets `bounds`
    /// (v's own coordinates), and those never emitted or changed since; skipped ones keep their
    /// box and are not in the list (a change to one rebuilds, and lists it again).
    @inline(never)
    func emitVisibleSubviews(of v: View, bounds: Rect, transform t: AffineTransform,
                             into list: inout [DrawCommand], table: inout RenderTable, generation: Int, offset: Int) -> Rect {
        var box = Rect.null
        guard let toLocal = t.inverted() else {
            for s in v.subviews {
                box = box.union(emit(s, parent: t, into: &list, table: &table, generation: generation, offset: offset))
            }
            return box
        }
        for s in v.subviews {
            if let known = table.record(s).culledBox, !s.isQueuedForRepaint, !s.hasChangedDescendant,
               !Self.overlaps(known, bounds) { continue }
            let start = list.count
            let drawn = emit(s, parent: t, into: &list, table: &table, generation: generation, offset: offset)
            // Kept in v's coordinates, so scrolling (v's bounds moving) does not stale it.
            let local = drawn.isNull ? Rect.null : toLocal.apply(to: drawn)
            table.records[table.slot(s)].culledBox = local
            if !Self.overlaps(local, bounds) {
                // Emitted only to learn its box (the first time, or after a change): out it goes.
                list.removeSubrange(start...)
                unlist(s, &table, generation)
                continue
            }
            box = box.union(drawn)
        }
        return box
    }

    /// Whether `v` is out of the list because a clipping ancestor skipped it (it kept a box) or a
    /// subtree holding it (its superview is out too), rather than because it is hidden.
    func isSkippedByClip(_ v: View, _ table: RenderTable, _ generation: Int) -> Bool {
        !table.isListed(v, generation)
            && (table.record(v).culledBox != nil || v.superview.map { !table.isListed($0, generation) } ?? true)
    }

    /// Whether changed view `v`, not in the list because a clipping ancestor skipped it or a
    /// subtree holding it, is still out of view: the skipped subtree is emitted aside (into
    /// `scratch`) to learn its new box (work in proportion to it, not a rebuild of the window's
    /// list, whose `commands` are read).
    func stillOutOfView(_ v: View, _ commands: [DrawCommand], _ table: inout RenderTable, _ scratch: inout [DrawCommand],
                        _ generation: Int) -> Bool {
        var a = v
        while let s = a.superview, !table.isListed(s, generation) { a = s }
        guard let s = a.superview, s.clipsToBounds, table.record(a).culledBox != nil, table.listStart(s) >= 0,
              case .beginGroup(let pg) = commands[table.listStart(s)], let inverse = pg.transform.inverted()
        else { return false }
        scratch.removeAll(keepingCapacity: true)
        let drawn = emit(a, parent: pg.transform, into: &scratch, table: &table, generation: generation, offset: 0)
        unlist(a, &table, generation)
        let local = drawn.isNull ? Rect.null : inverse.apply(to: drawn)
        table.records[table.slot(a)].culledBox = local
        return !Self.overlaps(local, s.onScreen.stateBounds)
    }

    /// Whether two rects share area (touching edges do not).
    static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        let i = a.intersection(b)
        return !i.isNull && i.width > 0 && i.height > 0
    }

    /// Marks `v`'s subtree as not in the list being built (its commands were taken out again).
    func unlist(_ v: View, _ table: inout RenderTable, _ generation: Int) {
        guard table.isListed(v, generation) else { return }
        table.records[v.renderSlot].listGeneration = -1
        for s in v.subviews { unlist(s, &table, generation) }
    }
}
