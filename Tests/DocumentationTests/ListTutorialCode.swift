import Foundation
import Geometry
import Testing
import Timeline

/// DX2: the code of "A list of 100,000 rows" (Sources/Lists/Lists.docc), run headless.
// snippet: long-list-source
/// Answers for 100,000 rows without holding any of them: each cell is filled when it is shown.
@MainActor
final class NumberedRows: TableViewDataSource {
    let count: Int
    init(count: Int) { self.count = count }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = "Row \(indexPath.row)"
        return cell
    }
}
// end snippet

@Suite("DX2 a list of 100,000 rows")
@MainActor
struct ListTutorialCodeTests {
    @Test("DX2: A list of 100,000 rows: only the visible rows have cells, reused while scrolling")
    func DX2_longList() {
        // snippet: long-list-table
        let host = HeadlessHost(size: Size(width: 400, height: 600))
        let rows = NumberedRows(count: 100_000)
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        table.rowHeight = 44
        table.dataSource = rows
        host.root.addSubview(table)
        host.runUntilIdle()
        #expect(table.contentSize.height == 4_400_000)      // 100,000 rows of 44 points
        // end snippet

        // snippet: long-list-scroll
        table.contentOffset = Point(x: 0, y: 1_000)
        host.step()
        let made = table.cellsCreated                       // a screenful and the margins: not 100,000
        for step in 2...120 {                               // two seconds of scrolling, 1,000 points a frame
            table.contentOffset = Point(x: 0, y: Double(step) * 1_000)
            host.step()
        }
        #expect(table.cellsCreated <= made + 2)             // cells are reused, not made
        #expect(table.indexPathsForVisibleRows.first == IndexPath(row: 120_000 / 44, section: 0))
        #expect(table.visibleCells.first?.textLabel?.text == "Row \(120_000 / 44)")
        // end snippet
        #expect(made < 40, "cells made for the first screen: \(made)")
        host.runUntilIdle()
    }
}
