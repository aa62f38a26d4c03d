"""The figures that matter on the device, measured on MicroPython: what ``tanteador bench`` prints.

Prints a table beside the targets and writes the figures as JSON (``--json``)
and Markdown (``--md``):

heap      gc.mem_alloc() after gc.collect(): after boot, and the peak over a
          30-hand match sampled after every script line. On a 32-bit
          MicroPython (the WebAssembly port, pointers and heap blocks sized
          as on a Pico) with the .mpy files `tanteador flash` installs, and
          with the same files in a ROMFS image, where code runs in place as
          in a build with the firmware frozen in; on the 64-bit unix port
          with the same .mpy files (-X heapsize=190K; compiling every
          source there, at twice a Pico's object sizes, no longer fits);
          and the smallest -X heapsize
          with which that match still completes on the .mpy files there
          (bisection).
hands     steps and seconds a player spends on a whole hand, table to table:
          see host_tools/bench/handsteps.py.
names     steps and seconds to type a name on the device (Ana, José, Chiara):
          see host_tools/bench/namesteps.py.
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
instead, beside these estimates (host_tools/bench/devbench.py).
"""

import os
import shutil
import tempfile

from host_tools.bench import benchheap, benchmatch, benchreport, benchtime, handsteps, namesteps
from host_tools.harness import mplane, wasmlane
from host_tools.harness.mpytree import compile_tree


def measure(hands=30, quick=False, heapsize="190K", log=None):
    """Every figure, as a dict (see the module docstring)."""
    say = log or (lambda s: None)
    if quick:
        hands = min(hands, 6)
    work = tempfile.mkdtemp(prefix="tt-bench-")
    try:
        flash = os.path.join(work, "flash")
        say("writing the %d-hand match script" % hands)
        doc, text = benchmatch.bench_match(hands, flash)
        tree = os.path.join(work, "mpy")
        compile_tree(tree)
        say("playing it on MicroPython, the .mpy files (heap after every script line)")
        mp = benchmatch.play("mp", doc, text, flash, heapsize=heapsize, heap=True, state=True,
                             pythonpath=[tree, mplane.DEVICE])
        say("playing it on the 32-bit WebAssembly MicroPython, as .mpy files and as a ROMFS image")
        romfs = os.path.join(work, "firmware.romfs")
        wasmlane.make_romfs(tree, romfs)
        heap32 = {"mpy": benchheap.play32(doc, text, flash, tree),
                  "rom": benchheap.play32(doc, text, flash, tree, romfs=romfs),
                  "romfs_bytes": os.path.getsize(romfs)}
        say("timing it on MicroPython (the .mpy files) and CPython")
        mpt = benchmatch.timed_play(doc, text, flash, heapsize, tree, 1 if quick else 5)
        cpt = benchmatch.play("cpython", doc, text, flash, heap=False, timing=True)
        say("tapping a match at 60 ms down / 60 ms up against 300 ms redraws")
        tp = benchmatch.taps(work, tree)
        say("bisecting the smallest heap")
        least = benchmatch.min_heap(doc, text, flash, mp["hands"], tree, step=48 if quick else 1)
        say("searching the cheapest way to every hand, table to table")
        pr = handsteps.measure(flash, kmax=40, quick=quick)
        say("typing names on the device: %s" % ", ".join(namesteps.NAMES))
        nm = namesteps.measure(work)
        say("weighing each module")
        mods = benchheap.module_heap()
        say("timing the hand check on the slowest points of every setup")
        ck = benchtime.checks(tree, 3 if quick else 9)
        say("booting from .py and .mpy")
        bt = benchtime.boot(mp["state"], work, tree, 1 if quick else 5)
        m = _match_figures(mp, least, mods)
        res = {
            "version": 1,
            "quick": quick,
            "micropython": _mp_version(),
            "heapsize": heapsize,
            "match": {"players": benchmatch.BENCH_OPTS["players"], "sides": "pairs", "hands": mp["hands"],
                      "events": mp["events"], "script_lines": text.count("\n")},
            "heap": m["heap"],
            "heap32": heap32,
            "presses": pr,
            "names": nm,
            "flash": m["flash"],
            "display": m["display"],
            "work": {"mp": benchtime.work_ratios(mpt), "cpython": benchtime.work_ratios(cpt)},
            "boot": bt,
            "checks": ck,
            "rp2040": benchtime.rp2040(mpt),
            "taps": dict(tp, overflows_match=mpt["overflows"]),
        }
        res["targets"] = benchreport.check_targets(res)
        return res
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _match_figures(mp, least, mods):
    """The heap, flash and display figures of the match played on the unix port (``mp``), with
    the smallest heap it completes in (``least``) and the heap by module (``mods``)."""
    ev = max(mp["events"], 1)
    hands_done = max(mp["hands"], 1)
    return {
        "heap": {"baseline": mp["base"], "boot": mp["boot"], "peak": mp["peak"],
                 "firmware_boot": mp["boot"] - mp["base"], "firmware_peak": mp["peak"] - mp["base"],
                 "peak_hand": mp["peak_hand"], "end": mp["end"], "min_heapsize_kb": least,
                 "modules_total": sum(n for _, n in mods), "modules": mods},
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
    }


def _mp_version():
    """The unix port's MicroPython version, or None when it does not answer."""
    rc, out, _ = mplane.run_code("import sys; print('.'.join(str(x) for x in sys.implementation.version[:3]))")
    return out.strip() if rc == 0 else None


def lane_missing():
    """Why the bench cannot run here (the MicroPython unix port is not installed), or None."""
    try:
        mplane.find_micropython()
    except mplane.MicroPythonMissing as e:
        return str(e)
    return None
