"""`tanteador bench` runs end to end (quick mode) and reports every figure.

No timing is asserted: the figures are measurements, the targets are
printed beside them by the bench itself.
"""

import json
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from host_tools.commands import bench  # noqa: E402
from host_tools.bench import benchreport, benchtime, handsteps  # noqa: E402
from host_tools.harness import mplane  # noqa: E402

KEYS = {
    "heap": {"baseline", "boot", "peak", "firmware_boot", "firmware_peak", "peak_hand", "end",
             "min_heapsize_kb"},
    "presses": {"two", "three", "call5", "call6"},
    "names": {"Ana", "José", "Chiara"},
    "taps": {"taps", "events", "lost", "frames", "overflows", "overflows_match"},
    "flash": {"commits", "files_written", "bytes", "bytes_per_hand", "writes_per_commit", "renames",
              "state_bytes"},
    "display": {"events", "redraws", "redraws_per_press", "full_bytes_per_press", "page_bytes_per_press",
                "pages_per_redraw", "same_shows", "idle_shows"},
    "work": {"mp", "cpython"},
    "boot": {"py", "mpy"},
    "heap32": {"mpy", "rom", "romfs_bytes"},
    "checks": {"ref_us", "cases", "max_ms", "worst"},
    "targets": set(benchreport.TARGETS),
}


@pytest.fixture(scope="module")
def quick(tmp_path_factory):
    mplane.require_micropython()
    d = tmp_path_factory.mktemp("bench")
    js, md = d / "bench.json", d / "bench.md"
    rc = bench.main(["--quick", "-q", "--json", str(js), "--md", str(md)])
    return rc, json.loads(js.read_text()), md.read_text()


@pytest.mark.micropython
@pytest.mark.web
@pytest.mark.slow
def test_bench_emits_every_figure(quick):
    rc, r, _ = quick
    assert rc == 0
    for section, keys in KEYS.items():
        assert keys <= set(r[section]), section
    for impl in ("mp", "cpython"):
        assert {"median", "p90", "max", "ref_us"} <= set(r["work"][impl])
    for kind in ("py", "mpy"):
        # Booted from the end of the bench's finished match: shown again, not "resumed".
        assert r["boot"][kind]["screen"] == "matchend"
    assert r["command"] == "tanteador bench --quick"


@pytest.mark.micropython
@pytest.mark.web
@pytest.mark.slow
def test_bench_figures_are_consistent(quick):
    _, r, _ = quick
    assert r["match"]["hands"] == 6
    assert 0 < r["heap"]["baseline"] < r["heap"]["boot"] <= r["heap"]["peak"] + 4096
    for kind in ("mpy", "rom"):
        h = r["heap32"][kind]
        assert 0 < h["baseline"] < h["boot"] <= h["peak"], kind
        assert (h["hands"], h["errors"]) == (r["match"]["hands"], 0), kind
    assert r["flash"]["commits"] >= r["match"]["hands"]
    assert r["flash"]["state_bytes"] > 0 and r["flash"]["bytes"] >= r["flash"]["state_bytes"]
    assert r["display"]["redraws"] >= r["match"]["hands"]
    for sides in ("two", "three", "call5", "call6"):
        p = r["presses"][sides]
        assert {"mean", "max", "seconds_mean", "seconds_max", "hands", "start", "worst", "histogram",
                "simulations"} <= set(p), sides
        assert 3 <= p["mean"] <= p["max"], sides      # at least a trump, OK and OK
        # Three taps at the least, each a quarter of a second.
        assert 0.75 <= p["seconds_mean"] <= p["seconds_max"], sides
    for players in (5, 6):
        p = r["presses"]["call%d" % players]
        # A trump and the five OKs of a call at the least; some hands were played whole.
        assert p["mean"] >= 6 and p["played"] > 0 and p["bids"] == list(handsteps.CALL_BIDS)
        assert p["sitting_out"] == (0 if players == 6 else None)
    # The taps come faster than the 300 ms redraws: the ring keeps every one.
    assert r["taps"]["events"] > 0 and r["taps"]["lost"] == 0 and r["taps"]["overflows"] == 0
    # Every kind of action of the match happened, so each has its RP2040 estimate.
    for kind in ("value", "screen", "menu", "record"):
        assert r["rp2040"][kind]["n"] > 0, kind
    # Every target the table lists is judged, and nothing else.
    assert set(r["targets"]) == set(benchreport.TARGETS)
    # The hand check ran on the slowest points of every setup, and MicroPython
    # decided each as CPython does.
    cases = r["checks"]["cases"]
    assert [c["setup"] for c in cases] == [w[0] for w in benchtime.WORST_CHECKS]
    assert [c["code"] for c in cases] == [cpython_verdict(case) for case in benchtime.check_cases()]


def cpython_verdict(case):
    """The code CPython's hand check gives a bench case ("." for accepted), as mp_bench reports it."""
    from tanteador.rules import RulesError, check_points

    _, pts, nsides, undrawn, players, tricks = case
    try:
        check_points(tuple(pts), nsides, undrawn, players, tricks)
    except RulesError as e:
        return e.code
    return "."


def test_the_check_is_timed_in_every_setup():
    # One case per table the setup allows (sides, players, tricks, undrawn
    # cards), each with points its check decides (or refuses) for a reason.
    from tanteador.matchoptions import MatchOptions
    from tanteador.rules import RulesError, check_points

    setups = set()
    for players in range(2, 7):
        for deck in (40, 48):
            for prep in (0, 1):
                for sides in (0, 1, 2):
                    try:
                        o = MatchOptions(players=players, deck=deck, prep=prep, sides=sides).validate()
                    except RulesError:
                        continue
                    setups.add((o.nsides, o.players, o.tricks_per_hand, o.undrawn_cards))
    cases = benchtime.check_cases()
    assert {(c[2], c[4], c[5], c[3]) for c in cases} == setups
    assert len(cases) == len(setups)
    for label, pts, nsides, undrawn, players, tricks in cases:
        assert len(pts) == nsides, label
        try:
            check_points(pts, nsides, undrawn, players, tricks)
        except RulesError as e:
            assert e.code in ("cards", "tricks"), (label, e.code)


@pytest.mark.micropython
@pytest.mark.web
@pytest.mark.slow
def test_bench_markdown_names_the_command(quick):
    _, r, md = quick
    assert "`tanteador bench --quick`" in md
    assert md.count("\n| ") == len(benchreport.rows(r)) + 2  # header, rule, rows
