/// A solver variable. Made by ``Solver/makeVariable(_:)``; only meaningful with that solver.
public struct Variable: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The variable's symbol id in its solver.
    public let id: Int32
    init(id: Int32) { self.id = id }
    public static func < (a: Variable, b: Variable) -> Bool { a.id < b.id }
    public var description: String { "v\(id)" }
}

/// `coefficient · variable`.
public struct Term: Hashable, Sendable {
    public var variable: Variable
    public var coefficient: Double
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable; self.coefficient = coefficient
    }
}

/// A linear expression `Σ cᵢ·vᵢ + constant`.
public struct LinearExpression: Sendable, Equatable {
    public var terms: [Term]
    public var constant: Double

    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms; self.constant = constant
    }
    public init(_ v: Variable) { self.init([Term(v)]) }
    public init(constant: Double) { self.init([], constant: constant) }

    /// Whether every coefficient and the constant are finite numbers.
    public var isFinite: Bool { constant.isFinite && terms.allSatisfy { $0.coefficient.isFinite } }

    public static func + (a: LinearExpression, b: LinearExpression) -> LinearExpression {
        LinearExpression(a.terms + b.terms, constant: a.constant + b.constant)
    }
    public static func - (a: LinearExpression, b: LinearExpression) -> LinearExpression { a + (-1.0 * b) }
    public static func * (k: Double, e: LinearExpression) -> LinearExpression {
        LinearExpression(e.terms.map { Term($0.variable, $0.coefficient * k) }, constant: e.constant * k)
    }
    public static func + (a: LinearExpression, c: Double) -> LinearExpression { LinearExpression(a.terms, constant: a.constant + c) }
    public static func - (a: LinearExpression, c: Double) -> LinearExpression { LinearExpression(a.terms, constant: a.constant - c) }
    public static func + (a: LinearExpression, v: Variable) -> LinearExpression { a + LinearExpression(v) }
    public static func - (a: LinearExpression, v: Variable) -> LinearExpression { a - LinearExpression(v) }
}

extension Variable {
    public static func + (a: Variable, b: Variable) -> LinearExpression { LinearExpression(a) + LinearExpression(b) }
    public static func - (a: Variable, b: Variable) -> LinearExpression { LinearExpression(a) - LinearExpression(b) }
    public static func + (v: Variable, c: Double) -> LinearExpression { LinearExpression(v) + c }
    public static func - (v: Variable, c: Double) -> LinearExpression { LinearExpression(v) - c }
    public static func * (k: Double, v: Variable) -> LinearExpression { LinearExpression([Term(v, k)]) }
}

/// The relation of a constraint `expression (==|<=|>=) 0`.
public enum Relation: Sendable, Hashable, CustomStringConvertible {
    case equal, lessThanOrEqual, greaterThanOrEqual
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
    public let value: Double
    /// Creates a priority; values must lie in 1...1000 (checked by the solver, which throws).
    public init(_ value: Double) { self.value = value }
    public static let required = Priority(1000)
    public static let defaultHigh = Priority(750)
    public static let defaultLow = Priority(250)
    public static let fittingSizeLevel = Priority(50)
    public var isRequired: Bool { value >= 1000 }
    public var isValid: Bool { value.isFinite && value >= 1 && value <= 1000 }
    public static func < (a: Priority, b: Priority) -> Bool { a.value < b.value }
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
    public var description: String { "c\(slot).\(generation)" }
}

/// Every way a solver call can fail, each carrying what failed (one error per failure).
public enum SolverError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A required constraint conflicts with other required constraints. `conflicting` is a set of
    /// constraints (this one included) that cannot all hold; the constraint was not added (or, for
    /// a constant change, the change was undone).
    case unsatisfiable(ConstraintID, label: String, conflicting: [ConstraintID])
    case unknownConstraint(ConstraintID)
    case duplicateEditVariable(Variable)
    case unknownEditVariable(Variable)
    /// The variable is not one of this solver's (never made, or released).
    case unknownVariable(Variable)
    /// Edit variables must not be required; priorities must lie in 1...1000.
    case badPriority(Priority, label: String)
    /// A NaN or infinite coefficient, constant or suggested value.
    case nonFiniteNumber(label: String)
    /// The tableau reached a state the algorithm cannot continue from (a bug).
    case internalError(String)

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
