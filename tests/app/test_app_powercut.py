"""Power cut at every flash call of every kind of committed action of the app.

The scenario is a list of steps; each step boots the app on the flash left
by the previous one (so a step is replayed cheaply from that flash) and
plays a button script. A clean run records the saved document before and
after every step and the flash calls made. Then, for every call of every
step, the step is replayed with the power cut during that call; booting a
new app on the same folder must give exactly the document before or after
the step (the save and its journal), and the after one whenever a frame
showing the step's match had gone out before the cut: no frame shows a
match that the next boot does not load.
"""

import gc
import json

import pytest

from host_tools.device.faultfs import KEEP_HALF, KEEPS, FaultFS, PowerCut, restore, snapshot
from host_tools.device.hostboard import HostBoard
from host_tools.device.script import Player, parse
from storekit import figure
from tanteador import matchdoc
from tanteador.app import App
from tanteador.bootframe import FRAME, TAG
from tanteador.flashfs import DirFS

# Back to the table from any screen the app resumes on, once the
# "resumed" notice is gone. BACK does nothing on the table.
HOME = "wait 3s; BACK; BACK; "
TRUMP = HOME + "DOWN; wait 2s"            # oros on the table, saved once the buttons rest
HAND = "OK; %s; OK"                       # entry, points, record

STEPS = [
    ("setup", "OK; OK"),
    ("trump", TRUMP),
    ("hand", HOME + HAND % "UP x10"),
    ("trump", TRUMP),
    ("hand", HOME + HAND % "DOWN x20"),
    ("navigation", HOME + "long OK; DOWN x2; OK; BACK; long OK; BACK; OK; BACK; BACK"),
    ("undo", HOME + "long OK; OK"),
    ("redo", HOME + "long OK; DOWN; OK"),
    ("edit", HOME + "long OK; DOWN x2; OK; UP; OK; OK; DOWN x20; OK"),
    ("setting", HOME + "long OK; DOWN x3; OK; OK; DOWN; OK"),                 # language
    ("setting", HOME + "long OK; DOWN x3; OK; DOWN x3; OK; DOWN; OK"),        # screen timeout
    ("setting", HOME + "long OK; DOWN x3; OK; DOWN x2; OK; UP; OK"),          # contrast
    ("trump", TRUMP),
    ("hand", HOME + HAND % "UP x10"),
    ("trump", TRUMP),
    ("hand", HOME + HAND % "UP x10"),
    ("trump", TRUMP),
    ("hand", HOME + HAND % "UP x10"),                                          # match over
    ("rematch", "wait 3s; OK"),
    ("trump", TRUMP),
    ("hand", HOME + HAND % "UP x3"),
    ("end", HOME + "long OK; DOWN x4; OK; OK"),
    ("setup", "wait 3s; OK; OK"),
]


@pytest.fixture(autouse=True)
def quick_gc(monkeypatch):
    # gc.collect() matters for the Pico's heap only; on the PC it just costs time.
    monkeypatch.setattr(gc, "collect", lambda *a: 0)


def saved(fs):
    if not fs.exists("state.json"):
        return None
    with fs.open("state.json", "rb") as f:
        return json.loads(f.read())


def run_step(root, snap, script, shown=None, **fault):
    """Restore ``snap``, boot the app on a FaultFS and play ``script``;
    ``shown`` gets the match document of every frame sent after the boot's.

    Returns (faultfs, app, cut)."""
    fs = DirFS(root)
    restore(fs, snap)
    ffs = FaultFS(fs, **fault)
    board = HostBoard(fs=ffs)
    booted = []
    if shown is not None:
        send = board.show

        def show():
            send()
            if booted:
                shown.append(app_doc(booted[0])["m"])

        board.show = show
    try:
        app = App(board, board.now)
        booted.append(app)
        app.poll(board.now)
        Player(app, board).play(parse(script))
    except PowerCut:
        return ffs, None, True
    return ffs, app, False


def kind_of(before, after):
    """The committed action a save stands for, from the documents."""
    if before == after:
        return "none"
    mb, ma = before and before["m"], after["m"]
    if before is None or mb is None:
        return "setup" if ma is not None else "setting"
    if ma is None:
        return "end"
    if mb == ma and before["cfg"] == after["cfg"]:
        return "trump" if after.get("tr") is not None else "other"
    if before["cfg"] != after["cfg"] or mb["o"][5] != ma["o"][5]:
        return "setting"
    ab, aa = mb["a"], ma["a"]
    cb, ca = mb.get("c", len(ab)), ma.get("c", len(aa))
    if aa == ab:
        return "undo" if ca < cb else "redo"
    if not aa and mb["o"][:13] == ma["o"][:13]:
        return "rematch"
    if aa[:-1] == ab[:cb]:
        return "edit" if aa[-1][0] == "e" else "hand"
    return "other"


def loaded(doc, app):
    """What a boot brings back of saved document ``doc`` (None: nothing saved
    yet, the settings of ``app``), in the form of ``app_doc``."""
    if doc is None:
        return {"m": None, "cfg": app.stage.cfg, "tr": None}
    return {"m": doc["m"], "cfg": doc["cfg"], "tr": doc.get("tr")}


def app_doc(app):
    st = app.stage.state()
    return {"m": st["m"], "cfg": st["cfg"], "tr": st["tr"]}


# Briscola chiamata: calls by the buttons, undo, redo and an edit of a call,
# from a new match of five saved on the table.
CALL_START = {"players": 5, "sides": 3, "goal": 2, "target": 9}
CALL_STEPS = [
    ("trump", TRUMP),
    ("hand", HOME + "OK; DOWN; OK; UP x4; OK; UP; OK; UP x9; OK"),     # Carla alone, 65: 74
    ("trump", TRUMP),
    ("hand", HOME + "OK; OK; OK; OK; DOWN x5; OK"),                    # Dani with Eva, 61: 56
    ("undo", HOME + "long OK; OK"),
    ("redo", HOME + "long OK; DOWN; OK"),
    ("edit", HOME + "long OK; DOWN x2; OK; UP; OK; OK; OK; OK; DOWN; OK; hold UP 3000; OK"),
]


@pytest.mark.slow
def test_every_cut_of_every_committed_action(tmp_path):
    kinds = every_cut(str(tmp_path / "flash"), STEPS, "cut points, app committed actions")
    assert {"setup", "trump", "hand", "undo", "redo", "edit", "setting", "rematch", "end"} <= set(kinds)


def test_every_cut_of_a_chiamata_match(tmp_path):
    from host_tools.harness.matchplan import start_doc, write_doc

    root = str(tmp_path / "flash")
    doc = start_doc(CALL_START)
    write_doc(root, doc)
    kinds = every_cut(root, CALL_STEPS, "cut points, app committed actions, chiamata", doc)
    assert kinds == [name for name, _ in CALL_STEPS]


def every_cut(root, steps, label, first=None):
    """Play ``steps`` from the flash in ``root`` (holding the document ``first``),
    then cut the power at every flash call of each step; the kinds of the steps."""
    fs = DirFS(root)
    snaps = [snapshot(fs)]
    docs = [first]
    logs = []
    kinds = []
    for name, script in steps:
        ffs, app, cut = run_step(root, snaps[-1], script)
        assert not cut and app.stage.screen.NAME != "error", name
        after = saved(fs)
        assert after is not None and app_doc(app) == {"m": after["m"], "cfg": after["cfg"], "tr": after["tr"]}
        kind = kind_of(docs[-1], after)
        renames = [n for k, n in ffs.log if k == "rename" and n == "state.json"]
        if name == "navigation":
            # No save: at most the kept boot frame's tag (tanteador.bootframe), which is not
            # the state, and the journal the boot finds empty, removes and opens again.
            assert [x for x in ffs.log if x[1] not in (FRAME, TAG, "state.log")] == [] and kind == "none", ffs.log
            assert ("write", "state.log") not in ffs.log, ffs.log
        else:
            assert kind == name, (name, kind)
            assert len(renames) == 1, (name, ffs.log)    # one whole save per action
            if name in ("hand", "undo", "redo", "edit"):
                # Its journal line went first, flushed into the journal opened ahead of
                # it, and went with the save, which closed the journal before removing it.
                log = ffs.log
                line = log.index(("write", "state.log"))
                assert log[line + 1] == ("flush", "state.log"), log
                assert ("open", "state.log") in log[:line], log
                assert line < log.index(("rename", "state.json")) < log.index(("close", "state.log")), log
                assert log[log.index(("close", "state.log")) + 1] == ("remove", "state.log"), log
            # Nothing is left in the journal, which is open, empty, for the next action.
            assert not fs.exists("state.log") or fs.size("state.log") == 0
        snaps.append(snapshot(fs))
        docs.append(after)
        logs.append(ffs.log)
        kinds.append(kind)

    tried = 0
    per_kind = {}
    for i, (name, script) in enumerate(steps):
        log = logs[i]
        for k in range(1, len(log) + 1):
            keeps = KEEPS if log[k - 1][0] in ("flush", "close") else (KEEP_HALF,)
            for keep in keeps:
                shown = []
                _, _, cut = run_step(root, snaps[i], script, shown, cut_at=k, keep=keep)
                assert cut
                board = HostBoard(fs=DirFS(root))
                app = App(board, 0)
                app.poll(0)
                assert app.stage.screen.NAME != "error"
                got = app_doc(app)
                want = [loaded(d, app) for d in (docs[i], docs[i + 1])]
                assert got in want, (name, k, log[k - 1])
                if want[0]["m"] != want[1]["m"] and want[1]["m"] in shown:
                    # The step's frame was out: the boot brings back the match it showed.
                    assert got["m"] == want[1]["m"], (name, k, log[k - 1])
                assert "state.tmp" not in DirFS(root).listdir()
                tried += 1
                per_kind[name] = per_kind.get(name, 0) + 1
    for name in sorted(per_kind):
        print("  %s: %d" % (name, per_kind[name]))
    figure(label, tried)
    return kinds


def test_full_flash_keeps_the_last_save_and_play_goes_on(tmp_path):
    root = str(tmp_path / "flash")
    ffs = FaultFS(DirFS(root))
    board = HostBoard(fs=ffs)
    app = App(board, board.now)
    app.poll(board.now)
    player = Player(app, board)
    player.play(parse("OK; OK; DOWN; " + HAND % "UP x10"))
    player.play(parse("DOWN; wait 2s"))             # the trump of hand 2
    first = saved(DirFS(root))
    assert len(first["m"]["a"]) == 1 and first["tr"] is not None
    ffs.free = 0                                    # the flash fills up
    player.play(parse(HAND % "DOWN x20"))
    assert app.stage.screen.NAME == "notice"              # the screen says so
    assert any("full" in t for t in app.stage.texts), app.stage.texts
    assert len(app.stage.match.hands) == 2                # play goes on in memory
    assert saved(DirFS(root)) == first              # the last save is whole
    assert DirFS(root).listdir() == ["state.json"]
    player.play(parse("wait 3s; OK"))
    ffs.free = None                                 # room again
    player.play(parse("DOWN; " + HAND % "UP x10"))
    assert len(saved(DirFS(root))["m"]["a"]) == 3   # nothing was lost
    board2 = HostBoard(fs=DirFS(root))
    app2 = App(board2, 0)
    assert matchdoc.to_dict(app2.stage.match) == matchdoc.to_dict(app.stage.match)
