import Testing
@testable import LayoutSolver

/// A random system: rows over a few variables, some required, some optional in a few tiers.
private struct RandomSystem {
    struct Row { var terms: [(Int, Double)]; var constant: Double; var relation: Relation; var priority: Double }
    var rows: [Row] = []
    var state: UInt64

    init(seed: UInt64, variables: Int) {
        state = seed &* 6364136223846793005 &+ 1442695040888963407
        let relations: [Relation] = [.equal, .lessThanOrEqual, .greaterThanOrEqual]
        let priorities = [1000.0, 1000, 1000, 750, 500, 250]
        for _ in 0..<(variables + Int(next() % 4)) {
            let a = Int(next() % UInt64(variables)), b = Int(next() % UInt64(variables))
            var terms = [(a, 1.0)]
            if a != b, next() % 3 != 0 { terms.append((b, [-1.0, -0.5, 2][Int(next() % 3)])) }
            rows.append(Row(terms: terms, constant: Double(Int(next() % 200)) - 100,
                            relation: relations[Int(next() % 3)], priority: priorities[Int(next() % 6)]))
        }
    }

    mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state >> 33
    }

    /// `Σ terms + constant` at `values`.
    func residual(_ r: Row, _ values: [Double]) -> Double {
        r.terms.reduce(r.constant) { $0 + $1.1 * values[$1.0] }
    }

    /// How far `r` is from holding at `values` (0 when it holds).
    func error(_ r: Row, _ values: [Double]) -> Double {
        let e = residual(r, values)
        switch r.relation {
        case .equal: return abs(e)
        case .lessThanOrEqual: return max(0, e)
        case .greaterThanOrEqual: return max(0, -e)
        }
    }
}

@Suite("IN5 solver alternatives on random systems")
struct AlternativeRandomTests {
    @Test("IN5: every alternative keeps the required rows and each tier's error; it moves exactly the variables isAmbiguous names")
    func in5RandomAlternatives() throws {
        var counts = (ambiguous: 0, determined: 0)
        for seed in 0..<300 { try check(seed: seed, &counts) }
        // Both kinds are common, so the agreement means something.
        #expect(counts.ambiguous >= 50 && counts.determined >= 50, "\(counts)")
    }

    private func check(seed: Int, _ counts: inout (ambiguous: Int, determined: Int)) throws {
        let n = 2 + seed % 4
        var system = RandomSystem(seed: UInt64(seed), variables: n)
        let s = Solver()
        let vars = (0..<n).map { s.makeVariable("x\($0)") }
        var kept: [RandomSystem.Row] = []
        for row in system.rows {
            let e = LinearExpression(row.terms.map { Term(vars[$0.0], $0.1) }, constant: row.constant)
            // A required row that conflicts is left out (the solver refuses it, unchanged).
            do { try s.addConstraint(e, row.relation, priority: Priority(row.priority)); kept.append(row) } catch {}
        }
        system.rows = kept
        let base = vars.map { s.value(of: $0) }
        func tierErrors(_ values: [Double]) -> [Double: Double] {
            var out: [Double: Double] = [:]
            for r in kept where r.priority < 1000 { out[r.priority, default: 0] += system.error(r, values) }
            return out
        }
        let baseErrors = tierErrors(base)
        for (k, v) in vars.enumerated() {
            var moved = false
            for sign in [1.0, -1.0] {
                let probe = try #require(s.alternative(moving: v, toward: base[k] + sign * 40))
                let values = vars.map { probe.value(of: $0) }
                for r in kept where r.priority >= 1000 {
                    #expect(system.error(r, values) <= 1e-6, "seed \(seed): a required row breaks in the alternative")
                }
                for (tier, e) in tierErrors(values) {
                    #expect(abs(e - (baseErrors[tier] ?? 0)) <= 1e-6, "seed \(seed): tier \(tier) changed from \(baseErrors[tier] ?? 0) to \(e)")
                }
                if abs(values[k] - base[k]) > 1e-6 { moved = true }
            }
            #expect(moved == s.isAmbiguous(v), "seed \(seed): x\(k) moved \(moved), isAmbiguous \(s.isAmbiguous(v))")
            if moved { counts.ambiguous += 1 } else { counts.determined += 1 }
        }
        #expect(s.invariantViolation() == nil)
    }
}
