import Foundation
import Testing
@testable import LayoutSolver

/// One random system of the oracle corpus (Tests/Oracles/solver_oracle.py, scipy's linprog solving
/// the tiers lexicographically).
struct OracleSystem: Decodable {
    struct Constraint: Decodable {
        let t: [[Double]]
        let k: Double
        let op: String
        let p: Double
    }
    struct Tier: Decodable { let priority: Double; let violation: Double }
    struct Answer: Decodable { let feasible: Bool; let tiers: [Tier]? }
    let n: Int
    let constraints: [Constraint]
    let answer: Answer
}

struct OracleCorpus: Decodable { let systems: [OracleSystem] }

let oracleCorpus: [OracleSystem] = {
    let url = Bundle.module.url(forResource: "oracle-corpus", withExtension: "json", subdirectory: "Fixtures")!
    return try! JSONDecoder().decode(OracleCorpus.self, from: Data(contentsOf: url)).systems
}()

extension OracleSystem.Constraint {
    var relation: Relation { op == "==" ? .equal : op == "<=" ? .lessThanOrEqual : .greaterThanOrEqual }
    func expression(_ vars: [Variable]) -> LinearExpression {
        LinearExpression(t.map { Term(vars[Int($0[0])], $0[1]) }, constant: k)
    }
    func value(_ values: [Double]) -> Double { t.reduce(k) { $0 + $1[1] * values[Int($1[0])] } }
    /// How far the constraint is from holding (0 when it holds).
    func violation(_ values: [Double]) -> Double {
        let v = value(values)
        switch op {
        case "==": return abs(v)
        case "<=": return max(0, v)
        default: return max(0, -v)
        }
    }
}

@Suite("A1 solver against an independent oracle")
struct OracleTests {
    @Test("A1: random systems reach scipy's lexicographic optimum in every tier; conflicts are A7 errors")
    func A1_randomSystemsMatchOracle() throws {
        var checked = 0, conflicts = 0
        for (index, system) in oracleCorpus.enumerated() {
            let solver = Solver()
            let vars = (0..<system.n).map { solver.makeVariable("x\($0)") }
            var ids: [ConstraintID?] = []
            var threw = false
            for (ci, c) in system.constraints.enumerated() {
                do {
                    ids.append(try solver.addConstraint(c.expression(vars), c.relation, priority: Priority(c.p), label: "c\(ci)"))
                } catch SolverError.unsatisfiable(_, let label, let set) {
                    threw = true
                    ids.append(nil)
                    #expect(label == "c\(ci)", "system \(index)")
                    #expect(set.count >= 2, "system \(index): a conflict needs at least two constraints")
                } catch {
                    Issue.record("system \(index): unexpected \(error)")
                }
                #expect(solver.invariantViolation() == nil, "system \(index) after c\(ci)")
            }
            #expect(threw == !system.answer.feasible, "system \(index): feasibility")
            guard system.answer.feasible else { conflicts += 1; continue }
            check(system, solver, vars, index: index, stage: "built")

            // Remove every optional constraint and add them back in reverse: same optimum.
            let optional = system.constraints.indices.filter { system.constraints[$0].p < 1000 }
            for i in optional { try solver.removeConstraint(ids[i]!) }
            for i in optional.reversed() {
                let c = system.constraints[i]
                ids[i] = try solver.addConstraint(c.expression(vars), c.relation, priority: Priority(c.p))
            }
            #expect(solver.invariantViolation() == nil)
            check(system, solver, vars, index: index, stage: "re-added")
            checked += 1
        }
        #expect(checked + conflicts == oracleCorpus.count)
        #expect(conflicts >= 20)
    }

    private func check(_ system: OracleSystem, _ solver: Solver, _ vars: [Variable], index: Int, stage: String) {
        let values = vars.map { solver.value(of: $0) }
        for c in system.constraints where c.p >= 1000 {
            #expect(c.violation(values) <= 1e-6, "system \(index) \(stage): required constraint broken")
        }
        for tier in system.answer.tiers ?? [] {
            let ours = system.constraints.filter { $0.p == tier.priority }.reduce(0) { $0 + $1.violation(values) }
            #expect(abs(ours - tier.violation) <= 1e-6 * max(1, tier.violation),
                    "system \(index) \(stage): tier \(tier.priority) violation \(ours), oracle \(tier.violation)")
        }
    }

    @Test("A1: results do not depend on anything but the operations: two solvers agree bit for bit")
    func A1_deterministic() throws {
        for system in oracleCorpus.prefix(60) where system.answer.feasible {
            var results: [[Double]] = []
            for _ in 0..<2 {
                let solver = Solver()
                let vars = (0..<system.n).map { solver.makeVariable("x\($0)") }
                for c in system.constraints { _ = try solver.addConstraint(c.expression(vars), c.relation, priority: Priority(c.p)) }
                results.append(vars.map { solver.value(of: $0) })
            }
            #expect(results[0] == results[1])
        }
    }
}
