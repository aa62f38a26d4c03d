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
hands     steps and seconds a player spends on a whole hand, table to table:
          see host_tools/handsteps.py.
flash     bytes written per recorded hand, files written per committed
          action, size of state.json after the match.
display   redraws per button event, bytes that would go to the OLED per
          event (a full frame of 1024 B per redraw, or only changed pages
          of 128 B), redraws that changed nothing.
work      time to handle an event and redraw, on MicroPython and CPython,
          as a ratio to a reference loop timed in the same run.
checks    time of the hand check (rules.check_points, run when OK records
          a hand) on the slowest points of every setup, on MicroPython from
          the .mpy files, as an RP2040 estimate.
boot      time from the first firmware import to the first frame on
          MicroPython, as a ratio to the reference loop, from .py sources
          and from a tree precompiled by mpy-cross.

With ``--port`` the same kind of match is timed on a connected board
instead, beside these estimates (host_tools/devbench.py).
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

from host_tools import flash, handsteps, matchplan, mplane, wasmlane  # noqa: E402  (matchplan sets up sys.path)

KB = 1024
TARGETS = {
    "heap_mpy": ("heap, 32-bit, .mpy files as flashed", "<= 96 KB"),
    "heap_rom": ("heap, 32-bit, code frozen (ROMFS)", "<= 32 KB"),
    "writes_per_commit": ("file writes per committed action", "<= 1"),
    "state_bytes": ("state file after 30 hands", "< 2 KB"),
    **handsteps.TARGETS,
    "same_shows": ("redraws that changed nothing", "0 (redraw only on change)"),
    "lost": ("presses lost, taps 60/60 ms, redraws 300 ms", "0"),
    "overflows": ("edge ring overflows", "0"),
    "ms_value": ("UP/DOWN, RP2040 estimate", "<= 40 ms"),
    "ms_screen": ("screen change, RP2040 estimate", "<= 100 ms"),
    "ms_menu": ("menu, RP2040 estimate", "<= 100 ms"),
    "ms_record": ("record a hand, undo, redo (the save included), RP2040 estimate", "<= 150 ms"),
    "ms_check": ("hand check, slowest points of every setup, RP2040 estimate", "<= 10 ms"),
}
# The hand check must answer within this on the Pico (it runs inside a press).
CHECK_MS = 10
# The reference loop on the emulated RP2040 at 125 MHz (MicroPython 1.27 rp2).
REF_MS_RP2040 = 152
# Per action: the target in ms on the Pico (the issue's).
ACTION_TARGETS = (("value", 40), ("screen", 100), ("menu", 100), ("record", 150))

# The benchmark's match: four players in pairs, names, a fixed number of hands.
BENCH_OPTS = {"players": 4, "sides": 1, "names": ["Ana", "Begoña", "Carlos", "João"], "goal": 2}


# The slowest points of each setup for the hand check: (setup, players, deck,
# prep, sides, points). Found by running the check on every split of every
# total each setup allows (in order of size: the check sorts the sides; and
# every sum the undrawn cards leave), ranked by the work it did, and timing
# the slowest again on MicroPython; with two sides the check is a sum
# whatever the points.
WORST_CHECKS = (
    ("2 players", 2, 40, 0, 0, (96, 24)),
    ("2 players, 48 cards", 2, 48, 0, 0, (96, 24)),
    ("3 players, one 2 out", 3, 40, 0, 0, (85, 23, 12)),
    ("3 players, a card undrawn", 3, 40, 1, 0, (83, 23, 12)),
    ("3 players, 48 cards", 3, 48, 0, 0, (85, 23, 12)),
    ("4 players", 4, 40, 0, 0, (84, 12, 12, 12)),
    ("4 in pairs", 4, 40, 0, 1, (96, 24)),
    ("4 players, 48 cards", 4, 48, 0, 0, (84, 12, 12, 12)),
    ("4 in pairs, 48 cards", 4, 48, 0, 1, (96, 24)),
    ("5 players", 5, 40, 0, 0, (72, 12, 12, 12, 12)),
    ("5 players, 48 less three", 5, 48, 0, 0, (72, 12, 12, 12, 12)),
    ("5 players, 48, three undrawn", 5, 48, 1, 0, (65, 12, 9, 9, 9)),
    ("6 players", 6, 40, 0, 0, (38, 36, 16, 16, 9, 5)),
    ("6 in pairs", 6, 40, 0, 1, (85, 23, 12)),
    ("6 in trios", 6, 40, 0, 2, (96, 24)),
    ("6 players, 48 cards", 6, 48, 0, 0, (69, 12, 12, 12, 9, 6)),
    ("6 in pairs, 48 cards", 6, 48, 0, 1, (85, 23, 12)),
    ("6 in trios, 48 cards", 6, 48, 0, 2, (96, 24)),
)


def check_cases():
    """WORST_CHECKS as mp_bench ``checks`` cases: [label, points, nsides, undrawn, players, tricks]."""
    from tanteador.matchoptions import MatchOptions

    out = []
    for label, players, deck, prep, sides, pts in WORST_CHECKS:
        o = MatchOptions(players=players, deck=deck, prep=prep, sides=sides).validate()
        out.append([label, list(pts), o.nsides, o.undrawn_cards, o.players, o.tricks_per_hand])
    return out


def checks(tree, runs):
    """The hand check on WORST_CHECKS, timed on MicroPython from the .mpy files of ``tree``:
    per setup its points, the code it gave, us, reference loops and the RP2040 estimate in ms."""
    r = mplane.drive("checks", {"cases": check_cases(), "runs": runs}, module="mp_bench",
                     pythonpath=[tree, mplane.DEVICE])[0]
    ref = r["ref_us"] or 1
    cases = []
    for (label, pts, *_), (_, us, code) in zip(check_cases(), r["cases"]):
        cases.append({"setup": label, "points": pts, "code": code, "us": us, "ref": round(us / ref, 4),
                      "ms": round(us * REF_MS_RP2040 / ref, 1)})
    worst = max(cases, key=lambda c: c["ms"])
    return {"ref_us": r["ref_us"], "cases": cases, "max_ms": worst["ms"], "worst": worst["setup"]}


def bench_match(hands, folder, seed=7):
    """(start doc, script) of a match of exactly ``hands`` hands, an undo and a redo every fifth."""
    opts = dict(BENCH_OPTS)
    opts["target"] = hands
    doc = matchplan.start_doc(opts)
    g = matchplan.Generator(folder, doc, seed)
    actions = []
    for i in range(1, hands + 1):
        actions.append("hand")
        if i % 5 == 0 and i < hands:
            actions += ["undo", "redo"]
    return doc, g.session(actions)


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
    out = [x for x in res if x["k"] == "play"][0]
    out["actions"] = [x["a"] for x in res if x["k"] == "act"]
    return out


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


# ---------------------------------------------------------------- boot


def compile_tree(dest):
    """Compile firmware/ to .mpy files in ``dest`` as `tanteador flash` lays them out (main.py and board.py stay out)."""
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
            with open(out, "rb") as f:
                data = flash.out_of_line(f.read())
            with open(out, "wb") as f:
                f.write(data)


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
        say("timing it on MicroPython (the .mpy files) and CPython")
        mpt = timed_play(doc, text, flash, heapsize, tree, 1 if quick else 5)
        cpt = play("cpython", doc, text, flash, heap=False, timing=True)
        say("tapping a match at 60 ms down / 60 ms up against 300 ms redraws")
        tp = taps(work)
        say("bisecting the smallest heap")
        least = min_heap(doc, text, flash, mp["hands"], tree, step=48 if quick else 1)
        say("searching the cheapest way to every hand, table to table")
        pr = handsteps.measure(flash, kmax=40, quick=quick)
        say("weighing each module")
        mods = module_heap()
        say("timing the hand check on the slowest points of every setup")
        ck = checks(tree, 3 if quick else 9)
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
            "checks": ck,
            "rp2040": rp2040(mpt),
            "taps": dict(tp, overflows_match=mpt["overflows"]),
        }
        res["targets"] = check_targets(res)
        return res
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _work(r):
    ref = r["ref_us"] or 1
    return {"median": round(r["t_med"] / ref, 3), "p90": round(r["t_p90"] / ref, 3),
            "max": round(r["t_max"] / ref, 3), "ref_us": r["ref_us"], "median_us": r["t_med"]}


def timed_play(doc, text, flash, heapsize, tree, runs):
    """The match timed on MicroPython (the .mpy files of ``tree``), ``runs`` times; each action's
    work is its least over the runs (the same script gives the same actions: what varies between
    runs is the PC's scheduling, not the work).

    The 64-bit unix port doubles every pointer and heap block: it gets twice ``heapsize``, so that
    the heap is as full, and collected as often, as a Pico's with ``heapsize``."""
    kb = int(heapsize.rstrip("Kk")) * 2
    best = None
    for _ in range(runs):
        r = play("mp", doc, text, flash, heapsize="%dK" % kb, heap=False, timing=True,
                 pythonpath=[tree, mplane.DEVICE])
        if best is None:
            best = r
            continue
        same = len(r["actions"]) == len(best["actions"]) and all(
            a[0] == b[0] and a[5] == b[5] for a, b in zip(r["actions"], best["actions"]))
        if not same:
            raise RuntimeError("two runs of the same match acted differently")
        for a, b in zip(r["actions"], best["actions"]):
            b[1] = min(a[1], b[1])
        best["ref_us"] = min(r["ref_us"], best["ref_us"])
    return best


def rp2040(r, bus_hz=None):
    """RP2040 estimate per kind of action, in ms: MicroPython work in reference loops times
    REF_MS_RP2040, plus the bytes sent to the OLED (at ``bus_hz``, default 400 kHz) and the
    flash writes (devicetime)."""
    import devicetime

    ref = r["ref_us"] or 1
    hz = bus_hz or devicetime.BUS_HZ
    kinds = {}
    for kind, work_us, bus, files, nbytes, where in r["actions"]:
        ms = work_us * REF_MS_RP2040 / ref + devicetime.bus_us(bus, hz) / 1000
        if files:
            ms += files * (devicetime.write_us(nbytes // files) + devicetime.RENAME_US) / 1000
        kinds.setdefault(kind, []).append((ms, where))
    out = {}
    for kind, v in kinds.items():
        v.sort()
        out[kind] = {"n": len(v), "median": round(v[len(v) // 2][0], 1), "max": round(v[-1][0], 1),
                     "slowest": v[-1][1]}
    return out


def taps(work):
    """Presses lost and ring overflows: a match tapped at 60 ms down / 60 ms up on MicroPython
    while every redraw costs 300 ms, against the same script on an instant board (CPython)."""
    import script

    folder = os.path.join(work, "taps")
    doc, text, _ = matchplan.generate({"players": 2, "goal": 0, "target": 3}, folder, seed=11, hold_from=999)
    path = prepare(doc, text, folder)
    ref = mplane.drive("script", {"dir": folder, "script": path, "events": True}, impl="cpython")
    matchplan.write_doc(folder, doc)
    slow = mplane.drive("script", {"dir": folder, "script": path, "events": True, "draw_ms": 300,
                                   "press_ms": 60, "gap_ms": 60})

    def events(res):
        return [e for x in res if x["k"] == "ev" for e in x["v"]]

    want, got = events(ref), events(slow)
    main = [x for x in slow if x["k"] == "script"][0]
    lost = len(want) - sum(1 for a, b in zip(want, got) if a == b)
    return {"taps": sum(st[3] for st in script.parse(text) if st[0] == script.PRESS),
            "events": len(want), "lost": max(lost, len(want) - len(got)), "frames": main["frames"],
            "overflows": main["overflows"]}


def _mp_version():
    rc, out, _ = mplane.run_code("import sys; print('.'.join(str(x) for x in sys.implementation.version[:3]))")
    return out.strip() if rc == 0 else None


def check_targets(r):
    """{key: True/False} for each target of the issue."""
    h32 = r["heap32"]

    def most(x):
        return max(x["firmware_boot"], x["firmware_peak"], x["firmware_visited"])

    est = r["rp2040"]

    def within(kind, ms):
        return kind in est and est[kind]["max"] <= ms

    out = {
        "heap_mpy": most(h32["mpy"]) <= 96 * KB,
        "heap_rom": most(h32["rom"]) <= 32 * KB,
        "writes_per_commit": r["flash"]["writes_per_commit"] <= 1,
        "state_bytes": r["flash"]["state_bytes"] < 2 * KB,
        "same_shows": r["display"]["same_shows"] == 0,
        "lost": r["taps"]["lost"] == 0,
        "overflows": r["taps"]["overflows"] == 0 and r["taps"]["overflows_match"] == 0,
    }
    out.update(handsteps.check(r["presses"]))
    for kind, ms in ACTION_TARGETS:
        out["ms_" + kind] = within(kind, ms)
    out["ms_check"] = r["checks"]["max_ms"] <= CHECK_MS
    return out


def rows(r):
    """(figure, value, target, ok) rows for the table."""
    t = r["targets"]
    h, f, d, w, b, p = r["heap"], r["flash"], r["display"], r["work"], r["boot"], r["presses"]
    tp, est = r["taps"], r["rp2040"]
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
        ("heap, 32-bit, .mpy files as flashed", heap(h32["mpy"]), "<= 96 KB", ok("heap_mpy")),
        ("heap, 32-bit, code frozen (ROMFS)", heap(h32["rom"]), "<= 32 KB", ok("heap_rom")),
        ("heap, 64-bit unix port, .py sources", heap(h), "", ""),
        ("smallest heap that completes, 64-bit unix port, .mpy", "%s KB" % least if least else "none <= 190 KB",
         "", ""),
        ("heap of all firmware modules imported, 64-bit", "%.1f KB; largest %s" % (
            h["modules_total"] / KB,
            ", ".join("%s %.1f" % (m.split(".")[-1], n / KB) for m, n in h["modules"][:3])), "", ""),
    ] + handsteps.rows(p, ok) + [
        ("presses lost, taps 60/60 ms against 300 ms redraws", "%d of %d" % (tp["lost"], tp["events"]), "0",
         ok("lost")),
        ("edge ring overflows (taps; the match)", "%d; %d" % (tp["overflows"], tp["overflows_match"]), "0",
         ok("overflows")),
    ] + [
        ("%s, RP2040 estimate, median (max)" % _ACTION_NAMES[kind],
         "%.0f ms (%.0f ms), %d" % (est[kind]["median"], est[kind]["max"], est[kind]["n"]) if kind in est else "-",
         "<= %d ms" % ms, ok("ms_" + kind)) for kind, ms in ACTION_TARGETS
    ] + [
        ("hand check, slowest points of every setup, RP2040 estimate, max",
         "%.1f ms (%s)" % (r["checks"]["max_ms"], r["checks"]["worst"]), "<= %d ms" % CHECK_MS, ok("ms_check")),
        ("save or collection while idle, RP2040 estimate, median (max)",
         "%.0f ms (%.0f ms), %d" % (est["idle"]["median"], est["idle"]["max"], est["idle"]["n"])
         if "idle" in est else "-", "", ""),
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


_ACTION_NAMES = {"value": "UP/DOWN (a value, the trump)", "screen": "screen change (OK, BACK)",
                 "menu": "menu (open, move, pick)", "record": "record a hand, undo, redo (the save included)"}


def table(r):
    rs = [("figure", "value", "target", "")] + rows(r)
    w = [max(len(x[i]) for x in rs) for i in range(4)]
    return "\n".join("  ".join(x[i].ljust(w[i]) for i in range(4)).rstrip() for x in rs)


def markdown(r, command):
    """The figures as Markdown, the table and notes of host_tools/docs/benchmark.md."""
    from tanteador.buttons import RING_SIZE

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
        "every firmware module after the match (the app keeps the screens it opened, and unloads those not in "
        "use only when the heap runs short; MicroPython keeps the names a module brought even then). The 64-bit unix port doubles pointers and heap blocks; there the smallest heap (the "
        "whole interpreter's, on the .mpy files) is found by bisection over `-X heapsize`; a Pico has 190 KB. "
        "Each module's weight there includes the names it adds: the one that opens a new block of "
        "MicroPython's table of names is charged with the whole block."
        % (r["heap32"]["romfs_bytes"] / KB),
    ] + handsteps.notes(p) + [
        "- Presses lost: a default match scripted as short presses only, tapped at 60 ms down / 60 ms up on "
        "MicroPython while the host board charges 300 ms per redraw (plus the bus and the flash), against "
        "the same script on an instant board; the edges wait in the ring (%d edges) meanwhile." % RING_SIZE,
        "- RP2040 estimates: each poll that acted on a press in the measured match (the .mpy files on the "
        "MicroPython unix port, with twice the Pico's heap since its pointers and blocks are twice as big; "
        "the least of five runs), its work in reference loops times %d ms (the loop's time on the emulated "
        "RP2040 at 125 MHz), plus the pages it sent to the OLED at 400 kHz (24.6 ms a full frame) and, for a "
        "save, the flash's erase and program times (45 ms a 4 KB block, 0.4 ms a 256-byte page, 3 ms the "
        "rename). Collections and the trump's save happen after the frame, while nobody presses (\"idle\")."
        % REF_MS_RP2040,
        "- Hand check: the check OK runs before it records a hand, on the points that take it longest in "
        "each setup (found by running the check on every total the setup allows and timing the slowest), the "
        "least of several runs of the .mpy files, in reference loops times %d ms: %s."
        % (REF_MS_RP2040, "; ".join("%s %s %.1f ms" % (c["setup"], tuple(c["points"]), c["ms"])
                                    for c in r["checks"]["cases"])),
        "- Display: a redraw sends only the 128-byte pages that changed (a full frame is 1,037 bytes on the "
        "bus).",
        "- Work and boot: MicroPython unix port and CPython on this PC, as multiples of a fixed reference "
        "loop; boot is from the first firmware import to the first frame shown, with the measured match saved.",
    ]
    return "\n".join(out) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(prog="tanteador bench",
                                 description="Measure the figures that matter on the device (MicroPython).")
    ap.add_argument("--json", metavar="FILE", help="write the figures as JSON")
    ap.add_argument("--md", metavar="FILE", help="write the table as Markdown (for host_tools/docs/benchmark.md)")
    ap.add_argument("--port", metavar="P",
                    help="measure on the board on serial port P (the flashed firmware) and print the figures "
                         "beside this PC's RP2040 estimates (host_tools/devbench.py)")
    ap.add_argument("--hands", type=int, default=None,
                    help="hands in the measured match (default 30; with --port 6)")
    ap.add_argument("--heapsize", default="190K", help="MicroPython heap (default 190K, a Pico's)")
    ap.add_argument("--quick", action="store_true", help="fewer samples: a smoke run, not figures")
    ap.add_argument("-q", "--quiet", action="store_true")
    a = ap.parse_args(argv)
    try:
        mplane.find_micropython()
    except mplane.MicroPythonMissing as e:
        print(e, file=sys.stderr)
        return 2
    if a.port:
        from host_tools import devbench

        return devbench.main(a)
    if a.hands is None:
        a.hands = 30
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
