import Foundation
import LayoutSolver

/// A solver workload as plain data, so that our solver and kiwisolver run exactly the same thing:
/// `Σ t·v + k (op) 0` constraints at UIKit priorities, edit variables, and per-frame operations.
struct SolverWorkload: Codable {
    struct Constraint: Codable {
        var t: [[Double]]          // [variable, coefficient]
        var k: Double
        var op: String             // "==", "<=", ">="
        var p: Double              // 1...1000
        /// Whether frames change this constraint's constant (kiwi replays that through an edit variable).
        var animated: Bool = false
    }
    /// Frame operations: [0, edit, value] suggest; [1, constraint, k] set constant;
    /// [2, constraint] remove; [3, constraint, k] add again with constant k.
    var name: String
    var variables: Int
    var constraints: [Constraint]
    var edits: [[Double]]          // [variable, priority]
    var frames: [[[Double]]]
}

enum Workloads {
    static func all(quick: Bool) -> [SolverWorkload] {
        var w: [SolverWorkload] = [form()]
        for n in [100, 1000, 2000] { w.append(labelRow(n: n, frames: quick ? 50 : 600)) }
        for n in [100, 1000] { w.append(labelRow(n: n, frames: quick ? 10 : (n >= 1000 ? 20 : 200), compressing: true)) }
        w.append(grid(size: 32, frames: quick ? 20 : 100))
        for n in [100, 1000, 4000] { w.append(cells(n: n, frames: quick ? 200 : 2000)) }
        for k in [1, 10, 100] { w.append(animatedGaps(n: 500, k: k, frames: quick ? 50 : 300)) }
        w.append(readd(n: 100, perFrame: 8, frames: quick ? 50 : 300))
        return w
    }

    /// W1: a form of 37 variables modelled on kiwi's enaml-like benchmark (a container, its
    /// contents rectangle, three label/field rows and a control, with required, strong, medium and
    /// weak constraints); two strong edit variables, width and height.
    static func form() -> SolverWorkload {
        var b = Builder(name: "W1 form (37 vars)")
        let left = b.v(), top = b.v(), width = b.v(), height = b.v()
        let cl = b.v(), ct = b.v(), cr = b.v(), cb = b.v(), mid = b.v()
        var rows: [(l: [Int], f: [Int])] = []
        for _ in 0..<3 { rows.append(([b.v(), b.v(), b.v(), b.v()], [b.v(), b.v(), b.v(), b.v()])) }
        let ctl = [b.v(), b.v(), b.v(), b.v()]
        let strong = 750.0, medium = 500.0, weak = 250.0, mmedium = 510.0, smedium = 400.0
        for x in [left, top, width, height] { b.c([[x, 1]], 0, ">=") }
        b.c([[height, 1]], 0, "==", medium); b.c([[width, 1]], 0, "==", medium)
        b.c([[cl, 1], [left, -1]], -10, "=="); b.c([[ct, 1], [top, -1]], -10, "==")
        b.c([[cr, 1], [left, -1], [width, -1]], 10, "=="); b.c([[cb, 1], [top, -1], [height, -1]], 10, "==")
        let natural = [67.0, 66, 24]
        for (i, row) in rows.enumerated() {
            for x in row.l + row.f { b.c([[x, 1]], 0, ">=") }
            let (ll, lt, lw, lh) = (row.l[0], row.l[1], row.l[2], row.l[3])
            let (fl, ft, fw, fh) = (row.f[0], row.f[1], row.f[2], row.f[3])
            b.c([[ll, 1], [cl, -1]], 0, ">="); b.c([[ll, 1], [cl, -1]], 0, "==", mmedium)
            b.c([[lw, 1]], -natural[i], "==", weak); b.c([[lw, 1]], -natural[i], ">=", strong)
            b.c([[lh, 1]], -16, "==", strong); b.c([[lh, 1]], -16, ">=", strong)
            b.c([[fl, 1], [mid, -1]], 0, "==", strong)
            b.c([[fl, 1], [ll, -1], [lw, -1]], -10, ">="); b.c([[fl, 1], [ll, -1], [lw, -1]], -10, "==", mmedium)
            b.c([[cr, 1], [fl, -1], [fw, -1]], 0, ">="); b.c([[cr, 1], [fl, -1], [fw, -1]], 0, "==", mmedium)
            b.c([[fw, 1]], -125, ">=", strong)
            b.c([[fh, 1]], -21, "==", strong); b.c([[fh, 1]], -21, ">=", strong)
            b.c([[Double(ft), 1], [Double(fh), 0.5], [Double(lt), -1], [Double(lh), -0.5]], 0, "==", strong)
            if i == 0 {
                b.c([[ft, 1], [ct, -1]], 0, ">="); b.c([[ft, 1], [ct, -1]], 0, "==", mmedium)
                b.c([[lt, 1], [ct, -1]], 0, ">="); b.c([[lt, 1], [ct, -1]], 0, "==", mmedium)
            } else {
                let p = rows[i - 1]
                b.c([[ft, 1], [p.f[1], -1], [p.f[3], -1]], -10, ">="); b.c([[ft, 1], [p.f[1], -1], [p.f[3], -1]], -10, "==", mmedium)
                b.c([[lt, 1], [p.l[1], -1], [p.l[3], -1]], -10, ">="); b.c([[lt, 1], [p.l[1], -1], [p.l[3], -1]], -10, "==", mmedium)
            }
        }
        for x in ctl { b.c([[x, 1]], 0, ">=") }
        let last = rows[2].f
        b.c([[ctl[1], 1], [last[1], -1], [last[3], -1]], -10, ">="); b.c([[ctl[1], 1], [last[1], -1], [last[3], -1]], -10, "==", mmedium)
        b.c([[ctl[0], 1], [mid, -1]], 0, "==", strong)
        b.c([[cr, 1], [ctl[0], -1], [ctl[2], -1]], 0, ">="); b.c([[cr, 1], [ctl[0], -1], [ctl[2], -1]], 0, "==", mmedium)
        b.c([[ctl[3], 1]], -24, ">=", smedium); b.c([[ctl[3], 1]], -24, "<=", smedium); b.c([[ctl[2], 1]], -119, ">=", smedium)
        b.c([[cb, 1], [ctl[1], -1], [ctl[3], -1]], 0, ">="); b.c([[cb, 1], [ctl[1], -1], [ctl[3], -1]], 0, "==", mmedium)
        b.w.edits = [[Double(width), strong], [Double(height), strong]]
        let sizes: [(Double, Double)] = [(400, 600), (600, 400), (800, 1200), (1200, 800), (400, 800), (800, 400)]
        for f in 0..<600 { let s = sizes[f % 6]; b.w.frames.append([[0, 0, s.0], [0, 1, s.1]]) }
        return b.w
    }

    /// Intrinsic widths of the row's labels.
    static func intrinsic(_ i: Int) -> Double { 30 + Double((i * 37) % 60) }

    /// A row of `n` labels (horizontal variables: left and width) with default hugging (250) and
    /// compression resistance (750), 8 apart, in a container; returns the builder, the container
    /// width constraint and the gap constraints.
    static func row(_ b: inout Builder, n: Int) -> (containerWidth: Int, gaps: [Int], base: Double) {
        let cLeft = b.v(), cWidth = b.v()
        b.c([[cLeft, 1]], 0, "==")
        var base = 8.0
        var lefts: [Int] = [], widths: [Int] = []
        for i in 0..<n { lefts.append(b.v()); widths.append(b.v()); base += intrinsic(i) + 8 }
        let widthConstraint = b.c([[cWidth, 1]], -base, "==")
        b.w.constraints[widthConstraint].animated = true
        var gaps: [Int] = []
        for i in 0..<n {
            if i == 0 { gaps.append(b.c([[lefts[0], 1], [cLeft, -1]], -8, "==")) }
            else { gaps.append(b.c([[lefts[i], 1], [lefts[i - 1], -1], [widths[i - 1], -1]], -8, "==")) }
            b.c([[widths[i], 1]], -intrinsic(i), "<=", 250)
            b.c([[widths[i], 1]], -intrinsic(i), ">=", 750)
        }
        b.c([[cLeft, 1], [cWidth, 1], [lefts[n - 1], -1], [widths[n - 1], -1]], -8, "==")
        return (widthConstraint, gaps, base)
    }

    /// W2: the row's container width animates between 1.0 and 1.4 times the labels' natural
    /// width (they stretch against their hugging). With `compressing`, W2c: it animates ±20 %
    /// around it, crossing into compression every cycle, which moves every later label: the
    /// dense case, for both solvers.
    static func labelRow(n: Int, frames: Int, compressing: Bool = false) -> SolverWorkload {
        var b = Builder(name: compressing ? "W2c compressing row N=\(n)" : "W2 label row N=\(n)")
        let r = row(&b, n: n)
        for f in 0..<frames {
            let scale = compressing ? 1 + 0.2 * sin(Double(f) * 0.1) : 1.2 + 0.2 * sin(Double(f) * 0.1)
            b.w.frames.append([[1, Double(r.containerWidth), -r.base * scale]])
        }
        return b.w
    }

    /// W3: a 32x32 grid of equal cells, 2 apart, filling a container whose size animates.
    static func grid(size: Int, frames: Int) -> SolverWorkload {
        var b = Builder(name: "W3 grid \(size)x\(size)")
        let cl = b.v(), ctop = b.v(), cw = b.v(), ch = b.v()
        b.c([[cl, 1]], 0, "=="); b.c([[ctop, 1]], 0, "==")
        let wc = b.c([[cw, 1]], -1000, "=="), hc = b.c([[ch, 1]], -800, "==")
        b.w.constraints[wc].animated = true; b.w.constraints[hc].animated = true
        var cells: [[[Int]]] = []
        for _ in 0..<size { cells.append((0..<size).map { _ in [b.v(), b.v(), b.v(), b.v()] }) }
        for r in 0..<size {
            for c in 0..<size {
                let x = cells[r][c]
                if c == 0 { b.c([[x[0], 1], [cl, -1]], -2, "==") } else { let p = cells[r][c - 1]; b.c([[x[0], 1], [p[0], -1], [p[2], -1]], -2, "==") }
                if r == 0 { b.c([[x[1], 1], [ctop, -1]], -2, "==") } else { let p = cells[r - 1][c]; b.c([[x[1], 1], [p[1], -1], [p[3], -1]], -2, "==") }
                if r + c > 0 { b.c([[x[2], 1], [cells[0][0][2], -1]], 0, "=="); b.c([[x[3], 1], [cells[0][0][3], -1]], 0, "==") }
            }
            let last = cells[r][size - 1]
            b.c([[cl, 1], [cw, 1], [last[0], -1], [last[2], -1]], -2, "==")
        }
        for c in 0..<size { let last = cells[size - 1][c]; b.c([[ctop, 1], [ch, 1], [last[1], -1], [last[3], -1]], -2, "==") }
        for f in 0..<frames {
            let s = 1 + 0.2 * sin(Double(f) * 0.1)
            b.w.frames.append([[1, Double(wc), -1000 * s], [1, Double(hc), -800 * s]])
        }
        return b.w
    }

    /// W4: `n` independent cells; one cell's width constant changes per frame.
    static func cells(n: Int, frames: Int) -> SolverWorkload {
        var b = Builder(name: "W4 cells N=\(n)")
        var widths: [Int] = []
        for i in 0..<n {
            let l = b.v(), t = b.v(), w = b.v(), h = b.v()
            b.c([[l, 1]], -Double(i % 64) * 12, "=="); b.c([[t, 1]], -Double(i / 64) * 12, "==")
            let wc = b.c([[w, 1]], -10, "==")
            b.w.constraints[wc].animated = true
            widths.append(wc)
            b.c([[h, 1]], -10, "==")
        }
        for f in 0..<frames { b.w.frames.append([[1, Double(widths[(f * 7919) % n]), -(10 + Double(f % 5))]]) }
        return b.w
    }

    /// W5: `k` of the gaps in a row of `n` labels animate at once.
    static func animatedGaps(n: Int, k: Int, frames: Int) -> SolverWorkload {
        var b = Builder(name: "W5 \(k) animated gaps, row of \(n)")
        let r = row(&b, n: n)
        b.w.constraints[r.containerWidth].animated = false
        b.w.constraints[r.containerWidth].k = -r.base * 1.2
        let chosen = (0..<k).map { r.gaps[($0 * n) / k] }
        for g in chosen { b.w.constraints[g].animated = true }
        for f in 0..<frames {
            b.w.frames.append(chosen.map { [1, Double($0), -(8 + 4 * sin(Double(f) * 0.2))] })
        }
        return b.w
    }

    /// W6: every frame removes 8 gap constraints of a row of `n` labels and adds them back with a
    /// new constant.
    static func readd(n: Int, perFrame: Int, frames: Int) -> SolverWorkload {
        var b = Builder(name: "W6 remove+add \(perFrame)/frame, row of \(n)")
        let r = row(&b, n: n)
        b.w.constraints[r.containerWidth].animated = false
        b.w.constraints[r.containerWidth].k = -r.base * 1.2
        for f in 0..<frames {
            var ops: [[Double]] = []
            for j in 0..<perFrame {
                let g = r.gaps[((f * perFrame + j) * 61) % n]
                ops.append([2, Double(g)])
                ops.append([3, Double(g), -(8 + Double((f + j) % 3))])
            }
            b.w.frames.append(ops)
        }
        return b.w
    }

    struct Builder {
        var w: SolverWorkload
        init(name: String) { w = SolverWorkload(name: name, variables: 0, constraints: [], edits: [], frames: []) }
        mutating func v() -> Int { w.variables += 1; return w.variables - 1 }
        @discardableResult
        mutating func c(_ t: [[Int]], _ k: Double, _ op: String, _ p: Double = 1000) -> Int {
            w.constraints.append(.init(t: t.map { [Double($0[0]), Double($0[1])] }, k: k, op: op, p: p))
            return w.constraints.count - 1
        }
        @discardableResult mutating func c(_ t: [[Double]], _ k: Double, _ op: String, _ p: Double = 1000) -> Int {
            w.constraints.append(.init(t: t, k: k, op: op, p: p))
            return w.constraints.count - 1
        }
    }
}

/// Runs a workload on our solver: build time, then per-frame operations with the changed
/// variables read back. Operations are compiled to flat values first, so the timing measures the
/// solver rather than the harness.
struct WorkloadRunner {
    struct Op { var kind: UInt8; var index: Int; var value: Double }
    let workload: SolverWorkload
    private(set) var solver = Solver()
    private var vars: [Variable] = []
    private var ids: [ConstraintID?] = []
    private var editVariables: [Variable] = []
    private var terms: [[Term]] = []
    private var relations: [Relation] = []
    private var priorities: [Priority] = []
    private let ops: [[Op]]
    private var changed: [(variable: Variable, value: Double)] = []
    var checksum = 0.0

    init(_ w: SolverWorkload) {
        workload = w
        ops = w.frames.map { $0.map { Op(kind: UInt8($0[0]), index: Int($0[1]), value: $0.count > 2 ? $0[2] : 0) } }
    }

    var frameCount: Int { ops.count }

    static func relation(_ op: String) -> Relation { op == "==" ? .equal : op == "<=" ? .lessThanOrEqual : .greaterThanOrEqual }

    mutating func build() throws {
        solver = Solver()
        vars = (0..<workload.variables).map { _ in solver.makeVariable() }
        terms = workload.constraints.map { c in c.t.map { Term(vars[Int($0[0])], $0[1]) } }
        relations = workload.constraints.map { Self.relation($0.op) }
        priorities = workload.constraints.map { Priority($0.p) }
        ids = []
        for (i, c) in workload.constraints.enumerated() {
            ids.append(try solver.addConstraint(LinearExpression(terms[i], constant: c.k), relations[i], priority: priorities[i]))
        }
        editVariables = workload.edits.map { vars[Int($0[0])] }
        for e in workload.edits { try solver.addEditVariable(vars[Int(e[0])], priority: Priority(e[1])) }
    }

    mutating func runFrame(_ f: Int) throws {
        for op in ops[f] {
            switch op.kind {
            case 0: try solver.suggestValue(editVariables[op.index], op.value)
            case 1: try solver.setConstant(ids[op.index]!, to: op.value)
            case 2: try solver.removeConstraint(ids[op.index]!); ids[op.index] = nil
            default:
                ids[op.index] = try solver.addConstraint(LinearExpression(terms[op.index], constant: op.value),
                                                         relations[op.index], priority: priorities[op.index])
            }
        }
        changed.removeAll(keepingCapacity: true)
        solver.takeChanges(into: &changed)
        for c in changed { checksum += c.value }
    }
}
