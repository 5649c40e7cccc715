#!/usr/bin/env python3
"""Independent reference renders of layer scenes for CA10 (issue 22).

Writes a corpus of scene files with layers (Tests/TimelineSDLTests/LayerReference/scenes/*.json,
our scene format) and renders each with Cairo and NumPy following Core Animation's documented
semantics, at 1x and 2x (LayerReference/NAME@1x.png, NAME@2x.png). The Swift test renders the
same scenes with our renderer and compares. Run with a Python that has pycairo and NumPy (Debian:
python3-cairo, python3-numpy):

    /usr/bin/python3 Tests/Oracles/render_layer_reference.py

The semantics drawn here, per layer, in its superlayer's coordinates:
- `frame` [x, y, w, h] gives bounds (0, 0, w, h) and position (x + w/2, y + h/2) (anchor point
  0.5, 0.5); `transform` (here 2-D: scale, then rotate about z) applies about the anchor point;
- the layer draws, in order: its shadow (the silhouette: the background's rounded rect, or a
  shape's fill, or its stroke when it has no fill; offset by shadowOffset, coloured shadowColor
  at shadowOpacity, blurred by a Gaussian whose standard deviation is shadowRadius / 2), its
  background (cornerRadius), its content (a shape's fill by its fill rule, then its stroke with
  width, caps, joins, miter limit and dashes, between strokeStart and strokeEnd of the path's
  length; a gradient filling the bounds), its sublayers, and its border inside the bounds;
- opacity below 1 makes the layer and its sublayers a group composited once; masksToBounds
  clips all of it to the rounded bounds;
- gradients: startPoint and endPoint in unit coordinates of the bounds; axial along the line
  between them; radial an ellipse centred at startPoint with radii |endPoint - startPoint| per
  axis; conic round startPoint, clockwise on screen, from the direction of endPoint.
"""
import json
import math
import os
import sys

import cairo
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from render_reference import color as view_color, rounded_rect  # noqa: E402  (the D2 oracle's helpers)
OUT = os.path.join(HERE, "..", "TimelineSDLTests", "LayerReference")
W, H = 160, 120


def color(hexstr):
    """A colour, or None for none (a shape's fill or stroke off)."""
    return None if hexstr is None else view_color(hexstr)


def add_path(ctx, commands, trim=(0.0, 1.0)):
    """Our path commands as Cairo path operations. A stroke range other than the whole is
    supported for paths that are one arc or one polyline (what the corpus trims)."""
    ctx.new_path()
    a, b = trim
    if (a, b) != (0.0, 1.0):
        if len(commands) == 1 and commands[0][0] == "arc":
            _, cx, cy, r, s, e, cw = commands[0]
            s, e = math.radians(s), math.radians(e)
            if cw:
                while e > s:
                    e -= 2 * math.pi
            else:
                while e < s:
                    e += 2 * math.pi
            s2, e2 = s + (e - s) * a, s + (e - s) * b
            (ctx.arc_negative if cw else ctx.arc)(cx, cy, r, s2, e2)
            return
        pts = [(c[1], c[2]) for c in commands if c[0] in ("move", "line")]
        lengths = [math.dist(pts[i], pts[i + 1]) for i in range(len(pts) - 1)]
        total = sum(lengths)
        lo, hi = a * total, b * total
        pos = 0.0
        started = False
        for i, seg in enumerate(lengths):
            p0, p1 = pts[i], pts[i + 1]
            s0, s1 = max(lo, pos), min(hi, pos + seg)
            if s1 > s0:
                t0, t1 = (s0 - pos) / seg, (s1 - pos) / seg
                q0 = (p0[0] + (p1[0] - p0[0]) * t0, p0[1] + (p1[1] - p0[1]) * t0)
                q1 = (p0[0] + (p1[0] - p0[0]) * t1, p0[1] + (p1[1] - p0[1]) * t1)
                if not started:
                    ctx.move_to(*q0)
                    started = True
                ctx.line_to(*q1)
            pos += seg
        return
    for c in commands:
        op = c[0]
        if op == "move":
            ctx.move_to(c[1], c[2])
        elif op == "line":
            ctx.line_to(c[1], c[2])
        elif op == "curve":
            ctx.curve_to(*c[1:7])
        elif op == "arc":
            _, cx, cy, r, s, e, cw = c
            (ctx.arc_negative if cw else ctx.arc)(cx, cy, r, math.radians(s), math.radians(e))
        elif op == "rect":
            ctx.rectangle(*c[1:5])
        elif op == "ellipse":
            x, y, w, h = c[1:5]
            ctx.save()
            ctx.translate(x + w / 2, y + h / 2)
            ctx.scale(w / 2, h / 2)
            ctx.new_sub_path()
            ctx.arc(0, 0, 1, 0, 2 * math.pi)
            ctx.close_path()
            ctx.restore()
        elif op == "close":
            ctx.close_path()


def stroke_settings(ctx, l):
    ctx.set_line_width(l.get("lineWidth", 1))
    ctx.set_line_cap({"butt": cairo.LINE_CAP_BUTT, "round": cairo.LINE_CAP_ROUND, "square": cairo.LINE_CAP_SQUARE}[l.get("lineCap", "butt")])
    ctx.set_line_join({"miter": cairo.LINE_JOIN_MITER, "round": cairo.LINE_JOIN_ROUND, "bevel": cairo.LINE_JOIN_BEVEL}[l.get("lineJoin", "miter")])
    ctx.set_miter_limit(l.get("miterLimit", 10))
    ctx.set_dash(l.get("lineDashPattern", []), l.get("lineDashPhase", 0))


def gradient_surface(l, w, h, device):
    """The gradient over the layer's bounds as an image in device pixels of the bounds (w, h
    are the bounds in points, device the pixels per point), evaluated per pixel centre."""
    pw, ph = max(1, int(round(w * device))), max(1, int(round(h * device)))
    ys, xs = np.mgrid[0:ph, 0:pw].astype(np.float64)
    x = (xs + 0.5) / device
    y = (ys + 0.5) / device
    sx, sy = l.get("startPoint", [0.5, 0])
    ex, ey = l.get("endPoint", [0.5, 1])
    sx, sy, ex, ey = sx * w, sy * h, ex * w, ey * h
    kind = l.get("gradientType", "axial")
    if kind == "axial":
        dx, dy = ex - sx, ey - sy
        t = ((x - sx) * dx + (y - sy) * dy) / (dx * dx + dy * dy)
    elif kind == "radial":
        rx, ry = abs(ex - sx), abs(ey - sy)
        t = np.sqrt(((x - sx) / rx) ** 2 + ((y - sy) / ry) ** 2)
    else:
        a0 = math.atan2(ey - sy, ex - sx)
        t = (np.arctan2(y - sy, x - sx) - a0) / (2 * math.pi)
        t = t - np.floor(t)
    colors = [color(c) for c in l["colors"]]
    n = len(colors)
    locs = l.get("locations") or [k / (n - 1) for k in range(n)]
    t = np.clip(t, 0, 1)
    out = np.zeros((ph, pw, 4))
    for ch in range(4):
        out[..., ch] = np.interp(t, locs, [c[ch] for c in colors])
    return to_surface(out)


def to_surface(rgba):
    """A premultiplied ARGB32 Cairo surface from straight RGBA in 0...1."""
    ph, pw, _ = rgba.shape
    a = rgba[..., 3]
    data = np.zeros((ph, pw, 4), dtype=np.uint8)
    data[..., 0] = np.round(rgba[..., 2] * a * 255)
    data[..., 1] = np.round(rgba[..., 1] * a * 255)
    data[..., 2] = np.round(rgba[..., 0] * a * 255)
    data[..., 3] = np.round(a * 255)
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, pw, ph)
    stride = surface.get_stride()
    buf = surface.get_data()
    arr = np.ndarray(shape=(ph, stride // 4, 4), dtype=np.uint8, buffer=buf)
    arr[:, :pw, :] = data
    surface.mark_dirty()
    return surface


def gaussian_blur(alpha, sigma):
    if sigma <= 0:
        return alpha
    r = int(math.ceil(3 * sigma))
    k = np.exp(-np.arange(-r, r + 1) ** 2 / (2 * sigma * sigma))
    k /= k.sum()
    out = np.apply_along_axis(lambda m: np.convolve(m, k, mode="same"), 0, alpha)
    return np.apply_along_axis(lambda m: np.convolve(m, k, mode="same"), 1, out)


def draw_shadow(ctx, l, w, h, device, silhouette):
    """The shadow: the silhouette's coverage in device pixels, offset, blurred, coloured."""
    sc = color(l.get("shadowColor", "#000000ff"))
    op = l.get("shadowOpacity", 0)
    if op <= 0:
        return
    ox, oy = l.get("shadowOffset", [0, -3])
    sigma = l.get("shadowRadius", 3) / 2
    pad = int(math.ceil(3 * sigma * device)) + 2
    pw, ph = int(math.ceil(w * device)) + 2 * pad, int(math.ceil(h * device)) + 2 * pad
    mask = cairo.ImageSurface(cairo.FORMAT_A8, pw, ph)
    m = cairo.Context(mask)
    m.translate(pad, pad)
    m.scale(device, device)
    silhouette(m)
    mask.flush()
    stride = mask.get_stride()
    a = np.ndarray(shape=(ph, stride), dtype=np.uint8, buffer=mask.get_data())[:, :pw].astype(np.float64) / 255
    a = gaussian_blur(a, sigma * device)
    rgba = np.zeros((ph, pw, 4))
    rgba[..., 0], rgba[..., 1], rgba[..., 2] = sc[0], sc[1], sc[2]
    rgba[..., 3] = a * sc[3] * op
    img = to_surface(rgba)
    ctx.save()
    ctx.translate(ox, oy)
    ctx.scale(1 / device, 1 / device)
    ctx.set_source_surface(img, -pad, -pad)
    ctx.paint()
    ctx.restore()


def draw_layer(ctx, l, children, device):
    if l.get("hidden") or l.get("opacity", 1) <= 0:
        return
    x, y, w, h = l["frame"]
    ctx.save()
    ctx.translate(x + w / 2, y + h / 2)
    t = l.get("transform", {})
    ctx.rotate(math.radians(t.get("rotate", 0)))
    s = t.get("scale", 1)
    ctx.scale(s, s)
    ctx.translate(-w / 2, -h / 2)
    dev = device * s
    opacity = l.get("opacity", 1)
    if opacity < 1:
        ctx.push_group()
    r = l.get("cornerRadius", 0)
    if l.get("masksToBounds"):
        rounded_rect(ctx, 0, 0, w, h, r)
        ctx.clip()
    kind = l.get("type", "layer")
    fill = color(l.get("fillColor", "#000000ff")) if kind == "shape" else None
    stroke = color(l.get("strokeColor")) if kind == "shape" else None
    trim = (l.get("strokeStart", 0.0), l.get("strokeEnd", 1.0))

    def silhouette(m):
        if l.get("backgroundColor"):
            rounded_rect(m, 0, 0, w, h, r)
            m.fill()
        if kind == "shape":
            if fill and fill[3] > 0:
                add_path(m, l["path"])
                m.set_fill_rule(cairo.FILL_RULE_EVEN_ODD if l.get("fillRule") == "evenOdd" else cairo.FILL_RULE_WINDING)
                m.fill()
            elif stroke:
                stroke_settings(m, l)
                add_path(m, l["path"], trim)
                m.stroke()
    draw_shadow(ctx, l, w, h, dev, silhouette)
    if l.get("backgroundColor"):
        ctx.set_source_rgba(*color(l["backgroundColor"]))
        rounded_rect(ctx, 0, 0, w, h, r)
        ctx.fill()
    if kind == "shape":
        if fill and fill[3] > 0:
            ctx.set_source_rgba(*fill)
            add_path(ctx, l["path"])
            ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD if l.get("fillRule") == "evenOdd" else cairo.FILL_RULE_WINDING)
            ctx.fill()
            ctx.set_fill_rule(cairo.FILL_RULE_WINDING)
        if stroke and stroke[3] > 0 and trim[1] > trim[0]:
            ctx.set_source_rgba(*stroke)
            stroke_settings(ctx, l)
            add_path(ctx, l["path"], trim)
            ctx.stroke()
            ctx.set_dash([])
    if kind == "gradient":
        img = gradient_surface(l, w, h, dev)
        ctx.save()
        rounded_rect(ctx, 0, 0, w, h, r)
        ctx.clip()
        ctx.scale(w / img.get_width(), h / img.get_height())
        ctx.set_source_surface(img, 0, 0)
        ctx.paint()
        ctx.restore()
    for k in children.get(l["id"], []):
        draw_layer(ctx, k, children, dev)
    bw = l.get("borderWidth", 0)
    if bw > 0:
        ctx.set_source_rgba(*color(l.get("borderColor", "#000000ff")))
        ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD)
        rounded_rect(ctx, 0, 0, w, h, r)
        if w > 2 * bw and h > 2 * bw:
            rounded_rect(ctx, bw, bw, w - 2 * bw, h - 2 * bw, max(0.0, min(r, w / 2, h / 2) - bw))
        ctx.fill()
        ctx.set_fill_rule(cairo.FILL_RULE_WINDING)
    if opacity < 1:
        ctx.pop_group_to_source()
        ctx.paint_with_alpha(opacity)
    ctx.restore()


def render(scene, scale, path):
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, int(W * scale), int(H * scale))
    ctx = cairo.Context(surface)
    ctx.scale(scale, scale)
    ctx.set_source_rgba(*color(scene["views"][0]["color"]))
    ctx.paint()
    children = {}
    for l in scene["layers"]:
        children.setdefault(l.get("parent", "root"), []).append(l)
    for l in children.get("root", []):
        draw_layer(ctx, l, children, scale)
    surface.write_to_png(path)


def L(id, frame, **kw):
    d = {"id": id, "frame": frame}
    d.update(kw)
    if "parent" not in d:
        d["view"] = "backdrop"
    return d


def corpus():
    S = {}
    star = [["move", 80, 10], ["line", 100, 100], ["line", 25, 45], ["line", 135, 45], ["line", 60, 100], ["close"]]
    S["shape-nonzero"] = [L("s", [0, 0, 160, 120], type="shape", path=star, fillColor="#3366ccff")]
    S["shape-evenodd"] = [L("s", [0, 0, 160, 120], type="shape", path=star, fillColor="#3366ccff", fillRule="evenOdd")]
    S["shape-caps"] = [L("s%d" % i, [0, 0, 160, 120], type="shape", path=[["move", 30, 25 + 35 * i], ["line", 130, 25 + 35 * i]],
                         fillColor=None, strokeColor="#e04030ff", lineWidth=14, lineCap=cap)
                       for i, cap in enumerate(["butt", "round", "square"])]
    zig = [["move", 15, 95], ["line", 45, 25], ["line", 75, 95], ["line", 105, 30], ["line", 145, 90]]
    S["shape-joins-miter"] = [L("s", [0, 0, 160, 120], type="shape", path=zig, fillColor=None, strokeColor="#20a060ff",
                                lineWidth=10, lineJoin="miter")]
    S["shape-joins-round"] = [L("s", [0, 0, 160, 120], type="shape", path=zig, fillColor=None, strokeColor="#20a060ff",
                                lineWidth=10, lineJoin="round")]
    S["shape-joins-bevel"] = [L("s", [0, 0, 160, 120], type="shape", path=zig, fillColor=None, strokeColor="#20a060ff",
                                lineWidth=10, lineJoin="bevel")]
    S["shape-miter-limit"] = [L("s", [0, 0, 160, 120], type="shape", path=[["move", 20, 100], ["line", 80, 20], ["line", 140, 100]],
                                fillColor=None, strokeColor="#202020ff", lineWidth=12, miterLimit=1.5)]
    S["shape-dashes"] = [L("s", [0, 0, 160, 120], type="shape", path=[["move", 15, 40], ["line", 145, 40], ["line", 145, 90]],
                           fillColor=None, strokeColor="#3366ccff", lineWidth=6, lineDashPattern=[14, 8], lineDashPhase=4)]
    S["shape-ring-strokeEnd"] = [
        L("t", [30, 10, 100, 100], type="shape", path=[["arc", 50, 50, 38, -90, 270, False]], fillColor=None,
          strokeColor="#d0d0d0ff", lineWidth=12),
        L("r", [30, 10, 100, 100], type="shape", path=[["arc", 50, 50, 38, -90, 270, False]], fillColor=None,
          strokeColor="#20a060ff", lineWidth=12, lineCap="round", strokeEnd=0.62)]
    S["shape-polyline-trimmed"] = [L("s", [0, 0, 160, 120], type="shape", path=zig, fillColor=None, strokeColor="#e04030ff",
                                     lineWidth=8, lineJoin="round", lineCap="round", strokeStart=0.2, strokeEnd=0.7)]
    S["shape-curves"] = [L("s", [0, 0, 160, 120], type="shape",
                           path=[["move", 20, 100], ["curve", 40, -20, 120, 140, 140, 20], ["line", 140, 100], ["close"]],
                           fillColor="#f0b030ff", strokeColor="#202020ff", lineWidth=3)]
    S["shape-ellipse-rect"] = [L("s", [0, 0, 160, 120], type="shape",
                                 path=[["ellipse", 20, 20, 80, 60], ["rect", 60, 40, 80, 60]], fillColor="#3366ccff", fillRule="evenOdd")]
    S["gradient-axial"] = [L("g", [20, 15, 120, 90], type="gradient", colors=["#e04030ff", "#f0b030ff", "#3366ccff"],
                             locations=[0, 0.3, 1], startPoint=[0, 0], endPoint=[1, 1], cornerRadius=14)]
    S["gradient-radial"] = [L("g", [20, 15, 120, 90], type="gradient", gradientType="radial", colors=["#ffffffff", "#3366ccff"],
                              startPoint=[0.5, 0.5], endPoint=[1, 1])]
    S["gradient-conic"] = [L("g", [30, 10, 100, 100], type="gradient", gradientType="conic",
                             colors=["#e04030ff", "#20a060ff", "#3366ccff", "#e04030ff"], startPoint=[0.5, 0.5], endPoint=[1, 0.5],
                             cornerRadius=50)]
    S["layer-rotated-border"] = [L("a", [40, 30, 80, 60], backgroundColor="#ddddddff", borderWidth=5, borderColor="#3366ccff",
                                   cornerRadius=12, transform={"rotate": 25})]
    S["layer-mask-to-bounds"] = [L("p", [20, 15, 120, 90], backgroundColor="#ccccccff", cornerRadius=26, masksToBounds=True),
                                 L("c", [-10, 40, 140, 60], parent="p", backgroundColor="#e04030ff", transform={"rotate": -15})]
    S["layer-opacity-group"] = [L("g", [20, 20, 120, 80], opacity=0.5, backgroundColor="#3366ccff"),
                                L("c", [40, 20, 70, 50], parent="g", backgroundColor="#e04030ff", cornerRadius=10)]
    S["layer-shadow"] = [L("a", [40, 30, 80, 55], backgroundColor="#3366ccff", cornerRadius=10, shadowOpacity=0.7,
                           shadowRadius=10, shadowOffset=[4, 8], shadowColor="#000000ff")]
    S["shape-shadow"] = [L("s", [0, 0, 160, 120], type="shape", path=star, fillColor="#f0b030ff", shadowOpacity=0.8,
                           shadowRadius=6, shadowOffset=[0, 5], shadowColor="#202020ff")]
    return S


def main():
    os.makedirs(os.path.join(OUT, "scenes"), exist_ok=True)
    for name, layers in corpus().items():
        scene = {"size": [W, H], "views": [{"id": "backdrop", "frame": [0, 0, W, H], "color": "#ffffffff"}], "layers": layers}
        with open(os.path.join(OUT, "scenes", name + ".json"), "w") as f:
            json.dump(scene, f, indent=1)
            f.write("\n")
        for scale in (1, 2):
            render(scene, scale, os.path.join(OUT, "%s@%dx.png" % (name, scale)))
    print("wrote %d scenes and %d reference PNGs to %s" % (len(corpus()), 2 * len(corpus()), os.path.normpath(OUT)))


if __name__ == "__main__":
    sys.exit(main())
