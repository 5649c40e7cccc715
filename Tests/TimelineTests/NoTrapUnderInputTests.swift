import Foundation
import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
import Motion

/// MR0: nothing traps under real input. Non-finite geometry reaching the window is refused or
/// clamped; presses on views that leave the window are cancelled as UIKit cancels them, and
/// nothing more of them reaches the views' recognizers.
@Suite("MR0 no trap under real input", .endsIdle)
@MainActor
struct NoTrapUnderInputTests {
    // MARK: Non-finite geometry

    @Test("MR0: a focused field moved out of the window, or given a NaN or infinite frame, asks for no caret rectangle")
    func MR0_textInputRectOfFieldLeavingTheWindow() {
        let host = makeHost()
        let field = TextField(text: "hello")
        field.translatesAutoresizingMaskIntoConstraints = true
        field.frame = Rect(x: 20, y: 20, width: 200, height: 30)
        host.root.addSubview(field)
        host.runUntilIdle()
        #expect(field.becomeFirstResponder())
        host.step()
        #expect(host.window.wantsTextInput)
        let shown = host.window.textInputRect
        #expect(shown != nil && shown!.isFinite && !shown!.isNull)

        // Out of the window: the field's caret meets nothing (a null rectangle, which the SDL
        // backend converted to Int32 and trapped on); the window asks for none.
        field.frame = Rect(x: 5_000, y: 5_000, width: 200, height: 30)
        host.step()
        #expect(field.textInputRect?.isNull == true)
        #expect(host.window.textInputRect == nil)
        for bad in [Rect(x: .infinity, y: 20, width: 200, height: 30), Rect(x: 20, y: .nan, width: 200, height: 30),
                    Rect(x: 20, y: 20, width: .infinity, height: .nan)] {
            field.frame = bad
            host.step()
            #expect(host.window.textInputRect == nil, "caret rectangle for a field at \(bad)")
        }
        // Back in the window, the caret shows again.
        field.frame = Rect(x: 20, y: 20, width: 200, height: 30)
        host.step()
        #expect(host.window.textInputRect?.isFinite == true)
        _ = field.resignFirstResponder()
        host.runUntilIdle()
    }

    @Test("MR0: a window resized to zero, to a huge size or to NaN lays out without a trap; a non-finite size is refused with a diagnostic")
    func MR0_windowResizedToZeroOrHuge() {
        let host = makeHost()
        let label = Label(text: "a label", fontSize: 15)
        let box = View()
        box.translatesAutoresizingMaskIntoConstraints = false
        host.root.addSubview(label)
        host.root.addSubview(box)
        LayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: host.root.leadingAnchor, constant: 10),
            box.trailingAnchor.constraint(equalTo: host.root.trailingAnchor, constant: -10),
            box.topAnchor.constraint(equalTo: host.root.topAnchor, constant: 10),
            box.bottomAnchor.constraint(equalTo: host.root.bottomAnchor, constant: -10),
        ])
        host.runUntilIdle()
        host.window.resize(to: .zero)
        host.runUntilIdle()
        #expect(host.window.size == .zero)
        host.window.resize(to: Size(width: 1e9, height: 1e12))
        host.runUntilIdle()
        #expect(host.window.size == Size(width: 1e9, height: 1e12))
        #expect(box.frame.width == 1e9 - 20)
        host.window.resize(to: Size(width: -40, height: 300))
        host.runUntilIdle()
        #expect(host.window.size == Size(width: 0, height: 300))
        let before = host.window.diagnostics.entries(of: .misuse).count
        for bad in [Size(width: .nan, height: 300), Size(width: 400, height: .infinity)] {
            host.window.resize(to: bad)
            host.runUntilIdle()
            #expect(host.window.size == Size(width: 0, height: 300))
        }
        #expect(host.window.diagnostics.entries(of: .misuse).count == before + 2)
        #expect(host.window.diagnostics.entries(of: .misuse).last?.message.contains("must be finite") == true)
    }

    @Test("MR0: a scroll view given NaN or infinite offsets, sizes, wheel deltas and drags stays finite")
    func MR0_scrollViewNonFiniteOffsets() {
        let host = makeHost()
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        scroll.contentSize = Size(width: 300, height: 2_000)
        host.root.addSubview(scroll)
        host.runUntilIdle()
        scroll.contentOffset = Point(x: .nan, y: .infinity)
        #expect(scroll.contentOffset.isFinite)
        scroll.setContentOffset(Point(x: 0, y: -.infinity), animated: true)
        host.runUntilIdle()
        #expect(scroll.contentOffset.isFinite)
        scroll.contentSize = Size(width: .infinity, height: .nan)
        host.runUntilIdle()
        #expect(scroll.contentSize.isFinite)
        scroll.contentSize = Size(width: 300, height: 2_000)
        scroll.isPagingEnabled = true
        host.runLoop.send(.scroll(dx: .nan, dy: .infinity, at: Point(x: 100, y: 100)))
        host.runLoop.send(.scroll(dx: 0, dy: -.infinity, at: Point(x: 100, y: 100)))
        // A paged fling: its page index comes from the offset over the page size.
        host.runLoop.send(.pointerDown(Point(x: 100, y: 150), button: 1))
        for k in 1...6 {
            host.step()
            host.runLoop.send(.pointerMoved(Point(x: 100, y: 150 - Double(k) * 20), buttons: 1))
        }
        host.runLoop.send(.pointerUp(Point(x: 100, y: 30), button: 1))
        host.runUntilIdle()
        #expect(scroll.contentOffset.isFinite)
        #expect(scroll.contentOffset.y.truncatingRemainder(dividingBy: 200) == 0)     // on a page
        // The paging maths itself, given what a broken velocity or offset makes of it.
        for (offset, velocity) in [(Double.nan, 1.0), (100, .nan), (.infinity, 0), (-.infinity, -.infinity)] {
            let page = ScrollPhysics.targetPage(current: 2, offset: offset, velocity: velocity * 1000, pageSize: 200, pageCount: 10)
            #expect((0..<10).contains(page))
        }
    }

    /// Rows whose heights come from a delegate returning `height`.
    final class Rows: TableViewDataSource, TableViewDelegate {
        var height: Double
        init(height: Double) { self.height = height }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 50 }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = "Row \(indexPath.row)"
            return cell
        }
        func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
            indexPath.row % 3 == 0 ? height : 44
        }
    }

    @Test("MR0: a table with NaN or infinite row heights and offsets lays out finite rows and finds rows by point without a trap")
    func MR0_tableNonFiniteRowHeights() {
        let host = makeHost()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        host.root.addSubview(table)
        for bad in [Double.nan, .infinity, -.infinity] {
            let rows = Rows(height: bad)
            table.dataSource = rows
            table.delegate = rows
            table.reloadData()
            host.runUntilIdle()
            #expect(table.contentSize.isFinite, "content size with row heights of \(bad)")
            #expect(!table.visibleCells.isEmpty)
            table.contentOffset = Point(x: 0, y: bad)
            host.runUntilIdle()
            #expect(table.contentOffset.isFinite)
            #expect(table.indexPathForRow(at: Point(x: 10, y: bad)) == nil)
            table.dataSource = nil
            table.delegate = nil
        }
        // The table's own row height, not finite, falls back to the default.
        table.rowHeight = .infinity
        let plain = Rows(height: 44)
        table.dataSource = plain
        table.reloadData()
        host.runUntilIdle()
        #expect(table.contentSize.isFinite)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).height == 44)
        table.dataSource = nil
        host.runUntilIdle()
    }

    final class Items: CollectionViewDataSource {
        func collectionView(_ c: CollectionView, numberOfItemsInSection s: Int) -> Int { 40 }
        func collectionView(_ c: CollectionView, cellForItemAt p: IndexPath) -> CollectionViewCell {
            c.dequeueReusableCell(withReuseIdentifier: "item", for: p)
        }
    }

    @Test("MR0: a collection view whose item sizes, spacings and insets are NaN, infinite or zero lays out finitely and finds items by point")
    func MR0_collectionNonFiniteItemSizes() {
        let host = makeHost(width: 400, height: 600)
        let layout = CollectionViewFlowLayout()
        let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 300, height: 400), collectionViewLayout: layout)
        cv.register(CollectionViewCell.self, forCellWithReuseIdentifier: "item")
        let items = Items()
        cv.dataSource = items
        host.root.addSubview(cv)
        let values: [Double] = [.nan, .infinity, -.infinity, 0, 1e300]
        for v in values {
            layout.itemSize = Size(width: v, height: 80)
            layout.minimumLineSpacing = v
            layout.minimumInteritemSpacing = v
            layout.sectionInset = EdgeInsets(all: v)
            host.runUntilIdle()
            #expect(cv.contentSize.isFinite, "content size with \(v)")
            cv.contentOffset = Point(x: 0, y: v)
            host.runUntilIdle()
            #expect(cv.contentOffset.isFinite)
            _ = cv.indexPathForItem(at: Point(x: v, y: 10))
            for cell in cv.visibleCells { #expect(cell.frame.isFinite, "a cell's frame with \(v)") }
        }
        cv.dataSource = nil
        host.runUntilIdle()
    }

    @Test("MR0: views with NaN or infinite frames, transforms, alpha and corner radii build a display list without a trap")
    func MR0_viewsWithNonFiniteGeometry() {
        let host = makeHost()
        let good = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        good.backgroundColor = .white
        host.root.addSubview(good)
        let bad: [View] = (0..<6).map { _ in View(frame: Rect(x: 100, y: 100, width: 50, height: 50)) }
        for v in bad { v.backgroundColor = Color(red: 1, green: 0, blue: 0); host.root.addSubview(v) }
        bad[0].frame = Rect(x: .nan, y: 0, width: 10, height: 10)
        bad[1].frame = Rect(x: 0, y: 0, width: .infinity, height: .infinity)
        bad[2].transform = AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        bad[3].alpha = .nan
        bad[4].cornerRadius = .infinity
        bad[5].bounds = Rect(x: -.infinity, y: .nan, width: 50, height: 50)
        let label = Label(text: "huge", fontSize: 15)
        label.font = Font(name: label.font.fontName, size: .infinity)
        host.root.addSubview(label)
        host.runUntilIdle()
        #expect(!host.window.displayList.commands.isEmpty)
        #expect(host.root.hitTest(Point(x: 20, y: 20)) === good)
    }

    // MARK: Presses on views that leave the window

    /// A container holding a 200x100 view at (50, 50) with `recognizer`, laid out.
    func setUp(_ recognizer: GestureRecognizer) -> (HeadlessHost, container: View, target: View) {
        let host = makeHost()
        let container = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let v = View(frame: Rect(x: 50, y: 50, width: 200, height: 100))
        v.identifier = "target"
        container.addSubview(v)
        host.root.addSubview(container)
        v.addGestureRecognizer(recognizer)
        host.runUntilIdle()
        return (host, container, v)
    }

    @Test("MR0: a pan held while its view is removed is cancelled once and sees nothing more of the press",
          arguments: [false, true])
    func MR0_panCancelledWhenItsViewLeaves(removeAncestor: Bool) {
        let pan = PanGestureRecognizer()
        let (host, container, target) = setUp(pan)
        var states: [GestureRecognizer.State] = []
        pan.addAction { states.append($0.state) }
        host.runLoop.send(.pointerDown(Point(x: 100, y: 80), button: 1))
        host.runLoop.send(.pointerMoved(Point(x: 130, y: 80), buttons: 1))
        host.runLoop.send(.pointerMoved(Point(x: 150, y: 80), buttons: 1))
        host.step()
        #expect(states == [.began, .changed])
        (removeAncestor ? container : target).removeFromSuperview()
        #expect(states == [.began, .changed, .cancelled])
        #expect(pan.state == .cancelled && pan.numberOfTouches == 0)
        host.runLoop.send(.pointerMoved(Point(x: 170, y: 90), buttons: 1))
        host.runLoop.send(.pointerUp(Point(x: 170, y: 90), button: 1))
        host.step()
        #expect(states == [.began, .changed, .cancelled])          // nothing after the cancel
        #expect(host.window.arbitrated.isEmpty && host.window.pointerTracks.isEmpty)
        host.runUntilIdle()
    }

    @Test("MR0: a recognizer still deciding when its view leaves fails (no action) and is let go")
    func MR0_possibleRecognizerFailsWhenItsViewLeaves() {
        let tap = TapGestureRecognizer()
        tap.numberOfTapsRequired = 2
        let (host, _, target) = setUp(tap)
        var calls = 0
        tap.addAction { _ in calls += 1 }
        // One tap of two: the recognizer waits for the second, on a timer.
        host.runLoop.send(.pointerDown(Point(x: 100, y: 80), button: 1))
        host.runLoop.send(.pointerUp(Point(x: 100, y: 80), button: 1))
        host.step()
        #expect(tap.state == .possible && host.window.arbitrated.contains { $0 === tap })
        target.removeFromSuperview()
        #expect(tap.state == .failed)
        #expect(host.window.arbitrated.isEmpty)
        host.runUntilIdle()
        #expect(calls == 0)
    }

    @Test("MR0: a button held while it leaves the window gets the cancel, never touchUpInside")
    func MR0_controlTrackingCancelledWhenItLeaves() {
        let host = makeHost()
        let container = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let button = Button(title: "Hold me")
        button.translatesAutoresizingMaskIntoConstraints = true
        button.frame = Rect(x: 40, y: 40, width: 120, height: 44)
        container.addSubview(button)
        host.root.addSubview(container)
        host.runUntilIdle()
        var events: [String] = []
        button.addAction(for: .touchUpInside) { _ in events.append("touchUpInside") }
        button.addAction(for: .touchCancel) { _ in events.append("touchCancel") }
        button.addAction(for: .primaryActionTriggered) { _ in events.append("primary") }
        host.runLoop.send(.pointerDown(Point(x: 60, y: 60), button: 1))
        host.step()
        #expect(button.isTracking && button.isHighlighted)
        container.removeFromSuperview()
        #expect(events == ["touchCancel"])
        #expect(!button.isTracking && !button.isHighlighted)
        // Put back under the pointer: the release of the old press is not a click.
        host.root.addSubview(container)
        host.runLoop.send(.pointerUp(Point(x: 60, y: 60), button: 1))
        host.runUntilIdle()
        #expect(events == ["touchCancel"])
        // A new press clicks as usual.
        host.runLoop.send(.pointerDown(Point(x: 60, y: 60), button: 1))
        host.runLoop.send(.pointerUp(Point(x: 60, y: 60), button: 1))
        host.runUntilIdle()
        #expect(events == ["touchCancel", "touchUpInside", "primary"])
    }

    /// The gallery's controls page, reduced: a scene object its pan's action reads (the gallery
    /// read it `unowned` and trapped when the pointer-up of a pan held across a page switch
    /// reached the action after the scene was freed).
    final class Scene {
        var log: [GestureRecognizer.State]
        init(log: [GestureRecognizer.State] = []) { self.log = log }
    }

    @Test("MR0: a pan held across a page switch: the old page's scene and recognizer are freed, and the release reaches neither")
    func MR0_galleryPageSwitchDuringPan() {
        let host = makeHost()
        let content = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        host.root.addSubview(content)
        var scene: Scene? = Scene()
        weak var freedScene = scene
        weak var freedPan: PanGestureRecognizer?
        var after: [GestureRecognizer.State] = []
        do {
            let card = View(frame: Rect(x: 40, y: 40, width: 200, height: 64))
            let pan = PanGestureRecognizer()
            pan.addAction { [weak scene] r in
                guard let scene else { after.append(r.state); return }
                scene.log.append(r.state)
            }
            card.addGestureRecognizer(pan)
            content.addSubview(card)
            freedPan = pan
        }
        host.runUntilIdle()
        host.runLoop.send(.pointerDown(Point(x: 60, y: 60), button: 1))
        host.runLoop.send(.pointerMoved(Point(x: 90, y: 60), buttons: 1))
        host.step()
        #expect(scene?.log == [.began])
        // A key switches pages: the page's views leave, its scene goes.
        for v in content.subviews { v.removeFromSuperview() }
        #expect(scene?.log == [.began, .cancelled])
        scene = nil
        #expect(freedScene == nil)
        #expect(freedPan == nil)                 // the window does not keep the old page's recognizer
        host.runLoop.send(.pointerMoved(Point(x: 120, y: 70), buttons: 1))
        host.runLoop.send(.pointerUp(Point(x: 120, y: 70), button: 1))
        host.runUntilIdle()
        #expect(after.isEmpty)
    }

    @Test("MR0: an ancestor's recognizer keeps following a press whose view left; the removed view's own is cancelled")
    func MR0_ancestorRecognizerKeepsThePress() {
        let outer = PanGestureRecognizer()
        let (host, container, target) = setUp(outer)
        // Move the outer pan to the container, and give the target its own.
        target.removeGestureRecognizer(outer)
        container.addGestureRecognizer(outer)
        let inner = LongPressGestureRecognizer()
        target.addGestureRecognizer(inner)
        var outerStates: [GestureRecognizer.State] = []
        var innerStates: [GestureRecognizer.State] = []
        outer.addAction { outerStates.append($0.state) }
        inner.addAction { innerStates.append($0.state) }
        host.runLoop.send(.pointerDown(Point(x: 100, y: 80), button: 1))
        host.step()
        target.removeFromSuperview()
        #expect(inner.state == .failed && innerStates.isEmpty)
        host.step(frames: 40)                          // past the long press's duration: nothing
        #expect(innerStates.isEmpty)
        host.runLoop.send(.pointerMoved(Point(x: 140, y: 80), buttons: 1))
        host.runLoop.send(.pointerUp(Point(x: 140, y: 80), button: 1))
        host.runUntilIdle()
        #expect(outerStates == [.began, .ended])
        #expect(innerStates.isEmpty)
    }
}
