import Testing
import TimelineTestSupport
import FrameTiming
import Geometry
@testable import Layers
@testable import UpdateLoop
@testable import Views

/// AM4: the tick's speed comes from the data layout. A weak reference to an object gives it a
/// side table, after which every retain and release of it takes the runtime's slow path; the
/// window retains each view it lists, so a weak reference to every animated view cost 0.63 M
/// instructions a frame at 10,000 animated properties (`timeline bench animation --only-tick
/// 10000`, docs/measured.md). What outlives a view holds a ``ObjectReference`` instead.
@Suite("AM4 no side tables on animated views", .endsIdle)
@MainActor
struct SideTableTests {
    /// Whether `object` has a side table: Swift's refcount word (the second word of a native
    /// object) has its top two bits set (`UseSlowRC` and the side-table mark) once one exists.
    func hasSideTable(_ object: AnyObject) -> Bool {
        let word = Unmanaged.passUnretained(object).toOpaque().load(fromByteOffset: 8, as: UInt64.self)
        return word >> 62 == 0b11
    }

    @Test("AM4: a view animated by a block, a keyframe block and a property animator keeps no side table")
    func AM4_animatedViewsHaveNoSideTable() {
        let host = makeHost()
        let a = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let b = View(frame: Rect(x: 20, y: 0, width: 10, height: 10))
        let c = View(frame: Rect(x: 40, y: 0, width: 10, height: 10))
        for v in [a, b, c] { host.root.addSubview(v) }
        host.runUntilIdle()
        // The check itself sees a side table where a weak reference was made.
        let probe = View(frame: .zero)
        #expect(!hasSideTable(probe))
        weak var weakProbe = probe
        #expect(hasSideTable(probe) && weakProbe != nil)

        View.animate(withDuration: 0.5) { a.alpha = 0.2; a.center.x += 40 }
        View.animateKeyframes(withDuration: 0.5) {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { b.alpha = 0.5 }
        }
        let animator = PropertyAnimator(duration: 0.5, curve: .linear) { c.alpha = 0 }
        animator.startAnimation()
        host.step(frames: 5)
        #expect(a.viewLayer.running.count == 2 && b.isAnimating(.alpha) && c.isAnimating(.alpha))
        #expect(!hasSideTable(a), "the block's view has a side table: something holds it weakly")
        #expect(!hasSideTable(b), "the keyframe block's view has a side table")
        #expect(!hasSideTable(c), "the property animator's view has a side table")
        host.runUntilIdle()
        #expect(a.alpha == 0.2 && c.alpha == 0)
    }

    @Test("AM4: an animation's end outlives its view as nil, without a weak reference")
    func AM4_referenceOutlivesView() {
        let host = makeHost()
        var ref: ObjectReference<View>?
        var finished: Bool?
        do {
            let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            host.root.addSubview(v)
            host.runUntilIdle()
            View.animate(withDuration: 0.5, animations: { v.alpha = 0 }, completion: { finished = $0 })
            host.step(frames: 2)
            ref = v.reference
            #expect(ref?.object === v)
            v.removeFromSuperview()
        }
        host.runUntilIdle()
        #expect(ref?.object == nil)
        #expect(finished != nil)
    }

    @Test("AM5: a constrained view in a laid-out window, its layout engine, its layout record and its constraints keep no side table")
    func AM5_layoutKeepsNoSideTable() {
        let host = makeHost()
        let box = View(identifier: "box")
        host.root.addSubview(box)
        let guide = host.root.safeAreaLayoutGuide
        let constraints = [
            box.leadingAnchor.constraint(equalTo: host.root.leadingAnchor, constant: 10),
            box.topAnchor.constraint(equalTo: guide.topAnchor, constant: 20),
            box.widthAnchor.constraint(equalToConstant: 30),
            box.heightAnchor.constraint(equalToConstant: 30),
        ]
        LayoutConstraint.activate(constraints)
        host.runUntilIdle()
        constraints[0].constant = 15
        box.setNeedsLayout()
        host.runUntilIdle()
        #expect(box.frame == Rect(x: 15, y: 20, width: 30, height: 30))
        let engine = host.window.layoutEngine
        let item = engine.layoutItem(of: box)
        #expect(item != nil && constraints.allSatisfy { $0.isActive && $0.engine === engine })
        #expect(!hasSideTable(box), "the constrained view has a side table: something on the layout path holds it weakly")
        #expect(!hasSideTable(engine), "the layout engine has a side table (its constraints hold it weakly?)")
        #expect(item.map { !hasSideTable($0) } ?? false, "the engine's item for the view has a side table")
        #expect(!hasSideTable(guide), "the safe-area guide has a side table")
        for c in constraints { #expect(!hasSideTable(c), "\(c) has a side table") }
        // What the references stand for still reads nil once its object is gone.
        var pin: LayoutConstraint?
        do {
            let gone = View(identifier: "gone")
            host.root.addSubview(gone)
            pin = gone.widthAnchor.constraint(equalToConstant: 5)
            pin?.isActive = true
            host.runUntilIdle()
            #expect(pin?.firstItem === gone && pin?.isActive == true)
            gone.removeFromSuperview()
        }
        host.runUntilIdle()
        #expect(pin != nil && pin?.firstItem == nil && pin?.isActive == false)
    }

    @Test("AM4: a laid-out window, its run loop, its layer engine and a view with subviews keep no side table")
    func AM4_framePathKeepsNoSideTable() {
        let host = makeHost()
        let container = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let child = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        container.addSubview(child)
        host.root.addSubview(container)
        let sublayer = Layer()
        container.layer.addSublayer(sublayer)
        let tap = TapGestureRecognizer()               // on the child: a recognizer holds its view weakly
        child.addGestureRecognizer(tap)
        host.runUntilIdle()
        // What a frame touches: layout, display, a block animation with a completion (its
        // transaction's group holds the layer engine) and a layer animation.
        var finished = false
        View.animate(withDuration: 0.1, animations: { child.alpha = 0.5 }, completion: { finished = $0 })
        sublayer.opacity = 0.5
        container.setNeedsLayout()
        child.setNeedsDisplay()
        host.step(frames: 3)
        host.runLoop.send(.pointerDown(Point(x: 20, y: 20)))
        host.step()
        host.runLoop.send(.pointerUp(Point(x: 20, y: 20)))
        host.runUntilIdle()
        #expect(finished && child.presentation.opacity == 0.5 && sublayer.engine === host.runLoop.layers)
        #expect(child.superview === container && child.window === host.window && container.window === host.window)
        #expect(!hasSideTable(host.window), "the window has a side table: something holds it weakly")
        #expect(!hasSideTable(host.runLoop), "the run loop has a side table: something holds it weakly")
        #expect(!hasSideTable(host.runLoop.layers), "the layer engine has a side table: something holds it weakly")
        #expect(!hasSideTable(container), "a view with subviews has a side table (its subviews' superview?)")
        #expect(!hasSideTable(host.root), "the root view has a side table")
    }

    @Test("AM4: superview, window, run loop and engine read nil once their owner is gone, and nothing leaks")
    func AM4_referencesReadNilAndNothingLeaks() {
        // A subview outlives its superview; a view outlives its window.
        let child = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        do {
            let parent = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
            parent.addSubview(child)
            #expect(child.superview === parent)
        }
        #expect(child.superview == nil)
        let kept = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let keptContainer = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        var keptEngine: LayerEngine?
        var keptAnimations: AnimationEngine?
        let clock: ManualFrameClock
        do {
            let host = HeadlessHost(size: Size(width: 200, height: 200))
            clock = host.clock
            keptContainer.addSubview(kept)
            host.root.addSubview(keptContainer)
            host.runUntilIdle()
            #expect(kept.window === host.window && keptContainer.superview === host.root)
            keptEngine = host.runLoop.layers
            keptAnimations = host.runLoop.animations
            #expect(keptEngine?.runLoop === host.runLoop && keptAnimations?.runLoop === host.runLoop)
        }
        // The run loop went with the host; its engines, kept, read it as nil (they keep the
        // windows they animate, so those go when the engines do).
        #expect(keptEngine != nil && keptEngine?.runLoop == nil && keptAnimations?.runLoop == nil)
        clock.step()                                    // a clock kept past its loop runs no frame of it
        keptEngine = nil
        keptAnimations = nil
        // The window and its root view went too.
        #expect(kept.window == nil && keptContainer.window == nil && keptContainer.superview == nil)
        #expect(kept.superview === keptContainer)
        // A released host takes its window, run loop, engines and views along.
        expectFreed {
            let host = HeadlessHost(size: Size(width: 200, height: 200))
            let container = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            let child = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
            container.addSubview(child)
            host.root.addSubview(container)
            View.animate(withDuration: 0.1) { child.alpha = 0.5 }
            host.runUntilIdle()
            return [host, host.window, host.runLoop, host.runLoop.layers, host.runLoop.animations,
                    host.root, container, child, container.layer]
        }
    }
}
