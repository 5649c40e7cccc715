#!/usr/bin/env python3
"""Independent reference renders for the D2 rendering check (issue 15).

Writes a corpus of scene files (Tests/TimelineSDLTests/Reference/scenes/*.json, our scene format,
views placed by frame) and renders each one with Cairo, following Core Animation's documented
semantics, at 1x and 2x (Reference/NAME@1x.png, NAME@2x.png). The Swift test renders the same
scenes with our renderer and compares. Run with a Python that has pycairo (Debian: python3-cairo):

    /usr/bin/python3 Tests/Oracles/render_reference.py

The semantics drawn here, per view, in its own coordinates (origin at its bounds' top left):
- the transform (scale, then rotation, in degrees, clockwise on screen) applies about the centre;
- opacity below 1 makes the view and its subtree a group, composited once at that opacity;
- the background fills the bounds with corners of cornerRadius (at most half the shorter side);
- clipsToBounds clips the subviews to the same rounded rectangle, in the view's transformed space;
- the border is drawn inside the bounds above the subviews: outer corner radius cornerRadius, inner
  corner radius max(0, cornerRadius - borderWidth) (CALayer.borderWidth includes cornerRadius).
"""
import json
import math
import os
import sys

import cairo

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "TimelineSDLTests", "Reference")
W, H = 160, 120


def color(hexstr):
    h = hexstr.lstrip("#")
    if len(h) == 6:
        h += "ff"
    return tuple(int(h[i:i + 2], 16) / 255 for i in (0, 2, 4, 6))


def rounded_rect(ctx, x, y, w, h, r):
    r = max(0.0, min(r, w / 2, h / 2))
    if r <= 0:
        ctx.rectangle(x, y, w, h)
        return
    ctx.new_sub_path()
    ctx.arc(x + w - r, y + r, r, -math.pi / 2, 0)
    ctx.arc(x + w - r, y + h - r, r, 0, math.pi / 2)
    ctx.arc(x + r, y + h - r, r, math.pi / 2, math.pi)
    ctx.arc(x + r, y + r, r, math.pi, 3 * math.pi / 2)
    ctx.close_path()


def draw_view(ctx, v, children):
    if v.get("hidden") or v.get("alpha", 1) <= 0:
        return
    x, y, w, h = v["frame"]
    ctx.save()
    ctx.translate(x + w / 2, y + h / 2)
    ctx.rotate(math.radians(v.get("rotation", 0)))
    s = v.get("scale", 1)
    ctx.scale(s, s)
    ctx.translate(-w / 2, -h / 2)
    alpha = v.get("alpha", 1)
    group = alpha < 1
    if group:
        ctx.push_group()
    r = v.get("cornerRadius", 0)
    if "color" in v:
        ctx.set_source_rgba(*color(v["color"]))
        rounded_rect(ctx, 0, 0, w, h, r)
        ctx.fill()
    kids = children.get(v["id"], [])
    if kids:
        ctx.save()
        if v.get("clipsToBounds"):
            rounded_rect(ctx, 0, 0, w, h, r)
            ctx.clip()
        for k in kids:
            draw_view(ctx, k, children)
        ctx.restore()
    bw = v.get("borderWidth", 0)
    if bw > 0 and "borderColor" in v:
        ctx.set_source_rgba(*color(v["borderColor"]))
        ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD)
        rounded_rect(ctx, 0, 0, w, h, r)
        if w > 2 * bw and h > 2 * bw:
            rounded_rect(ctx, bw, bw, w - 2 * bw, h - 2 * bw, max(0.0, min(r, w / 2, h / 2) - bw))
        ctx.fill()
        ctx.set_fill_rule(cairo.FILL_RULE_WINDING)
    if group:
        ctx.pop_group_to_source()
        ctx.paint_with_alpha(alpha)
    ctx.restore()


def render(scene, scale, path):
    sw, sh = scene["size"]
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, int(sw * scale), int(sh * scale))
    ctx = cairo.Context(surface)
    ctx.scale(scale, scale)
    ctx.set_source_rgb(1, 1, 1)       # the scenes cover the window with an opaque backdrop anyway
    ctx.paint()
    children = {}
    for v in scene["views"]:
        children.setdefault(v.get("parent", "root"), []).append(v)
    for v in children.get("root", []):
        draw_view(ctx, v, children)
    surface.write_to_png(path)


def backdrop(c="#ffffffff"):
    return {"id": "backdrop", "frame": [0, 0, W, H], "color": c}


def v(id, frame, **kw):
    d = {"id": id, "frame": frame}
    d.update(kw)
    return d


def corpus():
    S = {}
    S["fills"] = [backdrop(), v("a", [10, 10, 60, 40], color="#3366ccff"), v("b", [50, 40, 90, 60], color="#e04030ff"),
                  v("c", [20, 70, 30, 30], color="#20a060ff")]
    S["radii"] = [backdrop(), v("a", [8, 8, 60, 50], color="#3366ccff", cornerRadius=8),
                  v("b", [80, 8, 70, 50], color="#e04030ff", cornerRadius=30), v("c", [8, 66, 140, 46], color="#20a060ff", cornerRadius=23)]
    S["translucent-fills"] = [backdrop(), v("a", [10, 10, 90, 70], color="#ff000080"), v("b", [50, 40, 90, 70], color="#0000ff60"),
                              v("c", [30, 30, 60, 60], color="#00ff0040", cornerRadius=12)]
    S["group-green"] = [backdrop(), v("g", [20, 20, 120, 80], alpha=0.8), v("c", [10, 10, 100, 60], parent="g", color="#00ff0080")]
    S["group-red"] = [backdrop(), v("g", [20, 20, 120, 80], alpha=0.5), v("c", [10, 10, 100, 60], parent="g", color="#ff000080")]
    S["rounded-clip-translucent"] = [backdrop(), v("p", [20, 20, 120, 80], clipsToBounds=True, cornerRadius=24),
                                     v("c", [-10, -10, 140, 100], parent="p", color="#ff000080")]
    S["group-overlap"] = [backdrop(), v("g", [10, 10, 140, 100], alpha=0.6, color="#3366ccff", cornerRadius=10),
                          v("a", [10, 10, 70, 60], parent="g", color="#e04030ff"), v("b", [50, 30, 70, 60], parent="g", color="#f0b030ff")]
    S["nested-groups"] = [backdrop(), v("g1", [10, 10, 140, 100], alpha=0.7, color="#202020ff"),
                          v("g2", [10, 10, 120, 80], parent="g1", alpha=0.6, color="#3366ccff"),
                          v("c", [20, 20, 60, 40], parent="g2", color="#ff000080")]
    S["square-clip"] = [backdrop(), v("p", [30, 20, 100, 80], clipsToBounds=True, color="#ddddddff"),
                        v("c", [-20, 30, 80, 80], parent="p", color="#3366ccff"), v("d", [60, -20, 70, 50], parent="p", color="#e04030ff")]
    S["rounded-clip"] = [backdrop(), v("p", [30, 20, 100, 80], clipsToBounds=True, cornerRadius=20, color="#ddddddff"),
                         v("c", [-10, -10, 120, 40], parent="p", color="#3366ccff"), v("d", [-10, 50, 120, 40], parent="p", color="#e04030ff")]
    S["rotated"] = [backdrop(), v("a", [40, 30, 80, 60], color="#3366ccff", rotation=30)]
    S["rotated-rounded"] = [backdrop(), v("a", [40, 25, 80, 70], color="#e04030ff", rotation=45, cornerRadius=16)]
    S["rotated-square-clip"] = [backdrop(), v("p", [35, 25, 90, 70], clipsToBounds=True, color="#ddddddff", rotation=20),
                                v("c", [-20, -20, 70, 70], parent="p", color="#3366ccff"), v("d", [50, 40, 70, 60], parent="p", color="#e04030ff")]
    S["rotated-rounded-clip"] = [backdrop(), v("p", [35, 25, 90, 70], clipsToBounds=True, cornerRadius=22, color="#ddddddff", rotation=30),
                                 v("c", [-20, -20, 130, 50], parent="p", color="#3366ccff"), v("d", [-20, 35, 130, 60], parent="p", color="#20a060ff")]
    S["scaled"] = [backdrop(), v("p", [50, 35, 60, 50], scale=1.5, color="#3366ccff", cornerRadius=8),
                   v("c", [10, 10, 20, 20], parent="p", color="#f0b030ff")]
    S["scaled-rotated-clip"] = [backdrop(), v("p", [30, 20, 100, 80], clipsToBounds=True, cornerRadius=30, scale=0.8, rotation=60,
                                              color="#ddddddff"), v("c", [-20, 20, 140, 40], parent="p", color="#e04030ff")]
    S["border-square"] = [backdrop(), v("a", [20, 20, 120, 80], color="#ddddddff", borderWidth=4, borderColor="#3366ccff")]
    S["border-rounded"] = [backdrop(), v("a", [20, 20, 120, 80], color="#ddddddff", borderWidth=6, borderColor="#3366ccff", cornerRadius=20)]
    S["border-radius-below-width"] = [backdrop(), v("a", [20, 20, 120, 80], color="#ddddddff", borderWidth=10, borderColor="#e04030ff",
                                                    cornerRadius=4)]
    S["border-radius-between"] = [backdrop(), v("a", [20, 20, 120, 80], color="#ddddddff", borderWidth=8, borderColor="#20a060ff",
                                                cornerRadius=6)]
    S["border-translucent"] = [backdrop(), v("a", [20, 20, 120, 80], color="#3366ccff", borderWidth=12, borderColor="#ffffff80",
                                             cornerRadius=16)]
    S["border-rotated"] = [backdrop(), v("a", [30, 25, 100, 70], color="#ddddddff", borderWidth=6, borderColor="#3366ccff",
                                         cornerRadius=12, rotation=25)]
    S["border-over-subviews"] = [backdrop(), v("p", [20, 20, 120, 80], clipsToBounds=True, cornerRadius=18, borderWidth=6,
                                               borderColor="#202020ff", color="#ddddddff"),
                                 v("c", [-10, 30, 140, 60], parent="p", color="#e04030ff")]
    S["nested-clips-rotated"] = [backdrop(), v("p", [20, 15, 120, 90], clipsToBounds=True, rotation=15, color="#ccccccff"),
                                 v("q", [20, 15, 90, 70], parent="p", clipsToBounds=True, cornerRadius=20, rotation=-30, color="#3366ccff"),
                                 v("c", [-20, -20, 70, 140], parent="q", color="#f0b030ff")]
    S["nested-clips-square"] = [backdrop(), v("p", [10, 10, 100, 80], clipsToBounds=True, color="#ccccccff"),
                                v("q", [40, 30, 100, 80], parent="p", clipsToBounds=True, color="#3366ccff"),
                                v("c", [-30, -30, 200, 40], parent="q", color="#e04030ff")]
    S["group-rotated-child"] = [backdrop(), v("g", [20, 20, 120, 80], alpha=0.7),
                                v("a", [20, 10, 80, 60], parent="g", color="#3366ccff", rotation=35, cornerRadius=10),
                                v("b", [40, 20, 60, 50], parent="g", color="#e04030ff")]
    S["translucent-in-clip-in-group"] = [backdrop(), v("g", [10, 10, 140, 100], alpha=0.75, color="#202020ff"),
                                         v("p", [20, 15, 100, 70], parent="g", clipsToBounds=True, cornerRadius=25),
                                         v("h", [-10, -10, 80, 90], parent="p", alpha=0.5, color="#00ff00ff"),
                                         v("c", [40, 20, 90, 60], parent="p", color="#ff000080")]
    many = [backdrop()]
    for i in range(10):
        many.append(v("m%d" % i, [8 + 13 * i, 10 + 8 * (i % 4), 40, 40], color=["#ff000060", "#0000ff60", "#00aa0060"][i % 3],
                      cornerRadius=(i % 3) * 6))
    S["many-translucent"] = many
    S["hidden-and-clear"] = [backdrop(), v("a", [20, 20, 60, 60], color="#3366ccff", hidden=True),
                             v("b", [60, 30, 60, 60], color="#e04030ff", alpha=0), v("c", [40, 40, 40, 40], color="#20a060ff")]
    S["group-border"] = [backdrop(), v("a", [20, 20, 120, 80], alpha=0.5, color="#3366ccff", borderWidth=8, borderColor="#202020ff",
                                       cornerRadius=14)]
    S["rotated-group-overlap"] = [backdrop(), v("g", [25, 20, 110, 80], alpha=0.6, rotation=-20),
                                  v("a", [0, 0, 70, 60], parent="g", color="#e04030ff"), v("b", [40, 20, 70, 60], parent="g", color="#3366ccff")]
    S["circle-clip"] = [backdrop(), v("p", [40, 20, 80, 80], clipsToBounds=True, cornerRadius=60, color="#ddddddff"),
                        v("c", [-10, 40, 100, 50], parent="p", color="#3366ccff")]
    S["border-fills"] = [backdrop(), v("a", [30, 30, 40, 30], color="#ddddddff", borderWidth=20, borderColor="#e04030ff", cornerRadius=8),
                         v("b", [90, 30, 40, 60], color="#ddddddff", borderWidth=25, borderColor="#3366ccff")]
    S["dark-backdrop-group"] = [backdrop("#131418ff"), v("g", [20, 20, 120, 80], alpha=0.8, cornerRadius=12, color="#2970dbff"),
                                v("c", [10, 10, 60, 40], parent="g", color="#ffffff24", cornerRadius=8)]
    S["group-disjoint"] = [backdrop(), v("g", [10, 10, 140, 100], alpha=0.6),
                           v("a", [0, 0, 40, 40], parent="g", color="#e04030ff", cornerRadius=8),
                           v("b", [60, 10, 40, 40], parent="g", color="#3366ccff"),
                           v("c", [20, 60, 50, 30], parent="g", color="#20a060ff", rotation=20),
                           v("d", [100, 55, 30, 30], parent="g", color="#f0b030ff", alpha=0.5)]
    return S


def main():
    os.makedirs(os.path.join(OUT, "scenes"), exist_ok=True)
    for name, views in corpus().items():
        scene = {"size": [W, H], "views": views}
        with open(os.path.join(OUT, "scenes", name + ".json"), "w") as f:
            json.dump(scene, f, indent=1)
            f.write("\n")
        for scale in (1, 2):
            render(scene, scale, os.path.join(OUT, "%s@%dx.png" % (name, scale)))
    print("wrote %d scenes and %d reference PNGs to %s" % (len(corpus()), 2 * len(corpus()), os.path.normpath(OUT)))


if __name__ == "__main__":
    sys.exit(main())
