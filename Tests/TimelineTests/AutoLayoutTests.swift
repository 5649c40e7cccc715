import Testing
import TimelineTestSupport
import Geometry
import LayoutSolver
@testable import Timeline
@testable import Views
@testable import Controls
@testable import Scrolling
@testable import Lists
@testable import Navigation

@Suite("A2-A9 Auto Layout in the engine", .endsIdle)
@MainActor
struct AutoLayoutTests {
    @Test("A2: anchors with constants and multipliers lay out in UIKit coordinates (y down, leading = left)")
    func A2_anchors() {
        let host = makeHost(width: 400, height: 300)
        let a = View(identifier: "a"), b = View(identifier: "b")
        host.root.addSubview(a); host.root.addSubview(b)
        let w = a.widthAnchor.constraint(equalTo: host.root.widthAnchor, multiplier: 0.25)
        w.identifier = "quarter"
        LayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: host.root.leadingAnchor, constant: 10),
            a.topAnchor.constraint(equalTo: host.root.topAnchor, constant: 20),
            w, a.heightAnchor.constraint(equalToConstant: 50),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 5),
            b.centerYAnchor.constraint(equalTo: a.centerYAnchor),
            b.widthAnchor.constraint(equalTo: a.widthAnchor, multiplier: 2, constant: -10),
            b.bottomAnchor.constraint(equalTo: host.root.bottomAnchor, constant: -200),
        ])
        host.runUntilIdle()
        #expect(a.frame == Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(b.frame == Rect(x: 115, y: -10, width: 190, height: 110))   // centred on a (45), bottom at 100
        #expect(w.identifier == "quarter" && w.isActive)
        #expect(host.window.layoutEngine.requiredConstraintViolations().isEmpty)
        #expect(host.isIdle)
    }

    @Test("A2: baselines come from the label's font metrics")
    func A2_baselines() {
        let host = makeHost()
        let big = Label(text: "Big", fontSize: 40, identifier: "big"), small = Label(text: "small", fontSize: 12, identifier: "small")
        host.root.addSubview(big); host.root.addSubview(small)
        LayoutConstraint.activate([
            big.leadingAnchor.constraint(equalTo: host.root.leadingAnchor), big.topAnchor.constraint(equalTo: host.root.topAnchor, constant: 10),
            small.leadingAnchor.constraint(equalTo: big.trailingAnchor, constant: 4),
            small.firstBaselineAnchor.constraint(equalTo: big.firstBaselineAnchor),
        ])
        host.runUntilIdle()
        // Baselines from the text engine: the first line's baseline is the font's ascender down.
        let m = host.window.fontSystem
        #expect(abs((big.frame.minY + m.metrics(for: .systemFont(ofSize: 40)).ascender)
                    - (small.frame.minY + m.metrics(for: .systemFont(ofSize: 12)).ascender)) < 1e-9)
        #expect(host.isIdle)
    }

    @Test("A3: intrinsic size with hugging and compression resistance decides who gives way")
    func A3_huggingAndCompression() {
        let host = makeHost(width: 300, height: 100)
        host.window.fontSystem = .fixed()                                          // 6 points a character
        let container = View(identifier: "container")
        host.root.addSubview(container)
        let left = Label(text: "aaaaaaaaaa", fontSize: 10, identifier: "left")    // 60 wide
        let right = Label(text: "bbbbbbbbbb", fontSize: 10, identifier: "right")  // 60 wide
        container.addSubview(left); container.addSubview(right)
        right.contentHuggingPriority.horizontal = 251                              // right hugs harder
        left.contentCompressionResistancePriority.horizontal = 749                 // left resists less
        let width = container.widthAnchor.constraint(equalToConstant: 200)
        LayoutConstraint.activate([
            container.leadingAnchor.constraint(equalTo: host.root.leadingAnchor), container.topAnchor.constraint(equalTo: host.root.topAnchor),
            container.heightAnchor.constraint(equalToConstant: 40), width,
            left.leadingAnchor.constraint(equalTo: container.leadingAnchor), left.topAnchor.constraint(equalTo: container.topAnchor),
            right.leadingAnchor.constraint(equalTo: left.trailingAnchor, constant: 8), right.topAnchor.constraint(equalTo: container.topAnchor),
            right.trailingAnchor.constraint(equalTo: container.trailingAnchor),
        ])
        host.runUntilIdle()
        #expect(left.frame.width == 132 && right.frame.width == 60)             // the weaker hugger grows
        #expect(left.frame.height == 12)                                          // height from the font metrics
        width.constant = 100
        host.runUntilIdle()
        #expect(left.frame.width == 32 && right.frame.width == 60)              // the weaker resister shrinks
        left.text = "a"                                                           // intrinsic size changes
        width.constant = 200
        host.runUntilIdle()
        #expect(left.frame.width == 132)
        #expect(host.isIdle)
    }

    @Test("A4: the safe-area guide follows the window's insets; margins are 8 points and directional")
    func A4_guides() {
        let host = makeHost(width: 400, height: 300)
        host.window.safeAreaInsets = EdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
        let bar = View(identifier: "bar"), inner = View(identifier: "inner")
        host.root.addSubview(bar); bar.addSubview(inner)
        bar.directionalLayoutMargins = DirectionalEdgeInsets(top: 4, leading: 16, bottom: 4, trailing: 24)
        let safe = host.root.safeAreaLayoutGuide
        LayoutConstraint.activate([
            bar.topAnchor.constraint(equalTo: safe.topAnchor), bar.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
            bar.trailingAnchor.constraint(equalTo: safe.trailingAnchor), bar.heightAnchor.constraint(equalToConstant: 50),
            inner.leadingAnchor.constraint(equalTo: bar.layoutMarginsGuide.leadingAnchor),
            inner.trailingAnchor.constraint(equalTo: bar.layoutMarginsGuide.trailingAnchor),
            inner.topAnchor.constraint(equalTo: bar.layoutMarginsGuide.topAnchor),
            inner.bottomAnchor.constraint(equalTo: bar.layoutMarginsGuide.bottomAnchor),
        ])
        host.runUntilIdle()
        #expect(bar.frame == Rect(x: 0, y: 44, width: 400, height: 50))
        #expect(inner.frame == Rect(x: 16, y: 4, width: 360, height: 42))
        #expect(safe.layoutFrame == Rect(x: 0, y: 44, width: 400, height: 222))
        host.window.safeAreaInsets = EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        host.runUntilIdle()
        #expect(bar.frame.minY == 20)
        #expect(host.isIdle)
    }

    @Test("A4: a view's own safe area is its bounds clipped to the root's safe area")
    func A4_innerSafeArea() {
        let host = makeHost(width: 400, height: 300)
        host.window.safeAreaInsets = EdgeInsets(top: 40, left: 0, bottom: 0, right: 0)
        let card = View(identifier: "card", frame: Rect(x: 50, y: 0, width: 100, height: 100))
        let content = View(identifier: "content")
        host.root.addSubview(card); card.addSubview(content)
        LayoutConstraint.activate([
            content.topAnchor.constraint(equalTo: card.safeAreaLayoutGuide.topAnchor),
            content.leadingAnchor.constraint(equalTo: card.leadingAnchor), content.widthAnchor.constraint(equalToConstant: 10),
            content.bottomAnchor.constraint(equalTo: card.safeAreaLayoutGuide.bottomAnchor),
        ])
        host.runUntilIdle()
        #expect(content.frame == Rect(x: 0, y: 40, width: 10, height: 60))
        #expect(host.isIdle)
    }

    @Test("A5: constraints act on alignment rects; the conversions are inverse")
    func A5_alignmentRects() {
        let host = makeHost()
        let badge = View(identifier: "badge")
        badge.alignmentRectInsets = EdgeInsets(top: 5, left: 5, bottom: 0, right: 10)   // a shadow or badge
        host.root.addSubview(badge)
        LayoutConstraint.activate([
            badge.leadingAnchor.constraint(equalTo: host.root.leadingAnchor, constant: 20),
            badge.topAnchor.constraint(equalTo: host.root.topAnchor, constant: 20),
            badge.widthAnchor.constraint(equalToConstant: 100), badge.heightAnchor.constraint(equalToConstant: 50),
        ])
        host.runUntilIdle()
        #expect(badge.frame == Rect(x: 15, y: 15, width: 115, height: 55))
        #expect(badge.alignmentRect(forFrame: badge.frame) == Rect(x: 20, y: 20, width: 100, height: 50))
        #expect(badge.frame(forAlignmentRect: badge.alignmentRect(forFrame: badge.frame)) == badge.frame)
        #expect(host.isIdle)
    }

    @Test("A6: views with frames keep them and follow their autoresizing mask; constraints can refer to them")
    func A6_autoresizing() {
        let host = makeHost(width: 400, height: 300)
        let stretchy = View(frame: Rect(x: 10, y: 10, width: 380, height: 50))
        stretchy.autoresizingMask = [.flexibleWidth]
        let pinned = View(frame: Rect(x: 350, y: 250, width: 40, height: 40))
        pinned.autoresizingMask = [.flexibleLeftMargin, .flexibleTopMargin]
        let follower = View(identifier: "follower")
        host.root.addSubview(stretchy); host.root.addSubview(pinned); host.root.addSubview(follower)
        LayoutConstraint.activate([
            follower.leadingAnchor.constraint(equalTo: pinned.leadingAnchor), follower.bottomAnchor.constraint(equalTo: pinned.topAnchor),
            follower.widthAnchor.constraint(equalToConstant: 5), follower.heightAnchor.constraint(equalToConstant: 5),
        ])
        host.runUntilIdle()
        #expect(follower.frame == Rect(x: 350, y: 245, width: 5, height: 5))
        host.window.resize(to: Size(width: 600, height: 400))
        host.runUntilIdle()
        #expect(stretchy.frame == Rect(x: 10, y: 10, width: 580, height: 50))
        #expect(pinned.frame == Rect(x: 550, y: 350, width: 40, height: 40))
        #expect(follower.frame == Rect(x: 550, y: 345, width: 5, height: 5))
        #expect(host.isIdle)
    }

    @Test("A7: conflicting required constraints are reported with the set and the broken one; the rest is laid out")
    func A7_unsatisfiable() {
        let host = makeHost()
        let v = View(identifier: "v")
        host.root.addSubview(v)
        let w100 = v.widthAnchor.constraint(equalToConstant: 100); w100.identifier = "w100"
        let w200 = v.widthAnchor.constraint(equalToConstant: 200); w200.identifier = "w200"
        LayoutConstraint.activate([
            v.leadingAnchor.constraint(equalTo: host.root.leadingAnchor, constant: 7),
            v.topAnchor.constraint(equalTo: host.root.topAnchor), v.heightAnchor.constraint(equalToConstant: 10), w100, w200,
        ])
        host.runUntilIdle()
        let reports = host.runLoop.diagnostics.entries(of: .unsatisfiableConstraints)
        #expect(reports.count == 1)
        #expect(reports.first?.brokenConstraint == "w200")
        #expect(Set(reports.first?.constraints ?? []) == ["w100", "w200"])
        #expect(reports.first?.message.contains("Will attempt to recover by breaking constraint") == true)
        #expect(w200.isBroken && !w100.isBroken)
        #expect(v.frame == Rect(x: 7, y: 0, width: 100, height: 10))
        #expect(host.window.layoutEngine.requiredConstraintViolations().isEmpty)   // U8 holds for the unbroken ones
        w100.isActive = false                                                        // the broken one fits now
        host.runUntilIdle()
        #expect(!w200.isBroken && v.frame.width == 200)
        #expect(host.isIdle)
    }

    @Test("A7: lowering a conflicting required constraint's priority lets the broken one back in")
    func A7_priorityChangeRetriesBroken() {
        let host = makeHost()
        let v = View(identifier: "v")
        host.root.addSubview(v)
        let w100 = v.widthAnchor.constraint(equalToConstant: 100), w200 = v.widthAnchor.constraint(equalToConstant: 200)
        LayoutConstraint.activate([v.leadingAnchor.constraint(equalTo: host.root.leadingAnchor), v.topAnchor.constraint(equalTo: host.root.topAnchor),
                                   v.heightAnchor.constraint(equalToConstant: 10), w100, w200])
        host.runUntilIdle()
        #expect(w200.isBroken && v.frame.width == 100)
        w100.priority = 500
        host.runUntilIdle()
        #expect(!w200.isBroken && v.frame.width == 200)
        #expect(host.isIdle)
    }

    @Test("A7: a constraint between views with no common ancestor and a NaN constant are errors naming them")
    func A7_invalidConstraints() {
        let host = makeHost()
        let a = View(identifier: "a"), loose = View(identifier: "loose")
        host.root.addSubview(a)
        #expect(throws: LayoutError.noCommonAncestor(constraint: a.leadingAnchor.constraint(equalTo: loose.leadingAnchor).description, first: "a", second: "loose")) {
            try LayoutConstraint.activateChecked([a.leadingAnchor.constraint(equalTo: loose.leadingAnchor)])
        }
        let nan = a.widthAnchor.constraint(equalToConstant: .nan)
        #expect(throws: LayoutError.self) { try LayoutConstraint.activateChecked([nan]) }
        LayoutConstraint.activate([nan])
        #expect(!nan.isActive)
        #expect(host.runLoop.diagnostics.entries(of: .invalidConstraint).count == 1)
        host.runUntilIdle()
        #expect(host.isIdle)
    }

    @Test("A8: hasAmbiguousLayout and the ambiguity report find underconstrained views")
    func A8_ambiguity() {
        let host = makeHost()
        let loose = View(identifier: "loose"), fixed = View(identifier: "fixed"), sized = Label(text: "hi", identifier: "sized")
        host.root.addSubview(loose); host.root.addSubview(fixed); host.root.addSubview(sized)
        LayoutConstraint.activate([
            loose.widthAnchor.constraint(equalToConstant: 10), loose.heightAnchor.constraint(equalToConstant: 10),  // no position
            fixed.leadingAnchor.constraint(equalTo: host.root.leadingAnchor), fixed.topAnchor.constraint(equalTo: host.root.topAnchor),
            fixed.widthAnchor.constraint(equalToConstant: 10), fixed.heightAnchor.constraint(equalToConstant: 10),
            sized.leadingAnchor.constraint(equalTo: fixed.trailingAnchor), sized.topAnchor.constraint(equalTo: fixed.bottomAnchor),
        ])
        host.runUntilIdle()
        #expect(loose.hasAmbiguousLayout)
        #expect(!fixed.hasAmbiguousLayout)
        #expect(!sized.hasAmbiguousLayout)   // its intrinsic size settles width and height
        #expect(host.window.layoutEngine.ambiguousViews().map(\.traceName) == ["loose"])
        #expect(host.isIdle)
    }

    @Test("A9: a constant change goes through the edit path: same solver constraint, no re-add")
    func A9_constantThroughEditPath() {
        let host = makeHost()
        let v = View(identifier: "v")
        host.root.addSubview(v)
        let left = v.leadingAnchor.constraint(equalTo: host.root.leadingAnchor, constant: 0)
        LayoutConstraint.activate([left, v.topAnchor.constraint(equalTo: host.root.topAnchor),
                                   v.widthAnchor.constraint(equalToConstant: 20), v.heightAnchor.constraint(equalToConstant: 20)])
        host.runUntilIdle()
        let solver = host.window.layoutEngine.solver
        let id = left.solverID
        let count = solver.constraintCount
        for x in 1...30 {
            left.constant = Double(x)
            host.step()
            #expect(v.frame.minX == Double(x))
        }
        #expect(left.solverID == id)
        #expect(solver.constraintCount == count)
        host.runUntilIdle()
        #expect(host.isIdle)
    }

    @Test("U8: after every layout pass, frames agree with the active required constraints")
    func U8_framesAgreeWithConstraints() {
        let host = makeHost(width: 640, height: 480)
        var views: [View] = []
        var previous = host.root
        for i in 0..<12 {
            let v = i % 3 == 0 ? Label(text: String(repeating: "x", count: i + 1), identifier: "v\(i)") : View(identifier: "v\(i)")
            (i % 4 == 0 ? host.root : previous).addSubview(v)
            LayoutConstraint.activate([
                v.leadingAnchor.constraint(equalTo: previous.leadingAnchor, constant: 3),
                v.topAnchor.constraint(equalTo: previous === host.root ? host.root.topAnchor : previous.bottomAnchor, constant: 2),
                v.widthAnchor.constraint(lessThanOrEqualTo: host.root.widthAnchor, multiplier: 0.5),
                v.heightAnchor.constraint(greaterThanOrEqualToConstant: 10),
            ])
            views.append(v)
            previous = v
        }
        for size in [Size(width: 640, height: 480), Size(width: 300, height: 200), Size(width: 1000, height: 90)] {
            host.window.resize(to: size)
            host.runUntilIdle()
            #expect(host.window.layoutEngine.requiredConstraintViolations().isEmpty, "at \(size)")
        }
        #expect(host.isIdle)
    }

    @Test("A7/Z1: the conflict path never crashes, whatever the multiplier (a fuzzer's find)",
          arguments: [1e9, 1e10, 1e12, 1e300])
    func A7_conflictWithHugeMultipliers(multiplier: Double) {
        let host = makeHost()
        let a = View(identifier: "a"), b = View(identifier: "b"), c = View(identifier: "c")
        for v in [a, b, c] { host.root.addSubview(v) }
        // The fuzzed input: the failed first phase used to name a symbol made after the tableau
        // was saved, and reading the conflict set indexed past the restored tableau.
        // Positions with multipliers: the run-time initialiser (anchors allow multipliers on lengths only).
        LayoutConstraint.activate([
            LayoutConstraint(item: b, attribute: .lastBaseline, relatedBy: .lessThanOrEqual,
                             toItem: a.safeAreaLayoutGuide, attribute: .firstBaseline, multiplier: 0.5),
            LayoutConstraint(item: a, attribute: .centerY, relatedBy: .greaterThanOrEqual,
                             toItem: c.safeAreaLayoutGuide, attribute: .lastBaseline, multiplier: multiplier),
        ])
        host.runUntilIdle()
        #expect(host.isIdle)
    }

    @Test("U3: removing a view deactivates the constraints tying it to the outside")
    func U3_removalDeactivatesOutsideConstraints() {
        let host = makeHost()
        let a = View(identifier: "a"), b = View(identifier: "b")
        host.root.addSubview(a); host.root.addSubview(b)
        let tie = b.leadingAnchor.constraint(equalTo: a.trailingAnchor)
        LayoutConstraint.activate([tie, a.widthAnchor.constraint(equalToConstant: 10)])
        host.runUntilIdle()
        b.removeFromSuperview()
        #expect(!tie.isActive)
        host.runUntilIdle()
        #expect(host.isIdle)
    }
}
