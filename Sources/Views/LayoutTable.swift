/// What the layout engine and the update cycle keep about one view of their window between
/// passes (AM5): scratch of the layout, not state of the view, so it lives in the window's
/// layout table at the view's ``View/layoutSlot`` and not on the view.
struct ViewLayoutRecord {
    /// The engine's record of the view (its variables and own constraints), once it has one.
    var item: LayoutItem?
    /// Subviews flagged for layout since this view's last layout pass, so the pass goes straight
    /// to them instead of looking at every subview (P1). A view moved away stays listed until
    /// the pass skips it.
    var childrenNeedingLayout: [View] = []
    /// Whether the view is in its superview's ``childrenNeedingLayout``.
    var isListedForLayout = false
    /// Subviews whose frames may differ from their solved rects (the rect changed, or the frame
    /// was set by hand) since this view last applied frames.
    var subviewsWithStaleFrames: [View] = []
    /// Whether every subview's frame must be applied (after the app's `setNeedsLayout()`, when
    /// this view's own position changed, and for a view new to the window).
    var allSubviewFramesStale = true
}

extension ViewLayoutRecord: ViewSideRecord {
    /// Empties the record, keeping the lists' storage for the next view.
    mutating func clear() {
        item = nil
        childrenNeedingLayout.removeAll(keepingCapacity: true)
        isListedForLayout = false
        subviewsWithStaleFrames.removeAll(keepingCapacity: true)
        allSubviewFramesStale = true
    }

    static func slot(of view: View) -> Int { view.layoutSlot }
    static func setSlot(_ slot: Int, of view: View) { view.layoutSlot = slot }
}

/// A window's layout table (AM5), held by its ``LayoutEngine``: one ``ViewLayoutRecord`` per
/// view that needed one since it joined the window, at the view's ``View/layoutSlot``.
///
/// A tree in no window has no table: its layout pass finds flagged subviews by their
/// ``View/subtreeNeedsLayout`` bits, and the views flagged when it joins a window are listed then.
typealias LayoutTable = SlotTable<ViewLayoutRecord>

extension LayoutEngine {
    // MARK: The layout table (AM5)

    /// The table, as a value (for tests and cold paths; the hot reads below read in place).
    var table: LayoutTable { storedTable! }

    /// `v`'s slot in the table, read in place: no copy of the table, so no retain of its
    /// storage (a copy cost one on every read of a flag).
    @inline(__always)
    func slotHere(_ v: View) -> Int? {
        let slot = v.layoutSlot
        guard slot >= 0, slot < storedTable!.owners.count, storedTable!.owners[slot] == ObjectIdentifier(v) else { return nil }
        return slot
    }

    /// Runs `body` with the table taken out of the engine and puts it back after: its element
    /// writes are then checked by the compiler, not at run time (the render table's lesson,
    /// docs/animation-model.md step 5). The engine holds nil meanwhile, which costs no retain of
    /// an empty table. `body` calls no app code and does not reach the table through the engine.
    @inline(__always)
    func withTable<R>(_ body: (inout LayoutTable) -> R) -> R {
        var t = storedTable!
        storedTable = nil
        let result = body(&t)
        storedTable = t
        return result
    }

    /// The engine's record of `v`, if it has one.
    @inline(__always)
    func layoutItem(of v: View) -> LayoutItem? {
        guard let slot = slotHere(v) else { return nil }
        return storedTable!.records[slot].item
    }

    /// Keeps `i` as `v`'s record (nil: forgets it).
    func setLayoutItem(_ i: LayoutItem?, of v: View) {
        if i == nil, slotHere(v) == nil { return }
        withTable { t in
            let slot = t.slot(v)
            t.records[slot].item = i
        }
    }

    /// `v` leaves the window: its slot goes back to the table.
    func releaseSlot(of v: View) {
        withTable { $0.release(v) }
        v.layoutSlot = -1
    }

    /// Lists `child` in `parent`'s ``ViewLayoutRecord/childrenNeedingLayout`` unless it is
    /// listed already.
    @inline(__always)
    func listForLayout(_ child: View, in parent: View) {
        if isListedForLayout(child) { return }
        withTable { t in
            let c = t.slot(child)
            t.records[c].isListedForLayout = true
            let p = t.slot(parent)
            t.records[p].childrenNeedingLayout.append(child)
        }
    }

    /// Marks `v` as not listed in its superview's list (the pass took it, or it left the list).
    @inline(__always)
    func unlistForLayout(_ v: View) {
        guard isListedForLayout(v) else { return }
        withTable { t in
            if let s = t.existingSlot(v) { t.records[s].isListedForLayout = false }
        }
    }

    /// Whether `v` is listed in its superview's list.
    @inline(__always)
    func isListedForLayout(_ v: View) -> Bool {
        guard let s = slotHere(v) else { return false }
        return storedTable!.records[s].isListedForLayout
    }

    /// Takes `v`'s list of children needing layout, leaving `spare` (an empty list, which may
    /// hold storage) in its place; nothing when the list is empty.
    @inline(__always)
    func takeChildrenNeedingLayout(of v: View, leaving spare: inout [View]) {
        if childrenNeedingLayoutCount(of: v) == 0 { return }
        withTable { t in
            let slot = t.slot(v)
            swap(&spare, &t.records[slot].childrenNeedingLayout)
        }
    }

    /// Gives `v` the emptied storage of a list it handed out, when nothing was listed since
    /// (so a steady frame allocates no list).
    @inline(__always)
    func returnChildrenNeedingLayoutStorage(of v: View, _ list: inout [View]) {
        guard list.capacity > 0, let s = slotHere(v), storedTable!.records[s].childrenNeedingLayout.capacity == 0 else { return }
        withTable { t in swap(&list, &t.records[s].childrenNeedingLayout) }
    }

    /// How many children of `v` are listed for layout.
    @inline(__always)
    func childrenNeedingLayoutCount(of v: View) -> Int {
        guard let s = slotHere(v) else { return 0 }
        return storedTable!.records[s].childrenNeedingLayout.count
    }

    /// Takes the one child listed for layout under `v` (the caller read a count of one),
    /// emptying the list in place: its storage stays for the next listing.
    @inline(__always)
    func takeOnlyChildNeedingLayout(of v: View) -> View {
        let s = slotHere(v)!
        return withTable { t in
            let child = t.records[s].childrenNeedingLayout[0]
            t.records[s].childrenNeedingLayout.removeAll(keepingCapacity: true)
            return child
        }
    }

    /// Empties `v`'s list of children needing layout and marks `v` unlisted (after a
    /// feedback-loop report).
    func clearLayoutLists(_ v: View) {
        withTable { t in
            guard let s = t.existingSlot(v) else { return }
            t.records[s].childrenNeedingLayout.removeAll(keepingCapacity: true)
            t.records[s].isListedForLayout = false
        }
    }

    /// Lists `v` in its superview `s`'s subviews with stale frames.
    func listStaleFrame(of v: View, in s: View) {
        withTable { t in
            let slot = t.slot(s)
            t.records[slot].subviewsWithStaleFrames.append(v)
        }
    }

    /// Marks every subview of `v` for its frame in `v`'s next layout (a view with no record yet
    /// gets one so marked).
    @inline(__always)
    func markAllSubviewFramesStale(_ v: View) {
        guard let s = slotHere(v), !storedTable!.records[s].allSubviewFramesStale else { return }
        withTable { $0.records[s].allSubviewFramesStale = true }
    }

    /// The table's slots in use and its length (for tests: showing the same screen again
    /// holds both flat).
    var tableSize: (inUse: Int, length: Int) { (table.slotsInUse, table.records.count) }
}
