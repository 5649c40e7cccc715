// Part of the solver: see Solver.swift for the design.

extension Solver.Core {
    // MARK: Adding rows

    /// kiwi's subject rule with a sparser choice: an external symbol, the one in the fewest other
    /// rows (substituting it touches only those; kiwi takes the lowest id, which in a row of
    /// equal widths is the first width, in every row), ties to the lowest id; else a marker or
    /// error symbol with a negative coefficient.
    func chooseSubject(_ r: Int32, marker: Int32, other: Int32) -> Int32 {
        var best: Int32 = -1, fewest = Int32.max
        for c in tableau.rows[Int(r)].cells where tableau.kinds[Int(c.symbol)] == .external {
            let n = tableau.occurrences[Int(c.symbol)]
            if n < fewest { best = c.symbol; fewest = n }
        }
        if best >= 0 { return best }
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
    mutating func addWithArtificialVariable(_ r: Int32) -> (Bool, [Int32]) {
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

    /// The row through which `marker` leaves when its constraint is removed (kiwi's rule, after a
    /// redundant equality's row), with ties broken by the lowest basic symbol.
    ///
    /// The marker is non-basic, so it must first enter the basis: pick the row that keeps every
    /// restricted row feasible. Prefer a restricted row where the marker has a negative
    /// coefficient (minimum ratio -constant / c, the primal ratio test); else a restricted row with
    /// a positive coefficient (minimum constant / c); else any external row. Pivoting on it and
    /// dropping that row removes the constraint without disturbing the others' optimum.
    mutating func markerLeavingRow(_ marker: Int32) -> Int32? {
        var r1 = Double.infinity, r2 = Double.infinity
        var redundant: (Int32, Int32)?, first: (Int32, Int32)?, second: (Int32, Int32)?, third: (Int32, Int32)?
        for r in rowsContaining(marker) {
            let row = tableau.rows[Int(r)]
            let c = coefficient(r, marker)
            if tableau.kinds[Int(row.basic)] == .dummy {
                // A redundant equality made redundant (in part) by this constraint: it takes over.
                // Its row's constant is 0, so the pivot moves no other row's constant; any other
                // choice would leave the dummy at a non-zero value, breaking that equality (kiwi
                // has this fault).
                if redundant == nil || row.basic < redundant!.1 { redundant = (r, row.basic) }
            } else if tableau.kinds[Int(row.basic)] == .external {
                if third == nil || row.basic < third!.1 { third = (r, row.basic) }
            } else if c < 0 {
                let ratio = -row.constant / c
                if ratio < r1 || (ratio == r1 && row.basic < first!.1) { r1 = ratio; first = (r, row.basic) }
            } else {
                let ratio = row.constant / c
                if ratio < r2 || (ratio == r2 && row.basic < second!.1) { r2 = ratio; second = (r, row.basic) }
            }
        }
        return (redundant ?? first ?? second ?? third)?.0
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

extension Solver.Core {
    // MARK: Compact and marked modes

    /// Gives the compact equality in `slot` a marker: by a rebuild with that one marked, within
    /// the budget, else by switching to marked mode (see ``marksRequiredEqualities``).
    mutating func giveMarker(_ slot: Int32) throws(SolverError) {
        guard !marksRequiredEqualities, markerUpgrades < Solver.markerUpgradeBudget else {
            return try markRequiredEqualities()
        }
        markerUpgrades += 1
        records[Int(slot)].keepsMarker = true
        do { try rebuild() } catch {
            records[Int(slot)].keepsMarker = false
            throw error
        }
    }

    /// Whether the constraint has a marker column (false for a compact required equality).
    func hasMarker(_ id: ConstraintID) -> Bool { (record(id)?.marker ?? -1) >= 0 }

    /// Switches to marked mode (see ``marksRequiredEqualities``); nothing when already there.
    mutating func markRequiredEqualities() throws(SolverError) {
        guard !marksRequiredEqualities else { return }
        marksRequiredEqualities = true
        do { try rebuild() } catch {
            marksRequiredEqualities = false
            throw error
        }
    }

    /// Builds the tableau again from the active constraints, in the order they were added, with
    /// their current constants. Constraint ids, variables and edit values are kept; every
    /// variable is reported changed. On failure (which removing nothing cannot cause) the solver
    /// is left as it was.
    mutating func rebuild() throws(SolverError) {
        let savedTableau = tableau, savedRecords = records, savedRowMark = rowMark, savedGeneration = markGeneration
        let order = records.indices.filter { records[$0].alive }.sorted { records[$0].serial < records[$1].serial }
        let n = tableau.kinds.count
        let released = Set(tableau.freeSymbols)
        var fresh = Tableau()
        fresh.kinds = tableau.kinds
        fresh.rowOf = [Int32](repeating: -1, count: n)
        fresh.columns = [[Int32]](repeating: [], count: n)
        fresh.occurrences = [Int32](repeating: 0, count: n)
        fresh.owner = [Int32](repeating: -1, count: n)
        fresh.changedFlag = tableau.changedFlag
        fresh.changed = tableau.changed
        for s in stride(from: Int32(n) - 1, through: 0, by: -1) {
            if fresh.kinds[Int(s)] != .external || released.contains(s) {
                fresh.freeSymbols.append(s)          // lowest ids are reused first
            } else if !fresh.changedFlag[Int(s)] {
                fresh.changedFlag[Int(s)] = true
                fresh.changed.append(s)
            }
        }
        tableau = fresh
        rowMark = []
        markGeneration = 0
        for slot in order {
            records[slot].marker = -1
            records[slot].other = -1
        }
        for slot in order {
            do { try place(Int32(slot)) } catch {
                let label = records[slot].label
                tableau = savedTableau; records = savedRecords; rowMark = savedRowMark; markGeneration = savedGeneration
                throw .internalError("rebuilding the tableau failed at \(label.isEmpty ? "a constraint" : label): \(error)")
            }
        }
    }
}
