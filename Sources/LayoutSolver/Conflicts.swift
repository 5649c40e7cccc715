// Part of the solver: see Solver.swift for the design.

extension Solver {
    // MARK: Adding rows

    /// kiwi's subject rule: an external symbol (the lowest id), else a marker or error symbol with
    /// a negative coefficient.
    func chooseSubject(_ r: Int32, marker: Int32, other: Int32) -> Int32 {
        for c in tableau.rows[Int(r)].cells where tableau.kinds[Int(c.symbol)] == .external { return c.symbol }
        for s in [marker, other] where s >= 0 {
            let k = tableau.kinds[Int(s)]
            if (k == .slack || k == .error) && coefficient(r, s) < 0 { return s }
        }
        return -1
    }

    func allDummies(_ r: Int32) -> Bool {
        tableau.rows[Int(r)].cells.allSatisfy { tableau.kinds[Int($0.symbol)] == .dummy }
    }

    /// Adds row `r` through an artificial variable (phase one of the simplex). Returns whether the
    /// row can be satisfied, and when it cannot, the symbols of the infeasibility certificate.
    ///
    /// Steps: (1) make a fresh slack `art` the row's basic symbol, so the row is in the tableau
    /// even though no real symbol could be its subject; (2) minimise `art` with the primal simplex
    /// (its row, copied, is the temporary objective); (3) if the minimum is not zero, the row
    /// cannot hold: the objective's remaining symbols are the certificate; (4) otherwise pivot
    /// `art` out of the basis if it is still basic (its row is then all slack and error symbols,
    /// or empty and dropped) and give its symbol back.
    func addWithArtificialVariable(_ r: Int32) -> (Bool, [Int32]) {
        let art = newSymbol(.slack)
        tableau.rows[Int(r)].basic = art
        tableau.rowOf[Int(art)] = r
        var objective = ObjectiveRow(constant: tableau.rows[Int(r)].constant)
        for c in tableau.rows[Int(r)].cells { objective.coefficients[c.symbol] = c.coefficient }
        tableau.artificial = objective
        do { try optimize() } catch { tableau.artificial = nil; return (false, []) }
        let final = tableau.artificial!
        tableau.artificial = nil
        let success = nearZero(final.constant)
        if !success {
            let cert = final.coefficients.filter { !nearZero($0.value) }.map(\.key).sorted()
            return (false, cert)
        }
        let ar = tableau.rowOf[Int(art)]
        if ar >= 0 {
            if tableau.rows[Int(ar)].cells.isEmpty {
                removeRow(ar)
                freeSymbol(art)
                return (true, [])
            }
            var entering: Int32 = .max
            for c in tableau.rows[Int(ar)].cells {
                let k = tableau.kinds[Int(c.symbol)]
                if (k == .slack || k == .error) && c.symbol < entering { entering = c.symbol }
            }
            guard entering != .max else { return (false, tableau.rows[Int(ar)].cells.map(\.symbol)) }
            pivot(ar, entering: entering)
        }
        freeSymbol(art)
        return (true, [])
    }

    /// The row through which `marker` leaves when its constraint is removed (kiwi's rule), with
    /// ties broken by the lowest basic symbol.
    ///
    /// The marker is non-basic, so it must first enter the basis: pick the row that keeps every
    /// restricted row feasible. Prefer a restricted row where the marker has a negative
    /// coefficient (minimum ratio -constant / c, the primal ratio test); else a restricted row with
    /// a positive coefficient (minimum constant / c); else any external row. Pivoting on it and
    /// dropping that row removes the constraint without disturbing the others' optimum.
    func markerLeavingRow(_ marker: Int32) -> Int32? {
        var r1 = Double.infinity, r2 = Double.infinity
        var first: (Int32, Int32)?, second: (Int32, Int32)?, third: (Int32, Int32)?
        for r in rowsContaining(marker) {
            let row = tableau.rows[Int(r)]
            let c = coefficient(r, marker)
            if tableau.kinds[Int(row.basic)] == .external {
                if third == nil || row.basic < third!.1 { third = (r, row.basic) }
            } else if c < 0 {
                let ratio = -row.constant / c
                if ratio < r1 || (ratio == r1 && row.basic < first!.1) { r1 = ratio; first = (r, row.basic) }
            } else {
                let ratio = row.constant / c
                if ratio < r2 || (ratio == r2 && row.basic < second!.1) { r2 = ratio; second = (r, row.basic) }
            }
        }
        return (first ?? second ?? third)?.0
    }

    /// The constraints owning the required markers among `symbols`, plus the one being added.
    ///
    /// The symbols come from an infeasible row (a Farkas certificate: a combination of required
    /// rows whose constant cannot be met). Symbols made during a failed attempt were rolled back
    /// with the tableau and may no longer exist; they belong to no constraint and are skipped.
    func conflictingConstraints(in symbols: [Int32], adding slot: Int32) -> [ConstraintID] {
        var slots: [Int32] = []
        for s in symbols {
            guard s >= 0, Int(s) < tableau.kinds.count else { continue }
            let k = tableau.kinds[Int(s)]
            guard k == .dummy || k == .slack else { continue }
            let o = tableau.owner[Int(s)]
            guard o >= 0, records[Int(o)].alive, Priority(records[Int(o)].priority).isRequired, !slots.contains(o) else { continue }
            slots.append(o)
        }
        if !slots.contains(slot) { slots.append(slot) }
        return slots.sorted().map { ConstraintID(slot: $0, generation: records[Int($0)].generation) }
    }
}
