import Testing
import Geometry
@testable import Views

/// AM5: the window's render table and its layout table are one generic slot table
/// (``SlotTable``): records by slot, slots given back reused before the table grows, and each
/// slot checked against its view's identity, so a slot number from another table finds nothing.
@Suite("AM5 one slot table for the window's side records")
@MainActor
struct SlotTableTests {
    func views(_ count: Int) -> [View] { (0..<count).map { _ in View(frame: Rect(x: 0, y: 0, width: 1, height: 1)) } }

    @Test("AM5 a slot given back is emptied and reused before the table grows")
    func slotsAreReused() {
        var table = LayoutTable()
        let (a, b, c) = (View(), View(), View())
        let sa = table.slot(a), sb = table.slot(b)
        #expect(sa != sb && table.slot(a) == sa, "a view's second use made another slot")
        table.records[sb].isListedForLayout = true
        table.records[sb].childrenNeedingLayout.append(a)
        table.release(b)
        #expect(table.existingSlot(b) == nil && table.slotsInUse == 1)
        #expect(table.slot(c) == sb, "the slot given back was not reused")
        #expect(table.records.count == 2, "the table grew though a slot was free")
        #expect(!table.records[sb].isListedForLayout && table.records[sb].childrenNeedingLayout.isEmpty,
                "the reused slot kept the last view's record")
        #expect(table.existingSlot(c) == sb && table.slotsInUse == 2)
    }

    @Test("AM5 a slot number carried from another table, or kept after release, finds nothing")
    func staleSlotFindsNothing() {
        var first = RenderTable(), second = RenderTable()
        let others = views(3)
        for v in others { _ = second.slot(v) }
        let moved = View()
        let slot = first.slot(moved)
        first.records[slot].listStart = 7
        first.records[slot].listGeneration = 1
        second.records[slot].listStart = 3
        // `moved` keeps the number from `first`; in `second` that slot is another view's.
        #expect(moved.renderSlot == slot && slot < second.records.count)
        #expect(second.existingSlot(moved) == nil)
        #expect(second.listStart(moved) == -1 && !second.isListed(moved, second.records[slot].listGeneration))
        second.release(moved)       // gives back nothing of the view holding that slot there
        #expect(second.existingSlot(others[slot]) == slot && second.slotsInUse == 3)
        // Released, the number it keeps finds nothing in its own table either.
        first.release(moved)
        #expect(moved.renderSlot == slot && first.existingSlot(moved) == nil && first.listStart(moved) == -1)
        #expect(first.record(moved).listGeneration == -1)
        // A new slot in `second` leaves the others' records alone.
        let fresh = second.slot(moved)
        #expect(fresh == 3 && moved.renderSlot == 3 && second.slotsInUse == 4)
    }
}
