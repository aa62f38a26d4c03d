"""Every screen of the gallery, on CPython and on MicroPython: the same bytes."""

import pytest

from host_tools.device import gallery
from host_tools.harness import mplane

LANGS = ["en", "fr"]


@pytest.fixture(scope="module")
def cpython_frames(tmp_path_factory):
    return mplane.drive("gallery", {"langs": LANGS, "dir": str(tmp_path_factory.mktemp("cp"))}, impl="cpython",
                        timeout=900)


def test_every_screen_is_reached(cpython_frames):
    got = {(r["id"], r["lang"]): r for r in cpython_frames}
    for sid in gallery.ids():
        r = got[(sid, "en")]
        name = sid.split("-")[0]
        assert r["screen"] == name, sid
        assert any(int(r["fb"][i:i + 2], 16) for i in range(0, len(r["fb"]), 2)), sid
    assert "Réglages" in got[("settings", "fr")]["texts"]
    assert "Total 126 is over 120" in got[("entry-refused", "en")]["texts"]


@pytest.mark.micropython
def test_micropython_draws_the_same_bytes(cpython_frames, tmp_path, mpy_tree):
    # The flashed .mpy firmware, each screen on a fresh interpreter as a Pico
    # is after a reset: boots that followed one another in one interpreter
    # would scatter its heap as no Pico's is.
    mp = mplane.drive_each("gallery", [{"langs": [lang], "ids": [sid], "dir": str(tmp_path / lang)}
                                       for lang in LANGS for sid in gallery.ids()],
                           timeout=900, pythonpath=[mpy_tree, mplane.DEVICE])
    assert len(mp) == len(cpython_frames)
    for a, b in zip(cpython_frames, mp):
        assert "error" not in a and "error" not in b, (a, b)
        assert (a["id"], a["lang"], a["screen"], a["texts"]) == (b["id"], b["lang"], b["screen"], b["texts"])
        assert a["fb"] == b["fb"], (a["id"], a["lang"])


@pytest.mark.parametrize("sid", [s for s in gallery.ids() if s not in ("setup", "setup-edit", "table", "table-first", "table-result", "table-pairs", "table-three", "table-six", "table-french", "setup-call", "table-call-first", "table-call", "table-call6")])
def test_every_screen_has_a_way_back(sid, tmp_path):
    from host_tools.device import gallery
    from app_helpers import SaveCounter, play
    from host_tools.device.hostboard import HostBoard

    board = HostBoard(str(tmp_path))
    app = gallery.reach(board, sid)
    saves = SaveCounter(app)
    before = app.stage.screen
    depth = len(app.stage.stack)
    # BACK steps back inside a screen first (a field, a change in progress):
    # the call of a chiamata hand has four fields.
    for _ in range(4):
        play(app, board, "hold BACK 700" if sid == "hwtest" else "BACK")
        if app.stage.screen is not before:
            break
    assert app.stage.screen is not before
    assert len(app.stage.stack) <= depth
    assert saves.n == 0 or sid == "settings-edit"


def test_new_match_after_the_end_keeps_the_old_one_until_started(tmp_path):
    from host_tools.device import gallery
    from app_helpers import SaveCounter, play
    from host_tools.device.hostboard import HostBoard

    board = HostBoard(str(tmp_path))
    app = gallery.reach(board, "matchend")
    old = app.stage.match
    saves = SaveCounter(app)
    play(app, board, "DOWN; OK")
    assert app.stage.screen.NAME == "setup"
    assert app.stage.screen.o.players == 2 and app.stage.screen.names == ["Ana", "Beto"]
    play(app, board, "BACK")
    assert app.stage.screen.NAME == "matchend" and app.stage.match is old and saves.n == 0
    play(app, board, "OK; OK; OK")              # New match, Start, draw done
    assert app.stage.match is not old and app.stage.screen.NAME == "table"
    assert app.stage.match.options.names == ["Ana", "Beto"]
    assert saves.n == 1
    assert (tmp_path / "h" / "h0001.json").exists()
