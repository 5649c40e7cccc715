import Testing
import Foundation
@testable import UIKit
import Timeline
import TimelineTestSupport
import Geometry
import RenderModel
import UpdateLoop

/// A screen that records its life cycle and the actions sent to it.
final class LoggingController: UIViewController {
    var log: [String] = []
    override func viewDidLoad() { super.viewDidLoad(); log.append("load") }
    override func viewWillAppear(_ animated: Bool) { log.append("willAppear") }
    override func viewDidAppear(_ animated: Bool) { log.append("didAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.append("willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.append("didDisappear") }
    func done(_ sender: Any?) { log.append("done:\((sender as? UIBarButtonItem)?.title ?? "?")") }
}

@MainActor
func runFor(_ host: HeadlessHost, seconds: Double) { host.step(frames: Int(seconds * 60)) }

@MainActor
@Suite("UK1 UIKit's containers, alerts, inputs and scrolling over the engine's")
struct UIKitContainerTests {
    @Test("UK1 UINavigationController pushes and pops facade screens by the engine's stack; a bar item's action reaches its target")
    func UK1_navigation() {
        let (host, window) = makeApp()
        let root = LoggingController(), detail = LoggingController()
        let nav = UINavigationController(rootViewController: root)
        window.rootViewController = nav
        window.makeKeyAndVisible()
        host.step()
        #expect(nav.viewControllers.count == 1 && nav.topViewController === root)
        #expect(root.log.prefix(3) == ["load", "willAppear", "didAppear"])
        root.title = "Contacts"
        let item = UIBarButtonItem(barButtonSystemItem: .done, target: root, action: Selector("done:", method: LoggingController.done))
        root.navigationItem.rightBarButtonItem = item
        host.step()
        #expect(nav.navigation.navigationBar.titleLabel.text == "Contacts")
        let button = try! #require(item.engine.button)
        button.sendActions(for: .primaryActionTriggered)
        #expect(root.log.last == "done:Done")
        nav.pushViewController(detail, animated: true)
        runFor(host, seconds: 1)
        #expect(nav.viewControllers.map { $0 === root || $0 === detail } == [true, true])
        #expect(nav.topViewController === detail && detail.navigationController === nav)
        #expect(detail.log.suffix(2) == ["willAppear", "didAppear"], "\(detail.log)")
        #expect(root.log.suffix(2) == ["willDisappear", "didDisappear"], "\(root.log)")
        #expect(nav.popViewController(animated: true) === detail)
        runFor(host, seconds: 1)
        #expect(nav.topViewController === root && detail.log.last == "didDisappear")
        // Editing: the edit item toggles the screen's editing and its own title.
        let edit = root.editButtonItem
        root.navigationItem.leftBarButtonItem = edit
        host.step()
        edit.engine.button?.sendActions(for: .primaryActionTriggered)
        #expect(root.isEditing && edit.title == "Done")
    }

    @Test("UK1 UIAlertController presents by the engine; an action dismisses it, then its handler gets the facade action; Return chooses the preferred one")
    func UK1_alerts() {
        let (host, window) = makeApp()
        let screen = LoggingController()
        window.rootViewController = screen
        window.makeKeyAndVisible()
        host.step()
        var chosen: [String] = []
        let alert = UIAlertController(title: "Rename", message: "Enter a name", preferredStyle: .alert)
        alert.addTextField { $0.placeholder = "Name"; $0.text = "Draft" }
        let cancel = UIAlertAction(title: "Cancel", style: .cancel) { chosen.append($0.title ?? "") }
        let save = UIAlertAction(title: "Save", style: .default) { [weak alert] a in
            chosen.append("\(a.title ?? ""):\(alert?.textFields?.first?.text ?? "")")
        }
        alert.addAction(cancel); alert.addAction(save)
        alert.preferredAction = save
        #expect(alert.preferredAction === save && alert.alert.preferredAction === save.engine)
        screen.present(alert, animated: true)
        runFor(host, seconds: 1)
        #expect(screen.presentedViewController === alert && alert.presentingViewController === screen)
        #expect(alert.textFields?.first?.placeholder == "Name")
        alert.textFields?.first?.text = "Final"
        host.runLoop.send(.keyDown(Key("return")))
        runFor(host, seconds: 1)
        #expect(chosen == ["Save:Final"] && screen.presentedViewController == nil)
        // An action sheet: the cancel button (shown last) runs its handler after the dismissal.
        let sheet = UIAlertController(title: nil, message: "Choose", preferredStyle: .actionSheet)
        sheet.addAction(UIAlertAction(title: "Duplicate", style: .default) { chosen.append($0.title ?? "") })
        sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel) { chosen.append($0.title ?? "") })
        #expect(sheet.popoverPresentationController == nil)
        screen.present(sheet, animated: true)
        runFor(host, seconds: 1)
        sheet.alert.actionButtons.last?.sendActions(for: .primaryActionTriggered)
        #expect(chosen.count == 1)                                        // not before the dismissal
        runFor(host, seconds: 1)
        #expect(chosen == ["Save:Final", "Cancel"])
    }

    final class FieldDelegate: UITextFieldDelegate {
        var log: [String] = []
        var refuse = "x"
        func textFieldDidBeginEditing(_ textField: UITextField) { log.append("begin") }
        func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
            log.append("change \(range.location),\(range.length) '\(string)'")
            return string != refuse
        }
        func textFieldShouldReturn(_ textField: UITextField) -> Bool { log.append("return"); textField.resignFirstResponder(); return true }
        func textFieldDidEndEditing(_ textField: UITextField) { log.append("end") }
    }

    @Test("UK1 UITextField edits by the engine's field; the delegate sees UIKit's calls with NSRanges and may refuse; endEditing resigns")
    func UK1_textField() {
        let (host, window) = makeApp()
        let field = UITextField(frame: CGRect(x: 20, y: 20, width: 200, height: 36))
        field.borderStyle = .roundedRect
        field.placeholder = "Email"
        let delegate = FieldDelegate()
        field.delegate = delegate
        window.addSubview(field)
        window.makeKeyAndVisible()
        host.step()
        #expect(field.becomeFirstResponder() && field.isFirstResponder && field.isEditing)
        host.runLoop.send(.textInput("ab"))
        host.runLoop.send(.textInput("x"))
        host.step()
        #expect(field.text == "ab")
        #expect(delegate.log == ["begin", "change 0,0 'ab'", "change 2,0 'x'"])
        host.runLoop.send(.keyDown(Key("return")))
        host.step()
        #expect(delegate.log.suffix(2) == ["return", "end"] && !field.isFirstResponder)
        _ = field.becomeFirstResponder()
        #expect(window.endEditing(true) && !field.isFirstResponder)
    }

    final class ScrollLog: UIScrollViewDelegate {
        var offsets: [CGFloat] = []
        func scrollViewDidScroll(_ scrollView: UIScrollView) { offsets.append(scrollView.contentOffset.y) }
    }

    @Test("UK1 UIScrollView: the content layout guide's constraints give the content size; the frame guide stays in view; the delegate sees the facade")
    func UK1_scrollView() {
        let (host, window) = makeApp(width: 300, height: 400)
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        let content = UIView(), badge = UIView()
        for v in [content, badge] { v.translatesAutoresizingMaskIntoConstraints = false; scroll.addSubview(v) }
        window.addSubview(scroll)
        window.makeKeyAndVisible()
        NSLayoutConstraint.activate([
            content.topAnchor.constraint(equalTo: scroll.contentLayoutGuide.topAnchor),
            content.leadingAnchor.constraint(equalTo: scroll.contentLayoutGuide.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: scroll.contentLayoutGuide.trailingAnchor),
            content.bottomAnchor.constraint(equalTo: scroll.contentLayoutGuide.bottomAnchor),
            content.widthAnchor.constraint(equalTo: scroll.frameLayoutGuide.widthAnchor),
            content.heightAnchor.constraint(equalToConstant: 1_000),
            badge.topAnchor.constraint(equalTo: scroll.frameLayoutGuide.topAnchor, constant: 10),
            badge.leadingAnchor.constraint(equalTo: scroll.frameLayoutGuide.leadingAnchor, constant: 10),
            badge.widthAnchor.constraint(equalToConstant: 40), badge.heightAnchor.constraint(equalToConstant: 20),
        ])
        let log = ScrollLog()
        scroll.delegate = log
        host.step(); host.step()
        #expect(scroll.contentSize == CGSize(width: 300, height: 1_000))
        scroll.setContentOffset(CGPoint(x: 0, y: 250), animated: false)
        host.step(); host.step()
        #expect(log.offsets.last == 250)
        #expect(badge.frame.origin == CGPoint(x: 10, y: 260))                 // 10 below the visible top
        #expect(badge.convert(CGPoint.zero, to: window) == CGPoint(x: 10, y: 10))
        #expect(content.convert(CGPoint.zero, to: window) == CGPoint(x: 0, y: -250))
    }

    final class Target: NSObject {
        var indexes: [Int] = []
        func changed(_ sender: UISegmentedControl) { indexes.append(sender.selectedSegmentIndex) }
    }

    @Test("UK1 UISegmentedControl, UISwitch and UISlider stand for the engine's controls with UIKit's types")
    func UK1_inputControls() {
        let (host, window) = makeApp()
        let segments = UISegmentedControl(items: ["Posts", "Photos", "About"])
        segments.frame = CGRect(x: 10, y: 10, width: 300, height: 32)
        segments.selectedSegmentIndex = 0
        segments.selectedSegmentTintColor = .systemBlue
        segments.setTitleTextAttributes([.foregroundColor: UIColor.white], for: .selected)
        let target = Target()
        segments.addTarget(target, action: Selector("changed:", method: Target.changed), for: .valueChanged)
        window.addSubview(segments)
        window.makeKeyAndVisible()
        host.step()
        #expect(segments.numberOfSegments == 3 && segments.titleForSegment(at: 1) == "Photos")
        #expect(segments.segmented.selectedSegmentTintColor == UIColor.systemBlue.color)
        // A click on the third segment selects it and sends valueChanged to the target.
        let p = segments.view.convert(Point(x: 250, y: 16), to: nil)
        host.runLoop.send(.pointerDown(p)); host.runLoop.send(.pointerUp(p)); host.step()
        #expect(target.indexes == [2] && segments.selectedSegmentIndex == 2)
        let toggle = UISwitch(), slider = UISlider()
        toggle.setOn(true, animated: false)
        slider.minimumValue = 0; slider.maximumValue = 10; slider.value = 12
        #expect(toggle.isOn && toggle.engineSwitch.isOn && slider.value == 10)
    }

    @Test("UK1 UIGraphicsImageRenderer rasterises what its closure draws; CALayer.render(in:) draws a layer tree in its own coordinates")
    func UK1_imageRenderer() {
        let (host, window) = makeApp()
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 10))
        let image = renderer.image { ctx in
            UIColor.red.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        #expect(image.size == CGSize(width: 20, height: 10))
        let left = image.image.bitmap.pixel(x: 2, y: 5), right = image.image.bitmap.pixel(x: 15, y: 5)
        #expect(left.red == 255 && left.green == 0 && left.alpha == 255)
        #expect(right.alpha == 0)
        // A view far from the origin renders at the image's origin, its sublayer included.
        let card = UIView(frame: CGRect(x: 200, y: 100, width: 20, height: 20))
        card.backgroundColor = .blue
        let dot = CALayer()
        dot.frame = CGRect(x: 10, y: 10, width: 10, height: 10)
        dot.backgroundColor = UIColor.green.cgColor
        card.layer.addSublayer(dot)
        window.addSubview(card)
        host.step()
        let snapshot = UIGraphicsImageRenderer(bounds: card.bounds).image { card.layer.render(in: $0.cgContext) }
        let blue = snapshot.image.bitmap.pixel(x: 3, y: 3), green = snapshot.image.bitmap.pixel(x: 15, y: 15)
        #expect(blue.blue == 255 && blue.red == 0 && green.green > 200 && green.blue == 0)
        // A size that cannot be an image gives an empty one.
        #expect(UIGraphicsImageRenderer(size: .zero).image { _ in }.size == .zero)
    }
}

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

final class Refresher: NSObject {
    var refreshed = 0
    var notes: [String] = []
    func refresh(_ sender: UIRefreshControl) { refreshed += 1 }
    func noted(_ note: Notification) { notes.append(note.name.rawValue) }
}

@MainActor
@Suite("UK1 UIKit's Foundation selector forms, pull to refresh and emitter layers")
struct UIKitMiscTests {
    @Test("UK1 NotificationCenter's selector form calls the observer with the notification; a deallocated observer is not called")
    func UK1_notificationSelectors() {
        var target: Refresher? = Refresher()
        let name = Notification.Name("UK1.test")
        NotificationCenter.default.addObserver(target!, selector: Selector("noted:", method: Refresher.noted), name: name, object: nil)
        NotificationCenter.default.post(name: name, object: nil)
        #expect(target?.notes == ["UK1.test"])
        weak var gone = target
        target = nil
        #expect(gone == nil)
        NotificationCenter.default.post(name: name, object: nil)          // nothing to call, nothing traps
    }

    @Test("UK1 UIRefreshControl: a pull past the trigger sends valueChanged and holds the content open until endRefreshing")
    func UK1_refreshControl() {
        let (host, window) = makeApp(width: 300, height: 400)
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        scroll.contentSize = CGSize(width: 300, height: 1_000)
        scroll.alwaysBounceVertical = true
        let control = UIRefreshControl()
        let target = Refresher()
        control.addTarget(target, action: Selector("refresh:", method: Refresher.refresh), for: .valueChanged)
        scroll.refreshControl = control
        window.addSubview(scroll)
        window.makeKeyAndVisible()
        host.step()
        #expect(scroll.refreshControl === control)
        var t = Double(host.runLoop.currentMediaTimeNanoseconds) / 1e9
        let p = Point(x: 150, y: 100)
        host.runLoop.send(InputEvent(.pointerDown(p, button: 1), timestamp: t))
        for k in 1...30 {
            t += 0.016
            host.runLoop.send(InputEvent(.pointerMoved(Point(x: 150, y: 100 + Double(k) * 10), buttons: 1), timestamp: t))
            host.step()
        }
        host.runLoop.send(InputEvent(.pointerUp(Point(x: 150, y: 400), button: 1), timestamp: t + 0.3))
        runFor(host, seconds: 1)
        #expect(target.refreshed == 1 && control.isRefreshing)
        #expect(scroll.contentOffset.y < 0)                                   // held open under the spinner
        control.endRefreshing()
        runFor(host, seconds: 1)
        #expect(!control.isRefreshing && scroll.contentOffset.y == 0)
    }

    @Test("UK1 CAEmitterLayer emits its cells' particles by the engine's seeded emitter; an image cell's particles take the image's size")
    func UK1_emitterLayer() {
        let (host, window) = makeApp()
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        window.addSubview(v)
        let emitter = CAEmitterLayer()
        emitter.emitterPosition = CGPoint(x: 200, y: 0)
        emitter.emitterShape = .line
        emitter.emitterSize = CGSize(width: 400, height: 1)
        let cell = CAEmitterCell()
        cell.birthRate = 20
        cell.lifetime = 4
        cell.velocity = 100
        cell.emissionLongitude = .pi / 2
        cell.color = UIColor.red.cgColor
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 6, height: 4))
        cell.contents = renderer.image { _ in }.cgImage
        emitter.emitterCells = [cell]
        v.layer.addSublayer(emitter)
        #expect(v.layer.sublayers?.last === emitter)
        #expect(emitter.emitter.emitterShape == .line && emitter.emitter.emitterCells?.first === cell.cell)
        host.step()
        runFor(host, seconds: 1)
        let particles = emitter.emitter.particles(at: 1)
        #expect(particles.count == 21)                                        // born at 0, 0.05, ... 1 s
        #expect(particles.allSatisfy { $0.shape == .square && $0.size == Size(width: 6, height: 4) && $0.color == UIColor.red.color })
        #expect(particles.allSatisfy { $0.position.y >= 0 } && particles.contains { $0.position.y > 50 })   // down, the longitude
    }
}

final class GridController: UICollectionViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(SwatchCell.self, forCellWithReuseIdentifier: "swatch")
    }
    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 7 }
    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "swatch", for: indexPath)
    }
}

final class SizeLog: UIViewController {
    var sizes: [CGSize] = []
    var alongside = 0
    override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        sizes.append(size)
        coordinator.animate(alongsideTransition: { _ in self.alongside += 1 }, completion: nil)
    }
}

@MainActor
@Suite("UK1 UIKit's smaller pieces: collection controller, content configuration, guides, pasteboard, resizing, thumbnails")
struct UIKitPiecesTests {
    @Test("UK1 UICollectionViewController is its view's data source; numberOfItems asks it")
    func UK1_collectionController() {
        let (host, window) = makeApp()
        let grid = GridController(collectionViewLayout: UICollectionViewFlowLayout())
        window.rootViewController = grid
        window.makeKeyAndVisible()
        host.step(); host.step()
        #expect(grid.collectionView.numberOfSections == 1 && grid.collectionView.numberOfItems(inSection: 0) == 7)
        #expect(grid.collectionView.visibleCells.count == 7 && grid.collectionView.visibleCells.allSatisfy { $0 is SwatchCell })
    }

    @Test("UK1 a cell's list content configuration sets its labels' text, font and colour")
    func UK1_contentConfiguration() {
        let cell = UITableViewCell(style: .subtitle, reuseIdentifier: "row")
        var content = cell.defaultContentConfiguration()
        content.text = "Wi-Fi"
        content.secondaryText = "Home"
        content.textProperties.color = .systemBlue
        content.textProperties.font = .boldSystemFont(ofSize: 20)
        cell.contentConfiguration = content
        #expect(cell.textLabel?.text == "Wi-Fi" && cell.detailTextLabel?.text == "Home")
        #expect(cell.textLabel?.textColor == .systemBlue && cell.textLabel?.font.pointSize == 20)
    }

    @Test("UK1 the keyboard layout guide lies from the safe area's bottom to the view's (no on-screen keyboard)")
    func UK1_keyboardLayoutGuide() {
        let (host, window) = makeApp(width: 300, height: 400)
        host.window.safeAreaInsets = EdgeInsets(top: 20, left: 0, bottom: 34, right: 0)
        let field = UIView()
        field.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(field)
        window.makeKeyAndVisible()
        NSLayoutConstraint.activate([
            field.bottomAnchor.constraint(equalTo: window.keyboardLayoutGuide.topAnchor, constant: -8),
            field.leadingAnchor.constraint(equalTo: window.leadingAnchor), field.widthAnchor.constraint(equalToConstant: 100),
            field.heightAnchor.constraint(equalToConstant: 40),
        ])
        host.step(); host.step()
        #expect(window.keyboardLayoutGuide.layoutFrame == CGRect(x: 0, y: 366, width: 300, height: 34))
        #expect(field.frame.maxY == 358)
    }

    @Test("UK1 UIPasteboard.general is the key window's pasteboard")
    func UK1_pasteboard() {
        let (host, window) = makeApp()
        window.makeKeyAndVisible()
        UIPasteboard.general.string = "copied"
        #expect(host.window.pasteboard.string == "copied" && UIPasteboard.general.hasStrings)
        host.window.pasteboard.string = "from the engine"
        #expect(UIPasteboard.general.string == "from the engine")
    }

    @Test("UK1 a window resize calls viewWillTransition(to:with:) with the new size; alongside work runs")
    func UK1_viewWillTransition() {
        let (host, window) = makeApp(width: 400, height: 300)
        let screen = SizeLog()
        window.rootViewController = screen
        window.makeKeyAndVisible()
        host.step()
        host.runLoop.send(InputEvent(.resize(Size(width: 500, height: 320))))
        host.step()
        #expect(screen.sizes == [CGSize(width: 500, height: 320)] && screen.alongside == 1)
        #expect(screen.view.bounds.size == CGSize(width: 500, height: 320))
    }

    @Test("UK1 UIImage.preparingThumbnail(of:) draws the image scaled into the size, aspect kept")
    func UK1_thumbnail() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 20)).image { ctx in
            UIColor.red.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 20))
        }
        let thumb = try! #require(image.preparingThumbnail(of: CGSize(width: 10, height: 10)))
        #expect(thumb.size == CGSize(width: 10, height: 5))
        let p = thumb.image.bitmap.pixel(x: 5, y: 2)
        #expect(p.red == 255 && p.alpha == 255)
        #expect(image.preparingThumbnail(of: .zero) == nil)
    }
}

final class NumberPage: UIViewController {
    let number: Int
    init(_ number: Int) { self.number = number; super.init(nibName: nil, bundle: nil) }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

final class PageSource: UIPageViewControllerDataSource, UIPageViewControllerDelegate {
    var log: [String] = []
    func pageViewController(_ p: UIPageViewController, viewControllerBefore v: UIViewController) -> UIViewController? {
        let n = (v as! NumberPage).number
        return n > 0 ? NumberPage(n - 1) : nil
    }
    func pageViewController(_ p: UIPageViewController, viewControllerAfter v: UIViewController) -> UIViewController? {
        let n = (v as! NumberPage).number
        return n < 4 ? NumberPage(n + 1) : nil
    }
    func pageViewController(_ p: UIPageViewController, willTransitionTo pending: [UIViewController]) {
        log.append("will \((pending.first as! NumberPage).number)")
    }
    func pageViewController(_ p: UIPageViewController, didFinishAnimating finished: Bool, previousViewControllers: [UIViewController],
                            transitionCompleted completed: Bool) {
        log.append("did \((previousViewControllers.first as! NumberPage).number) \(completed)")
    }
}

@MainActor
@Suite("UK1 UIPageViewController over a paging scroll view")
struct UIKitPageTests {
    @Test("UK1 a swipe pages to the data source's next page and tells the delegate; setViewControllers slides to a page")
    func UK1_pages() {
        let (host, window) = makeApp(width: 300, height: 400)
        let pages = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
        let source = PageSource()
        pages.dataSource = source
        pages.delegate = source
        window.rootViewController = pages
        window.makeKeyAndVisible()
        pages.setViewControllers([NumberPage(0)], direction: .forward, animated: false)
        host.step(); host.step()
        #expect((pages.viewControllers?.first as? NumberPage)?.number == 0)
        #expect(pages.children.count == 2)                                     // page 0 and its next
        #expect(pages.scrollView.contentSize == CGSize(width: 600, height: 400))
        // A swipe toward the leading edge.
        var t = Double(host.runLoop.currentMediaTimeNanoseconds) / 1e9
        host.runLoop.send(InputEvent(.pointerDown(Point(x: 250, y: 200), button: 1), timestamp: t))
        for k in 1...10 {
            t += 0.016
            host.runLoop.send(InputEvent(.pointerMoved(Point(x: 250 - Double(k) * 20, y: 200), buttons: 1), timestamp: t))
            host.step()
        }
        host.runLoop.send(InputEvent(.pointerUp(Point(x: 50, y: 200), button: 1), timestamp: t + 0.01))
        runFor(host, seconds: 2)
        #expect((pages.viewControllers?.first as? NumberPage)?.number == 1)
        #expect(source.log == ["will 1", "did 0 true"])
        #expect(pages.children.count == 3 && pages.scrollView.contentOffset.x == 300)
        // Programmatic, animated, backwards to page 0's neighbour... page 3 forward.
        var done = false
        pages.setViewControllers([NumberPage(3)], direction: .forward, animated: true) { done = $0 }
        runFor(host, seconds: 1)
        #expect((pages.viewControllers?.first as? NumberPage)?.number == 3 && done)
        #expect(source.log.count == 2)                                         // not a user transition
        #expect(pages.children.compactMap { ($0 as? NumberPage)?.number }.sorted() == [2, 3, 4])
    }
}

final class CardAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let presenting: Bool
    var ended: [Bool] = []
    init(presenting: Bool) { self.presenting = presenting }
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.4 }
    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        let key: UITransitionContextViewControllerKey = presenting ? .to : .from
        guard let vc = transitionContext.viewController(forKey: key) else { return transitionContext.completeTransition(false) }
        let container = transitionContext.containerView
        let final = transitionContext.finalFrame(for: vc)
        if presenting {
            container.addSubview(vc.view)
            vc.view.frame = final.offsetBy(dx: 0, dy: container.bounds.height)
        }
        UIView.animate(withDuration: 0.4, animations: {
            vc.view.frame = self.presenting ? final : final.offsetBy(dx: 0, dy: container.bounds.height)
        }, completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
    }
    func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }
}

final class CardPresentation: UIPresentationController {
    let dimming = UIView()
    var log: [String] = []
    override var frameOfPresentedViewInContainerView: CGRect {
        guard let c = containerView else { return .zero }
        return CGRect(x: 0, y: c.bounds.height / 2, width: c.bounds.width, height: c.bounds.height / 2)
    }
    override func presentationTransitionWillBegin() {
        log.append("willBegin")
        dimming.backgroundColor = .black
        dimming.alpha = 0
        dimming.frame = containerView!.bounds
        containerView!.addSubview(dimming)
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.dimming.alpha = 0.5 }, completion: nil)
    }
    override func presentationTransitionDidEnd(_ completed: Bool) { log.append("didEnd \(completed)") }
    override func dismissalTransitionWillBegin() {
        log.append("dismissWillBegin")
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.dimming.alpha = 0 }, completion: nil)
    }
    override func dismissalTransitionDidEnd(_ completed: Bool) { log.append("dismissDidEnd \(completed)") }
}

final class CardTransitions: NSObject, UIViewControllerTransitioningDelegate {
    var presentation: CardPresentation?
    let present = CardAnimator(presenting: true), dismiss = CardAnimator(presenting: false)
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController) -> UIPresentationController? {
        let p = CardPresentation(presentedViewController: presented, presenting: presenting)
        presentation = p
        return p
    }
    func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { present }
    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { dismiss }
}

final class GreenScreen: UIViewController {
    override func loadView() { view = UIView(); view.backgroundColor = .systemGreen }
}

@MainActor
@Suite("UK1 custom presentation transitions")
struct UIKitTransitionTests {
    @Test("UK1 a transitioning delegate's animator and presentation controller present and dismiss; the coordinator runs the dimming alongside")
    func UK1_customTransition() {
        let (host, window) = makeApp(width: 300, height: 400)
        let screen = LoggingController()
        window.rootViewController = screen
        window.makeKeyAndVisible()
        host.step()
        let card = LoggingController()
        let transitions = CardTransitions()
        card.modalPresentationStyle = .custom
        card.transitioningDelegate = transitions
        var presented = false
        screen.present(card, animated: true) { presented = true }
        let p = try! #require(transitions.presentation)
        #expect(p.log == ["willBegin"] && p.containerView?.window === window)
        #expect(screen.presentedViewController === card && card.presentationController === p)
        runFor(host, seconds: 0.2)
        #expect(p.dimming.view.presentation.alpha > 0 && p.dimming.view.presentation.alpha < 0.5)   // alongside, in flight
        runFor(host, seconds: 0.5)
        #expect(presented && p.log == ["willBegin", "didEnd true"] && transitions.present.ended == [true])
        #expect(card.view.frame == CGRect(x: 0, y: 200, width: 300, height: 200) && p.dimming.alpha == 0.5)
        #expect(card.log.suffix(3) == ["load", "willAppear", "didAppear"])
        var dismissed = false
        card.dismiss(animated: true) { dismissed = true }
        #expect(p.log.last == "dismissWillBegin")
        runFor(host, seconds: 0.7)
        #expect(dismissed && p.log.last == "dismissDidEnd true" && transitions.dismiss.ended == [true])
        #expect(screen.presentedViewController == nil && card.viewIfLoaded?.superview == nil && p.containerView?.superview == nil)
        #expect(card.log.suffix(2) == ["willDisappear", "didDisappear"])
    }

    final class PresentationOnly: NSObject, UIViewControllerTransitioningDelegate {
        func presentationController(forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController) -> UIPresentationController? {
            CardPresentation(presentedViewController: presented, presenting: presenting)
        }
    }

    @Test("UK1 a presentation controller without an animator: the view slides up into its frame and down when dismissed")
    func UK1_presentationWithoutAnimator() {
        let (host, window) = makeApp(width: 300, height: 400)
        let screen = LoggingController()
        window.rootViewController = screen
        window.makeKeyAndVisible()
        host.step()
        let card = LoggingController(), transitions = PresentationOnly()
        card.modalPresentationStyle = .custom
        card.transitioningDelegate = transitions
        screen.present(card, animated: true)
        runFor(host, seconds: 0.1)
        #expect(card.view.view.presentation.center.y > 300)                  // on its way up
        runFor(host, seconds: 0.6)
        #expect(card.view.frame == CGRect(x: 0, y: 200, width: 300, height: 200) && card.log.last == "didAppear")
        card.dismiss(animated: false)
        #expect(screen.presentedViewController == nil && card.viewIfLoaded?.superview == nil)
    }

    @Test("UK1 with a root view controller, views know their window, and a view added to the window shows over the controller's")
    func UK1_windowWithRootController() {
        let (host, window) = makeApp(width: 300, height: 400)
        let screen = LoggingController()
        window.rootViewController = screen
        window.makeKeyAndVisible()
        host.step()
        #expect(screen.view.window === window)
        let toast = UIView(frame: CGRect(x: 20, y: 300, width: 260, height: 40))
        window.addSubview(toast)
        #expect(toast.window === window && toast.superview === screen.view && screen.view.subviews.last === toast)
    }

    @Test("UK1 a controller presented without another reference lives while presented (its own view shows)")
    func UK1_presentedControllerIsKept() {
        let (host, window) = makeApp(width: 300, height: 400)
        let screen = LoggingController()
        window.rootViewController = screen
        window.makeKeyAndVisible()
        host.step()
        screen.present(GreenScreen(), animated: false)
        host.step()
        let shown = try! #require(screen.presentedViewController)
        #expect(shown is GreenScreen && shown.view.backgroundColor == .systemGreen)
        screen.dismiss(animated: false)
        host.step()
        #expect(screen.presentedViewController == nil)
    }
}
