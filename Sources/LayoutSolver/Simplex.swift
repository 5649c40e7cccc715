// Part of the solver: see Solver.swift for the design.

extension Solver.Core {
    // MARK: Objective tiers

    func levelIndex(_ priority: Double) -> Int? {
        var lo = 0, hi = tableau.levels.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if tableau.levels[mid].priority == priority { return mid }
            if tableau.levels[mid].priority > priority { lo = mid + 1 } else { hi = mid }
        }
        return nil
    }

    mutating func retainLevel(_ priority: Double) {
        if let i = levelIndex(priority) { tableau.levels[i].users += 1; return }
        let i = tableau.levels.firstIndex(where: { $0.priority < priority }) ?? tableau.levels.count
        tableau.levels.insert(Level(priority: priority, users: 1), at: i)
    }

    mutating func releaseLevel(_ priority: Double) {
        guard let i = levelIndex(priority) else { return }
        tableau.levels[i].users -= 1
        if tableau.levels[i].users == 0 { tableau.levels.remove(at: i) }
    }

    mutating func addToObjective(_ priority: Double, _ s: Int32, _ weight: Double) {
        if levelIndex(priority) == nil {
            let i = tableau.levels.firstIndex(where: { $0.priority < priority }) ?? tableau.levels.count
            tableau.levels.insert(Level(priority: priority, users: 0), at: i)
        }
        objectiveAdd(levelIndex(priority)!, s, weight)
    }

    /// Whether every tier's reduced cost of `s` is zero. The tie-break tier is left out: it only
    /// chooses among solutions the real tiers find equally good (Alternatives.swift).
    func reducedCostIsZero(_ s: Int32) -> Bool {
        for level in tableau.levels where level.priority != Solver.tieBreakPriority && !nearZero(level.row.coefficients[s] ?? 0) {
            return false
        }
        return true
    }

    /// The entering symbol for the primal simplex: the lowest id whose reduced-cost vector is
    /// lexicographically negative.
    func enteringSymbol() -> Int32? {
        if let art = tableau.artificial {
            var best: Int32 = .max
            for (s, c) in art.coefficients where c < -Solver.epsilon && tableau.kinds[Int(s)] != .dummy && s < best { best = s }
            return best == .max ? nil : best
        }
        var best: Int32 = .max
        for li in tableau.levels.indices {
            for (s, c) in tableau.levels[li].row.coefficients where c < -Solver.epsilon && s < best && tableau.kinds[Int(s)] != .dummy {
                var higherZero = true
                for lj in 0..<li where !nearZero(tableau.levels[lj].row.coefficients[s] ?? 0) { higherZero = false; break }
                if higherZero { best = s }
            }
        }
        return best == .max ? nil : best
    }


    // MARK: Simplex

    /// The primal simplex on the objective tiers (or on the artificial row while one exists).
    ///
    /// Each step takes the entering symbol (lowest id with a lexicographically negative
    /// reduced-cost vector: Bland's rule, so it cannot cycle), then the leaving row by the ratio
    /// test over restricted rows where the entering symbol's coefficient is negative (the row that
    /// hits zero first as it grows), ties to the lowest basic symbol. No such row means the
    /// objective is unbounded, which the error symbols' bounds rule out: an internal error.
    mutating func optimize() throws(SolverError) {
        while let entering = enteringSymbol() {
            var leaving: Int32 = -1
            var best = Double.infinity
            var bestBasic: Int32 = .max
            for r in rowsContaining(entering) {
                let row = tableau.rows[Int(r)]
                guard tableau.kinds[Int(row.basic)] != .external else { continue }
                let c = coefficient(r, entering)
                guard c < 0 else { continue }
                let ratio = -row.constant / c
                // Exact comparisons: the choice must not depend on the column set's iteration order.
                if ratio < best || (ratio == best && row.basic < bestBasic) {
                    best = ratio; leaving = r; bestBasic = row.basic
                }
            }
            guard leaving >= 0 else { throw .internalError("the objective is unbounded") }
            pivot(leaving, entering: entering)
        }
    }

    /// The dual simplex after constants changed: restores feasibility while keeping optimality.
    /// Returns the row that cannot be made feasible (a required conflict), if any.
    ///
    /// Each step takes the infeasible restricted row with the lowest basic symbol (a restricted
    /// basic below zero), and the entering symbol among its positive cells whose reduced-cost
    /// vector over the coefficient is lexicographically lowest (the dual ratio test across tiers),
    /// ties to the lowest id; pivoting makes the row feasible without losing optimality. A row
    /// with no positive cell cannot rise to zero: its constraints conflict.
    mutating func dualOptimize() -> Int32? {
        while !tableau.infeasible.isEmpty {
            var mi = 0
            for i in tableau.infeasible.indices where tableau.infeasible[i] < tableau.infeasible[mi] { mi = i }
            let leavingSymbol = tableau.infeasible.swapRemove(at: mi)
            let r = tableau.rowOf[Int(leavingSymbol)]
            guard r >= 0 else { continue }
            if tableau.kinds[Int(leavingSymbol)] == .dummy {
                // A basic dummy is a redundant required equality; its row holds only dummies, so
                // no pivot can move it off 0: any other value is a conflict.
                if nearZero(tableau.rows[Int(r)].constant) { continue }
                tableau.infeasible.removeAll(keepingCapacity: true)
                return r
            }
            guard tableau.rows[Int(r)].constant < -Solver.epsilon else { continue }
            var entering: Int32 = -1
            var enteringCoefficient = 0.0
            for cell in tableau.rows[Int(r)].cells where cell.coefficient > Solver.epsilon && tableau.kinds[Int(cell.symbol)] != .dummy {
                if entering < 0 || ratioIsLower(cell, than: entering, enteringCoefficient) {
                    entering = cell.symbol
                    enteringCoefficient = cell.coefficient
                }
            }
            if entering < 0 {
                tableau.infeasible.removeAll(keepingCapacity: true)
                return r
            }
            pivot(r, entering: entering)
        }
        return nil
    }

    /// Whether `cell`'s ratio vector (reduced costs over its coefficient) is lexicographically below
    /// that of `best` with coefficient `bestCoefficient`; ties go to the lower symbol id.
    func ratioIsLower(_ cell: Cell, than best: Int32, _ bestCoefficient: Double) -> Bool {
        for level in tableau.levels {
            let a = (level.row.coefficients[cell.symbol] ?? 0) / cell.coefficient
            let b = (level.row.coefficients[best] ?? 0) / bestCoefficient
            if a < b { return true }
            if a > b { return false }
        }
        return cell.symbol < best
    }

    /// Applies a change of a constraint's expression constant by `delta` to the tableau.
    mutating func shiftConstant(_ rec: Record, by delta: Double) {
        let shift = delta * rec.rowSign / rec.markerCoefficient
        if tableau.rowOf[Int(rec.marker)] >= 0 {
            let r = tableau.rowOf[Int(rec.marker)]
            tableau.rows[Int(r)].constant -= shift
            if tableau.rows[Int(r)].constant < 0 || tableau.kinds[Int(rec.marker)] == .dummy { tableau.infeasible.append(rec.marker) }
            return
        }
        if rec.other >= 0, tableau.rowOf[Int(rec.other)] >= 0 {
            let r = tableau.rowOf[Int(rec.other)]
            tableau.rows[Int(r)].constant += shift
            if tableau.rows[Int(r)].constant < 0 { tableau.infeasible.append(rec.other) }
            return
        }
        _ = rowsContaining(rec.marker)
        Self.shiftRows(&tableau, scratch, scratchCoefficients, shift)
        // A dummy marker in a redundant row is basic and handled above; a dummy row going non-zero
        // is a conflict the dual simplex reports.
    }

    static func shiftRows(_ tableau: inout Tableau, _ rows: [Int32], _ coefficients: [Double], _ shift: Double) {
        for n in rows.indices {
            let r = Int(rows[n])
            tableau.rows[r].constant += coefficients[n] * shift
            let basic = tableau.rows[r].basic
            if tableau.kinds[Int(basic)] == .external {
                if !tableau.changedFlag[Int(basic)] { tableau.changedFlag[Int(basic)] = true; tableau.changed.append(basic) }
            } else if tableau.rows[r].constant < 0 || tableau.kinds[Int(basic)] == .dummy {
                tableau.infeasible.append(basic)
            }
        }
    }

}
