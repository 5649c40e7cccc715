/// How one axis of a list passes through a batch update (SC4, SC6): the sections, or one
/// section's items. `leaving` are the old indices that go (deleted or moved away), `arriving`
/// the new ones that come (inserted or moved in), both sorted; every other index keeps its order,
/// so an old index's rank among the old survivors is its new index's rank among the new ones.
///
/// - Complexity: a lookup costs O(changes), not O(items): a batch update in a list of 100,000
///   items asks only about the views it shows.
struct IndexShift: Sendable {
    private(set) var leaving: [Int] = []
    private(set) var arriving: [Int] = []

    init() {}
    init(leaving: [Int], arriving: [Int]) {
        self.leaving = Set(leaving).sorted()
        self.arriving = Set(arriving).sorted()
    }

    /// The new index of old index `i`; nil when it leaves.
    func newIndex(forOld i: Int) -> Int? { Self.map(i, from: leaving, to: arriving) }
    /// The old index of new index `i`; nil when it arrives.
    func oldIndex(forNew i: Int) -> Int? { Self.map(i, from: arriving, to: leaving) }

    /// `i`'s rank among the indices not in `skipped`, placed among those not in `taken`.
    private static func map(_ i: Int, from skipped: [Int], to taken: [Int]) -> Int? {
        var rank = i
        for s in skipped {
            if s < i { rank -= 1 } else if s == i { return nil } else { break }
        }
        var j = rank
        for t in taken {
            if t <= j { j += 1 } else { break }
        }
        return j
    }
}

/// UIKit's "invalid update" message for a section whose count does not add up; `noun` is
/// "rows" for a table and "items" for a collection view.
func invalidCountMessage(_ noun: String, section: Int, before: Int, after: Int, inserted: Int, deleted: Int,
                         movedIn: Int, movedOut: Int) -> String {
    "invalid update: invalid number of \(noun) in section \(section). The number of \(noun) contained in an existing section after the update (\(after)) must be equal to the number of \(noun) contained in that section before the update (\(before)), plus or minus the number of \(noun) inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of \(noun) moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)"
}
