#!/usr/bin/env python3
"""Builds a scene file's constraints with kiwisolver and prints the seconds it took (creating the
constraints, adding them in the file's order, updateVariables), the best of three:
    python3 scripts/kiwi_build.py scene.json
Understands the constraint forms scripts/chain-scene writes: `a.attr == b.attr [+ c]` and
`a.attr == c`, over leading, trailing, top, bottom, width and height; the root is fixed at the
scene's size. Variables per view are left, top, width and height, as in the engine."""
import json
import sys
import time

import kiwisolver as kiwi


def build(scene):
    solver = kiwi.Solver()
    views = {}

    def view(name):
        if name not in views:
            views[name] = [kiwi.Variable(name + "." + a) for a in ("left", "top", "width", "height")]
        return views[name]

    def anchor(text):
        name, attr = text.split(".")
        l, t, w, h = view(name)
        return {"leading": l, "trailing": l + w, "top": t, "bottom": t + h, "width": w, "height": h}[attr]

    l, t, w, h = view("root")
    for c in (l == 0, t == 0, w == scene["size"][0], h == scene["size"][1]):
        solver.addConstraint(c)
    for text in scene["constraints"]:
        lhs, rhs = [s.strip() for s in text.split("==")]
        parts = rhs.replace(" - ", " + -").split(" + ")
        first = parts[0]
        constant = sum(float(p) for p in parts[1:])
        right = float(first) if first.replace(".", "").replace("-", "").isdigit() else anchor(first)
        solver.addConstraint(anchor(lhs) == right + constant)
    solver.updateVariables()


if __name__ == "__main__":
    scene = json.load(open(sys.argv[1]))
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        build(scene)
        best = min(best, time.perf_counter() - start)
        if best > 5:
            break
    print("%.4f" % best)
