#!/usr/bin/env python3
"""Independent oracle for the Cassowary solver's random-system tests (A1, A7).

Generates random constraint systems and solves them with scipy's linprog as a *lexicographic*
sequence of linear programs: required constraints are hard; then, tier by tier from the highest
priority down, minimise the tier's total violation while keeping every higher tier at its optimum.
That is exactly what the Swift solver promises (a higher optional priority wins over any number of
lower ones). Random systems often have several optimal solutions, so the corpus records, per
system, feasibility and the optimal violation of each tier; the Swift test checks that its solution
satisfies the required constraints and reaches each tier's optimum.

Usage: solver_oracle.py [--count N] [--seed S] > Tests/LayoutSolverTests/Fixtures/oracle-corpus.json
"""
import argparse
import json
import random

import numpy as np
from scipy.optimize import linprog

TIERS = [999, 750, 500, 250, 1]
BOUND = 1000.0


def random_system(rng):
    n = rng.randint(2, 8)
    x0 = [rng.randint(-200, 200) for _ in range(n)]
    cons = []
    # Required constraints through a known feasible point x0.
    for _ in range(rng.randint(0, n - 1)):
        terms = random_terms(rng, n)
        value = sum(c * x0[v] for v, c in terms)
        cons.append({"t": terms, "k": -value, "op": "==", "p": 1000})
    for _ in range(rng.randint(0, 4)):
        terms = random_terms(rng, n)
        value = sum(c * x0[v] for v, c in terms)
        op = rng.choice(["<=", ">="])
        slack = rng.randint(0, 30)
        k = -value - slack if op == "<=" else -value + slack
        cons.append({"t": terms, "k": k, "op": op, "p": 1000})
    # Keep every LP bounded.
    for v in range(n):
        cons.append({"t": [[v, 1]], "k": -BOUND, "op": "<=", "p": 1000})
        cons.append({"t": [[v, 1]], "k": BOUND, "op": ">=", "p": 1000})
    # Optional constraints, usually conflicting.
    for _ in range(rng.randint(1, 12)):
        terms = random_terms(rng, n)
        cons.append({"t": terms, "k": rng.randint(-300, 300), "op": rng.choice(["==", "<=", ">="]),
                     "p": rng.choice(TIERS)})
    return {"n": n, "constraints": cons}


def random_terms(rng, n):
    vs = rng.sample(range(n), rng.randint(1, min(3, n)))
    return [[v, rng.choice([-3, -2, -1, 1, 1, 1, 2, 3])] for v in vs]


def solve_lexicographic(system):
    n = system["n"]
    cons = system["constraints"]
    optional = [i for i, c in enumerate(cons) if c["p"] < 1000]
    # Error columns: equality -> e+, e-; inequality -> e.
    cols = {}
    m = n
    for i in optional:
        if cons[i]["op"] == "==":
            cols[i] = (m, m + 1); m += 2
        else:
            cols[i] = (m,); m += 1
    A_ub, b_ub, A_eq, b_eq = [], [], [], []
    for i, c in enumerate(cons):
        row = np.zeros(m)
        for v, coef in c["t"]:
            row[v] += coef
        rhs = -c["k"]
        if c["p"] >= 1000:
            if c["op"] == "==": A_eq.append(row); b_eq.append(rhs)
            elif c["op"] == "<=": A_ub.append(row); b_ub.append(rhs)
            else: A_ub.append(-row); b_ub.append(-rhs)
        else:
            if c["op"] == "==":
                p, q = cols[i]; row[p] = -1; row[q] = 1      # expr = e+ - e-
                A_eq.append(row); b_eq.append(rhs)
            elif c["op"] == "<=":
                (e,) = cols[i]; row[e] = -1                  # expr - e <= 0
                A_ub.append(row); b_ub.append(rhs)
            else:
                (e,) = cols[i]; row[e] = 1                   # expr + e >= 0
                A_ub.append(-row); b_ub.append(-rhs)
    bounds = [(None, None)] * n + [(0, None)] * (m - n)
    tiers = sorted({cons[i]["p"] for i in optional}, reverse=True)
    results = []
    for tier in tiers:
        cost = np.zeros(m)
        for i in optional:
            if cons[i]["p"] == tier:
                for col in cols[i]:
                    cost[col] = 1
        res = linprog(cost, A_ub=np.array(A_ub) if A_ub else None, b_ub=b_ub or None,
                      A_eq=np.array(A_eq) if A_eq else None, b_eq=b_eq or None, bounds=bounds, method="highs")
        if res.status == 2:
            return {"feasible": False}
        assert res.status == 0, res.message
        results.append({"priority": tier, "violation": float(res.fun)})
        A_ub.append(cost); b_ub.append(res.fun + 1e-9 * max(1.0, abs(res.fun)))
    if not tiers:
        res = linprog(np.zeros(m), A_ub=np.array(A_ub) if A_ub else None, b_ub=b_ub or None,
                      A_eq=np.array(A_eq) if A_eq else None, b_eq=b_eq or None, bounds=bounds, method="highs")
        if res.status == 2:
            return {"feasible": False}
    return {"feasible": True, "tiers": results}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--seed", type=int, default=20261121)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    corpus = []
    while len(corpus) < args.count:
        system = random_system(rng)
        if len(corpus) % 10 == 9:
            # Every tenth system gets a required constraint that contradicts the others.
            v = rng.randrange(system["n"])
            system["constraints"].append({"t": [[v, 1]], "k": -(BOUND + 1 + rng.randint(0, 50)), "op": ">=", "p": 1000})
        system["answer"] = solve_lexicographic(system)
        corpus.append(system)
    json.dump({"generator": "Tests/Oracles/solver_oracle.py", "seed": args.seed, "systems": corpus}, __import__("sys").stdout)


if __name__ == "__main__":
    main()
