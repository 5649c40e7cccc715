import Testing
import TimelineTestSupport
@testable import Timeline

/// Records the drops a view's interaction took.
@MainActor
final class DropRecorder: DropInteractionDelegate {
    var accepts = true
    var drops: [(paths: [String], location: Point)] = []
    weak var view: View?
    func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool { accepts }
    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
        drops.append((session.filePaths, session.location(in: interaction.view!)))
    }
}

/// DK4: files dropped on the window reach the drop interaction of the view under them (or a
/// superview's), with their paths and the place in the view; the pointer's shape follows the
/// view under it.
@Suite("DK4 drops and pointer shapes", .endsIdle)
@MainActor
struct DropAndPointerTests {
    @Test("DK4: a drop goes to the view under it, then up to the first whose delegate can handle it, with paths and location")
    func DK4_drop() throws {
        let host = makeHost()
        let outer = View(frame: Rect(x: 50, y: 40, width: 200, height: 150))
        let inner = View(frame: Rect(x: 20, y: 10, width: 60, height: 50))
        outer.addSubview(inner)
        host.root.addSubview(outer)
        let outerDrops = DropRecorder(), innerDrops = DropRecorder()
        let outerInteraction = DropInteraction(delegate: outerDrops)
        outer.addInteraction(outerInteraction)
        inner.addInteraction(DropInteraction(delegate: innerDrops))
        #expect(outer.interactions.count == 1 && outerInteraction.view === outer)
        host.runUntilIdle()

        host.runLoop.send(InputEvent(.filesDropped(["/tmp/a.png", "/tmp/b.txt"], at: Point(x: 80, y: 60))))
        host.runUntilIdle()
        #expect(innerDrops.drops.count == 1 && outerDrops.drops.isEmpty)
        #expect(innerDrops.drops.first?.paths == ["/tmp/a.png", "/tmp/b.txt"])
        #expect(innerDrops.drops.first?.location == Point(x: 10, y: 10))

        innerDrops.accepts = false                                       // refused: the superview's takes it
        host.runLoop.send(InputEvent(.filesDropped(["/tmp/c"], at: Point(x: 80, y: 60))))
        host.runUntilIdle()
        #expect(outerDrops.drops.map(\.paths) == [["/tmp/c"]] && outerDrops.drops.first?.location == Point(x: 30, y: 20))

        outer.removeInteraction(outerInteraction)                        // nothing takes it now
        #expect(outer.interactions.isEmpty && outerInteraction.view == nil)
        host.runLoop.send(InputEvent(.filesDropped(["/tmp/d"], at: Point(x: 80, y: 60))))
        host.runLoop.send(InputEvent(.filesDropped(["/tmp/e"], at: Point(x: 390, y: 290))))
        host.runUntilIdle()
        #expect(outerDrops.drops.count == 1 && innerDrops.drops.count == 1)
    }

    @Test("DK4: the pointer shows an I-beam over a text field, a hand where asked, the arrow elsewhere; the host hears each change once")
    func DK4_pointerShapes() {
        let host = makeHost()
        let field = TextField(text: "hello")
        field.translatesAutoresizingMaskIntoConstraints = true            // placed by its frame
        field.frame = Rect(x: 10, y: 10, width: 150, height: 30)
        let link = Button(title: "More")
        link.translatesAutoresizingMaskIntoConstraints = true
        link.frame = Rect(x: 10, y: 60, width: 80, height: 30)
        link.pointerShape = .pointingHand
        let plain = View(frame: Rect(x: 200, y: 10, width: 100, height: 100))
        let inside = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        plain.addSubview(inside)
        for v in [field, link, plain] { host.root.addSubview(v) }
        host.runUntilIdle()
        var heard: [PointerShape] = []
        host.window.onPointerShapeChange = { heard.append($0) }
        func move(_ x: Double, _ y: Double) {
            host.runLoop.send(.pointerMoved(Point(x: x, y: y)))
            host.runUntilIdle()
        }
        move(20, 20)
        #expect(host.window.pointerShape == .iBeam)
        move(30, 25)                                                     // still over the field: no change heard
        move(20, 70)
        #expect(host.window.pointerShape == .pointingHand)
        move(250, 50)
        #expect(host.window.pointerShape == .arrow)
        plain.pointerShape = .crosshair                                  // asked while hovered: shown at once
        #expect(host.window.pointerShape == .crosshair)
        move(215, 25)                                                    // a subview takes its superview's
        #expect(host.window.pointerShape == .crosshair)
        #expect(heard == [.iBeam, .pointingHand, .arrow, .crosshair])
    }
}
