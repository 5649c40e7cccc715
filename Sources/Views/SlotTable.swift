/// A record that a window keeps about one of its views in a ``SlotTable``, and where the view
/// keeps its slot in that table (AM5: the renderer's and the layout's data live in the window,
/// not on the view; the view holds only the number).
@MainActor
protocol ViewSideRecord {
    /// An empty record, as a view gets on its first use of the table.
    init()
    /// Empties the record when its view gives the slot back, so that it holds no view alive and
    /// the next view finds it new (keeping storage its lists hold is allowed).
    mutating func clear()
    /// The slot `view` keeps for this kind of record (-1: none).
    static func slot(of view: View) -> Int
    /// Keeps `slot` on `view` as its slot for this kind of record.
    static func setSlot(_ slot: Int, of view: View)
}

/// One window's side records of one kind (``ViewRenderRecord``, ``ViewLayoutRecord``) for the
/// views that needed one since they joined the window, at the slot each view keeps. A view gets
/// a slot on first use and gives it back when it leaves the window; slots given back are reused
/// before the table grows, so a screen shown again holds it flat.
///
/// Each slot remembers its view's identity: a slot number carried into another table (the view
/// moved windows) or kept after the view gave it back finds nothing there.
@MainActor
struct SlotTable<Record: ViewSideRecord> {
    /// The records, by slot.
    var records: [Record] = []
    /// By slot, the view holding it; nil while it is free.
    private(set) var owners: [ObjectIdentifier?] = []
    /// The slots given back, reused last first.
    private(set) var free: [Int] = []

    /// How many slots are in use.
    var slotsInUse: Int { records.count - free.count }

    /// `v`'s slot in this table, or nil when it has none here.
    @inline(__always)
    func existingSlot(_ v: View) -> Int? {
        let slot = Record.slot(of: v)
        guard slot >= 0, slot < owners.count, owners[slot] == ObjectIdentifier(v) else { return nil }
        return slot
    }

    /// `v`'s slot, made on first use.
    @inline(__always)
    mutating func slot(_ v: View) -> Int {
        existingSlot(v) ?? makeSlot(v)
    }

    @inline(never)
    private mutating func makeSlot(_ v: View) -> Int {
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            owners[slot] = ObjectIdentifier(v)
        } else {
            slot = records.count
            records.append(Record())
            owners.append(ObjectIdentifier(v))
        }
        Record.setSlot(slot, of: v)
        return slot
    }

    /// `v` leaves the window: its record is emptied and its slot goes back (nothing when it has
    /// none here). `v` keeps the number; the caller sets it to -1 when it means to.
    mutating func release(_ v: View) {
        guard let slot = existingSlot(v) else { return }
        records[slot].clear()
        owners[slot] = nil
        free.append(slot)
    }
}
