// Part of the solver: see Solver.swift for the design.

extension Solver.Core {
    /// Checks the tableau's invariants and returns a description of the first violation: every
    /// row's basic symbol maps back to it, restricted rows are feasible, cells are sorted and
    /// hold only non-basic symbols, the column index and occurrence counts match the rows, and no
    /// objective tier mentions a basic symbol. O(tableau); for tests (``checksInvariants``).
    func invariantViolation() -> String? {
        for (ri, row) in tableau.rows.enumerated() where row.basic >= 0 {
            if tableau.rowOf[Int(row.basic)] != Int32(ri) { return "rowOf mismatch for row \(ri)" }
            if tableau.kinds[Int(row.basic)] != .external && row.constant < -1e-7 { return "infeasible restricted row \(ri): \(row.constant)" }
            for k in row.cells.indices.dropFirst() where row.cells[k - 1].symbol >= row.cells[k].symbol {
                return "row \(ri) is not sorted"
            }
            for c in row.cells {
                if tableau.rowOf[Int(c.symbol)] >= 0 { return "basic symbol \(c.symbol) in row \(ri)" }
                if !tableau.columns[Int(c.symbol)].contains(Int32(ri)) { return "column index misses \(c.symbol) in row \(ri)" }
            }
        }
        var counts = [Int32](repeating: 0, count: tableau.kinds.count)
        for row in tableau.rows { for c in row.cells { counts[Int(c.symbol)] += 1 } }
        if counts != tableau.occurrences { return "occurrence counts are off" }
        for level in tableau.levels {
            for (s, _) in level.row.coefficients where tableau.rowOf[Int(s)] >= 0 { return "basic symbol \(s) in objective" }
        }
        return nil
    }


    /// Stops with the violation when ``checksInvariants`` is on and the tableau is inconsistent:
    /// an internal error, never the caller's.
    @inline(__always)
    func checkInvariants(_ after: StaticString) {
        guard checksInvariants, let violation = invariantViolation() else { return }
        preconditionFailure("Solver invariant broken after \(after): \(violation)")
    }
}
