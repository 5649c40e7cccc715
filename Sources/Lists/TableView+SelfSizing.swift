@_spi(Engine) import Views
import Geometry

/// Self-sizing rows (SC4): a row of ``TableView/automaticDimension`` takes its estimate until
/// its cell first shows; then the cell's content view is measured by its constraints at the row's
/// width (`systemLayoutSizeFitting` with the width required and the height free) and the row
/// takes that height, the rows below it moving by the difference in one sweep per pass. A
/// measured height stays until the data is reloaded.
extension TableView {
    /// Measures `cell`, made for flat row `f`, and records the change to apply after the pass.
    func measure(_ cell: TableViewCell, row f: Int) {
        needsMeasure[f] = false
        let width = max(0, bounds.width - (cell.accessoryType == .none ? 0 : 28))
        let size = cell.contentView.systemLayoutSizeFitting(Size(width: width, height: 0),
                                                            withHorizontalFittingPriority: 1000, verticalFittingPriority: 50)
        // Content that does not reach the bottom (no constraints there) keeps the estimate.
        guard size.height > 0, size.height.isFinite else { return }
        let height = size.height.rounded(.up)
        let delta = height - rowHeights[f]
        guard delta != 0 else { return }
        rowHeights[f] = height
        measuredRows.append((f, delta))
    }

    /// Moves every row, header and footer below the measured rows by the sum of the changes above
    /// them (one sweep), puts the live cells at their new places, and gives cells to rows that
    /// came into view (which may measure again: a few rounds at most).
    func applyMeasuredHeights() {
        guard !isApplyingMeasurements else { return }
        isApplyingMeasurements = true
        defer { isApplyingMeasurements = false }
        var rounds = 0
        while !measuredRows.isEmpty, rounds < 8 {
            rounds += 1
            measuredRows.sort { $0.row < $1.row }
            // Row tops: row k moves by the changes of the measured rows before it.
            var next = 0, shift = 0.0
            let first = measuredRows[0].row
            for k in (first + 1)..<rowTops.count {
                while next < measuredRows.count, measuredRows[next].row < k { shift += measuredRows[next].delta; next += 1 }
                rowTops[k] += shift
            }
            // Sections: a header, footer and end move by the changes in rows before them.
            for s in sectionStarts.indices {
                let start = sectionStarts[s], end = start + sectionCounts[s]
                var before = 0.0, through = 0.0
                for m in measuredRows {
                    if m.row < start { before += m.delta }
                    if m.row < end { through += m.delta }
                }
                headerTops[s] += before
                footerTops[s] += through
                sectionEnds[s] += through
            }
            let total = measuredRows.reduce(0) { $0 + $1.delta }
            measuredRows.removeAll(keepingCapacity: true)
            contentSize = Size(width: contentSize.width, height: contentSize.height + total)
            for (f, cell) in live where f < rowHeights.count { cell.frame = Rect(x: 0, y: rowTops[f], width: bounds.width, height: rowHeights[f]) }
            updateVisibleCells()
        }
    }
}
