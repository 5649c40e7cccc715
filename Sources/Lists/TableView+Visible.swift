#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Geometry

/// The rows that show (MR6): as UIKit's, ``visibleCells`` and ``indexPathsForVisibleRows`` list
/// only the rows whose frames meet the visible bounds; the rows loaded in ``preloadMargin``
/// past the edges keep their cells but are listed only by ``loadedCells``.
extension TableView {
    /// The cells of the rows whose frames meet the visible bounds, top to bottom, as UIKit's
    /// (MR6): rows loaded in the margin past the edges (``preloadMargin``) are not listed.
    public var visibleCells: [TableViewCell] { visibleRows.compactMap { live[$0] } }
    /// The index paths of the rows whose frames meet the visible bounds, top to bottom (MR6).
    public var indexPathsForVisibleRows: [IndexPath] { visibleRows.map { indexPath(flat: $0) } }
    /// Every cell the table holds, top to bottom: the visible ones and those loaded in the
    /// margin past the edges (what updates to all shown cells reach).
    package var loadedCells: [TableViewCell] { live.keys.sorted().compactMap { live[$0] } }
    /// The flat indexes of the loaded rows whose frames meet the bounds (a row only touching an
    /// edge does not), sorted.
    var visibleRows: [Int] {
        let b = bounds
        guard b.width > 0, b.height > 0 else { return [] }
        return live.keys.sorted().filter { f in
            f < rowHeights.count && rowTops[f] < b.maxY && rowTops[f] + rowHeights[f] > b.minY
        }
    }
}
