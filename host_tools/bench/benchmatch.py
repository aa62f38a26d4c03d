"""The bench's measured match, played on the MicroPython and CPython lanes.

A scripted match of a fixed number of hands (``bench_match``) is played from
a saved start on an empty flash folder; the figures come back from
host_tools/device/mp_bench.py. Also the smallest heap it completes in, the
same match timed run after run, and fast taps against slow redraws.
"""

import os

from host_tools.device import script
from host_tools.harness import matchplan, mplane

# The benchmark's match: four players in pairs, names, a fixed number of hands.
BENCH_OPTS = {"players": 4, "sides": 1, "names": ["Ana", "Begoña", "Carlos", "João"], "goal": 2}


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


def saved_match(hands, folder, seed=7):
    """The saved document of the bench's match left after ``hands`` hands, with more to play:
    what a reset resumes."""
    opts = dict(BENCH_OPTS)
    opts["target"] = hands + 1
    g = matchplan.Generator(folder, matchplan.start_doc(opts), seed)
    g.match(max_hands=hands)
    return g.app.stage.state()


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


def taps(work, tree):
    """Presses lost and ring overflows: a match tapped at 60 ms down / 60 ms up on MicroPython
    (the firmware compiled in ``tree``, as a Pico runs it) while every redraw costs 300 ms,
    against the same script on an instant board (CPython)."""
    folder = os.path.join(work, "taps")
    doc, text, _ = matchplan.generate({"players": 2, "goal": 0, "target": 3}, folder, seed=11, hold_from=999)
    path = prepare(doc, text, folder)
    ref = mplane.drive("script", {"dir": folder, "script": path, "events": True}, impl="cpython")
    matchplan.write_doc(folder, doc)
    slow = mplane.drive("script", {"dir": folder, "script": path, "events": True, "draw_ms": 300,
                                   "press_ms": 60, "gap_ms": 60}, pythonpath=[tree, mplane.DEVICE])

    def events(res):
        return [e for x in res if x["k"] == "ev" for e in x["v"]]

    want, got = events(ref), events(slow)
    main = [x for x in slow if x["k"] == "script"][0]
    lost = len(want) - sum(1 for a, b in zip(want, got) if a == b)
    return {"taps": sum(st[3] for st in script.parse(text) if st[0] == script.PRESS),
            "events": len(want), "lost": max(lost, len(want) - len(got)), "frames": main["frames"],
            "overflows": main["overflows"]}
