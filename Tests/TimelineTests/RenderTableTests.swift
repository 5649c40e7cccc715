import Testing
import TimelineTestSupport
import RenderModel
@testable import Views

/// AM5: where a view's group sits in its window's display list, and the box its subtree drew,
/// are the renderer's data: they live in the window's render table, at the view's slot, not on
/// the view. A view gets a slot when the window first lists it and gives it back when it leaves.
@Suite("AM5 the renderer's data in the window's render table", .endsIdle)
@MainActor
struct RenderTableTests {
    /// `count` coloured views in a column, each with a child.
    func column(_ count: Int) -> View {
        let container = View(frame: Rect(x: 0, y: 0, width: 200, height: Double(count) * 10))
        for i in 0..<count {
            let row = View(frame: Rect(x: 0, y: Double(i) * 10, width: 200, height: 10))
            row.backgroundColor = Color(red: Double(i % 10) / 10, green: 0.4, blue: 0.6)
            row.addSubview(View(frame: Rect(x: 2, y: 2, width: 6, height: 6)))
            container.addSubview(row)
        }
        return container
    }

    func subtree(_ v: View) -> [View] { [v] + v.subviews.flatMap(subtree) }

    @Test("AM5 a listed view has a slot in its window's table holding its group's place; leaving gives it back")
    func slotsFollowTheWindow() {
        let host = makeHost(width: 200, height: 400)
        let screen = column(20)
        host.root.addSubview(screen)
        host.runUntilIdle()
        let views = subtree(screen)
        #expect(views.allSatisfy { $0.renderSlot >= 0 })
        #expect(Set(views.map(\.renderSlot)).count == views.count, "two views share a slot")
        let list = host.window.displayList.commands
        for v in views {
            let start = host.window.renderTable.listStart(v)
            guard start >= 0, start < list.count, case .beginGroup = list[start] else {
                Issue.record("\(v.traceName)'s slot does not point at its group (\(start))")
                continue
            }
        }
        screen.removeFromSuperview()
        host.runUntilIdle()
        #expect(views.allSatisfy { $0.renderSlot == -1 })
        #expect(host.window.renderTable.free.count >= views.count)
    }

    @Test("AM5 the same screen shown again and again reuses the slots: the table does not grow")
    func tableHoldsFlat() {
        let host = makeHost(width: 200, height: 400)
        host.root.addSubview(column(30))
        host.runUntilIdle()
        let first = host.window.renderTable.records.count
        for _ in 0..<10 {
            host.root.subviews.last?.removeFromSuperview()
            host.root.addSubview(column(30))
            host.runUntilIdle()
        }
        #expect(host.window.renderTable.records.count == first)
    }

    @Test("AM5 a view moved to another window is listed there from a slot of that window's table")
    func movingBetweenWindows() {
        let a = makeHost(width: 200, height: 200), b = makeHost(width: 200, height: 200)
        let card = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        card.identifier = "card"
        card.backgroundColor = .white
        a.root.addSubview(card)
        a.runUntilIdle()
        let slotInA = card.renderSlot
        #expect(slotInA >= 0)
        b.root.addSubview(card)
        a.runUntilIdle()
        b.runUntilIdle()
        #expect(card.renderSlot >= 0 && card.renderSlot < b.window.renderTable.records.count)
        let names = b.window.displayList.commands.compactMap { c -> String? in
            if case .beginGroup(let g) = c { return g.name } else { return nil }
        }
        #expect(names.contains("card"))
        #expect(a.window.renderTable.free.contains(slotInA))
        // A change to it patches b's list at the place b's table holds.
        card.alpha = 0.5
        b.step()
        let start = b.window.renderTable.listStart(card)
        guard case .beginGroup(let g) = b.window.displayList.commands[start] else {
            Issue.record("no group at the card's place")
            return
        }
        #expect(g.name == "card" && g.opacity == 0.5)
    }

    @Test("AM5 P2 a removal marks its subtree by slot and leaves no mark behind, nested removals included")
    func leavingMarksAreCleared() {
        let host = makeHost(width: 200, height: 400)
        let screen = column(10), other = column(4), anchor = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        host.root.addSubview(screen)
        host.root.addSubview(other)
        host.root.addSubview(anchor)
        // A field in `screen` that, resigning as the screen leaves, removes `other` (a nested removal).
        let field = ResigningField()
        field.onResign = { other.removeFromSuperview() }
        screen.addSubview(field)
        // A constraint from outside into the leaving subtree is deactivated; one among views staying is kept.
        let crossing = anchor.leadingAnchor.constraint(equalTo: screen.subviews[3].leadingAnchor)
        let staying = anchor.widthAnchor.constraint(equalToConstant: 10)
        LayoutConstraint.activate([crossing, staying])
        host.runUntilIdle()
        #expect(field.becomeFirstResponder())
        screen.removeFromSuperview()
        #expect(field.resigned == 1, "the nested removal made the outer one's responder resign again")
        #expect(other.superview == nil, "the nested removal ran")
        #expect(!crossing.isActive, "a constraint into the leaving subtree stays active")
        #expect(staying.isActive, "a constraint among staying views was deactivated")
        #expect(!host.window.leavingMarks.contains(true), "a leaving mark outlived its removal")
        #expect(host.window.leavingDepth == 0)
        // New views reuse the freed slots: none of them is taken for leaving by the next removal.
        let next = column(12)
        host.root.addSubview(next)
        host.runUntilIdle()
        let kept = anchor.leadingAnchor.constraint(equalTo: next.subviews[0].leadingAnchor)
        kept.isActive = true
        let lone = View(frame: Rect(x: 0, y: 0, width: 5, height: 5))
        host.root.addSubview(lone)
        host.runUntilIdle()
        lone.removeFromSuperview()
        #expect(kept.isActive, "a view in a reused slot was taken for part of another removal")
        #expect(!host.window.leavingMarks.contains(true))
        host.runUntilIdle()
    }
}

/// A view that can be first responder and runs `onResign` when it resigns.
final class ResigningField: View {
    var onResign: () -> Void = {}
    var resigned = 0
    override var canBecomeFirstResponder: Bool { true }
    override func resignFirstResponder() -> Bool {
        resigned += 1
        onResign()
        return super.resignFirstResponder()
    }
}
