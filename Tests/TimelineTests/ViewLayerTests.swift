import Testing
import Motion
import TimelineTestSupport
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

@Suite("CA2 CA12 views backed by layers; state per window")
@MainActor
struct ViewLayerTests {
    @Test("CA2 a view's layer properties are the view's, both ways")
    func layerIsTheView() {
        let host = makeHost(width: 200, height: 200)
        let v = View(frame: Rect(x: 10, y: 20, width: 40, height: 30))
        host.root.addSubview(v)
        v.layer.opacity = 0.5
        #expect(v.alpha == 0.5)
        v.backgroundColor = Color(red: 1, green: 0, blue: 0)
        #expect(v.layer.backgroundColor == Color(red: 1, green: 0, blue: 0))
        #expect(v.layer.position == Point(x: 30, y: 35) && v.layer.bounds.size == Size(width: 40, height: 30))
        v.layer.position = Point(x: 100, y: 100)
        #expect(v.center == Point(x: 100, y: 100))
        v.layer.cornerRadius = 6
        #expect(v.cornerRadius == 6)
    }

    @Test("CA2 a view's values are held by its layer, what is on screen by the layer's presentation layer")
    func CA2_valuesLiveInTheLayer() throws {
        let host = makeHost(width: 200, height: 200)
        let v = View(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        host.root.addSubview(v)
        host.step()
        // The model is the layer's storage: set through the view, read through the layer, and
        // the reverse, with no second copy in the view.
        v.alpha = 0.75
        #expect(v.viewLayer.stateOpacity == 0.75 && v.layer.opacity == 0.75)
        v.layer.bounds = Rect(x: 0, y: 0, width: 60, height: 40)
        #expect(v.bounds.size == Size(width: 60, height: 40) && v.viewLayer.stateBounds.size.width == 60)
        #expect(v.presentation !== v.layer && v.presentation.opacity == 0.75)
        // An animation block moves only the presentation layer; the model is the end value.
        View.animate(withDuration: 1, curve: .linear, animations: { v.center = Point(x: 120, y: 20) })
        host.step(frames: 30)                                                   // 0.5 s
        #expect(v.layer.position == Point(x: 120, y: 20) && v.center == Point(x: 120, y: 20))
        #expect(abs(v.presentation.position.x - 70) < 2.5)                     // about halfway from 20
        // Core Animation's presentation(): a copy at this frame, whose model() is the layer.
        let p = try #require(v.layer.presentation())
        #expect(p !== v.layer && p.model() === v.layer)
        #expect(p.position == v.presentation.position && p.opacity == 0.75)
        host.step(frames: 40)
        #expect(v.presentation.position == Point(x: 120, y: 20))
        // A presentation layer is written by the tick only: setting it is not lasting.
        v.presentation.opacity = 0.1
        v.alpha = 0.5
        #expect(v.presentation.opacity == 0.5)
    }

    @Test("CA2 a view's layer shadow and masked corners draw with the view, and changes to them repaint it")
    func shadowAndMaskedCorners() {
        let host = makeHost(width: 200, height: 200)
        let v = View(frame: Rect(x: 20, y: 20, width: 100, height: 60))
        v.backgroundColor = .white
        v.cornerRadius = 12
        host.root.addSubview(v)
        host.runUntilIdle()
        func shadows() -> [DrawCommand] { host.window.displayList.commands.filter { if case .shadow = $0 { return true }; return false } }
        #expect(shadows().isEmpty)
        Transaction.begin(); Transaction.setDisableActions(true)
        v.layer.shadowOpacity = 0.5
        v.layer.shadowRadius = 8
        v.layer.shadowOffset = Size(width: 0, height: 4)
        v.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        Transaction.commit()
        host.runUntilIdle()
        let shadow = shadows()
        #expect(shadow.count == 1)
        if case .shadow(let path, let colour, let radius) = shadow.first {
            #expect(path.boundingBox == Rect(x: 0, y: 4, width: 100, height: 60) && radius == 8 && colour.alpha == 0.5)
        }
        let background = host.window.displayList.commands.contains {
            if case .fillShape(let path, .color(.white), _) = $0 { return !path.contains(Point(x: 1, y: 1)) && path.contains(Point(x: 1, y: 59)) }
            return false
        }
        #expect(background)                                   // rounded at the top only
    }

    @Test("CA2 view.layer.addSublayer draws above the view's background and below its subviews")
    func sublayerOrder() throws {
        let host = makeHost(width: 200, height: 200)
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        v.backgroundColor = Color(red: 1, green: 0, blue: 0)
        host.root.addSubview(v)
        let sub = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        sub.backgroundColor = Color(red: 0, green: 1, blue: 0)
        v.addSubview(sub)
        let l = Layer()
        Transaction.begin(); Transaction.setDisableActions(true)
        l.frame = Rect(x: 50, y: 50, width: 30, height: 30)
        l.backgroundColor = Color(red: 0, green: 0, blue: 1)
        v.layer.addSublayer(l)
        Transaction.commit()
        host.runUntilIdle()
        let colours = host.window.displayList.commands.compactMap { c -> Color? in
            if case .fillRect(_, let colour, _) = c { return colour } else { return nil }
        }
        let red = try #require(colours.firstIndex(of: Color(red: 1, green: 0, blue: 0)))
        let blue = try #require(colours.firstIndex(of: Color(red: 0, green: 0, blue: 1)))
        let green = try #require(colours.firstIndex(of: Color(red: 0, green: 1, blue: 0)))
        #expect(red < blue && blue < green)
    }

    @Test("CA12 two windows number their views on their own: no counter is shared between hosts")
    func perWindowOrdinals() {
        let a = makeHost(width: 100, height: 100), b = makeHost(width: 100, height: 100)
        let va = View(frame: .zero), vb = View(frame: .zero)
        a.root.addSubview(va)
        b.root.addSubview(vb)
        #expect(va.traceName == vb.traceName)                        // the same place in each window's order
        #expect(va.traceName.hasPrefix("View#"))
    }

    @Test("CA12 a block's state is scoped to its call: a change after it, even in a task made inside it, is not animated")
    func blockScope() async {
        let host = makeHost(width: 200, height: 200)
        let v = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        host.root.addSubview(v)
        host.runUntilIdle()
        var task: Task<Void, Never>?
        View.animate(withDuration: 0.5, animations: {
            v.alpha = 0.5
            task = Task { @MainActor in v.center.x = 150 }     // inherits the scope, runs later
        })
        await task?.value
        #expect(v.presentation.opacity == 1 && v.alpha == 0.5)  // the block's change animates
        #expect(v.presentation.position.x == 150)               // the task's is applied at once
        v.backgroundColor = Color(red: 1, green: 0, blue: 0)  // after the block: not animated
        #expect(v.presentation.backgroundColor == Color(red: 1, green: 0, blue: 0))
    }

    @Test("CA12 animator recording is scoped: nested blocks and animators take their own changes")
    func animatorScope() {
        let host = makeHost(width: 200, height: 200)
        let a = View(frame: Rect(x: 0, y: 0, width: 20, height: 20)), b = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        host.root.addSubview(a)
        host.root.addSubview(b)
        host.runUntilIdle()
        let animator = PropertyAnimator(duration: 0.2, curve: .linear) { a.alpha = 0 }
        View.animate(withDuration: 0.4, animations: { b.alpha = 0 })
        animator.startAnimation()
        a.center.x = 100                                      // outside both: immediate
        #expect(a.presentation.position.x == 100)
        host.step()
        host.step(frames: 6)                                  // 0.1 s
        #expect(abs(a.presentation.opacity - 0.5) < 1e-9)      // the animator's 0.2 s
        #expect(abs(b.presentation.opacity - (1 - TimingCurve.easeInOut.progress(fraction: 0.25))) < 1e-9)   // the block's 0.4 s
        host.runUntilIdle()
        #expect(a.presentation.opacity == 0 && b.presentation.opacity == 0)
    }
}
