#!/usr/bin/env python3
"""Replays the solver workloads written by `timeline bench solver --emit DIR` through kiwisolver.

Priorities map to kiwi strengths as p**3 (monotone, below kiwi's required strength for p <= 999);
required stays required. A constraint whose constant frames animate gets an edit variable E in
place of its constant (kiwi constraints are immutable): `Σ t·v + E (op) 0`, E suggested each frame.
Each frame ends with updateVariables(), as kiwi's own benchmark does.
"""
import json
import statistics
import sys
import time

import kiwisolver as kiwi


def strength(p):
    return "required" if p >= 1000 else float(p) ** 3


def expr(c, variables, constant):
    e = constant
    for v, coef in c["t"]:
        e = e + coef * variables[int(v)]
    return e


def make(c, variables, constant):
    e = expr(c, variables, constant)
    op = c["op"]
    con = (e == 0) if op == "==" else (e <= 0) if op == "<=" else (e >= 0)
    return con | strength(c["p"])


def run(w, passes):
    t0 = time.perf_counter()
    s = kiwi.Solver()
    variables = [kiwi.Variable("v%d" % i) for i in range(w["variables"])]
    cons, anim = [], {}
    for i, c in enumerate(w["constraints"]):
        if c.get("animated"):
            e = kiwi.Variable("k%d" % i)
            s.addEditVariable(e, 999.0 ** 3)
            s.suggestValue(e, c["k"])
            anim[i] = e
            con = make(c, variables, e)
        else:
            con = make(c, variables, c["k"])
        s.addConstraint(con)
        cons.append(con)
    edits = []
    for v, p in w["edits"]:
        s.addEditVariable(variables[int(v)], strength(p))
        edits.append(variables[int(v)])
    s.updateVariables()
    build = (time.perf_counter() - t0) * 1e3

    def frame(ops):
        for op in ops:
            kind, i = op[0], int(op[1])
            if kind == 0:
                s.suggestValue(edits[i], op[2])
            elif kind == 1:
                s.suggestValue(anim[i], op[2])
            elif kind == 2:
                s.removeConstraint(cons[i])
            else:
                cons[i] = make(w["constraints"][i], variables, op[2])
                s.addConstraint(cons[i])
        s.updateVariables()

    for ops in w["frames"]:
        frame(ops)
    per = []
    for _ in range(passes):
        t = time.perf_counter()
        for ops in w["frames"]:
            frame(ops)
        per.append((time.perf_counter() - t) * 1e6 / len(w["frames"]))
    return {"name": w["name"], "build_ms": build, "frame_us": statistics.median(per), "frames": len(w["frames"])}


def main():
    directory = sys.argv[1]
    passes = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    with open(directory + "/workloads.json") as f:
        workloads = json.load(f)
    print(json.dumps({"solver": "kiwisolver " + kiwi.__version__, "workloads": [run(w, passes) for w in workloads]}))


if __name__ == "__main__":
    main()
