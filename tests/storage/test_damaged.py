"""Damaged files: each save loads to (None, code), the bad file kept aside with
its exact bytes, and a new match can be saved; an older version migrates.
Then the whole device: every file the firmware reads or writes, damaged
every way (host_tools/device/mp_damage.py), boots to a working screen."""

import json
import os
import random
import shutil

import pytest

from storekit import (STATE, TMP, DirFS, FaultFS, PowerCut, Store, bad_files, figure, fresh,
                      journal_after, make_doc, validate)
from tanteador import store, storeops

COUNT = [0]


def load_bad(tmp_path, data, name="flash"):
    """Put ``data`` as state.json, boot -> problem code; checks the aftermath."""
    fs = fresh(tmp_path, name)
    with fs.open(STATE, "wb") as f:
        f.write(data)
    st = Store(fs)
    doc, problem = storeops.load(st, validate)
    assert doc is None and problem is not None
    assert fs.listdir() == ["bad-1-state.json"]
    with fs.open("bad-1-state.json", "rb") as f:
        assert f.read() == data
    # a new match can start and is saved normally
    assert st.save(make_doc(0)) is None
    assert storeops.load(Store(DirFS(fs.root)), validate) == (make_doc(0), None)
    assert sorted(fs.listdir()) == ["bad-1-state.json", STATE]
    COUNT[0] += 1
    return problem


def good_bytes():
    return json.dumps(make_doc(3)).encode()


def test_truncated_at_every_length(tmp_path):
    data = good_bytes()
    for n in range(len(data)):
        assert load_bad(tmp_path, data[:n], "t%d" % n) == "damaged", n


def test_zero_length(tmp_path):
    assert load_bad(tmp_path, b"") == "damaged"


def test_random_bytes(tmp_path):
    rnd = random.Random(6)
    for i in range(200):
        data = bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 400)))
        assert load_bad(tmp_path, data, "r%d" % i) in ("damaged", "shape")


def test_random_byte_flips_of_a_good_save(tmp_path):
    rnd = random.Random(7)
    data = good_bytes()
    for i in range(200):
        b = bytearray(data)
        for _ in range(rnd.randrange(1, 4)):
            b[rnd.randrange(len(b))] = rnd.randrange(256)
        b = bytes(b)
        fs = fresh(tmp_path, "x%d" % i)
        with fs.open(STATE, "wb") as f:
            f.write(b)
        doc, problem = storeops.load(Store(fs), validate)
        if problem is None:
            # a flip inside a name or a number can still be a valid document
            assert doc == json.loads(b)
            assert fs.listdir() == [STATE]
        else:
            assert fs.listdir() == ["bad-1-state.json"]
        COUNT[0] += 1


def test_not_utf8_inside_a_string(tmp_path):
    data = json.dumps(make_doc(3), ensure_ascii=False).encode().replace("Iñaki".encode(), b"I\xf1aki")
    assert b"I\xf1aki" in data
    assert load_bad(tmp_path, data) == "damaged"


def test_too_big(tmp_path):
    assert load_bad(tmp_path, b" " * (store.MAX_STATE + 1) + good_bytes()) == "damaged"


def test_deep_nesting(tmp_path):
    assert load_bad(tmp_path, b"[" * 50000 + b"]" * 50000) in ("damaged", "shape")


WRONG_SHAPES = [
    [], 7, "state", None, True, {}, {"v": "1"}, {"v": 1.0}, {"v": 1},
    {"v": 1, "cfg": [], "m": None, "scr": "table"},
    {"v": 1, "cfg": {}, "m": 5, "scr": "table"},
    {"v": 1, "cfg": {}, "m": {}, "scr": "table"},
    {"v": 1, "cfg": {}, "m": None, "scr": 3},
]


@pytest.mark.parametrize("obj", WRONG_SHAPES)
def test_valid_json_of_wrong_shape(tmp_path, obj):
    assert load_bad(tmp_path, json.dumps(obj).encode()) == "shape"


@pytest.mark.parametrize("act", [
    [1, 100, 30, 1000],    # 130 points
    [1, 119, 1, 1000],     # 1 point cannot be won
    [7, 60, 60, 1000],     # no such suit
    ["e", 9, 0, 60, 60],   # edit of a hand that does not exist
])
def test_history_breaking_the_rules(tmp_path, act):
    doc = make_doc(3)
    doc["m"]["a"][1] = act
    assert load_bad(tmp_path, json.dumps(doc).encode()) == "history"


def test_hands_after_the_end_of_the_match(tmp_path):
    doc = make_doc(0)
    doc["m"]["o"][7:9] = [0, 1]   # first to win one hand
    doc["m"]["a"] = [[0, 70, 50, 1000], [0, 70, 50, 1000]]
    assert load_bad(tmp_path, json.dumps(doc).encode()) == "history"


def test_newer_version(tmp_path):
    doc = make_doc(3)
    doc["v"] = 2
    assert load_bad(tmp_path, json.dumps(doc).encode()) == "newer"


def test_newer_match_version(tmp_path):
    from tanteador.match import VERSION

    doc = make_doc(3)
    doc["m"]["v"] = VERSION + 1
    assert load_bad(tmp_path, json.dumps(doc).encode()) == "newer"


def test_older_match_version_migrates(tmp_path):
    """A version-1 match (options without trump_cycle, "h" = the hands) loads
    as the same match in version 2's form (the rules it was played under);
    the file stays in place."""
    new = make_doc(4)
    o = new["m"]["o"]
    old = dict(new)
    old["m"] = {"v": 1, "o": o[:12] + o[13:], "h": new["m"]["a"]}
    new["m"]["v"] = 2
    fs = fresh(tmp_path)
    with fs.open(STATE, "wb") as f:
        f.write(json.dumps(old).encode())
    assert storeops.load(Store(fs), validate) == (new, None)
    assert fs.listdir() == [STATE]
    COUNT[0] += 1


def test_unexpected_exception_in_validate_is_shape(tmp_path):
    fs = fresh(tmp_path)
    Store(fs).save(make_doc(1))

    def buggy(doc):
        return doc["nope"]

    assert storeops.load(Store(fs), buggy) == (None, "shape")
    assert fs.listdir() == ["bad-1-state.json"]


def test_bad_files_are_numbered_and_never_deleted(tmp_path):
    fs = fresh(tmp_path)
    st = Store(fs)
    for i in range(8):
        with fs.open(STATE, "wb") as f:
            f.write(b"bad %d" % i)
        assert storeops.load(st, validate) == (None, "damaged")
    kept = bad_files(fs)
    assert kept == ["bad-%d-state.json" % n for n in range(1, 9)]
    for i, name in enumerate(kept):
        with fs.open(name, "rb") as f:
            assert f.read() == b"bad %d" % i


def test_out_of_memory_once_while_loading_is_not_damage(tmp_path):
    """A MemoryError may be a scattered heap: after a collection the save loads, and stays."""
    fs = fresh(tmp_path)
    with fs.open(STATE, "wb") as f:
        f.write(b'{"v": 1}')
    calls = []

    def starved_once(doc):
        calls.append(doc)
        if len(calls) == 1:
            raise MemoryError()
        return doc

    assert storeops.load(Store(fs), starved_once) == ({"v": 1}, None)
    assert fs.listdir() == [STATE]


def test_a_save_the_heap_never_holds_is_set_aside(tmp_path):
    """Kept in place, a save that runs out of memory every time would stop every boot."""
    fs = fresh(tmp_path)
    with fs.open(STATE, "wb") as f:
        f.write(b'{"v": 1}')

    def starved(doc):
        raise MemoryError()

    assert storeops.load(Store(fs), starved) == (None, "damaged")
    assert fs.listdir() == ["bad-1-state.json"]


@pytest.mark.parametrize("name", [STATE, TMP])
def test_a_save_too_deep_for_the_parser_is_set_aside(tmp_path, monkeypatch, name):
    """MicroPython's parser runs out of memory where CPython's recurses too deep: both set it aside."""
    from tanteador import storeops

    fs = fresh(tmp_path)
    data = b"[" * 3000 + b"]" * 3000
    with fs.open(name, "wb") as f:
        f.write(data)

    def load(f):
        raise MemoryError()

    monkeypatch.setattr(storeops.json, "load", load)
    monkeypatch.setattr(storeops.json, "loads", load)
    assert storeops.load(Store(fs), validate) == (None, "damaged")
    assert fs.listdir() == ["bad-1-state.json"]
    with fs.open("bad-1-state.json", "rb") as f:
        assert f.read() == data


def test_power_cut_while_setting_aside(tmp_path):
    fs = fresh(tmp_path)
    with fs.open("bad-3-state.json", "wb") as f:
        f.write(b"older bad")
    data = b'{"v": 1, "cfg"'
    with fs.open(STATE, "wb") as f:
        f.write(data)
    log = FaultFS(DirFS(fs.root))
    storeops.load(Store(log), validate)
    assert [k for k, _ in log.log] == ["rename"]
    fs.rename("bad-4-state.json", STATE)
    with pytest.raises(PowerCut):
        storeops.load(Store(FaultFS(DirFS(fs.root), cut_at=1)), validate)
    assert storeops.load(Store(DirFS(fs.root)), validate) == (None, "damaged")
    assert sorted(fs.listdir()) == ["bad-3-state.json", "bad-4-state.json"]
    with fs.open("bad-4-state.json", "rb") as f:
        assert f.read() == data


# -- the whole device: every file it reads or writes, damaged, then boots, play and a reset --------

BOARD_FILE = "tanteador_board.py"
GOOD_BOARD = b'# the default wiring, said again\nDISPLAY = "ssd1306"\nBUZZER_PIN = 15\n'
WORKING = ("table", "setup", "matchend", "entry", "history", "settings")
# The damages of a journal that are what a power cut leaves of an append.
CUT_APPEND = ("empty", "one byte", "half", "all but one byte")
# A covered name as a file of the device laid out by _device.
INSTANCE = {"h/h*.json": "h/h0001.json", "h*.json": "h0001.json", "bad-*-state.json": "bad-1-state.json"}


def _hand(g):
    """One hand of the match in play of matchplan.Generator ``g``, dealt at random."""
    from host_tools.harness import matchplan

    g.hand(matchplan.deal_points(g.rand, g.app.stage.match), g.rand.below(4))


def _reset(g, fs):
    """A reset of the device ``g`` plays, on flash ``fs``, and its first quiet moment."""
    from host_tools.device.hostboard import HostBoard
    from host_tools.device.script import Player
    from tanteador.app import App

    g.board = HostBoard(fs=fs)
    g.app = App(g.board, 0)
    g.player = Player(g.app, g.board)
    g.wait(1000)


def _device(root):
    """Lay out a device's flash in ``root``/base (a match archived, a match in play
    with its kept frame, names, a file set aside), and the good bytes of every
    file, those that come and go too (a push, the leftovers of cut saves), in
    ``root``/good -> (the two folders)."""
    from host_tools.harness import matchplan

    base = root / "base"
    g = matchplan.Generator(str(base), None)
    g.setup()
    g.match()
    g.do("OK")                              # Rematch: the match ends in the archive
    _hand(g)
    _reset(g, DirFS(str(base)))             # the resumed match's frame is kept
    g.close_notice()
    _hand(g)
    g.wait(2000)                            # and tagged
    assert {STATE, "h", "frame.bin", "frame.tag"} <= set(os.listdir(base))
    assert os.listdir(base / "h") == ["h0001.json"]
    (base / "names.json").write_text(json.dumps(["Ana", "Iñaki", "Zoë", "João"]), encoding="utf-8")
    (base / "bad-1-state.json").write_bytes(b'{"v": 1, "cfg"')
    good = root / "good"
    (good / "h").mkdir(parents=True)
    for p in list(base.iterdir()) + list((base / "h").iterdir()):
        if p.is_file():
            (good / p.relative_to(base)).write_bytes(p.read_bytes())
    (good / "state.tmp").write_bytes((base / "state.json").read_bytes())
    (good / "state.log").write_bytes(journal_after((base / "state.json").read_bytes()))
    ended = (base / "h" / "h0001.json").read_bytes()
    (good / "h" / "h.tmp").write_bytes(ended)
    # An ended match where an earlier firmware kept it, beside the save.
    (good / "h0001.json").write_bytes(ended)
    from app_helpers import pushed_doc

    (good / "event.json").write_text(json.dumps(pushed_doc()), encoding="utf-8")
    (good / "tanteador_board.py").write_bytes(GOOD_BOARD)
    return base, good


@pytest.fixture(scope="module")
def device(tmp_path_factory):
    root = tmp_path_factory.mktemp("device")
    base, good = _device(root)
    # A cut first save: state.tmp without a state.json (the store loads it).
    alone = root / "no-state"
    shutil.copytree(base, alone, ignore=lambda d, names: [STATE] if d == str(base) else [])
    return root, str(base), str(good), str(alone)


def _plan(good):
    """COVERED and the damages of every covered file, as the campaign's driver has them."""
    from host_tools.harness import mplane

    files = {}
    for name in os.listdir(good):
        if os.path.isdir(os.path.join(good, name)):
            for inner in os.listdir(os.path.join(good, name)):
                files[name + "/" + inner] = os.path.join(good, name, inner)
        else:
            files[name] = os.path.join(good, name)
    (plan,) = mplane.drive("damage_plan", {"files": files}, impl="cpython")
    return plan["covered"], plan["damages"]


def _cases(device, only=None):
    """The driver's arguments of every case of the campaign (``only``: of these damages)."""
    root, base, good, alone = device
    covered, damages = _plan(good)
    cases = []
    for pat in sorted(covered):
        name = INSTANCE.get(pat, pat)
        for k in range(len(damages[name])):
            if only is not None and damages[name][k] not in only:
                continue
            d = root / ("case-%s-%d" % (name.replace("/", "_"), k))
            cases.append({"file": name, "damage": k, "good": os.path.join(good, name),
                          "base": alone if name == "state.tmp" else base,
                          "dir": str(d / "flash"), "board": str(d / BOARD_FILE)})
    return cases


def _campaign(device, impl, tree=None, only=None):
    from host_tools.harness import mplane

    cases = _cases(device, only)
    for a in cases:
        os.makedirs(a["dir"], exist_ok=True)
    if impl == "mp":
        # One reset after another, each on a Pico's fresh heap.
        return mplane.drive_each("damage", [{"cases": [a]} for a in cases], pythonpath=[tree, mplane.DEVICE])
    return mplane.drive("damage", {"cases": cases}, impl="cpython")


# The damages the quick CPython run tries on every file; the slow one and MicroPython's try them all.
QUICK = ("half", "random", "not utf-8", "deep")


@pytest.fixture(params=["cpython-quick", pytest.param("cpython", marks=pytest.mark.slow),
                        pytest.param("mp", marks=pytest.mark.micropython)], scope="module")
def campaign(request, device):
    if request.param == "mp":
        return _campaign(device, "mp", request.getfixturevalue("mpy_tree"))
    return _campaign(device, "cpython", only=QUICK if request.param == "cpython-quick" else None)


@pytest.fixture(scope="module")
def covered(device):
    return _plan(device[2])[0]


def test_no_damaged_file_stops_the_device(campaign, request):
    """Every case boots to a working screen, plays a match and a hand, and boots again to one."""
    bad = []
    for r in campaign:
        ok = ("crash" not in r and not r["errors"] and r["first"] in WORKING and r["again"] in WORKING
              and r["hands"] >= 1)
        if not ok:
            bad.append(r)
    assert not bad, "\n".join(json.dumps(r) for r in bad[:20])
    figure("damaged files a device booted through (%s)" % request.node.callspec.params["campaign"], len(campaign))


def test_a_damaged_file_is_set_aside_or_left_as_it_was(campaign, covered):
    """Nothing is lost: a damaged save or push is kept aside, byte for byte, and
    said; names, archives, files set aside and the board file stay as they are."""
    pattern = {INSTANCE.get(p, p): p for p in covered}
    checked = set()
    for r in campaign:
        if r["damage"] == "missing":
            continue
        fate = covered[pattern[r["file"]]]
        if fate == "aside":
            assert any(n.startswith("bad-") for n in r["kept"]), r
            assert "kept aside" in r["notices"][0], r
        elif fate == "kept":
            assert r["file"] in r["kept"], r
        elif fate == "journal":
            aside = any(n.startswith("bad-") for n in r["kept"])
            if r["damage"] in CUT_APPEND:
                # What a power cut leaves of an append: nothing shown is missing, nothing said.
                assert not aside and not any("kept aside" in n for n in r["notices"]), r
            else:
                assert aside and "kept aside" in r["notices"][0], r
        checked.add(fate)
    assert checked == set(covered.values())


def test_a_refused_board_file_is_said_on_the_screen(campaign):
    said = set()
    for r in campaign:
        if r["file"] == BOARD_FILE and r["notices"][0] == "Board file refused: default wiring":
            said.add(r["damage"])
    tried = set(r["damage"] for r in campaign if r["file"] == BOARD_FILE)
    # The others leave a file that still reads as plain settings (a comment, the same lines twice...).
    assert said == {"half", "too long", "random", "zeros", "not utf-8"} & tried


class RecordingFS:
    """A DirFS that notes every file name read (opened to read, or renamed
    from) and written (opened to write, or renamed to); removing is neither."""

    def __init__(self, fs):
        self.fs = fs
        self.read = set()
        self.written = set()

    def open(self, name, mode="r"):
        (self.written if "w" in mode or "a" in mode else self.read).add(name)
        return self.fs.open(name, mode)

    def rename(self, old, new):
        self.read.add(old)
        self.written.add(new)
        return self.fs.rename(old, new)

    def __getattr__(self, name):
        return getattr(self.fs, name)


def _life(folder):
    """A device's life on a RecordingFS: names, two setups, undo, redo, an edit,
    a setting, matches played to their end and archived, resets resuming a
    match (its frame kept), a push for an event, a damaged save -> the RecordingFS."""
    from host_tools.harness import matchplan
    from app_helpers import pushed_doc

    g = matchplan.Generator(str(folder), None)
    rec = RecordingFS(DirFS(str(folder)))

    def reset():
        _reset(g, rec)

    def back_to_table():
        for _ in range(6):
            if g.app.stage.screen.NAME == "table":
                return
            g.do("BACK")
        g.expect("table")

    (folder / "names.json").write_text(json.dumps(["Ana", "Iñaki"]), encoding="utf-8")
    reset()
    g.do("UP x3")
    g.do("OK")
    g.expect("names")
    for step in ("OK", "DOWN", "OK", "BACK", "DOWN x3"):
        g.do(step)
    g.setup()
    _hand(g)
    _hand(g)
    g.undo()
    g.redo()
    g.setting()
    g.menu(2)                   # the history: the first hand edited
    g.expect("history")
    for step in ("OK", "OK", "UP x2", "OK"):
        g.do(step)
    back_to_table()
    # An ended match where an earlier firmware kept it: moved at the match end.
    from tanteador import matchdoc

    (folder / "h0007.json").write_text(json.dumps(matchdoc.to_dict(g.app.stage.match)), encoding="utf-8")
    g.match()
    g.expect("matchend")
    g.do("OK")                  # rematch: the match ends in the archive
    _hand(g)
    reset()
    g.close_notice()
    _hand(g)
    g.wait(2000)
    g.menu(4)                   # end the match
    g.do("OK")
    g.expect("matchend")        # its final standing
    g.do("OK")
    g.expect("setup")
    (folder / "event.json").write_text(json.dumps(pushed_doc()), encoding="utf-8")
    reset()
    g.close_notice()
    g.match()
    (folder / STATE).write_bytes(b'{"v": 1, "cfg"')
    reset()
    g.close_notice()
    return rec


def test_every_file_the_firmware_reads_or_writes_is_in_the_campaign(tmp_path, covered):
    """The files of a device's life, found by watching the firmware, are the
    campaign's: a new file the firmware writes (or reads) fails this test
    until the campaign damages it. The board file is read from outside the
    flash folder (tanteador.wiring), by its own name."""
    import re

    from tanteador import config

    folder = tmp_path / "flash"
    rec = _life(folder)

    def patterns(names):
        return set(re.sub(r"[0-9]+", "*", n) for n in names)

    written = patterns(rec.written)
    assert written <= set(covered), written - set(covered)
    seen = written | patterns(rec.read) | {config.BOARD_FILE.lstrip("/")}
    assert seen == set(covered)


def test_zz_figure():
    figure("damaged files tried", COUNT[0])
    assert COUNT[0] > 500
