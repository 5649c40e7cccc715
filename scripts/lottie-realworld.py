#!/usr/bin/env python3
"""LT5's real-world measure, driven by scripts/lottie-realworld (which installs and builds what
this needs): for every DIR/*.json, up to N evenly spaced frames (counted from the in-point, at the
file's own size, on a transparent background) drawn by ours (`timeline render`), by rlottie 0.1
(scripts/lottie-references.c, Debian's librlottie) and by ThorVG (the thorvg-python wheel's
libthorvg). A frame counts where rlottie and ThorVG agree; ours matches it when it is within the
tolerance of both. Tolerance as in the corpus tests: at most 2% of the pixels off by more than
48/255 in a premultiplied channel.

    lottie-realworld.py TIMELINE RLOTTIE_HELPER DIR OUTDIR [--frames N]

Writes each frame's three PNGs under OUTDIR/NAME/ (ours-fK, rlottie: NAME-fK, thorvg-fK) and
OUTDIR/report.json; prints one line per file and the overall share.
"""
import argparse
import json
import os
import subprocess
import sys

import numpy as np
from PIL import Image
import thorvg_python as tvg

TOLERANCE, MAX_SHARE = 48, 0.02


def premultiplied(path):
    """The PNG at `path` as an int32 H x W x 4 array of premultiplied RGBA."""
    rgba = np.asarray(Image.open(path).convert("RGBA"), dtype=np.int32)
    out = rgba.copy()
    out[..., :3] = rgba[..., :3] * rgba[..., 3:4] // 255
    return out


def off_share(a, b):
    """The share of pixels whose worst premultiplied channel differs by more than TOLERANCE."""
    if a is None or b is None or a.shape != b.shape:
        return 1.0
    return float((np.abs(a - b).max(axis=2) > TOLERANCE).mean())


def sample(total, n):
    """Up to n evenly spaced integer frames in [0, total - 1], first and last included."""
    if total <= 1:
        return [0]
    n = min(n, total)
    return sorted({round(i * (total - 1) / max(n - 1, 1)) for i in range(n)})


class ThorVG:
    """One software canvas per file; frames drawn premultiplied (ABGR8888 is R, G, B, A bytes)."""

    def __init__(self):
        self.engine = tvg.Engine(threads=0)

    def render(self, path, width, height, frames, outdir):
        canvas = tvg.SwCanvas(self.engine)
        canvas.set_target(width, height, cs=tvg.Colorspace.ABGR8888)
        animation = tvg.LottieAnimation(self.engine)
        picture = animation.get_picture()
        if picture.load(os.path.abspath(path)) != tvg.Result.SUCCESS:
            return {}
        picture.set_size(width, height)
        canvas.add(picture)
        images = {}
        for k in frames:
            animation.set_frame(float(k))
            canvas.update()
            canvas.draw(True)
            canvas.sync()
            pixels = np.frombuffer(bytes(canvas.buffer_arr), dtype=np.uint8).reshape(height, width, 4)
            images[k] = pixels.astype(np.int32)
            straight = pixels.astype(np.float64)
            alpha = straight[..., 3:4]
            straight[..., :3] = np.where(alpha > 0, straight[..., :3] * 255 / np.maximum(alpha, 1), 0)
            Image.fromarray(np.clip(straight.round(), 0, 255).astype(np.uint8), "RGBA").save(
                os.path.join(outdir, f"thorvg-f{k}.png"))
        canvas.destroy()
        return images


def measure(args):
    thorvg = ThorVG()
    rows = []
    names = sorted(f for f in os.listdir(args.dir) if f.endswith(".json"))
    for name in names:
        path = os.path.join(args.dir, name)
        stem = name[:-5]
        outdir = os.path.join(args.outdir, stem)
        os.makedirs(outdir, exist_ok=True)
        with open(path, "rb") as f:
            doc = json.loads(f.read())
        width, height = int(doc["w"]), int(doc["h"])
        frames = sample(int(float(doc["op"]) - float(doc["ip"])), args.frames)
        listed = ",".join(map(str, frames))

        ref = subprocess.run([args.rlottie, "--frames", listed, path, outdir], capture_output=True, text=True)
        rl = {k: premultiplied(os.path.join(outdir, f"{stem}-f{k}.png")) for k in frames} if ref.returncode == 0 else {}
        tv = thorvg.render(path, width, height, frames, outdir)
        run = subprocess.run([args.timeline, "render", path, "--frame", listed,
                              "--out", os.path.join(outdir, "ours-f{frame}.png")],
                             capture_output=True, text=True)
        error = None
        if run.returncode != 0:
            error = (run.stderr.strip().splitlines() or ["exit %d" % run.returncode])[-1]
        ours = {}
        for k in frames:
            p = os.path.join(outdir, f"ours-f{k}.png")
            ours[k] = premultiplied(p) if error is None and os.path.exists(p) else None

        agreed, matched, detail = 0, 0, []
        for k in frames:
            refs_agree = k in rl and k in tv and off_share(rl[k], tv[k]) <= MAX_SHARE
            vs_rl, vs_tv = off_share(ours[k], rl.get(k)), off_share(ours[k], tv.get(k))
            match = refs_agree and vs_rl <= MAX_SHARE and vs_tv <= MAX_SHARE
            agreed += refs_agree
            matched += match
            detail.append({"frame": k, "references_agree": refs_agree, "off_vs_rlottie": round(vs_rl, 4),
                           "off_vs_thorvg": round(vs_tv, 4), "match": match})
        row = {"file": name, "width": width, "height": height, "frames": len(frames), "agreed": agreed,
               "matched": matched, "error": error, "detail": detail}
        rows.append(row)
        worst = max((d["off_vs_rlottie"] for d in detail if d["references_agree"]), default=0)
        print(f"{name[:56]:56} {matched:3}/{agreed:<3} of {len(frames):3}  worst {worst * 100:5.1f}%"
              + (f"  ERROR {error}" if error else ""), flush=True)
    agreed = sum(r["agreed"] for r in rows)
    matched = sum(r["matched"] for r in rows)
    total = sum(r["frames"] for r in rows)
    share = matched / agreed if agreed else 0
    summary = {"files": len(rows), "frames": total, "agreed": agreed, "matched": matched, "share": round(share, 4)}
    with open(os.path.join(args.outdir, "report.json"), "w") as f:
        json.dump({"summary": summary, "files": rows}, f, indent=1)
    print(f"{len(rows)} files, {total} frames, rlottie and ThorVG agree on {agreed}; "
          f"ours matches {matched} of those: {share * 100:.1f}%")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("timeline")
    parser.add_argument("rlottie")
    parser.add_argument("dir")
    parser.add_argument("outdir")
    parser.add_argument("--frames", type=int, default=10)
    measure(parser.parse_args())


if __name__ == "__main__":
    sys.exit(main())
