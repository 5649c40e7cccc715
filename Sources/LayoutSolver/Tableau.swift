// Part of the solver: see Solver.swift for the design.

extension Solver.Core {
    /// What a symbol stands for. External symbols are the user's variables (unrestricted in
    /// sign); slack and error symbols are restricted to ≥ 0; a dummy is fixed at 0 and marks a
    /// required equality, so that removing the constraint can find its row again.
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
        var serial: UInt64          // order of adding, kept by a rebuild
        var marker: Int32           // -1 for a required equality in compact mode, and when none
        var other: Int32            // -1 when none
        var markerCoefficient: Double
        var rowSign: Double         // the row was multiplied by this (±1) when created
        var expression: LinearExpression  // its constant is the current one (setConstant changes it)
        var relation: Relation
        var priority: Double
        var label: String
        var alive: Bool
        /// A required equality given its own marker in compact mode (its constant changes).
        var keepsMarker = false

        /// The expression's current constant.
        var constant: Double {
            get { expression.constant }
            set { expression.constant = newValue }
        }
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

}

extension Solver.Core {
    // MARK: Symbols, rows, records

    mutating func newSymbol(_ kind: Kind) -> Int32 {
        if let s = tableau.freeSymbols.popLast() {
            tableau.kinds[Int(s)] = kind
            tableau.owner[Int(s)] = -1
            return s
        }
        let s = Int32(tableau.kinds.count)
        tableau.kinds.append(kind)
        tableau.rowOf.append(-1)
        tableau.columns.append([])
        tableau.occurrences.append(0)
        tableau.owner.append(-1)
        tableau.changedFlag.append(false)
        return s
    }

    /// Returns a non-external symbol to the pool, first clearing any rounding residue of it.
    mutating func freeSymbol(_ s: Int32) {
        if tableau.rowOf[Int(s)] >= 0 { removeRow(tableau.rowOf[Int(s)]) }
        if tableau.occurrences[Int(s)] > 0 {
            for r in rowsContaining(s) { _ = removeCell(from: r, s) }
        }
        tableau.columns[Int(s)] = []
        for li in tableau.levels.indices { tableau.levels[li].row.coefficients[s] = nil }
        tableau.owner[Int(s)] = -1
        tableau.freeSymbols.append(s)
    }

    mutating func allocateRow() -> Int32 {
        if let r = tableau.freeRows.popLast() { return r }
        tableau.rows.append(Row())
        rowMark.append(0)
        return Int32(tableau.rows.count - 1)
    }

    mutating func allocateRecord() -> Int32 {
        if let s = freeRecords.popLast() { return s }
        records.append(Record(generation: 0, serial: 0, marker: -1, other: -1, markerCoefficient: 1, rowSign: 1,
                              expression: LinearExpression(), relation: .equal,
                              priority: Priority.required.value, label: "", alive: false))
        return Int32(records.count - 1)
    }

    func record(_ id: ConstraintID) -> Record? {
        guard id.slot >= 0, Int(id.slot) < records.count else { return nil }
        let r = records[Int(id.slot)]
        return r.alive && r.generation == id.generation ? r : nil
    }

    /// Takes a constraint's tier and symbols out of the tableau (its row is gone already).
    mutating func unplace(_ slot: Int32) {
        let rec = records[Int(slot)]
        if !Priority(rec.priority).isRequired { releaseLevel(rec.priority) }
        if rec.marker >= 0 { freeSymbol(rec.marker) }
        if rec.other >= 0 { freeSymbol(rec.other) }
        records[Int(slot)].marker = -1
        records[Int(slot)].other = -1
    }

    /// Ends a constraint's record: its id goes stale and the slot is reused.
    mutating func retire(_ slot: Int32) {
        records[Int(slot)].alive = false
        records[Int(slot)].generation &+= 1
        records[Int(slot)].label = ""
        records[Int(slot)].expression = LinearExpression()
        records[Int(slot)].keepsMarker = false
        freeRecords.append(slot)
    }

    mutating func discardRecord(_ slot: Int32) {
        unplace(slot)
        retire(slot)
    }

    /// Drops a row that was never made basic (a failed add).
    mutating func discardRow(_ r: Int32) {
        for c in tableau.rows[Int(r)].cells { tableau.occurrences[Int(c.symbol)] -= 1 }
        tableau.rows[Int(r)] = Row()
        tableau.freeRows.append(r)
    }

    mutating func removeRow(_ r: Int32) {
        let basic = tableau.rows[Int(r)].basic
        for c in tableau.rows[Int(r)].cells { tableau.occurrences[Int(c.symbol)] -= 1 }
        if basic >= 0 { tableau.rowOf[Int(basic)] = -1; markChanged(basic) }
        tableau.rows[Int(r)].basic = -1
        tableau.rows[Int(r)].cells.removeAll(keepingCapacity: true)
        tableau.rows[Int(r)].constant = 0
        tableau.freeRows.append(r)
    }

    @inline(__always) func nearZero(_ v: Double) -> Bool { abs(v) < Solver.epsilon }

    @inline(__always) mutating func markChanged(_ s: Int32) {
        if tableau.kinds[Int(s)] == .external && !tableau.changedFlag[Int(s)] {
            tableau.changedFlag[Int(s)] = true
            tableau.changed.append(s)
        }
    }

}

extension Solver.Core {
    // MARK: Row algebra (every change keeps the column index exact)

    @inline(__always)
    func coefficient(_ r: Int32, _ s: Int32) -> Double {
        let i = tableau.rows[Int(r)].find(s)
        return i >= 0 ? tableau.rows[Int(r)].cells[i].coefficient : 0
    }

    /// Adds `coefficient·s` to row `r`, dropping the cell when it cancels.
    mutating func insert(into r: Int32, _ s: Int32, _ coefficient: Double) {
        let i = tableau.rows[Int(r)].find(s)
        if i >= 0 {
            let v = tableau.rows[Int(r)].cells[i].coefficient + coefficient
            if nearZero(v) {
                tableau.rows[Int(r)].cells.remove(at: i)
                tableau.occurrences[Int(s)] -= 1
            } else {
                tableau.rows[Int(r)].cells[i].coefficient = v
            }
        } else if !nearZero(coefficient) {
            tableau.rows[Int(r)].cells.insert(Cell(symbol: s, coefficient: coefficient), at: -i - 1)
            noteCellAdded(s, r)
        }
    }

    /// Removes `s` from row `r`; returns its coefficient (0 when absent).
    @discardableResult
    mutating func removeCell(from r: Int32, _ s: Int32) -> Double {
        let i = tableau.rows[Int(r)].find(s)
        guard i >= 0 else { return 0 }
        let c = tableau.rows[Int(r)].cells[i].coefficient
        tableau.rows[Int(r)].cells.remove(at: i)
        tableau.occurrences[Int(s)] -= 1
        return c
    }

    /// Adds `coefficient · s` to row `r`, or `coefficient ·` s's row when s is basic.
    mutating func addSymbolOrRow(into r: Int32, symbol s: Int32, coefficient: Double) {
        let b = tableau.rowOf[Int(s)]
        if b >= 0 {
            addRow(b, into: r, times: coefficient)
        } else {
            insert(into: r, s, coefficient)
        }
    }

    /// Row `r` += `k` · row `src` (constant and cells): a sorted merge into a reusable buffer, in
    /// O(cells of both); cancelled cells are dropped.
    mutating func addRow(_ src: Int32, into r: Int32, times k: Double) {
        tableau.rows[Int(r)].constant += k * tableau.rows[Int(src)].constant
        let source = tableau.rows[Int(src)].cells
        if source.count <= 2 {
            for c in source { insert(into: r, c.symbol, c.coefficient * k) }
            return
        }
        Self.merge(&tableau, source, into: Int(r), times: k, buffer: &mergeBuffer, overgrown: &overgrown)
        // Keep candidate lists bounded: compact the ones that grew past twice their true size.
        while let sym = overgrown.popLast() { _ = rowsContaining(sym) }
    }

    static func merge(_ tableau: inout Tableau, _ source: [Cell], into r: Int, times k: Double, buffer: inout [Cell],
                              overgrown: inout [Int32]) {
        buffer.removeAll(keepingCapacity: true)
        swap(&buffer, &tableau.rows[r].cells)       // buffer: the target's old cells
        let a = buffer.count, b = source.count
        let row = Int32(r)
        // The merged cells are written straight into a new array, and the symbol bookkeeping
        // goes through buffer pointers: appending, or a subscript of an array inside the
        // tableau, checks the array's uniqueness on every cell (a third of a large build).
        let merged = tableau.occurrences.withUnsafeMutableBufferPointer { occurrences in
            tableau.columns.withUnsafeMutableBufferPointer { columns in
                [Cell](unsafeUninitializedCapacity: a + b) { out, count in
                    var i = 0, j = 0, n = 0
                    buffer.withUnsafeBufferPointer { old in
                        source.withUnsafeBufferPointer { new in
                            while i < a || j < b {
                                if j == b || (i < a && old[i].symbol < new[j].symbol) {
                                    (out.baseAddress! + n).initialize(to: old[i]); n += 1; i += 1
                                } else if i == a || new[j].symbol < old[i].symbol {
                                    let v = new[j].coefficient * k
                                    if abs(v) >= Solver.epsilon {
                                        let sym = new[j].symbol
                                        (out.baseAddress! + n).initialize(to: Cell(symbol: sym, coefficient: v)); n += 1
                                        occurrences[Int(sym)] += 1
                                        columns[Int(sym)].append(row)
                                        if columns[Int(sym)].count > 2 * Int(occurrences[Int(sym)]) + 16 { overgrown.append(sym) }
                                    }
                                    j += 1
                                } else {
                                    let v = old[i].coefficient + new[j].coefficient * k
                                    if abs(v) < Solver.epsilon {
                                        occurrences[Int(new[j].symbol)] -= 1
                                    } else {
                                        (out.baseAddress! + n).initialize(to: Cell(symbol: new[j].symbol, coefficient: v)); n += 1
                                    }
                                    i += 1; j += 1
                                }
                            }
                        }
                    }
                    count = n
                }
            }
        }
        tableau.rows[r].cells = merged
    }

    @inline(__always)
    mutating func noteCellAdded(_ s: Int32, _ r: Int32) {
        tableau.occurrences[Int(s)] += 1
        tableau.columns[Int(s)].append(r)
        if tableau.columns[Int(s)].count > 2 * Int(tableau.occurrences[Int(s)]) + 16 { _ = rowsContaining(s) }
    }

    /// The rows that contain `s`, each once; also compacts `s`'s candidate list to exactly them.
    /// The result lives in a scratch buffer valid until the next call; `scratchCoefficients`
    /// holds `s`'s coefficient in each.
    mutating func rowsContaining(_ s: Int32) -> [Int32] {
        Self.collectRows(&tableau, s, &scratch, &scratchCoefficients, &rowMark, &markGeneration)
        return scratch
    }

    /// Static, on the `inout` arrays it reads and writes, which are disjoint parts of the core.
    static func collectRows(_ tableau: inout Tableau, _ s: Int32, _ out: inout [Int32], _ coefficients: inout [Double],
                                    _ rowMark: inout [UInt32], _ generation: inout UInt32) {
        out.removeAll(keepingCapacity: true)
        coefficients.removeAll(keepingCapacity: true)
        let si = Int(s)
        if tableau.columns[si].count == Int(tableau.occurrences[si]) {
            // Exact list: every entry is a row that holds `s`, once.
            for r in tableau.columns[si] {
                let i = tableau.rows[Int(r)].find(s)
                out.append(r)
                coefficients.append(tableau.rows[Int(r)].cells[i].coefficient)
            }
            return
        }
        generation &+= 1
        if generation == 0 { for i in rowMark.indices { rowMark[i] = 0 }; generation = 1 }
        for r in tableau.columns[si] where rowMark[Int(r)] != generation {
            rowMark[Int(r)] = generation
            let i = tableau.rows[Int(r)].find(s)
            if i >= 0 { out.append(r); coefficients.append(tableau.rows[Int(r)].cells[i].coefficient) }
        }
        if tableau.columns[si].capacity > 4 * out.count + 32 {
            var tight = [Int32]()              // give back what a past peak left behind
            tight.reserveCapacity(out.count)
            tight.append(contentsOf: out)
            tableau.columns[si] = tight
        } else {
            tableau.columns[si].removeAll(keepingCapacity: true)
            tableau.columns[si].append(contentsOf: out)
        }
    }

    mutating func negate(_ r: Int32) {
        tableau.rows[Int(r)].constant = -tableau.rows[Int(r)].constant
        for i in tableau.rows[Int(r)].cells.indices { tableau.rows[Int(r)].cells[i].coefficient = -tableau.rows[Int(r)].cells[i].coefficient }
    }

    /// Makes `s` the basic symbol of the unattached row `r` (`0 = constant + Σ`, containing `s`).
    mutating func solve(_ r: Int32, for s: Int32) {
        let c = removeCell(from: r, s)
        let k = -1 / c
        tableau.rows[Int(r)].constant *= k
        for i in tableau.rows[Int(r)].cells.indices { tableau.rows[Int(r)].cells[i].coefficient *= k }
        tableau.rows[Int(r)].basic = s
        tableau.rowOf[Int(s)] = r
        markChanged(s)
    }

    /// Replaces `s` by row `r`'s expression (whose basic is `s`) in every other row and in the
    /// objective tiers. Rows of restricted symbols that go negative are queued as infeasible.
    mutating func substitute(_ s: Int32, row r: Int32) {
        let targets = rowsContaining(s)
        for target in targets where target != r {
            let c = removeCell(from: target, s)
            guard c != 0 else { continue }
            rowsRewritten &+= 1
            addRow(r, into: target, times: c)
            let basic = tableau.rows[Int(target)].basic
            markChanged(basic)
            if tableau.kinds[Int(basic)] != .external && tableau.rows[Int(target)].constant < 0 { tableau.infeasible.append(basic) }
        }
        for li in tableau.levels.indices {
            if let c = tableau.levels[li].row.coefficients.removeValue(forKey: s) { addRow(Int(r), intoObjective: li, times: c) }
        }
        if tableau.artificial != nil, let c = tableau.artificial!.coefficients.removeValue(forKey: s) {
            tableau.artificial!.constant += c * tableau.rows[Int(r)].constant
            for cell in tableau.rows[Int(r)].cells {
                let v = (tableau.artificial!.coefficients[cell.symbol] ?? 0) + cell.coefficient * c
                tableau.artificial!.coefficients[cell.symbol] = nearZero(v) ? nil : v
            }
        }
    }

    mutating func addRow(_ r: Int, intoObjective li: Int, times k: Double) {
        tableau.levels[li].row.constant += k * tableau.rows[r].constant
        for cell in tableau.rows[r].cells { objectiveAdd(li, cell.symbol, cell.coefficient * k) }
    }

    @inline(__always)
    mutating func objectiveAdd(_ li: Int, _ s: Int32, _ c: Double) {
        let v = (tableau.levels[li].row.coefficients[s] ?? 0) + c
        tableau.levels[li].row.coefficients[s] = nearZero(v) ? nil : v
    }

    /// Row `r` (basic `leaving`) is solved for `entering`, which becomes basic; every other row
    /// and the objective are rewritten.
    mutating func pivot(_ r: Int32, entering: Int32) {
        pivotCount += 1
        let leaving = tableau.rows[Int(r)].basic
        tableau.rowOf[Int(leaving)] = -1
        tableau.rows[Int(r)].basic = -1
        insert(into: r, leaving, -1)
        markChanged(leaving)
        solve(r, for: entering)
        substitute(entering, row: r)
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
