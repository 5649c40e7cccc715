import Testing
import TimelineTestSupport
import Geometry
import LayoutSolver
@testable import Timeline
@testable import Views
@testable import Controls

/// The facts of one attribute of an explanation.
@MainActor
private func facts(_ e: LayoutExplanation, _ a: LayoutAttribute) -> [ConstraintFact] {
    e.attributes.first { $0.attribute == a }?.constraints ?? []
}

@Suite("IN5 explaining a view's constraints", .endsIdle)
@MainActor
struct ConstraintExplanationTests {
    @Test("IN5: each edge lists its constraints with priority, constant, multiplier, other item and binding or slack")
    func in5EdgesListed() throws {
        let host = makeHost()
        let v = View(identifier: "v")
        host.root.addSubview(v)
        let left = v.leadingAnchor.constraint(equalTo: host.root.leadingAnchor, constant: 12)
        let atLeast = v.leadingAnchor.constraint(greaterThanOrEqualTo: host.root.leadingAnchor, constant: 4)   // slack
        let right = v.trailingAnchor.constraint(lessThanOrEqualTo: host.root.trailingAnchor, constant: -10)
        right.priority = 750
        let width = v.widthAnchor.constraint(equalTo: host.root.widthAnchor, multiplier: 0.5)
        let height = v.heightAnchor.constraint(equalToConstant: 30)
        LayoutConstraint.activate([left, atLeast, right, width, height, v.topAnchor.constraint(equalTo: host.root.topAnchor, constant: 8)])
        host.runUntilIdle()
        let e = try #require(v.layoutExplanation())
        #expect(e.view == "v")
        #expect(e.frame == Rect(x: 12, y: 8, width: 200, height: 30))
        let lefts = facts(e, .left)
        #expect(lefts.count == 2)
        let l = try #require(lefts.first { $0.constraint === left })
        #expect(l.priority == 1000 && l.constant == 12 && l.multiplier == 1 && l.relation == .equal)
        #expect(l.attribute == .leading && l.otherItem == host.root.layoutName && l.otherAttribute == .leading && l.viewIsFirstItem)
        #expect(l.state == .binding)
        #expect(lefts.first { $0.constraint === atLeast }?.state == .slack)
        let r = try #require(facts(e, .right).first)
        #expect(r.priority == 750 && r.constant == -10 && r.state == .slack && r.offset < 0)
        let w = try #require(facts(e, .width).first)
        #expect(w.multiplier == 0.5 && w.otherAttribute == .width && w.state == .binding)
        #expect(facts(e, .height).first?.constant == 30)
        #expect(facts(e, .top).count == 1)
        #expect(e.attributes.first { $0.attribute == .width }?.value == 200)
        #expect(e.conflicts.isEmpty)
        #expect(e.ambiguity == nil)                                  // fully constrained
        #expect(!v.hasAmbiguousLayout)
        // The root sees the same constraints from the other side (it is their second item).
        let rootFacts = try #require(host.root.layoutExplanation())
        #expect(facts(rootFacts, .left).contains { $0.constraint === left && !$0.viewIsFirstItem && $0.otherItem == "v" })
        #expect(v.constraintsAffectingLayout(for: .horizontal).count == 4)
        #expect(v.constraintsAffectingLayout(for: .vertical).count == 2)
        #expect(host.isIdle)
    }

    @Test("IN5: the engine's own constraints are listed: intrinsic size with hugging and compression priorities")
    func in5EngineConstraintsListed() throws {
        let host = makeHost()
        let label = Label(text: "hello", identifier: "label")
        host.root.addSubview(label)
        LayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: host.root.leadingAnchor),
                                   label.topAnchor.constraint(equalTo: host.root.topAnchor)])
        host.runUntilIdle()
        let e = try #require(label.layoutExplanation())
        let widths = facts(e, .width)
        #expect(widths.count == 2)
        #expect(widths.allSatisfy { $0.origin == .intrinsicSize && $0.constraint == nil && $0.state == .binding })
        #expect(Set(widths.map(\.priority)) == [Double(label.contentHuggingPriority.horizontal), Double(label.contentCompressionResistancePriority.horizontal)])
        #expect(e.ambiguity == nil)
        // A view placed by its frame: the autoresizing translation, required and binding.
        let framed = View(frame: Rect(x: 5, y: 6, width: 7, height: 8))
        framed.identifier = "framed"
        host.root.addSubview(framed)
        LayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: framed.trailingAnchor, constant: 1)])
        host.runUntilIdle()
        let f = try #require(framed.layoutExplanation())
        #expect(facts(f, .width).contains { $0.origin == .autoresizing && $0.constant == 7 && $0.state == .binding && $0.priority == 1000 })
        #expect(facts(f, .right).contains { $0.otherItem == "label" && !$0.viewIsFirstItem })
        #expect(host.isIdle)
    }

    @Test("IN5: an unsatisfiable set is explained: the broken constraint named, the set it conflicts with, why")
    func in5UnsatisfiableExplained() throws {
        let host = makeHost()
        let v = View(identifier: "v")
        host.root.addSubview(v)
        let w100 = v.widthAnchor.constraint(equalToConstant: 100); w100.identifier = "w100"
        let pinL = v.leadingAnchor.constraint(equalTo: host.root.leadingAnchor, constant: 10); pinL.identifier = "pinL"
        let pinR = v.trailingAnchor.constraint(equalTo: host.root.leadingAnchor, constant: 60); pinR.identifier = "pinR"
        LayoutConstraint.activate([v.topAnchor.constraint(equalTo: host.root.topAnchor), v.heightAnchor.constraint(equalToConstant: 10),
                                   w100, pinL])
        host.runUntilIdle()
        LayoutConstraint.activate([pinR])                              // right at 60 with left 10 and width 100: no
        host.runUntilIdle()
        #expect(pinR.isBroken)
        let x = try #require(pinR.unsatisfiableExplanation)
        #expect(x.broken == "pinR")
        #expect(Set(x.conflicting.map(\.description)) == ["w100", "pinL"])
        #expect(x.conflicting.allSatisfy { $0.constraint != nil })
        #expect(x.offset == 50)                                        // right is at 110, it asked 60
        #expect(x.reason.contains("pinR") && x.reason.contains("off by 50"))
        let e = try #require(v.layoutExplanation())
        #expect(e.conflicts.count == 1 && e.conflicts.first?.broken == "pinR")
        #expect(facts(e, .right).first?.state == .broken)
        #expect(facts(e, .width).first?.state == .binding)
        // Once the conflict is gone the explanation goes with it.
        w100.isActive = false
        host.runUntilIdle()
        #expect(!pinR.isBroken && pinR.unsatisfiableExplanation == nil)
        #expect(v.layoutExplanation()?.conflicts.isEmpty == true)
        host.runLoop.diagnostics.removeAll()
        #expect(host.isIdle)
    }

    @Test("IN5: an ambiguous layout is found with an alternative frame that differs and keeps every required constraint")
    func in5AmbiguityAlternative() throws {
        let host = makeHost()
        let v = View(identifier: "v"), w = View(identifier: "w")
        host.root.addSubview(v); host.root.addSubview(w)
        LayoutConstraint.activate([
            // v: its x is only bounded (10...200), its width fixed; y and height fixed.
            v.leadingAnchor.constraint(greaterThanOrEqualTo: host.root.leadingAnchor, constant: 10),
            v.trailingAnchor.constraint(lessThanOrEqualTo: host.root.leadingAnchor, constant: 200),
            v.widthAnchor.constraint(equalToConstant: 50), v.topAnchor.constraint(equalTo: host.root.topAnchor, constant: 5),
            v.heightAnchor.constraint(equalToConstant: 20),
            // w follows v: v's ambiguity is w's too.
            w.leadingAnchor.constraint(equalTo: v.trailingAnchor, constant: 8), w.topAnchor.constraint(equalTo: v.bottomAnchor),
            w.widthAnchor.constraint(equalToConstant: 30), w.heightAnchor.constraint(equalToConstant: 30),
        ])
        host.runUntilIdle()
        #expect(v.hasAmbiguousLayout && w.hasAmbiguousLayout)
        let e = try #require(v.layoutExplanation())
        let a = try #require(e.ambiguity)
        #expect(a.attributes == [.left])
        #expect(a.frame == v.frame)
        #expect(a.alternativeFrame != a.frame)
        #expect(a.alternativeFrame.minY == 5 && a.alternativeFrame.width == 50 && a.alternativeFrame.height == 20)
        #expect(a.alternativeFrame.minX >= 10 && a.alternativeFrame.maxX <= 200)
        #expect(a.requiredChecked == 9 && a.violations.isEmpty)
        // UIKit's exerciseAmbiguityInLayout(): the view moves to the alternative, laid out in the next frame.
        let before = v.frame
        #expect(v.exerciseAmbiguityInLayout())
        host.runUntilIdle()
        #expect(v.frame != before && v.frame.minX >= 10 && v.frame.maxX <= 200 && v.frame.width == 50)
        #expect(w.frame.minX == v.frame.maxX + 8)
        #expect(host.window.layoutEngine.requiredConstraintViolations().isEmpty)
        #expect(v.hasAmbiguousLayout)                                 // still: the tie-break chose, nothing decided
        let again = try #require(v.layoutExplanation()?.ambiguity)    // and the alternative is found past it
        #expect(again.frame == v.frame && again.alternativeFrame != v.frame && again.violations.isEmpty)
        let second = v.frame
        #expect(v.exerciseAmbiguityInLayout())
        host.runUntilIdle()
        #expect(v.frame != second)
        // Fully constrained now: not ambiguous, no alternative, exercising moves nothing.
        let pin = v.leadingAnchor.constraint(equalTo: host.root.leadingAnchor, constant: 40)
        pin.isActive = true
        host.runUntilIdle()
        #expect(v.frame.minX == 40)
        #expect(!v.hasAmbiguousLayout && !w.hasAmbiguousLayout)
        #expect(v.layoutExplanation()?.ambiguity == nil)
        #expect(!v.exerciseAmbiguityInLayout())
        host.runUntilIdle()
        #expect(v.frame.minX == 40)
        // Leaving the window takes the exercise's tie-breaks along.
        v.removeFromSuperview()
        host.runUntilIdle()
        #expect(host.window.layoutEngine.solver.invariantViolation() == nil)
        #expect(host.isIdle)
    }

    @Test("IN5: a view with no position at all is ambiguous on both axes; its alternative moves it")
    func in5UnplacedView() throws {
        let host = makeHost()
        let loose = View(identifier: "loose")
        host.root.addSubview(loose)
        LayoutConstraint.activate([loose.widthAnchor.constraint(equalToConstant: 10), loose.heightAnchor.constraint(equalToConstant: 10)])
        host.runUntilIdle()
        let a = try #require(loose.layoutExplanation()?.ambiguity)
        #expect(Set(a.attributes) == [.left, .top])
        #expect(a.alternativeFrame.size == Size(width: 10, height: 10) && a.alternativeFrame.origin != a.frame.origin)
        #expect(View().layoutExplanation() == nil)                      // not in a window: nothing, no trap
        #expect(!View().exerciseAmbiguityInLayout())
        #expect(host.isIdle)
    }
}

@Suite("IN5 solver alternatives")
struct SolverAlternativeTests {
    @Test("IN5: a tie-break moves a variable only within the optimum of every real tier")
    func in5TieBreak() throws {
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y")
        try s.addConstraint(LinearExpression(x) - 10, .greaterThanOrEqual)
        try s.addConstraint(LinearExpression(x) - 100, .lessThanOrEqual)
        try s.addConstraint(LinearExpression(y) - 50, .equal, priority: Priority(1))    // the weakest real tier
        let start = s.value(of: x)
        let up = try #require(s.alternative(moving: x, toward: start + 1000))
        #expect(up.value(of: x) == 100)                                  // as far as the bound allows
        #expect(up.value(of: y) == 50)                                   // no real tier gives way
        let pulled = try #require(s.alternative(moving: y, toward: 0))
        #expect(pulled.value(of: y) == 50)                               // y is decided: not ambiguous
        #expect(s.value(of: x) == start)                                 // the original is untouched
        #expect(s.isAmbiguous(x) && !s.isAmbiguous(y))
        let pin = try s.addTieBreak(x, toward: 42)
        #expect(s.value(of: x) == 42)
        #expect(s.isAmbiguous(x))                                        // the tie-break decides nothing
        try s.removeConstraint(pin)
        #expect(s.alternative(moving: x, toward: .nan) == nil)
        #expect(throws: SolverError.self) { try s.addConstraint(LinearExpression(x), .equal, priority: Priority(Solver.tieBreakPriority)) }
        #expect(s.invariantViolation() == nil && up.invariantViolation() == nil)
    }
}
