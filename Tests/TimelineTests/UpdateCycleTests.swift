import Testing
import TimelineTestSupport
import Geometry
import FrameTiming
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

@Suite("U1-U9 update cycle", .endsIdle)
@MainActor
struct UpdateCycleTests {
    @Test("U1: setNeedsLayout only flags; the layout pass runs layoutSubviews once however often it was flagged")
    func U1_deferredLayoutRunsOnce() {
        let host = makeHost()
        let v = ProbeView("v")
        host.root.addSubview(v)
        host.runUntilIdle()
        let before = v.layouts
        for _ in 0..<10 { v.setNeedsLayout() }
        #expect(v.layouts == before)
        #expect(v.needsLayout)
        host.step()
        #expect(v.layouts == before + 1)
        host.runUntilIdle()
        #expect(host.isIdle)
    }

    @Test("U2: layoutIfNeeded lays out now only if flagged; a second call runs nothing (002)")
    func U2_layoutIfNeededTwiceRunsLayoutOnce() {
        let host = makeHost()
        let v = ProbeView("v")
        host.root.addSubview(v)
        host.runUntilIdle()
        let before = v.layouts
        v.layoutIfNeeded()
        #expect(v.layouts == before)                               // nothing flagged: nothing runs
        v.setNeedsLayout()
        v.layoutIfNeeded()
        #expect(v.layouts == before + 1)                           // ran right away
        v.layoutIfNeeded()
        #expect(v.layouts == before + 1)                           // second call: nothing
        host.runUntilIdle()
        #expect(v.layouts == before + 1)                           // and the frame does not run it again
        #expect(host.isIdle)
    }

    @Test("U3: size changes, addSubview, removeFromSuperview and window resizes flag layout; a move does not")
    func U3_automaticTriggers() {
        let host = makeHost()
        let parent = ProbeView("parent")
        let child = ProbeView("child", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        host.root.addSubview(parent)
        host.runUntilIdle()
        child.frame.origin = Point(x: 5, y: 5)
        parent.center = Point(x: 300, y: 200)                      // a pure move
        #expect(!parent.needsLayout)
        parent.bounds.size = Size(width: 120, height: 100)         // a size change
        #expect(parent.needsLayout)
        host.runUntilIdle()
        parent.addSubview(child)
        #expect(parent.needsLayout)
        host.runUntilIdle()
        child.removeFromSuperview()
        #expect(parent.needsLayout)
        host.runUntilIdle()
        host.window.resize(to: Size(width: 500, height: 500))
        #expect(host.root.needsLayout)
        host.runUntilIdle()
        #expect(host.isIdle)
    }

    @Test("U4: draw runs once per flagged view with the union of the flagged rects, without cascading")
    func U4_displayUnionNoCascade() {
        let host = makeHost()
        let parent = ProbeView("parent", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let child = ProbeView("child")
        parent.addSubview(child)
        host.root.addSubview(parent)
        host.runUntilIdle()
        parent.draws.removeAll(); child.draws.removeAll()
        parent.setNeedsDisplay(Rect(x: 10, y: 10, width: 10, height: 10))
        parent.setNeedsDisplay(Rect(x: 50, y: 40, width: 20, height: 20))
        host.step()
        #expect(parent.draws == [Rect(x: 10, y: 10, width: 60, height: 50)])
        #expect(child.draws.isEmpty)
        host.runUntilIdle()
        #expect(host.isIdle)
    }

    @Test("U4: the numberOfPoints property observer idiom redraws on change (002)")
    func U4_numberOfPointsExample() {
        final class ShapeView: View {
            var drawn: [Int] = []
            var numberOfPoints = 0 { didSet { setNeedsDisplay() } }
            override func draw(_ rect: Rect, in canvas: Canvas) {
                drawn.append(numberOfPoints)
                switch numberOfPoints {
                case 0: return
                case 1: canvas.fillEllipse(in: Rect(x: rect.midX - 1, y: rect.midY - 1, width: 2, height: 2), color: .white)
                case 2: canvas.line(from: Point(x: rect.minX, y: rect.midY), to: Point(x: rect.maxX, y: rect.midY), color: .white)
                default:
                    let pts = (0..<numberOfPoints).map { i -> Point in
                        let a = Double(i) / Double(numberOfPoints) * 2 * .pi
                        return Point(x: rect.midX + cos(a) * rect.width / 2, y: rect.midY + sin(a) * rect.height / 2)
                    }
                    canvas.fill(Path.polygon(pts), color: .white)
                }
            }
        }
        let host = makeHost()
        let shape = ShapeView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        host.root.addSubview(shape)
        host.runUntilIdle()
        #expect(shape.drawn == [0])
        shape.numberOfPoints = 3
        shape.numberOfPoints = 5                                   // two changes, one redraw
        host.step()
        #expect(shape.drawn == [0, 5])
        #expect(host.window.displayList.commands.contains { if case .fillPath = $0 { true } else { false } })
        host.runUntilIdle()
        #expect(host.isIdle)
    }

    @Test("U4: a size change redraws a view whose content mode is redraw, not otherwise")
    func U4_contentModeRedraw() {
        let host = makeHost()
        let scaled = ProbeView("scaled"), redrawn = ProbeView("redrawn")
        redrawn.contentMode = .redraw
        host.root.addSubview(scaled); host.root.addSubview(redrawn)
        host.runUntilIdle()
        scaled.frame.size.width = 50
        redrawn.frame.size.width = 50
        host.runUntilIdle()
        #expect(scaled.draws.count == 1)
        #expect(redrawn.draws.count == 2)
        #expect(host.isIdle)
    }

    @Test("U5: updateConstraints runs leaf views first, then layout root first, then display")
    func U5_passOrder() {
        let host = makeHost()
        var order: [String] = []
        let a = ProbeView("a"), b = ProbeView("b"), c = ProbeView("c")
        host.root.addSubview(a); a.addSubview(b); b.addSubview(c)
        host.runUntilIdle()
        for v in [a, b, c] {
            v.log = { order.append($0) }
            v.setNeedsUpdateConstraints(); v.setNeedsLayout(); v.setNeedsDisplay()
        }
        host.step()
        #expect(order == ["c.updateConstraints", "b.updateConstraints", "a.updateConstraints",
                          "a.layoutSubviews", "b.layoutSubviews", "c.layoutSubviews",
                          "a.draw", "b.draw", "c.draw"])
        order.removeAll()
        c.setNeedsUpdateConstraints()
        c.updateConstraintsIfNeeded()
        #expect(order == ["c.updateConstraints"])
        c.updateConstraintsIfNeeded()
        #expect(order == ["c.updateConstraints"])
        host.runUntilIdle()
        #expect(host.isIdle)
    }

    @Test("U5: an updateConstraints override that forgets super is reported, and the app continues")
    func U5_superUpdateConstraintsForgotten() {
        final class Forgetful: View {
            override func updateConstraints() { /* forgot super.updateConstraints() */ }
        }
        let host = makeHost()
        let v = Forgetful(frame: .zero)
        v.identifier = "forgetful"
        host.root.addSubview(v)
        v.setNeedsUpdateConstraints()
        host.runUntilIdle()
        let reports = host.runLoop.diagnostics.entries(of: .missingSuperCall)
        #expect(reports.count == 1)
        #expect(reports.first?.views == ["forgetful"])
        #expect(host.isIdle)
    }

    @Test("U5: activating, changing and removing constraints flag the constraints pass")
    func U5_constraintChangesFlag() {
        let host = makeHost()
        let v = View(identifier: "v")
        host.root.addSubview(v)
        host.runUntilIdle()
        let c = v.widthAnchor.constraint(equalToConstant: 40)
        c.isActive = true
        #expect(host.root.needsUpdateConstraints)
        host.runUntilIdle()
        c.constant = 50
        // P1: a constant edit flags the pass (the engine has a change to solve) but no view's
        // updateConstraints().
        #expect(!host.root.needsUpdateConstraints && host.window.layoutEngine.hasPendingChanges && host.window.needsUpdatePass)
        host.runUntilIdle()
        #expect(v.frame.width == 50)
        c.priority = 500
        #expect(host.root.needsUpdateConstraints)
        host.runUntilIdle()
        v.removeFromSuperview()
        #expect(host.root.needsUpdateConstraints)
        host.runUntilIdle()
        #expect(host.isIdle)
    }

    @Test("U6: a controller loads its view lazily and shows it: willAppear, layout, display, didAppear")
    func U6_viewControllerLifecycle() {
        final class Controller: ViewController {
            var log: [String] = []
            var sizeAtDidLayout: Size?
            let child = View(identifier: "child")
            override func loadView() { log.append("loadView"); setView(ProbeView("content")) }
            override func viewDidLoad() {
                log.append("viewDidLoad")
                view.addSubview(child)
                NSLayoutHelpers.pin(child, to: view, inset: 10)
            }
            override func viewWillAppear(_ animated: Bool) { log.append("viewWillAppear") }
            override func viewDidAppear(_ animated: Bool) { log.append("viewDidAppear") }
            override func updateViewConstraints() { log.append("updateViewConstraints"); super.updateViewConstraints() }
            override func viewWillLayoutSubviews() { log.append("viewWillLayoutSubviews") }
            override func viewDidLayoutSubviews() { log.append("viewDidLayoutSubviews"); sizeAtDidLayout = child.frame.size }
        }
        let vc = Controller()
        #expect(vc.log.isEmpty && !vc.isViewLoaded)
        let clock = ManualFrameClock()
        let loop = MainRunLoop(clock: clock)
        let window = Window(size: Size(width: 320, height: 240))
        loop.add(window)
        (vc.view as! ProbeView).log = { vc.log.append($0) }
        window.rootViewController = vc
        window.makeKeyAndVisible()
        #expect(vc.log == ["loadView", "viewDidLoad"])
        vc.log.removeAll()
        vc.view.setNeedsUpdateConstraints()
        vc.view.setNeedsDisplay()
        clock.step()
        #expect(vc.log == ["viewWillAppear", "updateViewConstraints", "content.updateConstraints",
                           "viewWillLayoutSubviews", "content.layoutSubviews", "viewDidLayoutSubviews",
                           "content.draw", "viewDidAppear"])
        // viewDidLayoutSubviews is the reliable place for size-dependent logic (002): sizes are final.
        #expect(vc.sizeAtDidLayout == Size(width: 300, height: 220))
        while clock.hasScheduledFrame, clock.step() != nil {}
        #expect(loop.isIdle)
    }

    @Test("U7: layoutSubviews that keeps invalidating its superview is reported as a feedback loop; the app keeps running")
    func U7_feedbackLoopReported() {
        let host = makeHost()
        let parent = ProbeView("parent"), child = ProbeView("child")
        host.root.addSubview(parent); parent.addSubview(child)
        host.runUntilIdle()
        child.onLayout = { parent.setNeedsLayout(); child.setNeedsLayout() }   // forever
        child.setNeedsLayout()
        host.step()
        let reports = host.runLoop.diagnostics.entries(of: .layoutFeedbackLoop)
        #expect(reports.count == 1)
        #expect(reports.first!.message.contains("child.layoutSubviews"))
        #expect(reports.first!.views.contains("parent"))
        #expect(child.layouts <= host.window.feedbackLoopThreshold + 2)
        child.onLayout = nil
        host.runUntilIdle()
        #expect(host.isIdle)
        // The engine still works afterwards.
        child.setNeedsLayout()
        host.step()
        #expect(host.runLoop.diagnostics.entries(of: .layoutFeedbackLoop).count == 1)
    }

    @Test("U7: invalidating a sibling once from layoutSubviews settles in the same frame without a report")
    func U7_finiteInvalidationSettles() {
        let host = makeHost()
        let a = ProbeView("a"), b = ProbeView("b")
        host.root.addSubview(a); host.root.addSubview(b)
        host.runUntilIdle()
        var once = true
        b.onLayout = { if once { once = false; a.setNeedsLayout() } }
        b.setNeedsLayout()
        let aBefore = a.layouts
        host.step()
        #expect(a.layouts == aBefore + 1)
        #expect(host.runLoop.diagnostics.entries(of: .layoutFeedbackLoop).isEmpty)
        host.runUntilIdle()
        #expect(host.isIdle)
    }

    @Test("U7: updateConstraints that keeps flagging itself is reported, not hung")
    func U7_constraintsFeedbackLoop() {
        let host = makeHost()
        let v = ProbeView("v")
        host.root.addSubview(v)
        host.runUntilIdle()
        v.onUpdateConstraints = { v.setNeedsUpdateConstraints() }
        v.setNeedsUpdateConstraints()
        host.step()
        #expect(host.runLoop.diagnostics.entries(of: .layoutFeedbackLoop).count == 1)
        v.onUpdateConstraints = nil
        host.runUntilIdle()
        #expect(host.isIdle)
    }

    @Test("U9: the trace records every update-cycle call with frame, phase, view and method")
    func U9_trace() {
        let host = makeHost()
        let v = ProbeView("panel")
        host.root.addSubview(v)
        host.runUntilIdle()
        host.runLoop.trace.isRecording = true
        v.setNeedsLayout(); v.setNeedsDisplay()
        let frame = host.step()!
        let events = host.runLoop.trace.events
        #expect(events.map(\.call) == ["layoutSubviews", "draw"])
        #expect(events.allSatisfy { $0.frame == frame.index && $0.view == "panel" })
        #expect(events.map(\.phase) == [.layout, .display])
        #expect(events[0].json == "{\"frame\": \(frame.index), \"phase\": \"layout\", \"view\": \"panel\", \"call\": \"layoutSubviews\"}")
        host.runUntilIdle()
        #expect(host.isIdle)
    }

    @Test("Misuse: layoutIfNeeded from inside draw is reported and ignored; the app continues")
    func misuse_layoutIfNeededFromDraw() {
        let host = makeHost()
        let v = ProbeView("v")
        host.root.addSubview(v)
        host.runUntilIdle()
        v.onDraw = { v.setNeedsLayout(); v.layoutIfNeeded() }
        v.setNeedsDisplay()
        let layouts = v.layouts
        host.step()
        #expect(host.runLoop.diagnostics.entries(of: .misuse).count == 1)
        #expect(v.layouts == layouts)                              // ignored in the display pass
        v.onDraw = nil
        host.runUntilIdle()
        #expect(v.layouts == layouts + 1)                          // the flag was kept for the next frame
        #expect(host.isIdle)
    }

    @Test("Misuse: adding a view to its own subtree is a precondition failure that says how to fix it")
    func misuse_addToOwnSubtree() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let a = View(), b = View()
                a.addSubview(b)
                b.addSubview(a)
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("a view cannot be added to its own subtree"), "\(stderr)")
    }

    @Test("Misuse: stepping a manual clock backwards is a precondition failure")
    func misuse_clockBackwards() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            ManualFrameClock().advance(by: .milliseconds(-1))
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("cannot go backwards"), "\(stderr)")
    }
}

/// Small helpers the tests use to pin views with anchors.
@MainActor
enum NSLayoutHelpers {
    static func pin(_ v: View, to container: View, inset: Double) {
        LayoutConstraint.activate([
            v.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: inset),
            v.trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -inset),
            v.topAnchor.constraint(equalTo: container.topAnchor, constant: inset),
            v.bottomAnchor.constraint(equalTo: container.bottomAnchor, constant: -inset),
        ])
    }
}

#if canImport(Glibc)
import Glibc
#endif
