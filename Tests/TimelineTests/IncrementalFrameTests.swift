import Geometry
import Testing
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

/// P1: constraints and layout cost what changed. A constant edit flags no view's
/// `updateConstraints()`; the layout pass goes to the flagged views only and sets the frames of
/// the views whose solved rect changed, while `layoutSubviews()` runs where UIKit runs it.
@Suite("P1 incremental constraints and layout", .endsIdle)
@MainActor
struct IncrementalFrameTests {
    /// A probe container pinned in the root, holding `n` probe cells pinned by constant
    /// constraints (each 20 points wide); returns the cells and their width constraints.
    func grid(_ host: HeadlessHost, cells n: Int) -> (container: ProbeView, cells: [ProbeView], widths: [LayoutConstraint]) {
        let container = ProbeView("container")
        container.translatesAutoresizingMaskIntoConstraints = false
        host.root.addSubview(container)
        var constraints = [container.leadingAnchor.constraint(equalTo: host.root.leadingAnchor, constant: 10),
                           container.topAnchor.constraint(equalTo: host.root.topAnchor, constant: 10),
                           container.widthAnchor.constraint(equalToConstant: 300),
                           container.heightAnchor.constraint(equalToConstant: 200)]
        var cells: [ProbeView] = [], widths: [LayoutConstraint] = []
        for k in 0..<n {
            let c = ProbeView("cell\(k)")
            c.translatesAutoresizingMaskIntoConstraints = false
            container.addSubview(c)
            let w = c.widthAnchor.constraint(equalToConstant: 20)
            constraints += [c.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: Double(k % 10) * 25),
                            c.topAnchor.constraint(equalTo: container.topAnchor, constant: Double(k / 10) * 25),
                            w, c.heightAnchor.constraint(equalToConstant: 20)]
            cells.append(c); widths.append(w)
        }
        LayoutConstraint.activate(constraints)
        host.runUntilIdle()
        return (container, cells, widths)
    }

    /// The active constraint on `attribute` of `view` (the grid's container's pins).
    func pin(_ attribute: LayoutAttribute, of view: View, in host: HeadlessHost) -> LayoutConstraint {
        host.window.layoutEngine.activeConstraints.first { $0.firstItem === view && $0.firstAttribute == attribute }!
    }

    @Test("P1: a constant edit calls no updateConstraints, lays out the superview only, and writes one frame")
    func P1_constantEditWritesOneFrame() {
        let host = makeHost()
        let (container, cells, widths) = grid(host, cells: 60)
        let engine = host.window.layoutEngine
        let before = engine.framesApplied
        let layouts = cells.map(\.layouts)
        host.runLoop.trace.isRecording = true
        widths[17].constant = 33
        #expect(!host.root.needsUpdateConstraints && !host.root.subtreeNeedsUpdateConstraints)
        let frame = host.step()!
        // The trace is what UIKit calls: the changed view's superview lays out, then the view
        // itself (its size changed); no other cell, no updateConstraints.
        let calls = host.runLoop.trace.events.filter { $0.frame == frame.index }.map { "\($0.view).\($0.call)" }
        #expect(calls == ["container.layoutSubviews", "cell17.layoutSubviews"])
        #expect(engine.framesApplied - before == 1)
        #expect(cells[17].frame == Rect(x: 175, y: 25, width: 33, height: 20))
        var expected = layouts
        expected[17] += 1
        #expect(cells.map(\.layouts) == expected)
        #expect(container.layouts >= 1)
        host.runUntilIdle()
    }

    @Test("P1: a view whose own rect changed re-applies all its subviews' frames (they are relative to it)")
    func P1_movedParentReappliesChildren() {
        let host = makeHost()
        let (container, cells, _) = grid(host, cells: 12)
        let engine = host.window.layoutEngine
        let move = pin(.leading, of: container, in: host)
        let before = engine.framesApplied
        move.constant = 40
        host.runUntilIdle()
        // The container's own frame, and each cell's: their window rects all moved.
        #expect(engine.framesApplied - before == 13)
        #expect(container.frame.minX == 40)
        #expect(cells[3].frame == Rect(x: 75, y: 0, width: 20, height: 20))      // relative to the container: unchanged
        #expect(engine.requiredConstraintViolations().isEmpty)
    }

    @Test("P1: a resized view is laid out (UIKit calls layoutSubviews) but writes only the frames that changed or were set by hand")
    func P1_resizeWritesChangedFramesOnly() {
        let host = makeHost()
        let (container, cells, _) = grid(host, cells: 30)
        let engine = host.window.layoutEngine
        let width = pin(.width, of: container, in: host)
        let layouts = container.layouts
        var before = engine.framesApplied
        width.constant = 360                      // the cells are pinned to its leading edge: none moves
        host.runUntilIdle()
        #expect(container.layouts == layouts + 1)
        #expect(engine.framesApplied - before == 1, "the container's own frame only")
        #expect(container.frame.width == 360)

        // A cell moved by hand leaves the layout until its superview's next layout puts it back.
        cells[4].frame.origin.x = 200
        host.runUntilIdle()
        #expect(cells[4].frame.minX == 200, "nothing flagged a layout")
        before = engine.framesApplied
        width.constant = 300
        host.runUntilIdle()
        #expect(engine.framesApplied - before == 2, "the container's frame and the hand-set cell's")
        #expect(cells[4].frame == Rect(x: 100, y: 0, width: 20, height: 20))
        #expect(engine.requiredConstraintViolations().isEmpty)
    }

    @Test("P1: setNeedsLayout from the app applies every subview's frame, resetting frames set by hand (UIKit's rule)")
    func P1_appLayoutAppliesAll() {
        let host = makeHost()
        let (container, cells, _) = grid(host, cells: 20)
        let engine = host.window.layoutEngine
        cells[5].frame = Rect(x: 1, y: 1, width: 1, height: 1)
        let before = engine.framesApplied
        container.setNeedsLayout()
        host.runUntilIdle()
        #expect(engine.framesApplied - before == 20)
        #expect(cells[5].frame == Rect(x: 125, y: 0, width: 20, height: 20))
    }

    @Test("P1: many constant edits in one frame write exactly the changed frames, and the layout stays exact")
    func P1_manyEditsStayExact() {
        let host = makeHost()
        let (_, cells, widths) = grid(host, cells: 40)
        let engine = host.window.layoutEngine
        for round in 0..<5 {
            let before = engine.framesApplied
            let chosen = Array(stride(from: round, to: 40, by: 7))
            for k in chosen { widths[k].constant = 20 + Double(round + 1) }
            host.step()
            #expect(engine.framesApplied - before == chosen.count)
            for k in chosen { #expect(cells[k].frame.width == 20 + Double(round + 1)) }
            #expect(engine.requiredConstraintViolations().isEmpty)
        }
        host.runUntilIdle()
    }

    @Test("P1: two flagged siblings among many are laid out in subview order, one among many alone")
    func P1_flaggedSiblingsInOrder() {
        let host = makeHost()
        var order: [String] = []
        let parent = ProbeView("parent")
        host.root.addSubview(parent)
        let children = (0..<50).map { k -> ProbeView in
            let c = ProbeView("c\(k)")
            c.log = { order.append($0) }
            parent.addSubview(c)
            return c
        }
        host.runUntilIdle()
        order.removeAll()
        children[40].setNeedsLayout()
        children[3].setNeedsLayout()
        children[22].setNeedsLayout()
        host.step()
        #expect(order == ["c3.layoutSubviews", "c22.layoutSubviews", "c40.layoutSubviews"])
        order.removeAll()
        children[9].setNeedsLayout()
        host.step()
        #expect(order == ["c9.layoutSubviews"])
        // A child moved to another parent and back in one frame is laid out once.
        order.removeAll()
        children[11].setNeedsLayout()
        children[11].removeFromSuperview()
        parent.addSubview(children[11])
        host.step()
        #expect(order == ["c11.layoutSubviews"])
        host.runUntilIdle()
    }

    @Test("P1: a child that flags itself again from its own layout is laid out in the next pass, not lost")
    func P1_reflaggedChildIsKept() {
        let host = makeHost()
        let parent = ProbeView("parent")
        host.root.addSubview(parent)
        let child = ProbeView("child")
        parent.addSubview(child)
        host.runUntilIdle()
        var again = true
        child.onLayout = { if again { again = false; child.setNeedsLayout() } }
        let layouts = child.layouts
        child.setNeedsLayout()
        host.step()
        #expect(child.layouts == layouts + 2)                       // the second pass of the same frame
        #expect(!host.root.subtreeNeedsLayout && !parent.subtreeNeedsLayout)
        host.runUntilIdle()
    }
}
