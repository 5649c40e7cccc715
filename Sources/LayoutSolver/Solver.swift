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
///   demand and changed external variables are listed (``takeChangedVariables(into:)``), so nothing
///   scans the whole tableau per frame.
/// - **Recovery.** A required constraint that conflicts throws `SolverError.unsatisfiable` with
///   a conflicting set read off the infeasible row (a Farkas certificate) and leaves the solver as
///   it was.
/// - **Bounded memory.** Symbol ids, rows and constraint slots are reused, so adding and removing
///   constraints forever does not grow the solver.
/// - **A facade over a value.** The class has identity; its state is one struct, `Core`, whose
///   mutating methods hold the algorithm (Core.swift, Tableau.swift, Simplex.swift,
///   Conflicts.swift), so the compiler proves each access to the tableau exclusive and only the
///   facade's one access per call is checked at run time (AM4).
public final class Solver {
    /// The state and the algorithm; every public member below forwards to it (see `Core`).
    var core: Core
    /// Rebuilds for single markers before the solver marks every required equality.
    public static let markerUpgradeBudget = 8
    static let epsilon = 1e-8

    /// An empty solver; `checksInvariants` defaults to on in debug builds and off in release.
    /// `marksRequiredEqualities` starts the solver in marked mode (see the property).
    public init(checksInvariants: Bool = Solver.checksInvariantsByDefault, marksRequiredEqualities: Bool = false) {
        core = Core(checksInvariants: checksInvariants, marksRequiredEqualities: marksRequiredEqualities)
    }

    /// Whether required equalities carry a marker column (marked mode) or not (compact mode).
    ///
    /// Cassowary gives every required equality a dummy marker, so that removing the constraint or
    /// changing its constant can find the rows it went into. That column is dense wherever
    /// constraints chain (a row of views placed one after another: each view's position depends on
    /// every gap before it), which makes building such a layout quadratic in time and memory, and
    /// every later pivot pays for the long rows. A solver starts compact: required equalities carry
    /// no marker, which changes no pivot and no value (dummies never enter the basis), and a
    /// chain's rows stay a few cells long. The first constant change of a compact equality gives
    /// that one constraint a marker, by rebuilding the tableau from the active constraints in the
    /// order they were added (so an animated constant costs one rebuild, and the other rows stay
    /// short). After ``markerUpgradeBudget`` such rebuilds, or on the first removal of a required
    /// equality, or the first conflict (naming its constraints needs every marker), the solver
    /// switches to marked mode for good, by one more rebuild.
    public var marksRequiredEqualities: Bool { core.marksRequiredEqualities }

    /// On in debug builds, off in release builds.
    public static var checksInvariantsByDefault: Bool {
        #if DEBUG
        true
        #else
        false
        #endif
    }

    /// Whether every public mutation ends with a check of the tableau's invariants. On by default
    /// in debug builds (so every debug test run checks them after each add, remove, constant
    /// change and edit), off in release builds, where it would cost a pass over the tableau.
    /// A stress test that runs thousands of layouts (the leak tests, MR2) may turn it off.
    public var checksInvariants: Bool {
        get { core.checksInvariants }
        set { core.checksInvariants = newValue }
    }

    // MARK: Public API

    /// A new variable, initially 0.
    public func makeVariable(_ name: String = "") -> Variable { core.makeVariable(name) }

    /// Gives a variable back to the solver for reuse. It must appear in no active constraint; any
    /// rounding residue of it in the tableau is cleared.
    public func releaseVariable(_ v: Variable) { core.releaseVariable(v) }

    /// The variable's name, as given to ``makeVariable(_:)``.
    public func name(of v: Variable) -> String { core.name(of: v) }

    /// The variable's current value.
    /// - Complexity: O(1).
    @inline(__always)
    public func value(of v: Variable) -> Double { core.value(of: v) }

    /// The values of four variables at once (a rectangle's), one call instead of four.
    public func values(of a: Variable, _ b: Variable, _ c: Variable, _ d: Variable) -> SIMD4<Double> {
        core.values(of: a, b, c, d)
    }

    /// How many constraints are active.
    public var constraintCount: Int { core.constraintCount }

    /// How many rows the tableau has.
    public var rowCount: Int { core.rowCount }

    /// Pivots done so far (for benchmarks and tests of locality).
    public var pivotCount: Int { core.pivotCount }

    /// Rows rewritten by substituting a new basic symbol into them so far (tests of sparsity).
    public var rowsRewritten: Int { core.rowsRewritten }

    /// Cells in all rows (a measure of the tableau's density).
    public var cellCount: Int { core.cellCount }

    /// Sizes of the internal tables, for soak tests: symbols ever made, symbols free for reuse,
    /// column-list entries, constraint slots, objective entries.
    public var tableSizes: [String: Int] { core.tableSizes }

    /// How many priority tiers have objective rows.
    public var tierCount: Int { core.tierCount }

    /// Adds `expression relation 0` at `priority`.
    ///
    /// - Throws: ``SolverError/unsatisfiable(_:label:conflicting:)`` for a required constraint
    ///   that conflicts (the solver is left unchanged); ``SolverError/nonFiniteNumber(label:)``;
    ///   ``SolverError/badPriority(_:label:)``.
    @discardableResult
    public func addConstraint(_ expression: LinearExpression, _ relation: Relation, priority: Priority = .required,
                              label: String = "") throws(SolverError) -> ConstraintID {
        try core.addConstraint(expression, relation, priority: priority, label: label)
    }

    /// Removes an active constraint.
    public func removeConstraint(_ id: ConstraintID) throws(SolverError) { try core.removeConstraint(id) }

    /// Whether `id` is an active constraint of this solver.
    public func contains(_ id: ConstraintID) -> Bool { core.contains(id) }

    /// The label a constraint was added with.
    public func label(of id: ConstraintID) -> String? { core.label(of: id) }

    /// The constraint's current expression constant.
    public func constant(of id: ConstraintID) -> Double? { core.constant(of: id) }

    /// Changes the constant of an active constraint (`expression.constant`) in place, through the
    /// edit path: the rows that contain its marker are updated and re-optimised with the dual
    /// simplex (A9). No remove and re-add.
    ///
    /// - Complexity: proportional to the rows containing the constraint's marker and the pivots
    ///   the dual simplex needs, not to the size of the tableau.
    /// - Throws: ``SolverError/unsatisfiable(_:label:conflicting:)`` when a required constraint
    ///   cannot take the new constant; the old constant is restored.
    public func setConstant(_ id: ConstraintID, to constant: Double) throws(SolverError) {
        try core.setConstant(id, to: constant)
    }

    /// Makes `v` an edit variable at `priority` (below required).
    public func addEditVariable(_ v: Variable, priority: Priority) throws(SolverError) {
        try core.addEditVariable(v, priority: priority)
    }

    /// Stops `v` being an edit variable (its constraint is removed).
    public func removeEditVariable(_ v: Variable) throws(SolverError) { try core.removeEditVariable(v) }

    /// Whether `v` is an edit variable.
    public func hasEditVariable(_ v: Variable) -> Bool { core.hasEditVariable(v) }

    /// Suggests a value for an edit variable; the solver moves it as close as its priority allows.
    public func suggestValue(_ v: Variable, _ value: Double) throws(SolverError) { try core.suggestValue(v, value) }

    /// The external variables whose value may have changed since the last call, each once.
    public func takeChangedVariables(into out: inout [Variable]) { core.takeChangedVariables(into: &out) }

    /// The external variables whose value may have changed since the last call, each once, with
    /// their values: one pass over the change list (cheaper than ``value(of:)`` per variable).
    public func takeChanges(into out: inout [(variable: Variable, value: Double)]) { core.takeChanges(into: &out) }

    /// Whether the optimum leaves `v` free to move without changing any tier's objective: the
    /// constraints do not determine it (A8).
    public func isAmbiguous(_ v: Variable) -> Bool { core.isAmbiguous(v) }

    /// The first broken invariant of the tableau, if any (see `Core.invariantViolation()`).
    public func invariantViolation() -> String? { core.invariantViolation() }

    /// Whether the constraint has a marker column (false for a compact required equality).
    func hasMarker(_ id: ConstraintID) -> Bool { core.hasMarker(id) }
}
