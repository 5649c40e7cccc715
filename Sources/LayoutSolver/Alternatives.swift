// Part of the solver: see Solver.swift for the design. Other solutions as good as the current
// one (IN5): what an ambiguous layout could also be.

extension Solver {
    /// The tier of a tie-break: below every priority a constraint can be given (1...1000), so it
    /// chooses among the solutions the real tiers leave equally good and changes none of them.
    public static let tieBreakPriority = 0.5

    private convenience init(core: Core) {
        self.init(checksInvariants: core.checksInvariants, marksRequiredEqualities: core.marksRequiredEqualities)
        self.core = core
    }

    /// A copy of this solver: the same constraints, variables, ids and solution. Copying is cheap
    /// (the tableau's storage is shared until one of the two changes it); the first change to
    /// either copies what it touches.
    public func copy() -> Solver { Solver(core: core) }

    /// Adds `v == value` in the tie-break tier (``tieBreakPriority``), below every tier a caller
    /// can give: the solver then moves `v` toward `value` only as far as it can without making any
    /// other constraint's tier worse and without breaking a required one. Since tiers are
    /// lexicographic (Solver.swift), this is exact: the solution stays optimal for every real tier.
    /// Remove it with ``removeConstraint(_:)``.
    ///
    /// - Throws: ``SolverError/nonFiniteNumber(label:)`` for a value that is not finite,
    ///   ``SolverError/unknownVariable(_:)`` for a variable that is not this solver's.
    @discardableResult
    public func addTieBreak(_ v: Variable, toward value: Double, label: String = "") throws(SolverError) -> ConstraintID {
        guard core.isLiveExternal(v) else { throw .unknownVariable(v) }
        guard value.isFinite else { throw .nonFiniteNumber(label: label) }
        return try core.addConstraint(LinearExpression(v) - value, .equal, priority: Priority(Self.tieBreakPriority),
                                      label: label, allowingTieBreak: true)
    }

    /// Another solution, as good as the current one for every priority tier and satisfying every
    /// required constraint, in which `v` moves toward `target` as far as that allows: a copy of
    /// this solver with a tie-break `v == target` (``addTieBreak(_:toward:label:)``). Nil when `v`
    /// is not this solver's or `target` is not finite. The copy's value of `v` equals this
    /// solver's when the constraints (with their priorities) determine `v` on that side. Earlier
    /// tie-breaks are left out of the copy: in their tier they would hold `v` as hard as the push
    /// moves it.
    ///
    /// This solver is not changed; the cost is one copy of the tableau and a few pivots, paid only
    /// by the caller.
    public func alternative(moving v: Variable, toward target: Double) -> Solver? {
        let probe = copy()
        do {
            for id in probe.core.tieBreaks() { try probe.removeConstraint(id) }
            try probe.addTieBreak(v, toward: target, label: "alternative")
        } catch { return nil }
        return probe
    }
}

extension Solver.Core {
    /// The constraints in the tie-break tier.
    func tieBreaks() -> [ConstraintID] {
        records.indices.filter { records[$0].alive && records[$0].priority == Solver.tieBreakPriority }
            .map { ConstraintID(slot: Int32($0), generation: records[$0].generation) }
    }

    /// Whether `v` is an external symbol of this solver that was not released.
    func isLiveExternal(_ v: Variable) -> Bool {
        v.id >= 0 && Int(v.id) < tableau.kinds.count && tableau.kinds[Int(v.id)] == .external
            && !tableau.freeSymbols.contains(v.id)
    }
}
