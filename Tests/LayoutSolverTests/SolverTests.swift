import Testing
@testable import LayoutSolver

@Suite("A1 solver: textbook cases")
struct SolverTextbookTests {
    @Test("A1: a required equality fixes a variable")
    func A1_requiredEquality() throws {
        let s = Solver()
        let x = s.makeVariable("x")
        try s.addConstraint(LinearExpression(x) - 10, .equal)
        #expect(s.value(of: x) == 10)
        #expect(s.invariantViolation() == nil)
    }

    @Test("A1: inequalities bound a weak preference")
    func A1_inequalitiesBoundPreference() throws {
        let s = Solver()
        let x = s.makeVariable("x")
        try s.addConstraint(LinearExpression(x) - 100, .lessThanOrEqual)        // x <= 100
        try s.addConstraint(LinearExpression(x) - 10, .greaterThanOrEqual)      // x >= 10
        let pref = try s.addConstraint(LinearExpression(x) - 500, .equal, priority: .defaultLow)
        #expect(s.value(of: x) == 100)
        try s.setConstant(pref, to: 0)                                   // prefer x == 0
        #expect(s.value(of: x) == 10)
        try s.setConstant(pref, to: -50)                                  // prefer x == 50
        #expect(abs(s.value(of: x) - 50) < 1e-9)
        #expect(s.invariantViolation() == nil)
    }

    @Test("A1: the classic left/mid/right system (Badros, Borning, Stuckey)")
    func A1_classicMidpoint() throws {
        let s = Solver()
        let l = s.makeVariable("l"), m = s.makeVariable("m"), r = s.makeVariable("r")
        try s.addConstraint(2.0 * m - l - r, .equal)                                      // m = (l + r) / 2
        try s.addConstraint(LinearExpression(r) - l - 10, .greaterThanOrEqual)                   // r >= l + 10
        try s.addConstraint(LinearExpression(r) - 100, .lessThanOrEqual)                         // r <= 100
        try s.addConstraint(LinearExpression(l), .greaterThanOrEqual)                            // l >= 0
        try s.addEditVariable(m, priority: Priority(999))
        try s.suggestValue(m, 3)
        #expect(abs(s.value(of: m) - 5) < 1e-9)   // m can't go below 5 (l >= 0, r >= l + 10)
        try s.suggestValue(m, 50)
        #expect(abs(s.value(of: m) - 50) < 1e-9)
        #expect(abs((s.value(of: l) + s.value(of: r)) / 2 - 50) < 1e-9)
        try s.suggestValue(m, 99)
        #expect(abs(s.value(of: m) - 95) < 1e-9)  // r <= 100, l <= r - 10
        #expect(s.invariantViolation() == nil)
    }

    @Test("A1: a higher optional priority wins over any number of lower ones")
    func A1_tiersAreLexicographic() throws {
        let s = Solver()
        let x = s.makeVariable("x")
        for _ in 0..<200 { try s.addConstraint(LinearExpression(x) - 100, .equal, priority: Priority(250)) }
        try s.addConstraint(LinearExpression(x), .equal, priority: Priority(251))
        #expect(s.value(of: x) == 0)
        let y = s.makeVariable("y")
        for _ in 0..<500 { try s.addConstraint(LinearExpression(y) - 7, .equal, priority: Priority(998)) }
        try s.addConstraint(LinearExpression(y) - 3, .equal, priority: Priority(999))
        #expect(s.value(of: y) == 3)
    }

    @Test("A1: removing a constraint gives back the previous solution")
    func A1_removeRestores() throws {
        let s = Solver()
        let x = s.makeVariable("x")
        try s.addConstraint(LinearExpression(x) - 20, .equal, priority: .defaultLow)
        let strong = try s.addConstraint(LinearExpression(x) - 40, .equal, priority: .defaultHigh)
        #expect(s.value(of: x) == 40)
        try s.removeConstraint(strong)
        #expect(s.value(of: x) == 20)
        #expect(throws: SolverError.unknownConstraint(strong)) { try s.removeConstraint(strong) }
    }

    @Test("A7: conflicting required constraints throw with the conflicting set and leave the solver usable")
    func A7_conflictingSet() throws {
        let s = Solver()
        let x = s.makeVariable("x"), y = s.makeVariable("y"), z = s.makeVariable("z")
        let c1 = try s.addConstraint(LinearExpression(x) - 10, .equal, label: "x=10")
        let c2 = try s.addConstraint(LinearExpression(y) - x - 5, .equal, label: "y=x+5")
        let unrelated = try s.addConstraint(LinearExpression(z) - 1, .equal, label: "z=1")
        var thrown: SolverError?
        do { try s.addConstraint(LinearExpression(y) - 20, .equal, label: "y=20") } catch { thrown = error }
        guard case .unsatisfiable(_, let label, let set)? = thrown else { Issue.record("no conflict"); return }
        #expect(label == "y=20")
        #expect(set.contains(c1) && set.contains(c2) && !set.contains(unrelated) && set.count == 3)
        // A new solver is compact (no markers on required equalities); naming a conflict needs
        // them, so the conflict switched it to marked mode, with the values kept.
        #expect(s.marksRequiredEqualities)
        #expect(s.value(of: y) == 15)
        #expect(s.invariantViolation() == nil)
    }

    @Test("A7: an inequality conflict found through the artificial variable leaves the solver unchanged")
    func A7_artificialConflict() throws {
        let s = Solver()
        let x = s.makeVariable("x")
        let lo = try s.addConstraint(LinearExpression(x) - 10, .greaterThanOrEqual, label: "x>=10")
        try s.addConstraint(LinearExpression(x) - 15, .equal, priority: .defaultLow)
        var thrown: SolverError?
        do { try s.addConstraint(LinearExpression(x) - 5, .lessThanOrEqual, label: "x<=5") } catch { thrown = error }
        guard case .unsatisfiable(_, _, let set)? = thrown else { Issue.record("no conflict"); return }
        #expect(set.contains(lo))
        #expect(s.value(of: x) == 15)
        #expect(s.invariantViolation() == nil)
        try s.addConstraint(LinearExpression(x) - 12, .lessThanOrEqual, label: "x<=12")
        #expect(s.value(of: x) == 12)
    }

    @Test("A9: a constant change of a required constraint that conflicts is undone")
    func A9_conflictingConstantIsUndone() throws {
        let s = Solver()
        let x = s.makeVariable("x")
        try s.addConstraint(LinearExpression(x) - 10, .greaterThanOrEqual, label: "x>=10")
        let eq = try s.addConstraint(LinearExpression(x) - 20, .equal, label: "x=c")
        #expect(throws: SolverError.self) { try s.setConstant(eq, to: -5) }
        #expect(s.value(of: x) == 20)
        try s.setConstant(eq, to: -30)
        #expect(s.value(of: x) == 30)
        #expect(s.invariantViolation() == nil)
    }
}
