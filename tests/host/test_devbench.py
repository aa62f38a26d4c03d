"""`tanteador bench --port`: the board-side program on MicroPython's unix port, the host side
against a fake board, and the figures, table and ratios it prints. No timing is asserted."""

import ast
import json
import os
import types

import pytest

from fakeboard import FakeBoard
from host_tools import VERSION, cli
from host_tools.bench import devbench
from host_tools.harness import matchplan, mplane
from host_tools.support import link as linkmod

TESTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_program(args, tree=None, entry="boardbench.main"):
    """Run the program's ``entry`` (module.function) with ``args`` on the unix port on the
    clock-driven stand-in board; its results."""
    args = dict(args, board="clockboard")
    code = "import %s\n%s(%r)\n" % (entry.split(".")[0], entry, json.dumps(args))
    paths = [tree or mplane.FIRMWARE, mplane.DEVICE, TESTS]
    rc, out, err = mplane.run_code(code, pythonpath=paths)
    assert rc == 0, out + err
    return out


def one_hand(folder, waits=True):
    """(start doc, script) of the bench's match cut to one hand; saved in ``folder``."""
    from host_tools.bench import benchmatch

    doc, text = benchmatch.bench_match(1, folder)
    if not waits:
        text = "".join(line + "\n" for line in text.splitlines() if not line.startswith("wait"))
    matchplan.write_doc(folder, doc)
    return doc, text


def hand_script(tmp_path):
    """One hand without its waits, saved as a match in tmp_path/tt and as a script
    beside it -> (the flash folder, the script file, its text)."""
    mplane.require_micropython()
    flash = tmp_path / "tt"
    _, text = one_hand(str(flash), waits=False)
    script = tmp_path / "match.txt"
    script.write_text(text)
    return flash, script, text


@pytest.mark.micropython
def test_board_program_plays_the_match_through_the_ring(tmp_path, mpy_tree):
    flash, script, _ = hand_script(tmp_path)
    results, noise = mplane.parse(run_program({"dir": str(flash), "script": str(script)}, mpy_tree))
    assert not noise
    ks = [r["k"] for r in results]
    assert ks[:2] == ["base", "boot"] and ks[-2:] == ["done", "end"]
    boot, done = results[1], results[-2]
    assert boot["free"] < results[0]["free"]
    from tanteador import config

    assert (boot["display"], boot["i2c_hz"]) == (config.DISPLAY, config.I2C_FREQ)
    assert (done["hands"], done["errors"], done["overflows"]) == (1, 0, 0)
    assert done["low_free"] <= boot["free"] and done["bytes"] > 0 and "ref_us" in done
    acts = [r["a"] for r in results if r["k"] == "act"]
    # Every press was taken from the ring; a hand recorded, its entry opened and stepped.
    assert {"value", "screen", "record"} <= {a[0] for a in acts}
    assert done["events"] >= len(acts) - sum(1 for a in acts if a[0] == "idle")
    record = [a for a in acts if a[0] == "record"]
    assert record[0][3] == 2 and record[0][4] > 0          # its journal line, then the save
    # On flash first (its journal line), then its frame, then the save that follows it in the same pass.
    assert 0 < record[0][9] < record[0][7] < record[0][1]


@pytest.mark.micropython
def test_the_timed_pass_does_not_collect_between_presses(tmp_path, mpy_tree):
    # Without the heap's samples the app's own collections are the only ones during the
    # match: the program collects at its start (before and after the device's start is loaded,
    # which it weighs apart) and at boot alone, and has no lowest free heap.
    flash, script, text = hand_script(tmp_path)
    code = ("import boardbench\nn = [0]\nf = boardbench.free\n"
            "def counted():\n    n[0] += 1\n    return f()\n"
            "boardbench.free = counted\n"
            "boardbench.main(%r)\nprint('{\"k\": \"gc\", \"n\": %%d}' %% n[0])\n")
    counts = {}
    for heap in (True, False):
        args = json.dumps({"dir": str(flash), "script": str(script), "heap": heap, "board": "clockboard"})
        matchplan.write_doc(str(flash), one_hand(str(tmp_path / "again"), waits=False)[0])
        rc, out, err = mplane.run_code(code % args, pythonpath=[mpy_tree, mplane.DEVICE, TESTS])
        assert rc == 0, out + err
        results, _ = mplane.parse(out)
        counts[heap] = results[-1]["n"]
        done = [r for r in results if r["k"] == "done"][0]
        assert (done["low_free"] is None) == (not heap)
    # A collection after each of the script's lines, only where the heap is weighed.
    assert counts[False] == 3 and counts[True] == 3 + len(text.splitlines())


def saved_match(folder, hands=3):
    """A match of ``hands`` hands saved in ``folder``, with more to play."""
    from host_tools.bench import benchmatch

    doc = benchmatch.saved_match(hands, str(folder))
    matchplan.write_doc(str(folder), doc)
    return doc


@pytest.mark.micropython
def test_a_reset_shows_the_frame_the_boot_before_kept(tmp_path, mpy_tree):
    mplane.require_micropython()
    flash = tmp_path / "tt"
    saved_match(flash)
    first, noise = mplane.parse(run_program({"dir": str(flash), "keep": True}, mpy_tree, "bootbench.reset"))
    assert not noise and [r["k"] for r in first] == ["reset", "end"]
    # No frame on flash yet: the app booted and drew the "Match resumed" notice, then kept it.
    assert first[0]["shown"] is False and first[0]["screen"] == "notice" and first[0]["kept"] is True
    assert first[0]["us"] > 0
    assert (flash / "frame.bin").exists() and (flash / "frame.tag").exists()
    again, _ = mplane.parse(run_program({"dir": str(flash)}, mpy_tree, "bootbench.reset"))
    # The next reset sends the kept frame, and the app is not loaded.
    assert again[0]["shown"] is True and again[0]["screen"] is None and again[0]["keep"] is False
    assert again[0]["us"] > 0


@pytest.mark.micropython
def test_a_reset_whose_kept_frame_is_stale_boots_the_app(tmp_path, mpy_tree):
    mplane.require_micropython()
    flash = tmp_path / "tt"
    saved_match(flash)
    run_program({"dir": str(flash), "keep": True}, mpy_tree, "bootbench.reset")
    saved_match(flash, hands=4)     # another save, and no frame for it (write_doc empties the folder)
    again, _ = mplane.parse(run_program({"dir": str(flash)}, mpy_tree, "bootbench.reset"))
    assert again[0]["shown"] is False and again[0]["screen"] == "notice"


class FakeLink(linkmod.Link):
    """A Link to a fake board whose timing program runs on the unix port, from the board's files."""

    def __init__(self, board, tree):
        linkmod.Link.__init__(self, board, "fake0")
        self.board = board
        self.tree = tree
        self.ran = []

    def heap_free(self):
        return 241952

    def stream(self, code, on_line, quiet_s=60):
        # The args the host sent, with the board's paths mapped into the fake flash folder.
        call = ast.parse(code).body[-1].value
        args = json.loads(ast.literal_eval(call.args[0]))
        module = call.func.value.id
        self.ran.append((module + "." + call.func.attr, args))
        mapped = {k: self.board.host(v) if isinstance(v, str) else v for k, v in args.items()}
        # The program as copied (compiled for the board) comes first; the stand-in board needs hostboard.
        rc, out, err = mplane.run_code(
            "import %s\n%s.%s(%r)\n" % (module, module, call.func.attr,
                                          json.dumps(dict(mapped, board="clockboard"))),
            pythonpath=[self.board.host(devbench.BOARD_DIR), self.tree, TESTS, mplane.DEVICE])
        assert rc == 0, out + err
        for line in out.splitlines():
            on_line(line)


def bench_args(**kw):
    a = dict(port="fake0", hands=1, quiet=True, quick=True, json=None, md=None, heapsize="190K")
    a.update(kw)
    return types.SimpleNamespace(**a)


@pytest.mark.micropython
@pytest.mark.web
def test_host_side_measures_prints_and_cleans_up(tmp_path, mpy_tree, capsys):
    mplane.require_micropython()
    board = FakeBoard(tmp_path / "board")
    board.put("/tt/state.json", '{"v": 1, "m": null}')
    board.put("/bench/tt/h0001.json", '{"v": 1}')     # left by an interrupted run
    board.frozen = VERSION     # the firmware the board imports (modelled as frozen in)
    link = FakeLink(board, mpy_tree)
    js = tmp_path / "dev.json"
    assert devbench.main(bench_args(json=str(js)), link=link) == 0
    # The match played twice: weighed, then timed without the heap's samples.
    # The resets timed by a program of their own, which loads nothing of the match's player.
    assert link.ran == [("bootbench.reset", {"dir": "/bench/tt", "keep": True}),
                        ("bootbench.reset", {"dir": "/bench/tt"}),
                        ("boardbench.main", {"dir": "/bench/tt", "script": "/bench/match.txt"}),
                        ("boardbench.main", {"dir": "/bench/tt", "script": "/bench/match.txt", "heap": False})]
    # The maker's match is untouched, /bench is gone, the board was reset to start Tanteador.
    assert board.files() == {"/tt/state.json": b'{"v": 1, "m": null}'}
    assert board.resets == 1
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("board: MicroPython 1.24.1 on fake0") and "a 1-hand match" in lines[0]
    assert lines[1].split() == ["figure", "device", "RP2040", "estimate", "device/estimate"]
    for label in ("value change", "screen change", "record a hand", "reset to the first frame, frame kept",
                  "reset to the first frame, no frame kept (the fallback)", "heap after boot",
                  "heap at its peak", "free heap at the REPL", "flash bytes per recorded hand", "reference loop"):
        assert any(line.startswith(label) for line in lines), label
    r = json.loads(js.read_text())
    dev, est = r["device"], r["estimate"]
    # The second reset took the kept frame's path: timed, where the first booted the app.
    assert dev["frame_kept"] is True and dev["reset_kept_ms"] is not None and dev["reset_drawn_ms"] > 0
    rs = {x[0]: x[1:] for x in r["rows"]}
    assert rs["reset to the first frame, frame kept"][0].endswith(" ms")
    assert rs["reset to the first frame, frame kept"][1:] == ["-", "-"]
    assert rs["reset to the first frame, no frame kept (the fallback)"][1].endswith(" ms")
    assert r["command"] == "tanteador bench --port fake0 --hands 1"
    assert dev["hands"] == 1 and dev["errors"] == 0 and dev["repl_free"] == 241952
    assert 0 < dev["heap_boot"] <= dev["heap_peak"] and dev["program"] > 0
    # The same scripted match on both sides: the same hand saved.
    assert dev["bytes_per_hand"] == est["bytes_per_hand"]
    assert set(dev["kinds"]) & set(est["kinds"]) >= {"value", "screen", "record"}
    # The presses the match made, each with the bytes its frames sent.
    assert dev["presses"]["entry"]["bytes"] > 0 and dev["presses"]["entry"]["ratio"] is not None
    answer = rs["  its frame out, before the save: median (max), n"][0]
    assert answer.endswith(", %d" % dev["kinds"]["record"]["n"])
    flash_row = [x for x in r["rows"] if x[0] == "flash bytes per recorded hand"][0]
    assert flash_row[3] == "1.00"


def test_ratios_and_rows():
    dev = {"kinds": {"value": {"n": 3, "median": 33.0, "max": 44.0}, "idle": {"n": 1, "median": 5.0, "max": 5.0}},
           "reset_kept_ms": 262.4, "reset_drawn_ms": 900.0, "reset_again_ms": 262.4, "frame_kept": True,
           "heap_boot": 84480, "heap_peak": 99328, "peak_hand": 5, "repl_free": 241952,
           "bytes_per_hand": 524.0, "ref_ms": 152.5}
    est = {"kinds": {"value": {"n": 4, "median": 26.0, "max": 34.0}, "menu": {"n": 2, "median": 50.0, "max": 51.0}},
           "boot_ms": 600.0, "heap_boot": None, "heap_peak": None, "peak_hand": None, "bytes_per_hand": 524.0,
           "ref_ms": 152}
    rs = {r[0]: r[1:] for r in devbench.rows(dev, est)}
    assert rs["value change (UP/DOWN), median (max), n"] == ("33 ms (44 ms), 3", "26 ms (34 ms), 4", "1.27 (1.29)")
    # A kind measured on one side only is shown, without a ratio.
    assert rs["menu (open, move, pick), median (max), n"] == ("-", "50 ms (51 ms), 2", "-")
    assert rs["save or collection while idle, median (max), n"][1:] == ("-", "-")
    assert not any(k.startswith("screen change") for k in rs)
    # The kept frame's path has no PC estimate; the fallback's is the PC's boot.
    assert rs["reset to the first frame, frame kept"] == ("262 ms", "-", "-")
    assert rs["reset to the first frame, no frame kept (the fallback)"] == ("900 ms", "600 ms", "1.50")
    assert rs["heap after boot"] == ("82.5 KB", "-", "-")
    assert rs["heap at its peak"] == ("97.0 KB at hand 5", "-", "-")
    # A press beside the bus time of its bytes; one the match did not make has no row.
    dev["presses"] = {"trump": {"n": 2, "median": 17.3, "max": 25.4, "bytes": 148, "bus_ms": 3.33, "ratio": 5.2},
                      "back": {"n": 1, "median": 41.0, "max": 41.0, "bytes": None, "bus_ms": None, "ratio": None}}
    rs = {r[0]: r[1:] for r in devbench.rows(dev, est)}
    key = "UP/DOWN sets the trump on the table, median (max), n; bus time of its bytes, median/bus"
    assert rs[key] == ("17.3 ms (25.4 ms), 2; bus 3.3 ms (148 B), x5.2", "-", "-")
    assert rs["BACK menu -> table, median (max), n; bus time of its bytes, median/bus"][0] == \
        "41.0 ms (41.0 ms), 1; -"
    assert not any(k.startswith("OK table -> entry") for k in rs)
    assert rs["reference loop (the estimates' unit)"] == ("152.5 ms", "152.0 ms", "1.00")
    assert devbench.ratio(1, 0) == "-" and devbench.ratio(None, 2) == "-"
    # A kept frame that did not show is said so, with what the reset took instead.
    missed = dict(dev, reset_kept_ms=None, reset_again_ms=880.0)
    rs = {r[0]: r[1:] for r in devbench.rows(missed, est)}
    assert rs["reset to the first frame, frame kept"][0] == "NOT SHOWN (kept; the app drew its own in 880 ms)"
    lines = devbench.table(devbench.rows(dev, est)).splitlines()
    # Aligned columns: each row's device figure starts under the heading.
    at = lines[0].index("device")
    assert lines[0].startswith("figure") and all(line[at - 2:at] == "  " for line in lines[1:])


def test_device_figures_from_the_program_lines():
    results = [
        {"k": "base", "free": 200000},
        {"k": "reset", "us": 745678, "shown": False, "keep": True, "kept": True, "screen": "notice"},
        {"k": "reset", "us": 262345, "shown": True, "keep": False, "kept": None, "screen": None},
        {"k": "boot", "free": 120000, "display": "sh1106", "i2c_hz": 1000000, "addr": 60,
         "display_ok": True, "platform": "rp2", "zero_ms": 5000, "screen": "table"},
        {"k": "act", "a": ["value", 30000, 1, 0, 0, "entry>entry", 100, 29000, 300]},
        {"k": "act", "a": ["value", 20000, 1, 0, 0, "entry>entry", 300, 19000, 200]},
        {"k": "act", "a": ["value", 40000, 1, 0, 0, "entry>entry", 500, 39000, 400]},
        {"k": "act", "a": ["record", 95000, 1, 2, 600, "entry>table", 700, 61000, 1032, 9000]},
        {"k": "act", "a": ["record", 90000, 1, 2, 600, "entry>table", 900, 8000, 1032, 12000]},
        {"k": "done", "hands": 2, "events": 8, "errors": 0, "overflows": 0, "bytes": 1100, "low_free": 100000,
         "low_hand": 2, "ref_us": 152500},
    ]
    d = devbench.device_figures(results, 236000)
    assert d["kinds"]["value"] == {"n": 3, "median": 30.0, "max": 40.0}
    assert d["kinds"]["record"] == {"n": 2, "median": 95.0, "max": 95.0}
    assert d["answers"]["record"] == {"n": 2, "median": 61.0, "max": 61.0}
    # On flash 9 and 12 ms into the press; the second one's frame went out before (8 ms).
    assert d["durable"] == {"n": 2, "median": 12.0, "max": 12.0, "early": 1}
    assert (d["reset_kept_ms"], d["reset_drawn_ms"], d["frame_kept"]) == (262.3, 745.7, True)
    assert (d["heap_boot"], d["heap_peak"], d["peak_hand"]) == (80000, 100000, 2)
    assert (d["program"], d["bytes_per_hand"], d["ref_ms"]) == (36000, 550.0, 152.5)
    assert d["board"]["display"] == "sh1106" and d["board"]["i2c_hz"] == 1000000
    assert d["actions"][0] == ["value", 30.0, "entry>entry", 5100]
    # Each press beside the bus time of its bytes (9 bits a byte at the board's 1 MHz).
    assert d["presses"]["entry"] == {"n": 3, "median": 29.0, "max": 39.0, "bytes": 300, "bus_ms": 2.7,
                                     "ratio": 10.7}
    assert d["presses"]["record"]["median"] == 61.0 and d["presses"]["record"]["bytes"] == 1032
    assert any(r[0].strip().startswith("on flash") and r[1] == "12.0 ms (12.0 ms), 2; 1"
               for r in devbench.rows(d, {"kinds": {}, "boot_ms": 1, "heap_boot": None, "heap_peak": None,
                                          "peak_hand": 0, "bytes_per_hand": 1, "ref_ms": 1}))
    assert "trump" not in d["presses"]
    # A pass that weighed the heap apart: its figures, not the timed pass's.
    weighed = [{"k": "heap_base", "free": 210000}, {"k": "heap_boot", "free": 125000},
               {"k": "heap_done", "low_free": 105000, "low_hand": 1}]
    h = devbench.device_figures(results + weighed, 236000)
    assert (h["heap_boot"], h["heap_peak"], h["peak_hand"]) == (85000, 105000, 1)
    assert h["kinds"] == d["kinds"] and h["presses"] == d["presses"]
    # The second reset drew its own frame: no kept frame's time is reported.
    results[2] = dict(results[2], shown=False)
    d = devbench.device_figures(results, 236000)
    assert d["reset_kept_ms"] is None and d["reset_again_ms"] == 262.3


def test_bad_port_and_no_board(monkeypatch, tmp_path, capsys):
    missing = str(tmp_path / "ttyNONE")
    assert cli.main(["bench", "--port", missing, "-q"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "there is no port" in err[0]
    assert cli.main(["bench", "--port", missing, "--hands", "0", "-q"]) == 2
    assert "--hands must be 1 or more" in capsys.readouterr().err

    def no_board(port=None):
        raise linkmod.UserError(linkmod.NO_BOARD)

    monkeypatch.setattr(linkmod, "connect", no_board)
    assert cli.main(["bench", "--port", "COM9", "-q"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("tanteador bench: no board found")


def test_a_board_without_tanteador_is_told_to_flash(tmp_path, capsys):
    board = FakeBoard(tmp_path / "board")

    class Bare(FakeLink):
        def firmware_version(self):
            return None

    assert devbench.main(bench_args(), link=Bare(board, None)) == 1
    assert "run `tanteador flash --port fake0` first" in capsys.readouterr().err
    assert board.resets == 0 and board.files() == {}


@pytest.mark.parametrize("hands", [None, 4])
def test_bench_hands_default_is_the_pc_s_without_port(monkeypatch, hands):
    from host_tools.bench import benchreport, figures
    from host_tools.commands import bench

    seen = {}

    def measure(h, *a):
        seen["hands"] = h
        return {}

    monkeypatch.setattr(figures, "measure", measure)
    monkeypatch.setattr(benchreport, "table", lambda r: "")
    argv = ["-q"] + ([] if hands is None else ["--hands", str(hands)])
    bench.main(argv)
    assert seen["hands"] == (30 if hands is None else hands)
