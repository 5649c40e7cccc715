"""A seeded real-input stream for the desktop gallery (Demos/Gallery), sent with xdotool into its
window under a private Xvfb (issue 39: MR7 scripts/real-input, MR4 scripts/soak).

The stream is a pure function of its seed and length: the same seed gives the same actions.
It visits every page (keys 1-9, 0, -, =) in turn; on each page it first sends every key that page
reacts to (from each scene's `help` and `handleKey` in Demos/Gallery/*.swift), then random clicks,
drags (some held while a key switches pages), double and right clicks, wheel turns, typing,
the page's keys, page switches, the HUD key and resizes between 320x240 and 1600x1000.
Positions are fractions of the window's size, so a position means the same place at every size.
Never sent: q and escape (they quit the gallery).
"""

import os
import random
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

WINDOW_TITLE = "Timeline gallery"
DEFAULT_SIZE = (1100, 680)
MIN_SIZE = (320, 240)
MAX_SIZE = (1600, 1000)
SCREEN = "1920x1200x24"

# Key (xdotool's name), page, the page's own keys: what each scene's handleKey reacts to.
PAGES = [
    ("1", "panel", ["space", "m"]),
    ("2", "springs", ["space"]),
    ("3", "keyframes", ["c"]),
    ("4", "scrub", ["space"]),
    ("5", "timeline", ["p", "r", "s", "Left", "Right"]),
    ("6", "stress", ["equal", "minus", "KP_Add", "KP_Subtract"]),
    ("7", "controls", []),                      # clicks and drags: buttons, switch, slider, card
    ("8", "layers", ["p"]),
    ("9", "text", ["Tab", "shift+Tab", "r", "BackSpace", "Delete", "Left", "Right", "Up", "Down",
                   "Home", "End", "Return", "ctrl+a", "ctrl+c", "ctrl+x", "ctrl+v", "ctrl+z", "ctrl+y"]),
    ("0", "scrolling", ["t", "Prior", "Next", "space"]),
    ("minus", "navigation", ["p", "o"]),
    ("equal", "lottie", ["space", "n", "s", "l", "c"]),
]
DIGIT_PAGES = [p[0] for p in PAGES[:10]]
# Typed text: letters and spaces; no q (quit) and no h (the HUD has its own action).
TYPED = "abcdefgijklmnoprstuvwxyz      "
# The smallest stream that still sends every page's keys on every page (a resize, up to two page
# keys and the page's own keys, plus one random action).
MIN_ACTIONS = len(PAGES) * (4 + max(len(p[2]) for p in PAGES))

WEIGHTS = {"click": 22, "drag": 14, "key": 24, "type": 6, "wheel": 6, "dclick": 4, "rclick": 1,
           "resize": 5, "switch": 3, "dragkey": 2, "hud": 2, "move": 4, "edge": 0}
PAGE_WEIGHTS = {
    "controls": {"click": 36, "drag": 26},
    "text": {"type": 22, "click": 26},
    "scrolling": {"wheel": 16, "drag": 22},
    "navigation": {"edge": 8, "click": 28},
    "scrub": {"drag": 26},
}


def make_stream(seed, actions):
    """`actions` actions (a list of tuples) for `seed`; the same arguments give the same list."""
    if actions < MIN_ACTIONS:
        raise ValueError(f"a stream needs at least {MIN_ACTIONS} actions to send every page's keys; got {actions}")
    rng = random.Random(seed)
    out = []
    size = DEFAULT_SIZE

    def new_size():
        while True:
            s = (rng.randint(MIN_SIZE[0], MAX_SIZE[0]), rng.randint(MIN_SIZE[1], MAX_SIZE[1]))
            if s != size:
                return s

    def point():
        return (round(rng.uniform(0.01, 0.99), 4), round(rng.uniform(0.01, 0.99), 4))

    def path():
        a, b = point(), point()
        steps = rng.randint(3, 8)
        return [a] + [(round(a[0] + (b[0] - a[0]) * k / steps, 4), round(a[1] + (b[1] - a[1]) * k / steps, 4))
                      for k in range(1, steps + 1)]

    for i, (page_key, page, keys) in enumerate(PAGES):
        n = actions // len(PAGES) + (1 if i < actions % len(PAGES) else 0)
        seg = []
        # A resize first: the page is rebuilt, so a text field that kept the keys lets them go.
        size = new_size()
        seg.append(("resize", size[0], size[1]))
        if page_key in ("minus", "equal"):
            seg.append(("page", "1"))           # the stress page keeps - and = for itself
        seg.append(("page", page_key))
        own = list(keys)
        rng.shuffle(own)
        seg += [("key", k) for k in own]
        weights = dict(WEIGHTS, **PAGE_WEIGHTS.get(page, {}))
        if not keys:
            weights["key"] = 0
        kinds = [k for k in weights if weights[k] > 0]
        cum = [weights[k] for k in kinds]
        while len(seg) < n:
            kind = rng.choices(kinds, weights=cum)[0]
            if kind == "click":
                seg.append(("click", *point()))
            elif kind == "dclick":
                seg.append(("dclick", *point()))
            elif kind == "rclick":
                seg.append(("rclick", *point()))
            elif kind == "move":
                seg.append(("move", *point()))
            elif kind == "drag":
                seg.append(("drag", path()))
            elif kind == "edge":
                p = path()
                seg.append(("drag", [(0.004, p[0][1])] + p[1:]))
            elif kind == "dragkey":
                # A drag still held while a key switches pages (issue 39 found a trap there).
                seg.append(("dragkey", path(), rng.choice(DIGIT_PAGES)))
            elif kind == "key":
                seg.append(("key", rng.choice(keys)))
            elif kind == "type":
                seg.append(("type", "".join(rng.choice(TYPED) for _ in range(rng.randint(1, 12)))))
            elif kind == "wheel":
                seg.append(("wheel", *point(), rng.choice([4, 5]), rng.randint(1, 6), rng.random() < 0.2))
            elif kind == "resize":
                size = new_size()
                seg.append(("resize", size[0], size[1]))
            elif kind == "switch":
                seg.append(("page", rng.choice(DIGIT_PAGES)))
            elif kind == "hud":
                seg.append(("key", "h"))
        out += seg
    # The HUD key toggles state that outlives a page: an even number of presses leaves each round
    # where it began (the last action is a random one: every segment has at least one).
    if sum(1 for a in out if a == ("key", "h")) % 2:
        out[-1] = ("move", 0.5, 0.5) if out[-1] == ("key", "h") else ("key", "h")
    assert len(out) == actions, (len(out), actions)
    return out


def stream_digest(stream):
    import hashlib
    return hashlib.sha256(repr(stream).encode()).hexdigest()[:16]


def read_status(pid):
    """VmRSS and VmHWM of `pid` in KiB (None when the process is gone)."""
    try:
        with open(f"/proc/{pid}/status") as f:
            fields = dict(line.split(":", 1) for line in f if ":" in line)
        return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])
    except (OSError, KeyError, ValueError):
        return None


def default_binary(root, release_first=True):
    order = ["release", "debug"] if release_first else ["debug", "release"]
    for c in order:
        p = os.path.join(root, ".build", c, "Gallery")
        if os.access(p, os.X_OK):
            return p
    return os.path.join(root, ".build", order[0], "Gallery")


class Failure(Exception):
    """The run failed; the message says why."""


class Session:
    """A private Xvfb, the gallery in it, and its window; `close()` (or `with`) ends both."""

    def __init__(self, binary, gallery_args=(), log=print, start_timeout=60.0):
        self.log = log
        self.xvfb = self.gallery = self.xdotool = None
        self.tmp = tempfile.mkdtemp(prefix="gallery-input-")
        try:
            self._start(binary, gallery_args, start_timeout)
        except BaseException:
            self.close()
            raise

    def _start(self, binary, gallery_args, start_timeout):
        for tool in ("Xvfb", "xdotool"):
            if shutil.which(tool) is None:
                raise Failure(f"{tool} is not installed (apt-get install -y xvfb xdotool)")
        if not os.access(binary, os.X_OK):
            raise Failure(f"no gallery at {binary} (swift build -c release --product Gallery)")
        self._start_xvfb()
        self.stderr_path = os.path.join(self.tmp, "stderr.txt")
        self.stdout_path = os.path.join(self.tmp, "stdout.txt")
        self.xdotool_log = os.path.join(self.tmp, "xdotool.txt")
        env = dict(os.environ, DISPLAY=self.display)
        env.pop("WAYLAND_DISPLAY", None)
        self.env = env
        w, h = DEFAULT_SIZE
        self.gallery = subprocess.Popen([binary, "--size", f"{w}x{h}", *gallery_args], env=env,
                                        stdin=subprocess.DEVNULL,
                                        stdout=open(self.stdout_path, "w"), stderr=open(self.stderr_path, "w"))
        self.pid = self.gallery.pid
        self.size = DEFAULT_SIZE
        self.window = self._find_window(start_timeout)
        self.xdo("windowmove", self.window, "0", "0")
        self.xdo("windowfocus", "--sync", self.window)
        self.xdo("mousemove", "--window", self.window, str(w // 2), str(h // 2))

    def _start_xvfb(self):
        r, w = os.pipe()
        self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", SCREEN, "-nolisten", "tcp"],
                                     pass_fds=(w,), stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=open(os.path.join(self.tmp, "xvfb.txt"), "w"))
        os.close(w)
        data = b""
        deadline = time.time() + 20
        while not data.endswith(b"\n"):
            left = deadline - time.time()
            if left <= 0 or not select.select([r], [], [], left)[0]:
                os.close(r)
                raise Failure("Xvfb did not report a display within 20 s")
            chunk = os.read(r, 64)
            if not chunk:
                os.close(r)
                raise Failure(f"Xvfb exited: {self._tail(os.path.join(self.tmp, 'xvfb.txt'))}")
            data += chunk
        os.close(r)
        self.display = ":" + data.decode().strip()

    def _find_window(self, timeout):
        deadline = time.time() + timeout
        while time.time() < deadline:
            self.check_alive("while starting")
            p = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(self.pid), "--name", "^" + WINDOW_TITLE + "$"],
                               env=self.env, capture_output=True, text=True)
            ids = p.stdout.split()
            if p.returncode == 0 and ids:
                return ids[0]
            time.sleep(0.2)
        raise Failure(f"the gallery's window did not appear within {timeout:.0f} s")

    @staticmethod
    def _tail(path, lines=30):
        try:
            with open(path, errors="replace") as f:
                return "".join(f.readlines()[-lines:]).rstrip() or "(empty)"
        except OSError:
            return "(none)"

    def stderr_tail(self, lines=30):
        """The crash report's head (the fatal error and the crashed thread's frames, without the
        registers and images) when Swift's backtracer wrote one, else the last `lines` lines."""
        try:
            with open(self.stderr_path, errors="replace") as f:
                text = f.read().splitlines()
        except OSError:
            return "(none)"
        start = next((i for i, l in enumerate(text)
                      if "Fatal error" in l or "💣" in l or "crashed" in l.lower() or "error:" in l), None)
        if start is None:
            return "\n".join(text[-lines:]) or "(empty)"
        out = []
        for l in text[start:]:
            if l.startswith("Registers") or l.startswith("rax ") or len(out) >= 60:
                break
            if not l.startswith("swift-runtime: failed to suspend"):
                out.append(l)
        return "\n".join(out).rstrip()

    def keep_stderr(self):
        """Copies the gallery's whole stderr out of the session's directory; returns the path."""
        path = os.path.join(tempfile.gettempdir(), f"gallery-stderr-{self.pid}.txt")
        try:
            shutil.copyfile(self.stderr_path, path)
        except OSError:
            return None
        return path

    def check_alive(self, context=""):
        if self.gallery is not None and self.gallery.poll() is not None:
            code = self.gallery.returncode
            how = f"signal {-code} ({signal.Signals(-code).name})" if code < 0 else f"exit status {code}"
            kept = self.keep_stderr()
            raise Failure(f"the gallery died {context} ({how}); its stderr (all of it in {kept}):\n{self.stderr_tail()}")

    def xdo(self, *args):
        for attempt in range(3):
            p = subprocess.run(["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=30)
            if p.returncode == 0 or "Can't open display" not in p.stderr:
                break
            time.sleep(0.5)
        if p.returncode != 0:
            self.check_alive("under input")
            raise Failure(f"xdotool {' '.join(args)} failed: {p.stderr.strip()}")

    def status(self):
        s = read_status(self.pid)
        if s is None:
            self.check_alive("before a sample")
            raise Failure("cannot read the gallery's /proc status")
        return s

    def _xy(self, fx, fy):
        w, h = self.size
        return str(max(1, min(w - 2, int(fx * w)))), str(max(1, min(h - 2, int(fy * h))))

    def _send(self, commands, context):
        """Runs xdotool `commands` (one per line) in the session's xdotool process, which reads
        them from its stdin (one process for the whole run: a process per action costs more than
        the action), and waits until they ran: a `getmouselocation` after them answers."""
        for attempt in range(2):
            if self.xdotool is None or self.xdotool.poll() is not None:
                self.xdotool = subprocess.Popen(["xdotool", "-"], env=self.env, stdin=subprocess.PIPE,
                                                stdout=subprocess.PIPE, stderr=open(self.xdotool_log, "a"),
                                                text=True, bufsize=1)
            try:
                self.xdotool.stdin.write("\n".join(commands) + "\ngetmouselocation\n")
                self.xdotool.stdin.flush()
                if self.xdotool.stdout.readline():
                    return
            except (BrokenPipeError, OSError):
                pass
            self.check_alive(context)
            self.xdotool.kill()
            self.xdotool.wait()
            self.xdotool = None
        raise Failure(f"xdotool stopped {context}: {self._tail(self.xdotool_log, 5)}")

    def perform(self, action, delay=0.02):
        """Sends one action of a stream and waits `delay` seconds after it. A click holds the
        button 20 ms; a drag moves every 10 ms."""
        kind, W = action[0], self.window

        def at(fx, fy):
            return "mousemove --window %s %s %s" % (W, *self._xy(fx, fy))

        def click(button):
            return f"mousedown {button}\nsleep 0.02\nmouseup {button}"

        if kind == "click":
            cmds = [at(*action[1:3]), click(1)]
        elif kind == "dclick":
            cmds = [at(*action[1:3]), click(1), "sleep 0.05", click(1)]
        elif kind == "rclick":
            cmds = [at(*action[1:3]), click(3)]
        elif kind == "move":
            cmds = [at(*action[1:3])]
        elif kind in ("drag", "dragkey"):
            pts = action[1]
            cmds = [at(*pts[0]), "mousedown 1"]
            for k, p in enumerate(pts[1:]):
                cmds += ["sleep 0.01", at(*p)]
                if kind == "dragkey" and k == len(pts) // 2:
                    cmds.append(f"key {action[2]}")
            cmds += ["sleep 0.01", "mouseup 1"]
        elif kind == "wheel":
            _, fx, fy, button, turns, ctrl = action
            cmds = [at(fx, fy)] + (["keydown ctrl"] if ctrl else [])
            cmds += [f"mousedown {button}\nmouseup {button}\nsleep 0.01"] * turns
            cmds += ["keyup ctrl"] if ctrl else []
        elif kind == "key":
            cmds = [f"key {action[1]}"]
        elif kind == "page":
            cmds = [f"key {action[1]}", "sleep 0.05"]
        elif kind == "type":
            # Words and spaces apart: the script reader splits a line at spaces.
            cmds = []
            for k, word in enumerate(action[1].split(" ")):
                if k:
                    cmds.append("key space")
                if word:
                    cmds.append(f"type --delay 10 {word}")
        elif kind == "resize":
            self.size = (action[1], action[2])
            cmds = [f"windowsize {W} {action[1]} {action[2]}", "sleep 0.1"]   # the page is rebuilt in the next frame
        else:
            raise ValueError(f"unknown action {action!r}")
        self._send(cmds, f"after {kind}")
        self.check_alive(f"after {kind}")
        if delay > 0:
            time.sleep(delay)

    def reset(self):
        """Back to where a round starts: the first page at the default size."""
        self.perform(("resize", *DEFAULT_SIZE), delay=0)
        self.perform(("page", "1"), delay=0)
        self.perform(("move", 0.5, 0.5), delay=0)

    def close(self):
        if self.xdotool is not None and self.xdotool.poll() is None:
            self.xdotool.stdin.close()
            self.xdotool.kill()
            self.xdotool.wait()
        for p in (self.gallery, self.xvfb):
            if p is not None and p.poll() is None:
                p.terminate()
                try:
                    p.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()
        shutil.rmtree(self.tmp, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def exit_on_signals():
    """SIGTERM and SIGHUP end the script through SystemExit, so `with Session` cleans up."""
    def handler(signum, frame):
        raise SystemExit(128 + signum)
    for s in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(s, handler)


def mib(kib):
    return kib / 1024.0
