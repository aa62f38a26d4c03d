"""Coming back after a power cut: the same screen, with what was typed on it."""

import importlib
import json
import sys

import tanteador.screens

from app_helpers import TRUMP_AND_ENTRY, SaveCounter, boot, hand, play, reboot, saved


def _resumed(app, board):
    # The notice first, over the screen it came back to.
    assert app.stage.screen.NAME == "notice" and "Match resumed" in app.stage.texts
    play(app, board, "BACK")


def test_the_entry_comes_back_with_the_points_typed(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    play(app, board, TRUMP_AND_ENTRY + "; UP x3; wait 2s")
    assert app.stage.screen.vals == [63, 57]
    assert saved(tmp_path)["en"] == [-1, 0, 63, 57]
    board, app = reboot(board)
    _resumed(app, board)
    e = app.stage.screen
    assert e.NAME == "entry" and e.vals == [63, 57] and app.stage.trump == 0
    assert "63" in app.stage.texts and "P1 wins" in app.stage.texts
    play(app, board, "OK")
    assert app.stage.screen.NAME == "table" and app.stage.match.hands[0].points == (63, 57)
    assert app.stage.match.hands[0].trump == 0


def test_three_sides_come_back_on_the_field_being_set(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "DOWN; OK; UP; OK; UP; OK; OK; OK")   # 3 players, the deck hint closed
    play(app, board, TRUMP_AND_ENTRY + "; UP x5; OK; DOWN x2; wait 2s")
    assert app.stage.screen.vals == [45, 38, 37] and app.stage.screen.i == 1
    board, app = reboot(board)
    _resumed(app, board)
    e = app.stage.screen
    assert e.NAME == "entry" and e.vals == [45, 38, 37] and e.i == 1
    play(app, board, "OK")
    assert app.stage.match.hands[0].points == (45, 38, 37)


def test_a_past_hand_being_edited_comes_back_under_the_history(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    hand(app, board, ups=10)                     # 70-50
    hand(app, board, downs=20)                   # 40-80
    play(app, board, "long OK; DOWN x2; OK; UP; OK; OK; DOWN x4; wait 2s")
    e = app.stage.screen
    assert e.NAME == "entry" and e.edit == 0 and e.vals == [66, 54]
    board, app = reboot(board)
    _resumed(app, board)
    assert [s.NAME for s in app.stage.stack] == ["table", "history", "handedit", "entry"]
    assert app.stage.screen.vals == [66, 54] and app.stage.screen.edit == 0
    play(app, board, "OK")
    assert app.stage.screen.NAME == "handedit"
    assert app.stage.match.hands[0].points == (66, 54) and app.stage.match.won == [1, 1]


def test_leaving_the_entry_comes_back_on_the_table(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    play(app, board, TRUMP_AND_ENTRY + "; UP x3; wait 2s; BACK; wait 2s")
    assert saved(tmp_path)["scr"] == "table" and "en" not in saved(tmp_path)
    board, app = reboot(board)
    _resumed(app, board)
    assert app.stage.screen.NAME == "table" and app.stage.trump == 0


def test_an_entry_left_untouched_writes_nothing(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK; DOWN; wait 2s")
    saves = SaveCounter(app)
    play(app, board, "OK; wait 2s; BACK; wait 2s")
    assert app.stage.screen.NAME == "table" and saves.n == 0


def test_leaving_a_resumed_entry_comes_back_on_the_table(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    play(app, board, TRUMP_AND_ENTRY + "; UP x3; wait 2s")
    board, app = reboot(board)
    _resumed(app, board)
    play(app, board, "BACK; wait 2s")
    assert app.stage.screen.NAME == "table" and saved(tmp_path)["scr"] == "table"


def test_a_power_cut_right_after_recording_comes_back_on_the_table(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    play(app, board, TRUMP_AND_ENTRY + "; UP x3; wait 2s; OK")
    board, app = reboot(board)
    _resumed(app, board)
    assert app.stage.screen.NAME == "table" and "Hand 2" in app.stage.texts
    assert app.stage.match.hands[0].points == (63, 57)


def test_entry_values_that_do_not_fit_the_match_resume_on_the_table(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    hand(app, board, ups=10)
    doc = saved(tmp_path)
    for en in ([-1, 0, 63], [5, 0, 60, 60], [-1, 3, 60, 60], ["x", 0, 60, 60], None):
        bad = dict(doc, scr="entry", en=en)
        (tmp_path / "state.json").write_text(json.dumps(bad))
        board, app = reboot(board)
        _resumed(app, board)
        assert app.stage.screen.NAME == "table" and len(app.stage.match.hands) == 1


def test_a_finished_match_is_shown_again_not_resumed(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    for _ in range(3):
        hand(app, board, ups=10)
    assert app.stage.match.over and app.stage.screen.NAME == "matchend"
    board, app = reboot(board)
    assert app.stage.screen.NAME == "matchend"
    assert "Match resumed" not in app.stage.texts and "P1 wins!" in app.stage.texts


def _table_unloaded(monkeypatch):
    # The table's module and the screens' helpers as a fresh boot finds them:
    # not loaded (CPython keeps the modules MicroPython's heap lets go, see heap.unload).
    for name in ("table", "ui"):
        monkeypatch.delitem(sys.modules, "tanteador.screens." + name, raising=False)
        monkeypatch.delattr(tanteador.screens, name, raising=False)


def test_a_resets_first_frame_leaves_the_table_to_load_after_it(tmp_path, monkeypatch):
    """The "Match resumed" notice covers the table: its module (nor the
    screens' helpers) is not loaded before that frame is out, and the table
    is under the notice at once after it."""
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    hand(app, board, ups=3)
    _table_unloaded(monkeypatch)
    seen = []
    show = board.show

    def first_show():
        seen.append([n for n in ("tanteador.screens.table", "tanteador.screens.ui") if n in sys.modules])
        show()

    monkeypatch.setattr(board, "show", first_show)
    board, app = reboot(board)
    assert seen[0] == []
    assert [type(s).__name__ for s in app.stage.stack] == ["Table", "Notice"]
    play(app, board, "BACK")
    assert app.stage.screen.NAME == "table" and "Hand 2" in app.stage.texts


def test_a_resets_first_frame_that_fails_shows_the_error_over_the_table(tmp_path, monkeypatch):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    hand(app, board, ups=3)
    _table_unloaded(monkeypatch)
    failed = []

    def draw(self, app):
        failed.append(self.sid)
        raise ValueError("bad")

    # The class the reboot will find: the app lets go of the screens' modules it does not need.
    notice = importlib.import_module("tanteador.screens.notice")
    monkeypatch.setattr(notice.Notice, "draw", draw)
    board, app = reboot(board)
    assert failed and [s.NAME for s in app.stage.stack] == ["table", "error"]
    monkeypatch.undo()
    play(app, board, "BACK")
    assert app.stage.screen.NAME == "table" and app.stage.match.hands[0].points == (63, 57)
