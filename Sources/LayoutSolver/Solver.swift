/// An incremental Cassowary simplex solver (A1): add and remove constraints at any time, edit
/// variables with ``suggestValue(_:_:)``, change an active constraint's constant in place (A9),
/// priorities as lexicographic tiers.
///
/// Design, with the reasons:
/// - **Tableau.** Rows are `basic = constant + Σ cᵢ·sᵢ` over non-basic symbols. Symbols are
///   external (user variables, unrestricted), slack and error (restricted to ≥ 0), dummy (fixed at
///   0, markers of required equalities). The algorithm follows Badros, Borning and Stuckey's
///   Cassowary as kiwi implements it (`createRow`, `chooseSubject`, artificial variables,
///   primal `optimize`, `dualOptimize` for edits).
/// - **Priorities are tiers, not weights.** Each distinct optional priority has its own objective
///   row; optimisation compares reduced costs lexicographically, highest tier first. So a higher
///   optional priority wins over any number of lower ones, exactly, for every value in 1..<1000.
///   (A single weighted sum, as in kiwi, cannot promise that over 999 levels with doubles.)
///   Within a tier every violated constraint costs its error with weight 1.
/// - **Determinism.** Every choice of pivot takes the lowest symbol id among the candidates
///   (Bland's rule), never a hash order, so results and pivots are reproducible and cannot cycle.
/// - **Locality.** A column index maps each symbol to the rows that contain it, so a constant
///   change or an edit touches only the rows it affects (A9); values are read from the rows on
///   demand and changed external variables are listed (``takeChangedVariables()``), so nothing
///   scans the whole tableau per frame.
/// - **Recovery.** A required constraint that conflicts throws ``SolverError/unsatisfiable`` with
///   a conflicting set read off the infeasible row (a Farkas certificate) and leaves the solver as
///   it was.
/// - **Bounded memory.** Symbol ids, rows and constraint slots are reused, so adding and removing
///   constraints forever does not grow the solver.
public final class Solver {
    enum Kind: UInt8 { case external, slack, error, dummy }

    struct Cell { var symbol: Int32; var coefficient: Double }

    /// `basic = constant + Σ cells`; cells are sorted by symbol, so lookups are binary searches and
    /// merges are linear.
    struct Row {
        var basic: Int32 = -1
        var constant: Double = 0
        var cells: [Cell] = []

        /// The index of `s`'s cell, or where it would be inserted (negated minus one).
        @inline(__always)
        func find(_ s: Int32) -> Int {
            var lo = 0, hi = cells.count
            while lo < hi {
                let mid = (lo + hi) >> 1
                let m = cells[mid].symbol
                if m == s { return mid }
                if m < s { lo = mid + 1 } else { hi = mid }
            }
            return -lo - 1
        }
    }

    struct ObjectiveRow {
        var constant: Double = 0
        var coefficients: [Int32: Double] = [:]
    }

    struct Level {
        var priority: Double
        var users: Int
        var row = ObjectiveRow()
    }

    struct Record {
        var generation: UInt32
        var marker: Int32
        var other: Int32            // -1 when none
        var markerCoefficient: Double
        var rowSign: Double         // the row was multiplied by this (±1) when created
        var constant: Double        // the expression's current constant
        var relation: Relation
        var priority: Double
        var label: String
        var alive: Bool
    }

    /// Everything the algorithm mutates, as one value so an attempt can be undone by assignment.
    struct Tableau {
        var kinds: [Kind] = []
        var rowOf: [Int32] = []
        /// For each symbol, rows that may contain it: appended when a cell appears, verified and
        /// compacted when read (see `rowsContaining`). No hashing on the hot path.
        var columns: [[Int32]] = []
        /// For each symbol, how many rows really contain it (bounds the lists above).
        var occurrences: [Int32] = []
        var owner: [Int32] = []         // constraint slot whose marker/other this symbol is
        var freeSymbols: [Int32] = []
        var rows: [Row] = []
        var freeRows: [Int32] = []
        var levels: [Level] = []        // sorted by priority, highest first
        var artificial: ObjectiveRow?
        var infeasible: [Int32] = []    // basic symbols of rows that may be infeasible
        var changedFlag: [Bool] = []
        var changed: [Int32] = []
    }

    var t = Tableau()
    var records: [Record] = []
    var freeRecords: [Int32] = []
    var edits: [Int32: (constraint: ConstraintID, value: Double)] = [:]
    var names: [Int32: String] = [:]
    private var scratch: [Int32] = []
    /// Coefficients matching `scratch` after `rowsContaining`.
    private var scratchCoefficients: [Double] = []
    /// The buffer a merge writes into; swapped with the merged row's cells.
    private var mergeBuffer: [Cell] = []
    private var overgrown: [Int32] = []
    /// Per row: the pass that last visited it while reading a column.
    private var rowMark: [UInt32] = []
    private var markGeneration: UInt32 = 0
    static let epsilon = 1e-8

    public init() {}

    // MARK: Public API

    /// A new variable, initially 0.
    public func makeVariable(_ name: String = "") -> Variable {
        let s = newSymbol(.external)
        if !name.isEmpty { names[s] = name }
        return Variable(id: s)
    }

    /// Gives a variable back to the solver for reuse. It must appear in no active constraint; any
    /// rounding residue of it in the tableau is cleared.
    public func releaseVariable(_ v: Variable) {
        guard Int(v.id) < t.kinds.count, t.kinds[Int(v.id)] == .external else { return }
        names[v.id] = nil
        freeSymbol(v.id)
    }

    /// The variable's name, as given to ``makeVariable(_:)``.
    public func name(of v: Variable) -> String { names[v.id] ?? "v\(v.id)" }

    /// The variable's current value.
    /// - Complexity: O(1).
    @inline(__always)
    public func value(of v: Variable) -> Double {
        let r = t.rowOf[Int(v.id)]
        return r >= 0 ? t.rows[Int(r)].constant : 0
    }

    /// How many constraints are active.
    public var constraintCount: Int { records.count - freeRecords.count }
    /// How many rows the tableau has.
    public var rowCount: Int { t.rows.count - t.freeRows.count }
    /// Pivots done so far (for benchmarks and tests of locality).
    public private(set) var pivotCount = 0
    /// Cells in all rows (a measure of the tableau's density).
    public var cellCount: Int { t.rows.reduce(0) { $0 + ($1.basic >= 0 ? $1.cells.count : 0) } }
    /// Sizes of the internal tables, for soak tests: symbols ever made, symbols free for reuse,
    /// column-list entries, constraint slots, objective entries.
    public var tableSizes: [String: Int] {
        ["symbols": t.kinds.count, "freeSymbols": t.freeSymbols.count,
         "columnEntries": t.columns.reduce(0) { $0 + $1.count }, "columnCapacity": t.columns.reduce(0) { $0 + $1.capacity },
         "records": records.count, "objective": t.levels.reduce(0) { $0 + $1.row.coefficients.count },
         "rowCapacity": t.rows.reduce(0) { $0 + $1.cells.capacity }, "infeasible": t.infeasible.count, "changed": t.changed.count]
    }
    /// How many priority tiers have objective rows.
    public var tierCount: Int { t.levels.count }

    /// Adds `expression relation 0` at `priority`.
    ///
    /// - Throws: ``SolverError/unsatisfiable(_:label:conflicting:)`` for a required constraint
    ///   that conflicts (the solver is left unchanged); ``SolverError/nonFiniteNumber(label:)``;
    ///   ``SolverError/badPriority(_:label:)``.
    @discardableResult
    public func addConstraint(_ expression: LinearExpression, _ relation: Relation, priority: Priority = .required,
                              label: String = "") throws(SolverError) -> ConstraintID {
        guard expression.isFinite else { throw .nonFiniteNumber(label: label) }
        guard priority.isValid else { throw .badPriority(priority, label: label) }
        let slot = allocateRecord()
        let id = ConstraintID(slot: slot, generation: records[Int(slot)].generation)
        let required = priority.isRequired

        // Build the row: substitute basic variables, add marker and error symbols.
        let r = allocateRow()
        t.rows[Int(r)].constant = expression.constant
        for term in expression.terms where !nearZero(term.coefficient) {
            addSymbolOrRow(into: r, symbol: term.variable.id, coefficient: term.coefficient)
        }
        var marker: Int32 = -1, other: Int32 = -1, markerCoefficient = 1.0
        switch relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let c = relation == .lessThanOrEqual ? 1.0 : -1.0
            marker = newSymbol(.slack)
            markerCoefficient = c
            insert(into: r, marker, c)
            if !required {
                other = newSymbol(.error)
                insert(into: r, other, -c)
                addToObjective(priority.value, other, 1)
            }
        case .equal:
            if required {
                marker = newSymbol(.dummy)
                insert(into: r, marker, 1)
            } else {
                marker = newSymbol(.error)
                other = newSymbol(.error)
                markerCoefficient = -1
                insert(into: r, marker, -1)
                insert(into: r, other, 1)
                addToObjective(priority.value, marker, 1)
                addToObjective(priority.value, other, 1)
            }
        }
        var sign = 1.0
        if t.rows[Int(r)].constant < 0 {
            sign = -1
            negate(r)
        }
        t.owner[Int(marker)] = slot
        if other >= 0 { t.owner[Int(other)] = slot }
        records[Int(slot)] = Record(
            generation: records[Int(slot)].generation, marker: marker, other: other,
            markerCoefficient: markerCoefficient * sign, rowSign: sign, constant: expression.constant,
            relation: relation, priority: priority.value, label: label, alive: true)
        if !required { retainLevel(priority.value) }

        // Choose the row's subject, or fall back to an artificial variable.
        var subject = chooseSubject(r, marker: marker, other: other)
        if subject < 0 && allDummies(r) {
            if !nearZero(t.rows[Int(r)].constant) {
                let conflict = conflictingConstraints(in: t.rows[Int(r)].cells.map(\.symbol), adding: slot)
                discardRow(r)
                discardRecord(slot, required: required)
                throw .unsatisfiable(id, label: label, conflicting: conflict)
            }
            subject = marker
        }
        if subject < 0 {
            let saved = t
            let (ok, certificate) = addWithArtificialVariable(r)
            if !ok {
                t = saved
                let conflict = conflictingConstraints(in: certificate, adding: slot)
                discardRow(r)
                discardRecord(slot, required: required)
                throw .unsatisfiable(id, label: label, conflicting: conflict)
            }
        } else {
            solve(r, for: subject)
            substitute(subject, row: r)
        }
        try optimize()
        return id
    }

    /// Removes an active constraint.
    public func removeConstraint(_ id: ConstraintID) throws(SolverError) {
        guard let rec = record(id) else { throw .unknownConstraint(id) }
        let required = rec.priority >= 1000
        // Take the constraint's errors out of the objective.
        if !required {
            let li = levelIndex(rec.priority)!
            for e in [rec.marker, rec.other] where e >= 0 && t.kinds[Int(e)] == .error {
                let r = t.rowOf[Int(e)]
                if r >= 0 {
                    addRow(Int(r), intoObjective: li, times: -1)
                } else {
                    objectiveAdd(li, e, -1)
                }
            }
        }
        let m = rec.marker
        if t.rowOf[Int(m)] >= 0 {
            removeRow(t.rowOf[Int(m)])
        } else {
            guard let r = markerLeavingRow(m) else { throw .internalError("no leaving row for a removed marker") }
            pivot(r, entering: m)
            removeRow(r)
        }
        discardRecord(id.slot, required: required)
        try optimize()
    }

    /// Whether `id` is an active constraint of this solver.
    public func contains(_ id: ConstraintID) -> Bool { record(id) != nil }

    /// The label a constraint was added with.
    public func label(of id: ConstraintID) -> String? { record(id)?.label }

    /// The constraint's current expression constant.
    public func constant(of id: ConstraintID) -> Double? { record(id)?.constant }

    /// Changes the constant of an active constraint (`expression.constant`) in place, through the
    /// edit path: the rows that contain its marker are updated and re-optimised with the dual
    /// simplex (A9). No remove and re-add.
    ///
    /// - Complexity: proportional to the rows containing the constraint's marker and the pivots
    ///   the dual simplex needs, not to the size of the tableau.
    /// - Throws: ``SolverError/unsatisfiable(_:label:conflicting:)`` when a required constraint
    ///   cannot take the new constant; the old constant is restored.
    public func setConstant(_ id: ConstraintID, to constant: Double) throws(SolverError) {
        guard let rec = record(id) else { throw .unknownConstraint(id) }
        guard constant.isFinite else { throw .nonFiniteNumber(label: rec.label) }
        let old = rec.constant
        guard old != constant else { return }
        records[Int(id.slot)].constant = constant
        shiftConstant(rec, by: constant - old)
        if let failing = dualOptimize() {
            let certificate = t.rows[Int(failing)].cells.map(\.symbol)
            records[Int(id.slot)].constant = old
            shiftConstant(rec, by: old - constant)
            if dualOptimize() != nil { throw .internalError("could not restore a constant after a conflict") }
            throw .unsatisfiable(id, label: rec.label,
                                 conflicting: conflictingConstraints(in: certificate, adding: id.slot))
        }
    }

    /// Makes `v` an edit variable at `priority` (below required).
    public func addEditVariable(_ v: Variable, priority: Priority) throws(SolverError) {
        guard edits[v.id] == nil else { throw .duplicateEditVariable(v) }
        guard priority.isValid, !priority.isRequired else { throw .badPriority(priority, label: "edit \(name(of: v))") }
        let c = try addConstraint(LinearExpression(v), .equal, priority: priority, label: "edit \(name(of: v))")
        edits[v.id] = (c, 0)
    }

    public func removeEditVariable(_ v: Variable) throws(SolverError) {
        guard let e = edits.removeValue(forKey: v.id) else { throw .unknownEditVariable(v) }
        try removeConstraint(e.constraint)
    }

    public func hasEditVariable(_ v: Variable) -> Bool { edits[v.id] != nil }

    /// Suggests a value for an edit variable; the solver moves it as close as its priority allows.
    public func suggestValue(_ v: Variable, _ value: Double) throws(SolverError) {
        guard value.isFinite else { throw .nonFiniteNumber(label: "suggestValue(\(name(of: v)))") }
        guard let e = edits[v.id] else { throw .unknownEditVariable(v) }
        edits[v.id] = (e.constraint, value)
        try setConstant(e.constraint, to: -value)
    }

    /// The external variables whose value may have changed since the last call, each once.
    public func takeChangedVariables(into out: inout [Variable]) {
        for s in t.changed { t.changedFlag[Int(s)] = false; out.append(Variable(id: s)) }
        t.changed.removeAll(keepingCapacity: true)
    }

    /// The external variables whose value may have changed since the last call, each once, with
    /// their values: one pass over the change list (cheaper than ``value(of:)`` per variable).
    public func takeChanges(into out: inout [(variable: Variable, value: Double)]) {
        Solver.drainChanges(&t, &out)
    }

    private static func drainChanges(_ t: inout Tableau, _ out: inout [(variable: Variable, value: Double)]) {
        for s in t.changed {
            t.changedFlag[Int(s)] = false
            let r = t.rowOf[Int(s)]
            out.append((Variable(id: s), r >= 0 ? t.rows[Int(r)].constant : 0))
        }
        t.changed.removeAll(keepingCapacity: true)
    }

    /// Whether the optimum leaves `v` free to move without changing any tier's objective: the
    /// constraints do not determine it (A8).
    public func isAmbiguous(_ v: Variable) -> Bool {
        let r = t.rowOf[Int(v.id)]
        if r < 0 { return reducedCostIsZero(v.id) && canMove(v.id) }
        for cell in t.rows[Int(r)].cells where t.kinds[Int(cell.symbol)] != .dummy {
            if reducedCostIsZero(cell.symbol) && canMove(cell.symbol) { return true }
        }
        return false
    }

    /// Whether the non-basic symbol `s` can move by a positive step (up, or down for an external
    /// symbol) without a restricted basic row at zero blocking it.
    private func canMove(_ s: Int32) -> Bool {
        var upBlocked = false, downBlocked = false
        for r in rowsContaining(s) {
            let row = t.rows[Int(r)]
            guard t.kinds[Int(row.basic)] != .external, nearZero(row.constant) else { continue }
            let c = coefficient(r, s)
            if c < 0 { upBlocked = true } else if c > 0 { downBlocked = true }
        }
        if t.kinds[Int(s)] == .external { return !upBlocked || !downBlocked }
        return !upBlocked
    }

    /// Checks the tableau's invariants; for tests. Returns a description of the first violation.
    public func invariantViolation() -> String? {
        for (ri, row) in t.rows.enumerated() where row.basic >= 0 {
            if t.rowOf[Int(row.basic)] != Int32(ri) { return "rowOf mismatch for row \(ri)" }
            if t.kinds[Int(row.basic)] != .external && row.constant < -1e-7 { return "infeasible restricted row \(ri): \(row.constant)" }
            for k in row.cells.indices.dropFirst() where row.cells[k - 1].symbol >= row.cells[k].symbol {
                return "row \(ri) is not sorted"
            }
            for c in row.cells {
                if t.rowOf[Int(c.symbol)] >= 0 { return "basic symbol \(c.symbol) in row \(ri)" }
                if !t.columns[Int(c.symbol)].contains(Int32(ri)) { return "column index misses \(c.symbol) in row \(ri)" }
            }
        }
        var counts = [Int32](repeating: 0, count: t.kinds.count)
        for row in t.rows { for c in row.cells { counts[Int(c.symbol)] += 1 } }
        if counts != t.occurrences { return "occurrence counts are off" }
        for level in t.levels {
            for (s, _) in level.row.coefficients where t.rowOf[Int(s)] >= 0 { return "basic symbol \(s) in objective" }
        }
        return nil
    }

    // MARK: Symbols, rows, records

    func newSymbol(_ kind: Kind) -> Int32 {
        if let s = t.freeSymbols.popLast() {
            t.kinds[Int(s)] = kind
            t.owner[Int(s)] = -1
            return s
        }
        let s = Int32(t.kinds.count)
        t.kinds.append(kind)
        t.rowOf.append(-1)
        t.columns.append([])
        t.occurrences.append(0)
        t.owner.append(-1)
        t.changedFlag.append(false)
        return s
    }

    /// Returns a non-external symbol to the pool, first clearing any rounding residue of it.
    private func freeSymbol(_ s: Int32) {
        if t.rowOf[Int(s)] >= 0 { removeRow(t.rowOf[Int(s)]) }
        if t.occurrences[Int(s)] > 0 {
            for r in rowsContaining(s) { _ = removeCell(from: r, s) }
        }
        t.columns[Int(s)] = []
        for li in t.levels.indices { t.levels[li].row.coefficients[s] = nil }
        t.owner[Int(s)] = -1
        t.freeSymbols.append(s)
    }

    private func allocateRow() -> Int32 {
        if let r = t.freeRows.popLast() { return r }
        t.rows.append(Row())
        rowMark.append(0)
        return Int32(t.rows.count - 1)
    }

    private func allocateRecord() -> Int32 {
        if let s = freeRecords.popLast() { return s }
        records.append(Record(generation: 0, marker: -1, other: -1, markerCoefficient: 1, rowSign: 1, constant: 0,
                              relation: .equal, priority: 1000, label: "", alive: false))
        return Int32(records.count - 1)
    }

    private func record(_ id: ConstraintID) -> Record? {
        guard id.slot >= 0, Int(id.slot) < records.count else { return nil }
        let r = records[Int(id.slot)]
        return r.alive && r.generation == id.generation ? r : nil
    }

    private func discardRecord(_ slot: Int32, required: Bool) {
        let rec = records[Int(slot)]
        if !required { releaseLevel(rec.priority) }
        freeSymbol(rec.marker)
        if rec.other >= 0 { freeSymbol(rec.other) }
        records[Int(slot)].alive = false
        records[Int(slot)].generation &+= 1
        records[Int(slot)].label = ""
        freeRecords.append(slot)
    }

    /// Drops a row that was never made basic (a failed add).
    private func discardRow(_ r: Int32) {
        for c in t.rows[Int(r)].cells { t.occurrences[Int(c.symbol)] -= 1 }
        t.rows[Int(r)] = Row()
        t.freeRows.append(r)
    }

    private func removeRow(_ r: Int32) {
        let basic = t.rows[Int(r)].basic
        for c in t.rows[Int(r)].cells { t.occurrences[Int(c.symbol)] -= 1 }
        if basic >= 0 { t.rowOf[Int(basic)] = -1; markChanged(basic) }
        t.rows[Int(r)].basic = -1
        t.rows[Int(r)].cells.removeAll(keepingCapacity: true)
        t.rows[Int(r)].constant = 0
        t.freeRows.append(r)
    }

    @inline(__always) func nearZero(_ v: Double) -> Bool { abs(v) < Solver.epsilon }

    @inline(__always) private func markChanged(_ s: Int32) {
        if t.kinds[Int(s)] == .external && !t.changedFlag[Int(s)] {
            t.changedFlag[Int(s)] = true
            t.changed.append(s)
        }
    }

    // MARK: Row algebra (every change keeps the column index exact)

    @inline(__always)
    private func coefficient(_ r: Int32, _ s: Int32) -> Double {
        let i = t.rows[Int(r)].find(s)
        return i >= 0 ? t.rows[Int(r)].cells[i].coefficient : 0
    }

    /// Adds `coefficient·s` to row `r`, dropping the cell when it cancels.
    private func insert(into r: Int32, _ s: Int32, _ coefficient: Double) {
        let i = t.rows[Int(r)].find(s)
        if i >= 0 {
            let v = t.rows[Int(r)].cells[i].coefficient + coefficient
            if nearZero(v) {
                t.rows[Int(r)].cells.remove(at: i)
                t.occurrences[Int(s)] -= 1
            } else {
                t.rows[Int(r)].cells[i].coefficient = v
            }
        } else if !nearZero(coefficient) {
            t.rows[Int(r)].cells.insert(Cell(symbol: s, coefficient: coefficient), at: -i - 1)
            noteCellAdded(s, r)
        }
    }

    /// Removes `s` from row `r`; returns its coefficient (0 when absent).
    @discardableResult
    private func removeCell(from r: Int32, _ s: Int32) -> Double {
        let i = t.rows[Int(r)].find(s)
        guard i >= 0 else { return 0 }
        let c = t.rows[Int(r)].cells[i].coefficient
        t.rows[Int(r)].cells.remove(at: i)
        t.occurrences[Int(s)] -= 1
        return c
    }

    /// Adds `coefficient · s` to row `r`, or `coefficient ·` s's row when s is basic.
    private func addSymbolOrRow(into r: Int32, symbol s: Int32, coefficient: Double) {
        let b = t.rowOf[Int(s)]
        if b >= 0 {
            addRow(b, into: r, times: coefficient)
        } else {
            insert(into: r, s, coefficient)
        }
    }

    /// Row `r` += `k` · row `src` (constant and cells): a sorted merge into a reusable buffer, in
    /// O(cells of both); cancelled cells are dropped.
    private func addRow(_ src: Int32, into r: Int32, times k: Double) {
        t.rows[Int(r)].constant += k * t.rows[Int(src)].constant
        let source = t.rows[Int(src)].cells
        if source.count <= 2 {
            for c in source { insert(into: r, c.symbol, c.coefficient * k) }
            return
        }
        Solver.merge(&t, source, into: Int(r), times: k, buffer: &mergeBuffer, overgrown: &overgrown)
        // Keep candidate lists bounded: compact the ones that grew past twice their true size.
        while let sym = overgrown.popLast() { _ = rowsContaining(sym) }
    }

    private static func merge(_ t: inout Tableau, _ source: [Cell], into r: Int, times k: Double, buffer: inout [Cell],
                              overgrown: inout [Int32]) {
        buffer.removeAll(keepingCapacity: true)
        swap(&buffer, &t.rows[r].cells)       // buffer: the target's old cells
        var i = 0, j = 0
        let a = buffer.count, b = source.count
        let row = Int32(r)
        while i < a || j < b {
            if j == b || (i < a && buffer[i].symbol < source[j].symbol) {
                t.rows[r].cells.append(buffer[i]); i += 1
            } else if i == a || source[j].symbol < buffer[i].symbol {
                let v = source[j].coefficient * k
                if abs(v) >= Solver.epsilon {
                    let sym = source[j].symbol
                    t.rows[r].cells.append(Cell(symbol: sym, coefficient: v))
                    t.occurrences[Int(sym)] += 1
                    t.columns[Int(sym)].append(row)
                    if t.columns[Int(sym)].count > 2 * Int(t.occurrences[Int(sym)]) + 16 { overgrown.append(sym) }
                }
                j += 1
            } else {
                let v = buffer[i].coefficient + source[j].coefficient * k
                if abs(v) < Solver.epsilon {
                    t.occurrences[Int(source[j].symbol)] -= 1
                } else {
                    t.rows[r].cells.append(Cell(symbol: source[j].symbol, coefficient: v))
                }
                i += 1; j += 1
            }
        }
    }

    @inline(__always)
    private func noteCellAdded(_ s: Int32, _ r: Int32) {
        t.occurrences[Int(s)] += 1
        t.columns[Int(s)].append(r)
        if t.columns[Int(s)].count > 2 * Int(t.occurrences[Int(s)]) + 16 { _ = rowsContaining(s) }
    }

    /// The rows that contain `s`, each once; also compacts `s`'s candidate list to exactly them.
    /// The result lives in a scratch buffer valid until the next call; `scratchCoefficients`
    /// holds `s`'s coefficient in each.
    private func rowsContaining(_ s: Int32) -> [Int32] {
        Solver.collectRows(&t, s, &scratch, &scratchCoefficients, &rowMark, &markGeneration)
        return scratch
    }

    /// Static, on `inout` storage: one exclusivity check per call instead of one per element.
    private static func collectRows(_ t: inout Tableau, _ s: Int32, _ out: inout [Int32], _ coefficients: inout [Double],
                                    _ rowMark: inout [UInt32], _ generation: inout UInt32) {
        out.removeAll(keepingCapacity: true)
        coefficients.removeAll(keepingCapacity: true)
        let si = Int(s)
        if t.columns[si].count == Int(t.occurrences[si]) {
            // Exact list: every entry is a row that holds `s`, once.
            for r in t.columns[si] {
                let i = t.rows[Int(r)].find(s)
                out.append(r)
                coefficients.append(t.rows[Int(r)].cells[i].coefficient)
            }
            return
        }
        generation &+= 1
        if generation == 0 { for i in rowMark.indices { rowMark[i] = 0 }; generation = 1 }
        for r in t.columns[si] where rowMark[Int(r)] != generation {
            rowMark[Int(r)] = generation
            let i = t.rows[Int(r)].find(s)
            if i >= 0 { out.append(r); coefficients.append(t.rows[Int(r)].cells[i].coefficient) }
        }
        if t.columns[si].capacity > 4 * out.count + 32 {
            var tight = [Int32]()              // give back what a past peak left behind
            tight.reserveCapacity(out.count)
            tight.append(contentsOf: out)
            t.columns[si] = tight
        } else {
            t.columns[si].removeAll(keepingCapacity: true)
            t.columns[si].append(contentsOf: out)
        }
    }

    private func negate(_ r: Int32) {
        t.rows[Int(r)].constant = -t.rows[Int(r)].constant
        for i in t.rows[Int(r)].cells.indices { t.rows[Int(r)].cells[i].coefficient = -t.rows[Int(r)].cells[i].coefficient }
    }

    /// Makes `s` the basic symbol of the unattached row `r` (`0 = constant + Σ`, containing `s`).
    private func solve(_ r: Int32, for s: Int32) {
        let c = removeCell(from: r, s)
        let k = -1 / c
        t.rows[Int(r)].constant *= k
        for i in t.rows[Int(r)].cells.indices { t.rows[Int(r)].cells[i].coefficient *= k }
        t.rows[Int(r)].basic = s
        t.rowOf[Int(s)] = r
        markChanged(s)
    }

    /// Replaces `s` by row `r`'s expression (whose basic is `s`) in every other row and in the
    /// objective tiers. Rows of restricted symbols that go negative are queued as infeasible.
    private func substitute(_ s: Int32, row r: Int32) {
        let targets = rowsContaining(s)
        for target in targets where target != r {
            let c = removeCell(from: target, s)
            guard c != 0 else { continue }
            addRow(r, into: target, times: c)
            let basic = t.rows[Int(target)].basic
            markChanged(basic)
            if t.kinds[Int(basic)] != .external && t.rows[Int(target)].constant < 0 { t.infeasible.append(basic) }
        }
        for li in t.levels.indices {
            if let c = t.levels[li].row.coefficients.removeValue(forKey: s) { addRow(Int(r), intoObjective: li, times: c) }
        }
        if t.artificial != nil, let c = t.artificial!.coefficients.removeValue(forKey: s) {
            t.artificial!.constant += c * t.rows[Int(r)].constant
            for cell in t.rows[Int(r)].cells {
                let v = (t.artificial!.coefficients[cell.symbol] ?? 0) + cell.coefficient * c
                t.artificial!.coefficients[cell.symbol] = nearZero(v) ? nil : v
            }
        }
    }

    private func addRow(_ r: Int, intoObjective li: Int, times k: Double) {
        t.levels[li].row.constant += k * t.rows[r].constant
        for cell in t.rows[r].cells { objectiveAdd(li, cell.symbol, cell.coefficient * k) }
    }

    @inline(__always)
    private func objectiveAdd(_ li: Int, _ s: Int32, _ c: Double) {
        let v = (t.levels[li].row.coefficients[s] ?? 0) + c
        t.levels[li].row.coefficients[s] = nearZero(v) ? nil : v
    }

    /// Row `r` (basic `leaving`) is solved for `entering`, which becomes basic; every other row
    /// and the objective are rewritten.
    private func pivot(_ r: Int32, entering: Int32) {
        pivotCount += 1
        let leaving = t.rows[Int(r)].basic
        t.rowOf[Int(leaving)] = -1
        t.rows[Int(r)].basic = -1
        insert(into: r, leaving, -1)
        markChanged(leaving)
        solve(r, for: entering)
        substitute(entering, row: r)
    }

    // MARK: Objective tiers

    func levelIndex(_ priority: Double) -> Int? {
        var lo = 0, hi = t.levels.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if t.levels[mid].priority == priority { return mid }
            if t.levels[mid].priority > priority { lo = mid + 1 } else { hi = mid }
        }
        return nil
    }

    private func retainLevel(_ priority: Double) {
        if let i = levelIndex(priority) { t.levels[i].users += 1; return }
        let i = t.levels.firstIndex(where: { $0.priority < priority }) ?? t.levels.count
        t.levels.insert(Level(priority: priority, users: 1), at: i)
    }

    private func releaseLevel(_ priority: Double) {
        guard let i = levelIndex(priority) else { return }
        t.levels[i].users -= 1
        if t.levels[i].users == 0 { t.levels.remove(at: i) }
    }

    private func addToObjective(_ priority: Double, _ s: Int32, _ weight: Double) {
        if levelIndex(priority) == nil {
            let i = t.levels.firstIndex(where: { $0.priority < priority }) ?? t.levels.count
            t.levels.insert(Level(priority: priority, users: 0), at: i)
        }
        objectiveAdd(levelIndex(priority)!, s, weight)
    }

    /// Whether every tier's reduced cost of `s` is zero.
    private func reducedCostIsZero(_ s: Int32) -> Bool {
        for level in t.levels where !nearZero(level.row.coefficients[s] ?? 0) { return false }
        return true
    }

    /// The entering symbol for the primal simplex: the lowest id whose reduced-cost vector is
    /// lexicographically negative.
    private func enteringSymbol() -> Int32? {
        if let art = t.artificial {
            var best: Int32 = .max
            for (s, c) in art.coefficients where c < -Solver.epsilon && t.kinds[Int(s)] != .dummy && s < best { best = s }
            return best == .max ? nil : best
        }
        var best: Int32 = .max
        for li in t.levels.indices {
            for (s, c) in t.levels[li].row.coefficients where c < -Solver.epsilon && s < best && t.kinds[Int(s)] != .dummy {
                var higherZero = true
                for lj in 0..<li where !nearZero(t.levels[lj].row.coefficients[s] ?? 0) { higherZero = false; break }
                if higherZero { best = s }
            }
        }
        return best == .max ? nil : best
    }

    // MARK: Simplex

    /// The primal simplex on the objective tiers (or on the artificial row while one exists).
    private func optimize() throws(SolverError) {
        while let entering = enteringSymbol() {
            var leaving: Int32 = -1
            var best = Double.infinity
            var bestBasic: Int32 = .max
            for r in rowsContaining(entering) {
                let row = t.rows[Int(r)]
                guard t.kinds[Int(row.basic)] != .external else { continue }
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
    private func dualOptimize() -> Int32? {
        while !t.infeasible.isEmpty {
            var mi = 0
            for i in t.infeasible.indices where t.infeasible[i] < t.infeasible[mi] { mi = i }
            let leavingSymbol = t.infeasible.swapRemove(at: mi)
            let r = t.rowOf[Int(leavingSymbol)]
            guard r >= 0, t.rows[Int(r)].constant < -Solver.epsilon else { continue }
            var entering: Int32 = -1
            var enteringCoefficient = 0.0
            for cell in t.rows[Int(r)].cells where cell.coefficient > Solver.epsilon && t.kinds[Int(cell.symbol)] != .dummy {
                if entering < 0 || ratioIsLower(cell, than: entering, enteringCoefficient) {
                    entering = cell.symbol
                    enteringCoefficient = cell.coefficient
                }
            }
            if entering < 0 {
                t.infeasible.removeAll(keepingCapacity: true)
                return r
            }
            pivot(r, entering: entering)
        }
        return nil
    }

    /// Whether `cell`'s ratio vector (reduced costs over its coefficient) is lexicographically below
    /// that of `best` with coefficient `bestCoefficient`; ties go to the lower symbol id.
    private func ratioIsLower(_ cell: Cell, than best: Int32, _ bestCoefficient: Double) -> Bool {
        for level in t.levels {
            let a = (level.row.coefficients[cell.symbol] ?? 0) / cell.coefficient
            let b = (level.row.coefficients[best] ?? 0) / bestCoefficient
            if a < b { return true }
            if a > b { return false }
        }
        return cell.symbol < best
    }

    /// Applies a change of a constraint's expression constant by `delta` to the tableau.
    private func shiftConstant(_ rec: Record, by delta: Double) {
        let shift = delta * rec.rowSign / rec.markerCoefficient
        if t.rowOf[Int(rec.marker)] >= 0 {
            let r = t.rowOf[Int(rec.marker)]
            t.rows[Int(r)].constant -= shift
            if t.rows[Int(r)].constant < 0 { t.infeasible.append(rec.marker) }
            return
        }
        if rec.other >= 0, t.rowOf[Int(rec.other)] >= 0 {
            let r = t.rowOf[Int(rec.other)]
            t.rows[Int(r)].constant += shift
            if t.rows[Int(r)].constant < 0 { t.infeasible.append(rec.other) }
            return
        }
        _ = rowsContaining(rec.marker)
        Solver.shiftRows(&t, scratch, scratchCoefficients, shift)
        // A dummy marker in a redundant row is basic and handled above; a dummy row going non-zero
        // is a conflict the dual simplex reports.
    }

    private static func shiftRows(_ t: inout Tableau, _ rows: [Int32], _ coefficients: [Double], _ shift: Double) {
        for n in rows.indices {
            let r = Int(rows[n])
            t.rows[r].constant += coefficients[n] * shift
            let basic = t.rows[r].basic
            if t.kinds[Int(basic)] == .external {
                if !t.changedFlag[Int(basic)] { t.changedFlag[Int(basic)] = true; t.changed.append(basic) }
            } else if t.rows[r].constant < 0 {
                t.infeasible.append(basic)
            }
        }
    }

    // MARK: Adding rows

    /// kiwi's subject rule: an external symbol (the lowest id), else a marker or error symbol with
    /// a negative coefficient.
    private func chooseSubject(_ r: Int32, marker: Int32, other: Int32) -> Int32 {
        for c in t.rows[Int(r)].cells where t.kinds[Int(c.symbol)] == .external { return c.symbol }
        for s in [marker, other] where s >= 0 {
            let k = t.kinds[Int(s)]
            if (k == .slack || k == .error) && coefficient(r, s) < 0 { return s }
        }
        return -1
    }

    private func allDummies(_ r: Int32) -> Bool {
        t.rows[Int(r)].cells.allSatisfy { t.kinds[Int($0.symbol)] == .dummy }
    }

    /// Adds row `r` through an artificial variable (phase one of the simplex). Returns whether the
    /// row can be satisfied, and when it cannot, the symbols of the infeasibility certificate.
    private func addWithArtificialVariable(_ r: Int32) -> (Bool, [Int32]) {
        let art = newSymbol(.slack)
        t.rows[Int(r)].basic = art
        t.rowOf[Int(art)] = r
        var objective = ObjectiveRow(constant: t.rows[Int(r)].constant)
        for c in t.rows[Int(r)].cells { objective.coefficients[c.symbol] = c.coefficient }
        t.artificial = objective
        do { try optimize() } catch { t.artificial = nil; return (false, []) }
        let final = t.artificial!
        t.artificial = nil
        let success = nearZero(final.constant)
        if !success {
            let cert = final.coefficients.filter { !nearZero($0.value) }.map(\.key).sorted()
            return (false, cert)
        }
        let ar = t.rowOf[Int(art)]
        if ar >= 0 {
            if t.rows[Int(ar)].cells.isEmpty {
                removeRow(ar)
                freeSymbol(art)
                return (true, [])
            }
            var entering: Int32 = .max
            for c in t.rows[Int(ar)].cells {
                let k = t.kinds[Int(c.symbol)]
                if (k == .slack || k == .error) && c.symbol < entering { entering = c.symbol }
            }
            guard entering != .max else { return (false, t.rows[Int(ar)].cells.map(\.symbol)) }
            pivot(ar, entering: entering)
        }
        freeSymbol(art)
        return (true, [])
    }

    /// The row through which `marker` leaves when its constraint is removed (kiwi's rule), with
    /// ties broken by the lowest basic symbol.
    private func markerLeavingRow(_ marker: Int32) -> Int32? {
        var r1 = Double.infinity, r2 = Double.infinity
        var first: (Int32, Int32)?, second: (Int32, Int32)?, third: (Int32, Int32)?
        for r in rowsContaining(marker) {
            let row = t.rows[Int(r)]
            let c = coefficient(r, marker)
            if t.kinds[Int(row.basic)] == .external {
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
    private func conflictingConstraints(in symbols: [Int32], adding slot: Int32) -> [ConstraintID] {
        var slots: [Int32] = []
        for s in symbols {
            let k = t.kinds[Int(s)]
            guard k == .dummy || k == .slack else { continue }
            let o = t.owner[Int(s)]
            guard o >= 0, records[Int(o)].alive, records[Int(o)].priority >= 1000, !slots.contains(o) else { continue }
            slots.append(o)
        }
        if !slots.contains(slot) { slots.append(slot) }
        return slots.sorted().map { ConstraintID(slot: $0, generation: records[Int($0)].generation) }
    }
}

extension Array {
    /// Removes the element at `i` by moving the last one into its place. O(1); order is not kept.
    @inline(__always)
    mutating func swapRemove(at i: Int) -> Element {
        swapAt(i, count - 1)
        return removeLast()
    }
}
