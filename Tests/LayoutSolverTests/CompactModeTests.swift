import Testing
@testable import LayoutSolver

/// Compact mode: required equalities carry no marker until an operation needs one (see
/// `Solver.marksRequiredEqualities`). These tests hold it to what marked mode does.
@Suite("P3 compact required equalities")
struct CompactModeTests {
    /// A row of `n` fixed-size boxes chained left to right (x[i] = x[i-1] + w[i-1] + 2), the sizes
    /// added before or after the chain. Returns the solver and the lefts.
    func chain(_ n: Int, sizesFirst: Bool, marked: Bool = false) throws -> (Solver, [Variable]) {
        let s = Solver(checksInvariants: false, marksRequiredEqualities: marked)
        let x = (0..<n).map { s.makeVariable("x\($0)") }, w = (0..<n).map { s.makeVariable("w\($0)") }
        func sizes() throws { for v in w { try s.addConstraint(LinearExpression(v) - 10, .equal) } }
        if sizesFirst { try sizes() }
        try s.addConstraint(LinearExpression(x[0]), .equal)
        for i in 1..<n { try s.addConstraint(LinearExpression(x[i]) - x[i - 1] - w[i - 1] - 2, .equal) }
        if !sizesFirst { try sizes() }
        return (s, x)
    }

    @Test("P3: a chain's rows stay a few cells long in either order; with markers they grow with the chain")
    func P3_chainRowsStaySparse() throws {
        for sizesFirst in [true, false] {
            let (s, x) = try chain(2_000, sizesFirst: sizesFirst)
            #expect(!s.marksRequiredEqualities)
            #expect(s.cellCount <= s.rowCount, "sizes first: \(sizesFirst)")
            #expect(s.value(of: x[1_999]) == 1_999 * 12)
        }
        // The same chain in marked mode: each position's row holds the marker of every gap before it.
        let (marked, x) = try chain(200, sizesFirst: true, marked: true)
        #expect(marked.cellCount > 200 * 200 / 2)
        #expect(marked.value(of: x[199]) == 199 * 12)
    }

    @Test("P3: an equal-width row stays sparse: a row's subject is the variable in the fewest rows, not the lowest id")
    func P3_equalWidthRowStaysSparse() throws {
        // Each view's left and width made in turn, as the engine does. Widths equal to the
        // first, then the chain: solving each chain row for the first width (the lowest id)
        // would substitute that row into every width row, each growing with the chain.
        let n = 1_000
        let s = Solver(checksInvariants: false)
        var x: [Variable] = [], w: [Variable] = []
        for i in 0..<n { x.append(s.makeVariable("x\(i)")); w.append(s.makeVariable("w\(i)")) }
        for i in 1..<n { try s.addConstraint(LinearExpression(w[i]) - w[0], .equal) }
        try s.addConstraint(LinearExpression(x[0]), .equal)
        for i in 1..<n { try s.addConstraint(LinearExpression(x[i]) - x[i - 1] - w[i - 1], .equal) }
        #expect(s.cellCount <= 2 * s.rowCount, "before the last: \(s.cellCount) cells in \(s.rowCount) rows")
        #expect(s.rowsRewritten <= 2 * n, "\(s.rowsRewritten) rows rewritten while adding")
        try s.addConstraint(LinearExpression(x[n - 1]) + w[n - 1] - 800, .equal)
        #expect(abs(s.value(of: w[n - 1]) - 0.8) < 1e-9 && abs(s.value(of: x[n - 1]) - 799.2) < 1e-6)
    }

    @Test("A1: compact and marked modes reach the same values bit for bit, and name the same conflicts")
    func A1_compactMatchesMarked() throws {
        var compared = 0, conflicts = 0
        for (index, system) in oracleCorpus.enumerated() {
            var results: [[Double]] = [], failures: [[Int32]?] = []
            for marked in [false, true] {
                let s = Solver(marksRequiredEqualities: marked)
                let vars = (0..<system.n).map { s.makeVariable("x\($0)") }
                results.append([])
                failures.append(firstConflict(system.constraints, s, vars))
                results[results.count - 1] = vars.map { s.value(of: $0) }
            }
            #expect(failures[0] == failures[1], "system \(index)")
            if failures[0] == nil { #expect(results[0] == results[1], "system \(index)"); compared += 1 } else { conflicts += 1 }
        }
        #expect(compared >= 100 && conflicts >= 20)
    }

    /// Also in marked mode, where it caught a fault kiwi has: removing a constraint that made
    /// another required equality redundant left that one broken (system 41 of the corpus).
    @Test("A1/A9: removing a required equality or changing its constant gives the optimum a fresh solver finds",
          arguments: [false, true])
    func A1_removalAndConstantChange(marked: Bool) throws {
        var checked = 0
        for (index, system) in oracleCorpus.enumerated() where system.answer.feasible {
            let equalities = system.constraints.indices.filter { system.constraints[$0].op == "==" && system.constraints[$0].p >= 1000 }
            guard let target = equalities.first else { continue }
            let s = Solver(marksRequiredEqualities: marked)
            let vars = (0..<system.n).map { s.makeVariable("x\($0)") }
            let ids = try system.constraints.map { try s.addConstraint($0.expression(vars), $0.relation, priority: Priority($0.p)) }
            #expect(s.marksRequiredEqualities == marked)

            // Remove the first required equality (in compact mode, the solver switches once).
            try s.removeConstraint(ids[target])
            #expect(s.marksRequiredEqualities)
            #expect(s.invariantViolation() == nil)
            var rest = system.constraints
            rest.remove(at: target)
            expectSameOptimum(rest, s, vars, "system \(index) without c\(target)")

            // Change the constant of another required equality (or put the first back and move
            // it): compared with a fresh solver given the new constant, when that is feasible.
            if let other = equalities.dropFirst().first {
                let moved = system.constraints[other].k + 1
                var changed = rest
                let j = other - (other > target ? 1 : 0)
                changed[j] = .init(t: changed[j].t, k: moved, op: changed[j].op, p: changed[j].p)
                if (try? build(changed, system.n)) != nil {
                    try s.setConstant(ids[other], to: moved)
                    expectSameOptimum(changed, s, vars, "system \(index) with c\(other) moved")
                } else {
                    let before = vars.map { s.value(of: $0) }
                    #expect(throws: SolverError.self) { try s.setConstant(ids[other], to: moved) }
                    #expect(vars.map { s.value(of: $0) } == before, "system \(index): a refused constant changes nothing")
                }
            }
            checked += 1
        }
        #expect(checked >= 50)
    }

    @Test("A1: markers given later keep ids, labels, edit variables and their values")
    func A1_markersKeepState() throws {
        let s = Solver()
        let l = s.makeVariable("l"), m = s.makeVariable("m"), r = s.makeVariable("r")
        let mid = try s.addConstraint(2.0 * m - l - r, .equal, label: "mid")
        let gap = try s.addConstraint(LinearExpression(r) - l - 10, .equal, label: "gap")
        try s.addConstraint(LinearExpression(l), .greaterThanOrEqual, label: "l >= 0")
        try s.addEditVariable(m, priority: Priority(999))
        try s.suggestValue(m, 50)
        #expect(!s.hasMarker(mid) && !s.hasMarker(gap))
        #expect(abs(s.value(of: l) - 45) < 1e-9 && abs(s.value(of: r) - 55) < 1e-9)

        var changed: [Variable] = []
        s.takeChangedVariables(into: &changed)
        try s.setConstant(gap, to: -30)           // r = l + 30: the gap alone gets a marker
        #expect(s.hasMarker(gap) && !s.hasMarker(mid) && !s.marksRequiredEqualities)
        #expect(abs(s.value(of: l) - 35) < 1e-9 && abs(s.value(of: r) - 65) < 1e-9)
        changed.removeAll()
        s.takeChangedVariables(into: &changed)
        #expect(Set(changed.map(\.id)) == [l.id, m.id, r.id], "after a rebuild every variable is reported")
        #expect(s.label(of: mid) == "mid" && s.label(of: gap) == "gap" && s.constraintCount == 4)
        try s.setConstant(gap, to: -20)           // now through the marker, no rebuild
        #expect(abs(s.value(of: l) - 40) < 1e-9 && abs(s.value(of: r) - 60) < 1e-9)

        try s.suggestValue(m, 5)                  // the edit survives the rebuild
        #expect(abs(s.value(of: l) - 0) < 1e-9 && abs(s.value(of: m) - 10) < 1e-9)
        try s.removeConstraint(mid)               // removing a required equality marks them all
        #expect(s.marksRequiredEqualities && s.contains(gap) && !s.contains(mid))
        #expect(s.invariantViolation() == nil)
    }

    @Test("A9: past the budget of single markers, a constant change marks every required equality")
    func A9_markerBudget() throws {
        let s = Solver()
        let xs = (0...Solver.markerUpgradeBudget).map { s.makeVariable("x\($0)") }
        let ids = try xs.map { try s.addConstraint(LinearExpression($0) - 1, .equal) }
        for (k, id) in ids.enumerated() {
            try s.setConstant(id, to: -2)
            #expect(s.value(of: xs[k]) == 2)
            #expect(s.marksRequiredEqualities == (k == Solver.markerUpgradeBudget), "change \(k)")
        }
        #expect(ids.allSatisfy { s.hasMarker($0) })
    }

    /// Adds `constraints` until one conflicts; returns the slots of that conflict's set.
    func firstConflict(_ constraints: [OracleSystem.Constraint], _ s: Solver, _ vars: [Variable]) -> [Int32]? {
        for c in constraints {
            do {
                try s.addConstraint(c.expression(vars), c.relation, priority: Priority(c.p))
            } catch {
                guard case .unsatisfiable(_, _, let set) = error else { return [-1] }
                return set.map(\.slot)
            }
        }
        return nil
    }

    /// A fresh solver with `constraints` (throws when they conflict).
    func build(_ constraints: [OracleSystem.Constraint], _ n: Int) throws -> Solver {
        let s = Solver()
        let vars = (0..<n).map { s.makeVariable("x\($0)") }
        for c in constraints { try s.addConstraint(c.expression(vars), c.relation, priority: Priority(c.p)) }
        return s
    }

    /// `s` meets every required constraint of `constraints` and each tier's total violation is
    /// what a fresh solver reaches (values of ambiguous variables may differ; the optimum may not).
    func expectSameOptimum(_ constraints: [OracleSystem.Constraint], _ s: Solver, _ vars: [Variable], _ what: String) {
        guard let fresh = try? build(constraints, vars.count) else { Issue.record("\(what): the fresh build failed"); return }
        let ours = vars.map { s.value(of: $0) }
        let freshVars = (0..<vars.count).map { Variable(id: Int32($0)) }
        let theirs = freshVars.map { fresh.value(of: $0) }
        for c in constraints where c.p >= 1000 { #expect(c.violation(ours) <= 1e-6, "\(what): required constraint broken") }
        for p in Set(constraints.map(\.p)) where p < 1000 {
            let a = constraints.filter { $0.p == p }.reduce(0) { $0 + $1.violation(ours) }
            let b = constraints.filter { $0.p == p }.reduce(0) { $0 + $1.violation(theirs) }
            #expect(abs(a - b) <= 1e-6 * max(1, b), "\(what): tier \(p) violation \(a), fresh \(b)")
        }
    }
}
