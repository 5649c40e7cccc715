import Testing
import Foundation
@testable import UIKit
import Timeline
import TimelineTestSupport
import Geometry
import RenderModel
import UpdateLoop

/// A to-do list as tutorials write it: a table controller with a custom cell class, swipe to
/// delete through `commit`, and selection.
final class TodoCell: UITableViewCell {
    let badge = UIView()
    var reused = 0
    required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        contentView.addSubview(badge)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    override func prepareForReuse() { super.prepareForReuse(); reused += 1 }
}

final class TodoController: UITableViewController {
    var items = (0..<30).map { "Task \($0)" }
    var log: [String] = []
    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(TodoCell.self, forCellReuseIdentifier: "todo")
    }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "todo", for: indexPath)
        cell.textLabel?.text = items[indexPath.row]
        cell.accessoryType = indexPath.row == 0 ? .checkmark : .none
        return cell
    }
    override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete else { return }
        log.append("commit \(items[indexPath.row])")
        items.remove(at: indexPath.row)
        tableView.deleteRows(at: [indexPath], with: .fade)
    }
    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        log.append("select \(indexPath.row)")
        tableView.deselectRow(at: indexPath, animated: true)
    }
}

final class SwatchCell: UICollectionViewCell {
    required init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .systemTeal
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

final class SwatchSource: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    var selected: [Int] = []
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 12 }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "swatch", for: indexPath)
    }
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize { CGSize(width: 100, height: 80) }
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { selected.append(indexPath.item) }
}

@MainActor
@Suite("UK1 UIKit's table and collection views over the engine's")
struct UIKitListTests {
    func drag(_ host: HeadlessHost, from p: Point, dx: Double) {
        var time = Double(host.runLoop.currentMediaTimeNanoseconds) / 1e9
        host.runLoop.send(InputEvent(.pointerDown(p, button: 1), timestamp: time))
        for k in 1...10 {
            time += 0.03
            host.runLoop.send(InputEvent(.pointerMoved(Point(x: p.x + dx * Double(k) / 10, y: p.y), buttons: 1), timestamp: time))
            host.step()
        }
        host.runLoop.send(InputEvent(.pointerUp(Point(x: p.x + dx, y: p.y), button: 1), timestamp: time + 0.05))
        host.step()
    }

    @Test("UK1 UITableViewController: custom cells made by their class and reused, selection, and swipe to delete through commit")
    func UK1_tableController() {
        let (host, window) = makeApp(width: 320, height: 480)
        let todo = TodoController()
        window.rootViewController = todo
        window.makeKeyAndVisible()
        host.step(); host.step()
        let table = todo.tableView!
        #expect(table.numberOfRows(inSection: 0) == 30)
        let first = try! #require(table.cellForRow(at: IndexPath(row: 0, section: 0)) as? TodoCell)
        #expect(first.textLabel?.text == "Task 0" && first.accessoryType == .checkmark && first.reuseIdentifier == "todo")
        #expect(first.badge.superview === first.contentView)
        let visible = table.visibleCells.count
        #expect(visible > 10 && visible < 30)
        table.setContentOffset(CGPoint(x: 0, y: 600), animated: false)
        host.step()
        #expect(table.visibleCells.contains { ($0 as? TodoCell)?.reused ?? 0 > 0 })   // cells came back through prepareForReuse
        table.setContentOffset(.zero, animated: false)
        host.step()
        // A tap selects; a swipe toward the leading edge shows Delete, which commits the deletion.
        let rowRect = table.rectForRow(at: IndexPath(row: 3, section: 0))
        let tap = table.view.convert(Point(x: 60, y: rowRect.midY), to: nil)
        host.runLoop.send(.pointerDown(tap)); host.runLoop.send(.pointerUp(tap)); host.step()
        #expect(todo.log == ["select 3"])
        drag(host, from: table.view.convert(Point(x: 280, y: rowRect.midY), to: nil), dx: -120)
        runFor(host, seconds: 0.5)
        let delete = try! #require(table.table.swipeActionButtons.first)
        #expect(delete.configuration?.title == "Delete")
        delete.sendActions(for: .primaryActionTriggered)
        runFor(host, seconds: 0.5)
        #expect(todo.log.last == "commit Task 3" && table.numberOfRows(inSection: 0) == 29)
        #expect(table.cellForRow(at: IndexPath(row: 3, section: 0))?.textLabel?.text == "Task 4")
    }

    @Test("UK1 UICollectionView with a flow layout: the delegate's sizes, custom cells by class, selection by tap")
    func UK1_collectionView() {
        let (host, window) = makeApp(width: 340, height: 480)
        let layout = UICollectionViewFlowLayout()
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 10
        layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let grid = UICollectionView(frame: CGRect(x: 0, y: 0, width: 340, height: 480), collectionViewLayout: layout)
        let source = SwatchSource()
        grid.register(SwatchCell.self, forCellWithReuseIdentifier: "swatch")
        grid.dataSource = source
        grid.delegate = source
        window.addSubview(grid)
        window.makeKeyAndVisible()
        host.step(); host.step()
        let cell = try! #require(grid.cellForItem(at: IndexPath(item: 4, section: 0)))
        #expect(cell is SwatchCell && cell.contentView.backgroundColor == .systemTeal)
        // Three 100-point items a line in 340 points: item 4 is the second of the second line.
        #expect(cell.frame.size == CGSize(width: 100, height: 80))
        #expect(cell.frame.minY == 100 && cell.frame.minX > 100 && cell.frame.minX < 200)
        let height: CGFloat = 10 + 4 * 80 + 3 * 10 + 10
        #expect(grid.contentSize.height == height)
        let p = grid.view.convert(Point(x: cell.frame.midX.double, y: cell.frame.midY.double), to: nil)
        host.runLoop.send(.pointerDown(p)); host.runLoop.send(.pointerUp(p)); host.step()
        #expect(source.selected == [4])
        #expect(grid.indexPath(for: cell) == IndexPath(item: 4, section: 0))
    }
}
