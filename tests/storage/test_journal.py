"""The journal: a hand, an edit, an undo or a redo is on flash before its frame.

Each test plays on the app with the whole save that follows a frame held
back (as a power cut right after the frame leaves the flash), then boots
again on the same flash: the match is the one the last frame showed.
Damaged journals are set aside with the lines before the damage applied.
"""

import os

import pytest
from app_helpers import boot, play, reboot

from tanteador import matchdoc
from tanteador.stage import Stage

HAND = "DOWN; OK; UP x10; OK"


@pytest.fixture
def cut_after_frame(monkeypatch):
    """The whole save after a frame never comes: what is on flash is the journal's
    doing. The journal is still opened ahead of the next action, as after a frame."""
    fold = Stage.fold

    def held(self):
        self._due = 0
        fold(self)

    monkeypatch.setattr(Stage, "fold", held)


def doc_of(app):
    return matchdoc.to_dict(app.stage.match)


def journal(folder):
    """The journal's bytes; b"" when there is none."""
    path = os.path.join(str(folder), "state.log")
    if not os.path.exists(path):
        return b""
    with open(path, "rb") as f:
        return f.read()


def put_journal(folder, data):
    with open(os.path.join(str(folder), "state.log"), "wb") as f:
        f.write(data)


def started(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    return board, app


def test_a_recorded_hand_comes_back_from_the_journal(tmp_path, cut_after_frame):
    board, app = started(tmp_path)
    play(app, board, HAND)
    shown = doc_of(app)
    assert len(shown["a"]) == 1
    board, again = reboot(board)
    assert doc_of(again) == shown
    assert again.stage.screen.NAME == "notice"     # "Match resumed", over the table
    assert again.stage.stack[0].NAME == "table"


def test_hands_undo_redo_and_an_edit_in_a_row_come_back(tmp_path, cut_after_frame):
    board, app = started(tmp_path)
    play(app, board, HAND + "; " + HAND)
    play(app, board, "long OK; OK; wait 3s")                          # undo
    play(app, board, "long OK; OK; wait 3s")                          # undo
    play(app, board, "long OK; DOWN; OK; wait 3s")                    # redo
    play(app, board, "long OK; DOWN x2; OK; UP; OK; OK; DOWN x5; OK")  # edit hand 1
    shown = doc_of(app)
    assert len(shown["a"]) == 2 and shown["a"][-1][0] == "e"
    assert journal(tmp_path).count(b"\n") == 1 + 6
    board, again = reboot(board)
    assert doc_of(again) == shown
    assert again.stage.trump == app.stage.trump


def test_the_trump_an_undo_brings_back_comes_back(tmp_path, cut_after_frame):
    board, app = started(tmp_path)
    play(app, board, "DOWN x2; OK; UP x10; OK; long OK; OK; wait 3s")
    assert app.stage.trump == 1 and app.stage.match.hands == []
    board, again = reboot(board)
    assert again.stage.trump == 1 and doc_of(again) == doc_of(app)


def test_the_whole_save_after_the_frame_takes_the_journal_away(tmp_path):
    board, app = started(tmp_path)
    play(app, board, HAND)
    assert journal(tmp_path) == b""
    board, again = reboot(board)
    assert doc_of(again) == doc_of(app)


def test_the_journal_waits_open_and_a_line_is_a_write_and_a_flush(tmp_path):
    """After each whole save the journal is opened, empty, ahead of the next action:
    the press that records a hand writes and flushes its line, and opens nothing."""
    from host_tools.device.faultfs import FaultFS
    from tanteador.flashfs import DirFS

    ffs = FaultFS(DirFS(str(tmp_path)))
    board, app = boot(fs=ffs)
    play(app, board, "OK; OK; DOWN; OK; UP x10")      # a match, a trump, a hand's points typed
    assert journal(tmp_path) == b"" and "state.log" in os.listdir(str(tmp_path))
    n = len(ffs.log)
    play(app, board, "OK")                             # recorded
    log = ffs.log[n:]
    assert log[:2] == [("write", "state.log"), ("flush", "state.log")], log
    assert ("open", "state.log") not in log[:log.index(("rename", "state.json"))], log
    assert journal(tmp_path) == b""                   # the whole save took the line, and it waits again


def test_a_journal_older_than_the_save_is_inside_it_and_goes(tmp_path, cut_after_frame):
    board, app = started(tmp_path)
    play(app, board, HAND)
    old = journal(tmp_path)
    board, app = reboot(board)
    play(app, board, "wait 3s")                         # the boot's whole save, at rest
    assert journal(tmp_path) == b""
    app.stage.store.close()
    put_journal(tmp_path, old)                          # its removal was cut
    board, again = reboot(board)
    assert doc_of(again) == doc_of(app) and len(doc_of(again)["a"]) == 1
    assert journal(tmp_path) == b""
    assert not [n for n in os.listdir(str(tmp_path)) if n.startswith("bad-")]


def test_a_line_cut_in_its_append_is_left_out_without_a_word(tmp_path, cut_after_frame):
    board, app = started(tmp_path)
    play(app, board, HAND)
    before = doc_of(app)
    play(app, board, HAND)
    data = journal(tmp_path)
    last = data[:-1].rfind(b"\n") + 1
    for cut in range(last, len(data)):
        put_journal(tmp_path, data[:cut])
        board, again = reboot(board)
        assert doc_of(again) == before, cut
        assert not [n for n in os.listdir(str(tmp_path)) if n.startswith("bad-")]
        assert "aside" not in again.stage.texts


@pytest.mark.parametrize("damage", ["twice", "rules", "ahead", "garbage"])
def test_a_damaged_journal_is_set_aside_after_its_good_lines(tmp_path, cut_after_frame, damage):
    board, app = started(tmp_path)
    play(app, board, HAND)
    one = doc_of(app)
    data = journal(tmp_path)
    head, line = data.split(b"\n")[:2]
    bad = {
        "twice": data + line + b"\n",                               # the same hand again
        "rules": data + b"[1,null,[0,100,30,1000]]\n",                 # 130 points
        "ahead": b"%d\n" % (int(head) + 5) + line + b"\n",           # another save's
        "garbage": data + b"\xff\xfe\n",
    }[damage]
    put_journal(tmp_path, bad)
    board, again = reboot(board)
    want = [] if damage == "ahead" else one["a"]
    assert doc_of(again)["a"] == want
    assert os.listdir(str(tmp_path)).count("bad-1-state.json") == 1
    with open(os.path.join(str(tmp_path), "bad-1-state.json"), "rb") as f:
        assert f.read() == bad
    assert "Damaged save kept aside" == " ".join(again.stage.texts)


def test_a_chiamata_call_comes_back_from_the_journal(tmp_path, cut_after_frame):
    from host_tools.harness.matchplan import start_doc, write_doc

    write_doc(str(tmp_path), start_doc({"players": 5, "sides": 3, "goal": 2, "target": 9}))
    board, app = boot(tmp_path)
    play(app, board, "wait 3s; BACK; DOWN; OK; DOWN; OK; UP x4; OK; UP; OK; UP x9; OK")
    assert len(app.stage.match.hands) == 1
    board, again = reboot(board)
    assert doc_of(again) == doc_of(app)


def test_a_save_short_of_heap_is_made_again_once_the_screens_not_in_use_go(tmp_path, monkeypatch):
    """A long match on a scattered heap: the whole save meets a MemoryError; the
    app sweeps the heap, closes the journal (its lines are on flash) and saves
    again; nothing of it is left on flash but the journal opened empty after it."""
    from tanteador import store as storemod

    board, app = started(tmp_path)
    swept = []
    store = app.stage.store
    monkeypatch.setattr(app.stage._heap, "sweep", lambda stack: swept.append(store._log))
    dump = storemod.dump
    calls = []

    def short_once(doc, out):
        # The whole document, not the pieces dump() writes of it by itself.
        whole = isinstance(doc, dict) and "cfg" in doc
        if whole:
            calls.append(1)
        if whole and len(calls) == 1:
            out.write("{")
            out.flush()
            raise MemoryError()
        return dump(doc, out)

    monkeypatch.setattr(storemod, "dump", short_once)
    play(app, board, HAND)
    assert len(calls) == 2 and swept == [None]
    assert sorted(os.listdir(str(tmp_path))) == ["state.json", "state.log"]
    assert journal(tmp_path) == b""
    board, again = reboot(board)
    assert doc_of(again) == doc_of(app) and len(doc_of(again)["a"]) == 1
