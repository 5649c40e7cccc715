@_spi(Engine) import Views
@_spi(Engine) import Controls
@_spi(Engine) import Scrolling
import Geometry
import UpdateLoop

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

    /// Puts a cell back, hidden, for the next dequeue of its identifier.
    mutating func recycle(_ cell: Cell, identifier: String?) {
        cell.isHidden = true
        pool[identifier ?? "", default: []].append(cell)
    }
}
