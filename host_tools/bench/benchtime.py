"""The bench's times as RP2040 estimates: MicroPython work in reference loops, plus the bus and the flash.

Covers the hand check on the slowest points of every setup, the boot to the
first frame, and each kind of action of the measured match.
"""

import os

from host_tools.device import devicetime
from host_tools.harness import matchplan, mplane

# The hand check must answer within this on the Pico (it runs inside a press).
CHECK_MS = 10


# The reference loop on the emulated RP2040 at 125 MHz (MicroPython 1.27 rp2).
REF_MS_RP2040 = 152


# Per action: the target in ms on the Pico (the issue's).
ACTION_TARGETS = (("value", 40), ("screen", 100), ("menu", 100), ("record", 150))


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


def boot(state_doc, work, tree, runs):
    """Boot ratios (.py and the compiled ``tree``) from a flash holding ``state_doc``.

    The sources are compiled at boot on a 256 KB heap: on the 64-bit port the
    compiler's objects take twice a Pico's room, and the 190 KB that models
    a Pico's heap for the compiled files left no block for the last screen's
    source. The ratio is a time, not a heap figure.
    """
    folder = os.path.join(work, "bootflash")
    out = {}
    for label, path, heap in (("py", [mplane.FIRMWARE, mplane.DEVICE], "256K"),
                              ("mpy", [tree, mplane.DEVICE], mplane.DEFAULT_HEAP)):
        best = None
        for _ in range(runs):
            matchplan.write_doc(folder, state_doc)
            r = mplane.drive("boot", {"dir": folder}, module="mp_bench", pythonpath=path, heapsize=heap)[0]
            ratio = r["us"] / r["ref_us"]
            if best is None or ratio < best["ratio"]:
                best = {"ratio": round(ratio, 2), "us": r["us"], "ref_us": r["ref_us"], "mem": r["mem"],
                        "screen": r["screen"]}
        out[label] = best
    return out


def rp2040(r, bus_hz=None):
    """RP2040 estimate per kind of action, in ms: MicroPython work in reference loops times
    REF_MS_RP2040, plus the bytes sent to the OLED (at ``bus_hz``, default 400 kHz) and the
    flash writes (devicetime)."""
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


def work_ratios(r):
    """Work per press of a timed run as ratios to its reference loop: median, p90, max."""
    ref = r["ref_us"] or 1
    return {"median": round(r["t_med"] / ref, 3), "p90": round(r["t_p90"] / ref, 3),
            "max": round(r["t_max"] / ref, 3), "ref_us": r["ref_us"], "median_us": r["t_med"]}
