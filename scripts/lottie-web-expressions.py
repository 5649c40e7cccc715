#!/usr/bin/python3
"""LT9's reference comparison, driven by scripts/lottie-web-expressions (which fetches the corpus
and lottie-web and builds `timeline`): each DIR/*.json drawn at five evenly spaced whole frames
past its first (frame round(k * (op - ip) / 6) for k = 1...5, counted from the in-point, at the
file's own size, on a transparent background) by ours (`timeline render`) and by lottie-web in
Debian's headless Chromium over the DevTools protocol (`goToAndStop(frame, true)`, then a
screenshot of the animation's box with a transparent page background). The page is loaded afresh
for each file, with Math.random replaced before lottie.js loads by a generator that starts from
the same state every time (a fixed seed for the reference: lottie-web's per-expression randSeed
and its wiggle draw from it), so reruns draw the same frames. A frame is within the
conformance threshold LT5 uses against rlottie when at most 2% of its pixels are off by more
than 48/255 in a premultiplied channel.

    lottie-web-expressions.py TIMELINE LOTTIE_JS DIR OUTDIR [--renderer svg|canvas] [--files A,B]
                              [--values] [--without-expressions]

Writes each frame's two PNGs under OUTDIR/NAME/ (ours-fK.png, web-fK.png) and OUTDIR/report.json;
prints one line per file and the overall share. With --values, also writes what lottie-web
evaluated at each sampled frame (every layer's name, whole-transform matrix and opacity, nested
precomps included) to OUTDIR/NAME/web-values.json, to tell an expression's value from drawing.
With --without-expressions, every expression ("x" of a property) is taken out of a copy of each
file first (OUTDIR/without-expressions/): a file that still differs differs in drawing, not in
what its expressions compute.
"""
import argparse
import base64
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

import numpy as np
import websocket  # python3-websocket
from PIL import Image

TOLERANCE, MAX_SHARE = 48, 0.02

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<style>html, body { margin: 0; padding: 0; background: transparent; overflow: hidden; }
#stage { position: absolute; left: 0; top: 0; }</style>
<script>
// A fixed seed for the reference: lottie-web takes BMMath.random from Math.random when lottie.js
// loads and draws each expression's randSeed and its wiggle from it, so Math.random is replaced
// first by a generator that starts from the same state on every load of this page (a Weyl
// sequence through a 32-bit mixer): every run draws the same numbers.
(function () {
  var n = 0;
  Math.random = function () {
    n = (n + 0x9e3779b9) | 0;
    var z = Math.imul(n ^ (n >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
  };
}());
</script>
<script src="lottie.js"></script></head><body><div id="stage"></div><script>
window.show = function (data, renderer) {
  var stage = document.getElementById('stage');
  if (window.anim) { window.anim.destroy(); }
  stage.innerHTML = '';
  stage.style.width = data.w + 'px';
  stage.style.height = data.h + 'px';
  window.errors = [];
  window.anim = lottie.loadAnimation({ container: stage, renderer: renderer, loop: false, autoplay: false,
    animationData: data, rendererSettings: { preserveAspectRatio: 'xMidYMid meet', clearCanvas: true } });
  window.anim.onError = function (e) {
    var n = e && e.nativeError;
    window.errors.push(String(n && n.message ? n.message : e && e.type ? e.type : e));
  };
  return new Promise(function (resolve) {
    var started = Date.now();
    (function wait() {
      if (window.anim.isLoaded || Date.now() - started > 20000) { resolve(window.anim.isLoaded); return; }
      setTimeout(wait, 20);
    })();
  });
};
window.frame = function (k) {
  window.anim.goToAndStop(k, true);
  return new Promise(function (resolve) {
    requestAnimationFrame(function () { requestAnimationFrame(function () { resolve(window.errors.slice()); }); });
  });
};
window.values = function () {
  var out = [];
  function walk(elements, depth) {
    for (var i = 0; i < (elements || []).length; i += 1) {
      var e = elements[i];
      if (!e || !e.data) { continue; }
      var t = e.finalTransform, o = t && t.mProp && t.mProp.o;
      out.push({ depth: depth, index: i, name: e.data.nm, ind: e.data.ind, inRange: !!e.isInRange,
        matrix: t ? Array.prototype.slice.call(t.mat.props) : null, opacity: o ? o.v : null });
      if (e.elements) { walk(e.elements, depth + 1); }
    }
  }
  walk(window.anim.renderer.elements, 0);
  return out;
};
</script></body></html>
"""


class Browser:
    """Debian's Chromium, headless, driven over its DevTools protocol on one page."""

    def __init__(self, workdir):
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        if not chromium:
            sys.exit("lottie-web-expressions: Chromium is not installed (Debian's chromium package)")
        self.profile = tempfile.mkdtemp(prefix="lottie-web-")
        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--allow-file-access-from-files", "--remote-debugging-port=0", "--force-device-scale-factor=1",
             "--user-data-dir=" + self.profile, "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.time() + 60
        while not os.path.exists(port_file) or os.path.getsize(port_file) == 0:
            if time.time() > deadline or self.process.poll() is not None:
                sys.exit("lottie-web-expressions: Chromium did not open its DevTools port")
            time.sleep(0.2)
        port = open(port_file).read().split()[0]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10) as r:
            page = next(t for t in json.loads(r.read()) if t["type"] == "page")
        self.ws = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=120, max_size=None)
        self.next_id = 0
        self.version = None
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/version", timeout=10) as r:
            self.version = json.loads(r.read()).get("Browser")
        self.call("Page.enable")
        self.call("Emulation.setDefaultBackgroundColorOverride", color={"r": 0, "g": 0, "b": 0, "a": 0})
        self.url = "file://" + os.path.join(os.path.abspath(workdir), "page.html")
        self.reload()

    def reload(self):
        """Loads the page afresh: lottie.js and its fixed-seed Math.random start over, so a file
        draws the same numbers whichever files were drawn before it."""
        try:
            self.evaluate("window.stale = true")
        except RuntimeError:
            pass
        self.call("Page.navigate", url=self.url)
        deadline = time.time() + 60
        while True:
            try:
                if self.evaluate("!window.stale && typeof window.show === 'function' && typeof lottie === 'object'") is True:
                    break
            except RuntimeError:
                pass  # the old page's context went away mid-call
            if time.time() > deadline:
                sys.exit("lottie-web-expressions: the page did not load lottie.js")
            time.sleep(0.05)

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            reply = json.loads(self.ws.recv())
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(result["exceptionDetails"].get("exception", {}).get("description", "exception"))
        return result.get("result", {}).get("value")

    def screenshot(self, width, height, path):
        shot = self.call("Page.captureScreenshot", format="png",
                         clip={"x": 0, "y": 0, "width": width, "height": height, "scale": 1})
        with open(path, "wb") as f:
            f.write(base64.b64decode(shot["data"]))

    def close(self):
        try:
            self.ws.close()
        finally:
            self.process.terminate()
            self.process.wait(timeout=30)
            shutil.rmtree(self.profile, ignore_errors=True)


def premultiplied(path, size):
    """The PNG at `path` as an int32 H x W x 4 array of premultiplied RGBA, or None."""
    if not os.path.exists(path):
        return None
    image = Image.open(path).convert("RGBA")
    if image.size != size:
        return None
    rgba = np.asarray(image, dtype=np.int32)
    out = rgba.copy()
    out[..., :3] = rgba[..., :3] * rgba[..., 3:4] // 255
    return out


def off_share(a, b):
    """The share of pixels whose worst premultiplied channel differs by more than TOLERANCE."""
    if a is None or b is None or a.shape != b.shape:
        return 1.0
    return float((np.abs(a - b).max(axis=2) > TOLERANCE).mean())


def without_expressions(value):
    """`value` with the expression ("x", a string) of every property object taken out."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            if isinstance(v.get("x"), str) and ("k" in v or "a" in v):
                del v["x"]
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return value


def sample(ip, op):
    """Five evenly spaced whole frames past the first, counted from the in-point."""
    total = op - ip
    return sorted({min(max(round(total * k / 6), 1), max(int(total) - 1, 0)) for k in range(1, 6)})


def measure(args):
    os.makedirs(args.outdir, exist_ok=True)
    with open(os.path.join(args.outdir, "page.html"), "w") as f:
        f.write(PAGE)
    if os.path.abspath(os.path.dirname(args.lottie_js)) != os.path.abspath(args.outdir):
        shutil.copy(args.lottie_js, os.path.join(args.outdir, "lottie.js"))
    names = sorted(f for f in os.listdir(args.dir) if f.endswith(".json"))
    if args.files:
        names = [n for n in names if n in args.files.split(",") or n[:-5] in args.files.split(",")]
    if args.without_expressions:
        stripped = os.path.join(args.outdir, "without-expressions")
        os.makedirs(stripped, exist_ok=True)
        for name in names:
            with open(os.path.join(args.dir, name), "rb") as f:
                doc = json.loads(f.read().decode("utf-8"))
            with open(os.path.join(stripped, name), "w") as f:
                json.dump(without_expressions(doc), f)
        args.dir = stripped
    browser = Browser(args.outdir)
    rows = []
    try:
        for name in names:
            rows.append(measure_file(args, browser, name))
    finally:
        browser.close()
    frames = sum(r["frames"] for r in rows)
    within = sum(r["within"] for r in rows)
    share = within / frames if frames else 0
    # Frames where lottie-web itself threw are counted, and also left out of a second share:
    # its render of them stops at the throw, so they are no reference.
    clean = [r for r in rows if not r["lottie_web_errors"]]
    clean_frames, clean_within = sum(r["frames"] for r in clean), sum(r["within"] for r in clean)
    clean_share = clean_within / clean_frames if clean_frames else 0
    summary = {"files": len(rows), "frames": frames, "within": within, "share": round(share, 4),
               "frames_lottie_web_rendered_without_throwing": clean_frames, "within_of_those": clean_within,
               "share_of_those": round(clean_share, 4), "renderer": args.renderer, "chromium": browser.version,
               "without_expressions": args.without_expressions}
    with open(os.path.join(args.outdir, "report.json"), "w") as f:
        json.dump({"summary": summary, "files": rows}, f, indent=1)
    print(f"{len(rows)} files, {frames} frames, {within} within the threshold of lottie-web's render "
          f"({args.renderer}, {browser.version}): {share * 100:.1f}%; of the {clean_frames} frames of files "
          f"lottie-web drew without throwing, {clean_within}: {clean_share * 100:.1f}%")


def measure_file(args, browser, name):
    path = os.path.join(args.dir, name)
    outdir = os.path.join(args.outdir, name[:-5])
    os.makedirs(outdir, exist_ok=True)
    with open(path, "rb") as f:
        text = f.read().decode("utf-8")
    doc = json.loads(text)
    width, height = int(doc["w"]), int(doc["h"])
    frames = sample(float(doc["ip"]), float(doc["op"]))

    run = subprocess.run([args.timeline, "render", path, "--frame", ",".join(map(str, frames)),
                          "--out", os.path.join(outdir, "ours-f{frame}.png")], capture_output=True, text=True)
    error = None
    if run.returncode != 0:
        error = (run.stderr.strip().splitlines() or ["exit %d" % run.returncode])[-1]
    warnings = [line for line in run.stderr.splitlines() if "expression" in line]

    browser.reload()
    browser.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=False)
    loaded = browser.evaluate(f"window.show({text}, {json.dumps(args.renderer)})")
    web_errors, values = set(), {}
    detail, within = [], 0
    for k in frames:
        web = os.path.join(outdir, f"web-f{k}.png")
        if loaded:
            web_errors.update(browser.evaluate(f"window.frame({k})") or [])
            browser.screenshot(width, height, web)
            if args.values:
                values[k] = browser.evaluate("window.values()")
        share = off_share(premultiplied(os.path.join(outdir, f"ours-f{k}.png"), (width, height)),
                          premultiplied(web, (width, height)) if loaded else None)
        within += share <= MAX_SHARE
        detail.append({"frame": k, "off": round(share, 4)})
    if args.values:
        with open(os.path.join(outdir, "web-values.json"), "w") as f:
            json.dump(values, f)
    row = {"file": name, "width": width, "height": height, "frames": len(frames), "within": within,
           "worst": max(d["off"] for d in detail), "ours_error": error, "lottie_web_loaded": bool(loaded),
           "lottie_web_errors": sorted(web_errors), "ours_expression_warnings": len(warnings), "detail": detail}
    note = ("  OURS: " + error) if error else ""
    note += "" if loaded else "  LOTTIE-WEB DID NOT LOAD"
    note += ("  lottie-web threw: " + "; ".join(sorted(web_errors))[:80]) if web_errors else ""
    print(f"{name[:40]:40} {within}/{len(frames)}  worst {row['worst'] * 100:5.1f}%  "
          f"frames {','.join(map(str, frames))}{note}", flush=True)
    return row


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("timeline")
    parser.add_argument("lottie_js")
    parser.add_argument("dir")
    parser.add_argument("outdir")
    parser.add_argument("--renderer", choices=["svg", "canvas"], default="svg")
    parser.add_argument("--files", help="only these files (comma-separated names, with or without .json)")
    parser.add_argument("--values", action="store_true", help="also write lottie-web's evaluated layer values")
    parser.add_argument("--without-expressions", action="store_true",
                        help="take every expression out of the files first (to tell drawing from expressions)")
    measure(parser.parse_args())


if __name__ == "__main__":
    sys.exit(main())
