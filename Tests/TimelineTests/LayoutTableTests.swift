import Testing
import TimelineTestSupport
@testable import Views
@testable import Navigation

/// AM5: the layout engine's record of a view, the children to lay out and the subviews with
/// stale frames are the layout's scratch: they live in the window's layout table at the view's
/// slot, not on the view. A view gets a slot on first use in a window and gives it back when it
/// leaves; a tree in no window keeps none and still lays out.
@Suite("AM5 the layout's scratch in the window's layout table", .endsIdle)
@MainActor
struct LayoutTableTests {
    /// A view that counts its layouts.
    final class Counting: View {
        var layouts = 0
        override func layoutSubviews() {
            super.layoutSubviews()
            layouts += 1
        }
    }

    /// A screen of `count` rows laid out by constraints, each with a counting child.
    func screen(_ count: Int) -> View {
        let screen = View()
        screen.translatesAutoresizingMaskIntoConstraints = false
        var above: View?
        for _ in 0..<count {
            let row = Counting()
            row.translatesAutoresizingMaskIntoConstraints = false
            screen.addSubview(row)
            row.addSubview(Counting(frame: Rect(x: 2, y: 2, width: 6, height: 6)))
            LayoutConstraint.activate([
                row.leadingAnchor.constraint(equalTo: screen.leadingAnchor),
                row.trailingAnchor.constraint(equalTo: screen.trailingAnchor),
                row.heightAnchor.constraint(equalToConstant: 10),
                row.topAnchor.constraint(equalTo: above?.bottomAnchor ?? screen.topAnchor),
            ])
            above = row
        }
        return screen
    }

    func pin(_ v: View, in host: HeadlessHost) {
        LayoutConstraint.activate([
            v.leadingAnchor.constraint(equalTo: host.root.leadingAnchor),
            v.topAnchor.constraint(equalTo: host.root.topAnchor),
            v.widthAnchor.constraint(equalToConstant: 200),
            v.heightAnchor.constraint(equalToConstant: 300),
        ])
    }

    func subtree(_ v: View) -> [View] { [v] + v.subviews.flatMap(subtree) }

    @Test("AM5 a constrained view's layout item is in its window's table at its slot; leaving gives every slot back")
    func itemsLiveInTheTable() {
        let host = makeHost(width: 200, height: 400)
        host.runUntilIdle()
        let engine = host.window.layoutEngine
        // The root may get a record of its own on the way (it lists the screen): not counted.
        func inUseBelowRoot() -> Int { engine.tableSize.inUse - (host.root.layoutSlot >= 0 ? 1 : 0) }
        let before = inUseBelowRoot()
        let s = screen(10)
        host.root.addSubview(s)
        pin(s, in: host)
        host.runUntilIdle()
        let rows = s.subviews
        #expect(rows.allSatisfy { $0.layoutSlot >= 0 && engine.layoutItem(of: $0) != nil })
        #expect(Set(rows.map(\.layoutSlot)).count == rows.count, "two views share a slot")
        #expect(rows.map(\.frame.minY) == (0..<10).map { Double($0) * 10 })
        let views = subtree(s)
        s.removeFromSuperview()
        host.runUntilIdle()
        #expect(views.allSatisfy { $0.layoutSlot == -1 && $0.layoutItem == nil })
        #expect(inUseBelowRoot() == before, "a view that left kept its layout record")
    }

    @Test("AM5 the same screen pushed and popped 50 times reuses the slots: the table holds flat")
    func tableHoldsFlat() {
        let host = makeHost(width: 320, height: 480)
        let nav = NavigationController(rootViewController: ViewController())
        host.window.rootViewController = nav
        host.runUntilIdle()
        func pushPop() {
            let vc = ViewController()
            vc.view.addSubview(screen(20))
            nav.pushViewController(vc, animated: false)
            host.runUntilIdle()
            _ = nav.popViewController(animated: false)
            host.runUntilIdle()
        }
        pushPop()
        let first = host.window.layoutEngine.tableSize
        for _ in 0..<50 { pushPop() }
        let last = host.window.layoutEngine.tableSize
        #expect(last.length == first.length, "the layout table grew from \(first.length) to \(last.length) records")
        #expect(last.inUse == first.inUse)
    }

    @Test("AM5 a tree in no window keeps no layout records and still lays out; joining a window, its flagged views are laid out there")
    func detachedTreesLayOut() {
        let top = Counting(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let middle = Counting(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let leaf = Counting(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        top.addSubview(middle)
        middle.addSubview(leaf)
        top.layoutIfNeeded()
        #expect([top.layouts, middle.layouts, leaf.layouts] == [1, 1, 1])
        leaf.setNeedsLayout()
        top.layoutIfNeeded()
        #expect([top.layouts, middle.layouts, leaf.layouts] == [1, 1, 2], "only the flagged leaf lays out again")
        #expect([top, middle, leaf].allSatisfy { $0.layoutSlot == -1 })

        // Flagged in no window, laid out by the window's pass through the lists made as it joins.
        leaf.setNeedsLayout()
        let host = makeHost(width: 200, height: 200)
        host.root.addSubview(top)
        host.runUntilIdle()
        #expect(leaf.layouts == 3)
        #expect(leaf.layoutSlot >= 0, "the leaf was not listed in its window's table")
        let counts = [top.layouts, middle.layouts]
        leaf.setNeedsLayout()
        host.step()
        #expect([top.layouts, middle.layouts] == counts && leaf.layouts == 4, "a flagged leaf in a window lays out alone")

        // Back in no window: its slot is gone and a flag still reaches it.
        top.removeFromSuperview()
        host.runUntilIdle()
        #expect([top, middle, leaf].allSatisfy { $0.layoutSlot == -1 })
        leaf.setNeedsLayout()
        top.layoutIfNeeded()
        #expect(leaf.layouts == 5)
    }

    /// A panel of coloured views, one laid out by constraints inside it.
    func panel() -> (panel: View, inner: View) {
        let panel = View(frame: Rect(x: 40, y: 30, width: 100, height: 80))
        panel.backgroundColor = Color(red: 0.9, green: 0.2, blue: 0.1)
        let inner = View(identifier: "inner")
        inner.backgroundColor = Color(red: 0.1, green: 0.6, blue: 0.2)
        panel.addSubview(inner)
        LayoutConstraint.activate([
            inner.leadingAnchor.constraint(equalTo: panel.leadingAnchor, constant: 8),
            inner.topAnchor.constraint(equalTo: panel.topAnchor, constant: 6),
            inner.trailingAnchor.constraint(equalTo: panel.trailingAnchor, constant: -8),
            inner.heightAnchor.constraint(equalToConstant: 20),
        ])
        let dot = View(frame: Rect(x: 4, y: 50, width: 10, height: 10))
        dot.backgroundColor = Color(red: 0.2, green: 0.2, blue: 0.9)
        panel.addSubview(dot)
        return (panel, inner)
    }

    /// `count` coloured views added to `root` before anything else.
    func fill(_ root: View, _ count: Int) {
        for k in 0..<count {
            let v = View(frame: Rect(x: Double(k % 10) * 20, y: Double(k / 10) * 20, width: 15, height: 15))
            v.backgroundColor = Color(red: 0.5, green: 0.5, blue: Double(k) / Double(count))
            root.addSubview(v)
        }
    }

    @Test("AM5 a view whose window was released gets fresh render and layout slots in its next window, and lays out and draws there as a new one")
    func slotsFromAReleasedWindow() {
        let (moved, inner) = panel()
        weak var oldWindow: Window?
        do {
            // Not `makeHost`, which keeps its hosts until the test ends.
            let old = HeadlessHost(size: Size(width: 300, height: 200))
            old.root.addSubview(moved)
            old.runUntilIdle()
            #expect(moved.renderSlot >= 0 && inner.renderSlot >= 0 && inner.layoutSlot >= 0)
            #expect(inner.frame == Rect(x: 8, y: 6, width: 84, height: 20))
            oldWindow = old.window
        }
        #expect(oldWindow == nil, "the old window was not released: the test proves nothing")
        #expect(moved.window == nil && moved.superview == nil)

        // A new window whose own views take the low slots first.
        let host = makeHost(width: 300, height: 200)
        fill(host.root, 20)
        host.runUntilIdle()
        host.root.addSubview(moved)
        moved.frame.origin.x = 60
        host.runUntilIdle()
        let views = subtree(host.root)
        let renderSlots = views.map(\.renderSlot)
        #expect(renderSlots.allSatisfy { $0 >= 0 }, "a view was drawn without a render slot")
        #expect(Set(renderSlots).count == views.count, "two views share a render slot: one came from the old window")
        let engine = host.window.layoutEngine
        #expect(engine.layoutItem(of: inner) != nil && inner.layoutSlot < engine.tableSize.length)
        #expect(inner.frame == Rect(x: 8, y: 6, width: 84, height: 20))
        inner.setNeedsLayout()
        moved.frame.size.width = 120
        host.runUntilIdle()
        #expect(inner.frame == Rect(x: 8, y: 6, width: 104, height: 20), "the moved panel's constraints no longer lay it out")

        // It draws as the same views made afresh in a window of their own.
        let reference = makeHost(width: 300, height: 200)
        fill(reference.root, 20)
        reference.runUntilIdle()
        let (fresh, _) = panel()
        reference.root.addSubview(fresh)
        fresh.frame = Rect(x: 60, y: 30, width: 120, height: 80)
        reference.runUntilIdle()
        let same = host.window.displayList.commands == reference.window.displayList.commands
        #expect(same, "the moved panel draws otherwise than the same views made afresh")
    }
}
