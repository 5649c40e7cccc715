/// A solver variable. Made by ``Solver/makeVariable(_:)``; only meaningful with that solver.
public struct Variable: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The variable's symbol id in its solver.
    public let id: Int32
    init(id: Int32) { self.id = id }
    /// Orders variables by ``id``, the order they were made in (ids of released variables are
    /// reused): what the solver's deterministic tie-breaks use.
    public static func < (a: Variable, b: Variable) -> Bool { a.id < b.id }
    /// `v` and the id, e.g. `v12`; the name given to ``Solver/makeVariable(_:)`` is with the solver
    /// (``Solver/name(of:)``).
    public var description: String { "v\(id)" }
}

/// `coefficient · variable`.
public struct Term: Hashable, Sendable {
    /// The variable the term multiplies.
    public var variable: Variable
    /// The factor on ``variable``, unitless; a coefficient within 1e-8 of zero is dropped when the
    /// constraint is added.
    public var coefficient: Double
    /// The term `coefficient · variable`; the coefficient is 1 unless given.
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable; self.coefficient = coefficient
    }
}

/// A linear expression `Σ cᵢ·vᵢ + constant`.
public struct LinearExpression: Sendable, Equatable {
    /// The terms, in the order they were written. A variable may appear in several; the solver adds
    /// their coefficients when the constraint enters the tableau.
    public var terms: [Term]
    /// The constant added to the terms, in the variables' unit (points for a layout).
    public var constant: Double

    /// The expression `Σ terms + constant`, kept as given (terms are not merged or sorted).
    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms; self.constant = constant
    }
    /// The expression `1·v`.
    public init(_ v: Variable) { self.init([Term(v)]) }
    /// The expression with no terms: just `constant`.
    public init(constant: Double) { self.init([], constant: constant) }

    /// Whether every coefficient and the constant are finite numbers.
    public var isFinite: Bool { constant.isFinite && terms.allSatisfy { $0.coefficient.isFinite } }

    /// The sum: both term lists concatenated (not merged), the constants added.
    public static func + (a: LinearExpression, b: LinearExpression) -> LinearExpression {
        LinearExpression(a.terms + b.terms, constant: a.constant + b.constant)
    }
    /// The difference: `b`'s coefficients and constant negated, then added to `a`.
    public static func - (a: LinearExpression, b: LinearExpression) -> LinearExpression { a + (-1.0 * b) }
    /// The expression scaled by `k`: every coefficient and the constant multiplied.
    public static func * (k: Double, e: LinearExpression) -> LinearExpression {
        LinearExpression(e.terms.map { Term($0.variable, $0.coefficient * k) }, constant: e.constant * k)
    }
    /// The expression with `c` added to its constant.
    public static func + (a: LinearExpression, c: Double) -> LinearExpression { LinearExpression(a.terms, constant: a.constant + c) }
    /// The expression with `c` subtracted from its constant.
    public static func - (a: LinearExpression, c: Double) -> LinearExpression { LinearExpression(a.terms, constant: a.constant - c) }
    /// The expression with the term `1·v` appended.
    public static func + (a: LinearExpression, v: Variable) -> LinearExpression { a + LinearExpression(v) }
    /// The expression with the term `-1·v` appended.
    public static func - (a: LinearExpression, v: Variable) -> LinearExpression { a - LinearExpression(v) }
}

extension Variable {
    /// The expression `1·a + 1·b`.
    public static func + (a: Variable, b: Variable) -> LinearExpression { LinearExpression(a) + LinearExpression(b) }
    /// The expression `1·a - 1·b`.
    public static func - (a: Variable, b: Variable) -> LinearExpression { LinearExpression(a) - LinearExpression(b) }
    /// The expression `1·v + c`.
    public static func + (v: Variable, c: Double) -> LinearExpression { LinearExpression(v) + c }
    /// The expression `1·v - c`.
    public static func - (v: Variable, c: Double) -> LinearExpression { LinearExpression(v) - c }
    /// The expression `k·v`.
    public static func * (k: Double, v: Variable) -> LinearExpression { LinearExpression([Term(v, k)]) }
}

/// The relation of a constraint `expression (==|<=|>=) 0`.
public enum Relation: Sendable, Hashable, CustomStringConvertible {
    /// `expression == 0`, `expression <= 0` and `expression >= 0`.
    case equal, lessThanOrEqual, greaterThanOrEqual
    /// The relation's operator: `==`, `<=` or `>=`.
    public var description: String {
        switch self {
        case .equal: "=="
        case .lessThanOrEqual: "<="
        case .greaterThanOrEqual: ">="
        }
    }
}

/// A UIKit layout priority, 1...1000. 1000 is required (a hard constraint); every other value is
/// its own lexicographic tier: satisfying a higher tier always wins over any number of violations
/// in lower tiers.
public struct Priority: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The priority's number, 1...1000 for a valid one; higher wins.
    public let value: Double
    /// Creates a priority; values must lie in 1...1000 (checked by the solver, which throws).
    public init(_ value: Double) { self.value = value }
    /// 1000: a hard constraint, which must hold; adding one that cannot hold throws
    /// ``SolverError/unsatisfiable(_:label:conflicting:)``.
    public static let required = Priority(1000)
    /// 750, UIKit's `UILayoutPriority.defaultHigh`: content's default compression resistance.
    public static let defaultHigh = Priority(750)
    /// 250, UIKit's `UILayoutPriority.defaultLow`: content's default hugging priority.
    public static let defaultLow = Priority(250)
    /// 50, UIKit's `UILayoutPriority.fittingSizeLevel`: the pull a fitting-size computation puts on
    /// the size, below every ordinary optional constraint.
    public static let fittingSizeLevel = Priority(50)
    /// Whether the priority is 1000 or more: the constraint must hold instead of being weighed.
    public var isRequired: Bool { value >= 1000 }
    /// Whether the value is a finite number in 1...1000, the range the solver accepts.
    public var isValid: Bool { value.isFinite && value >= 1 && value <= 1000 }
    /// Orders priorities by ``value``: the lower tier first.
    public static func < (a: Priority, b: Priority) -> Bool { a.value < b.value }
    /// `required` for 1000, otherwise the value, without `.0` when whole.
    public var description: String { isRequired ? "required" : fmtPriority(value) }
}

private func fmtPriority(_ v: Double) -> String {
    v == v.rounded() ? String(Int(v)) : String(v)
}

/// A handle to a constraint in a solver. Handles of removed constraints stay invalid even when
/// their slot is reused (the generation differs).
public struct ConstraintID: Hashable, Sendable, CustomStringConvertible {
    let slot: Int32
    let generation: UInt32
    /// `c`, the slot and the generation, e.g. `c3.0`: two handles for the same slot differ by generation.
    public var description: String { "c\(slot).\(generation)" }
}

/// Every way a solver call can fail, each carrying what failed (one error per failure).
public enum SolverError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A required constraint conflicts with other required constraints. `conflicting` is a set of
    /// constraints (this one included) that cannot all hold; the constraint was not added (or, for
    /// a constant change, the change was undone).
    case unsatisfiable(ConstraintID, label: String, conflicting: [ConstraintID])
    /// The constraint is not active in this solver: never added here, already removed, or its slot
    /// reused since (its generation is stale).
    case unknownConstraint(ConstraintID)
    /// ``Solver/addEditVariable(_:priority:)`` was called for a variable that is already an edit variable.
    case duplicateEditVariable(Variable)
    /// The variable is not an edit variable: ``Solver/suggestValue(_:_:)`` or
    /// ``Solver/removeEditVariable(_:)`` before ``Solver/addEditVariable(_:priority:)``.
    case unknownEditVariable(Variable)
    /// The variable is not one of this solver's (never made, or released).
    case unknownVariable(Variable)
    /// Edit variables must not be required; priorities must lie in 1...1000.
    case badPriority(Priority, label: String)
    /// A NaN or infinite coefficient, constant or suggested value.
    case nonFiniteNumber(label: String)
    /// The tableau reached a state the algorithm cannot continue from (a bug).
    case internalError(String)

    /// A one-line English message naming the label, variable or priority that failed, for logs.
    public var description: String {
        switch self {
        case .unsatisfiable(_, let label, let set):
            "unsatisfiable required constraint '\(label)' (conflicting set of \(set.count))"
        case .unknownConstraint(let c): "unknown constraint \(c)"
        case .duplicateEditVariable(let v): "\(v) is already an edit variable"
        case .unknownEditVariable(let v): "\(v) is not an edit variable"
        case .unknownVariable(let v): "\(v) is not a variable of this solver"
        case .badPriority(let p, let label): "bad priority \(p.value) for '\(label)': use 1...1000 (edit variables: below 1000)"
        case .nonFiniteNumber(let label): "NaN or infinite number in '\(label)'"
        case .internalError(let s): "internal solver error: \(s)"
        }
    }
}
