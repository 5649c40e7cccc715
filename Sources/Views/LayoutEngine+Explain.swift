import Geometry
import LayoutSolver

// Explaining a view's layout (IN5): which constraints fix each of its attributes and which of
// them bind at the solution, why a required constraint was broken, and whether the constraints
// leave the frame open, with another frame they allow. Everything here runs when it is asked for
// (an inspector, a test, the app's own diagnostics): nothing per frame.

/// One member of an unsatisfiable set: an app's constraint (held weakly) or one of the engine's
/// own (autoresizing, intrinsic size, a guide's edges), by its description.
@MainActor
public struct ConflictMember {
    /// The app's constraint, while it exists; nil for one of the engine's own.
    public weak var constraint: LayoutConstraint?
    /// The constraint as the engine describes it (`view.attribute == other.attribute + constant`).
    public let description: String
}

/// Why the engine broke a required constraint (A7): it could not hold together with the others
/// of ``conflicting``, a set read off the solver's proof that they have no common solution (the
/// infeasible row's Farkas certificate, Conflicts.swift). Kept on the broken constraint
/// (``LayoutConstraint/unsatisfiableExplanation``) while it stays broken.
@MainActor
public struct UnsatisfiableExplanation {
    /// The broken constraint's description.
    public let broken: String
    /// The other required constraints of the set it conflicts with (it is left out).
    public let conflicting: [ConflictMember]
    /// The frame it was broken in.
    public let frame: Int64
    /// How far from holding it was at the solution of the others, when it was broken: its first
    /// item's attribute minus what it asked for (NaN when an item had no variables yet).
    public let offset: Double
    /// In words: what it asked for, what the others gave instead.
    public let reason: String
}

/// Whether a constraint holds at the solution, and how.
public enum ConstraintState: String, Sendable {
    /// It holds with equality: it fixes the attribute where it is.
    case binding
    /// An inequality that holds with room to spare: it does not fix the attribute now.
    case slack
    /// An optional constraint the solution does not meet (a higher priority won).
    case violated
    /// A required constraint the engine broke to resolve a conflict.
    case broken
    /// Active, but not yet given to the solver (the next constraints pass will).
    case pending
}

/// One constraint involving an attribute of a view, at the current solution.
@MainActor
public struct ConstraintFact {
    /// Who made the constraint.
    public enum Origin: String, Sendable {
        /// A ``LayoutConstraint`` the app (or a control) activated: its constant can be edited.
        case app
        /// The engine's translation of a frame (`translatesAutoresizingMaskIntoConstraints`).
        case autoresizing
        /// The engine's intrinsic-size constraints: hugging (`<=`) and compression resistance (`>=`).
        case intrinsicSize
    }
    /// The app's constraint; nil for the engine's own.
    public let constraint: LayoutConstraint?
    /// Who made it: the app, or the engine for a frame or an intrinsic size.
    public let origin: Origin
    /// The constraint as the engine describes it.
    public let description: String
    /// The view's attribute it names, as written (leading, trailing, a baseline...).
    public let attribute: LayoutAttribute
    /// Whether the view is the first item (`view.attribute relation multiplier · other + constant`).
    public let viewIsFirstItem: Bool
    /// Equal, at most or at least.
    public let relation: Relation
    /// 1...1000; 1000 is required.
    public let priority: Double
    /// The constant, in points.
    public let constant: Double
    /// The factor on the second item's attribute (1 for most constraints).
    public let multiplier: Double
    /// The other item's name and attribute (for the view as second item: the first's).
    public let otherItem: String?
    /// The other item's attribute; nil for a constant size.
    public let otherAttribute: LayoutAttribute?
    /// Whether it holds at the solution, and how.
    public let state: ConstraintState
    /// `first - (multiplier · second + constant)` at the solution: 0 when it holds with equality.
    public let offset: Double
}

/// The constraints that name one attribute of a view.
@MainActor
public struct AttributeConstraints {
    /// Left, right, top, bottom, width, height, centerX, centerY or a baseline; leading and
    /// trailing constraints are listed under left and right (left-to-right layout).
    public let attribute: LayoutAttribute
    /// The attribute's solved value, in layout space (window coordinates without bounds origins).
    public let value: Double
    /// The constraints that name the attribute, the app's first.
    public let constraints: [ConstraintFact]
}

/// An ambiguous layout: the constraints leave some of the view's frame open (A8, IN5).
@MainActor
public struct LayoutAmbiguity {
    /// Which of left, top, width and height can move without any constraint's tier getting
    /// worse and without breaking a required constraint.
    public let attributes: [LayoutAttribute]
    /// The frame now and another the constraints allow just as well (superview coordinates).
    public let frame: Rect
    /// Another frame every constraint allows as well as ``frame`` (superview coordinates, points).
    public let alternativeFrame: Rect
    /// The required constraints checked at the alternative, and those it breaks (by more than
    /// 1e-6; none unless the method is wrong).
    public let requiredChecked: Int
    /// The required constraints the alternative breaks, described (empty unless the method is wrong).
    public let violations: [String]
}

/// Everything ``View/layoutExplanation()`` knows about a view's constraints.
@MainActor
public struct LayoutExplanation {
    /// The view's trace name (its identifier, else its class and number).
    public let view: String
    /// The solved frame (superview coordinates).
    public let frame: Rect
    /// Each constrained attribute of the view with the constraints that name it.
    public let attributes: [AttributeConstraints]
    /// Broken constraints that involve the view, or whose conflicting set does.
    public let conflicts: [UnsatisfiableExplanation]
    /// Nil when the constraints determine the frame.
    public let ambiguity: LayoutAmbiguity?
    /// The number of constraints listed (a constraint on two of the view's attributes counts twice).
    public var constraintCount: Int { attributes.reduce(0) { $0 + $1.constraints.count } }
}

extension LayoutEngine {
    /// How far ``alternativeSolution(for:)`` pushes each variable, in points.
    static let ambiguityStep = 40.0

    /// The value of `owner.attribute` in `s` (the engine's solver or a copy); nil when the owner
    /// has no live variables.
    func solvedValue(_ owner: any LayoutItemOwner, _ attribute: LayoutAttribute, in s: Solver) -> Double? {
        guard let i = (owner as? View).flatMap { layoutItem(of: $0) } ?? (owner as? LayoutGuide)?.layoutItem, !i.isReleased else { return nil }
        let v = s.values(of: i.left, i.top, i.width, i.height)
        switch attribute {
        case .left, .leading: return v[0]
        case .right, .trailing: return v[0] + v[2]
        case .top: return v[1]
        case .bottom: return v[1] + v[3]
        case .width: return v[2]
        case .height: return v[3]
        case .centerX: return v[0] + v[2] / 2
        case .centerY: return v[1] + v[3] / 2
        case .firstBaseline: return v[1] + ((owner as? View)?.firstBaselineOffsetFromTop ?? 0)
        case .lastBaseline: return v[1] + v[3] - ((owner as? View)?.lastBaselineOffsetFromBottom ?? 0)
        }
    }

    /// `first - (multiplier · second + constant)` of `c` in `s`; NaN when an item has no variables.
    func offset(of c: LayoutConstraint, in s: Solver) -> Double {
        guard let first = c.firstItem, let a = solvedValue(layoutOwner(first, c.firstAttribute, other: c.secondItem), c.firstAttribute, in: s) else { return .nan }
        guard let second = c.secondItem, let attr = c.secondAttribute else { return a - c.constant }
        guard let b = solvedValue(layoutOwner(second, attr, other: first), attr, in: s) else { return .nan }
        return a - (c.multiplier * b + c.constant)
    }

    static func holds(_ relation: Relation, _ offset: Double, tolerance: Double = 1e-6) -> Bool {
        switch relation {
        case .equal: abs(offset) <= tolerance
        case .lessThanOrEqual: offset <= tolerance
        case .greaterThanOrEqual: offset >= -tolerance
        }
    }

    static func state(_ relation: Relation, _ offset: Double) -> ConstraintState {
        if abs(offset) <= 1e-6 { return .binding }
        return holds(relation, offset) ? .slack : .violated
    }

    /// The explanation kept on `c` when it is broken, with `set` the solver's conflicting set.
    func explanation(breaking c: LayoutConstraint, set: [ConflictMember], error: SolverError) -> UnsatisfiableExplanation {
        let name = c.identifier ?? c.description
        let off = offset(of: c, in: solver)
        let reason: String
        if case .unsatisfiable = error {
            let others = set.count == 1 ? "the required constraint" : "the \(set.count) required constraints"
            let asked = c.secondItem == nil ? "\(c.relation) \(fmtNumber(c.constant))" : "\(c.relation) its other side"
            let found = off.isFinite ? "; with them \(c.firstItem?.layoutName ?? "?").\(c.firstAttribute.rawValue) is off by \(fmtNumber(off))" : ""
            reason = "\(name) asks \(c.firstItem?.layoutName ?? "?").\(c.firstAttribute.rawValue) \(asked), which \(others) it conflicts with cannot allow\(found). The solver proved it: a combination of them contradicts it (an infeasible row of its tableau), so it was broken and the others kept."
        } else {
            reason = "\(name) could not be added: \(error)"
        }
        return UnsatisfiableExplanation(broken: name, conflicting: set.filter { $0.constraint !== c }, frame: window.frameIndex,
                                        offset: off, reason: reason)
    }

    // MARK: Facts

    /// The constraints naming each attribute of `view`, with their state at the solution.
    func explanation(of view: View) -> LayoutExplanation? {
        solve()
        compact()
        guard let i = layoutItem(of: view), !i.isReleased else { return nil }
        var facts: [LayoutAttribute: [ConstraintFact]] = [:]
        func add(_ f: ConstraintFact) {
            let key: LayoutAttribute = f.attribute == .leading ? .left : f.attribute == .trailing ? .right : f.attribute
            facts[key, default: []].append(f)
        }
        var conflicts: [UnsatisfiableExplanation] = []
        for c in active {
            let isFirst = c.firstItem === view, isSecond = c.secondItem === view
            if let e = c.unsatisfiableExplanation, c.isBroken,
               isFirst || isSecond || e.conflicting.contains(where: { $0.constraint?.firstItem === view || $0.constraint?.secondItem === view }) {
                conflicts.append(e)
            }
            guard isFirst || isSecond else { continue }
            let off = offset(of: c, in: solver)
            let state: ConstraintState = c.isBroken ? .broken : c.solverID == nil ? .pending : Self.state(c.relation, off)
            let sides: [(mine: Bool, attribute: LayoutAttribute?, other: (any LayoutItemOwner)?, otherAttribute: LayoutAttribute?)] = [
                (isFirst, c.firstAttribute, c.secondItem, c.secondAttribute), (isSecond, c.secondAttribute, c.firstItem, c.firstAttribute)]
            for (k, side) in sides.enumerated() {
                guard side.mine, let attribute = side.attribute else { continue }
                if k == 1 && isFirst && c.firstAttribute == c.secondAttribute { break }   // view.x == m · view.x + c: once
                add(ConstraintFact(constraint: c, origin: .app, description: c.description, attribute: attribute,
                                   viewIsFirstItem: k == 0, relation: c.relation,
                                   priority: Double(c.priority), constant: c.constant, multiplier: c.multiplier,
                                   otherItem: side.other?.layoutName, otherAttribute: side.other == nil ? nil : side.otherAttribute,
                                   state: state, offset: off))
            }
        }
        addEngineFacts(i, add)
        var attributes: [LayoutAttribute] = [.left, .right, .top, .bottom, .width, .height, .centerX, .centerY]
        for b in [LayoutAttribute.firstBaseline, .lastBaseline] where facts[b] != nil { attributes.append(b) }
        let list = attributes.map { a in
            AttributeConstraints(attribute: a, value: solvedValue(view, a, in: solver) ?? .nan, constraints: facts[a] ?? [])
        }
        return LayoutExplanation(view: view.layoutName, frame: frame(of: view, i, in: solver), attributes: list,
                                 conflicts: conflicts, ambiguity: ambiguity(of: view, i))
    }

    /// The engine's own constraints on `i`: autoresizing and intrinsic size.
    private func addEngineFacts(_ i: LayoutItem, _ add: (ConstraintFact) -> Void) {
        let v = solver.values(of: i.left, i.top, i.width, i.height)
        let reference = i.autoresizingReference.map { solver.values(of: $0.left, $0.top, $0.width, $0.height) }
        let attributes: [LayoutAttribute] = [.left, .top, .width, .height]
        for (k, o) in i.autoresizing.enumerated() where k < 4 {
            let relative = k < 2 && reference != nil
            let off = v[k] - (relative ? reference![k] : 0) - o.constant
            add(ConstraintFact(constraint: nil, origin: .autoresizing, description: solver.label(of: o.id) ?? "autoresizing",
                               attribute: attributes[k], viewIsFirstItem: true, relation: .equal, priority: o.priority,
                               constant: o.constant, multiplier: 1,
                               otherItem: relative ? (i.autoresizingReference?.name) : nil,
                               otherAttribute: relative ? attributes[k] : nil, state: Self.state(.equal, off), offset: off))
        }
        for (k, o) in i.intrinsic.enumerated() {
            guard let o else { continue }
            let relation: Relation = k % 2 == 0 ? .lessThanOrEqual : .greaterThanOrEqual
            let off = v[k < 2 ? 2 : 3] - o.constant
            add(ConstraintFact(constraint: nil, origin: .intrinsicSize, description: solver.label(of: o.id) ?? "intrinsic size",
                               attribute: k < 2 ? .width : .height, viewIsFirstItem: true, relation: relation,
                               priority: o.priority, constant: o.constant, multiplier: 1, otherItem: nil, otherAttribute: nil,
                               state: Self.state(relation, off), offset: off))
        }
    }

    /// `view`'s frame in its superview's coordinates at the solution of `s`. The superview's
    /// origin is where its frames put it now, moved by what `s` moves its item (an alternative
    /// can move the superview too).
    func frame(of view: View, _ i: LayoutItem, in s: Solver) -> Rect {
        let r = s.values(of: i.left, i.top, i.width, i.height)
        var origin = view.superview?.absoluteBoundsOrigin ?? .zero
        if let sv = view.superview, let si = layoutItem(of: sv), !si.isReleased, s !== solver {
            let now = solver.values(of: si.left, si.top, si.width, si.height), then = s.values(of: si.left, si.top, si.width, si.height)
            origin = Point(x: origin.x + then[0] - now[0], y: origin.y + then[1] - now[1])
        }
        return view.frame(forAlignmentRect: Rect(x: r[0], y: r[1], width: r[2], height: r[3]))
            .offsetBy(dx: -origin.x, dy: -origin.y)
    }

    // MARK: Ambiguity

    /// Another solution for `i`, as good for every priority tier as the current one, found by
    /// pushing each of its variables (left, top, width, height in turn, up then down by
    /// ``ambiguityStep`` from `base`) with a tie-break in a copy of the solver
    /// (``Solver/alternative(moving:toward:)``); the variables the push moved; nil when none
    /// moved. The method is exact up to the solver's tolerance: the tie-break's tier lies below
    /// every other, so the copy stays optimal for them all and keeps every required constraint;
    /// and if any equally good solution gives a variable another value, the optimal set is convex,
    /// so the push toward that side moves it.
    func alternativeSolution(for i: LayoutItem, from base: SIMD4<Double>) -> (solver: Solver, moved: [LayoutAttribute])? {
        let variables = [i.left, i.top, i.width, i.height]
        let names: [LayoutAttribute] = [.left, .top, .width, .height]
        var found: Solver?, moved: [LayoutAttribute] = []
        for k in 0..<4 {
            for sign in [1.0, -1.0] {
                guard let probe = solver.alternative(moving: variables[k], toward: base[k] + sign * Self.ambiguityStep) else { continue }
                let value = probe.value(of: variables[k])
                guard abs(value - base[k]) > 1e-6 * max(1, abs(base[k])) else { continue }
                moved.append(names[k])
                if found == nil { found = probe }
                break
            }
        }
        return found.map { ($0, moved) }
    }

    func ambiguity(of view: View, _ i: LayoutItem) -> LayoutAmbiguity? {
        let base = solver.values(of: i.left, i.top, i.width, i.height)
        guard let found = alternativeSolution(for: i, from: base) else { return nil }
        let probe = found.solver
        var checked = 0, violations: [String] = []
        for c in active where Priority(Double(c.priority)).isRequired && !c.isBroken && c.solverID != nil {
            let off = offset(of: c, in: probe)
            guard off.isFinite else { continue }
            checked += 1
            if !Self.holds(c.relation, off) { violations.append("\(c.description) off by \(off)") }
        }
        return LayoutAmbiguity(attributes: found.moved, frame: frame(of: view, i, in: solver), alternativeFrame: frame(of: view, i, in: probe),
                               requiredChecked: checked, violations: violations)
    }

    /// Moves `view` to another solution its constraints allow just as well (UIKit's
    /// `exerciseAmbiguityInLayout()`): the alternative's left, top, width and height are held by
    /// tie-breaks (the lowest tier, so they choose among equally good solutions and override
    /// nothing). Called again, it moves on from there. The tie-breaks stay until the next call or
    /// until the view leaves the window. Returns whether the view moved.
    @discardableResult
    func exerciseAmbiguity(of view: View) -> Bool {
        solve()
        guard let i = layoutItem(of: view), !i.isReleased else { return false }
        let base = solver.values(of: i.left, i.top, i.width, i.height)
        releaseExercisePins(i)
        defer { collectChanges(); window.requestFrame() }
        guard let probe = alternativeSolution(for: i, from: base)?.solver else { return false }
        for (k, v) in [i.left, i.top, i.width, i.height].enumerated() {
            let target = probe.value(of: v)
            do { i.exercisePins.append(try solver.addTieBreak(v, toward: target, label: "<exercise \(i.name) #\(k)>")) } catch {
                releaseExercisePins(i)
                return false
            }
        }
        return true
    }

    /// Removes the tie-breaks ``exerciseAmbiguity(of:)`` left on `i`.
    func releaseExercisePins(_ i: LayoutItem) {
        for id in i.exercisePins { try? solver.removeConstraint(id) }
        i.exercisePins.removeAll()
    }
}

extension View {
    /// This view's constraints, attribute by attribute, with their priorities, constants and
    /// state at the solution; the conflicts that broke one of them; and, when the constraints
    /// leave its frame open, another frame they allow (IN5). Nil when the view is not in a window
    /// or takes no part in Auto Layout. Computed when asked: the layout pays nothing for it.
    public func layoutExplanation() -> LayoutExplanation? {
        guard let engine = window?.layoutEngine else { return nil }
        return engine.explanation(of: self)
    }

    /// The constraints that take part in this view's layout on one axis, as UIKit's
    /// `constraintsAffectingLayout(for:)`: the app's constraints on its attributes of that axis.
    public func constraintsAffectingLayout(for axis: LayoutAttribute.Axis) -> [LayoutConstraint] {
        var out: [LayoutConstraint] = []
        for a in layoutExplanation()?.attributes ?? [] where a.attribute.axis == axis {
            for f in a.constraints { if let c = f.constraint, !out.contains(where: { $0 === c }) { out.append(c) } }
        }
        return out
    }

    /// Moves the view to another frame its constraints allow just as well, as UIKit's
    /// `exerciseAmbiguityInLayout()`; nothing when its layout is not ambiguous. The next frame
    /// shows it. Returns whether it moved.
    @discardableResult
    public func exerciseAmbiguityInLayout() -> Bool {
        guard let engine = window?.layoutEngine else { return false }
        return engine.exerciseAmbiguity(of: self)
    }
}
