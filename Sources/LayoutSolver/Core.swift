// Part of the solver: see Solver.swift for the design. The facade's operations, on the core.

extension Solver {
    /// Everything the solver holds, as one value that the algorithm mutates through `inout self`.
    ///
    /// The tableau is read and written millions of times in a large build and four times per view
    /// in a frame. As a stored property of a class every such access is checked for exclusivity
    /// at run time; inside a struct's mutating method the compiler proves the accesses exclusive
    /// and the checks cost nothing, so the facade pays one check per public call (AM4).
    struct Core {
        var tableau = Tableau()
        var records: [Record] = []
        var freeRecords: [Int32] = []
        var edits: [Int32: (constraint: ConstraintID, value: Double)] = [:]
        var names: [Int32: String] = [:]
        var scratch: [Int32] = []
        /// Coefficients matching `scratch` after `rowsContaining`.
        var scratchCoefficients: [Double] = []
        /// The buffer a merge writes into; swapped with the merged row's cells.
        var mergeBuffer: [Cell] = []
        var overgrown: [Int32] = []
        /// Per row: the pass that last visited it while reading a column.
        var rowMark: [UInt32] = []
        var markGeneration: UInt32 = 0
        /// The next record's place in the order of adding.
        var nextSerial: UInt64 = 0
        /// How many compact equalities were given their own marker (see ``marksRequiredEqualities``).
        var markerUpgrades = 0
        /// See ``Solver/marksRequiredEqualities``.
        var marksRequiredEqualities: Bool
        /// See ``Solver/checksInvariants``.
        var checksInvariants: Bool
        /// Pivots done so far (for benchmarks and tests of locality).
        var pivotCount = 0
        /// Rows rewritten by substituting a new basic symbol into them so far (tests of sparsity).
        var rowsRewritten = 0

        init(checksInvariants: Bool, marksRequiredEqualities: Bool) {
            self.checksInvariants = checksInvariants
            self.marksRequiredEqualities = marksRequiredEqualities
        }
    }
}

extension Solver.Core {
    // MARK: The facade's operations (documented on ``Solver``)

    mutating func makeVariable(_ name: String = "") -> Variable {
        let s = newSymbol(.external)
        if !name.isEmpty { names[s] = name }
        return Variable(id: s)
    }

    mutating func releaseVariable(_ v: Variable) {
        guard Int(v.id) < tableau.kinds.count, tableau.kinds[Int(v.id)] == .external else { return }
        names[v.id] = nil
        freeSymbol(v.id)
    }

    func name(of v: Variable) -> String { names[v.id] ?? "v\(v.id)" }

    @inline(__always)
    func value(of v: Variable) -> Double {
        let r = tableau.rowOf[Int(v.id)]
        return r >= 0 ? tableau.rows[Int(r)].constant : 0
    }

    func values(of a: Variable, _ b: Variable, _ c: Variable, _ d: Variable) -> SIMD4<Double> {
        tableau.rowOf.withUnsafeBufferPointer { rowOf in
            tableau.rows.withUnsafeBufferPointer { rows in
                func value(_ v: Variable) -> Double {
                    let r = rowOf[Int(v.id)]
                    return r >= 0 ? rows[Int(r)].constant : 0
                }
                return SIMD4(value(a), value(b), value(c), value(d))
            }
        }
    }

    var constraintCount: Int { records.count - freeRecords.count }
    var rowCount: Int { tableau.rows.count - tableau.freeRows.count }
    var cellCount: Int { tableau.rows.reduce(0) { $0 + ($1.basic >= 0 ? $1.cells.count : 0) } }
    var tableSizes: [String: Int] {
        ["symbols": tableau.kinds.count, "freeSymbols": tableau.freeSymbols.count,
         "columnEntries": tableau.columns.reduce(0) { $0 + $1.count }, "columnCapacity": tableau.columns.reduce(0) { $0 + $1.capacity },
         "records": records.count, "objective": tableau.levels.reduce(0) { $0 + $1.row.coefficients.count },
         "rowCapacity": tableau.rows.reduce(0) { $0 + $1.cells.capacity }, "infeasible": tableau.infeasible.count, "changed": tableau.changed.count]
    }
    var tierCount: Int { tableau.levels.count }

    @discardableResult
    mutating func addConstraint(_ expression: LinearExpression, _ relation: Relation, priority: Priority = .required,
                                label: String = "", allowingTieBreak: Bool = false) throws(SolverError) -> ConstraintID {
        guard expression.isFinite else { throw .nonFiniteNumber(label: label) }
        guard priority.isValid || (allowingTieBreak && priority.value == Solver.tieBreakPriority) else {
            throw .badPriority(priority, label: label)
        }
        let slot = allocateRecord()
        let id = ConstraintID(slot: slot, generation: records[Int(slot)].generation)
        records[Int(slot)] = Record(
            generation: id.generation, serial: nextSerial, marker: -1, other: -1, markerCoefficient: 1, rowSign: 1,
            expression: expression, relation: relation, priority: priority.value,
            label: label, alive: true)
        nextSerial &+= 1
        do {
            try place(slot)
        } catch {
            guard case .unsatisfiable = error else { throw error }
            guard !marksRequiredEqualities else { retire(slot); throw error }
            // Without markers a conflict names only part of its cause: mark every required
            // equality (once, for good) and try again, so the error carries the whole set.
            records[Int(slot)].alive = false
            do { try markRequiredEqualities() } catch { retire(slot); throw error }
            records[Int(slot)].alive = true
            do { try place(slot) } catch { retire(slot); throw error }
        }
        checkInvariants("addConstraint")
        return id
    }

    /// Puts the constraint recorded in `slot` into the tableau: its row, its marker and error
    /// symbols, its tier. On failure everything it made is taken out again and the record is
    /// left as it was (no marker, no row).
    mutating func place(_ slot: Int32) throws(SolverError) {
        let rec = records[Int(slot)]
        let id = ConstraintID(slot: slot, generation: rec.generation)
        let required = Priority(rec.priority).isRequired

        // Step 1. Build the row `0 = constant + Σ cᵢ·vᵢ` over non-basic symbols: a variable that is
        // basic is replaced by its row. Then add the marker that identifies this constraint, and
        // for optional constraints the error symbols the objective tier minimises:
        //   e <= 0 (or >= 0): a slack s ≥ 0 turns it into e + s = 0 (sign flipped for >=);
        //     optional: minus an error, so e + s - err = 0 and err > 0 only when e is violated;
        //   e == 0 required: in marked mode a dummy fixed at 0 marks the row; in compact mode
        //     (the default, see ``marksRequiredEqualities``) the row carries no marker;
        //   e == 0 optional: e = err⁺ - err⁻, both errors weighted 1 in the tier.
        let r = allocateRow()
        tableau.rows[Int(r)].constant = rec.constant
        for term in rec.expression.terms where !nearZero(term.coefficient) {
            addSymbolOrRow(into: r, symbol: term.variable.id, coefficient: term.coefficient)
        }
        var marker: Int32 = -1, other: Int32 = -1, markerCoefficient = 1.0
        switch rec.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let c = rec.relation == .lessThanOrEqual ? 1.0 : -1.0
            marker = newSymbol(.slack)
            markerCoefficient = c
            insert(into: r, marker, c)
            if !required {
                other = newSymbol(.error)
                insert(into: r, other, -c)
                addToObjective(rec.priority, other, 1)
            }
        case .equal:
            if required {
                if marksRequiredEqualities || rec.keepsMarker {
                    marker = newSymbol(.dummy)
                    insert(into: r, marker, 1)
                }
            } else {
                marker = newSymbol(.error)
                other = newSymbol(.error)
                markerCoefficient = -1
                insert(into: r, marker, -1)
                insert(into: r, other, 1)
                addToObjective(rec.priority, marker, 1)
                addToObjective(rec.priority, other, 1)
            }
        }
        // Step 2. Keep the constant non-negative, so a restricted subject starts feasible.
        var sign = 1.0
        if tableau.rows[Int(r)].constant < 0 {
            sign = -1
            negate(r)
        }
        if marker >= 0 { tableau.owner[Int(marker)] = slot }
        if other >= 0 { tableau.owner[Int(other)] = slot }
        records[Int(slot)].marker = marker
        records[Int(slot)].other = other
        records[Int(slot)].markerCoefficient = markerCoefficient * sign
        records[Int(slot)].rowSign = sign
        if !required { retainLevel(rec.priority) }

        // Step 3. Choose the symbol to solve the row for (kiwi's chooseSubject). A row of dummies
        // alone (or of nothing, in compact mode) has no subject: it holds only if its constant is
        // 0 (a redundant equality: its marker becomes basic, or without a marker the row is
        // dropped), else it contradicts the required equalities it was built from. With no
        // subject otherwise, phase one of the simplex adds it through an artificial variable; on
        // failure the tableau is restored from the copy taken before.
        var subject = chooseSubject(r, marker: marker, other: other)
        if subject < 0 && allDummies(r) {
            if !nearZero(tableau.rows[Int(r)].constant) {
                let conflict = conflictingConstraints(in: tableau.rows[Int(r)].cells.map(\.symbol), adding: slot)
                discardRow(r)
                unplace(slot)
                throw .unsatisfiable(id, label: rec.label, conflicting: conflict)
            }
            if marker < 0 {
                discardRow(r)
                return
            }
            subject = marker
        }
        if subject < 0 {
            let saved = tableau
            let (ok, certificate) = addWithArtificialVariable(r)
            if !ok {
                tableau = saved
                let conflict = conflictingConstraints(in: certificate, adding: slot)
                discardRow(r)
                unplace(slot)
                throw .unsatisfiable(id, label: rec.label, conflicting: conflict)
            }
        } else {
            // Step 4. Make the subject basic and substitute its row into every other row and tier.
            solve(r, for: subject)
            substitute(subject, row: r)
        }
        // Step 5. Restore optimality of the tiers with the primal simplex.
        try optimize()
    }

    mutating func removeConstraint(_ id: ConstraintID) throws(SolverError) {
        guard var rec = record(id) else { throw .unknownConstraint(id) }
        if rec.marker < 0 {
            try markRequiredEqualities()
            rec = records[Int(id.slot)]
        }
        let required = Priority(rec.priority).isRequired
        // Step 1. Take the constraint's errors out of its tier's objective (a basic error is
        // substituted by its row, so the objective stays over non-basic symbols).
        if !required {
            let li = levelIndex(rec.priority)!
            for e in [rec.marker, rec.other] where e >= 0 && tableau.kinds[Int(e)] == .error {
                let r = tableau.rowOf[Int(e)]
                if r >= 0 {
                    addRow(Int(r), intoObjective: li, times: -1)
                } else {
                    objectiveAdd(li, e, -1)
                }
            }
        }
        // Step 2. Remove the marker's row: directly when the marker is basic, else after pivoting
        // the marker into the basis through the row kiwi's rule picks (see markerLeavingRow).
        let m = rec.marker
        if tableau.rowOf[Int(m)] >= 0 {
            removeRow(tableau.rowOf[Int(m)])
        } else {
            guard let r = markerLeavingRow(m) else { throw .internalError("no leaving row for a removed marker") }
            pivot(r, entering: m)
            removeRow(r)
        }
        discardRecord(id.slot)
        try optimize()
        checkInvariants("removeConstraint")
    }

    func contains(_ id: ConstraintID) -> Bool { record(id) != nil }

    func label(of id: ConstraintID) -> String? { record(id)?.label }

    func constant(of id: ConstraintID) -> Double? { record(id)?.constant }

    mutating func setConstant(_ id: ConstraintID, to constant: Double) throws(SolverError) {
        guard let rec = record(id) else { throw .unknownConstraint(id) }
        guard constant.isFinite else { throw .nonFiniteNumber(label: rec.label) }
        let old = rec.constant
        guard old != constant else { return }
        if rec.marker < 0 {
            // The change enters through the marker's column: a compact equality needs one.
            try giveMarker(id.slot)
            return try setConstant(id, to: constant)
        }
        // The constant enters the tableau only through the marker's column: shift the rows that
        // hold the marker (or the marker's own row) by the change, then restore feasibility with
        // the dual simplex, which keeps the tiers optimal. A row the dual simplex cannot repair
        // is a required conflict: undo the shift and report the row's symbols as the certificate.
        records[Int(id.slot)].constant = constant
        shiftConstant(rec, by: constant - old)
        if let failing = dualOptimize() {
            let certificate = [tableau.rows[Int(failing)].basic] + tableau.rows[Int(failing)].cells.map(\.symbol)
            records[Int(id.slot)].constant = old
            shiftConstant(rec, by: old - constant)
            if dualOptimize() != nil { throw .internalError("could not restore a constant after a conflict") }
            if !marksRequiredEqualities {
                // Compact equalities are missing from the certificate: mark them and try again.
                try markRequiredEqualities()
                return try setConstant(id, to: constant)
            }
            throw .unsatisfiable(id, label: rec.label,
                                 conflicting: conflictingConstraints(in: certificate, adding: id.slot))
        }
        checkInvariants("setConstant")
    }

    mutating func addEditVariable(_ v: Variable, priority: Priority) throws(SolverError) {
        guard edits[v.id] == nil else { throw .duplicateEditVariable(v) }
        guard priority.isValid, !priority.isRequired else { throw .badPriority(priority, label: "edit \(name(of: v))") }
        let c = try addConstraint(LinearExpression(v), .equal, priority: priority, label: "edit \(name(of: v))")
        edits[v.id] = (c, 0)
    }

    mutating func removeEditVariable(_ v: Variable) throws(SolverError) {
        guard let e = edits.removeValue(forKey: v.id) else { throw .unknownEditVariable(v) }
        try removeConstraint(e.constraint)
    }

    func hasEditVariable(_ v: Variable) -> Bool { edits[v.id] != nil }

    mutating func suggestValue(_ v: Variable, _ value: Double) throws(SolverError) {
        guard value.isFinite else { throw .nonFiniteNumber(label: "suggestValue(\(name(of: v)))") }
        guard let e = edits[v.id] else { throw .unknownEditVariable(v) }
        edits[v.id] = (e.constraint, value)
        try setConstant(e.constraint, to: -value)
    }

    mutating func takeChangedVariables(into out: inout [Variable]) {
        for s in tableau.changed { tableau.changedFlag[Int(s)] = false; out.append(Variable(id: s)) }
        tableau.changed.removeAll(keepingCapacity: true)
    }

    mutating func takeChanges(into out: inout [(variable: Variable, value: Double)]) {
        for s in tableau.changed {
            tableau.changedFlag[Int(s)] = false
            let r = tableau.rowOf[Int(s)]
            out.append((Variable(id: s), r >= 0 ? tableau.rows[Int(r)].constant : 0))
        }
        tableau.changed.removeAll(keepingCapacity: true)
    }

    mutating func isAmbiguous(_ v: Variable) -> Bool {
        let r = tableau.rowOf[Int(v.id)]
        if r < 0 { return reducedCostIsZero(v.id) && canMove(v.id) }
        for cell in tableau.rows[Int(r)].cells where tableau.kinds[Int(cell.symbol)] != .dummy {
            if reducedCostIsZero(cell.symbol) && canMove(cell.symbol) { return true }
        }
        return false
    }

    /// Whether the non-basic symbol `s` can move by a positive step (up, or down for an external
    /// symbol) without a restricted basic row at zero blocking it.
    mutating func canMove(_ s: Int32) -> Bool {
        var upBlocked = false, downBlocked = false
        for r in rowsContaining(s) {
            let row = tableau.rows[Int(r)]
            guard tableau.kinds[Int(row.basic)] != .external, nearZero(row.constant) else { continue }
            let c = coefficient(r, s)
            if c < 0 { upBlocked = true } else if c > 0 { downBlocked = true }
        }
        if tableau.kinds[Int(s)] == .external { return !upBlocked || !downBlocked }
        return !upBlocked
    }
}
