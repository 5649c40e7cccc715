@_spi(Engine) import Views
import Geometry
import UpdateLoop
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Cells kept for reuse by identifier (SC4, SC6, SC7), shared by tables and collection views:
/// registered makers, the pool, and UIKit's error for an identifier never registered (reported
/// to the window's diagnostics; a plain cell is made, so nothing traps).
@MainActor
struct ReusePool<Cell: View> {
    private var makers: [String: (String) -> Cell] = [:]
    private var pool: [String: [Cell]] = [:]
    /// Cells made (not reused) so far.
    private(set) var created = 0

    mutating func register(_ identifier: String, make: @escaping (String) -> Cell) { makers[identifier] = make }

    /// A pooled cell (after `prepare`) or a new one.
    mutating func dequeue(_ identifier: String, owner: View, plain: (String) -> Cell, prepare: (Cell) -> Void) -> Cell {
        // Popped in place: copying the array out and back would allocate on every dequeue.
        if let cell = pool[identifier]?.popLast() {
            prepare(cell)
            return cell
        }
        created += 1
        guard let make = makers[identifier] else {
            owner.window?.report(misuse: "\(type(of: owner)) \(owner.traceName): unable to dequeue a cell with identifier '\(identifier)': register a class for it first (a plain cell was used)",
                                 views: [owner.traceName])
            return plain(identifier)
        }
        return make(identifier)
    }

    /// The most cells kept per identifier (MR5's budget). A table or collection view needs
    /// about as many as it shows at once; a pool past this many (a reload of a very tall
    /// viewport, many deletions at once) lets the rest go instead of keeping them hidden.
    static var maximumPooledCellsPerIdentifier: Int { 128 }

    /// Cells kept for reuse now, over every identifier.
    var pooledCount: Int { pool.values.reduce(0) { $0 + $1.count } }

    /// Puts a cell back, hidden, for the next dequeue of its identifier; past
    /// ``maximumPooledCellsPerIdentifier`` it leaves its superview and is let go.
    mutating func recycle(_ cell: Cell, identifier: String?) {
        let key = identifier ?? ""
        if let kept = pool[key], kept.count >= Self.maximumPooledCellsPerIdentifier {
            cell.removeFromSuperview()
            return
        }
        cell.isHidden = true
        pool[key, default: []].append(cell)
    }

    /// Lets every pooled cell go (MR5's memory warning): each leaves its superview; dequeues
    /// make new ones from the registered makers.
    mutating func removeAll() {
        for (_, cells) in pool { for c in cells { c.removeFromSuperview() } }
        pool.removeAll()
    }
}

/// A table's reuse API (SC4): registering cell classes, dequeuing, and the pool's count.
extension TableView {
    /// Makes cells of `cellClass` when ``dequeueReusableCell(withIdentifier:for:)`` finds none to reuse under `identifier`.
    public func register(_ cellClass: TableViewCell.Type, forCellReuseIdentifier identifier: String) {
        reuse.register(identifier) { cellClass.init(reuseIdentifier: $0) }
    }

    /// Registers a function that makes the cells of `identifier` (given the identifier): how a
    /// facade makes cells of its own classes.
    public func register(forCellReuseIdentifier identifier: String, make: @escaping (String) -> TableViewCell) {
        reuse.register(identifier, make: make)
    }

    /// A cell for `identifier`: one from the reuse pool (after ``TableViewCell/prepareForReuse()``)
    /// or a new one of the registered class. An identifier never registered is reported to the
    /// window's diagnostics and gets a plain cell, so nothing traps.
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
        reuse.dequeue(identifier, owner: self, plain: { TableViewCell(reuseIdentifier: $0) }, prepare: { cell in
            cell.prepareForReuse()
            cell.setNeedsLayout()           // the row's new text and accessory are laid out before it shows
        })
    }

    /// Cells kept hidden for reuse now (at most 128 per identifier; MR5).
    public var pooledCellCount: Int { reuse.pooledCount }
}
