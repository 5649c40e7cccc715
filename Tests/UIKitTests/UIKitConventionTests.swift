import Testing
import Foundation
@testable import UIKit
import Timeline
import TimelineTestSupport
import Geometry

/// MR6 through the facade: UIKit code sees the engine's conventions as UIKit's.
@MainActor
@Suite("MR6 UIKit conventions through the facade")
struct UIKitConventionTests {
    @Test("MR6: a UITableView 600 points high of 44-point rows lists 14 visible cells at offset 0 and 15 at 22")
    func MR6_facadeVisibleCells() {
        let (host, window) = makeApp(width: 400, height: 600)
        let todo = TodoController()
        window.rootViewController = todo
        window.makeKeyAndVisible()
        host.step(); host.step()
        let table = todo.tableView!
        #expect(table.bounds.height == 600)
        for (offset, rows) in [(0.0, 0...13), (22.0, 0...14), (44.0, 1...14)] {
            table.setContentOffset(CGPoint(x: 0, y: offset), animated: false)
            host.step()
            let expected = rows.map { IndexPath(row: $0, section: 0) }
            #expect(table.indexPathsForVisibleRows == expected, "offset \(offset)")
            #expect(table.visibleCells.count == rows.count, "offset \(offset): \(table.visibleCells.count) cells")
            #expect(table.visibleCells.map { table.indexPath(for: $0) } == expected.map { Optional($0) })
            #expect(table.table.loadedCells.count > rows.count)                   // preloaded rows stay alive
        }
        // Editing reaches the preloaded cells too, so a row scrolled in shows it at once.
        table.setEditing(true, animated: false)
        let preloaded = table.table.loadedCells.filter { c in !table.table.visibleCells.contains { $0 === c } }
        #expect(!preloaded.isEmpty)
        #expect(preloaded.allSatisfy { c in (c.facade as? UITableViewCell)?.isEditing == true })
        table.setEditing(false, animated: false)
        host.step()
    }

    @Test("MR6: UIKit controls made with a frame keep it through layout")
    func MR6_facadeControlsKeepTheirFrames() {
        let (host, window) = makeApp(width: 400, height: 300)
        let s = UISwitch(frame: CGRect(x: 20, y: 20, width: 51, height: 31))
        let field = UITextField(frame: CGRect(x: 20, y: 80, width: 200, height: 34))
        window.addSubview(s)
        window.addSubview(field)
        host.step(); host.step()
        #expect(s.frame == CGRect(x: 20, y: 20, width: 51, height: 31) && s.translatesAutoresizingMaskIntoConstraints)
        #expect(field.frame == CGRect(x: 20, y: 80, width: 200, height: 34) && field.translatesAutoresizingMaskIntoConstraints)
        host.step()
    }
}
