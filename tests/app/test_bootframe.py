"""The kept first frame of a resumed match (tanteador.bootframe), on CPython and on the MicroPython lane.

One program plays a device's life on a flash folder: resets (``main.py``'s
order: the board, ``bootframe.show``, then the app), hands recorded, power
cuts between a save and its tag in both orders, a same-size edit of the
save, a torn frame, a match pushed for an event. It prints what each boot
showed; the tests read the lines.
"""

import json
import os

import pytest

from host_tools.harness import matchplan, mplane

CODE = r"""
import gc
import json
import sys
from hostboard import HostBoard
from script import Player, parse
from tanteador import bootframe
gc.collect()
D = %r
b = app = None


def read(name):
    f = open(D + "/" + name, "rb")
    b = f.read()
    f.close()
    return b


def write(name, b):
    f = open(D + "/" + name, "wb")
    f.write(b)
    f.close()


def boot(name, rest=True):
    # A reset: a new board (its panel just cleared), the kept frame, then the
    # app, on a heap without the last boot's app and screens, as on a Pico.
    global b, app
    b = app = None
    for m in list(sys.modules):
        if m.startswith("tanteador.screens.") and m != "tanteador.screens.ui":
            del sys.modules[m]
    gc.collect()
    from tanteador.app import App
    b = HostBoard(D)
    sizes = b.fs.sizes()
    shown = bootframe.show(b, sizes)
    glass = b.frame
    app = App(b, 0, sizes)
    print(json.dumps({"k": name, "shown": shown, "kept_is_app": shown and glass == b.frame,
                      "app_sent": b.last_mask, "frames": b.frames, "screen": app.stage.screen.NAME,
                      "contrast": b.contrast_level, "hands": len(app.stage.match.hands) if app.stage.match else -1}))
    if rest:
        Player(app, b).idle(600)   # the frame is kept at the first quiet moment
    return b, app


def hand(b, app):
    # Close the notice, pick a trump, enter the hand and record it: one save.
    Player(app, b).play(parse("BACK; DOWN; OK; UP x3; OK; OK"))
    Player(app, b).idle(1000)      # the tag is written once the buttons rest


boot("first")
b, app = boot("second")
hand(b, app)
boot("after-a-hand")
# A press before the boot's first quiet moment: the frame already kept is tagged all the same.
b, app = boot("pressed-at-once", False)
hand(b, app)
boot("after-a-hand-pressed-at-once")
b, app = boot("again")
old_state, old_tag = read("state.json"), read("frame.tag")
hand(b, app)
new_state, new_tag = read("state.json"), read("frame.tag")
# A power cut after the save, before its tag: the new save, the old tag.
write("frame.tag", old_tag)
boot("cut-before-tag")
# The other order (a tag ahead of its save): the old save, the new tag.
write("state.json", old_state)
write("frame.tag", new_tag)
boot("tag-ahead-of-save")
write("state.json", new_state)
write("frame.tag", new_tag)
boot("both-whole")
# An edit that keeps the size: one digit of the save's last hand changed.
s = bytearray(new_state)
i = s.rindex(b"]]")
s[i - 1] = ord("1") if s[i - 1] != ord("1") else ord("2")
write("state.json", bytes(s))
boot("same-size-edit")
write("state.json", new_state)
write("frame.tag", new_tag)
write("frame.bin", read("frame.bin")[:600])
boot("torn-frame")
boot("rewritten")
# A reset a moment after a recorded hand, before any quiet moment: its save is tagged already.
b, app = boot("before-a-quick-reset")
Player(app, b).play(parse("BACK; DOWN; OK; UP x3; OK; OK"))
boot("reset-right-after-a-hand")
print(json.dumps({"k": "end"}))
"""


def _doc(folder, lang="en", contrast=96):
    doc = matchplan.start_doc({"target": 99}, lang)     # no hand of these ends the match
    doc["cfg"]["contrast"] = contrast
    matchplan.write_doc(folder, doc)


def _boots(tmp_path, impl, pythonpath=None):
    folder = str(tmp_path / "flash")
    _doc(folder)
    rc, out, err = mplane.run_code(CODE % folder, impl, pythonpath=pythonpath)
    res, noise = mplane.parse(out)
    assert rc == 0 and res and res[-1] == {"k": "end"}, err + "\n".join(noise)
    return {r["k"]: r for r in res[:-1]}


@pytest.fixture(params=["cpython", pytest.param("mp", marks=pytest.mark.micropython)], scope="module")
def boots(request, tmp_path_factory):
    # The MicroPython lane runs the firmware compiled, as a Pico does.
    path = None
    if request.param == "mp":
        path = [request.getfixturevalue("mpy_tree"), mplane.DEVICE]
    return _boots(tmp_path_factory.mktemp(request.param), request.param, path)


def test_the_first_resumed_boot_draws_its_own_frame_and_keeps_it(boots):
    b = boots["first"]
    assert not b["shown"] and b["screen"] == "notice" and b["app_sent"] != 0


def test_a_kept_frame_is_the_apps_first_frame_which_then_sends_nothing(boots):
    for name in ("second", "after-a-hand", "again", "both-whole", "rewritten"):
        b = boots[name]
        assert b["shown"] and b["kept_is_app"], name
        assert b["app_sent"] == 0 and b["screen"] == "notice", name
        assert b["contrast"] == 96, name


def test_a_save_tags_the_kept_frame_again(boots):
    assert boots["after-a-hand"]["hands"] == 1 and boots["after-a-hand"]["shown"]
    b = boots["after-a-hand-pressed-at-once"]
    assert b["hands"] == 2 and b["shown"] and b["app_sent"] == 0


def test_a_reset_right_after_a_recorded_hand_shows_the_kept_frame(boots):
    """The tag goes with the save, right after the hand's frame: a reset
    120 ms after the release, long before the buttons rest, finds it."""
    before, after = boots["before-a-quick-reset"], boots["reset-right-after-a-hand"]
    assert after["hands"] == before["hands"] + 1
    assert after["shown"] and after["kept_is_app"] and after["app_sent"] == 0


def test_a_power_cut_between_save_and_tag_never_shows_the_kept_frame(boots):
    for name in ("cut-before-tag", "tag-ahead-of-save"):
        b = boots[name]
        assert not b["shown"] and b["app_sent"] != 0, name
    assert boots["cut-before-tag"]["hands"] == 3
    assert boots["tag-ahead-of-save"]["hands"] == 2


def test_a_save_edited_to_the_same_size_or_a_torn_frame_is_not_shown(boots):
    for name in ("same-size-edit", "torn-frame"):
        assert not boots[name]["shown"] and boots[name]["app_sent"] != 0, name


def _boot_once(folder):
    from host_tools.device.hostboard import HostBoard
    from tanteador import bootframe
    from tanteador.app import App

    b = HostBoard(folder)
    sizes = b.fs.sizes()
    shown = bootframe.show(b, sizes)
    app = App(b, 0, sizes)
    app.tidy(500)       # the first quiet moment keeps the frame
    return shown, b, app


@pytest.fixture
def kept(tmp_path):
    folder = str(tmp_path)
    _doc(folder)
    _boot_once(folder)
    return folder


def test_a_match_pushed_for_an_event_is_not_hidden_by_the_kept_frame(kept):
    doc = matchplan.start_doc({})
    with open(os.path.join(kept, "event.json"), "w") as f:
        json.dump({"v": 1, "m": doc["m"]}, f)
    from host_tools.device.hostboard import HostBoard
    from tanteador import bootframe

    b = HostBoard(kept)
    assert not bootframe.show(b, b.fs.sizes())


def test_a_save_in_another_language_is_not_tagged(kept):
    shown, b, app = _boot_once(kept)
    assert shown
    app.stage.set_lang("es")
    app.stage.commit()
    app.poll(10)
    assert not _boot_once(kept)[0]      # the English frame is not the Spanish boot's
    assert _boot_once(kept)[0]          # that boot kept its own


def test_a_heap_too_short_for_the_kept_frame_leaves_the_app_running(kept, monkeypatch):
    from tanteador import store

    shown, b, app = _boot_once(kept)
    assert shown

    def short(*args):
        raise MemoryError

    monkeypatch.setattr(store, "write_tag", short)
    app.stage.set_trump(1)
    app.stage.commit()
    app.poll(1000)                      # the save, then its tag: the heap is short
    app.tidy(2000)
    assert app.stage.screen.NAME != "error"
    saved = json.load(open(os.path.join(kept, "state.json")))
    assert saved["tr"] == 1             # the save stands
    monkeypatch.undo()
    assert not _boot_once(kept)[0]      # the old tag does not match the new save


def test_no_saved_match_keeps_no_frame(tmp_path):
    shown, b, app = _boot_once(str(tmp_path))
    assert not shown and app.stage.screen.NAME == "setup"
    assert not os.path.exists(tmp_path / "frame.tag")


@pytest.mark.parametrize("lang", [b"\xff\xfe", b"\xc3\x28"])
def test_a_tag_of_the_right_length_whose_language_is_not_utf8_is_no_tag(kept, lang):
    """Found on a Pico: such a tag stopped main.py at every reset. It is
    ignored, and the app's first quiet moment writes a good one."""
    path = os.path.join(kept, "frame.tag")
    with open(path, "rb") as f:
        tag = f.read()
    assert len(tag) == 11
    with open(path, "wb") as f:
        f.write(tag[:9] + lang)
    shown, b, app = _boot_once(kept)
    assert not shown and app.stage.screen.NAME == "notice"
    with open(path, "rb") as f:
        assert f.read() == tag
    assert _boot_once(kept)[0]


def test_the_kept_frame_is_shown_without_loading_the_store(monkeypatch):
    """A reset sends the kept frame before the store's modules load (each costs
    milliseconds of flash lookups on a Pico): bootframe names the store's
    files itself, the same names."""
    import importlib
    import sys

    from tanteador import store

    monkeypatch.delitem(sys.modules, "tanteador.bootframe", raising=False)
    monkeypatch.delitem(sys.modules, "tanteador.store")
    monkeypatch.delitem(sys.modules, "tanteador.flashfs", raising=False)
    bootframe = importlib.import_module("tanteador.bootframe")
    assert "tanteador.store" not in sys.modules
    assert (bootframe.STATE, bootframe.PUSHED, bootframe.TAG) == (store.STATE, store.PUSHED, store.TAG)
    from tanteador import start

    assert start._TAG == bootframe.TAG
